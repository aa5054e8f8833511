"""Computer player. It decides from its own view (hand, public board and pool) and the legal-action
list of its seat; it never reads other players' hidden cards, deck orders or the RNG. Deterministic
per seed; a few milliseconds per decision.

Plan: choose the faction the hand favours; declare Formations; take neutral cities and the Ruins with
a hero (the big VP swings), build and upgrade cities, hire the priciest unit the Supply allows, extend
roads towards targets, and attack opponents only with a clear margin. As defender it fights when its
hand can match the attacker, otherwise retreats or surrenders.

The game ends only by the seed's endings (R119 full board, R121 level-4 cities), so the player keeps
them reachable: it places a card so that a road of its network still leads into an empty square
(a closed network can build nothing more, R45f) and buys no road whose every place would close
it, and once it can build nothing more (`blocked`) it sends its heroes against the cities of others
whose roads still lead somewhere and attacks them with a smaller margin: a conquest (R99) is then
the only way the game moves on. `easy_moves` keeps the easy computer's random moves to the same."""
from __future__ import annotations

import random

from . import board, data, legal, views

STRENGTH = {"soldier": 1, "captain": 2, "priest": 3, "commander": 4, "weapon": 1, "horse": 1}


def _strength(c: dict, attacking: bool) -> int:
    t = c.get("acts_as") or c["type"]
    if t == "sword":
        return 5 if attacking else 1
    if t == "shield":
        return 1 if attacking else 5
    if c["type"] == "hammer":
        return 0
    base = STRENGTH.get(t, 0)
    if t in ("weapon", "horse"):
        base *= max(1, c.get("uses_left", 1))
    return base


def _targets(state: dict, v: dict, seat: int) -> list[str]:
    me = v["players"][seat]
    out = []
    for sq, t in v["board"].items():
        if t["kind"] == "city" and t["owner"] in ("neutral", "empty"):
            out.append(sq)
        if t["kind"] == "ruins" and me["great"] is None and v["pool"]["great"] and v["options"]["variant"] != "scenario2":
            out.append(sq)
    if not out:
        out = [sq for sq, t in v["board"].items() if t["kind"] == "city" and isinstance(t["owner"], int) and t["owner"] != seat]
    return out


def _open_squares(state: dict, squares) -> set[str]:
    """The empty squares a road of these built squares leads into (where a card joined to them may
    go, R45): public board only."""
    out = set()
    for sq in squares:
        for e in board.tile_exits(state["board"][sq]):
            n = board.neighbour(sq, e)
            if n and board.playable(state, n) and n not in state["board"] and n not in state["impassable"]:
                out.add(n)
    return out


def keeps_open(state: dict, tile: dict, open_now: set[str], place: str) -> bool:
    """Whether placing `tile` (its kind and shape) as `place` (place:<square>:<rotation>) leaves a
    road of the network leading into an empty square (`open_now`: those it leads into now), so
    that something can still be built (R45f), or fills the board (R119, with the squares R120
    makes impassable then): either way the game can still reach its end. Public board only."""
    _, sq, rot = place.split(":")[:3]
    exits = board.rotate(board.shape_exits(tile["kind"], tile["shape"]), int(rot))
    opened = {n for e in exits if (n := board.neighbour(sq, e)) and board.playable(state, n)
              and n not in state["board"] and n not in state["impassable"]}
    return bool((open_now - {sq}) | opened) or _fills_the_board(state, tile, sq, int(rot))


def _fills_the_board(state: dict, tile: dict, sq: str, rot: int) -> bool:
    """The card placed there leaves no empty square (R119, R120): a sketch of the board after it."""
    if len(board.empty_squares(state)) > 4:
        return False  # a card makes a few squares impassable at most
    placed = {"kind": tile["kind"], "shape": tile["shape"], "rot": rot, "owner": None}
    after = dict(state, board={**state["board"], sq: placed}, impassable=list(state["impassable"]))
    board.update_impassable(after)
    return board.board_full(after)


def closes(state: dict, seat: int, kind: str, shape: str) -> bool:
    """Every place a card of this kind and shape may go (R45) closes the seat's network: bought,
    it leaves nothing more to build (R45f). Public board only."""
    open_now = _open_squares(state, board.own_network(state, seat))
    tile = {"kind": kind, "shape": shape}
    return not any(keeps_open(state, tile, open_now, f"place:{sq}:{rot}")
                   for sq, rot in board.legal_placements(state, seat, kind, shape))


