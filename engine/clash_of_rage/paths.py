"""Each legal action id as an `Action` with its path: the choices a player makes one after another
(verb, then where from, what, where to...). Ids keep their stored grammar (actions.py, rounds.py,
battle.py, tactics.py); a UI walks the paths and never parses an id."""
from __future__ import annotations

from functools import lru_cache

from engine.base import Action, Choice, fit_choice
from engine.text import Msg, plural

from . import assembly, battle, data, flow, rounds, tactics

ROMAN = tactics.ROMAN

TACTIC = Choice("tactic", Msg("Choose a tactic card"), Msg("Secret: revealed when everyone has chosen"))
STRONGHOLD = Choice("stronghold", Msg("Place your stronghold"), Msg("Off the board, touching a territory"))
PLACE = Choice("place", Msg("Place a reinforcement"), Msg("On your stronghold or a territory with your units"))
DONE = Choice("done", Msg("Finish reinforcing"))
PASS = Choice("pass", Msg("Pass"), Msg("Do nothing this action"))
MOVE = Choice("move", Msg("Move"), Msg("One group: units of one type, or a hero"))
MOVED = Choice("moved", Msg("Finish moving"), Msg("Then the battles are fought"))
BATTLE = Choice("battle", Msg("Fight a battle"), Msg("You choose the order of your battles"))
ROLL = Choice("roll", Msg("Roll the dice"))
RETREAT = Choice("retreat", Msg("Retreat"), Msg("Every unit and hero here goes back to the stronghold"))
REROLL = Choice("reroll", Msg("Reroll"), Msg("One reroll icon: choose the dice"))
ALLOCATE = Choice("allocate", Msg("Allocate the damage"), Msg("Which enemy models are destroyed"))
BUY = Choice("buy", Msg("Buy equipment"), Msg("From the black market, for gold"))
FORGE = Choice("forge", Msg("Forge a legendary item"), Msg("Crystals: 6 with one forge, 4 with two or more"))
KEEP = Choice("keep", Msg("Keep a legendary item"), Msg("The others go back into the pile"))
EQUIP = Choice("equip", Msg("Reorganize: equip an item"), Msg("On a unit type's slot of its kind"))
UNEQUIP = Choice("unequip", Msg("Reorganize: set an item aside"))
RECRUIT = Choice("recruit", Msg("Recruit a hero"), Msg("For gold, once per Equip action"))
EQUIPPED = Choice("equipped", Msg("Finish equipping"), Msg("Ends your Equip action"))

TILE = Choice("tile", Msg("Lay a region tile"), Msg("Setup: the players assemble the board, one tile each"))
TERRAIN_NAMES = {"city": Msg("elf city"), "forge": Msg("forge"), "stone": Msg("stone"), "mountain": Msg("mountain")}

SIMPLE = {"done": DONE, "pass": PASS, "moved": MOVED, "roll": ROLL, "equipped": EQUIPPED, "forge": FORGE}


def name(english: str) -> Msg:
    return data.term(english)


def legal_actions(state: dict, seat: int) -> list[Action]:
    """The seat's moves; its group moves listed the most useful first (`ranked_moves`), in the
    places the group moves take in the list (a menu of whole moves shows them in this order)."""
    ids = flow.legal_ids(state, seat)
    moves = [i for i in ids if i.startswith("move:")]
    if len(moves) > 1:
        ranked = iter(ranked_moves(state, seat, moves))
        ids = [next(ranked) if i.startswith("move:") else i for i in ids]
    return [action(state, seat, i) for i in ids]


def action(state: dict, seat: int, action_id: str) -> Action:
    verb, _, rest = action_id.partition(":")
    if verb in SIMPLE:
        return _simple(verb)
    if verb == "tactic":
        return _tactic(rest)
    if verb == "tile":
        return _tile(action_id)
    if verb == "stronghold":
        return _one(action_id, STRONGHOLD, rest, Msg("Stronghold at {cell}", cell=rest))
    if verb == "place":
        tier, territory = rest.split(":")
        return _place(tier, territory)
    if verb == "move":
        return _move(state, seat, action_id)
    if verb == "battle":
        return _one(action_id, BATTLE, rest, Msg("Battle in {hex}", hex=rest))
    if verb == "retreat":
        return _one(action_id, RETREAT, rest, Msg("Retreat to {hex}", hex=rest))
    if verb == "reroll":
        return _reroll(state, action_id, rest)
    if verb == "allocate":
        return _allocate(state, action_id, rest)
    if verb == "buy":
        item, type_id, _slot = rest.split(":")
        return _buy(state["seats"][seat]["tribe"], action_id, item, type_id)
    if verb == "keep":
        return _one(action_id, KEEP, rest, name(data.item(rest)["name"]), _item_text(rest))
    if verb == "equip":
        item, type_id = rest.split(":")
        return _equip(state["seats"][seat]["tribe"], action_id, item, type_id)
    if verb == "unequip":
        type_id, slot = rest.split(":")
        return _unequip(state["seats"][seat]["tribe"], action_id, type_id, slot)
    if verb == "recruit":
        hero, where = rest.split(":")
        return _recruit(action_id, hero, where)
    raise KeyError(action_id)


