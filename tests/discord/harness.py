"""The shared harness of the Discord-level game tests: driving any game through the bot in simcord
and the checks every game must pass, read from the engine contract (the registry, legal_actions
and their paths, hidden_items, view, setup and apply) and from the game's cog (its verb table
and the first steps it shows as buttons).

What a game adds is in `GAMES` (a few lines each: its command group, how a text could name one
of its secrets) and, for the games whose tests steer the play, its test player in
tests/discord/players.py.

A match seed fixes a whole game: the computer seats choose with `seed + version`, and so do the
test players, whose choices depend only on the position and the moves they made so far.
`simulate` plays the very same game with the engine alone (the service's order: computer seats
first, then the people who pass by themselves, then the lowest human seat asked), so a test can
check a seed, or search for one, in a fraction of the time the bot takes.
"""
from __future__ import annotations

from tests.discord.helpers import text_of
import dataclasses
import hashlib
import json
import os
import pickle
import random
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import discord

from engine import registry
from engine.base import WINDOW, Action, as_game
from render import registry as renderers
from tests.discord.helpers import (
    ANSWERS,
    EXPIRE_EVERY,
    VIEW_TIMEOUT,
    assert_boards_are_public,
    assert_fits,
    children,
    current_match,
    newest_hand,
    offered_values,
    option_values,
    remember_answer,
    replayed_states,
    states_around,
    toolkit_components,
    typed_command,
    version_shown,
    walk_move,
)

NOT_A_MOVE = "not one of your moves now"   # a generated command's refusal of an illegal choice
SHOW_MY_HAND = "Show my hand"


# ---------------------------------------------------------------------- seeds

class FixedSeed:
    """Stands in for the service's seed source so a test picks the game it plays."""

    def __init__(self, seed: int):
        self.seed = seed

    def randrange(self, *_):
        return self.seed


def fixed_seed(env, seed: int) -> None:
    """The next match has this seed."""
    env.bot.service.seed_source = FixedSeed(seed)


def seeded(env, k: int) -> None:
    """The seeds the service draws next come from random.Random(k) (deals, seat order, and the test
    players' choices)."""
    env.bot.service.seed_source = random.Random(k)


# ---------------------------------------------------------------------- a game's verb commands

class VerbCommands:
    """The slash commands of a cog's verb table (`verbs`, e.g. `SkytearCog.VERBS`) in the command
    group `prefix` ("skytear"): which command covers a move, with which options. `own(action)`
    names the command of a move that a game's own command makes instead, (command, options), or
    None; `combined`: own commands whose list also offers several values in one."""

    def __init__(self, prefix: str, verbs, own: Callable[[Action], tuple | None] | None = None,
                 combined: tuple[str, ...] = (), rare: tuple[str, ...] = ()):
        self.prefix = prefix
        self.verbs = {(f"{v.group} {v.name}" if v.group else v.name): v for v in verbs}
        # commands of moves too rare for a whole test game to wait for (each has a test of its own)
        self.usual = {name: v for name, v in self.verbs.items() if name not in rare}
        self.own = own or (lambda action: None)
        self.combined = combined
        self._covering: dict[tuple, str] = {}

    def command_of(self, action: Action) -> str:
        """The command (e.g. "outsider place") that covers a move: exactly one does."""
        own = self.own(action)
        if own is not None:
            return own[0].removeprefix(f"{self.prefix} ")
        # which command covers a move depends on its steps' values only: found once per path
        key = tuple(step.value for step in action.steps())
        found = self._covering.get(key)
        if found is None:
            covering = [name for name, verb in self.verbs.items() if verb.covers(action)]
            assert len(covering) == 1, (action.id, covering)
            found = self._covering[key] = covering[0]
        return found

    def command_for(self, action: Action) -> tuple[str, list[tuple[str, str]]]:
        """The command for one move and its options in order, from the move's path (the last
        option takes all the steps left, as one value)."""
        from cogs.ui.commands import _slices
        own = self.own(action)
        if own is not None:
            return own
        name = self.command_of(action)
        verb = self.verbs[name]
        options = [(p.name, " ".join(s.value for s in steps)) for p, steps in zip(verb.params, _slices(verb, action))
                   if steps]
        return f"{self.prefix} {name}", options

    def option_values(self, actions: list[Action], command: str, option: str, given: dict) -> set[str]:
        return option_values(actions, self.command_for, command, option, given)

    def names_one_move(self, actions: list[Action], action: Action) -> bool:
        """The command's options, given the move's step values, name that move alone."""
        from cogs.ui.commands import narrowed
        if self.own(action) is not None:
            return True
        name, options = self.command_for(action)
        verb = self.verbs[name.removeprefix(f"{self.prefix} ")]
        assert [p.name for p in verb.params][:len(options)] == [o for o, _v in options], action.id
        return narrowed(verb, actions, dict(options)) == [action]

    def every_command(self, run) -> bool:
        """The people of an offline run (`Run`) made every kind of move."""
        return set(self.usual) <= set(run.human_commands())


