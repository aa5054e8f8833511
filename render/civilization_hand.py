"""A Civilization player's own picture (render_hand): what the private view gives its owner
(engine/civilization/views.py), every piece drawn as a card.

- The header: the player, the civilization, government, trade, coins, culture, the turn.
- The secret research pick (research.picks, the owner's own) while the others still choose.
- The battle hand during a battle (the owner's side: its unit cards with their strength at the
  owner's rank; the barbarians' hand too when the owner plays them).
- The standing forces as unit cards: the type's colour, the unit's name at the owner's rank, its
  strength large.
- The culture event hand as cards: the name, the era's deck.
- The hut and village resources kept face down.

Discord shows the picture about 550 px wide: at 1040 px a card's name stays 8-10 px high there.
`hand_content(view)` is everything of the view the picture draws: equal contents, equal bytes.

render.civilization imports this module at its end (its render_hand is this one).
"""
from __future__ import annotations

from typing import Any

from PIL import Image

from engine.text import Msg, Seat, plural
from render import toolkit
from render.civilization import (
    BACKGROUND, CARD, CARD_GREY, CARD_INK, GOLD, INK, PALETTE, PANEL, PANEL_EDGE, RESOURCE, TECH_LEVEL, TEXT,
    TEXT_DIM, UNIT_TYPE, WHITE, _int, _mix, _names, civ_name, culture_card_era, culture_card_name,
    era_name, government_name, icon_token, paste_centred, resource_chip, resource_name, say_fit, seat_colour,
    tech_level, tech_name, term, tw, unit_card_name, unit_card_type, unit_strength, unit_type_name,
)
from render.common import draw_text, font, words, wrap_text
from render.common import seat_area as _area, viewer_seat as _viewer

WIDTH = 1040
MARGIN = 20
HEADER_H = 96
UNIT_W, UNIT_H = 150, 150
CULTURE_W, CULTURE_H = 190, 110
SECTION_HEAD = 44
GAP = 12
ERA: dict[str, tuple[int, int, int]] = {"ancient": (176, 130, 70), "medieval": (90, 110, 170),
                                        "modern": (70, 150, 120)}


def _own(value: Any) -> list[str]:
    return [c for c in value if isinstance(c, str)] if isinstance(value, list) else []


def battle_hand(view: dict, seat: int | None) -> tuple[tuple[str, str, int], ...]:
    """The viewer's battle hands: (side, card, rank) for each card the view shows the viewer."""
    b = view.get("battle")
    if not isinstance(b, dict) or b.get("step") == "loot" or seat is None:
        return ()
    out = []
    ranks = b.get("ranks") or {}
    for side in ("attacker", "defender"):
        if (b.get("seats") or {}).get(side) != seat:
            continue
        for card in _own((b.get("hands") or {}).get(side)):
            out.append((side, card, _int((ranks.get(side) or {}).get(unit_card_type(card)), 1)))
    return tuple(out)


def research_pick(view: dict, seat: int | None) -> str | None:
    res = view.get("research")
    if seat is None or not isinstance(res, dict) or "revealed" in res:
        return None
    pick = (res.get("picks") or {}).get(str(seat))
    return pick if isinstance(pick, str) else None


def hand_content(view: dict) -> tuple:
    """Everything of a private view that `render_hand` draws: two views with the same content
    make the same picture, so the bot sends the one it drew before."""
    seat = _viewer(view)
    area = _area(view, seat)
    ranks = area.get("ranks") or {}
    return (seat, _int(view.get("players")), area.get("civ"), area.get("government"), _int(area.get("trade")),
            _int(area.get("coins")), _int(area.get("culture_tokens")), _int(area.get("culture_level")),
            tuple(sorted((str(k), _int(v)) for k, v in ranks.items())),
            tuple(_own(area.get("standing_forces"))), tuple(_own(area.get("culture_hand"))),
            tuple(_own(area.get("hidden_resources"))), tuple(_own(area.get("resources"))),
            battle_hand(view, seat), research_pick(view, seat), _int(view.get("turn"), 1), bool(view.get("result")))


# ----------------------------------------------------------------------------- cards

