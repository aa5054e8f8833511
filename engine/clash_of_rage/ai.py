"""The computer player of Clash of Rage: a planning heuristic.

It decides from `views.view(state, seat)` only; the real state is used for nothing but the list of
legal action ids (flow.legal_ids), so the other seats' tactic hands and picks and every deck order
stay unknown to it. The same (state, seat, seed) gives the same choice.

How it plays:
- tactic card: the best value of gold and reinforcements it can still take from its reserve, with a
  small bonus for an early turn order, and a cheap card when it has no units left to receive;
- stronghold: the free cell closest to the elf cities and forges;
- reinforcements: toward the front (the territory nearest to a target), a held city under threat
  first;
- actions: forge whenever the crystals allow (a permanent victory point); else attack the target
  (elf city, forge, stone, another player's territory) with the best value that its reachable units
  beat in an expected-dice simulation of the battle, keeping one unit on each held city and forge;
  else buy or place equipment that helps its types; else bring units toward the nearest target; a
  hero joins the group that fights;
- battles: retreat when the simulation says the fight is lost, reroll every blank die, destroy the
  enemy models whose loss weakens the enemy most; as the elves' operator it allocates against the
  attacker in the same way."""
from __future__ import annotations

import random
from itertools import product

from . import actions, battle, board, data, flow, rounds, tactics, views

ELVES = battle.ELVES
TIER_WORTH = {"1": 1.2, "2": 2.5, "3": 3.5}     # a reinforcement of that tier, in gold
PESSIMISM = 0.8         # the planner's own hits are scaled by this when it decides to attack
ENEMY_EDGE = 1.1        # and the enemy's by this
RETREAT_EDGE = 1.15     # a running battle is given up only if even a lucky run loses


# ---------------------------------------------------------------- entry point

def choose(state: dict, seat: int, seed: int) -> str:
    legal = flow.legal_ids(state, seat)
    if not legal:
        raise ValueError("no legal action for this seat")
    if len(legal) == 1:
        return legal[0]
    view = views.view(state, seat)
    try:
        pick = _decide(view, seat, legal, random.Random(seed))
    except (KeyError, ValueError, IndexError, TypeError):  # never stall a game on a planning gap
        pick = None
    if pick in legal:
        return pick
    return _fallback(legal)


def _fallback(legal: list[str]) -> str:
    for safe in ("moved", "equipped", "pass", "roll", "done"):
        if safe in legal:
            return safe
    return legal[0]


def _decide(view: dict, seat: int, legal: list[str], rng: random.Random) -> str | None:
    first = legal[0]
    if first.startswith("tile:"):       # the board assembled by the players: any tile, seeded
        return rng.choice(legal)
    if first.startswith("tactic:"):
        return _pick_tactic(view, seat, legal)
    if first.startswith("stronghold:"):
        return _place_stronghold(view, seat, legal)
    if first.startswith("place:") or first == "done":
        return _reinforce(view, seat, legal)
    if view.get("battle"):
        return _battle(view, seat, legal)
    if first.startswith("keep:"):
        return _keep(view, seat, legal)
    return _action(view, seat, legal)


# ---------------------------------------------------------------- phase 2

def _pick_tactic(view: dict, seat: int, legal: list[str]) -> str:
    me = view["seats"][seat]
    reserve = me["reserve"]

    def worth(action_id: str) -> float:
        c = tactics.card(action_id.split(":", 1)[1])
        units = sum(min(n, reserve.get(t, 0)) * TIER_WORTH[t] for t, n in c["reinforcement"].items())
        return c["income"] + units - 0.04 * c["turn_order"]

    return max(sorted(legal), key=worth)


def _targets(view: dict, seat: int, bare: board.Board | None = None) -> list[str]:
    """Cities and forges not controlled by the seat (where its units want to go)."""
    bare = bare or rounds.bare_board(view)
    out = [t for t in bare.of_terrain("city") + bare.of_terrain("forge")
           if rounds.controller(view, t) != seat]
    return out or [t for t in bare.of_terrain("city") + bare.of_terrain("forge")]


