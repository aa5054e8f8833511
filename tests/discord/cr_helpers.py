"""Drivers for Clash of Rage matches in simcord: the humans' moves chosen by a test player that heads
for the kinds of moves a test still needs (a forge, a hero, a reroll...), made by /clash commands
or by clicks on the toolkit's components of the private hand; the layout the hand must have; an
offline run of the same game (to pick seeds); the privacy check of the public thread.

A match seed fixes a whole game: the computer seats choose with `seed + version`, and so does the
test player (`Planner`), whose choices depend only on the position and the moves it has made so
far. `simulate` plays the very same game with the engine alone (the service's order: computer
seats first, then the lowest human seat asked), so a test can check a seed, or search for one,
in a fraction of the time the bot takes. The test player never relies on what the computer
player does: it only reacts to the position."""
from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import dataclass, field

from cogs.clash_of_rage import ClashOfRageCog
from engine.base import Action
from engine.clash_of_rage import RULES, board, data, rounds, tactics
from i18n import render
from render import registry as renderers
from tests.discord import helpers
from tests.discord.helpers import moves_by_service  # noqa: F401 - re-exported for the tests
from tests.discord.helpers import (VerbCommands, first_seed, newest_hand, play_offline, replayed_states, seating,
                                   states_around)
from tests.discord.st_helpers import FixedSeed  # noqa: F401 - re-exported for the tests

GAME = "clash_of_rage"
CLASH = VerbCommands("clash", ClashOfRageCog.VERBS)
VERBS = CLASH.verbs
COMMANDS = tuple(VERBS)
command_of, command_for, option_values, names_one_move = (CLASH.command_of, CLASH.command_for, CLASH.option_values,
                                                          CLASH.names_one_move)
every_command = CLASH.every_command
# the kinds a test player seeks out while it has not used them, rarest first ("done" is never asked)
SOUGHT = ("keep", "forge", "recruit", "reroll", "allocate", "battle", "unequip", "equip", "buy", "equipped",
          "retreat", "pass", "moved", "roll", "move", "place", "stronghold", "tactic")


# ---------------------------------------------------------------------- the test player

def _distance(state: dict, a: str, b: str) -> int:
    return board.distance(rounds.current_board(state), a, b)


