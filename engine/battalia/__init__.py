"""Battalia: The Creation (2-4 players): rules engine.

Modules: data (JSON component data in data/battalia), cards (registry, zones, paying), board (map,
placement, movement), oracle, battle, actions (apply), legal (legal_actions), paths (each action's
path of choices), prompts (what a seat is asked), options (declared match options), turns (turn steps,
end, scoring), views (and hidden_items), help (rules summary and design decisions), ai.

Seats are 0..n-1; texts name them with `Seat(n)` arguments (engine contract; English "Player 1".."Player n"). Squares are a1..g7 (columns a-g, rows 1-7 top to bottom, G30). Card ids are
"k<n>" (creation cards), virtual copies from an Amulet "v<n>" (this turn only, G34). Heroes are 1 and 2.
Rotations are 0-3 (clockwise quarter turns of the card's exits; N E S W at rotation 0).
Factions: G Forest Clan, B Islanders, R Ember Folk, Y Cloud Clan.

Action-id grammar (segments separated by ":"). Only the ids legal_actions lists are moves (apply refuses
any other spelling), with one exception: a paid move, whose listed id ends with the cards that pay it
(<ids>, comma-separated, chosen by the engine: virtual copies first, then cards of the faction the hand
holds least of, Tools only when Soldiers run out), may name other cards there instead (pay_with). Every
move that shows the table cards from a hand names them, so what it makes public follows from its id.

Setup          faction:<G|B|R|Y>             startcity:<square>
               (a setup step with a single possible answer is taken by the engine with the move before it:
               the last faction set, 3.1 step 12, and the last starting city left, 3.1 step 13)
Turn start     formation:<ids>[:<seat[,seat]>] | redeploy | start   (step 1, R20-R27; Ambush pick-up
               follows automatically). <ids> are the cards the Formation shows, in card-number order; the
               seats (0-based, rising) are the opponents shown them (R23), named with 3-4 players only.
Acquire        hire:<soldier|captain|priest|commander>:<ids>
               craft:<tool|weapon|amulet|title|scroll|tent|horse>[:<faction, matched artifact only>]:<ids>
Build          road:<straight|curve|t|cross>:<ids>
               city:<level 1-4>:<dead|straight|corner|t|cross>:<ids>
               (the card is drawn first and placed with place:<square>:<rot>)
               upgrade:<square>:<ids>
Heroes         hero:<city square>:<ids>       move:<1|2>:<square>:<free|ids (Supply, or one Horse)>
               wings:<1|2>:<square>
Artifacts      amulet:<amulet>:<card>   title:<title>:<unit>[:2]   scroll:<scroll>:<card|self>:<faction>
               tent:<tent>:<card[,card]>:<supply id>   strike:<tent>   hammer:<artifact type>   horn
Other          ambush:<card>:<card to banish>   claim:<square>   end
Battle         attack:<square>:<city|neutral|ruins|p<seat>>:<heroes, e.g. 1 or 1,2>
               add:<card>[:<1|2>]   commit   pass   cancel (opening only)   strike:<tent> (either side)
               defender: fight:<y|n ambush pick-up>:<heroes, e.g. 1,2 or ->   surrender
                         retreat:<square>:<ids (Supply, or one Horse)>
Choices        place:<square>:<rot>   wild:<type>   drop:<ambush card>   hornpick:<ids|none>
               great:<hammer|sword|shield|wings|horn>

Setup options: variant (normal|advanced|scenario1|scenario2), removed_faction (2 players), first_player,
and the R133 house rules: weeks (week limit, G31), start_cities (1-3), no_neutral, start_heroes (0-2),
level4_end (level-4 cities that end the game, R121; default 5). setup.option_problem() checks a set.

Design notes beyond the spec's own decisions:
- Transformations (Amulet, Title, Spell Scroll) are actions of their own on a hand or battle-line card;
  the transformed card then stays in hand (or in the line) and joins any combination. This gives exactly
  the outcomes of R36's physical rule: (1) R36 lets the artifact and its card sit at the start, middle or
  end of ANY row, so choosing the row where the artifact lies is the same as choosing the row the
  transformed card later joins; (2) the artifact counts outside the row and the combination: here it is
  spent on its own and can never pay for anything; (3) chains are allowed: a card a Scroll produces (e.g.
  a Title) is a fresh card that may transform another card, whose result may join a row (R36, R53);
  (4) the player learns the die roll or swapped card before completing the row in both models (a row
  is only closed when its combination is complete, R37), and R13's one transformation per card per turn
  is enforced on the card, not the row; (5) a transformation with no row after it is allowed in both
  (R63/R65: the new card "may" be used at once). An Amulet 6 asks at once which type the wild card becomes.
- Illuminated artifacts (R110) have two uses: a fork is simply two uses in two rows; a single doubled use
  (Tool 4 Soldiers, Title +2, Horse 6 squares, Tent with two cards) spends both. An illuminated Weapon or
  Horse added to a battle line (`add:<card>:2`) fights with +2 and spends both uses; `add:<card>:1` fights
  with +1 and leaves a virtual copy in hand with the other use for another row or battle this turn
  (R112: used in two actions its strength is not doubled; G34); `add:<card>` spends every use left.
- Partly used illuminated artifacts (R110: "played twice in that turn"; G21, G34, G41). The active player's
  card with a use left stays in his hand for the rest of his turn and goes to the Sanctuary with everything
  else at its end (R15). A defender's card used only partly in a battle (one Title rank, one Amulet roll,
  one Scroll change, one Horse use paying a retreat) is a used card: it goes to his Sanctuary with his
  other battle cards when the battle ends (G21), and each use left stays in his hand as a virtual copy
  until the end of the attacker's turn (for another battle that turn, like `add:<card>:1`), then lapses.
  A retreat paid with an illuminated Horse spends one use (one Horse moves 2-3 squares, R96, R117). A
  cancelled opening gives back only the uses it spent and removes the copies its forks made. An
  illuminated artifact made wild to act as another type (Amulet 6) has one use (the converse of G15).
- R23: the Formation cards are named only in the private event text and view (`formation_seen`) of the
  chosen opponents until the declarer's next turn; the public text gives the number of cards and who saw
  them.
- R116: an illuminated Tent takes one or two cards; both are listed moves (two cards of a kind too).
- G28 (house reading): the cards left in a hand at the end of a turn or by a Redeploy go onto the
  Sanctuary face down (cards.discard_face_down); the card others see there is its topmost face-up card,
  one played in the open, and a Sanctuary of only face-down cards shows none. The seed shows the top
  card "to tell the piles apart"; the engine picking a hidden hand card to show would make the public
  board depend on a hidden hand.
- `RULES.redeal` (secrecy.py) is the secrecy hook: copies with what a viewer cannot see dealt again.
- R69: a Tent may be struck by its owner at any of his own steps in a battle, attacker or defender (the
  struck cards matter only when he plays, so this gives every outcome "at any time" gives).
- R133 house rules: extra starting cities are unmarked cross cities on fixed squares (data/board.json
  extra_start, taken from the setup cards left in the box, then the cross deck), chosen round after round
  in the order of 3.1 step 13; starting heroes stand on the first city the player chose (scenario 2: on
  the Ruins).
- Texts a player reads (events, messages, labels, the view) never carry rule numbers; code comments and
  tests cite them. Each is a `Msg` (engine/text.py) in the "battalia" catalogue, naming seats with `Seat(n)`;
  faction, land, unit, artifact, Great Artifact and road/city card names are terms of
  data/battalia/glossary.csv. The state keeps its texts (the log, the result's reason) in their JSON form;
  `view` gives them back as `Msg`s.
- A battle side adds cards one at a time and closes its addition with `commit` (R93 is checked then);
  `pass` ends the battle (R94). The attacker may `cancel` an unfinished opening.
- A hire when the Supply deck is empty still gives the unit (no Supply).
- Safety cap: the game ends after 140 rounds (20 Oracle weeks) if neither end condition was met, so a
  stalled board (e.g. every empty square unreachable by roads) cannot run forever; option "weeks"
  gives the spec's week-limited game (R133, G31).
- Scenario 2: a player who already owns a Great Artifact puts the one hidden under a conquered corner
  city back in the box (R43).
"""
from __future__ import annotations

