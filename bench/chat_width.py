"""How every game's pictures read at chat width: Discord shows a posted picture about 550 px
wide, so a text drawn `size` px tall on a picture `width` px wide shows size × 550 / width px
tall. For late-game boards and hands (bench/late.py states; 2 and 4 players where the game
allows; English and Traditional Chinese) it prints the picture's size, its aspect (height /
width) and the smallest text at 550 px with the share of texts under 9 px.

Run from the project root: `python -m bench.chat_width [--games a,b] [--seeds N] [--save DIR]`
(`--save`: each board also written to DIR as Discord shows it, 550 px wide).
The tests of each renderer use `measure` to hold their pictures to the same rules."""
from __future__ import annotations

import argparse
import io
from dataclasses import dataclass
from pathlib import Path

from PIL import Image

from bench import late
from engine.registry import get as rules_for
from render import registry as renderers
from render import toolkit

CHAT_WIDTH = 550      # px: how wide Discord shows a posted picture
SMALLEST = 9          # px: the least a text may show at chat width
MAX_ASPECT = 1.35     # height / width of a main board
GAMES = ("battleline", "battalia", "skytear", "clash_of_rage", "civilization")
NAMES = ["Alice", "Bob", "Chandra", "Dmitri"]
LANGS = ("en", "zh-TW")
SEED = 20240601


@dataclass
class Reading:
    width: int
    height: int
    texts: list          # (words, px at chat width)

    @property
    def aspect(self) -> float:
        return self.height / self.width

    @property
    def smallest(self) -> float:
        return min((px for _w, px in self.texts), default=float("inf"))

    def under(self, px: float = SMALLEST) -> list:
        return [(w, round(size, 1)) for w, size in self.texts if size < px]


def measure(render, view, names: list[str], lang: str) -> Reading:
    """Draw one picture and read every text on it at chat width (texts drawn on a canvas of
    another width, e.g. a part pasted in, are scaled by that canvas against the picture)."""
    with toolkit.texts_drawn() as drawn:
        png = render(view, names, lang)
    width, height = Image.open(io.BytesIO(png)).size
    shown = CHAT_WIDTH / width
    texts = [(words, size * shown * min(1.0, width / canvas) if canvas > width else size * shown)
             for words, size, canvas in drawn]
    return Reading(width, height, texts)


def save_at_chat_width(png: bytes, path: Path) -> None:
    """The picture as a chat shows it: scaled to 550 px wide."""
    img = Image.open(io.BytesIO(png)).convert("RGB")
    path.parent.mkdir(parents=True, exist_ok=True)
    img.resize((CHAT_WIDTH, round(img.height * CHAT_WIDTH / img.width)), Image.LANCZOS).save(path, optimize=True)


def player_counts(game: str) -> list[int]:
    rules = rules_for(game)
    return sorted({max(rules.min_players, 2), min(rules.max_players, 4)})


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Pictures at chat width: aspect and the smallest text.")
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--seeds", type=int, default=1)
    parser.add_argument("--save", default="", help="write each board, 550 px wide, to this directory")
    args = parser.parse_args(argv)
    print(f"bench.chat_width: texts at {CHAT_WIDTH} px wide (rule: every text ≥ {SMALLEST} px; a board's "
          f"height / width ≤ {MAX_ASPECT})")
    print(f"{'picture':<40} {'size':>10} {'h/w':>5} {'smallest':>8} {'under 9':>8}  smallest texts")
    for game in [g for g in args.games.split(",") if g]:
        rules, module = rules_for(game), renderers.get(game)
        for players in player_counts(game):
            for i in range(args.seeds):
                state = late.late_game(game, players, SEED + i).state
                seat = min(rules.active_players(state) or {0})
                for kind, view, render in (("board", rules.view(state, None), module.render_board),
                                           ("hand", rules.view(state, seat), module.render_hand)):
                    for lang in LANGS:
                        r = measure(render, view, NAMES[:players], lang)
                        if args.save and kind == "board" and i == 0:
                            save_at_chat_width(render(view, NAMES[:players], lang),
                                               Path(args.save) / f"{game}-{players}p-{lang}-550.png")
                        worst = sorted(r.under(), key=lambda t: t[1])[:3]
                        share = len(r.under()) / max(1, len(r.texts))
                        label = f"{game} {kind} {players}p {lang}"
                        print(f"{label:<40} {r.width:>4}×{r.height:<5} {r.aspect:5.2f} {r.smallest:8.1f} "
                              f"{share:8.0%}  {worst}", flush=True)


if __name__ == "__main__":
    main()