def _cell_distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def _place_stronghold(view: dict, seat: int, legal: list[str]) -> str:
    bare = rounds.bare_board(view)
    cells = rounds.stronghold_cells(view)
    cities = [(bare.hexes[c].q, bare.hexes[c].r) for c in bare.of_terrain("city")]
    forges = [(bare.hexes[c].q, bare.hexes[c].r) for c in bare.of_terrain("forge")]

    def score(action_id: str) -> tuple:
        cell = cells.get(action_id.split(":", 1)[1])
        if cell is None:
            return (99, 99, action_id)
        return (min(_cell_distance(cell, c) for c in forges) + min(_cell_distance(cell, c) for c in cities),
                min(_cell_distance(cell, c) for c in cities + forges), action_id)

    return min(legal, key=score)


def _reinforce(view: dict, seat: int, legal: list[str]) -> str:
    if legal == ["done"]:
        return "done"
    cur = rounds.current_board(view)
    targets = _targets(view, seat)
    threats = _enemy_player_hexes(view, seat)

    def score(action_id: str) -> tuple:
        _, tier, where = action_id.split(":")
        dist = min(board.distance(cur, where, t) for t in targets) if targets else 0
        held = cur.hexes[where].terrain in ("city", "forge") and rounds.controller(view, where) == seat
        danger = held and any(board.distance(cur, where, h) <= 2 for h in threats)
        return (0 if danger else 1, dist, -int(tier), action_id)

    return min((a for a in legal if a.startswith("place:")), key=score)


def _enemy_player_hexes(view: dict, seat: int) -> list[str]:
    return [h for h, by_seat in view["units"].items()
            if any(int(s) != seat and sum(t.values()) for s, t in by_seat.items())]


# ---------------------------------------------------------------- battle forces

def _force(view: dict, where: str, side) -> dict[str, list]:
    """type id -> [count, stats] of a side's models on a territory."""
    return {t: [n, battle.type_stats(view, side, t)] for t, n in battle.models(view, where, side).items()}


def _hero_icons(view: dict, heroes: list[str]) -> dict[str, int]:
    out: dict[str, int] = {}
    bonus = {h["id"]: h["bonus"] for h in data.heroes()}
    for h in heroes:
        for k, v in bonus[h].items():
            out[k] = out.get(k, 0) + v
    return out


def _icon(force: dict, extra: dict, icon: str) -> int:
    if not any(n for n, _ in force.values()):
        return 0
    return sum(st["icons"].get(icon, 0) for n, st in force.values() if n) + extra.get(icon, 0)


def _model_worth(st: dict) -> float:
    ic = st["icons"]
    return (st["strength"] + st["health"] + 1.5 * ic.get("AUTO", 0) + 1.5 * ic.get("SHIELD", 0)
            + ic.get("REROLL", 0) + ic.get("RAGE_GAIN", 0))


def _threat(force: dict, extra: dict) -> float:
    """What a force is worth in a fight: its expected damage per attack and its health."""
    present = [(n, st) for n, st in force.values() if n]
    if not present:
        return 0.0
    dice = min(battle.MAX_DICE, max(st["strength"] for _, st in present))
    rr = _icon(force, extra, "REROLL")
    hits = dice * (1 - (1 / 3) ** (rr + 1))
    dmg = hits + _icon(force, extra, "AUTO") + _icon(force, extra, "RAGE_GAIN")
    shield = _icon(force, extra, "SHIELD")
    health = sum(n * st["health"] for n, st in present)
    return 3 * dmg + 2 * shield + health + 0.5 * sum(n for n, _ in present)


def _best_kill(force: dict, extra: dict, damage: int) -> dict[str, int]:
    """The legal allocation (D13) leaving the weakest enemy: type -> models destroyed."""
    types = sorted(t for t, (n, _) in force.items() if n)
    best, best_key = {}, None
    for counts in product(*(range(force[t][0] + 1) for t in types)):
        used = sum(c * force[t][1]["health"] for c, t in zip(counts, types))
        if used > damage:
            continue
        left = damage - used
        if any(c < force[t][0] and force[t][1]["health"] <= left for c, t in zip(counts, types)):
            continue
        rest = {t: [force[t][0] - c, force[t][1]] for c, t in zip(counts, types)}
        key = (_threat(rest, extra), -sum(counts), counts)
        if best_key is None or key < best_key:
            best_key, best = key, {t: c for c, t in zip(counts, types) if c}
    return best


