"""A Civilization player's own picture (render_hand): what the private view gives its owner
(engine/civilization/views.py), every piece drawn as a card.

- The header: the player, the civilization, government, trade, coins, culture, the turn.
- The secret research pick (research.picks, the owner's own) while the others still choose.
- The battle hand during a battle (the owner's side: its unit cards with their strength at the
  owner's rank; the barbarians' hand too when the owner plays them).
- The standing forces as unit cards: the type's colour, the unit's name at the owner's rank, its
  strength large.
- The culture event hand as cards: the era's deck and the card's timing in its band, the name,
  the effect (wrapped; an ellipsis only past six lines, which no card text needs).
- Trade offers the owner made or received (drafts, sent offers): what each side gives. Only the
  two seats' own pictures show them (the board says only how many wait).
- Tech abilities: each tech card it holds with a resource ability (the phase, the cost as
  resource chips, the text; dimmed while it lacks the resources) or a coin task (the coin tokens
  on the card out of its cap, the task).
- Its wonders with their abilities (an obsolete one greyed and marked).
- The hut and village resources kept face down, and its market resources.

Discord shows the picture about 550 px wide: at 1040 px a card's name stays 8-10 px high there,
a card's 16 px text 8 px.
`hand_content(view)` is everything of the view the picture draws: equal contents, equal bytes.

The unit cards' types, names and strengths are the view's "unit_cards", whether a resource
ability is payable now its own seat's "payable_abilities" (engine/civilization/views.py).
"""
from __future__ import annotations

from typing import Any

from PIL import Image

from engine.text import Msg, Seat, plural
from render import toolkit
from render.civilization.palette import (
    BACKGROUND,
    BLOCKADE,
    CARD,
    CARD_GREY,
    CARD_INK,
    GOLD,
    ICON,
    INK,
    OBSOLETE,
    PALETTE,
    PANEL,
    PANEL_EDGE,
    PHASES,
    RESOURCE,
    TECH_LEVEL,
    TEXT,
    TEXT_DIM,
    UNIT_TYPE,
    WHITE,
    WONDER,
    _mix,
    _record,
    card_coins,
    card_text,
    civ_name,
    culture_card_era,
    culture_card_name,
    culture_kind,
    draw_key,
    era_name,
    government_name,
    icon_token,
    named,
    obsolete_wonders,
    resource_chip,
    resource_name,
    seat_colour,
    seat_light,
    tech_level,
    tech_name,
    term,
    unit_card_name,
    unit_card_type,
    unit_strength,
    unit_type_name,
)
from render.common import (
    draw_text,
    draw_wrapped,
    font,
    is_seat,
    say_fit,
    words,
    wrap_text,
)
from render.common import seat_area as _area
from render.common import seat_names as _names
from render.common import text_px as tw
from render.common import viewer_seat as _viewer
from render.common import whole as _int
from render.toolkit import paste_centred

WIDTH = 1000
MARGIN = 20
HEADER_H = 96
UNIT_W, UNIT_H = 150, 150
CULTURE_W, CULTURE_H = 312, 224
SMALL = 17                             # the least text: 9.35 px at Discord's preview (1000 px shown 550)
EFFECT_SIZE, EFFECT_LINE = 17, 21      # a card's text
CANVAS_H = 2400                        # drawn on a canvas this tall (taller when that is not enough),
                                       # then cropped to what was drawn
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
    units = view.get("unit_cards") or {}
    for side in ("attacker", "defender"):
        if (b.get("seats") or {}).get(side) != seat:
            continue
        for card in _own((b.get("hands") or {}).get(side)):
            out.append((side, card, _int((ranks.get(side) or {}).get(unit_card_type(units, card)), 1)))
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
            battle_hand(view, seat), research_pick(view, seat), _int(view.get("turn"), 1), bool(view.get("result")),
            tuple(tech_abilities(area)), tuple(sorted(card_coins(area).items())), tuple(own_wonders(view, area)),
            tuple(repr(o) for o in own_offers(view, seat)), tuple(_own(area.get("payable_abilities"))),
            tuple((view.get("layout") or {}).get("icons") or []) if isinstance(view.get("layout"), dict) else ())


