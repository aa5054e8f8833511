"""Seeded random playouts of any game, checking the engine contract (engine/base.py, DESIGN.md
"Contract v2") as they go.

A playout records what each check found instead of stopping at the first problem, so one
broken rule of the contract does not hide the others: the tests read the findings per check.
"""
from __future__ import annotations

import copy
import json
import marshal
import random
import re
from collections import defaultdict
from contextlib import contextmanager
from dataclasses import dataclass, field

from tests.contract.secrecy import check_secrecy
from engine.base import OVER, SIMULTANEOUS, TURN, WINDOW, Moment, as_game
from engine.base import Action, Choice, Event, IllegalAction, Option, declared_options, normalise_options, \
    prompt_of, teams_of

TEXT_MAX = 100          # Discord's limit on a select option's value, label and description
KEPT = 3                # problems kept per check and playout

CHECKS = {
    "runs": "setup, legal_actions, apply, view and result raise nothing unexpected",
    "ends": "a random playout reaches a result within the move cap",
    "flow": "an unfinished game has an active seat with a legal move; seats not asked get no moves; "
            "a finished game asks nobody",
    "pure": "apply never mutates the state it is given",
    "illegal": "an illegal action raises IllegalAction and changes nothing",
    "actions": "action ids unique in a seat's list; ids and labels of 1-100 characters",
    "paths": "steps(): values unique among siblings sharing a prefix, one label per value, distinct "
             "labels among siblings, one move per path, no path inside another, texts <= 100",
    "events": "apply returns (state, [Event]) whose private texts go to seats of the game",
    "json": "state and views round-trip through JSON",
    "replay": "replaying the action log from setup(players, options, seed) gives the final state",
    "ai": "ai_choose returns a legal id of that seat",
    "hidden": "no hidden item of a seat in the public view or another seat's view",
    "secrecy": "the same move with the hidden items dealt again gives the same public texts, asked seats, "
               "public view and result (tests/contract/secrecy.py)",
    "prompt": "prompt_of is a non-empty string for an active seat",
    "moment": "the moment (engine.base.Moment) names the active seats: one owner in a turn, none after the "
              "end, a window's pass is legal for each seat asked and the game declares windows",
    "result": "a result's winners are whole teams; winners and scores name seats of the game",
}


class Findings:
    def __init__(self):
        self.problems: dict[str, list[str]] = defaultdict(list)

    def add(self, check: str, text: str) -> None:
        if len(self.problems[check]) < KEPT:
            self.problems[check].append(text)

    @contextmanager
    def check(self, name: str, where: str):
        try:
            yield
        except AssertionError as exc:
            self.add(name, f"{where}: {exc}")
        except Exception as exc:  # an engine crashing inside a check is that check's failure
            self.add(name, f"{where}: {type(exc).__name__}: {exc}")


def snapshot(state):
    """A copy of a state to tell afterwards whether a call changed it: marshal is several times
    faster than `copy.deepcopy` for plain data; anything else (a game under test may hold an
    object) is deep-copied."""
    try:
        return marshal.loads(marshal.dumps(state, 2))
    except ValueError:
        return copy.deepcopy(state)


@dataclass
class Playout:
    game: str
    seed: int
    players: int
    options: dict
    log: list[tuple[int, str]] = field(default_factory=list)
    final: dict | None = None
    ended: bool = False
    findings: Findings = field(default_factory=Findings)

    @property
    def label(self) -> str:
        return f"{self.game} seed {self.seed}, {self.players} players, options {self.options}"


# --------------------------------------------------------------------------- single checks

def check_action_list(actions: list) -> None:
    assert isinstance(actions, list), f"legal_actions gave a {type(actions).__name__}, not a list"
    ids = []
    for a in actions:
        assert isinstance(a, Action), f"{a!r} is not an Action"
        assert isinstance(a.id, str) and 0 < len(a.id) <= TEXT_MAX, f"id {a.id!r} is not 1-{TEXT_MAX} characters"
        assert isinstance(a.label, str) and 0 < len(a.label) <= TEXT_MAX, \
            f"{a.id}: label {a.label!r} is not 1-{TEXT_MAX} characters"
        ids.append(a.id)
    repeated = sorted({i for i in ids if ids.count(i) > 1})
    assert not repeated, f"ids listed more than once: {repeated[:5]}"


