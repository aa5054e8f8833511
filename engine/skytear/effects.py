"""Ability cards: their targets (R21-R25, G24) and their effects (the "do" list of each card in
data/skytear/cards.json), applied in order through ops.

For FLOW:
    targetable(state, caster, value, reach=3, los=True) -> bool      "target" in the rules' sense
    targetable_among(state, caster, values, reach=3, los=True) -> list[str]   the same for many
    target_choices(state, card_def, caster, spec) -> list[str]       one target step's choices
    legal_targets(state, card_def, caster) -> list[list[str]]        complete choices (R23: a card
                                                                     without one cannot be played)
    targets_still_valid(state, card_def, caster, targets) -> bool    R25/G24 at resolution
    resolve_card(state, card_def, caster, targets, ev, start=0) -> list[dict]   follow-ups:
        {"kind": "foresee", "seat", "cards": [iids], "card", "caster", "targets", "resume"}
            a pending decision: the seat keeps or discards each card (R128), then FLOW calls
            finish_foresee(state, followup, discard, ev), which goes on with the card's effects;
        {"kind": "aoe", "seat", "card", "caster", "targets", "effect", "options": [[enemies], ...]}
            a pending decision (seed 004, R123: the player places the template): when placements
            hit different enemies, the seat chooses which (option 0, the most, is the default on
            time-out); FLOW calls finish_aoe(state, followup, k, ev), which goes on with the card;
        {"kind": "extra_action", "hero", "seat", "action": "attack"|"move"|"skirmish"}
            R32: the caster performs that action now (no AP, no once-limit); it goes on the stack
            after this card has resolved (skytear-data section 11, "take an action").
Design decisions: a card's effects are its own; "each enemy" in an AoE hits enemy heroes, the
Outsider, enemy minions and enemy tokens; when placements of the template hit different enemies its
player chooses (R123; aoe_options: the most first, the default); "+" reveals take the best modifier; a move or place effect on a
model that cannot move (the Outsider, R119) does nothing.
"""
from __future__ import annotations

from engine.text import Msg

from . import board, data, hexes, ops

OUTSIDER = board.OUTSIDER
HERO_KINDS = ("enemy_hero", "friendly_hero", "other_friendly_hero", "any_hero")


# --- targeting -------------------------------------------------------------------------------------

