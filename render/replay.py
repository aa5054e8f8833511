"""An animated GIF of a match: the public board before the first move and after every move.

Pure Pillow, no Discord. The GIF must fit in a Discord upload; when it does not, the frames
are scaled down, and only when they would become unreadably small are frames dropped (the
first and last are always kept).
"""
from __future__ import annotations

import io

from PIL import Image, ImageDraw

from render.common import font

SIZE_LIMIT = 8 * 1024 * 1024  # Discord allows 10 MB per upload without boosts; keep a margin
MIN_SCALE = 0.5  # below this a board is no longer readable: drop frames instead
CAPTION_HEIGHT = 28


def _captioned(png: bytes, caption: str) -> Image.Image:
    board = Image.open(io.BytesIO(png)).convert("RGB")
    frame = Image.new("RGB", (board.width, board.height + CAPTION_HEIGHT), "white")
    frame.paste(board, (0, CAPTION_HEIGHT))
    ImageDraw.Draw(frame).text((8, 4), caption, fill="black", font=font(18, True))
    return frame


def _scaled(frames: list[Image.Image], scale: float) -> list[Image.Image]:
    if scale >= 1:
        return frames
    return [f.resize((max(1, int(f.width * scale)), max(1, int(f.height * scale))), Image.BOX) for f in frames]


def _shared_palette(frames: list[Image.Image]) -> Image.Image:
    """One palette for every frame, taken from a sample of the game (start, middle, end).
    With one palette, unchanged pixels stay identical from frame to frame, so the GIF writer
    stores only the changed area of each board; a palette per frame would redraw it all."""
    sample = frames[:: max(1, len(frames) // 8)] + [frames[-1]]
    width, height = frames[0].width, frames[0].height
    montage = Image.new("RGB", (width, height * len(sample)), "white")
    for i, frame in enumerate(sample):
        montage.paste(frame, (0, i * height))
    return montage.quantize(colors=255, method=Image.Quantize.MEDIANCUT)


def _encode(frames: list[Image.Image], scale: float, duration_ms: int) -> bytes:
    frames = _scaled(frames, scale)
    palette = _shared_palette(frames)
    paletted = [f.quantize(palette=palette, dither=Image.Dither.NONE) for f in frames]
    out = io.BytesIO()
    durations = [duration_ms] * (len(paletted) - 1) + [duration_ms * 3]  # linger on the final board
    paletted[0].save(out, format="GIF", save_all=True, append_images=paletted[1:], duration=durations,
                     loop=0, optimize=False, disposal=1)
    return out.getvalue()


def _thin(indices: list[int]) -> list[int]:
    """Every other frame, keeping the first and the last."""
    kept = indices[::2]
    if kept[-1] != indices[-1]:
        kept.append(indices[-1])
    return kept


def animate(boards: list[bytes], *, limit: int = SIZE_LIMIT, duration_ms: int = 900) -> tuple[bytes, int]:
    """PNG boards (the opening one first) -> (GIF bytes, number of frames kept)."""
    if not boards:
        raise ValueError("no boards to animate")
    last = len(boards) - 1
    frames = [_captioned(png, "start" if i == 0 else f"move {i} of {last}") for i, png in enumerate(boards)]
    indices = list(range(len(frames)))
    scale = 1.0
    while True:
        data = _encode([frames[i] for i in indices], scale, duration_ms)
        if len(data) <= limit:
            return data, len(indices)
        # the size goes roughly with the area: aim just under the limit in one step
        wanted = scale * min(0.9, (limit / len(data)) ** 0.5 * 0.95)
        if wanted >= MIN_SCALE:
            scale = wanted
        elif scale > MIN_SCALE:
            scale = MIN_SCALE
        elif len(indices) > 2:
            indices = _thin(indices)
        elif scale > 0.1:  # the last resort: the first and last boards, smaller still
            scale = max(0.1, wanted)
        else:
            raise ValueError("the replay does not fit in an upload even with two tiny frames")
