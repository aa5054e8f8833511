"""PNG pictures of a Battalia view: the public board (render_board) and a player's hand (render_hand).

Both take the dict from engine.battalia's view(); render_board reads only public keys, so it draws the
same picture whichever seat's view it is given."""
from __future__ import annotations

import re
import textwrap

from PIL import Image, ImageDraw

from render.common import font, to_png

CELL = 84
MARGIN = 28
PANEL = 430
TERRAIN = {"G": (86, 140, 70), "B": (70, 125, 190), "R": (180, 90, 64), "Y": (205, 170, 60), None: (150, 150, 150)}
FACTION = {"G": (40, 150, 50), "B": (40, 90, 210), "R": (210, 40, 40), "Y": (225, 180, 0), None: (90, 90, 90)}
FACTION_NAME = {"G": "Forest", "B": "Islanders", "R": "Ember", "Y": "Cloud"}
ROAD = (235, 222, 190)
BG = (245, 242, 235)
INK = (30, 30, 30)
DIRS = [(0, -1), (1, 0), (0, 1), (-1, 0)]
EXITS = {"city": {"dead": [0], "straight": [0, 2], "corner": [0, 1], "t": [0, 1, 2], "cross": [0, 1, 2, 3]},
         "road": {"straight": [0, 2], "curve": [0, 1], "t": [0, 1, 2], "cross": [0, 1, 2, 3]},
         "ruins": {"cross": [0, 1, 2, 3]}}


def _xy(sq: str) -> tuple[int, int]:
    return "abcdefg".index(sq[0]), int(sq[1:]) - 1


def _name(names, seat) -> str:
    if names and seat is not None and 0 <= seat < len(names):
        return str(names[seat])
    return f"Seat {seat}"


def _with_names(text: str, names) -> str:
    """Engine log lines say "Player N" (N = seat + 1); the board shows player names, so the log does too."""
    if not names:
        return text
    return re.sub(r"\bPlayer (\d)\b", lambda m: _name(names, int(m.group(1)) - 1), text)


def _owner_colour(view: dict, owner) -> tuple:
    if isinstance(owner, int):
        return FACTION[view["players"][owner]["faction"]]
    return (240, 240, 240)


