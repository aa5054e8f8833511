"""The Battle Line state machine: setup, turn steps, card plays, claims, end of game, series.

The state is a plain JSON-serialisable dict (see `setup`); `apply` never mutates its input.
Every rule implementation cites its R/D number from the spec.

The engine as a whole (the package declares it in `engine/battleline/__init__.py`):

The state holds its own RNG; it keeps no action log (the store does): `replay_actions(players, options, seed,
actions)` rebuilds a state from its setup and a list of (seat, action id). A state stored with
an older version's log (`state["actions"]`) still plays; `apply` leaves that key out.

Card ids: troops `<colour><value>` with colours red, blue, green, yellow, orange, purple (D1)
and values 1-10 (`red7`, `orange10`); tactics `T-ALEX`, `T-DARIUS`, `T-CC`, `T-SB`, `T-FOG`,
`T-MUD`, `T-SCOUT`, `T-REDEPLOY`, `T-DESERTER`, `T-TRAITOR`. Flags are numbered 1-9 (D2).

Action id grammar (colon separated, the same move always has the same id):

    play:<card>:<flag>                            troop, morale (Leader/CC/SB) or Fog/Mud card
    play:T-SCOUT                                  Scout; then the scout sub-steps below
    play:T-REDEPLOY:<fromflag>:<card>:<toflag>    move one of your own cards (troop, morale, Fog, Mud)
    play:T-REDEPLOY:<fromflag>:<card>:discard     ... or discard it
    play:T-DESERTER:<flag>:<card>                 discard an opponent's card
    play:T-TRAITOR:<fromflag>:<card>:<toflag>     take an opponent's troop card (toflag may equal fromflag)
    scout:draw:troop | scout:draw:tactics         one Scout draw (automatic when only one deck has cards)
    scout:return:<card>                           put a hand card back on top of its deck; when both
                                                  returns go to the same deck, the later one ends on top (D11)
    claim:<flag>                                  claim a flag (rejected with a public-information witness)
    done                                          end the claim step
    draw:troop | draw:tactics                     step (c) draw (automatic when only one deck has cards)
    pass                                          only when no troop card can be played (R14); no claim
                                                  goes with it (R6) unless the match option
                                                  claim_on_pass (house rule D7) is on
    muddiscard:<card>                             discard from your side after Mud left the flag (D5)

Only the listed ids are moves: apply refuses every other spelling (case, spaces, a card's alias, a
flag written 03), with the reason a handler gives when there is one (a claim the proof rejects).

Each action also carries its `path` (engine.base.Choice steps: verb, card, target; see
`paths`), so a UI never parses ids; `RULES.prompt` says what a seat is asked now, `RULES.options`
declares the match options (variant, series_target) and `help` holds the rules texts.

Every text for a reader (events, refusals, labels, prompts, reasons, the rules help) is a `Msg`
(engine/text.py) in the "battleline" catalogue, naming seats with `Seat(n)`; card, colour and
formation names are terms of data/battleline/glossary.csv. The state keeps its texts (the log,
results, counted identities) in their JSON form; `view` gives them back as `Msg`s.

Steps (`view()["step"]`): play, claim, draw, scout_draw, scout_return, mud_discard, over.
Automation (spec 11.4): a claim step with nothing provable is skipped, and one is left as soon as
nothing more is provable; a player who can play no troop card and holds no tactics card he may play
by count (R40) passes automatically (a decision from public facts only: holding a tactics card he is
asked, even when it has no target; with the D7 option he still gets a claim step); draws are
automatic when only one deck has cards and skipped when both are empty; a full cycle of passes ends
the game as a D14 stalemate. `RULES.redeal` is the secrecy hook (secrecy.py).
"""
from __future__ import annotations

import marshal

from engine.base import Action, Event, IllegalAction, Option, Result
from engine.rng import new_rng_state, next_random
from engine.text import Msg, from_json, plural, to_json

from . import paths
from .cards import (
    ENVIRONMENT,
    LEADERS,
    MORALE,
    TACTIC_IDS,
    TROOP_IDS,
    card_dict,
    card_label,
    is_morale,
    is_tactic,
    is_troop,
    normalise_card,
    sort_cards,
)
from .formations import FOG_RANK, classify, describe_key, formation_name
from .layout import LAYOUTS
from .proof import (
    check_claim,
    completed_at,
    flag_has_fog,
    flag_limit,
    identity_label,
    player_name,
    provable_checks,
    provable_flags,
    side_completion,
    side_index,
    split_side,
)

VARIANTS = ("standard", "advanced", "endclaim")
SERIES_MAX = 100         # the longest series a match may ask for (D17)
OPTIONS = (
    Option("variant", "choice", "standard", Msg("When flags are claimed (standard: after playing a card)"),
           label=Msg("variant"),
           choices=(("standard", Msg("standard: play, claim, draw")),    # R2
                    ("advanced", Msg("advanced: claim, play, draw")),    # R59
                    ("endclaim", Msg("endclaim: play, draw, claim")))),  # R60
    Option("series_target", "int", 0,
           Msg("0 = a single game; more = a series, first to that many points (5 per win)"),
           label=Msg("series to"), min=0, max=SERIES_MAX, command="series"),  # R57, D17
    # D7 (house): the seed's pass is no action at all (「略过(不做任何动作,直接由对方行动)」), so by
    # default a passing player claims nothing; this option gives him the claim step anyway
    Option("claim_on_pass", "bool", False,
           Msg("House rule: a player who passes may still claim flags (the rulebook: a pass is no action at all)"),
           label=Msg("claims when passing")),
)
CLAIM_ON_PASS = OPTIONS[2]
HAND_SIZE = 7            # [S8]
LOG_KEEP = 30            # public log lines kept in the state
VIEW_LOG = 10            # public log lines shown in a view
WIN_POINTS = 5           # R57


# --------------------------------------------------------------------------- helpers

def _copy(state: dict) -> dict:
    """A deep copy; the state holds only dicts, lists, str, int, bool and None."""
    return marshal.loads(marshal.dumps(state))


def _say(state: dict, events: list, public: Msg, private: dict | None = None, hidden: bool = False) -> None:
    """An event; its public text also goes to the log, kept in the state in its JSON form."""
    events.append(Event(public, dict(private or {}), hidden))
    state["log"].append(to_json(public))
    del state["log"][:-LOG_KEEP]


def _already_full(flag_no: int, limit: int) -> IllegalAction:
    """R8/R48: a side holds at most three cards, four with Mud."""
    if limit == 4:
        return IllegalAction(Msg("Flag {flag} already has four of your cards.", flag=flag_no))
    return IllegalAction(Msg("Flag {flag} already has three of your cards.", flag=flag_no))


def _flag(state: dict, flag_no: int) -> dict:
    return state["flags"][flag_no - 1]


def _parse_flag(text: str) -> int:
    try:
        n = int(text)
    except (TypeError, ValueError):
        raise IllegalAction(Msg("{text} is not a flag; flags are numbered 1 to 9.", text=repr(text))) from None
    if not 1 <= n <= 9:
        raise IllegalAction(Msg("There is no flag {flag}; flags are numbered 1 to 9.", flag=n))
    return n


