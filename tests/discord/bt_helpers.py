"""Drivers for Battalia matches in simcord: the humans' moves chosen by the engine's computer
player, made by /battalia commands or by clicks on the toolkit's components of the private
hand; the layout the hand must have; the privacy check of the public thread."""
from __future__ import annotations

import json
import re
from collections import Counter

from cogs.ui import paths
from engine.base import Action
from engine.battalia import RULES
from render.battalia import render_board
from tests.discord.helpers import newest_hand, offered_values, typed_command  # noqa: F401 - offered_values re-exported
from tests.discord.helpers import option_values as shared_option_values
from tests.discord.helpers import (assert_fits, children, current_match, remember_answer, replayed_states,
                                   toolkit_components, version_shown, walk_move)

CARD_ID = re.compile(r"\b[kv]\d+\b")
BUTTON_FIRST_STEPS = {"faction", "turn"}  # first steps whose two-step moves are buttons
NOT_A_MOVE = "not one of your moves now"   # a generated command's refusal of an illegal choice


class FixedSeed:
    """Stands in for the service's seed source so a test picks the game it plays."""

    def __init__(self, seed: int):
        self.seed = seed

    def randrange(self, *_):
        return self.seed


def verb_of(action_id: str) -> str:
    return action_id.split(":", 1)[0]


def values(action: Action) -> list[str]:
    return [s.value for s in action.steps()]


# ---------------------------------------------------------------------- commands

# (first step, verb step or None) -> (command, options); the options take the steps after the
# first `fixed` ones, the last option all the steps left
ARTIFACT_USES = {"amulet": "use", "title": "use", "scroll": "use", "tent": "use", "strike": "tent",
                 "hammer": "role"}
BATTLE = {"fight": "how", "retreat": "to", "add": "card", "surrender": None, "commit": None, "pass": None,
          "cancel": None}


def command_for(action: Action) -> tuple[str, list[tuple[str, str]]]:
    """The /battalia command for one move and its options in order, from the move's path."""
    v = values(action)
    head = v[0]

    def take(name: str, fixed: int, *names: str) -> tuple[str, list[tuple[str, str]]]:
        rest, out = v[fixed:], []
        for i, option in enumerate(names):
            if i >= len(rest):
                break
            out.append((option, " ".join(rest[i:]) if i == len(names) - 1 else rest[i]))
        return f"battalia {name}", out

    if head in ("faction", "startcity"):
        return take("setup", 1, "choice")
    if head == "turn":
        return take("turnstart", 1, "choice")
    if head == "acquire":
        return take({"hire": "hire", "craft": "craft"}[v[1]], 2, {"hire": "unit", "craft": "artifact"}[v[1]])
    if head == "build":
        return take(f"build {v[1]}", 2, {"road": "shape", "city": "plan", "upgrade": "city"}[v[1]])
    if head == "place":
        return take("place", 1, "square", "rotation")
    if head == "heroes":
        if v[1] == "hire":
            return take("hero hire", 2, "city")
        if v[1].startswith(("move-", "wings-")):
            return take(f"hero {v[1].split('-')[0]}", 1, "to")
        assert v[1] in ("attack", "claim"), v
        return take("attack", 1, "target")
    if head == "artifacts":
        if v[1] == "ambush":
            return take("ambush", 2, "play")
        if v[1] == "horn":
            return "battalia artifact horn", []
        return take(f"artifact {v[1]}", 2, ARTIFACT_USES[v[1]])
    if head in BATTLE:
        option = BATTLE[head]
        return take(f"battle {head}", 1, *((option,) if option else ()))
    if head == "choose":
        return take("choose", 1, "option")
    assert head == "end", v
    return "battalia end", []


def option_values(actions: list[Action], command: str, option: str, given: dict) -> set[str]:
    return shared_option_values(actions, command_for, command, option, given)


# ---------------------------------------------------------------------- the private hand