# ---------------------------------------------------------------------- the games

def _battleline_claim(action: Action):
    """Claims are Battle Line's own command (several flags in one)."""
    if action.id.startswith("claim:"):
        return "battleline claim", [("flags", action.id.split(":")[1])]
    return None


def _battleline_words(state: dict, item: str) -> tuple[str, ...]:
    from engine.battleline import card_label
    from i18n import render
    return item, render(card_label(item), "en")


def _clash_words(state: dict, item: str) -> tuple[str, ...]:
    from engine.clash_of_rage import tactics
    from i18n import render
    try:
        return item, render(tactics.label(item), "en")
    except KeyError:   # a forge card: named by its id
        return (item,)


def _clash_blind(state: dict, public: dict) -> None:
    assert public["tactics"]["picks"] == {} and all(isinstance(a["tactic_hand"], int) for a in public["seats"])


def _battalia_deciding(state: dict) -> bool:
    """R92: the defender's choice (fight back, retreat or surrender)."""
    return bool(state["battle"]) and state["battle"]["stage"] == "decide"


def _civ_words(state: dict, item: str) -> tuple[str, ...]:
    from engine.civilization import research
    from i18n import render
    if item.startswith("research-pick-"):
        tech = item.rsplit("-", 1)[1]
        return () if tech == research.NONE else (tech, render(research.name(tech), "en"))
    return (item,)


def _civ_blind(state: dict, public: dict) -> None:
    """No hand, no standing force, no research pick, no battle hand."""
    for area in public["seats"]:
        assert all(isinstance(area[k], int) for k in ("standing_forces", "culture_hand", "hidden_resources"))
    if isinstance(public.get("research"), dict) and "picked" in public["research"]:
        assert public["research"]["picks"] == {}
    if public.get("battle"):
        hands = public["battle"].get("hands", {})
        assert all(isinstance(h, int) for side, h in hands.items()
                   if state["battle"]["seats"][side] is not None), hands


def _skytear_leads(state: dict) -> set[str]:
    """The names of the cards led from a hand and not public at this version (in no discard pile,
    on no hero, among no revealed cards)."""
    from engine.skytear import data
    public = set(as_game(registry.get("skytear")).view(state, None)["cards"])
    out = set()
    for h in state["heroes"].values():
        for lead in h["leads"]:
            if lead["from"] == "hand" and state["cards"][lead["card"]] not in public:
                out.add(data.name(state["cards"][lead["card"]]))
    return out


@dataclass(frozen=True)
class GameSpec:
    """What the harness needs to know of a game beyond the engine contract."""
    name: str                                   # the registry's name
    prefix: str                                 # the command group
    cog: str                                    # "module:Class" of the game's cog (VERBS, BUTTONS)
    words: Callable[[dict, str], tuple] = lambda state, item: (item,)   # how a text could name a hidden item
    more_secrets: Callable[[dict], set] | None = None   # secret words that are no hidden item
    never_public: str | None = None             # a pattern no public text or view ever holds
    private_lines: tuple[str, ...] = ()         # lines of a private message, never in public
    blind: Callable[[dict, dict], None] | None = None   # more checks of the public view of a state
    ignore_case: bool = False                   # secrets named in any case
    own: Callable[[Action], tuple | None] | None = None  # the game's own commands (see VerbCommands)
    combined: tuple[str, ...] = ()
    rare: tuple[str, ...] = ()                  # commands whole test games need not use (VerbCommands)
    answers: tuple[str, ...] = ("Move played.",)   # how the answer to a move begins
    # the driver: what its counts go by ("command", or "verb": the first part of the move's id),
    # every how many typed moves it sends /<game> move instead (0: never), and the positions
    # whose move it always makes on the hand
    counts_by: str = "command"
    any_move_every: int = 0
    on_hand: Callable[[dict], bool] | None = None

    @property
    def rules(self):
        return registry.get(self.name)

    @property
    def cog_class(self):
        import importlib
        module, _, name = self.cog.partition(":")
        return getattr(importlib.import_module(module), name)

    @property
    def buttons(self) -> frozenset:
        return self.cog_class.BUTTONS

    @property
    def commands(self) -> VerbCommands:
        return VerbCommands(self.prefix, self.cog_class.VERBS, self.own, self.combined, self.rare)


