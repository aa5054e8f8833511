"""An animated GIF of a match: the public board before the first move and at the end of every
turn, and the final position (in a long game, turns spread evenly over it).

A turn is what the game says it is: its `moment(state).owner` (engine.base), the seat whose turn
the moment belongs to. The caller gives the board numbers where it changes (`turn_boards` of the
owners, board by board), so a play and its draw, or a move and its battles' dice, are one frame.

Pure Pillow, no Discord. The memory it takes does not grow with the length of the game:

- at most `MAX_FRAMES` boards are drawn, spread evenly over the turns (the first and the last
  are always among them), and the views arrive one at a time from an iterator;
- the first pass draws each of those boards once and notes its size, so that every frame shares
  one canvas as large as the largest board, in the boards' own dark colours: a board is centred
  across it under its caption, which is written light on the colour of the board's top edge, and
  the room around a smaller board takes the colour of its bottom edge, so there is no band of
  another colour and nothing is ever cropped. The PNGs are kept for the second pass while they fit in `STORE_BUDGET`; beyond it
  they are dropped and drawn again;
- the scale and the number of frames are planned before encoding, from a trial encoding of a
  few frames, so that the GIF fits the upload in one pass; only when the plan proves wrong is
  there one more pass, at a smaller scale or with fewer frames;
- the second pass composes one frame at a time, maps it onto one palette shared by the whole
  GIF and appends it to a GIF written as it goes, storing only the pixels that changed since
  the previous frame.

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
from render.common import draw_text, words

SIZE_LIMIT = 8 * 1024 * 1024  # Discord allows 10 MB per upload without boosts; keep a margin
MIN_SCALE = 0.5  # below this a board is no longer readable: drop frames instead
CAPTION_HEIGHT = 28
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
        fp.write(b"GIF89a" + struct.pack("<HHBBB", size[0], size[1], 0xF7, 0, 0) + palette)
        fp.write(b"!\xff\x0bNETSCAPE2.0\x03\x01" + struct.pack("<H", loop) + b"\x00")

    def add(self, frame: Image.Image, duration_ms: int) -> None:
        for chunk in _frame_chunks(self.previous, frame, duration_ms):
            self.fp.write(chunk)
        self.previous = frame
        self.frames += 1

    def close(self) -> bytes:
        self.fp.write(b";")
        return self.fp.getvalue()


def _frame_chunks(previous: Image.Image | None, frame: Image.Image, duration_ms: int) -> list[bytes]:
    if previous is None:
        return GifImagePlugin.getdata(frame, (0, 0), duration=duration_ms, disposal=1)
    delta = ImageChops.subtract_modulo(frame, previous)  # zero where the palette index is unchanged
    box = delta.getbbox() or (0, 0, 1, 1)
    patch = frame.crop(box)
    patch.paste(TRANSPARENT, mask=delta.crop(box).point([255] + [0] * 255, "1"))
    return GifImagePlugin.getdata(patch, box[:2], duration=duration_ms, disposal=1, transparency=TRANSPARENT)


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


# ---------------------------------------------------------------------------- frames

class _Canvas:
    """Composes frames: a board under its caption on a canvas the size of the largest board, in
    the boards' background colour, scaled, then mapped onto the shared palette."""

    def __init__(self, board_size: tuple[int, int], boards: int, scale: float, lang: str = "en"):
        self.full = (board_size[0], board_size[1] + CAPTION_HEIGHT)
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
        frame, (width, height) = self._frame, self.full
        left = (width - picture.width) // 2
        frame.paste(top, (0, 0, width, CAPTION_HEIGHT))
        frame.paste(picture, (left, CAPTION_HEIGHT))
        if picture.width < width:
            frame.paste(ground, (0, CAPTION_HEIGHT, left, height))
            frame.paste(ground, (left + picture.width, CAPTION_HEIGHT, width, height))
        if CAPTION_HEIGHT + picture.height < height:
            frame.paste(ground, (left, CAPTION_HEIGHT + picture.height, left + picture.width, height))
        del picture
        ink = CAPTION_INK if sum(top[:3]) < 3 * 128 else CAPTION_INK_ON_LIGHT
        draw_text(ImageDraw.Draw(frame), (8, 4), caption(board, self.boards, self.lang), 18, ink, bold=True)
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
        (width, height), left = self.full, (self.full[0] - picture.width) // 2
        frame = Image.new("P", self.full, lut[ground_index])
        frame.paste(picture.point(lut), (left, CAPTION_HEIGHT))
        # the caption as `rgb` writes it: its strip drawn in RGB, then mapped pixel by pixel
        strip = Image.new("RGB", (width, CAPTION_HEIGHT), top)
        ink = CAPTION_INK if sum(top[:3]) < 3 * 128 else CAPTION_INK_ON_LIGHT
        draw_text(ImageDraw.Draw(strip), (8, 4), caption(board, self.boards, self.lang), 18, ink, bold=True)
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

def replay(boards: int, views: ViewSource, render: Callable[[object], bytes], *, limit: int | None = None,
           max_frames: int = MAX_FRAMES, budget: float = TIME_BUDGET,
           clock: Callable[[], float] = time.monotonic, duration_ms: int = DURATION_MS,
           lang: str = "en", turns: Sequence[int] | None = None) -> Replay:
    """The replay of a game of `boards` boards (the opening one and one per move).

    `turns` are the board numbers to show, one per turn (`turn_boards`); the first and the last
    board are always shown; None shows every board. `views(numbers)` yields (board number, view)
    for the given board numbers, in order, one at a time (it may be called twice);
    `render(view)` draws one board as PNG bytes (in `lang`: the caller passes the language to
    its renderer). The captions are written in `lang`. The GIF fits in `limit` bytes (default
    `SIZE_LIMIT`). Blocking: run it in a worker thread."""
    if boards < 1:
        raise ValueError("no boards to animate")
    limit = SIZE_LIMIT if limit is None else limit
    deadline = clock() + budget
    keep = list(range(boards)) if turns is None else sorted({0, boards - 1} | {b for b in turns if 0 <= b < boards})
    wanted = [keep[i] for i in spread(len(keep), max_frames)]
    last = wanted[-1]

    drawn = _Drawn()
    for board, view in views(wanted):
        if board == last:
            drawn.finish(board, render(view))
        elif clock() <= deadline:
            drawn.add(board, render(view))
    if not drawn.boards or drawn.boards[-1] != last:
        raise ValueError("the views ended before the last board")

    encoder = _Encoder(drawn, boards, views, render, limit, deadline, clock, duration_ms, lang)
    scale, count = encoder.plan()
    for _attempt in range(3):
        data, measured = encoder.encode(scale, count)
        if data is not None:
            return Replay(data, measured.frames, boards, scale, len(keep))
        scale, count = encoder.replan(scale, count, measured)
    # the last resort: the first and the last board, smaller and smaller
    scale = min(scale, MIN_SCALE)
    while True:
        data, measured = encoder.encode(scale, 2, abort=False)
        if data is not None and len(data) <= limit:
            return Replay(data, measured.frames, boards, scale, len(keep))
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