def simulate(att: dict, dfn: dict, first: str, *, att_extra=None, def_extra=None, rage=None,
             att_luck: float = 1.0, def_luck: float = 1.0, rounds_cap: int = 30) -> tuple[str, dict, dict]:
    """The battle played with expected dice (rounded): the winner ("attacker"/"defender") and both
    forces left. A battle still running after the cap counts as held by the defender."""
    sides = {"attacker": {t: [n, st] for t, (n, st) in att.items() if n},
             "defender": {t: [n, st] for t, (n, st) in dfn.items() if n}}
    extra = {"attacker": att_extra or {}, "defender": def_extra or {}}
    luck = {"attacker": att_luck, "defender": def_luck}
    rage = dict(rage or {"attacker": 0, "defender": 0})
    turn = first
    for _ in range(rounds_cap):
        if not sides["attacker"]:
            return "defender", sides["attacker"], sides["defender"]
        if not sides["defender"]:
            return "attacker", sides["attacker"], sides["defender"]
        me, foe = turn, ("defender" if turn == "attacker" else "attacker")
        force, target = sides[me], sides[foe]
        rage[me] += _icon(force, extra[me], "RAGE_GAIN")
        dice = min(battle.MAX_DICE, max(st["strength"] for _, st in force.values()))
        rr = _icon(force, extra[me], "REROLL")
        hits = dice * (1 - (1 / 3) ** (rr + 1)) * luck[me]
        raw = hits + _icon(force, extra[me], "AUTO") + rage[me] - _icon(target, extra[foe], "SHIELD")
        damage = max(0, int(raw + 0.5))
        kill = _best_kill(target, extra[foe], damage)
        if not kill:
            rage[me] += 1
        for t, c in kill.items():
            target[t][0] -= c
            if target[t][0] <= 0:
                del target[t]
        turn = foe
    return "defender", sides["attacker"], sides["defender"]


def _first(att: dict, dfn: dict) -> str:
    sa = sum(st["speed"] for n, st in att.values() if n)
    sd = sum(st["speed"] for n, st in dfn.values() if n)
    return "attacker" if sa < sd else "defender"


def _worth(force: dict) -> float:
    return sum(n * _model_worth(st) for n, st in force.values())


# ---------------------------------------------------------------- battle decisions

def _battle(view: dict, seat: int, legal: list[str]) -> str:
    b = view["battle"]
    if b["step"] == "reroll":
        return max(legal, key=len)          # every blank die
    if b["step"] == "allocate":
        return _allocate(view, legal)
    # the roll step of the seat's own side: fight on or retreat
    retreat = next((a for a in legal if a.startswith("retreat:")), None)
    if retreat is None or not _hopeless(view, seat):
        return "roll"
    return retreat


def _side_extra(view: dict, where: str, side) -> dict:
    return _hero_icons(view, battle.heroes_at(view, where, side))


def _hopeless(view: dict, seat: int) -> bool:
    b = view["battle"]
    where = b["territory"]
    me = "attacker" if b["attacker"] == seat else "defender"
    att, dfn = _force(view, where, b["attacker"]), _force(view, where, b["defender"])
    luck = {me: RETREAT_EDGE, ("defender" if me == "attacker" else "attacker"): 1 / RETREAT_EDGE}
    winner, _, _ = simulate(att, dfn, b["turn"], att_extra=_side_extra(view, where, b["attacker"]),
                            def_extra=_side_extra(view, where, b["defender"]), rage=b["rage"],
                            att_luck=luck["attacker"], def_luck=luck["defender"])
    return winner != me