GAMES = {spec.name: spec for spec in (
    GameSpec("battleline", "battleline", "cogs.battleline:BattleLineCog", words=_battleline_words, ignore_case=True,
             own=_battleline_claim, combined=("battleline claim",), answers=("Move played.", "Flag ")),
    GameSpec("battalia", "battalia", "cogs.battalia:BattaliaCog", counts_by="verb", any_move_every=7,
             on_hand=_battalia_deciding),
    # aim: an area card whose placements hit different enemies (tests/skytear/test_scenarios.py)
    GameSpec("skytear", "skytear", "cogs.skytear:SkytearCog", more_secrets=_skytear_leads, never_public=r"\bc\d+\b",
             rare=("aim",)),
    # tile: the board assembled by the players, an option (tests/discord/test_clash_board.py)
    GameSpec("clash_of_rage", "clash", "cogs.clash_of_rage:ClashOfRageCog", words=_clash_words, blind=_clash_blind,
             rare=("tile",)),
    GameSpec("civilization", "civ", "cogs.civilization:CivilizationCog", words=_civ_words, blind=_civ_blind,
             private_lines=("Your battle hand", "You draw")),
)}


def spec_of(game) -> GameSpec:
    """The spec of a game, given by name, rules or match."""
    name = getattr(game, "game", None) or getattr(game, "name", None) or game
    return GAMES[name]


# ---------------------------------------------------------------------- secrets in public

def named_in(text: str, word: str, ignore_case: bool = False) -> bool:
    """Does `text` name `word` as a whole ("Red 1" is not found inside "Red 10", nor "c1" in "c12")?"""
    if (word.casefold() not in text.casefold()) if ignore_case else (word not in text):
        return False
    return re.search(rf"(?<![\w-]){re.escape(word)}(?!\w)", text, re.IGNORECASE if ignore_case else 0) is not None


def names_item(game, text: str, item: str, state: dict | None = None) -> bool:
    """Does `text` name this item by any word the game's texts could use for it?"""
    spec = spec_of(game)
    return any(named_in(text, w, spec.ignore_case) for w in spec.words(state, item))


def secret_words(game, state: dict, public_text: str | None = None) -> set[str]:
    """What no public text may name at this state: every seat's hidden items (engine contract:
    hidden_items) as the game's texts could name them, and the game's other secrets, unless the
    public view (`public_text`: its JSON, worked out when not given) shows them."""
    spec = spec_of(game)
    rules = spec.rules
    public_text = json.dumps(rules.view(state, None)) if public_text is None else public_text
    words = set()
    for seat in range(_players(state)):
        for item in rules.hidden_items(state, seat):
            words.update(spec.words(state, item))
    if spec.more_secrets is not None:
        words |= spec.more_secrets(state)
    return {w for w in words if w and not named_in(public_text, w, spec.ignore_case)}


def _players(state: dict) -> int:
    for key in ("players", "hands", "seats"):
        value = state.get(key)
        if isinstance(value, int):
            return value
        if isinstance(value, (list, dict)) and value:
            return len(value)
    raise AssertionError("the state does not say how many players it has")


def check_public_text(game, text: str, states: list[dict], known: dict | None = None) -> None:
    """A public text names nothing that was secret at each of these versions, holds no text that
    is never public and no line of a private message. `known`: the secrets of states already
    worked out, by id."""
    spec = spec_of(game)
    if spec.never_public:
        found = re.search(spec.never_public, text)
        assert not found, f"{found.group(0)!r} named in public: {text[:300]}"
    for line in spec.private_lines:
        assert line not in text, f"a private line in public: {text[:300]}"
    known = {} if known is None else known
    secret = set.intersection(*(known[id(s)] if id(s) in known else secret_words(spec, s) for s in states))
    named = {w for w in secret if named_in(text, w, spec.ignore_case)}
    assert not named, f"a secret named in public: {sorted(named)}: {text[:300]}"


def check_public_view(game, state: dict, public: dict, text: str) -> None:
    """The public view of `state` (`text`: its JSON) names no seat's hidden item (engine contract)
    and passes the game's own checks."""
    spec = spec_of(game)
    hidden = {i for seat in range(_players(state)) for i in spec.rules.hidden_items(state, seat)}
    shown = {i for i in hidden if named_in(text, i)}
    assert not shown, f"the public view names hidden items {sorted(shown)[:5]}"
    if spec.never_public:
        assert not re.search(spec.never_public, text), "the public view holds a text that is never public"
    if spec.blind is not None:
        spec.blind(state, public)


async def assert_thread_hides_secrets(env, thread, match, images: int = 3) -> int:
    """The privacy of a match's thread: replaying the log reproduces the stored state; no thread
    message names anything secret at the versions it may speak of (see states_around); no public
    view names a hidden item; a sample of `images` board pictures is the public view's picture.
    Returns the boards seen."""
    spec = spec_of(match)
    rules = spec.rules
    states = await replayed_states(env, match)
    assert states[-1] == match.snapshot, "replaying the log reproduces the stored state"
    known = {}
    for state in states:
        public = rules.view(state, None)
        text = json.dumps(public)
        check_public_view(spec, state, public, text)
        known[id(state)] = secret_words(spec, state, text)
    history = thread.history()
    for message, around in states_around(history, states):
        check_public_text(spec, text_of(message), around, known)
    boards = [m for m in history if m.attachments]
    assert boards, "no board was posted"
    names = await env.bot.presenter.seat_names(match)
    renderer = renderers.get(spec.name)
    await assert_boards_are_public(boards, states, images,
                                   lambda state: renderer.render_board(rules.view(state, None), names))
    return len(boards)