def check_paths(actions: list[Action]) -> None:
    nodes: dict[tuple, dict[str, tuple[str, str]]] = {}
    leaves: dict[tuple, str] = {}
    for a in actions:
        steps = a.steps()
        assert isinstance(steps, tuple) and steps, f"{a.id}: steps() is empty"
        values = []
        for depth, step in enumerate(steps):
            assert isinstance(step, Choice), f"{a.id}: step {depth + 1} is {step!r}, not a Choice"
            assert isinstance(step.value, str) and 0 < len(step.value) <= TEXT_MAX, \
                f"{a.id}: step {depth + 1} value {step.value!r} is not 1-{TEXT_MAX} characters"
            assert isinstance(step.label, str) and 0 < len(step.label) <= TEXT_MAX, \
                f"{a.id}: step {depth + 1} label {step.label!r} is not 1-{TEXT_MAX} characters"
            assert isinstance(step.description, str) and len(step.description) <= TEXT_MAX, \
                f"{a.id}: step {depth + 1} description {step.description!r} is over {TEXT_MAX} characters"
            siblings = nodes.setdefault(tuple(values), {})
            shown = (step.label, step.description)
            seen = siblings.setdefault(step.value, shown)
            assert seen == shown, \
                f"{a.id}: step {depth + 1} value {step.value!r} reads {shown}, another move's reads {seen}"
            values.append(step.value)
        leaf = tuple(values)
        assert leaf not in leaves, f"{a.id} and {leaves.get(leaf)} have the same path {leaf}"
        leaves[leaf] = a.id
    for leaf, action_id in leaves.items():
        assert leaf not in nodes, f"the path of {action_id} {leaf} is the start of other moves' paths"
    for prefix, siblings in nodes.items():
        shown = list(siblings.values())
        same = sorted({s for s in shown if shown.count(s) > 1})
        assert not same, f"after {prefix}, different choices read the same: {same[:3]}"


def check_events(out, players: int) -> list[Event]:
    assert isinstance(out, tuple) and len(out) == 2, f"apply gave {type(out).__name__}, not (state, events)"
    state, events = out
    assert isinstance(state, dict), f"apply's state is a {type(state).__name__}"
    assert isinstance(events, list), f"apply's events are a {type(events).__name__}, not a list"
    for e in events:
        assert isinstance(e, Event), f"{e!r} is not an Event"
        assert isinstance(e.public, str), f"public text {e.public!r} is not a string"
        assert isinstance(e.hidden, bool), f"hidden {e.hidden!r} is not a bool"
        for seat, text in e.private.items():
            assert seat in range(players), f"private text for seat {seat!r} in a {players}-player game"
            assert isinstance(text, str), f"private text {text!r} is not a string"
    return events


TOKEN = re.compile(r"[A-Za-z0-9_\-]+")


def view_strings(view) -> set[str]:
    """Every string of a view: keys, values, and the words of those values (so an id inside a
    sentence counts too)."""
    out: set[str] = set()

    def walk(node):
        if isinstance(node, dict):
            for k, v in node.items():
                walk(k)
                walk(v)
        elif isinstance(node, (list, tuple)):
            for v in node:
                walk(v)
        elif isinstance(node, str):
            out.add(node)
            out.update(TOKEN.findall(node))

    walk(view)
    return out


def check_hidden(rules, state: dict, players: int, views: dict) -> None:
    strings = {viewer: view_strings(v) for viewer, v in views.items()}
    for seat in range(players):
        items = rules.hidden_items(state, seat)
        assert isinstance(items, (set, frozenset)) and all(isinstance(i, str) for i in items), \
            f"hidden_items({seat}) is {items!r}, not a set of strings"
        for viewer in [None] + [s for s in range(players) if s != seat]:
            leaked = sorted(items & strings[viewer])
            who = "the public view" if viewer is None else f"seat {viewer}'s view"
            assert not leaked, f"seat {seat}'s hidden {leaked[:5]} in {who}"


