"""The action phases of Clash of Rage (phases 3 and 5): R33-R35, the Move action R36-R44 with D19-D21,
D36, D40, the win check R13 / D12, and of the Equip action (5.9) only buying (R70, R71, R74, D24,
D37); forging, reorganizing, recruiting and heroes are not written yet.

state["action"] holds the action phase in progress: {"phase", "round", "done": seats that acted,
"kind": None | "move" | "battles" | "equip", "moved": territory -> tier -> units that ended a move there,
"heroes_moved": hero ids}. A stale record (other phase or round) counts as empty, so the views
never need to write. Decisions of the active seat (turn order):
  "pass"                          do nothing (R33)
  "move:<from>:<to>:<type ids>"   one group (D36): k models of one unit type id, or one hero id,
                                  comma separated, e.g. "move:1C:1N:krag_rider,krag_rider"
  "moved"                         movement finished; battles follow (R44)
  "battle:<hex>"                  the next battle (R44, D40); its own decisions belong to battle.py
  "buy:<item>:<unit type>:<slot>" buy from the black market for gold and equip it; the item in
                                  that slot is set aside (R70, R74, D37)
  "equipped"                      the Equip action is finished (D23)
"""
from __future__ import annotations

from engine.base import Event, IllegalAction
from engine.text import Msg, Seat, to_json

from . import battle, board, data, rounds, setup, tactics

PHASES = ("first_action", "second_action")
WIN_VP = 4              # R13
LONGER_GAME_VP = 5      # R13, section 8: the longer game


# ---------------------------------------------------------------- whose turn

def _record(state: dict) -> dict:
    rec = state.get("action")
    if rec and rec.get("phase") == state.get("phase") and rec.get("round") == state.get("round"):
        return rec
    return {"phase": state.get("phase"), "round": state.get("round"), "done": [], "kind": None,
            "moved": {}, "heroes_moved": []}


def _acting(state: dict) -> int | None:
    """The seat whose action it is (turn order, R33/R34), or None."""
    if state.get("phase") not in PHASES or state.get("result"):
        return None
    done = _record(state)["done"]
    return next((s for s in tactics.turn_order(state) if s not in done), None)


def active_seats(state: dict) -> list[int]:
    if state.get("battle"):
        return battle.active_seats(state)
    seat = _acting(state)
    return [] if seat is None else [seat]


# ---------------------------------------------------------------- the board as a mover sees it

def _counts(state: dict, seat: int) -> tuple[dict[str, int], dict[str, int]]:
    """hex -> enemy models (other seats' units and elf tokens), hex -> own units (no heroes, R40)."""
    enemies: dict[str, int] = {}
    friends: dict[str, int] = {}
    for hex_, by_seat in state["units"].items():
        for s, tiers in by_seat.items():
            n = sum(tiers.values())
            target = friends if int(s) == seat else enemies
            if n:
                target[hex_] = target.get(hex_, 0) + n
    for hex_, tokens in state["elves"].items():
        if tokens:
            enemies[hex_] = enemies.get(hex_, 0) + len(tokens)
    return enemies, friends


def _unit_types(state: dict, seat: int) -> dict[str, dict]:
    return {u["id"]: u for u in data.tribe(state["seats"][seat]["tribe"])["units"]}


def _movable(state: dict, seat: int, rec: dict, where: str, tier: str) -> int:
    """Units of that tier on `where` that have not moved in this action (D36: once each)."""
    here = state["units"].get(where, {}).get(str(seat), {}).get(tier, 0)
    return here - rec["moved"].get(where, {}).get(tier, 0)


def _destinations(state: dict, seat: int, where: str, movement: int, flying: bool) -> dict[str, int]:
    enemies, friends = _counts(state, seat)
    return board.reachable(rounds.current_board(state), where, movement, flying=flying,
                           enemies=enemies, friends=friends, seat=seat + 1)


def _heroes_of(state: dict, seat: int) -> list[str]:
    return sorted(h for h, owner in state.get("heroes", {}).items()
                  if owner == seat and h in state.get("hero_at", {}))


def _group_moves(state: dict, seat: int, rec: dict) -> list[str]:
    out = []
    types = _unit_types(state, seat)
    for where in sorted(state["units"]):
        for tier, _n in sorted(state["units"][where].get(str(seat), {}).items()):
            free = _movable(state, seat, rec, where, tier)
            unit = next(u for u in types.values() if str(u["tier"]) == tier)
            if free < 1:
                continue
            dests = _destinations(state, seat, where, unit["movement"], bool(unit["icons"].get("FLY")))
            for to in sorted(dests):
                out += [f"move:{where}:{to}:{','.join([unit['id']] * k)}" for k in range(1, free + 1)]
    for hero in _heroes_of(state, seat):
        if hero in rec["heroes_moved"]:
            continue
        where = state["hero_at"][hero]
        for to in sorted(_destinations(state, seat, where, _hero(hero)["movement"], False)):
            out.append(f"move:{where}:{to}:{hero}")
    return out