def _allocate(view: dict, legal: list[str]) -> str:
    """Destroy what leaves the target side weakest (the same rule for the elves' operator)."""
    b = view["battle"]
    target = b["defender"] if b["turn"] == "attacker" else b["attacker"]
    where = b["territory"]
    force = _force(view, where, target)
    extra = _side_extra(view, where, target)

    def key(action_id: str) -> tuple:
        chosen = battle.parse_group(action_id.split(":", 1)[1]) or ()
        rest = {t: [n - chosen.count(t), st] for t, (n, st) in force.items()}
        return (_threat(rest, extra), -len(chosen), action_id)

    return min(legal, key=key)


# ---------------------------------------------------------------- forging and equipment

def _item_gain(view: dict, seat: int, item_id: str | None, type_id: str) -> float:
    """What an item is worth on a unit type (0 for no item)."""
    if not item_id:
        return 0.0
    unit = next(u for u in data.tribe(view["seats"][seat]["tribe"])["units"] if u["id"] == type_id)
    tier = unit["tier"]
    presence = {1: 1.0, 2: 0.9, 3: 0.8}[tier]
    str_worth = {1: 0.3, 2: 0.6, 3: 1.1}[tier]
    value = 0.0
    for k, v in data.item(item_id)["bonus"].items():
        if k == "STR":
            value += str_worth * v
        elif k == "AUTO":
            value += 1.6 * v * presence
        elif k == "SHIELD":
            value += 1.5 * v * presence
        elif k == "REROLL":
            value += 0.8 * v * presence
        elif k == "RAGE_GAIN":
            value += 0.8 * v * presence
        elif k == "HP":
            value += 0.5 * v
        elif k == "SPD":
            value -= 0.2 * v
        elif k == "FLY":
            value += 0.3
    return value


def _slot_item(view: dict, seat: int, type_id: str, slot: str) -> str | None:
    unit = next(u for u in data.tribe(view["seats"][seat]["tribe"])["units"] if u["id"] == type_id)
    return view["seats"][seat]["equipped"][str(unit["tier"])][slot]


def _equip_gain(view: dict, seat: int, item_id: str, type_id: str) -> float:
    slot = data.item(item_id)["slot"]
    return _item_gain(view, seat, item_id, type_id) - _item_gain(view, seat, _slot_item(view, seat, type_id, slot),
                                                                  type_id)


def _keep(view: dict, seat: int, legal: list[str]) -> str:
    types = [u["id"] for u in data.tribe(view["seats"][seat]["tribe"])["units"]]
    return max(sorted(legal), key=lambda a: max(_equip_gain(view, seat, a[5:], t) for t in types))


def _best_equip_step(view: dict, seat: int, legal: list[str], rec: dict) -> tuple[float, str | None]:
    """The best single equipment step and its gain: forge first, then placing an item set aside,
    then a purchase, then a hero."""
    if "forge" in legal:
        return 100.0, "forge"
    me = view["seats"][seat]
    best, pick = 0.0, None
    for a in legal:
        if a.startswith("equip:"):
            _, item, type_id = a.split(":")
            if item not in me["set_aside"]:
                continue            # moving an equipped item around: never needed by this plan
            gain = _equip_gain(view, seat, item, type_id)
            if gain > 0.05 and gain + 1 > best:
                best, pick = gain + 1, a
    if pick:
        return best, pick
    least = 1.0 if me["gold"] < 8 else 0.4     # a rich seat buys smaller improvements too
    for a in legal:
        if a.startswith("buy:"):
            _, item, type_id, _slot = a.split(":")
            gain = _equip_gain(view, seat, item, type_id)
            score = gain - 0.05 * data.item(item)["cost"]
            if gain >= least and score > best:
                best, pick = score, a
    if pick:
        return best, pick
    recruits = [a for a in legal if a.startswith("recruit:")]
    if recruits:
        return 1.5, max(recruits, key=lambda a: (_strength_at(view, seat, a.split(":")[2]), a))
    return 0.0, None


def _strength_at(view: dict, seat: int, where: str) -> float:
    return _worth(_force(view, where, seat)) + (0.5 if where != rounds.stronghold_label(seat) else 0)


# ---------------------------------------------------------------- the action phases