def _draw_tile(d: ImageDraw.ImageDraw, view: dict, sq: str, tile: dict) -> None:
    x, y = _xy(sq)
    x0, y0 = MARGIN + x * CELL, MARGIN + y * CELL
    cx, cy = x0 + CELL // 2, y0 + CELL // 2
    d.rectangle([x0 + 1, y0 + 1, x0 + CELL - 1, y0 + CELL - 1], fill=TERRAIN[tile.get("terrain")])
    exits = [(e + tile.get("rot", 0)) % 4 for e in EXITS[tile["kind"]][tile["shape"]]]
    for e in exits:
        dx, dy = DIRS[e]
        d.line([cx, cy, cx + dx * CELL // 2, cy + dy * CELL // 2], fill=ROAD, width=12)
    if tile["kind"] == "road":
        d.ellipse([cx - 6, cy - 6, cx + 6, cy + 6], fill=ROAD)
    elif tile["kind"] == "ruins":
        d.rectangle([cx - 22, cy - 22, cx + 22, cy + 22], fill=(110, 100, 90), outline=INK, width=2)
        txt = str(tile.get("defence") or "") if tile.get("defence") else "R"
        d.text((cx, cy), txt, font=font(20, True), fill=(255, 255, 255), anchor="mm")
    else:
        owner = tile.get("owner")
        d.rectangle([cx - 22, cy - 22, cx + 22, cy + 22], fill=_owner_colour(view, owner), outline=INK, width=3)
        if owner == "neutral":
            txt, col = f"N{tile.get('defence')}", INK
        elif owner == "empty":
            txt, col = "0", INK
        elif owner is None:
            txt, col = "?", INK
        else:
            txt, col = str(tile.get("level")), (255, 255, 255)
        d.text((cx, cy), txt, font=font(22, True), fill=col, anchor="mm", stroke_width=1 if col != INK else 0,
               stroke_fill=INK)


def render_board(view: dict, names=None) -> bytes:
    grid = MARGIN * 2 + CELL * 7
    width = grid + PANEL
    height = max(grid + 150, 760)
    img = Image.new("RGB", (width, height), BG)
    d = ImageDraw.Draw(img)
    small, mid, big = font(13), font(15), font(17, True)
    for i in range(7):
        d.text((MARGIN + i * CELL + CELL // 2, MARGIN // 2), "abcdefg"[i], font=mid, fill=INK, anchor="mm")
        d.text((MARGIN // 2, MARGIN + i * CELL + CELL // 2), str(i + 1), font=mid, fill=INK, anchor="mm")
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
                d.rectangle(box, fill=(60, 55, 50), outline=(40, 40, 40))
                d.line([x0 + 10, y0 + 10, x0 + CELL - 10, y0 + CELL - 10], fill=(200, 60, 60), width=4)
                d.line([x0 + CELL - 10, y0 + 10, x0 + 10, y0 + CELL - 10], fill=(200, 60, 60), width=4)
            else:
                d.rectangle(box, fill=(225, 220, 205), outline=(190, 185, 170))
    for sq, tile in view["board"].items():
        _draw_tile(d, view, sq, tile)
    for y in range(8):
        d.line([MARGIN, MARGIN + y * CELL, MARGIN + 7 * CELL, MARGIN + y * CELL], fill=(120, 115, 105))
        d.line([MARGIN + y * CELL, MARGIN, MARGIN + y * CELL, MARGIN + 7 * CELL], fill=(120, 115, 105))
    # heroes: one disc per figure, in the cell corners
    corner = {}
    for p in view["players"]:
        for i, sq in enumerate(p["heroes"]):
            if not sq:
                continue
            k = corner.get(sq, 0)
            corner[sq] = k + 1
            x, y = _xy(sq)
            hx = MARGIN + x * CELL + (15 if k % 2 == 0 else CELL - 15)
            hy = MARGIN + y * CELL + (15 if k < 2 else CELL - 15)
            if k >= 4:
                hx, hy = MARGIN + x * CELL + CELL // 2, MARGIN + y * CELL + 12
            d.ellipse([hx - 12, hy - 12, hx + 12, hy + 12], fill=FACTION[p["faction"]], outline=(255, 255, 255), width=2)
            d.text((hx, hy), str(i + 1), font=font(13, True), fill=(255, 255, 255), anchor="mm")

    # side panel
    px = grid + 10
    y = 12
    o = view["oracle"]
    d.text((px, y), f"Round {o['round']} - week {o['week']}, day {o['day']}", font=big, fill=INK)
    y += 24
    d.text((px, y), f"Illuminated: {o['illuminated']}   Matched: {o['matched']}", font=mid, fill=(150, 90, 0))
    y += 24
    pool = view["pool"]
    units = "  ".join(f"{t[:4]} {u['count']}" + (f"({FACTION_NAME.get(u['top_faction'], '-')[:3]})" if u['count'] else "")
                      for t, u in pool["units"].items())
    d.text((px, y), f"Units: {units}", font=small, fill=INK)
    y += 18
    d.text((px, y), f"Supply {pool['supply']}   Void {len(pool['void'])}", font=small, fill=INK)
    y += 18
    d.text((px, y), "Artifacts: " + " ".join(f"{t[:3]} {n}" for t, n in pool["artifacts"].items()), font=small, fill=INK)
    y += 18
    d.text((px, y), "Cities: " + " ".join(f"{t} {n}" for t, n in pool["cities"].items()), font=small, fill=INK)
    y += 18
    d.text((px, y), "Roads: " + " ".join(f"{t} {n}" for t, n in pool["roads"].items()), font=small, fill=INK)
    y += 18
    d.text((px, y), "Great Artifacts: " + (", ".join(pool["great"]) or "none"), font=small, fill=INK)
    y += 26
    for p in view["players"]:
        seat = p["seat"]
        col = FACTION[p["faction"]]
        mark = ">" if seat in view.get("active", []) else " "
        d.rectangle([px, y, px + 14, y + 14], fill=col)
        d.text((px + 20, y - 2), f"{mark}{_name(names, seat)} ({FACTION_NAME.get(p['faction'], '?')})  VP {p['vp']}",
               font=big, fill=INK)
        y += 22
        d.text((px + 20, y), f"L4 cities {p['level4']}  hand {p['hand_size']}  realm {p['realm_size']}  "
                             f"sanct {p['sanctuary_size']}  ambush {p['ambush_count']}", font=small, fill=INK)
        y += 17
        extra = []
        if p["great"]:
            extra.append(f"Great: {p['great']}")
        for t in p["tents"]:
            extra.append("Tent: " + ", ".join(c["label"].rsplit(" [", 1)[0] for c in t["cards"]))
        if p["sanctuary_top"]:
            extra.append(f"top: {p['sanctuary_top']}")
        if extra:
            d.text((px + 20, y), "; ".join(extra)[:62], font=small, fill=(70, 70, 70))
            y += 17
        y += 6
    b = view.get("battle")
    if b:
        y += 4
        d.rectangle([px - 4, y - 2, width - 8, y + 24], fill=(120, 30, 30))
        what = b["target"] if b["kind"] == "player" else b["kind"]
        d.text((px, y + 2), f"BATTLE at {b['square']} ({what}) - {b['stage']}", font=big, fill=(255, 255, 255))
        y += 30
        for side, seat, total in (("Attacker", b["attacker"], b["attacker_total"]),
                                  ("Defender", b["defender"], b["defender_total"])):
            if seat is None:
                d.text((px, y), f"{side}: guardians/neutral {total}", font=mid, fill=INK)
                y += 20
                continue
            line = view["players"][seat]["line"]
            d.text((px, y), f"{side} {_name(names, seat)}: total {total}", font=mid, fill=INK)
            y += 19
            txt = ", ".join(c["label"].rsplit(" [", 1)[0] for c in line) or "-"
            for part in textwrap.wrap(txt, 58):  # whole words per line
                d.text((px + 10, y), part, font=small, fill=(60, 60, 60))
                y += 16
    if view.get("result"):
        r = view["result"]
        win = ", ".join(_name(names, w) for w in r["winners"])
        d.text((px, height - 60), f"Game over - winner: {win}", font=big, fill=(150, 0, 0))
    # log under the board
    ly = grid + 4
    d.text((MARGIN, ly), "Recent:", font=mid, fill=INK)
    for line in view.get("log", [])[-6:]:
        ly += 18
        d.text((MARGIN, ly), _with_names(line, names)[:100], font=small, fill=(60, 60, 60))
    return to_png(img)


def render_hand(view: dict, names=None) -> bytes:
    hand = view.get("hand", [])
    amb = view.get("ambush", [])
    seat = view.get("viewer")
    me = view["players"][seat] if seat is not None else None
    tents = me["tents"] if me else []
    sanct = view.get("sanctuary", [])
    rows = len(hand) + len(amb) + len(tents) + 10
    width, height = 760, 60 + rows * 24 + 40
    img = Image.new("RGB", (width, height), BG)
    d = ImageDraw.Draw(img)
    big, mid, small = font(19, True), font(16), font(14)
    title = f"{_name(names, seat)} - hand" if seat is not None else "Hand"
    d.text((16, 12), title, font=big, fill=INK)
    d.text((360, 16), f"realm {view.get('realm_count', 0)}  sanctuary {len(sanct)}", font=mid, fill=(80, 80, 80))
    y = 48

    def card_row(c, y, prefix=""):
        col = FACTION.get(c["faction"], (120, 120, 120)) if c["faction"] != "*" else (140, 60, 160)
        d.rectangle([16, y + 2, 30, y + 16], fill=col)
        extra = ""
        if c.get("acts_as"):
            extra += f" as {c['acts_as']}"
        if c.get("uses_left") == 0:
            extra += " (used)"
        elif c.get("uses_left", 1) > 1:
            extra += f" ({c['uses_left']} uses)"
        d.text((38, y), f"{prefix}{c['id']:>5}  {c['label'].rsplit(' [', 1)[0]}{extra}", font=mid, fill=INK)

    for c in hand:
        card_row(c, y)
        y += 24
    if amb:
        y += 6
        d.text((16, y), "Ambush:", font=big, fill=INK)
        y += 26
        for c in amb:
            card_row(c, y)
            y += 24
    if tents:
        y += 6
        d.text((16, y), "Tents:", font=big, fill=INK)
        y += 26
        for t in tents:
            d.text((38, y), f"{t['tent']['id']}: " + ", ".join(c["label"] for c in t["cards"]), font=mid, fill=INK)
            y += 24
    y += 6
    counts: dict[str, int] = {}
    for c in sanct:
        key = c["label"].rsplit(" [", 1)[0]
        counts[key] = counts.get(key, 0) + 1
    d.text((16, y), "Sanctuary:", font=big, fill=INK)
    y += 26
    txt = ", ".join(f"{n}x {k}" for k, n in sorted(counts.items())) or "empty"
    for part in textwrap.wrap(txt, 80):  # whole words per line
        d.text((38, y), part, font=small, fill=(60, 60, 60))
        y += 20
    img = img.crop((0, 0, width, min(height, y + 16)))
    return to_png(img)
