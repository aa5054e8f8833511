"""The drawing toolkit every renderer uses, so pictures are made of parts drawn once.

A board is mostly the same pieces again and again: the same labels, the same card faces,
the same tokens. Drawing a text (FreeType rasterising each glyph) is the bulk of a picture's
cost, so:

- `text(draw, xy, words, font=…, fill=…)` is `ImageDraw.text` with the rasterised mask kept
  (per text, font, anchor and sub-pixel start) and stamped with the fill colour;
- `sprite(key, make)` / `drawn(key, size, draw)` keep any part a renderer draws by itself (a
  card face, a token) per key (the key holds everything the part depends on: its size,
  colours and words); `round_box` (a card, a slot, a panel) and `disc` (a token with a
  label) are the common ones;
- `Palette` is one game's fixed 256-colour palette, made from the renderer's colours and the
  blends antialiasing makes between them, so a picture is mapped to it (a lookup, no
  per-image colour search) and written as an 8-bit PNG.

PNG level: `PNG_LEVEL` was chosen by measurement (`python -m bench.pictures`): on a Battle Line
board (1300×1054, 8-bit) level 1 and level 2 both take 3.7 ms, for 66 KB and 61 KB; level 6
takes 8.7 ms for 48 KB and level 9 53 ms for 42 KB (a Battalia board: 5.0 ms and 85 KB at level
2). Every board stays far under our 300 KB budget at level 2.
"""
from __future__ import annotations

import io
import math
import struct
import threading
import zlib
from contextlib import contextmanager
from collections import OrderedDict
from functools import lru_cache
from typing import Any, Callable, Iterable

from PIL import Image, ImageChops, ImageDraw, ImageFont

RGB = tuple[int, int, int]
PNG_LEVEL = 2
TEXT_CACHE = 4096   # masks kept per worker (a board uses a few hundred; languages and sizes multiply them)
SPRITE_BYTES = 8 * 2**20  # pixels of kept sprites, per process (a worker draws its own matches only). A
# worker drawing 25 matches in turn: 16 MB held 10 MB more for a CPU time within the noise (median 4%
# less), 4 MB 5 MB less for 10-18% more CPU; 48 MB cost 40 MB more for no measurable CPU
SMALL_SPRITE = 12_000  # pixels: a box up to this size is pasted from a sprite (measured: faster below)

_measure = ImageDraw.Draw(Image.new("L", (1, 1)))


# ----------------------------------------------------------------------------- text

@lru_cache(maxsize=TEXT_CACHE)
def _mask(text: str, font: ImageFont.FreeTypeFont, anchor: str, start: tuple[float, float],
          stroke_width: int) -> tuple[Image.Image, int, int] | None:
    """The text's coverage mask (L) and where its top left sits from the anchor point."""
    left, top, right, bottom = _measure.textbbox(start, text, font=font, anchor=anchor, stroke_width=stroke_width)
    left, top = math.floor(left) - 1, math.floor(top) - 1
    width, height = math.ceil(right) - left + 1, math.ceil(bottom) - top + 1
    if width <= 0 or height <= 0:
        return None
    mask = Image.new("L", (width, height), 0)
    ImageDraw.Draw(mask).text((start[0] - left, start[1] - top), text, fill=255, font=font, anchor=anchor,
                              stroke_width=stroke_width, stroke_fill=255)
    return mask, left, top


@contextmanager
def texts_drawn():
    """Record every text drawn inside the block: (words, font size in px, width of the canvas it
    is drawn on), so a test can tell how tall each text shows at chat width. Inside it no kept
    sprite is reused: every part is drawn again, so the texts in it are recorded too."""
    global _DRAWN
    before, _DRAWN = _DRAWN, []
    try:
        yield _DRAWN
    finally:
        _DRAWN = before


_DRAWN: list | None = None


@lru_cache(maxsize=TEXT_CACHE)
def _smeared(text: str, font: ImageFont.FreeTypeFont, anchor: str, start: tuple[float, float],
             smear: int) -> tuple[Image.Image, int, int] | None:
    """The text's mask with the same glyphs again `smear` px to the right, as one mask (what
    stamping the text twice covers: the two coverages screened)."""
    made = _mask(text, font, anchor, start, 0)
    if made is None or smear <= 0:
        return made
    mask, left, top = made
    size = (mask.width + smear, mask.height)
    first, second = Image.new("L", size, 0), Image.new("L", size, 0)
    first.paste(mask, (0, 0))
    second.paste(mask, (smear, 0))
    return ImageChops.screen(first, second), left, top


