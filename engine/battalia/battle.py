"""Battles (R84-R107): a player battle with alternating additions, neutral-city and Ruins attacks.

A battle is state["battle"]; each side's battle line is players[seat]["line"]. Cards are added one at a
time (`add`) and a side's addition is closed with `commit`, which checks R92/R93 (attacker strictly
above the defender, defender at least equal). `pass` ends the battle (R94)."""
from __future__ import annotations

from engine.base import IllegalAction
from engine.text import Msg, Seat, plural

from . import board, data
from .cards import card, eff_type, faction, new_copy, public_name, spend, uses_left


def battle_strength(state: dict, cid: str, attacking: bool) -> int:
    """R88: units = rank; Weapon/Horse +1 (illuminated and unforked: +1 per use, R112/R117);
    Sword +5/+1 and Shield +1/+5 (R73/R74); everything else 0."""
    t = eff_type(state, cid)
    if t in data.RANK:
        return data.RANK[t]
    if t in ("weapon", "horse"):
        return state["battle"]["uses"].get(cid, 1) if state.get("battle") else 1
    if t in ("sword", "shield"):
        g = data.cards()["great_artifacts"][t]
        return g["attack"] if attacking else g["defence"]
    return 0


def can_fight_with(state: dict, cid: str, attacking: bool) -> bool:
    """R88, R97: only cards with strength > 0; no Tools, Tents or Hammer (R72)."""
    t = eff_type(state, cid)
    if card(state, cid)["t"] == "hammer":
        return False
    return battle_strength(state, cid, attacking) > 0 or t in ("weapon", "horse")


def weapon_starter(state: dict, cid: str) -> bool:
    """R57: an ordinary Weapon (or a wild acting as one), the Sword or the Shield; never the Hammer (R72)."""
    if card(state, cid)["t"] == "hammer":
        return False
    return eff_type(state, cid) in ("weapon", "sword", "shield")


def hero_bonus(state: dict, seat: int, heroes: list[int]) -> int:
    """R89/G19: +1 per participating hero when the line is non-empty and every card matches the
    player's faction (Great Artifacts match every faction)."""
    line = state["players"][seat]["line"]
    if not heroes or not line:
        return 0
    f = state["players"][seat]["faction"]
    if all(faction(state, c) in (f, "*") for c in line):
        return len(heroes)
    return 0


def terrain_bonus(state: dict, seat: int) -> int:
    """R127 (Advanced): +1 on the player's home terrain, attacking or defending."""
    if not state["options"]["advanced"]:
        return 0
    tile = state["board"].get(state["battle"]["square"], {})
    return 1 if tile.get("terrain") and tile["terrain"] == state["players"][seat]["faction"] else 0


def totals(state: dict) -> tuple[int, int]:
    b = state["battle"]
    att = b["attacker"]
    a_total = sum(battle_strength(state, c, True) for c in state["players"][att]["line"])
    a_total += hero_bonus(state, att, b["att_heroes"]) + terrain_bonus(state, att)
    tile = state["board"][b["square"]]
    if b["kind"] in ("neutral", "ruins"):
        return a_total, tile.get("defence", 0)
    d = b["defender"]
    d_total = sum(battle_strength(state, c, False) for c in state["players"][d]["line"])
    d_total += hero_bonus(state, d, b["def_heroes"]) + terrain_bonus(state, d)
    if b["target"] == "city":
        d_total += tile["level"]  # R90
    return a_total, d_total


