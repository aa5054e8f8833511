"""Phase 2, steps a-d, of Clash of Rage: draw tactic cards, the simultaneous secret selection, the
reveal and the turn order (spec R22-R26, D11, D34; information: section 6).

State lives under state["tactics"]: {"step", "picks", "revealed", "turn_order"}.
- step "draw": nothing picked yet; `begin(state)` draws and moves on to "select".
- step "select": each seat picks one card of its hand face down ("tactic:<card id>"); the card
  leaves the hand and waits in picks[seat]. Views show only how many seats have picked.
- when the last seat picks, every card is revealed at once, goes face up to its owner's discard
  (R25) and the turn order is fixed (R26); step becomes "strongholds" in round 1 (R27), else
  "income" (R28).
Functions that change the state mutate the copy they are given (the caller copies)."""
from __future__ import annotations

from functools import lru_cache

from engine.base import Event, IllegalAction
from engine.rng import next_random
from engine.text import Msg, Seat

from . import data

HAND_SIZE = 3           # R22, R23
ACTION_PREFIX = "tactic:"
ROMAN = {"1": "I", "2": "II", "3": "III"}


def card(card_id: str) -> dict:
    return data.tactic(card_id)


@lru_cache(maxsize=None)
def label(card_id: str) -> Msg:
    """A tactic card as a player reads it: its number, gold and reinforcements."""
    c = card(card_id)
    units = [Msg("{n}× tier {tier}", n=n, tier=ROMAN[t]) for t, n in sorted(c["reinforcement"].items()) if n]
    return Msg("Card {number}: {gold} gold, {units}", number=c["turn_order"], gold=c["income"],
               units=units or [Msg("no units")])


def seats(state: dict) -> range:
    return range(state["players"])


def begin(state: dict) -> list[Event]:
    """Step a. Round 1: each seat shuffles its tribe's 7 cards into a deck and draws 3 (R22).
    Later rounds: each seat draws back to 3, shuffling its discard into a new deck whenever the
    deck is empty (R23, R24, D11)."""
    tac = state["tactics"]
    if state.get("phase") != "tactics" or tac["step"] != "draw":
        raise IllegalAction(Msg("It is not time to draw tactic cards."))
    for s in seats(state):
        area = state["seats"][s]
        if state["round"] == 1:
            deck = [c["id"] for c in data.tactics(area["tribe"])]
            next_random(state).shuffle(deck)
            area["tactic_deck"], area["tactic_hand"], area["tactic_discard"] = deck, [], []
        draw_to_hand(state, s)
    tac.update(step="select", picks={}, revealed={}, turn_order=[])
    # the cards drawn are told only to their owner (6.2)
    return [Event(Msg("Round {round}: everyone holds {n} tactic cards and chooses one in secret.",
                      round=state["round"], n=HAND_SIZE),
                  private={s: Msg("Your tactic hand: {cards}.", cards=[label(c) for c in state["seats"][s]["tactic_hand"]])
                           for s in seats(state)},
                  hidden=True)]


def draw_to_hand(state: dict, seat: int) -> None:
    area = state["seats"][seat]
    while len(area["tactic_hand"]) < HAND_SIZE:
        if not area["tactic_deck"]:
            if not area["tactic_discard"]:
                return      # all 7 cards are in hand or picked: nothing left to draw
            area["tactic_deck"] = area["tactic_discard"]
            area["tactic_discard"] = []
            next_random(state).shuffle(area["tactic_deck"])
        area["tactic_hand"].append(area["tactic_deck"].pop())   # the top is the end of the list


def selecting(state: dict) -> bool:
    return state.get("phase") == "tactics" and state["tactics"]["step"] == "select"


def active_seats(state: dict) -> list[int]:
    """Seats that still have to pick. For the service only (whom to prompt): showing this list to
    players would tell who has picked, which the rules keep to a count (R25)."""
    if not selecting(state):
        return []
    return [s for s in seats(state) if str(s) not in state["tactics"]["picks"]]


