"""What each seat (or a spectator, viewer None) may see of a Civilization state (spec section 6).

The view is the state with what the viewer may not know taken out:
- the RNG, every deck's order (unit, culture, wonder, great person decks, the hut and village
  piles: counts only) and the neutral tiles still face down (their tile id is None);
- the contents of hut and village markers on the map (the kind stays);
- other seats' standing forces, culture hands and hut/village resources (counts, G32 DD), their
  battle hands (combat: counts) and their secret research pick (only how many have chosen);
- who a cancel window asks and who has already answered (a seat learns that it is asked from its
  own legal moves),
  and the secrecy bookkeeping (seen.py: where face-down markers came from, cards seen).
Public (6.1, G32): the map, cities, figures, markers, buildings, wonders, great people, every seat's
civ, government, trade, coins, culture, market resources, techs, ranks, wonders, great people on
the sheet, and the market.

The view also carries what the pictures (render/civilization/) draw but would need the rules to
work out, so a renderer reads facts and never calls a rule:
- "layout" (public): the tile size, the icon and resource kinds, every face-up square as printed
  now (terrain, icons, resource, natural wonder) with what it gives a city ("yields": after
  markers; nothing on a city center), and the blockaded squares;
- "tracks" (public): the trade dial's top and the culture track's last space (the culture victory);
- "unit_cards": for each unit card the viewer may see (its own standing forces and battle hand, the
  battle's fronts) its type, its unit's name and its strength at each rank;
- its own seat's "payable_abilities": the techs whose resource ability its resources pay now."""
from __future__ import annotations

import marshal

from . import board, combat, culture, data, economy, seen, trade

PRIVATE_KEYS = ("rng", "hut_pile", "village_pile", seen.SHOWN_CARDS, seen.SHOWN_UNITS)
RANKS = (1, 2, 3, 4)          # a unit type's ranks (R107: its names and strengths, one per rank)


def view(state: dict, viewer: int | None) -> dict:
    out = marshal.loads(marshal.dumps({k: v for k, v in state.items() if k not in PRIVATE_KEYS}, 2))
    mine = viewer if viewer is not None and 0 <= viewer < state["players"] else None
    out["viewer"] = mine
    out["hut_pile"] = len(state.get("hut_pile", []))
    out["village_pile"] = len(state.get("village_pile", []))
    for tile in out["map"]["tiles"]:
        if not tile["face_up"]:
            tile["tile"] = None
    out["markers"] = {lbl: {"kind": m["kind"]} for lbl, m in state.get("markers", {}).items()}
    decks = out["decks"]
    decks["units"] = {t: {"down": len(d["down"]), "up": len(d["up"])} for t, d in state["decks"]["units"].items()}
    decks["culture"] = {e: {"down": len(d["down"]), "up": len(d["up"])} for e, d in state["decks"]["culture"].items()}
    decks["wonders"] = len(state["decks"]["wonders"])
    decks["great_people"] = len(state["decks"]["great_people"])
    for s, area in enumerate(out["seats"]):
        area["coins"] = economy.coins(state, s) if state["phase"] != "setup" else 0
        if s != mine:
            area["standing_forces"] = len(area["standing_forces"])
            area["culture_hand"] = len(area["culture_hand"])
            area["hidden_resources"] = len(area["hidden_resources"])
            area.pop(seen.ORIGIN, None)
    res = state.get("research")
    if isinstance(res, dict) and "revealed" not in res:
        picks = res.get("picks", {})
        out["research"] = {"picked": len(picks),
                           "picks": {k: v for k, v in picks.items() if mine is not None and k == str(mine)}}
    if "offers" in state:                         # R27: an offer is private to its two seats
        out["offers"] = trade.view_offers(state, mine)
        out["offers_pending"] = trade.pending_count(state)
    if "trade_phase" in state:
        tp = state["trade_phase"]
        out["trade_phase"] = {"open": tp.get("open", False), "done": list(tp.get("done", [])),
                              "started": {k: v for k, v in tp.get("started", {}).items() if k == str(mine)}}
    pending = out.get("pending")
    if pending and pending.get("kind") == "cancel":
        # the cancel window answers in private: nobody learns who is asked or who has answered (a
        # pass by autopass looks like any other); a seat learns that it is asked from its moves
        pending["waiting"] = []
    if pending and pending.get("kind") == "choose" and pending.get("seat") != mine \
            and isinstance(pending.get("context", {}).get("card"), str):
        # a card still being aimed stays in its player's hand: others see its kind, not the copy
        pending["context"]["card"] = culture.card_kind(pending["context"]["card"])
    b = state.get("battle")
    if b:
        out["battle"] = combat.public_battle(state, mine) if hasattr(combat, "public_battle") else _battle_view(b, state, mine)
    out["layout"] = layout(state)
    out["tracks"] = {"trade": economy.TRADE_MAX, "culture": culture.last_space()}
    out["unit_cards"] = {card: unit_facts(card) for card in _seen_unit_cards(out, mine)}
    if mine is not None:
        out["seats"][mine]["payable_abilities"] = payable_abilities(state["seats"][mine])
    return out


LAYOUT_INPUTS = ("map", "disasters", "cities", "buildings", "wonders_at", "great_people_at", "figures")
LAYOUTS_KEPT = 32
_layouts: dict[bytes, bytes] = {}


