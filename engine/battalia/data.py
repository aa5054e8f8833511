"""Component data loaded from data/battalia/*.json (sourced facts and design decisions live there)."""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from engine.text import Msg, term

GAME = "battalia"  # the glossary (data/battalia/glossary.csv) that holds the game's terms

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


def house_values() -> dict:
    """Our own values where the seed prints none (marked "source": "house" in the data), by name:
    the stall guard's weeks (board.json)."""
    out = {}
    for name, rec in board().items():
        if isinstance(rec, dict) and rec.get("source") == "house":
            (value,) = [v for k, v in rec.items() if k != "source" and not k.startswith("_")]
            out[name] = value
    return out


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


def faction_name(f: str | None) -> Msg:
    """A faction as the rulebook names it (a glossary term)."""
    if f is None:
        return Msg("neutral")
    return term(GAME, cards()["factions"][f]["name"])


def terrain_name(f: str) -> Msg:
    """A faction's home land (Woods, Lake, Canyon, Mountains) as a glossary term."""
    return term(GAME, cards()["factions"][f]["terrain"])


def type_name(t: str) -> Msg:
    """A unit, artifact, Supply or Great Artifact type ("captain", "sword") as its glossary term."""
    if t in GREAT_TYPES:
        return term(GAME, cards()["great_artifacts"][t]["name"])
    return term(GAME, t.capitalize())


# road and city cards by their shape, as the glossary names them
ROAD_NAMES = {"straight": "straight road", "curve": "curved road", "t": "T road", "cross": "cross road"}
CITY_NAMES = {"dead": "dead-end city", "straight": "straight city", "corner": "corner city", "t": "T city",
              "cross": "cross city"}


def tile_name(kind: str, shape: str) -> Msg:
    """"straight road", "corner city" (a glossary term)."""
    return term(GAME, (CITY_NAMES if kind == "city" else ROAD_NAMES)[shape])
