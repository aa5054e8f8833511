"""Component data loaded from data/battalia/*.json (sourced facts and design decisions live there)."""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

DATA_DIR = Path(__file__).resolve().parent.parent.parent / "data" / "battalia"


@lru_cache(maxsize=None)
def load(name: str) -> dict:
    with open(DATA_DIR / f"{name}.json", encoding="utf-8") as fh:
        return json.load(fh)


def cards() -> dict:
    return load("cards")


def terrain() -> dict:
    return load("terrain")


def board() -> dict:
    return load("board")


def oracle() -> dict:
    return load("oracle")


FACTIONS = ["G", "B", "R", "Y"]
UNIT_TYPES = ["soldier", "captain", "priest", "commander"]
ARTIFACT_TYPES = ["tool", "weapon", "amulet", "title", "scroll", "tent", "horse"]
GREAT_TYPES = ["hammer", "sword", "shield", "wings", "horn"]
TRANSFORMERS = ["amulet", "title", "scroll"]
RANK = {t: i + 1 for i, t in enumerate(UNIT_TYPES)}
CITY_SHAPES = ["dead", "straight", "corner", "t", "cross"]
ROAD_SHAPES = ["straight", "curve", "t", "cross"]
# every identity an Amulet wild card (roll 6) may take (R58: any unit, artifact or Supply)
WILD_TYPES = UNIT_TYPES + ["supply"] + ARTIFACT_TYPES


def faction_name(f: str | None) -> str:
    if f is None:
        return "neutral"
    return cards()["factions"][f]["name"]
