"""A Clash of Rage player's own picture (render_hand): what the private view gives its owner
(engine/clash_of_rage/views.py), every piece drawn as a card.

- The tactic hand: each card with its turn-order number large, its gold income and its
  reinforcements by tier (the stones' shapes and colours); the card chosen in secret this round
  (the view's `tactics.picks`, the owner's own) framed in gold, and once revealed, the card played this round.
- The tribe card: the three unit types, each with its strength, health, movement and speed (with
  what its equipment adds), its icons, the models in reserve and on the board's maximum, and its
  weapon and armour as cards (name and bonuses).
- Items set aside, legendary items forged, heroes owned, and a forge draw (the legendary cards
  drawn, one to keep) when the owner is forging.

Discord shows the picture about 550 px wide: on the 1040 px width (as the other hands) no text is
drawn under TEXT_MIN (18 px, 9.5 px there). `hand_content(view)` is everything of the view the picture draws:
equal contents, equal bytes.

It draws only what the view carries: a unit type's stats with its equipment are the view's
`seats[i].unit_stats`, the victory target its `target_vp`; it reads no rule module.
"""
from __future__ import annotations

from typing import Any

from PIL import Image

from engine.text import Msg, Seat
from render import toolkit
from render.clash_of_rage.palette import (
    ARMOUR, BACKGROUND, CARD, CARD_GREY, CARD_INK, GOLD, GOLD_DARK, INK, LEGENDARY, PALETTE, PANEL, STONE, TEXT,
    TEXT_DIM, WEAPON, WHITE, bonus_row, coin, crystal, hero_data, hero_mark, hero_name, hero_token, icon, item_data,
    item_name, seat_colour, stone_shape, tactic_data, target_vp, term, tribe_name, unit_data, unit_name,
)
from render.common import draw_text, font, say_fit, words, wrap_text
from render.common import seat_area as _area, seat_names as _names, text_px as tw, viewer_seat as _viewer
from render.common import whole as _int
from render.toolkit import mix, star

WIDTH = 1040
TEXT_MIN = 18                 # px: the least text, 9.5 px when the picture is shown 550 px wide
MARGIN = 20
HEADER_H = 100
TACTIC_W, TACTIC_H = 150, 222
UNIT_W = (WIDTH - 2 * MARGIN - 2 * 16) // 3
ITEM_W, ITEM_H = 236, 92
SECTION_HEAD = 46


def _own_hand(area: dict) -> list[str]:
    hand = area.get("tactic_hand")
    return [c for c in hand if isinstance(c, str)] if isinstance(hand, list) else []


def _forge_cards(view: dict, seat: int | None) -> list[str]:
    forge = view.get("forge")
    if isinstance(forge, dict) and forge.get("seat") == seat and isinstance(forge.get("cards"), list):
        return [c for c in forge["cards"] if isinstance(c, str)]
    return []


def _heroes(view: dict, seat: int | None) -> list[str]:
    return sorted(h for h, owner in (view.get("heroes") or {}).items() if owner == seat and seat is not None)


def unit_stats(area: dict, tier: int) -> dict:
    """A unit type's strength, health, speed, movement and icons with its equipment, as the view
    carries them; the printed card's values when it does not."""
    given = (area.get("unit_stats") or {}).get(str(tier))
    unit = unit_data(str(area.get("tribe") or ""), tier)
    printed = {"strength": unit.get("strength", 0), "health": unit.get("health", 0), "speed": unit.get("speed", 0),
               "movement": unit.get("movement", 0), "icons": dict(unit.get("icons") or {})}
    return {**printed, **given} if isinstance(given, dict) else printed


def _stats_content(stats: dict) -> tuple:
    return (stats["strength"], stats["health"], stats["speed"], stats["movement"],
            tuple(sorted(stats["icons"].items())))


