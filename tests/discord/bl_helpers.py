"""Drivers for Battle Line matches in simcord: a seeded test player, its moves sent as
/battleline commands or as clicks on the private hand message, and the privacy check of the
public thread."""
from __future__ import annotations

import random
import re

import discord

from engine.battleline import RULES, card_label
from render import battleline as renderer
from tests.discord.helpers import ANSWERS, remember_answer

SHOW_MY_HAND = "Show my hand"


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


def planned_draw(match, seat: int, action: str) -> str | None:
    """The deck our player would draw from right after `action`, when a deck choice follows."""
    after, _ = RULES.apply(match.snapshot, seat, action)
    if after["result"] is None and after["step"] == "draw" and after["current"] == seat:
        return choose(after, seat, match.seed + match.version + 1).split(":")[1]
    return None


# ---------------------------------------------------------------------- components

def children(message: discord.Message) -> list:
    return [c for row in message.components for c in getattr(row, "children", [])]


def selects_of(message: discord.Message, prefix: str) -> list[discord.SelectMenu]:
    """The pick menus continuing engine id `prefix` (custom_id bl:pick:<m>:<v>:<then>:<page>:<prefix>)."""
    return [c for c in children(message) if isinstance(c, discord.SelectMenu)
            and c.custom_id.startswith("bl:pick:") and c.custom_id.split(":", 6)[6] == prefix]


def button_for(message: discord.Message, action: str) -> discord.Button | None:
    return next((c for c in children(message) if isinstance(c, discord.Button)
                 and c.custom_id and c.custom_id.startswith("bl:do:") and c.custom_id.split(":", 4)[4] == action),
                None)


def menu_with(menus: list[discord.SelectMenu], value: str, then: str | None) -> discord.SelectMenu:
    """The menu (of the wanted deck, if there is one per deck) that offers `value`."""
    offering = [m for m in menus if value in [o.value for o in m.options]]
    assert offering, f"{value} is not offered in {[m.custom_id for m in menus]}"
    for menu in offering:
        if menu.custom_id.split(":")[4] == (then or "-"):
            return menu
    assert then is None, f"no menu draws from the {then} deck: {[m.custom_id for m in offering]}"
    return offering[0]


class HandSource:
    """Where a player finds his private hand: the newest DM, or (DMs closed) the ephemeral
    hand the bot sent after his last move, else the Show my hand button in the thread."""

    def __init__(self, member, thread, dm_closed: bool = False):
        self.member, self.thread, self.dm_closed = member, thread, dm_closed
        self.ephemeral: discord.Message | None = None

    async def current(self, version: int) -> discord.Message:
        marker = f"· move {version} ·"
        for answer in (ANSWERS.get(self.member.id), self.ephemeral):
            if answer is not None and marker in answer.content:
                return answer  # the hand that answered his last move is still current
        if not self.dm_closed:
            message = self.member.user.dm_channel.history()[-1]
            assert marker in message.content, f"the newest DM is not the hand at move {version}: {message.content}"
            return message
        board = next(m for m in reversed(self.thread.history()) if m.components)
        r = await self.member.click(board, label=SHOW_MY_HAND)
        assert r.ephemeral and r.response.attachments, r.response.content
        assert marker in r.response.content, r.response.content
        return r.response.message

    def remember(self, result) -> None:
        """Keep the hand the bot answered a move with (the hand follows the player)."""
        for answer in (result.response, *result.followups):
            if answer is not None and "your private view" in answer.content:
                self.ephemeral = answer.message


