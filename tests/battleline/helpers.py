"""Build Battle Line positions directly, for scenario tests."""
from __future__ import annotations

import random

from engine.battleline import RULES
from engine.battleline.cards import TACTIC_IDS, TROOP_IDENTITY, TROOP_IDS
from engine.battleline.rules import _begin_turn, _copy

A, B = 0, 1


def build(flags: dict | None = None, hands: dict | None = None, *, players: int = 2, variant: str = "standard",
          current: int = A, step: str = "play", env: dict | None = None, claimed: dict | None = None,
          times: dict | None = None, discard: list | None = None, tactics_played=None, leader_used=None,
          troop_deck: list | None = None, tactics_deck: list | None = None, series_target=None,
          after_claim: str = "draw", seed: int = 1, claim_on_pass: bool = False) -> dict:
    """A position: `flags` maps flag number -> (seat-A-side cards, seat-B-side cards) (for 3 players:
    side 0 and side 1 of that flag); `env` maps flag -> [(card, seat)]; `claimed` maps flag -> seat;
    `times` maps flag -> (arrival moves side 0, side 1); `claim_on_pass` is the D7 house option.
    Unplaced cards fill the decks, unless a deck is given explicitly (then leftovers are dropped)."""
    options = {"variant": variant, "first_player": current, "claim_on_pass": claim_on_pass}
    if series_target is not None:
        options["series_target"] = series_target
    state = RULES.setup(players, options, seed)
    used: set[str] = set()
    clock = 0
    for flag in state["flags"]:
        flag["claimed_by"] = None
        flag["env"] = []
        for side in flag["sides"]:
            side.update(cards=[], arrived=[], wild_as=None)
    for n, sides in (flags or {}).items():
        flag = state["flags"][n - 1]
        for i, cards in enumerate(sides):
            flag["sides"][i]["cards"] = list(cards)
            if times and n in times:
                flag["sides"][i]["arrived"] = list(times[n][i])
            else:
                flag["sides"][i]["arrived"] = list(range(clock + 1, clock + 1 + len(cards)))
                clock += len(cards)
            used.update(cards)
    for n, items in (env or {}).items():
        for card, seat in items:
            state["flags"][n - 1]["env"].append({"card": card, "seat": seat})
            used.add(card)
    for n, seat in (claimed or {}).items():
        state["flags"][n - 1]["claimed_by"] = seat
    state["hands"] = [list((hands or {}).get(s, [])) for s in range(players)]
    for h in state["hands"]:
        used.update(h)
    state["discard"] = []
    for item in discard or []:
        card, owner, cause = item if isinstance(item, tuple) else (item, B, "Deserter")
        state["discard"].append({"card": card, "owner": owner, "cause": cause})
        used.add(card)
    state["troop_deck"] = list(troop_deck) if troop_deck is not None else [c for c in TROOP_IDS if c not in used]
    if players == 2:
        state["tactics_deck"] = (list(tactics_deck) if tactics_deck is not None
                                 else [c for c in TACTIC_IDS if c not in used])
    else:
        state["tactics_deck"] = []
    state["tactics_played"] = list(tactics_played or [0] * players)
    state["leader_used"] = list(leader_used or [False] * players)
    all_times = [t for f in state["flags"] for s in f["sides"] for t in s["arrived"]]
    state["move_no"] = max(all_times, default=0) + 1
    state["current"] = current
    state["step"] = step
    state["turn"] = {"played": step != "play", "passing": False, "forced": False, "claimed": False}
    if step == "claim":
        state["turn"]["after_claim"] = after_claim
    if step == "draw":
        state["turn"]["after_draw"] = "end"
    state["log"] = []
    state["pass_streak"] = state["idle_turns"] = 0
    return state


def begin_turn(state: dict, seat: int) -> dict:
    """The position at the start of `seat`'s turn, with the engine's automation applied."""
    new = _copy(state)
    _begin_turn(new, seat, [])
    return new


def ids(actions) -> list[str]:
    return [a.id for a in actions]


def shuffle_hidden(state: dict, rng: random.Random, keep_seat: int | None = None) -> dict:
    """The same public position with the hidden cards dealt differently: every hand (except
    `keep_seat`'s) and both decks are reshuffled together, keeping each hand's troop/tactics counts."""
    new = _copy(state)
    seats = [s for s in range(len(new["hands"])) if s != keep_seat]
    troops = [c for s in seats for c in new["hands"][s] if c in TROOP_IDENTITY] + new["troop_deck"]
    tactics = [c for s in seats for c in new["hands"][s] if c not in TROOP_IDENTITY] + new["tactics_deck"]
    rng.shuffle(troops)
    rng.shuffle(tactics)
    for s in seats:
        hand = new["hands"][s]
        n_troops = sum(1 for c in hand if c in TROOP_IDENTITY)
        new["hands"][s] = [troops.pop() for _ in range(n_troops)] + [tactics.pop() for _ in range(len(hand) - n_troops)]
    new["troop_deck"], new["tactics_deck"] = troops, tactics
    for s in seats:
        new["scout_memo"][s] = []  # another seat's memo would name the old deck tops
    return new
