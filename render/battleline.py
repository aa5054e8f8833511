"""Battle Line pictures: the public board and a player's private hand.

Both functions take the engine's view dict (see engine/battleline), the seats' display
names and the reader's language, and return PNG bytes. The board is drawn only from public
keys: it never reads `hand` or `scout`, so the channel image cannot leak hidden cards.

Every word is drawn in the reader's language: the picture's own labels are `Msg`s here (the
"pictures" catalogue), the view's texts (card names, labels, log lines, the result's reason)
are rendered as they come, and game terms (card names, formations, colours) come from the
game's glossary. Player names may be in any script; they are cut to fit their box.

Colour is never the only cue: every troop card also carries its colour's initial (the first
letter, or character, of the colour's name) and a shape (R●  B■  G▲  Y★  O◆  P✚), and every
seat its name, so colour-blind players can read the board.
"""
from __future__ import annotations

import re
from typing import Any

from PIL import Image, ImageDraw

from engine.text import Msg, Seat, from_json, term
from render import toolkit
from render.common import draw_text, fit_text, font, text_width, words, wrap_text

GAME = "battleline"

RGB = tuple[int, int, int]

# ---------------------------------------------------------------------------- palette

BACKGROUND: RGB = (34, 38, 46)
PANEL: RGB = (46, 51, 61)
SLOT_EMPTY: RGB = (58, 64, 76)
SLOT_OUTLINE: RGB = (78, 86, 100)
TEXT: RGB = (236, 238, 242)
TEXT_DIM: RGB = (160, 167, 180)
GOLD: RGB = (245, 196, 48)
TACTIC_FACE: RGB = (246, 239, 220)
TACTIC_INK: RGB = (40, 34, 28)
CARD_BACK: RGB = (92, 62, 40)

# fill, ink (text on that fill), English initial, shape glyph; the initial drawn is the first
# character of the colour's name in the reader's language (R, or 紅)
CARD_COLOURS: dict[str, tuple[RGB, RGB, str, str]] = {
    "red": ((204, 43, 43), (255, 255, 255), "R", "●"),
    "blue": ((33, 96, 200), (255, 255, 255), "B", "■"),
    "green": ((36, 138, 66), (255, 255, 255), "G", "▲"),
    "yellow": ((242, 201, 30), (30, 30, 30), "Y", "★"),
    "orange": ((240, 128, 24), (30, 30, 30), "O", "◆"),
    "purple": ((124, 64, 168), (255, 255, 255), "P", "✚"),
}
UNKNOWN_COLOUR = ((120, 120, 120), (255, 255, 255), "?", "?")
# the colours as the glossary names them
COLOUR_TERMS = {"red": "Red", "blue": "Blue", "green": "Green", "yellow": "Yellow", "orange": "Orange",
                "purple": "Purple"}

# Seat colours are chosen away from the six card hues so a claimed flag is not mistaken
# for a card colour; the seat name is always written next to them as well.
SEAT_COLOURS: list[RGB] = [(0, 170, 170), (232, 84, 160), (150, 200, 60)]

# category stripe on tactics cards
CATEGORY_COLOURS: dict[str, RGB] = {
    "morale": (201, 150, 20),
    "environment": (90, 110, 140),
    "guile": (150, 70, 50),
}

# short text for the small board tiles (and the name on a hand card), longer text for the hand
TACTIC_SHORT: dict[str, tuple[Msg, Msg]] = {
    "T-ALEX": (Msg("ALEX"), Msg("Leader")),
    "T-DARIUS": (Msg("DARIUS"), Msg("Leader")),
    "T-CC": (Msg("CC"), Msg("Cavalry 8")),
    "T-SB": (Msg("SB"), Msg("Shield 1-3")),
    "T-FOG": (Msg("FOG"), Msg("sum only")),
    "T-MUD": (Msg("MUD"), Msg("4 cards")),
    "T-SCOUT": (Msg("SCOUT"), Msg("guile")),
    "T-REDEPLOY": (Msg("REDEPLOY"), Msg("guile")),
    "T-DESERTER": (Msg("DESERTER"), Msg("guile")),
    "T-TRAITOR": (Msg("TRAITOR"), Msg("guile")),
}
TACTIC_EFFECT: dict[str, Msg] = {
    "T-ALEX": Msg("Wild: any colour, any value. One Leader per player."),
    "T-DARIUS": Msg("Wild: any colour, any value. One Leader per player."),
    "T-CC": Msg("Counts as an 8 of any colour."),
    "T-SB": Msg("Counts as a 1, 2 or 3 of any colour."),
    "T-FOG": Msg("At this flag only the sum counts."),
    "T-MUD": Msg("This flag needs 4-card formations."),
    "T-SCOUT": Msg("Draw 3, then put 2 back on the decks."),
    "T-REDEPLOY": Msg("Move or discard one of your own cards."),
    "T-DESERTER": Msg("Discard one opposing card."),
    "T-TRAITOR": Msg("Take an opposing troop card to your side."),
}
CATEGORY_NAMES = {"morale": Msg("MORALE"), "environment": Msg("ENVIRONMENT"), "guile": Msg("GUILE")}
# unit names as the source spells them (spec 2.2), so the picture matches the rules text
UNIT_NAMES = {10: "Elephants", 9: "Chariots", 8: "Heavy Cavalry", 7: "Light Cavalry",
              6: "Hypaspists", 5: "Phalangists", 4: "Hoplites", 3: "Javalineers",
              2: "Peltasts", 1: "Skirmishers"}

VARIANT_NAMES = {"standard": Msg("Standard claims"), "advanced": Msg("Advanced: claim at turn start"),
                 "endclaim": Msg("Claims at turn end")}
STEP_TEXT = {"play": Msg("play a card"), "claim": Msg("claim flags"), "draw": Msg("draw a card"),
             "scout_draw": Msg("Scout: drawing"), "scout_return": Msg("Scout: put 2 back"),
             "mud_discard": Msg("discard (Mud left)"), "over": Msg("game over")}
# formation names shortened so they fit under a card column
FORMATION_SHORT = {"Battalion Order": Msg("Battalion"), "Skirmish Line": Msg("Skirmish")}
# why a card lies on the discard pile, for an engine that writes it as a plain word
DISCARD_CAUSES = {"used": Msg("used"), "Mud removed": Msg("Mud removed")}
DECK_NAMES = {"troop": Msg("troop"), "tactics": Msg("tactics")}

# ---------------------------------------------------------------------------- geometry

# Discord shows a picture about 550 px wide: the board (at most 1264 px wide) draws no text
# under SMALL px, so every text shows at least 9 px tall there; the hand (at most 834 px wide)
# none under HAND_SMALL.
SMALL = 21
HAND_SMALL = 14
MARGIN = 14
COL_W = 136            # one flag column
TILE_W, TILE_H = 122, 58
TILE_GAP = 5
FORMATION_LINE = 24    # one row of text under (or over) a side
# under (or over) a side: "Wedge 24", then "completed 1st" (two rows where it must wrap; kept in
# every language, so a picture is the same size in all of them)
FORMATION_H = 3 * FORMATION_LINE + 14
NAME_TAG_H = 30        # 3 players: the seat name bar at the outer end of each side
FLAG_H = 120           # the flag marker zone between the two sides
LANE_H = 40            # top and bottom lanes of the flag zone (claimed marker, Fog/Mud)
LINE_GAP = 6           # 3-player: space between the three lines
HEADER_H = 92
PANEL_H = 74           # 2 players: name (and what can be claimed), then the counts
COMPACT_PANEL_H = 70   # 3 players: the same in a third of the width
BANNER_H = 78          # the result banner shown under the header once the game is over
MAX_PNG_BYTES = 300_000

# ---------------------------------------------------------------------------- helpers


