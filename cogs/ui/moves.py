"""What every move component shares: the guard that a click names a match of this server,
the mark of a list of legal moves, the tree of the clicker's own moves, and playing a move
(with the move the game's UI then makes by itself, if the player set one: `GameUI.follow`)."""
from __future__ import annotations

import hashlib

import discord

from cogs.common import command_name, lang_for, match_here
from cogs.ui import paths
from cogs.ui.errors import Guarded, answer_error
from cogs.ui.game import ui_for
from engine.base import Action
from engine.text import Msg
from matches import STALE_MESSAGE, UserError


class MatchItem(Guarded):
    """A component naming a match: a click is refused before anything runs unless the match
    belongs to the server the message is in (or, in a DM, is one of the clicker's)."""

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        try:
            await match_here(interaction, self.match_id)
            return True
        except Exception as exc:  # noqa: BLE001 - a check must answer, never leave a dead button
            await answer_error(interaction, exc, where=f"match {self.match_id}")
        return False


class SelectRow:
    """discord.py keeps a Select's row in a slot named `row` while DynamicItem reads the
    item's `_row`: without this, a row given to a select-backed DynamicItem is lost."""

    @property
    def row(self) -> int | None:
        return self.item.row

    @row.setter
    def row(self, value: int | None) -> None:
        self.item.row = value


def fingerprint(actions: list[Action], simultaneous: bool = False) -> str:
    """A short mark of a list of legal moves (the positions of the tree depend on it alone);
    `simultaneous` marks a component that stays good while others choose ("s" at the end)."""
    return hashlib.sha1("\n".join(a.id for a in actions).encode()).hexdigest()[:6] + ("s" if simultaneous else "")


async def tree_for(interaction: discord.Interaction, match_id: int, version: int, mark: str = ""):
    """The match, the clicker's seat and the tree of their legal moves, for a component made
    at `version` from the moves marked `mark`. A component resolves by position in the
    clicker's own tree, so the mark must always be that tree's: a component made for another
    seat or list (or a forged id) never plays a move other than its label. It is stale when
    the match moved on, unless it was made for a simultaneous step and the clicker's moves are
    the very same (others chose meanwhile)."""
    client = interaction.client
    match = await client.service.get(match_id)
    seat = match.seat_of(interaction.user.id)
    if seat is None:
        raise UserError(Msg("You are not playing in this match."))
    actions = await client.presenter.named_actions(match, seat)
    simultaneous = mark.endswith("s")
    if (not actions or fingerprint(actions, simultaneous) != mark
            or (match.version != version and not simultaneous)):
        raise UserError(STALE_MESSAGE)
    return match, seat, paths.build(actions)


async def play(interaction: discord.Interaction, match_id: int, version: int | None, action: Action | str,
               follow: bool = True) -> None:
    """A move (an Action, or an id the game refined from one) chosen at `version`; the mover
    is answered privately. With `follow`, the move the game's UI makes by itself after it (the
    player's standing choice, e.g. Battle Line's deck) is played too, or planned (a game's
    `follow_window`), and said."""
    client = interaction.client
    action_id = action if isinstance(action, str) else action.id
    outcome = await client.service.act(match_id, interaction.user.id, action_id, expected_version=version,
                                       answered=True)
    then = await followed(client, outcome, interaction.user.id, action_id) if follow else None
    if then is None:
        return await client.presenter.answer_mover(interaction, outcome)
    after, made, window = then
    if window is not None:
        return await client.presenter.answer_mover(
            interaction, outcome, lead=Msg("{played} {then}", played=Msg("Move played."),
                                           then=await planned(interaction, made, window)))
    await client.presenter.answer_mover(interaction, after, also=(outcome,),
                                        lead=Msg("Move played. Then: {move}.", move=made.label))


async def planned(interaction: discord.Interaction, made: Action, window: float) -> Msg:
    """What the mover reads of a move planned `window` seconds ahead (see `followed`)."""
    return Msg("{move} in {minutes} min, unless you take back your last move first ({command}).",
               move=made.label, minutes=max(1, round(window / 60)),
               command=command_name(await lang_for(interaction), "match", "undo"))


async def followed(client, outcome, user_id: int, made_id: str):
    """The move the game's UI makes by itself after `outcome`: (the outcome after it, the move,
    None) once played; with the game's `follow_window`, planned instead (the service plays it
    when the window ends unless the player moves or takes back first): (`outcome`, the move,
    the window's seconds). None when the game sets none now."""
    match = outcome.match
    ui = ui_for(match.game)
    seat = match.seat_of(user_id)
    if ui.follow is None or seat is None:
        return None
    actions = client.service.legal_actions(match, seat) if match.status == "active" and \
        seat in client.service.rules(match).active_players(match.snapshot) else []
    made = await ui.follow(client, match, seat, actions, made_id)
    if made is None:
        return None
    if ui.follow_window is not None:
        plan = await client.service.plan_then(match.id, user_id, made.id, version=match.version,
                                              window=ui.follow_window)
        return (outcome, made, ui.follow_window) if plan is not None else None
    return await client.service.act(match.id, user_id, made.id, expected_version=match.version,
                                    answered=True), made, None
