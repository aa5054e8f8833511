"""Who and where an action may aim at (R22, R38, R42; cards use effects.target_choices), and how a
target is named in a text."""
from __future__ import annotations

from engine.text import Msg

from . import board, data, effects, hexes, ops

OUTSIDER = board.OUTSIDER


def hero_name(hero: str):
    return data.name(hero)


def target_name(state: dict, value: str):
    """A target value as a player reads it: a hero's or the Outsider's name, "minion on E5",
    "pillar on D6", "Akhuti's illusion", "control token 1", or a hex label."""
    if value == OUTSIDER or value in data.HEROES:
        return data.name(value)
    kind, _, rest = value.partition(":")
    if kind == "m":
        return Msg("minion on {hex}", hex=rest.rpartition(":")[0])
    if kind == "p":
        return Msg("pillar on {hex}", hex=rest)
    if kind == "i":
        return Msg("{hero}'s illusion", hero=data.name(rest))
    if kind == "t":
        return Msg("control token {number}", number=rest)
    return value


def acting_side(state: dict, who: str, controller: int | None = None) -> int | None:
    if who == OUTSIDER:
        return controller if controller is not None else ops.outsider_side(state)
    return board.hero_side(state, who)


def _enemies(state: dict, who: str, controller: int | None, heroes_only: bool) -> list[str]:
    side = acting_side(state, who, controller)
    if side is None:
        return []
    return [v for v in ops.enemies_of(state, side, heroes_only=heroes_only) if v != who]


def attack_targets(state: dict, who: str, controller: int | None = None) -> list[str]:
    """R38/G32: an enemy (hero, the Outsider, minion, pillar or illusion) in LoS and within the
    attack range (ranged 3, melee adjacent). The Outsider aims at its controller's enemies (G18)."""
    reach = ops.attack_range(who)
    return effects.targetable_among(state, who, _enemies(state, who, controller, False), reach)


def skirmish_targets(state: dict, who: str, controller: int | None = None) -> list[str]:
    """R42: an enemy hero (the Outsider counts) in LoS; the range is the LoS limit (3)."""
    return effects.targetable_among(state, who, _enemies(state, who, controller, True), 3)


def outsider_free(state: dict) -> set[str]:
    """Hexes the Outsider may stand on: no hero, minion, standing tower or nexus (its own hexes
    count as free: it is being placed again)."""
    m = board.map_of(state)
    busy = ops.hero_hexes(state) | ops.minion_hexes(state) | ops.standing_towers(state) | set(m.nexus_hexes)
    return set(m.coords) - busy


def outsider_placements(state: dict) -> list[tuple[str, str, str]]:
    """R117/R119: every legal placement; where it stands now is one of them when still legal."""
    m = board.map_of(state)
    return hexes.outsider_placements(m, outsider_free(state))


PREFIX_PARTS = {"m": 3, "p": 2, "i": 2, "t": 2}   # "m:<hex>:<side>", "p:<hex>", "i:<hero>", "t:<n>"


def split_targets(parts: list[str]) -> list[str]:
    """Target values from the ":"-separated parts of an action id (values themselves hold ":")."""
    out, i = [], 0
    while i < len(parts):
        n = PREFIX_PARTS.get(parts[i], 1)
        out.append(":".join(parts[i:i + n]))
        i += n
    return out