def _mix(a: RGB, b: RGB, t: float) -> RGB:
    """`a` moved a fraction `t` toward `b` (used instead of alpha so drawing stays RGB)."""
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t),
            round(a[2] + (b[2] - a[2]) * t))


def _text_w(text: str, size: int, bold: bool = False) -> int:
    return round(text_width(text, size, bold))


def _fit(text: str, max_w: int, size: int, bold: bool = False, min_size: int = SMALL) -> tuple[str, int]:
    """Shrink the font down to `min_size`, then cut the text with an ellipsis, until it fits."""
    while size > min_size and _text_w(text, size, bold) > max_w:
        size -= 1
    if _text_w(text, size, bold) <= max_w:
        return text, size
    return fit_text(text, size, max_w, bold), size


def _draw_fit(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, max_w: int, size: int,
              fill: RGB, bold: bool = False, anchor: str = "lm", min_size: int = SMALL) -> int:
    """Draw `text` shrunk to fit `max_w` (a bold text that would be cut is drawn plain if that
    fits); return the drawn width."""
    if bold and _text_w(text, min_size, True) > max_w and _text_w(text, min_size) <= max_w:
        bold = False
    text, size = _fit(text, max_w, size, bold, min_size)
    draw_text(draw, xy, text, size, fill, bold, anchor)
    return _text_w(text, size, bold)


def _names(names: list[str] | None, lang: str) -> list[str]:
    """The seats' names to write, "Player N" (in `lang`) where a name is missing."""
    return [str(n) if n else words(Seat(i), lang) for i, n in enumerate(names or [])]


def _name(names: list[str], seat: Any, lang: str = "en") -> str:
    if isinstance(seat, int):
        return words(Seat(seat), lang, names)
    return "?"


def _term(text: Any) -> Any:
    """A game term of the view: a `Msg` (or its JSON form) as it is; a plain English word, as
    an engine that does not mark its terms writes them, looked up in the glossary."""
    text = from_json(text)
    if isinstance(text, str) and not isinstance(text, Msg) and text:
        return term(GAME, text)
    return text


def _english(text: Any) -> str:
    """The English of a view's text (a `Msg` is its English; the JSON form is made one)."""
    text = from_json(text)
    return "" if text is None else str(text)


def _initial(colour: Any, lang: str) -> str:
    """The mark of a colour on a troop card: the first character of its name in `lang`."""
    english = COLOUR_TERMS.get(str(colour).lower())
    if english is None:
        return _colour_info(colour)[2]
    return (words(term(GAME, english), lang) or english)[:1].upper()


def _seat_colour(seat: Any) -> RGB:
    if isinstance(seat, int) and 0 <= seat < len(SEAT_COLOURS):
        return SEAT_COLOURS[seat]
    return TEXT_DIM


def _colour_info(colour: Any) -> tuple[RGB, RGB, str, str]:
    return CARD_COLOURS.get(str(colour).lower(), UNKNOWN_COLOUR)


_WILD_RE = re.compile(r"^\s*(red|blue|green|yellow|orange|purple)\s*[-_ ]?\s*(\d{1,2})\s*$", re.I)


def _parse_identity(text: Any) -> tuple[str, int] | None:
    """A wild card's counted identity ("red7" or "Red 7", or a text whose English is that) as
    (colour, value), if recognisable."""
    if isinstance(text, dict):
        text = _english(text)
    if not isinstance(text, str):
        return None
    m = _WILD_RE.match(text)
    return (m.group(1).lower(), int(m.group(2))) if m else None


def _is_troop(card: dict) -> bool:
    return card.get("kind") == "troop" or ("color" in card and "value" in card)


def _palette() -> toolkit.Palette:
    """The fixed palette: every colour above, the tints the drawing mixes from them, and the
    blends between them that antialiasing makes."""
    base = toolkit.colours_in(BACKGROUND, PANEL, SLOT_EMPTY, SLOT_OUTLINE, TEXT, TEXT_DIM, GOLD, TACTIC_FACE,
                          TACTIC_INK, CARD_BACK, CARD_COLOURS, UNKNOWN_COLOUR, SEAT_COLOURS, CATEGORY_COLOURS,
                          (0, 0, 0), (255, 255, 255), (30, 30, 30))
    tints = [_mix(fill, (0, 0, 0), 0.45) for fill, *_ in [*CARD_COLOURS.values(), UNKNOWN_COLOUR]]
    tints += [_mix(TACTIC_INK, TACTIC_FACE, t) for t in (0.2, 0.25)]
    tints += [_mix(GOLD, BACKGROUND, 0.15), _mix(BACKGROUND, GOLD, 0.10), _mix(BACKGROUND, SLOT_OUTLINE, 0.6),
              _mix(BACKGROUND, SLOT_EMPTY, 0.5), _mix(CARD_BACK, (0, 0, 0), 0.3)]
    for colour in [*SEAT_COLOURS, TEXT_DIM]:
        tints += [_mix(PANEL, colour, t) for t in (0.06, 0.18)] + [_mix(BACKGROUND, colour, t) for t in (0.14, 0.45)]
    return toolkit.Palette(base + tints)


PALETTE = _palette()


def _quantized_png(img: Image.Image) -> bytes:
    """Palette PNG: the pictures are flat colours plus text antialiasing, so the game's fixed
    256 colours lose nothing visible; mapping to a fixed palette costs a lookup per pixel."""
    return PALETTE.png(img)


# ---------------------------------------------------------------------------- card tiles


def _draw_troop_tile(draw: toolkit.Canvas, x: int, y: int, w: int, h: int, colour: str,
                     value: Any, big: bool = False, lang: str = "en") -> None:
    """A troop card's face, drawn once per size, colour, value and language and pasted."""
    face = toolkit.drawn(("troop", str(colour), str(value), w, h, big, lang), (w, h),
                     lambda part: _troop_face(part, 0, 0, w, h, colour, value, big, lang))
    toolkit.paste(draw, face, (x, y))


