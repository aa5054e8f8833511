"""Drivers for Sid Meier's Civilization matches in simcord: the humans' moves chosen by a test player
that heads for the kinds of moves a test still needs (a city founded, a great person placed, a
village attacked...), made by /civ commands or by clicks on the toolkit's components of the
private hand; the layout the hand must have; an offline run of the same game (to pick seeds); the
privacy check of the public thread.

A match seed fixes a whole game: the computer seats choose with `seed + version`, and so does the
test player (`Planner`), whose choices depend only on the position and the moves it has made so
far. `simulate` plays the very same game with the engine alone (the service's order: computer
seats first, then the lowest human seat asked), so a test checks a seed, or searches for one, in
a fraction of the time the bot takes. The test player never relies on what the computer player
does: it only reacts to the position."""
from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import dataclass, field

from cogs.civilization import CivilizationCog
from engine.base import Action
from engine.civilization import RULES, research
from i18n import render
from render import registry as renderers
from tests.discord import helpers
from tests.discord.helpers import moves_by_service  # noqa: F401 - re-exported for the tests
from tests.discord.helpers import (VerbCommands, first_seed, newest_hand, play_offline, replayed_states, seating,
                                   states_around)
from tests.discord.st_helpers import FixedSeed  # noqa: F401 - re-exported for the tests

GAME = "civilization"
CIV = VerbCommands("civ", CivilizationCog.VERBS)
VERBS = CIV.verbs
COMMANDS = tuple(VERBS)
command_of, command_for, option_values, names_one_move = (CIV.command_of, CIV.command_for, CIV.option_values,
                                                        CIV.names_one_move)
# what a battle or an over-full hand asks, and the setup: never chosen among other moves
FORCED = ("capital", "figures", "play", "loot", "discard")
# the kinds a test player makes as soon as they are legal while it has not made them, rarest first,
# then any other kind of the table but the everyday ones
RARE = ("greatperson", "found", "gather", "harvest", "explore", "arts", "culture", "government")
SOUGHT = RARE + tuple(v for v in COMMANDS if v not in RARE + FORCED + ("done", "move", "produce", "research"))


def commands_offered(run: helpers.Run) -> set[str]:
    """The commands the people of an offline run had a legal move for at some point."""
    out = set()
    for (seat, _action, how), state in zip(run.moves, run.states):
        if how == "human":
            out |= {command_of(a) for a in RULES.legal_actions(state, seat)}
    return out


def every_command(run: helpers.Run) -> bool:
    """The people of an offline run made every kind of move the game offered them, and the game
    offered the kinds a test needs: a battle (its plays and loot) and every sought kind."""
    offered = commands_offered(run)
    return set(run.human_commands()) == offered and {"play", "loot", "research", *RARE} <= offered


# ---------------------------------------------------------------------- the test player