@lru_cache(maxsize=None)
def _simple(verb: str) -> Action:
    c = SIMPLE[verb]
    return Action(verb, c.label, verb, (c,))


@lru_cache(maxsize=None)
def _one(action_id: str, head: Choice, value: str, label, description="") -> Action:
    return Action(action_id, fit_choice(label), head.value, (head, Choice(value, fit_choice(label), description)))


@lru_cache(maxsize=None)
def _tactic(card_id: str) -> Action:
    label = tactics.label(card_id)
    return Action(f"tactic:{card_id}", label, "tactic",
                  (TACTIC, Choice(card_id, label, Msg("Turn order {n}", n=tactics.card(card_id)["turn_order"]))))


@lru_cache(maxsize=None)
def _tile(action_id: str) -> Action:
    """Lay a region tile: which tile, which side, where, turned how (assembly.py)."""
    side, spot, turn = assembly.parse(action_id)
    number = side[:-1]
    features = _features(side, 0)
    where = assembly.spot_text(spot)
    turned = Msg("Turned {degrees}°", degrees=60 * turn) if turn else Msg("Not turned")
    label = fit_choice(Msg("Tile {side} {where}, {turned}", side=side, where=where, turned=turned))
    return Action(action_id, label, "tile",
                  (TILE, Choice(number, Msg("Region tile {n}", n=number)),
                   Choice(side[-1], Msg("Side {side}", side=side), fit_choice(features)),
                   Choice(spot, where), Choice(str(turn), turned, fit_choice(_features(side, turn)))))


def _features(side: str, turn: int) -> Msg:
    """Where a tile side's city, forge, stone and mountain lie, turned `turn` steps."""
    tier = data.tile_side(side)["stone_tier"]
    parts = []
    for terrain, where in sorted(assembly.landing(side, turn).items(), key=lambda kv: list(TERRAIN_NAMES).index(kv[0])):
        what = Msg("{stone} {tier}", stone=TERRAIN_NAMES[terrain], tier=ROMAN.get(str(tier), tier)) \
            if terrain == "stone" else TERRAIN_NAMES[terrain]
        parts.append(Msg("{what} {where}", what=what, where=where))
    return Msg("{features}", features=parts)


@lru_cache(maxsize=None)
def _place(tier: str, territory: str) -> Action:
    tier_label = Msg("Tier {tier}", tier=ROMAN.get(tier, tier))
    return Action(f"place:{tier}:{territory}", Msg("Tier {tier} unit on {hex}", tier=ROMAN.get(tier, tier), hex=territory),
                  "place", (PLACE, Choice(tier, tier_label), Choice(territory, territory)))


def unit_name(tribe: str, type_id: str) -> Msg:
    return name(next(u["name"] for u in data.tribe(tribe)["units"] if u["id"] == type_id))


def _move(state: dict, seat: int, action_id: str) -> Action:
    _, where, to, ids = action_id.split(":")
    first = ids.split("*")[0]
    hero = next((h for h in data.heroes() if h["id"] == first), None)
    return _move_action(action_id, where, to, ids, state["seats"][seat]["tribe"] if hero is None else "")


@lru_cache(maxsize=None)
def _move_action(action_id: str, where: str, to: str, ids: str, tribe: str) -> Action:
    first, _, count = ids.partition("*")
    if not tribe:
        what = name(next(h["name"] for h in data.heroes() if h["id"] == first))
    else:
        what = Msg("{n} × {unit}", n=int(count or 1), unit=unit_name(tribe, first))
    label = fit_choice(Msg("{what}: {start} → {end}", what=what, start=where, end=to))
    return Action(action_id, label, "move",
                  (MOVE, Choice(where, Msg("From {hex}", hex=where)), Choice(ids, fit_choice(what)),
                   Choice(to, Msg("To {hex}", hex=to))))


def _reroll(state: dict, action_id: str, rest: str) -> Action:
    dice = state["battle"]["dice"] if state.get("battle") else []
    if not rest:
        label = Msg("Keep the dice as they are")
    else:
        picks = [int(i) for i in rest.split(",")]
        label = plural("Reroll {n} blank die", "Reroll {n} blank dice", n=len(picks)) \
            if all(dice[i] == "blank" for i in picks if i < len(dice)) else Msg("Reroll dice {dice}", dice=rest)
    return Action(action_id, label, "reroll", (REROLL, Choice(rest or "none", label)))