def _component(state: dict, start: str) -> set[str]:
    """Built squares joined to `start` by roads (R82, G13)."""
    seen, stack = {start}, [start]
    while stack:
        for n in board.road_links(state, stack.pop()):
            if n not in seen:
                seen.add(n)
                stack.append(n)
    return seen


def blocked(state: dict, seat: int) -> bool:
    """No road of the seat's network leads into an empty square: it can build nothing more (R45f),
    so the game goes on only by a conquest (R99) or, for nobody, not at all. Public board only."""
    return bool(board.cities_of(state, seat)) and not _open_squares(state, board.own_network(state, seat))


def _conquests(state: dict, v: dict, seat: int) -> list[str]:
    """A blocked seat's targets: the cities of others (and the Ruins while it has no Great
    Artifact) whose road network still leads into empty squares, else all of them."""
    out = [sq for sq, t in v["board"].items()
           if t["kind"] == "city" and t["owner"] != seat and t["owner"] != "empty"]
    out += [sq for sq in _targets(state, v, seat) if sq not in out]
    opening = [sq for sq in out if _open_squares(state, _component(state, sq))]
    return opening or out


def _distance_map(state: dict, seat: int, targets: list[str]) -> dict[str, int]:
    """Road distance from every square to the nearest target (public board only)."""
    best: dict[str, int] = {}
    for t in targets:
        for sq, (cost, path) in board.move_costs(state, seat, t).items():
            d = len(path) - 1
            if sq not in best or d < best[sq]:
                best[sq] = d
    return best


def _manhattan(a: str, b: str) -> int:
    ax, ay = board.sq_xy(a)
    bx, by = board.sq_xy(b)
    return abs(ax - bx) + abs(ay - by)


def choose(state: dict, seat: int, seed: int) -> str:
    rng = random.Random(seed)
    acts = legal.legal_actions(state, seat)
    if not acts:
        raise ValueError("no legal action for this seat")
    ids = [a.id for a in acts]
    v = views.view(state, seat)
    hand = v.get("hand", [])

    def first(prefix: str):
        return next((i for i in ids if i.startswith(prefix)), None)

    if v["phase"] == "setup_faction":
        counts = {}
        for c in hand:
            if c["faction"] in data.FACTIONS:
                counts[c["faction"]] = counts.get(c["faction"], 0) + 1
        return max(ids, key=lambda i: (counts.get(i.split(":")[1], 0), -ids.index(i)))
    if v["phase"] == "setup_city":
        me_f = v["players"][seat]["faction"]
        return max(ids, key=lambda i: (v["board"][i.split(":")[1]]["terrain"] == me_f, -ids.index(i)))
    if v["phase"] == "start":
        forms = [i for i in ids if i.split(":")[0] == "formation"]
        if not forms:
            return "start"
        # R23: show the cards to as few opponents as possible, the one furthest behind on points
        vp = {p["seat"]: p["vp"] for p in v["players"]}

        def audience(i):  # formation:<cards>[:<opponents>]
            parts = i.split(":")
            to = [int(x) for x in parts[2].split(",")] if len(parts) > 2 else []
            return (len(to), sum(vp.get(o, 0) for o in to), to)
        return min(forms, key=audience)
    pend = v["pending"]
    if pend:
        return _pending_choice(state, v, seat, ids, rng)
    if v["battle"]:
        return _battle_choice(v, seat, ids, hand)
    return _turn_choice(state, v, seat, ids, hand, rng)


def _pending_choice(state, v, seat, ids, rng):
    kind = v["pending"]["kind"]
    if kind == "place":
        targets = _targets(state, v, seat) or ["d4"]
        tile = v["pending"]["tile"]
        open_now = _open_squares(state, board.own_network(state, seat))

        def score(i):
            # never close one's own network: with no road into an empty square left, nothing more
            # can be built (R45f) and the board may never fill (R119)
            sq = i.split(":")[1]
            return (keeps_open(state, tile, open_now, i), -min(_manhattan(sq, t) for t in targets), rng.random())
        return max(ids, key=score)
    if kind == "wild":
        return "wild:commander" if v["battle"] else "wild:supply"
    if kind == "great":
        for g in ("sword", "shield", "hammer", "horn", "wings"):
            if f"great:{g}" in ids:
                return f"great:{g}"
    if kind == "horn":
        realm = {c["id"]: c for c in v["pending"].get("realm", [])}
        def worth(i):
            picks = [] if i.endswith("none") else i.split(":")[1].split(",")
            return sum(_strength(realm[c], True) + (2 if realm[c]["type"] == "supply" else 0) for c in picks if c in realm)
        return max(ids, key=worth)
    return ids[0]


