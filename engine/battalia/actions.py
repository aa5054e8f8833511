"""Applying actions: the moves of Battalia and what they do (the package declares the game in
`engine/battalia/__init__.py`; `play` is its move on the platform's copy of the state).

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
level4_end (level-4 cities that end the game, R121; default 5); computer_seats (the seats computer
players play; all of them: the stall guard). setup.option_problem() checks a set.

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
- No week limit unless the option "weeks" sets one (the spec's week-limited game, R133, G31): the seed
  has none, so a game between people ends only by R119/R121, and a stalled board between people is a
  matter for the turn clock. Stall guard (a house value, data/board.json): a game whose every seat is a
  computer player, named by the setup option "computer_seats" (not a declared match option: benches and
  tests set it, the platform's matches always seat a person), ends after 20 Oracle weeks so that it
  cannot run forever (turns.stall_guard_rounds).
- Scenario 2: a player who already owns a Great Artifact puts the one hidden under a conquered corner
  city back in the box (R43).
"""
from __future__ import annotations

import re

from engine.base import Event, IllegalAction
from engine.rng import next_random
from engine.text import Msg, Seat, plural, to_json

from . import battle as bt
from . import board, data, oracle, setup, turns
from .cards import (auto_pay, card, discard_face_down, draw, eff_type, faction, fresh, is_great, is_virtual, label,
                    lay_down_partly_used, looks_like_ids, match_payment, max_uses, parse_ids, physical_deck,
                    playable_hand, pool_search, pool_take_top, printed_type, shuffle, slot_type, spend,
                    uses_left)
from .words import a_card, all_of

LOG_KEEP = 40


class Events:
    def __init__(self, state: dict):
        self.state = state
        self.events: list[Event] = []

    def add(self, public: Msg, private: dict | None = None, hidden: bool = False) -> None:
        """An event; its public text also goes to the log, kept in the state in its JSON form."""
        self.events.append(Event(public, dict(private or {}), hidden))
        self.state["log"].append(to_json(public))
        del self.state["log"][:-LOG_KEEP]


def pub(state: dict, cid: str) -> Msg:
    return bt.label_public(state, cid)


def pubs(state: dict, ids) -> list | Msg:
    """Cards by name (a list, joined the reader's way), or "nothing"."""
    return [pub(state, c) for c in ids] or Msg("nothing")


# ------------------------------------------------------------------ who acts

def active_players(state: dict) -> set[int]:
    if state["result"]:
        return set()
    if state["pending"]:
        return {state["pending"]["seat"]}
    if state["battle"]:
        return {bt.side_to_move(state)}
    return {state["current"]}


def in_battle_as(state: dict, seat: int) -> bool:
    b = state["battle"]
    return bool(b) and seat in (b["attacker"], b["defender"])


# ------------------------------------------------------------------ dispatcher

def apply_action(state: dict, seat: int, action_id: str, ev: Events) -> None:
    parts = action_id.split(":")
    verb = parts[0]
    phase = state["phase"]
    if phase == "setup_faction":
        if verb != "faction" or len(parts) != 2:
            raise IllegalAction(Msg("Choose your faction first: faction:<G|B|R|Y>."))
        ev.add(setup.choose_faction(state, seat, parts[1]))
        _forced_setup_steps(state, ev)
        return
    if phase == "setup_city":
        if verb != "startcity" or len(parts) != 2:
            raise IllegalAction(Msg("Choose your starting city: startcity:<square>."))
        ev.add(setup.choose_city(state, seat, parts[1]))
        _forced_setup_steps(state, ev)
        return
    if phase == "start":
        if verb in START_VERBS:
            return _start_step(state, seat, parts, ev)
        # the turn's first move made straight from its start: "start" first, then the move, as one
        _start_step(state, seat, ["start"], ev)
    if state["pending"]:
        return _pending(state, seat, parts, ev)
    if state["battle"]:
        return _battle_action(state, seat, parts, ev)
    handler = ACTIONS.get(verb)
    if handler is None:
        raise IllegalAction(NOT_NOW.get(verb) or Msg("Unknown action {verb}.", verb=repr(verb)))
    handler(state, seat, parts[1:], ev)
    state["turn"]["actions"] += 1


def _forced_setup_steps(state: dict, ev: Events) -> None:
    """3.1 step 13: a setup step with one possible answer (the last starting city left) is taken at once, as
    part of the move before it, with a public event naming it: nobody is asked a question with one answer.
    The step follows from the state alone, so a replay of the action log takes it again. It is remembered
    (setup.auto) until the next move: an action log written before such steps were automatic names the
    step itself, and moves.taken_already accepts that repeat as already done."""
    while (forced := setup.forced_choice(state)) is not None:
        seat, sq = forced
        ev.add(setup.choose_city(state, seat, sq, forced=True))
        state["setup"]["auto"] = [seat, f"startcity:{sq}"]


# ------------------------------------------------------------------ T1 / T2

def formation_audience(state: dict, seat: int, arg: str | None) -> list[int]:
    """R23: the opponents the declarer shows his Formation cards to (at least one, of his choice).
    Named only with several opponents (the only one sees them otherwise), in one spelling (as
    legal.py lists them): seat numbers in rising order, each once, without spaces, signs or zeros."""
    others = [o for o in range(state["n"]) if o != seat]
    if len(others) == 1:
        if arg is not None:
            raise IllegalAction(Msg("With one opponent, name only the cards you show."))
        return others
    if arg is None or not re.fullmatch(r"[0-9](,[0-9])*", arg):
        raise IllegalAction(Msg("Name the opponents who see the Formation by seat, e.g. formation:1 or formation:1,2."))
    to = [int(x) for x in arg.split(",")]
    if not to or any(o not in others for o in to):
        raise IllegalAction(Msg("Show the Formation cards to at least one opponent of your choice."))
    if to != sorted(set(to)):
        raise IllegalAction(Msg("Name each opponent once, in rising order, e.g. formation:1,2."))
    return to


START_VERBS = ("formation", "redeploy", "start")