def _action(view: dict, seat: int, legal: list[str]) -> str | None:
    rec = actions.record(view)
    if rec["kind"] == "battles":
        return _next_battle(view, seat, legal)
    if rec["kind"] == "equip":
        _, pick = _best_equip_step(view, seat, legal, rec)
        return pick or "equipped"
    ctx = _Context(view, seat, rec)
    attack = ctx.attack_move()
    if rec["kind"] == "move":
        if "moved" not in legal:
            return ctx.hero_rescue()
        return attack or ctx.hero_move() or ctx.approach_move() or ctx.hero_join() or "moved"
    # the action is still open: forge > attack > equipment > approach > pass
    gain, equip = _best_equip_step(view, seat, legal, rec)
    if equip == "forge":
        return equip
    if attack:
        return attack
    if equip and gain >= 1.0:
        return equip
    return ctx.approach_move() or "pass"


def _next_battle(view: dict, seat: int, legal: list[str]) -> str:
    def margin(action_id: str) -> tuple:
        where = action_id.split(":", 1)[1]
        enemy = next((int(s) for s, t in view["units"].get(where, {}).items() if int(s) != seat and sum(t.values())),
                     ELVES)
        att, dfn = _force(view, where, seat), _force(view, where, enemy)
        winner, left, _ = simulate(att, dfn, _first(att, dfn), att_extra=_side_extra(view, where, seat),
                                   def_extra=_side_extra(view, where, enemy))
        return (winner != "attacker", -_worth(left), action_id)

    return min(legal, key=margin)


