"""PNG pictures of a Battalia view: the public board (render_board) and a player's hand (render_hand).

Both take the dict from engine.battalia's view(); render_board reads only public keys, so it draws the
same picture whichever seat's view it is given.

Discord shows an attachment about 550 px wide, so both pictures are laid out to stay legible at that
size: the board puts the map on top and a two-column info panel below it (text 22-26 px, about 13-15 px
once scaled down); the hand is narrow with large rows."""
from __future__ import annotations

from PIL import Image, ImageDraw

from engine.base import name_seats
from render.common import font, to_png

CELL = 124
MARGIN = 40
GRID = MARGIN * 2 + CELL * 7          # the board picture's width (map with its coordinates)
PAD = 22                              # panel padding / gutter between the two columns
COL_W = (GRID - 3 * PAD) // 2         # width of one panel column
LINE = 29                             # panel line height for 22 px text
HEAD = 34                             # line height for 26 px headings
TERRAIN = {"G": (86, 140, 70), "B": (70, 125, 190), "R": (180, 90, 64), "Y": (205, 170, 60), None: (150, 150, 150)}
FACTION = {"G": (40, 150, 50), "B": (40, 90, 210), "R": (210, 40, 40), "Y": (225, 180, 0), None: (90, 90, 90)}
FACTION_NAME = {"G": "Forest", "B": "Islanders", "R": "Ember", "Y": "Cloud"}
ROAD = (235, 222, 190)
BG = (245, 242, 235)
CARD_BG = (233, 228, 216)
ACTIVE_BG = (250, 236, 190)
INK = (30, 30, 30)
GREY = (75, 75, 75)
ORACLE = (150, 90, 0)
DIRS = [(0, -1), (1, 0), (0, 1), (-1, 0)]
EXITS = {"city": {"dead": [0], "straight": [0, 2], "corner": [0, 1], "t": [0, 1, 2], "cross": [0, 1, 2, 3]},
         "road": {"straight": [0, 2], "curve": [0, 1], "t": [0, 1, 2], "cross": [0, 1, 2, 3]},
         "ruins": {"cross": [0, 1, 2, 3]}}
STAGE = {"opening": "attacker opens", "decide": "defender decides", "defender": "defender plays",
         "attacker": "attacker plays"}


def _xy(sq: str) -> tuple[int, int]:
    return "abcdefg".index(sq[0]), int(sq[1:]) - 1


def _name(names, seat) -> str:
    if names and seat is not None and 0 <= seat < len(names):
        return str(names[seat])
    return f"Seat {seat}"


def _label(c: dict) -> str:
    """A card's label without the trailing " [id]"."""
    return c["label"].rsplit(" [", 1)[0]


def _fit(text: str, fnt, width: int) -> str:
    """text cut (with an ellipsis) to fit in width pixels."""
    if fnt.getlength(text) <= width:
        return text
    while text and fnt.getlength(text + "…") > width:
        text = text[:-1]
    return text.rstrip() + "…"


def _wrap(text: str, fnt, width: int, indent: str = "") -> list[str]:
    """Whole words per line, measured in pixels; a single over-long word is cut to fit."""
    lines: list[str] = []
    cur = ""
    for word in text.split(" "):
        trial = f"{cur} {word}" if cur else (indent if lines else "") + word
        if fnt.getlength(trial) <= width or not cur:
            cur = trial
        else:
            lines.append(cur)
            cur = indent + word
    if cur:
        lines.append(cur)
    return [_fit(line, fnt, width) for line in lines]


def _wrap_items(label: str, items: list[str], fnt, width: int, indent: str = "   ", sep: str = " · ") -> list[str]:
    """label followed by items joined with sep, wrapped between items (an item is never split unless
    it alone is too wide)."""
    lines: list[str] = []
    cur = label
    for item in items:
        trial = cur + (sep if cur not in (label, indent) else "") + item
        if fnt.getlength(trial) <= width or cur in (label, indent):
            cur = trial
        else:
            lines.append(cur.rstrip(" ·"))
            cur = indent + item
    lines.append(cur)
    return [_fit(line, fnt, width) for line in lines]


def _owner_colour(view: dict, owner) -> tuple:
    if isinstance(owner, int):
        return FACTION[view["players"][owner]["faction"]]
    return (240, 240, 240)


