"""The battle sub-machine of Clash of Rage: spec section 4 and R44-R67, with D13-D18, D21, D28, D31, D32.

A battle lives in state["battle"] while it runs; it is None afterwards (the last outcome stays in
state["last_battle"], and every battle of the latest action phase that had any, with the models
each side lost, in state["battles"]: see `record_battle`). Both sides' models stay on the territory in state["units"] (territory -> seat
-> tier -> count) and state["elves"] (territory -> elf ids) and are removed as they are destroyed,
so the board is always the truth and nothing is duplicated. Hero models are found in
state["hero_at"] (hero id -> hex label), owners in state["heroes"].

Decisions, each made by the seat `active_seats` names:
  "retreat:<hex>"  a player side instead of rolling; <hex> is its own stronghold (R60, D18)
  "roll"           the attacking side rolls; the elf operator rolls for the elves (R46, R49)
  "reroll:<i,j>"   one reroll icon: the dice at those indexes, "reroll:" for none (R51, D16)
  "allocate:<ids>" the enemy models destroyed: type ids with counts, "goldleif_guard*2,temple"
                   (R54-R56, D13)
Elf rerolls are automatic (R52) and an allocation whose only legal choice is "nothing" is applied
at once. Functions change the state they are given and return events."""
from __future__ import annotations

from itertools import product

from engine.base import Event, IllegalAction
from engine.rng import next_random
from engine.text import Msg, Seat, plural

from . import data, supply

ELVES = data.ELVES
MAX_DICE = 10                   # D15: the box holds 10 dice
FACES = ("hit",) * 4 + ("blank",) * 2   # R82 / data C5: 4 wound faces, 2 blank faces
FACE_SIGN = {"hit": "⚔", "blank": "▢"}


# ---------------------------------------------------------------- sides and their types

def _tier_unit(state: dict, seat: int, tier: str) -> dict:
    return data.unit(state["seats"][seat]["tribe"], int(tier))


def _equipment(slots: dict) -> list[dict]:
    return [data.item(i) for i in slots.values() if i]


def _stats(base: dict, items: list[dict]) -> dict:
    """A unit or elf type with its equipment (R76, D8): strength, health, speed, icons."""
    icons = dict(base.get("icons", {}))
    for it in items:
        for k, v in it["bonus"].items():
            icons[k] = icons.get(k, 0) + v
    return {"strength": base["strength"] + icons.get("STR", 0),
            "health": base["health"] + icons.get("HP", 0),
            "speed": base.get("speed", 0) + icons.get("SPD", 0),
            "icons": icons}


def models(state: dict, territory: str, side) -> dict[str, int]:
    """The side's surviving models on the territory: type id -> count."""
    if side == ELVES:
        out: dict[str, int] = {}
        for e in state["elves"].get(territory, []):
            out[e] = out.get(e, 0) + 1
        return out
    tiers = state["units"].get(territory, {}).get(str(side), {})
    return {_tier_unit(state, side, t)["id"]: n for t, n in tiers.items() if n > 0}


def type_stats(state: dict, side, type_id: str) -> dict:
    if side == ELVES:
        return _stats(data.elf(type_id), _equipment(state["elf_card"][type_id]))
    seat = state["seats"][side]
    for u in data.tribe(seat["tribe"])["units"]:
        if u["id"] == type_id:
            return _stats(u, _equipment(seat["equipped"][str(u["tier"])]))
    raise KeyError(type_id)


def heroes_at(state: dict, territory: str, side) -> list[str]:
    if side == ELVES:
        return []
    return sorted(h for h, at in state.get("hero_at", {}).items()
                  if at == territory and state["heroes"].get(h) == side)


def icon_total(state: dict, territory: str, side, icon: str) -> int:
    """Icons count once per type present, whatever its number of models (R50, D8), plus the
    side's heroes there while a friendly unit is alive (D21c)."""
    present = models(state, territory, side)
    total = sum(type_stats(state, side, t)["icons"].get(icon, 0) for t in present)
    if present:
        bonus = {h["id"]: h["bonus"] for h in data.heroes()}
        total += sum(bonus[h].get(icon, 0) for h in heroes_at(state, territory, side))
    return total


