"""Shared helpers for the Battalia tests: playing games, invariants, building positions."""
from __future__ import annotations

import json
import random
import re
from collections import Counter

from engine.battalia import RULES
from engine.battalia.cards import eff_type
from engine.battalia.paths import CARD_IDS, PAYABLE
from engine.battalia.setup import empty_turn


def card_zones(state: dict) -> Counter:
    """How many zones hold each physical card id (must be exactly 1 each)."""
    seen: Counter = Counter()
    for p in state["players"]:
        for z in ("realm", "hand", "sanctuary", "ambush", "played", "gained", "line"):
            seen.update(c for c in p[z] if not c.startswith("v"))
        for t in p["tents"]:
            seen.update([t["tent"]] + t["cards"])
    pool = state["pool"]
    for d in pool["units"].values():
        seen.update(d)
    for d in pool["artifacts"].values():
        seen.update(d)
    seen.update(pool["supply"])
    seen.update(pool["great"])
    seen.update(pool["void"])
    seen.update(pool["box"])
    seen.update(pool["hidden_great"].values())
    return seen


def terrain_zones(state: dict) -> Counter:
    seen: Counter = Counter()
    for t in state["board"].values():
        if t["card"] != "ruins":
            seen[t["card"]] += 1
    for d in list(state["pool"]["cities"].values()) + list(state["pool"]["roads"].values()):
        seen.update(d)
    seen.update(state["pool"]["box_terrain"])
    if state["pending"] and state["pending"]["kind"] == "place":
        seen[state["pending"]["tile"]] += 1
    return seen


def strings_in(obj) -> list[str]:
    out = []
    if isinstance(obj, dict):
        for k, v in obj.items():
            out.append(str(k))
            out += strings_in(v)
    elif isinstance(obj, list):
        for v in obj:
            out += strings_in(v)
    elif isinstance(obj, str):
        out.append(obj)
    return out


def hidden_ids_leak(state: dict, view: dict, viewer) -> list[str]:
    """Ids of cards in other players' hands/Ambush/Realms and in face-down pool decks that appear in view."""
    text = "\n".join(strings_in(view))
    tokens = set(re.findall(r"\b[kv]\d+\b", text))
    hidden = set()
    for p in state["players"]:
        if p["seat"] != viewer:
            hidden |= set(p["hand"]) | set(p["ambush"])
        hidden |= set(p["realm"])  # nobody may see Realm order; ids never shown
    for d in state["pool"]["artifacts"].values():
        hidden |= set(d)
    for d in state["pool"]["units"].values():
        hidden |= set(d)
    hidden |= set(state["pool"]["hidden_great"].values()) | set(state["pool"]["box"])
    if viewer is not None and state["pending"] and state["pending"]["kind"] == "horn" \
            and state["pending"]["seat"] == viewer:
        hidden -= set(state["players"][viewer]["realm"])  # the Horn shows the owner his Realm (R76)
    return sorted(tokens & hidden)


def check_invariants(state: dict, totals: tuple[int, int]) -> None:
    zones = card_zones(state)
    assert set(zones) == set(state["cards"]), "a card is missing from every zone"
    assert all(v == 1 for v in zones.values()), [c for c, v in zones.items() if v != 1]
    tz = terrain_zones(state)
    assert set(tz) == set(state["terrain"]) and all(v == 1 for v in tz.values())
    assert (len(state["cards"]), len(state["terrain"])) == totals
    json.dumps(state)
    for viewer in [None] + list(range(state["n"])):
        v = RULES.view(state, viewer)
        for key in ("game", "players", "current", "step", "log", "result"):
            assert key in v
        leak = hidden_ids_leak(state, v, viewer)
        assert not leak, f"view of {viewer} shows hidden cards {leak}"
        if viewer is None:
            assert "hand" not in v and "rng" not in json.dumps(v)


def biased_random_policy(rng: random.Random):
    """Random legal moves, but ending the turn only now and then so games do things."""
    def choose(state, seat):
        acts = RULES.legal_actions(state, seat)
        assert acts, "an active player always has a legal action"
        non_end = [a for a in acts if a.id != "end"]
        if non_end and rng.random() < 0.85:
            return rng.choice(non_end).id
        return rng.choice(acts).id
    return choose


def play_game(n: int, seed: int, policy, options=None, check_every: int = 1, max_actions: int = 20000):
    """Play from `setup(n, options, seed)` to the end: the final state and the action log, the
    (seat, action id) pairs applied in order (the state keeps no log; the store does)."""
    state = RULES.setup(n, options or {}, seed)
    totals = (len(state["cards"]), len(state["terrain"]))
    log: list[tuple[int, str]] = []
    while RULES.result(state) is None:
        active = RULES.active_players(state)
        assert len(active) == 1
        seat = next(iter(active))
        action = policy(state, seat)
        state, events = RULES.apply(state, seat, action)
        log.append((seat, action))
        for e in events:
            assert isinstance(e.public, str)
        if check_every and len(log) % check_every == 0:
            check_invariants(state, totals)
        assert len(log) < max_actions, "game did not terminate"
    check_invariants(state, totals)
    return state, log


def replay(n: int, options, seed: int, log) -> dict:
    """The state after the (seat, action id) pairs of `log`, applied in order from `setup(n, options,
    seed)`: what the match service does with the store's action log."""
    s = RULES.setup(n, options or {}, seed)
    for seat, action in log:
        s, _ = RULES.apply(s, seat, action)
    return s


