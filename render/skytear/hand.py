"""A Skytear player's own cards as a PNG (render_hand): every card drawn as a card, then the
player's heroes with the mana they have left and the lead cards under them.

The picture holds what the private view gives its owner (engine/skytear/views.py): the hand,
the identity of the cards the owner led from the hand (a card led from the top of the deck is
unknown to its owner too, R47/R48), the deck and discard counts.

- A card is a card: a band in its rune's colour with a pip per rune (its mana cost: fire ▲,
  earth ■, air ●, frost ◆, told apart by shape too), its modifier top right (+1), its name, its
  speed (normal, or instant with a lightning bolt on amber), its effect text, and an ultimate's
  gold ribbon with the hero who alone may play it.
- The hand is held the way a player holds it: by rune (the cards each pair of heroes can
  pay for), then by cost and name. The Skytear Vortex (no runes) comes last.
- Each of the owner's heroes: its disc, name, mana left this round (◆ left, ◇ spent) and its lead
  cards by orientation (portrait from the hand, with the card's name; landscape from the deck,
  "unknown").

Discord shows the picture about 550 px wide: the width (1040 px, as Battalia's hand) keeps a
card's name 12 px high there. Card faces are kept sprites (toolkit.drawn), keyed by every input.

`hand_content(view)` is everything of the view the picture draws: equal contents, equal bytes.
"""
from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from engine.text import Msg, Seat, term
from render import toolkit
from render.common import draw_fitted, draw_text, font, text_width, words, wrap_text
from render.common import viewer_seat as _viewer
from render.skytear.palette import (
    BACKGROUND, BODY, CARD_COLOURS, DANGER, GAME, HEAD, INK, NEUTRAL, PALETTE, PANEL, PANEL_EDGE, RUNE_COLOURS,
    RUNE_NAMES, RUNE_ORDER, SMALL, TEXT, TEXT_DIM, WHITE, card_name, hero_disc, hero_name, lead_icon, mana_pips,
    hero_glyphs, seat_names, short_name, side_colour, width_px)

WIDTH = 1040
MARGIN = 20
HEADER_H = 96
CARD_W = 238
CARD_MIN_H = 262         # a row of cards is as tall as its longest card needs, at least this
TEXT_SIZE, TEXT_LINE = 18, 23
CARD_GAP = 16
PER_ROW = 4
BAND_H = 52
GROUP_HEAD = 40
HERO_ROW = 84


def _hand_cards(view: dict) -> list[str]:
    return [c.get("card") for c in view.get("hand") or [] if isinstance(c, dict) and c.get("card")]


def _own_heroes(view: dict, seat: int | None) -> list[dict]:
    return [h for h in view.get("heroes") or [] if isinstance(h, dict) and h.get("owner") == seat]


def _def_key(card: Any) -> tuple:
    """What a card's face draws of its definition."""
    card = card if isinstance(card, dict) else {}
    return (card.get("name"), tuple(card.get("runes") or ()), card.get("speed"), card.get("modifier"),
            card.get("ultimate_of"), card.get("text"))


def hand_content(view: dict) -> tuple:
    """Everything of a private view that `render_hand` draws: two views with the same content
    make the same picture, so the bot sends the one it drew before."""
    seat = _viewer(view)
    hand = _hand_cards(view)
    heroes = tuple((h.get("id"), h.get("side"), h.get("state"), h.get("returns"), h.get("mana_left"),
                    tuple((lead.get("from"), lead.get("card")) for lead in h.get("leads") or []
                          if isinstance(lead, dict)))
                   for h in _own_heroes(view, seat))
    led = {card for *_, leads in heroes for _from, card in leads if card}
    defs = tuple((card, _def_key((view.get("cards") or {}).get(card))) for card in sorted(set(hand) | led))
    key = str(seat)
    return (seat, tuple(hand), heroes, defs, (view.get("deck_counts") or {}).get(key),
            len((view.get("discards") or {}).get(key) or []), view.get("round"), view.get("rounds"),
            view.get("mana"), view.get("phase") == "over" or bool(view.get("result")), view.get("own_side"))


# ----------------------------------------------------------------------------- grouping

