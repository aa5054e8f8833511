"""The culture track and culture event hands of Civilization (spec R50, R52-R58, R126, S3.F;
gaps G8, G28, G32; data appendix G8 for the track in data/civilization/culture_track.json).

State used here:
- seats[s]["culture_level"]: the space the seat's marker stands on (0 = start, 21 = Culture
  Victory); seats[s]["culture_tokens"], seats[s]["trade"]: what an advance costs (R53).
- seats[s]["culture_hand"]: culture event card ids (secret, R57); seats[s]["great_people"]: great
  person types on the civ sheet (R55).
- state["decks"]["culture"][era] = {"down": [...], "up": [...]}: the face-down deck (top = end of
  the list) and the cards returned face up beneath it (R57); state["decks"]["great_people"]: the
  face-down great person pile (top = end of the list).
Card effects are played in event_cards.py. Functions that change the state mutate the dict they
are given; they return Events and raise IllegalAction before changing anything."""
from __future__ import annotations

from functools import lru_cache

from engine.base import Event, IllegalAction
from engine.rng import next_random
from engine.text import Msg, Seat, to_json

from . import data, people, research

ERAS = ("ancient", "medieval", "modern")
ERA_NAMES = {"ancient": "Ancient", "medieval": "Medieval", "modern": "Modern"}


# --- data --------------------------------------------------------------------------------------

@lru_cache(maxsize=None)
def track() -> tuple[dict, ...]:
    """The start and the 21 spaces, in order (appendix G8)."""
    return tuple(sorted(data.collection("culture_track"), key=lambda r: r["id"]))


def last_space() -> int:
    return track()[-1]["id"]


def space(position: int) -> dict:
    return track()[position]


def _event_records() -> list[dict]:
    """The culture event cards (read only when needed: another module writes the file)."""
    return data.collection("culture_events")


def card_kind(card_id: str) -> str:
    """A card copy's id is "<card>.<copy>" (so each copy is its own hidden item); the kind is the
    record id before the dot."""
    return card_id.split(".", 1)[0]


def era_of(card_id: str) -> str:
    for rec in _event_records():
        if rec["id"] == card_kind(card_id):
            return rec["deck"]
    raise IllegalAction(Msg("There is no culture event card {card}.", card=card_id))


def card_name(card_id: str) -> Msg:
    for rec in _event_records():
        if rec["id"] == card_kind(card_id):
            return data.term(rec.get("name") or card_kind(card_id))
    raise KeyError(card_id)


def arts_culture(icons_culture: int) -> int:
    """R50: devoting a city to the arts gives 1 culture token plus 1 per culture icon."""
    return 1 + icons_culture


# --- decks -------------------------------------------------------------------------------------

def new_culture_decks(state: dict, cards: list[dict] | None = None) -> list[Event]:
    """S3.F: each era's event cards (every copy) shuffled face down into its own deck. `cards`
    defaults to data/civilization/culture_events.json (records with id, deck, copies)."""
    cards = _event_records() if cards is None else cards
    decks = {era: {"down": [], "up": []} for era in ERAS}
    for rec in cards:
        decks[rec["deck"]]["down"].extend(f"{rec['id']}.{k}" for k in range(1, int(rec.get("copies", 1)) + 1))
    for era in ERAS:
        next_random(state).shuffle(decks[era]["down"])
    state.setdefault("decks", {})["culture"] = decks
    return [Event(Msg("The Ancient, Medieval and Modern culture event decks are shuffled."), hidden=True)]


def draw_event(state: dict, era: str) -> tuple[str | None, bool]:
    """The top card of an era's deck, and whether the face-up returned cards were shuffled into a
    new deck first (R57, R126). (None, False) when no card is left at all."""
    deck = state["decks"].get("culture", {}).get(era)
    if deck is None:                                   # a hand-made position without culture decks
        return None, False
    shuffled = False
    if not deck["down"] and deck["up"]:
        deck["down"], deck["up"] = deck["up"], []
        next_random(state).shuffle(deck["down"])
        shuffled = True
    if not deck["down"]:
        return None, shuffled
    return deck["down"].pop(), shuffled


# --- the hand ------------------------------------------------------------------------------------

def hand_limit(state: dict, seat: int, coins: int = 0) -> int:
    """R58 (research.culture_hand_limit; `coins` only matters with Computers)."""
    return research.culture_hand_limit(state, seat, coins)


def over_limit(state: dict, seat: int, coins: int = 0) -> int:
    """R28, R54, R58: how many cards the seat must discard now (0 when within the limit)."""
    return max(0, len(state["seats"][seat]["culture_hand"]) - hand_limit(state, seat, coins))


def discard(state: dict, seat: int, card: str) -> list[Event]:
    """R57, R58: a card leaves the hand face up to the bottom of its era's deck. The card stays
    secret until played, so the public text names only the era."""
    hand = state["seats"][seat]["culture_hand"]
    if card not in hand:
        raise IllegalAction(Msg("That culture event card is not in your hand."))
    era = era_of(card)
    hand.remove(card)
    state["decks"]["culture"][era]["up"].append(card)
    return [Event(Msg("{seat} discards a culture event card to the bottom of the {era} deck.", seat=Seat(seat), era=_era(era)),
                  private={seat: Msg("You discard {card}.", card=card_name(card))})]


