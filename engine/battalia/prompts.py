"""What a seat is asked now, in one sentence (`prompt`); other seats are named "Player N"."""
from __future__ import annotations

from . import words
from .actions import active_players
from .legal import legal_actions

QUESTIONS = {"wild": "Choose what your wild card counts as.",
             "drop": "Your Ambush slots are full: choose the Ambush card to discard.",
             "great": "Choose a Great Artifact."}

# the actions step in words, in the order a turn reads (verbs of the action ids)
TURN_PARTS = (("hire", ("hire", "hero")), ("craft", ("craft",)), ("build", ("road", "city", "upgrade")),
              ("move heroes", ("move", "wings")), ("attack", ("attack", "claim")),
              ("use artifacts", ("amulet", "title", "scroll", "tent", "strike", "hammer", "horn")),
              ("ambush", ("ambush",)))


def _or_list(items: list[str]) -> str:
    """"A", "A or B", "A, B or C"."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " or " + items[-1]


def prompt(state: dict, seat: int) -> str:
    if seat not in active_players(state):
        return ""
    phase = state["phase"]
    if phase == "setup_faction":
        return "Choose your faction."
    if phase == "setup_city":
        return "Choose your starting city."
    verbs = {a.id.split(":", 1)[0] for a in legal_actions(state, seat)}
    if phase == "start":
        choices = (("formation", "Formation"), ("redeploy", "Redeploy"), ("start", "Start"))
        return "Start your turn: " + _or_list([w for v, w in choices if v in verbs]) + "."
    pend = state["pending"]
    if pend:
        if pend["kind"] == "place":
            return f"Place the {state['terrain'][pend['tile']]['kind']} card you drew."
        if pend["kind"] == "horn":
            return f"Take up to {words.count(pend['max'], 'card')} from your Realm."
        return QUESTIONS.get(pend["kind"], "Answer the question.")
    b = state["battle"]
    if b:
        sq = b["square"]
        if b["stage"] == "decide":
            return f"Defend {sq}: " + _or_list([w for v, w in (("fight", "fight back"), ("retreat", "retreat"),
                                                                ("surrender", "surrender")) if v in verbs]) + "."
        parts = [w for v, w in (("add", "add cards"), ("commit", "close your play"), ("pass", "pass"),
                                ("cancel", "call off the attack")) if v in verbs]
        opening = "Attack" if b["stage"] == "opening" else "Battle"
        return f"{opening} at {sq}: {_or_list(parts)}."
    parts = [w for w, vs in TURN_PARTS if verbs & set(vs)]
    if not parts:
        return "Your turn: your cards pay for nothing more, so end your turn."
    return f"Your turn: {', '.join(parts)}, or end your turn."
