"""What both Battalia pictures share (board.py: the public board, hand.py: a player's own cards):
the factions' and lands' colours, the factions' names, and the helpers that turn a view's values
(a card's label, a unit or artifact type, a faction) into words in the reader's language.

Colours: the land (terrain) is drawn in light, muted tints and the players' pieces in strong, dark
ones, so a city or hero never melts into the land it stands on (tests keep every pair far apart in
RGB). Game terms come from the game's glossary (`term`); the view's texts are rendered as they come.
"""
from __future__ import annotations

from typing import Any

from PIL import ImageDraw

from engine.battalia.data import GREAT_TYPES, cards
from engine.text import Msg, Seat, from_json, term
from render.common import draw_text, fit_text, text_width, words, wrap_text

GAME = "battalia"
Font = tuple[int, bool]  # (size, bold) of the bundled fonts
RGB = tuple[int, int, int]

# land tints (terrain of a card) and player colours (cities, heroes): every terrain colour stays at least
# MIN_COLOUR_DISTANCE (RGB) from every player colour
TERRAIN = {"G": (140, 195, 105), "B": (135, 180, 225), "R": (215, 130, 115), "Y": (232, 208, 105),
           None: (165, 160, 155)}
FACTION = {"G": (20, 120, 40), "B": (35, 75, 200), "R": (200, 30, 30), "Y": (235, 165, 0), None: (90, 90, 90)}
MIN_COLOUR_DISTANCE = 80
# the factions and their lands as the glossary names them
FACTION_NAME = {"G": "Forest Clan", "B": "Islanders", "R": "Ember Folk", "Y": "Cloud Clan"}
FACTION_SHORT = {"G": Msg("For"), "B": Msg("Isl"), "R": Msg("Emb"), "Y": Msg("Clo")}
TERRAIN_NAME = {"G": "Woods", "B": "Lake", "R": "Canyon", "Y": "Mountains"}
BG = (245, 242, 235)
CARD_BG = (233, 228, 216)
ACTIVE_BG = (250, 236, 190)
INK = (30, 30, 30)
GREY = (75, 75, 75)
WHITE = (255, 255, 255)


def names_for(names, lang: str) -> list[str]:
    """The seats' names to write, "Player N" (in `lang`) where a name is missing."""
    return [str(n) if n else words(Seat(i), lang) for i, n in enumerate(names or [])]


def seat_name(names, seat, lang: str = "en") -> str:
    if isinstance(seat, int):
        return words(Seat(seat), lang, names)
    return "?"


def great_name(t: str) -> str:
    return cards()["great_artifacts"][t]["name"]


def type_term(t: Any) -> Any:
    """A unit, artifact or great artifact type id ("captain", "sword") as the glossary's term."""
    if not isinstance(t, str) or isinstance(t, Msg) or not t:
        return t
    if t in GREAT_TYPES:
        return term(GAME, great_name(t))
    return term(GAME, t.capitalize())


def faction_term(name: Any) -> Any:
    """A faction's name from the view: an engine's term as it is, a plain name looked up."""
    name = from_json(name)
    if isinstance(name, str) and not isinstance(name, Msg) and name:
        return term(GAME, name)
    return name


def card_label(c: dict, lang: str = "en", names=None) -> str:
    """A card's label, in `lang`, without the trailing " [id]"."""
    return words(c["label"], lang, names).rsplit(" [", 1)[0]


def fit(text: str, fnt: Font, width: int) -> str:
    """text cut (with an ellipsis) to fit in width pixels."""
    return fit_text(text, fnt[0], width, fnt[1])


def wrap(text: str, fnt: Font, width: int, indent: str = "") -> list[str]:
    """Whole words (or Chinese characters) per line, measured in pixels; an over-long word is cut."""
    return wrap_text(text, fnt[0], width, fnt[1], indent=indent)


def wrap_items(label: str, items: list[str], fnt: Font, width: int, indent: str = "   ",
               sep: str = " · ") -> list[str]:
    """label followed by items joined with sep, wrapped between items (an item is never split unless
    it alone is too wide)."""
    lines: list[str] = []
    cur = label
    for item in items:
        trial = cur + (sep if cur not in (label, indent) else "") + item
        if text_width(trial, *fnt) <= width or cur in (label, indent):
            cur = trial
        else:
            lines.append(cur.rstrip(" ·" + sep))
            cur = indent + item
    lines.append(cur)
    return [fit(line, fnt, width) for line in lines]


def prefix(label: str) -> str:
    """A label ("Units:", "部隊：") ready to have items follow it: a space after a Latin colon."""
    return label if label.endswith(("：", " ")) else label + " "


def put(d: ImageDraw.ImageDraw, xy: tuple[float, float], words_: str, fnt: Font, fill, anchor: str = "la") -> None:
    draw_text(d, xy, words_, fnt[0], fill, fnt[1], anchor)
