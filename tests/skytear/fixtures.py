"""Small states for Skytear rule tests (shared: the flow's tests may use them too).

`grid_map(name, cols, rows, ...)` registers a rectangular fixture map: labels "<column letter><row>"
(A1 top left), odd rows (2, 4, ...) shifted right like the real boards; `make_state(...)` builds a
state in the shape of common.md with chosen heroes on chosen hexes and no cards unless asked;
`give`, `stack_deck` add card instances to a zone; `Events` records what happened.
"""
from __future__ import annotations

from engine.rng import new_rng_state
from engine.skytear import data, hexes
from engine.skytear.events import Events

COUNTERS = ("defeats", "structure", "lane_wins", "dome_wins", "round_defeats", "towers_destroyed",
            "all_lanes_round", "ultimates", "outsider_damage", "minions_defeated")


def label(col: int, row: int) -> str:
    return f"{chr(ord('A') + col)}{row + 1}"


def grid_map(name: str = "fx_grid", cols: int = 9, rows: int = 7, *, white_lines=(), hiding=(), dome=(),
             lanes: dict | None = None, nexus: dict | None = None, towers: dict | None = None,
             control: dict | None = None) -> hexes.Map:
    """A registered rectangular map. `lanes` {hex: lane}, `nexus` {side: [hexes]}, `towers`
    {hex: (side, lane)}, `control` {number: hex}."""
    lanes, nexus, towers, control = lanes or {}, nexus or {}, towers or {}, control or {}
    nexus_of = {h: s for s, hs in nexus.items() for h in hs}
    starts = {h: n for n, h in control.items()}
    cells = []
    for r in range(rows):
        for c in range(cols):
            h = label(c, r)
            tower = towers.get(h)
            cells.append({"id": h, "q": c - (r // 2), "r": r, "lane": lanes.get(h), "dome": h in dome,
                          "hiding": h in hiding, "nexus": nexus_of.get(h),
                          "tower": {"side": tower[0], "lane": tower[1]} if tower else None,
                          "control_start": starts.get(h), "minion_start": [], "hero_start": None})
    m = hexes.Map.from_dict({"name": name, "title": name, "source": "house", "rounds": 5,
                             "heroes_per_side": 4, "hexes": cells, "white_lines": [list(w) for w in white_lines]})
    return hexes.register_map(m)


def make_state(heroes: dict, *, map_name: str = "two_lane", players: int = 2, round_no: int = 2,
               seed: int = 7, first: int = 0, towers: dict | None = None, control: dict | None = None) -> dict:
    """`heroes` {hero: (seat, hex or None)}; every hero ready at full HP. No cards anywhere."""
    sides = {2: [[0], [1]], 3: [[0, 2], [1]], 4: [[0, 2], [1, 3]]}[players]
    m = hexes.load_map(map_name)
    state = {
        "game": "skytear", "players": players, "options": {}, "rng": new_rng_state(seed), "map": map_name,
        "sides": sides, "first": first, "first_side": 0 if first in sides[0] else 1, "round": round_no,
        "rounds": 5, "phase": "hero", "turn_side": 0, "heroes": {}, "cards": {},
        "decks": {str(s): [] for s in range(players)}, "hands": {str(s): [] for s in range(players)},
        "discards": {str(s): [] for s in range(players)}, "minions": [],
        "towers": towers if towers is not None else {h: {"side": s, "lane": l, "hp": 5} for h, (s, l) in m.towers.items()},
        "nexus": [{"hp": 5, "exposed": False}, {"hp": 5, "exposed": False}],
        "control": control if control is not None else {str(n): h for n, h in m.control_starts.items()},
        "pillars": [], "illusions": {},
        "outsider": {"hexes": [], "hp": data.OUTSIDER["hp"], "statuses": {}, "holder": None, "controller": None},
        "counters": {k: [0, 0] for k in COUNTERS}, "victory": [], "bonuses": [], "stack": [], "window": None,
        "pending": None, "activation": None, "log": [], "last": None, "revealed": [], "result": None,
        "vortex": {"seat": first, "side": 0 if first in sides[0] else 1, "card": None, "used": False},
    }
    for hero, (seat, hx) in heroes.items():
        state["heroes"][hero] = {"owner": seat, "side": 0 if seat in sides[0] else 1, "hex": hx,
                                 "hp": data.hero(hero)["hp"], "state": "ready" if hx else "defeated",
                                 "returns": None, "statuses": {}, "played": [], "leads": []}
    return state


def _new_iid(state: dict) -> str:
    n = len(state["cards"]) + 1
    while f"c{n}" in state["cards"]:
        n += 1
    return f"c{n}"


def give(state: dict, seat: int, def_id: str, zone: str = "hands") -> str:
    """A new card instance of `def_id` at the end of the seat's zone (hands, decks, discards)."""
    iid = _new_iid(state)
    state["cards"][iid] = def_id
    state[zone][str(seat)].append(iid)
    return iid


def stack_deck(state: dict, seat: int, def_ids: list[str]) -> list[str]:
    """The seat's deck becomes these cards, the first on top."""
    state["decks"][str(seat)] = []
    return [give(state, seat, d, "decks") for d in def_ids]


def put_vortex(state: dict, seat: int) -> str:
    iid = _new_iid(state)
    state["cards"][iid] = data.VORTEX
    state["vortex"] = {"seat": seat, "side": 0 if seat in state["sides"][0] else 1, "card": iid, "used": False}
    return iid


def minion(state: dict, side: int, hx: str, lane: int = 1) -> str:
    state["minions"].append({"side": side, "lane": lane, "hex": hx})
    return f"m:{hx}:{side}"


def events(state: dict) -> Events:
    return Events(state)


def all_card_places(state: dict) -> list[str]:
    """Every card instance's place, for the conservation invariant."""
    found = []
    for zone in ("decks", "hands", "discards"):
        for ids in state[zone].values():
            found += ids
    for h in state["heroes"].values():
        found += h["played"] + [x["card"] for x in h["leads"]]
    v = state.get("vortex") or {}
    if v.get("card"):
        found.append(v["card"])
    return found


def resolve_default(state: dict, card_def: dict, caster: str, targets: list, ev) -> list[dict]:
    """effects.resolve_card with every placement of an area card's template left to its default
    (option 0: the most enemies, R123), as a player out of time gets; other follow-ups returned."""
    from engine.skytear import effects
    follow = effects.resolve_card(state, card_def, caster, targets, ev)
    while follow and follow[-1]["kind"] == "aoe":
        follow = follow[:-1] + effects.finish_aoe(state, follow[-1], 0, ev)
    return follow


def beside_control_token(st: dict, hero: str, token: str) -> str:
    """Put `hero` on the first open lane hex (no tower, nexus or dome) next to control token
    `token` of the two-lane map; returns that hex."""
    at = st["control"][token]
    m = hexes.load_map("two_lane")
    spot = next(h for h in hexes.sort_labels(m.coords) if hexes.distance(m, h, at) == 1
                and h not in m.towers and h not in m.nexus_hexes and not m.info[h]["dome"])
    st["heroes"][hero]["hex"] = spot
    return spot