def _opponents(state: dict, seat: int) -> list[int]:
    return [s for s in range(state["players"]) if s != seat]


def _flags_held(state: dict, seat: int) -> int:
    return sum(1 for f in state["flags"] if f["claimed_by"] == seat)


def _open_slot(flag: dict, seat: int) -> bool:
    """R8, R9: an unclaimed flag where this seat's side holds fewer cards than the limit."""
    if flag["claimed_by"] is not None:
        return False
    seats = flag["seats"]
    if seat == seats[0]:
        side = flag["sides"][0]
    elif seat == seats[1]:
        side = flag["sides"][1]
    else:
        return False
    return len(side["cards"]) < flag_limit(flag)


def _open_flags(state: dict, seat: int) -> list[int]:
    return [f["n"] for f in state["flags"] if _open_slot(f, seat)]


def _my_unclaimed_flags(state: dict, seat: int) -> list[dict]:
    return [f for f in state["flags"] if f["claimed_by"] is None and side_index(f, seat) is not None]


def _can_play_troop(state: dict, seat: int) -> bool:
    """R12: a troop card in hand and an open slot at an unclaimed flag."""
    return any(is_troop(c) for c in state["hands"][seat]) and bool(_open_flags(state, seat))


def _tactics_limit_ok(state: dict, seat: int) -> bool:
    """R40: played so far must be no more than every opponent's count (D9: plays from hand only)."""
    played = state["tactics_played"]
    return all(played[seat] <= played[o] for o in _opponents(state, seat))


def _tactic_targets(state: dict, seat: int, card: str) -> list[tuple[str, str]]:
    """Every legal use of one tactics card as (id, label) (D10: playable only if its effect
    can be carried out)."""
    out: list[tuple[str, str]] = []
    label = card_label(card)
    if card in MORALE:  # R10, R41: played like a troop card
        if card in LEADERS and state["leader_used"][seat]:  # R43
            return out
        for n in _open_flags(state, seat):
            out.append((f"play:{card}:{n}", Msg("Play {card} at flag {flag}", card=label, flag=n)))
    elif card in ENVIRONMENT:  # R46, D10: any unclaimed flag, empty or not
        for f in _my_unclaimed_flags(state, seat):
            if all(e["card"] != card for e in f["env"]):
                out.append((f"play:{card}:{f['n']}", Msg("Play {card} at flag {flag}", card=label, flag=f["n"])))
    elif card == "T-SCOUT":  # R50, D11: needs something to draw
        if state["troop_deck"] or state["tactics_deck"]:
            out.append(("play:T-SCOUT", Msg("Play Scout: draw 3 cards, then put 2 back")))
    elif card == "T-REDEPLOY":  # R51, D10
        mine = _my_unclaimed_flags(state, seat)
        for f in mine:
            i = side_index(f, seat)
            for c in f["sides"][i]["cards"]:
                for g in mine:
                    if g["n"] != f["n"] and _open_slot(g, seat):
                        out.append((f"play:T-REDEPLOY:{f['n']}:{c}:{g['n']}",
                                    Msg("Redeploy {card} from flag {source} to flag {dest}", card=card_label(c),
                                        source=f["n"], dest=g["n"])))
                out.append((f"play:T-REDEPLOY:{f['n']}:{c}:discard",
                            Msg("Redeploy: discard {card} from flag {flag}", card=card_label(c), flag=f["n"])))
            for e in f["env"]:
                if e["seat"] != seat:
                    continue
                for g in mine:
                    if g["n"] != f["n"] and all(x["card"] != e["card"] for x in g["env"]):
                        out.append((f"play:T-REDEPLOY:{f['n']}:{e['card']}:{g['n']}",
                                    Msg("Redeploy {card} from flag {source} to flag {dest}",
                                        card=card_label(e["card"]), source=f["n"], dest=g["n"])))
                out.append((f"play:T-REDEPLOY:{f['n']}:{e['card']}:discard",
                            Msg("Redeploy: discard {card} from flag {flag}", card=card_label(e["card"]),
                                flag=f["n"])))
    elif card == "T-DESERTER":  # R52
        for f in _my_unclaimed_flags(state, seat):
            j = 1 - side_index(f, seat)
            for c in f["sides"][j]["cards"]:
                out.append((f"play:T-DESERTER:{f['n']}:{c}",
                            Msg("Deserter: discard {card} from flag {flag}", card=card_label(c), flag=f["n"])))
            for e in f["env"]:
                if e["seat"] == f["seats"][j]:
                    out.append((f"play:T-DESERTER:{f['n']}:{e['card']}",
                                Msg("Deserter: discard {card} from flag {flag}", card=card_label(e["card"]),
                                    flag=f["n"])))
    elif card == "T-TRAITOR":  # R53, D10 (the same flag is allowed)
        dests = _open_flags(state, seat)
        if dests:
            for f in _my_unclaimed_flags(state, seat):
                j = 1 - side_index(f, seat)
                for c in f["sides"][j]["cards"]:
                    if is_troop(c):
                        for g in dests:
                            out.append((f"play:T-TRAITOR:{f['n']}:{c}:{g}",
                                        Msg("Traitor: take {card} from flag {source} to flag {dest}",
                                            card=card_label(c), source=f["n"], dest=g)))
    return out


def _card_play_actions(state: dict, seat: int) -> list[tuple[str, str]]:
    """Every legal card play as (id, label); `paths` makes them actions."""
    hand = sort_cards(state["hands"][seat])
    acts: list[tuple[str, str]] = []
    open_flags = _open_flags(state, seat)
    tactics_ok = _tactics_limit_ok(state, seat)
    for card in hand:
        if is_troop(card):
            label = card_label(card)
            acts.extend((f"play:{card}:{n}", Msg("Play {card} at flag {flag}", card=label, flag=n))
                        for n in open_flags)
        elif tactics_ok:
            acts.extend(_tactic_targets(state, seat, card))
    return acts


def _may_pass(state: dict, seat: int) -> bool:
    """R14: only a player who cannot play a troop card may pass; R6: a pass is no action at all, so
    one who has claimed a flag this turn (the advanced variant claims first) plays his tactics card
    instead if he can, unless the D7 house option lets passers claim."""
    if _can_play_troop(state, seat):
        return False
    return claims_on_pass(state) or not state["turn"].get("claimed") or not _has_card_play(state, seat)


def _has_card_play(state: dict, seat: int) -> bool:
    if _can_play_troop(state, seat):
        return True
    if not _tactics_limit_ok(state, seat):
        return False
    return any(_tactic_targets(state, seat, c) for c in set(state["hands"][seat]) if is_tactic(c))


def _must_pass(state: dict, seat: int) -> bool:
    """R12/R14: the player passes without being asked: he can play no troop card and holds no tactics
    card he may play by count (R40). Decided from public facts only (his hand's troop/tactics counts,
    D15, the table and the tactics counts): whether a tactics card he holds has a target stays his
    secret, so holding one he is asked, and may have only the pass to choose."""
    if _can_play_troop(state, seat):
        return False
    return not any(is_tactic(c) for c in state["hands"][seat]) or not _tactics_limit_ok(state, seat)