def legal_picks(state: dict, seat: int) -> list[str]:
    if seat not in active_seats(state):
        return []
    return sorted(state["seats"][seat]["tactic_hand"], key=lambda c: card(c)["turn_order"])


def apply_action(state: dict, seat: int, action_id: str) -> list[Event]:
    """The action "tactic:<card id>"."""
    if not action_id.startswith(ACTION_PREFIX):
        raise IllegalAction(Msg("Unknown action."))
    return pick(state, seat, action_id[len(ACTION_PREFIX):])


def pick(state: dict, seat: int, card_id: str) -> list[Event]:
    """R25: the seat lays `card_id` face down. Checks everything before changing anything, so an
    illegal pick leaves the state as it was."""
    if not selecting(state):
        raise IllegalAction(Msg("It is not time to choose a tactic card."))
    if seat not in active_seats(state):
        raise IllegalAction(Msg("You have already chosen your tactic card."))
    if card_id not in state["seats"][seat]["tactic_hand"]:
        raise IllegalAction(Msg("That tactic card is not in your hand."))
    tac = state["tactics"]
    state["seats"][seat]["tactic_hand"].remove(card_id)
    tac["picks"][str(seat)] = card_id
    # the public text names no seat: who has picked stays hidden, only the count is told
    events = [Event(Msg("Tactic cards chosen: {picked} of {players} players.",
                        picked=len(tac["picks"]), players=state["players"]),
                    private={seat: Msg("You chose tactic card {card}.", card=label(card_id))})]
    if not active_seats(state):
        events.extend(reveal(state))
    return events


def reveal(state: dict) -> list[Event]:
    """R25, R26: all picks turn face up together, go to their owners' discards, and the turn
    order follows the card numbers."""
    tac = state["tactics"]
    revealed = {k: tac["picks"][k] for k in sorted(tac["picks"], key=int)}
    for seat_key, card_id in revealed.items():
        state["seats"][int(seat_key)]["tactic_discard"].append(card_id)
    tac["revealed"] = revealed
    tac["picks"] = {}
    tac["turn_order"] = order_of(state, revealed)
    tac["step"] = "strongholds" if state["round"] == 1 else "income"   # R27 only in round 1
    cards = [Msg("{seat}: card {number}", seat=Seat(int(k)), number=card(c)["turn_order"]) for k, c in revealed.items()]
    return [Event(Msg("Tactic cards revealed: {cards}. Turn order: {order}.", cards=cards,
                      order=[Seat(s) for s in tac["turn_order"]]), hidden=True)]


def order_of(state: dict, revealed: dict[str, str]) -> list[int]:
    """R26: ascending card number. D34: a tie (only possible with custom data) goes to the seat
    with fewer VP, then the lower seat."""
    return sorted((int(k) for k in revealed),
                  key=lambda s: (card(revealed[str(s)])["turn_order"], state["seats"][s]["vp"], s))


def turn_order(state: dict) -> list[int]:
    """The round's turn order once the cards are revealed; [] before that."""
    return list(state["tactics"]["turn_order"])


def public_view_of_tactics(state: dict, viewer: int | None) -> dict:
    """What `viewer` (None: a spectator) may know of phase 2 (section 6): deck sizes and discard
    piles are public, a hand and a pick only to their owner, and of the others' picks only how
    many there are until the reveal."""
    tac = state["tactics"]
    view: dict = {
        "round": state["round"], "step": tac["step"],
        "picked": len(tac["picks"]), "players": state["players"],
        "revealed": dict(tac["revealed"]), "turn_order": list(tac["turn_order"]),
        "decks": {str(s): len(state["seats"][s]["tactic_deck"]) for s in seats(state)},
        "discards": {str(s): list(state["seats"][s]["tactic_discard"]) for s in seats(state)},
    }
    if viewer is not None and 0 <= viewer < state["players"]:
        view["hand"] = list(state["seats"][viewer]["tactic_hand"])
        view["my_pick"] = tac["picks"].get(str(viewer))
    return view