def _troop_face(draw: ImageDraw.ImageDraw, x: int, y: int, w: int, h: int, colour: str,
                value: Any, big: bool = False, lang: str = "en") -> None:
    fill, ink, _, shape = _colour_info(colour)
    initial = _initial(colour, lang)
    radius = max(4, h // 8)
    toolkit.round_box(draw, (x, y, x + w - 1, y + h - 1), radius=radius, fill=fill,
                           outline=_mix(fill, (0, 0, 0), 0.45), width=2)
    value_text = str(value)
    if big:
        # hand card: value in the centre, initial + shape in two corners
        toolkit.text(draw, (x + w // 2, y + h // 2 - 6), value_text, font=font(int(h * 0.38), True),
                  fill=ink, anchor="mm")
        corner = max(18, h // 9)
        draw_text(draw, (x + 10, y + 8), initial, corner, ink, True, anchor="lt")
        toolkit.text(draw, (x + w - 10, y + 8), shape, font=font(corner, True), fill=ink, anchor="rt")
        toolkit.text(draw, (x + 10, y + h - 8), shape, font=font(corner, True), fill=ink, anchor="lb")
        draw_text(draw, (x + w - 10, y + h - 8), initial, corner, ink, True, anchor="rb")
        return
    value_size = max(16, int(h * 0.70))
    toolkit.text(draw, (x + 10, y + h // 2 + 1), value_text, font=font(value_size, True), fill=ink, anchor="lm")
    mark_size = max(SMALL, int(h * 0.34))
    cx = x + w - max(18, int(h * 0.36))
    toolkit.text(draw, (cx, y + h // 2 - 1), shape, font=font(mark_size, True), fill=ink, anchor="mb")
    draw_text(draw, (cx, y + h // 2 + 1), initial, mark_size, ink, True, anchor="mt")


def _draw_tactic_tile(draw: toolkit.Canvas, x: int, y: int, w: int, h: int, card: dict,
                      wild_as: Any = None, lang: str = "en") -> None:
    """Small tactics tile: cream face, category stripe, abbreviation; a wild card's counted
    identity (after a claim) as a small troop chip on the right. Drawn once per card, size,
    identity and language, and pasted."""
    key = ("tactic", str(card.get("id", "")), str(card.get("category", "")), repr(wild_as), w, h, lang)
    face = toolkit.drawn(key, (w, h), lambda part: _tactic_face(part, 0, 0, w, h, card, wild_as, lang))
    toolkit.paste(draw, face, (x, y))


def _tactic_face(draw: toolkit.Canvas, x: int, y: int, w: int, h: int, card: dict,
                 wild_as: Any = None, lang: str = "en") -> None:
    card_id = str(card.get("id", ""))
    stripe = CATEGORY_COLOURS.get(str(card.get("category", "")), (120, 120, 120))
    toolkit.round_box(draw, (x, y, x + w - 1, y + h - 1), radius=max(4, h // 8), fill=TACTIC_FACE,
                           outline=stripe, width=3)
    draw.rectangle((x + 3, y + 3, x + 7, y + h - 4), fill=stripe)
    short, sub = TACTIC_SHORT.get(card_id, (card_id.removeprefix("T-")[:8] or "?",
                                            CATEGORY_NAMES.get(str(card.get("category", "")), "")))
    short, sub = words(short, lang), words(sub, lang)
    text_x = x + 10
    text_w = w - 12
    top_y = y + max(h // 2 - 13, 4 + (SMALL + 1) // 2)   # a Chinese name stands taller than Latin capitals
    bottom_y = y + h // 2 + 14
    _draw_fit(draw, (text_x, top_y), short, text_w, SMALL, TACTIC_INK, True)
    if not wild_as:
        _draw_fit(draw, (text_x, bottom_y), sub, text_w, SMALL, _mix(TACTIC_INK, TACTIC_FACE, 0.25))
        return
    # a wild card's counted identity: a chip in its colour, after "as →" where that fits
    identity = _parse_identity(wild_as)
    chip_h = h // 2 - 5
    cy0 = y + h - chip_h - 4
    if identity:
        colour, value = identity
        fill, ink, _, shape = _colour_info(colour)
        label = f"{value} {shape}{_initial(colour, lang)}"
    else:
        fill, ink, label = (255, 255, 255), TACTIC_INK, words(wild_as, lang)
    chip_w = min(text_w, _text_w(label, SMALL, True) + 12)
    cx0 = x + w - chip_w - 5
    toolkit.round_box(draw, (cx0, cy0, cx0 + chip_w - 1, cy0 + chip_h - 1), radius=5, fill=fill,
                      outline=_mix(fill, (0, 0, 0), 0.45))
    _draw_fit(draw, (cx0 + chip_w // 2, cy0 + chip_h // 2), label, chip_w - 8, SMALL, ink, True, anchor="mm")
    room = cx0 - text_x - 4
    arrow = words(Msg("as →"), lang)
    if _text_w(arrow, SMALL, True) > room:
        arrow = "→"
    draw_text(draw, (text_x, cy0 + chip_h // 2), arrow, SMALL, _mix(TACTIC_INK, TACTIC_FACE, 0.25), True,
              anchor="lm")


def _draw_card(draw: ImageDraw.ImageDraw, x: int, y: int, w: int, h: int, card: Any,
               wild_as: Any = None, lang: str = "en") -> None:
    if not isinstance(card, dict):
        card = {"id": str(card), "kind": "tactic"}
    if _is_troop(card):
        _draw_troop_tile(draw, x, y, w, h, str(card.get("color", "")), card.get("value", "?"), lang=lang)
    else:
        _draw_tactic_tile(draw, x, y, w, h, card, wild_as, lang)


# ---------------------------------------------------------------------------- board pieces


def _longest_run(flags: list[dict], seat: int) -> int:
    """Longest run of adjacent flags held by `seat`. In the 3-player layout only flags of the
    same line are adjacent (D16), so a run stops where the line changes."""
    best = run = 0
    prev_line: Any = object()
    for flag in flags:
        line = flag.get("line")
        if flag.get("claimed_by") == seat and (run == 0 or line == prev_line):
            run += 1
        elif flag.get("claimed_by") == seat:
            run = 1
        else:
            run = 0
        prev_line = line
        best = max(best, run)
    return best


def _flag_limit(flag: dict) -> int:
    """Cards per side at this flag: 3, or 4 with Mud (R8)."""
    limit = flag.get("limit")
    return limit if isinstance(limit, int) and 1 <= limit <= 6 else 3


def _flags_held(view: dict, seat: int) -> int:
    held = view.get("flags_held")
    if isinstance(held, list) and seat < len(held):
        return int(held[seat])
    return sum(1 for f in view.get("flags", []) if f.get("claimed_by") == seat)


def _seat_count(view: dict) -> int:
    players = view.get("players")
    if isinstance(players, int) and players > 0:
        return players
    return 3 if any(f.get("line") for f in view.get("flags", [])) else 2


def _header_text(view: dict, names: list[str], lang: str = "en") -> tuple[str, str, RGB]:
    """(rules line, turn text, turn colour) for the header bar, in `lang`."""
    players = _seat_count(view)
    parts = [VARIANT_NAMES.get(str(view.get("variant")), view.get("variant") or "")]
    if players == 3:
        parts.append(Msg("3 players: win with a whole line or any 4 flags"))
    else:
        parts.append(Msg("win with 3 adjacent or any 5 flags"))
    series = view.get("series") or {}
    target, game_no = series.get("target"), series.get("game_no")
    if target or (isinstance(game_no, int) and game_no > 1):
        points = series.get("points") or []
        scores = [Msg("{player} {points}", player=Seat(s), points=p) for s, p in enumerate(points)]
        if target:
            parts.append(Msg("Game {game_no} (first to {target} points): {scores}", game_no=game_no,
                             target=target, scores=scores))
        else:
            parts.append(Msg("Game {game_no}: {scores}", game_no=game_no, scores=scores))
    left = "  ·  ".join(words(p, lang, names) for p in parts if p)
    if _is_over(view):
        return left, words(Msg("Game over"), lang), GOLD
    seat, todo = _turn(view)
    if isinstance(seat, int):
        return left, "▶ " + words(Msg("{player}: {todo}", player=Seat(seat), todo=todo), lang, names), \
            _seat_colour(seat)
    return left, words(todo, lang, names), TEXT


def _is_over(view: dict) -> bool:
    return bool(view.get("result")) or view.get("step") == "over"


def _turn(view: dict) -> tuple[Any, Any]:
    """(seat that must act, what it must do: a text) from public keys only."""
    current = view.get("current")
    step = str(view.get("step") or "")
    mud = view.get("mud_discard")
    if step == "mud_discard" and isinstance(mud, dict) and isinstance(mud.get("seat"), int):
        # D5: the side's owner (not necessarily the player whose turn it is) must discard
        return mud["seat"], Msg("discard 1 card at F{flag} (Mud left)", flag=mud.get("flag", "?"))
    scouting = view.get("scouting")
    if step in ("scout_draw", "scout_return") and isinstance(scouting, dict):
        seat = scouting.get("seat", current)
        if step == "scout_draw":
            return seat, Msg("Scout, {n} to draw", n=scouting.get("draws_left", "?"))
        return seat, Msg("Scout, {n} to put back", n=scouting.get("returns_left", "?"))
    return current, STEP_TEXT.get(step, step)


def _result_text(view: dict, names: list[str], lang: str = "en") -> tuple[str, str]:
    """(headline, the reason and the points) of a finished game, in `lang`."""
    names = _names(names, lang)
    result = view.get("result") or {}
    winners = [w for w in result.get("winners") or [] if isinstance(w, int)]
    if not result:
        head = Msg("Game over")
    elif len(winners) == 1:
        head = Msg("{player} wins!", player=Seat(winners[0]))
    elif len(winners) == 2:
        head = Msg("{first} & {second} win!", first=Seat(winners[0]), second=Seat(winners[1]))
    elif winners:
        head = Msg("{players} win!", players=[Seat(w) for w in winners])
    elif result.get("absent") or result.get("resigned"):
        head = Msg("Nobody wins")  # the board's winner played for an absent player
    else:
        head = Msg("Drawn game")
    scores = result.get("scores") or {}
    score_text = ""
    if scores:
        items = []
        for key, pts in sorted(scores.items(), key=lambda kv: str(kv[0])):
            seat = int(key) if str(key).isdigit() else key   # JSON turns seat keys into strings
            who = Seat(seat) if isinstance(seat, int) else seat
            items.append(Msg("{player} +{points}", player=who, points=pts))
        score_text = "   " + words(Msg("Points: {scores}", scores=items), lang, names)
    reason = words(result.get("reason"), lang, names)
    return words(head, lang, names), (reason + score_text).strip()


class _Board:
    """Geometry and drawing of one board picture."""

    def __init__(self, view: dict, names: list[str], lang: str = "en"):
        self.view = view
        self.lang = lang
        self.names = _names(names, lang)
        self.flags: list[dict] = list(view.get("flags") or [])
        self.players = _seat_count(view)
        self.three = self.players == 3
        self.slots = max([3] + [_flag_limit(f) for f in self.flags])
        self.first_note = self._first_note()
        self.side_h = self.slots * (TILE_H + TILE_GAP) + FORMATION_H + (NAME_TAG_H if self.three else 0)
        # 3 players: a gap between the three lines of three flags (D16)
        line_gap = LINE_GAP if self.three else 0
        self.width = 2 * MARGIN + 9 * COL_W + 2 * line_gap
        self.col_x = [MARGIN + i * COL_W + (i // 3) * line_gap for i in range(9)]

    # -- layout helpers
    def say(self, text: Any) -> str:
        """`text` in the picture's language, with the players' names."""
        return words(text, self.lang, self.names)

    def _first_note(self) -> list[str]:
        """"completed 1st" as the rows it takes under a column: one where it fits, else two."""
        note = self.say(Msg("completed 1st"))
        if _text_w(note, SMALL, True) <= COL_W - 8:
            return [note]
        return wrap_text(note, SMALL, COL_W - 8, True, max_lines=2)

    def _sides(self, flag: dict) -> tuple[dict, dict]:
        """(bottom side, top side). 2 players: seat 0 at the bottom, as seat 0 sees the table."""
        sides = [s for s in (flag.get("sides") or []) if isinstance(s, dict)]
        while len(sides) < 2:
            sides.append({"seat": None, "cards": []})
        if not self.three:
            sides = sorted(sides[:2], key=lambda s: (s.get("seat") is None, s.get("seat") or 0))
        return sides[0], sides[1]

    def render(self) -> bytes:
        view = self.view
        over = _is_over(view)
        discard = list(view.get("discard") or [])
        discard_rows = self._discard_rows(len(discard))
        footer_h = max(110, 32 + discard_rows * self.DISCARD_ROW_H) + 6
        log = [self.say(x) for x in (view.get("log") or [])[-3:]]
        log_h = (12 + 28 * len(log)) if log else 0
        banner_h = BANNER_H if over else 0
        panels_top = (COMPACT_PANEL_H if self.three else PANEL_H) + 10
        board_h = self.side_h * 2 + FLAG_H
        panels_bottom = PANEL_H + 10 if not self.three else 0
        height = (HEADER_H + banner_h + panels_top + board_h + panels_bottom
                  + footer_h + log_h + MARGIN)
        img = Image.new("RGB", (self.width, height), BACKGROUND)
        draw = toolkit.canvas(img)

        y = 0
        self._draw_header(draw)
        y += HEADER_H
        if over:
            self._draw_result(draw, y)
            y += banner_h
        if self.three:
            self._draw_three_panels(draw, y)
            y += COMPACT_PANEL_H + 10
        else:
            self._draw_panel(draw, MARGIN, y, self.width - 2 * MARGIN, 1)
            y += PANEL_H + 10
        self._draw_flags(draw, y)
        y += board_h
        if not self.three:
            y += 10
            self._draw_panel(draw, MARGIN, y, self.width - 2 * MARGIN, 0)
            y += PANEL_H
        y += 10
        self._draw_footer(draw, y, discard)
        y += footer_h
        if log:
            self._draw_log(draw, y, log)
        return _quantized_png(img)

    # -- header, result, panels
    def _draw_header(self, draw: ImageDraw.ImageDraw) -> None:
        rules, turn, turn_colour = _header_text(self.view, self.names, self.lang)
        draw.rectangle((0, 0, self.width, HEADER_H - 8), fill=PANEL)
        title = self.say(Msg("BATTLE LINE"))
        title_w = _text_w(title, 30, True)
        draw_text(draw, (MARGIN, 28), title, 30, TEXT, True, anchor="lm")
        turn_w = min(_text_w(turn, 30, True), self.width - title_w - 4 * MARGIN)
        _draw_fit(draw, (self.width - MARGIN, 28), turn, turn_w, 30, turn_colour, True, anchor="rm")
        _draw_fit(draw, (MARGIN, 66), rules, self.width - 2 * MARGIN, SMALL, TEXT_DIM, False)

    def _draw_result(self, draw: ImageDraw.ImageDraw, y: int) -> None:
        head, detail = _result_text(self.view, self.names, self.lang)
        winners = (self.view.get("result") or {}).get("winners") or []
        accent = _seat_colour(winners[0]) if len(winners) == 1 else GOLD
        toolkit.round_box(draw, (MARGIN, y + 4, self.width - MARGIN, y + 70), radius=10,
                               fill=_mix(GOLD, BACKGROUND, 0.15), outline=accent, width=4)
        w = _draw_fit(draw, (MARGIN + 20, y + 37), head, 520, 36, (20, 20, 20), True)
        _draw_fit(draw, (MARGIN + 40 + w, y + 38), detail, self.width - 2 * MARGIN - w - 70, SMALL,
                  (30, 30, 30), False)

    def _stat_bits(self, seat: int) -> list[str]:
        view = self.view
        bits: list[Msg] = []
        counts = (view.get("hand_counts") or [])
        if seat < len(counts) and isinstance(counts[seat], dict):
            troop, tactics = counts[seat].get("troop", 0), counts[seat].get("tactics", 0)
            if self.three:
                bits.append(Msg("Hand {troop} troop", troop=troop))
            else:
                bits.append(Msg("Hand {troop} troop + {tactics} tactics", troop=troop, tactics=tactics))
        if not self.three:
            played = view.get("tactics_played") or []
            if seat < len(played):
                bits.append(Msg("Tactics played {n}", n=played[seat]))
            used = view.get("leader_used") or []
            if seat < len(used):
                bits.append(Msg("Leader used") if used[seat] else Msg("Leader unused"))
        bits.append(Msg("Flags {flags} · best run {run}", flags=_flags_held(view, seat),
                        run=_longest_run(self.flags, seat)))
        return [self.say(b) for b in bits]

    def _draw_panel(self, draw: ImageDraw.ImageDraw, x: int, y: int, w: int, seat: int,
                    compact: bool = False) -> None:
        """A seat's panel: its name (and, for the player to move, the flags it can claim now) on
        the first row, its counts on the second."""
        h = COMPACT_PANEL_H if compact else PANEL_H
        colour = _seat_colour(seat)
        current = _turn(self.view)[0] == seat and not _is_over(self.view)
        toolkit.round_box(draw, (x, y, x + w - 1, y + h - 1), radius=8,
                               fill=_mix(PANEL, colour, 0.18 if current else 0.06),
                               outline=colour if current else SLOT_OUTLINE, width=3 if current else 1)
        toolkit.round_box(draw, (x + 8, y + 10, x + 20, y + h - 11), radius=4, fill=colour)
        name = ("▶ " if current else "") + _name(self.names, seat, self.lang)
        bits = " · ".join(self._stat_bits(seat))
        if compact:
            _draw_fit(draw, (x + 30, y + 21), name, w - 40, 24, TEXT, True)
            _draw_fit(draw, (x + 30, y + 50), bits, w - 38, SMALL, TEXT_DIM, False)
            return
        claim_w = 0
        provable = [self.say(Msg("F{n}", n=n)) for n in (self.view.get("provable") or [])]
        if current and provable:
            # the gold columns are this player's provable claims; say so in words too
            claim = "✓ " + self.say(Msg("can claim {flags}", flags=" ".join(provable)))
            claim_w = min(_text_w(claim, 24, True), w // 2)
            _draw_fit(draw, (x + w - 14, y + 22), claim, claim_w, 24, GOLD, True, anchor="rm")
        _draw_fit(draw, (x + 30, y + 22), name, w - claim_w - 60, 28, TEXT, True)
        _draw_fit(draw, (x + 30, y + 53), bits, w - 44, SMALL, TEXT_DIM, False)

    def _draw_three_panels(self, draw: ImageDraw.ImageDraw, y: int) -> None:
        w = (self.width - 2 * MARGIN - 2 * 8) // 3
        for seat in range(3):
            self._draw_panel(draw, MARGIN + seat * (w + 8), y, w, seat, compact=True)

    # -- flags
    def _draw_flags(self, draw: ImageDraw.ImageDraw, y0: int) -> None:
        provable = set(self.view.get("provable") or [])
        show_provable = not _is_over(self.view)
        for i, flag in enumerate(self.flags[:9]):
            self._kept_column(draw, self.col_x[i], y0, flag, show_provable and flag.get("n", i + 1) in provable)
        if self.three:
            self._draw_name_bars(draw, y0)

    def _draw_name_bars(self, draw: ImageDraw.ImageDraw, y0: int) -> None:
        """3 players: each side is labelled with its player. A line whose three flags share the
        same two seats (D16) gets one bar per side across the line; otherwise each column does."""
        bottom_y = y0 + 2 * self.side_h + FLAG_H - NAME_TAG_H
        for g in range(3):
            flags = self.flags[g * 3:g * 3 + 3]
            seat_pairs = {(self._sides(f)[0].get("seat"), self._sides(f)[1].get("seat")) for f in flags}
            line = next((str(f.get("line")) for f in flags if f.get("line")), "")
            if len(seat_pairs) == 1:
                bottom_seat, top_seat = next(iter(seat_pairs))
                x0, x1 = self.col_x[g * 3] + 2, self.col_x[g * 3] + 3 * COL_W - 3
                note = self.say(Msg("Line {line}", line=line)) if line else ""
                self._name_bar(draw, x0, y0, x1, top_seat, "▲", note)
                self._name_bar(draw, x0, bottom_y, x1, bottom_seat, "▼", note)
                continue
            for k, flag in enumerate(flags):
                bottom, top = self._sides(flag)
                x0 = self.col_x[g * 3 + k] + 2
                self._name_bar(draw, x0, y0, x0 + COL_W - 5, top.get("seat"), "", "")
                self._name_bar(draw, x0, bottom_y, x0 + COL_W - 5, bottom.get("seat"), "", "")

    def _name_bar(self, draw: ImageDraw.ImageDraw, x0: int, y: int, x1: int, seat: Any, arrow: str,
                  note: str) -> None:
        colour = _seat_colour(seat)
        toolkit.round_box(draw, (x0, y, x1, y + NAME_TAG_H - 1), radius=7, fill=_mix(BACKGROUND, colour, 0.45),
                               outline=colour, width=2)
        note_w = 0
        if note:
            note_w = _text_w(note, SMALL, True) + 12
            draw_text(draw, (x1 - 8, y + NAME_TAG_H // 2), note, SMALL, TEXT_DIM, True, anchor="rm")
        text = f"{arrow} {_name(self.names, seat, self.lang)}".strip()
        _draw_fit(draw, (x0 + 10, y + NAME_TAG_H // 2), text, x1 - x0 - 20 - note_w, SMALL, TEXT, True)

    def _kept_column(self, draw: toolkit.Canvas, x: int, y0: int, flag: dict, provable: bool) -> None:
        """A flag's column, drawn on the background from its own corner and kept per everything it
        shows (a move changes one flag: the other eight are pasted as they were), pasted at (x, y0):
        the same pixels as drawing it there."""
        size = (COL_W, 2 * self.side_h + FLAG_H)

        def make() -> Image.Image:
            layer = Image.new("RGB", size, BACKGROUND)
            self._draw_column(toolkit.canvas(layer), 0, 0, flag, provable)
            return layer
        key = ("battleline.column", repr(flag), provable, self.three, self.slots, self.side_h,
               tuple(self.first_note), self.lang, tuple(self.names))
        toolkit.paste(draw, toolkit.sprite(key, make), (x, y0))

    def _draw_column(self, draw: ImageDraw.ImageDraw, x: int, y0: int, flag: dict, provable: bool) -> None:
        bottom, top = self._sides(flag)
        owner = flag.get("claimed_by")
        flag_y = y0 + self.side_h
        col_box = (x + 2, y0, x + COL_W - 3, y0 + 2 * self.side_h + FLAG_H - 1)
        if isinstance(owner, int):
            toolkit.round_box(draw, col_box, radius=10, fill=_mix(BACKGROUND, _seat_colour(owner), 0.14),
                                   outline=_seat_colour(owner), width=3)
        elif provable:
            toolkit.round_box(draw, col_box, radius=10, fill=_mix(BACKGROUND, GOLD, 0.10), outline=GOLD, width=4)
        else:
            toolkit.round_box(draw, col_box, radius=10, outline=_mix(BACKGROUND, SLOT_OUTLINE, 0.6), width=1)

        limit = _flag_limit(flag)
        first_seat = self._first_completer(bottom, top)
        fog = any((e.get("card") or {}).get("id") == "T-FOG" for e in (flag.get("env") or [])
                  if isinstance(e, dict))
        self._draw_side(draw, x, flag_y, top, limit, upward=True, first=first_seat == top.get("seat"), fog=fog)
        self._draw_side(draw, x, flag_y + FLAG_H, bottom, limit, upward=False,
                        first=first_seat == bottom.get("seat"), fog=fog)
        self._draw_flag_zone(draw, x, flag_y, flag, bottom, top, provable)

    @staticmethod
    def _first_completer(bottom: dict, top: dict) -> Any:
        """The seat that completed its side first, shown only when both are complete (R22c)."""
        a, b = bottom.get("completed_at"), top.get("completed_at")
        if isinstance(a, int) and isinstance(b, int) and a != b:
            return bottom.get("seat") if a < b else top.get("seat")
        return object()

    def _draw_side(self, draw: ImageDraw.ImageDraw, x: int, edge_y: int, side: dict, limit: int,
                   upward: bool, first: bool, fog: bool = False) -> None:
        """Cards stacked away from the flag, toward the side's player; `edge_y` is the flag-zone
        edge the first card touches."""
        cards = list(side.get("cards") or [])
        wild = list(side.get("wild_as") or [])
        tx = x + (COL_W - TILE_W) // 2
        for slot in range(max(self.slots, len(cards))):
            if slot >= max(limit, len(cards)):
                break
            if upward:
                ty = edge_y - (slot + 1) * (TILE_H + TILE_GAP)
            else:
                ty = edge_y + TILE_GAP + slot * (TILE_H + TILE_GAP)
            if slot < len(cards):
                _draw_card(draw, tx, ty, TILE_W, TILE_H, cards[slot], wild[slot] if slot < len(wild) else None,
                           self.lang)
            else:
                toolkit.round_box(draw, (tx, ty, tx + TILE_W - 1, ty + TILE_H - 1), radius=7,
                                       outline=SLOT_OUTLINE, width=1, fill=_mix(BACKGROUND, SLOT_EMPTY, 0.5))
        # formation type + sum next to the cards; under (or over) it, who completed first (R22c)
        outer = self.slots * (TILE_H + TILE_GAP)
        step = -FORMATION_LINE if upward else FORMATION_LINE
        if upward:
            label_y = edge_y - outer - FORMATION_LINE // 2 - 2
        else:
            label_y = edge_y + TILE_GAP + outer + FORMATION_LINE // 2 + 2
        formation = side.get("formation")
        if isinstance(formation, dict) and formation.get("type"):
            kind = _term(formation.get("type"))
            total = formation.get("sum", "")
            # under Fog only the sum decides (R25), so the type would only mislead
            if fog:
                text = self.say(Msg("Sum {sum}", sum=total))
            else:
                shown = FORMATION_SHORT.get(_english(kind), kind)
                text = self.say(Msg("{formation} {sum}", formation=shown, sum=total))
            _draw_fit(draw, (x + COL_W // 2, label_y), text.strip(), COL_W - 8, SMALL, TEXT, True, anchor="mm")
            if first:
                # "completed 1st" on one row where it fits, else on two (stacked away from the cards)
                rows = list(self.first_note)
                if upward:
                    rows = rows[::-1]
                for k, row in enumerate(rows, 1):
                    _draw_fit(draw, (x + COL_W // 2, label_y + k * step), row, COL_W - 8, SMALL, GOLD, True,
                              anchor="mm")

    def _draw_flag_zone(self, draw: ImageDraw.ImageDraw, x: int, y: int, flag: dict, bottom: dict,
                        top: dict, provable: bool) -> None:
        n = flag.get("n", "?")
        owner = flag.get("claimed_by")
        mid_y = y + FLAG_H // 2
        # centre lane: flag number (what players type), gold when provable now
        marker = self.say(Msg("F{n}", n=n))
        if provable and not isinstance(owner, int):
            toolkit.round_box(draw, (x + 14, mid_y - 19, x + COL_W - 15, mid_y + 19), radius=8, fill=GOLD)
            _draw_fit(draw, (x + COL_W // 2, mid_y), f"{marker} ✓", COL_W - 36, 26, (30, 30, 30), True,
                      anchor="mm", min_size=14)
        elif isinstance(owner, int):
            _draw_fit(draw, (x + COL_W // 2, mid_y), marker, COL_W - 20, 26, TEXT_DIM, True, anchor="mm",
                      min_size=14)
        else:
            # unclaimed marker in the middle of the battle line
            toolkit.round_box(draw, (x + 22, mid_y - 19, x + COL_W - 23, mid_y + 19), radius=8,
                                   fill=(225, 228, 234))
            _draw_fit(draw, (x + COL_W // 2, mid_y), f"⚑ {marker}", COL_W - 52, 25, (30, 30, 30), True,
                      anchor="mm", min_size=14)

        lanes = {"top": (y + 2, top.get("seat")), "bottom": (y + FLAG_H - LANE_H - 2, bottom.get("seat"))}
        env = [e for e in (flag.get("env") or []) if isinstance(e, dict)]
        for lane, (ly, seat) in lanes.items():
            lane_env = [e for e in env if e.get("seat") == seat]
            right = x + COL_W - 8
            # each badge as wide as its name, within its share of the lane
            share = (COL_W - 16) // max(1, len(lane_env)) - 4 * (len(lane_env) > 1)
            for e in reversed(lane_env):
                card = e.get("card") or {}
                text = self._env_look(card, self.lang)[2]
                badge_w = min(share, max(66, _text_w(text, SMALL, True) + 12))
                self._draw_env_badge(draw, right - badge_w, ly + 3, badge_w, LANE_H - 6, card, self.lang)
                right -= badge_w + 4
            if isinstance(owner, int) and owner == seat:
                colour = _seat_colour(owner)
                bx0, bx1 = x + 8, right - 2
                toolkit.round_box(draw, (bx0, ly + 4, bx1, ly + LANE_H - 5), radius=7, fill=colour)
                label = _name(self.names, owner, self.lang)
                _draw_fit(draw, ((bx0 + bx1) // 2, ly + LANE_H // 2), "⚑ " + label, bx1 - bx0 - 8, SMALL,
                          (20, 20, 20), True, anchor="mm")
        # environment cards whose placer is not on this flag (should not happen): top-left
        stray = [e for e in env if e.get("seat") not in (top.get("seat"), bottom.get("seat"))]
        for k, e in enumerate(stray):
            self._draw_env_badge(draw, x + 8 + k * 66, mid_y - 16, 62, 32, e.get("card") or {}, self.lang)

    @staticmethod
    def _env_look(card: dict, lang: str) -> tuple[RGB, RGB, str]:
        """(fill, ink, name) of an environment card's badge."""
        card_id = str(card.get("id", ""))
        if card_id == "T-MUD":
            return (120, 84, 44), (255, 244, 220), words(TACTIC_SHORT["T-MUD"][0], lang)
        if card_id == "T-FOG":
            return (200, 206, 216), (40, 46, 56), words(TACTIC_SHORT["T-FOG"][0], lang)
        return TACTIC_FACE, TACTIC_INK, card_id.removeprefix("T-")[:4] or "?"

    @staticmethod
    def _draw_env_badge(draw: ImageDraw.ImageDraw, x: int, y: int, w: int, h: int, card: dict,
                        lang: str = "en") -> None:
        fill, ink, text = _Board._env_look(card, lang)
        toolkit.round_box(draw, (x, y, x + w - 1, y + h - 1), radius=6, fill=fill, outline=(20, 20, 20), width=1)
        _draw_fit(draw, (x + w // 2, y + h // 2), text, w - 6, SMALL, ink, True, anchor="mm")

    # -- footer: decks, discard, log
    DISCARD_W, DISCARD_H, DISCARD_GAP = TILE_W + 14, TILE_H, 12   # wide enough for "REDEPLOY"
    DISCARD_ROW_H = DISCARD_H + 44

    DISCARD_X = MARGIN + 250   # left of the discard pile; the decks sit before it

    def _discard_per_row(self) -> int:
        return max(1, (self.width - self.DISCARD_X - MARGIN) // (self.DISCARD_W + self.DISCARD_GAP))

    def _discard_rows(self, count: int) -> int:
        return max(1, -(-count // self._discard_per_row()))

    def _draw_footer(self, draw: ImageDraw.ImageDraw, y: int, discard: list) -> None:
        decks = self.view.get("decks") or {}
        x = MARGIN
        deck_list = [(self.say(Msg("Troop")), decks.get("troop", 0))]
        if not self.three or decks.get("tactics"):
            deck_list.append((self.say(Msg("Tactics")), decks.get("tactics", 0)))
        for label, count in deck_list:
            self._draw_deck(draw, x, y, label, count)
            x += 118
        x = self.DISCARD_X
        per_row = self._discard_per_row()
        _draw_fit(draw, (x, y + 2), self.say(Msg("Discard pile ({n})", n=len(discard))), self.width - x - MARGIN,
                  SMALL, TEXT, True, anchor="lt")
        if not discard:
            draw_text(draw, (x, y + 40), self.say(Msg("empty")), SMALL, TEXT_DIM, anchor="lt")
        for k, entry in enumerate(discard):
            if not isinstance(entry, dict):
                continue
            row, col = divmod(k, per_row)
            dx = x + col * (self.DISCARD_W + self.DISCARD_GAP)
            dy = y + 32 + row * self.DISCARD_ROW_H
            _draw_card(draw, dx, dy, self.DISCARD_W, self.DISCARD_H, entry.get("card") or {}, lang=self.lang)
            owner = entry.get("owner")
            draw.rectangle((dx + 4, dy + self.DISCARD_H + 3, dx + self.DISCARD_W - 5, dy + self.DISCARD_H + 6),
                           fill=_seat_colour(owner))
            cause = self.say(self._cause(entry.get("cause")))
            _draw_fit(draw, (dx + self.DISCARD_W // 2, dy + self.DISCARD_H + 22), cause,
                      self.DISCARD_W + self.DISCARD_GAP - 2, SMALL, TEXT_DIM, False, anchor="mm")

    @staticmethod
    def _cause(cause: Any) -> Any:
        """Why a card was discarded: the engine's text, or for a plain word ("used", a card's
        name) the picture's own words or the glossary's name."""
        cause = from_json(cause)
        if isinstance(cause, str) and not isinstance(cause, Msg):
            return DISCARD_CAUSES.get(cause) or _term(cause)
        return cause

    @staticmethod
    def _draw_deck(draw: ImageDraw.ImageDraw, x: int, y: int, label: str, count: Any) -> None:
        w, h = 92, 90
        layers = 3 if isinstance(count, int) and count > 1 else (1 if count else 0)
        for k in range(layers, 0, -1):
            toolkit.round_box(draw, (x + 2 * k, y + 6 + 2 * k, x + w + 2 * k, y + 6 + h + 2 * k), radius=6,
                                   fill=_mix(CARD_BACK, (0, 0, 0), 0.3))
        if layers:
            toolkit.round_box(draw, (x, y + 6, x + w, y + 6 + h), radius=6, fill=CARD_BACK,
                                   outline=(220, 190, 140), width=2)
            toolkit.text(draw, (x + w // 2, y + 6 + h // 2 - 6), str(count), font=font(32, True), fill=TEXT, anchor="mm")
        else:
            toolkit.round_box(draw, (x, y + 6, x + w, y + 6 + h), radius=6, outline=SLOT_OUTLINE, width=2)
            toolkit.text(draw, (x + w // 2, y + 6 + h // 2 - 6), "0", font=font(32, True), fill=TEXT_DIM, anchor="mm")
        _draw_fit(draw, (x + w // 2, y + h - 6), label, w - 4, SMALL, TEXT if layers else TEXT_DIM, True,
                  anchor="mm")

    def _draw_log(self, draw: ImageDraw.ImageDraw, y: int, log: list[str]) -> None:
        draw.line((MARGIN, y + 4, self.width - MARGIN, y + 4), fill=SLOT_OUTLINE, width=1)
        for k, line in enumerate(log):
            _draw_fit(draw, (MARGIN, y + 24 + 28 * k), line, self.width - 2 * MARGIN, SMALL, TEXT_DIM, False)


def render_board(view: dict, names: list[str], lang: str = "en") -> bytes:
    """The public board as PNG bytes, its words in `lang`. Reads only public keys; `hand` and
    `scout` are ignored."""
    return _Board(view, names, lang).render()


# ---------------------------------------------------------------------------- hand

HAND_W, HAND_H = 150, 206
HAND_GAP = 14
HAND_PER_ROW = 5          # a normal hand of 7 is two rows (4 + 3), 9 after Scout 5 + 4: the picture
#                           stays narrow (at most 818 px) and its words large at chat width
HAND_ROW_H = HAND_H + 96   # card + number + label + id
HAND_HEADER_H = 60


def _viewer_seat(view: dict) -> Any:
    for key in ("viewer", "seat", "me"):
        if isinstance(view.get(key), int):
            return view[key]
    return None


def _draw_hand_card(draw: ImageDraw.ImageDraw, x: int, y: int, card: Any, locked: bool,
                    lang: str = "en") -> None:
    if not isinstance(card, dict):
        card = {"id": str(card), "kind": "tactic"}
    if _is_troop(card):
        _draw_troop_tile(draw, x, y, HAND_W, HAND_H, str(card.get("color", "")), card.get("value", "?"), big=True,
                         lang=lang)
        value = card.get("value")
        if isinstance(value, int) and value in UNIT_NAMES:
            fill, ink, _, _ = _colour_info(card.get("color"))
            _draw_fit(draw, (x + HAND_W // 2, y + HAND_H - 46), words(term(GAME, UNIT_NAMES[value]), lang),
                      HAND_W - 12, 16, ink, False, anchor="mm", min_size=HAND_SMALL)
        return
    card_id = str(card.get("id", ""))
    category = str(card.get("category", "")).lower()
    stripe = CATEGORY_COLOURS.get(category, (120, 120, 120))
    toolkit.round_box(draw, (x, y, x + HAND_W - 1, y + HAND_H - 1), radius=12, fill=TACTIC_FACE,
                           outline=stripe, width=5)
    toolkit.round_box(draw, (x + 5, y + 5, x + HAND_W - 6, y + 36), radius=6, fill=stripe)
    header = words(CATEGORY_NAMES.get(category) or category.upper() or Msg("TACTIC"), lang)
    _draw_fit(draw, (x + HAND_W // 2, y + 21), header, HAND_W - 14, 16, (255, 255, 255), True, anchor="mm",
              min_size=HAND_SMALL)
    short = words(TACTIC_SHORT.get(card_id, (card_id.removeprefix("T-"), ""))[0], lang)
    _draw_fit(draw, (x + HAND_W // 2, y + 70), short, HAND_W - 16, 30, TACTIC_INK, True, anchor="mm",
              min_size=HAND_SMALL)
    name = words(_term(card.get("name")), lang)
    if name.upper() == short.upper():
        # "DARIUS / Darius" says nothing twice; say what kind of card it is instead
        name = words(Msg("Leader"), lang) if card_id in ("T-ALEX", "T-DARIUS") else ""
    _draw_fit(draw, (x + HAND_W // 2, y + 102), name, HAND_W - 16, 17, TACTIC_INK, False, anchor="mm",
              min_size=HAND_SMALL)
    # a locked Leader keeps the gist and makes room for the "Leader used" bar
    effect = Msg("Wild: any colour and value.") if locked else TACTIC_EFFECT.get(card_id, "")
    _draw_wrapped(draw, x + 10, y + 122, HAND_W - 20, words(effect, lang), 14, _mix(TACTIC_INK, TACTIC_FACE, 0.2),
                  2 if locked else 4)
    if locked:
        toolkit.round_box(draw, (x + 8, y + HAND_H - 40, x + HAND_W - 9, y + HAND_H - 10), radius=6,
                               fill=(150, 40, 40))
        _draw_fit(draw, (x + HAND_W // 2, y + HAND_H - 25), words(Msg("Leader used"), lang), HAND_W - 20, 16,
                  (255, 255, 255), True, anchor="mm", min_size=HAND_SMALL)


def _draw_wrapped(draw: ImageDraw.ImageDraw, x: int, y: int, w: int, text: str, size: int, fill: RGB,
                  max_lines: int) -> None:
    for k, line in enumerate(wrap_text(text, size, w, max_lines=max_lines)):
        draw_text(draw, (x, y + k * (size + 4)), line, size, fill, anchor="lt")


SCOUT_CAPTIONS = {
    "drawn": Msg("Drawn with Scout"),
    "draws_left": Msg("Draws left"),
    "returns_left": Msg("Cards still to put back"),
    "returned": Msg("Put back so far"),
    "memo": Msg("On top of the decks (only you know this)"),
}


def _scout_lines(scout: Any, lang: str = "en") -> list[tuple[str, list]]:
    """Scout info as (caption, cards) rows. Known keys get plain-English captions; unknown
    keys are still shown, so nothing the engine adds is silently lost. Empty lists, zero
    counters and the `active` flag are left out because they say nothing to the player."""
    rows: list[tuple[str, list]] = []
    if not isinstance(scout, dict):
        return [(words(scout, lang), [])] if scout else rows
    for key, value in scout.items():
        if key == "active" or value in ([], None, 0, False, ""):
            continue
        caption = SCOUT_CAPTIONS.get(str(key), str(key).replace("_", " ").capitalize())
        if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
            cards = []
            for v in value:
                if "card" in v and isinstance(v["card"], dict):
                    deck = v.get("deck") or ""
                    cards.append((v["card"], words(DECK_NAMES.get(deck, deck) if isinstance(deck, str)
                                                   else deck, lang)))
                else:
                    cards.append((v, ""))
            rows.append((words(caption, lang), cards))
        elif isinstance(value, dict) and ("kind" in value or "id" in value):
            rows.append((words(caption, lang), [(value, "")]))
        elif isinstance(value, list):
            rows.append((words(Msg("{caption}: {value}", caption=caption, value=list(value) or Msg("none")),
                               lang), []))
        else:
            rows.append((words(Msg("{caption}: {value}", caption=caption, value=value), lang), []))
    return rows


def hand_layout(count: int) -> tuple[int, int, list[tuple[int, int]], list[tuple[int, int]]]:
    """(image width, card rows, top-left of each card, centre of each card's number badge)
    for a hand of `count` cards. Shared with the tests so they can find the numbers."""
    rows = max(1, -(-count // HAND_PER_ROW))
    per_row = max(1, -(-count // rows))   # balanced rows: 10 cards are 5 + 5, not 9 + 1
    cols = min(per_row, max(count, 1))
    width = max(760, 2 * MARGIN + cols * HAND_W + (cols - 1) * HAND_GAP)
    left = (width - cols * HAND_W - (cols - 1) * HAND_GAP) // 2   # the cards centred
    origins, badges = [], []
    for k in range(count):
        row, col = divmod(k, per_row)
        x = left + col * (HAND_W + HAND_GAP)
        y = HAND_HEADER_H + 14 + row * HAND_ROW_H
        origins.append((x, y))
        badges.append((x + HAND_W // 2, y + HAND_H + 24))
    return width, rows, origins, badges


def draw_number_badge(draw: ImageDraw.ImageDraw, cx: int, cy: int, number: int) -> None:
    """The white disc with the card's number under each hand card."""
    toolkit.disc(draw, (cx, cy), 20, TEXT, label=str(number), font=font(26 if number < 10 else 21, True),
             ink=BACKGROUND)


def hand_content(view: dict) -> tuple:
    """Everything of a private view that `render_hand` draws: two views with the same content
    make the same picture, so the bot sends the one it drew before."""
    seat = _viewer_seat(view)
    used = view.get("leader_used") or []
    return (view.get("hand"), seat, view.get("scout"), isinstance(seat, int) and seat < len(used) and bool(used[seat]),
            _seat_count(view), _is_over(view))


def render_hand(view: dict, names: list[str], lang: str = "en") -> bytes:
    """A player's own hand as PNG bytes, its words in `lang`: big cards in the order given,
    numbered 1..n, with the label and id a player types in commands; plus Scout information
    when present."""
    names = _names(names, lang)

    def say(text: Any) -> str:
        return words(text, lang, names)

    hand = list(view.get("hand") or [])
    seat = _viewer_seat(view)
    players = _seat_count(view)
    width, rows, origins, badges = hand_layout(len(hand))
    scout_rows = _scout_lines(view.get("scout"), lang) if view.get("scout") else []
    scout_h = (50 + sum(TILE_H + 50 if cards else 34 for _, cards in scout_rows)) if scout_rows else 0
    height = HAND_HEADER_H + 14 + rows * HAND_ROW_H + scout_h + MARGIN
    img = Image.new("RGB", (width, height), BACKGROUND)
    draw = toolkit.canvas(img)

    # header: whose hand, counts, and whether it is this player's move
    draw.rectangle((0, 0, width, HAND_HEADER_H - 6), fill=PANEL)
    if isinstance(seat, int):
        toolkit.round_box(draw, (MARGIN, 12, MARGIN + 12, HAND_HEADER_H - 18), radius=4, fill=_seat_colour(seat))
    title = say(Msg("Your hand — {player}", player=Seat(seat)) if isinstance(seat, int) else Msg("Your hand"))
    troops = sum(1 for c in hand if isinstance(c, dict) and _is_troop(c))
    if players != 3:
        counts = say(Msg("({troop} troop, {tactics} tactics)", troop=troops, tactics=len(hand) - troops))
    else:
        counts = say(Msg("({troop} troop)", troop=troops))
    # whose move it is, the message with the picture says: the picture of an unchanged hand
    # is sent again as it is when the turn comes round (see hand_content)
    status = say(Msg("Game over")) if _is_over(view) else ""
    status_w = min(_text_w(status, 24, True), width // 2) if status else 0
    if status:
        _draw_fit(draw, (width - MARGIN, (HAND_HEADER_H - 6) // 2), status, status_w, 24,
                  _seat_colour(seat), True, anchor="rm")
    title_w = _draw_fit(draw, (MARGIN + 22, (HAND_HEADER_H - 6) // 2), title, width - status_w - 3 * MARGIN - 200,
                        26, TEXT, True, min_size=HAND_SMALL)
    _draw_fit(draw, (MARGIN + 36 + title_w, (HAND_HEADER_H - 6) // 2 + 2), counts, 200, 20, TEXT_DIM, False,
              min_size=HAND_SMALL)

    leader_used = False
    used = view.get("leader_used") or []
    if isinstance(seat, int) and seat < len(used):
        leader_used = bool(used[seat])

    y0 = HAND_HEADER_H + 14
    if not hand:
        draw_text(draw, (MARGIN, y0 + 20), say(Msg("No cards in hand.")), 26, TEXT_DIM, anchor="lt")
    for k, card in enumerate(hand):
        x, y = origins[k]
        locked = leader_used and isinstance(card, dict) and card.get("id") in ("T-ALEX", "T-DARIUS")
        _draw_hand_card(draw, x, y, card, locked, lang)
        # the number a player types, then the label and the id
        cy = badges[k][1]
        draw_number_badge(draw, badges[k][0], cy, k + 1)
        label = say(card.get("label") or card.get("id") or "") if isinstance(card, dict) else str(card)
        _draw_fit(draw, (x + HAND_W // 2, cy + 36), label, HAND_W + HAND_GAP - 4, 19, TEXT, True,
                  anchor="mm", min_size=HAND_SMALL)
        card_id = str(card.get("id", "")) if isinstance(card, dict) else ""
        command_id = card_id.removeprefix("T-").lower() if card_id.startswith("T-") else card_id
        if command_id and command_id != label:
            _draw_fit(draw, (x + HAND_W // 2, cy + 60), command_id, HAND_W, 16, TEXT_DIM, False,
                      anchor="mm", min_size=HAND_SMALL)

    if scout_rows:
        y = y0 + rows * HAND_ROW_H + 6
        draw.line((MARGIN, y, width - MARGIN, y), fill=SLOT_OUTLINE, width=1)
        _draw_fit(draw, (MARGIN, y + 14), say(Msg("Scout (only you see this)")), width - 2 * MARGIN, 22, GOLD,
                  True, anchor="lt", min_size=22)
        y += 50
        for caption, cards in scout_rows:
            if not cards:
                _draw_fit(draw, (MARGIN, y + 14), caption, width - 2 * MARGIN, 19, TEXT, False)
                y += 34
                continue
            _draw_fit(draw, (MARGIN, y + 8), caption, width - 2 * MARGIN, 19, TEXT, True, anchor="lt", min_size=19)
            x = MARGIN
            for card, deck in cards:
                _draw_card(draw, x, y + 34, TILE_W, TILE_H, card, lang=lang)
                if deck:
                    _draw_fit(draw, (x + TILE_W + 6, y + 34 + TILE_H // 2), f"→ {deck}", 100, 18, TEXT_DIM, False,
                              min_size=HAND_SMALL)
                    x += TILE_W + 110
                else:
                    x += TILE_W + 8
            y += TILE_H + 50
    return _quantized_png(img)
