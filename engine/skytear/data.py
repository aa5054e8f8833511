"""Skytear's component data, read once from data/skytear/*.json and checked at import.

Every value in those files carries its source: "seed" (the rulebook), "data" (rules/skytear-data.md,
data-research-2.md) or "house" (our design, where no source prints the value: G2, G3, G6, G7).
`house_values()` lists the house ones for the rules help. Names and texts a player reads are
glossary terms (data/skytear/glossary.csv), so the edge shows them in the reader's language.

Public:
    HEROES, CARDS, SKILLS, VICTORY: dicts id -> record;  OUTSIDER: the Ancient Outsider's record
    hero(id), card(def_id), skill(id), victory_card(id)
    name(id) -> Msg (a glossary term), text(id) -> Msg (a card's, skill's or victory card's text)
    status_name(status) -> Msg, deck_of(hero) -> list of card def ids (the 8 copies)
    house_values() -> list of (what, value)
    register_card(record) -> adds a test fixture card (e.g. Dodge, T45) after checking it
"""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from engine.text import Msg, term

from . import hexes

GAME = "skytear"
DATA_DIR = Path(__file__).resolve().parent.parent.parent / "data" / "skytear"

FACTION_RUNE = {"kurumo": "fire", "taulot": "earth", "nupten": "air", "liothan": "frost"}
RUNES = tuple(FACTION_RUNE.values())
STATUSES = ("slow", "haste", "disarm", "frenzy", "mark", "shapeshift")
SOURCES = ("seed", "data", "house")
SPEEDS = ("normal", "instant")
BONUS_STATS = ("attack", "armor", "skirmish_damage", "move", "skirmish_move")
UNTIL = ("activation", "round")
SKILL_ICONS = (None, "pillar", "devotion", "shapeshift", "illusion", "mark")
TARGET_KINDS = ("enemy", "enemy_hero", "friendly_hero", "other_friendly_hero", "any_hero", "enemy_minion",
                "hex", "free_hex", "control_token", "self")
VICTORY_KINDS = ("lane_wins", "dome_wins", "towers_destroyed", "defeats", "round_defeats", "all_lanes_round",
                 "ultimates", "structure_damage", "outsider_damage", "minions_defeated")
VORTEX = "skytear_vortex"   # the starting player's special card (R65)
# the five cards whose tokens count for the tie-break (R143)
TIEBREAK_VICTORY = ("tactician", "all_out_attack", "tamer", "skytear_master", "flanking")

# each effect kind ("do") with its required and optional keys
EFFECT_KEYS: dict[str, tuple[set, set]] = {
    "damage": ({"amount"}, {"plus", "pierce", "t"}),
    "lose_hp": ({"amount"}, {"t"}),
    "heal": ({"amount"}, {"t"}),
    "status": ({"status"}, {"count", "t"}),
    "remove_status": ({"status"}, {"t"}),
    "push": ({"amount"}, {"t"}),
    "move": ({"steps", "to"}, {"t"}),
    "place": ({"to"}, {"t"}),
    "draw": ({"amount"}, set()),
    "foresee": ({"amount"}, set()),
    "spawn": ({"amount"}, {"t"}),
    "bonus": ({"stat", "amount", "until"}, {"t"}),
    "extra_action": ({"action"}, set()),
    "aoe": ({"template", "amount", "anchor"}, {"plus", "pierce", "t"}),
    "defeat_minion": (set(), {"t"}),
}
EXTRA_ACTIONS = ("move", "attack", "skirmish")


class DataError(ValueError):
    """A data file breaks the schema (raised at import: the game refuses to start)."""


def _load(name: str) -> dict:
    with open(DATA_DIR / f"{name}.json", encoding="utf-8") as fh:
        return json.load(fh)


def _need(cond: bool, where: str, what: str) -> None:
    if not cond:
        raise DataError(f"data/skytear {where}: {what}")


def _check_source(rec: dict, where: str) -> None:
    src = rec.get("source")
    _need(isinstance(src, dict) and src, where, "no source")
    for field, value in src.items():
        _need(value in SOURCES, where, f"source of {field} is {value!r}")


# --- checks ----------------------------------------------------------------------------------

