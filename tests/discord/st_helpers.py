"""Drivers for Skytear matches in simcord: the humans' moves chosen by a test player built on the
engine's own computer player (steered toward the kinds of moves a test still needs), made by
/skytear commands or by clicks on the toolkit's components of the private hand; the layout the
hand must have; an offline run of the same game (to pick seeds); the privacy check of the
public thread.

A match seed fixes a whole game: the computer seats choose with `seed + version`, and so does the
test player (`Planner`), whose steering depends only on the moves it has made so far. `simulate`
plays the very same game with the engine alone (the service's order: computer seats first, then
the people who pass by themselves, then the lowest human seat), so a test can check a seed, or
search for one, in a fraction of the time the bot takes."""
from __future__ import annotations

import json
import random
import re
from collections import Counter
from dataclasses import dataclass, field

from cogs.skytear import SkytearCog
from cogs.ui import paths
from cogs.ui.commands import _slices, narrowed
from cogs.ui.picker import fingerprint
from engine.base import Action
from engine.skytear import RULES, data, hexes
from render.skytear import render_board
from tests.discord.bt_helpers import FixedSeed  # noqa: F401 - re-exported for the tests
from tests.discord.helpers import newest_hand, offered_values, typed_command  # noqa: F401 - offered_values re-exported
from tests.discord.helpers import option_values as shared_option_values
from tests.discord.helpers import (assert_fits, children, current_match, remember_answer,
                                   toolkit_components, version_shown, walk_move)

INSTANCE_ID = re.compile(r"\bc\d+\b")   # a card instance ("c12"): never in a public message
NOT_A_MOVE = "not one of your moves now"
# discord.py gives the view of every ephemeral answer (the hand that answers a move) a 15-minute
# timeout, a sleep simcord tracks until it ends: the driver lets virtual time run past them now
# and then, or every interaction would wait on more of them (the hands' components are the
# toolkit's dynamic items, which answer with or without their view)
VIEW_TIMEOUT = 15 * 60 + 1
EXPIRE_EVERY = 10
VERBS = {(f"{v.group} {v.name}" if v.group else v.name): v for v in SkytearCog.VERBS}
COMMANDS = tuple(VERBS)
# the kinds a test player seeks out while it has not used them (rarest first); "pass", "end" and
# "keep" come by themselves
SOUGHT = ("alternative", "outsider attack", "outsider skirmish", "outsider skill", "outsider end", "skirmish",
          "attack", "choose", "devotion", "lead", "play", "toss", "move", "activate", "discard", "pick")


# ---------------------------------------------------------------------- commands

def command_of(action: Action) -> str:
    """The verb command (e.g. "outsider place") that covers a move: exactly one does."""
    covering = [name for name, verb in VERBS.items() if verb.covers(action)]
    assert len(covering) == 1, (action.id, covering)
    return covering[0]


def command_for(action: Action) -> tuple[str, list[tuple[str, str]]]:
    """The /skytear command for one move and its options in order, from the move's path (the
    last option takes all the steps left, as one value)."""
    name = command_of(action)
    verb = VERBS[name]
    options = [(p.name, " ".join(s.value for s in steps)) for p, steps in zip(verb.params, _slices(verb, action))
               if steps]
    return f"skytear {name}", options


def option_values(actions: list[Action], command: str, option: str, given: dict) -> set[str]:
    return shared_option_values(actions, command_for, command, option, given)


def names_one_move(actions: list[Action], action: Action) -> bool:
    """The command's options, given the move's step values, name that move alone."""
    name, options = command_for(action)
    return narrowed(VERBS[name.removeprefix("skytear ")], actions, dict(options)) == [action]


# ---------------------------------------------------------------------- the test player

def dome_distance(state: dict, hx: str) -> int:
    m = hexes.load_map(state["map"])
    return min(hexes.distance(m, hx, d) for d in m.dome)