import json
import random

from engine.base import IllegalAction, Result
from engine.text import Msg

from . import actions, ai, legal, paths, prompts, secrecy, setup, views
from .options import OPTIONS, options_text, refuse_options

__all__ = ["RULES", "BattaliaRules", "options_text"]


def _copy(state: dict) -> dict:
    """A deep copy of a state to change. The state keeps no action log (the store does); one stored
    by an older version still carries it as "history", which the copy leaves out."""
    new = json.loads(json.dumps(state))
    new.pop("history", None)
    return new


def _run(state: dict, seat: int, action_id: str) -> tuple[dict, list]:
    new = _copy(state)  # never mutate the input
    new["setup"].pop("auto", None)
    ev = actions.Events(new)
    actions.apply_action(new, seat, action_id, ev)
    return new, ev.events


def _refusal(state: dict, seat: int, action_id: str) -> Msg:
    """Why a move that is not listed is refused: the rule it breaks when the engine says so, else
    that it is not one of the moves now."""
    try:
        _run(state, seat, action_id)
    except IllegalAction as exc:
        return exc.message
    except (ValueError, KeyError, IndexError, TypeError, AttributeError):  # malformed beyond the checks
        pass
    return Msg("{action} is not one of your moves now.", action=repr(action_id))


class BattaliaRules:
    name = "battalia"
    title = "Battalia: The Creation"
    min_players = 2
    max_players = 4
    options = OPTIONS

    def refuse_options(self, players: int, options: dict) -> Msg | None:
        return refuse_options(players, options)

    def options_text(self, options: dict | None) -> Msg:
        return options_text(options)

    def prompt(self, state: dict, seat: int) -> Msg | str:
        return prompts.prompt(state, seat)

    def hidden_items(self, state: dict, seat: int) -> set[str]:
        return views.hidden_items(state, seat)

    def pay_with(self, action_id: str, cards: str | None) -> str:
        return paths.pay_with(action_id, cards)

    def setup(self, players: int, options: dict, seed: int) -> dict:
        return setup.setup(players, options or {}, seed)

    def active_players(self, state: dict) -> set[int]:
        return actions.active_players(state)

    def legal_actions(self, state: dict, seat: int):
        return legal.legal_actions(state, seat)

    def apply(self, state: dict, seat: int, action_id: str):
        if state.get("result"):
            raise IllegalAction(Msg("The game is over."))
        if [seat, str(action_id)] == state["setup"].get("auto"):
            # the setup step the engine took by itself with the move before (the last starting city, 3.1
            # step 13), named again by an action log written before such steps were automatic: already done
            new = _copy(state)
            del new["setup"]["auto"]
            return new, []
        if seat not in actions.active_players(state):
            raise IllegalAction(Msg("It is not your turn to act."))
        if not isinstance(action_id, str) or not legal.is_listed(state, seat, action_id):
            # a stored move is always one of the legal ids (or a listed move paid with named cards)
            raise IllegalAction(_refusal(state, seat, str(action_id)))
        return _run(state, seat, action_id)

    def view(self, state: dict, viewer: int | None) -> dict:
        return views.view(state, viewer)

    def result(self, state: dict) -> Result | None:
        r = state.get("result")
        return Result.from_dict(r) if r else None

    def ai_choose(self, state: dict, seat: int, seed: int) -> str:
        return ai.choose(state, seat, seed)

    def redeal(self, state: dict, seat: int | None, rng: random.Random) -> dict:
        """A copy `seat` cannot tell apart from `state` (None: the public), what it cannot see dealt
        again (secrecy.redeal); never mutates `state`."""
        return secrecy.redeal(state, seat, rng)


RULES = BattaliaRules()