def same_state(a: dict, b: dict) -> bool:
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def ready_game(n: int = 2, seed: int = 1, options=None, factions=None) -> dict:
    """A game past setup: seats choose factions in order and the offered starting cities."""
    options = dict(options or {})
    options.setdefault("first_player", 0)
    s = RULES.setup(n, options, seed)
    factions = list(factions or [])
    while s["phase"] == "setup_faction":
        seat = s["current"]
        f = factions.pop(0) if factions else s["setup"]["factions_left"][0]
        s, _ = RULES.apply(s, seat, f"faction:{f}")
    while s["phase"] == "setup_city":
        seat = s["current"]
        s, _ = RULES.apply(s, seat, RULES.legal_actions(s, seat)[0].id)
    return s


def give(state: dict, seat: int, specs: list[tuple[str, str | None]], zone: str = "hand") -> list[str]:
    """Move cards of the given (type, faction) from wherever they are in the pool into a zone
    (test set-up only; keeps every card in exactly one zone)."""
    out = []
    for t, f in specs:
        cid = _take_from_pool(state, t, f)
        state["players"][seat][zone].append(cid)
        out.append(cid)
    return out


def _take_from_pool(state: dict, t: str, f) -> str:
    pool = state["pool"]
    decks = list(pool["units"].values()) + list(pool["artifacts"].values()) + [pool["supply"], pool["great"], pool["box"]]
    for d in decks:
        for c in d:
            if state["cards"][c]["t"] == t and (f is None or state["cards"][c]["f"] == f):
                d.remove(c)
                return c
    raise AssertionError(f"no {t}/{f} left in the pool")


def clear_hand(state: dict, seat: int) -> None:
    """Send the hand to the Sanctuary (test set-up only)."""
    p = state["players"][seat]
    p["sanctuary"] += p["hand"]
    p["hand"] = []


def to_actions(state: dict, seat: int | None = None) -> dict:
    """Skip step 1 for the current player."""
    s, _ = RULES.apply(state, state["current"], "start")
    return s


def fresh_turn(state: dict) -> None:
    state["turn"] = empty_turn()


def ids(actions) -> list[str]:
    return [a.id for a in actions]


def short(state: dict, action_id: str) -> str:
    """A listed id as the tests name the move: a paid move without the cards the engine picked to pay
    it (a hero move or retreat by its way to pay: sup or horse), a Formation without the cards it
    shows (formation, or formation:<opponents>). Other ids as they are."""
    parts = action_id.split(":")
    head, _, paid = action_id.rpartition(":")
    if parts[0] in PAYABLE and CARD_IDS.match(paid):
        if parts[0] in ("move", "retreat"):
            return f"{head}:{'horse' if eff_type(state, paid.split(',')[0]) == 'horse' else 'sup'}"
        return head
    if parts[0] == "formation":
        return ":".join(["formation"] + parts[2:])
    return action_id


def moves(state: dict, seat: int) -> list[str]:
    """The legal moves of `seat`, named as the tests name them (short)."""
    return [short(state, a.id) for a in RULES.legal_actions(state, seat)]


def listed(state: dict, seat: int, move: str) -> str:
    """The listed id of a move named as the tests name it (short): the id itself when listed, else the
    one listed id it stands for (with the cards the engine picks to pay it, or the cards a Formation
    shows), else `move` as it is (for the engine to refuse)."""
    found = [a.id for a in RULES.legal_actions(state, seat) if a.id == move or short(state, a.id) == move]
    return found[0] if len(found) == 1 else move


def force_roll(state: dict, value: int) -> None:
    """Advance the seeded RNG counter to the next draw whose d6 shows `value` (tests only)."""
    seed, n = state["rng"]["seed"], state["rng"]["n"]
    while random.Random(f"{seed}:{n}").randint(1, 6) != value:
        n += 1
    state["rng"]["n"] = n


def put_tile(state: dict, sq: str, kind: str, shape: str, rot: int = 0, owner=None, level: int = 0,
             terrain: str | None = None) -> None:
    """Place a terrain card from the pool (tests only)."""
    deck = state["pool"]["cities" if kind == "city" else "roads"][shape]
    tid = next((t for t in deck if terrain is None or state["terrain"][t]["terrain"] == terrain), deck[0])
    deck.remove(tid)
    tile = {"card": tid, "kind": kind, "shape": shape, "rot": rot, "terrain": state["terrain"][tid]["terrain"],
            "owner": owner}
    if kind == "city":
        tile.update({"level": level, "defence": 0})
    state["board"][sq] = tile


def actions_phase(n: int = 2, seed: int = 1, options=None, factions=None) -> dict:
    """Seat 0 (start player) in step 3 with an empty hand, ready for hand-made positions."""
    s = ready_game(n, seed, options, factions)
    s, _ = RULES.apply(s, 0, "start")
    clear_hand(s, 0)
    return s


def road_line(**options):
    """Seat 0 (Forest Clan) owns the level-1 city b2 with a road east b2-c2-d2-e2 (2 players);
    hero 1 of seat 0 stands on b2. Nothing else is built except the Ruins."""
    s = actions_phase(2, seed=7, options=dict({"removed_faction": "R"}, **options), factions=["G", "B"])
    s["board"] = {"d4": s["board"]["d4"]}
    put_tile(s, "b2", "city", "cross", 0, owner=0, level=1)
    for sq in ("c2", "d2", "e2"):
        put_tile(s, sq, "road", "straight", 1)  # E-W
    s["players"][0]["heroes"] = ["b2", None]
    return s