def _start_step(state: dict, seat: int, parts: list[str], ev: Events) -> None:
    p = state["players"][seat]
    verb = parts[0]
    if len(parts) > (3 if verb == "formation" else 1):  # R18, R23
        raise IllegalAction(Msg("First start your turn: declare a Formation, redeploy, or just start."))
    if verb == "formation":
        extra, groups = turns.formation_extra(state, p["hand"])
        if extra <= 0:
            raise IllegalAction(Msg("Your hand holds no Formation (that needs 3 or more cards of one faction)."))  # R20
        shown = turns.formation_cards(state, seat, groups)
        if len(parts) < 2 or parts[1] != ",".join(shown):  # the id names the cards the Formation shows
            raise IllegalAction(Msg("Name the cards your Formation shows: all the cards of its factions."))
        to = formation_audience(state, seat, parts[2] if len(parts) > 2 else None)
    p.pop("formation_shown", None)  # what the player showed last turn is no longer on the table
    if verb == "formation":
        names = [Msg("{n} {faction}", n=n, faction=data.faction_name(f)) for f, n in groups.items()]
        p["formation_shown"] = {"round": state["round"], "to": to, "cards": list(shown)}
        drawn, _ = draw(state, seat, extra)
        state["turn"]["formation"] = True
        private = {o: Msg("{player} shows you the Formation ({groups}): {cards}.", player=Seat(seat), groups=names,
                          cards=pubs(state, shown)) for o in to}  # R23
        private[seat] = Msg("You show {cards} to {seats} and draw {drawn}.", cards=pubs(state, shown),
                            seats=_seats_text(to), drawn=pubs(state, drawn))
        ev.add(Msg("{player} declares a Formation, shows {shown} to {seats} and draws {drawn}.", player=Seat(seat),
                   shown=plural("{n} card", "{n} cards", n=len(shown)), seats=_seats_text(to),
                   drawn=plural("{n} extra card", "{n} extra cards", n=len(drawn))),
               private, hidden=True)  # R22, R23
    elif verb == "redeploy":
        # R24, G43: the hand goes to the Sanctuary first, then 5 new cards are drawn
        discard_face_down(p, p["hand"])
        p["hand"] = []
        drawn, _ = draw(state, seat, data.cards()["hand"]["redeploy"])
        state["turn"]["redeployed"] = True
        ev.add(plural("{player} redeploys and draws {n} new card.", "{player} redeploys and draws {n} new cards.",
                      n=len(drawn), player=Seat(seat)),  # R24
               {seat: Msg("You draw {cards}.", cards=pubs(state, drawn))}, hidden=True)
    elif verb == "start":
        ev.add(Msg("{player} starts the turn.", player=Seat(seat)))
    else:
        raise IllegalAction(Msg("First start your turn: declare a Formation, redeploy, or just start."))
    n = turns.pick_up_ambush(state, seat)
    if n:  # R29
        ev.add(plural("{player} takes {n} Ambush card back into the hand.",
                      "{player} takes {n} Ambush cards back into the hand.", n=n, player=Seat(seat)))
    state["phase"] = "actions"


# ------------------------------------------------------------------ helpers

def _seats_text(seats: list[int]) -> Msg | Seat:
    return all_of([Seat(o) for o in seats])


def _ids_and_rest(args: list[str]) -> tuple[list[str], list[str] | None]:
    if args and looks_like_ids(args[-1]):
        return args[:-1], parse_ids(args[-1])
    return args, None


def _pay(state: dict, seat: int, recipe: dict, ids: list[str] | None, refusal: Msg) -> list[str]:
    """Pay `recipe` with the cards named (or chosen by auto_pay); `refusal` says what the cards were for."""
    if ids is None:
        ids = auto_pay(state, seat, recipe)
        if ids is None:
            raise IllegalAction(refusal)
    plan = match_payment(state, seat, ids, recipe)
    for cid, uses in plan:
        spend(state, seat, cid, uses)
    return ids


def _can_pay(state: dict, seat: int, recipe: dict) -> bool:
    return auto_pay(state, seat, recipe) is not None


def _shown(state: dict, cards: list[str]) -> None:
    """Cards that come into a hand face up this turn (a struck Tent's, a called-off line's, the Horn's
    picks): everyone knows they are there (the secrecy hook keeps them in place)."""
    state["turn"].setdefault("shown", []).extend(cards)


def _gain(state: dict, seat: int, cid: str) -> None:
    state["players"][seat]["gained"].append(cid)  # R12: usable only after a reshuffle


def _need_actions_phase(state: dict) -> None:
    if state["battle"] or state["pending"]:
        raise IllegalAction(Msg("Finish the battle or the pending choice first."))


# ------------------------------------------------------------------ acquisitions (R40-R43)

def do_hire(state, seat, args, ev):
    args, ids = _ids_and_rest(args)
    if len(args) != 1 or args[0] not in data.UNIT_TYPES:
        raise IllegalAction(Msg("Use hire:<soldier|captain|priest|commander>."))
    t = args[0]
    deck = state["pool"]["units"][t]
    if not deck:  # R5
        raise IllegalAction(_empty_deck(t))
    cost = data.cards()["units"][t]["hire"]
    paid = _pay(state, seat, {"supply": cost}, ids,
                Msg("You do not hold the cards to hire {unit}.", unit=a_card(data.type_name(t))))
    unit = pool_take_top(state, deck)
    _gain(state, seat, unit)
    sup = pool_take_top(state, state["pool"]["supply"])  # R41: one Supply with every unit gained
    if sup:
        _gain(state, seat, sup)
    if sup:  # R40, R41
        ev.add(Msg("{player} pays {n} Supply and hires {unit}, with a Supply card.", player=Seat(seat), n=len(paid),
                   unit=a_card(pub(state, unit))))
    else:
        ev.add(Msg("{player} pays {n} Supply and hires {unit} (the Supply deck is empty, so no Supply card comes "
                   "with it).", player=Seat(seat), n=len(paid), unit=a_card(pub(state, unit))))


def _empty_deck(t: str) -> Msg:
    """R5: the deck of a unit or artifact type has run out."""
    return Msg("The {type} deck is empty.", type=data.type_name(t))


def do_craft(state, seat, args, ev):
    args, ids = _ids_and_rest(args)
    if not args or args[0] not in data.ARTIFACT_TYPES:
        raise IllegalAction(Msg("Use craft:<artifact>[:<faction>]."))
    t = args[0]
    want = args[1] if len(args) > 1 else None
    deck = state["pool"]["artifacts"][t]
    if not deck:  # R5
        raise IllegalAction(_empty_deck(t))
    is_matched = oracle.matched(state["round"]) == t
    if want is not None and (not is_matched or want not in state["options"]["factions"]):
        raise IllegalAction(Msg("A faction may be chosen only for the matched artifact of the day."))  # R108
    recipe = data.cards()["artifacts"][t]["recipe"]
    _pay(state, seat, recipe, ids, Msg("You do not hold the cards to craft {artifact}.",
                                       artifact=a_card(data.type_name(t))))
    if is_matched and want:
        got = pool_search(state, deck, want)  # R108: search, then reshuffle
        hidden = True
    else:
        got = pool_take_top(state, deck)
        hidden = True  # face-down deck (G29): the top card is revealed
    _gain(state, seat, got)
    ev.add(Msg("{player} crafts {artifact}.", player=Seat(seat), artifact=a_card(pub(state, got))),
           hidden=hidden)  # R42


# ------------------------------------------------------------------ building (R44-R50)

def _road_recipe(shape: str) -> dict:
    return data.cards()["costs"][data.terrain()["road_shapes"][shape]["cost"]]


def _marker_class(level: int) -> str:
    return "low" if level <= 2 else "high"  # G4: 1|2 and 3|4 markers


def do_road(state, seat, args, ev):
    args, ids = _ids_and_rest(args)
    if not args or args[0] not in data.ROAD_SHAPES:
        raise IllegalAction(Msg("Use road:<straight|curve|t|cross>[:<square>:<rotation>]."))
    shape = args[0]
    _build(state, seat, "road", shape, None, args[1:], ids, _road_recipe(shape), ev)