def _battle_choice(v, seat, ids, hand):
    b = v["battle"]
    attacking = b["attacker"] == seat
    a, d = b["attacker_total"], b["defender_total"]
    if b["stage"] == "decide":
        reserve = sum(_strength(c, False) for c in hand if c["type"] != "hammer")
        reserve += sum(1 for _ in v.get("ambush", []))  # unknown strength: count a little
        reserve += sum(_strength(c, False) for t in v["players"][seat]["tents"] for c in t["cards"])  # R69
        fights = [i for i in ids if i.startswith("fight:")]
        if d + reserve >= a and fights:
            # all heroes on the square join, Ambush cards picked up
            return max(fights, key=lambda i: (i.split(":")[1] == "y", len(i.split(":")[2])))
        retreat = next((i for i in ids if i.startswith("retreat:")), None)
        return retreat or "surrender"
    mine = a if attacking else d
    other = d if attacking else a
    if "commit" in ids:
        return "commit"
    adds = [i for i in ids if i.startswith("add:")]
    by_id = {c["id"]: c for c in hand}

    def gain(i: str) -> int:
        """Strength an add action brings: an illuminated Weapon/Horse added with one use gives +1."""
        parts = i.split(":")
        c = by_id.get(parts[1], {"type": "x"})
        full = _strength(c, attacking)
        return min(full, int(parts[2]) * STRENGTH[c.get("acts_as") or c["type"]]) if len(parts) > 2 else full

    if adds:
        reach = mine + sum(_strength(by_id[c], attacking) for c in {i.split(":")[1] for i in adds} if c in by_id)
        enough = reach > other if attacking else reach >= other
        if enough or b["stage"] == "opening":
            my_f = v["players"][seat]["faction"]
            return max(adds, key=lambda i: (gain(i), by_id.get(i.split(":")[1], {}).get("faction") == my_f))
    # R69: a Tent's cards may join the battle at any time; strike one holding fighting cards
    tents = {t["tent"]["id"]: t for t in v["players"][seat]["tents"]}
    for i in ids:
        if i.startswith("strike:") and any(_strength(c, attacking) > 0 for c in tents.get(i.split(":")[1], {}).get("cards", [])):
            return i
    if "cancel" in ids:
        return "cancel"
    return "pass" if "pass" in ids else ids[0]


def _battle_reach(hand, attacking: bool) -> int:
    return sum(_strength(c, attacking) for c in hand)


def _turn_choice(state, v, seat, ids, hand, rng):
    me = v["players"][seat]
    # 1. attacks: neutral cities and the Ruins when the hand surely exceeds, opponents with a margin
    has_weapon = any((c.get("acts_as") or c["type"]) in ("weapon", "sword", "shield") and c["type"] != "hammer"
                     for c in hand)
    reach = _battle_reach(hand, True)
    stuck = blocked(state, seat)  # nothing left to build: only a conquest moves the game on
    city_margin = 2 if stuck else 4
    if has_weapon:
        for i in ids:
            if not i.startswith("attack:"):
                continue
            _, sq, tgt, _h = i.split(":")
            tile = v["board"][sq]
            if tgt in ("neutral", "ruins") and reach > tile["defence"]:
                return i
            if tgt == "city" and reach >= tile["level"] + city_margin:
                return i
            if tgt.startswith("p") and reach >= 5:
                return i
    claim = next((i for i in ids if i.startswith("claim:")), None)
    if claim:
        return claim
    # 2. cities: upgrade, then the highest new city
    ups = [i for i in ids if i.startswith("upgrade:")]
    if ups:
        return max(ups, key=lambda i: v["board"][i.split(":")[1]]["level"])
    cities = [i for i in ids if i.startswith("city:")]
    if cities:
        return max(cities, key=lambda i: (int(i.split(":")[1]), len(board.shape_exits("city", i.split(":")[2]))))
    # 3. a hero to take neutral cities
    heroes_on = sum(1 for h in me["heroes"] if h)
    hero = first_of(ids, "hero:")
    weapons_in_hand = sum(1 for c in hand if (c.get("acts_as") or c["type"]) in ("weapon", "sword", "shield"))
    if hero and heroes_on == 0:
        return hero
    # 4. move heroes towards targets
    kind = {c["id"]: c.get("acts_as") or c["type"] for c in hand}
    targets = _conquests(state, v, seat) if stuck else _targets(state, v, seat)
    if targets and any(me["heroes"]):
        dist = _distance_map(state, seat, targets)
        best, best_gain = None, 0
        for i in ids:
            if not i.startswith("move:"):
                continue
            _, fig, dest, pay = i.split(":")  # pay: free, or the cards paying (Supply, or one Horse)
            here = me["heroes"][int(fig) - 1]
            gain = dist.get(here, 99) - dist.get(dest, 99)
            if dist.get(dest) == 0 and reach < 4 and pay != "free":
                gain -= 1  # no point arriving without the strength to attack
            cost_pen = 0.1 if pay != "free" and all(kind.get(c) == "supply" for c in pay.split(",")) else 0.0
            if gain > 0 and (best is None or gain - cost_pen > best_gain):
                best, best_gain = i, gain - cost_pen
        if best:
            return best
    # 5. acquisitions: a Weapon when none is at hand and a hero exists, else the priciest unit
    if weapons_in_hand == 0 and heroes_on and (craft := paid_move(ids, "craft:weapon")):
        return craft
    for t in ("commander", "priest", "captain"):
        if hire := paid_move(ids, f"hire:{t}"):
            return hire
    # 6. roads towards targets (Soldiers and Supply to spare)
    # a road whose every place closes the network is left in the pool (R45f)
    roads = [i for i in ids if i.startswith("road:") and not closes(state, seat, "road", i.split(":")[1])]
    if roads and rng.random() < 0.8:
        return rng.choice(roads)
    for t in ("horse", "weapon", "title", "tool"):
        if (craft := paid_move(ids, f"craft:{t}")) and rng.random() < 0.5:
            return craft
    titles = [i for i in ids if i.startswith("title:") and not i.endswith(":2")]
    if titles:
        return titles[0]
    return paid_move(ids, "hire:soldier") or "end"