# --------------------------------------------------------------------------- setup and game start

def _claim_on_pass(options: dict) -> bool:
    try:
        return bool(CLAIM_ON_PASS.parse(options.get("claim_on_pass")))
    except IllegalAction:
        raise ValueError("claim_on_pass is yes or no") from None


def claims_on_pass(state: dict) -> bool:
    """D7 (house option): a passing player still gets the claim step. Off (the seed, R6): a pass is
    no action at all. A state stored before the option existed plays by the seed."""
    return bool(state.get("claim_on_pass"))


def setup(players: int, options: dict | None, seed: int) -> dict:
    options = dict(options or {})
    if players not in LAYOUTS:
        raise ValueError("Battle Line is for 2 or 3 players")
    variant = options.get("variant") or "standard"
    if variant not in VARIANTS:
        raise ValueError(f"unknown variant {variant!r}; choose one of {', '.join(VARIANTS)}")
    target = options.get("series_target")
    if target is not None:
        target = int(target)
        if target < 0:
            raise ValueError("series_target must be a number of points (0 = a single game)")
        target = target or None  # D17: 0 is a single game
    layout = LAYOUTS[players]
    state = {
        "game": "battleline",
        "players": players,
        "variant": variant,
        "series_target": target,
        "claim_on_pass": _claim_on_pass(options),  # D7 (house); off: R6
        "setup": {"players": players, "options": options, "seed": int(seed)},
        "rng": new_rng_state(seed),
        "runs": [list(r) for r in layout["runs"]],
        "any_count": layout["any_count"],
        "game_no": 0,
        "points": [0] * players,
        "games": [],
        "result": None,
        "move_no": 0,
        "log": [],
    }
    first = options.get("first_player")
    if first is None:
        first = next_random(state).randrange(players)  # [S8] random first player
    elif not 0 <= int(first) < players:
        raise ValueError("first_player must be a seat number")
    _start_game(state, int(first), [])
    return state


def _start_game(state: dict, first: int, events: list) -> None:
    players = state["players"]
    layout = LAYOUTS[players]
    state["game_no"] += 1
    state["first_player"] = first
    state["flags"] = [{"n": f["n"], "seats": list(f["seats"]), "line": f["line"], "claimed_by": None,
                       "awarded": False, "env": [],
                       "sides": [{"cards": [], "arrived": [], "wild_as": None} for _ in range(2)]}
                      for f in layout["flags"]]
    troops = list(TROOP_IDS)
    next_random(state).shuffle(troops)  # [S8]
    tactics: list[str] = []
    if players == 2:  # R61: no tactics cards with three players
        tactics = list(TACTIC_IDS)
        next_random(state).shuffle(tactics)
    # decks: the top card is the LAST element
    state["hands"] = [[troops.pop() for _ in range(HAND_SIZE)] for _ in range(players)]
    state["troop_deck"] = troops
    state["tactics_deck"] = tactics
    state["discard"] = []
    state["tactics_played"] = [0] * players
    state["leader_used"] = [False] * players
    state["scout"] = None
    state["scout_memo"] = [[] for _ in range(players)]  # D15
    state["mud"] = None
    state["pass_streak"] = 0
    state["idle_turns"] = 0
    state["game_result"] = None
    state["step"] = "play"
    state["current"] = first
    state["turn"] = {}
    if state["game_no"] > 1:
        _say(state, events, Msg("Game {game} of the series begins; {player} starts. Cards are shuffled and dealt.",
                                game=state["game_no"], player=player_name(first)),
             {s: Msg("Your new hand: {cards}", cards=[card_label(c) for c in sort_cards(state["hands"][s])])
              for s in range(players)}, hidden=True)
    _begin_turn(state, first, events)


# --------------------------------------------------------------------------- turn flow

def _begin_turn(state: dict, seat: int, events: list) -> None:
    state["current"] = seat
    state["turn"] = {"played": False, "passing": False, "forced": False, "claimed": False}
    if state["variant"] == "advanced":  # R59: b/a/c
        if claims_on_pass(state) or not _must_pass(state, seat):  # D18: with D7 a passer claims first too
            _enter_claim(state, "play", events)
        else:  # R6: a player who must pass does nothing at all, not even claim
            _enter_play(state, events)
    else:
        _enter_play(state, events)


def _enter_play(state: dict, events: list) -> None:
    seat = state["current"]
    if not _must_pass(state, seat):
        state["step"] = "play"
        return
    # R12/R14: no card can be played: a forced pass (automated, spec 11.4)
    state["turn"].update(passing=True, forced=True)
    _say(state, events, Msg("{player} cannot play a card and passes.", player=player_name(seat)))
    _after_pass(state, events)


def _after_pass(state: dict, events: list) -> None:
    """R6 [S14] 「略过(不做任何动作,直接由对方行动)」: a pass is no action at all, so the turn goes straight
    to the next player. D7 (house option claim_on_pass): the passer still gets the claim step (in the
    advanced variant he had it at the start of the turn, D18)."""
    if claims_on_pass(state) and state["variant"] != "advanced":
        _enter_claim(state, "end", events)
    else:
        _end_turn(state, events)


def _after_card_play(state: dict, events: list) -> None:
    state["turn"]["played"] = True
    variant = state["variant"]
    if variant == "standard":  # R2: a/b/c
        _enter_claim(state, "draw", events)
    elif variant == "advanced":  # R59: b/a/c
        _enter_draw(state, "end", events)
    else:  # R60: a/c/b
        _enter_draw(state, "claim", events)


def _enter_claim(state: dict, then: str, events: list) -> None:
    """R4/R27: the claim step; skipped automatically when nothing is provable (spec 11.4)."""
    if provable_flags(state, state["current"]):
        state["step"] = "claim"
        state["turn"]["after_claim"] = then
    else:
        _continue(state, then, events)


def _continue(state: dict, then: str, events: list) -> None:
    if then == "play":
        _enter_play(state, events)
    elif then == "draw":
        _enter_draw(state, "end", events)
    elif then == "claim":
        _enter_claim(state, "end", events)
    elif then == "end":
        _end_turn(state, events)
    else:  # pragma: no cover - internal misuse
        raise ValueError(then)


def _enter_draw(state: dict, then: str, events: list) -> None:
    """R5, R16, R17, D8: draw is mandatory; automatic when one deck has cards, skipped when none."""
    if state["turn"].get("passing"):  # R6: a pass draws nothing
        _continue(state, then, events)
        return
    troop, tactics = bool(state["troop_deck"]), bool(state["tactics_deck"])
    if troop and tactics:
        state["step"] = "draw"
        state["turn"]["after_draw"] = then
        return
    if troop or tactics:
        _draw(state, state["current"], "troop" if troop else "tactics", events)
    _continue(state, then, events)