def text(draw: ImageDraw.ImageDraw, xy: tuple[float, float], words: str, *, font: ImageFont.FreeTypeFont,
         fill: Any, anchor: str | None = None, stroke_width: int = 0, stroke_fill: Any = None,
         smear: int = 0) -> None:
    """`draw.text` with the glyphs rasterised once per text, font, anchor and quarter pixel.
    A stroke in a colour of its own is stamped first, the text over it (as Pillow does). With
    `smear`, the glyphs are drawn again that many px to the right, in one stamp (a bolder look
    for a font with one weight)."""
    if not words:
        return
    if _DRAWN is not None:
        _DRAWN.append((words, font.size, draw.im.size[0]))
    x, y = xy
    ix, iy = math.floor(x), math.floor(y)
    start = (round((x - ix) * 4) / 4, round((y - iy) * 4) / 4)
    anchor = anchor or "la"
    if smear and not stroke_width:
        _stamp(draw, ix, iy, _smeared(words, font, anchor, start, smear), fill)
    elif stroke_width and stroke_fill is not None and stroke_fill != fill:
        _stamp(draw, ix, iy, _mask(words, font, anchor, start, stroke_width), stroke_fill)
        _stamp(draw, ix, iy, _mask(words, font, anchor, start, 0), fill)
    else:
        _stamp(draw, ix, iy, _mask(words, font, anchor, start, stroke_width), fill)


def _stamp(draw: ImageDraw.ImageDraw, x: int, y: int, made, fill) -> None:
    if made is not None:
        mask, left, top = made
        draw.bitmap((x + left, y + top), mask, fill=fill)


# ----------------------------------------------------------------------------- sprites

class Canvas(ImageDraw.ImageDraw):
    """`ImageDraw.Draw` that also knows its picture, so a drawing function given only the
    canvas can paste a sprite on it."""

    def __init__(self, image: Image.Image):
        super().__init__(image)
        self.image = image


def canvas(image: Image.Image) -> Canvas:
    return Canvas(image)


_sprites: OrderedDict[Any, Image.Image] = OrderedDict()
_KEPT_LOCK = threading.Lock()  # guards the kept sprites and PNG bands
_sprite_bytes = 0
# each kept sprite whose pixels are all opaque or all transparent (a box with round corners,
# a token: Pillow's shapes have no soft edge), by the sprite's id and dropped with it: its RGB
# copy and a 1-bit mask of its opaque pixels (None when it has no transparent pixel). Pasted so,
# the sprite is copied where it is opaque instead of blended with what is under it pixel by
# pixel: the same pixels, a quarter of the time of pasting a picture with transparency.
_solid: dict[int, tuple[Image.Image, Image.Image | None]] = {}


def drawn(key: Any, size: tuple[int, int], draw: Callable[[Canvas], None]) -> Image.Image:
    """A sprite of `size` drawn by `draw(canvas)` on a transparent picture, once per `key`."""
    def make() -> Image.Image:
        part = Image.new("RGBA", size, (0, 0, 0, 0))
        draw(canvas(part))
        return part
    return sprite(key, make)


def sprite(key: Any, make: Callable[[], Image.Image]) -> Image.Image:
    """The part `make()` draws, drawn once per `key` (which must name everything it depends on)
    and kept for the next picture; least recently used parts are dropped first, past
    SPRITE_BYTES of pixels."""
    global _sprite_bytes
    if _DRAWN is not None:
        return make()  # texts being recorded (texts_drawn): every part drawn, so its texts are seen
    with _KEPT_LOCK:
        part = _sprites.get(key)
        if part is not None:
            _sprites.move_to_end(key)
            return part
    part = make()
    solid = None
    if part.mode == "RGBA":
        alpha = part.getchannel("A")
        levels = alpha.histogram()
        if not any(levels[1:255]):
            solid = (part.convert("RGB"), alpha.convert("1") if levels[0] else None)
    with _KEPT_LOCK:  # pictures may be drawn in several threads of one process (no render workers)
        if key in _sprites:
            return _sprites[key]
        _sprites[key] = part
        if solid is not None:
            _solid[id(part)] = solid
        _sprite_bytes += _bytes(part)
        while _sprite_bytes > SPRITE_BYTES and len(_sprites) > 1:
            _key, dropped = _sprites.popitem(last=False)
            _sprite_bytes -= _bytes(dropped)
            _solid.pop(id(dropped), None)
    return part


def _bytes(part: Image.Image) -> int:
    return part.width * part.height * (len(part.getbands()) + (4 if id(part) in _solid else 0))