def speed(state: dict, territory: str, side) -> int:
    """R47: speed icons of the types taking part (not of the models); heroes have none (D21c)."""
    return sum(type_stats(state, side, t)["speed"] for t in models(state, territory, side))


def dice_count(state: dict, territory: str, side) -> int:
    """R49, D15: the strength of the strongest surviving type, at most 10."""
    present = models(state, territory, side)
    if not present:
        return 0
    return min(MAX_DICE, max(type_stats(state, side, t)["strength"] for t in present))


def group_text(ids) -> str:
    """Model type ids as the compact form of action ids: ["a", "a", "b"] -> "a*2,b"."""
    counts: dict[str, int] = {}
    for i in ids:
        counts[i] = counts.get(i, 0) + 1
    return ",".join(t if n == 1 else f"{t}*{n}" for t, n in sorted(counts.items()))


def parse_group(text: str) -> tuple[str, ...] | None:
    """The inverse of group_text (sorted ids, one per model); None when it is not that form."""
    out: list[str] = []
    for part in (p for p in text.split(",") if p):
        type_id, star, n = part.partition("*")
        if not type_id or (star and (not n.isdigit() or n != str(int(n)) or not 0 < int(n) <= 99)):
            return None
        out += [type_id] * (int(n) if star else 1)
    return tuple(sorted(out))


def dice_line(dice: list[str]) -> str:
    return " ".join(FACE_SIGN[f] for f in dice)


def roll_die(state: dict) -> str:
    """One die from the match's seeded RNG (tests replace this to force faces)."""
    return next_random(state).choice(FACES)


# ---------------------------------------------------------------- start

def start_battle(state: dict, territory: str, attacker: int) -> list[Event]:
    """INIT of section 4: the defender is the other player on the territory, else the elves (R45);
    the elves' operator is the seat to the attacker's right (R46, D28); initiative from speed
    computed once now (R47, D32): fewer icons attack first, the defender on a tie."""
    if state.get("battle"):
        raise IllegalAction(Msg("A battle is already being fought."))
    if not models(state, territory, attacker):
        raise IllegalAction(Msg("You have no units in {hex}.", hex=territory))
    others = [int(s) for s, tiers in state["units"].get(territory, {}).items()
              if int(s) != attacker and any(n > 0 for n in tiers.values())]
    if others:
        defender = others[0]
    elif state["elves"].get(territory):
        defender = ELVES
    else:
        raise IllegalAction(Msg("There is nobody to fight in {hex}.", hex=territory))
    att_speed, def_speed = speed(state, territory, attacker), speed(state, territory, defender)
    first = "attacker" if att_speed < def_speed else "defender"
    state["battle"] = {
        "territory": territory, "attacker": attacker, "defender": defender,
        "operator": (attacker - 1) % state["players"] if defender == ELVES else None,
        "speed": {"attacker": att_speed, "defender": def_speed},
        "turn": first, "step": "roll", "dice": [], "rerolls_left": 0, "damage": 0,
        "rage": {"attacker": 0, "defender": 0},
        "lost": {"attacker": {}, "defender": {}},     # type id -> models destroyed (R55, R57, R58)
    }
    events = [Event(Msg("{attacker} attacks {defender} in {hex}.", attacker=Seat(attacker),
                        defender=_side_name(defender), hex=territory))]
    leader = state["battle"][first]     # English agrees with the subject: "the elves attack", "Ann attacks"
    events.append(Event(Msg("Speed {a} against {d}: the elves attack first.", a=att_speed, d=def_speed)
                        if leader == ELVES else
                        Msg("Speed {a} against {d}: {side} attacks first.", side=Seat(leader), a=att_speed,
                            d=def_speed)))
    return events


