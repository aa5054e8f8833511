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
import re
from collections import Counter
from dataclasses import dataclass, field

from cogs.skytear import SkytearCog
from engine.base import Action
from engine.skytear import RULES, data, hexes
from render.skytear import render_board
from tests.discord import helpers
from tests.discord.bt_helpers import FixedSeed  # noqa: F401 - re-exported for the tests
from tests.discord.helpers import newest_hand, offered_values  # noqa: F401 - offered_values re-exported
from tests.discord.helpers import (VerbCommands, first_seed, play_offline, replayed_states, seating, states_around,
                                   version_shown)

INSTANCE_ID = re.compile(r"\bc\d+\b")   # a card instance ("c12"): never in a public message
NOT_A_MOVE = "not one of your moves now"
SKYTEAR = VerbCommands("skytear", SkytearCog.VERBS)
VERBS = SKYTEAR.verbs
COMMANDS = tuple(VERBS)
command_of, command_for, option_values, names_one_move = (SKYTEAR.command_of, SKYTEAR.command_for,
                                                          SKYTEAR.option_values, SKYTEAR.names_one_move)
every_command = SKYTEAR.every_command
# the kinds a test player seeks out while it has not used them (rarest first); "pass", "end" and
# "keep" come by themselves; "priority" (a setting the computer player leaves alone) last
SOUGHT = ("alternative", "outsider attack", "outsider skirmish", "outsider skill", "outsider end", "skirmish",
          "attack", "choose", "devotion", "lead", "play", "toss", "move", "activate", "discard", "pick", "priority")


# ---------------------------------------------------------------------- the test player

def dome_distance(state: dict, hx: str) -> int:
    m = hexes.load_map(state["map"])
    return min(hexes.distance(m, hx, d) for d in m.dome)


@dataclass
class Planner(helpers.Seeker):
    """The humans' test player: the engine's computer player (seeded `seed + version`), except
    that it picks Gulbjarn in a draft (Bear Fury), seeks out the kinds of moves in `seek` it has
    not made yet, heads for the dome, places the Outsider where it can act, and, once it has
    played and led a card from its hand, keeps its cards until a reset makes it discard.
    `responses`: in a window, play an instant whenever one is legal. `seek` empty: the plain
    computer player."""

    seek: tuple[str, ...] = SOUGHT
    responses: bool = False
    used: Counter = field(default_factory=Counter)   # command -> moves made with it

    rules = RULES
    commands = SKYTEAR

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


def simulate(options: dict, seed: int, people: list[str | None], planners: dict[str, Planner],
             auto_pass: tuple[str, ...] = (), limit: int = 3000) -> helpers.Run:
    """The game the bot plays with this seed: computer seats by the engine, the people by their
    planners (fresh copies: the run does not touch the ones given)."""
    seats = seating(seed, people)
    by_seat = {seats.index(p): Planner(planner.seek, planner.responses) for p, planner in planners.items()}
    return play_offline(RULES, options, seed, seats, by_seat, {seats.index(p) for p in auto_pass}, limit)


def find_seed(options: dict, people: list[str | None], planners: dict[str, Planner], wanted, start: int,
              tries: int = 200, auto_pass: tuple[str, ...] = ()) -> tuple[int, helpers.Run]:
    """The first seed from `start` whose game satisfies `wanted(run)` (the seed a test names is
    normally the first one tried; a change of the computer player may move it further)."""
    return first_seed(lambda seed: simulate(options, seed, people, planners, auto_pass), wanted, start, tries)


# ---------------------------------------------------------------------- the private hand

def expected_layout(actions: list[Action], buttons=SkytearCog.BUTTONS) -> list[tuple[str, list[int]]]:
    return helpers.expected_layout(actions, buttons)


def check_hand(hand, match, actions: list[Action]) -> None:
    """The private hand shows the current position, fits Discord's limits, has the expected layout
    and every legal move is reachable from one of its components."""
    helpers.check_hand(hand, match, actions, SkytearCog.BUTTONS)


# ---------------------------------------------------------------------- the driver

class Driver(helpers.Driver):
    """Plays the humans' moves (their planners, seeded `seed + version`) by slash commands and by
    the private hand's components, alternating per command, and records how."""

    rules = RULES
    commands = SKYTEAR
    new_planner = Planner

    def __init__(self, env, thread, members, planners: dict[str, Planner] | None = None, first: str = "slash",
                 respond_in_dm: bool = False):
        super().__init__(env, thread, members, planners, first)
        self.moves_by = Counter()        # member name -> moves
        self.responses = []              # (seat, action, version, way, from a DM): instants out of turn
        self.asked = []                  # (seat, version, legal ids, the thread's last message in a window)
        self.respond_in_dm = respond_in_dm

    hand_of = staticmethod(newest_hand)

    async def play_one(self, way: str | None = None, action_id: str | None = None) -> str:
        match, seat, member, actions, action = await self.next_move(action_id)
        state = match.snapshot
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
        way, result = await self.send(way, member, hand, match, seat, actions, action)
        if response:
            self.responses.append((seat, action.id, match.version, way, getattr(hand, "guild", None) is None))
        await self.settle(member, match, seat, action.id, result)
        return action.id


# ---------------------------------------------------------------------- privacy of the thread

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


async def assert_thread_reveals_no_hidden_card(env, thread, match, images: int = 4) -> int:
    """No thread message names a hidden card (an instance id, or a lead card from a hand while it
    is secret); the public view names none; a sample of board images is the public view's
    picture; replaying the log reproduces the stored state. Returns the boards seen."""
    states = await replayed_states(env, match)
    assert states[-1] == match.snapshot, "replaying the log reproduces the stored state"
    names = await env.bot.presenter.seat_names(match)
    history = thread.history()
    boards = [m for m in history if m.attachments]
    for message, around in states_around(history, states):
        check_public_text(message.content, around)
    for state in states[:: max(1, len(states) // 40)]:
        public = json.dumps(RULES.view(state, None))
        assert not INSTANCE_ID.search(public), "the public view names a card instance"
    await helpers.assert_boards_are_public(boards, states, images,
                                           lambda state: render_board(RULES.view(state, None), names))
    return len(boards)
