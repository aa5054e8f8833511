"""Tournament pictures: a standings table and a single-elimination bracket (PNG bytes).

Dark colours to sit well in Discord; sizes chosen so text stays readable when Discord
shows the image at about 550 px wide (tables ~720 px wide; small brackets likewise, big
brackets need a click to enlarge).
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from engine.text import Msg
from i18n import render
from render import toolkit
from render.common import draw_text, fit_text, font

BACKGROUND = (43, 45, 49)
PANEL = (49, 51, 56)
STRIPE = (56, 58, 64)
HEADER = (30, 31, 34)
TEXT = (230, 232, 235)
MUTED = (148, 155, 164)
ACCENT = (88, 101, 242)
GOLD = (240, 178, 50)
WIN = (67, 181, 129)
LINE = (100, 104, 112)
PALETTE = toolkit.Palette([BACKGROUND, PANEL, STRIPE, HEADER, TEXT, MUTED, ACCENT, GOLD, WIN, LINE])


def _name(player: Any, names: Mapping[Any, str] | None, row: Mapping[str, Any] | None = None) -> str:
    if row is not None and row.get("name"):
        return str(row["name"])
    if names and player in names:
        return str(names[player])
    return str(player)


def _bold(fnt) -> bool:
    return "Bold" in getattr(fnt, "path", "")


def _fit(draw: ImageDraw.ImageDraw, text: str, fnt, width: int) -> str:
    """`text`, cut with an ellipsis so it fits in `width` pixels (in any script)."""
    return fit_text(text, fnt.size, width, _bold(fnt))


def _text(draw: ImageDraw.ImageDraw, xy, text: str, *, font, fill, anchor: str = "la") -> None:
    """draw.text with the CJK fallback of render.common (names and labels in any script)."""
    draw_text(draw, xy, text, font.size, fill, bold=_bold(font), anchor=anchor)


def _number(value: float) -> str:
    """2 -> "2", 2.5 -> "2.5", 2.6667 -> "2.67"."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


# --------------------------------------------------------------------------- standings

HEADERS = {"#": Msg("#"), "Player": Msg("Player"), "Pts": Msg("Pts"), "W-D-L": Msg("W-D-L"), "Buch": Msg("Buch"),
           "S-B": Msg("S-B")}


