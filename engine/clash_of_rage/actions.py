"""The action phases of Clash of Rage (phases 3 and 5): R33-R35, the Move action R36-R44 with D19-D21,
D36, D40, the Equip action R68-R79 with D22-D24, D37, the win check R13 / D12 and the optional round
limit D33.

state["action"] holds the action phase in progress: {"phase", "round", "done": seats that acted,
"kind": None | "move" | "battles" | "equip", "moved": territory -> tier -> units that ended a move there,
"heroes_moved": hero ids, "forged", "recruited": once per Equip action (R68)}. A stale record (other
phase or round) counts as empty, so the views never need to write. state["forge"] is the forging
seat's private draw ({"seat", "cards"}) until it keeps one. Decisions of the active seat (turn order):
  "pass"                          do nothing (R33)
  "move:<from>:<to>:<group>"      one group (D36): k models of one unit type ("krag_rider*2", or
                                  "krag_rider" for one), or one hero id, e.g. "move:1C:1N:krag_rider*2"
  "moved"                         movement finished; battles follow (R44)
  "battle:<hex>"                  the next battle (R44, D40); its own decisions belong to battle.py
  "buy:<item>:<unit type>:<slot>" buy from the black market for gold and equip it; the item in
                                  that slot is set aside (R70, R74, D37)
  "forge"                         pay crystals, draw forges + 1 legendary cards (R72, R73, D24)
  "keep:<legendary>"              keep one of them; the others are shuffled back (R73)
  "equip:<item>:<unit type>"      reorganize: an item set aside, or on another unit type, goes to
                                  that type's slot of its kind; what was there is set aside (R74, R75)
  "unequip:<unit type>:<slot>"    reorganize: set that item aside (R74)
  "recruit:<hero>:<territory>"    pay the hero's gold and place it (R77, D21d, D22)
  "equipped"                      the Equip action is finished (D23)
"""
from __future__ import annotations

from engine.base import Event, IllegalAction
from engine.rng import next_random
from engine.text import Msg, Seat, to_json

from . import battle, board, data, rounds, setup, supply, tactics

PHASES = ("first_action", "second_action")
WIN_VP = 4              # R13
FORGE_COST_ONE = 6      # R72: crystals with one forge controlled
FORGE_COST_MORE = 4     # R72: with two or more
LONGER_GAME_VP = 5      # R13, section 8: the longer game


# ---------------------------------------------------------------- whose turn

def record(state: dict) -> dict:
    rec = state.get("action")
    if rec and rec.get("phase") == state.get("phase") and rec.get("round") == state.get("round"):
        return rec
    return {"phase": state.get("phase"), "round": state.get("round"), "done": [], "kind": None,
            "moved": {}, "heroes_moved": [], "forged": False, "recruited": False}


def acting(state: dict) -> int | None:
    """The seat whose action it is (turn order, R33/R34), or None."""
    if state.get("phase") not in PHASES or state.get("result"):
        return None
    done = record(state)["done"]
    return next((s for s in tactics.turn_order(state) if s not in done), None)


def active_seats(state: dict) -> list[int]:
    if state.get("battle"):
        return battle.active_seats(state)
    if state.get("forge"):
        return [state["forge"]["seat"]]
    seat = acting(state)
    return [] if seat is None else [seat]


# ---------------------------------------------------------------- the board as a mover sees it

def counts(state: dict, seat: int) -> tuple[dict[str, int], dict[str, int]]:
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


def movable(state: dict, seat: int, rec: dict, where: str, tier: str) -> int:
    """Units of that tier on `where` that have not moved in this action (D36: once each)."""
    here = state["units"].get(where, {}).get(str(seat), {}).get(tier, 0)
    return here - rec["moved"].get(where, {}).get(tier, 0)