@dataclass
class Planner(helpers.Seeker):
    """The humans' test player. It makes a kind of move it has not made yet (`seek`, rarest first)
    whenever one is legal (a change of government only from turn 4, a research other than none
    at once; the first great person it gains is kept for a Start of Turn), and with `raid` it
    marches an army onto the nearest village or hut (a battle with the barbarians, and loot);
    everything else: the engine's computer player, seeded `seed + version`. `seek` empty and no
    `raid`: the plain computer player."""

    seek: tuple[str, ...] = SOUGHT
    raid: bool = True
    used: Counter = field(default_factory=Counter)   # command -> moves made with it

    rules = RULES
    commands = CIV

    def _choose(self, state: dict, seat: int, seed: int, actions: list[Action]) -> str:
        by_verb: dict[str, list[str]] = {}
        for a in actions:
            by_verb.setdefault(a.id.split(":")[0], []).append(a.id)
        if not set(by_verb) & set(FORCED):
            if self.seek and "pick:keep" in by_verb.get("pick", []) and not self.used["greatperson"]:
                return "pick:keep"        # R59: a great person kept for a Start of Turn placement
            offer = self._trade(by_verb) if self.seek else None
            if offer:
                return offer
            for name in self.seek:
                if not self.used[name] and name in by_verb and self._now(state, name):
                    return by_verb[name][0]
            if self.raid and "move" in by_verb:
                raid = self._raid(state, seat, by_verb["move"])
                if raid:
                    return raid
        if "research" in by_verb and not self.used["research"] and len(by_verb["research"]) > 1:
            return by_verb["research"][0]
        return RULES.ai_choose(state, seat, seed)

    def _trade(self, by_verb: dict[str, list[str]]) -> str | None:
        """The Trade phase (R27): one draft given, asked and thrown away, then one given and sent;
        an offer the computer player makes is countered once (the counter-draft goes the same way)."""
        if "counter" in by_verb and not self.used["trade counter"]:
            return by_verb["counter"][0]
        if "withdraw" in by_verb:                                  # a draft is open
            for command, verb in (("trade give", "give"), ("trade ask", "ask")):
                if not self.used[command] and verb in by_verb:
                    return by_verb[verb][0]
            if not self.used["trade withdraw"]:
                return "withdraw"
            if not self.used["trade send"]:
                return "send" if "send" in by_verb else (by_verb.get("give") or by_verb.get("ask") or [None])[0]
            return None
        if "offer" in by_verb and not (self.used["trade withdraw"] and self.used["trade send"]):
            return by_verb["offer"][0]
        return None

    @staticmethod
    def _now(state: dict, name: str) -> bool:
        return name != "government" or state["turn"] >= 4

    @staticmethod
    def _raid(state: dict, seat: int, moves: list[str]) -> str | None:
        """An army's move onto a village or a hut (the nearest first)."""
        targets = {lbl for lbl, m in state.get("markers", {}).items() if m["kind"] in ("village", "hut")}
        armies = {f["id"] for f in state["figures"] if f["owner"] == seat and f["kind"] == "army"}
        onto = [m for m in moves if m.split(":")[2] in targets and set(m.split(":")[1].split(",")) <= armies]
        return min(onto, key=lambda m: (-len(m.split(":")[1].split(",")), m)) if onto else None


# ---------------------------------------------------------------------- offline runs

def simulate(seed: int, people: list[str | None], planners: dict[str, Planner], limit: int = 3000) -> helpers.Run:
    """The game the bot plays with this seed: computer seats by the engine, the people by their
    planners (fresh copies: the run does not touch the ones given). A run is played once per test
    session (tests share it and never change it)."""
    key = (seed, tuple(people), tuple(sorted((p, q.seek, q.raid) for p, q in planners.items())), limit)
    if key not in _RUNS:
        _RUNS[key] = _simulate(seed, people, planners, limit)
    return _RUNS[key]


_RUNS: dict[tuple, helpers.Run] = {}


def _simulate(seed: int, people: list[str | None], planners: dict[str, Planner], limit: int) -> helpers.Run:
    seats = seating(seed, people)
    by_seat = {seats.index(p): Planner(planner.seek, planner.raid) for p, planner in planners.items()}
    return play_offline(RULES, {}, seed, seats, by_seat, set(), limit)


def find_seed(people: list[str | None], planners: dict[str, Planner], wanted, start: int,
              tries: int = 60) -> tuple[int, helpers.Run]:
    """The first seed from `start` whose game satisfies `wanted(run)` (the seed a test names is
    normally the first one tried; a change of the computer player may move it further)."""
    return first_seed(lambda seed: simulate(seed, people, planners), wanted, start, tries)


def how_it_ended(state: dict) -> str:
    """"culture", "tech", "economic" or "military" (the four victories)."""
    text = json.dumps(state["result"]["reason"])
    for key, name in (("culture track", "culture"), ("Space Flight", "tech"), ("economic", "economic"),
                      ("capital", "military")):
        if key in text:
            return name
    return "other"


