"""Claim validation (R28-R33, spec section 13).

Everything here reads PUBLIC state only: the cards at the flags, the discard pile, the
environment cards and completion times. Hands and decks are never read (R30, [S28]), so a
rejection's witness cannot leak which cards the opponent holds (D13, spec 13.6).
"""
from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from engine.text import Msg, Seat, plural

from .cards import IDENTITY_TO_ID, TROOP_IDENTITY, card_label
from .formations import Completion, Pool, best_completion, describe_key


def player_name(seat: int) -> Seat:
    """A seat named in a text: the reader sees the player's name ("Player N" in English
    when no names are known)."""
    return Seat(seat)


def flag_limit(flag: dict) -> int:
    """R8/R48: three cards a side, four at a flag with Mud."""
    for env in flag["env"]:  # usually empty: a plain loop is the fast path
        if env["card"] == "T-MUD":
            return 4
    return 3


def flag_has_fog(flag: dict) -> bool:
    for env in flag["env"]:
        if env["card"] == "T-FOG":
            return True
    return False


def side_index(flag: dict, seat: int) -> int | None:
    seats = flag["seats"]
    if seat == seats[0]:
        return 0
    if seat == seats[1]:
        return 1
    return None


def split_side(cards: list[str]) -> tuple[list[tuple[int, int]], list[str]]:
    """Troop identities and morale (wild) cards of one side, in placement order."""
    troops, wilds = [], []
    for card in cards:
        if card in TROOP_IDENTITY:
            troops.append(TROOP_IDENTITY[card])
        else:
            wilds.append(card)
    return troops, wilds


def completed_at(side: dict, limit: int) -> int | None:
    """D6: the move at which the most recent current card arrived, while the side is full."""
    if len(side["cards"]) != limit:
        return None
    return max(side["arrived"])


@lru_cache(maxsize=1 << 16)
def complete_side(cards: tuple[str, ...], fog: bool) -> Completion:
    """Best formation of a complete side (D3); memoised because the same complete sides are
    evaluated again on every turn (claims, proofs, views)."""
    troops, wilds = split_side(cards)
    return best_completion(troops, wilds, len(cards), fog)


def side_completion(flag: dict, index: int) -> Completion | None:
    """Best formation of a complete side (D3), or None if incomplete (R20)."""
    cards = flag["sides"][index]["cards"]
    if len(cards) != flag_limit(flag):
        return None
    return complete_side(tuple(cards), flag_has_fog(flag))


def table_pool(state: dict) -> Pool:
    """R31: U = all 60 troop cards minus every troop card face up at any flag (claimed or not,
    either side) or in the discard pile. Hands and decks are deliberately NOT subtracted."""
    face_up = {entry["card"] for entry in state["discard"]}
    for flag in state["flags"]:
        for side in flag["sides"]:
            face_up.update(side["cards"])
    return Pool.without(face_up)


def identity_label(identity: tuple[int, int]) -> Msg:
    return card_label(IDENTITY_TO_ID[identity])


def identity_id(identity: tuple[int, int]) -> str:
    return IDENTITY_TO_ID[identity]


class ClaimCheck(NamedTuple):
    valid: bool
    reason: Msg                      # a sentence a player can read (engine/text.py)
    witness: list[str] | None = None  # pool cards (ids) that would still beat the claimant
    claimant_key: tuple[int, int] | None = None
    opponent_best: Completion | None = None