def _draw(state: dict, seat: int, deck: str, events: list, scout: bool = False) -> str:
    pile = state[f"{deck}_deck"]
    card = pile.pop()
    state["hands"][seat].append(card)
    for memo in state["scout_memo"]:  # D15: the memo lasts until the card is drawn
        memo[:] = [m for m in memo if m["card"] != card]
    if scout:
        public = Msg("{player} draws (Scout) from the {deck}.", player=player_name(seat), deck=paths.deck_name(deck))
    else:
        public = Msg("{player} draws from the {deck}.", player=player_name(seat), deck=paths.deck_name(deck))
    _say(state, events, public, {seat: Msg("You drew {card}.", card=card_label(card))}, hidden=True)
    if state["scout"] is not None and scout:
        state["scout"]["drawn"].append(card)
    return card


def _end_turn(state: dict, events: list) -> None:
    # D14: a full cycle of turns in which every player passed ends the game. Every pass counts, not
    # only the automatic ones: whether a passer could have played a tactics card is his secret, and a
    # pass changes nothing, so a full cycle of them would only repeat
    state["pass_streak"] = state["pass_streak"] + 1 if state["turn"].get("passing") else 0
    # public: turns in a row without a card play (forced or chosen passes)
    state["idle_turns"] = 0 if state["turn"].get("played") else state["idle_turns"] + 1
    if state["pass_streak"] >= state["players"]:
        _stalemate(state, events)
        return
    _begin_turn(state, (state["current"] + 1) % state["players"], events)  # R1, D16 clockwise


# --------------------------------------------------------------------------- actions

def _expected(state: dict) -> Msg:
    step = state["step"]
    if step == "play":
        return Msg("Play a card first.")
    if step == "claim":
        return Msg("You are in your claim step: claim a flag or finish with done.")
    if step == "draw":
        return Msg("Draw a card now, from the troop deck or the tactics deck.")
    if step == "scout_draw":
        return Msg("Finish your Scout: draw {n} more card(s).", n=state["scout"]["draws_left"])
    if step == "scout_return":
        return Msg("Finish your Scout: put {n} card(s) back on the decks.", n=state["scout"]["returns_left"])
    if step == "mud_discard":
        return Msg("Mud has left flag {flag}: a card must be discarded there first.", flag=state["mud"]["flag"])
    return Msg("The game is over.")


def _require_step(state: dict, step: str) -> None:
    if state["step"] != step:
        raise IllegalAction(Msg("You cannot do that now. {expected}", expected=_expected(state)))


def _check_slot(state: dict, seat: int, flag_no: int) -> dict:
    flag = _flag(state, flag_no)
    i = side_index(flag, seat)
    if i is None:
        raise IllegalAction(Msg("Flag {flag} is not on your battle lines.", flag=flag_no))
    if flag["claimed_by"] is not None:  # R9, R34
        raise IllegalAction(Msg("Flag {flag} has been claimed; no card may be played there.", flag=flag_no))
    limit = flag_limit(flag)
    if len(flag["sides"][i]["cards"]) >= limit:  # R8
        raise _already_full(flag_no, limit)
    return flag


def _check_tactics_allowed(state: dict, seat: int) -> None:
    if not _tactics_limit_ok(state, seat):  # R40
        played = state["tactics_played"]
        other = min(played[o] for o in _opponents(state, seat))
        raise IllegalAction(Msg("You have played {mine} tactics cards and your opponent only {theirs}; you may not "
                                "get two ahead (R40).", mine=played[seat], theirs=other))


def _place(state: dict, seat: int, flag: dict, card: str) -> None:
    side = flag["sides"][side_index(flag, seat)]
    side["cards"].append(card)
    side["arrived"].append(state["move_no"])  # D6: completion time bookkeeping


def _remove_from_side(flag: dict, index: int, card: str) -> None:
    side = flag["sides"][index]
    k = side["cards"].index(card)
    del side["cards"][k]
    del side["arrived"][k]


def _discard(state: dict, card: str, owner: int, cause: str) -> None:
    state["discard"].append({"card": card, "owner": owner, "cause": cause})  # D12, R54


def _unclaimed_target_flag(state: dict, seat: int, text: str) -> dict:
    flag_no = _parse_flag(text)
    flag = _flag(state, flag_no)
    if side_index(flag, seat) is None:
        raise IllegalAction(Msg("Flag {flag} is not on your battle lines.", flag=flag_no))
    if flag["claimed_by"] is not None:  # R39, R34
        raise IllegalAction(Msg("Flag {flag} has been claimed; tactics cards cannot affect it.", flag=flag_no))
    return flag


def _act_play(state: dict, seat: int, args: list[str], events: list) -> None:
    _require_step(state, "play")
    if not args:
        raise IllegalAction(Msg("Say which card to play, e.g. play:red7:3."))
    card = normalise_card(args[0])
    if card is None:
        raise IllegalAction(Msg("There is no card called {name}.", name=repr(args[0])))
    hand = state["hands"][seat]
    if card not in hand:
        raise IllegalAction(Msg("You do not hold {card}.", card=card_label(card)))
    who = player_name(seat)
    if is_troop(card) or is_morale(card):
        if len(args) != 2:
            raise IllegalAction(Msg("Say where to play {card}: play:{id}:<flag>.", card=card_label(card), id=card))
        flag_no = _parse_flag(args[1])
        if is_morale(card):
            _check_tactics_allowed(state, seat)
            if card in LEADERS and state["leader_used"][seat]:  # R43
                raise IllegalAction(Msg("You have already used a Leader; {card} must stay in your hand.",
                                        card=card_label(card)))
        flag = _check_slot(state, seat, flag_no)  # R7-R10
        hand.remove(card)
        _place(state, seat, flag, card)
        if is_morale(card):
            state["tactics_played"][seat] += 1  # D9
            if card in LEADERS:
                state["leader_used"][seat] = True  # R43, D9
        _say(state, events, Msg("{player} plays {card} at flag {flag}.", player=who, card=card_label(card),
                                flag=flag_no))
        _after_card_play(state, events)
        return

    _check_tactics_allowed(state, seat)  # R40
    if card in ENVIRONMENT:  # R46-R48
        if len(args) != 2:
            raise IllegalAction(Msg("Say where to play {card}: play:{id}:<flag>.", card=card_label(card), id=card))
        flag = _unclaimed_target_flag(state, seat, args[1])
        hand.remove(card)
        flag["env"].append({"card": card, "seat": seat})
        state["tactics_played"][seat] += 1
        if card == "T-FOG":  # R47
            text = Msg("{player} plays {card} at flag {flag}: only sums count there.", player=who,
                       card=card_label(card), flag=flag["n"])
        else:  # R48
            text = Msg("{player} plays {card} at flag {flag}: formations there need four cards.", player=who,
                       card=card_label(card), flag=flag["n"])
        _say(state, events, text)
        _after_card_play(state, events)
        return

    # guile cards (R49): used at once, then discarded
    if card == "T-SCOUT":
        if len(args) != 1:
            raise IllegalAction(Msg("Scout takes no target: use play:T-SCOUT."))
        if not (state["troop_deck"] or state["tactics_deck"]):  # D10, D11
            raise IllegalAction(Msg("Both decks are empty, so Scout has nothing to draw."))
        hand.remove(card)
        state["tactics_played"][seat] += 1
        _discard(state, card, seat, "used")
        state["scout"] = {"seat": seat, "draws_left": 3, "returns_left": 0, "drawn": [], "returned": []}
        _say(state, events, Msg("{player} plays Scout.", player=who), hidden=True)
        _scout_continue(state, events)
        return
    if card == "T-REDEPLOY":
        _play_redeploy(state, seat, args, events)
    elif card == "T-DESERTER":
        _play_deserter(state, seat, args, events)
    elif card == "T-TRAITOR":
        _play_traitor(state, seat, args, events)
    else:  # pragma: no cover
        raise IllegalAction(Msg("{card} cannot be played.", card=card_label(card)))
    if state["mud"] is None:
        _after_card_play(state, events)


