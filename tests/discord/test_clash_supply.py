"""Clash of Rage's finite supply (option `supply: box`, spec G24) running out, through the real
bot in simcord. The box holds 45 elf tokens; a crystal is a token flipped, so the crystal supply is
the tokens neither on the board nor held. Two people who never spend (no recruiting, buying,
equipping or forging) hold more and more of it until an income cannot be paid in full: the house
rule (data/clash_of_rage/supply.json, `short_income`) pays it in turn order while it lasts and the
rest is lost. The thread says what each player got and what was not paid, the board counts the supply at 0, and
`/clash rules` says the rule."""
from __future__ import annotations

import pytest

from engine.clash_of_rage import RULES, rounds, tactics
from tests.discord.harness import FixedSeed
from tests.discord.helpers import current_match, moves_by_service, text_of, thread_of

SPENDING = ("buy", "equip", "unequip", "recruit", "forge")
SEED = 1


@pytest.fixture
def simcord_bot(make_bot, virtual_clock):
    return make_bot(extensions=("cogs.matches", "cogs.clash_of_rage"), clock=virtual_clock)


def hoarder(match, seat: int) -> str:
    """A person who plays as the computer would, except that they never spend a crystal or a coin."""
    state = match.snapshot
    choice = RULES.ai_choose(state, seat, match.seed + match.version)
    if not choice.startswith(SPENDING):
        return choice
    keeping = [a.id for a in RULES.legal_actions(state, seat) if not a.id.startswith(SPENDING)]
    return keeping[0] if keeping else choice


def owed(state: dict) -> dict[int, int]:
    """R29: 3 crystals per elf city a seat controls when the income is paid."""
    return {s: rounds.CRYSTALS_PER_CITY * len(rounds.cities_controlled(state, s)) for s in range(state["players"])}


def short_next_income(match) -> bool:
    """The tactic cards are being chosen and the crystals the next income owes exceed the supply."""
    state = match.snapshot
    return (match.status == "active" and tactics.selecting(state)
            and 0 < state["crystal_supply"] < sum(owed(state).values()))


async def test_g24_the_crystal_supply_runs_out_and_the_income_is_paid_in_turn_order(play):
    env, guild, channel, alice, bob, carol = play
    env.bot.service.seed_source = FixedSeed(SEED)
    await alice.slash(channel, "clash challenge", opponent=bob, supply="box", clock="none")
    await bob.click(channel.history()[-1], label="Accept")
    thread = thread_of(channel)
    match = await moves_by_service(env, short_next_income, hoarder, limit=600, unseen=True)
    before = match.snapshot
    left, due = before["crystal_supply"], owed(before)
    held = {s: before["seats"][s]["crystals"] for s in due}
    board_before = len([m for m in thread.history() if m.attachments])

    members = {alice.id: alice, bob.id: bob}
    for seat in sorted(RULES.active_players(before)):
        member = members[match.user_at(seat).user_id]
        card = hoarder(await current_match(env), seat)
        assert card.startswith("tactic:"), card
        r = await member.slash(thread, "clash tactic", card=card.split(":")[1])
        assert text_of(r.response).startswith("Move played."), text_of(r.response)

    match = await current_match(env)
    after = match.snapshot
    order = tactics.turn_order(after)
    paid, supply_left = {}, left
    for s in order:                       # the house rule, worked out here from the public state
        paid[s] = min(due[s], supply_left)
        supply_left -= paid[s]
    assert supply_left == 0 and sum(paid.values()) == left < sum(due.values())
    assert any(paid[s] < due[s] for s in order), "somebody's income is short"
    assert after["crystal_supply"] == 0
    assert {s: after["seats"][s]["crystals"] - held[s] for s in due} == paid

    said = "\n".join(text_of(m) for m in thread.history())
    income = [line for line in said.splitlines() if line.startswith("Income:")][-1]
    for s in order:
        name = members[match.user_at(s).user_id].name
        assert f"{name} +" in income and f"+{paid[s]} crystals" in income.split(name, 1)[1].split(",")[1], income
    unpaid = sum(due.values()) - left
    assert (f"The crystal supply is empty: {unpaid} crystal{'s' if unpaid > 1 else ''} owed "
            f"{'are' if unpaid > 1 else 'is'} not paid.") in said, said[-600:]
    boards = [m for m in thread.history() if m.attachments]
    assert len(boards) > board_before, "the board after the income is posted"
    view = env.bot.service.public_view(match)
    assert view["crystal_supply"] == 0 and view["gold_supply"] == 150 - sum(a["gold"] for a in after["seats"])

    rules = await alice.slash(channel, "clash rules")
    told = "\n".join([text_of(rules.response)] + [text_of(f) for f in rules.followups])
    assert "paid in turn order while it lasts" in told