def _draw_tile(d: ImageDraw.ImageDraw, view: dict, sq: str, tile: dict) -> None:
    x, y = _xy(sq)
    x0, y0 = MARGIN + x * CELL, MARGIN + y * CELL
    cx, cy = x0 + CELL // 2, y0 + CELL // 2
    half = CELL * 27 // 100
    d.rectangle([x0 + 1, y0 + 1, x0 + CELL - 1, y0 + CELL - 1], fill=TERRAIN[tile.get("terrain")])
    exits = [(e + tile.get("rot", 0)) % 4 for e in EXITS[tile["kind"]][tile["shape"]]]
    for e in exits:
        dx, dy = DIRS[e]
        d.line([cx, cy, cx + dx * CELL // 2, cy + dy * CELL // 2], fill=ROAD, width=CELL // 7)
    if tile["kind"] == "road":
        r = CELL // 14
        d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=ROAD)
    elif tile["kind"] == "ruins":
        d.rectangle([cx - half, cy - half, cx + half, cy + half], fill=(110, 100, 90), outline=INK, width=3)
        txt = str(tile.get("defence") or "") if tile.get("defence") else "R"
        d.text((cx, cy), txt, font=font(32, True), fill=(255, 255, 255), anchor="mm")
    else:
        owner = tile.get("owner")
        d.rectangle([cx - half, cy - half, cx + half, cy + half], fill=_owner_colour(view, owner), outline=INK,
                    width=4)
        if owner == "neutral":
            txt, col = f"N{tile.get('defence')}", INK
        elif owner == "empty":
            txt, col = "0", INK
        elif owner is None:
            txt, col = "?", INK
        else:
            txt, col = str(tile.get("level")), (255, 255, 255)
        d.text((cx, cy), txt, font=font(34, True), fill=col, anchor="mm", stroke_width=2 if col != INK else 0,
               stroke_fill=INK)


def _draw_map(d: ImageDraw.ImageDraw, view: dict) -> None:
    coord = font(26, True)
    for i in range(7):
        c = MARGIN + i * CELL + CELL // 2
        d.text((c, MARGIN // 2), "abcdefg"[i], font=coord, fill=INK, anchor="mm")
        d.text((c, MARGIN + 7 * CELL + MARGIN // 2), "abcdefg"[i], font=coord, fill=INK, anchor="mm")
        d.text((MARGIN // 2, c), str(i + 1), font=coord, fill=INK, anchor="mm")
        d.text((MARGIN + 7 * CELL + MARGIN // 2, c), str(i + 1), font=coord, fill=INK, anchor="mm")
    removed = set(view.get("removed", []))
    impassable = set(view.get("impassable", []))
    for y in range(7):
        for x in range(7):
            sq = f"{'abcdefg'[x]}{y + 1}"
            x0, y0 = MARGIN + x * CELL, MARGIN + y * CELL
            box = [x0, y0, x0 + CELL, y0 + CELL]
            if sq in removed:
                d.rectangle(box, fill=(95, 95, 95), outline=(70, 70, 70))
            elif sq in impassable:
                k = CELL // 7
                d.rectangle(box, fill=(60, 55, 50), outline=(40, 40, 40))
                d.line([x0 + k, y0 + k, x0 + CELL - k, y0 + CELL - k], fill=(215, 60, 60), width=7)
                d.line([x0 + CELL - k, y0 + k, x0 + k, y0 + CELL - k], fill=(215, 60, 60), width=7)
            else:
                d.rectangle(box, fill=(225, 220, 205), outline=(190, 185, 170))
    for sq, tile in view["board"].items():
        _draw_tile(d, view, sq, tile)
    for i in range(8):
        d.line([MARGIN, MARGIN + i * CELL, MARGIN + 7 * CELL, MARGIN + i * CELL], fill=(120, 115, 105), width=2)
        d.line([MARGIN + i * CELL, MARGIN, MARGIN + i * CELL, MARGIN + 7 * CELL], fill=(120, 115, 105), width=2)
    # heroes: one numbered disc per figure, in the cell corners
    corner: dict[str, int] = {}
    r, off = 19, 23
    for p in view["players"]:
        for i, sq in enumerate(p["heroes"]):
            if not sq:
                continue
            k = corner.get(sq, 0)
            corner[sq] = k + 1
            x, y = _xy(sq)
            hx = MARGIN + x * CELL + (off if k % 2 == 0 else CELL - off)
            hy = MARGIN + y * CELL + (off if k % 4 < 2 else CELL - off)
            if k >= 4:
                hx, hy = MARGIN + x * CELL + CELL // 2, MARGIN + y * CELL + off
            d.ellipse([hx - r, hy - r, hx + r, hy + r], fill=FACTION[p["faction"]], outline=(255, 255, 255), width=3)
            d.text((hx, hy), str(i + 1), font=font(22, True), fill=(255, 255, 255), anchor="mm", stroke_width=1,
                   stroke_fill=INK)


def _player_block(view: dict, p: dict, names, w: int) -> list[tuple]:
    """Lines of one player's public figures: [(text, font, colour, height)], the first line is the heading."""
    body, small = font(22), font(22)
    out: list[tuple] = []
    faction = p.get("faction_name") or FACTION_NAME.get(p["faction"], "?")
    n = p.get("cities", 0)
    cities = f"{n} {'city' if n == 1 else 'cities'} ({p['level4']} at L4)"
    out.append((_fit(f"{faction} · {cities}", body, w), body, GREY, LINE))
    out.append((f"Hand {p['hand_size']} · Realm {p['realm_size']} · Sanct {p['sanctuary_size']}", body, INK, LINE))
    extra = f"Ambush {p['ambush_count']} · Tents {len(p['tents'])}"
    if p["great"]:
        extra += f" · Great: {p['great']}"
    for line in _wrap(extra, body, w, "   "):
        out.append((line, body, INK, LINE))
    for t in p["tents"]:
        for line in _wrap_items("Tent: ", [_label(c) for c in t["cards"]] or ["empty"], small, w, sep=", "):
            out.append((line, small, GREY, LINE))
    if p["sanctuary_top"]:
        out.append((_fit(f"Sanct. top: {p['sanctuary_top']}", small, w), small, GREY, LINE))
    return out


def _columns(left: list, right: list) -> int:
    return max(sum(h for *_, h in left) if left else 0, sum(h for *_, h in right) if right else 0)


def render_board(view: dict, names=None) -> bytes:
    width = GRID
    body, bold, head = font(22), font(22, True), font(26, True)
    lx, rx = PAD, PAD * 2 + COL_W
    # ---- work out the panel's blocks first, so the picture is exactly as tall as it needs
    o = view["oracle"]
    pool = view["pool"]
    left = [(f"Round {o['round']} · Week {o['week']}, Day {o['day']}", head, INK, HEAD),
            (f"Illuminated: {o['illuminated']}", bold, ORACLE, LINE),
            (f"Matched: {o['matched']}", bold, ORACLE, LINE),
            (f"Supply {pool['supply']} · Void {len(pool['void'])}", body, INK, LINE)]
    for line in _wrap_items("Great Artifacts: ", pool["great"] or ["none"], body, COL_W, sep=", "):
        left.append((line, body, INK, LINE))
    if view.get("house_rules"):  # R133: agreed before the game, shown all game long
        for line in _wrap_items("House rules: ", view["house_rules"], body, COL_W, sep=", "):
            left.append((line, body, ORACLE, LINE))
    right = [("Decks", head, INK, HEAD)]
    units = [f"{t} {u['count']}" + (f" ({FACTION_NAME.get(u['top_faction'], '-')[:3]})"
                                    if u["count"] and u.get("top_faction") else "")
             for t, u in pool["units"].items()]
    for label, items in (("Units: ", units),
                         ("Artifacts: ", [f"{t} {n}" for t, n in pool["artifacts"].items()]),
                         ("Cities: ", [f"{t} {n}" for t, n in pool["cities"].items()]),
                         ("Roads: ", [f"{t} {n}" for t, n in pool["roads"].items()])):
        for line in _wrap_items(label, items, body, COL_W):
            right.append((line, body, INK, LINE))
    top_h = _columns(left, right)
    players = view["players"]
    blocks = [_player_block(view, p, names, COL_W - 16) for p in players]
    rows = [(blocks[i], blocks[i + 1] if i + 1 < len(blocks) else []) for i in range(0, len(blocks), 2)]
    row_h = [HEAD + 8 + _columns(a, b) + 10 for a, b in rows]
    b = view.get("battle")
    battle_sides: list = []
    if b:
        for side, seat, total, key in (("Attacker", b["attacker"], b["attacker_total"], "att"),
                                       ("Defender", b["defender"], b["defender_total"], "def")):
            lines = []
            if seat is None:
                who = "Guardians" if b["kind"] == "ruins" else "Neutral city"
                lines.append((_fit(f"{side}: {who}", bold, COL_W), bold, INK, LINE))
                lines.append((f"Total {total}", head, (150, 0, 0), HEAD))
            else:
                lines.append((_fit(f"{side}: {_name(names, seat)}", bold, COL_W), bold, INK, LINE))
                lines.append((f"Total {total}", head, (150, 0, 0), HEAD))
                for line in _wrap_items("", [_label(c) for c in players[seat]["line"]] or ["no cards yet"], body,
                                        COL_W, indent="", sep=", "):
                    lines.append((line, body, GREY, LINE))
            battle_sides.append(lines)
    log = [_fit(name_seats(line, list(names or [])), body, width - 2 * PAD) for line in view.get("log", [])[-4:]]
    result = view.get("result")

    panel_h = PAD + top_h + 14
    if result:
        panel_h += 50
    if b:
        panel_h += 44 + _columns(*battle_sides) + 14
    panel_h += sum(row_h) + 8
    if log:
        panel_h += HEAD + LINE * len(log) + 8
    height = GRID + panel_h

    img = Image.new("RGB", (width, height), BG)
    d = ImageDraw.Draw(img)
    _draw_map(d, view)

    def draw_lines(x, y, lines):
        for text, fnt, col, h in lines:
            d.text((x, y), text, font=fnt, fill=col)
            y += h
        return y

    y = GRID
    d.line([PAD, y - 4, width - PAD, y - 4], fill=(190, 185, 170), width=2)
    y += 8
    if result:
        win = ", ".join(_name(names, w) for w in result["winners"]) or "nobody"
        d.rectangle([PAD, y, width - PAD, y + 40], fill=(30, 90, 40))
        d.text((width // 2, y + 20), _fit(f"Game over · winner: {win}", head, width - 3 * PAD), font=head,
               fill=(255, 255, 255), anchor="mm")
        y += 50
    draw_lines(lx, y, left)
    draw_lines(rx, y, right)
    y += top_h + 14
    if b:
        what = {"ruins": "Ruins", "neutral": "neutral city"}.get(b["kind"], f"{b['target']}")
        banner = f"BATTLE at {b['square']} ({what}) · {STAGE.get(b['stage'], b['stage'])}"
        d.rectangle([PAD, y, width - PAD, y + 38], fill=(120, 30, 30))
        d.text((PAD + 10, y + 19), _fit(banner, head, width - 3 * PAD), font=head, fill=(255, 255, 255), anchor="lm")
        y += 44
        draw_lines(lx, y, battle_sides[0])
        draw_lines(rx, y, battle_sides[1])
        y += _columns(*battle_sides) + 14
    active = set(view.get("active", []))
    k = 0
    for (a, bb), h in zip(rows, row_h):
        for x, lines in ((lx, a), (rx, bb)):
            if not lines:
                continue
            p = players[k]
            k += 1
            seat = p["seat"]
            box = [x - 8, y, x + COL_W + 8, y + h - 8]
            d.rounded_rectangle(box, radius=10, fill=ACTIVE_BG if seat in active else CARD_BG,
                                outline=(200, 150, 30) if seat in active else None, width=3)
            d.rectangle([x, y + 8, x + 24, y + 32], fill=FACTION[p["faction"]], outline=INK)
            vp = f"VP {p['vp']}"
            vw = head.getlength(vp)
            name = ("▶ " if seat in active else "") + _name(names, seat)
            d.text((x + 32, y + 6), _fit(name, head, COL_W - 44 - vw), font=head, fill=INK)
            d.text((x + COL_W - vw, y + 6), vp, font=head, fill=INK)
            draw_lines(x + 8, y + HEAD + 8, lines)
        y += h
    y += 8
    if log:
        d.text((PAD, y), "Recent", font=head, fill=INK)
        y += HEAD
        for line in log:
            d.text((PAD, y), line, font=body, fill=(60, 60, 60))
            y += LINE
    return to_png(img)


HAND_W = 600


def render_hand(view: dict, names=None) -> bytes:
    hand = view.get("hand", [])
    amb = view.get("ambush", [])
    seat = view.get("viewer")
    me = view["players"][seat] if seat is not None else None
    tents = me["tents"] if me else []
    sanct = view.get("sanctuary", [])
    big, mid, idf = font(28, True), font(24), font(24, True)
    row = 34
    id_w = max([idf.getlength(c["id"]) for c in hand + amb] or [0])
    text_x = int(50 + id_w + 18)
    inner = HAND_W - 2 * 18
    # lines: (kind, payload)
    entries: list[tuple] = []

    def card_text(c) -> str:
        extra = ""
        if c.get("acts_as"):
            extra += f" as {c['acts_as']}"
        if c.get("uses_left") == 0:
            extra += " (used)"
        elif c.get("uses_left", 1) > 1:
            extra += f" ({c['uses_left']} uses)"
        return f"{_label(c)}{extra}"

    entries.append(("head", f"Hand ({len(hand)})"))
    entries += [("card", c) for c in hand] or [("text", "empty")]
    if amb:
        entries.append(("head", f"Ambush ({len(amb)})"))
        entries += [("card", c) for c in amb]
    for shown in view.get("formation_seen") or []:  # R23: an opponent showed you his Formation
        entries.append(("head", _fit(f"{_name(names, shown['by'])}'s Formation", big, inner)))
        entries += [("text", line) for line in _wrap_items("", [c["label"] for c in shown["cards"]], mid,
                                                           inner - 20, indent="", sep=", ")]
    if tents:
        entries.append(("head", f"Tents ({len(tents)})"))
        for t in tents:
            items = [f"{_label(c)} [{c['id']}]" for c in t["cards"]] or ["empty"]
            entries += [("text", line) for line in _wrap_items(f"{t['tent']['id']}: ", items, mid, inner - 20,
                                                               sep=", ")]
    counts: dict[str, int] = {}
    for c in sanct:
        key = _label(c)
        counts[key] = counts.get(key, 0) + 1
    entries.append(("head", f"Sanctuary ({len(sanct)})"))
    items = [f"{n}× {k}" for k, n in sorted(counts.items())] or ["empty"]
    entries += [("small", line) for line in _wrap_items("", items, mid, inner - 20, indent="", sep=", ")]
    text_w = HAND_W - 18 - text_x
    entries = [(k, (e, _wrap(card_text(e), mid, text_w, "  "))) if k == "card" else (k, e) for k, e in entries]
    height = 18 + 40 + 34 + sum(40 if k == "head" else row * (len(e[1]) if k == "card" else 1)
                                for k, e in entries) + 16

    img = Image.new("RGB", (HAND_W, height), BG)
    d = ImageDraw.Draw(img)
    title = f"{_name(names, seat)} · your cards" if seat is not None else "Hand"
    if me:
        d.rectangle([18, 22, 42, 46], fill=FACTION[me["faction"]], outline=INK)
    d.text((50 if me else 18, 16), _fit(title, big, inner - 40), font=big, fill=INK)
    d.text((18, 58), f"Realm {view.get('realm_count', 0)} · Sanctuary {len(sanct)} · Ambush {len(amb)}",
           font=mid, fill=GREY)
    y = 18 + 40 + 34
    for kind, payload in entries:
        if kind == "head":
            d.line([18, y + 4, HAND_W - 18, y + 4], fill=(190, 185, 170), width=2)
            d.text((18, y + 8), payload, font=big, fill=INK)
            y += 40
            continue
        if kind == "card":
            c, lines = payload
            col = FACTION.get(c["faction"], (120, 120, 120)) if c["faction"] != "*" else (140, 60, 160)
            d.rectangle([20, y + 7, 40, y + 27], fill=col, outline=INK)
            d.text((50, y + 2), c["id"], font=idf, fill=(120, 40, 20))
            for i, line in enumerate(lines):
                d.text((text_x, y + 2 + i * row), line, font=mid, fill=INK)
            y += row * (len(lines) - 1)
        else:
            d.text((38, y + 2), payload, font=mid, fill=INK if kind == "text" else (60, 60, 60))
        y += row
    return to_png(img)