# ---------------------------------------------------------------------- offline runs

class Seeker:
    """What a game's test player shares: `choose` counts the moves it made by command (`used`).
    A planner names its `game` and chooses in `_choose(state, seat, seed, legal moves)`."""

    game: str

    @property
    def rules(self):
        return spec_of(self.game).rules

    @property
    def commands(self) -> VerbCommands:
        return spec_of(self.game).commands

    def choose(self, state: dict, seat: int, seed: int) -> str:
        actions = self.rules.legal_actions(state, seat)
        chosen = self._choose(state, seat, seed, actions)
        self.used[self.commands.command_of(next(a for a in actions if a.id == chosen))] += 1
        return chosen

    def fresh(self):
        """The same player, with no move made yet."""
        return dataclasses.replace(self, used=Counter())


@dataclass
class ComputerPlayer(Seeker):
    """The engine's computer player as a test player."""
    game: str
    used: Counter = dataclasses.field(default_factory=Counter)

    def _choose(self, state: dict, seat: int, seed: int, actions: list[Action]) -> str:
        return self.rules.ai_choose(state, seat, seed)


def seating(seed: int, people: list[str | None]) -> list[str | None]:
    """Who sits where in a match with this seed: the service shuffles the challenge's order
    (the challenger, the opponents, then the computer seats, None)."""
    seats = list(people)
    random.Random(seed).shuffle(seats)
    return seats


def next_seat(rules, state: dict, ai_seats: set[int], auto_pass: set[int] = frozenset()) -> tuple[int, str]:
    """Who moves next, in the service's order: a computer seat ("ai"), a person who passes by
    themselves ("auto"), else the lowest human seat asked ("human")."""
    active = sorted(rules.active_players(state))
    due = [s for s in active if s in ai_seats]
    if due:
        return due[0], "ai"
    game = as_game(rules)
    moment = game.moment(state)
    passing = [s for s in active if s in auto_pass and moment.kind == WINDOW and s in moment.seats
               and game.quiet_pass(state, s)]
    if passing:
        return passing[0], "auto"
    return active[0], "human"


@dataclass
class Run:
    """A game played offline: who sits where, its states by version, and who made each move how."""
    seats: list[str | None]              # the person at each seat (None: a computer seat)
    states: list[dict]
    moves: list[tuple[int, str, str]]   # (seat, action, "ai" | "auto" | "human")
    planners: dict[int, Any]            # seat -> the test player of that person

    @property
    def final(self) -> dict:
        return self.states[-1]

    def seat_of(self, person: str) -> int:
        return self.seats.index(person)

    def human_commands(self) -> Counter:
        out = Counter()
        for planner in self.planners.values():
            out.update(planner.used)
        return out

    def human_moves(self) -> int:
        return sum(1 for _s, _a, how in self.moves if how == "human")

    def commands_offered(self) -> set[str]:
        """The commands the people had a legal move for at some point."""
        out = set()
        for (seat, _action, how), state in zip(self.moves, self.states):
            if how == "human":
                rules, commands = self.planners[seat].rules, self.planners[seat].commands
                out |= {commands.command_of(a) for a in rules.legal_actions(state, seat)}
        return out


def play_offline(rules, options: dict, seed: int, seats: list[str | None], by_seat: dict, auto_pass: set[int],
                 limit: int) -> Run:
    """The game the bot plays with this seed and seating, with the engine alone: computer seats by
    the engine, the people by their planners (`by_seat`: seat -> planner), a person who passes by
    themselves (`auto_pass`) passing."""
    ai_seats = {s for s, p in enumerate(seats) if p is None}
    state = rules.setup(len(seats), options, seed)
    states, moves = [state], []
    while not state.get("result") and len(moves) < limit:
        seat, how = next_seat(rules, state, ai_seats, auto_pass)
        if how == "ai":
            action = rules.ai_choose(state, seat, seed + len(moves))
        elif how == "auto":
            action = "pass"
        else:
            action = by_seat[seat].choose(state, seat, seed + len(moves))
        state = rules.apply(state, seat, action)[0]
        states.append(state)
        moves.append((seat, action, how))
    return Run(seats, states, moves, by_seat)


_RUNS: dict[tuple, Run] = {}
# where the test processes of one session (pytest-xdist's workers) share the runs they played:
# several tests play the same long games offline (a Civilization game takes seconds), often in
# different processes; set by the session fixture of tests/discord/conftest.py
SHARED_RUNS: Path | None = None