# --- the track -------------------------------------------------------------------------------------

def advance_cost(state: dict, seat: int) -> tuple[int, int] | None:
    """R53: (culture, trade) to enter the next space; None at the end of the track."""
    pos = state["seats"][seat]["culture_level"]
    if pos >= last_space():
        return None
    nxt = space(pos + 1)
    return nxt["cost_culture"], nxt["cost_trade"]


def _why_not(state: dict, seat: int, free: bool) -> Msg | None:
    if state.get("result"):
        return Msg("The game is over.")
    if not free and state.get("phase") != "city":
        return Msg("Culture is spent on the track only during City Management.")
    cost = advance_cost(state, seat)
    if cost is None:
        return Msg("Your marker is already at the end of the culture track.")
    if free:
        return None
    area = state["seats"][seat]
    if area["culture_tokens"] < cost[0] or area["trade"] < cost[1]:
        return Msg("The next space costs {culture} culture and {trade} trade.", culture=cost[0], trade=cost[1])
    return None


def can_advance(state: dict, seat: int) -> bool:
    """R52, R53 (G28 DD: at any moment of City Management, in any seat's step)."""
    return _why_not(state, seat, False) is None


def advance(state: dict, seat: int, free: bool = False) -> list[Event]:
    """R52-R56: pay the entered space's culture and trade in full (not when `free`, for stage-2
    effects), move 1 space and take its reward."""
    why = _why_not(state, seat, free)
    if why is not None:
        raise IllegalAction(why)
    area = state["seats"][seat]
    culture, trade = advance_cost(state, seat)
    if not free:
        area["culture_tokens"] -= culture
        area["trade"] -= trade
    area["culture_level"] += 1
    sp = space(area["culture_level"])
    paid = Msg(" for free") if free else (
        Msg(" for {culture} culture and {trade} trade", culture=culture, trade=trade) if trade
        else Msg(" for {culture} culture", culture=culture))
    events = [Event(Msg("{seat} advances to space {space} of the culture track{paid}.", seat=Seat(seat),
                        space=sp["id"], paid=paid))]
    if sp["kind"] == "event":
        events += _event_space(state, seat, sp["deck"])
    elif sp["kind"] == "great_person":
        events += _great_person_space(state, seat)
    elif sp["kind"] == "victory":
        reason = Msg("{seat} reached the end of the culture track (Culture victory).", seat=Seat(seat))
        state["result"] = {"winners": [seat], "reason": to_json(reason)}
        events.append(Event(Msg("{seat} enters the Culture Victory space and wins the game!", seat=Seat(seat))))
    return events


def _era(era: str) -> Msg:
    return data.term(ERA_NAMES[era])


def _event_space(state: dict, seat: int, era: str) -> list[Event]:
    """R54: draw the top card of the section's deck into the secret hand; over the limit, the seat
    must discard at once (the caller prompts, `over_limit` tells how many)."""
    card, shuffled = draw_event(state, era)
    events: list[Event] = []
    if shuffled:
        events.append(Event(Msg("The {era} culture event deck is reshuffled from its returned cards.",
                                era=_era(era)), hidden=True))
    if card is None:
        return events + [Event(Msg("The {era} culture event deck is empty: {seat} draws nothing.",
                                   era=_era(era), seat=Seat(seat)))]
    state["seats"][seat]["culture_hand"].append(card)
    events.append(Event(Msg("{seat} draws a culture event card from the {era} deck.", seat=Seat(seat), era=_era(era)),
                        private={seat: Msg("You draw {card}.", card=card_name(card))}, hidden=True))
    excess = over_limit(state, seat)
    if excess:
        events.append(Event(Msg("{seat} is over the culture hand limit and must discard {n}.",
                                seat=Seat(seat), n=excess)))
    return events


def _great_person_space(state: dict, seat: int) -> list[Event]:
    """R55: draw a face-down great person onto the civ sheet; it may be placed at once (R59)."""
    pile = state["decks"]["great_people"]
    if not pile:
        return [Event(Msg("No great person is left: {seat} draws nothing.", seat=Seat(seat)))]
    person = pile.pop()
    state["seats"][seat]["great_people"].append(person)
    return [Event(Msg("{seat} draws a great person: {person}.", seat=Seat(seat),
                      person=research.named("great_people", person)), hidden=True)] \
        + people.offer_great_person(state, seat, person)              # at once, or kept (R59)


def rome_advance(state: dict, seat: int) -> list[Event]:
    """Rome: one free culture-track space (a wonder or city built: cities.py; a city or village
    conquered: combat.py)."""
    if state["seats"][seat].get("civ", "") != "rome" or state.get("result") or advance_cost(state, seat) is None:
        return []
    return advance(state, seat, free=True)
