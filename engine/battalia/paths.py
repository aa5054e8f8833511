"""Each legal move as the choices a player makes one after another (`Action.path`): a category
(acquire, build, heroes, artifacts, ...), the verb, then its arguments one step each, e.g.
move:1:c5:sup -> Heroes › Move hero 1 › c5 › Pay with Supply. Action ids stay as they are (they
are stored in the action logs); a UI walks the paths and never parses an id.

Every label and hint is a `Msg` (engine/text.py) naming other seats with `Seat(n)`; card labels carry
the card id, as on the hand picture.
"""
from __future__ import annotations

import re

from engine.base import Choice, IllegalAction, fit_choice
from engine.text import Msg, Seat

from . import board, data
from .cards import label
from .words import all_of

# first steps: what a player recognises as a kind of move
FACTION = Choice("faction", Msg("Choose your faction"))
START_CITY = Choice("startcity", Msg("Choose your starting city"))
TURN = Choice("turn", Msg("Start your turn"))
ACQUIRE = Choice("acquire", Msg("Hire a unit or craft an artifact"))
BUILD = Choice("build", Msg("Build a road or a city, or upgrade a city"))
HEROES = Choice("heroes", Msg("Heroes: hire, move, fly, attack, claim"))
ARTIFACTS = Choice("artifacts", Msg("Artifacts, Tents, Ambush, Great Artifacts"))
ADD = Choice("add", Msg("Add a card to your battle line"))
FIGHT = Choice("fight", Msg("Fight back"))
RETREAT = Choice("retreat", Msg("Retreat the hero"), Msg("2 or 3 squares along roads; the battle ends"))
SURRENDER = Choice("surrender", Msg("Surrender"), Msg("The attacker wins the battle"))
CANCEL = Choice("cancel", Msg("Call off the attack"), Msg("Your battle cards go back to your hand"))
PLACE = "place"
CHOOSE = "choose"
END = Choice("end", Msg("End your turn"), Msg("Discard your hand and used cards, then draw 6"))
# the end of a turn made by itself after the player's last move by clicks (cogs/battalia.py)
AUTO_END = Msg("End the turn (nothing else is left to do)")

# verbs under a category
REDEPLOY = Choice("redeploy", Msg("Redeploy"), Msg("Discard your hand and draw 5 new cards"))
START = Choice("start", Msg("Start the turn"), Msg("Play the hand you hold"))
HIRE = Choice("hire", Msg("Hire a unit"), Msg("Pay Supply; a Supply card comes with the unit"))
CRAFT = Choice("craft", Msg("Craft an artifact"), Msg("Paid with units, some also with Supply"))
ROAD = Choice("road", Msg("Build a road"), Msg("Draw a road card of that shape, then place it"))
CITY = Choice("city", Msg("Build a city"), Msg("3 units of the city's level, then place the card"))
UPGRADE = Choice("upgrade", Msg("Upgrade a city"), Msg("2 units of the next rank"))
HERO_HIRE = Choice("hire", Msg("Hire a hero"), Msg("A Weapon and 2 Supply, on one of your cities"))
ATTACK = Choice("attack", Msg("Attack"), Msg("Open a battle where your hero stands"))
CLAIM = Choice("claim", Msg("Claim an empty city"), Msg("It becomes your level-1 city"))
AMULET = Choice("amulet", Msg("Use an Amulet"), Msg("Roll the die for one card"))
TITLE = Choice("title", Msg("Use a Title"), Msg("Upgrade a unit"))
SCROLL = Choice("scroll", Msg("Use a Spell Scroll"), Msg("Change the faction of a card"))
TENT = Choice("tent", Msg("Pitch a Tent"), Msg("1 Supply; a card waits on the Tent"))
STRIKE = Choice("strike", Msg("Strike a Tent"), Msg("Its cards return to your hand"))
HAMMER = Choice("hammer", Msg("Use the {artifact}", artifact=data.type_name("hammer")),
                Msg("It acts as an artifact of your choice this turn"))
HORN = Choice("horn", Msg("Blow the {artifact}", artifact=data.type_name("horn")),
              Msg("Take up to 2 cards from your Realm"))
AMBUSH = Choice("ambush", Msg("Put a card in Ambush"), Msg("Banish another card to the Void"))
SCROLL_SELF = Choice("self", Msg("The Scroll itself"), Msg("Change the Scroll's own faction"))
HORN_NONE = Choice("none", Msg("Take nothing"))
HORN_ONLY = Choice("only", Msg("Only this card"))
STATION_ONLY = Choice("only", Msg("Only this card"), Msg("An illuminated Tent could take one more"))
AMBUSH_YES = Choice("y", Msg("Pick up your Ambush cards"), Msg("They join your hand for this battle"))

PAYMENT = {"sup": Msg("Pay with Supply"), "horse": Msg("Pay with a Horse")}
FREE = Choice("free", Msg("No cost"), Msg("Every step is on your home terrain"))


