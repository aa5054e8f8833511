"""A choice the rules ask of one seat (the next action is "pick:<option>"): it waits in
state["pending"] until answered. A leaf module, so that the lowest rules that ask one (a great
person just gained, people.py) need not import the card modules; effects.py answers it (and holds
the cancel window's pending plays in the same place)."""
from __future__ import annotations

from engine.base import Event
from engine.text import Msg, Seat


def choose(state: dict, seat: int, step: str, options: list[str], context: dict, prompt: Msg) -> list[Event]:
    """A card asks `seat` for one more choice: the next action is "pick:<option>" (flow hands the
    answer to event_cards.continue_choice(state, seat, step, context, option), which carries on)."""
    state["pending"] = {"kind": "choose", "seat": seat, "step": step, "options": list(options),
                        "context": context}
    return [Event(Msg("{player} must choose: {prompt}", player=Seat(seat), prompt=prompt))]
