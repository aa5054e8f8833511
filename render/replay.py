"""An animated GIF of a match: the public board before the first move and at the end of every
turn, and the final position (in a long game, turns spread evenly over it).

A turn is what the game says it is: its `moment(state).owner` (engine.base), the seat whose turn
the moment belongs to. The caller gives the board numbers where it changes (`turn_boards` of the
owners, board by board), so a play and its draw, or a move and its battles' dice, are one frame.

Pure Pillow, no Discord. The memory it takes does not grow with the length of the game:

- at most `MAX_FRAMES` boards are drawn, spread evenly over the turns (the first and the last
  are always among them), and the views arrive one at a time from an iterator;
- every frame shares one canvas as large as the largest board, in the boards' own dark colours:
  a board is centred across it under its caption, which is written light on the colour of the
  board's top edge, and the room around a smaller board takes the colour of its bottom edge, so
  there is no band of another colour and nothing is ever cropped;
- the one pass (`_Stream`, every shipped game): a game draws all its boards in its one fixed
  palette (toolkit.Palette), which becomes the GIF's; each board's picture, taken before it is
  encoded as a PNG (`unencoded`), goes into its frame index for index (nothing quantized, no
  colour lost but one entry given up for "unchanged") and the frame is written at once as the
  rectangle that changed since the previous one, unchanged pixels transparent. The canvas grows
  with the tallest board so far; the first frame is written again at the end at the final
  height (the rectangles of the later frames hold on any taller canvas);
- the two passes, for boards the one pass cannot take (not paletted, in different palettes, a
  board wider than the first) or a GIF that will not fit in the upload at full size: the first
  pass draws each board and notes its size, keeping the PNGs while they fit in `STORE_BUDGET`
  (beyond it they are dropped and drawn again); the scale and the number of frames are planned
  from a trial encoding of a few frames so that the GIF fits the upload (only when the plan
  proves wrong is there one more pass, at a smaller scale or with fewer frames); the second pass
  composes one frame at a time, maps it onto one palette shared by the whole GIF (taken from a
  few boards) and writes it as the pixels that changed since the previous frame.

A time budget bounds the work: once it is spent, the boards still to come are skipped, except
the last one.

The captions ("move 3 of 40") are written in the language given (`lang`), like the boards.
"""
from __future__ import annotations

import io
import struct
import time
from dataclasses import dataclass
from typing import Callable, Iterable, Iterator, Sequence

from PIL import GifImagePlugin, Image, ImageChops, ImageDraw

from engine.text import Msg
from render import toolkit
from render.common import draw_text, words

SIZE_LIMIT = 8 * 1024 * 1024  # Discord allows 10 MB per upload without boosts; keep a margin
MIN_SCALE = 0.5  # below this a board is no longer readable: drop frames instead
CAPTION_HEIGHT = 28  # the caption's strip: this tall, or taller on a wide canvas (caption_band)
CAPTION_SIZE = 18  # its font size there
CHAT_WIDTH, CHAT_TEXT = 550, 9  # a chat shows a picture this wide; no text under this many pixels there
MAX_FRAMES = 150  # boards drawn at most, whatever the length of the game
TIME_BUDGET = 90.0  # seconds of work for one replay; then only the last board is still drawn
STORE_BUDGET = 48 * 1024 * 1024  # PNG bytes kept between the two passes
DURATION_MS = 900
FILL = 0.92  # aim this far under the limit: the plan is an estimate
TRANSPARENT = 255  # the palette index of "unchanged since the previous frame"
CAPTION_INK = (236, 236, 236)  # the caption, light on a dark board's colour
CAPTION_INK_ON_LIGHT = (24, 24, 24)  # and dark on a light one (a game whose board is light)
TRIAL_RUNS, TRIAL_RUN = 4, 3  # runs of frames encoded (4 of 3 changes each) to estimate a GIF's size
PALETTE_SAMPLES = 4  # boards the shared palette is taken from
PALETTE_PIXELS = 2_000_000  # the palette is taken from at most this many pixels

# (board numbers wanted, in increasing order) -> (board number, view) for those boards only
ViewSource = Callable[[Sequence[int]], Iterable[tuple[int, object]]]


