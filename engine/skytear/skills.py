"""Hero skills that act (R50-R57, section 2.5) and the Ancient Outsider's skill, as hooks the flow
calls. Which skills work now, and their bonuses, are in passives.py (the icons, R126, Blood Ward).

Hooks (FLOW calls them):
    after_attack(state, hero, target, ev) -> list     call when an Attack resolved with effect: applies
                                                      riders (Rime Shot) and returns "when" triggers
                                                      (Chastise) to put on the stack (R78)
    resolve_trigger(state, trigger, ev) / trigger_valid(state, trigger) -> bool
    devotion_options(state, hero) -> list[dict]       every legal Devotion (R51-R57) for the paths
    devotion_valid(state, hero, choice) -> bool       the re-check at resolution (R25)
    resolve_devotion(state, hero, choice, ev)         the faction steps, then devotion-icon skills
    choice_key(choice) -> str / parse_choice(key) -> dict    a Devotion as an action-id part
    alternatives(state, hero) -> list[dict]           R33, e.g. {"action": "skirmish", "skill": "bear_fury"}
    alternative_choices(state, hero, skill) -> list[str]     (Bear Fury: destination hexes)
    alternative_valid(state, hero, skill, choice) -> bool
    resolve_alternative(state, hero, skill, choice, ev) -> list
    outsider_skills(state) -> list[str] / resolve_outsider_skill(state, skill, ev)

Design decisions (automated choices, each at least as good as any other for the player):
Chastise hits the enemy with the fewest HP (ties: heroes before minions, then by name/hex); Shadow
Pounce puts Yami on the free hex adjacent to the marked hero nearest to him (ties by label);
Earthen Mending heals the most wounded friendly hero within 3 of the removed pillar; Bear Fury's
triangle is turned to hit the most enemy heroes. King's Might offers "remove all other friendly
pillars" or "none" (a middle count is never better for the skirmish bonus it gives). A pillar or an
illusion goes on a hex with no model and no other token (G45 as sourced). Taulot devotion-icon
skills work only when a pillar was removed (G43 as sourced).
"""
from __future__ import annotations

from engine.text import Msg, to_json

from . import board, data, hexes, ops
from .effects import targetable
from .passives import active_skills, distance, factions_of, hex_of, icon_of, skills_of

OUTSIDER = board.OUTSIDER
DEVOTION_REACH = 3      # R52-R57: "within 3 hexes"


# --- after an Attack (R78) ------------------------------------------------------------------------

def _rime_shot(state: dict, hero: str, target: str, ev) -> None:
    ops.attach_status(state, target, "slow", 1, ev)


def _chastise_target(state: dict, hero: str) -> str | None:
    side = board.hero_side(state, hero)
    pool = [v for v in ops.enemies_of(state, side) if v[:2] not in ("p:", "i:") and targetable(state, hero, v)]
    if not pool:
        return None

    def hp(v):
        if v == OUTSIDER:
            return state["outsider"]["hp"]
        return state["heroes"][v]["hp"] if v in state["heroes"] else 1
    return min(pool, key=lambda v: (hp(v), v.startswith("m:"), v))


def after_attack(state: dict, hero: str, target: str, ev) -> list[dict]:
    """An Attack of `hero` on `target` has resolved (not ignored, R40). Riders worded as part of
    the Attack apply now; "when" skills (Chastise) come back as triggers for the stack."""
    if hero == OUTSIDER:
        return []
    active = active_skills(state, hero)
    if "rime_shot" in active:
        _rime_shot(state, hero, target, ev)
    triggers = []
    if "chastise" in active:
        victim = _chastise_target(state, hero)
        if victim:
            triggers.append(make_trigger(state, hero, "chastise", victim))
    return triggers


def make_trigger(state: dict, hero: str, skill: str, target: str | None) -> dict:
    text = Msg("{skill}: {hero} deals 1 damage to {target}.", skill=data.name(skill), hero=data.name(hero),
               target=ops.who_name(state, target))
    return {"kind": "trigger", "skill": skill, "hero": hero, "target": target,
            "seat": state["heroes"][hero]["owner"], "text": to_json(text)}


