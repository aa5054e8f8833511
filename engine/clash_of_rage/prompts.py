"""What a seat is asked now (a `Msg`), and the public line saying what the game waits for. During
the secret tactic selection neither names who is still choosing (R25: only how many)."""
from __future__ import annotations

from engine.text import Msg, Seat, plural

from . import actions, assembly, battle, flow, rounds, tactics


def prompt(state: dict, seat: int) -> Msg | str:
    if seat not in flow.active_players(state):
        return ""
    if assembly.assembling(state):
        return Msg("Lay your region tile: choose the tile, its side, where it goes (edge to edge with a tile "
                   "already laid) and how it is turned.")
    if tactics.selecting(state):
        return Msg("Choose your tactic card in secret: its number sets the turn order, and it brings gold and reinforcements.")
    step = rounds.step(state)
    if step == "strongholds":
        return Msg("Place your stronghold: off the board, touching a territory, not touching another stronghold.")
    if step == "reinforce":
        pending = state["tactics"]["reinforce"]["pending"]
        return plural("Place your reinforcements: {n} unit left.", "Place your reinforcements: {n} units left.",
                      n=sum(pending.values()))
    b = state.get("battle")
    if b:
        side = b[b["turn"]]
        who = Msg("the elves") if side == battle.ELVES else Msg("you")
        if b["step"] == "roll":
            return Msg("Battle of {hex}: roll for {side}, or retreat.", hex=b["territory"], side=who) \
                if side != battle.ELVES else Msg("Battle of {hex}: roll for the elves.", hex=b["territory"])
        if b["step"] == "reroll":
            return plural("Battle of {hex}: {n} reroll left; choose the dice.", "Battle of {hex}: {n} rerolls left; choose the dice.",
                          n=b["rerolls_left"], hex=b["territory"])
        return Msg("Battle of {hex}: allocate {damage} damage for {side}.", hex=b["territory"], damage=b["damage"], side=who)
    if state.get("forge"):
        return Msg("Keep one of the legendary items you drew.")
    rec = actions.record(state)
    kind = rec["kind"]
    if kind == "move" and actions.lonely_heroes(state, seat, rec):
        # seed 「英雄永遠不能落單」: "Finish moving" waits for the hero its units left
        return Msg("Your hero is alone: move it to your units or your stronghold, then finish moving.")
    if kind == "move":
        return Msg("Move more groups, or finish moving.")
    if kind == "battles":
        return Msg("Choose the next battle.")
    if kind == "equip":
        return Msg("Buy, forge, reorganize or recruit, then finish equipping.")
    return Msg("Your action: move your army, equip it, or pass.")


def step_text(state: dict) -> Msg | str:
    if state.get("result"):
        return Msg("game over")
    if tactics.selecting(state):
        return plural("waiting for {n} player to choose a tactic card", "waiting for {n} players to choose a tactic card",
                      n=len(tactics.active_seats(state)))
    active = sorted(flow.active_players(state))
    if not active:
        return ""
    if state.get("battle"):
        b = state["battle"]
        return Msg("battle of {hex}: {player} acts", hex=b["territory"], player=Seat(active[0]))
    return Msg("{player} acts", player=Seat(active[0]))