SPELLING_STRIDE = 5
SPELLINGS_CHECKED = [0]


def check_illegal(rules, state: dict, players: int, active: list[int], legal: dict, result,
                  last: str | None) -> None:
    """Ids no rule allows: nonsense ids for active seats, other seats' moves for seats not asked,
    the last move again once the game is over."""
    tries = []
    for seat in active[:1]:
        tries += [(seat, ""), (seat, "zz-no-such-move"), (seat, "zz:" + "x" * 120)]
    some = next((a.id for s in active for a in legal.get(s, [])), None)
    if some:
        tries += [(seat, some) for seat in range(players) if seat not in active][:2]
    if result is not None:
        tries += [(seat, last or "zz-no-such-move") for seat in range(players)]
    SPELLINGS_CHECKED[0] += 1
    for seat in active[:1] if SPELLINGS_CHECKED[0] % SPELLING_STRIDE == 1 else []:
        # only the listed spelling of a move is one (a form the game declares aside); every
        # SPELLING_STRIDE-th state, as each refusal costs the game its legal moves again
        listed = {a.id for a in legal.get(seat, [])}
        tries += [(seat, other) for other in sorted(other_spellings(sorted(listed)[:2]) - listed)
                  if not as_game(rules).takes_unlisted(state, seat, other)]
    before = snapshot(state)
    for seat, action_id in tries:
        try:
            rules.apply(state, seat, action_id)
        except IllegalAction as exc:
            assert isinstance(exc.message, str) and exc.message, f"seat {seat}, {action_id!r}: empty message"
        else:
            raise AssertionError(f"seat {seat} {action_id!r} was accepted")
        assert state == before, f"seat {seat} {action_id!r}: the refused move changed the state"


def other_spellings(ids: list[str]) -> set[str]:
    """Other ways to write the same moves: case, spaces, a trailing separator, a number with a
    leading zero or a sign."""
    out = set()
    for action_id in ids:
        out |= {action_id.upper(), action_id.swapcase(), " " + action_id, action_id.replace(":", ": "),
                action_id + ":", re.sub(r"(?<![0-9])([0-9])", r"0\1", action_id, count=1),
                re.sub(r"(?<![0-9+])([0-9])", r"+\1", action_id, count=1)}
    return out


def check_result(rules, result, players: int, options: dict) -> None:
    teams = teams_of(rules, players, options)
    winners = list(result.winners)
    assert all(s in range(players) for s in winners), f"winners {winners} are not seats"
    assert len(set(winners)) == len(winners), f"winners {winners} repeat a seat"
    for team in teams:
        inside = [s in winners for s in team]
        assert all(inside) or not any(inside), f"winners {winners} split team {team}"
    assert all(s in range(players) for s in result.scores), f"scores {result.scores} are not per seat"
    json.dumps(result.to_dict())


# --------------------------------------------------------------------------- the playout

def random_options(rules, players: int, rng: random.Random) -> dict:
    """About half the declared options at a random value; a few tries at a mix the game accepts,
    then the defaults."""
    for _ in range(20):
        given = {}
        for option in declared_options(rules):
            if rng.random() < 0.5:
                continue
            if option.kind == "bool":
                given[option.name] = rng.random() < 0.5
            elif option.kind == "choice" and option.choices:
                given[option.name] = rng.choice([v for v, _ in option.choices])
            elif option.kind == "int" and option.min is not None and option.max is not None:
                # near the default: a large value can make a game very long (a series to 99 points)
                given[option.name] = rng.randint(option.min, min(option.max, option.default + 2))
        try:
            return normalise_options(rules, players, given)
        except IllegalAction:
            continue
    return {}