def trigger_valid(state: dict, trigger: dict) -> bool:
    """R25: Chastise's target must still be a target (in LoS within 3) of a hero on the battlefield."""
    hero, target = trigger["hero"], trigger.get("target")
    return board.on_battlefield(state, hero) and bool(target) and ops.exists(state, target) \
        and targetable(state, hero, target)


def resolve_trigger(state: dict, trigger: dict, ev) -> None:
    if not trigger_valid(state, trigger):
        ev.add(Msg("{skill} finds no target and is ignored.", skill=data.name(trigger["skill"])))
        return
    if trigger["skill"] == "chastise":
        ops.deal_damage(state, trigger["hero"], trigger["target"], 1, ev=ev)


# --- Devotion (R50-R57) ---------------------------------------------------------------------------

def _token_free(state: dict) -> set[str]:
    """Hexes with no model (hero, Outsider, minion), no standing tower or nexus and no token."""
    tokens = {p["hex"] for p in state["pillars"]} | set(state["illusions"].values())
    return ops.free_hexes(state) - tokens


def mark_choices(state: dict, hero: str) -> list[str]:
    """R52/G42: an enemy hero (the Outsider too, G36) within 3 hexes; no LoS needed."""
    side = board.hero_side(state, hero)
    return [v for v in ops.enemies_of(state, side, heroes_only=True)
            if distance(state, hex_of(state, hero), ops.hexes_of(state, v)) <= DEVOTION_REACH]


def shapeshift_choices(state: dict, hero: str) -> list[str]:
    """R53: a friendly Liothan hero within 3 hexes, the devoting hero included."""
    side = board.hero_side(state, hero)
    return [h for h in board.heroes_on_battlefield(state, side)
            if "liothan" in factions_of(h) and distance(state, hex_of(state, hero), hex_of(state, h)) <= DEVOTION_REACH]


def pillar_hexes(state: dict, hero: str) -> list[str]:
    """R54 step 1: a hex within 3 hexes with no model (and no token)."""
    near = board.map_of(state).ball(hex_of(state, hero), DEVOTION_REACH)
    return hexes.sort_labels(_token_free(state) & near)


def illusion_choices(state: dict, hero: str) -> list[tuple[str, str]]:
    """R56/G45: (owner, hex) for each friendly illusion (of a friendly Nupten hero on the
    battlefield) and each hex with no model and no token within 3 of the devoting hero or of the
    illusion's current position."""
    side = board.hero_side(state, hero)
    free = _token_free(state)
    m = board.map_of(state)
    out = []
    for owner in board.heroes_on_battlefield(state, side):
        if "nupten" not in factions_of(owner):
            continue
        anchors = [hex_of(state, hero)] + ([state["illusions"][owner]] if owner in state["illusions"] else [])
        near = frozenset().union(*(m.ball(a, DEVOTION_REACH) for a in anchors))
        out += [(owner, h) for h in hexes.sort_labels(free & near)]
    return out


def _taulot_options(state: dict, hero: str) -> list[dict]:
    side = board.hero_side(state, hero)
    spots = pillar_hexes(state, hero) or [None]    # G43: step 1 only when a hex exists
    existing = [p["hex"] for p in state["pillars"] if p["side"] == side]
    might = "kings_might" in skills_of(hero)
    out = []
    for spot in spots:
        pillars = existing + ([spot] if spot else [])
        for remove in [None] + hexes.sort_labels(set(pillars)):
            choice = {"pillar": spot, "remove": remove}
            if might and remove and len(pillars) > 1:
                out.append(dict(choice, more=False))
                out.append(dict(choice, more=True))
            else:
                out.append(choice)
    return out