def cost_text(recipe: dict) -> Msg:
    """{"soldier": 2, "supply": 1} -> "2 Soldiers and 1 Supply" (units by rank first)."""
    order = data.UNIT_TYPES + data.ARTIFACT_TYPES + ["supply"]
    parts = [Msg("{n} {type}", n=n, type=_counted(t, n))
             for t, n in sorted(recipe.items(), key=lambda kv: order.index(kv[0]))]
    return all_of(parts)


def _counted(t: str, n: int) -> Msg:
    """A type's name after a number: "Soldiers" for more than one unit (Supply stays as it is)."""
    if n != 1 and t in data.UNIT_TYPES:
        return UNIT_PLURALS[t]
    return data.type_name(t)


UNIT_PLURALS = {"soldier": Msg("Soldiers"), "captain": Msg("Captains"), "priest": Msg("Priests"),
                "commander": Msg("Commanders")}


def seats_text(seats) -> Msg | Seat:
    return all_of([Seat(s) for s in seats])


def heroes_text(figs: list[int]) -> Msg:
    """"With hero 1", "With heroes 1 and 2", "Without your heroes" (figures are 0-based)."""
    if not figs:
        return Msg("Without your heroes")
    if len(figs) == 1:
        return Msg("With hero {hero}", hero=figs[0] + 1)
    return Msg("With heroes {heroes}", heroes=all_of([str(f + 1) for f in figs]))


ROAD_TITLES = {"straight": Msg("Straight road"), "curve": Msg("Curve"), "t": Msg("T-junction"),
               "cross": Msg("Crossroads")}
CITY_TITLES = {"dead": (Msg("Dead-end city"), Msg("1 exit")),
               "straight": (Msg("Straight city"), Msg("2 opposite exits")),
               "corner": (Msg("Corner city"), Msg("2 adjacent exits")),
               "t": (Msg("T city"), Msg("3 exits")),
               "cross": (Msg("Cross city"), Msg("4 exits"))}


def road_choice(shape: str, recipe: dict) -> Choice:
    return Choice(shape, ROAD_TITLES[shape], cost_text(recipe))


def city_shape_choice(shape: str) -> Choice:
    title, exits = CITY_TITLES[shape]
    return Choice(shape, title, exits)


def rotation_choice(kind: str, shape: str, rot: int) -> Choice:
    return Choice(str(rot), board.rotation_label(kind, shape, rot))


class Cards:
    """Card choices of one legal_actions call, each label made once."""

    def __init__(self, state: dict):
        self.state = state
        self.labels: dict[str, Msg] = {}

    def label(self, cid: str) -> Msg:
        text = self.labels.get(cid)
        if text is None:
            text = self.labels[cid] = label(self.state, cid)
        return text

    def __call__(self, cid: str, prefix: str = "", suffix: str = "", description: str = "") -> Choice:
        """A card as a choice; `prefix` "banish", "station" or "and" and `suffix` "line" say what it is for."""
        text = self.label(cid)
        if prefix or suffix:
            text = CARD_STEPS[(prefix, suffix)](text)
        return Choice(cid, fit_choice(text), fit_choice(description))


CARD_STEPS = {
    ("banish", ""): lambda card: Msg("Banish {card}", card=card),
    ("station", ""): lambda card: Msg("Station {card}", card=card),
    ("and", ""): lambda card: Msg("And {card}", card=card),
    ("", "line"): lambda card: Msg("{card} (battle line)", card=card),
}

# what each Great Artifact does, in a line (R72-R76)
GREAT_HINTS = {
    "hammer": Msg("Acts as any ordinary artifact you declare; no power in battle"),
    "sword": Msg("A Weapon: +5 when attacking, +1 when defending"),
    "shield": Msg("A Weapon: +1 when attacking, +5 when defending"),
    "wings": Msg("Fly a hero to any square of discovered land"),
    "horn": Msg("Take up to 2 cards from your Realm into your hand"),
}


# moves paid with cards: their listed id ends with the cards the engine picks (the last part), which
# the player may replace with cards he names
PAYABLE = ("hire", "craft", "road", "city", "upgrade", "hero", "tent", "move", "retreat")
CARD_ID = r"[kv]\d+"  # one card's id: k12
CARD_IDS = re.compile(rf"^{CARD_ID}(,{CARD_ID})*$")


def pay_with(action_id: str, cards: str | None) -> str:
    """A listed paid move paid with the cards listed instead ("k3,k8" or "k3 k8"): their ids replace
    the cards the listed id names (its last part). No cards: the id as it is."""
    if not cards or not cards.strip():
        return action_id
    ids = ",".join(part for part in re.split(r"[\s,]+", cards.strip()) if part)
    if not CARD_IDS.match(ids):
        raise IllegalAction(Msg("Pick the cards to pay with from the list: type a card's name, then pick it."))
    head, _, paid = action_id.rpartition(":")
    if action_id.split(":", 1)[0] not in PAYABLE or not CARD_IDS.match(paid):
        raise IllegalAction(Msg("This move is not paid with cards."))
    return f"{head}:{ids}"