def do_city(state, seat, args, ev):
    args, ids = _ids_and_rest(args)
    if len(args) < 2 or not args[0].isdigit() or args[1] not in data.CITY_SHAPES:
        raise IllegalAction(Msg("Use city:<level>:<dead|straight|corner|t|cross>[:<square>:<rotation>]."))
    level = int(args[0])
    if not 1 <= level <= 4:
        raise IllegalAction(Msg("City levels are 1 to 4."))
    if state["players"][seat]["markers"][_marker_class(level)] <= 0:
        raise IllegalAction(Msg("You have no city marker of level {level} left.", level=level))  # R5, G4
    _build(state, seat, "city", args[1], level, args[2:], ids, {data.UNIT_TYPES[level - 1]: 3}, ev)


def _build(state, seat, kind, shape, level, where, ids, recipe, ev):
    deck = state["pool"]["cities" if kind == "city" else "roads"][shape]
    if not deck:
        raise IllegalAction(Msg("The {card} deck is empty.", card=data.tile_name(kind, shape)))  # R5
    if where:
        if len(where) != 2 or not where[1].isdigit():
            raise IllegalAction(Msg("Give the square and the rotation (0-3), e.g. c4:1."))
        reason = board.placement_ok(state, seat, where[0], kind, shape, int(where[1]) % 4)
        if reason:
            raise IllegalAction(reason)
    elif not board.legal_placements(state, seat, kind, shape, first_only=True):
        raise IllegalAction(Msg("No square can take {card} now.", card=a_card(data.tile_name(kind, shape))))  # R45
    paid = _pay(state, seat, recipe, ids, Msg("You do not hold the cards to build this city.") if kind == "city"
                else Msg("You do not hold the cards to build this road."))
    tid = pool_take_top(state, deck)
    info = state["terrain"][tid]
    if level:
        what = Msg("level-{level} {card} on {land}", level=level, card=data.tile_name(kind, shape),
                   land=data.terrain_name(info["terrain"]))
    else:
        what = Msg("{card} on {land}", card=data.tile_name(kind, shape), land=data.terrain_name(info["terrain"]))
    ev.add(Msg("{player} plays {cards} and takes {card}.", player=Seat(seat), cards=pubs(state, paid),
               card=a_card(what)), hidden=True)  # R44
    state["pending"] = {"kind": "place", "seat": seat, "tile": tid, "level": level}
    if where:
        _place(state, seat, where[0], int(where[1]) % 4, ev)


def _place(state, seat, sq, rot, ev):
    pend = state["pending"]
    info = state["terrain"][pend["tile"]]
    reason = board.placement_ok(state, seat, sq, info["kind"], info["shape"], rot)
    if reason:
        raise IllegalAction(reason)
    tile = {"card": pend["tile"], "kind": info["kind"], "shape": info["shape"], "rot": rot,
            "terrain": info["terrain"], "owner": None}
    if info["kind"] == "city":
        level = pend["level"]
        tile.update({"owner": seat, "level": level, "defence": 0})
        state["players"][seat]["markers"][_marker_class(level)] -= 1
    state["board"][sq] = tile
    state["pending"] = None
    ev.add(Msg("{player} places the {card} on {square} (rotation {rotation}).", player=Seat(seat),
               card=data.tile_name(info["kind"], info["shape"]), square=sq, rotation=rot))
    newly = board.update_impassable(state)
    if len(newly) == 1:  # R120
        ev.add(Msg("Square {square} becomes impassable: no card fits there any more.", square=newly[0]))
    elif newly:
        ev.add(Msg("Squares {squares} become impassable: no card fits there any more.", squares=all_of(newly)))
    if board.board_full(state):  # R119
        turns.finish(state, Msg("The board is full; {player} placed the last card.", player=Seat(seat)))
        return
    turns.check_five_level4(state)


def do_upgrade(state, seat, args, ev):
    args, ids = _ids_and_rest(args)
    if len(args) != 1:
        raise IllegalAction(Msg("Use upgrade:<square>."))
    sq = args[0]
    tile = state["board"].get(sq)
    if not tile or tile["kind"] != "city" or tile.get("owner") != seat:
        raise IllegalAction(Msg("You can upgrade only a city you control."))  # G14
    if tile["level"] >= 4:  # R49
        raise IllegalAction(Msg("Level 4 is the highest city level."))
    new = tile["level"] + 1
    m = state["players"][seat]["markers"]
    if _marker_class(new) != _marker_class(tile["level"]) and m[_marker_class(new)] <= 0:
        raise IllegalAction(Msg("You have no city marker of level {level} left.", level=new))  # R5, G4
    paid = _pay(state, seat, {data.UNIT_TYPES[new - 1]: 2}, ids,
                Msg("You do not hold the cards to upgrade to level {level}.", level=new))
    if _marker_class(new) != _marker_class(tile["level"]):
        m[_marker_class(new)] -= 1
        m[_marker_class(tile["level"])] += 1
    tile["level"] = new
    ev.add(Msg("{player} plays {cards} and upgrades the city at {square} to level {level}.", player=Seat(seat),
               cards=pubs(state, paid), square=sq, level=new))  # R49
    turns.check_five_level4(state)


# ------------------------------------------------------------------ heroes (R77-R83)

def _fig(arg: str) -> int:
    if arg not in ("1", "2"):
        raise IllegalAction(Msg("Heroes are numbered 1 and 2."))
    return int(arg) - 1


def do_hero(state, seat, args, ev):
    args, ids = _ids_and_rest(args)
    if len(args) != 1:
        raise IllegalAction(Msg("Use hero:<square of your city>."))
    sq = args[0]
    p = state["players"][seat]
    if not board.is_own_city(state, seat, sq):
        raise IllegalAction(Msg("A hero is hired on a city you control."))  # R77, G38
    free = [i for i, h in enumerate(p["heroes"]) if h is None]
    if not free:
        raise IllegalAction(Msg("Both of your heroes are already on the board."))  # R77
    if ids is None:
        ids = auto_pay(state, seat, {"weapon": 1, "supply": 2})
    if ids and any(card(state, c)["t"] == "hammer" and eff_type(state, c) == "weapon" for c in ids):
        pass  # R72: the Hammer may hire a hero as a Weapon outside battle
    _pay(state, seat, {"weapon": 1, "supply": 2}, ids, Msg("You do not hold the cards to hire a hero."))
    p["heroes"][free[0]] = sq
    ev.add(Msg("{player} hires hero {hero} at {square}.", player=Seat(seat), hero=free[0] + 1, square=sq))  # R77


def _horse_cards(state, seat):
    return [c for c in playable_hand(state, seat) if eff_type(state, c) == "horse"]