@dataclass
class Planner:
    """The humans' test player: the engine's computer player (seeded `seed + version`), except
    that it picks Gulbjarn in a draft (Bear Fury), seeks out the kinds of moves in `seek` it has
    not made yet, heads for the dome, places the Outsider where it can act, and, once it has
    played and led a card from its hand, keeps its cards until a reset makes it discard.
    `responses`: in a window, play an instant whenever one is legal. `seek` empty: the plain
    computer player."""

    seek: tuple[str, ...] = SOUGHT
    responses: bool = False
    used: Counter = field(default_factory=Counter)   # command -> moves made with it

    def choose(self, state: dict, seat: int, seed: int) -> str:
        actions = RULES.legal_actions(state, seat)
        chosen = self._choose(state, seat, seed, actions)
        self.used[command_of(next(a for a in actions if a.id == chosen))] += 1
        return chosen

    def _choose(self, state: dict, seat: int, seed: int, actions: list[Action]) -> str:
        ids = [a.id for a in actions]
        plain = RULES.ai_choose(state, seat, seed)
        if not self.seek and not self.responses:
            return plain
        if self.responses and "pass" in ids:
            instants = [i for i in ids if i.startswith("play:")]
            return instants[0] if instants else "pass"
        if not self.seek:
            return plain
        if "pick:gulbjarn" in ids:
            return "pick:gulbjarn"
        places = [i for i in ids if i.startswith("outsider:place:")]
        if places:
            return max(places, key=lambda i: (self._outsider_options(state, seat, i), -places.index(i)))
        by_command = {}
        for a in actions:
            by_command.setdefault(command_of(a), []).append(a.id)
        for name in self.seek:
            if not self.used[name] and name in by_command:
                return self._best_of(state, by_command[name], plain)
        if self.used["play"] and self.used["lead"] and not self.used["discard"]:   # keep cards: a reset will discard
            if plain.startswith("lead:") and "lead:deck" in ids:
                return "lead:deck"
            if plain.startswith("play:") and state.get("activation") and not state.get("window"):
                others = [i for i in ids if i.split(":")[0] in ("attack", "skirmish", "alt", "devotion")
                          or i == "lead:deck"]
                moves = [i for i in ids if i.startswith("move:")]
                if others or moves:
                    return others[0] if others else self._best_of(state, moves, plain)
        if plain.startswith("move:"):
            return self._best_of(state, [i for i in ids if i.startswith("move:")], plain)
        return plain

    @staticmethod
    def _best_of(state: dict, ids: list[str], plain: str) -> str:
        """The computer's own choice when it is one of `ids`; a move: the one nearest the dome."""
        if ids[0].startswith("move:"):
            return min(ids, key=lambda i: (dome_distance(state, i.split(":")[1]), i != plain, ids.index(i)))
        return plain if plain in ids else ids[0]

    @staticmethod
    def _outsider_options(state: dict, seat: int, place: str) -> int:
        after = RULES.apply(state, seat, place)[0]
        kinds = {a.id.split(":")[1] for a in RULES.legal_actions(after, seat) if a.id.startswith("outsider:")}
        return len(kinds)


def next_seat(state: dict, ai_seats: set[int], auto_pass: set[int]) -> tuple[int, str]:
    """Who moves next, in the service's order: a computer seat ("ai"), a person who passes by
    themselves ("auto"), else the lowest human seat asked ("human")."""
    active = sorted(RULES.active_players(state))
    due = [s for s in active if s in ai_seats]
    if due:
        return due[0], "ai"
    passing = [s for s in active if s in auto_pass and RULES.auto_pass_ok(state, s)]
    if passing:
        return passing[0], "auto"
    return active[0], "human"


@dataclass
class Run:
    """A game played offline: who sits where, its states by version, and who made each move how."""
    seats: list[str | None]              # the person at each seat (None: a computer seat)
    states: list[dict]
    moves: list[tuple[int, str, str]]   # (seat, action, "ai" | "auto" | "human")
    planners: dict[int, Planner]

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


def seating(seed: int, people: list[str | None]) -> list[str | None]:
    """Who sits where in a match with this seed: the service shuffles the challenge's order
    (the challenger, the opponents, then the computer seats, None)."""
    seats = list(people)
    random.Random(seed).shuffle(seats)
    return seats


def simulate(options: dict, seed: int, people: list[str | None], planners: dict[str, Planner],
             auto_pass: tuple[str, ...] = (), limit: int = 3000) -> Run:
    """The game the bot plays with this seed: computer seats by the engine, the people by their
    planners (fresh copies: the run does not touch the ones given)."""
    seats = seating(seed, people)
    ai_seats = {s for s, p in enumerate(seats) if p is None}
    by_seat = {seats.index(p): Planner(planner.seek, planner.responses) for p, planner in planners.items()}
    passing = {seats.index(p) for p in auto_pass}
    state = RULES.setup(len(seats), options, seed)
    states, moves = [state], []
    while not state.get("result") and len(moves) < limit:
        seat, how = next_seat(state, ai_seats, passing)
        if how == "ai":
            action = RULES.ai_choose(state, seat, seed + len(moves))
        elif how == "auto":
            action = "pass"
        else:
            action = by_seat[seat].choose(state, seat, seed + len(moves))
        state = RULES.apply(state, seat, action)[0]
        states.append(state)
        moves.append((seat, action, how))
    return Run(seats, states, moves, by_seat)