def paste(img: Image.Image | Canvas, part: Image.Image, xy: tuple[int, int]) -> None:
    """Put a sprite on the picture; a sprite with transparency (round corners) keeps what is
    under its transparent pixels."""
    if isinstance(img, Canvas):
        img = img.image
    solid = _solid.get(id(part))
    if solid is not None and img.mode == "RGB":
        img.paste(solid[0], (int(xy[0]), int(xy[1])), solid[1])
    elif part.mode == "RGBA":
        img.paste(part, (int(xy[0]), int(xy[1])), part)
    else:
        img.paste(part, (int(xy[0]), int(xy[1])))


def paste_centred(img: Image.Image | Canvas, part: Image.Image, cx: float, cy: float) -> None:
    """Put a sprite on the picture with its centre at (cx, cy)."""
    paste(img, part, (round(cx - part.width / 2), round(cy - part.height / 2)))


# ----------------------------------------------------------------------------- primitives

def round_box(draw: Canvas, box: tuple[float, float, float, float], radius: int = 0, fill: Any = None,
              outline: Any = None, width: int = 1) -> None:
    """`draw.rounded_rectangle(box, …)` as a kept sprite: the same pixels (Pillow draws its
    corners without antialiasing, so the sprite's edge is all or nothing)."""
    x0, y0, x1, y1 = (int(v) for v in box)
    size = (x1 - x0 + 1, y1 - y0 + 1)
    if size[0] <= 0 or size[1] <= 0:
        return
    if size[0] * size[1] > SMALL_SPRITE:  # a big box is drawn faster than it is pasted
        draw.rounded_rectangle(box, radius=radius, fill=fill, outline=outline, width=width)
        return
    part = drawn(("round_box", size, radius, fill, outline, width), size,
                 lambda c: c.rounded_rectangle((0, 0, size[0] - 1, size[1] - 1), radius=radius, fill=fill,
                                               outline=outline, width=width))
    paste(draw, part, (x0, y0))


def disc(draw: Canvas, centre: tuple[int, int], radius: int, fill: Any, outline: Any = None, width: int = 1,
         label: str = "", font: ImageFont.FreeTypeFont | None = None, ink: Any = None,
         stroke_width: int = 0, stroke_fill: Any = None) -> None:
    """A round token with a centred label (a number, a letter), drawn once per look and pasted."""
    size = (2 * radius + 1, 2 * radius + 1)

    def make(c: Canvas) -> None:
        c.ellipse((0, 0, size[0] - 1, size[1] - 1), fill=fill, outline=outline, width=width)
        if label and font is not None:
            text(c, (radius, radius), label, font=font, fill=ink, anchor="mm", stroke_width=stroke_width,
                 stroke_fill=stroke_fill)
    part = drawn(("disc", radius, fill, outline, width, label, font, ink, stroke_width, stroke_fill), size, make)
    paste(draw, part, (centre[0] - radius, centre[1] - radius))


def star(draw: Canvas, cx: float, cy: float, r: float, fill: Any, outline: Any) -> None:
    """A five-pointed star of outer radius `r` centred on (cx, cy), a point upwards."""
    pts = []
    for i in range(10):
        rr = r if i % 2 == 0 else r * 0.45
        a = -math.pi / 2 + i * math.pi / 5
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    draw.polygon(pts, fill=fill, outline=outline)


# ----------------------------------------------------------------------------- palette

def mix(a: RGB, b: RGB, t: float) -> RGB:
    return tuple(round(a[i] + (b[i] - a[i]) * t) for i in range(3))  # type: ignore[return-value]


def colours_in(*values: Any) -> list[RGB]:
    """Every RGB triple found in `values` (module constants, tables of them), once each, in order."""
    found: dict[RGB, None] = {}

    def walk(value: Any) -> None:
        if isinstance(value, tuple) and len(value) in (3, 4) and all(
                isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 255 for v in value):
            found[tuple(value[:3])] = None  # type: ignore[index]
        elif isinstance(value, (tuple, list, set, frozenset)):
            for v in value:
                walk(v)
        elif isinstance(value, dict):
            for v in value.values():
                walk(v)
    for value in values:
        walk(value)
    return list(found)