def check_card(c: dict, heroes: dict) -> None:
    where = f"card {c.get('id')!r}"
    for key in ("id", "name", "runes", "speed", "modifier", "targets", "effects", "text"):
        _need(key in c, where, f"missing {key}")
    _need(c["speed"] in SPEEDS, where, f"speed {c['speed']!r}")
    _need(all(r in RUNES for r in c["runes"]), where, "unknown rune")
    _need(isinstance(c["modifier"], int), where, "modifier is not a number")
    ult = c.get("ultimate_of")
    _need(ult is None or ult in heroes, where, f"ultimate of unknown hero {ult!r}")
    _need(bool(c.get("ultimate")) == (ult is not None), where, "ultimate flag and ultimate_of disagree")
    for t in c["targets"]:
        _need(t.get("kind") in TARGET_KINDS, where, f"unknown target kind {t.get('kind')!r}")
        _need(isinstance(t.get("range", 3), int) and isinstance(t.get("los", True), bool), where, "bad target range/los")
    n = len(c["targets"])
    for e in c["effects"]:
        do = e.get("do")
        _need(do in EFFECT_KEYS, where, f"unknown effect {do!r}")
        required, optional = EFFECT_KEYS[do]
        keys = set(e) - {"do"}
        _need(required <= keys, where, f"{do} lacks {sorted(required - keys)}")
        _need(keys <= required | optional, where, f"{do} has unknown keys {sorted(keys - required - optional)}")
        t = e.get("t", 0 if "t" in optional and n else "self")
        _need(t == "self" or (isinstance(t, int) and 0 <= t < n), where, f"{do} names target {t!r}")
        if "to" in e:
            _need(isinstance(e["to"], int) and 0 <= e["to"] < n and
                  c["targets"][e["to"]]["kind"] in ("free_hex", "hex"), where, f"{do} goes to a non-hex target")
        if do in ("status", "remove_status"):
            _need(e["status"] in STATUSES, where, f"unknown status {e['status']!r}")
        if do == "bonus":
            _need(e["stat"] in BONUS_STATS and e["until"] in UNTIL, where, "bad bonus")
        if do == "extra_action":
            _need(e["action"] in EXTRA_ACTIONS, where, f"unknown extra action {e['action']!r}")
        if do == "aoe":
            _need(e["template"] in hexes.AOE_TEMPLATES, where, f"unknown template {e['template']!r}")
            _need(e["anchor"] in ("caster", "target"), where, "bad anchor")
            caster_template = hexes.AOE_TEMPLATES[e["template"]]["caster"]
            _need(caster_template == (e["anchor"] == "caster"), where, "template and anchor disagree")
            if e["anchor"] == "target":
                _need(isinstance(e.get("t", 0), int) and n and c["targets"][e.get("t", 0)]["kind"] in ("hex", "free_hex"),
                      where, "a target-anchored AoE needs a hex target")
        if do == "spawn":
            _need(n and c["targets"][e.get("t", 0)]["kind"] == "control_token", where, "spawn needs a control token")


def _check_all(heroes: dict, skills: dict, cards: dict, victory: dict, outsider: dict) -> None:
    for h in heroes.values():
        where = f"hero {h['id']!r}"
        _check_source(h, where)
        _need(h["range"] in ("melee", "ranged"), where, "range")
        _need(all(f in FACTION_RUNE for f in h["factions"]), where, "unknown faction")
        _need(all(r in RUNES for r in h["runes"]), where, "unknown rune")
        for s in h["skills"]:
            _need(s in skills and skills[s]["hero"] == h["id"], where, f"skill {s!r}")
        _need(sum(h["deck"].values()) == 8, where, "deck is not 8 cards")   # R136
        ults = [c for c in h["deck"] if cards.get(c, {}).get("ultimate_of")]
        _need(ults and all(cards[c]["ultimate_of"] == h["id"] for c in ults) and len(ults) == 1,
              where, "deck must hold exactly one own ultimate (R136)")
        for c, copies in h["deck"].items():
            _need(c in cards and cards[c]["copies"] == copies and cards[c]["hero"] == h["id"], where, f"deck card {c!r}")
            _need(set(cards[c]["runes"]) <= set(h["runes"]), where, f"{c!r} has runes the hero lacks")
    for s in skills.values():
        _check_source(s, f"skill {s['id']!r}")
        _need(s["icon"] in SKILL_ICONS, f"skill {s['id']!r}", "icon")
    for c in cards.values():
        _check_source(c, f"card {c['id']!r}")
        check_card(c, heroes)
    for v in victory.values():
        _check_source(v, f"victory {v['id']!r}")
        _need(v["kind"] in VICTORY_KINDS and isinstance(v["goal"], int) and v["goal"] > 0, f"victory {v['id']!r}", "kind/goal")
    _check_source(outsider, "outsider")
    for s in outsider["skills"]:
        _need(s in skills and skills[s]["hero"] == outsider["id"], "outsider", f"skill {s!r}")


def _read() -> tuple[dict, dict, dict, dict, dict]:
    h = _load("heroes")
    heroes = {r["id"]: r for r in h["heroes"]}
    skills = {r["id"]: r for r in h["skills"]}
    cards = {r["id"]: r for r in _load("cards")["cards"]}
    victory = {r["id"]: r for r in _load("victory")["cards"]}
    outsider = _load("outsider")["outsider"]
    _check_all(heroes, skills, cards, victory, outsider)
    return heroes, skills, cards, victory, outsider