def find_seed(options: dict, people: list[str | None], planners: dict[str, Planner], wanted, start: int,
              tries: int = 200, auto_pass: tuple[str, ...] = ()) -> tuple[int, Run]:
    """The first seed from `start` whose game satisfies `wanted(run)` (the seed a test names is
    normally the first one tried; a change of the computer player may move it further)."""
    for seed in range(start, start + tries):
        run = simulate(options, seed, people, planners, auto_pass)
        if run.final.get("result") and wanted(run):
            return seed, run
    raise AssertionError(f"no seed in {start}..{start + tries - 1} gives the game the test needs")


# ---------------------------------------------------------------------- the private hand

def expected_layout(actions: list[Action], buttons=SkytearCog.BUTTONS) -> list[tuple[str, list[int]]]:
    """The hand's move components for these moves, as (kind, position), kind "go" or "step":
    a one-step move is a button; each move of a first step in `buttons` is a button when all of
    them have two steps; every other first step gets a menu; when that takes more than five rows,
    one menu of first steps (and the one-step moves' buttons)."""
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


def check_hand(hand, match, actions: list[Action]) -> None:
    """The private hand shows the current position, fits Discord's limits, has the expected layout
    and every legal move is reachable from one of its components."""
    found = toolkit_components(hand)
    if version_shown(hand) != match.version:   # a simultaneous choice: others chose since, the menus hold
        marks = {(c.custom_id.rsplit(":", 1)[-1]) for c, *_rest in found}
        assert marks == {fingerprint(actions)}, "the hand shows the current position, or the same moves"
    assert_fits(hand)
    moves = [c for c in children(hand) if (getattr(c, "custom_id", "") or "").startswith("ui:")]
    assert len(found) == len(moves), "every move component is the toolkit's"
    layout = expected_layout(actions)
    assert sorted((kind, at) for _c, at, kind, _page in found) == sorted(layout), (layout, found)
    root = paths.build(actions)
    for action in actions:
        target = paths.find(root, action.id)
        assert any(target[:len(at)] == at for _c, at, _kind, _page in found), f"{action.id} is not reachable"


# ---------------------------------------------------------------------- the driver

class Driver:
    """Plays the humans' moves (their planners, seeded `seed + version`) by slash commands and by
    the private hand's components, alternating per command, and records how."""

    def __init__(self, env, thread, members, planners: dict[str, Planner] | None = None, first: str = "slash",
                 respond_in_dm: bool = False):
        self.env, self.thread, self.members = env, thread, members
        self.planners = planners if planners is not None else {}
        self.first = first
        self.used = Counter()            # (command, "slash" | "component") -> count
        self.kinds = Counter()           # (command, "button" | "menu") -> the first component clicked
        self.moves_by = Counter()        # member name -> moves
        self.responses = []              # (seat, action, version, way, from a DM): instants out of turn
        self.asked = []                  # (seat, version, legal ids, the thread's last message in a window)
        self.respond_in_dm = respond_in_dm
        self.autocompleted = 0
        self.moves = 0

    def planner(self, name: str) -> Planner:
        return self.planners.setdefault(name, Planner())

    async def human_to_move(self):
        """(match, seat, member) of the lowest human seat asked now, or None."""
        match = await current_match(self.env)
        if match.status != "active":
            return None
        humans = sorted(s for s in RULES.active_players(match.snapshot) if not match.user_at(s).is_ai)
        if not humans:
            return None
        seat = humans[0]
        user_id = match.user_at(seat).user_id
        return match, seat, next(m for m in self.members if m.id == user_id)

    hand_of = staticmethod(newest_hand)

    async def play_one(self, way: str | None = None, action_id: str | None = None) -> str:
        found = await self.human_to_move()
        assert found is not None, "no person is asked to move"
        match, seat, member = found
        state = match.snapshot
        actions = RULES.legal_actions(state, seat)
        if action_id is None:
            action_id = self.planner(member.name).choose(state, seat, match.seed + match.version)
        action = next(a for a in actions if a.id == action_id)
        command = command_of(action)
        self.moves_by[member.name] += 1
        hand = self.hand_of(member)
        response = command == "play" and bool(state.get("window")) and \
            (state.get("activation") or {}).get("seat") != seat
        dm = member.user.dm_channel.history()[-1]
        if response and self.respond_in_dm and version_shown(dm) == match.version:
            hand, way = dm, "component"   # an instant out of turn, from the hand the bot sent by DM
        check_hand(hand, match, actions)
        told = self.thread.history()[-1] if state.get("window") else None   # what the thread said last
        self.asked.append((seat, match.version, [a.id for a in actions], told))
        slash, component = self.used[(command, "slash")], self.used[(command, "component")]
        if way is None:
            way = "component" if slash > component or (slash == component and self.first == "component") \
                else "slash"
        if way == "component":
            result = await self.by_component(member, hand, match, seat, actions, action)
        else:
            result = await self.by_slash(member, actions, action)
        self.used[(command, way)] += 1
        text = result.response is not None and result.response.content
        assert text and text.startswith("Move played."), (action_id, text)
        assert "your private view" in text and result.response.attachments, "a move is answered with the hand"
        remember_answer(member, result)
        if response:
            self.responses.append((seat, action_id, match.version, way, getattr(hand, "guild", None) is None))
        logged = {seq: (s, a) for seq, s, a, _at in await self.env.bot.store.actions(match.id)}
        assert logged[match.version + 1] == (seat, action_id), "the move is the next row of the action log"
        self.moves += 1
        if self.moves % EXPIRE_EVERY == 0:
            await self.env.advance_time(VIEW_TIMEOUT)
        return action_id

    async def by_component(self, member, hand, match, seat: int, actions: list[Action], action: Action):
        target = paths.find(paths.build(actions), action.id)
        fitting = [(kind, at) for _c, at, kind, _page in toolkit_components(hand) if target[:len(at)] == at]
        kind, _at = max(fitting, key=lambda t: len(t[1]))
        self.kinds[(command_of(action), "button" if kind == "go" else "menu")] += 1
        who = member if getattr(hand, "guild", None) is not None else member.user
        return await walk_move(who, hand, self.env.bot, match, seat, action.id)

    async def by_slash(self, member, actions: list[Action], action: Action):
        """The move's command, each option checked first: its list offers the legal values only
        (all of them when they fit), and the one to send."""
        command, options = command_for(action)
        result, asked = await typed_command(member, self.thread, command, options,
                                            lambda option, given: option_values(actions, command, option, given))
        self.autocompleted += asked
        return result

    async def play_to_the_end(self, limit: int = 1500) -> int:
        moves = 0
        while await self.human_to_move() is not None:
            await self.play_one()
            moves += 1
            assert moves < limit
        return moves

    def commands_used(self) -> set[str]:
        return {command for (command, _way) in self.used}