def _shared_run(key: tuple, play: Callable[[], Run]) -> Run:
    """The run of `key`, read from the session's shared folder when another process played it
    already, else played and left there (written whole, then renamed: a reader never sees half)."""
    if SHARED_RUNS is None:
        return play()
    path = SHARED_RUNS / (hashlib.sha1(repr(key).encode()).hexdigest() + ".pickle")
    try:
        return pickle.loads(path.read_bytes())
    except FileNotFoundError:
        pass
    run = play()
    SHARED_RUNS.mkdir(parents=True, exist_ok=True)
    partial = path.with_suffix(f".{os.getpid()}.part")
    partial.write_bytes(pickle.dumps(run))
    os.replace(partial, path)
    return run


def simulate(game: str, options: dict, seed: int, people: list[str | None], planners: dict[str, Seeker],
             auto_pass: tuple[str, ...] = (), limit: int = 3000) -> Run:
    """The game the bot plays with this seed: computer seats by the engine, the people by their
    planners (fresh copies: the run does not touch the ones given). A run is played once per test
    session (tests share it and never change it)."""
    key = (game, json.dumps(options, sort_keys=True), seed, tuple(people),
           tuple(sorted((p, repr(q.fresh())) for p, q in planners.items())), tuple(auto_pass), limit)
    if key not in _RUNS:
        def play() -> Run:
            seats = seating(seed, people)
            by_seat = {seats.index(p): planner.fresh() for p, planner in planners.items()}
            return play_offline(spec_of(game).rules, options, seed, seats, by_seat,
                                {seats.index(p) for p in auto_pass}, limit)
        _RUNS[key] = _shared_run(key, play)
    return _RUNS[key]


def find_seed(game: str, options: dict, people: list[str | None], planners: dict[str, Seeker], wanted,
              start: int, tries: int = 200, auto_pass: tuple[str, ...] = ()) -> tuple[int, Run]:
    """The first seed from `start` whose game ends and satisfies `wanted(run)` (the seed a test
    names is normally the first one tried; a change of the computer player may move it further)."""
    for seed in range(start, start + tries):
        run = simulate(game, options, seed, people, planners, auto_pass)
        if run.final.get("result") and wanted(run):
            return seed, run
    raise AssertionError(f"no seed in {start}..{start + tries - 1} gives the game the test needs")


# ---------------------------------------------------------------------- the private hand