def destinations(state: dict, seat: int, where: str, movement: int, flying: bool) -> dict[str, int]:
    enemies, friends = counts(state, seat)
    return board.reachable(rounds.current_board(state), where, movement, flying=flying,
                           enemies=enemies, friends=friends, seat=seat + 1)


def heroes_of(state: dict, seat: int) -> list[str]:
    return sorted(h for h, owner in state.get("heroes", {}).items()
                  if owner == seat and h in state.get("hero_at", {}))


def _group_moves(state: dict, seat: int, rec: dict) -> list[str]:
    out = []
    types = _unit_types(state, seat)
    for where in sorted(state["units"]):
        for tier, _n in sorted(state["units"][where].get(str(seat), {}).items()):
            free = min(movable(state, seat, rec, where, tier), may_leave(state, seat, rec, where))
            unit = next(u for u in types.values() if str(u["tier"]) == tier)
            if free < 1:
                continue
            dests = destinations(state, seat, where, unit["movement"], bool(unit["icons"].get("FLY")))
            for to in sorted(dests):
                out += [f"move:{where}:{to}:{battle.group_text([unit['id']] * k)}" for k in range(1, free + 1)
                        if heroes_can_follow(state, seat, rec, where, to, k)]
    for hero in heroes_of(state, seat):
        if hero in rec["heroes_moved"]:
            continue
        where = state["hero_at"][hero]
        for to in sorted(hero_destinations(state, seat, hero)):
            out.append(f"move:{where}:{to}:{hero}")
    return out


def may_leave(state: dict, seat: int, rec: dict, where: str) -> int:
    """How many units may leave `where`: all but one when a hero that moved this action stands
    there (R43: it must not be left alone; D21e), outside the own stronghold."""
    here = rounds.units_of(state, where, seat)
    keeps_hero = where != rounds.stronghold_label(seat) and any(
        state["hero_at"].get(h) == where for h in rec["heroes_moved"])
    return here - 1 if keeps_hero else here


def heroes_left_behind(state: dict, seat: int, rec: dict, where: str) -> list[str]:
    """The seat's heroes on `where` (not its stronghold) that have not moved in this action."""
    if where == rounds.stronghold_label(seat):
        return []
    return [h for h in heroes_of(state, seat) if state["hero_at"][h] == where and h not in rec["heroes_moved"]]


def heroes_can_follow(state: dict, seat: int, rec: dict, where: str, to: str, k: int) -> bool:
    """Seed 「英雄永遠不能落單」 (a hero is never left alone): the last units on `where` may leave a
    hero that has not moved only for a territory every such hero can reach; the hero must then
    follow (or go to other units or home) before the Move action ends (`lonely_heroes`). Its
    reach only grows while the seat moves (enemies stay put, moved units stay), so it can."""
    if k < rounds.units_of(state, where, seat):
        return True
    return all(to in hero_reach(state, seat, h) for h in heroes_left_behind(state, seat, rec, where))


def _hero_flies(hero_id: str) -> bool:
    """A hero moves by the units' rules (seed 「英雄的移動規則與其他部隊相同」), a flying one as a
    flyer (「飛行：具有飛行能力的部隊可以跨越岩石山脈，且在移動中可以忽略敵方部隊」)."""
    return _hero(hero_id).get("special") == "FLY"


def hero_reach(state: dict, seat: int, hero: str) -> dict[str, int]:
    return destinations(state, seat, state["hero_at"][hero], _hero(hero)["movement"], _hero_flies(hero))


def hero_destinations(state: dict, seat: int, hero: str) -> list[str]:
    """R43, D21b/e: a hero ends its move with one of its owner's units, or in the own stronghold.
    Units move first and the hero joins them, so a Move action never ends with a hero alone."""
    home = rounds.stronghold_label(seat)
    return [to for to in hero_reach(state, seat, hero) if to == home or rounds.units_of(state, to, seat) > 0]


def _hero(hero_id: str) -> dict:
    return next(h for h in data.heroes() if h["id"] == hero_id)