@dataclass
class Planner(helpers.Seeker):
    """The humans' test player. It takes a kind of move it has not made yet (`seek`, rarest first)
    whenever one is legal, and otherwise works toward the rare ones: income first (for a hero),
    its stronghold beside a forge, its whole army marching on the nearest forge it does not hold
    (the kills and the forge give crystals), rerolls bought, every blank die rerolled. Everything
    else: the engine's computer player, seeded `seed + version`. `seek` empty: the plain
    computer player."""

    seek: tuple[str, ...] = SOUGHT
    used: Counter = field(default_factory=Counter)   # command -> moves made with it

    rules = RULES
    commands = CLASH

    def _choose(self, state: dict, seat: int, seed: int, actions: list[Action]) -> str:
        ids = [a.id for a in actions]
        if not self.seek:
            return RULES.ai_choose(state, seat, seed)
        by_verb: dict[str, list[str]] = {}
        for a in actions:
            by_verb.setdefault(command_of(a), []).append(a.id)
        wanted = [v for v in self.seek if not self.used[v]]
        for name in wanted:
            if name in by_verb and self._now(state, seat, name, by_verb):
                return self._best(state, seat, name, by_verb[name])
        verb = ids[0].split(":")[0]
        if verb == "tactic":
            return max(ids, key=lambda i: (tactics.card(i.split(":")[1])["income"], i))
        if verb == "stronghold":
            return min(ids, key=lambda i: (self._forge_distance(state, i.split(":")[1].split("-")[0]), i))
        if verb == "place":
            home = rounds.stronghold_label(seat)
            return next((i for i in ids if i.endswith(":" + home)), ids[0])
        if verb in ("roll", "retreat"):
            return "roll" if "roll" in ids else ids[0]
        if verb == "reroll":
            return max(ids, key=len)
        if "keep" in by_verb:
            return by_verb["keep"][0]
        if state.get("battle"):
            return RULES.ai_choose(state, seat, seed)
        record = state.get("action") or {}
        if "forge" in by_verb:
            return "forge"
        if "battle" in by_verb:
            return by_verb["battle"][0]
        if "equipped" in by_verb and "move" not in by_verb:   # an Equip action: buy rerolls, then finish
            return self._equip_step(state, seat, by_verb)
        if "move" in by_verb and not self.used["battle"]:   # two battles at once: the order is chosen
            second = self._second_front(state, seat, by_verb["move"])
            if second:
                return second
        if "move" in by_verb:
            move = self._march(state, seat, by_verb["move"], record)
            if move:
                return move
            if "moved" in by_verb:
                return "moved"
        if "pass" in ids and "move" not in by_verb:
            return "pass"
        return self._equip_step(state, seat, by_verb) if "equipped" in by_verb else RULES.ai_choose(state, seat, seed)

    def _now(self, state: dict, seat: int, name: str, by_verb: dict) -> bool:
        """Whether to make a sought kind of move now (a retreat or a pass costs a battle or an
        action: made only once the rare kinds are done, or late)."""
        if name in ("retreat", "pass"):
            return all(self.used[v] for v in ("keep", "forge", "recruit")) or state["round"] >= 5
        if name == "equipped":
            return bool(self.used["buy"] or self.used["recruit"] or self.used["equip"])
        if name == "moved":
            return bool(self.used["move"])
        return True

    def _best(self, state: dict, seat: int, name: str, ids: list[str]) -> str:
        if name == "buy":
            return min(ids, key=lambda i: ("REROLL" not in data.item(i.split(":")[1])["bonus"], i))
        if name == "move":
            return self._march(state, seat, ids, state.get("action") or {}) or ids[0]
        if name == "reroll":
            return max(ids, key=len)
        return ids[0]

    def _equip_step(self, state: dict, seat: int, by_verb: dict) -> str:
        buys = [i for i in by_verb.get("buy", []) if "REROLL" in data.item(i.split(":")[1])["bonus"]]
        if buys and not self.used["reroll"]:
            return buys[0]
        return "equipped"

    def _forge_distance(self, state: dict, where: str) -> int:
        bare = rounds.bare_board(state)
        return min(board.distance(bare, where, f) for f in bare.of_terrain("forge"))

    def _target(self, state: dict, seat: int) -> str | None:
        """The nearest forge; once one is held, the nearest forge or elf city not held."""
        home = rounds.stronghold_label(seat)
        bare = rounds.bare_board(state)
        forges = [t for t in bare.of_terrain("forge") if rounds.controller(state, t) != seat]
        if len(forges) == len(bare.of_terrain("forge")):
            return min(forges, key=lambda t: (_distance(state, home, t), t))
        open_ = forges + [t for t in bare.of_terrain("city") if rounds.controller(state, t) != seat]
        return min(open_, key=lambda t: (_distance(state, home, t), t)) if open_ else None

    @staticmethod
    def _second_front(state: dict, seat: int, ids: list[str]) -> str | None:
        """With one battle ahead after a move, a group of units into another enemy territory."""
        enemies = {t for t in state["elves"] if state["elves"][t]} | {
            t for t, by in state["units"].items() if any(int(s) != seat and sum(n.values()) for s, n in by.items())}
        contested = {t for t in enemies if rounds.units_of(state, t, seat)}
        if len(contested) != 1:
            return None
        fronts = [i for i in ids if i.split(":")[2] in enemies - contested and i.split(":")[1] not in contested
                  and not any(h["id"] == i.split(":")[3] for h in data.heroes())]
        return max(fronts, key=lambda i: (int(i.split(":")[3].partition("*")[2] or 1), i)) if fronts else None

    def _march(self, state: dict, seat: int, ids: list[str], record: dict) -> str | None:
        """The biggest group that gets nearer the target (units first, then heroes)."""
        target = self._target(state, seat)
        if target is None:
            return None
        bare = rounds.bare_board(state)
        held = {t for t in bare.of_terrain("forge") if rounds.controller(state, t) == seat}
        best, key = None, None
        for i in ids:
            _, start, to, group = i.split(":")
            if start in held:   # what it holds, it keeps
                continue
            count = int(group.partition("*")[2] or 1)
            hero = any(h["id"] == group for h in data.heroes())
            before, after = _distance(state, start, target), _distance(state, to, target)
            if after >= before or (hero and after > 0 and rounds.units_of(state, to, seat) == 0):
                continue
            k = (hero, -count, after, i)
            if key is None or k < key:
                best, key = i, k
        return best