def _side_name(side):
    return Msg("the elves") if side == ELVES else Seat(side)


def _enemy(role: str) -> str:
    return "defender" if role == "attacker" else "attacker"


# ---------------------------------------------------------------- who acts, what is legal

def active_seats(state: dict) -> list[int]:
    b = state.get("battle")
    if not b:
        return []
    side = b[b["turn"]]     # the attacking side rolls, rerolls and allocates its own damage
    return [b["operator"] if side == ELVES else side]


def legal_actions(state: dict, seat: int) -> list[str]:
    b = state.get("battle")
    if not b or seat not in active_seats(state):
        return []
    side = b[b["turn"]]
    if b["step"] == "roll":
        acts = ["roll"]
        if side != ELVES:      # the elves never retreat (R63)
            acts.append(f"retreat:{_stronghold(state, side)}")
        return acts
    if b["step"] == "reroll":
        # D16 allows any subset; rerolling a hit never helps, so the offered ids are "none" and
        # "every blank die"; apply still accepts any subset of indexes
        blanks = [i for i, f in enumerate(b["dice"]) if f == "blank"]
        acts = ["reroll:"]
        if blanks:
            acts.append("reroll:" + ",".join(map(str, blanks)))
        return acts
    return ["allocate:" + group_text(a) for a in legal_allocations(state)]


def _stronghold(state: dict, seat: int) -> str:
    s = state["strongholds"]
    return s[str(seat)] if str(seat) in s else s[seat]


def legal_allocations(state: dict) -> list[tuple[str, ...]]:
    """D13: sets of enemy models whose health sums to at most the damage and that leave no other
    model with health <= what is left. Models of one type are alike, so a set is a multiset of
    type ids (sorted)."""
    b = state["battle"]
    target = b[_enemy(b["turn"])]
    present = models(state, b["territory"], target)
    types = sorted(present)
    health = {t: type_stats(state, target, t)["health"] for t in types}
    out = []
    for counts in product(*(range(present[t] + 1) for t in types)):
        used = sum(c * health[t] for c, t in zip(counts, types))
        if used > b["damage"]:
            continue
        left = b["damage"] - used
        if any(c < present[t] and health[t] <= left for c, t in zip(counts, types)):
            continue
        out.append(tuple(t for c, t in zip(counts, types) for _ in range(c)))
    return out


# ---------------------------------------------------------------- apply

def apply(state: dict, seat: int, action_id: str) -> list[Event]:
    b = state.get("battle")
    if not b:
        raise IllegalAction(Msg("No battle is being fought."))
    if seat not in active_seats(state):
        raise IllegalAction(Msg("It is not your turn in this battle."))
    verb, _, arg = action_id.partition(":")
    side = b[b["turn"]]
    if b["step"] == "roll" and verb == "retreat" and side != ELVES:
        if arg != _stronghold(state, side):
            raise IllegalAction(Msg("Units can only retreat to their own stronghold."))
        return _retreat(state, side)
    if b["step"] == "roll" and action_id == "roll":
        return _roll(state)
    if b["step"] == "reroll" and verb == "reroll":
        named = [i for i in arg.split(",") if i != ""]
        if not all(i.isdigit() and i == str(int(i)) for i in named):  # one spelling per move
            raise IllegalAction(Msg("Name the dice to reroll by their numbers."))
        picks = sorted({int(i) for i in named})
        if any(i < 0 or i >= len(b["dice"]) for i in picks):
            raise IllegalAction(Msg("There is no such die."))
        events = [_reroll(state, picks)]
        return events + _after_reroll(state)
    if b["step"] == "allocate" and verb == "allocate":
        chosen = parse_group(arg)
        if chosen is None or chosen not in legal_allocations(state):
            raise IllegalAction(Msg("That is not a legal way to allocate {n} damage.", n=b["damage"]))
        return _allocate(state, chosen)
    raise IllegalAction(Msg("That is not possible now."))