HEROES, SKILLS, CARDS, VICTORY, OUTSIDER = _read()
# the printed (starter) cards, before any test fixture is registered
PRINTED_CARDS = tuple(CARDS)


def hero(hero_id: str) -> dict:
    return HEROES[hero_id]


def card(def_id: str) -> dict:
    return CARDS[def_id]


def skill(skill_id: str) -> dict:
    return SKILLS[skill_id]


def victory_card(vid: str) -> dict:
    return VICTORY[vid]


def register_card(record: dict) -> dict:
    """Add a test fixture card (e.g. Dodge, the stack example's instant, T45), checked like the
    printed ones. Defaults: no hero, 1 copy, not an ultimate, all sources house."""
    rec = {"hero": None, "copies": 1, "ultimate": False, "ultimate_of": None, "modifier": 0,
           "source": {"effects": "house"}, **record}
    rec.setdefault("name", rec["id"])
    check_card(rec, HEROES)
    CARDS[rec["id"]] = rec
    return rec


def deck_of(hero_id: str) -> list[str]:
    """The hero's preconstructed 8-card deck (R139) as card def ids, one per copy."""
    return [c for c, n in HEROES[hero_id]["deck"].items() for _ in range(n)]


def _english_name(any_id: str) -> str:
    for table in (HEROES, CARDS, SKILLS, VICTORY):
        if any_id in table:
            return table[any_id]["name"]
    if any_id in ("outsider", OUTSIDER["id"]):
        return OUTSIDER["name"]
    raise KeyError(any_id)


@lru_cache(maxsize=None)
def game_term(english: str) -> Msg:
    """A glossary term, made once per English text (names are asked for at every legal move)."""
    return term(GAME, english)


def name(any_id: str) -> Msg:
    """A hero's, card's, skill's, victory card's or the Outsider's name as a glossary term (its
    English name; the edge shows the seed's Chinese name to Chinese readers)."""
    return game_term(_english_name(any_id))


def text(any_id: str) -> Msg:
    """A card's, skill's or victory card's text as a glossary term."""
    for table in (CARDS, SKILLS, VICTORY):
        if any_id in table:
            return game_term(table[any_id]["text"])
    raise KeyError(any_id)


def status_name(status: str) -> Msg:
    return term(GAME, status.capitalize())


def cost(def_id: str) -> int:
    """Mana cost = number of runes (R58)."""
    return len(CARDS[def_id]["runes"])


# --- the house values, for the rules help --------------------------------------------------------

FIELD_WORDS = {"attack": "attack value", "plus": "+ icons", "hp": "HP", "armor": "armor", "class": "class",
               "runes": "runes", "range": "range", "skills": "skills", "speed": "speed", "modifier": "modifier",
               "effects": "effect", "text": "effect", "name": "name", "zh_tw": "name", "effect": "effect",
               "condition": "condition", "goal": "goal", "placement": "placement"}


def _value(rec: dict, field: str):
    if field in ("effects", "text", "effect", "condition"):
        return text(rec["id"]) if rec["id"] in CARDS or rec["id"] in SKILLS or rec["id"] in VICTORY else ""
    if field == "runes":
        runes = rec["runes"]
        return Msg("{count} × {rune}", count=len(runes), rune=term(GAME, runes[0].capitalize() + " rune")) \
            if runes else Msg("no runes")
    if field in ("name", "zh_tw"):
        return name(rec["id"])
    if field == "skills":
        return [name(s) for s in rec["skills"]]
    if field in ("class", "range", "speed"):
        return term(GAME, rec[field])
    value = rec.get(field)
    return value if value is not None else ""


def house_values() -> list[tuple[Msg, object]]:
    """(what, value) for every field whose source is "house" (a design decision of ours), in file
    order: heroes, skills, cards, victory cards, the Outsider. `what` is "<name>: <field>"."""
    out = []
    seen: set[tuple[str, str]] = set()
    records = [*HEROES.values(), *SKILLS.values(), *(CARDS[c] for c in PRINTED_CARDS), *VICTORY.values(), OUTSIDER]
    for rec in records:
        for field, src in rec["source"].items():
            if src != "house" or field == "zh_cn":
                continue
            word = "condition" if rec["id"] in VICTORY and field == "text" else FIELD_WORDS.get(field, field)
            if (rec["id"], word) in seen:    # e.g. a card's effects and their text are one decision
                continue
            seen.add((rec["id"], word))
            out.append((Msg("{name}: {field}", name=name(rec["id"]), field=term(GAME, word)), _value(rec, field)))
    return out
