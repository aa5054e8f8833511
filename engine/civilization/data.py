"""Component data of Civilization, read from data/civilization/*.json.

Every data file is {"_about": text, "<collection>": [record, ...]} (a record may hold nested
records in a list field named in NESTED). Every record carries `_source`: field -> tag, where the
tag starts with "seed" (the Chinese rulebook), "data" (the public-source appendices
civilization-data.md and data-research-2.md) or "house" (our own value where no source gives one).
`house_values()` lists every house value so it can be replaced when real data turns up, and
`validate()` checks that every field of every record has a source. What a file's fields mean is
checked by the module that reads it (board: tiles and layouts, combat: units, research: techs and
governments, culture: the track)."""
from __future__ import annotations

import csv
import json
from functools import lru_cache
from pathlib import Path

from engine.text import term as game_term

GAME = "civilization"
DATA_DIR = Path(__file__).resolve().parent.parent.parent / "data" / GAME
SOURCE_TAGS = ("seed", "data", "house")
NESTED = ("cards",)          # list fields holding records of their own (unit cards in units.json)


@lru_cache(maxsize=None)
def load(name: str) -> dict:
    with open(DATA_DIR / f"{name}.json", encoding="utf-8") as fh:
        return json.load(fh)


def files() -> list[str]:
    return sorted(p.stem for p in DATA_DIR.glob("*.json"))


def collection(name: str) -> list[dict]:
    """The records of a data file (its one list field besides `_about`)."""
    data = load(name)
    lists = [v for k, v in data.items() if not k.startswith("_") and isinstance(v, list)]
    if len(lists) != 1:
        raise ValueError(f"civilization data {name}: expected one record list")
    return lists[0]


def records() -> list[tuple[str, dict]]:
    """Every sourced record as (file name, record), nested records included."""
    out: list[tuple[str, dict]] = []
    for name in files():
        for rec in collection(name):
            out.append((name, rec))
            for key in NESTED:
                out.extend((name, r) for r in rec.get(key, []) if isinstance(r, dict))
    return out


def tag(text: object) -> str | None:
    if not isinstance(text, str):
        return None
    head = text.split(" ", 1)[0]
    return head if head in SOURCE_TAGS else None


@lru_cache(maxsize=None)
def glossary() -> tuple[dict, ...]:
    path = DATA_DIR / "glossary.csv"
    if not path.exists():
        return ()
    with open(path, encoding="utf-8", newline="") as fh:
        return tuple(csv.DictReader(fh))


def validate() -> None:
    """Raise ValueError on the first record with a field that has no source."""
    for name, rec in records():
        where = f"{name}:{rec.get('id', '?')}"
        src = rec.get("_source")
        if not isinstance(src, dict):
            raise ValueError(f"civilization data {where}: no _source")
        for field in rec:
            if field.startswith("_") or field in NESTED:
                continue
            if tag(src.get(field)) is None:
                raise ValueError(f"civilization data {where}: field {field} has no seed/data/house source")
        for field in src:
            if field not in rec:
                raise ValueError(f"civilization data {where}: _source names a missing field {field}")
    for row in glossary():
        if not all(row.get(k) for k in ("kind", "en", "zh-TW", "zh-CN")) or tag(row.get("source")) is None:
            raise ValueError(f"civilization glossary row {row}: empty column or unknown source")


def house_values() -> list[tuple[str, str, str, str]]:
    """Every value that is a house placeholder: (file, record id, field, note)."""
    return [(name, str(rec.get("id", name)), f, note) for name, rec in records()
            for f, note in rec["_source"].items() if tag(note) == "house" and f != "id"]


def sourced_values() -> list[tuple[str, str, str, str]]:
    return [(name, str(rec.get("id", name)), f, note) for name, rec in records()
            for f, note in rec["_source"].items() if tag(note) in ("seed", "data")]


@lru_cache(maxsize=None)
def term(english: str):
    """A component name as a glossary term (data/civilization/glossary.csv gives its Chinese)."""
    return game_term(GAME, english)


@lru_cache(maxsize=None)
def by_id(name: str) -> dict[str, dict]:
    """The records of a data file by id (built once: the data never changes in play; a
    caller must not write into it)."""
    return {r["id"]: r for r in collection(name)}


# --- records of the files written by the data helper

def civilization(cid: str) -> dict:
    return by_id("civilizations")[cid]


def government(gid: str) -> dict:
    return by_id("governments")[gid]


def government_effects(gid: str) -> dict:
    """A government's effect data: its sourced `effects` with its `house_effects` on top."""
    rec = government(gid)
    return {**rec["effects"], **rec["house_effects"]}


def building(bid: str) -> dict:
    return by_id("buildings")[bid]


def building_supply() -> dict[str, int]:
    """Building markers per base/upgrade pair (one double-sided marker serves both)."""
    return {r["pair"]: r["markers"] for r in collection("buildings") if not r["on_city_marker"]}


def wonder(wid: str) -> dict:
    return by_id("wonders")[wid]


def wonders_of_era(era: str) -> list[dict]:
    return [r for r in collection("wonders") if r["era"] == era]


def great_person(kind: str) -> dict:
    return by_id("great_people")[kind]


def culture_event(cid: str) -> dict:
    return by_id("culture_events")[cid]


def culture_deck(era: str) -> list[str]:
    """The card ids of an era's culture deck, one entry per copy, in data order."""
    return [r["id"] for r in collection("culture_events") if r["deck"] == era for _ in range(r["copies"])]


def resource(rid: str) -> dict:
    return by_id("market")[rid]


def marker_pile(kind: str) -> list[str]:
    """The contents of the hut ("hut") or village ("village") markers, one entry per marker."""
    return [r["content"] for r in collection("huts_villages") if r["kind"] == kind for _ in range(r["count"])]


def loot_points(situation: str) -> int:
    return next(r["points"] for r in collection("loot") if r["kind"] == "points" and r["id"] == situation)


def loot_effects() -> dict[str, dict]:
    return {r["id"]: r for r in collection("loot") if r["kind"] == "effect"}


def loot_menu(situation: str) -> dict:
    """The rulebook's loot (R120, R121): the menu the winner chooses one item of."""
    return next(r for r in collection("loot") if r["kind"] == "menu" and r["situation"] == situation)