def unit_card(card: str, rank: int, lang: str) -> Image.Image:
    """A unit card: its type's colour band with the type's name, the strength large, the unit's
    name at the owner's rank."""
    kind = unit_card_type(card)
    colour = UNIT_TYPE.get(kind, CARD_GREY)
    strength = unit_strength(card, rank)
    name = unit_card_name(card, rank, lang)
    type_name = unit_type_name(kind, lang) if kind else ""
    w, h = UNIT_W, UNIT_H

    def paint(c: toolkit.Canvas) -> None:
        c.rounded_rectangle((0, 0, w - 1, h - 1), radius=12, fill=CARD, outline=colour, width=4)
        c.rounded_rectangle((0, 0, w - 1, 34), radius=12, fill=colour)
        c.rectangle((2, 22, w - 3, 34), fill=colour)
        say_fit(c, (w / 2, 18), type_name, 17, w - 16, WHITE, True, anchor="mm", min_size=11)
        c.ellipse((w / 2 - 30, 44, w / 2 + 30, 104), fill=_mix(colour, CARD, 0.7), outline=colour, width=3)
        toolkit.text(c, (w / 2, 74), str(strength), font=font(38, True), fill=CARD_INK, anchor="mm")
        say_fit(c, (w / 2, 126), name, 17, w - 16, CARD_INK, True, anchor="mm", min_size=10)
    return toolkit.drawn(("civ_hand.unit", card, rank, lang), (w, h), paint)


def culture_card(card: str, lang: str) -> Image.Image:
    """A culture event card: its era's colour, the era's name, the card's name (wrapped)."""
    era = culture_card_era(card)
    colour = ERA.get(era, CARD_GREY)
    name = culture_card_name(card, lang)
    era_said = era_name(era, lang)
    w, h = CULTURE_W, CULTURE_H

    def paint(c: toolkit.Canvas) -> None:
        c.rounded_rectangle((0, 0, w - 1, h - 1), radius=12, fill=CARD, outline=colour, width=4)
        c.rounded_rectangle((0, 0, w - 1, 30), radius=12, fill=colour)
        c.rectangle((2, 18, w - 3, 30), fill=colour)
        say_fit(c, (w / 2, 16), era_said, 15, w - 16, WHITE, True, anchor="mm", min_size=10)
        lines = wrap_text(name, 18, w - 20, True, max_lines=3)
        y = 30 + (h - 30) / 2 - (len(lines) - 1) * 12
        for line in lines:
            draw_text(c, (w / 2, y), line, 18, CARD_INK, True, anchor="mm")
            y += 24
    return toolkit.drawn(("civ_hand.culture", card, lang), (w, h), paint)


# ----------------------------------------------------------------------------- the picture