def layout(state: dict) -> dict:
    """The map as the board picture draws it (public): each face-up square's printed terrain,
    icons, resource and natural wonder, what it gives ("yields", after markers and cities), and
    the outskirts squares a foreign figure blockades (R95).

    Worked out once per map as it stands (`LAYOUT_INPUTS`: what `board.square`, `board.yields`
    and `board.blockaded` read, and the printed cells of the face-up tiles) and kept: every
    seat's view of a state needs it, and most moves leave the map as it was. Each caller gets
    its own copy."""
    tiles = board.tiles_data()
    printed = [(tiles.get(t["tile"]) or {}).get("cells") for t in state["map"]["tiles"] if t["face_up"]]
    key = marshal.dumps((tuple(state.get(k) for k in LAYOUT_INPUTS), printed), 2)
    kept = _layouts.get(key)
    if kept is None:
        with board.reading(state):
            kept = marshal.dumps(_layout(state), 2)
        if len(_layouts) >= LAYOUTS_KEPT:
            _layouts.pop(next(iter(_layouts), None), None)   # the oldest
        _layouts[key] = kept
    return marshal.loads(kept)


def _layout(state: dict) -> dict:
    squares = {}
    for t in state["map"]["tiles"]:
        if not t["face_up"]:
            continue
        for row in range(board.SIZE):
            for col in range(board.SIZE):
                x, y = t["x"] + col, t["y"] + row
                sq = board.square(state, x, y)
                if sq is None:
                    continue
                squares[board.label(x, y)] = {
                    "x": x, "y": y, "terrain": sq["terrain"], "icons": dict(sq["icons"]),
                    "resource": sq["resource"], "natural_wonder": bool(sq["natural_wonder"]),
                    "yields": board.yields(state, x, y, sq=sq)}
    blockaded = sorted({board.label(x, y) for city in state.get("cities") or []
                        for x, y in board.outskirts(state, city["x"], city["y"])
                        if board.blockaded(state, x, y, city["owner"])})
    return {"tile_size": board.SIZE, "icons": list(board.ICONS), "resources": list(board.RESOURCES),
            "squares": squares, "blockaded": blockaded}


def unit_facts(card: str) -> dict:
    """A unit card's type, and its unit's name (English, for the glossary) and strength per rank."""
    kind = combat.card_type(card)
    names = data.by_id("units")[kind]["names"]
    return {"type": kind, "names": [names[min(rank, len(names)) - 1] for rank in RANKS],
            "strength": [combat.strength(card, rank) for rank in RANKS]}


def _seen_unit_cards(shown: dict, mine: int | None) -> list[str]:
    """The unit card ids a view shows: the viewer's standing forces, the battle hands it holds
    (lists; others are counts), the cards on the battle's fronts."""
    cards = []
    if mine is not None:
        cards += shown["seats"][mine]["standing_forces"]
    b = shown.get("battle")
    if isinstance(b, dict):
        for hand in (b.get("hands") or {}).values():
            if isinstance(hand, list):
                cards += hand
        for front in b.get("fronts") or []:
            for unit in front.values() if isinstance(front, dict) else ():
                if isinstance(unit, dict) and unit.get("card"):
                    cards.append(unit["card"])
    return sorted({c for c in cards if isinstance(c, str)})


def payable_abilities(area: dict) -> list[str]:
    """The seat's techs with a resource ability whose cost its resources (market tokens and
    face-down ones) pay now; the cost is {resource: n, "any": n}."""
    held: dict[str, int] = {}
    for r in list(area.get("resources") or []) + list(area.get("hidden_resources") or []):
        held[r] = held.get(r, 0) + 1
    out = []
    for t in area.get("techs") or []:
        tid = t.get("id") if isinstance(t, dict) else t
        ability = (data.by_id("techs").get(tid) or {}).get("resource_ability")
        if not isinstance(ability, dict):
            continue
        cost = ability.get("cost") if isinstance(ability.get("cost"), dict) else {}
        named = {res: n for res, n in cost.items() if res != "any"}
        if all(held.get(res, 0) >= n for res, n in named.items()) \
                and sum(held.values()) - sum(named.values()) >= cost.get("any", 0):
            out.append(tid)
    return out


def _battle_view(b: dict, state: dict, mine: int | None) -> dict:
    shown = marshal.loads(marshal.dumps(b, 2))
    hands = shown.get("hands", {})
    for side, cards in list(hands.items()):
        if b["seats"].get(side) != mine:
            hands[side] = len(cards)
    return shown


def hidden_items(state: dict, seat: int) -> set[str]:
    """Strings only `seat` may know now: its standing forces' unit card ids, its culture hand's
    card ids, its battle hand, and a token for its research pick before the reveal."""
    area = state["seats"][seat]
    out = set(area["standing_forces"]) | set(area["culture_hand"])
    out |= combat.hidden_battle_items(state, seat)
    out |= trade.hidden_items(state, seat)
    res = state.get("research")
    if isinstance(res, dict) and "revealed" not in res and str(seat) in res.get("picks", {}):
        out.add(f"research-pick-{seat}-{res['picks'][str(seat)]}")
    return out