def play(rules, seed: int, players: int, options: dict | None = None, *, cap: int, stride: int = 1) -> Playout:
    """One game to the end: seats of one parity move by ai_choose, the others at random.
    `options` None: random ones. Checks that need copies or views run every `stride` moves
    (and at the end)."""
    rng = random.Random(f"contract:{rules.name}:{seed}")
    options = random_options(rules, players, rng) if options is None else normalise_options(rules, players, options)
    p = Playout(rules.name, seed, players, options)
    f = p.findings
    ai_seats = {s for s in range(players) if (s + seed) % 2 == 0}
    try:
        state = rules.setup(players, dict(options), seed)
    except Exception as exc:
        f.add("runs", f"{p.label}: setup raised {type(exc).__name__}: {exc}")
        return p
    moves = 0
    while True:
        where = f"{p.label}, move {moves}"
        full = moves % stride == 0
        try:
            result = rules.result(state)
            active = sorted(rules.active_players(state))
            legal = {s: rules.legal_actions(state, s) for s in active}
        except Exception as exc:
            f.add("runs", f"{where}: {type(exc).__name__}: {exc}")
            break
        if full or result is not None:
            inspect_state(rules, state, players, active, legal, result, where, f,
                          p.log[-1][1] if p.log else None)
        if result is not None:
            p.ended = True
            with f.check("result", where):
                check_result(rules, result, players, options)
            break
        if moves >= cap:
            break
        with f.check("flow", where):
            assert active, "the game is not over but no seat is active"
            stuck = [s for s in active if not legal[s]]
            assert not stuck, f"active seats {stuck} have no legal move"
        movers = [s for s in active if legal[s]]
        if not movers:
            break
        seat = rng.choice(movers)
        ids = [a.id for a in legal[seat]]
        action_id = rng.choice(ids)
        if seat in ai_seats or full:
            with f.check("ai", f"{where}, seat {seat}"):
                chosen = rules.ai_choose(state, seat, rng.randrange(2**31))
                assert chosen in ids, f"ai_choose gave {chosen!r}, not a legal id"
                if seat in ai_seats:
                    action_id = chosen
        before = snapshot(state) if full else None
        try:
            out = rules.apply(state, seat, action_id)
        except Exception as exc:
            f.add("runs", f"{where}: seat {seat} {action_id!r} raised {type(exc).__name__}: {exc}")
            break
        if before is not None:
            with f.check("pure", f"{where}, seat {seat} {action_id!r}"):
                assert state == before, "apply changed the state it was given"
        with f.check("events", f"{where}, seat {seat} {action_id!r}"):
            check_events(out, players)
        if full:
            with f.check("secrecy", where):
                check_secrecy(rules, state, seat, action_id, random.Random(f"secrecy:{p.label}:{moves}"), real=out)
        p.log.append((seat, action_id))
        state = out[0]
        moves += 1
    p.final = state
    if not p.ended:
        f.add("ends", f"{p.label}: no result after {moves} moves (move cap {cap})")
    else:
        with f.check("replay", p.label):
            again = rules.setup(players, dict(options), seed)
            for seat, action_id in p.log:
                again, _ = rules.apply(again, seat, action_id)
            assert again == state, "the replayed state differs from the played one"
    return p


def inspect_state(rules, state, players, active, legal, result, where, f: Findings, last: str | None) -> None:
    with f.check("json", where):
        assert json.loads(json.dumps(state)) == state, "json.loads(json.dumps(state)) differs from the state"
    views = {}
    with f.check("json", where):
        for viewer in [None] + list(range(players)):
            views[viewer] = rules.view(state, viewer)
            assert json.loads(json.dumps(views[viewer])) == views[viewer], f"view({viewer}) is not plain JSON"
    if len(views) == players + 1:
        with f.check("hidden", where):
            check_hidden(rules, state, players, views)
    for seat in active:
        with f.check("actions", f"{where}, seat {seat}"):
            check_action_list(legal[seat])
        with f.check("paths", f"{where}, seat {seat}"):
            check_paths(legal[seat])
        with f.check("prompt", f"{where}, seat {seat}"):
            text = prompt_of(rules, state, seat)
            assert isinstance(text, str) and text.strip(), f"prompt is {text!r}"
    with f.check("moment", where):
        check_moment(rules, state, active, legal, result)
    with f.check("flow", where):
        if result is not None:
            assert not active, f"the game is over but seats {active} are active"
        for seat in range(players):
            if seat not in active:
                extra = rules.legal_actions(state, seat)
                assert not extra, f"seat {seat} is not active but has moves {[a.id for a in extra][:3]}"
    with f.check("illegal", where):
        check_illegal(rules, state, players, active, legal, result, last)


