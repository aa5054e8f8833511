"""The options a game of Civilization declares (spec section 8, T52, G40): the learning game, a
turn cap and the loot rule. The defaults are the standard game, so a plain match stores nothing.

- "learning" (section 8, T52): Egypt, Rome and every wonder (cards and markers) stay in the box and
  every rule about wonders is ignored (no wonder in the market or the decks, so none is produced
  and no wonder ability ever works); the game ends with no winner when a player has their third
  city (which needs Irrigation). A standard victory met before that ends the game too, still with
  no winner (DD: the learning game has no winner or loser), and the game is never rated.
- "turns" (G40 DD, off by default): the game ends at the end of that turn's Research phase. The
  learning game then ends with no winner; the standard game is won by the player furthest along
  the culture track, ties broken by the most techs, then the most coins (still tied: a shared win).
- "loot" (R120, R121): "rulebook" (the default: the winner takes one item, seed p. 34) or "faq" (the
  FFG FAQ v2.0 errata, data-research-2 3.6: loot points spent on any mix); combat.loot_rule reads it.

setup.py asks `learning` (civilizations, wonders); flow.run_automatic calls `check_end` after every
move and `turn_cap` after every Research phase."""
from __future__ import annotations

from engine.base import Event, IllegalAction, Option
from engine.text import Msg, Seat, to_json

from . import economy

MAX_TURNS = 200
LEARNING_CITIES = 3                           # section 8: a player's third city ends the learning game
BOXED_CIVILIZATIONS = ("egypt", "rome")       # section 8: back to the box in the learning game

OPTIONS = (
    Option("learning", "bool", False,
           Msg("Learning game: no Egypt, Rome or wonders; it ends with no winner at a player's third city"),
           label=Msg("learning game")),
    # G40 DD (off by default): a turn cap for a game that must end
    Option("turns", "int", 0,
           Msg("Turn limit: 0 = none; else the game ends after that turn (furthest on the culture track wins)"),
           label=Msg("turn limit"), min=0, max=MAX_TURNS),
    # R120, R121: the rulebook's loot by default; the FFG FAQ v2.0 errata's loot points as an option
    Option("loot", "choice", "rulebook",
           Msg("Loot after a battle: the rulebook's one item, or the FFG FAQ v2.0 errata's loot points"),
           label=Msg("loot"),
           choices=(("rulebook", Msg("The rulebook: one item of loot (recommended)")),
                    ("faq", Msg("FFG FAQ v2.0: loot points, spent on any mix")))),
)


def is_rated(options: dict) -> bool:
    """The learning game has no winner or loser (section 8): it never changes a rating."""
    return not (options or {}).get("learning")


def learning(state: dict) -> bool:
    return bool((state.get("options") or {}).get("learning"))


def turn_limit(state: dict) -> int:
    try:
        return max(0, int((state.get("options") or {}).get("turns") or 0))
    except (TypeError, ValueError):
        return 0


def refuse_options(players: int, options: dict) -> Msg | None:
    """The learning game cannot seat Egypt or Rome (section 8)."""
    if not (options or {}).get("learning"):
        return None
    chosen = (options or {}).get("civilizations")
    if isinstance(chosen, (list, tuple)):
        boxed = [c for c in chosen if c in BOXED_CIVILIZATIONS]
        if boxed:
            return Msg("Egypt and Rome stay in the box in the learning game: choose other civilizations.")
    return None


def check_civilizations(options: dict) -> None:
    problem = refuse_options(0, options)
    if problem:
        raise IllegalAction(problem)


def _end(state: dict, winners: list[int], reason: Msg, scores: dict | None = None) -> list[Event]:
    state["result"] = {"winners": list(winners), "scores": {str(k): v for k, v in (scores or {}).items()},
                       "reason": to_json(reason)}
    return [Event(reason)]


def _turn_order(state: dict) -> list[int]:
    n = state["players"]
    return [(state["first"] + i) % n for i in range(n)]


def check_end(state: dict) -> list[Event]:
    """After every move of the learning game: a victory met counts for nobody, and a player with
    their third city ends the game with no winner (T52)."""
    if not learning(state) or state.get("phase") == "setup":
        return []
    result = state.get("result")
    if result:
        if result.get("winners"):
            result["winners"] = []
            result["scores"] = {}
            reason = Msg("The learning game ends here, with no winner or loser.")
            result["reason"] = to_json(reason)
            return [Event(reason)]
        return []
    for seat in _turn_order(state):
        if sum(1 for c in state["cities"] if c["owner"] == seat) >= LEARNING_CITIES:
            return _end(state, [], Msg("{player} built their third city: the learning game ends, with no winner or loser.",
                                       player=Seat(seat)))
    return []


def turn_cap(state: dict) -> list[Event]:
    """At the end of a Research phase (G40 DD): the last turn of a capped game is over."""
    cap = turn_limit(state)
    if not cap or state.get("result") or state["turn"] < cap:
        return []
    if learning(state):
        return _end(state, [], Msg("Turn {turn} is over, the last of the learning game: it ends with no winner or loser.",
                                   turn=state["turn"]))
    events = economy.check_economic_victory(state)
    if state.get("result"):
        return events
    def rank(seat: int) -> tuple[int, int, int]:
        area = state["seats"][seat]
        return (area["culture_level"], len(area["techs"]), economy.coins(state, seat))
    best = max(rank(s) for s in range(state["players"]))
    winners = [s for s in _turn_order(state) if rank(s) == best]
    scores = {s: state["seats"][s]["culture_level"] for s in range(state["players"])}
    if len(winners) == 1:
        reason = Msg("Turn {turn} is over, the last of the game: {player} wins, furthest along the culture track "
                     "(then most techs, then most coins).", turn=state["turn"], player=Seat(winners[0]))
    else:
        reason = Msg("Turn {turn} is over, the last of the game: {players} share the win, level on the culture track, "
                     "techs and coins.", turn=state["turn"], players=[Seat(s) for s in winners])
    return events + _end(state, winners, reason, scores)
