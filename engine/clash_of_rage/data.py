"""Component data of Clash of Rage, read from data/clash_of_rage/*.json and validated at import.

Every record carries `_source`: field -> tag, where the tag starts with "seed" (the Chinese
rulebook), "data" (the public-source appendices) or "house" (a placeholder of the spec's 10.2 or
our own value). `house_values()` lists every house value so it can be replaced when real data
turns up."""
from __future__ import annotations

import csv
import json
from functools import lru_cache
from pathlib import Path

from engine.text import term as game_term

DATA_DIR = Path(__file__).resolve().parent.parent.parent / "data" / "clash_of_rage"
FILES = ("tribes", "tactics", "equipment", "legendary", "heroes", "elves", "tiles", "layouts")
SOURCE_TAGS = ("seed", "data", "house")
TIERS = (1, 2, 3)
SLOTS = ("weapon", "armour")
# icon vocabulary of spec D8 plus the rage-gain icon of the data appendix (G7)
ICONS = ("STR", "HP", "SPD", "AUTO", "REROLL", "SHIELD", "FLY", "RAGE_GAIN")
TERRAINS = ("plain", "mountain", "city", "forge", "stone")
POSITIONS = ("C", "N", "NE", "SE", "S", "SW", "NW")
PLAYER_COUNTS = (2, 3, 4)
ELVES = "elves"         # the elves' side in a battle and the controller of a territory they hold (not a seat)


@lru_cache(maxsize=None)
def load(name: str) -> dict:
    with open(DATA_DIR / f"{name}.json", encoding="utf-8") as fh:
        return json.load(fh)


@lru_cache(maxsize=None)
def glossary() -> tuple[dict, ...]:
    with open(DATA_DIR / "glossary.csv", encoding="utf-8", newline="") as fh:
        return tuple(csv.DictReader(fh))


def records() -> list[tuple[str, dict]]:
    """Every sourced record as (file name, record): the things `_source` must cover."""
    out: list[tuple[str, dict]] = []
    for tribe in tribes():
        out.append(("tribes", tribe))
        out.extend(("tribes", u) for u in tribe["units"])
    out.extend(("tactics", c) for c in tactics())
    out.extend(("equipment", e) for e in equipment())
    out.extend(("legendary", e) for e in legendary())
    out.extend(("heroes", h) for h in heroes())
    out.extend(("elves", e) for e in elves())
    out.append(("elves", load("elves")["evolution"]))
    out.append(("elves", load("elves")["setup"]))
    out.extend(("tiles", s) for s in tile_sides())
    out.extend(("layouts", layout(n)) for n in PLAYER_COUNTS)
    out.append(("layouts", assembly()))
    out.append(("supply", supply()))
    return out


def supply() -> dict:
    """The box's common supply (option supply=box) and the house rules for running out."""
    return load("supply")["supply"]


def tag(text: object) -> str | None:
    if not isinstance(text, str):
        return None
    head = text.split(" ", 1)[0]
    return head if head in SOURCE_TAGS else None


def _fail(msg: str) -> None:
    raise ValueError(f"clash_of_rage data: {msg}")


def _check_icons(where: str, icons: dict) -> None:
    for k, v in icons.items():
        if k not in ICONS or not isinstance(v, int) or v < 1:
            _fail(f"{where}: bad icon {k}={v!r}")