async def move_by_components(source: HandSource, match, seat: int, action: str) -> None:
    """Make one move of our player by clicks on the hand message and the menus it opens."""
    hand = await source.current(match.version)
    parts = action.split(":")
    # a hand in the thread (a move's answer, Show my hand) is clicked there; a DM in the DM
    who = source.member if getattr(hand, "guild", None) is not None else source.member.user
    button = button_for(hand, action)
    if button is not None:  # claim, done, draw, scout draw, pass
        result = await who.click(hand, custom_id=button.custom_id)
    elif parts[0] in ("scout", "muddiscard"):
        prefix = ":".join(parts[:-1])
        menu = menu_with(selects_of(hand, prefix), parts[-1], None)
        result = await who.select(hand, [parts[-1]], custom_id=menu.custom_id)
    else:
        assert parts[0] == "play", action
        then = planned_draw(match, seat, action)
        # the card, then one question per remaining part (guile targets are "flag:card")
        steps = [parts[1]]
        rest = parts[2:]
        if parts[1] in ("T-REDEPLOY", "T-DESERTER", "T-TRAITOR"):
            steps.append(":".join(rest[:2]))
            rest = rest[2:]
        steps += rest
        message, prefix = hand, "play"
        for n, value in enumerate(steps):
            last = n == len(steps) - 1
            menu = menu_with(selects_of(message, prefix), value, then if last else None)
            result = await who.select(message, [value], custom_id=menu.custom_id)
            prefix = f"{prefix}:{value}"
            if not last:
                assert result.response.ephemeral, result.response.content
                message = result.response.message
    assert result.response.content.startswith("Move played."), f"{action}: {result.response.content}"
    source.remember(result)
    remember_answer(source.member, result)


# ---------------------------------------------------------------------- slash commands

def _values(choices) -> list[str]:
    return [str(c["value"]) for c in choices]


async def move_by_command(member, channel, match, seat: int, action: str, used: set | None = None) -> None:
    """Make one move with the /battleline command for it, checking first that autocomplete
    offers each value."""
    parts = action.split(":")
    verb = parts[0]
    if verb == "play" and parts[1] in ("T-SCOUT", "T-REDEPLOY", "T-DESERTER", "T-TRAITOR"):
        name, card = "battleline tactic", parts[1]
        assert card in _values(await member.autocomplete(channel, name, "card", ""))
        options = {"card": card}
        for option, value in zip(("flag", "target", "to"), parts[2:]):
            offered = _values(await member.autocomplete(channel, name, option, "", **options))
            assert value in offered, (option, value, offered)
            options[option] = int(value) if option == "flag" else value
    elif verb == "play":
        name, card, flag = "battleline play", parts[1], parts[2]
        assert card in _values(await member.autocomplete(channel, name, "card", ""))
        assert flag in _values(await member.autocomplete(channel, name, "flag", "", card=card))
        options = {"card": card, "flag": int(flag)}
        decks = _values(await member.autocomplete(channel, name, "draw", "", **options))
        assert decks == [d for d in ("troop", "tactics") if match.snapshot[f"{d}_deck"]], decks  # non-empty only
        then = planned_draw(match, seat, action)
        if then:
            options["draw"] = then
    elif verb == "claim":
        name, options = "battleline claim", {"flags": parts[1]}
        assert parts[1] in _values(await member.autocomplete(channel, name, "flags", ""))
    elif verb in ("draw", "scout") and parts[-2] == "draw":
        name, options = "battleline draw", {"deck": parts[-1]}
        assert parts[-1] in _values(await member.autocomplete(channel, name, "deck", ""))
    elif verb == "scout":
        name, options = "battleline return", {"card": parts[2]}
        assert parts[2] in _values(await member.autocomplete(channel, name, "card", ""))
    elif verb == "muddiscard":
        name, options = "battleline discard", {"card": parts[1]}
        assert parts[1] in _values(await member.autocomplete(channel, name, "card", ""))
    else:
        assert verb in ("done", "pass"), action
        name, options = f"battleline {verb}", {}
    result = await member.slash(channel, name, **options)
    text = result.response.content
    assert result.ephemeral, text
    assert text.startswith("Move played.") or text.startswith(f"Flag {parts[-1]}: claimed."), f"{action}: {text}"
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