def lonely_heroes(state: dict, seat: int, rec: dict) -> list[str]:
    """Heroes of the seat alone on a board territory (no unit of the seat there) that must still
    move before the Move action ends (seed 「英雄永遠不能落單」, R43, D21e). A hero that moved joined
    units that may not all leave it (`may_leave`); one that has not moved and was left by its
    units can follow them (`heroes_can_follow`). A hero with nowhere to go (only in a state saved
    before this rule) does not hold the action up."""
    home = rounds.stronghold_label(seat)
    return [h for h in heroes_of(state, seat)
            if state["hero_at"][h] != home and rounds.units_of(state, state["hero_at"][h], seat) < 1
            and h not in rec["heroes_moved"] and hero_destinations(state, seat, h)]


def withdraw_lone_heroes(state: dict) -> list[Event]:
    """Seed 「如果只剩英雄單獨面對敵方部隊（精靈或其他玩家），英雄會自動從戰鬥中撤退，並返回其所有者的
    主堡。」 (R66): a hero sharing its territory with enemy units (elves or another seat's) and none
    of its owner's withdraws at once to its owner's stronghold. Enemies entering such a territory
    do not stop there: a hero is no unit and controls nothing (R38, D9)."""
    events = []
    for hero, at in sorted(state.get("hero_at", {}).items()):
        owner = state["heroes"].get(hero)
        if owner is None or str(owner) not in state["strongholds"]:
            continue
        home = state["strongholds"][str(owner)]
        if at == home or rounds.units_of(state, at, owner) > 0:
            continue
        if state["elves"].get(at) or any(rounds.units_of(state, at, s) for s in range(state["players"]) if s != owner):
            state["hero_at"][hero] = home
            events.append(Event(Msg("{hero} of {seat} is alone facing enemy units in {hex} and withdraws to the stronghold.",
                                    hero=_hero(hero)["name"], seat=Seat(owner), hex=at)))
    return events


def _contested(state: dict, seat: int) -> list[str]:
    """Territories holding the active seat's units and enemies (R44)."""
    enemies, friends = counts(state, seat)
    return sorted(h for h in friends if enemies.get(h))


# ---------------------------------------------------------------- legal actions

def legal_actions(state: dict, seat: int) -> list[str]:
    if state.get("battle"):
        return battle.legal_actions(state, seat)
    if state.get("forge"):
        return [f"keep:{c}" for c in state["forge"]["cards"]] if seat == state["forge"]["seat"] else []
    if seat != acting(state):
        return []
    rec = record(state)
    if rec["kind"] == "battles":
        return [f"battle:{h}" for h in _contested(state, seat)]
    if rec["kind"] == "equip":
        return _equip_actions(state, seat, rec) + ["equipped"]
    moves = _group_moves(state, seat, rec)
    if rec["kind"] == "move":
        return moves + ([] if lonely_heroes(state, seat, rec) else ["moved"])
    return ["pass"] + moves + _equip_actions(state, seat, rec) + ["equipped"]


def _equip_actions(state: dict, seat: int, rec: dict) -> list[str]:
    out = _buys(state, seat)
    if not rec["forged"] and forge_cost(state, seat) is not None:
        out.append("forge")
    out += _reorganizations(state, seat)
    if not rec["recruited"]:
        out += _recruits(state, seat)
    return out


def forges_controlled(state: dict, seat: int) -> int:
    return sum(1 for f in rounds.bare_board(state).of_terrain("forge") if rounds.controller(state, f) == seat)


def forge_cost(state: dict, seat: int) -> int | None:
    """R72: 6 crystals with one forge, 4 with two or more; None when the seat cannot forge now
    (no forge, too few crystals, or an empty legendary pile, D24)."""
    forges = forges_controlled(state, seat)
    if forges == 0 or not state["legendary_deck"]:
        return None
    cost = FORGE_COST_ONE if forges == 1 else FORGE_COST_MORE
    return cost if state["seats"][seat]["crystals"] >= cost else None