# ---------------------------------------------------------------------- privacy of the thread

async def replayed_states(env, match) -> list[dict]:
    """The state at every version, rebuilt from the seed and the action log."""
    states = [RULES.setup(len(match.seats), dict(match.options), match.seed)]
    for _seq, seat, action, _at in await env.bot.store.actions(match.id):
        states.append(RULES.apply(states[-1], seat, action)[0])
    return states


def secret_leads(state: dict) -> set[str]:
    """The names of the cards led from a hand and not public at this version (in no discard pile,
    on no hero, among no revealed cards)."""
    public = set(RULES.view(state, None)["cards"])
    out = set()
    for h in state["heroes"].values():
        for lead in h["leads"]:
            if lead["from"] == "hand" and state["cards"][lead["card"]] not in public:
                out.add(data.name(state["cards"][lead["card"]]))
    return out


def check_public_text(text: str, states: list[dict]) -> None:
    """A public text names no card instance, and no card led from a hand that was secret at each
    of these versions."""
    assert not INSTANCE_ID.search(text), f"a card instance named in public: {text[:200]}"
    secret = set.intersection(*(secret_leads(s) for s in states))
    named = {name for name in secret if re.search(rf"\b{re.escape(name)}\b", text)}
    assert not named, f"a secret lead card named in public: {named}: {text[:300]}"


VERSION = re.compile(r"· move (\d+)")


async def assert_thread_reveals_no_hidden_card(env, thread, match, images: int = 4) -> int:
    """No thread message names a hidden card (an instance id, or a lead card from a hand while it
    is secret); the public view names none; a sample of board images is the public view's
    picture; replaying the log reproduces the stored state. Returns the boards seen."""
    states = await replayed_states(env, match)
    assert states[-1] == match.snapshot, "replaying the log reproduces the stored state"
    names = await env.bot.presenter.seat_names(match)
    history = thread.history()
    versions = []
    last = 0
    for message in history:
        found = VERSION.search(message.content)
        last = int(found.group(1)) if found else last
        versions.append((found is not None, last))
    boards = [m for m in history if m.attachments]
    for i, message in enumerate(history):
        pinned, version = versions[i]
        if pinned:
            around = [states[version]]
        else:   # between two boards: what was secret all along
            upto = next((v for p, v in versions[i + 1:] if p), len(states) - 1)
            around = states[version:upto + 1]
        check_public_text(message.content, around)
    for state in states[:: max(1, len(states) // 40)]:
        public = json.dumps(RULES.view(state, None))
        assert not INSTANCE_ID.search(public), "the public view names a card instance"
    for message in boards[:: max(1, len(boards) // images)][:images]:
        state = states[int(VERSION.search(message.content).group(1))]
        assert await message.attachments[0].read() == render_board(RULES.view(state, None), names)
    return len(boards)
