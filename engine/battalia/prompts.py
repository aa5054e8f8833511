"""What a seat is asked now, in one sentence (`prompt`, a `Msg`); other seats are named by `Seat`."""
from __future__ import annotations

from engine.text import Msg, plural

from .actions import active_players
from .legal import legal_actions
from .words import any_of

QUESTIONS = {"wild": Msg("Choose what your wild card counts as."),
             "drop": Msg("Your Ambush slots are full: choose the Ambush card to discard."),
             "great": Msg("Choose a Great Artifact.")}

# the actions step in words, in the order a turn reads (verbs of the action ids)
TURN_PARTS = ((Msg("hire"), ("hire", "hero")), (Msg("craft"), ("craft",)),
              (Msg("build"), ("road", "city", "upgrade")),
              (Msg("move heroes"), ("move", "wings")), (Msg("attack"), ("attack", "claim")),
              (Msg("use artifacts"), ("amulet", "title", "scroll", "tent", "strike", "hammer", "horn")),
              (Msg("ambush"), ("ambush",)))


def prompt(state: dict, seat: int) -> Msg | str:
    return prompt_given(state, seat, None)


def prompt_given(state: dict, seat: int, actions: list | None) -> Msg | str:
    """The question, its choices read from the seat's legal moves (`actions`: listed already by
    the platform; None: listed here)."""
    if seat not in active_players(state):
        return ""
    phase = state["phase"]
    if phase == "setup_faction":
        return Msg("Choose your faction.")
    if phase == "setup_city":
        return Msg("Choose your starting city.")
    verbs = {a.id.split(":", 1)[0] for a in (legal_actions(state, seat) if actions is None else actions)}
    if phase == "start":
        choices = (("formation", Msg("Formation")), ("redeploy", Msg("Redeploy")))
        return Msg("Your turn: {choices} first if you wish, or straight to your moves.",
                   choices=any_of([w for v, w in choices if v in verbs]))
    pend = state["pending"]
    if pend:
        if pend["kind"] == "place":
            if state["terrain"][pend["tile"]]["kind"] == "city":
                return Msg("Place the city card you drew.")
            return Msg("Place the road card you drew.")
        if pend["kind"] == "horn":
            return plural("Take up to {n} card from your Realm.", "Take up to {n} cards from your Realm.",
                          n=pend["max"])
        return QUESTIONS.get(pend["kind"], Msg("Answer the question."))
    b = state["battle"]
    if b:
        sq = b["square"]
        if b["stage"] == "decide":
            ways = [w for v, w in (("fight", Msg("fight back")), ("retreat", Msg("retreat")),
                                   ("surrender", Msg("surrender"))) if v in verbs]
            return Msg("Defend {square}: {choices}.", square=sq, choices=any_of(ways))
        parts = [w for v, w in (("add", Msg("add cards")), ("commit", Msg("close your play")), ("pass", Msg("pass")),
                                ("cancel", Msg("call off the attack"))) if v in verbs]
        if b["stage"] == "opening":
            return Msg("Attack at {square}: {choices}.", square=sq, choices=any_of(parts))
        return Msg("Battle at {square}: {choices}.", square=sq, choices=any_of(parts))
    parts = [w for w, vs in TURN_PARTS if verbs & set(vs)]
    if not parts:
        return Msg("Your turn: your cards pay for nothing more, so end your turn.")
    return Msg("Your turn: {parts}, or end your turn.", parts=parts)