# ---------------------------------------------------------------------- offline runs

def simulate(options: dict, seed: int, people: list[str | None], planners: dict[str, Planner],
             limit: int = 3000) -> helpers.Run:
    """The game the bot plays with this seed: computer seats by the engine, the people by their
    planners (fresh copies: the run does not touch the ones given)."""
    seats = seating(seed, people)
    by_seat = {seats.index(p): Planner(planner.seek) for p, planner in planners.items()}
    return play_offline(RULES, options, seed, seats, by_seat, set(), limit)


def find_seed(options: dict, people: list[str | None], planners: dict[str, Planner], wanted, start: int,
              tries: int = 300) -> tuple[int, helpers.Run]:
    """The first seed from `start` whose game satisfies `wanted(run)` (the seed a test names is
    normally the first one tried; a change of the computer player may move it further)."""
    return first_seed(lambda seed: simulate(options, seed, people, planners), wanted, start, tries)


# ---------------------------------------------------------------------- the private hand

def check_hand(hand, match, actions: list[Action]) -> None:
    """The private hand shows the current position (or, in the secret choice, the same moves),
    fits Discord's limits, has the expected layout (battle steps and tactic cards as buttons)
    and every legal move is reachable from one of its components."""
    helpers.check_hand(hand, match, actions, ClashOfRageCog.BUTTONS)


def expected_layout(actions: list[Action], buttons=ClashOfRageCog.BUTTONS) -> list[tuple[str, list[int]]]:
    return helpers.expected_layout(actions, buttons)


# ---------------------------------------------------------------------- the driver

class Driver(helpers.Driver):
    """Plays the humans' moves (their planners, seeded `seed + version`) by slash commands and by
    the private hand's components (each command typed first, then alternately), and records how."""

    rules = RULES
    commands = CLASH
    new_planner = Planner
    buttons = ClashOfRageCog.BUTTONS


# ---------------------------------------------------------------------- privacy of the thread

def secret_tactics(state: dict) -> set[str]:
    """The tactic cards whose place nobody else may know now: in a hand, or chosen and not yet
    revealed (the cards the public view does not name)."""
    public = json.dumps(RULES.view(state, None))
    out = set()
    for area in state["seats"]:
        for card_id in area["tactic_hand"]:
            out.add(card_id)
    out |= set(state["tactics"]["picks"].values())
    return {c for c in out if not re.search(rf"\b{re.escape(c)}\b", public)}


def tactic_words(card_id: str) -> tuple[str, ...]:
    """How a text could name a tactic card: its id or its label."""
    return card_id, render(tactics.label(card_id), "en")


def check_public_text(text: str, states: list[dict]) -> None:
    """A public text names no tactic card that was secret at each of these versions."""
    secret = set.intersection(*(secret_tactics(s) for s in states))
    named = {c for c in secret for w in tactic_words(c) if re.search(rf"\b{re.escape(w)}\b", text)}
    assert not named, f"a secret tactic card named in public: {named}: {text[:300]}"


async def assert_thread_reveals_no_hidden_card(env, thread, match, images: int = 3) -> int:
    """No thread message names a tactic card that was secret then; the public view never holds a
    pick or a hand; a sample of board images is the public view's picture; replaying the log
    reproduces the stored state. Returns the boards seen."""
    states = await replayed_states(env, match)
    assert states[-1] == match.snapshot, "replaying the log reproduces the stored state"
    names = await env.bot.presenter.seat_names(match)
    history = thread.history()
    for message, around in states_around(history, states):
        check_public_text(message.content, around)
    for state in states:
        public = RULES.view(state, None)
        assert public["tactics"]["picks"] == {} and all(isinstance(a["tactic_hand"], int) for a in public["seats"])
    boards = [m for m in history if m.attachments]
    renderer = renderers.get(GAME)
    await helpers.assert_boards_are_public(boards, states, images,
                                           lambda state: renderer.render_board(RULES.view(state, None), names))
    return len(boards)