def _find_own_card(flag: dict, seat: int, card: str) -> str:
    """Where `seat`'s card is at a flag: 'side' or 'env'; raises if it is not his."""
    i = side_index(flag, seat)
    if card in flag["sides"][i]["cards"]:
        return "side"
    if any(e["card"] == card and e["seat"] == seat for e in flag["env"]):
        return "env"
    raise IllegalAction(Msg("You have no {card} at flag {flag}.", card=card_label(card), flag=flag["n"]))


def _play_redeploy(state: dict, seat: int, args: list[str], events: list) -> None:
    """R51, D10: move one of your own cards to another unclaimed flag, or discard it."""
    if len(args) != 4:
        raise IllegalAction(Msg("Use play:T-REDEPLOY:<from flag>:<card>:<to flag or discard>."))
    source = _unclaimed_target_flag(state, seat, args[1])
    card = normalise_card(args[2]) or args[2]
    if card not in TROOP_IDS and card not in TACTIC_IDS:
        raise IllegalAction(Msg("There is no card called {name}.", name=repr(args[2])))
    where = _find_own_card(source, seat, card)
    dest = None
    if args[3] != "discard":
        dest = _unclaimed_target_flag(state, seat, args[3])
        if dest["n"] == source["n"]:  # R51: "another" flag
            raise IllegalAction(Msg("Redeploy must move the card to another flag (or discard it)."))
        if where == "side" and not _open_slot(dest, seat):  # D10
            raise _already_full(dest["n"], flag_limit(dest))
        if where == "env" and any(e["card"] == card for e in dest["env"]):
            raise IllegalAction(Msg("Flag {flag} already has {card}.", flag=dest["n"], card=card_label(card)))
    hand = state["hands"][seat]
    hand.remove("T-REDEPLOY")
    state["tactics_played"][seat] += 1
    _discard(state, "T-REDEPLOY", seat, "used")
    who = player_name(seat)
    if where == "side":
        _remove_from_side(source, side_index(source, seat), card)
    else:
        source["env"] = [e for e in source["env"] if e["card"] != card]
    if dest is None:
        _discard(state, card, seat, "Redeploy")
        _say(state, events, Msg("{player} plays Redeploy and discards his {card} from flag {flag}.", player=who,
                                card=card_label(card), flag=source["n"]))
    else:
        if where == "side":
            _place(state, seat, dest, card)
        else:
            dest["env"].append({"card": card, "seat": seat})
        _say(state, events, Msg("{player} plays Redeploy: {card} moves from flag {source} to flag {dest}.",
                                player=who, card=card_label(card), source=source["n"], dest=dest["n"]))
    if card == "T-MUD":
        _mud_left(state, source, seat, events)


def _play_deserter(state: dict, seat: int, args: list[str], events: list) -> None:
    """R52: discard one of the opponent's cards at an unclaimed flag."""
    if len(args) != 3:
        raise IllegalAction(Msg("Use play:T-DESERTER:<flag>:<card>."))
    flag = _unclaimed_target_flag(state, seat, args[1])
    card = normalise_card(args[2]) or args[2]
    j = 1 - side_index(flag, seat)
    owner = flag["seats"][j]
    if card in flag["sides"][j]["cards"]:
        where = "side"
    elif any(e["card"] == card and e["seat"] == owner for e in flag["env"]):
        where = "env"
    else:
        raise IllegalAction(Msg("Your opponent has no {card} at flag {flag}.", card=args[2], flag=flag["n"]))
    state["hands"][seat].remove("T-DESERTER")
    state["tactics_played"][seat] += 1
    _discard(state, "T-DESERTER", seat, "used")
    if where == "side":
        _remove_from_side(flag, j, card)
    else:
        flag["env"] = [e for e in flag["env"] if e["card"] != card]
    _discard(state, card, owner, "Deserter")
    _say(state, events, Msg("{player} plays Deserter: {owner}'s {card} at flag {flag} is discarded.",
                            player=player_name(seat), owner=player_name(owner), card=card_label(card), flag=flag["n"]))
    if card == "T-MUD":
        _mud_left(state, flag, seat, events)


def _play_traitor(state: dict, seat: int, args: list[str], events: list) -> None:
    """R53, D10: take an opponent's troop card (not a tactics card) to your side of an unclaimed
    flag with an open slot (the same flag is allowed)."""
    if len(args) != 4:
        raise IllegalAction(Msg("Use play:T-TRAITOR:<from flag>:<card>:<to flag>."))
    source = _unclaimed_target_flag(state, seat, args[1])
    card = normalise_card(args[2]) or args[2]
    j = 1 - side_index(source, seat)
    if card not in source["sides"][j]["cards"]:
        raise IllegalAction(Msg("Your opponent has no {card} at flag {flag}.", card=args[2], flag=source["n"]))
    if not is_troop(card):
        raise IllegalAction(Msg("Traitor can take only a troop card, not a tactics card."))
    dest = _check_slot(state, seat, _parse_flag(args[3]))
    state["hands"][seat].remove("T-TRAITOR")
    state["tactics_played"][seat] += 1
    _discard(state, "T-TRAITOR", seat, "used")
    _remove_from_side(source, j, card)
    _place(state, seat, dest, card)
    _say(state, events, Msg("{player} plays Traitor: {card} leaves {owner}'s side of flag {source} for flag {dest}.",
                            player=player_name(seat), card=card_label(card), owner=player_name(source["seats"][j]),
                            source=source["n"], dest=dest["n"]))


def _mud_left(state: dict, flag: dict, actor: int, events: list) -> None:
    """D5: when Mud leaves, each side holding four cards there discards one (owner's choice)."""
    seats = [flag["seats"][i] for i in (0, 1) if len(flag["sides"][i]["cards"]) > flag_limit(flag)]
    seats.sort(key=lambda s: s != actor)  # the acting player chooses first
    if seats:
        state["mud"] = {"flag": flag["n"], "queue": seats}
        state["step"] = "mud_discard"
        if len(seats) == 1:
            text = Msg("Mud has left flag {flag}: {player} must discard a card there.", flag=flag["n"],
                       player=player_name(seats[0]))
        else:
            text = Msg("Mud has left flag {flag}: {first} and {second} must discard a card there.", flag=flag["n"],
                       first=player_name(seats[0]), second=player_name(seats[1]))
        _say(state, events, text)