def render_standings(rows: Sequence[Mapping[str, Any]], title: str,
                     names: Mapping[Any, str] | None = None, lang: str = "en") -> bytes:
    """A PNG table of standings rows (as from tournaments.standings.compute_standings).
    A player's name is row["name"] if present, else names[player], else the id. W-D-L
    counts byes as wins; "wins" in pods means outright first places."""
    title_font, head_font, cell_font, bold_font = font(26, True), font(17, True), font(20), font(20, True)
    pad, row_h, head_h, title_h = 16, 36, 32, 52
    # (header, width, align, value) — the player column takes what is left of WIDTH
    columns = [
        ("#", 44, "right", lambda r: str(r["rank"])),
        ("Player", 0, "left", None),
        ("Pts", 64, "right", lambda r: _number(r["points"])),
        # a bye counts as a win here, so W-D-L adds up to the rounds played
        ("W-D-L", 96, "right",
         lambda r: f'{r.get("wins", 0) + r.get("byes", 0)}-{r.get("draws", 0)}-{r.get("losses", 0)}'),
        ("Buch", 76, "right", lambda r: _number(r["buchholz"])),
        ("S-B", 76, "right", lambda r: _number(r["sonneborn_berger"])),
    ]
    width = 720
    fixed = sum(c[1] for c in columns) + 12 * (len(columns) - 1)
    player_w = width - 2 * pad - fixed
    widths = [c[1] or player_w for c in columns]
    height = title_h + head_h + row_h * max(1, len(rows)) + pad

    img = Image.new("RGB", (width, height), BACKGROUND)
    draw = ImageDraw.Draw(img)
    _text(draw, (pad, title_h // 2), _fit(draw, title, title_font, width - 2 * pad), font=title_font,
              fill=TEXT, anchor="lm")
    draw.rectangle([0, title_h, width, title_h + head_h], fill=HEADER)

    def cell(x: int, w: int, y_mid: int, text: str, align: str, fnt, fill) -> None:
        text = _fit(draw, text, fnt, w)
        if align == "right":
            _text(draw, (x + w, y_mid), text, font=fnt, fill=fill, anchor="rm")
        else:
            _text(draw, (x, y_mid), text, font=fnt, fill=fill, anchor="lm")

    x = pad
    for (header, _, align, _), w in zip(columns, widths):
        cell(x, w, title_h + head_h // 2, render(HEADERS[header], lang), align, head_font, MUTED)
        x += w + 12

    if not rows:
        _text(draw, (width // 2, title_h + head_h + row_h // 2), render(Msg("No results yet"), lang), font=cell_font,
                  fill=MUTED, anchor="mm")
    for i, row in enumerate(rows):
        top = title_h + head_h + i * row_h
        if i % 2:
            draw.rectangle([0, top, width, top + row_h], fill=STRIPE)
        if row["rank"] == 1:
            draw.rectangle([0, top, 5, top + row_h], fill=GOLD)
        y_mid = top + row_h // 2
        x = pad
        for (header, _, align, value), w in zip(columns, widths):
            if header == "Player":
                text, fnt, fill = _name(row["player"], names, row), bold_font if row["rank"] == 1 else cell_font, TEXT
            else:
                text, fnt = value(row), cell_font
                fill = GOLD if header == "#" and row["rank"] == 1 else (TEXT if header == "Pts" else MUTED)
            cell(x, w, y_mid, text, align, fnt, fill)
            x += w + 12
    return PALETTE.png(img)


# --------------------------------------------------------------------------- bracket

def _round_title(index: int, count: int) -> Msg:
    from_end = count - index
    return {1: Msg("Final"), 2: Msg("Semifinals"), 3: Msg("Quarterfinals")}.get(
        from_end, Msg("Round {number}", number=index + 1))


def render_bracket(bracket: Mapping[str, Any], names: Mapping[Any, str] | None, title: str,
                   lang: str = "en") -> bytes:
    """A PNG of a single-elimination bracket shaped like tournaments.state.bracket():
    {"rounds": [[{"players": [a, b], "seeds": [sa, sb], "winner": w, "bye": bool}, ...], ...]}.
    Winners are bold with a green bar, losers greyed, byes marked, undecided slots "TBD";
    a last column shows the champion once the final is decided."""
    rounds = bracket["rounds"]
    title_font, head_font = font(26, True), font(16, True)
    name_font, win_font, seed_font = font(18), font(18, True), font(14)
    pad, title_h, head_h = 16, 52, 30
    slot_h, box_w, gap_x, gap_y = 30, 200, 36, 18
    match_h = 2 * slot_h
    first_count = max(1, len(rounds[0]) if rounds else 1)
    pitch = match_h + gap_y
    columns = len(rounds) + 1
    width = max(2 * pad + columns * box_w + (columns - 1) * gap_x, 480)
    height = title_h + head_h + first_count * pitch + pad

    img = Image.new("RGB", (width, height), BACKGROUND)
    draw = ImageDraw.Draw(img)
    _text(draw, (pad, title_h // 2), _fit(draw, title, title_font, width - 2 * pad), font=title_font,
              fill=TEXT, anchor="lm")
    top = title_h + head_h

    def column_x(r: int) -> int:
        return pad + r * (box_w + gap_x)

    def center_y(r: int, j: int) -> float:
        span = pitch * (2 ** r)
        return top + (j + 0.5) * span

    for r in range(columns):
        label = render(_round_title(r, len(rounds)) if r < len(rounds) else Msg("Champion"), lang)
        _text(draw, (column_x(r) + box_w // 2, title_h + head_h // 2), label, font=head_font, fill=MUTED,
                  anchor="mm")

    def slot(x: int, y: int, player: Any, seed: Any, state: str) -> None:
        """state: "win", "lose", "open" (not decided), "bye", "tbd"."""
        fill = STRIPE if state == "win" else PANEL
        draw.rectangle([x, y, x + box_w, y + slot_h], fill=fill)
        if state == "win":
            draw.rectangle([x, y, x + 4, y + slot_h], fill=WIN)
        mid = y + slot_h // 2
        if seed is not None:
            _text(draw, (x + 30, mid), str(seed), font=seed_font, fill=MUTED, anchor="rm")
        if state == "bye":
            text, fnt, colour = render(Msg("bye"), lang), name_font, MUTED
        elif state == "tbd":
            text, fnt, colour = render(Msg("TBD"), lang), name_font, MUTED
        else:
            text = _name(player, names)
            fnt = win_font if state == "win" else name_font
            colour = MUTED if state == "lose" else TEXT
        _text(draw, (x + 38, mid), _fit(draw, text, fnt, box_w - 46), font=fnt, fill=colour, anchor="lm")

    for r, matches in enumerate(rounds):
        x = column_x(r)
        for j, match in enumerate(matches):
            cy = center_y(r, j)
            y0 = int(cy - slot_h)
            winner = match.get("winner")
            for k in range(2):
                player = match["players"][k]
                seed = match["seeds"][k] if match.get("seeds") else None
                if player is None:
                    state = "bye" if match.get("bye") else "tbd"
                elif winner is None:
                    state = "open"
                else:
                    state = "win" if player == winner else "lose"
                slot(x, y0 + k * slot_h, player, seed, state)
            draw.line([x, y0 + slot_h, x + box_w, y0 + slot_h], fill=BACKGROUND, width=1)
            # elbow connector into the next round (or the champion box)
            x_out, x_mid = x + box_w, x + box_w + gap_x // 2
            nx = column_x(r + 1)
            ny = center_y(r + 1, j // 2) if r + 1 < len(rounds) else cy
            draw.line([(x_out, cy), (x_mid, cy), (x_mid, ny), (nx, ny)], fill=LINE, width=2)

    if rounds:
        final = rounds[-1][0] if rounds[-1] else {}
        winner = final.get("winner")
        x, cy = column_x(len(rounds)), center_y(len(rounds) - 1, 0)
        y0 = int(cy - slot_h // 2)
        draw.rectangle([x, y0, x + box_w, y0 + slot_h], fill=STRIPE if winner is not None else PANEL,
                       outline=GOLD if winner is not None else LINE, width=2)
        if winner is not None:
            seeds = dict(zip(final["players"], final.get("seeds") or [None, None]))
            seed = seeds.get(winner)
            if seed is not None:
                _text(draw, (x + 30, cy), str(seed), font=seed_font, fill=GOLD, anchor="rm")
            _text(draw, (x + 38, cy), _fit(draw, _name(winner, names), win_font, box_w - 46), font=win_font,
                      fill=GOLD, anchor="lm")
        else:
            _text(draw, (x + 38, cy), render(Msg("TBD"), lang), font=name_font, fill=MUTED, anchor="lm")
    return PALETTE.png(img)