def first_of(ids, prefix):
    return next((i for i in ids if i.startswith(prefix)), None)


def paid_move(ids, move: str) -> str | None:
    """The listed id of a paid move (`move` followed by the cards that pay it, e.g. hire:soldier:k3,k8)."""
    return next((i for i in ids if i.rpartition(":")[0] == move), None)


def easy_moves(state: dict, seat: int) -> list[str] | list[list[str]] | None:
    """What the easy computer draws from when it plays at random (engine.ai_levels): the random
    move of a weaker player, never one that undoes what the game needs to reach its end. From the
    seat's view and its listed moves only (its own hand, the public board and the card it drew).

    - The start of a turn: one of the start's own moves (a Formation, Redeploy or "start"), as when
      "start" was a move of its own: drawn from every move the turn lists, it seldom redeploys a
      hand that cannot act, and its games stall.
    - Placing a card: where a road of its network still leads into an empty square, as the normal
      player places (R45f), when there is such a place; and no road or city bought whose every
      place closes the network: two closed networks and nothing can ever be built between them,
      and the board never fills (R119).
    - Later in the turn: a kind of move first (the listed moves by their group: hire, build, move a
      hero, Ambush, end the turn...), then one of that kind, so that a kind listed once per pair of
      cards in the hand is not most of the draw; and no Ambush that banishes a unit or a Supply
      card (R28), what hires (R40), roads and cities (R44) are paid with. Drawn from the whole list,
      the easy computer banished its hires away, the unit decks ran out (R5), nobody could pay for
      a road any more and four-player games never filled the board."""
    if seat not in legal.active_players(state):
        return None
    acts = legal.legal_actions(state, seat)
    v = views.view(state, seat)
    if v["phase"] == "start":
        return [a.id for a in acts if a.group == "start"]
    ids = [a.id for a in acts]
    if v["pending"] and v["pending"]["kind"] == "place":
        open_now = _open_squares(state, board.own_network(state, seat))
        return [i for i in ids if keeps_open(state, v["pending"]["tile"], open_now, i)] or ids
    hand = {c["id"]: c for c in v.get("hand", [])}
    kinds: dict[str, list[str]] = {}
    shut: dict[tuple[str, str], bool] = {}
    for a in acts:
        if a.group == "ambush" and hand.get(a.id.split(":")[2], {}).get("type") in PAID_WITH:
            continue
        if a.id.startswith(("road:", "city:")):
            kind, shape = ("road", a.id.split(":")[1]) if a.id.startswith("road:") else ("city", a.id.split(":")[2])
            if (kind, shape) not in shut:
                shut[kind, shape] = closes(state, seat, kind, shape)
            if shut[kind, shape]:
                continue
        kinds.setdefault(a.group, []).append(a.id)
    return list(kinds.values())


PAID_WITH = {*data.UNIT_TYPES, "supply"}  # what hires (R40), roads and cities (R44) are paid with