def _act_mud_discard(state: dict, seat: int, args: list[str], events: list) -> None:
    _require_step(state, "mud_discard")
    if len(args) != 1:
        raise IllegalAction(Msg("Use muddiscard:<card>."))
    flag = _flag(state, state["mud"]["flag"])
    i = side_index(flag, seat)
    card = normalise_card(args[0]) or args[0]
    if card not in flag["sides"][i]["cards"]:
        raise IllegalAction(Msg("You have no {card} at flag {flag}.", card=args[0], flag=flag["n"]))
    _remove_from_side(flag, i, card)
    _discard(state, card, seat, "Mud removed")  # D5, D9: not a tactics play
    _say(state, events, Msg("{player} discards {card} from flag {flag} (Mud removed).", player=player_name(seat),
                            card=card_label(card), flag=flag["n"]))
    state["mud"]["queue"].pop(0)
    if not state["mud"]["queue"]:
        state["mud"] = None
        _after_card_play(state, events)


def _scout_continue(state: dict, events: list) -> None:
    """D11: three draws one at a time (automatic when one deck only has cards), then returns."""
    scout = state["scout"]
    seat = scout["seat"]
    while scout["draws_left"] > 0:
        troop, tactics = bool(state["troop_deck"]), bool(state["tactics_deck"])
        if troop and tactics:
            state["step"] = "scout_draw"
            return
        if not (troop or tactics):  # D11: draw as many as exist
            scout["draws_left"] = 0
            break
        scout["draws_left"] -= 1
        _draw(state, seat, "troop" if troop else "tactics", events, scout=True)
    if scout["returns_left"] == 0 and not scout["returned"]:
        scout["returns_left"] = min(2, len(state["hands"][seat]))  # D11: all of them if fewer than 2
    if scout["returns_left"] > 0:
        state["step"] = "scout_return"
        return
    state["scout"] = None
    _after_card_play(state, events)


def _act_scout(state: dict, seat: int, args: list[str], events: list) -> None:
    if len(args) != 2 or args[0] not in ("draw", "return"):
        raise IllegalAction(Msg("Use scout:draw:troop, scout:draw:tactics or scout:return:<card>."))
    if args[0] == "draw":
        _require_step(state, "scout_draw")
        deck = args[1]
        if deck not in ("troop", "tactics"):
            raise IllegalAction(Msg("Draw from the troop deck or the tactics deck."))
        if not state[f"{deck}_deck"]:
            raise IllegalAction(Msg("The {deck} is empty.", deck=paths.deck_name(deck)))
        state["scout"]["draws_left"] -= 1
        _draw(state, seat, deck, events, scout=True)
        _scout_continue(state, events)
        return
    _require_step(state, "scout_return")
    card = normalise_card(args[1])
    if card is None or card not in state["hands"][seat]:
        raise IllegalAction(Msg("You do not hold {card}.", card=args[1]))
    deck = "troop" if is_troop(card) else "tactics"  # R50: each card to its own deck, face down
    state["hands"][seat].remove(card)
    state[f"{deck}_deck"].append(card)  # the later return lies on top (D11 ordering choice)
    state["scout_memo"][seat].append({"card": card, "deck": deck})  # D15
    scout = state["scout"]
    scout["returned"].append(card)
    scout["returns_left"] -= 1
    _say(state, events, Msg("{player} puts a card back on top of the {deck}.", player=player_name(seat),
                            deck=paths.deck_name(deck)),
         {seat: Msg("You put {card} on top of the {deck}.", card=card_label(card), deck=paths.deck_name(deck))},
         hidden=True)
    _scout_continue(state, events)


def _act_draw(state: dict, seat: int, args: list[str], events: list) -> None:
    _require_step(state, "draw")
    if len(args) != 1 or args[0] not in ("troop", "tactics"):
        raise IllegalAction(Msg("Use draw:troop or draw:tactics."))
    deck = args[0]
    if not state[f"{deck}_deck"]:  # D8
        raise IllegalAction(Msg("The {deck} is empty; draw from the other deck.", deck=paths.deck_name(deck)))
    _draw(state, seat, deck, events)
    _continue(state, state["turn"]["after_draw"], events)


def _act_pass(state: dict, seat: int, args: list[str], events: list) -> None:
    _require_step(state, "play")
    if args:
        raise IllegalAction(Msg("Use pass."))
    if _can_play_troop(state, seat):  # R13
        raise IllegalAction(Msg("You hold a troop card and have an open slot, so you must play a card."))
    if not _may_pass(state, seat):  # R6: a pass is no action, and he has claimed this turn (advanced variant)
        raise IllegalAction(Msg("You have claimed a flag this turn, so you cannot pass: play a tactics card."))
    state["turn"]["passing"] = True  # R6, R14
    _say(state, events, Msg("{player} passes.", player=player_name(seat)))
    _after_pass(state, events)


def _act_claim(state: dict, seat: int, args: list[str], events: list) -> None:
    if len(args) != 1:
        raise IllegalAction(Msg("Use claim:<flag>."))
    flag_no = _parse_flag(args[0])
    check = check_claim(state, seat, flag_no)
    if state["step"] != "claim":
        if not check.valid:
            raise IllegalAction(check.reason)
        if state["variant"] == "advanced" and state["step"] in ("play", "draw"):
            raise IllegalAction(Msg("In the advanced variant you may claim flags only at the start of your turn "
                                    "(R59)."))
        if state["variant"] == "endclaim" and state["step"] in ("play", "draw"):
            raise IllegalAction(Msg("In this variant you claim flags at the end of your turn, after drawing (R60)."))
        raise IllegalAction(Msg("You cannot claim now. {expected}", expected=_expected(state)))
    if not check.valid:  # D13: rejected with an explanation, no penalty
        raise IllegalAction(check.reason)
    flag = _flag(state, flag_no)
    flag["claimed_by"] = seat  # R34
    state["turn"]["claimed"] = True  # R6: after a claim the turn is no pass any more
    _record_wild_identities(flag)
    _say(state, events, Msg("{player} claims flag {flag} with {formation}.", player=player_name(seat), flag=flag_no,
                            formation=describe_key(check.claimant_key)))
    if _has_won(state, seat):  # R36, R55, R56
        held = _flags_held(state, seat)
        if _has_run(state, seat):
            why = Msg("{player} wins with {count} flags, three adjacent to win.", player=player_name(seat), count=held)
        else:
            why = Msg("{player} wins with {count} flags, enough to win.", player=player_name(seat), count=held)
        _end_game(state, [seat], why, events)
        return
    if not provable_flags(state, seat):  # nothing left to claim: leave the step (spec 11.4)
        _continue(state, state["turn"]["after_claim"], events)


def _act_done(state: dict, seat: int, args: list[str], events: list) -> None:
    _require_step(state, "claim")
    if args:
        raise IllegalAction(Msg("Use done."))
    _continue(state, state["turn"]["after_claim"], events)


