"""Claim validation (R28-R33, spec section 13).

Everything here reads PUBLIC state only: the cards at the flags, the discard pile, the
environment cards and completion times. Hands and decks are never read (R30, [S28]), so a
rejection's witness cannot leak which cards the opponent holds (D13, spec 13.6).
"""
from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from .cards import IDENTITY_TO_ID, TROOP_IDENTITY, card_label
from .formations import Completion, Pool, best_completion, describe_key


def player_name(seat: int) -> str:
    return f"Player {seat + 1}"


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


def identity_label(identity: tuple[int, int]) -> str:
    return card_label(IDENTITY_TO_ID[identity])


def identity_id(identity: tuple[int, int]) -> str:
    return IDENTITY_TO_ID[identity]


class ClaimCheck(NamedTuple):
    valid: bool
    reason: str                      # a sentence a player can read
    witness: list[str] | None = None  # pool cards (ids) that would still beat the claimant
    claimant_key: tuple[int, int] | None = None
    opponent_best: Completion | None = None


def check_claim(state: dict, seat: int, flag_no: int, pool: Pool | None = None) -> ClaimCheck:
    """Would `seat` be allowed to claim flag `flag_no` by R28-R33? Turn order is not checked."""
    if not 1 <= flag_no <= len(state["flags"]):
        return ClaimCheck(False, f"There is no flag {flag_no}; flags are numbered 1 to 9.")
    flag = state["flags"][flag_no - 1]
    me = side_index(flag, seat)
    if me is None:
        return ClaimCheck(False, f"Flag {flag_no} is not on your battle lines.")
    if flag["claimed_by"] is not None:
        return ClaimCheck(False, f"Flag {flag_no} has already been claimed by {player_name(flag['claimed_by'])}.")
    limit = flag_limit(flag)
    fog = flag_has_fog(flag)
    mine = flag["sides"][me]
    if len(mine["cards"]) != limit:  # R28(1)
        words = {3: "three", 4: "four"}
        mud = " (Mud is there)" if limit == 4 else ""
        return ClaimCheck(False, f"You need {words[limit]} cards at flag {flag_no} to claim it{mud}; "
                                 f"you have {len(mine['cards'])}.")
    if any(len(side["cards"]) > limit for side in flag["sides"]):  # D5: a Mud discard is pending
        return ClaimCheck(False, f"Flag {flag_no} is waiting for a discard after Mud left.")
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
            return ClaimCheck(True, f"Your {describe_key(my_key)} beats {them}'s {describe_key(opp_key)} "
                                    f"at flag {flag_no}.", None, my_key, opp_best)
        if my_key == opp_key:
            if completed_at(opp_side, limit) > completed_at(mine, limit):  # R22(c)
                return ClaimCheck(True, f"Both sides have {describe_key(my_key)} at flag {flag_no} and {them} "
                                        f"completed later, so the tie is yours (R22c).", None, my_key, opp_best)
            return ClaimCheck(False, f"Both sides have {describe_key(my_key)} at flag {flag_no} and you completed "
                                     f"yours later, so the tie goes to {them} (R22c).", None, my_key, opp_best)
        return ClaimCheck(False, f"{them}'s {describe_key(opp_key)} beats your {describe_key(my_key)} "
                                 f"at flag {flag_no}.", None, my_key, opp_best)

    # R30-R33: the opponent is incomplete; prove from the table alone.
    if pool is None:
        pool = table_pool(state)
    need = limit - len(opp_side["cards"])
    opp_best = best_completion(opp_troops, opp_wilds, limit, fog, pool)
    if opp_best is None:  # R33 (derived): too few cards remain for him ever to complete
        left = "1 troop card is" if len(pool) == 1 else f"{len(pool)} troop cards are"
        return ClaimCheck(True, f"{them} needs {need} more card{'s' if need > 1 else ''} at flag {flag_no} but only "
                                f"{left} left off the table.",
                          None, my_key, None)
    if opp_best.key <= my_key:  # an exact tie is won by the claimant, who completed first (R33)
        tie = ", a tie you win because you completed first" if opp_best.key == my_key else ""
        return ClaimCheck(True, f"Your {describe_key(my_key)} cannot be beaten at flag {flag_no}: the best {them} "
                                f"can still make is {describe_key(opp_best.key)}{tie}.", None, my_key, opp_best)
    witness_ids = [identity_id(i) for i in opp_best.added]
    added = " + ".join(identity_label(i) for i in opp_best.added)
    wild_note = ""
    if opp_wilds:
        wild_note = " (" + ", ".join(f"{card_label(w)} as {identity_label(i)}"
                                     for w, i in zip(opp_wilds, opp_best.wild_as)) + ")"
    if added:
        text = (f"You cannot claim flag {flag_no} yet: {added} would still beat you ({them} could make "
                f"{describe_key(opp_best.key)}{wild_note} against your {describe_key(my_key)}).")
    else:  # only possible when nothing is needed, which the branch above handles; kept for safety
        text = f"You cannot claim flag {flag_no}: {them} can reach {describe_key(opp_best.key)}."
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