def check_moment(rules, state: dict, active: list[int], legal: dict, result) -> None:
    game = as_game(rules)
    moment = game.moment(state)
    assert isinstance(moment, Moment), f"moment() gave {moment!r}"
    if result is not None:
        assert moment.kind == OVER and not moment.seats, f"the game is over but the moment is {moment}"
        return
    assert moment.kind in (TURN, SIMULTANEOUS, WINDOW), f"an unfinished game's moment is {moment.kind!r}"
    assert set(moment.seats) == set(active), f"the moment asks {sorted(moment.seats)}, active are {active}"
    assert isinstance(moment.waiting, str), f"waiting is {moment.waiting!r}"
    if moment.kind == TURN:
        assert len(moment.seats) == 1 and moment.owner in moment.seats, f"a turn of {moment}"
    if moment.owner is not None:
        assert moment.owner in range(state_players(game, state, active)), f"owner {moment.owner!r}"
    if moment.kind == WINDOW:
        assert game.windows, "a window opened but the game does not declare windows"
        if moment.pass_action is not None:
            for seat in moment.seats:
                ids = {a.id for a in legal.get(seat, [])}
                assert moment.pass_action in ids, f"the window's pass {moment.pass_action!r} is not legal for {seat}"


def state_players(game, state: dict, active) -> int:
    players = state.get("players")
    if isinstance(players, (list, tuple)):      # some games keep one record per seat
        return len(players)
    return int(players or max(list(active) + [game.max_players - 1]) + 1)


# --------------------------------------------------------------------------- checks without a playout

def check_options(rules) -> None:
    """Declared options are well formed, their defaults parse, and every player count sets up
    with no options given (a match stores none of the defaults), with all of them given, and
    with each option at its extremes (unless the game refuses that in a sentence)."""
    options = declared_options(rules)
    names = [o.name for o in options]
    assert len(set(names)) == len(names), f"options declared twice: {names}"
    for o in options:
        assert isinstance(o, Option), o
        assert o.kind in ("int", "bool", "choice"), o
        assert o.description and len(o.description) <= TEXT_MAX, o
        assert o.parse(o.default) == o.default, o
        assert o.parse(None) == o.default, o
        if o.kind == "choice":
            values = [v for v, _ in o.choices]
            assert o.default in values and len(set(values)) == len(values), o
        if o.kind == "int":
            assert o.min is not None and o.max is not None and o.min <= o.default <= o.max, o
    defaults = {o.name: o.default for o in options}
    for players in range(rules.min_players, rules.max_players + 1):
        assert normalise_options(rules, players, {}) == {}, players
        assert normalise_options(rules, players, defaults) == {}, players
        assert isinstance(rules.setup(players, {}, 1), dict), players
        assert isinstance(rules.setup(players, dict(defaults), 1), dict), players
        for o in options:
            for value in _extremes(o):
                try:
                    given = normalise_options(rules, players, {o.name: value})
                except IllegalAction:
                    continue
                assert isinstance(rules.setup(players, given, 1), dict), (players, o.name, value)


def _extremes(option: Option) -> list:
    if option.kind == "bool":
        return [False, True]
    if option.kind == "choice":
        return [v for v, _ in option.choices]
    return [option.min, option.max]


def check_teams(rules) -> None:
    for players in range(rules.min_players, rules.max_players + 1):
        teams = teams_of(rules, players, {})
        seats = sorted(s for team in teams for s in team)
        assert seats == list(range(players)), f"{players} players: teams {teams}"
        assert all(teams), f"{players} players: an empty team in {teams}"