def validate() -> None:
    """Raise ValueError on the first record that breaks the schema; called once at import."""
    for name, rec in records():
        where = f"{name}:{rec.get('id', '?')}"
        src = rec.get("_source")
        if not isinstance(src, dict):
            _fail(f"{where}: no _source")
        fields = [k for k in rec if not k.startswith("_") and k != "units"]
        for f in fields:
            if tag(src.get(f)) is None:
                _fail(f"{where}: field {f} has no seed/data/house source")
        for f in src:
            if f not in rec:
                _fail(f"{where}: _source names a missing field {f}")
    ids = set()
    for tribe in tribes():
        if sorted(u["tier"] for u in tribe["units"]) != list(TIERS):
            _fail(f"tribe {tribe['id']}: needs one unit per tier")
        for u in tribe["units"]:
            for f in ("strength", "health", "movement", "max_models"):
                if not isinstance(u[f], int) or u[f] < 1:
                    _fail(f"unit {u['id']}: {f} must be a positive integer")
            _check_icons(u["id"], u["icons"])
            ids.add(u["id"])
    if len(ids) != 12:
        _fail("unit ids are not unique")
    tribe_ids = {t["id"] for t in tribes()}
    for c in tactics():
        if c["tribe"] not in tribe_ids or set(c["reinforcement"]) != {"1", "2", "3"}:
            _fail(f"tactic {c['id']}: bad tribe or reinforcement")
    for e in equipment() + legendary():
        if e["slot"] not in SLOTS:
            _fail(f"equipment {e['id']}: bad slot")
        _check_icons(e["id"], e["bonus"])
    for e in equipment():
        if e["cost"] < 1 or e["copies"] < 1:
            _fail(f"equipment {e['id']}: cost and copies must be positive")
    for h in heroes():
        _check_icons(h["id"], h["bonus"])
    for e in elves():
        _check_icons(e["id"], e["icons"])
    for s in tile_sides():
        if tuple(s["hexes"]) != POSITIONS or any(t not in TERRAINS for t in s["hexes"].values()):
            _fail(f"tile side {s['id']}: needs the 7 positions with known terrain")
        if s["stone_tier"] not in TIERS:
            _fail(f"tile side {s['id']}: bad stone tier")
    side_ids = {s["id"] for s in tile_sides()}
    for n in PLAYER_COUNTS:
        lay = layout(n)
        if len(lay["tiles"]) != n or len(lay["strongholds"]) != n:
            _fail(f"layout {n}: needs {n} tiles and {n} strongholds")
        for t in lay["tiles"]:
            if t["side"] not in side_ids or t["rotation"] not in range(6):
                _fail(f"layout {n}: bad side or rotation {t}")
    for row in glossary():
        if not all(row.get(k) for k in ("kind", "en", "zh-TW", "zh-CN")) or tag(row.get("source")) is None:
            _fail(f"glossary row {row}: empty column or unknown source")


def tribes() -> list[dict]:
    return load("tribes")["tribes"]


def tribe(tribe_id: str) -> dict:
    for t in tribes():
        if t["id"] == tribe_id:
            return t
    raise KeyError(tribe_id)


def unit(tribe_id: str, tier: int) -> dict:
    """The unit type of a tribe at a tier (1-3)."""
    for u in tribe(tribe_id)["units"]:
        if u["tier"] == tier:
            return u
    raise KeyError((tribe_id, tier))


def tactics(tribe_id: str | None = None) -> list[dict]:
    cards = load("tactics")["cards"]
    return [c for c in cards if tribe_id is None or c["tribe"] == tribe_id]


def tactic(card_id: str) -> dict:
    """A tactic card by id."""
    for c in tactics():
        if c["id"] == card_id:
            return c
    raise KeyError(card_id)


def equipment() -> list[dict]:
    return load("equipment")["items"]


def legendary() -> list[dict]:
    return load("legendary")["items"]


def item(item_id: str) -> dict:
    """A black-market or legendary item by id."""
    for e in equipment() + legendary():
        if e["id"] == item_id:
            return e
    raise KeyError(item_id)


def heroes() -> list[dict]:
    return load("heroes")["heroes"]


def elves() -> list[dict]:
    """The three elf types in their equipment draw order (phase 1)."""
    return sorted(load("elves")["elves"], key=lambda e: e["draw_order"])


def elf(elf_id: str) -> dict:
    for e in elves():
        if e["id"] == elf_id:
            return e
    raise KeyError(elf_id)


def elf_setup() -> dict:
    return load("elves")["setup"]


def elf_evolution() -> dict:
    return load("elves")["evolution"]


def tile_sides() -> list[dict]:
    return load("tiles")["sides"]


def tile_side(side_id: str) -> dict:
    for s in tile_sides():
        if s["id"] == side_id:
            return s
    raise KeyError(side_id)


def stone_look(tier: int) -> dict:
    """Colour and shape of a reinforcement stone of a tier (data G4)."""
    return load("tiles")["stone_tiers"][str(tier)]


def layout(players: int) -> dict:
    return load("layouts")["layouts"][str(players)]


def assembly() -> dict:
    """The house rules of the board assembled by the players (option board=assembled)."""
    return load("layouts")["assembly"]


def house_values() -> list[tuple[str, str, str, str]]:
    """Every value that is a house placeholder: (file, record id, field, note)."""
    out = []
    for name, rec in records():
        for f, note in rec["_source"].items():
            if tag(note) == "house" and f != "id":
                out.append((name, str(rec.get("id", name)), f, note))
    return out


def sourced_values() -> list[tuple[str, str, str, str]]:
    """Every value backed by the seed or the data appendices: (file, record id, field, note)."""
    return [(n, str(r.get("id", n)), f, note) for n, r in records()
            for f, note in r["_source"].items() if tag(note) in ("seed", "data")]


validate()


GAME = "clash_of_rage"


@lru_cache(maxsize=None)
def term(english: str):
    """A component name as a glossary term (data/clash_of_rage/glossary.csv gives its Chinese)."""
    return game_term(GAME, english)