def _owned_items(state: dict, seat: int) -> list[tuple[str, str | None]]:
    """(item, unit type it sits on or None when set aside), one entry per copy."""
    player = state["seats"][seat]
    types = {str(u["tier"]): u["id"] for u in _unit_types(state, seat).values()}
    out = [(i, None) for i in player["set_aside"]]
    for tier, slots in sorted(player["equipped"].items()):
        out += [(i, types[tier]) for i in slots.values() if i]
    return out


def _reorganizations(state: dict, seat: int) -> list[str]:
    """R74, R75: every item owned may go to any unit type's slot of its kind; an equipped item may
    be set aside. Moving an item onto the type it is on already is no move."""
    out: set[str] = set()
    types = _unit_types(state, seat)
    for item, on in _owned_items(state, seat):
        for type_id in sorted(types):
            if type_id != on:
                out.add(f"equip:{item}:{type_id}")
        if on is not None:
            out.add(f"unequip:{on}:{data.item(item)['slot']}")
    return sorted(out)


def recruit_places(state: dict, seat: int) -> list[str]:
    """R77, D21d: the own stronghold, or a territory holding one of the seat's units."""
    return rounds.reinforce_targets(state, seat)


def _recruits(state: dict, seat: int) -> list[str]:
    gold = state["seats"][seat]["gold"]
    return [f"recruit:{h}:{t}" for h, owner in sorted(state["heroes"].items())
            if owner is None and _hero(h)["cost"] <= gold for t in recruit_places(state, seat)]


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
    if state.get("forge"):
        return _keep(state, seat, action_id)
    if seat != acting(state):
        raise IllegalAction(Msg("It is not your turn to act."))
    rec = record(state)
    if action_id == "pass" and rec["kind"] is None:
        state["action"] = rec
        return [Event(Msg("{seat} passes.", seat=Seat(seat)))] + _finish(state, seat)
    if action_id.startswith("buy:") and rec["kind"] in (None, "equip"):
        return _buy(state, seat, rec, action_id)
    if action_id == "forge" and rec["kind"] in (None, "equip"):
        return _forge(state, seat, rec)
    if action_id.startswith(("equip:", "unequip:")) and rec["kind"] in (None, "equip"):
        return _reorganize(state, seat, rec, action_id)
    if action_id.startswith("recruit:") and rec["kind"] in (None, "equip"):
        return _recruit(state, seat, rec, action_id)
    if action_id == "equipped" and rec["kind"] in (None, "equip"):
        state["action"] = rec
        return [Event(Msg("{seat} has finished equipping.", seat=Seat(seat)))] + _finish(state, seat)
    if action_id.startswith("move:") and rec["kind"] in (None, "move"):
        return _move(state, seat, rec, action_id)
    if action_id == "moved" and rec["kind"] == "move":
        if lonely_heroes(state, seat, rec):
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
    ids = list(battle.parse_group(ids_text) or ("",))
    types = _unit_types(state, seat)
    if len(ids) == 1 and ids[0] in heroes_of(state, seat):
        hero = ids[0]
        if state["hero_at"][hero] != where or hero in rec["heroes_moved"]:
            raise IllegalAction(Msg("That hero cannot move from {hex}.", hex=where))
        if to not in hero_destinations(state, seat, hero):
            raise IllegalAction(Msg("A hero moves to one of your units or your stronghold, within its movement."))
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
    if where not in state["units"] or min(movable(state, seat, rec, where, tier), may_leave(state, seat, rec, where)) < k:
        raise IllegalAction(Msg("You do not have {count} units that can still move from {hex}.",
                                count=k, hex=where))
    if to not in destinations(state, seat, where, unit["movement"], bool(unit["icons"].get("FLY"))):
        raise IllegalAction(Msg("Those units cannot reach {hex}.", hex=to))
    if not heroes_can_follow(state, seat, rec, where, to, k):
        raise IllegalAction(Msg("Your hero would be left alone in {hex}: it cannot follow your units there.", hex=where))
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
    events = [Event(Msg("{seat} moves {count} {unit} from {start} to {end}.", seat=Seat(seat), count=k,
                        unit=unit["name"], start=where, end=to))]
    events += withdraw_lone_heroes(state)
    # seed 「如果你在你的回合中第二次行動時擁有 4個勝利點，你立刻贏得遊戲。」: a move into an empty elf
    # city is a city held now (R11, D9), so the win is checked at once, not at the next action
    return events + _check_win(state, seat)


