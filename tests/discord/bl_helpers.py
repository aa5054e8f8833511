"""Drivers for Battle Line matches in simcord: a seeded test player, its moves sent as
/battleline commands or as clicks on the toolkit's components of the private hand message,
and the privacy check of the public thread."""
from __future__ import annotations

import random
import re

import discord

from cogs.ui import paths
from engine.battleline import RULES, card_label
from engine.battleline.cards import GUILE
from render import battleline as renderer
from tests.discord.helpers import ANSWERS, assert_fits, remember_answer, toolkit_components, walk_move

SHOW_MY_HAND = "Show my hand"
DECKS = ("troop", "tactics")


# ---------------------------------------------------------------------- the test player

def choose(state: dict, seat: int, seed: int) -> str:
    """A seeded player that plays tactics cards often (so the guided steps get used), always
    claims, sometimes finishes claiming early, and draws tactics cards now and then."""
    rng = random.Random(seed)
    ids = [a.id for a in RULES.legal_actions(state, seat)]
    step = state["step"]
    if step == "claim":
        claims = [a for a in ids if a.startswith("claim:")]
        return "done" if rng.random() < 0.15 else claims[0]
    if step == "play":
        if "pass" in ids and rng.random() < 0.5:
            return "pass"
        mud_moves = [a for a in ids if a.split(":")[3:4] == ["T-MUD"]]  # makes the D5 discard happen
        if mud_moves:
            return mud_moves[0]
        tactics = [a for a in ids if a.startswith("play:T-")]
        if tactics and rng.random() < 0.6:
            return rng.choice(tactics)
        troops = [a for a in ids if a.startswith("play:") and not a.startswith("play:T-")]
        if troops:
            return RULES.ai_choose(state, seat, seed) if rng.random() < 0.5 else rng.choice(troops)
        return rng.choice(ids)
    if step == "draw":
        return "draw:tactics" if rng.random() < 0.35 else "draw:troop"
    return rng.choice(ids)


def seeded(env, k: int) -> None:
    """Fix the match seed the service draws next (deals, seat order and our player's choices)."""
    env.bot.service.seed_source = random.Random(k)


async def due(env, members, match_id: int = 1):
    """(match, seat, member) of the one seat that must act now."""
    match = await env.bot.service.get(match_id)
    (seat,) = RULES.active_players(match.snapshot)
    user_id = match.user_at(seat).user_id
    return match, seat, next((m for m in members if m.id == user_id), None)


def is_troop_play(action: str) -> bool:
    """play:<card>:<flag> with a card that goes to a flag (troop, Leader, CC, SB, Fog, Mud)."""
    parts = action.split(":")
    return parts[0] == "play" and len(parts) == 3 and parts[1] not in GUILE


# ---------------------------------------------------------------------- components


async def position_of(bot, match, seat: int, action: str) -> list[int]:
    """Where `action` is in the tree of the seat's legal moves (what the components carry)."""
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
            if answer is not None and marker in answer.content:
                self.found = "answer"
                return answer
        if not self.dm_closed:
            message = self.member.user.dm_channel.history()[-1]
            assert marker in message.content, f"the newest DM is not the hand at move {version}: {message.content}"
            self.found = "dm"
            return message
        board = next(m for m in reversed(self.thread.history()) if m.components)
        r = await self.member.click(board, label=SHOW_MY_HAND)
        assert r.ephemeral and r.response.attachments, r.response.content
        assert marker in r.response.content, r.response.content
        self.found = "button"
        return r.response.message

    def remember(self, result) -> None:
        """Keep the hand the bot answered a move with (the hand follows the player)."""
        for answer in (result.response, *result.followups):
            if answer is not None and "your private view" in answer.content:
                self.ephemeral = answer.message


async def move_by_components(bot, source: HandSource, match, seat: int, action: str) -> int:
    """Make one move of our player by clicks on his hand message and the step menus it opens
    (every step answered privately). Returns how many clicks it took."""
    hand = await source.current(match.version)
    assert_fits(hand)
    # a hand in the thread (a move's answer, Show my hand) is clicked there; a DM in the DM
    who = Clicks(source.member if getattr(hand, "guild", None) is not None else source.member.user)
    result = await walk_move(who, hand, bot, match, seat, action)
    assert result.response.content.startswith("Move played."), f"{action}: {result.response.content}"
    assert "your private view" in result.response.content and result.response.attachments, \
        "a move is answered with the updated hand"
    source.remember(result)
    remember_answer(source.member, result)
    return who.count


# ---------------------------------------------------------------------- slash commands

def _values(choices) -> list[str]:
    return [str(c["value"]) for c in choices]


