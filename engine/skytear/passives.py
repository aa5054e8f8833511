"""The skills that work by themselves (rulebook section 2.5): which of a hero's skills work now
(by icon: none = always; "pillar" near a friendly pillar; "shapeshift" while shapeshifted;
"illusion" mirrored from friendly illusions, R57; "mark" against marked heroes, G36), their
bonuses to its armor, attack, skirmish damage and moves (R126), and Blood Ward's protection of
minions (R99). Questions only, built on board.py: the changes of the state (ops.py) ask them, and
the skills that act (skills.py: triggers, Devotion, alternative actions) build on them."""
from __future__ import annotations

from . import board, data, hexes

OUTSIDER = board.OUTSIDER
ILLUSION_REACH = 3      # R57: mirrored within 3 hexes of a friendly illusion
PILLAR_REACH = 3        # 2.5: pillar-icon skills within 3 hexes of a friendly pillar


def skills_of(who: str) -> list[str]:
    if who == OUTSIDER:
        return list(data.OUTSIDER["skills"])
    return list(data.hero(who)["skills"])


def icon_of(skill: str):
    return data.skill(skill)["icon"]


def hex_of(state: dict, hero: str) -> str | None:
    return state["heroes"][hero]["hex"]


def distance(state: dict, a: str, b) -> int:
    return hexes.distance_to(board.map_of(state), a, b)


def factions_of(hero: str) -> list[str]:
    return list(data.hero(hero)["factions"])


def mirrored_skills(state: dict, hero: str) -> set[str]:
    """R57: the illusion-icon skills a Nupten hero gains from friendly illusions within 3 hexes."""
    if "nupten" not in factions_of(hero) or not board.on_battlefield(state, hero):
        return set()
    side = board.hero_side(state, hero)
    out = set()
    for owner, hx in state["illusions"].items():
        if board.hero_side(state, owner) == side and distance(state, hex_of(state, hero), hx) <= ILLUSION_REACH:
            out |= {s for s in skills_of(owner) if icon_of(s) == "illusion"}
    return out


def near_friendly_pillar(state: dict, hero: str) -> bool:
    side = board.hero_side(state, hero)
    return any(p["side"] == side and distance(state, hex_of(state, hero), p["hex"]) <= PILLAR_REACH
               for p in state["pillars"])


def active_skills(state: dict, hero: str) -> set[str]:
    """The hero's skills working now (devotion-icon skills only inside a Devotion)."""
    if hero == OUTSIDER:
        return set(skills_of(OUTSIDER))
    if not board.on_battlefield(state, hero):
        return set()
    out = set()
    for s in skills_of(hero):
        icon = icon_of(s)
        if icon in (None, "mark") or (icon == "shapeshift" and board.has_status(state, hero, "shapeshift")) \
                or (icon == "pillar" and near_friendly_pillar(state, hero)):
            out.add(s)
    return out | mirrored_skills(state, hero)


# --- bonuses (R126) ---------------------------------------------------------------------------

def _marked(state: dict, value) -> bool:
    return bool(value) and (value == OUTSIDER or value in state["heroes"]) and board.has_status(state, value, "mark")


def _wild_majesty(state: dict, hero: str, _context) -> int:
    side = board.hero_side(state, hero)
    return sum(1 for h in board.heroes_on_battlefield(state, side)
               if "liothan" in factions_of(h) and board.has_status(state, h, "shapeshift")
               and distance(state, hex_of(state, hero), hex_of(state, h)) <= 3)


BONUSES = {   # skill -> (stat, function(state, hero, context) -> amount)
    "taulots_protection": ("armor", lambda st, h, c: 1),
    "frost_skin": ("armor", lambda st, h, c: 1),
    "resonant_radiance": ("armor", lambda st, h, c: 1),
    "time_blade": ("attack", lambda st, h, c: 1 if board.has_status(st, h, "haste") else 0),
    "lava_tamer": ("attack", lambda st, h, c: 1 if _marked(st, (c or {}).get("target")) else 0),
    "night_hunter": ("skirmish_damage", lambda st, h, c: 1 if _marked(st, (c or {}).get("target")) else 0),
    "kings_might": ("skirmish_damage", lambda st, h, c: st["heroes"][h].get("pillars_removed", 0)),
    "wild_majesty": ("skirmish_damage", _wild_majesty),
    "mirror_step": ("move", lambda st, h, c: 1),
}


def bonus(state: dict, who: str, stat: str, context=None) -> int:
    """The skills' part of a hero's armor, attack, skirmish damage, move or skirmish move (R126).
    King's Might counts pillars removed in this activation although its icon is "devotion": the
    bonus lasts the activation (T24)."""
    if who == OUTSIDER or not board.on_battlefield(state, who):
        return 0
    skills = active_skills(state, who) | ({"kings_might"} & set(skills_of(who)))
    total = 0
    for s in sorted(skills):
        if s in BONUSES and BONUSES[s][0] == stat:
            total += BONUSES[s][1](state, who, context)
    return total


def protects_minion(state: dict, minion: dict) -> bool:
    """Blood Ward: friendly minions within 3 hexes of Tlakali cannot be damaged (R99: defeating a
    minion is not damage, so it still works)."""
    for h in board.heroes_on_battlefield(state, minion["side"]):
        if "blood_ward" in skills_of(h) and distance(state, hex_of(state, h), minion["hex"]) <= 3:
            return True
    return False