def start(state: dict, seat: int, sq: str, target: str, heroes: list[int]) -> Msg:
    p = state["players"][seat]
    tile = state["board"].get(sq)
    if tile is None:
        raise IllegalAction(Msg("There is nothing to attack on that square."))
    if not heroes or any(h not in (0, 1) or p["heroes"][h] != sq for h in heroes):
        if len(heroes) == 1:
            raise IllegalAction(Msg("Your attacking hero must stand on the target square."))  # R85
        raise IllegalAction(Msg("Your attacking heroes must stand on the target square."))  # R85
    if not any(weapon_starter(state, c) and uses_left(state, c) > 0 for c in p["hand"]):  # R57
        raise IllegalAction(Msg("You need a Weapon to start a battle."))
    b = {"kind": "player", "attacker": seat, "defender": None, "square": sq, "target": target,
         "att_heroes": sorted(heroes), "def_heroes": [], "attacked_hero": None, "stage": "opening",
         "uses": {}, "changed": False, "ambush_declined": False}
    if target == "city":
        if tile["kind"] != "city" or not isinstance(tile.get("owner"), int) or tile["owner"] == seat:
            raise IllegalAction(Msg("That square is not an opponent's city."))
        b["defender"] = tile["owner"]
    elif target == "neutral":
        if tile["kind"] != "city" or tile.get("owner") != "neutral":
            raise IllegalAction(Msg("That square is not a neutral city."))
        if state["options"]["variant"] == "scenario2" and p["neutral_taken"] >= 1:
            raise IllegalAction(Msg("In scenario 2 each player may take only one neutral city."))  # R132
        b["kind"] = "neutral"
    elif target == "ruins":
        if tile["kind"] != "ruins" or state["options"]["variant"] == "scenario2":
            raise IllegalAction(Msg("There are no Ruins guardians to attack here."))
        if p["great"] is not None:
            raise IllegalAction(Msg("You already own a Great Artifact."))  # R43, G23
        if not state["pool"]["great"]:
            raise IllegalAction(Msg("No Great Artifact is left in the Ruins."))
        b["kind"] = "ruins"
    elif target.startswith("p") and target[1:].isdigit():
        d = int(target[1:])
        if d == seat or d >= state["n"]:
            raise IllegalAction(Msg("Attack an opponent."))
        figs = [i for i, s in enumerate(state["players"][d]["heroes"]) if s == sq]
        if not figs:
            raise IllegalAction(Msg("That opponent has no hero on this square."))
        if tile["kind"] == "city" and tile.get("owner") == d:
            raise IllegalAction(Msg("A hero on its owner's city is defended with the city: attack the city."))  # G18
        b["target"] = "hero"
        b["defender"] = d
        b["attacked_hero"] = figs[0]
        b["def_heroes"] = [figs[0]]
    else:
        raise IllegalAction(Msg("Unknown target."))
    state["battle"] = b
    if b["kind"] == "neutral":
        return Msg("{player} attacks the neutral city at {square}.", player=Seat(seat), square=sq)
    if b["kind"] == "ruins":
        return Msg("{player} attacks the Ruins guardians.", player=Seat(seat))
    if b["target"] == "city":
        return Msg("{player} attacks the city at {square} of {defender}.", player=Seat(seat), square=sq,
                   defender=Seat(b["defender"]))
    return Msg("{player} attacks the hero of {defender} at {square}.", player=Seat(seat), square=sq,
               defender=Seat(b["defender"]))


def side_to_move(state: dict) -> int:
    b = state["battle"]
    return b["defender"] if b["stage"] in ("decide", "defender") else b["attacker"]