def devotion_options(state: dict, hero: str) -> list[dict]:
    """Every legal Devotion of the hero, one dict per complete choice (for a hero of two factions,
    the product of its factions' choices, R51). Empty when no faction step can be done."""
    options = [{}]
    for faction in factions_of(hero):
        if faction == "kurumo":
            parts = [{"mark": v} for v in mark_choices(state, hero)]
        elif faction == "liothan":
            parts = [{"shapeshift": h} for h in shapeshift_choices(state, hero)]
        elif faction == "taulot":
            parts = _taulot_options(state, hero)
        else:
            parts = [{"illusion": o, "to": h} for o, h in illusion_choices(state, hero)]
        if not parts:
            continue
        options = [dict(a, **b) for a in options for b in parts]
    return [o for o in options if o]


def choice_key(choice: dict) -> str:
    """A Devotion choice as text for an action id, e.g. "pillar=C4,remove=C4,more=1"."""
    parts = []
    for k in ("mark", "shapeshift", "pillar", "remove", "more", "illusion", "to"):
        if k in choice:
            v = choice[k]
            parts.append(f"{k}={'-' if v is None else int(v) if isinstance(v, bool) else v}")
    return ",".join(parts)


def parse_choice(key: str) -> dict:
    out = {}
    for part in filter(None, key.split(",")):
        k, _, v = part.partition("=")
        out[k] = bool(int(v)) if k == "more" else None if v == "-" else v
    return out


def devotion_valid(state: dict, hero: str, choice: dict) -> bool:
    return board.on_battlefield(state, hero) and choice in devotion_options(state, hero)


def resolve_devotion(state: dict, hero: str, choice: dict, ev) -> list[dict]:
    """The faction steps in rule order, then the devotion-icon skills (R52-R56)."""
    side = board.hero_side(state, hero)
    ctx: dict = {}
    if "mark" in choice:                                      # R52 Kurumo
        ops.attach_status(state, choice["mark"], "mark", 1, ev)
        ctx["marked"] = choice["mark"]
    if "shapeshift" in choice:                                # R53 Liothan
        ops.attach_status(state, hero, "shapeshift", 1, ev)
        ops.attach_status(state, choice["shapeshift"], "shapeshift", 1, ev)
    if "pillar" in choice:                                    # R54 Taulot
        if choice["pillar"]:
            ops.add_pillar(state, side, choice["pillar"], ev)
        if choice.get("remove") and ops.remove_pillar(state, choice["remove"], hero, ev):
            ctx["removed"] = choice["remove"]
            ctx["more"] = bool(choice.get("more"))
    if "illusion" in choice:                                  # R56 Nupten
        ops.place_illusion(state, choice["illusion"], choice["to"], ev)
    on_devotion(state, hero, ctx, ev)
    return []


def _ember_brand(state, hero, ctx, ev):
    if "marked" in ctx:
        ops.deal_damage(state, hero, ctx["marked"], 1, ev=ev)


def _shadow_pounce(state, hero, ctx, ev):
    """T22: Yami lands next to the marked hero (the nearest free hex, ties by label) and hits it."""
    target = ctx.get("marked")
    if not target or not ops.exists(state, target):
        return
    m = board.map_of(state)
    here = hex_of(state, hero)
    spots = [h for h in ops.free_hexes(state, hero) if hexes.distance_to(m, h, ops.hexes_of(state, target)) <= 1]
    if spots:
        best = min(spots, key=lambda h: (hexes.distance(m, here, h), hexes.label_key(h)))
        if best != here:
            ops.move_model(state, hero, best, ev)   # a place: a movement effect of 0 hexes (data S1)
    amount = 1 + ops.reveal_best(state, ops.source_seat(state, hero), 1, ev, Msg("{who} pounces", who=data.name(hero)))
    ops.deal_damage(state, hero, target, amount, ev=ev)


def _kings_might(state, hero, ctx, ev):
    if "removed" in ctx and ctx.get("more"):
        side = board.hero_side(state, hero)
        for p in [p for p in state["pillars"] if p["side"] == side]:
            ops.remove_pillar(state, p["hex"], hero, ev)


