"""How an action id reads: the verbs' names and the generic names of an id's segments (a city, a
figure, a group, a direction, a component). paths.py builds every legal action's path from these
and adds the Trade phase's, the culture cards' and the abilities' own segment names; effects.py
names a held city action with them (it sits below paths.py, so it cannot ask there)."""
from __future__ import annotations

from functools import lru_cache

from engine.base import Action, Choice, fit_choice
from engine.text import Msg

from . import board, culture, data, economy

VERBS = {
    "capital": (Msg("Place your capital"), Msg("One of the 4 central squares of your home tile")),
    "figures": (Msg("Place your army and scout"), Msg("In your capital's outskirts")),
    "found": (Msg("Found a city"), Msg("The scout becomes the new city")),
    "government": (Msg("Change government"), Msg("Anarchy first, unless it was just unlocked")),
    "greatperson": (Msg("Place a great person"), Msg("From your civilization sheet")),
    "gather": (Msg("Scout gathering"), Msg("The scout's square works for a city this turn")),
    "startharvest": (Msg("Harvest (government)"), Msg("One resource from a city, once a turn")),
    "produce": (Msg("Produce"), Msg("A figure, unit, building, walls or wonder")),
    "arts": (Msg("Devote to the arts"), Msg("1 culture + 1 per culture icon")),
    "harvest": (Msg("Harvest a resource"), Msg("1 token from the market")),
    "culture": (Msg("Advance on the culture track"), Msg("Pay the culture (and trade) of the next space")),
    "discard": (Msg("Discard a culture card"), Msg("Down to your hand limit")),
    "move": (Msg("Move"), Msg("A figure, or a group from one square")),
    "explore": (Msg("Discover a tile"), Msg("1 movement: turn the face-down tile over")),
    "done": (Msg("End your step"), Msg("The next player goes on")),
    "research": (Msg("Research"), Msg("Secret: revealed when everyone has chosen")),
    "play": (Msg("Play a unit"), Msg("A new front, or attack an enemy front")),
    "loot": (Msg("Take loot"), Msg("Spend your loot points")),
    "event": (Msg("Play a culture event"), Msg("A card from your hand, in the phase it names")),
    "wonder": (Msg("Use a wonder"), Msg("Its Start of Turn ability, once a turn")),
    "pick": (Msg("Choose"), Msg("The next choice the card asks for")),
    "allow": (Msg("Let it happen"), Msg("Do not cancel it")),
    "cancel": (Msg("Cancel it"), Msg("With a culture card, or a tech paid with a spy")),
    "ready": (Msg("Draw your battle hand"), Msg("No more cards before the battle")),
    "harvest2": (Msg("Harvest twice (Angkor Wat)"), Msg("2 tokens from the market, once a turn")),
    "ability": (Msg("Use an ability"), Msg("A tech card's or your civilization's ability")),
    "offer": (Msg("Make a trade offer"), Msg("Choose who it goes to, then what you give and ask")),
    "give": (Msg("Offer to give"), Msg("Add one item you give to your draft offer")),
    "ask": (Msg("Ask in return"), Msg("Add one item you ask for to your draft offer")),
    "send": (Msg("Send the offer"), Msg("The other player accepts, declines or counters it")),
    "withdraw": (Msg("Throw the draft away"), Msg("Nothing is sent")),
    "accept": (Msg("Accept the offer"), Msg("The exchange happens at once")),
    "decline": (Msg("Decline the offer"), Msg("Nothing changes hands")),
    "counter": (Msg("Counter-offer"), Msg("Decline, and send back an offer of your own")),
}
DIRECTIONS = {"N": Msg("north"), "E": Msg("east"), "S": Msg("south"), "W": Msg("west")}


def verb_choice(verb: str) -> Choice:
    label, hint = VERBS.get(verb, (Msg("Act"), ""))
    return Choice(verb, label, hint)


def action(state: dict, action_id: str, name_segment=None) -> Action:
    """The id as an Action: its verb, then each segment named by `name_segment(state, verb,
    index, value, parts)` (paths.segment_label), by default `segment`."""
    parts = action_id.split(":")
    verb = parts[0]
    name = name_segment or (lambda state, verb, index, value, parts: segment(state, verb, index, value))
    steps = [verb_choice(verb)] + [Choice(p, fit_choice(name(state, verb, i, p, parts)))
                                   for i, p in enumerate(parts[1:], 1)]
    label = fit_choice(Msg("{verb}: {choices}", verb=steps[0].label, choices=[s.label for s in steps[1:]])
                       if len(steps) > 1 else steps[0].label)
    return Action(action_id, label, verb, tuple(steps))


def segment(state: dict, verb: str, index: int, value: str):
    """A readable name for one segment of an action id: a place (see `place`), else a component's name."""
    where = place(state, verb, index, value)
    return where if where is not None else named(value)


def place(state: dict, verb: str, index: int, value: str):
    """A segment that names something on the map: a city, a figure, a moving group, a direction
    (None for any other segment)."""
    city = economy.city_by_id(state, value)
    if city is not None:
        return _city_at(city["x"], city["y"])
    fig = next((f for f in state["figures"] if f["id"] == value), None)
    if fig is not None:
        return _figure_on(fig["kind"] == "army", fig["x"], fig["y"])
    if verb == "move" and index == 1:
        figs = [f for f in state["figures"] if f["id"] in value.split(",")]
        armies = sum(f["kind"] == "army" for f in figs)
        return _group_on(armies, len(figs) - armies, (figs[0]["x"], figs[0]["y"]) if figs else None)
    if verb == "explore" and value in DIRECTIONS:
        return _to_the(value)
    return None


# The places' names, made once per square (a Msg's English is formatted when it is made; the legal
# moves of a late turn name the same squares hundreds of times). Msgs are never changed once made.
@lru_cache(maxsize=4096)
def _city_at(x: int, y: int) -> Msg:
    return Msg("City at {square}", square=board.label(x, y))


@lru_cache(maxsize=4096)
def _figure_on(army: bool, x: int, y: int) -> Msg:
    return Msg("{figure} on {square}", figure=Msg("Army") if army else Msg("Scout"), square=board.label(x, y))


@lru_cache(maxsize=4096)
def _group_on(armies: int, scouts: int, square: tuple[int, int] | None) -> Msg:
    return Msg("{armies} armies and {scouts} scouts on {square}", armies=armies, scouts=scouts,
               square=board.label(*square) if square is not None else "")


@lru_cache(maxsize=None)
def _to_the(direction: str) -> Msg:
    return Msg("To the {direction}", direction=DIRECTIONS[direction])


@lru_cache(maxsize=None)
def named(value: str):
    for collection in ("buildings", "wonders", "great_people", "governments", "market", "techs"):
        rec = data.by_id(collection).get(value)
        if rec is not None:
            return data.term(rec["name"])
    if value in ("army", "scout"):
        return Msg("Army") if value == "army" else Msg("Scout")
    if value in ("artillery", "infantry", "mounted", "aircraft"):
        return data.term(data.by_id("units")[value]["name"])
    if value == "unit":
        return Msg("A unit")
    if value == "building":
        return Msg("A building")
    if value == "wonder":
        return Msg("A wonder")
    if value == "walls":
        return data.term("City Walls")
    if value == "none":
        return Msg("None")
    if value == "new":
        return Msg("A new front")
    if value.isdigit():
        return Msg("Front {n}", n=int(value) + 1)
    if board.parse_label(value) is not None:
        return value
    try:
        return culture.card_name(value)
    except (KeyError, ValueError):
        return value
