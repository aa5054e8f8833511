"""Each legal move as the choices a player makes one after another (`Action.path`): a category
(acquire, build, heroes, artifacts, ...), the verb, then its arguments one step each, e.g.
move:1:c5:sup -> Heroes › Move hero 1 › c5 › Pay with Supply. Action ids stay as they are (they
are stored in the action logs); a UI walks the paths and never parses an id.

Texts name other seats "Player N". Card labels carry the card id, as on the hand picture.
"""
from __future__ import annotations

import re

from engine.base import Choice, IllegalAction

from . import board, data, words
from .cards import label

MAX_TEXT = 100  # a label or description a UI can show whole (Discord's select limit)


def fit(text: str) -> str:
    return text if len(text) <= MAX_TEXT else text[:MAX_TEXT - 1].rstrip() + "…"


# first steps: what a player recognises as a kind of move
FACTION = Choice("faction", "Choose your faction")
START_CITY = Choice("startcity", "Choose your starting city")
TURN = Choice("turn", "Start your turn")
ACQUIRE = Choice("acquire", "Hire a unit or craft an artifact")
BUILD = Choice("build", "Build a road or a city, or upgrade a city")
HEROES = Choice("heroes", "Heroes: hire, move, fly, attack, claim")
ARTIFACTS = Choice("artifacts", "Artifacts, Tents, Ambush, Great Artifacts")
ADD = Choice("add", "Add a card to your battle line")
FIGHT = Choice("fight", "Fight back")
RETREAT = Choice("retreat", "Retreat the hero", "2 or 3 squares along roads; the battle ends")
SURRENDER = Choice("surrender", "Surrender", "The attacker wins the battle")
CANCEL = Choice("cancel", "Call off the attack", "Your battle cards go back to your hand")
PLACE = "place"
CHOOSE = "choose"
END = Choice("end", "End your turn", "Discard your hand and used cards, then draw 6")

# verbs under a category
REDEPLOY = Choice("redeploy", "Redeploy", "Discard your hand and draw 5 new cards")
START = Choice("start", "Start the turn", "Play the hand you hold")
HIRE = Choice("hire", "Hire a unit", "Pay Supply; a Supply card comes with the unit")
CRAFT = Choice("craft", "Craft an artifact", "Paid with units, some also with Supply")
ROAD = Choice("road", "Build a road", "Draw a road card of that shape, then place it")
CITY = Choice("city", "Build a city", "3 units of the city's level, then place the card")
UPGRADE = Choice("upgrade", "Upgrade a city", "2 units of the next rank")
HERO_HIRE = Choice("hire", "Hire a hero", "A Weapon and 2 Supply, on one of your cities")
ATTACK = Choice("attack", "Attack", "Open a battle where your hero stands")
CLAIM = Choice("claim", "Claim an empty city", "It becomes your level-1 city")
AMULET = Choice("amulet", "Use an Amulet", "Roll the die for one card")
TITLE = Choice("title", "Use a Title", "Upgrade a unit")
SCROLL = Choice("scroll", "Use a Spell Scroll", "Change the faction of a card")
TENT = Choice("tent", "Pitch a Tent", "1 Supply; a card waits on the Tent")
STRIKE = Choice("strike", "Strike a Tent", "Its cards return to your hand")
HAMMER = Choice("hammer", "Use the Hammer of Strato", "It acts as an artifact of your choice this turn")
HORN = Choice("horn", "Blow the Horn of Baldur", "Take up to 2 cards from your Realm")
AMBUSH = Choice("ambush", "Put a card in Ambush", "Banish another card to the Void")
SCROLL_SELF = Choice("self", "The Scroll itself", "Change the Scroll's own faction")
HORN_NONE = Choice("none", "Take nothing")
HORN_ONLY = Choice("only", "Only this card")
AMBUSH_YES = Choice("y", "Pick up your Ambush cards", "They join your hand for this battle")

