"""The replay GIF: one frame per turn, on the boards' own dark background with no band of
another colour, under the upload limit (scaled, then thinned), every frame the size of the
largest board, at most MAX_FRAMES boards, and memory that does not grow with the game."""
from __future__ import annotations

import io
import json
import random
import subprocess
import sys
from pathlib import Path
from functools import lru_cache
from itertools import count

import pytest
from PIL import Image, ImageChops, ImageDraw

from engine.battleline import RULES as BATTLELINE
from render import battleline as bl_render
from render.common import font
from render.toolkit import Palette, png as to_png, texts_drawn, unencoded as unencoded_pictures
from engine.registry import get as rules_for
from render import registry as renderers
from render.replay import (CAPTION_HEIGHT, CHAT_TEXT, CHAT_WIDTH, MAX_FRAMES, SIZE_LIMIT, _encoded, animate,
                           caption_band, replay, spread, turn_boards)
from tests import testgame

ROOT = Path(__file__).resolve().parents[2]


def _boards(moves: int) -> list[bytes]:
    rules = testgame.RULES
    state = rules.setup(2, {"hand": moves // 2 + 1}, 7)
    views = [rules.view(state, None)]
    for _ in range(moves):
        seat = next(iter(rules.active_players(state)))
        state, _ = rules.apply(state, seat, rules.legal_actions(state, seat)[0].id)
        views.append(rules.view(state, None))
    return [testgame.render_board(v, ["alice", "bob"]) for v in views]


def frames_of(gif: bytes) -> list[Image.Image]:
    image = Image.open(io.BytesIO(gif))
    frames = []
    for n in range(image.n_frames):
        image.seek(n)
        frames.append(image.convert("RGB"))
    return frames


def mean_difference(a: Image.Image, b: Image.Image) -> float:
    histogram = ImageChops.difference(a.convert("RGB"), b.convert("RGB")).convert("L").histogram()
    return sum(value * n for value, n in enumerate(histogram)) / (a.width * a.height)


def all_near(part: Image.Image, colour: tuple[int, int, int], tolerance: int = 6) -> bool:
    """Every pixel within `tolerance` of `colour` on each channel (the GIF's shared palette
    maps a colour to its nearest entry, not always to itself)."""
    plain = Image.new("RGB", part.size, colour)
    return max(high for _low, high in ImageChops.difference(part.convert("RGB"), plain).getextrema()) <= tolerance


def stream(views: list) -> callable:
    """A view source over a list, as the match service gives one: only the boards asked for."""
    def source(numbers):
        asked.append(list(numbers))
        return ((n, views[n]) for n in numbers)
    asked: list[list[int]] = []
    source.asked = asked
    return source


def fake_views(moves: int):
    """A view source for a long game whose views are made on the fly (nothing is held)."""
    def source(numbers):
        for n in numbers:
            yield n, {"move": n, "moves": moves}
    return source


def growing_board(view: dict) -> bytes:
    """A cheap board that grows as the game goes on, with a red mark in its bottom right corner."""
    n = view["move"]
    width, height = 320 + 40 * (n % 3), 200 + 24 * n
    image = Image.new("RGB", (width, height), (230, 240, 255))
    draw = ImageDraw.Draw(image)
    draw.text((10, 10), f"board {n}", fill="black", font=font(20, True))
    draw.rectangle((width - 12, height - 12, width - 1, height - 1), fill=(220, 0, 0))
    return to_png(image)


def realistic_board(view: dict) -> bytes:
    """A board of the size of a real one (900x700) with a little of everything on it."""
    n, rng = view["move"], random.Random(view["move"])
    image = Image.new("RGB", (900, 700), (245, 240, 225))
    draw = ImageDraw.Draw(image)
    for i in range(9):
        draw.rectangle((20 + 96 * i, 120, 100 + 96 * i, 560), outline="black", width=2,
                       fill=(rng.randrange(256), rng.randrange(256), rng.randrange(256)))
        draw.text((30 + 96 * i, 580), f"flag {i + 1}", fill="black", font=font(18))
    draw.text((20, 20), f"Move {n} of {view['moves']}: somebody plays a card at a flag", fill="black", font=font(24, True))
    draw.ellipse((700, 600, 700 + n % 150, 690), fill=(200, 30, 30))
    return to_png(image)


# ---------------------------------------------------------------------------- the upload limit

def test_one_frame_per_board_under_the_limit():
    gif, kept = animate(_boards(6))
    image = Image.open(io.BytesIO(gif))
    assert kept == 7 and image.n_frames == 7 and len(gif) < SIZE_LIMIT


def test_a_small_limit_scales_down_before_dropping_frames():
    boards = _boards(6)
    full, _ = animate(boards)
    gif, kept = animate(boards, limit=int(len(full) * 0.8))
    image = Image.open(io.BytesIO(gif))
    assert kept == 7 and image.n_frames == 7 and len(gif) <= len(full) * 0.8
    assert image.width < Image.open(io.BytesIO(full)).width


def test_a_tiny_limit_drops_frames_but_keeps_first_and_last():
    boards = _boards(16)
    full, _ = animate(boards)
    gif, kept = animate(boards, limit=len(full) // 12)
    assert 2 <= kept < 17 and Image.open(io.BytesIO(gif)).n_frames == kept and len(gif) <= len(full) // 12


# ---------------------------------------------------------------------------- one canvas

def test_every_frame_is_as_large_as_the_largest_board_and_nothing_is_cut_off():
    views = [{"move": n} for n in range(12)]
    pngs = [growing_board(v) for v in views]
    made = replay(len(views), stream(views), growing_board)
    largest = (max(Image.open(io.BytesIO(p)).width for p in pngs), max(Image.open(io.BytesIO(p)).height for p in pngs))
    frames = frames_of(made.gif)
    assert made.frames == len(frames) == 12 and made.scale == 1
    assert {f.size for f in frames} == {(largest[0], largest[1] + CAPTION_HEIGHT)}
    for frame, png in zip(frames, pngs):
        board = Image.open(io.BytesIO(png)).convert("RGB")
        background = board.getpixel((0, board.height - 1))
        left = (frame.width - board.width) // 2  # a narrower board is centred
        shown = frame.crop((left, CAPTION_HEIGHT, left + board.width, CAPTION_HEIGHT + board.height))
        assert mean_difference(shown, board) < 2, "the whole board, red corner included, is in its frame"
        beside = [frame.crop(box) for box in ((0, CAPTION_HEIGHT, left, frame.height),
                                               (left + board.width, CAPTION_HEIGHT, frame.width, frame.height),
                                               (left, CAPTION_HEIGHT + board.height, left + board.width, frame.height))
                  if box[0] < box[2] and box[1] < box[3]]
        for part in beside:
            assert all_near(part, background), "the boards' own background around a smaller board"


def test_real_battle_line_boards_of_different_heights_share_one_canvas():
    """A Battle Line board grows as formations grow and flags are claimed; the replay's canvas
    is the tallest board drawn, and the final board is there whole."""
    state, rng = BATTLELINE.setup(2, {}, 7), random.Random(7)
    views = [BATTLELINE.view(state, None)]
    while BATTLELINE.result(state) is None:
        seat = min(BATTLELINE.active_players(state))
        state, _ = BATTLELINE.apply(state, seat, BATTLELINE.ai_choose(state, seat, rng.randrange(1 << 30)))
        views.append(BATTLELINE.view(state, None))
    drawn: dict[int, bytes] = {}
    number_of = {id(view): n for n, view in enumerate(views)}

    def render(view):
        png = bl_render.render_board(view, ["alice", "bob"])
        drawn[number_of[id(view)]] = png
        return png
    made = replay(len(views), stream(views), render, max_frames=10)
    sizes = {n: Image.open(io.BytesIO(png)).size for n, png in drawn.items()}
    assert len(set(sizes.values())) > 1, "the boards drawn are not all of one size"
    assert sorted(drawn) == spread(len(views), 10) and 0 in drawn and len(views) - 1 in drawn
    frames = frames_of(made.gif)
    largest = (max(w for w, _h in sizes.values()), max(h for _w, h in sizes.values()))
    assert len(frames) == made.frames == 10
    band = caption_band(largest[0])[1]  # a board wider than a chat shows: a taller caption
    assert {f.size for f in frames} == {(largest[0], largest[1] + band)}
    for frame, number in ((frames[0], 0), (frames[-1], len(views) - 1)):
        board = Image.open(io.BytesIO(drawn[number])).convert("RGB")
        shown = frame.crop((0, band, board.width, band + board.height))
        assert mean_difference(shown, board) < 3, number


def test_a_colourful_board_keeps_its_colours_from_frame_to_frame():
    """Every frame after the first marks unchanged pixels with a palette index of its own: no
    colour of a board may be mapped to it, however many colours the boards have."""
    def render(view):
        image = Image.new("RGB", (256, 192))
        shift = view["move"] * 40
        image.putdata([((x + shift) % 256, (y * 4 + shift) % 256, (x * y) % 256) for y in range(192) for x in range(256)])
        return to_png(image)
    views = [{"move": n} for n in range(5)]
    frames = frames_of(replay(len(views), stream(views), render).gif)
    for frame, view in zip(frames, views):
        board = Image.open(io.BytesIO(render(view))).convert("RGB")
        assert mean_difference(frame.crop((0, CAPTION_HEIGHT, 256, CAPTION_HEIGHT + 192)), board) < 12


# ---------------------------------------------------------------------------- one frame per turn

def test_turn_boards_are_the_opening_each_change_of_owner_and_the_final_board():
    assert turn_boards([0, 0, 1, 1, 1, 0, None]) == [0, 2, 5, 6]
    assert turn_boards([0, 0, 0]) == [0, 2]                  # the final position, same turn
    assert turn_boards([None, None, 1, 0, 0]) == [0, 2, 3, 4]
    assert turn_boards([1]) == [0] and turn_boards([]) == []


def seeded_game(game: str, moves: int, seed: int = 3) -> tuple[list[dict], list]:
    """The public views and each state's moment owner of the first `moves` moves of a seeded
    game of the engine's computer player on two seats."""
    rules = rules_for(game)
    state, rng = rules.setup(2, {}, seed), random.Random(seed)
    views, owners = [rules.view(state, None)], [rules.moment(state).owner]
    while rules.result(state) is None and len(views) <= moves:
        seat = min(rules.active_players(state))
        state, _ = rules.apply(state, seat, rules.ai_choose(state, seat, rng.randrange(1 << 30)))
        views.append(rules.view(state, None))
        owners.append(rules.moment(state).owner)
    return views, owners


@lru_cache(maxsize=None)
def replayed(game: str, moves: int):
    views, owners = seeded_game(game, moves)
    render_board = renderers.get(game).render_board
    drawn: dict[int, bytes] = {}
    number_of = {id(view): n for n, view in enumerate(views)}

    def render(view):
        png = render_board(view, ["alice", "bob"])
        drawn[number_of[id(view)]] = png
        return png
    made = replay(len(views), stream(views), render, turns=turn_boards(owners))
    return views, owners, made, drawn


REPLAYED = [("battleline", 40), ("clash_of_rage", 60)]


@pytest.mark.parametrize("game, moves", REPLAYED)
def test_one_frame_per_turn_of_a_seeded_game(game, moves):
    """A turn ends where the game's moment owner changes (a play and its draw, a move and its
    battle's rolls by the same seat are one turn); the opening and the final board count too."""
    views, owners, made, _drawn = replayed(game, moves)
    changes = sum(1 for a, b in zip(owners, owners[1:]) if a != b)
    turns = 1 + changes + (1 if owners[-1] == owners[-2] else 0)
    assert turns < len(views), "some turns take more than one move"
    assert made.turns == turns and made.frames == turns
    assert Image.open(io.BytesIO(made.gif)).n_frames == turns


@pytest.mark.parametrize("game, moves", REPLAYED)
def test_frames_are_dark_with_no_band_of_another_colour(game, moves):
    views, _owners, made, drawn = replayed(game, moves)
    frames = frames_of(made.gif)
    last = Image.open(io.BytesIO(drawn[len(views) - 1])).convert("RGB")
    top_edge, background = last.getpixel((0, 0)), last.getpixel((0, last.height - 1))
    assert sum(top_edge) < 3 * 100 and sum(background) < 3 * 100, "the boards are dark"
    for frame in (frames[0], frames[len(frames) // 2], frames[-1]):
        top = frame.crop((0, 0, frame.width, 2))
        assert all_near(top, top_edge), "no white band on top: the colour of the board's top edge"
    # no padding band: the last frame ends with the last board's own bottom rows, or with the
    # boards' background colour under a board shorter than the tallest
    frame = frames[-1]
    band = caption_band(frame.width)[1]
    assert frame.height == band + max(Image.open(io.BytesIO(p)).height for p in drawn.values())
    left = (frame.width - last.width) // 2
    bottom = band + last.height
    shown = frame.crop((left, bottom - 12, left + last.width, bottom))
    assert mean_difference(shown, last.crop((0, last.height - 12, last.width, last.height))) < 3
    if bottom < frame.height:
        assert all_near(frame.crop((0, bottom, frame.width, frame.height)), background)


# ---------------------------------------------------------------------------- bounded work

def test_a_long_game_keeps_at_most_max_frames_with_the_first_and_the_last():
    moves = 599
    source, rendered = fake_views(moves), []

    def render(view):
        rendered.append(view["move"])
        return growing_board({"move": view["move"] % 7})
    made = replay(moves + 1, source, render)
    assert made.boards == moves + 1 and made.frames <= MAX_FRAMES
    assert rendered[0] == 0 and rendered[-1] == moves and len(rendered) <= MAX_FRAMES
    assert rendered == sorted(set(rendered)), "each board drawn once, in order"
    assert Image.open(io.BytesIO(made.gif)).n_frames == made.frames


def test_spread_keeps_the_first_and_the_last_and_spaces_the_rest_evenly():
    assert spread(5, 10) == [0, 1, 2, 3, 4]
    picks = spread(1000, 150)
    assert len(picks) == 150 and picks[0] == 0 and picks[-1] == 999
    gaps = {b - a for a, b in zip(picks, picks[1:])}
    assert gaps <= {6, 7}


def test_when_the_time_budget_is_spent_only_the_last_board_is_still_drawn():
    ticks = count()
    rendered = []

    def render(view):
        rendered.append(view["move"])
        return growing_board({"move": view["move"] % 5})
    made = replay(301, fake_views(300), render, budget=10, clock=lambda: float(next(ticks)))
    assert rendered[0] == 0 and rendered[-1] == 300 and len(rendered) < 15
    assert 2 <= made.frames == Image.open(io.BytesIO(made.gif)).n_frames < 15


MEMORY_PROBE = """
import gc, json, resource, sys, tracemalloc
from render.replay import MAX_FRAMES, SIZE_LIMIT, replay
from tests.render.test_replay import fake_views, realistic_board
moves = int(sys.argv[1])
gc.collect()
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
tracemalloc.start()
made = replay(moves + 1, fake_views(moves), realistic_board)
assert made.frames <= MAX_FRAMES and len(made.gif) <= SIZE_LIMIT
print(json.dumps({"traced": tracemalloc.get_traced_memory()[1],
                  "resident": (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) * 1024}))
"""


def _peaks(moves: int) -> dict:
    """In a fresh interpreter: the tracemalloc peak of the replay (Python allocations) and the
    growth of the process's largest resident set (Pillow's image buffers included)."""
    out = subprocess.run([sys.executable, "-c", MEMORY_PROBE, str(moves)], check=True, capture_output=True,
                         text=True, cwd=ROOT)
    return json.loads(out.stdout.strip().splitlines()[-1])


@pytest.mark.slow
@pytest.mark.skipif(sys.platform != "linux", reason="ru_maxrss is in kilobytes on Linux")
def test_memory_does_not_grow_with_the_length_of_the_game():
    """Drawing every board, then animating them all (as replays once did), holds every PNG and
    every frame at once: a 1000-move game took five times the memory of a 200-move one."""
    short, long = _peaks(200), _peaks(1000)
    mib = 2 ** 20
    report = f"200 moves: {short}, 1000 moves: {long}"
    assert long["traced"] < 150 * mib and long["traced"] < 1.5 * short["traced"], report
    assert long["resident"] < 300 * mib and long["resident"] < 1.5 * short["resident"] + 32 * mib, report


# ---------------------------------------------------------------------------- the one pass

GROUND, PANEL, INK, MARK, OTHER_GROUND = (22, 26, 34), (48, 52, 70), (232, 232, 232), (205, 40, 40), (60, 30, 30)
NEAR_INK = (229, 231, 230)  # the nearest two colours of the palette: one of them is given up for "unchanged"
NAMED = [PANEL, INK, MARK, GROUND, OTHER_GROUND, NEAR_INK]  # the ground not first: no default colour
ONE_PALETTE = Image.new("P", (1, 1))  # 256 different colours, as a game's toolkit.Palette has
ONE_PALETTE.putpalette([v for c in (NAMED + [(16 * (i % 16) + 4, 16 * (i // 16) + 4, 100) for i in range(250)])
                        for v in c])


def paletted_board(view: dict) -> Image.Image:
    """A board as the games draw theirs: in one fixed palette of 256 colours, its height
    changing from move to move, every colour of the palette in a strip that moves, a red mark."""
    n = view["move"]
    width, height = view.get("width", 420), 260 + 30 * (n % 4)
    image = Image.new("RGB", (width, height), view.get("ground", GROUND))
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, width - 1, 40), fill=PANEL)
    draw.text((10, 8), f"board {n}", fill=INK, font=font(20, True))
    colours = ONE_PALETTE.getpalette()
    for i in range(256):
        x, y = (i + 7 * n) % 256 + 20, 60 + (i // 64) * 4
        draw.rectangle((x, y + 40, x, y + 43), fill=tuple(colours[3 * i:3 * i + 3]))
    draw.rectangle((20 + 12 * n, 150, 40 + 12 * n, 170), fill=MARK)
    return image.quantize(palette=ONE_PALETTE, dither=Image.Dither.NONE)


def on_the_canvas(frame: Image.Image, board: Image.Image) -> Image.Image:
    left = (frame.width - board.width) // 2
    return frame.crop((left, CAPTION_HEIGHT, left + board.width, CAPTION_HEIGHT + board.height))


def test_unencoded_keeps_the_picture_png_would_encode():
    image = Image.new("RGB", (60, 40), GROUND)
    ImageDraw.Draw(image).text((4, 4), "abc", fill=INK, font=font(16))
    palette = Palette(NAMED)
    encoded = palette.png(image)
    with unencoded_pictures() as kept:
        assert palette.png(image) == b""
    assert kept.picture is not None and kept.picture.mode == "P"
    decoded = Image.open(io.BytesIO(encoded))
    assert kept.picture.tobytes() == decoded.tobytes() and kept.picture.getpalette() == decoded.getpalette()
    assert palette.png(image) == encoded, "outside the block, png encodes as before"


def test_boards_in_one_palette_are_replayed_in_one_pass_index_for_index():
    """Each board drawn once and written at once; the frames show the boards' own colours (all
    but the palette entry given up for "unchanged", shown as its nearest twin), the room under
    a shorter board in its ground colour, on a canvas as tall as the tallest board (the first
    board is shorter: its frame is written again at the final height)."""
    views = [{"move": n} for n in range(9)]
    drawn: list[int] = []

    def render(view):
        drawn.append(view["move"])
        return paletted_board(view)
    made = replay(len(views), stream(views), render)
    assert made.passes == 1 and made.frames == 9 and drawn == list(range(9)), "each board drawn once"
    as_png = replay(len(views), stream(views), lambda view: to_png(paletted_board(view)))
    assert as_png.gif == made.gif, "a board given as its PNG makes the same GIF"
    boards = [paletted_board(v).convert("RGB") for v in views]
    frames = frames_of(made.gif)
    tallest = max(b.height for b in boards)
    assert boards[0].height < tallest and {f.size for f in frames} == {(420, tallest + CAPTION_HEIGHT)}
    shown_as: set[tuple] = set()  # (a board's colour, the colour the frame shows for it) where they differ
    for frame, board in zip(frames, boards):
        shown = on_the_canvas(frame, board)
        shown_as |= {pair for pair in zip(board.get_flattened_data(), shown.get_flattened_data()) if pair[0] != pair[1]}
        if board.height < tallest:
            below = frame.crop((0, CAPTION_HEIGHT + board.height, frame.width, frame.height))
            assert below.getcolors() == [(below.width * below.height, GROUND)], "the ground under a shorter board"
    assert shown_as and len(shown_as) == 1, f"one colour given up, always shown as its nearest: {shown_as}"
    assert {colour for pair in shown_as for colour in pair} == {INK, NEAR_INK}


@pytest.mark.parametrize("change", ["wider", "other palette", "other ground, then taller"])
def test_boards_the_one_pass_cannot_take_are_replayed_in_two(change):
    """A board wider than the first, one in another palette, or one on another ground before a
    taller one: the two passes draw the replay, every frame still showing its whole board."""
    def view_of(n: int) -> dict:
        view = {"move": n}
        if change == "wider" and n == 3:
            view["width"] = 500
        if change == "other ground, then taller" and n == 1:
            view["ground"] = OTHER_GROUND
        return view
    views = [view_of(n) for n in range(6)]

    def render(view):
        picture = paletted_board(view)
        if change == "other palette" and view["move"] == 2:
            return Palette([GROUND, PANEL, INK, MARK, (250, 200, 0)]).png(picture.convert("RGB"))  # another palette
        return picture
    made = replay(len(views), stream(views), render)
    assert made.passes == 2 and made.frames == 6
    frames = frames_of(made.gif)
    for frame, view in zip(frames, views):
        board = Image.open(io.BytesIO(_encoded(render(view)))).convert("RGB")
        assert mean_difference(on_the_canvas(frame, board), board) < 3, view
        if CAPTION_HEIGHT + board.height < frame.height:
            below = frame.crop((0, CAPTION_HEIGHT + board.height, frame.width, frame.height))
            assert all_near(below, board.getpixel((0, board.height - 1))), "the board's own ground under it"


@pytest.mark.parametrize("passes", [1, 2])
@pytest.mark.parametrize("width", [420, 1100, 1200, 1252, 1600])
def test_the_caption_is_as_readable_as_a_board_at_chat_width(width, passes):
    """The caption's text is at least CHAT_TEXT pixels tall when a chat shows the frame CHAT_WIDTH
    wide (the boards' own rule, tests/render/test_*_chat_width.py), and its strip holds it."""
    board = Image.new("RGB", (width, 200), GROUND)
    drawn_as = board.quantize(palette=ONE_PALETTE, dither=Image.Dither.NONE) if passes == 1 else to_png(board)
    with texts_drawn() as drawn:
        made = replay(2, stream([{"move": 0}, {"move": 1}]), lambda view: drawn_as)
    assert made.passes == passes
    captions = [(size, canvas) for words, size, canvas in drawn if words in ("start", "move 1 of 1")]
    assert {words for words, _size, _canvas in drawn} >= {"start", "move 1 of 1"}
    assert all(size * min(1, CHAT_WIDTH / canvas) >= CHAT_TEXT for size, canvas in captions), captions
    size, band = caption_band(width)
    assert band >= size + 8 and Image.open(io.BytesIO(made.gif)).size == (width, 200 + band)