def _group(view: dict, card: str) -> tuple:
    """Where a card sits in the held hand: by its first rune (no runes last), then cost, name."""
    d = (view.get("cards") or {}).get(card) or {}
    runes = [r for r in d.get("runes") or []]
    first = runes[0] if runes else None
    rank = RUNE_ORDER.index(first) if first in RUNE_ORDER else len(RUNE_ORDER) + (0 if first else 1)
    return (rank, first or ""), (len(runes), str(d.get("name") or card))


# ----------------------------------------------------------------------------- the card face

def rune_mark(c: ImageDraw.ImageDraw, rune: str, cx: float, cy: float, r: float) -> None:
    """A rune pip: a disc in the rune's colour with its shape in white (fire ▲, earth ■, air ●,
    frost ◆); a rune the picture does not know is a grey disc."""
    colour = RUNE_COLOURS.get(rune, NEUTRAL)
    c.ellipse((cx - r, cy - r, cx + r, cy + r), fill=colour, outline=INK, width=max(1, round(r / 6)))
    k = r * 0.52
    if rune == "fire":
        c.polygon([(cx, cy - k * 1.1), (cx + k, cy + k * 0.75), (cx - k, cy + k * 0.75)], fill=WHITE)
    elif rune == "earth":
        c.rectangle((cx - k * 0.8, cy - k * 0.8, cx + k * 0.8, cy + k * 0.8), fill=WHITE)
    elif rune == "air":
        c.ellipse((cx - k * 0.85, cy - k * 0.85, cx + k * 0.85, cy + k * 0.85), fill=WHITE)
    elif rune == "frost":
        c.polygon([(cx, cy - k * 1.1), (cx + k * 0.85, cy), (cx, cy + k * 1.1), (cx - k * 0.85, cy)], fill=WHITE)


def _modifier_text(modifier: Any) -> str:
    if not isinstance(modifier, int) or isinstance(modifier, bool):
        return ""
    return f"+{modifier}" if modifier >= 0 else f"−{-modifier}"


def _bolt(c, x: float, y: float, k: float, fill) -> None:
    """A lightning bolt `k` tall, its top left at (x, y)."""
    c.polygon([(x + k * 0.55, y), (x + k * 0.1, y + k * 0.58), (x + k * 0.42, y + k * 0.58), (x + k * 0.25, y + k),
               (x + k * 0.8, y + k * 0.38), (x + k * 0.48, y + k * 0.38)], fill=fill)


def _name_lines(name: str) -> tuple[list[str], int]:
    """A card's name in at most two lines: 24 px, smaller for a long name."""
    size = 24
    lines = wrap_text(name, size, CARD_W - 28, True)
    while len(lines) > 2 and size > 17:
        size -= 1
        lines = wrap_text(name, size, CARD_W - 28, True)
    return wrap_text(name, size, CARD_W - 28, True, max_lines=2), size


def _card_words(view: dict, card: str, lang: str) -> tuple[str, str, str]:
    """(name, effect text, ultimate ribbon) of a card, in `lang`."""
    d = (view.get("cards") or {}).get(card) or {}
    text = words(d.get("text"), lang) if d.get("text") else ""
    ribbon = ""
    if d.get("ultimate_of"):
        said = words(term(GAME, "ultimate"), lang)
        ribbon = words(Msg("{ultimate} · {hero}", ultimate=said[:1].upper() + said[1:],
                           hero=hero_name(d["ultimate_of"], lang)), lang)
    return card_name(view, card, lang), text, ribbon


def _card_height(view: dict, card: str, lang: str) -> int:
    """How tall a card's face must be for its name, speed, whole effect text and ribbon."""
    name, text, ribbon = _card_words(view, card, lang)
    lines, size = _name_lines(name)
    body = len(wrap_text(text, TEXT_SIZE, CARD_W - 30)) * TEXT_LINE
    return BAND_H + 10 + len(lines) * (size + 6) + 44 + body + 12 + (34 if ribbon else 0)