def _allocate(state: dict, action_id: str, rest: str) -> Action:
    b = state["battle"]
    target = b["defender"] if b["turn"] == "attacker" else b["attacker"]
    counts: dict[str, int] = {}
    for t in battle.parse_group(rest) or ():
        counts[t] = counts.get(t, 0) + 1
    parts = [Msg("{n} × {unit}", n=n, unit=_type_name(state, target, t)) for t, n in sorted(counts.items())]
    label = fit_choice(Msg("Destroy {models}", models=parts)) if parts else Msg("Destroy nothing")
    return Action(action_id, label, "allocate", (ALLOCATE, Choice(rest or "none", label)))


def _type_name(state: dict, side, type_id: str) -> Msg:
    if side == battle.ELVES:
        return name(data.elf(type_id)["name"])
    return unit_name(state["seats"][side]["tribe"], type_id)


@lru_cache(maxsize=None)
def _item_text(item_id: str) -> str:
    it = data.item(item_id)
    slot = Msg("weapon") if it["slot"] == "weapon" else Msg("armour")
    bonus = ", ".join(f"{k} +{v}" if k != "FLY" else "FLY" for k, v in sorted(it["bonus"].items()))
    cost = it.get("cost")
    return fit_choice(Msg("{slot}; {bonus}; {cost} gold", slot=slot, bonus=bonus, cost=cost) if cost is not None
                      else Msg("{slot}; {bonus}", slot=slot, bonus=bonus))


@lru_cache(maxsize=None)
def _buy(tribe: str, action_id: str, item: str, type_id: str) -> Action:
    item_name, unit = name(data.item(item)["name"]), unit_name(tribe, type_id)
    return Action(action_id, fit_choice(Msg("Buy {item} for {unit}", item=item_name, unit=unit)), "buy",
                  (BUY, Choice(item, item_name, _item_text(item)), Choice(type_id, Msg("For {unit}", unit=unit))))


@lru_cache(maxsize=None)
def _equip(tribe: str, action_id: str, item: str, type_id: str) -> Action:
    item_name, unit = name(data.item(item)["name"]), unit_name(tribe, type_id)
    return Action(action_id, fit_choice(Msg("Equip {unit} with {item}", item=item_name, unit=unit)), "equip",
                  (EQUIP, Choice(item, item_name, _item_text(item)), Choice(type_id, Msg("On {unit}", unit=unit))))


@lru_cache(maxsize=None)
def _unequip(tribe: str, action_id: str, type_id: str, slot: str) -> Action:
    unit = unit_name(tribe, type_id)
    slot_name = Msg("weapon") if slot == "weapon" else Msg("armour")
    label = Msg("Set aside the {slot} of {unit}", slot=slot_name, unit=unit)
    return Action(action_id, fit_choice(label), "unequip",
                  (UNEQUIP, Choice(type_id, unit), Choice(slot, slot_name)))


@lru_cache(maxsize=None)
def _recruit(action_id: str, hero: str, where: str) -> Action:
    h = next(x for x in data.heroes() if x["id"] == hero)
    hero_name = name(h["name"])
    return Action(action_id, fit_choice(Msg("Recruit {hero} on {hex}", hero=hero_name, hex=where)), "recruit",
                  (RECRUIT, Choice(hero, hero_name, Msg("{cost} gold, movement {move}", cost=h["cost"], move=h["movement"])),
                   Choice(where, Msg("On {hex}", hex=where))))


# ---------------------------------------------------------------- whole group moves, best first

DESTINATION_WORTH = {"city": 4, "forge": 3, "stone": 2, "plain": 1, "stronghold": 0}


def ranked_moves(state: dict, seat: int, move_ids: list[str]) -> list[str]:
    """The group moves among `move_ids` ("move:<from>:<to>:<group>"), the most useful first, for
    a menu that plays a whole move in one choice (cogs/ui/form.py, WholeMoveSelect): a whole group (every
    model of that type there that may go) before part of one, then a destination held by an
    enemy (a battle to win a place) before a free one, then an elf city, a forge, a stone, a
    plain, the own stronghold last; otherwise in the engine's order. Reads only what the seat
    sees (public pieces and its own). `legal_actions` lists the group moves in this order."""
    bare = rounds.bare_board(state)
    moves = [m for m in move_ids if m.startswith("move:")]
    largest: dict[tuple[str, str], int] = {}
    parsed = {}
    for m in moves:
        _, where, to, group = m.split(":")
        kind, _, count = group.partition("*")
        n = int(count or 1)
        parsed[m] = (where, to, kind, n)
        largest[(where, kind)] = max(largest.get((where, kind), 0), n)
    held = {h for h, tokens in state["elves"].items() if tokens}
    held |= {h for h, by_seat in state["units"].items()
             if any(int(s) != seat and sum(t.values()) for s, t in by_seat.items())}

    def key(item):
        index, m = item
        where, to, kind, n = parsed[m]
        terrain = bare.hexes[to].terrain if to in bare.hexes else "stronghold"
        return (n < largest[(where, kind)], to not in held, -DESTINATION_WORTH.get(terrain, 1), index)
    return [m for _i, m in sorted(enumerate(moves), key=key)]
