"""The event recorder every engine module writes to (`ev`): public text for the channel and the
log, private texts per seat, whether hidden information was drawn, revealed or shuffled, and the
hexes a highlight should frame."""
from __future__ import annotations

from engine.base import Event
from engine.text import to_json

LOG_KEEP = 40   # entries of the public log kept in the state (the view shows the last 8)


class Events:
    def __init__(self, state: dict):
        self.state = state
        self.events: list[Event] = []

    def add(self, public, private: dict | None = None, hidden: bool = False, hexes=()) -> None:
        """One event; its public text also goes to the state's log (in its JSON form). `hexes`
        (labels) become the view's "last" highlight."""
        self.events.append(Event(public, {int(k): v for k, v in (private or {}).items()}, bool(hidden)))
        if public:
            log = self.state.setdefault("log", [])
            log.append(to_json(public))
            del log[:-LOG_KEEP]
        if hexes:
            self.state["last"] = {"hexes": list(dict.fromkeys(hexes)), "text": to_json(public)}
