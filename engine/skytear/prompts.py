"""What a seat is asked now, in one sentence (a `Msg`). A seat in a response window is asked the
same way whether or not it holds an instant card (G34: the question never tells what it holds)."""
from __future__ import annotations

from engine.text import Msg, Seat, from_json, plural

from . import data, flow
from .targets import target_name


def prompt(state: dict, seat: int) -> Msg | str:
    if seat not in flow.active_players(state):
        return ""
    phase = state["phase"]
    if phase == "draft":
        return Msg("Pick a hero for your side.")
    if phase == "mulligan":
        return Msg("Mulligan: set aside cards to replace, then keep.")
    if phase == "discard":
        n = len(state["hands"][str(seat)]) - flow.HAND_LIMIT
        return Msg("Discard down to 7 cards: {n} more.", n=n)
    pend = state.get("pending")
    if pend:
        return _pending(state, pend)
    if state.get("window"):
        top = from_json(state["stack"][-1]["text"])
        return Msg("Respond to {effect}, or pass.", effect=top)
    act = state.get("activation")
    if act and act["hero"] == flow.OUTSIDER:
        if not act.get("placed"):
            return Msg("Place the Outsider (or leave it where it is).")
        return plural("Activate the Outsider: {n} action point left.", "Activate the Outsider: {n} action points left.",
                      n=act["ap"])
    if act:
        return plural("{hero}: {n} action point left; act, play a card or end the activation.",
                      "{hero}: {n} action points left; act, play a card or end the activation.",
                      hero=data.name(act["hero"]), n=act["ap"])
    return Msg("Activate a ready hero.")


def _pending(state: dict, pend: dict):
    kind = pend["kind"]
    if kind == "skirmish_effects":
        return Msg("{hero}'s Skirmish: deal the damage to {target} (then move up to 2), or only move?",
                   hero=data.name(pend["hero"]), target=target_name(state, pend["target"]))
    if kind == "skirmish_move":
        return Msg("Choose where {hero} moves after the Skirmish.", hero=data.name(pend["hero"]))
    if kind == "foresee":
        iid = pend["followup"]["cards"][pend["index"]]
        return Msg("Foresee: keep {card} on top of your deck, or discard it?", card=data.name(state["cards"][iid]))
    if kind == "aoe":
        return Msg("{card}: choose where its template goes, by the enemies it hits.",
                   card=data.name(pend["followup"]["card"]))
    if kind == "ask":
        return _ask(pend)
    if kind == "extra_action":
        verb = {"move": data.game_term("Move"), "attack": data.game_term("Attack"), "skirmish": data.game_term("Skirmish")}[pend["action"]]
        return Msg("{hero} may perform a {action} now.", hero=data.name(pend["hero"]), action=verb)
    if kind == "reaction":
        return Msg("{hero} damaged the Outsider: make it attack or skirmish once, at any target it can reach.",
                   hero=data.name(pend["against"]))
    return Msg("Answer the question.")


def _ask(pend: dict):
    what, info = pend["what"], pend["info"]
    if what == "lead":
        if info.get("token"):
            return Msg("Control token {number}: choose which lead card of your side counts (its mana cost).",
                       number=info["token"])
        return Msg("The dome: choose which lead card of your side counts (its mana cost).")
    if what == "token":
        return Msg("{hero} sees several control tokens: choose the one it counts for.", hero=data.name(info["hero"]))
    if what == "place":
        if info.get("step") == "spawn":
            return Msg("Lane {lane}: choose where your minion spawns, among the hexes nearest the token.",
                       lane=info["lane"])
        return Msg("Lane {lane}: choose where your minion goes back, among the hexes nearest the token.",
                   lane=info["lane"])
    if what == "draw" and info.get("defeated"):
        return Msg("Your side defeated {hero}: choose which of you draws the card.", hero=data.name(info["defeated"]))
    if what == "draw":
        return Msg("Your side won control: choose which of you draws the card.")
    return Msg("Your side holds the Outsider: choose which of you places and activates it.")


def step_text(state: dict):
    """The public line saying what the game waits for (never who holds what)."""
    if state.get("result"):
        return Msg("game over")
    phase = state["phase"]
    if phase == "draft":
        return Msg("draft: {players} pick", players=[Seat(s) for s in flow.draft_seats(state)])
    if phase == "mulligan":
        return Msg("mulligan: {n} still choosing", n=len(flow.active_players(state)))
    if phase == "discard":
        return Msg("discarding down to 7")
    if state.get("pending"):
        return Msg("{player} decides", player=Seat(state["pending"]["seat"]))
    if state.get("window"):
        return Msg("waiting for {n} responses", n=flow.awaited(state))
    act = state.get("activation")
    if act:
        return Msg("{player} acts with {hero}", player=Seat(act["seat"]), hero=data.name(act["hero"]))
    return Msg("{players} activate a hero", players=[Seat(s) for s in flow.active_players(state)])