def _hero(hero_id: str) -> dict:
    return next(h for h in data.heroes() if h["id"] == hero_id)


def _lonely_heroes(state: dict, seat: int, rec: dict) -> list[str]:
    """Heroes moved this action that end without an own unit, outside the own stronghold (R43, D21)."""
    home = rounds.stronghold_label(seat)
    return [h for h in rec["heroes_moved"]
            if state["hero_at"][h] != home and rounds.units_of(state, state["hero_at"][h], seat) < 1]


def _contested(state: dict, seat: int) -> list[str]:
    """Territories holding the active seat's units and enemies (R44)."""
    enemies, friends = _counts(state, seat)
    return sorted(h for h in friends if enemies.get(h))


# ---------------------------------------------------------------- legal actions

def legal_actions(state: dict, seat: int) -> list[str]:
    if state.get("battle"):
        return battle.legal_actions(state, seat)
    if seat != _acting(state):
        return []
    rec = _record(state)
    if rec["kind"] == "battles":
        return [f"battle:{h}" for h in _contested(state, seat)]
    if rec["kind"] == "equip":
        return _buys(state, seat) + ["equipped"]
    moves = _group_moves(state, seat, rec)
    if rec["kind"] == "move":
        return moves + ([] if _lonely_heroes(state, seat, rec) else ["moved"])
    return ["pass"] + moves + _buys(state, seat) + ["equipped"]


def _buys(state: dict, seat: int) -> list[str]:
    gold = state["seats"][seat]["gold"]
    out = []
    for stack in state["market"]:
        item = data.item(stack["item"])
        if item["cost"] <= gold:
            out += [f"buy:{item['id']}:{u}:{item['slot']}" for u in sorted(_unit_types(state, seat))]
    return out


# ---------------------------------------------------------------- applying

def apply(state: dict, seat: int, action_id: str) -> list[Event]:
    if state.get("battle"):
        events = battle.apply(state, seat, action_id)
        if not state.get("battle"):
            events += _after_battle(state)
        return events
    if seat != _acting(state):
        raise IllegalAction(Msg("It is not your turn to act."))
    rec = _record(state)
    if action_id == "pass" and rec["kind"] is None:
        state["action"] = rec
        return [Event(Msg("{seat} passes.", seat=Seat(seat)))] + _finish(state, seat)
    if action_id.startswith("buy:") and rec["kind"] in (None, "equip"):
        return _buy(state, seat, rec, action_id)
    if action_id == "equipped" and rec["kind"] in (None, "equip"):
        state["action"] = rec
        return [Event(Msg("{seat} has finished equipping.", seat=Seat(seat)))] + _finish(state, seat)
    if action_id.startswith("move:") and rec["kind"] in (None, "move"):
        return _move(state, seat, rec, action_id)
    if action_id == "moved" and rec["kind"] == "move":
        if _lonely_heroes(state, seat, rec):
            raise IllegalAction(Msg("A hero cannot end its move without one of your units."))
        rec["kind"] = "battles"
        state["action"] = rec
        return [Event(Msg("{seat} has finished moving.", seat=Seat(seat)))] + _next_battle(state, seat)
    if action_id.startswith("battle:") and rec["kind"] == "battles":
        where = action_id[len("battle:"):]
        if where not in _contested(state, seat):
            raise IllegalAction(Msg("There is no battle to fight in {hex}.", hex=where))
        events = battle.start_battle(state, where, seat)
        return events
    raise IllegalAction(Msg("That is not an action you can take now."))