def _roll(state: dict) -> list[Event]:
    b = state["battle"]
    role, side, where = b["turn"], b[b["turn"]], b["territory"]
    # data G7: a rage-gain icon gives its tokens at the start of each of its side's attacks
    b["rage"][role] += supply.rage_room(state, icon_total(state, where, side, "RAGE_GAIN"))
    b["dice"] = [roll_die(state) for _ in range(dice_count(state, where, side))]
    b["rerolls_left"] = icon_total(state, where, side, "REROLL")
    dice = dice_line(b["dice"])
    events = [Event(Msg("The elves roll {n} dice: {dice}", n=len(b["dice"]), dice=dice) if side == ELVES else
                    Msg("{side} rolls {n} dice: {dice}", side=Seat(side), n=len(b["dice"]), dice=dice), hidden=True)]
    if side == ELVES:
        # R52, D16: the elves reroll every blank die with each icon, until none is blank
        while b["rerolls_left"] and "blank" in b["dice"]:
            events.append(_reroll(state, [i for i, f in enumerate(b["dice"]) if f == "blank"]))
        b["rerolls_left"] = 0
    return events + _after_reroll(state)


def _reroll(state: dict, picks: list[int]) -> Event:
    b = state["battle"]
    for i in picks:
        b["dice"][i] = roll_die(state)
    b["rerolls_left"] -= 1
    side, dice = b[b["turn"]], dice_line(b["dice"])
    return Event(plural("The elves reroll {n} die: {dice}", "The elves reroll {n} dice: {dice}", n=len(picks),
                        dice=dice) if side == ELVES else
                 plural("{side} rerolls {n} die: {dice}", "{side} rerolls {n} dice: {dice}", side=Seat(side),
                        n=len(picks), dice=dice), hidden=bool(picks))


def _after_reroll(state: dict) -> list[Event]:
    b = state["battle"]
    if b["rerolls_left"] > 0:
        b["step"] = "reroll"
        return []
    role, where = b["turn"], b["territory"]
    enemy = b[_enemy(role)]
    raw = (b["dice"].count("hit") + icon_total(state, where, b[role], "AUTO") + b["rage"][role]
           - icon_total(state, where, enemy, "SHIELD"))
    b["damage"] = max(0, raw)               # D14
    b["step"] = "allocate"
    events = [Event(Msg("The elves deal {n} damage.", n=b["damage"]) if b[role] == ELVES else
                    Msg("{side} deals {n} damage.", side=Seat(b[role]), n=b["damage"]))]
    options = legal_allocations(state)
    if options == [()]:
        events += _allocate(state, ())
    return events


def _allocate(state: dict, chosen: tuple[str, ...]) -> list[Event]:
    b = state["battle"]
    role, where = b["turn"], b["territory"]
    side, target = b[role], b[_enemy(role)]
    events = []
    lost = b.setdefault("lost", {"attacker": {}, "defender": {}})[_enemy(role)]
    for t in chosen:
        lost[t] = lost.get(t, 0) + 1
    if target == ELVES:
        for t in chosen:
            state["elves"][where].remove(t)
        # R58: each elf killed is flipped to its crystal side for the side that killed it
        state["seats"][side]["crystals"] += len(chosen)
        if chosen:
            events.append(Event(plural("{seat} destroys {n} elf and gains {n} crystal.",
                                       "{seat} destroys {n} elves and gains {n} crystals.",
                                       n=len(chosen), seat=Seat(side))))
    else:
        tiers = state["units"][where][str(target)]
        seat = state["seats"][target]
        for t in chosen:
            tier = str(next(u["tier"] for u in data.tribe(seat["tribe"])["units"] if u["id"] == t))
            tiers[tier] -= 1
            seat["reserve"][tier] += 1          # R57
            if not tiers[tier]:
                del tiers[tier]
        if chosen:
            events.append(Event(
                plural("The elves destroy {n} unit of {seat}.", "The elves destroy {n} units of {seat}.",
                       n=len(chosen), seat=Seat(target)) if side == ELVES else
                plural("{side} destroys {n} unit of {seat}.", "{side} destroys {n} units of {seat}.",
                       n=len(chosen), side=Seat(side), seat=Seat(target))))
    if not chosen and not supply.rage_room(state, 1):   # the box's 8 are all in the battle (house)
        events.append(Event(Msg("The elves destroy nothing; no rage token is left to gain.") if side == ELVES else
                            Msg("{side} destroys nothing; no rage token is left to gain.", side=Seat(side))))
    elif not chosen:
        b["rage"][role] += 1                    # R61 (D14: also after 0 damage)
        events.append(Event(Msg("The elves destroy nothing and gain a rage token.") if side == ELVES else
                            Msg("{side} destroys nothing and gains a rage token.", side=Seat(side))))
    if not models(state, where, target):
        return events + _end(state, winner=role)
    b["turn"], b["step"], b["dice"], b["damage"] = _enemy(role), "roll", [], 0
    return events