def expected_layout(actions: list[Action], buttons) -> list[tuple[str, list[int]]]:
    """The hand's move components for these moves, as (kind, position), kind "go" or "step":
    a one-step move is a button; each move of a first step in `buttons` is a button when all of
    them have two steps; every other first step gets a menu; when that takes more than five rows,
    one menu of first steps (and the one-step moves' buttons)."""
    from cogs.ui import paths
    root = paths.build(actions)
    buttons_at, menus = [], []
    for i, node in enumerate(root.options()):
        if node.action is not None and not node.children:
            buttons_at.append(("go", [i]))
        elif node.choice.value in buttons and all(not c.children for c in node.children):
            buttons_at.extend(("go", [i, j]) for j, c in enumerate(node.options()) if c.action)
        else:
            menus.append(("step", [i]))
    if -(-len(buttons_at) // 5) + len(menus) <= 5:
        return menus + buttons_at
    return [("step", [])] + [b for b in buttons_at if len(b[1]) == 1][:20]


def positions_of(actions: list[Action]) -> dict[str, list[int]]:
    """Where each move is in the tree of moves (cogs.ui.paths.find for all of them, in one walk)."""
    from cogs.ui import paths
    out = {}

    def walk(node, prefix: list[int]) -> None:
        for i, option in enumerate(node.options()):
            if option.action is not None and not option.children:
                out.setdefault(option.action.id, prefix + [i])
            if option.children:
                walk(option, prefix + [i])
    walk(paths.build(actions), [])
    return out


def check_hand(hand, match, actions: list[Action], buttons=None) -> None:
    """The private hand shows the current position (or, in a simultaneous choice, the same moves),
    fits Discord's limits, has the expected layout (`buttons`: the first steps shown as buttons,
    the game's own by default), its menus on their first page, and every legal move is reachable
    from one of its components."""
    from cogs.ui.picker import fingerprint
    buttons = spec_of(match).buttons if buttons is None else buttons
    found = toolkit_components(hand)
    if version_shown(hand) != match.version:   # a simultaneous choice: others chose since, the menus hold
        marks = {(c.custom_id.rsplit(":", 1)[-1]) for c, *_rest in found}
        assert marks == {fingerprint(actions, simultaneous=True)}, "the hand shows the current position, or the same moves"
    assert_fits(hand)
    moves = [c for c in children(hand) if (getattr(c, "custom_id", "") or "").startswith("ui:")
             and not c.custom_id.startswith(("ui:form:", "ui:batch:", "ui:whole:"))]   # forms, whole-move
    # menus: extra ways (test_move_forms, test_clash_one_interaction)
    assert len(found) == len(moves), "every move component is the toolkit's"
    layout = expected_layout(actions, buttons)
    assert sorted((kind, at) for _c, at, kind, _page in found) == sorted(layout), (layout, found)
    assert all(page == 0 for *_rest, page in found), "a fresh hand's menus open on their first page"
    starts = {tuple(at) for _c, at, _kind, _page in found}
    for action_id, target in positions_of(actions).items():
        assert any(tuple(target[:n]) in starts for n in range(len(target) + 1)), f"{action_id} is not reachable"


def check_commands_and_hands(game, runs, every: int = 10, one_menu: bool = True) -> tuple[set, int]:
    """At every position of the `runs` (offline games) and for every seat asked: each legal move
    belongs to exactly one command, whose options, given the move's step values, name that move
    alone (checked every `every` positions); the hand's components fit one message within
    Discord's limits (25 options a menu, labels of 100 and 80 characters, 5 rows), follow the
    layout (with `one_menu` False, never the single menu of first steps) and reach every move.
    Returns (the commands seen, positions)."""
    from types import SimpleNamespace

    from cogs.ui.picker import StepButton, StepSelect, move_items

    spec = spec_of(game)
    rules, commands, buttons = spec.rules, spec.commands, spec.buttons
    seen, positions = set(), 0
    for run in runs:
        for version, state in enumerate(run.states[:-1]):
            for seat in rules.active_players(state):
                actions = rules.legal_actions(state, seat)
                named = [commands.command_for(action) for action in actions]
                seen |= {command.split(" ", 1)[1] for command, _options in named}
                assert len({(c, tuple(o)) for c, o in named}) == len(actions), "two moves with the same options"
                if positions % every == 0:
                    assert all(commands.names_one_move(actions, action) for action in actions), state.get("phase")
                items = move_items(SimpleNamespace(id=1, version=version), actions, buttons)
                view = discord.ui.View(timeout=None)
                for item in items:
                    view.add_item(item)   # raises when the components need more than five rows
                    if isinstance(item, StepSelect):
                        assert 0 < len(item.item.options) <= 25
                        assert all(len(o.label) <= 100 and len(o.description or "") <= 100 for o in item.item.options)
                    else:
                        assert len(item.item.label) <= 80
                got = [("go" if isinstance(i, StepButton) else "step", i.prefix) for i in items]
                layout = expected_layout(actions, buttons)
                assert sorted(got) == sorted(layout), state.get("phase")
                assert one_menu or ("step", []) not in layout, ("all first steps in one menu", state.get("phase"))
                starts = {tuple(at) for _kind, at in got}
                targets = positions_of(actions)
                assert len(targets) == len(actions), "every move is a leaf of the tree of moves"
                for action_id, target in targets.items():
                    assert any(tuple(target[:n]) in starts for n in range(len(target) + 1)), action_id
                positions += 1
    return seen, positions


# ---------------------------------------------------------------------- the driver

class Driver:
    """Plays the humans' moves (their planners, seeded `seed + version`) by slash commands and by
    the private hand's components, alternating per command (or per verb, see GameSpec.counts_by),
    and records how; some moves are sent as /<game> move, some always made on the hand (see
    GameSpec)."""

    def __init__(self, env, thread, members, planners: dict | None = None, first: str = "slash",
                 game: str | None = None):
        self.env, self.thread, self.members = env, thread, members
        self.planners = planners if planners is not None else {}
        self.first = first
        self.game = game
        self.played: list[tuple[int, int, str]] = []   # (version before, seat, action)
        self.used = Counter()            # (key, "slash" | "component") -> count
        self.kinds = Counter()           # (key, "button" | "menu") -> the first component clicked
        self.commands = Counter()        # slash command -> count
        self.moves_by = Counter()        # member name -> moves
        self.autocompleted = 0
        self.moves = 0
        self.typed = 0
        self.on_hand = 0                 # moves the game always makes on the hand (GameSpec.on_hand)
        self.planned = 0                 # moves after which the game's UI planned one (GameUI.follow_window)

    @property
    def spec(self) -> GameSpec:
        return spec_of(self.game)

    def key(self, action: Action) -> str:
        if self.spec.counts_by == "verb":
            return action.id.split(":", 1)[0]
        return self.spec.commands.command_of(action)

    def planner(self, name: str):
        from tests.discord.players import PLAYERS
        return self.planners.setdefault(name, PLAYERS.get(self.game, lambda: ComputerPlayer(self.game))())

    async def human_to_move(self):
        """(match, seat, member) of the lowest human seat asked now, or None."""
        match = await current_match(self.env)
        self.game = self.game or match.game
        if match.status != "active":
            return None
        humans = sorted(s for s in self.spec.rules.active_players(match.snapshot) if not match.user_at(s).is_ai)
        if not humans:
            return None
        seat = humans[0]
        user_id = match.user_at(seat).user_id
        return match, seat, next(m for m in self.members if m.id == user_id)

    async def next_move(self, action_id: str | None):
        """(match, seat, member, legal moves, the move) of the person asked now: `action_id`, or
        their planner's choice."""
        found = await self.human_to_move()
        assert found is not None, "no person is asked to move"
        match, seat, member = found
        state = match.snapshot
        actions = self.spec.rules.legal_actions(state, seat)
        if action_id is None:
            action_id = self.planner(member.name).choose(state, seat, match.seed + match.version)
        return match, seat, member, actions, next(a for a in actions if a.id == action_id)

    async def send(self, way: str | None, member, hand, match, seat: int, actions: list[Action], action: Action):
        """Play the move by `way`, "slash" or "component" (None: the command typed and clicked in
        turn, `first` first); returns (the way, the result)."""
        key = self.key(action)
        if way is None:
            slash, component = self.used[(key, "slash")], self.used[(key, "component")]
            way = "component" if slash > component or (slash == component and self.first == "component") \
                else "slash"
        if way == "component":
            result = await self.by_component(member, hand, match, seat, actions, action)
        else:
            result = await self.by_slash(member, actions, action)
        self.used[(key, way)] += 1
        return way, result

    async def by_component(self, member, hand, match, seat: int, actions: list[Action], action: Action):
        from cogs.ui import paths
        target = paths.find(paths.build(actions), action.id)
        fitting = [(kind, at) for _c, at, kind, _page in toolkit_components(hand) if target[:len(at)] == at]
        kind, _at = max(fitting, key=lambda t: len(t[1]))
        self.kinds[(self.key(action), "button" if kind == "go" else "menu")] += 1
        who = member if getattr(hand, "guild", None) is not None else member.user
        return await walk_move(who, hand, self.env.bot, match, seat, action.id)

    async def by_slash(self, member, actions: list[Action], action: Action):
        """The move's command, each option checked first: its list offers the legal values only
        (all of them when they fit), and the one to send; or /<game> move, its list offering the
        move."""
        self.typed += 1
        commands = self.spec.commands
        every = self.spec.any_move_every
        if every and self.typed % every == 0:
            command, value = f"{commands.prefix} move", " ".join(s.value for s in action.steps())
            offered = offered_values(await member.autocomplete(self.thread, command, "move", value))
            assert value in offered, (value, offered)
            self.commands[command] += 1
            return await member.slash(self.thread, command, move=value)
        command, options = commands.command_for(action)
        result, asked = await typed_command(
            member, self.thread, command, options,
            lambda option, given: commands.option_values(actions, command, option, given),
            single=command in commands.combined)
        self.autocompleted += asked
        self.commands[command] += 1
        return result

    async def settle(self, member, match, seat: int, action_id: str, result) -> None:
        """The move was played and answered with the hand, and is the next row of the action log;
        now and then the hands' views are let time out."""
        text = result.response is not None and text_of(result.response)
        assert text and text.startswith(self.spec.answers), (action_id, text)
        assert "your private view" in text and result.response.attachments, "a move is answered with the hand"
        remember_answer(member, result)
        logged = {seq: (s, a) for seq, s, a, _at in await self.env.bot.store.actions(match.id)}
        assert logged[match.version + 1] == (seat, action_id), "the move is the next row of the action log"
        if "unless you take back your last move first" in text:
            # a move the UI makes by itself is planned for when the take-back window is over: the
            # person is still asked (the hand offers it: their planner makes it with the next move,
            # by a click or a command, before the virtual clock could reach the window's end)
            self.planned += 1
            assert match.version + 2 not in logged, "planned, not made yet"
            now = await current_match(self.env)
            assert now.version == match.version + 1 and seat in self.spec.rules.active_players(now.snapshot)
        self.moves += 1
        if self.moves % EXPIRE_EVERY == 0:
            await self.env.advance_time(VIEW_TIMEOUT)

    def hand_of(self, member):
        return newest_hand(member)

    async def play_one(self, way: str | None = None, action_id: str | None = None) -> str:
        """One move of the person asked now, checked on their hand first."""
        match, seat, member, actions, action = await self.next_move(action_id)
        self.moves_by[member.name] += 1
        hand = self.hand_of(member)
        check_hand(hand, match, actions)
        if self.spec.on_hand is not None and self.spec.on_hand(match.snapshot):
            way = "component"
            self.on_hand += 1
        _way, result = await self.send(way, member, hand, match, seat, actions, action)
        self.played.append((match.version, seat, action.id))
        await self.settle(member, match, seat, action.id, result)
        return action.id

    async def play_to_the_end(self, limit: int = 1500) -> int:
        moves = 0
        while await self.human_to_move() is not None:
            await self.play_one()
            moves += 1
            assert moves < limit
        return moves

    def commands_used(self) -> set[str]:
        return {command for (command, _way) in self.used}


# ---------------------------------------------------------------------- a move at a time

async def due(env, members, match_id: int = 1):
    """(match, seat, member) of the one seat that must act now (member None: a computer seat)."""
    match = await current_match(env, match_id)
    (seat,) = spec_of(match).rules.active_players(match.snapshot)
    user_id = match.user_at(seat).user_id
    return match, seat, next((m for m in members if m.id == user_id), None)


async def position_of(bot, match, seat: int, action: str) -> list[int]:
    """Where `action` is in the tree of the seat's legal moves (what the components carry)."""
    from cogs.ui import paths
    position = paths.find(paths.build(await bot.presenter.named_actions(match, seat)), action)
    assert position is not None, f"{action} is not a legal move"
    return position


async def button_for(bot, message: discord.Message, match, seat: int, action: str) -> discord.Button | None:
    """The toolkit button on `message` that plays `action` with one click, if there is one."""
    position = await position_of(bot, match, seat, action)
    return next((c for c, at, kind, _page in toolkit_components(message) if kind == "go" and at == position), None)


class Clicks:
    """A member (or user) whose clicks and menu choices are counted."""

    def __init__(self, who):
        self.who, self.count = who, 0

    async def click(self, *args, **kwargs):
        self.count += 1
        return await self.who.click(*args, **kwargs)

    async def select(self, *args, **kwargs):
        self.count += 1
        return await self.who.select(*args, **kwargs)


class HandSource:
    """Where a player finds his private hand: the hand the bot answered his last move with
    while it is current, else the newest DM, or (DMs closed) the Show my hand button in the
    thread. `found` says which one the last move was made on: "answer", "dm" or "button"."""

    def __init__(self, member, thread, dm_closed: bool = False):
        self.member, self.thread, self.dm_closed = member, thread, dm_closed
        self.ephemeral: discord.Message | None = None
        self.found = ""

    async def current(self, version: int) -> discord.Message:
        marker = f"· move {version} ·"
        for answer in (ANSWERS.get(self.member.id), self.ephemeral):
            if answer is not None and marker in text_of(answer):
                self.found = "answer"
                return answer
        if not self.dm_closed:
            message = self.member.user.dm_channel.history()[-1]
            assert marker in text_of(message), f"the newest DM is not the hand at move {version}: {text_of(message)}"
            self.found = "dm"
            return message
        board = next(m for m in reversed(self.thread.history()) if m.components)
        r = await self.member.click(board, label=SHOW_MY_HAND)
        assert r.ephemeral and r.response.attachments, text_of(r.response)
        assert marker in text_of(r.response), text_of(r.response)
        self.found = "button"
        return r.response.message

    def remember(self, result) -> None:
        """Keep the hand the bot answered a move with (the hand follows the player)."""
        for answer in (result.response, *result.followups):
            if answer is not None and "your private view" in text_of(answer):
                self.ephemeral = answer.message


async def move_by_components(bot, source: HandSource, match, seat: int, action: str) -> int:
    """Make one move of the player by clicks on his hand message and the step menus it opens
    (every step answered privately). Returns how many clicks it took."""
    hand = await source.current(match.version)
    assert_fits(hand)
    # a hand in the thread (a move's answer, Show my hand) is clicked there; a DM in the DM
    who = Clicks(source.member if getattr(hand, "guild", None) is not None else source.member.user)
    result = await walk_move(who, hand, bot, match, seat, action)
    assert text_of(result.response).startswith("Move played."), f"{action}: {text_of(result.response)}"
    assert "your private view" in text_of(result.response) and result.response.attachments, \
        "a move is answered with the updated hand"
    source.remember(result)
    remember_answer(source.member, result)
    return who.count


def any_move_value(match, seat: int, action: str) -> str:
    """The value /<game> move takes for a legal move: its step values."""
    move = next(a for a in spec_of(match).rules.legal_actions(match.snapshot, seat) if a.id == action)
    return " ".join(s.value for s in move.steps())


async def move_by_command(member, channel, match, seat: int, action: str, used: set | None = None,
                          any_move: bool = False) -> None:
    """Make one move with the game's command for it (or, `any_move`, with /<game> move), checking
    first that each option's list offers exactly the legal values (a game's own command that also
    offers several values in one: its single values)."""
    spec = spec_of(match)
    commands = spec.commands
    actions = spec.rules.legal_actions(match.snapshot, seat)
    move = next(a for a in actions if a.id == action)
    if any_move:
        name, value = f"{commands.prefix} move", any_move_value(match, seat, action)
        offered = offered_values(await member.autocomplete(channel, name, "move", value))
        assert value in offered, (value, offered)
        result = await member.slash(channel, name, move=value)
    else:
        name, steps = commands.command_for(move)
        result, _asked = await typed_command(
            member, channel, name, steps, lambda option, given: commands.option_values(actions, name, option, given),
            single=name in commands.combined)
    text = text_of(result.response)
    assert result.ephemeral, text
    assert text.startswith(spec.answers), f"{action}: {text}"
    assert "your private view" in text and result.response.attachments, "a move is answered with the hand"
    remember_answer(member, result)
    if used is not None:
        used.add(name)