def _record_wild_identities(flag: dict) -> None:
    """D3: when a flag is claimed, keep the identities the morale cards were counted as."""
    for i, side in enumerate(flag["sides"]):
        completion = side_completion(flag, i)
        if completion is None:
            side["wild_as"] = None
            continue
        idents = iter(completion.wild_as)
        # stored as a label ("Red 8", in its JSON form): what the card counted as, not a card on the table
        side["wild_as"] = [None if is_troop(c) else to_json(identity_label(next(idents))) for c in side["cards"]]


def _has_run(state: dict, seat: int) -> bool:
    held = {f["n"] for f in state["flags"] if f["claimed_by"] == seat}
    return any(all(n in held for n in run) for run in state["runs"])


def _has_won(state: dict, seat: int) -> bool:
    """R55 (2p: three adjacent or any five), R62/D16 (3p: a whole line or any four)."""
    return _has_run(state, seat) or _flags_held(state, seat) >= state["any_count"]


# --------------------------------------------------------------------------- end of game

def _stalemate(state: dict, events: list) -> None:
    """D14: nobody can play: award complete flags by R22 and decide by R55, then flag count."""
    for flag in state["flags"]:
        if flag["claimed_by"] is not None:
            continue
        limit = flag_limit(flag)
        done = [len(s["cards"]) == limit for s in flag["sides"]]
        winner_side = None
        if all(done):
            keys = [side_completion(flag, i).key for i in (0, 1)]
            if keys[0] != keys[1]:
                winner_side = 0 if keys[0] > keys[1] else 1
            else:  # R22(c): the side completed later loses
                times = [completed_at(flag["sides"][i], limit) for i in (0, 1)]
                winner_side = 0 if times[0] < times[1] else 1
        elif any(done):
            winner_side = done.index(True)
        if winner_side is not None:
            flag["claimed_by"] = flag["seats"][winner_side]
            flag["awarded"] = True
            _record_wild_identities(flag)
    seats = list(range(state["players"]))
    held = {s: _flags_held(state, s) for s in seats}
    qualified = [s for s in seats if _has_won(state, s)]
    pool = qualified or seats
    best = max(held[s] for s in pool)
    winners = [s for s in pool if held[s] == best]
    counts = [Msg("{player} {count}", player=player_name(s), count=held[s]) for s in seats]
    if len(winners) == 1:
        reason = Msg("No one can play any more (D14): complete flags were awarded and {player} wins ({counts} flags).",
                     player=player_name(winners[0]), counts=counts)
    else:
        reason = Msg("No one can play any more (D14): the game is drawn ({counts} flags).", counts=counts)
    _end_game(state, winners, reason, events)


def _end_game(state: dict, winners: list[int], reason: Msg, events: list) -> None:
    seats = list(range(state["players"]))
    held = [_flags_held(state, s) for s in seats]
    state["step"] = "over"
    state["scout"] = None
    state["mud"] = None
    state["game_result"] = {"winners": list(winners), "flags": held, "reason": to_json(reason)}
    state["games"].append({"game_no": state["game_no"], "winners": list(winners), "flags": held,
                           "first_player": state["first_player"], "reason": to_json(reason)})
    _say(state, events, reason)
    target = state["series_target"]
    if target is None:
        state["result"] = Result(list(winners), {s: held[s] for s in seats}, reason).to_dict()
        state["current"] = None
        return
    # R57: the winner scores 5, a loser 1 per flag he claimed; D14: a drawn game scores flags only
    for s in seats:
        state["points"][s] += WIN_POINTS if winners == [s] else held[s]
    points = state["points"]
    standing = [Msg("{player} {points}", player=player_name(s), points=points[s]) for s in seats]
    reached = [s for s in seats if points[s] >= target]
    if reached:  # D17: first to the target; several at once: most points, then this game's winner
        top = max(points[s] for s in reached)
        series_winners = [s for s in reached if points[s] == top]
        if len(series_winners) > 1 and len(winners) == 1 and winners[0] in series_winners:
            series_winners = [winners[0]]
        if len(series_winners) == 1:
            text = Msg("{player} wins the series to {target} points ({standing}).",
                       player=player_name(series_winners[0]), target=target, standing=standing)
        else:
            names = player_name(series_winners[0])
            for s in series_winners[1:]:
                names = Msg("{first} and {second}", first=names, second=player_name(s))
            text = Msg("{players} share the series to {target} points ({standing}).", players=names, target=target,
                       standing=standing)
        state["result"] = Result(series_winners, {s: points[s] for s in seats}, text).to_dict()
        state["current"] = None
        _say(state, events, text)
        return
    _say(state, events, Msg("Series score: {standing} (first to {target}).", standing=standing, target=target))
    # R58: the winner starts the next game; after a drawn game the next seat starts (D17)
    first = winners[0] if len(winners) == 1 else (state["first_player"] + 1) % state["players"]
    _start_game(state, first, events)


# --------------------------------------------------------------------------- contract

def active_players(state: dict) -> set[int]:
    if state["result"] is not None or state["step"] == "over":
        return set()
    if state["step"] == "mud_discard":
        return {state["mud"]["queue"][0]}
    return {state["current"]}


def legal_actions(state: dict, seat: int) -> list[Action]:
    if seat not in active_players(state):
        return []
    step = state["step"]
    if step == "play":
        acts = _card_play_actions(state, seat)
        if _may_pass(state, seat):  # R14: may pass instead of playing a tactics card
            acts.append(("pass", Msg("Pass: play nothing and draw nothing")))
        return paths.play_paths(state, seat, acts)
    if step == "claim":
        acts = [paths.claim_action(state, seat, n, check) for n, check in provable_checks(state, seat)]
        acts.append(paths.done_action())
        return acts
    if step == "draw":
        return paths.draw_actions(state)
    if step == "scout_draw":
        return paths.scout_draw_actions(state)
    if step == "scout_return":
        return paths.scout_return_actions(state, sort_cards(state["hands"][seat]))
    if step == "mud_discard":
        flag = _flag(state, state["mud"]["flag"])
        return paths.mud_actions(flag["n"], list(flag["sides"][side_index(flag, seat)]["cards"]))
    return []


def prompt(state: dict, seat: int) -> Msg | str:
    """The one sentence telling `seat` what it is asked now ("" when nothing)."""
    if seat not in active_players(state):
        return ""
    step = state["step"]
    if step == "play":
        if _can_play_troop(state, seat):  # R13
            return Msg("Play a card to a flag.")
        if not _may_pass(state, seat):  # R6: he claimed this turn (advanced variant)
            return Msg("You cannot play a troop card: play a tactics card.")
        return Msg("You cannot play a troop card: play a tactics card, or pass.")  # R14
    if step == "claim":
        return Msg("Claim flags you can prove, or finish claiming.")
    if step == "draw":
        return Msg("Draw a card: troop or tactics deck.")
    if step == "scout_draw":
        return plural("Scout: draw {n} more card, one at a time, from either deck.",
                      "Scout: draw {n} more cards, one at a time, from either deck.", n=state["scout"]["draws_left"])
    if step == "scout_return":
        return plural("Scout: put {n} card back.", "Scout: put {n} cards back.", n=state["scout"]["returns_left"])
    if step == "mud_discard":
        return Msg("Mud left flag {flag}: discard one of your cards there.", flag=state["mud"]["flag"])
    return ""