def _earthen_mending(state, hero, ctx, ev):
    if "removed" not in ctx:
        return
    side = board.hero_side(state, hero)
    near = [h for h in board.heroes_on_battlefield(state, side)
            if distance(state, ctx["removed"], hex_of(state, h)) <= 3]
    wounded = [h for h in near if state["heroes"][h]["hp"] < data.hero(h)["hp"]]
    if wounded:
        best = min(wounded, key=lambda h: (state["heroes"][h]["hp"] - data.hero(h)["hp"], h))
        ops.heal(state, best, 2, ev)


DEVOTION_SKILLS = {"ember_brand": _ember_brand, "shadow_pounce": _shadow_pounce, "kings_might": _kings_might,
                   "earthen_mending": _earthen_mending}


def on_devotion(state: dict, hero: str, ctx: dict, ev) -> None:
    """The devoting hero's devotion-icon skills, in the hero card's order."""
    for s in skills_of(hero):
        if icon_of(s) == "devotion" and s in DEVOTION_SKILLS:
            DEVOTION_SKILLS[s](state, hero, ctx, ev)


# --- alternative actions (R33): Bear Fury -------------------------------------------------------

def alternatives(state: dict, hero: str) -> list[dict]:
    return [{"action": "skirmish", "skill": "bear_fury"}] if "bear_fury" in active_skills(state, hero) else []


def alternative_choices(state: dict, hero: str, skill: str) -> list[str]:
    """Bear Fury: where Gulbjarn ends his move of up to 2 hexes (Haste +1, Slow -1: T51), staying
    put included."""
    if skill != "bear_fury" or "bear_fury" not in active_skills(state, hero):
        return []
    steps = ops.skirmish_move_of(state, hero)
    return [hex_of(state, hero)] + list(ops.hero_destinations(state, hero, steps))


def alternative_valid(state: dict, hero: str, skill: str, choice: str) -> bool:
    return board.on_battlefield(state, hero) and choice in alternative_choices(state, hero, skill)


def _bear_fury_hits(state: dict, hero: str) -> list[str]:
    """The triangle touching Gulbjarn that covers the most enemy heroes (R123, T23)."""
    m = board.map_of(state)
    here = hex_of(state, hero)
    side = board.hero_side(state, hero)
    enemies = ops.enemies_of(state, side, heroes_only=True)
    best: list[str] = []
    for cover in hexes.aoe_placements(m, "triangle3", here, range_from=here, max_range=1):
        hit = [v for v in enemies if set(ops.hexes_of(state, v)) & cover]
        if len(hit) > len(best):
            best = hit
    return best


def resolve_alternative(state: dict, hero: str, skill: str, choice: str, ev) -> list[dict]:
    """Bear Fury (T23, T51): move, then 0+ skirmish damage (one reveal, R124) to each enemy hero in
    the triangle; a Skirmish never hurts minions (R46)."""
    if not alternative_valid(state, hero, skill, choice):
        ev.add(Msg("{skill} can no longer be done and is ignored.", skill=data.name(skill)))
        return []
    if choice != hex_of(state, hero):
        ops.move_model(state, hero, choice, ev)
    victims = _bear_fury_hits(state, hero)
    if not victims:
        return []
    extra = ops.reveal_best(state, ops.source_seat(state, hero), 1, ev, Msg("{who} skirmishes", who=data.name(hero)))
    for v in victims:
        ops.deal_damage(state, hero, v, max(0, ops.skirmish_damage_of(state, hero, v) + extra), ev=ev)
    return []


# --- the Ancient Outsider ------------------------------------------------------------------------

def outsider_skills(state: dict) -> list[str]:
    return list(data.OUTSIDER["skills"]) if ops.outsider_on_board(state) else []


def resolve_outsider_skill(state: dict, skill: str, ev) -> None:
    """Skytear Pulse: 1 damage to each hero of the controller's enemies adjacent to the Outsider."""
    if skill != "skytear_pulse" or not ops.outsider_on_board(state):
        return
    controller = ops.outsider_side(state)
    m = board.map_of(state)
    for h in board.heroes_on_battlefield(state):
        if board.hero_side(state, h) != controller and \
                hexes.distance_to(m, hex_of(state, h), state["outsider"]["hexes"]) <= 1:
            ops.deal_damage(state, OUTSIDER, h, 1, ev=ev)