def _buy(state: dict, seat: int, rec: dict, action_id: str) -> list[Event]:
    if action_id not in _buys(state, seat):
        raise IllegalAction(Msg("You cannot buy that item for that unit type."))
    _, item_id, type_id, slot = action_id.split(":")
    item, player = data.item(item_id), state["seats"][seat]
    player["gold"] -= item["cost"]                      # R69: back to the supply (supply.gold_left)
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


def _forge(state: dict, seat: int, rec: dict) -> list[Event]:
    if rec["forged"]:
        raise IllegalAction(Msg("You can forge only once in an Equip action."))
    cost = forge_cost(state, seat)
    if cost is None:
        raise IllegalAction(Msg("To forge you need a forge, enough crystals and a legendary card left."))
    forges = forges_controlled(state, seat)
    state["seats"][seat]["crystals"] -= cost            # R69
    supply.return_crystals(state, cost)
    deck = state["legendary_deck"]
    cards = [deck.pop() for _ in range(min(forges + 1, len(deck)))]   # R73, D24
    state["forge"] = {"seat": seat, "cards": cards}
    rec.update(kind="equip", forged=True)
    state["action"] = rec
    return [Event(Msg("{seat} spends {cost} crystals to forge and draws {n} legendary cards.",
                      seat=Seat(seat), cost=cost, n=len(cards)),
                  private={seat: Msg("You draw {cards}: keep one.",
                                     cards=[data.item(c)["name"] for c in cards])})]


def _keep(state: dict, seat: int, action_id: str) -> list[Event]:
    """R73: the kept card is public and set aside (equip it by reorganizing); the others go back
    unseen and the pile is shuffled. A forged card is 1 VP at once (R12), and D12 checks the win."""
    pending = state["forge"]
    if seat != pending["seat"]:
        raise IllegalAction(Msg("It is not your turn to act."))
    verb, _, card = action_id.partition(":")
    if verb != "keep" or card not in pending["cards"]:
        raise IllegalAction(Msg("Keep one of the legendary cards you drew."))
    rest = [c for c in pending["cards"] if c != card]
    state["legendary_deck"] += rest
    next_random(state).shuffle(state["legendary_deck"])
    player = state["seats"][seat]
    player["legendary"].append(card)
    player["set_aside"].append(card)
    state["forge"] = None
    events = [Event(Msg("{seat} forges {item}.", seat=Seat(seat), item=data.item(card)["name"]))]
    rounds.update_victory_points(state)
    return events + _check_win(state, seat)


def _reorganize(state: dict, seat: int, rec: dict, action_id: str) -> list[Event]:
    if action_id not in _reorganizations(state, seat):
        raise IllegalAction(Msg("You cannot move that equipment there."))
    player = state["seats"][seat]
    types = _unit_types(state, seat)
    rec["kind"] = "equip"
    state["action"] = rec
    if action_id.startswith("unequip:"):
        _, type_id, slot = action_id.split(":")
        slots = player["equipped"][str(types[type_id]["tier"])]
        item, slots[slot] = slots[slot], None
        player["set_aside"].append(item)
        return [Event(Msg("{seat} sets {item} aside.", seat=Seat(seat), item=data.item(item)["name"]))]
    _, item, type_id = action_id.split(":")
    slot = data.item(item)["slot"]
    if item in player["set_aside"]:                     # a copy set aside first, else a slot's
        player["set_aside"].remove(item)
    else:
        tier = next(t for t, sl in sorted(player["equipped"].items()) if sl[slot] == item)
        player["equipped"][tier][slot] = None
    target = player["equipped"][str(types[type_id]["tier"])]
    if target[slot] is not None:
        player["set_aside"].append(target[slot])
    target[slot] = item
    return [Event(Msg("{seat} equips {unit} with {item}.", seat=Seat(seat), unit=types[type_id]["name"],
                      item=data.item(item)["name"]))]