def hand_content(view: dict) -> tuple:
    """Everything of a private view that `render_hand` draws: two views with the same content
    make the same picture, so the bot sends the one it drew before."""
    seat = _viewer(view)
    area = _area(view, seat)
    tac = view.get("tactics") or {}
    key = str(seat)
    equipped = area.get("equipped") or {}
    return (seat, area.get("tribe"), _int(area.get("gold")), _int(area.get("crystals")), _int(area.get("vp")),
            tuple(sorted((str(t), _int(n)) for t, n in (area.get("reserve") or {}).items())),
            tuple((str(t), (equipped.get(str(t)) or {}).get("weapon"), (equipped.get(str(t)) or {}).get("armour"))
                  for t in (1, 2, 3)),
            tuple(area.get("set_aside") or ()), tuple(area.get("legendary") or ()), tuple(_own_hand(area)),
            (tac.get("picks") or {}).get(key), (tac.get("revealed") or {}).get(key),
            _int(area.get("tactic_deck")) if not isinstance(area.get("tactic_deck"), list) else len(area["tactic_deck"]),
            len(area.get("tactic_discard") or []), tuple(_forge_cards(view, seat)), tuple(_heroes(view, seat)),
            view.get("round"), target_vp(view), bool(view.get("result")),
            tuple(_stats_content(unit_stats(area, t)) for t in (1, 2, 3)) if area.get("tribe") else ())


# ----------------------------------------------------------------------------- cards

def _tactic_card(card_id: str, lang: str, state: str) -> Image.Image:
    """A tactic card: the turn-order number large, the income, the reinforcements by tier.
    `state`: "" in hand, "picked" (chosen in secret), "played" (revealed this round)."""
    card = tactic_data(card_id)
    w, h = TACTIC_W, TACTIC_H
    tag = {"picked": Msg("your choice"), "played": Msg("played this round")}.get(state)
    tag_text = words(tag, lang) if tag else ""

    def paint(c: toolkit.Canvas) -> None:
        edge = GOLD if state else INK
        c.rounded_rectangle((0, 0, w - 1, h - 1), radius=12, fill=CARD, outline=edge, width=4 if state else 2)
        c.rounded_rectangle((8, 8, w - 9, 82), radius=8, fill=CARD_INK)
        number = str(card.get("turn_order", "?"))
        toolkit.text(c, (w / 2, 46), number, font=font(52, True), fill=CARD, anchor="mm")
        # income
        coin(c, 30, 106, 14)
        toolkit.text(c, (52, 106), f"+{_int(card.get('income'))}", font=font(24, True), fill=CARD_INK, anchor="lm")
        # reinforcements: a stone per tier with its count
        units = [(int(t), _int(n)) for t, n in sorted((card.get("reinforcement") or {}).items()) if _int(n)]
        y = 142
        x = 16
        if not units:
            say_fit(c, (w / 2, y), words(Msg("no units"), lang), TEXT_MIN, w - 20, CARD_GREY, anchor="mm",
                    min_size=TEXT_MIN)
        for tier, n in units:
            stone_shape(c, tier, x + 13, y, 15, min_size=TEXT_MIN)
            toolkit.text(c, (x + 31, y), f"×{n}", font=font(20, True), fill=CARD_INK, anchor="lm")
            x += 31 + tw(f"×{n}", 20, True) + 8
        if tag_text:
            lines = wrap_text(tag_text, TEXT_MIN, w - 24, True, max_lines=2)
            top = h - 12 - 22 * len(lines)
            c.rounded_rectangle((8, top, w - 9, h - 9), radius=6, fill=GOLD)
            for k, line in enumerate(lines):
                draw_text(c, (w / 2, top + 13 + 22 * k), line, TEXT_MIN, INK, True, anchor="mm")
    return toolkit.drawn(("cor_hand.tactic", card_id, lang, state), (w, h), paint)