def expected_layout(actions: list[Action]) -> tuple[list[tuple[str, list[int]]], bool]:
    """The hand's move components for these moves, as (kind, position) with kind "go" or "step":
    a one-step move is a button; each move of a first step in BUTTON_FIRST_STEPS is a button when
    all of them have two steps; every other first step gets a menu; when that takes more than five
    rows, one menu of first steps (and the one-step moves' buttons). Second value: all in one menu."""
    firsts: list[str] = []
    under: dict[str, list[Action]] = {}
    for action in actions:
        head = values(action)[0]
        if head not in under:
            firsts.append(head)
            under[head] = []
        under[head].append(action)
    buttons, menus = [], []
    for i, head in enumerate(firsts):
        moves = under[head]
        if len(moves) == 1 and len(values(moves[0])) == 1:
            buttons.append(("go", [i]))
        elif head in BUTTON_FIRST_STEPS and all(len(values(a)) == 2 for a in moves):
            seen = []
            for a in moves:
                if values(a)[1] not in seen:
                    seen.append(values(a)[1])
            buttons.extend(("go", [i, j]) for j in range(len(seen)))
        else:
            menus.append(("step", [i]))
    if -(-len(buttons) // 5) + len(menus) <= 5:
        return menus + buttons, False
    return [("step", [])] + [b for b in buttons if len(b[1]) == 1], True


def check_hand(hand, match, actions: list[Action]) -> None:
    """The private hand shows the current position, fits Discord's limits, has the expected layout
    (see expected_layout), and every legal move is reachable from one of its components."""
    assert version_shown(hand) == match.version, "the hand shows the current position"
    assert_fits(hand)
    found = toolkit_components(hand)
    moves = [c for c in children(hand) if (getattr(c, "custom_id", "") or "").startswith("ui:")]
    assert len(found) == len(moves), "every move component is the toolkit's"
    layout, _ = expected_layout(actions)
    assert sorted((kind, at) for _c, at, kind, page in found) == sorted(layout), (layout, found)
    assert all(page == 0 for *_rest, page in found)
    root = paths.build(actions)
    for action in actions:
        target = paths.find(root, action.id)
        assert any(target[:len(at)] == at for _c, at, _kind, _page in found), f"{action.id} is not reachable"


def first_component(hand, target: list[int]) -> tuple[str, list[int]]:
    """The component a click toward `target` starts on: ("button", at) or ("menu", at)."""
    fitting = [(kind, at) for _c, at, kind, _page in toolkit_components(hand) if target[:len(at)] == at]
    kind, at = max(fitting, key=lambda t: len(t[1]))
    return ("button" if kind == "go" else "menu"), at


# ---------------------------------------------------------------------- the driver

class Driver:
    """Plays the humans' moves (the engine's computer player, seeded `seed + version`), by slash
    commands and by the private hand's components, alternating per verb, and records how."""

    def __init__(self, env, thread, members, first: str = "slash"):
        self.env, self.thread, self.members = env, thread, members
        self.first = first               # the way a verb is played the first time; then the ways alternate
        self.used = Counter()            # (verb, "slash" | "component") -> count
        self.kinds = Counter()           # (verb, "button" | "menu") -> count: the first component clicked
        self.commands = Counter()        # slash command -> count
        self.moves_by = Counter()        # member name -> moves
        self.defended_by_components = 0  # R92: the defender's choice made on the private hand
        self.autocompleted = 0
        self.slash_moves = 0

    async def member_to_move(self):
        match = await current_match(self.env)
        (seat,) = RULES.active_players(match.snapshot)
        user_id = match.user_at(seat).user_id
        return match, seat, next(m for m in self.members if m.id == user_id)

    hand_of = staticmethod(newest_hand)

    async def play_one(self, way: str | None = None) -> str:
        match, seat, member = await self.member_to_move()
        state = match.snapshot
        action_id = RULES.ai_choose(state, seat, match.seed + match.version)
        actions = RULES.legal_actions(state, seat)
        action = next(a for a in actions if a.id == action_id)
        verb = verb_of(action_id)
        self.moves_by[member.name] += 1
        hand = self.hand_of(member)
        check_hand(hand, match, actions)
        deciding = bool(state["battle"]) and state["battle"]["stage"] == "decide"
        slash, component = self.used[(verb, "slash")], self.used[(verb, "component")]
        if way is None:
            way = "component" if deciding or slash > component or (slash == component and self.first == "component") \
                else "slash"
        if way == "component":
            result = await self.by_component(member, hand, match, seat, actions, action)
            if deciding:
                self.defended_by_components += 1
        else:
            result = await self.by_slash(member, actions, action)
        self.used[(verb, way)] += 1
        text = result.response is not None and result.response.content
        assert text and text.startswith("Move played."), (action_id, text)
        assert "your private view" in text and result.response.attachments, "a move is answered with the hand"
        remember_answer(member, result)
        after = await current_match(self.env)
        logged = {seq: (s, a) for seq, s, a, _at in await self.env.bot.store.actions(match.id)}
        assert after.version > match.version and logged[match.version + 1] == (seat, action_id), \
            "the move is the next row of the action log"
        return action_id

    async def by_component(self, member, hand, match, seat: int, actions: list[Action], action: Action):
        target = paths.find(paths.build(actions), action.id)
        kind, _at = first_component(hand, target)
        self.kinds[(verb_of(action.id), kind)] += 1
        # a hand answered in the thread is clicked there, a DM in the DM
        who = member if getattr(hand, "guild", None) is not None else member.user
        return await walk_move(who, hand, self.env.bot, match, seat, action.id)

    async def by_slash(self, member, actions: list[Action], action: Action):
        """The move's command, each option checked first: its list offers the legal values only
        (all of them when they fit), and the one to send. Every seventh: /battalia move."""
        self.slash_moves += 1
        if self.slash_moves % 7 == 0:
            value = " ".join(values(action))
            offered = offered_values(await member.autocomplete(self.thread, "battalia move", "move", value))
            assert value in offered, (value, offered)
            self.commands["battalia move"] += 1
            return await member.slash(self.thread, "battalia move", move=value)
        command, options = command_for(action)
        result, asked = await typed_command(member, self.thread, command, options,
                                            lambda option, given: option_values(actions, command, option, given))
        self.autocompleted += asked
        self.commands[command] += 1
        return result

    async def play_to_the_end(self, limit: int = 600) -> int:
        moves = 0
        while (await current_match(self.env)).status == "active":
            await self.play_one()
            moves += 1
            assert moves < limit
        return moves


# ---------------------------------------------------------------------- privacy of the thread

def hidden_ids(state: dict) -> set[str]:
    return {c for p in state["players"] for zone in ("hand", "ambush", "realm") for c in p[zone]}


async def assert_thread_reveals_no_hidden_card(env, thread, match) -> None:
    """No thread message names a card hidden at its version; the public view names none; a
    sample of board images is the public view's picture."""
    states = await replayed_states(env, match)
    assert states[-1] == match.snapshot, "replaying the log reproduces the stored state"
    names = await env.bot.presenter.seat_names(match)
    boards = [m for m in thread.history() if m.attachments]
    assert len(boards) > 10
    for message in thread.history():
        found = re.search(r"· move (\d+)", message.content)
        assert found, message.content[:80]
        state = states[int(found.group(1))]
        hidden = hidden_ids(state)
        named = set(CARD_ID.findall(message.content))
        assert not named & hidden, f"hidden cards named in the thread: {named & hidden}"
        public = json.dumps(RULES.view(state, None))
        assert not set(CARD_ID.findall(public)) & hidden
    for message in boards[:: max(1, len(boards) // 4)]:  # a sample: the image is drawn from the public view
        state = states[int(re.search(r"· move (\d+)", message.content).group(1))]
        assert await message.attachments[0].read() == render_board(RULES.view(state, None), names)