def check_claim(state: dict, seat: int, flag_no: int, pool: Pool | None = None) -> ClaimCheck:
    """Would `seat` be allowed to claim flag `flag_no` by R28-R33? Turn order is not checked."""
    if not 1 <= flag_no <= len(state["flags"]):
        return ClaimCheck(False, Msg("There is no flag {flag}; flags are numbered 1 to 9.", flag=flag_no))
    flag = state["flags"][flag_no - 1]
    me = side_index(flag, seat)
    if me is None:
        return ClaimCheck(False, Msg("Flag {flag} is not on your battle lines.", flag=flag_no))
    if flag["claimed_by"] is not None:
        return ClaimCheck(False, Msg("Flag {flag} has already been claimed by {player}.", flag=flag_no,
                                     player=player_name(flag["claimed_by"])))
    limit = flag_limit(flag)
    fog = flag_has_fog(flag)
    mine = flag["sides"][me]
    if len(mine["cards"]) != limit:  # R28(1)
        if limit == 4:
            text = Msg("You need four cards at flag {flag} to claim it (Mud is there); you have {count}.",
                       flag=flag_no, count=len(mine["cards"]))
        else:
            text = Msg("You need three cards at flag {flag} to claim it; you have {count}.",
                       flag=flag_no, count=len(mine["cards"]))
        return ClaimCheck(False, text)
    if any(len(side["cards"]) > limit for side in flag["sides"]):  # D5: a Mud discard is pending
        return ClaimCheck(False, Msg("Flag {flag} is waiting for a discard after Mud left.", flag=flag_no))
    my_key = complete_side(tuple(mine["cards"]), fog).key
    opp_index = 1 - me
    opp_seat = flag["seats"][opp_index]
    opp_side = flag["sides"][opp_index]
    opp_troops, opp_wilds = split_side(opp_side["cards"])
    them = player_name(opp_seat)

    if len(opp_side["cards"]) == limit:  # R29: compare directly
        opp_best = complete_side(tuple(opp_side["cards"]), fog)
        opp_key = opp_best.key
        if my_key > opp_key:
            return ClaimCheck(True, Msg("Your {mine} beats {them}'s {theirs} at flag {flag}.",
                                        mine=describe_key(my_key), them=them, theirs=describe_key(opp_key),
                                        flag=flag_no), None, my_key, opp_best)
        if my_key == opp_key:
            if completed_at(opp_side, limit) > completed_at(mine, limit):  # R22(c)
                return ClaimCheck(True, Msg("Both sides have {formation} at flag {flag} and {them} completed "
                                            "later, so the tie is yours (R22c).", formation=describe_key(my_key),
                                            flag=flag_no, them=them), None, my_key, opp_best)
            return ClaimCheck(False, Msg("Both sides have {formation} at flag {flag} and you completed yours "
                                         "later, so the tie goes to {them} (R22c).", formation=describe_key(my_key),
                                         flag=flag_no, them=them), None, my_key, opp_best)
        return ClaimCheck(False, Msg("{them}'s {theirs} beats your {mine} at flag {flag}.", them=them,
                                     theirs=describe_key(opp_key), mine=describe_key(my_key), flag=flag_no),
                          None, my_key, opp_best)

    # R30-R33: the opponent is incomplete; prove from the table alone.
    if pool is None:
        pool = table_pool(state)
    need = limit - len(opp_side["cards"])
    opp_best = best_completion(opp_troops, opp_wilds, limit, fog, pool)
    if opp_best is None:  # R33 (derived): too few cards remain for him ever to complete
        left = plural("{n} troop card is", "{n} troop cards are", n=len(pool))
        return ClaimCheck(True, plural("{them} needs {n} more card at flag {flag} but only {left} left off the table.",
                                       "{them} needs {n} more cards at flag {flag} but only {left} left off the table.",
                                       n=need, them=them, flag=flag_no, left=left),
                          None, my_key, None)
    if opp_best.key <= my_key:  # an exact tie is won by the claimant, who completed first (R33)
        if opp_best.key == my_key:
            text = Msg("Your {mine} cannot be beaten at flag {flag}: the best {them} can still make is {theirs}, "
                       "a tie you win because you completed first.", mine=describe_key(my_key), flag=flag_no,
                       them=them, theirs=describe_key(opp_best.key))
        else:
            text = Msg("Your {mine} cannot be beaten at flag {flag}: the best {them} can still make is {theirs}.",
                       mine=describe_key(my_key), flag=flag_no, them=them, theirs=describe_key(opp_best.key))
        return ClaimCheck(True, text, None, my_key, opp_best)
    witness_ids = [identity_id(i) for i in opp_best.added]
    added = None
    for identity in opp_best.added:  # "Blue 7 + Blue 9"
        label = identity_label(identity)
        added = label if added is None else Msg("{cards} + {card}", cards=added, card=label)
    wilds = [Msg("{card} as {identity}", card=card_label(w), identity=identity_label(i))
             for w, i in zip(opp_wilds, opp_best.wild_as)]
    if added is not None and wilds:
        text = Msg("You cannot claim flag {flag} yet: {cards} would still beat you ({them} could make {theirs} "
                   "({wilds}) against your {mine}).", flag=flag_no, cards=added, them=them,
                   theirs=describe_key(opp_best.key), wilds=wilds, mine=describe_key(my_key))
    elif added is not None:
        text = Msg("You cannot claim flag {flag} yet: {cards} would still beat you ({them} could make {theirs} "
                   "against your {mine}).", flag=flag_no, cards=added, them=them,
                   theirs=describe_key(opp_best.key), mine=describe_key(my_key))
    else:  # only possible when nothing is needed, which the branch above handles; kept for safety
        text = Msg("You cannot claim flag {flag}: {them} can reach {theirs}.", flag=flag_no, them=them,
                   theirs=describe_key(opp_best.key))
    return ClaimCheck(False, text, witness_ids, my_key, opp_best)


def provable_flags(state: dict, seat: int) -> list[int]:
    """Flags `seat` could claim by the proof rules (public information only)."""
    return [n for n, _ in provable_checks(state, seat)]


def provable_checks(state: dict, seat: int) -> list[tuple[int, ClaimCheck]]:
    """Each flag `seat` could claim now, with the check that proves it."""
    pool = None
    out = []
    for flag in state["flags"]:
        me = side_index(flag, seat)
        if me is None or flag["claimed_by"] is not None:
            continue
        if len(flag["sides"][me]["cards"]) != flag_limit(flag):
            continue
        if pool is None:
            pool = table_pool(state)
        check = check_claim(state, seat, flag["n"], pool)
        if check.valid:
            out.append((flag["n"], check))
    return out

