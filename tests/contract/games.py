"""The games the conformance suite plays: every shipped game, and the two test games."""
from __future__ import annotations

from dataclasses import dataclass

from engine import registry
from tests import teamgame, testgame


@dataclass(frozen=True)
class Spec:
    rules: object
    seeds: tuple[int, ...]
    players: tuple[int, ...]    # player counts, taken in turn by the seeds
    cap: int                    # moves after which a playout counts as endless
    stride: int = 1             # copies and views every `stride` moves (they cost most)
    slow: bool = False
    options: tuple = ()         # options taken in turn by the seeds after the first (None: random ones)

    @property
    def name(self) -> str:
        return self.rules.name

    def configs(self):
        """(seed, players, options): the first playout keeps every option at its default."""
        for i, seed in enumerate(self.seeds):
            given = {} if i == 0 else self.options[i % len(self.options)] if self.options else None
            yield seed, self.players[i % len(self.players)], given


def counts(rules) -> tuple[int, ...]:
    return tuple(range(rules.min_players, rules.max_players + 1))


def _spec(rules) -> Spec:
    if rules.name == "battleline":
        # random options stay near the defaults, so a series of several games is asked for here
        # (each of the four option sets twice); views and copies every other move: the game's own
        # playout tests walk every move
        return Spec(rules, tuple(range(1, 9)), counts(rules), cap=5000, stride=2,
                    options=(None, None, {"series_target": 12}, {"series_target": 7, "variant": "advanced"}))
    if rules.name == "battalia":
        # a random game takes hundreds of moves or more: three of them, views every 16th move
        # (a broken count or a leaked card stays so: the next inspection still finds it)
        return Spec(rules, (1, 2, 3), (2, 4, 3), cap=30000, stride=16, slow=True)
    if rules.name == "skytear":
        # a random game takes a few hundred moves (every effect opens a response window)
        return Spec(rules, (1, 2, 3), (2, 4, 3), cap=20000, stride=3, slow=True)
    if rules.name == "clash_of_rage":
        # a random game runs 20-30 rounds (over a thousand moves): views every fifth move
        return Spec(rules, (1, 2, 3), (2, 3, 4), cap=30000, stride=5, slow=True)
    if rules.name == "civilization":
        # a random game takes a few thousand moves (a whole turn is dozens of decisions)
        return Spec(rules, (1, 2, 3), (2, 3, 4), cap=30000, stride=30, slow=True)
    if rules.name in (testgame.RULES.name, teamgame.RULES.name):
        return Spec(rules, tuple(range(1, 17)), counts(rules), cap=200)
    return Spec(rules, (1, 2), counts(rules), cap=30000, stride=5, slow=True)


def all_specs() -> list[Spec]:
    return [_spec(rules) for rules in registry.load_builtin() + [testgame.RULES, teamgame.RULES]]