def _recruit(state: dict, seat: int, rec: dict, action_id: str) -> list[Event]:
    if rec["recruited"]:
        raise IllegalAction(Msg("You can recruit only one hero in an Equip action."))
    if action_id not in _recruits(state, seat):
        raise IllegalAction(Msg("You cannot recruit that hero there."))
    _, hero, where = action_id.split(":")
    state["seats"][seat]["gold"] -= _hero(hero)["cost"]  # D22, R69
    state["heroes"][hero] = seat                        # R78: for the rest of the game
    state["hero_at"][hero] = where
    rec.update(kind="equip", recruited=True)
    state["action"] = rec
    return [Event(Msg("{seat} recruits {hero} on {territory}.", seat=Seat(seat), hero=_hero(hero)["name"],
                      territory=where))]


def _next_battle(state: dict, seat: int) -> list[Event]:
    """No battle left: the seat's action is over (R44)."""
    if _contested(state, seat):
        return []
    return _finish(state, seat)


def _after_battle(state: dict) -> list[Event]:
    """After each battle: VP change at once (R11, D9); in phase 5 the active seat may win (D12)."""
    seat = acting(state)
    events = withdraw_lone_heroes(state)
    rounds.update_victory_points(state)
    events += _check_win(state, seat)
    if state.get("result"):
        return events
    return events + _next_battle(state, seat)


def victory_target(state: dict) -> int:
    """The victory points that win (R13; the longer game, section 8)."""
    return LONGER_GAME_VP if state["options"].get("longer") else WIN_VP


def _check_win(state: dict, seat: int | None) -> list[Event]:
    """D12: only the active seat, only during phase 5."""
    if seat is None or state.get("phase") != "second_action":
        return []
    rounds.update_victory_points(state)
    vp = state["seats"][seat]["vp"]
    if vp < victory_target(state):
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
    rec.update(done=rec["done"] + [seat], kind=None, moved={}, heroes_moved=[], forged=False, recruited=False)
    events: list[Event] = []
    if acting(state) is None:
        if state["phase"] == "first_action":
            events += rounds.stones(state)
        elif state["round"] == state["options"].get("rounds"):
            return events + _round_limit(state)
        else:
            return events + rounds.next_round(state)
    return events + _check_win(state, acting(state))     # D12: at the start of a phase-5 action


def _round_limit(state: dict) -> list[Event]:
    """D33: after the last round's phase 5, most VP wins; then most legendary items, then most
    crystals + gold; still tied, the win is shared."""
    rounds.update_victory_points(state)
    seats = range(state["players"])
    key = {s: (state["seats"][s]["vp"], len(state["seats"][s]["legendary"]),
               state["seats"][s]["crystals"] + state["seats"][s]["gold"]) for s in seats}
    best = max(key.values())
    winners = [s for s in seats if key[s] == best]
    reason = Msg("The round limit ({rounds}) is reached: most victory points wins.", rounds=state["round"])
    state["result"] = {"winners": winners,
                       "scores": {str(s): state["seats"][s]["vp"] for s in seats},
                       "reason": to_json(reason)}
    return [Event(Msg("Round {round} was the last: {winners} win with {vp} victory points.",
                      round=state["round"], winners=[Seat(s) for s in winners], vp=best[0]))]