def add(state: dict, seat: int, cid: str, uses: int | None = None) -> Msg:
    """Add a hand card to the battle line. An illuminated Weapon or Horse with both uses left (R110,
    R112, R117) is added with `uses` 2 (doubled strength, both uses spent) or 1 (+1 now; the other use
    stays in hand as a virtual copy for another row or battle this turn, G34); without `uses` every use
    left is spent."""
    b = state["battle"]
    p = state["players"][seat]
    if b["stage"] == "decide":
        raise IllegalAction(Msg("The defender must first choose to fight, surrender or retreat."))
    attacking = seat == b["attacker"]
    left = uses_left(state, cid) if cid in p["hand"] else 0
    if left <= 0:
        raise IllegalAction(Msg("That card is not available in your hand."))
    if not can_fight_with(state, cid, attacking):
        raise IllegalAction(Msg("Only cards with battle strength can join a battle line."))  # R88, R97
    if b["stage"] == "opening" and not p["line"] and not weapon_starter(state, cid):  # R57
        raise IllegalAction(Msg("The attacker must open the battle line with a Weapon."))
    t = eff_type(state, cid)
    n = left if uses is None else uses
    if n != left and (t not in ("weapon", "horse") or not 1 <= n <= left):
        if t in ("weapon", "horse") and left > 1:  # R112, R117
            raise IllegalAction(Msg("This card has {n} uses left: add it with both (2) or with one (1).", n=left))
        raise IllegalAction(plural("This card has {n} use left: add it as it is; only an illuminated Weapon or "
                                   "Horse is added with 1 or 2 uses.",
                                   "This card has {n} uses left: add it as it is; only an illuminated Weapon or "
                                   "Horse is added with 1 or 2 uses.", n=left))
    fork = False
    if t in ("weapon", "horse"):
        b["uses"][cid] = n  # illuminated and used once in battle: doubled (R112, R117)
        if n < left:  # fork (R110): the unspent use becomes a copy in hand, the card itself fights
            vid = new_copy(state, seat, cid)
            b.setdefault("forks", {})[vid] = cid
            fork = True  # R110
    b.setdefault("added", {})[cid] = left  # uses this addition spent (a cancelled opening gives them back)
    spend(state, seat, cid, left, dest="line")
    b["changed"] = True
    a, d = totals(state)
    if fork:
        return Msg("{player} adds {card} to the battle line ({attack}:{defence}); the second use stays in hand.",
                   player=Seat(seat), card=label_public(state, cid), attack=a, defence=d)
    return Msg("{player} adds {card} to the battle line ({attack}:{defence}).", player=Seat(seat),
               card=label_public(state, cid), attack=a, defence=d)


def label_public(state: dict, cid: str) -> Msg:
    """A card name without its id (public texts never carry ids)."""
    return public_name(state, cid)


def commit(state: dict, seat: int) -> tuple[Msg, bool]:
    """Close an addition (R93). Returns (text, battle_over)."""
    b = state["battle"]
    a, d = totals(state)
    if not b["changed"]:
        raise IllegalAction(Msg("Add at least one card (or transform one) before closing your play."))
    if seat == b["attacker"]:
        if a <= d:
            raise IllegalAction(Msg("The attacker's total must be higher than the defender's ({attack}:{defence}).",
                                    attack=a, defence=d))  # R93
        b["changed"] = False
        if b["kind"] in ("neutral", "ruins"):
            return Msg("{player}'s attack succeeds {attack}:{defence}.", player=Seat(seat), attack=a, defence=d), True
        if b["stage"] == "opening":
            b["stage"] = "decide"
            return Msg("{player} opens the battle with {attack}:{defence}; {defender} must answer.", player=Seat(seat),
                       attack=a, defence=d, defender=Seat(b["defender"])), False
        b["stage"] = "defender"
        return Msg("{player} raises to {attack}:{defence}.", player=Seat(seat), attack=a, defence=d), False
    if d < a:
        raise IllegalAction(Msg("The defender's total must be at least the attacker's ({defence}:{attack}).",
                                attack=a, defence=d))  # R93
    b["changed"] = False
    b["stage"] = "attacker"
    return Msg("{player} answers with {defence}:{attack}.", player=Seat(seat), attack=a, defence=d), False


def defender_heroes_on(state: dict) -> list[int]:
    b = state["battle"]
    return [i for i, s in enumerate(state["players"][b["defender"]]["heroes"]) if s == b["square"]]


def retreat_options(state: dict) -> dict[str, int]:
    """G32 / R96: squares 2-3 road steps away, not the battle square, not an attacker city, not a
    square holding an attacker hero."""
    b = state["battle"]
    att = b["attacker"]
    targets = board.retreat_targets(state, b["square"], (2, 3))
    out = {}
    for sq, k in targets.items():
        tile = state["board"][sq]
        if tile["kind"] == "city" and tile.get("owner") == att:
            continue
        if sq in state["players"][att]["heroes"]:
            continue
        out[sq] = k
    return out