def command_for(action: str) -> tuple[str, list[tuple[str, str | int]]]:
    """The /battleline command and its options, in order, for one engine move."""
    parts = action.split(":")
    verb = parts[0]
    if verb == "play" and parts[1] in GUILE:
        options = [("card", parts[1])]
        if len(parts) >= 4:
            options.append(("target", f"{parts[2]}-{parts[3]}"))  # one choice: the card at its flag
        if len(parts) == 5:
            options.append(("to", parts[4]))
        return "battleline tactic", options
    if verb == "play":
        return "battleline play", [("card", parts[1]), ("flag", int(parts[2]))]
    if verb == "claim":
        return "battleline claim", [("flags", parts[1])]
    if action.startswith(("draw:", "scout:draw:")):
        return "battleline draw", [("deck", parts[-1])]
    if action.startswith("scout:return:"):
        return "battleline return", [("card", parts[2])]
    if verb == "muddiscard":
        return "battleline discard", [("card", parts[1])]
    assert verb in ("done", "pass"), action
    return f"battleline {verb}", []


def legal_values(ids: list[str], name: str, option: str, given: dict) -> set[str]:
    """What the autocomplete of `option` must offer: the values of the legal moves that agree
    with the options already given, read from the engine's move ids."""
    out = set()
    for action in ids:
        command, options = command_for(action)
        if command != name:
            continue
        values = dict(options)
        if option in values and all(str(values.get(k)) == str(v) for k, v in given.items()):
            out.add(str(values[option]))
    return out


def any_move_value(action: str) -> str:
    """The value /battleline move takes for a move: its step values, the Deserter, Redeploy and
    Traitor target as one "<flag>-<card>" step."""
    parts = action.split(":")
    if parts[0] == "play" and len(parts) >= 4:
        parts = parts[:2] + [f"{parts[2]}-{parts[3]}"] + parts[4:]
    elif action.startswith("scout:"):
        parts = ["scout-draw" if parts[1] == "draw" else "return"] + parts[2:]
    return " ".join(parts)


async def move_by_command(member, channel, match, seat: int, action: str, used: set | None = None,
                          any_move: bool = False) -> None:
    """Make one move with the /battleline command for it (or, `any_move`, with /battleline
    move), checking first that each option's autocomplete offers exactly the legal values."""
    ids = [a.id for a in RULES.legal_actions(match.snapshot, seat)]
    if any_move:
        name, value = "battleline move", any_move_value(action)
        offered = _values(await member.autocomplete(channel, name, "move", value))
        assert value in offered, (value, offered)
        options = {"move": value}
    else:
        name, steps = command_for(action)
        options = {}
        for option, value in steps:
            offered = _values(await member.autocomplete(channel, name, option, "", **options))
            if name == "battleline claim":  # single flags and their combinations
                offered = [v for v in offered if " " not in v]
            wanted = legal_values(ids, name, option, options)
            assert set(offered) == wanted if len(wanted) <= 25 else set(offered) <= wanted, \
                (name, option, sorted(offered), sorted(wanted))
            assert str(value) in offered, (option, value, offered)
            options[option] = value
    result = await member.slash(channel, name, **options)
    text = result.response.content
    assert result.ephemeral, text
    assert text.startswith("Move played.") or text.startswith(f"Flag {action.split(':')[-1]}: claimed."), \
        f"{action}: {text}"
    assert "your private view" in text and result.response.attachments, "a move is answered with the hand"
    remember_answer(member, result)
    if used is not None:
        used.add(name)


# ---------------------------------------------------------------------- privacy of the thread

async def states_by_version(env, match_id: int) -> list[dict]:
    """The state at every version, rebuilt from the seed and the stored action log."""
    match = await env.bot.service.get(match_id)
    states = [RULES.setup(len(match.seats), dict(match.options), match.seed)]
    for _seq, seat, action, _at in await env.bot.store.actions(match_id):
        states.append(RULES.apply(states[-1], seat, action)[0])
    return states


def names_a_card(text: str, card: str) -> bool:
    """Does `text` name this card by id or label? ("Red 1" is not found inside "Red 10".)"""
    return any(re.search(rf"(?<![\w-]){re.escape(word)}(?!\w)", text, re.IGNORECASE)
               for word in (card, card_label(card)))


async def assert_thread_hides_hands(env, thread, match_id: int = 1, image_every: int = 15) -> int:
    """No board message names a card that was in any hand at that board's version, and the
    board images (a sample) are exactly the public view's picture. Returns the boards checked."""
    states = await states_by_version(env, match_id)
    match = await env.bot.service.get(match_id)
    names = await env.bot.presenter.seat_names(match)
    boards = [m for m in thread.history() if m.attachments]
    assert boards, "no board was posted"
    for n, message in enumerate(boards):
        version = int(re.search(r"· move (\d+)", message.content).group(1))
        state = states[version]
        held = {c for hand in state["hands"] for c in hand}
        leaked = [c for c in held if names_a_card(message.content, c)]
        assert not leaked, f"board at move {version} names hand cards {leaked}: {message.content}"
        if n % image_every == 0:
            posted = await message.attachments[0].read()
            assert posted == renderer.render_board(RULES.view(state, None), names), \
                f"the board image at move {version} is not the public view's"
    return len(boards)