def _card_face(view: dict, card: str, lang: str, h: int) -> Image.Image:
    d = (view.get("cards") or {}).get(card) or {}
    runes = [r for r in d.get("runes") or []]
    colour = RUNE_COLOURS.get(runes[0], CARD_COLOURS["none"]) if runes else CARD_COLOURS["none"]
    name, text, ribbon = _card_words(view, card, lang)
    speed = d.get("speed")
    instant = speed == "instant"
    speed_word = words(term(GAME, "instant") if instant else term(GAME, "normal"), lang)
    modifier = _modifier_text(d.get("modifier"))
    w = CARD_W
    key = ("skytear_hand.card", card, name, tuple(runes), speed, text, ribbon, modifier, lang, h)

    def paint(c: toolkit.Canvas) -> None:
        ink, face = CARD_COLOURS["ink"], CARD_COLOURS["face"]
        c.rounded_rectangle((0, 0, w - 1, h - 1), radius=14, fill=colour, outline=INK, width=2)
        c.rounded_rectangle((6, BAND_H, w - 7, h - 7), radius=9, fill=face)
        for k, rune in enumerate(runes[:5]):
            rune_mark(c, rune, 24 + k * 32, BAND_H // 2, 14)
        if not runes:
            draw_text(c, (16, BAND_H // 2), words(Msg("no runes"), lang), 17, WHITE, True, anchor="lm")
        if modifier:
            toolkit.disc(c, (w - 30, BAND_H // 2), 20, WHITE, outline=INK, width=2, label=modifier,
                         font=font(20 if len(modifier) < 3 else 16, True), ink=ink)
        y = BAND_H + 10
        lines, size = _name_lines(name)
        for line in lines:
            draw_text(c, (w / 2, y + 13), line, size, ink, True, anchor="mm")
            y += size + 6
        # the speed: an amber pill with a bolt for an instant, a grey one for a normal card
        y += 4
        pill_w = width_px(speed_word, 18, True) + (46 if instant else 24)
        px = (w - pill_w) / 2
        if instant:
            c.rounded_rectangle((px, y, px + pill_w, y + 28), radius=14, fill=CARD_COLOURS["instant"])
            _bolt(c, px + 12, y + 4, 20, WHITE)
            draw_text(c, (px + 36, y + 14), speed_word, 18, WHITE, True, anchor="lm")
        else:
            c.rounded_rectangle((px, y, px + pill_w, y + 28), radius=14, outline=CARD_COLOURS["grey"], width=2)
            draw_text(c, (w / 2, y + 14), speed_word, 18, CARD_COLOURS["grey"], True, anchor="mm")
        y += 40
        bottom = h - 12 - (34 if ribbon else 0)
        room = max(1, (bottom - y) // TEXT_LINE)
        for line in wrap_text(text, TEXT_SIZE, w - 30, False, max_lines=room):
            draw_text(c, (16, y), line, TEXT_SIZE, ink, False, anchor="la")
            y += TEXT_LINE
        if ribbon:
            c.rounded_rectangle((10, h - 44, w - 11, h - 12), radius=8, fill=CARD_COLOURS["ultimate"])
            size = 18
            while size > 12 and text_width("★ " + ribbon, size, True) > w - 34:
                size -= 1
            draw_text(c, (w / 2, h - 28), "★ " + ribbon, size, WHITE, True, anchor="mm")
    return toolkit.drawn(key, (w, h), paint)


# ----------------------------------------------------------------------------- the picture

def render_hand(view: dict, names, lang: str = "en") -> bytes:
    """A player's own cards and heroes as PNG bytes, its words in `lang`."""
    names = seat_names(names, lang)

    def say(text: Any) -> str:
        return words(text, lang, names)

    seat = _viewer(view)
    hand = _hand_cards(view)
    heroes = _own_heroes(view, seat)
    side = view.get("own_side")
    key = str(seat)
    deck = (view.get("deck_counts") or {}).get(key, 0)
    discards = [c for c in (view.get("discards") or {}).get(key) or [] if c]

    ordered = sorted(hand, key=lambda c: _group(view, c))
    rows = [ordered[k:k + PER_ROW] for k in range(0, len(ordered), PER_ROW)]
    row_h = [max([CARD_MIN_H] + [_card_height(view, card, lang) for card in row]) for row in rows]
    cards_h = 56 + (sum(GROUP_HEAD + h + CARD_GAP for h in row_h) if hand else 50)
    heroes_h = 56 + len(heroes) * HERO_ROW if heroes else 0
    height = HEADER_H + 14 + cards_h + heroes_h + (60 if discards else 0) + MARGIN
    img = Image.new("RGB", (WIDTH, height), BACKGROUND)
    d = toolkit.canvas(img)

    # header: whose hand, the round and its mana, the deck and discard pile
    d.rectangle((0, 0, WIDTH, HEADER_H - 6), fill=PANEL)
    d.rectangle((MARGIN, 16, MARGIN + 12, HEADER_H - 22), fill=side_colour(side))
    title = say(Msg("{player} · your hand", player=Seat(seat)) if seat is not None else Msg("Your hand"))
    draw_fitted(d, (MARGIN + 26, 32), title, 30, WIDTH - 2 * MARGIN - 40, TEXT, True, anchor="lm", min_size=18)
    bits = []
    if isinstance(view.get("round"), int):
        bits.append(Msg("Round {round}/{rounds}", round=view["round"], rounds=view.get("rounds") or "?"))
    if isinstance(view.get("mana"), int):
        bits.append(Msg("mana {mana} per hero", mana=view["mana"]))
    bits.append(Msg("Deck {deck} · Discard {discard}", deck=deck, discard=len(discards)))
    if view.get("phase") == "over" or view.get("result"):
        bits.append(Msg("Game over"))
    draw_fitted(d, (MARGIN + 26, 70), " · ".join(say(b) for b in bits), BODY, WIDTH - 2 * MARGIN - 40, TEXT_DIM,
                anchor="lm", min_size=15)

    y = HEADER_H + 14
    draw_text(d, (MARGIN, y + 22), say(Msg("Hand ({n})", n=len(hand))), HEAD + 2, TEXT, True, anchor="lm")
    y += 56
    if not hand:
        draw_text(d, (MARGIN, y + 14), say(Msg("No cards in hand.")), BODY, TEXT_DIM, anchor="lm")
        y += 50
    # the cards in rows, held by rune: over each run of one rune's cards, the rune and how many
    # (once: a run going on in the next row gets only the rule)
    headed: set = set()
    for row, h in zip(rows, row_h):
        runs: list[tuple[str, int, int]] = []   # (rune, first slot, slots)
        for k, card in enumerate(row):
            rune = _group(view, card)[0][1]
            if runs and runs[-1][0] == rune:
                runs[-1] = (rune, runs[-1][1], runs[-1][2] + 1)
            else:
                runs.append((rune, k, 1))
        cy = y + GROUP_HEAD // 2 - 2
        for rune, first, count in runs:
            x0 = MARGIN + first * (CARD_W + CARD_GAP)
            x1 = x0 + count * (CARD_W + CARD_GAP) - CARD_GAP
            total = sum(1 for c in ordered if _group(view, c)[0][1] == rune)
            if rune in headed:
                d.line((x0, cy, x1, cy), fill=PANEL_EDGE, width=2)
                continue
            headed.add(rune)
            if rune:
                rune_mark(d, rune, x0 + 13, cy, 12)
                label = say(RUNE_NAMES.get(rune, rune))
            else:
                d.ellipse((x0 + 1, cy - 12, x0 + 25, cy + 12), outline=CARD_COLOURS["none"], width=3)
                label = say(Msg("no runes"))
            label = f"{label} ({total})"
            w = draw_fitted(d, (x0 + 34, cy), label, SMALL + 1, x1 - x0 - 40, TEXT, True, anchor="lm", min_size=13)
            if x0 + 44 + w < x1:
                d.line((x0 + 44 + w, cy, x1, cy), fill=PANEL_EDGE, width=2)
        y += GROUP_HEAD
        for k, card in enumerate(row):
            toolkit.paste(d, _card_face(view, card, lang, h), (MARGIN + k * (CARD_W + CARD_GAP), y))
        y += h + CARD_GAP

    if heroes:
        y += 6
        d.line((MARGIN, y, WIDTH - MARGIN, y), fill=PANEL_EDGE, width=2)
        draw_text(d, (MARGIN, y + 28), say(Msg("Your heroes")), HEAD + 2, TEXT, True, anchor="lm")
        y += 56
        mana = view.get("mana") if isinstance(view.get("mana"), int) else view.get("round")
        for hero in heroes:
            _hero_row(d, view, hero, y, mana if isinstance(mana, int) else 0, lang, say)
            y += HERO_ROW
    if discards:   # the top of the discard pile (the counts are in the header)
        y += 8
        d.line((MARGIN, y, WIDTH - MARGIN, y), fill=PANEL_EDGE, width=1)
        text = say(Msg("Top of your discard pile: {card}", card=card_name(view, discards[-1], lang)))
        draw_fitted(d, (MARGIN, y + 30), text, BODY, WIDTH - 2 * MARGIN, TEXT_DIM, anchor="lm", min_size=15)
        y += 52
    return PALETTE.png(img)


def _hero_row(d: toolkit.Canvas, view: dict, hero: dict, y: int, mana: int, lang: str, say) -> None:
    hid = hero.get("id", "?")
    state = hero.get("state")
    dim = state in ("exhausted", "defeated")
    toolkit.round_box(d, (MARGIN, y, WIDTH - MARGIN, y + HERO_ROW - 10), radius=10, fill=PANEL)
    # the hero's letter as on the board's discs
    part = hero_disc(hero_glyphs(view, lang).get(hid) or short_name(hid, lang), hero.get("side"), 27, dim, False,
                     lang, text_px=22)
    toolkit.paste(d, part, (MARGIN + 12, y + (HERO_ROW - 10) // 2 - part.height // 2))
    x = MARGIN + 78
    cy = y + 22
    name_w = draw_fitted(d, (x, cy), hero_name(hid, lang), HEAD, 240, TEXT if not dim else TEXT_DIM, True,
                         anchor="lm", min_size=16)
    if state == "defeated":
        back = hero.get("returns")
        tag = say(Msg("defeated · back in round {round}", round=back) if isinstance(back, int)
                  else term(GAME, "defeated"))
        draw_fitted(d, (x + name_w + 14, cy), tag, SMALL, 300, DANGER, True, anchor="lm", min_size=13)
    elif state == "exhausted":
        draw_fitted(d, (x + name_w + 14, cy), say(term(GAME, "exhausted")), SMALL, 200, TEXT_DIM, True, anchor="lm")
    # the mana left this round: a diamond per mana, hollow once spent
    ly = y + 52
    left = hero.get("mana_left") if isinstance(hero.get("mana_left"), int) else mana
    lx = mana_pips(d, x, ly, say(term(GAME, "mana")), mana, left)
    draw_text(d, (lx + 6, ly), say(Msg("{left} left", left=left)), SMALL, TEXT, anchor="lm")
    # the lead cards under the hero, from the right: led from the hand by name, from the deck unknown
    leads = [lead for lead in hero.get("leads") or [] if isinstance(lead, dict)]
    rx = WIDTH - MARGIN - 14
    if not leads:
        draw_fitted(d, (rx, y + (HERO_ROW - 10) // 2), say(Msg("no lead cards")), SMALL, 300, TEXT_DIM, anchor="rm")
        return
    chips = []
    for lead in leads:
        if lead.get("from") == "hand" and lead.get("card"):
            chips.append(("hand", card_name(view, lead["card"], lang)))
        else:
            chips.append(("hand" if lead.get("from") == "hand" else "deck", say(Msg("unknown"))))
    widths = [min(width_px(text, SMALL, True), 230) + (34 if source == "hand" else 42) for source, text in chips]
    head = say(Msg("Lead cards:"))
    total = width_px(head, SMALL) + 10 + sum(widths) + 10 * (len(chips) - 1)
    x0 = max(lx + 90, rx - total)
    cy = y + (HERO_ROW - 10) // 2
    draw_text(d, (x0, cy), head, SMALL, TEXT_DIM, anchor="lm")
    x0 += width_px(head, SMALL) + 10
    for (source, text), w in zip(chips, widths):
        icon_w = lead_icon(d, x0, cy - 15, source, 30)
        draw_fitted(d, (x0 + icon_w + 6, cy), text, SMALL, w - icon_w - 8, TEXT if source == "hand" and
                    text != say(Msg("unknown")) else TEXT_DIM, True, anchor="lm", min_size=13)
        x0 += w + 10