def render_hand(view: dict, names, lang: str = "en") -> bytes:
    """A player's own unit cards, culture cards, resources, battle hand and research pick as PNG
    bytes, its words in `lang`."""
    names = _names(names, lang, max(_int(view.get("players")), 4))

    def say(text: Any) -> str:
        return words(text, lang, names)

    seat = _viewer(view)
    area = _area(view, seat)
    ranks = area.get("ranks") or {}
    forces = _own(area.get("standing_forces"))
    culture = _own(area.get("culture_hand"))
    hidden = _own(area.get("hidden_resources"))
    battle = battle_hand(view, seat)
    pick = research_pick(view, seat)
    per_row_units = (WIDTH - 2 * MARGIN + GAP) // (UNIT_W + GAP)
    per_row_culture = (WIDTH - 2 * MARGIN + GAP) // (CULTURE_W + GAP)

    def rows(n: int, per: int, h: int) -> int:
        return max(1, (n + per - 1) // per) * (h + GAP)

    height = HEADER_H + 10
    if pick:
        height += SECTION_HEAD + 40
    if battle:
        height += SECTION_HEAD + rows(len(battle), per_row_units, UNIT_H) + 8
    height += SECTION_HEAD + (rows(len(forces), per_row_units, UNIT_H) if forces else 36) + 8
    height += SECTION_HEAD + (rows(len(culture), per_row_culture, CULTURE_H) if culture else 36) + 8
    height += SECTION_HEAD + 40 + MARGIN
    img = Image.new("RGB", (WIDTH, height), BACKGROUND)
    d = toolkit.canvas(img)

    # header
    d.rectangle((0, 0, WIDTH, HEADER_H - 6), fill=PANEL)
    d.rectangle((MARGIN, 16, MARGIN + 12, HEADER_H - 22), fill=seat_colour(seat))
    title = say(Msg("{player} · your hand", player=Seat(seat)) if seat is not None else Msg("Your hand"))
    civ = civ_name(area.get("civ"), lang)
    gov = government_name(area.get("government"), lang)
    right = f"{civ} · {gov}" if gov else civ
    right_w = min(tw(right, 20), 400)
    say_fit(d, (WIDTH - MARGIN, 32), right, 20, right_w, TEXT_DIM, anchor="rm", min_size=12)
    say_fit(d, (MARGIN + 26, 32), title, 28, WIDTH - 2 * MARGIN - 60 - right_w, TEXT, True, anchor="lm",
            min_size=16)
    y = 68
    x = MARGIN + 26
    bits = [("trade", f"{_int(area.get('trade'))}/27"), ("coin", str(_int(area.get("coins")))),
            ("culture", str(_int(area.get("culture_tokens"))))]
    for kind, label in bits:
        paste_centred(d, icon_token(kind, 0, 9), x + 10, y)
        toolkit.text(d, (x + 24, y), label, font=font(20, True), fill=TEXT, anchor="lm")
        x += 24 + tw(label, 20, True) + 20
    status = [say(Msg("Turn {turn}", turn=_int(view.get("turn"), 1)))]
    if view.get("result"):
        status.append(say(Msg("Game over")))
    say_fit(d, (WIDTH - MARGIN, y), " · ".join(status), 18, WIDTH - MARGIN - x, TEXT_DIM, anchor="rm", min_size=12)

    def heading(y: int, text: str, note: str = "") -> int:
        text = text[:1].upper() + text[1:]
        w = say_fit(d, (MARGIN, y + 22), text, 22, WIDTH - 2 * MARGIN, TEXT, True, anchor="lm", min_size=14)
        if note:
            say_fit(d, (MARGIN + w + 14, y + 23), note, 17, WIDTH - 2 * MARGIN - w - 14, TEXT_DIM, anchor="lm",
                    min_size=11)
        return y + SECTION_HEAD

    def card_rows(y: int, parts: list[Image.Image], w: int, h: int, per: int) -> int:
        for k, part in enumerate(parts):
            toolkit.paste(d, part, (MARGIN + (k % per) * (w + GAP), y + (k // per) * (h + GAP)))
        return y + rows(len(parts), per, h) + 8

    def nothing(y: int) -> int:
        draw_text(d, (MARGIN, y + 12), say(Msg("none")), 18, TEXT_DIM, anchor="lm")
        return y + 36 + 8

    y = HEADER_H + 10
    if pick:
        y = heading(y, say(term("Research")), say(Msg("your choice")))
        label = tech_name(pick, lang) if pick != "none" else say(Msg("none"))
        fill = TECH_LEVEL.get(tech_level(pick), CARD) if pick != "none" else PANEL_EDGE
        cw = tw(label, 20, True) + 24
        toolkit.round_box(d, (MARGIN, y, MARGIN + cw, y + 32), radius=6, fill=fill, outline=GOLD, width=2)
        draw_text(d, (MARGIN + cw / 2, y + 16), label, 20, INK, True, anchor="mm")
        y += 40
    if battle:
        side = battle[0][0]
        y = heading(y, say(term("battle hand")), say(term(side)))
        y = card_rows(y, [unit_card(card, rank, lang) for _side, card, rank in battle], UNIT_W, UNIT_H,
                      per_row_units)
    y = heading(y, say(term("standing forces")), say(plural("{n} card", "{n} cards", len(forces))))
    if forces:
        parts = [unit_card(card, _int(ranks.get(unit_card_type(card)), 1), lang) for card in forces]
        y = card_rows(y, parts, UNIT_W, UNIT_H, per_row_units)
    else:
        y = nothing(y)
    y = heading(y, say(term("culture event")), say(plural("{n} card", "{n} cards", len(culture))))
    if culture:
        y = card_rows(y, [culture_card(card, lang) for card in culture], CULTURE_W, CULTURE_H, per_row_culture)
    else:
        y = nothing(y)
    y = heading(y, say(term("resource")), say(Msg("from huts and villages, face down")))
    if hidden:
        x = MARGIN
        for res in hidden:
            chip = resource_chip(res, lang, 26)
            label = resource_name(res, lang)
            cw = chip.width + 8 + tw(label, 18, True) + 14
            toolkit.round_box(d, (x, y, x + cw, y + 32), radius=6, fill=_mix(RESOURCE.get(res, CARD_GREY), PANEL, 0.6))
            toolkit.paste(d, chip, (x + 3, y + 3))
            draw_text(d, (x + chip.width + 10, y + 16), label, 18, TEXT, True, anchor="lm")
            x += cw + 8
            if x > WIDTH - MARGIN - 160:
                break
    else:
        draw_text(d, (MARGIN, y + 12), say(Msg("none")), 18, TEXT_DIM, anchor="lm")
    return PALETTE.png(img)