def horse_for(state, seat, cost: int) -> str | None:
    """The Horse a hero move of `cost` squares takes: the one with the fewest uses that still covers it."""
    per = data.cards()["artifacts"]["horse"]["moves"]
    fit = sorted((h for h in _horse_cards(state, seat) if uses_left(state, h) * per >= cost),
                 key=lambda h: uses_left(state, h))
    return (fit[:1] or _horse_cards(state, seat)[:1] or [None])[0]


def do_move(state, seat, args, ev):
    if len(args) != 3:
        raise IllegalAction(Msg("Use move:<hero 1|2>:<square>:<sup|horse|free|card ids>."))
    fig = _fig(args[0])
    dest, pay = args[1], args[2]
    p = state["players"][seat]
    here = p["heroes"][fig]
    if here is None:
        raise IllegalAction(Msg("That hero is not on the board."))
    costs = board.move_costs(state, seat, here)
    if dest not in costs or dest == here:
        raise IllegalAction(Msg("The hero cannot reach that square along roads."))  # R82
    cost, path = costs[dest]
    if pay == "horse" or (looks_like_ids(pay) and any(eff_type(state, c) == "horse" for c in parse_ids(pay))):
        per = data.cards()["artifacts"]["horse"]["moves"]
        horses = parse_ids(pay) if looks_like_ids(pay) else [h for h in [horse_for(state, seat, cost)] if h]
        if len(horses) != 1 or horses[0] not in playable_hand(state, seat) or eff_type(state, horses[0]) != "horse":
            raise IllegalAction(Msg("Play one Horse to move a hero."))  # R80
        h = horses[0]
        uses = -(-cost // per) if cost else 1
        if uses > uses_left(state, h):  # R80, R117
            raise IllegalAction(plural("A Horse moves one hero up to {n} square.",
                                       "A Horse moves one hero up to {n} squares.", n=per * uses_left(state, h)))
        spend(state, seat, h, max(uses, 1))
        text = Msg("{player} moves hero {hero} {path} paying a Horse.", player=Seat(seat), hero=fig + 1,
                   path="-".join(path))
    elif pay == "free":
        if cost != 0:
            raise IllegalAction(Msg("Only steps onto your home terrain are free."))  # R126
        text = Msg("{player} moves hero {hero} {path} paying nothing.", player=Seat(seat), hero=fig + 1,
                   path="-".join(path))
    else:
        ids = parse_ids(pay) if looks_like_ids(pay) else None
        if cost == 0:
            raise IllegalAction(Msg("That move is free: use move:<hero>:<square>:free."))
        _pay(state, seat, {"supply": cost}, ids,
             Msg("You do not hold the cards to pay {n} Supply for the move.", n=cost))
        text = Msg("{player} moves hero {hero} {path} paying {n} Supply.", player=Seat(seat), hero=fig + 1,
                   path="-".join(path), n=cost)
    p["heroes"][fig] = dest
    ev.add(text)  # R79-R82


def do_wings(state, seat, args, ev):
    if len(args) != 2:
        raise IllegalAction(Msg("Use wings:<hero 1|2>:<square>."))
    fig = _fig(args[0])
    p = state["players"][seat]
    w = next((c for c in playable_hand(state, seat) if printed_type(state, c) == "wings"), None)
    if w is None:
        raise IllegalAction(Msg("You do not hold the {artifact}.", artifact=data.type_name("wings")))
    if p["heroes"][fig] is None:
        raise IllegalAction(Msg("That hero is not on the board."))
    dest = args[1]
    if dest not in state["board"] or dest in state["impassable"]:
        raise IllegalAction(Msg("The Wings carry a hero only to a square with a card on it."))  # R75, G17
    spend(state, seat, w)
    p["heroes"][fig] = dest
    ev.add(Msg("{player} flies hero {hero} to {square} with the {artifact}.", player=Seat(seat), hero=fig + 1,
               square=dest, artifact=data.type_name("wings")))  # R75


# ------------------------------------------------------------------ ambush, tents, great artifacts

def do_ambush(state, seat, args, ev):
    if len(args) != 2:
        raise IllegalAction(Msg("Use ambush:<card>:<card to banish>."))
    cid, ban = args
    p = state["players"][seat]
    for c in (cid, ban):
        if c not in p["hand"] or not fresh(state, c) or is_virtual(c):
            raise IllegalAction(Msg("Card {id} is not an unused card in your hand.", id=c))
    if cid == ban:
        raise IllegalAction(Msg("Banish a different card."))  # R28
    if is_great(state, ban):  # G23
        raise IllegalAction(Msg("Great Artifacts cannot be banished."))
    if len(p["ambush"]) >= data.cards()["ambush_slots"]["count"]:  # R30
        raise IllegalAction(Msg("All three Ambush slots are full."))
    if len(physical_deck(state, seat)) <= data.cards()["min_deck"]["count"]:  # R11, R31
        raise IllegalAction(Msg("Banishing would bring your deck below 10 cards."))
    p["hand"].remove(cid)
    p["hand"].remove(ban)
    p["ambush"].append(cid)
    state["pool"]["void"].append(ban)
    ev.add(Msg("{player} banishes {card} to the Void and puts a card in Ambush.", player=Seat(seat),
               card=a_card(pub(state, ban))),  # R28
           {seat: Msg("{card} is in Ambush.", card=label(state, cid))})


def do_tent(state, seat, args, ev):
    if len(args) not in (2, 3) or not looks_like_ids(args[1]):
        raise IllegalAction(Msg("Use tent:<tent card>:<card[,card]>[:<supply>]."))
    tent_id, stationed = args[0], parse_ids(args[1])
    ids = parse_ids(args[2]) if len(args) == 3 else None
    p = state["players"][seat]
    if tent_id not in p["hand"]:
        raise IllegalAction(Msg("That Tent is not in your hand (a Tent pitched earlier takes no more cards)."))  # R116
    if eff_type(state, tent_id) != "tent" or not fresh(state, tent_id) or is_virtual(tent_id):
        raise IllegalAction(Msg("That card cannot be pitched as a Tent now."))
    room = max_uses(state, tent_id)  # R116: an illuminated Tent takes two cards
    if not 1 <= len(stationed) <= room:
        if room == 1:  # R67
            raise IllegalAction(Msg("This Tent takes 1 card."))
        raise IllegalAction(Msg("This Tent takes 1 or {n} cards.", n=room))  # R116
    for c in stationed:
        if c not in p["hand"] or c == tent_id or not fresh(state, c) or is_virtual(c):
            raise IllegalAction(Msg("Card {id} cannot be stationed.", id=c))
        if is_great(state, c):
            raise IllegalAction(Msg("A Great Artifact cannot be stationed in a Tent."))  # R67
    if ids is None:
        ids = auto_pay(state, seat, {"supply": 1}, exclude=tuple(stationed) + (tent_id,))
        if ids is None:
            raise IllegalAction(Msg("Pitching a Tent costs 1 Supply."))  # R67
    if set(ids) & set(stationed):
        raise IllegalAction(Msg("The Supply paid cannot also be stationed."))
    for cid, uses in match_payment(state, seat, ids, {"supply": 1}):
        spend(state, seat, cid, uses)
    p["hand"].remove(tent_id)
    for c in stationed:
        p["hand"].remove(c)
    p["tents"].append({"tent": tent_id, "cards": stationed, "round": state["round"]})
    ev.add(Msg("{player} pitches a Tent with {cards}.", player=Seat(seat), cards=pubs(state, stationed)))  # R67


def do_strike(state, seat, args, ev):
    if len(args) != 1:
        raise IllegalAction(Msg("Use strike:<tent card>."))
    p = state["players"][seat]
    tent = next((t for t in p["tents"] if t["tent"] == args[0]), None)
    if tent is None:
        raise IllegalAction(Msg("You have no such Tent."))
    p["tents"].remove(tent)
    p["hand"] += tent["cards"]
    _shown(state, tent["cards"])
    p["sanctuary"].append(tent["tent"])
    ev.add(Msg("{player} strikes a Tent and takes back {cards}.", player=Seat(seat),
               cards=pubs(state, tent["cards"])))  # R69


def do_hammer(state, seat, args, ev):
    if len(args) != 1 or args[0] not in data.ARTIFACT_TYPES:
        raise IllegalAction(Msg("Use hammer:<artifact type>."))
    h = next((c for c in state["players"][seat]["hand"] if printed_type(state, c) == "hammer"), None)
    if h is None or not fresh(state, h):
        raise IllegalAction(Msg("You hold no unused {artifact}.", artifact=data.type_name("hammer")))
    if state["turn"]["hammer_role"]:
        raise IllegalAction(Msg("The Hammer takes one role per turn."))  # G36
    state["turn"]["as"][h] = args[0]
    state["turn"]["hammer_role"] = args[0]
    ev.add(Msg("{player} declares the {hammer} {artifact} for this turn.", player=Seat(seat),
               hammer=data.type_name("hammer"), artifact=a_card(data.type_name(args[0]))))  # R72


def do_horn(state, seat, args, ev):
    p = state["players"][seat]
    h = next((c for c in playable_hand(state, seat) if printed_type(state, c) == "horn"), None)
    if h is None:
        raise IllegalAction(Msg("You do not hold the {artifact}.", artifact=data.type_name("horn")))
    spend(state, seat, h)
    if not p["realm"]:
        ev.add(Msg("{player} blows the {horn}; the Realm is empty.", player=Seat(seat),
                   horn=data.type_name("horn")))  # R76
        return
    state["pending"] = {"kind": "horn", "seat": seat,
                        "max": min(data.cards()["great_artifacts"]["horn"]["picks"], len(p["realm"]))}
    ev.add(Msg("{player} blows the {horn} and searches the Realm.", player=Seat(seat), horn=data.type_name("horn")),
           hidden=True)  # R76


def do_claim(state, seat, args, ev):
    if len(args) != 1:
        raise IllegalAction(Msg("Use claim:<square>."))
    sq = args[0]
    tile = state["board"].get(sq)
    if not tile or tile.get("owner") != "empty":
        raise IllegalAction(Msg("Only an empty neutral city can be claimed."))  # R99, G20
    if sq not in state["players"][seat]["heroes"]:
        raise IllegalAction(Msg("Your hero must be on that city."))
    if state["players"][seat]["markers"]["low"] <= 0:
        raise IllegalAction(Msg("You have no level-1 marker left."))
    state["players"][seat]["markers"]["low"] -= 1
    tile.update({"owner": seat, "level": 1, "defence": 0})
    ev.add(Msg("{player} claims the empty city at {square} as a level-1 city.", player=Seat(seat),
               square=sq))  # R99, G20


# ------------------------------------------------------------------ transformations (R58-R66)

def _transform_target(state, seat, cid, allow_line=True):
    p = state["players"][seat]
    if cid in p["hand"]:
        zone = "hand"
    elif allow_line and cid in p["line"]:
        zone = "line"
    else:
        raise IllegalAction(Msg("The card to transform must be in your hand or your battle line."))
    if is_great(state, cid):
        raise IllegalAction(Msg("Great Artifacts cannot be transformed."))  # R71
    if cid in state["turn"]["transformed"] or is_virtual(cid):  # R13, R113
        raise IllegalAction(Msg("A card receives at most one transformation per turn."))
    if zone == "hand" and not fresh(state, cid):
        raise IllegalAction(Msg("That card has already been used this turn."))
    return zone


def _transformer(state, seat, cid, kind):
    p = state["players"][seat]
    if cid not in p["hand"] or eff_type(state, cid) != kind or uses_left(state, cid) <= 0:
        raise IllegalAction(Msg("You hold no usable {type} {id}.", type=data.type_name(kind), id=cid))
    if state["battle"] and card(state, cid)["t"] == "hammer":  # R72
        raise IllegalAction(Msg("The {hammer} has no power once a battle has started.",
                                hammer=data.type_name("hammer")))


def _mark_changed(state, seat):
    if state["battle"] and seat in (state["battle"]["attacker"], state["battle"]["defender"]):
        state["battle"]["changed"] = True  # G40: a transformation counts as adding to the line


def _swap(state, seat, old, new, zone):
    z = state["players"][seat][zone]
    z[z.index(old)] = new
    state["turn"]["transformed"].append(new)
    if state["battle"] and old in state["battle"]["uses"]:
        state["battle"]["uses"].pop(old)


def do_amulet(state, seat, args, ev):
    if len(args) != 2:
        raise IllegalAction(Msg("Use amulet:<amulet>:<card>."))
    aid, target = args
    _transformer(state, seat, aid, "amulet")
    if target == aid:
        raise IllegalAction(Msg("An Amulet cannot transform itself."))
    zone = _transform_target(state, seat, target)
    roll = next_random(state).randint(1, 6)
    spend(state, seat, aid)
    p = state["players"][seat]
    state["turn"]["transformed"].append(target)
    _mark_changed(state, seat)
    who = dict(player=Seat(seat), roll=roll, card=pub(state, target))
    if roll in (2, 3):  # R58, R60, G34: virtual copies for this turn
        for _ in range(roll - 1):
            state["next_id"]["v"] += 1
            vid = f"v{state['next_id']['v']}"
            state["virtual"][vid] = {"t": eff_type(state, target), "f": faction(state, target), "of": target}
            p[zone].append(vid)
            state["turn"]["transformed"].append(vid)
            if zone == "line" and eff_type(state, vid) in ("weapon", "horse"):
                state["battle"]["uses"][vid] = 1
        if roll == 2:
            text = Msg("{player} rolls {roll} for the Amulet on {card}: it counts twice this turn.", **who)
        else:
            text = Msg("{player} rolls {roll} for the Amulet on {card}: it counts three times this turn.", **who)
    elif roll == 4:
        p[zone].remove(target)
        if len(p["ambush"]) >= data.cards()["ambush_slots"]["count"]:
            state["pending"] = {"kind": "drop", "seat": seat, "card": target}  # R30, R61
            text = Msg("{player} rolls {roll} for the Amulet on {card}: it goes to Ambush; the slots are full, so "
                       "one Ambush card must be discarded.", **who)
        else:
            p["ambush"].append(target)
            text = Msg("{player} rolls {roll} for the Amulet on {card}: it goes to Ambush.", **who)  # R58
    elif roll == 5:
        p[zone].remove(target)
        p["sanctuary"].append(target)
        text = Msg("{player} rolls {roll} for the Amulet on {card}: it is discarded to the Sanctuary.", **who)  # R58
    elif roll == 6:
        state["pending"] = {"kind": "wild", "seat": seat, "card": target}
        text = Msg("{player} rolls {roll} for the Amulet on {card}: it becomes a wild card.", **who)  # R58
    else:
        text = Msg("{player} rolls {roll} for the Amulet on {card}: nothing happens.", **who)
    # R58: after a 4 or 5 the Amulet goes to the Sanctuary at once (a virtual copy simply lapses, G34)
    if roll in (4, 5) and aid in p["played"] and not is_virtual(aid):
        p["played"].remove(aid)
        p["sanctuary"].append(aid)
    ev.add(text, hidden=True)


def do_title(state, seat, args, ev):
    if len(args) not in (2, 3):
        raise IllegalAction(Msg("Use title:<title>:<unit>[:2]."))
    tid, unit = args[0], args[1]
    steps = 2 if len(args) == 3 and args[2] == "2" else 1
    _transformer(state, seat, tid, "title")
    zone = _transform_target(state, seat, unit)
    t = printed_type(state, unit)
    if t not in data.RANK or eff_type(state, unit) != t:
        raise IllegalAction(Msg("A Title upgrades a unit card."))  # R63
    if steps > uses_left(state, tid):  # R114
        raise IllegalAction(Msg("Only an illuminated Title upgrades two ranks."))
    if data.RANK[t] + steps > 4:  # R63, G35
        raise IllegalAction(Msg("A Commander cannot be upgraded; a Priest only becomes a Commander."))
    higher = data.UNIT_TYPES[data.RANK[t] - 1 + steps]
    deck = state["pool"]["units"][higher]
    if not deck:
        raise IllegalAction(_empty_deck(higher))  # G16
    spend(state, seat, tid, steps)
    state["pool"]["units"][t].append(unit)  # R63: to the bottom of its deck
    new = pool_search(state, deck, faction(state, unit))
    _swap(state, seat, unit, new, zone)
    _mark_changed(state, seat)
    ev.add(Msg("{player} uses a Title: {card} becomes {new}.", player=Seat(seat), card=a_card(pub(state, unit)),
               new=a_card(pub(state, new))), hidden=True)  # R63


def do_scroll(state, seat, args, ev):
    if len(args) != 3:
        raise IllegalAction(Msg("Use scroll:<scroll>:<card|self>:<faction>."))
    sid, target, want = args
    if want not in state["options"]["factions"]:
        raise IllegalAction(Msg("Declare one of the factions in play."))
    _transformer(state, seat, sid, "scroll")
    p = state["players"][seat]
    if target == "self":
        if printed_type(state, sid) != "scroll" or sid in state["turn"]["transformed"] or is_virtual(sid):
            raise IllegalAction(Msg("Only a Spell Scroll that has not been transformed itself can change itself."))  # R66
        deck = state["pool"]["artifacts"]["scroll"]
        spent_before = state["turn"]["spent"].get(sid, 0)
        p["hand"].remove(sid)
        deck.append(sid)
        new = pool_search(state, deck, want)
        p["hand"].append(new)
        state["turn"]["transformed"].append(new)
        state["turn"]["spent"][new] = spent_before
        spend(state, seat, new)  # R66: unless illuminated it cannot transform another card now
        ev.add(Msg("{player}'s Spell Scroll changes itself into {card}.", player=Seat(seat),
                   card=a_card(pub(state, new))), hidden=True)  # R66
        return
    zone = _transform_target(state, seat, target)
    t = printed_type(state, target)
    if t not in data.RANK and t not in data.ARTIFACT_TYPES:
        raise IllegalAction(Msg("A Spell Scroll changes a unit or an artifact."))  # R64
    if eff_type(state, target) != t:
        raise IllegalAction(Msg("That card is acting as another type this turn."))
    if target == sid:
        raise IllegalAction(Msg("Use scroll:<scroll>:self:<faction> to change the Scroll itself."))
    spend(state, seat, sid)
    deck = state["pool"]["units"][t] if t in data.RANK else state["pool"]["artifacts"][t]
    deck.append(target)  # G16: returned to the bottom first
    new = pool_search(state, deck, want)
    if state["battle"] and target in state["battle"]["uses"]:
        state["battle"]["uses"][new] = state["battle"]["uses"][target]
    _swap(state, seat, target, new, zone)
    _mark_changed(state, seat)
    ev.add(Msg("{player} uses a Spell Scroll: {card} becomes {new}.", player=Seat(seat),
               card=a_card(pub(state, target)), new=a_card(pub(state, new))), hidden=True)  # R65


# ------------------------------------------------------------------ battle (R84-R107)

def do_attack(state, seat, args, ev):
    if len(args) != 3:
        raise IllegalAction(Msg("Use attack:<square>:<city|neutral|ruins|p<seat>>:<heroes, e.g. 1 or 1,2>."))
    sq, target, heroes = args
    figs = [_fig(h) for h in heroes.split(",") if h]
    ev.add(bt.start(state, seat, sq, target, figs))


def _battle_action(state, seat, parts, ev):
    b = state["battle"]
    verb = parts[0]
    args = parts[1:]
    mover = bt.side_to_move(state)
    if seat != mover:
        raise IllegalAction(Msg("It is not your move in this battle."))
    if b["stage"] == "decide":
        return _decide(state, seat, verb, args, ev)
    if verb == "add":
        if len(args) not in (1, 2) or (len(args) == 2 and args[1] not in ("1", "2")):
            raise IllegalAction(Msg("Use add:<card>, or add:<card>:<1|2> for an illuminated Weapon or Horse."))
        ev.add(bt.add(state, seat, args[0], int(args[1]) if len(args) == 2 else None))
        return
    if verb == "commit":
        text, over = bt.commit(state, seat)
        ev.add(text)
        if over:
            _resolve_attack_success(state, ev)
        return
    if verb == "pass":
        if b["stage"] == "opening":
            raise IllegalAction(Msg("Cancel the attack instead (cancel), or complete the opening."))
        return _end_battle(state, ev, passed=seat)
    if verb == "cancel":
        if b["stage"] != "opening":
            raise IllegalAction(Msg("Only an unfinished opening can be cancelled."))
        p = state["players"][seat]
        spent = state["turn"]["spent"]
        forks = b.get("forks", {})
        for vid in forks:  # R110, G34: a forked card's copy goes with the use it stood for
            for zone in ("hand", "line"):
                if vid in p[zone]:
                    p[zone].remove(vid)
            state["virtual"].pop(vid, None)
            spent.pop(vid, None)
        added = b.get("added", {})
        for c in p["line"]:  # give back only the uses spent in this opening (earlier rows stay spent)
            left = spent.get(c, 0) - added.get(c, spent.get(c, 0))
            if left > 0:
                spent[c] = left
            else:
                spent.pop(c, None)
        p["hand"] += p["line"]
        _shown(state, p["line"])
        p["line"] = []
        state["battle"] = None
        ev.add(Msg("{player} calls off the attack.", player=Seat(seat)))
        return
    if verb in ("amulet", "title", "scroll"):
        return ACTIONS[verb](state, seat, args, ev)
    if verb == "strike":  # R69: the owner during his own actions (attacker) or when attacked (defender)
        return do_strike(state, seat, args, ev)
    if verb == "hammer":  # R72
        raise IllegalAction(Msg("The {hammer} has no power once a battle has started.", hammer=data.type_name("hammer")))
    raise IllegalAction(Msg("In battle you may add cards, transform, close your play (commit) or pass."))


def _decide(state, seat, verb, args, ev):
    b = state["battle"]
    p = state["players"][seat]
    if verb == "strike":
        return do_strike(state, seat, args, ev)  # R69: Tents at any time during the battle
    state["turn"]["defended"] = sorted(set(state["turn"]["defended"]) | {seat})
    if verb == "surrender":  # G22
        ev.add(Msg("{player} surrenders.", player=Seat(seat)))
        return _finish_player_battle(state, ev, attacker_wins=True)
    if verb == "retreat":
        if b["target"] != "hero":
            raise IllegalAction(Msg("Retreat is possible only when a hero alone is attacked."))  # R96
        if len(args) != 2:
            raise IllegalAction(Msg("Use retreat:<square>:<sup|horse|card ids>."))
        dest, pay = args
        opts = bt.retreat_options(state)
        if dest not in opts:
            raise IllegalAction(Msg("The hero can retreat only 2 or 3 squares along roads to a safe square."))  # R96, G32
        if pay == "horse" or (looks_like_ids(pay) and len(parse_ids(pay)) == 1 and eff_type(state, parse_ids(pay)[0]) == "horse"):
            horses = parse_ids(pay) if looks_like_ids(pay) else _horse_cards(state, seat)[:1]
            if not horses or horses[0] not in playable_hand(state, seat) or eff_type(state, horses[0]) != "horse":
                raise IllegalAction(Msg("You hold no Horse."))
            spend(state, seat, horses[0])  # one Horse use covers 2-3 squares (R96, R117, G32)
        else:
            _pay(state, seat, {"supply": opts[dest]}, parse_ids(pay) if looks_like_ids(pay) else None,
                 Msg("You do not hold the cards to pay {n} Supply to retreat.", n=opts[dest]))
        p["heroes"][b["attacked_hero"]] = dest
        ev.add(Msg("{player}'s hero retreats to {square}; the battle ends.", player=Seat(seat), square=dest))  # R96
        _cleanup_battle(state)
        return
    if verb == "fight":
        if len(args) != 2 or args[0] not in ("y", "n"):
            raise IllegalAction(Msg("Use fight:<y|n ambush pick-up>:<heroes taking part, e.g. 1,2 or ->."))
        figs = sorted({_fig(h) for h in args[1].split(",") if h and h != "-"})
        on_square = bt.defender_heroes_on(state)
        if any(f not in on_square for f in figs):
            raise IllegalAction(Msg("Only heroes on the battle square can take part."))  # R86, R87
        if b["target"] == "hero" and b["attacked_hero"] not in figs:  # R86
            raise IllegalAction(Msg("The attacked hero must take part."))
        b["def_heroes"] = figs
        if args[0] == "y":
            if not p["ambush"]:
                raise IllegalAction(Msg("You have no Ambush cards."))
            n = turns.pick_up_ambush(state, seat)
            ev.add(plural("{player} fights back and picks up {n} Ambush card.",
                          "{player} fights back and picks up {n} Ambush cards.", n=n, player=Seat(seat)))  # R92
        else:
            b["ambush_declined"] = True
            ev.add(Msg("{player} fights back.", player=Seat(seat)))  # R92
        b["stage"] = "defender"
        b["changed"] = False
        return
    raise IllegalAction(Msg("Choose to fight back, surrender or retreat."))  # R92


def _end_battle(state, ev, passed):
    a_total, d_total = bt.totals(state)
    ev.add(Msg("{player} passes; the battle ends {attack}:{defence}.", player=Seat(passed), attack=a_total,
               defence=d_total))  # R94
    _finish_player_battle(state, ev, attacker_wins=a_total > d_total)


def _finish_player_battle(state, ev, attacker_wins):
    b = state["battle"]
    att, dfd = b["attacker"], b["defender"]
    ap, dp = state["players"][att], state["players"][dfd]
    sq = b["square"]
    if attacker_wins:
        for f in b["def_heroes"]:
            dp["heroes"][f] = None  # R95
        if b["target"] == "city":
            ev.add(Msg("{player} wins the battle; {outcome}.", player=Seat(att), outcome=_conquer(state, att, sq)))
        else:
            ev.add(Msg("{player} wins the battle.", player=Seat(att)))
    else:
        for f in b["att_heroes"]:
            ap["heroes"][f] = None
        if len(b["att_heroes"]) == 1:  # R94, R95
            ev.add(Msg("{player} repels the attack; the attacking hero is disbanded.", player=Seat(dfd)))
        else:
            ev.add(Msg("{player} repels the attack; the attacking heroes are disbanded.", player=Seat(dfd)))
    _cleanup_battle(state)
    turns.check_five_level4(state)


def _cleanup_battle(state):
    b = state["battle"]
    ap = state["players"][b["attacker"]]
    ap["played"] += ap["line"]
    ap["line"] = []
    if b["defender"] is not None:
        dp = state["players"][b["defender"]]
        dp["sanctuary"] += [c for c in dp["line"] + dp["played"] if not is_virtual(c)]  # G21
        dp["line"], dp["played"] = [], []
        # R110, G21, G34: an illuminated artifact the defender used only partly is a used card too: it
        # goes to his Sanctuary now; its use left stays in hand as a copy until the end of this turn
        lay_down_partly_used(state, b["defender"], keep_uses=True)
        state["turn"]["defended"] = sorted(set(state["turn"]["defended"]) | {b["defender"]})
    state["battle"] = None


def _place_marker(state, seat, sq, level, own_event=False):
    """R99/G20: same level if possible, else the highest available lower level, else empty neutral. Returns
    what became of the city: part of a sentence, or (`own_event`) the start of a sentence of its own."""
    m = state["players"][seat]["markers"]
    tile = state["board"][sq]
    choices = [lv for lv in range(level, 0, -1) if m[_marker_class(lv)] > 0]
    if not choices:
        tile.update({"owner": "empty", "level": 0, "defence": 0})
        return Msg("{player} has no marker to place: the city at {square} becomes an empty neutral city",
                   player=Seat(seat), square=sq)  # G20
    lv = choices[0]
    m[_marker_class(lv)] -= 1
    tile.update({"owner": seat, "level": lv, "defence": 0})
    if own_event:
        return Msg("The city at {square} becomes a level-{level} city of {player}", square=sq, level=lv,
                   player=Seat(seat))
    return Msg("the city at {square} becomes a level-{level} city of {player}", square=sq, level=lv, player=Seat(seat))


def _conquer(state, seat, sq):
    tile = state["board"][sq]
    old = tile["owner"]
    state["players"][old]["markers"][_marker_class(tile["level"])] += 1
    return _place_marker(state, seat, sq, tile["level"])


def _resolve_attack_success(state, ev):
    b = state["battle"]
    seat = b["attacker"]
    p = state["players"][seat]
    sq = b["square"]
    p["played"] += p["line"]
    p["line"] = []
    kind = b["kind"]
    state["battle"] = None
    if kind == "neutral":
        tile = state["board"][sq]
        became = _place_marker(state, seat, sq, 4, own_event=True)
        terrain_faction = tile.get("terrain")
        # R104: a Commander of the city's terrain faction (else the top card) and a Supply card
        cmd = pool_search(state, state["pool"]["units"]["commander"], terrain_faction, reshuffle=False)
        sup = pool_take_top(state, state["pool"]["supply"])
        for c in (cmd, sup):
            if c:
                _gain(state, seat, c)
        gained = [c for c in (cmd, sup) if c]
        what = all_of([a_card(pub(state, c)) for c in gained]) if gained else Msg("nothing")  # R104
        text = Msg("{outcome}; {player} gains {cards}.", outcome=became, player=Seat(seat), cards=what)
        if state["options"]["variant"] == "scenario2":
            p["neutral_taken"] += 1
            g = state["pool"]["hidden_great"].pop(sq, None)
            if g:
                if p["great"] is None:
                    p["great"] = g
                    _gain(state, seat, g)
                    text = Msg("{outcome}; {player} gains {cards} and the {artifact} hidden under it.",
                               outcome=became, player=Seat(seat), cards=what, artifact=pub(state, g))  # R132
                else:
                    state["pool"]["box"].append(g)  # R43: one Great Artifact per player (design)
        ev.add(text)
        turns.check_five_level4(state)
    else:
        if len(state["pool"]["great"]) == 1:
            _take_great(state, seat, state["pool"]["great"][0], ev)
        else:
            state["pending"] = {"kind": "great", "seat": seat}
            ev.add(Msg("{player} defeats the Ruins guardians and chooses a Great Artifact.", player=Seat(seat)))  # R107


def _take_great(state, seat, cid, ev):
    state["pool"]["great"].remove(cid)
    state["players"][seat]["great"] = cid
    _gain(state, seat, cid)
    state["pending"] = None
    ev.add(Msg("{player} takes the {artifact} from the Ruins.", player=Seat(seat), artifact=pub(state, cid)))  # R107


# ------------------------------------------------------------------ pending choices

def _pending(state, seat, parts, ev):
    pend = state["pending"]
    verb, args = parts[0], parts[1:]
    kind = pend["kind"]
    p = state["players"][seat]
    if kind == "place":
        if verb != "place" or len(args) != 2 or not args[1].isdigit():
            raise IllegalAction(Msg("Place the card: place:<square>:<rotation 0-3>."))
        return _place(state, seat, args[0], int(args[1]) % 4, ev)
    if kind == "wild":
        if verb != "wild" or len(args) != 1 or args[0] not in data.WILD_TYPES:
            raise IllegalAction(Msg("Choose what the wild card counts as: wild:<type>."))
        state["turn"]["as"][pend["card"]] = args[0]
        if state["battle"] and args[0] in ("weapon", "horse"):
            state["battle"]["uses"][pend["card"]] = 1
        state["pending"] = None
        ev.add(Msg("{player}'s wild card counts as {card} this turn.", player=Seat(seat),
                   card=a_card(data.type_name(args[0]))))  # R58, G15
        return
    if kind == "drop":
        if verb != "drop" or len(args) != 1 or args[0] not in p["ambush"]:
            raise IllegalAction(Msg("Discard one of your Ambush cards: drop:<card>."))  # R30
        p["ambush"].remove(args[0])
        p["sanctuary"].append(args[0])
        p["ambush"].append(pend["card"])
        state["pending"] = None
        ev.add(Msg("{player} discards an Ambush card to make room.", player=Seat(seat)))  # R30
        return
    if kind == "horn":
        if verb != "hornpick" or len(args) != 1:
            raise IllegalAction(Msg("Choose up to two Realm cards: hornpick:<ids> or hornpick:none."))
        picks = [] if args[0] == "none" else parse_ids(args[0])
        if len(set(picks)) != len(picks) or len(picks) > pend["max"] or any(c not in p["realm"] for c in picks):
            raise IllegalAction(plural("Pick up to {n} different card of your Realm.",
                                       "Pick up to {n} different cards of your Realm.", n=pend["max"]))  # R76
        for c in picks:
            p["realm"].remove(c)
            p["hand"].append(c)
        _shown(state, picks)
        shuffle(state, p["realm"])
        state["pending"] = None
        ev.add(Msg("{player} shows {cards} from the Realm and shuffles it.", player=Seat(seat),
                   cards=pubs(state, picks)), hidden=True)  # R76
        return
    if kind == "great":
        if verb != "great" or len(args) != 1:
            raise IllegalAction(Msg("Choose a Great Artifact: great:<hammer|sword|shield|wings|horn>."))
        cid = next((c for c in state["pool"]["great"] if printed_type(state, c) == args[0]), None)
        if cid is None:
            raise IllegalAction(Msg("That Great Artifact is not available."))
        return _take_great(state, seat, cid, ev)
    raise IllegalAction(Msg("Unknown pending choice."))


def do_end(state, seat, args, ev):
    for t in turns.end_turn(state):
        ev.add(t, hidden=True)


# moves of another step, asked for during the actions of a turn
NOT_NOW = {**dict.fromkeys(("faction", "startcity"), Msg("The setup is over.")),
           **dict.fromkeys(START_VERBS, Msg("Your turn has already started.")),
           **dict.fromkeys(("add", "commit", "pass", "cancel", "fight", "retreat", "surrender"),
                           Msg("There is no battle going on.")),
           **dict.fromkeys(("place", "wild", "drop", "hornpick", "great"), Msg("Nothing is waiting for that choice."))}

ACTIONS = {
    "hire": do_hire, "craft": do_craft, "road": do_road, "city": do_city, "upgrade": do_upgrade,
    "hero": do_hero, "move": do_move, "wings": do_wings, "ambush": do_ambush, "tent": do_tent,
    "strike": do_strike, "hammer": do_hammer, "horn": do_horn, "claim": do_claim,
    "amulet": do_amulet, "title": do_title, "scroll": do_scroll, "attack": do_attack, "end": do_end,
}