def tech_abilities(area: dict) -> list[str]:
    """The seat's tech cards with a resource ability or a coin task, in its pyramid's order."""
    out = []
    for t in area.get("techs") or []:
        tid = str(t.get("id") if isinstance(t, dict) else t)
        rec = _record("techs", tid)
        if rec.get("resource_ability") or rec.get("coin_task"):
            out.append(tid)
    return out


def own_wonders(view: dict, area: dict) -> list[tuple[str, bool]]:
    """(wonder, obsolete) for each wonder the seat has built."""
    gone = obsolete_wonders(view)
    return [(str(w), str(w) in gone) for w in area.get("wonders") or [] if isinstance(w, str)]


def own_offers(view: dict, seat: int | None) -> list[dict]:
    """The trade offers `seat` made or received (its own view holds only those)."""
    offers = view.get("offers")
    if isinstance(offers, dict):
        offers = list(offers.values())
    if seat is None or not isinstance(offers, list):
        return []
    return [o for o in offers if isinstance(o, dict) and seat in (o.get("from"), o.get("to"))]


def can_pay(area: dict, tech: str) -> bool:
    """Whether the seat's resources pay the tech's resource ability now (its view says)."""
    return tech in _own(area.get("payable_abilities"))


# ----------------------------------------------------------------------------- cards

def unit_card(units: dict, card: str, rank: int, lang: str) -> Image.Image:
    """A unit card: its type's colour band with the type's name, the strength large, the unit's
    name at the owner's rank (`units`: the view's "unit_cards")."""
    kind = unit_card_type(units, card)
    colour = UNIT_TYPE.get(kind, CARD_GREY)
    strength = unit_strength(units, card, rank)
    name = unit_card_name(units, card, rank, lang)
    type_name = unit_type_name(kind, lang) if kind else ""
    w, h = UNIT_W, UNIT_H

    def paint(c: toolkit.Canvas) -> None:
        c.rounded_rectangle((0, 0, w - 1, h - 1), radius=12, fill=CARD, outline=colour, width=4)
        c.rounded_rectangle((0, 0, w - 1, 34), radius=12, fill=colour)
        c.rectangle((2, 22, w - 3, 34), fill=colour)
        say_fit(c, (w / 2, 18), type_name, 17, w - 16, WHITE, True, anchor="mm", min_size=SMALL)
        c.ellipse((w / 2 - 30, 44, w / 2 + 30, 104), fill=_mix(colour, CARD, 0.7), outline=colour, width=3)
        toolkit.text(c, (w / 2, 74), str(strength), font=font(38, True), fill=CARD_INK, anchor="mm")
        say_fit(c, (w / 2, 126), name, 17, w - 16, CARD_INK, True, anchor="mm", min_size=SMALL)
    return toolkit.drawn(("civ_hand.unit", card, rank, lang), (w, h), paint)


def timing_name(timing: str) -> Any:
    """A card's timing (the phase it is played in) as words."""
    if timing in PHASES:
        return term(PHASES[timing])
    if timing == "battle":
        return term("battle")
    if timing == "any":
        return Msg("any time")
    return timing


NAME_SIZE, NAME_LINE = 19, 23
CARD_TOP = 38                           # the name's first line under the era's band


def culture_card_height(card: str, lang: str) -> int:
    """The height a culture card needs for its name and whole effect (at most six lines)."""
    name = culture_card_name(card, lang)
    effect = card_text("culture_events", culture_kind(card), "effect", lang)
    names = len(wrap_text(name, NAME_SIZE, CULTURE_W - 24, True, max_lines=2)) or 1
    lines = len(wrap_text(effect, EFFECT_SIZE, CULTURE_W - 24, False, max_lines=6))
    return CARD_TOP + names * NAME_LINE + 9 + lines * EFFECT_LINE + 12