class Palette:
    """A fixed palette of at most 256 colours: the renderer's own colours exactly, then the
    blends between them that antialiased edges and text make (`steps` of the way from one
    colour to another), reduced to what is left of the 256 by median cut."""

    def __init__(self, colours: Iterable[RGB], steps: tuple[float, ...] = (0.2, 0.4, 0.6, 0.8)):
        exact = list(dict.fromkeys(tuple(c[:3]) for c in colours))[:256]
        blends = [mix(a, b, t) for i, a in enumerate(exact) for b in exact[i + 1:] for t in steps]
        room = 256 - len(exact)
        chosen: list[RGB] = []
        if blends and room > 0:
            strip = Image.new("RGB", (len(blends), 1))
            strip.putdata(blends)
            reduced = strip.quantize(colors=min(room, len(blends)), method=Image.Quantize.MEDIANCUT,
                                     dither=Image.Dither.NONE)
            flat = reduced.getpalette()[:3 * len(reduced.getcolors(room) or [])]
            chosen = [tuple(flat[i:i + 3]) for i in range(0, len(flat), 3)]  # type: ignore[misc]
        self.colours: list[RGB] = (exact + [c for c in chosen if c not in exact])[:256]
        flat = [v for c in self.colours for v in c]
        self.image = Image.new("P", (1, 1))
        self.image.putpalette(flat + flat[:3] * (256 - len(self.colours)))

    def apply(self, img: Image.Image) -> Image.Image:
        """`img` in this palette: each pixel becomes the nearest palette colour (no dithering)."""
        if img.mode != "RGB":
            img = img.convert("RGB")
        return img.quantize(palette=self.image, dither=Image.Dither.NONE)

    def png(self, img: Image.Image, level: int = PNG_LEVEL) -> bytes:
        return png(self.apply(img), level)


class Unencoded:
    """What `unencoded()` kept: the last picture `png` was given inside the block."""
    picture: Image.Image | None = None


_unencoded = threading.local()


@contextmanager
def unencoded():
    """Inside the block (in this thread) `png` encodes nothing: it keeps the picture it is given,
    which the block's value holds as `.picture` (the last one), and returns b"". A replay
    composes its frames from the boards' pictures themselves: a PNG would be made only to be
    read back (render/replay.py)."""
    before, kept = getattr(_unencoded, "kept", None), Unencoded()
    _unencoded.kept = kept
    try:
        yield kept
    finally:
        _unencoded.kept = before


def png(img: Image.Image, level: int = PNG_LEVEL) -> bytes:
    """`img` as PNG bytes at zlib `level`. An 8-bit palette picture (every board and hand) is
    compressed in bands of `PNG_BAND` rows, each band on its own (the compressor starts afresh
    at each band: a full flush), and each band's compressed bytes are kept per its pixels: the
    next picture of a match repeats most bands (the map, the panels a move left alone), which
    are then not compressed again. The same pixels as Pillow's writer, a few % larger.
    (Inside `unencoded()`: the picture kept, b"" returned.)"""
    kept = getattr(_unencoded, "kept", None)
    if kept is not None:
        kept.picture = img
        return b""
    if img.mode != "P" or img.info.get("transparency") is not None:
        buf = io.BytesIO()
        img.save(buf, format="PNG", compress_level=level)
        return buf.getvalue()
    width, height = img.size
    rows = Image.new("P", (width + 1, height), 0)
    rows.paste(img, (1, 0))  # each row led by a 0: the PNG filter "none"
    raw = rows.tobytes()
    stride = (width + 1) * PNG_BAND
    deflated = [b"\x78\x5e"]  # zlib's header: deflate, 32 KB window
    for start in range(0, len(raw), stride):
        deflated.append(_band(raw[start:start + stride], level, width))
    deflated.append(b"\x03\x00" + struct.pack(">I", zlib.adler32(raw)))  # an empty last block
    palette = bytes((img.getpalette() or [0, 0, 0])[:768])
    return b"".join((b"\x89PNG\r\n\x1a\n", _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)),
                     _chunk(b"PLTE", palette), _chunk(b"IDAT", b"".join(deflated)), _chunk(b"IEND", b"")))


PNG_BAND = 64            # rows compressed together (fewer: more bands kept, larger files)
BAND_BYTES = 4 * 2**20   # compressed bands kept, per process
_bands: OrderedDict[tuple, bytes] = OrderedDict()
_band_bytes = 0


def _band(data: bytes, level: int, width: int) -> bytes:
    """`data` (whole rows) deflated on its own, ending byte-aligned (a full flush), so bands
    join into one stream; kept per its pixels."""
    global _band_bytes
    key = (level, width, len(data), hash(data), zlib.crc32(data))
    with _KEPT_LOCK:
        done = _bands.get(key)
        if done is not None:
            _bands.move_to_end(key)
            return done
    squeeze = zlib.compressobj(level, zlib.DEFLATED, -15, 9)
    done = squeeze.compress(data) + squeeze.flush(zlib.Z_FULL_FLUSH)
    with _KEPT_LOCK:
        if key not in _bands:
            _bands[key] = done
            _band_bytes += len(done)
        while _band_bytes > BAND_BYTES and len(_bands) > 1:
            _key, dropped = _bands.popitem(last=False)
            _band_bytes -= len(dropped)
    return done


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