def _item_card(item_id: str, lang: str, w: int = ITEM_W, h: int = ITEM_H, legendary: bool = False,
               caption: str = "") -> Image.Image:
    """An equipment card: its slot's colour band (weapon red, armour blue, legendary gold), its
    name, its cost when it has one, its bonuses as icons."""
    it = item_data(item_id)
    name = item_name(item_id, lang)
    slot = it.get("slot")
    slot_word = words(Msg("weapon") if slot == "weapon" else Msg("armour"), lang)
    colour = LEGENDARY if legendary or it.get("cost") is None else WEAPON if slot == "weapon" else ARMOUR

    def paint(c: toolkit.Canvas) -> None:
        c.rounded_rectangle((0, 0, w - 1, h - 1), radius=10, fill=colour, outline=INK, width=2)
        c.rounded_rectangle((5, 30, w - 6, h - 6), radius=7, fill=CARD)
        label = caption or slot_word
        say_fit(c, (12, 16), label[:1].upper() + label[1:], TEXT_MIN, w - 60, WHITE, True, anchor="lm",
                min_size=TEXT_MIN)
        cost = it.get("cost")
        if cost is not None:
            coin(c, w - 22, 16, 13)
            toolkit.text(c, (w - 22, 16), str(cost), font=font(TEXT_MIN, True), fill=INK, anchor="mm")
        say_fit(c, (12, 48), name, 19, w - 24, CARD_INK, True, anchor="lm", min_size=TEXT_MIN)
        bonus_row(c, 12, h - 22, it.get("bonus") or {}, 11, TEXT_MIN, fill=CARD_INK)
    return toolkit.drawn(("cor_hand.item", item_id, lang, w, h, legendary, caption), (w, h), paint)


def _empty_slot(slot: str, lang: str, w: int, h: int) -> Image.Image:
    said = words(Msg("no weapon") if slot == "weapon" else Msg("no armour"), lang)

    def paint(c: toolkit.Canvas) -> None:
        colour = WEAPON if slot == "weapon" else ARMOUR
        c.rounded_rectangle((0, 0, w - 1, h - 1), radius=10, outline=mix(colour, PANEL, 0.4), width=2)
        say_fit(c, (w / 2, h / 2), said, TEXT_MIN, w - 20, TEXT_DIM, anchor="mm", min_size=TEXT_MIN)
    return toolkit.drawn(("cor_hand.empty", slot, lang, w, h), (w, h), paint)


def _unit_card(tribe: str, tier: int, area: dict, lang: str) -> Image.Image:
    """A unit type of the tribe card: its tier's stone, name, stats (what the equipment adds in
    brackets), icons, models in reserve of the maximum, and its weapon and armour."""
    unit = unit_data(tribe, tier)
    slots = (area.get("equipped") or {}).get(str(tier)) or {}
    stats = unit_stats(area, tier)
    reserve = _int((area.get("reserve") or {}).get(str(tier)))
    name = unit_name(tribe, tier, lang)
    w = UNIT_W
    slot_h = ITEM_H
    h = 196 + 2 * (slot_h + 8)
    key = ("cor_hand.unit", tribe, tier, slots.get("weapon"), slots.get("armour"), reserve, lang, _stats_content(stats))

    def paint(c: toolkit.Canvas) -> None:
        band = mix(STONE[tier], CARD_INK, 0.2)
        c.rounded_rectangle((0, 0, w - 1, h - 1), radius=14, fill=mix(band, PANEL, 0.8), outline=band, width=2)
        c.rounded_rectangle((0, 0, w - 1, 60), radius=14, fill=band)
        c.rounded_rectangle((6, 48, w - 7, 186), radius=9, fill=CARD)
        stone_shape(c, tier, 28, 25, 17, outline=INK, min_size=TEXT_MIN)
        say_fit(c, (52, 25), name, 22, w - 64, WHITE if tier != 1 else INK, True, anchor="lm", min_size=TEXT_MIN)
        # the stats: base value, and the equipment's part in brackets
        rows = [("STR", unit.get("strength", 0), stats["strength"]), ("HP", unit.get("health", 0), stats["health"]),
                ("MOVE", unit.get("movement", 0), stats["movement"]),
                ("SPD", unit.get("speed", 0), stats["speed"])]
        col = (w - 24) / 4
        for k, (kind, base, total) in enumerate(rows):
            cx = 12 + k * col
            icon(c, kind, cx + 13, 76, 12)
            label = str(total)
            toolkit.text(c, (cx + 29, 76), label, font=font(22, True), fill=CARD_INK, anchor="lm")
            if total != base:
                toolkit.text(c, (cx + 30 + tw(label, 22, True), 70), f"+{total - base}", font=font(TEXT_MIN, True),
                             fill=WEAPON, anchor="lm")
        icons = {k: v for k, v in stats["icons"].items() if k not in ("STR", "HP", "SPD")}
        if icons:
            bonus_row(c, 14, 112, icons, 12, TEXT_MIN, fill=CARD_INK)
        else:
            draw_text(c, (14, 112), "—", 18, CARD_GREY, anchor="lm")
        said = words(Msg("Reserve {n} of {max}", n=reserve, max=_int(unit.get("max_models"))), lang)
        say_fit(c, (14, 150), said, TEXT_MIN, w - 28, CARD_INK, anchor="lm", min_size=TEXT_MIN)
        y = 194
        for slot in ("weapon", "armour"):
            item = slots.get(slot)
            legendary = bool(item) and item_data(item).get("cost") is None
            part = _item_card(item, lang, w - 16, slot_h, legendary) if item else _empty_slot(slot, lang, w - 16,
                                                                                             slot_h)
            c.image.alpha_composite(part, (8, y))
            y += slot_h + 8
    return toolkit.drawn(key, (w, h), paint)


