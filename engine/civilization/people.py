"""Great people on the map (R55, R59, R60) and the outskirts squares a new marker may go to (R48,
R49). A great person just gained (the culture track, a conquered village, Philosophy) may go at
once onto an outskirts square of one of the seat's cities or stay on the civ sheet; one on the
sheet is placed in a later Start of Turn ("greatperson:<type>:<square>", cities.py's action).

It sits below culture.py and combat.py, which gain great people: it imports neither them nor
cities.py (which places buildings and wonders on the same squares through it)."""
from __future__ import annotations

from engine.base import Event, IllegalAction
from engine.text import Msg, Seat

from . import board, data, economy
from .pending import choose

KEEP_PERSON = "keep"


def placement_squares(state: dict, seat: int, city: dict, *, terrain=None, allow_water=False) -> list[tuple[int, int]]:
    """Outskirts squares of the city where a new marker may go: existing, not blockaded (R49),
    not another player's marker (R48), terrain allowed."""
    out = []
    for x, y in board.outskirts(state, city["x"], city["y"]):
        sq = board.square(state, x, y)
        if sq is None or board.blockaded(state, x, y, seat):
            continue
        if sq["terrain"] == "water" and not allow_water:
            continue
        if terrain is not None and sq["terrain"] not in terrain:
            continue
        lbl = board.label(x, y)
        owners = [m["owner"] for m in (state["buildings"].get(lbl), state["wonders_at"].get(lbl),
                                        state["great_people_at"].get(lbl)) if m]
        if any(o != seat for o in owners):
            continue
        out.append((x, y))
    return out


def clear_square(state: dict, seat: int, where: str) -> list[Event]:
    """R48: what stood on the square goes: a building back to the market, a wonder out of the
    game, a great person back to the owner's sheet."""
    events = []
    if where in state["buildings"]:
        b = state["buildings"].pop(where)
        pair = data.by_id("buildings")[b["id"]]["pair"]
        state["decks"]["buildings"][pair] = state["decks"]["buildings"].get(pair, 0) + 1
        events.append(Event(Msg("The building on {square} goes back to the market.", square=where)))
    if where in state["wonders_at"]:
        w = state["wonders_at"].pop(where)
        state["decks"].setdefault("wonders_removed", []).append(w["id"])
        if w["id"] in state["seats"][seat]["wonders"]:
            state["seats"][seat]["wonders"].remove(w["id"])
        events.append(Event(Msg("The wonder on {square} is removed from the game.", square=where)))
    if where in state["great_people_at"]:
        p = state["great_people_at"].pop(where)
        state["seats"][seat]["great_people"].append(p["id"])
        events.append(Event(Msg("The great person on {square} goes back to the civilization sheet.", square=where)))
    return events


def great_person_options(state: dict, seat: int) -> list[str]:
    out = set()
    for kind in set(state["seats"][seat]["great_people"]):
        for city in economy.cities_of(state, seat):
            for x, y in placement_squares(state, seat, city):
                out.add(f"greatperson:{kind}:{board.label(x, y)}")
    return sorted(out)


def place_great_person(state: dict, seat: int, kind: str, where: str) -> list[Event]:
    if f"greatperson:{kind}:{where}" not in great_person_options(state, seat):
        raise IllegalAction(Msg("A great person goes on an outskirts square of one of your cities (not water, not blockaded)."))
    state["seats"][seat]["great_people"].remove(kind)
    events = clear_square(state, seat, where)
    state["great_people_at"][where] = {"id": kind, "owner": seat}
    name = data.term(data.by_id("great_people")[kind]["name"])
    return events + [Event(Msg("{player} places a great person ({person}) on {square}.", player=Seat(seat),
                               person=name, square=where))]


def offer_great_person(state: dict, seat: int, person: str) -> list[Event]:
    """R55, R59 (seed: 「他們可以立即將「重要人士」用在城市上,或留著日後使用亦可」; 「一旦獲得了「重要人士標誌物」,
    玩家可以立即放置在任何一個屬於玩家自己的城市市近」): a great person just gained may go at once onto an
    outskirts square of one of the seat's cities, or stay on the civ sheet for a later Start of Turn.
    Asked as a choice ("pick:<square>" or "pick:keep"); nothing is asked when no square is open or
    another choice is already waiting (it then stays on the sheet)."""
    if state.get("pending") or state.get("result") or person not in state["seats"][seat]["great_people"] \
            or not any(c["owner"] == seat for c in state.get("cities", [])):
        return []
    squares = sorted({o.split(":")[2] for o in great_person_options(state, seat) if o.split(":")[1] == person},
                     key=lambda lbl: board.parse_label(lbl)[::-1])
    if not squares:
        return []
    name = data.term(data.by_id("great_people")[person]["name"])
    return choose(state, seat, "great_person", squares + [KEEP_PERSON], {"person": person},
                  Msg("place {person} now, or keep it on the civilization sheet", person=name))


def great_person_choice(state: dict, seat: int, person: str, option: str) -> list[Event]:
    """The answer to offer_great_person: a square, or keep."""
    if option == KEEP_PERSON:
        name = data.term(data.by_id("great_people")[person]["name"])
        return [Event(Msg("{player} keeps {person} on their civilization sheet.", player=Seat(seat), person=name))]
    return place_great_person(state, seat, person, option)
