"""Each legal move as the choices a player makes one after another (`Action.path`): the verb, then
the hero, the card, the target(s), e.g. play -> Sakoshi -> Shuriken Storm -> Yami. Ids stay the
stored form (see actions.py for their grammar); a UI walks the paths."""
from __future__ import annotations

from functools import lru_cache

from engine.base import Choice, fit_choice
from engine.text import Msg, Seat

from . import data, skills
from .targets import target_name

ACTIVATE = Choice("activate", Msg("Activate a hero"), Msg("It gets 3 action points"))
MOVE = Choice("move", data.game_term("Move"), Msg("Up to 3 hexes (Slow -2, Haste +2)"))
ATTACK = Choice("attack", data.game_term("Attack"), Msg("Attack value plus the best revealed modifier, minus armor"))
SKIRMISH = Choice("skirmish", data.game_term("Skirmish"), Msg("0+ damage to an enemy hero in sight, then move up to 2"))
LEAD = Choice("lead", data.game_term("Lead"), Msg("A card face down under the hero for the minion phase"))
DEVOTION = Choice("devotion", data.game_term("Devotion"), Msg("Your faction's devotion and its skills"))
PLAY = Choice("play", Msg("Play a card"))
END = Choice("end", Msg("End the activation"), Msg("The hero becomes exhausted"))
PASS = Choice("pass", Msg("Pass"), Msg("Let the top effect of the stack resolve"))
KEEP = Choice("keep", Msg("Keep this hand"), Msg("Cards set aside go to the discard pile and are replaced"))
TOSS = Choice("toss", Msg("Set a card aside"), Msg("It will be replaced by a new card"))
DISCARD = Choice("discard", Msg("Discard a card"), Msg("Down to 7 cards"))
PICK = Choice("pick", Msg("Pick a hero"))
DECK = Choice("deck", Msg("The top card of your deck"), Msg("Face down, unseen by anyone"))
STAY = Choice("stay", Msg("Stay where you are"))
PLACE = Choice("outsider_place", Msg("Place the Outsider"), Msg("1-2 hexes in the dome, 1-2 on a lane"))
O_ATTACK = Choice("outsider_attack", Msg("Outsider: Attack"))
O_SKIRMISH = Choice("outsider_skirmish", Msg("Outsider: Skirmish"), Msg("It deals 0+ damage; it cannot move"))
O_SKILL = Choice("outsider_skill", Msg("Outsider: skill"))
O_END = Choice("outsider_end", Msg("End the Outsider's activation"))
KEEP_TOP = Choice("keep", Msg("Keep it on top of the deck"))
DISCARD_TOP = Choice("discard", Msg("Discard it"))
SKIP = Choice("skip", Msg("Do not take it"))
DAMAGE = Choice("damage", Msg("Deal the damage"), Msg("0+ damage, then move up to 2 or stay"))
NO_DAMAGE = Choice("no_damage", Msg("Only move"), Msg("No damage: move 1 or 2 hexes"))
R_ATTACK = Choice("attack", data.game_term("Attack"), Msg("The Outsider attacks an enemy in its range and sight"))
R_SKIRMISH = Choice("skirmish", data.game_term("Skirmish"),
                    Msg("The Outsider deals 0+ damage to an enemy hero in sight"))
PRIORITY = Choice("priority", Msg("Responses to your own actions"), Msg("Off at first: you are passed for"))
PRIORITY_ASK = Choice("ask", Msg("Ask me first"), Msg("When I hold priority over my own action or card"))
PRIORITY_QUIET = Choice("quiet", Msg("Pass for me"), Msg("Do not ask me about my own actions and cards"))


# Labels depend only on their arguments: they are made once (legal_actions runs at every move).
@lru_cache(maxsize=None)
def hero_choice(hero: str) -> Choice:
    return Choice(hero, data.name(hero))


def card_choice(state: dict, iid: str) -> Choice:
    return _card_choice(iid, state["cards"][iid])


@lru_cache(maxsize=None)
def _card_choice(iid: str, def_id: str) -> Choice:
    return Choice(iid, card_label(def_id), fit_choice(data.text(def_id)))


@lru_cache(maxsize=None)
def card_label(def_id: str) -> Msg:
    c = data.card(def_id)
    speed = Msg("instant") if c["speed"] == "instant" else Msg("normal")
    return Msg("{card} ({cost} mana, {speed}, {modifier})", card=data.name(def_id), cost=len(c["runes"]),
               speed=speed, modifier=f"{c['modifier']:+d}")


def target_choice(state: dict, value: str) -> Choice:
    return _target_choice(value)


@lru_cache(maxsize=None)
def _target_choice(value: str) -> Choice:
    return Choice(value, fit_choice(target_name(None, value)))


def aoe_choice(state: dict, k: int, hit: tuple) -> Choice:
    """R123: one placement of an area card's template, named by the enemies it hits."""
    return Choice(f"aim-{k}", fit_choice(Msg("Hit {targets}", targets=[target_name(state, v) for v in hit])))


def ask_choice(state: dict, pend: dict, k: int) -> Choice:
    """One option of a question given back to the players (flow.ASKS), as "opt-<k>"."""
    what, value = pend["what"], pend["values"][k]
    if what == "lead":
        label = Msg("{card} counts (+{n})", card=data.name(state["cards"][value]), n=pend["info"]["costs"][k])
    elif what == "token":
        label = Msg("Control token {number}", number=value)
    elif what == "place":
        label = Msg("Minion on {hex}", hex=value)
    elif what == "draw":
        label = Msg("{player} draws", player=Seat(value))
    else:
        label = Msg("{player} activates the Outsider", player=Seat(value))
    return Choice(f"opt-{k}", fit_choice(label))


@lru_cache(maxsize=None)
def hex_choice(hx: str) -> Choice:
    return Choice(hx, hx)


DEVOTION_STEP = {
    "mark": lambda st, v: Msg("Mark {target}", target=target_name(st, v)),
    "shapeshift": lambda st, v: Msg("Shapeshift also {hero}", hero=data.name(v)),
    "pillar": lambda st, v: Msg("New pillar on {hex}", hex=v) if v else Msg("No hex for a new pillar"),
    "remove": lambda st, v: Msg("Remove the pillar on {hex}", hex=v) if v else Msg("Remove no pillar"),
    "more": lambda st, v: Msg("Also remove every other friendly pillar") if v else Msg("Remove no other pillar"),
    "illusion": lambda st, v: Msg("Move {hero}'s illusion", hero=data.name(v)),
    "to": lambda st, v: Msg("to {hex}", hex=v),
}
DEVOTION_ORDER = ("mark", "shapeshift", "pillar", "remove", "more", "illusion", "to")


def devotion_steps(state: dict, choice: dict) -> tuple[Choice, ...]:
    return tuple(_devotion_step(key, choice[key]) for key in DEVOTION_ORDER if key in choice)


@lru_cache(maxsize=None)
def _devotion_step(key: str, v) -> Choice:
    return Choice(skills.choice_key({key: v}), fit_choice(DEVOTION_STEP[key](None, v)))


def devotion_label(state: dict, hero: str, choice: dict):
    return _devotion_label(hero, tuple((k, choice[k]) for k in DEVOTION_ORDER if k in choice))


@lru_cache(maxsize=None)
def _devotion_label(hero: str, items: tuple):
    parts = [DEVOTION_STEP[k](None, v) for k, v in items]
    return fit_choice(Msg("{hero}: Devotion ({steps})", hero=data.name(hero), steps=parts))