def _move(state: dict, seat: int, rec: dict, action_id: str) -> list[Event]:
    parts = action_id.split(":")
    if len(parts) != 4 or not parts[3]:
        raise IllegalAction(Msg("A move names where from, where to and what moves."))
    _, where, to, ids_text = parts
    ids = ids_text.split(",")
    types = _unit_types(state, seat)
    if len(ids) == 1 and ids[0] in _heroes_of(state, seat):
        hero = ids[0]
        if state["hero_at"][hero] != where or hero in rec["heroes_moved"]:
            raise IllegalAction(Msg("That hero cannot move from {hex}.", hex=where))
        if to not in _destinations(state, seat, where, _hero(hero)["movement"], False):
            raise IllegalAction(Msg("That hero cannot reach {hex}.", hex=to))
        rec["heroes_moved"].append(hero)
        state["hero_at"][hero] = to
        rec["kind"] = "move"
        state["action"] = rec
        return [Event(Msg("{seat} moves {hero} from {start} to {end}.", seat=Seat(seat),
                          hero=_hero(hero)["name"], start=where, end=to))]
    if len(set(ids)) != 1 or ids[0] not in types:
        raise IllegalAction(Msg("A group is units of one type or one hero."))
    unit = types[ids[0]]
    tier, k = str(unit["tier"]), len(ids)
    if where not in state["units"] or _movable(state, seat, rec, where, tier) < k:
        raise IllegalAction(Msg("You do not have {count} units that can still move from {hex}.",
                                count=k, hex=where))
    if to not in _destinations(state, seat, where, unit["movement"], bool(unit["icons"].get("FLY"))):
        raise IllegalAction(Msg("Those units cannot reach {hex}.", hex=to))
    source = state["units"][where][str(seat)]
    source[tier] -= k
    if source[tier] == 0:
        del source[tier]
    if not source:
        del state["units"][where][str(seat)]
    if not state["units"][where]:
        del state["units"][where]
    rounds.add_unit(state, to, seat, tier)
    state["units"][to][str(seat)][tier] += k - 1
    moved = rec["moved"].setdefault(to, {})
    moved[tier] = moved.get(tier, 0) + k
    rec["kind"] = "move"
    state["action"] = rec
    return [Event(Msg("{seat} moves {count} {unit} from {start} to {end}.", seat=Seat(seat), count=k,
                      unit=unit["name"], start=where, end=to))]


def _buy(state: dict, seat: int, rec: dict, action_id: str) -> list[Event]:
    if action_id not in _buys(state, seat):
        raise IllegalAction(Msg("You cannot buy that item for that unit type."))
    _, item_id, type_id, slot = action_id.split(":")
    item, player = data.item(item_id), state["seats"][seat]
    player["gold"] -= item["cost"]                      # R69: back to the unlimited supply (D25)
    stack = next(s for s in state["market"] if s["item"] == item_id)
    stack["count"] -= 1
    if stack["count"] == 0:
        state["market"].remove(stack)
    setup.refill_market(state)                          # R71; an empty pile draws nothing (D24)
    tier = str(_unit_types(state, seat)[type_id]["tier"])
    old = player["equipped"][tier][slot]
    if old is not None:
        player["set_aside"].append(old)                 # D37: kept beside the tribe card
    player["equipped"][tier][slot] = item_id
    rec["kind"] = "equip"
    state["action"] = rec
    return [Event(Msg("{seat} buys {item} for {unit}.", seat=Seat(seat), item=item["name"],
                      unit=_unit_types(state, seat)[type_id]["name"]), hidden=True)]


def _next_battle(state: dict, seat: int) -> list[Event]:
    """No battle left: the seat's action is over (R44)."""
    if _contested(state, seat):
        return []
    return _finish(state, seat)


def _after_battle(state: dict) -> list[Event]:
    """After each battle: VP change at once (R11, D9); in phase 5 the active seat may win (D12)."""
    seat = _acting(state)
    rounds.update_victory_points(state)
    events = _check_win(state, seat)
    if state.get("result"):
        return events
    return events + _next_battle(state, seat)


def _target(state: dict) -> int:
    return LONGER_GAME_VP if state["options"].get("longer") else WIN_VP


def _check_win(state: dict, seat: int | None) -> list[Event]:
    """D12: only the active seat, only during phase 5."""
    if seat is None or state.get("phase") != "second_action":
        return []
    rounds.update_victory_points(state)
    vp = state["seats"][seat]["vp"]
    if vp < _target(state):
        return []
    reason = Msg("{seat} has {vp} victory points during the second action.", seat=Seat(seat), vp=vp)
    state["result"] = {"winners": [seat],
                       "scores": {str(s): state["seats"][s]["vp"] for s in range(state["players"])},
                       "reason": to_json(reason)}
    return [Event(Msg("{seat} wins with {vp} victory points!", seat=Seat(seat), vp=vp))]


def _finish(state: dict, seat: int) -> list[Event]:
    """The seat's action is over: the next seat in turn order acts; after the last, phase 4
    (after the first action) or the next round (after the second)."""
    rec = state["action"]
    rec.update(done=rec["done"] + [seat], kind=None, moved={}, heroes_moved=[])
    events: list[Event] = []
    if _acting(state) is None:
        if state["phase"] == "first_action":
            events += rounds.stones(state)
        else:
            return events + rounds.next_round(state)
    return events + _check_win(state, _acting(state))     # D12: at the start of a phase-5 action