def hidden_items(state: dict, seat: int) -> set[str]:
    """What only `seat` may know (spec section 6): its hand, and the cards it put on top of the
    decks with Scout until they are drawn (D15)."""
    return set(state["hands"][seat]) | {m["card"] for m in state["scout_memo"][seat]}


_HANDLERS = {"play": _act_play, "claim": _act_claim, "done": _act_done, "draw": _act_draw,
             "pass": _act_pass, "scout": _act_scout, "muddiscard": _act_mud_discard}


def not_your_turn(state: dict, seat: int) -> Msg:
    """Why a seat that is not asked now may not move: whose turn it is, or the Mud discard awaited."""
    if state["step"] == "mud_discard":
        return Msg("Waiting for {player} to discard a card from flag {flag}.",
                   player=player_name(state["mud"]["queue"][0]), flag=state["mud"]["flag"])
    return Msg("It is not your turn; it is {player}'s turn.", player=player_name(state["current"]))


def play(state: dict, seat: int, action_id: str) -> list[Event]:
    """The move on `state`, a copy the platform's guard made (engine.base.Game.apply): only the
    listed ids are moves, spelled exactly so (no case, space, alias, leading zero or other spelling
    of one); the handler says best why another is refused."""
    if not action_id or action_id not in {a.id for a in legal_actions(state, seat)}:
        raise IllegalAction(_refusal(state, seat, action_id) if action_id else Msg("Empty action."))
    state.pop("actions", None)  # the action log of a state stored by an older version: the store keeps it
    state["move_no"] += 1
    events: list[Event] = []
    _handler(action_id)(state, seat, action_id.split(":")[1:], events)
    return events


def _handler(action_id: str):
    handler = _HANDLERS.get(action_id.split(":")[0])
    if handler is None:
        raise IllegalAction(Msg("Unknown action {action}.", action=repr(action_id)))
    return handler


def _refusal(state: dict, seat: int, action_id: str) -> Msg:
    """Why a move that is not one of the legal ids is refused: the rule it breaks when its handler
    says so (a claim the proof rejects, a full flag), else that it is not a move now."""
    try:
        _handler(action_id)(_copy(state), seat, action_id.split(":")[1:], [])
    except IllegalAction as exc:
        return exc.message
    except (ValueError, KeyError, IndexError, TypeError):  # malformed beyond what the handlers check
        pass
    return Msg("{action} is not one of your moves now.", action=repr(action_id))


def result(state: dict) -> Result | None:
    return Result.from_dict(state["result"]) if state["result"] is not None else None


# --------------------------------------------------------------------------- view

def _formation_view(flag: dict, index: int) -> dict | None:
    completion = side_completion(flag, index)
    if completion is None:
        return None
    rank, total = completion.key
    fog = rank == FOG_RANK
    if fog:  # the type is shown for information; only the sum counts (R25)
        troops, _ = split_side(flag["sides"][index]["cards"])
        rank = classify(troops + list(completion.wild_as))[0]
    return {"type": formation_name(rank), "sum": total, "fog": fog}


def _flag_view(flag: dict) -> dict:
    limit = flag_limit(flag)
    sides = []
    for i, side in enumerate(flag["sides"]):
        wild_as = side["wild_as"] if side["wild_as"] is not None else [None] * len(side["cards"])
        sides.append({"seat": flag["seats"][i], "cards": [card_dict(c) for c in side["cards"]],
                      "formation": _formation_view(flag, i), "completed_at": completed_at(side, limit),
                      "wild_as": [from_json(w) for w in wild_as]})
    return {"n": flag["n"], "claimed_by": flag["claimed_by"], "limit": limit,
            "env": [{"card": card_dict(e["card"]), "seat": e["seat"]} for e in flag["env"]],
            "sides": sides, "line": flag["line"], "fog": flag_has_fog(flag), "awarded": flag["awarded"]}


def _with_reason(record: dict | None) -> dict | None:
    """A copy of a stored game record whose reason is a `Msg` again (the state keeps its JSON form)."""
    if record is None:
        return None
    return dict(record, reason=from_json(record.get("reason", "")))


def view(state: dict, viewer: int | None) -> dict:
    players = state["players"]
    over = state["result"] is not None
    current = None if over else state["current"]
    out = {
        "game": "battleline",
        "players": players,
        "variant": state["variant"],
        "series": {"target": state["series_target"], "game_no": state["game_no"], "points": list(state["points"])},
        "current": current,
        "step": "over" if over else state["step"],
        "active": sorted(active_players(state)),
        "flags": [_flag_view(f) for f in state["flags"]],
        "decks": {"troop": len(state["troop_deck"]), "tactics": len(state["tactics_deck"])},
        "discard": [{"card": card_dict(d["card"]), "owner": d["owner"], "cause": d["cause"]}
                    for d in state["discard"]],
        "tactics_played": list(state["tactics_played"]),
        "leader_used": list(state["leader_used"]),
        "hand_counts": [{"troop": sum(1 for c in h if is_troop(c)), "tactics": sum(1 for c in h if is_tactic(c))}
                        for h in state["hands"]],  # D15
        "flags_held": [_flags_held(state, s) for s in range(players)],
        "provable": provable_flags(state, current) if current is not None and state["step"] != "over" else [],
        "result": _with_reason(state["result"]),
        "game_result": _with_reason(state["game_result"]),
        "games": [_with_reason(g) for g in state["games"]],
        "log": [from_json(x) for x in state["log"][-VIEW_LOG:]],
        "idle_turns": state["idle_turns"],
        "viewer": viewer,
    }
    if state["mud"] is not None:
        out["mud_discard"] = {"flag": state["mud"]["flag"], "seat": state["mud"]["queue"][0]}
    if state["scout"] is not None:  # public part: counts only
        out["scouting"] = {"seat": state["scout"]["seat"], "draws_left": state["scout"]["draws_left"],
                           "returns_left": state["scout"]["returns_left"]}
    if viewer is not None and 0 <= viewer < players:
        out["hand"] = [card_dict(c) for c in sort_cards(state["hands"][viewer])]
        scout = state["scout"] if state["scout"] is not None and state["scout"]["seat"] == viewer else None
        memo = state["scout_memo"][viewer]
        if scout is not None or memo:  # D15: only the Scout player's own view
            out["scout"] = {
                "active": scout is not None,
                "drawn": [card_dict(c) for c in scout["drawn"]] if scout else [],
                "draws_left": scout["draws_left"] if scout else 0,
                "returns_left": scout["returns_left"] if scout else 0,
                "returned": [card_dict(c) for c in scout["returned"]] if scout else [],
                "memo": [{"card": card_dict(m["card"]), "deck": m["deck"]} for m in memo],
            }
    return out


# --------------------------------------------------------------------------- the RULES object