PAYMENT = {"sup": "Pay with Supply", "horse": "Pay with a Horse"}
FREE = Choice("free", "No cost", "Every step is on your home terrain")


def cost_text(recipe: dict) -> str:
    """{"soldier": 2, "supply": 1} -> "2 Soldiers and 1 Supply" (units by rank first)."""
    order = data.UNIT_TYPES + data.ARTIFACT_TYPES + ["supply"]
    parts = [words.count(n, t.capitalize()) for t, n in sorted(recipe.items(), key=lambda kv: order.index(kv[0]))]
    return words.and_list(parts)


def seats_text(seats) -> str:
    return words.and_list([f"Player {s + 1}" for s in seats])


def heroes_text(figs: list[int]) -> str:
    """"With hero 1", "With heroes 1 and 2", "Without your heroes" (figures are 0-based)."""
    if not figs:
        return "Without your heroes"
    return f"With {words.plural(len(figs), 'hero')} {words.and_list([str(f + 1) for f in figs])}"


def road_choice(shape: str, recipe: dict) -> Choice:
    name = data.terrain()["road_shapes"][shape]["name"]
    return Choice(shape, name[:1].upper() + name[1:], cost_text(recipe))


def city_shape_choice(shape: str) -> Choice:
    name = data.terrain()["city_shapes"][shape]["name"]  # e.g. "corner city (2 adjacent exits)"
    m = re.match(r"(.*?)\s*\((.*)\)$", name)
    title, exits = (m.group(1), m.group(2)) if m else (name, "")
    return Choice(shape, title[:1].upper() + title[1:], exits[:1].upper() + exits[1:])


def rotation_choice(kind: str, shape: str, rot: int) -> Choice:
    return Choice(str(rot), board.rotation_label(kind, shape, rot))


class Cards:
    """Card choices of one legal_actions call, each label made once."""

    def __init__(self, state: dict):
        self.state = state
        self.labels: dict[str, str] = {}

    def label(self, cid: str) -> str:
        text = self.labels.get(cid)
        if text is None:
            text = self.labels[cid] = label(self.state, cid)
        return text

    def __call__(self, cid: str, prefix: str = "", suffix: str = "", description: str = "") -> Choice:
        return Choice(cid, fit(prefix + self.label(cid) + suffix), fit(description))


# what each Great Artifact does, in a line (R72-R76)
GREAT_HINTS = {
    "hammer": "Acts as any ordinary artifact you declare; no power in battle",
    "sword": "A Weapon: +5 when attacking, +1 when defending",
    "shield": "A Weapon: +1 when attacking, +5 when defending",
    "wings": "Fly a hero to any square of discovered land",
    "horn": "Take up to 2 cards from your Realm into your hand",
}


# moves a player may pay with cards he names (the engine picks them otherwise): the verb and, for
# moves whose last part is the way to pay (sup, horse), how many parts come before it
PAYABLE = {"hire": None, "craft": None, "road": None, "city": None, "upgrade": None, "hero": None, "tent": None,
           "move": 3, "retreat": 2}
CARD_IDS = re.compile(r"^[kv]\d+(,[kv]\d+)*$")


def pay_with(action_id: str, cards: str | None) -> str:
    """The move paid with the cards listed ("k3,k8" or "k3 k8"): their ids are appended to the id, or
    replace the way to pay of a hero move or a retreat. No cards: the id as it is."""
    if not cards or not cards.strip():
        return action_id
    ids = ",".join(part for part in re.split(r"[\s,]+", cards.strip()) if part)
    if not CARD_IDS.match(ids):
        raise IllegalAction("List card ids like k12,k15 (the ids are on your hand picture).")
    parts = action_id.split(":")
    if parts[0] not in PAYABLE:
        raise IllegalAction("This move is not paid with cards.")
    keep = PAYABLE[parts[0]]
    if keep is not None:
        parts = parts[:keep]
    return ":".join(parts + [ids])