@dataclass(frozen=True)
class Replay:
    gif: bytes
    frames: int  # boards shown
    boards: int  # boards in the game (the opening one and one per move)
    scale: float
    turns: int = 0  # boards that end a turn, the first and the last included (frames wanted)
    passes: int = 1  # 1: each board drawn and written as it came (_Stream); 2: drawn, then written (_Encoder)


def spread(count: int, most: int) -> list[int]:
    """At most `most` of range(count), evenly spread, always with the first and the last."""
    if count <= most:
        return list(range(count))
    if most < 2:
        raise ValueError("a replay keeps at least the first and the last board")
    return sorted({round(i * (count - 1) / (most - 1)) for i in range(most)})


def turn_boards(owners: Iterable) -> list[int]:
    """The boards a replay shows, given the owner of each board's moment (board 0 first): the
    opening board, each board whose owner differs from the one before (the previous owner's
    turn is over: that board shows all of it), and the final board."""
    out: list[int] = []
    previous: object = None
    last = -1
    for number, owner in enumerate(owners):
        if number == 0 or owner != previous:
            out.append(number)
        previous, last = owner, number
    if last > 0 and out[-1] != last:
        out.append(last)
    return out


def caption_band(width: int) -> tuple[int, int]:
    """(font size, height) of the caption's strip on a canvas `width` wide: its text at least
    CHAT_TEXT pixels tall when a chat shows the canvas CHAT_WIDTH wide, like the boards' own."""
    size = max(CAPTION_SIZE, -(-CHAT_TEXT * width // CHAT_WIDTH))
    return size, max(CAPTION_HEIGHT, size + 10)


def _write_caption(image: Image.Image, board: int, boards: int, lang: str, size: int, height: int, ink) -> None:
    draw_text(ImageDraw.Draw(image), (8, (height - size) // 2 - 1), caption(board, boards, lang), size, ink, bold=True)


def caption(board: int, boards: int, lang: str = "en") -> str:
    text = Msg("start") if board == 0 else Msg("move {n} of {total}", n=board, total=boards - 1)
    return words(text, lang)


# ---------------------------------------------------------------------------- the GIF writer

class _GifWriter:
    """An animated GIF written frame by frame: the first frame whole, each later one as the
    rectangle that changed, with the unchanged pixels in it transparent (which compress to
    almost nothing). Every frame must use the shared palette given here."""

    def __init__(self, fp: io.BytesIO, size: tuple[int, int], palette: bytes, loop: int = 0):
        self.fp, self.size, self.frames = fp, size, 0
        self.previous: Image.Image | None = None
        fp.write(_header(size, palette, loop))

    def add(self, frame: Image.Image, duration_ms: int) -> None:
        for chunk in _frame_chunks(self.previous, frame, duration_ms):
            self.fp.write(chunk)
        self.previous = frame
        self.frames += 1

    def close(self) -> bytes:
        self.fp.write(b";")
        return self.fp.getvalue()


def _frame_chunks(previous: Image.Image | None, frame: Image.Image, duration_ms: int,
                  transparent: int = TRANSPARENT) -> list[bytes]:
    """The frame as GIF blocks: whole (the first), else the rectangle that changed since
    `previous` (of the same size), its unchanged pixels the index `transparent`."""
    if previous is None:
        return GifImagePlugin.getdata(frame, (0, 0), duration=duration_ms, disposal=1)
    delta = ImageChops.subtract_modulo(frame, previous)  # zero where the palette index is unchanged
    box = delta.getbbox() or (0, 0, 1, 1)
    patch = frame.crop(box)
    patch.paste(transparent, mask=delta.crop(box).point([255] + [0] * 255, "1"))
    return GifImagePlugin.getdata(patch, box[:2], duration=duration_ms, disposal=1, transparency=transparent)


def _palette(samples: list[Image.Image], background: list[tuple[int, int, int]]) -> Image.Image:
    """One palette for every frame, from a few boards of the game (start, middle, end). With
    one palette an unchanged pixel keeps its index, so a frame stores only what changed."""
    width, height = samples[0].size
    shrink = min(1.0, (PALETTE_PIXELS / (width * height * len(samples))) ** 0.5)
    if shrink < 1:
        size = (max(1, int(width * shrink)), max(1, int(height * shrink)))
        samples = [s.resize(size, Image.Resampling.BOX) for s in samples]
        width, height = size
    montage = Image.new("RGB", (width, height * len(samples)), background[-1])
    for i, sample in enumerate(samples):
        montage.paste(sample, (0, i * height))
    # the background (the boards' top and bottom edges) and the caption's ink, and the boards' own colours
    colours = [c for colour in [*background, CAPTION_INK, CAPTION_INK_ON_LIGHT] for c in colour]
    room = TRANSPARENT - len(colours) // 3
    colours += montage.quantize(colors=room, method=Image.Quantize.MEDIANCUT).getpalette()[:3 * room]
    # pad with copies of the first colour: a copy is never the nearest colour, so no pixel of a
    # frame gets index 255, which the later frames use for "unchanged"
    colours += colours[:3] * (256 - len(colours) // 3)
    palette = Image.new("P", (1, 1))
    palette.putpalette(colours)
    return palette


# ---------------------------------------------------------------------------- the one pass

def unencoded(render_board: Callable[..., bytes]) -> Callable[..., "bytes | Image.Image"]:
    """`render_board` (a drawing module's) giving its picture as drawn, before it is encoded
    (`toolkit.unencoded`): the replay composes its frames from the pictures, a PNG would only
    be read back. A board not written through `toolkit.png` still comes as its bytes."""
    def draw(*args, **kwargs):
        with toolkit.unencoded() as kept:
            data = render_board(*args, **kwargs)
        return kept.picture if not data and kept.picture is not None else data
    return draw


def _opened(picture: "bytes | Image.Image") -> Image.Image:
    if isinstance(picture, Image.Image):
        return picture
    opened = Image.open(io.BytesIO(picture))
    opened.load()
    return opened if opened.mode == "P" else opened.convert("RGB")


def _encoded(picture: "bytes | Image.Image") -> bytes:
    return picture if isinstance(picture, (bytes, bytearray)) else toolkit.png(picture)


def _png(render: Callable[[object], "bytes | Image.Image"]) -> Callable[[object], bytes]:
    return lambda view: _encoded(render(view))


_SPARES: dict[bytes, tuple[int, int]] = {}  # a palette -> (its spare entry, the entry that stands for it)


def _spare(colours: bytes) -> tuple[int, int]:
    """(spare, twin): the entry of a full 256-colour palette given up to mark "unchanged since
    the previous frame", and the entry its pixels take instead: the later of the two nearest
    colours of the palette (a copy, when the palette has one: nothing changes)."""
    if colours not in _SPARES:
        entries = sorted((tuple(colours[3 * i:3 * i + 3]), i) for i in range(256))  # by red, to stop early
        best = (1 << 30, 255, 0)
        for k, ((r, g, b), index) in enumerate(entries):
            for (r2, g2, b2), other in entries[k + 1:]:
                if (r2 - r) ** 2 >= best[0]:
                    break
                distance = (r2 - r) ** 2 + (g2 - g) ** 2 + (b2 - b) ** 2
                if distance < best[0]:
                    best = (distance, max(index, other), min(index, other))
        if len(_SPARES) > 16:
            _SPARES.clear()
        _SPARES[colours] = best[1:]
    return _SPARES[colours]


def _header(size: tuple[int, int], palette: bytes, loop: int = 0) -> bytes:
    return (b"GIF89a" + struct.pack("<HHBBB", size[0], size[1], 0xF7, 0, 0) + palette
            + b"!\xff\x0bNETSCAPE2.0\x03\x01" + struct.pack("<H", loop) + b"\x00")


class _Stream:
    """The one pass: every board composed into its frame and written as it is drawn, nothing
    kept for a second pass. A game draws all its boards in one fixed palette (toolkit.Palette):
    that palette is the GIF's, so a board goes in as it is, index for index (nothing quantized,
    no colour lost), but for one entry given up to mark the unchanged pixels (`_spare`: the
    nearest twin of another). The canvas is as wide as the first board and as tall as the
    tallest so far, a board centred under its caption and the room around it in the colour of
    its bottom edge; the rectangle that changed between two frames is the same on any taller
    canvas (the rows under both boards are the ground in both), so only the first frame is
    written again at the end, at the final height (with the header that gives it).

    `add` says False, and the two passes take over, at a board it cannot take (another
    palette, not paletted, wider than the first, or taller than those before after a board on
    another ground) or once the GIF will not fit in `limit` (the two passes plan a smaller
    scale, or fewer frames)."""

    def __init__(self, count: int, boards: int, limit: int, duration_ms: int, lang: str):
        self.count, self.boards, self.limit, self.duration_ms, self.lang = count, boards, limit, duration_ms, lang
        self.frames, self.done = 0, False
        self.colours = b""  # the boards' palette
        self.width = self.height = 0  # the canvas: the first board's width, the tallest frame's height
        self.ground = 0  # the first board's bottom edge: the room under the boards
        self.mixed = False  # a board's bottom edge was another colour than the first's
        self.lut: list[int] = []  # the boards' indices -> the GIF's (the spare entry to its twin)
        self.spare = TRANSPARENT
        self.band = caption_band(0)  # the caption's font size and height (the first board's width sets them)
        self.palette: Image.Image | None = None  # the GIF's palette, for the captions
        self.first: Image.Image | None = None
        self.first_chunks: list[bytes] = []
        self.previous: Image.Image | None = None
        self.chunks: list[bytes] = []
        self.deltas = 0  # bytes of the frames after the first

    def add(self, board: int, picture: "bytes | Image.Image", *, last: bool = False) -> bool:
        picture = _opened(picture)
        if not self._takes(picture):
            return False
        frame = self._frame(picture, board)
        duration = self.duration_ms * (3 if last else 1)  # linger on the final board
        if self.first is None:
            self.first, self.first_chunks = frame, _frame_chunks(None, frame, duration)
        else:
            previous = self.previous
            if previous.height < frame.height:
                previous = self._taller(previous, frame.height)
            chunks = _frame_chunks(previous, frame, duration, self.spare)
            self.chunks += chunks
            self.deltas += sum(len(c) for c in chunks)
        self.previous, self.frames, self.done = frame, self.frames + 1, last
        return not self._hopeless(last)

    def _takes(self, picture: Image.Image) -> bool:
        if picture.mode != "P" or "transparency" in picture.info or picture.palette is None \
                or picture.palette.mode != "RGB":
            return False
        colours = bytes((picture.getpalette() or [])[:768]).ljust(768, b"\0")
        ground = picture.getpixel((0, picture.height - 1))
        if self.palette is None:
            self.colours, self.width, self.ground = colours, picture.width, ground
            self.band = caption_band(picture.width)
            self.spare, twin = _spare(colours)
            self.lut = list(range(256))
            self.lut[self.spare] = twin
            shown = bytearray(colours)
            shown[3 * self.spare:3 * self.spare + 3] = colours[3 * twin:3 * twin + 3]
            self.palette = Image.new("P", (1, 1))
            self.palette.putpalette(bytes(shown))
            return True
        self.mixed = self.mixed or ground != self.ground
        return colours == self.colours and picture.width <= self.width \
            and not (self.mixed and self.band[1] + picture.height > self.height)

    def _frame(self, picture: Image.Image, board: int) -> Image.Image:
        """The board under its caption, on the GIF's indices."""
        size, band = self.band
        self.height = max(self.height, band + picture.height)
        colours = self.colours
        top, ground = picture.getpixel((0, 0)), picture.getpixel((0, picture.height - 1))
        frame = Image.new("P", (self.width, self.height), self.lut[ground])
        frame.paste(picture.point(self.lut), ((self.width - picture.width) // 2, band))
        top_rgb = tuple(colours[3 * top:3 * top + 3])
        strip = Image.new("RGB", (self.width, band), top_rgb)
        ink = CAPTION_INK if sum(top_rgb) < 3 * 128 else CAPTION_INK_ON_LIGHT
        _write_caption(strip, board, self.boards, self.lang, size, band, ink)
        frame.paste(strip.quantize(palette=self.palette, dither=Image.Dither.NONE).point(self.lut), (0, 0))
        return frame

    def _taller(self, frame: Image.Image, height: int) -> Image.Image:
        """A frame as it shows on a taller canvas: the room under it is the first board's ground."""
        taller = Image.new("P", (frame.width, height), self.lut[self.ground])
        taller.paste(frame, (0, 0))
        return taller

    def _size(self) -> int:
        return 800 + sum(len(c) for c in self.first_chunks) + self.deltas

    def _hopeless(self, last: bool) -> bool:
        size = self._size()
        if size > self.limit:
            return True
        if last or self.frames < max(8, self.count // 4):
            return False
        # after a quarter of the frames, a projection well over the limit
        return size + (self.count - self.frames) * self.deltas / max(1, self.frames - 1) > self.limit * 1.1

    def close(self) -> bytes:
        first = self.first
        if first.height < self.height:
            duration = self.duration_ms * (3 if self.frames == 1 else 1)
            self.first_chunks = _frame_chunks(None, self._taller(first, self.height), duration)
        palette = bytes(self.palette.getpalette()[:768]).ljust(768, b"\0")
        return b"".join([_header((self.width, self.height), palette), *self.first_chunks, *self.chunks, b";"])


# ---------------------------------------------------------------------------- frames

class _Canvas:
    """Composes frames: a board under its caption on a canvas the size of the largest board, in
    the boards' background colour, scaled, then mapped onto the shared palette."""

    def __init__(self, board_size: tuple[int, int], boards: int, scale: float, lang: str = "en"):
        self.band = caption_band(board_size[0])  # the caption's font size and height
        self.full = (board_size[0], board_size[1] + self.band[1])
        self.scale, self.boards, self.lang = scale, boards, lang
        self.size = self.full if scale >= 1 else (max(1, round(self.full[0] * scale)), max(1, round(self.full[1] * scale)))
        self._frame: Image.Image | None = None  # reused from frame to frame

    def rgb(self, png: bytes, board: int) -> Image.Image:
        """The frame in RGB. At full scale this is the canvas itself, redrawn by the next call."""
        with Image.open(io.BytesIO(png)) as opened:
            opened.load()
            picture = opened if opened.mode == "RGB" else opened.convert("RGB")
        # the caption on the colour of the board's top edge, the room around a smaller board in
        # the colour of its bottom edge (a board's header may differ from its background)
        top, ground = picture.getpixel((0, 0)), picture.getpixel((0, picture.height - 1))
        if self._frame is None:
            self._frame = Image.new("RGB", self.full, ground)
        frame, (width, height), (size, band) = self._frame, self.full, self.band
        left = (width - picture.width) // 2
        frame.paste(top, (0, 0, width, band))
        frame.paste(picture, (left, band))
        if picture.width < width:
            frame.paste(ground, (0, band, left, height))
            frame.paste(ground, (left + picture.width, band, width, height))
        if band + picture.height < height:
            frame.paste(ground, (left, band + picture.height, left + picture.width, height))
        del picture
        ink = CAPTION_INK if sum(top[:3]) < 3 * 128 else CAPTION_INK_ON_LIGHT
        _write_caption(frame, board, self.boards, self.lang, size, band, ink)
        if self.size != self.full:
            return frame.resize(self.size, Image.Resampling.BOX)
        return frame

    def paletted(self, png: bytes, board: int, palette: Image.Image) -> Image.Image:
        """The frame on the shared palette. At full scale a paletted board is mapped colour by
        colour (its at most 256 colours looked up once, by the same nearest-colour mapping
        Pillow gives every pixel) and only the caption's strip is mapped pixel by pixel: the same
        indices as mapping the whole RGB frame, for a fraction of the work."""
        if self.size == self.full:
            with Image.open(io.BytesIO(png)) as opened:
                opened.load()
                if opened.mode == "P" and "transparency" not in opened.info and opened.palette is not None \
                        and opened.palette.mode == "RGB":
                    return self._mapped(opened, board, palette)
        return self.rgb(png, board).quantize(palette=palette, dither=Image.Dither.NONE)

    def _mapped(self, picture: Image.Image, board: int, palette: Image.Image) -> Image.Image:
        colours = picture.getpalette() or []
        colours += [0] * (768 - len(colours))
        key = (bytes(palette.getpalette()[:768]), bytes(colours))
        lut = _LUTS.get(key)
        if lut is None:
            swatch = Image.new("RGB", (256, 1))
            swatch.putdata([tuple(colours[i:i + 3]) for i in range(0, 768, 3)])
            lut = list(swatch.quantize(palette=palette, dither=Image.Dither.NONE).tobytes())
            if len(_LUTS) > 64:
                _LUTS.clear()
            _LUTS[key] = lut
        top = tuple(colours[3 * picture.getpixel((0, 0)):3 * picture.getpixel((0, 0)) + 3])
        ground_index = picture.getpixel((0, picture.height - 1))
        (width, height), left, (size, band) = self.full, (self.full[0] - picture.width) // 2, self.band
        frame = Image.new("P", self.full, lut[ground_index])
        frame.paste(picture.point(lut), (left, band))
        # the caption as `rgb` writes it: its strip drawn in RGB, then mapped pixel by pixel
        strip = Image.new("RGB", (width, band), top)
        ink = CAPTION_INK if sum(top[:3]) < 3 * 128 else CAPTION_INK_ON_LIGHT
        _write_caption(strip, board, self.boards, self.lang, size, band, ink)
        frame.paste(strip.quantize(palette=palette, dither=Image.Dither.NONE), (0, 0))
        frame.palette = palette.palette.copy()
        return frame


_LUTS: dict[tuple, list[int]] = {}  # (shared palette, a board's palette) -> the board's indices on the shared one


class _Drawn:
    """The first pass: the boards drawn, their sizes, and their PNGs while they fit the budget
    (the first and the last board's are always kept)."""

    def __init__(self):
        self.boards: list[int] = []  # board numbers drawn, in order
        self.width = self.height = 0
        self.pngs: dict[int, bytes] = {}
        self.stored = 0
        self.complete = True  # every drawn board's PNG is in `pngs`
        self.background: list[tuple[int, int, int]] = []  # the first board's top and bottom edge colours

    def add(self, board: int, png: bytes) -> None:
        with Image.open(io.BytesIO(png)) as opened:  # reads the header only (the first: two pixels)
            width, height = opened.size
            if not self.boards:
                rgb = opened.convert("RGB")
                self.background = [rgb.getpixel((0, 0)), rgb.getpixel((0, height - 1))]
        self.width, self.height = max(self.width, width), max(self.height, height)
        if not self.boards or self.complete:
            self.pngs[board], self.stored = png, self.stored + len(png)
        self.boards.append(board)
        if self.stored > STORE_BUDGET and self.complete:
            first = self.boards[0]
            self.pngs, self.stored, self.complete = {first: self.pngs[first]}, len(self.pngs[first]), False

    def finish(self, board: int, png: bytes) -> None:
        """The last board: always kept."""
        self.add(board, png)
        if board not in self.pngs:
            self.pngs[board], self.stored = png, self.stored + len(png)


# ---------------------------------------------------------------------------- the replay

def replay(boards: int, views: ViewSource, render: Callable[[object], "bytes | Image.Image"], *, limit: int | None = None,
           max_frames: int = MAX_FRAMES, budget: float = TIME_BUDGET,
           clock: Callable[[], float] = time.monotonic, duration_ms: int = DURATION_MS,
           lang: str = "en", turns: Sequence[int] | None = None, one_pass: bool = True) -> Replay:
    """The replay of a game of `boards` boards (the opening one and one per move).

    `turns` are the board numbers to show, one per turn (`turn_boards`); the first and the last
    board are always shown; None shows every board. `views(numbers)` yields (board number, view)
    for the given board numbers, in order, one at a time (it may be called twice);
    `render(view)` draws one board, as PNG bytes or as the picture itself (`unencoded`: a
    paletted image), in `lang` (the caller passes the language to its renderer). The captions
    are written in `lang`. The GIF fits in `limit` bytes (default `SIZE_LIMIT`). `one_pass`
    False: the two passes even where one would do. Blocking: run it in a worker thread."""
    if boards < 1:
        raise ValueError("no boards to animate")
    limit = SIZE_LIMIT if limit is None else limit
    deadline = clock() + budget
    keep = list(range(boards)) if turns is None else sorted({0, boards - 1} | {b for b in turns if 0 <= b < boards})
    wanted = [keep[i] for i in spread(len(keep), max_frames)]
    last = wanted[-1]

    # the one pass (_Stream) while the boards allow it, else the two passes (_Drawn, _Encoder)
    stream = _Stream(len(wanted), boards, limit, duration_ms, lang) if one_pass else None
    as_png = _png(render)
    drawn = _Drawn()
    shown = views(wanted)
    try:
        for board, view in shown:
            if board != last and clock() > deadline:
                continue  # out of time: straight to the last board
            picture = render(view)
            if stream is not None:
                if stream.add(board, picture, last=board == last):
                    continue
                if stream.frames:  # it gave up after writing frames: the two passes from the start
                    return replay(boards, views, as_png, limit=limit, max_frames=max_frames,
                                  budget=max(0.0, deadline - clock()), clock=clock, duration_ms=duration_ms,
                                  lang=lang, turns=turns, one_pass=False)
                stream = None
            (drawn.finish if board == last else drawn.add)(board, _encoded(picture))
    finally:
        getattr(shown, "close", lambda: None)()
    if stream is not None and stream.done:
        return Replay(stream.close(), stream.frames, boards, 1.0, len(keep))
    if not drawn.boards or drawn.boards[-1] != last:
        raise ValueError("the views ended before the last board")

    encoder = _Encoder(drawn, boards, views, as_png, limit, deadline, clock, duration_ms, lang)
    scale, count = encoder.plan()
    for _attempt in range(3):
        data, measured = encoder.encode(scale, count)
        if data is not None:
            return Replay(data, measured.frames, boards, scale, len(keep), 2)
        scale, count = encoder.replan(scale, count, measured)
    # the last resort: the first and the last board, smaller and smaller
    scale = min(scale, MIN_SCALE)
    while True:
        data, measured = encoder.encode(scale, 2, abort=False)
        if data is not None and len(data) <= limit:
            return Replay(data, measured.frames, boards, scale, len(keep), 2)
        if scale <= 0.1:
            raise ValueError("the replay does not fit in an upload even with two tiny frames")
        scale = max(0.1, scale * min(0.9, (limit / measured.size) ** 0.5 * 0.95))


@dataclass
class _Measured:
    first: int = 0  # bytes of the header and the first frame
    deltas: int = 0  # bytes of the later frames
    frames: int = 0
    size: int = 0

    @property
    def per_frame(self) -> float:
        return self.deltas / (self.frames - 1) if self.frames > 1 else 0.0

    def total(self, count: int) -> float:
        return self.first + (count - 1) * self.per_frame


class _Encoder:
    def __init__(self, drawn: _Drawn, boards: int, views: ViewSource, render, limit: int, deadline: float,
                 clock, duration_ms: int, lang: str = "en"):
        self.drawn, self.boards, self.views, self.render, self.lang = drawn, boards, views, render, lang
        self.limit, self.deadline, self.clock, self.duration_ms = limit, deadline, clock, duration_ms
        self._palettes: dict[float, Image.Image] = {}

    def picks(self, count: int) -> list[int]:
        """The board numbers of `count` frames spread over the drawn boards."""
        return [self.drawn.boards[i] for i in spread(len(self.drawn.boards), count)]

    def canvas(self, scale: float) -> _Canvas:
        return _Canvas((self.drawn.width, self.drawn.height), self.boards, scale, self.lang)

    def palette(self, scale: float) -> Image.Image:
        if scale not in self._palettes:
            canvas, stored = self.canvas(scale), sorted(self.drawn.pngs)
            chosen = [stored[i] for i in spread(len(stored), PALETTE_SAMPLES)]
            self._palettes = {scale: _palette([canvas.rgb(self.drawn.pngs[b], b).copy() for b in chosen],
                                              self.drawn.background)}
        return self._palettes[scale]

    # ---- the plan: a trial encoding of a few frames, scaled by area

    def trial(self, scale: float, count: int) -> _Measured:
        """The first frame, and a few short runs of frames spread over the game, encoded as the
        GIF would have them at this scale with this many frames. (Runs, not single changes:
        moves often alternate between small and large changes, a card played then drawn.)"""
        canvas, palette, pngs = self.canvas(scale), self.palette(scale), self.drawn.pngs
        picks = self.picks(count)
        measured = _Measured(frames=1)
        first = canvas.paletted(pngs[picks[0]], picks[0], palette)
        measured.first = 800 + sum(len(c) for c in _frame_chunks(None, first, self.duration_ms))
        run = min(TRIAL_RUN, len(picks) - 1)
        starts = {round(k * (len(picks) - 1 - run) / (TRIAL_RUNS - 1)) for k in range(TRIAL_RUNS)} if run else set()
        for start in sorted(starts):
            boards = picks[start:start + run + 1]
            if not all(b in pngs for b in boards):
                continue
            before = first if start == 0 else canvas.paletted(pngs[boards[0]], boards[0], palette)
            for board in boards[1:]:
                after = canvas.paletted(pngs[board], board, palette)
                measured.deltas += sum(len(c) for c in _frame_chunks(before, after, self.duration_ms))
                measured.frames += 1
                before = after
        if measured.frames == 1 and count > 1:  # nothing to compare (boards not kept): guess
            measured.deltas, measured.frames = measured.first // 3, 2
        return measured

    def plan(self) -> tuple[float, int]:
        count = len(self.drawn.boards)
        scale = 1.0
        for _step in range(6):
            estimate = self.trial(scale, count)
            scale, count, done = self._fit(scale, count, estimate)
            if done:
                break
        return scale, count

    def replan(self, scale: float, count: int, measured: _Measured) -> tuple[float, int]:
        scale, count, _done = self._fit(scale, count, measured, margin=0.95)
        return scale, count

    def _fit(self, scale: float, count: int, measured: _Measured, margin: float = 1.0) -> tuple[float, int, bool]:
        """(scale, frames, whether the estimate already fits): smaller first, fewer frames only
        at the smallest readable scale."""
        target = self.limit * FILL * margin
        total = measured.total(count)
        if total <= target:
            return scale, count, True
        wanted = scale * (target / total) ** 0.5 * 0.97  # the size goes roughly with the area
        if wanted >= MIN_SCALE:
            return wanted, count, False
        if scale > MIN_SCALE:
            return MIN_SCALE, count, False
        per_frame = measured.per_frame or measured.first
        fewer = int((target - measured.first) / per_frame) + 1 if target > measured.first else 2
        return scale, max(2, min(count - 1, fewer)), count <= 2

    # ---- the second pass

    def _boards(self, picks: list[int]) -> Iterator[tuple[int, bytes]]:
        """(board number, PNG) of the picked boards, one at a time, drawn again when not kept."""
        pngs = self.drawn.pngs
        if all(b in pngs for b in picks):
            yield from ((b, pngs[b]) for b in picks)
            return
        for board, view in self.views(picks):
            yield board, pngs[board] if board in pngs else self.render(view)

    def encode(self, scale: float, count: int, *, abort: bool = True) -> tuple[bytes | None, _Measured]:
        """The GIF, or None (with what was measured) once it is clear it will not fit."""
        canvas, palette = self.canvas(scale), self.palette(scale)
        picks = self.picks(count)
        last, measured, out = picks[-1], _Measured(), io.BytesIO()
        writer = _GifWriter(out, canvas.size, bytes(palette.getpalette()[:768]))
        for board, png in self._boards(picks):
            if board != last and writer.frames and self.clock() > self.deadline:
                continue  # out of time: straight to the last board
            frame = canvas.paletted(png, board, palette)
            writer.add(frame, self.duration_ms * (3 if board == last else 1))  # linger on the final board
            del frame
            written = out.tell()
            if writer.frames == 1:
                measured.first = written
            measured.frames, measured.deltas, measured.size = writer.frames, written - measured.first, written
            if abort and board != last and self._hopeless(measured, len(picks)):
                return None, measured
        data = writer.close()
        measured.size = len(data)
        return (data if len(data) <= self.limit else None), measured

    def _hopeless(self, measured: _Measured, count: int) -> bool:
        if measured.size > self.limit:
            return True
        # after a quarter of the frames, a projection well over the limit
        return measured.frames >= max(8, count // 4) and measured.total(count) > self.limit * 1.1


def animate(boards: list[bytes], *, limit: int | None = None, duration_ms: int = DURATION_MS,
            max_frames: int = MAX_FRAMES, lang: str = "en", turns: Sequence[int] | None = None) -> tuple[bytes, int]:
    """PNG boards already drawn (the opening one first) -> (GIF bytes, number of frames kept)."""
    made = replay(len(boards), lambda numbers: ((n, boards[n]) for n in numbers), lambda png: png,
                  limit=limit, max_frames=max_frames, duration_ms=duration_ms, lang=lang, turns=turns)
    return made.gif, made.frames