def culture_card(card: str, lang: str, h: int = CULTURE_H) -> Image.Image:
    """A culture event card `h` high: its era's colour band with the era's name and the card's
    timing, the card's name, its effect (wrapped)."""
    era = culture_card_era(card)
    colour = ERA.get(era, CARD_GREY)
    name = culture_card_name(card, lang)
    era_said = era_name(era, lang)
    rec = _record("culture_events", culture_kind(card))
    timing = words(timing_name(str(rec.get("timing") or "")), lang)
    timing = timing[:1].upper() + timing[1:]
    effect = card_text("culture_events", culture_kind(card), "effect", lang)
    w = CULTURE_W

    def paint(c: toolkit.Canvas) -> None:
        c.rounded_rectangle((0, 0, w - 1, h - 1), radius=12, fill=CARD, outline=colour, width=4)
        c.rounded_rectangle((0, 0, w - 1, 32), radius=12, fill=colour)
        c.rectangle((2, 18, w - 3, 32), fill=colour)
        tw_ = say_fit(c, (w - 12, 17), timing, SMALL, w * 0.6, WHITE, True, anchor="rm", min_size=SMALL)
        say_fit(c, (12, 17), era_said, SMALL, w - tw_ - 34, _mix(colour, WHITE, 0.7), anchor="lm", min_size=SMALL)
        y = draw_wrapped(c, (12, CARD_TOP), name, NAME_SIZE, w - 24, CARD_INK, True, max_lines=2,
                         line_height=NAME_LINE)
        c.line((12, y + 3, w - 13, y + 3), fill=_mix(colour, CARD, 0.5), width=2)
        room = max(1, (h - 10 - (y + 9)) // EFFECT_LINE)
        draw_wrapped(c, (12, y + 9), effect, EFFECT_SIZE, w - 24, CARD_INK, max_lines=room, line_height=EFFECT_LINE)
    return toolkit.drawn(("civ_hand.culture", card, lang, h), (w, h), paint)


# ----------------------------------------------------------------------------- the picture

def render_hand(view: dict, names, lang: str = "en") -> bytes:
    """A player's own unit cards, culture cards, offers, tech abilities, wonders, resources, battle
    hand and research pick as PNG bytes, its words in `lang`."""
    hand = _Hand(view, names, lang, CANVAS_H)
    png = hand.render()
    if hand.height > CANVAS_H:   # a long hand: drawn again on a canvas that holds it
        png = _Hand(view, names, lang, hand.height).render()
    return png


class _Hand:
    def __init__(self, view: dict, names, lang: str, canvas_h: int):
        self.view, self.lang = view, lang
        self.names = _names(names, lang, max(_int(view.get("players")), 4))
        self.seat = _viewer(view)
        self.area = _area(view, self.seat)
        self.height = 0
        self.img = Image.new("RGB", (WIDTH, canvas_h), BACKGROUND)
        self.d = toolkit.canvas(self.img)

    def say(self, text: Any) -> str:
        return words(text, self.lang, self.names)

    # -- layout helpers
    def heading(self, y: int, text: str, note: str = "") -> int:
        d = self.d
        text = text[:1].upper() + text[1:]
        w = say_fit(d, (MARGIN, y + 22), text, 22, WIDTH - 2 * MARGIN, TEXT, True, anchor="lm", min_size=SMALL)
        if note:
            say_fit(d, (MARGIN + w + 14, y + 23), note, 17, WIDTH - 2 * MARGIN - w - 14, TEXT_DIM, anchor="lm",
                    min_size=SMALL)
        return y + SECTION_HEAD

    def card_rows(self, y: int, parts: list[Image.Image], w: int, h: int) -> int:
        per = (WIDTH - 2 * MARGIN + GAP) // (w + GAP)
        for k, part in enumerate(parts):
            toolkit.paste(self.d, part, (MARGIN + (k % per) * (w + GAP), y + (k // per) * (h + GAP)))
        return y + max(1, (len(parts) + per - 1) // per) * (h + GAP) + 8

    def nothing(self, y: int) -> int:
        draw_text(self.d, (MARGIN, y + 12), self.say(Msg("none")), 18, TEXT_DIM, anchor="lm")
        return y + 36 + 8

    def chip(self, x: int, y: int, label: str, fill, ink, size: int = 17, h: int = 28, max_w: int = 400) -> int:
        """A rounded chip with a label; returns its width."""
        cw = min(max_w, tw(label, size, True) + 18)
        toolkit.round_box(self.d, (x, y, x + cw - 1, y + h - 1), radius=6, fill=fill)
        say_fit(self.d, (x + cw / 2, y + h / 2), label, size, cw - 10, ink, True, anchor="mm", min_size=SMALL)
        return cw

    # -- the sections
    def draw_header(self) -> int:
        d, area, view, lang = self.d, self.area, self.view, self.lang
        seat = self.seat
        d.rectangle((0, 0, WIDTH, HEADER_H - 6), fill=PANEL)
        d.rectangle((MARGIN, 16, MARGIN + 12, HEADER_H - 22), fill=seat_colour(seat))
        title = self.say(Msg("{player} · your hand", player=Seat(seat)) if seat is not None else Msg("Your hand"))
        civ = civ_name(area.get("civ"), lang)
        gov = government_name(area.get("government"), lang)
        right = f"{civ} · {gov}" if gov else civ
        right_w = min(tw(right, 20), 400)
        say_fit(d, (WIDTH - MARGIN, 32), right, 20, right_w, TEXT_DIM, anchor="rm", min_size=SMALL)
        say_fit(d, (MARGIN + 26, 32), title, 28, WIDTH - 2 * MARGIN - 60 - right_w, TEXT, True, anchor="lm",
                min_size=SMALL)
        y = 68
        x = MARGIN + 26
        bits = [("trade", f"{_int(area.get('trade'))}/27"), ("coin", str(_int(area.get("coins")))),
                ("culture", str(_int(area.get("culture_tokens"))))]
        for kind, label in bits:
            paste_centred(d, icon_token(kind, 0, 9), x + 10, y)
            toolkit.text(d, (x + 24, y), label, font=font(20, True), fill=TEXT, anchor="lm")
            x += 24 + tw(label, 20, True) + 20
        status = [self.say(Msg("Turn {turn}", turn=_int(view.get("turn"), 1)))]
        if view.get("result"):
            status.append(self.say(Msg("Game over")))
        say_fit(d, (WIDTH - MARGIN, y), " · ".join(status), 18, WIDTH - MARGIN - x, TEXT_DIM, anchor="rm",
                min_size=SMALL)
        return HEADER_H + 10

    def draw_pick(self, y: int, pick: str) -> int:
        d, lang = self.d, self.lang
        y = self.heading(y, self.say(term("Research")), self.say(Msg("your choice")))
        label = tech_name(pick, lang) if pick != "none" else self.say(Msg("none"))
        fill = TECH_LEVEL.get(tech_level(pick), CARD) if pick != "none" else PANEL_EDGE
        cw = tw(label, 20, True) + 24
        toolkit.round_box(d, (MARGIN, y, MARGIN + cw, y + 32), radius=6, fill=fill, outline=GOLD, width=2)
        draw_text(d, (MARGIN + cw / 2, y + 16), label, 20, INK, True, anchor="mm")
        return y + 40

    def offer_side(self, part: Any, chooser_is_me: bool) -> str:
        """What one side of an offer holds, in words ("?" items: one its giver chooses, the
        reader when `chooser_is_me`)."""
        lang = self.lang
        part = part if isinstance(part, dict) else {}
        bits = []
        if _int(part.get("trade")):
            bits.append(self.say(Msg("{n} {what}", n=_int(part.get("trade")), what=term("trade"))))
        if _int(part.get("culture")):
            bits.append(self.say(plural("{n} culture token", "{n} culture tokens", _int(part.get("culture")))))
        for r in part.get("resources") or []:
            bits.append(resource_name(str(r), lang))
        chosen = Msg("your choice") if chooser_is_me else Msg("their choice")
        for r in part.get("hidden") or []:
            if r == "?":
                bits.append(self.say(Msg("{what} ({who})", what=term("resource"), who=chosen)))
            else:
                bits.append(self.say(Msg("{what} (face down)", what=resource_name(str(r), lang))))
        for card in part.get("cards") or []:
            if card == "?":
                bits.append(self.say(Msg("{what} ({who})", what=term("culture event"), who=chosen)))
            else:
                bits.append(culture_card_name(str(card), lang))
        return " · ".join(bits) if bits else self.say(Msg("nothing"))

    def draw_offers(self, y: int, offers: list[dict]) -> int:
        d, seat = self.d, self.seat
        y = self.heading(y, self.say(Msg("Trade offers")), self.say(Msg("only you and the other player see these")))
        w = WIDTH - 2 * MARGIN
        for o in offers:
            mine = o.get("from") == seat
            other = o.get("to") if mine else o.get("from")
            who = Seat(other) if is_seat(other) else "?"
            status = o.get("status") or "sent"
            if mine:
                title = Msg("To {player} · draft", player=who) if status == "draft" else \
                    Msg("To {player} · sent", player=who)
                you_give, you_get = o.get("give"), o.get("get")
            else:
                title = Msg("From {player}", player=who)
                you_give, you_get = o.get("get"), o.get("give")
            lines = [(Msg("You give"), self.offer_side(you_give, True)),
                     (Msg("You get"), self.offer_side(you_get, False))]
            label_w = max(tw(self.say(m), 17, True) for m, _ in lines) + 16
            wrapped = [wrap_text(text, 17, w - 40 - label_w, False, max_lines=3) for _m, text in lines]
            h = 40 + sum(len(ls) for ls in wrapped) * 22 + 8
            colour = seat_colour(other)
            toolkit.round_box(d, (MARGIN, y, MARGIN + w - 1, y + h - 1), radius=8, fill=PANEL,
                              outline=_mix(colour, PANEL, 0.3), width=2)
            d.rectangle((MARGIN + 2, y + 8, MARGIN + 8, y + h - 9), fill=colour)
            say_fit(d, (MARGIN + 20, y + 20), self.say(title), 19, w - 40, TEXT, True, anchor="lm", min_size=SMALL)
            ly = y + 40
            for (label, _text), ls in zip(lines, wrapped):
                draw_text(d, (MARGIN + 20, ly + 11), self.say(label), 17, TEXT_DIM, True, anchor="lm")
                for line in ls:
                    draw_text(d, (MARGIN + 20 + label_w, ly + 11), line, 17, TEXT, anchor="lm")
                    ly += 22
            y += h + GAP
        return y + 4

    def ability_row(self, y: int, left, left_h: int, text: str, dim: bool, note: str = "",
                    note_colour=TEXT_DIM) -> int:
        """One row of the abilities: `left(x, y)` draws the card's chips in a column 300 px wide
        and `left_h` high, the text (after a bold `note`) wrapped to the right of it; returns the y
        under the row."""
        d = self.d
        w = WIDTH - 2 * MARGIN
        col = 300
        lines = wrap_text(text, EFFECT_SIZE, w - col - 24, False, max_lines=4)
        if note:
            lines = [note] + lines
        h = max(12 + len(lines) * EFFECT_LINE + 6, left_h + 16, 44)
        toolkit.round_box(d, (MARGIN, y, MARGIN + w - 1, y + h - 1), radius=8,
                          fill=_mix(PANEL, BACKGROUND, 0.5) if dim else PANEL)
        left(MARGIN + 10, y + 8)
        ty = y + 10
        for k, line in enumerate(lines):
            first = bool(note) and k == 0
            colour = note_colour if first else (TEXT_DIM if dim else TEXT)
            draw_text(d, (MARGIN + col + 12, ty + EFFECT_LINE / 2), line, EFFECT_SIZE, colour, first, anchor="lm")
            ty += EFFECT_LINE
        return y + h + 6

    def draw_abilities(self, y: int, techs: list[str]) -> int:
        lang, area = self.lang, self.area
        y = self.heading(y, self.say(Msg("Tech abilities")), self.say(Msg("resource abilities and coin tasks")))
        coins = card_coins(area)
        for tid in techs:
            rec = _record("techs", tid)
            name = tech_name(tid, lang)
            fill = TECH_LEVEL.get(tech_level(tid), CARD)
            ability = rec.get("resource_ability")
            if isinstance(ability, dict):
                cost = ability.get("cost") if isinstance(ability.get("cost"), dict) else {}
                payable = can_pay(area, tid)
                phase = self.say(timing_name(str(ability.get("phase") or "")))
                phase = phase[:1].upper() + phase[1:]

                def left(x: int, cy: int, name=name, fill=fill, cost=cost, phase=phase) -> int:
                    self.chip(x, cy, name, fill, INK, 17, 28, 280)
                    cx, cy2 = x, cy + 34
                    for res, n in sorted(cost.items()):
                        for _ in range(_int(n) if res != "any" else 1):
                            if res == "any":
                                label = self.say(Msg("any {n}", n=_int(n)))
                                cx += self.chip(cx, cy2, label, _mix(CARD_GREY, PANEL, 0.3), WHITE, SMALL, 24) + 4
                            else:
                                part = resource_chip(res, lang, 24)
                                toolkit.paste(self.d, part, (cx, cy2))
                                cx += part.width + 4
                    say_fit(self.d, (cx + 6, cy2 + 12), phase, SMALL, x + 280 - cx - 6, TEXT_DIM, anchor="lm",
                            min_size=SMALL)
                    return cy2 + 26

                text = card_text("techs", tid, "resource_ability", lang)
                note = "" if payable else self.say(Msg("not enough resources now"))
                y = self.ability_row(y, left, 60, text, not payable, note)
            task = rec.get("coin_task")
            if isinstance(task, dict):
                n, cap = coins.get(tid, 0), _int(task.get("cap"), 4)

                def left(x: int, cy: int, name=name, fill=fill, n=n, cap=cap) -> int:
                    self.chip(x, cy, name, fill, INK, 17, 28, 280)
                    cx = x
                    for i in range(cap):
                        paste_centred(self.d, icon_token("coin", 0, 9), cx + 11, cy + 47)
                        if i >= n:   # an empty place for a token
                            self.d.ellipse((cx + 4, cy + 40, cx + 18, cy + 54), fill=PANEL, outline=ICON["coin"])
                        cx += 24
                    say_fit(self.d, (cx + 6, cy + 47), f"{n}/{cap}", SMALL, 80, TEXT, True, anchor="lm")
                    return cy + 60

                text = card_text("techs", tid, "coin_task", lang)
                y = self.ability_row(y, left, 60, text, False)
        return y + 4

    def draw_wonders(self, y: int, wonders: list[tuple[str, bool]]) -> int:
        lang = self.lang
        y = self.heading(y, self.say(term("wonder")), self.say(plural("{n} card", "{n} cards", len(wonders))))
        for wid, obsolete in wonders:
            name = named("wonders", wid, lang)

            def left(x: int, cy: int, name=name, obsolete=obsolete) -> int:
                cw = self.chip(x, cy, name, OBSOLETE if obsolete else WONDER, CARD_INK, 17, 28, 280)
                if obsolete:
                    self.d.line((x + 6, cy + 14, x + cw - 7, cy + 14), fill=BLOCKADE, width=2)
                return cy + 28

            note = self.say(term("obsolete")) if obsolete else ""
            y = self.ability_row(y, left, 28, card_text("wonders", wid, "ability", lang), obsolete, note, BLOCKADE)
        return y + 4

    def draw_resources(self, y: int) -> int:
        d, lang = self.d, self.lang
        hidden = _own(self.area.get("hidden_resources"))
        market = _own(self.area.get("resources"))
        note = Msg("from huts and villages, face down") if not market else \
            Msg("face down from huts and villages, then market tokens")
        y = self.heading(y, self.say(term("resource")), self.say(note))
        if not hidden and not market:
            draw_text(d, (MARGIN, y + 12), self.say(Msg("none")), 18, TEXT_DIM, anchor="lm")
            return y + 40
        x = MARGIN
        for k, res in enumerate(hidden + market):
            face_down = k < len(hidden)
            chip = resource_chip(res, lang, 26)
            label = resource_name(res, lang)
            cw = chip.width + 8 + tw(label, 18, True) + 14
            if x + cw > WIDTH - MARGIN:
                x, y = MARGIN, y + 40
            fill = _mix(RESOURCE.get(res, CARD_GREY), PANEL, 0.6 if face_down else 0.2)
            toolkit.round_box(d, (x, y, x + cw, y + 32), radius=6, fill=fill,
                              outline=TEXT_DIM if face_down else None, width=1)
            toolkit.paste(d, chip, (x + 3, y + 3))
            draw_text(d, (x + chip.width + 10, y + 16), label, 18, TEXT if face_down else INK, True, anchor="lm")
            x += cw + 8
        return y + 40

    def render(self) -> bytes:
        view, area, seat, lang = self.view, self.area, self.seat, self.lang
        ranks = area.get("ranks") or {}
        units = view.get("unit_cards") or {}
        forces = _own(area.get("standing_forces"))
        culture = _own(area.get("culture_hand"))
        battle = battle_hand(view, seat)
        pick = research_pick(view, seat)
        y = self.draw_header()
        ability = card_text("civilizations", area.get("civ"), "ability", lang)
        if ability:         # the civilization's special ability (the board names the civilization only)
            y = draw_wrapped(self.d, (MARGIN, y), ability, EFFECT_SIZE, WIDTH - 2 * MARGIN, seat_light(seat),
                             max_lines=4, line_height=EFFECT_LINE) + 8
        if pick:
            y = self.draw_pick(y, pick)
        if battle:
            side = battle[0][0]
            y = self.heading(y, self.say(term("battle hand")), self.say(term(side)))
            y = self.card_rows(y, [unit_card(units, card, rank, lang) for _side, card, rank in battle], UNIT_W, UNIT_H)
        offers = own_offers(view, seat)
        if offers:
            y = self.draw_offers(y, offers)
        y = self.heading(y, self.say(term("standing forces")), self.say(plural("{n} card", "{n} cards", len(forces))))
        if forces:
            parts = [unit_card(units, card, _int(ranks.get(unit_card_type(units, card)), 1), lang) for card in forces]
            y = self.card_rows(y, parts, UNIT_W, UNIT_H)
        else:
            y = self.nothing(y)
        y = self.heading(y, self.say(term("culture event")), self.say(plural("{n} card", "{n} cards", len(culture))))
        if culture:
            h = max(max(culture_card_height(card, lang) for card in culture), 120)
            y = self.card_rows(y, [culture_card(card, lang, h) for card in culture], CULTURE_W, h)
        else:
            y = self.nothing(y)
        techs = tech_abilities(area)
        if techs:
            y = self.draw_abilities(y, techs)
        wonders = own_wonders(view, area)
        if wonders:
            y = self.draw_wonders(y, wonders)
        y = self.draw_resources(y)
        # the map's key (the board leaves it out when it has no room for it)
        self.d.line((MARGIN, y + 4, WIDTH - MARGIN, y + 4), fill=PANEL_EDGE, width=1)
        icons = (view.get("layout") or {}).get("icons") if isinstance(view.get("layout"), dict) else None
        y = draw_key(self.d, MARGIN, y + 26, WIDTH - 2 * MARGIN, icons or [], lang, SMALL) + 16
        self.height = y + MARGIN
        return PALETTE.png(self.img.crop((0, 0, WIDTH, min(self.height, self.img.height))))
