"""What the game benches share: random playouts, the computer player's decision times and the
pictures' render times."""
from __future__ import annotations

import random
import statistics
import time


def random_game(rules, players: int, seed: int, keep_every: int = 0, *, legal_ids=None, over=None,
                cap: int | None = None) -> tuple[dict, int, list[dict]]:
    """A game of uniformly random legal moves; every `keep_every`-th state is kept as a sample.
    `legal_ids(state, seat)`: the moves to choose from (the rules' legal actions); `over(state)`:
    whether the game has ended (the rules' result); `cap`: the most moves played."""
    legal_ids = legal_ids or (lambda state, seat: [a.id for a in rules.legal_actions(state, seat)])
    over = over or (lambda state: rules.result(state) is not None)
    rng = random.Random(seed)
    state = rules.setup(players, {}, seed)
    moves, samples = 0, []
    while not over(state) and (cap is None or moves < cap):
        seat = rng.choice(sorted(rules.active_players(state)))
        state, _ = rules.apply(state, seat, rng.choice(legal_ids(state, seat)))
        moves += 1
        if keep_every and moves % keep_every == 0:
            samples.append(state)
    return state, moves, samples


def timed_choice(choose, state: dict, seat: int, seed: int, times: list[float]) -> str:
    """The computer player's choice, its time added to `times`."""
    start = time.perf_counter()
    action = choose(state, seat, seed)
    times.append(time.perf_counter() - start)
    return action


def ai_game(rules, players: int, seed: int, ai_seats: set[int], times: list[float], *, choose, legal_ids,
            cap: int, samples: list[dict] | None = None, sample_every: int = 25) -> tuple[dict, int]:
    """The computer player (`choose`) on `ai_seats`, uniformly random legal moves (`legal_ids`)
    elsewhere, until the state holds a result or `cap` moves are played; whoever is asked acts in a
    random order, as players answer a chat. Every `sample_every`-th state goes to `samples`."""
    rng = random.Random(seed)
    state = rules.setup(players, {}, seed)
    moves = 0
    while not state.get("result") and moves < cap:
        seat = rng.choice(sorted(rules.active_players(state)))
        if seat in ai_seats:
            action = timed_choice(choose, state, seat, rng.randrange(1 << 30), times)
        else:
            action = rng.choice(legal_ids(state, seat))
        state, _ = rules.apply(state, seat, action)
        moves += 1
        if samples is not None and moves % sample_every == 0:
            samples.append(state)
    return state, moves


def won(state: dict, seats: set[int]) -> bool:
    """Whether the game has ended with every winner among `seats`."""
    return bool(state.get("result")) and set(state["result"]["winners"]) <= seats


def print_decision_times(times: list[float], worst_digits: int = 0) -> None:
    times.sort()
    print(f"AI: {statistics.median(times) * 1e3:.2f} ms per decision (median), "
          f"{times[int(0.95 * (len(times) - 1))] * 1e3:.2f} ms (p95), {times[-1] * 1e3:.{worst_digits}f} ms at worst "
          f"over {len(times)} decisions")


def render_costs(draw, states: list[dict]) -> tuple[list[float], list[int]]:
    """The time `draw(state)` takes and the size of the PNG it makes, for each state."""
    times, sizes = [], []
    for state in states:
        start = time.perf_counter()
        png = draw(state)
        times.append(time.perf_counter() - start)
        sizes.append(len(png))
    return times, sizes