# ---------------------------------------------------------------------- the private hand

def check_hand(hand, match, actions: list[Action]) -> None:
    """The private hand shows the current position (or, in the secret research, the same moves),
    fits Discord's limits, has the expected layout (research picks, battle plays, loot and the
    end of a step as buttons) and every legal move is reachable from one of its components."""
    helpers.check_hand(hand, match, actions, CivilizationCog.BUTTONS)


def expected_layout(actions: list[Action], buttons=CivilizationCog.BUTTONS) -> list[tuple[str, list[int]]]:
    return helpers.expected_layout(actions, buttons)


# ---------------------------------------------------------------------- the driver

class Driver(helpers.Driver):
    """Plays the humans' moves (their planners, seeded `seed + version`) by slash commands and by
    the private hand's components (each command typed first, then alternately), and records how."""

    rules = RULES
    commands = CIV
    new_planner = Planner
    buttons = CivilizationCog.BUTTONS


# ---------------------------------------------------------------------- privacy of the thread

def secret_words(state: dict, public: dict | None = None) -> set[str]:
    """What no public text may name now: every hidden card id (standing forces, culture hands,
    battle hands) and the name of every research pick not yet revealed, unless the public view
    (`public`, worked out when not given) shows it."""
    public = json.dumps(RULES.view(state, None) if public is None else public)
    out = set()
    for seat in range(state["players"]):
        for item in RULES.hidden_items(state, seat):
            if item.startswith("research-pick-"):
                tech = item.rsplit("-", 1)[1]
                if tech != research.NONE:
                    out |= {tech, render(research.name(tech), "en")}
            else:
                out.add(item)
    return {w for w in out if not re.search(rf"\b{re.escape(w)}\b", public)}


def check_public_text(text: str, states: list[dict], known: dict[int, set[str]] | None = None) -> None:
    """A public text names nothing that was secret at each of these versions, and holds no private
    line (a battle hand, a card drawn). `known`: the secrets of states already worked out, by id."""
    known = {} if known is None else known
    secret = set.intersection(*(known[id(s)] if id(s) in known else secret_words(s) for s in states))
    named = {w for w in secret if re.search(rf"\b{re.escape(w)}\b", text)}
    assert not named, f"a secret named in public: {named}: {text[:300]}"
    assert "Your battle hand" not in text and "You draw" not in text, text[:300]


def public_view_is_blind(state: dict, public: dict) -> None:
    """The public view of `state` holds no hand, no standing force, no research pick, no battle
    hand."""
    for area in public["seats"]:
        assert all(isinstance(area[k], int) for k in ("standing_forces", "culture_hand", "hidden_resources"))
    if isinstance(public.get("research"), dict) and "picked" in public["research"]:
        assert public["research"]["picks"] == {}
    if public.get("battle"):
        hands = public["battle"].get("hands", {})
        assert all(isinstance(h, int) for side, h in hands.items()
                   if state["battle"]["seats"][side] is not None), hands


async def assert_thread_reveals_no_hidden_card(env, thread, match, images: int = 3) -> int:
    """No thread message names a card or a research pick that was secret then; the public view never
    holds one; a sample of board images is the public view's picture; replaying the log
    reproduces the stored state. Returns the boards seen."""
    states = await replayed_states(env, match)
    assert states[-1] == match.snapshot, "replaying the log reproduces the stored state"
    names = await env.bot.presenter.seat_names(match)
    history = thread.history()
    known = {}
    for state in states:
        public = RULES.view(state, None)
        public_view_is_blind(state, public)
        known[id(state)] = secret_words(state, public)
    for message, around in states_around(history, states):
        check_public_text(message.content, around, known)
    boards = [m for m in history if m.attachments]
    renderer = renderers.get(GAME)
    await helpers.assert_boards_are_public(boards, states, images,
                                           lambda state: renderer.render_board(RULES.view(state, None), names))
    return len(boards)