def _retreat(state: dict, seat: int) -> list[Event]:
    """R60, D18: every surviving unit and hero of that side goes to its stronghold."""
    b = state["battle"]
    where, home = b["territory"], _stronghold(state, seat)
    moving = state["units"][where].pop(str(seat), {})
    home_units = state["units"].setdefault(home, {}).setdefault(str(seat), {})
    for tier, n in moving.items():
        home_units[tier] = home_units.get(tier, 0) + n
    role = "attacker" if b["attacker"] == seat else "defender"
    events = [Event(Msg("{seat} retreats to the stronghold.", seat=Seat(seat)))]
    return events + _end(state, winner=_enemy(role), retreat=True)


def _end(state: dict, winner: str, retreat: bool = False) -> list[Event]:
    """R62-R66: rage is discarded, the loser's heroes go home; the winner holds the territory."""
    b = state["battle"]
    where = b["territory"]
    loser = b[_enemy(winner)]
    for h in heroes_at(state, where, loser):
        state["hero_at"][h] = _stronghold(state, loser)
    if not state["units"].get(where, {}).get(str(loser), 1):
        state["units"][where].pop(str(loser), None)
    if loser == ELVES and not state["elves"].get(where):
        state["elves"].pop(where, None)
    if not state["units"].get(where, 1):
        state["units"].pop(where, None)         # no empty territory entries left behind
    state["last_battle"] = {"territory": where, "winner": b[winner], "loser": loser}
    record_battle(state, b, winner, retreat)
    state["battle"] = None                      # rage tokens live in the battle: discarded (R62)
    return [Event(Msg("The elves win the battle of {hex}.", hex=where) if b[winner] == ELVES else
                  Msg("{side} wins the battle of {hex}.", side=Seat(b[winner]), hex=where))]


def record_battle(state: dict, b: dict, winner: str, retreat: bool) -> None:
    """Note a finished battle in state["battles"]: {"round", "phase", "list"}, the list holding
    every battle of that action phase in the order fought (R44, D40); the first battle of a later
    phase starts a new list. Each entry: the territory, the attacker and the defender (a seat or
    "elves"), the winner and the loser, whether the loser retreated (R60), and the models each
    side lost, by type id (units to the reserve R57, elves to crystals R58). All of it is public:
    the dice, the allocations and the board are (6.1). The winner holds the territory: it is the
    only side left there (R63)."""
    rec = state.get("battles")
    if not rec or rec.get("round") != state.get("round") or rec.get("phase") != state.get("phase"):
        rec = {"round": state.get("round"), "phase": state.get("phase"), "list": []}
    lost = b.get("lost") or {}
    rec["list"].append({"territory": b["territory"], "attacker": b["attacker"], "defender": b["defender"],
                        "winner": b[winner], "loser": b[_enemy(winner)], "retreat": retreat,
                        "lost": {role: dict(sorted((lost.get(role) or {}).items())) for role in ("attacker", "defender")}})
    state["battles"] = rec