def _viewer(state: dict, caster: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The caster's hexes and its friends' hexes (spotters for hiding hexes, R18)."""
    if caster == OUTSIDER:
        return tuple(state["outsider"]["hexes"]), ()    # the Outsider has no friendly heroes
    side = board.hero_side(state, caster)
    friends = tuple(state["heroes"][h]["hex"] for h in board.heroes_on_battlefield(state, side) if h != caster)
    return (state["heroes"][caster]["hex"],), friends


def targetable(state: dict, caster: str, value: str, reach: int = 3, los: bool = True) -> bool:
    """R22/R24/R130: within `reach` hexes (G15) and, unless `los` is False, in LoS; a hero or the
    Outsider on a hiding hex needs another friendly hero as spotter (R18); a hex, minion or token never
    hides (R19). A hero always targets itself (R17)."""
    if not ops.exists(state, value):
        return False
    if value == caster:
        return True
    mine, friends = _viewer(state, caster)
    return _seen(state, board.map_of(state), mine, friends, value, reach, los)


def _seen(state: dict, m, mine: tuple, friends: tuple, value: str, reach: int, los: bool) -> bool:
    """targetable's range and LoS part, for a value that exists and is not the caster (the
    caster's hexes and its spotters computed once by the caller)."""
    if not mine:
        return False
    where = ops.hexes_of(state, value)
    if hexes.distance_to(m, mine, where) > reach:
        return False
    if not los:
        return True
    if value in state["heroes"] or value == OUTSIDER:
        return hexes.sees_hero(m, mine, where, friends)
    return hexes.has_los(m, mine, where)


def _pool(state: dict, caster: str, kind: str) -> list[str]:
    side = board.hero_side(state, caster)
    if kind == "self":
        return [caster]
    if kind == "enemy":
        return ops.enemies_of(state, side)
    if kind == "enemy_hero":
        return ops.enemies_of(state, side, heroes_only=True)
    if kind == "enemy_minion":
        return [v for v in ops.enemies_of(state, side) if v.startswith("m:")]
    if kind == "friendly_hero":
        return board.heroes_on_battlefield(state, side)
    if kind == "other_friendly_hero":
        return [h for h in board.heroes_on_battlefield(state, side) if h != caster]
    if kind == "any_hero":
        return board.heroes_on_battlefield(state) + ([OUTSIDER] if ops.outsider_on_board(state) else [])
    if kind == "hex":
        return hexes.sort_labels(board.map_of(state).coords)
    if kind == "free_hex":
        return hexes.sort_labels(ops.free_hexes(state))
    if kind == "control_token":
        return [f"t:{n}" for n in sorted(state["control"], key=int)]
    raise ValueError(kind)


def targetable_among(state: dict, caster: str, values, reach: int = 3, los: bool = True) -> list[str]:
    """The `values` (in their order) that `caster` may target: targetable for each, with the
    caster's hexes and spotters worked out once."""
    m = board.map_of(state)
    mine, friends = _viewer(state, caster)
    return [v for v in values if ops.exists(state, v) and (v == caster or _seen(state, m, mine, friends, v, reach, los))]


def target_choices(state: dict, card_def: dict, caster: str, spec: dict) -> list[str]:
    """The values one target step of the card may take now (each checked alone)."""
    reach, los = spec.get("range", 3), spec.get("los", True)
    pool = _pool(state, caster, spec["kind"])
    if spec["kind"] in ("hex", "free_hex"):
        # only hexes within `reach` of the caster can qualify: keep those (in the pool's order)
        # rather than measuring every hex of the map
        m = board.map_of(state)
        mine = _viewer(state, caster)[0]
        if mine and None not in mine:
            near = frozenset().union(*(m.ball(h, reach) for h in mine))
            pool = [v for v in pool if v in near]
    return targetable_among(state, caster, pool, reach, los)


def _mover(card_def: dict, effect: dict, caster: str, targets: list[str]) -> str:
    t = effect.get("t", 0 if card_def["targets"] else "self")
    return caster if t == "self" else targets[t]


def _combination_ok(state: dict, card_def: dict, caster: str, targets: list[str]) -> bool:
    """Constraints between targets: a move effect's hex must be reachable by the mover within its
    steps (R37); distinct targets of one card differ."""
    if len(set(targets)) != len(targets):
        return False
    for e in card_def["effects"]:
        if e["do"] == "move":
            mover = _mover(card_def, e, caster, targets)
            if mover not in state["heroes"] or targets[e["to"]] not in ops.hero_destinations(state, mover, e["steps"]):
                return False
    return True


def legal_targets(state: dict, card_def: dict, caster: str) -> list[list[str]]:
    """Every complete, valid choice of targets (R21: all chosen when the card is played)."""
    combos: list[list[str]] = [[]]
    for spec in card_def["targets"]:
        choices = target_choices(state, card_def, caster, spec)
        combos = [c + [v] for c in combos for v in choices]
        if not combos:
            return []
    return [c for c in combos if _combination_ok(state, card_def, caster, c)]


def targets_still_valid(state: dict, card_def: dict, caster: str, targets: list[str]) -> bool:
    """R25/G24: at resolution every target must still meet its requirements (and the caster must
    still be on the battlefield to generate effects from); otherwise the card is ignored."""
    if not board.on_battlefield(state, caster) or len(targets) != len(card_def["targets"]):
        return False
    for spec, value in zip(card_def["targets"], targets):
        if value not in target_choices(state, card_def, caster, spec):
            return False
    return _combination_ok(state, card_def, caster, list(targets))


# --- effects -----------------------------------------------------------------------------------

def _target(card_def: dict, effect: dict, caster: str, targets: list[str]) -> str:
    return _mover(card_def, effect, caster, targets)


def _reveal(state: dict, caster: str, effect: dict, ev, card_def: dict) -> int:
    return ops.reveal_best(state, ops.source_seat(state, caster), effect.get("plus", 0), ev,
                           Msg("{card} of {hero}", card=data.name(card_def["id"]), hero=data.name(caster)))


def _damage(state, card_def, caster, targets, e, ev):
    amount = e["amount"] + _reveal(state, caster, e, ev, card_def)
    ops.deal_damage(state, caster, _target(card_def, e, caster, targets), max(0, amount),
                    pierce=e.get("pierce", False), ev=ev)


def _lose_hp(state, card_def, caster, targets, e, ev):
    ops.lose_hp(state, caster, _target(card_def, e, caster, targets), e["amount"], ev)


def _heal(state, card_def, caster, targets, e, ev):
    ops.heal(state, _target(card_def, e, caster, targets), e["amount"], ev)


def _status(state, card_def, caster, targets, e, ev):
    ops.attach_status(state, _target(card_def, e, caster, targets), e["status"], e.get("count", 1), ev)


def _remove_status(state, card_def, caster, targets, e, ev):
    ops.remove_status(state, _target(card_def, e, caster, targets), e["status"], ev)


def _push(state, card_def, caster, targets, e, ev):
    if board.on_battlefield(state, caster):
        ops.push(state, ops.hexes_of(state, caster), _target(card_def, e, caster, targets), e["amount"], ev)


def _move(state, card_def, caster, targets, e, ev):
    mover, to = _target(card_def, e, caster, targets), targets[e["to"]]
    if mover in state["heroes"] and to in ops.hero_destinations(state, mover, e["steps"]):
        ops.move_model(state, mover, to, ev)


def _place(state, card_def, caster, targets, e, ev):
    """A place: a movement effect counting 0 hexes (data S1); the hex must still be free."""
    who, to = _target(card_def, e, caster, targets), targets[e["to"]]
    if who in state["heroes"] and board.on_battlefield(state, who) and to in ops.free_hexes(state, who):
        ops.move_model(state, who, to, ev)


def _draw(state, card_def, caster, targets, e, ev):
    ops.draw(state, state["heroes"][caster]["owner"], e["amount"], ev)


def _spawn(state, card_def, caster, targets, e, ev):
    number = _target(card_def, e, caster, targets)[2:]
    ops.spawn(state, board.hero_side(state, caster), number, e["amount"], ev)


def _bonus(state, card_def, caster, targets, e, ev):
    who = _target(card_def, e, caster, targets)
    if ops.exists(state, who):
        ops.add_bonus(state, who, e["stat"], e["amount"], e["until"])


def _defeat_minion(state, card_def, caster, targets, e, ev):
    value = _target(card_def, e, caster, targets)
    if value.startswith("m:") and ops.exists(state, value):
        hx, _, side = value[2:].rpartition(":")
        ops.remove_minion(state, ops.find_minion(state, hx, int(side)), caster, ev)


def _aoe_placements(state: dict, caster: str, targets: list[str], e: dict) -> list[tuple[frozenset, list[str]]]:
    """R123: every placement of the template, in order, with the enemies each hits."""
    m = board.map_of(state)
    enemies = ops.enemies_of(state, board.hero_side(state, caster))
    if e["anchor"] == "caster":
        covers = hexes.aoe_placements(m, e["template"], state["heroes"][caster]["hex"])
    else:
        anchor = targets[e.get("t", 0)]
        covers = sorted({hexes.aoe_hits(m, e["template"], anchor, rot, flip)
                         for rot in range(6) for flip in (False, True)}, key=lambda c: hexes.sort_labels(c))
    return [(cover, [v for v in enemies if set(ops.hexes_of(state, v)) & cover]) for cover in covers]


def aoe_cover(state: dict, card_def: dict, caster: str, targets: list[str], e: dict) -> tuple[frozenset, list[str]]:
    """R123: the template's placement hitting the most enemies (and the enemies it hits)."""
    best, hit_best = frozenset(), []
    for cover, hit in _aoe_placements(state, caster, targets, e):
        if len(hit) > len(hit_best) or not best:
            best, hit_best = cover, hit
    return best, hit_best


def aoe_options(state: dict, card_def: dict, caster: str, targets: list[str], e: dict) -> list[list[str]]:
    """R123: the different sets of enemies the template can hit, the most first (aoe_cover's
    pick), then in the placements' order; [] when the caster has no hex to anchor it."""
    if e["anchor"] == "caster" and not board.on_battlefield(state, caster):
        return []
    _, best = aoe_cover(state, card_def, caster, targets, e)
    found = [best] if best else []
    for _cover, hit in _aoe_placements(state, caster, targets, e):
        if hit and hit not in found:
            found.append(hit)
    # a placement hitting only some of what another hits is no choice, unless what it leaves out
    # is the Outsider (hitting it makes the other side act with it, R120)
    return [hit for hit in found
            if not any(set(hit) < set(other) and OUTSIDER not in set(other) - set(hit) for other in found)]


def _aoe(state, card_def, caster, targets, e, ev):
    if e["anchor"] == "caster" and not board.on_battlefield(state, caster):
        return                       # the caster fell to an earlier effect of the card: no caster hex
    _cover, hit = aoe_cover(state, card_def, caster, targets, e)
    _aoe_hits(state, card_def, caster, hit, e, ev)


def _aoe_hits(state, card_def, caster, hit, e, ev):
    if not hit:
        ev.add(Msg("{card} hits no enemy.", card=data.name(card_def["id"])))
        return
    amount = e["amount"] + _reveal(state, caster, e, ev, card_def)   # R124: one reveal for all
    for v in hit:
        ops.deal_damage(state, caster, v, max(0, amount), pierce=e.get("pierce", False), ev=ev)


EFFECTS = {"damage": _damage, "lose_hp": _lose_hp, "heal": _heal, "status": _status, "remove_status": _remove_status,
           "push": _push, "move": _move, "place": _place, "draw": _draw, "spawn": _spawn, "bonus": _bonus,
           "aoe": _aoe, "defeat_minion": _defeat_minion}


def resolve_card(state: dict, card_def: dict, caster: str, targets: list[str], ev, start: int = 0) -> list[dict]:
    """Apply the card's effects in order from `start` (R61, R77: one effect, not interrupted).
    Returns follow-ups (see the module text); a foresee stops here until its choice is made.
    Call targets_still_valid first (R25): this function assumes the targets are valid."""
    seat = state["heroes"][caster]["owner"]
    out: list[dict] = []
    for i, e in enumerate(card_def["effects"][start:], start):
        if e["do"] == "foresee":
            cards = ops.foresee_look(state, seat, e["amount"], ev)
            if cards:
                return out + [{"kind": "foresee", "seat": seat, "cards": cards, "card": card_def["id"],
                               "caster": caster, "targets": list(targets), "resume": i + 1}]
            continue
        if e["do"] == "extra_action":
            out.append({"kind": "extra_action", "hero": caster, "seat": seat, "action": e["action"]})
            continue
        if e["do"] == "aoe":
            options = aoe_options(state, card_def, caster, targets, e)
            if len(options) > 1:      # the placement matters: the player places it (R123)
                return out + [{"kind": "aoe", "seat": seat, "card": card_def["id"], "caster": caster,
                               "targets": list(targets), "effect": i, "options": options}]
        EFFECTS[e["do"]](state, card_def, caster, targets, e, ev)
    return out


def finish_aoe(state: dict, followup: dict, choice: int, ev) -> list[dict]:
    """R123: the enemies of the placement the player chose are hit (if the caster still stands
    and each is still there), then the card's remaining effects resolve."""
    card_def = data.card(followup["card"])
    caster, e = followup["caster"], card_def["effects"][followup["effect"]]
    hit = [v for v in followup["options"][choice] if ops.exists(state, v)]
    _aoe_hits(state, card_def, caster, hit, e, ev)
    if not board.on_battlefield(state, caster):
        return []
    return resolve_card(state, card_def, caster, followup["targets"], ev, start=followup["effect"] + 1)


def finish_foresee(state: dict, followup: dict, discard: list[str], ev) -> list[dict]:
    """R128: the chosen cards of those looked at go to the discard pile, the rest stay on top;
    then the card's remaining effects resolve."""
    ops.foresee_apply(state, followup["seat"], [i for i in discard if i in followup["cards"]], ev)
    card_def = data.card(followup["card"])
    if not board.on_battlefield(state, followup["caster"]):
        return []
    return resolve_card(state, card_def, followup["caster"], followup["targets"], ev, start=followup["resume"])