# ----------------------------------------------------------------------------- the picture

def render_hand(view: dict, names, lang: str = "en") -> bytes:
    """A player's own cards, tribe card and equipment as PNG bytes, its words in `lang`."""
    names = _names(names, lang, _int(view.get("players")))

    def say(text: Any) -> str:
        return words(text, lang, names)

    seat = _viewer(view)
    area = _area(view, seat)
    tribe = str(area.get("tribe") or "")
    tac = view.get("tactics") or {}
    key = str(seat)
    hand = _own_hand(area)
    picked = (tac.get("picks") or {}).get(key)
    played = (tac.get("revealed") or {}).get(key)
    tactic_cards = [(c, "") for c in hand]
    if picked:
        tactic_cards.insert(0, (picked, "picked"))
    elif played:
        tactic_cards.insert(0, (played, "played"))
    forge = _forge_cards(view, seat)
    set_aside = [i for i in area.get("set_aside") or [] if isinstance(i, str)]
    legendary = [i for i in area.get("legendary") or [] if isinstance(i, str)]
    heroes = _heroes(view, seat)
    per_row = (WIDTH - 2 * MARGIN + 16) // (ITEM_W + 16)

    def rows_h(n: int) -> int:
        return ((n + per_row - 1) // per_row) * (ITEM_H + 16)

    unit_h = 196 + 2 * (ITEM_H + 8)
    height = HEADER_H + 14
    height += SECTION_HEAD + (TACTIC_H if tactic_cards else 40) + 20
    if forge:
        height += SECTION_HEAD + rows_h(len(forge)) + 4
    if tribe:
        height += SECTION_HEAD + unit_h + 20
    for items in (set_aside, legendary):
        if items:
            height += SECTION_HEAD + rows_h(len(items)) + 4
    if heroes:
        height += SECTION_HEAD + 44 * len(heroes) + 10
    height += MARGIN
    img = Image.new("RGB", (WIDTH, height), BACKGROUND)
    d = toolkit.canvas(img)

    # header: whose hand, the tribe, gold, crystals, VP, the round
    d.rectangle((0, 0, WIDTH, HEADER_H - 6), fill=PANEL)
    d.rectangle((MARGIN, 16, MARGIN + 12, HEADER_H - 22), fill=seat_colour(seat))
    title = say(Msg("{player} · your hand", player=Seat(seat)) if seat is not None else Msg("Your hand"))
    tribe_said = tribe_name(tribe, lang) if tribe else ""
    tribe_w = min(tw(tribe_said, 22), 360)
    say_fit(d, (WIDTH - MARGIN, 32), tribe_said, 22, tribe_w, TEXT_DIM, anchor="rm", min_size=TEXT_MIN)
    say_fit(d, (MARGIN + 26, 32), title, 30, WIDTH - 2 * MARGIN - 60 - tribe_w, TEXT, True, anchor="lm", min_size=18)
    y = 70
    x = MARGIN + 26
    coin(d, x + 11, y, 11)
    x += 28
    label = str(_int(area.get("gold")))
    toolkit.text(d, (x, y), label, font=font(22, True), fill=TEXT, anchor="lm")
    x += tw(label, 22, True) + 18
    crystal(d, x + 10, y, 12)
    x += 26
    label = str(_int(area.get("crystals")))
    toolkit.text(d, (x, y), label, font=font(22, True), fill=TEXT, anchor="lm")
    x += tw(label, 22, True) + 18
    star(d, x + 12, y, 13, GOLD, GOLD_DARK)
    x += 30
    label = f"{_int(area.get('vp'))}/{target_vp(view)}"
    toolkit.text(d, (x, y), label, font=font(22, True), fill=GOLD, anchor="lm")
    x += tw(label, 22, True) + 24
    bits = [Msg("Round {round}", round=_int(view.get("round"), 1))]
    if view.get("result"):
        bits.append(Msg("Game over"))
    say_fit(d, (WIDTH - MARGIN, y), " · ".join(say(b) for b in bits), 20, WIDTH - MARGIN - x, TEXT_DIM,
            anchor="rm", min_size=TEXT_MIN)

    def heading(y: int, text: str, note: str = "") -> int:
        text = text[:1].upper() + text[1:]
        w = say_fit(d, (MARGIN, y + 22), text, 24, WIDTH - 2 * MARGIN, TEXT, True, anchor="lm", min_size=TEXT_MIN)
        if note:
            say_fit(d, (MARGIN + w + 14, y + 23), note, TEXT_MIN, WIDTH - 2 * MARGIN - w - 14, TEXT_DIM, anchor="lm",
                    min_size=TEXT_MIN)
        return y + SECTION_HEAD

    def item_rows(y: int, items: list[str], legendary_items: bool) -> int:
        for k, item in enumerate(items):
            x = MARGIN + (k % per_row) * (ITEM_W + 16)
            yy = y + (k // per_row) * (ITEM_H + 16)
            toolkit.paste(d, _item_card(item, lang, legendary=legendary_items), (x, yy))
        return y + rows_h(len(items)) + 4

    y = HEADER_H + 14
    deck = area.get("tactic_deck")
    deck_n = len(deck) if isinstance(deck, list) else _int(deck)
    note = say(Msg("Deck {deck} · Discard {discard}", deck=deck_n, discard=len(area.get("tactic_discard") or [])))
    y = heading(y, say(term("tactic card")), note)
    if not tactic_cards:
        draw_text(d, (MARGIN, y + 14), say(Msg("No cards in hand.")), 20, TEXT_DIM, anchor="lm")
        y += 40
    else:
        for k, (card, state) in enumerate(tactic_cards):
            toolkit.paste(d, _tactic_card(card, lang, state), (MARGIN + k * (TACTIC_W + 16), y))
        y += TACTIC_H
    y += 20
    if forge:
        y = heading(y, say(Msg("Keep one of the legendary items you drew.")))
        y = item_rows(y, forge, True)
    if tribe:
        y = heading(y, say(term("tribe card")), tribe_said)
        for tier in (1, 2, 3):
            part = _unit_card(tribe, tier, area, lang)
            toolkit.paste(d, part, (MARGIN + (tier - 1) * (UNIT_W + 16), y))
        y += unit_h + 20
    if set_aside:
        y = heading(y, say(Msg("Set aside")))
        y = item_rows(y, set_aside, False)
    if legendary:
        y = heading(y, say(term("legendary equipment")), say(Msg("{n} VP for good", n=len(legendary))))
        y = item_rows(y, legendary, True)
    if heroes:
        y = heading(y, say(term("hero")))
        for hero in heroes:
            h = hero_data(hero)
            part = hero_token(seat, hero_mark(hero, lang), 15, TEXT_MIN)
            toolkit.paste(d, part, (MARGIN, y + 2))
            x = MARGIN + part.width + 12
            x += say_fit(d, (x, y + 20), hero_name(hero, lang), 20, 300, TEXT, True, anchor="lm", min_size=TEXT_MIN) + 16
            icon(d, "MOVE", x + 11, y + 20, 11)
            toolkit.text(d, (x + 26, y + 20), str(_int(h.get("movement"))), font=font(18, True), fill=TEXT,
                         anchor="lm")
            x += 50
            bonus = dict(h.get("bonus") or {})
            if h.get("special"):
                bonus[str(h["special"])] = 1
            bonus_row(d, x, y + 20, bonus, 11, TEXT_MIN)
            y += 44
    return PALETTE.png(img)