class _Context:
    """The board as the mover sees it during its Move action."""

    def __init__(self, view: dict, seat: int, rec: dict):
        self.view, self.seat, self.rec = view, seat, rec
        self.board = rounds.current_board(view)
        self.bare = rounds.bare_board(view)
        self.home = rounds.stronghold_label(seat)
        self.units = {str(u["tier"]): u for u in data.tribe(view["seats"][seat]["tribe"])["units"]}
        self.stats = {t: battle.type_stats(view, seat, u["id"]) for t, u in self.units.items()}
        self.enemies, _ = actions.counts(view, seat)
        self.threats = [h for h in _enemy_player_hexes(view, seat) if h in self.board.hexes]
        self.vp_target = view["target_vp"]
        self.groups = self._groups()
        # a planner that never attacks stalls the game: it trusts the dice more as the rounds pass
        self.luck = min(1.0, PESSIMISM + 0.02 * max(0, view["round"] - 5))

    # which units may move, and where to
    def _groups(self) -> list[dict]:
        out = []
        view, seat, rec = self.view, self.seat, self.rec
        for where in sorted(view["units"]):
            mine = view["units"][where].get(str(seat), {})
            if not mine:
                continue
            here = sum(mine.values())
            budget = actions.may_leave(view, seat, rec, where)
            keep = self._garrison(where)
            unmoved = sum(actions.movable(view, seat, rec, where, t) for t in mine)
            moved_in = here - unmoved
            budget = min(budget, here - max(0, keep - moved_in))
            if actions.heroes_left_behind(view, seat, rec, where):
                budget = min(budget, here - 1)      # a hero is never left alone: one unit stays with it
            for tier in sorted(mine, key=lambda t: -int(t)):
                free = min(actions.movable(view, seat, rec, where, tier), budget)
                if free < 1:
                    continue
                budget -= free
                unit = self.units[tier]
                dests = actions.destinations(view, seat, where, unit["movement"], bool(unit["icons"].get("FLY")))
                out.append({"where": where, "tier": tier, "n": free, "dests": dests, "unit": unit})
        return out

    def _garrison(self, where: str) -> int:
        """Units kept on a held city, forge or stone: one, two with another player's units near."""
        terrain = self.bare.hexes[where].terrain if where in self.bare.hexes else "stronghold"
        if terrain not in ("city", "forge", "stone") or rounds.controller(self.view, where) != self.seat:
            return 0
        near = any(board.distance(self.board, where, h) <= 2 for h in self.threats)
        return 2 if near and terrain != "stone" else 1

    def _move_id(self, group: dict, to: str, k: int) -> str:
        return f"move:{group['where']}:{to}:{battle.group_text([group['unit']['id']] * k)}"

    # what a territory is worth taking
    def _value(self, where: str) -> float:
        view, seat = self.view, self.seat
        terrain = self.bare.hexes[where].terrain
        owner = rounds.controller(view, where)
        vp = view["seats"][seat]["vp"]
        if terrain == "city":
            value = 10.0 + (4 if isinstance(owner, int) else 0)
            if vp + 1 >= self.vp_target and view["phase"] == "second_action":
                value += 20
        elif terrain == "forge":
            forges = actions.forges_controlled(view, seat)
            value = (7.0 if forges == 0 else 4.0 if forges == 1 else 1.0) + (2 if isinstance(owner, int) else 0)
        elif terrain == "stone":
            value = 2.0
        else:
            value = 1.0 if self.enemies.get(where) else 0.0
        return value

    def _defender(self, where: str):
        for s, t in self.view["units"].get(where, {}).items():
            if int(s) != self.seat and sum(t.values()):
                return int(s)
        return ELVES if self.view["elves"].get(where) else None

    def _my_force(self, parts: list[tuple[str, int]], where: str) -> dict:
        force = {}
        present = self.view["units"].get(where, {}).get(str(self.seat), {})
        for tier, n in present.items():
            force.setdefault(self.units[tier]["id"], [0, self.stats[tier]])[0] += n
        for tier, n in parts:
            force.setdefault(self.units[tier]["id"], [0, self.stats[tier]])[0] += n
        return force

    def _plan(self, where: str) -> tuple[float, list[tuple[dict, int]]] | None:
        """The smallest set of groups (strongest first) that takes `where`, with its score."""
        defender = self._defender(where)
        value = self._value(where)
        if value <= 0:
            return None
        reach = [g for g in self.groups if where in g["dests"] and g["where"] != where]
        already = sum(self.view["units"].get(where, {}).get(str(self.seat), {}).values())
        if defender is None:
            if already or not reach:
                return None
            g = min(reach, key=lambda g: (int(g["tier"]), g["dests"][where], g["where"]))
            return value - 0.5 * int(g["tier"]), [(g, 1)]
        enemy = _force(self.view, where, defender)
        enemy_extra = _side_extra(self.view, where, defender)
        mine_extra = self._hero_extra(where)
        chosen: list[tuple[dict, int]] = []
        parts: list[tuple[str, int]] = []
        for g in sorted(reach, key=lambda g: (-self.stats[g["tier"]]["strength"], g["where"])) + [None]:
            att = self._my_force(parts, where)
            if att:
                winner, left, _ = simulate(att, enemy, _first(att, enemy), att_extra=mine_extra,
                                           def_extra=enemy_extra, att_luck=self.luck, def_luck=ENEMY_EDGE)
                if winner == "attacker":
                    return value + self._kills(enemy, defender) - self._losses(att, left), chosen
            if g is None:
                return None
            chosen.append((g, g["n"]))
            parts.append((g["tier"], g["n"]))
        return None

    def _losses(self, before: dict, after: dict) -> float:
        """Models lost, in reinforcement worth (half: they go back to the reserve, R57)."""
        tier_of = {u["id"]: t for t, u in self.units.items()}
        return sum(0.5 * TIER_WORTH[tier_of[t]] * (n - after.get(t, [0])[0]) for t, (n, _) in before.items())

    def _kills(self, enemy: dict, defender) -> float:
        """Another player's models destroyed are worth something too; elves give crystals."""
        if defender == ELVES:
            return 0.5 * sum(n for n, _ in enemy.values())
        return 0.4 * sum(n * _model_worth(st) for n, st in enemy.values()) / 3

    def _hero_extra(self, where: str) -> dict:
        return _hero_icons(self.view, battle.heroes_at(self.view, where, self.seat))

    def attack_move(self) -> str | None:
        best = None
        committed = [h for h in self.rec["moved"] if self.enemies.get(h)]
        candidates = committed or [t for t in self.bare.territories() if self.bare.hexes[t].terrain != "mountain"]
        for where in sorted(candidates):
            plan = self._plan(where)
            if plan is None or not plan[1]:
                continue
            score = plan[0]
            if score > 0 and (best is None or score > best[0]):
                best = (score, where, plan[1])
        if best is None and committed:
            return self.attack_move_free()
        if best is None:
            return None
        _, where, steps = best
        group, k = steps[0]
        return self._move_id(group, where, k)

    def attack_move_free(self) -> str | None:
        """A battle already started by this action's moves that cannot be won with more: other targets."""
        saved = self.rec
        best = None
        for where in sorted(t for t in self.bare.territories() if self.bare.hexes[t].terrain != "mountain"):
            if where in saved["moved"] and self.enemies.get(where):
                continue
            plan = self._plan(where)
            if plan and plan[1] and plan[0] > 0 and (best is None or plan[0] > best[0]):
                best = (plan[0], where, plan[1])
        if best is None:
            return None
        group, k = best[2][0]
        return self._move_id(group, best[1], k)

    def hero_move(self) -> str | None:
        """A hero that has not moved joins the biggest fight of this action, if it can reach it."""
        fights = [h for h in self.rec["moved"] if self.enemies.get(h)]
        if not fights:
            return None
        for hero in actions.heroes_of(self.view, self.seat):
            if hero in self.rec["heroes_moved"]:
                continue
            dests = actions.hero_destinations(self.view, self.seat, hero)
            options = [h for h in fights if h in dests]
            if options:
                to = max(options, key=lambda h: (_worth(_force(self.view, h, self.seat)), h))
                return f"move:{self.view['hero_at'][hero]}:{to}:{hero}"
        return None

    def hero_rescue(self) -> str | None:
        """A hero its units left must follow before the move ends: to the strongest group it reaches."""
        for hero in actions.lonely_heroes(self.view, self.seat, self.rec):
            at = self.view["hero_at"][hero]
            dests = actions.hero_destinations(self.view, self.seat, hero)
            best = max(dests, key=lambda h: (_strength_at(self.view, self.seat, h), h), default=None)
            if best:
                return f"move:{at}:{best}:{hero}"
        return None

    def hero_join(self) -> str | None:
        """A hero that has not moved goes to the seat's strongest group it can reach."""
        for hero in actions.heroes_of(self.view, self.seat):
            if hero in self.rec["heroes_moved"]:
                continue
            at = self.view["hero_at"][hero]
            here = _strength_at(self.view, self.seat, at)
            dests = actions.hero_destinations(self.view, self.seat, hero)
            best = max(dests, key=lambda h: (_strength_at(self.view, self.seat, h), h), default=None)
            if best and best != at and _strength_at(self.view, self.seat, best) > here + 2:
                return f"move:{at}:{best}:{hero}"
        return None

    def approach_move(self) -> str | None:
        """Bring a group closer to the nearest target, onto a territory without enemies."""
        targets = [t for t in _targets(self.view, self.seat, self.bare)]
        if not targets:
            return None
        best = None
        for g in self.groups:
            here = g["where"]
            if self.enemies.get(here):
                continue
            now = min(board.distance(self.board, here, t) for t in targets)
            if now <= 1:
                continue
            for to, _cost in sorted(g["dests"].items()):
                if self.enemies.get(to) or self.board.hexes[to].terrain == "stronghold":
                    continue
                d = min(board.distance(self.board, to, t) for t in targets)
                if d < now:
                    key = (d - now, d, -int(g["tier"]), here, to)
                    if best is None or key < best[0]:
                        best = (key, g, to)
        if best is None:
            return None
        _, g, to = best
        return self._move_id(g, to, g["n"])


def timeout_action(state: dict, seat: int) -> str | None:
    """A player out of time during the tactic choice gets the computer player's choice (the game
    cannot go on without it, and nobody else may choose for them); anything else waits."""
    if tactics.selecting(state) and seat in tactics.active_seats(state):
        return choose(state, seat, state["rng"]["seed"] + state["round"])
    return None
