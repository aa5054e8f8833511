"""Computer player. It decides from what its seat may know: its own view of the game (the public
board, its own hand) and its legal actions, plus public facts the rules compute from the board
(armor, attack values, line of sight, an area template's cover, the public counters). It never
reads another hand, a deck's order, a lead card of another seat or the RNG: declared effects on
the stack are public (their targets were announced) except a lead card from the hand, which
`public_stack` blanks.

How it plays: every legal action gets a value in one currency (points: an enemy hero's HP, a hero
defeated, a point of control at a token, a card in hand...), and the best one is taken (ties: the
seeded random generator). Damage is valued from its distribution: the attack value plus the best
modifier revealed from the attacker's deck (the deck's make-up is public, its order is not) minus
armor, so a likely kill is worth far more than a scratch and wounded enemies are finished first.
Where a hero stands when its activation ends is valued by the minion phase (R106-R115: each point
of control at the tokens in its line of sight and in the dome, and the chance that it wins or
saves the contest, the heroes still to act making the outcome uncertain), by whom it can attack
from there, and by the danger from the enemy heroes still to act; a place near a token or the
dome counts a little for the next round. Lead cards go where their hero counts. Cards are valued
by their effects (damage that kills, armor on a threatened hero, minions spawned at a token...).
In a response window it passes unless an instant saves a hero from the declared effect (armor, a
move out of reach, a push or Disarm on the attacker) or defeats an enemy hero. Victory cards in
play (R4) and, in the last rounds, the tie-break points (R143) raise the value of what they count:
a step toward a card is worth a share of the game, the step that completes it (or that stops the
enemy completing one) the whole game.
"""
from __future__ import annotations

import math
import random
from functools import lru_cache

from . import data, effects, hexes, legal, ops, passives, skills, views
from .targets import split_targets

OUTSIDER = "outsider"

HP_VALUE = 4.0           # one HP taken from an enemy hero (ours lost: the same)
KILL_VALUE = 30.0        # an enemy hero defeated: a tie-break point (R143), a card drawn, a round out
CONTROL_VALUE = 7.0      # one point of difference in a lane contest (minions, tower damage, the push)
FLIP_VALUE = 7.0         # winning a contest instead of a tie (a card, a lane win) or a tie instead of a loss
DOME_VALUE = 5.0         # one point in the dome (R113: the Outsider next round, a card)
DOME_FLIP = 9.0
MINION_VALUE = 3.0       # an enemy minion removed (besides its control point)
TOKEN_VALUE = 3.0        # an enemy pillar or illusion removed
CARD_VALUE = 5.0         # a card kept in hand
INSTANT_RESERVE = 4.0    # an instant kept for a response is worth more than spent idly
WIN_VALUE = 400.0        # completing a victory card (R4)
DANGER_HP = 0.35         # how much expected damage from enemies still to act weighs (they choose targets)
DECK_LEAD = 1.6          # the expected cost of a lead card from the deck top (or an unknown one)
NEXT_ROUND = 0.4         # a place near a token or the dome, for next round's minion phase
PROGRESS_SHARE = 0.2     # a step toward a victory card, as a share of the game


def choose(state: dict, seat: int, seed: int, mode: str = "smart", context: type | None = None) -> str:
    """The normal player's move; `context`: the class that scores the moves (default `Context`)."""
    actions = legal.legal_actions(state, seat)
    ids = [a.id for a in actions]
    rng = random.Random(seed)
    if mode == "random" or len(ids) == 1:
        return rng.choice(ids)
    ctx = (context or Context)(state, seat)
    scored = [(ctx.score(i), rng.random(), i) for i in ids]
    return max(scored)[2]


def public_stack(state: dict, seat: int) -> list[dict]:
    """The stack as a seat knows it: a lead card declared from another seat's hand stays unknown."""
    out = []
    for e in state["stack"]:
        if e.get("do") == "lead" and e.get("seat") != seat:
            e = dict(e, card=None)
        out.append(e)
    return out


# ------------------------------------------------------------------ reveals (R39, R72)

@lru_cache(maxsize=None)
def deck_modifiers(heroes: tuple[str, ...]) -> tuple[int, ...]:
    """The modifiers of a seat's deck: its heroes' preconstructed decks (R139, public)."""
    return tuple(sorted(data.card(c)["modifier"] for h in heroes for c in data.deck_of(h)))


@lru_cache(maxsize=None)
def best_of(mods: tuple[int, ...], k: int) -> tuple[tuple[int, float], ...]:
    """Distribution of the best modifier among k cards revealed from a shuffled deck of `mods`
    (none revealed counts +0, G37): P(best <= x) = C(cards <= x, k) / C(n, k)."""
    n = len(mods)
    if k <= 0 or n == 0:
        return ((0, 1.0),)
    k = min(k, n)
    total = math.comb(n, k)
    out, below = [], 0.0
    for x in sorted(set(mods)):
        at_most = math.comb(sum(1 for m in mods if m <= x), k) / total
        out.append((x, at_most - below))
        below = at_most
    return tuple(out)


@lru_cache(maxsize=None)
def damage_dist(base: int, k: int, mods: tuple[int, ...], armor: int) -> tuple[tuple[int, float], ...]:
    """HP removed: base plus the best of k reveals, minus armor, at least 0 (R39, R81)."""
    out: dict[int, float] = {}
    for m, p in best_of(mods, k):
        d = max(0, base + m - armor)
        out[d] = out.get(d, 0.0) + p
    return tuple(sorted(out.items()))


def normal_cdf(x: float) -> float:
    return 0.5 * (1 + math.erf(x / math.sqrt(2)))


def expected(dist) -> float:
    return sum(d * p for d, p in dist)


def chance_at_least(dist, hp: int) -> float:
    return sum(p for d, p in dist if d >= hp)


# ------------------------------------------------------------------ what the seat knows

class Context:
    """One decision: the seat's view, the map, and the values it derives, computed once."""

    def __init__(self, state: dict, seat: int):
        self.state = state
        self.seat = seat
        self.v = self.read_view(state, seat)
        self.m = hexes.load_map(self.v["map"])
        self.side = 0 if seat in self.v["sides"][0]["seats"] else 1
        self.enemy = 1 - self.side
        self.heroes = {h["id"]: h for h in self.v["heroes"]}
        self.hand = {c["iid"]: c["card"] for c in self.v.get("hand", [])}
        self.stack = public_stack(state, seat)
        self.act = self.v["activation"] or {}
        self.round, self.rounds = self.v["round"], self.v["rounds"]
        self.tokens = {t["hex"]: t["number"] for t in self.v["tokens"]}
        self.victory = {c["id"]: c for c in self.v["victory"]}
        self._cache: dict = {}

    @staticmethod
    def read_view(state: dict, seat: int) -> dict:
        """The seat's view the scores read (a lighter one may stand in: engine/skytear/hard_context.py)."""
        return views.view(state, seat)

    # ---------------------------------------------------------------- facts
    def on_board(self, h: dict) -> bool:
        return bool(h["hex"]) and h["state"] != "defeated"

    def friends(self) -> list[dict]:
        return [h for h in self.heroes.values() if h["side"] == self.side and self.on_board(h)]

    def foes(self) -> list[dict]:
        return [h for h in self.heroes.values() if h["side"] != self.side and self.on_board(h)]

    def is_enemy_hero(self, value: str) -> bool:
        return value in self.heroes and self.heroes[value]["side"] != self.side

    def is_friend(self, value: str) -> bool:
        return value in self.heroes and self.heroes[value]["side"] == self.side

    def dist(self, a: str, b: str) -> int:
        return hexes.distance(self.m, a, b)

    def hexes_of(self, value: str) -> tuple[str, ...]:
        return ops.hexes_of(self.state, value)

    def mods_of_seat(self, seat: int | None) -> tuple[int, ...]:
        if seat is None:
            return ()
        return deck_modifiers(tuple(sorted(h["id"] for h in self.heroes.values() if h["owner"] == seat)))

    def mods_of(self, who: str, side: int | None = None) -> tuple[int, ...]:
        """The deck a source reveals from: its owner's; the Outsider's, its controller's first seat
        (this seat's side unless `side` says otherwise)."""
        if who in self.heroes:
            return self.mods_of_seat(self.heroes[who]["owner"])
        return self.mods_of_seat(self.v["sides"][self.side if side is None else side]["seats"][0])

    def hp(self, value: str) -> int:
        if value == OUTSIDER:
            return self.v["outsider"]["hp"]
        if value in self.heroes:
            return self.heroes[value]["hp"]
        return 1

    def armor(self, value: str) -> int:
        return ops.armor_of(self.state, value)

    def card_def(self, iid: str) -> str:
        """The kind of one of the seat's own cards: its hand, or the Vortex it holds (R65)."""
        if iid in self.hand:
            return self.hand[iid]
        vortex = self.state["vortex"]
        if vortex.get("card") == iid and vortex.get("seat") == self.seat:
            return self.state["cards"][iid]
        raise KeyError(iid)

    def in_play(self, card_id: str) -> bool:
        return card_id in self.victory

    def progress(self, card_id: str, side: int, amount: float = 1.0) -> float:
        """What `amount` more progress on a victory card in play is worth to `side`: the game when
        it completes the card (R4), else a share of it."""
        c = self.victory.get(card_id)
        if not c or amount <= 0:
            return 0.0
        if c["tokens"][side] + amount >= c["goal"]:
            return WIN_VALUE
        return PROGRESS_SHARE * WIN_VALUE * amount / c["goal"]

    # ---------------------------------------------------------------- the minion phase
    def counts_at(self, hx: str) -> tuple[str, ...]:
        """The tokens a hero on `hx` counts for (R106; R115: with three or more tokens only the
        nearest one in LoS, ties the lower number)."""
        key = ("counts", hx)
        if key not in self._cache:
            seen = [t for t in self.tokens if hexes.has_los(self.m, hx, t)]
            if len(self.tokens) >= 3 and len(seen) > 1:
                seen = [min(seen, key=lambda t: (self.dist(hx, t), self.tokens[t]))]
            self._cache[key] = tuple(seen)
        return self._cache[key]

    def lead_estimate(self, h: dict) -> float:
        best = 0.0
        for lead in h["leads"]:
            if lead["card"]:
                best = max(best, float(data.cost(lead["card"])))
            else:
                best = max(best, DECK_LEAD if lead["from"] == "deck" or h["side"] == self.side else 2.0)
        return best

    def contest(self, token: str, side: int, exclude: str | None = None) -> tuple[float, float]:
        """A side's control at a token now: (heroes and minions counting there, its best lead card's
        expected cost), leaving out hero `exclude`."""
        key = ("contest", token, side, exclude)
        if key not in self._cache:
            value, lead = 0.0, 0.0
            for h in self.heroes.values():
                if h["side"] == side and self.on_board(h) and h["id"] != exclude and token in self.counts_at(h["hex"]):
                    value += 1
                    lead = max(lead, self.lead_estimate(h))
            value += sum(1 for mn in self.v["minions"]
                         if mn["side"] == side and hexes.has_los(self.m, mn["hex"], token))
            self._cache[key] = (value, lead)
        return self._cache[key]

    def control(self, token: str, side: int, exclude: str | None = None) -> float:
        value, lead = self.contest(token, side, exclude)
        return value + lead

    def dome_count(self, side: int, exclude: str | None = None) -> tuple[float, float]:
        value, lead = 0.0, 0.0
        for h in self.heroes.values():
            if h["side"] == side and self.on_board(h) and h["id"] != exclude and h["hex"] in self.m.dome:
                value += 1
                lead = max(lead, self.lead_estimate(h))
        return value, lead

    def lane_weight(self, token: str) -> float:
        """Contests near a tower or an exposed nexus hurt structures (and the victory cards that
        count lanes and structures raise them)."""
        w = 1.0
        for t in self.v["towers"]:
            if t["hp"] > 0 and self.dist(token, t["hex"]) <= 3:
                w += 0.3
        for card in ("tactician", "flanking", "siege_breaker", "demolisher"):
            if self.in_play(card):
                w += 0.25
        return w

    def outcome(self, diff: float, weight: float, per_point: float, flip: float) -> float:
        """Per point of difference (up to 5), and for the likely winner (see `chances`)."""
        win, lose = self.chances(diff)
        return weight * (per_point * max(-5.0, min(5.0, diff)) + flip * (win - lose))

    def lane_outcome(self, token: str, diff: float) -> float:
        """What a lane contest at `token` ending `diff` ahead (this seat's side; negative: behind)
        is worth: per point of difference, for winning it, and the game when it completes a
        victory card (or lets the enemy complete one)."""
        value = self.outcome(diff, self.lane_weight(token), CONTROL_VALUE, FLIP_VALUE)
        ours, theirs = self.contest_stakes("lane", self.side), self.contest_stakes("lane", self.enemy)
        win, lose = self.chances(diff)
        value += ours * win - theirs * lose
        if diff > 0:
            value += self.structure_stakes(token, diff, self.side)
        elif diff < 0:
            value -= self.structure_stakes(token, -diff, self.enemy)
        return value

    def dome_outcome(self, diff: float) -> float:
        value = self.outcome(diff, self.dome_matters(), DOME_VALUE, DOME_FLIP)
        win, lose = self.chances(diff)
        return value + self.contest_stakes("dome", self.side) * win - self.contest_stakes("dome", self.enemy) * lose

    def chances(self, diff: float) -> tuple[float, float]:
        """The chances that a contest now `diff` ahead is won and lost at the minion phase: the
        heroes still to act this round may change it (a normal spread, more of them: wider)."""
        key = "spread"
        if key not in self._cache:
            to_act = sum(1 for h in self.heroes.values() if self.on_board(h) and h["state"] == "ready"
                         and h["id"] != self.act.get("hero"))
            self._cache[key] = 0.5 + 0.45 * math.sqrt(to_act)
        spread = self._cache[key]
        return normal_cdf((diff - 0.5) / spread), normal_cdf((-diff - 0.5) / spread)

    def tiebreak(self, counter: str, side: int, amount: float = 1.0) -> float:
        """R143: after the last round more defeats and more structure damage are a tie-break point
        each (more points wins; equal points: the starting side). What `amount` more of `counter`
        ("defeats" or "structure_damage") for `side` changes in this seat's chances, as a share of
        the game: all of it in the last round, a little before."""
        if amount <= 0:
            return 0.0
        urgency = {0: 1.0, 1: 0.3}.get(self.rounds - self.round, 0.1)
        counts = {k: [self.v["sides"][0][k], self.v["sides"][1][k]] for k in ("defeats", "structure_damage")}

        def ours_wins(c) -> bool:
            points = [0, 0]
            for pair in c.values():
                if pair[0] != pair[1]:
                    points[0 if pair[0] > pair[1] else 1] += 1
            if points[0] == points[1]:
                return self.v["first_side"] == self.side
            return points[self.side] > points[self.enemy]
        before = ours_wins(counts)
        counts[counter][side] += amount
        change = ours_wins(counts) - before
        return abs(change) * urgency * WIN_VALUE * 0.5

    def contest_stakes(self, kind: str, side: int) -> float:
        """The game, when `side` winning one more contest completes a victory card (Tactician,
        Tamer; Flanking needs every lane of the phase: a share at each)."""
        if kind == "dome":
            return self.progress("tamer", side)
        return self.progress("tactician", side) + self.progress("flanking", side) / max(1, len(self.tokens))

    def structure_stakes(self, token: str, ahead: float, side: int) -> float:
        """R108 as sourced: the difference beyond the losing lane's minions hits its tower (or the
        exposed nexus) within 3 hexes of the token; the game if that destroys the nexus or
        completes Siege Breaker or Demolisher for `side`."""
        loser = 1 - side
        lane = self.m.lane_of.get(token)
        if lane is None:
            return 0.0
        excess = ahead - sum(1 for mn in self.v["minions"] if mn["side"] == loser and mn["lane"] == lane)
        if excess < 1:
            return 0.0
        stakes = 0.0
        tower = next((t for t in self.v["towers"] if t["side"] == loser and t["lane"] == lane and t["hp"] > 0
                      and self.dist(token, t["hex"]) <= 3), None)
        nexus = self.v["sides"][loser]
        if tower is None and nexus["nexus_exposed"] and \
                min(self.dist(token, h) for h in self.m.nexus[loser]) <= 3:
            if excess >= nexus["nexus_hp"]:
                return WIN_VALUE
            stakes += 4.0 * excess
        if tower:
            stakes += 2.0 * min(excess, tower["hp"])
            if excess >= tower["hp"]:
                stakes += self.progress("siege_breaker", side)
        if tower or nexus["nexus_exposed"]:
            dealt = min(excess, tower["hp"] if tower else nexus["nexus_hp"])
            stakes += self.progress("demolisher", side, dealt) + self.tiebreak("structure_damage", side, dealt)
        return stakes

    def dome_matters(self) -> float:
        w = 1.0 if self.round < self.rounds else 0.0    # the Outsider acts in the next round
        if self.in_play("tamer"):
            w += 0.8
        return w

    def presence(self, hero: str, hx: str | None, extra_lead: float = 0.0) -> float:
        """What `hero` standing on `hx` (with its lead card, or one of `extra_lead` cost) adds to
        its side at the minion phase, always from this seat's side: an enemy's is negative."""
        if not hx:
            return 0.0
        h = self.heroes[hero]
        side = h["side"]
        own_lead = max(self.lead_estimate(h), extra_lead)
        total = 0.0
        sign = 1 if side == self.side else -1            # differences are this seat's side's
        for token in self.counts_at(hx):
            count, lead = self.contest(token, side, exclude=hero)
            other = self.control(token, 1 - side)
            before = sign * (count + lead - other)
            after = sign * (count + 1 + max(lead, own_lead) - other)
            total += self.lane_outcome(token, after) - self.lane_outcome(token, before)
        if hx in self.m.dome and self.dome_matters():
            count, lead = self.dome_count(side, exclude=hero)
            other = sum(self.dome_count(1 - side))
            total += self.dome_outcome(sign * (count + 1 + max(lead, own_lead) - other)) - \
                self.dome_outcome(sign * (count + lead - other))
        return total

    # ---------------------------------------------------------------- damage and its worth
    def attack_dist(self, attacker: str, target: str, *, skirmish: bool = False, base: int | None = None,
                    plus: int | None = None, pierce: bool = False, armor: int | None = None):
        if base is None:
            base = (ops.skirmish_damage_of(self.state, attacker, target) if skirmish
                    else ops.attack_of(self.state, attacker, target))
        if plus is None:
            plus = 1 if skirmish else ops.plus_of(attacker)
        if armor is None:
            armor = 0 if pierce or not (target in self.heroes or target == OUTSIDER) else self.armor(target)
        return damage_dist(base, plus, self.mods_of(attacker), armor)

    def kill_value(self, target: str) -> float:
        h = self.heroes[target]
        value = KILL_VALUE + (6.0 if h["state"] == "ready" else 3.0)
        value += abs(self.presence(target, h["hex"]))      # its place in the contests goes too
        return value + self.defeat_stakes(self.side if h["side"] != self.side else self.enemy)

    def defeat_stakes(self, side: int) -> float:
        """A hero defeat credited to `side` on the victory cards (Headhunter; All-Out Attack counts
        the defeats of one round)."""
        value = self.progress("headhunter", side) + self.tiebreak("defeats", side)
        c = self.victory.get("all_out_attack")
        if c:
            value += WIN_VALUE if self._round_defeats(side) + 1 >= c["goal"] else 0.3 * self.progress("all_out_attack", side)
        return value

    def _round_defeats(self, side: int) -> int:
        by_round = self.state["counters"].get("defeats_by_round", {})
        return int(by_round.get(str(self.round), [0, 0])[side])

    def hit_value(self, target: str, dist) -> float:
        """The worth (to this seat) of that much damage (a distribution of HP removed) on `target`:
        negative on a friend."""
        if target in self.heroes:
            h = self.heroes[target]
            hp = max(1, h["hp"])
            taken = sum(min(d, hp) * p for d, p in dist)
            kill = chance_at_least(dist, hp)
            value = HP_VALUE * taken * (1 + 2.0 / hp) + kill * self.kill_value(target)
            return value if h["side"] != self.side else -value
        if target == OUTSIDER:
            hp = self.hp(OUTSIDER)
            taken = sum(min(d, hp) * p for d, p in dist)
            return 0.6 * taken + sum(p * self.progress("giant_slayer", self.side, min(d, hp)) for d, p in dist)
        hit = chance_at_least(dist, 1)
        if target.startswith("m:"):
            return hit * self.minion_value(target)
        if target.startswith(("p:", "i:")):
            return hit * TOKEN_VALUE
        return 0.0

    def minion_value(self, value: str) -> float:
        hx, _, side = value[2:].rpartition(":")
        if int(side) == self.side:
            return 0.0
        mn = {"hex": hx, "side": int(side)}
        if passives.protects_minion(self.state, mn):
            return 0.0
        worth = MINION_VALUE + self.progress("vanguard", self.side)
        for token in self.tokens:
            if hexes.has_los(self.m, hx, token):
                diff = self.control(token, self.side) - self.control(token, self.enemy)
                worth += self.lane_outcome(token, diff + 1) - self.lane_outcome(token, diff)
        return worth

    def seen_from(self, viewer: str, hx: str, target: str, reach: int) -> bool:
        """Whether a hero on `hx` could target `target` (R22, R18 spotters among its friends)."""
        where = self.hexes_of(target)
        if not where or hexes.distance_to(self.m, hx, where) > reach:
            return False
        if target in self.heroes or target == OUTSIDER:
            friends = [h["hex"] for h in self.heroes.values() if h["side"] == self.heroes[viewer]["side"]
                       and self.on_board(h) and h["id"] != viewer]
            return hexes.sees_hero(self.m, hx, where, friends)
        return hexes.has_los(self.m, hx, where)

    def enemy_values(self) -> list[str]:
        key = "enemies"
        if key not in self._cache:
            self._cache[key] = ops.enemies_of(self.state, self.side)
        return self._cache[key]

    def best_attack_from(self, hero: str, hx: str, skirmish: bool = False) -> float:
        key = ("best", hero, hx, skirmish)
        if key in self._cache:
            return self._cache[key]
        reach = 3 if skirmish else ops.attack_range(hero)
        best = 0.0
        for target in self.enemy_values():
            if skirmish and not (target in self.heroes or target == OUTSIDER):
                continue
            if not self.seen_from(hero, hx, target, reach):
                continue
            best = max(best, self.action_hit(hero, target, skirmish))
        self._cache[key] = best
        return best

    def action_hit(self, hero: str, target: str, skirmish: bool = False) -> float:
        key = ("hit", hero, target, skirmish)
        if key not in self._cache:
            value = self.hit_value(target, self.attack_dist(hero, target, skirmish=skirmish))
            if target == OUTSIDER and self.v["outsider"]["hp"] > 3:
                value -= 6.0      # R120: the other side may answer with the Outsider
            self._cache[key] = value
        return self._cache[key]

    # ---------------------------------------------------------------- danger
    def threat(self, hero: str, hx: str) -> tuple[float, float]:
        """Expected damage to `hero` on `hx` from enemy heroes still to act this round (an Attack
        and a Skirmish each, within their move plus range), and the chance it defeats the hero."""
        key = ("threat", hero, hx)
        if key in self._cache:
            return self._cache[key]
        h = self.heroes[hero]
        mean = var = 0.0
        friends = self.friends()
        for e in self.foes():
            d = self.dist(e["hex"], hx)
            move = self.move_of(e["id"])
            if d > move + 3:
                continue     # out of reach: its blows (most of the cost) are not worked out
            weight = 1.0 if e["state"] == "ready" else 0.3     # exhausted: only next round
            _, reach, attack, skirmish = self.menace(e["id"], hero)
            # it has other targets too: the blows are shared (a weak hero is still the likeliest)
            others = sum(1 for f in friends if f["id"] != hero and self.dist(e["hex"], f["hex"]) <= move + 3)
            weight /= 1.0 + 0.5 * others
            for limit, (mu, spread) in ((move + reach, attack), (move + 3, skirmish)):
                if d <= limit:
                    mean += weight * mu
                    var += weight * spread
        if hx in self.m.hiding:
            mean *= 0.6
        hp = h["hp"]
        if mean <= 0:
            out = (0.0, 0.0)
        else:
            out = (mean, normal_cdf((mean - hp + 0.5) / (math.sqrt(var) + 0.5)))
        self._cache[key] = out
        return out

    def menace(self, enemy: str, victim: str) -> tuple[int, int, tuple[float, float], tuple[float, float]]:
        """An enemy hero's move, attack range, and the mean and variance of the damage of its
        Attack and its Skirmish on `victim` (armor included)."""
        key = ("menace", enemy, victim)
        if key not in self._cache:
            armor_key = ("armor", victim)
            if armor_key not in self._cache:
                self._cache[armor_key] = self.armor(victim)
            armor, mods = self._cache[armor_key], self.mods_of(enemy)

            def moments(dist):
                mu = expected(dist)
                return mu, sum(p * (x - mu) ** 2 for x, p in dist)
            attack = moments(damage_dist(ops.attack_of(self.state, enemy, victim), ops.plus_of(enemy), mods, armor))
            skirmish = moments(damage_dist(ops.skirmish_damage_of(self.state, enemy, victim), 1, mods, armor))
            self._cache[key] = (self.move_of(enemy), ops.attack_range(enemy),
                                (attack[0], attack[1] + 0.5), skirmish)
        return self._cache[key]

    def own_kill_cost(self, hero: str) -> float:
        h = self.heroes[hero]
        return KILL_VALUE + 4.0 + max(0.0, self.presence(hero, h["hex"])) + self.defeat_stakes(self.enemy)

    def move_of(self, hero: str) -> int:
        key = ("move", hero)
        if key not in self._cache:
            self._cache[key] = ops.move_of(self.state, hero)
        return self._cache[key]

    def danger(self, hero: str, hx: str) -> float:
        mean, die = self.threat(hero, hx)
        if die == 0.0:     # it cannot fall here: what its defeat would cost is not worked out
            return DANGER_HP * HP_VALUE * mean
        return DANGER_HP * HP_VALUE * mean + die * self.own_kill_cost(hero)

    # ---------------------------------------------------------------- positions
    def areas(self) -> list[tuple[frozenset, str]]:
        """Where a hero counts at the minion phase: each token's LoS (R106) and the dome (R113),
        with a hex of each to measure a hero's worth there."""
        key = "areas"
        if key not in self._cache:
            out = [(frozenset(self.m.los_ball(t)), t) for t in self.tokens]
            if self.dome_matters():
                out.append((self.m.dome, hexes.sort_labels(self.m.dome)[0]))
            self._cache[key] = out
        return self._cache[key]

    def potential(self, hero: str, hx: str) -> float:
        """What the hero could add at a later minion phase from `hx`: its worth in the best area,
        less for each move (3 hexes) still needed to get there. This round's contest counts only
        where it stands when its activation ends (`presence`)."""
        best = 0.0
        for area, sample in self.areas():
            worth = self._cache.get(("worth", hero, sample))
            if worth is None:
                worth = self._cache[("worth", hero, sample)] = self.presence(hero, sample)
            if worth <= 0:
                continue
            gap = 0 if hx in area else min(self.dist(hx, a) for a in area)
            best = max(best, worth * 0.8 ** math.ceil(gap / 3))
        return best

    def position(self, hero: str, hx: str, attack_open: bool, skirmish_open: bool) -> float:
        key = ("pos", hero, hx, attack_open, skirmish_open)
        if key in self._cache:
            return self._cache[key]
        here = self.presence(hero, hx)
        value = here + (NEXT_ROUND * self.potential(hero, hx) if self.round < self.rounds else 0.0)
        reach_value = 0.0
        if attack_open:
            reach_value = 0.85 * self.best_attack_from(hero, hx)
        if skirmish_open:
            reach_value = max(reach_value, 0.6 * self.best_attack_from(hero, hx, skirmish=True))
        value += reach_value
        value -= self.danger(hero, hx)
        foes = [e["hex"] for e in self.foes()]
        if foes:
            value -= 0.2 * min(self.dist(hx, f) for f in foes)
        if hx in self.m.hiding:
            value += 0.5
        self._cache[key] = value
        return value

    def open_actions(self, hero: str) -> tuple[bool, bool]:
        """Whether the acting hero may still Attack and Skirmish in this activation."""
        if self.act.get("hero") != hero:
            return False, False
        done = self.act.get("done", [])
        ap = self.act.get("ap", 0)
        return "attack" not in done and ap > 0, "skirmish" not in done and ap > 0

    def move_gain(self, hero: str, hx: str, attack_open: bool | None = None, skirmish_open: bool | None = None) -> float:
        here = self.heroes[hero]["hex"]
        a, s = self.open_actions(hero)
        a = a if attack_open is None else attack_open
        s = s if skirmish_open is None else skirmish_open
        return self.position(hero, hx, a, s) - self.position(hero, here, a, s)

    # ---------------------------------------------------------------- scoring
    def score(self, action_id: str) -> float:
        verb, _, rest = action_id.partition(":")
        fn = getattr(self, "s_" + verb, None)
        return fn(rest) if fn else 0.0

    # setup -------------------------------------------------------------
    def s_pick(self, hero: str) -> float:
        d = data.hero(hero)
        return d["hp"] + 2 * d["attack"] + 2 * d["armor"] + d["plus"] + (1.5 if d["range"] == "ranged" else 0)

    def s_keep(self, rest: str) -> float:
        return 10.0

    def s_toss(self, iid: str) -> float:
        """G29: an ultimate (3 mana) waits until round 3; set one aside unless a victory card asks
        for ultimates."""
        if len(self.v.get("set_aside") or []) >= 2 or self.in_play("skytear_master"):
            return 0.0
        return 12.0 if data.cost(self.card_def(iid)) >= 3 else 0.0

    def hold_value(self, def_id: str) -> float:
        """What a card in hand is worth kept: playable by one of this seat's heroes, a lead."""
        c = data.card(def_id)
        mine = [h for h in self.heroes.values() if h["owner"] == self.seat]
        usable = any(set(c["runes"]) <= set(h["runes"]) and c.get("ultimate_of") in (None, h["id"]) for h in mine)
        return CARD_VALUE * (1.0 if usable else 0.4) + 0.5 * len(c["runes"]) + 0.5 * c["modifier"]

    def s_discard(self, iid: str) -> float:
        return 20.0 - self.hold_value(self.card_def(iid))

    def s_foresee(self, choice: str) -> float:
        f = self.v.get("foresee") or {}
        cards = f.get("cards") or []
        idx = f.get("index", 0)
        if not cards:
            return 0.0
        c = data.card(cards[idx])
        good = c["modifier"] >= 2 or (c["modifier"] >= 1 and self.hold_value(cards[idx]) >= CARD_VALUE)
        return 10.0 if (choice == "keep") == good else 5.0

    def s_aoe(self, choice: str) -> float:
        """R123: the placement hitting the most enemies (the first option)."""
        return 10.0 - int(choice)

    def s_decide(self, choice: str) -> float:
        """A choice given back to the players (flow.ASKS): the automatic pick (the first option)."""
        return 10.0 - int(choice)

    # activations ---------------------------------------------------------
    def s_activate(self, hero: str) -> float:
        """First the hero with the best blow in reach, or one in danger where it stands; heroes
        that only take up positions for the minion phase go later, when the enemy has shown where
        it stands."""
        h = self.heroes[hero]
        here = h["hex"]
        reach = ops.move_of(self.state, hero) + ops.attack_range(hero)
        best = 0.0
        for target in self.enemy_values():
            where = self.hexes_of(target)
            if where and hexes.distance_to(self.m, here, where) <= reach:
                best = max(best, self.action_hit(hero, target))
        return 20.0 + 0.5 * best + 0.3 * self.danger(hero, here)

    def s_end(self, rest: str) -> float:
        return 0.0

    def s_move(self, hx: str, hero: str | None = None) -> float:
        hero = hero or self.act.get("hero")
        if not hero or hero not in self.heroes or not self.heroes[hero]["hex"]:
            return 0.0
        return self.move_gain(hero, hx) - 0.5

    def s_attack(self, target: str) -> float:
        hero = self.act.get("hero")
        return self._attack(hero, target) + 1.0

    def _attack(self, hero: str, target: str) -> float:
        value = self.action_hit(hero, target)
        if hero in self.heroes and "rime_shot" in passives.active_skills(self.state, hero) \
                and self.is_enemy_hero(target):
            value += 3.0 if self.heroes[target]["state"] == "ready" else 1.0
        if hero in self.heroes and "chastise" in passives.active_skills(self.state, hero):
            value += 2.0
        return value

    def s_skirmish(self, target: str) -> float:
        hero = self.act.get("hero")
        return self.action_hit(hero, target, skirmish=True) + 1.5   # and a move of up to 2 after it (R43)

    def s_alt(self, rest: str) -> float:
        """Bear Fury: move up to 2, then skirmish damage to every enemy hero in a triangle touching
        Gulbjarn (T23)."""
        skill, _, hx = rest.partition(":")
        hero = self.act.get("hero")
        here = self.heroes[hero]["hex"]
        hits = [e for e in self.foes() if self.dist(hx, e["hex"]) <= 1]
        hits = sorted(hits, key=lambda e: -self.action_hit(hero, e["id"], skirmish=True))[:2]
        value = sum(self.action_hit(hero, e["id"], skirmish=True) for e in hits)
        a, _ = self.open_actions(hero)
        value += self.position(hero, hx, a, False) - self.position(hero, here, a, False)
        return value + (1.0 if hits else -1.0)

    def s_skirmish_move(self, hx: str) -> float:
        hero = (self.v.get("pending") or {}).get("hero")
        if hx == "stay" or hero not in self.heroes:
            return 0.0
        return self.move_gain(hero, hx) - 0.3

    def s_lead(self, what: str) -> float:
        """R47-R49: the best lead card under the heroes counting at a token (or in the dome) adds
        its cost there. Worth it where the hero stands at the end of its activation."""
        hero = self.act.get("hero")
        h = self.heroes[hero]
        if what == "deck":
            cost, held = DECK_LEAD, 0.0
        else:
            def_id = self.card_def(what)
            cost, held = float(data.cost(def_id)), self.hold_value(def_id)
            if self._playable_now(hero, def_id):
                held += 4.0
        gain = self.presence(hero, h["hex"], extra_lead=cost) - self.presence(hero, h["hex"])
        if "move" not in self.act.get("done", []):
            gain *= 0.6          # it may still move elsewhere
        return gain - held * 0.6 - 0.5

    def _playable_now(self, hero: str, def_id: str) -> bool:
        c = data.card(def_id)
        return any(set(c["runes"]) <= set(h["runes"]) and len(c["runes"]) <= h["mana_left"]
                   and c.get("ultimate_of") in (None, h["id"])
                   for h in self.heroes.values() if h["owner"] == self.seat and self.on_board(h))

    def s_devotion(self, key: str) -> float:
        hero = self.act.get("hero")
        choice = skills.parse_choice(key)
        value = 0.5
        own = set(data.hero(hero)["skills"])
        a, s = self.open_actions(hero)
        if "mark" in choice:
            t = choice["mark"]
            if self.is_enemy_hero(t) or t == OUTSIDER:
                if "ember_brand" in own:
                    value += self.hit_value(t, damage_dist(1, 0, (), self.armor(t)))
                if "shadow_pounce" in own:
                    value += self.hit_value(t, self.attack_dist(hero, t, base=1, plus=1))
                    if a and t in self.heroes:
                        value += 0.7 * self.action_hit(hero, t) - 0.5 * self.danger(hero, self.heroes[t]["hex"])
                marked_users = [h for h in self.friends() if {"lava_tamer", "night_hunter"} & set(data.hero(h["id"])["skills"])
                                and (h["state"] == "ready")]
                value += 2.0 * len(marked_users)
        if "shapeshift" in choice:
            for who in dict.fromkeys((hero, choice["shapeshift"])):
                h = self.heroes[who]
                if h["statuses"].get("shapeshift"):
                    continue
                sk = set(data.hero(who)["skills"])
                if who == hero:
                    if "rime_shot" in sk and a:
                        value += 2.5
                    if "bear_fury" in sk and s:
                        value += 3.0
                    if "wild_majesty" in sk and s:
                        value += 2.0
                else:
                    if "frost_skin" in sk:
                        value += 0.4 * self.danger(who, h["hex"]) + 1.0
                    value += 2.0 if h["state"] == "ready" else 0.5
        if "pillar" in choice:
            value += self._pillar_value(hero, choice, s)
        if "illusion" in choice:
            value += self._illusion_value(choice)
        return value

    def _pillar_value(self, hero: str, choice: dict, skirmish_open: bool) -> float:
        spot, remove, more = choice.get("pillar"), choice.get("remove"), choice.get("more")
        own = set(data.hero(hero)["skills"])
        value = 0.0
        here = self.heroes[hero]["hex"]
        if "taulots_protection" in own:
            near_now = any(p["side"] == self.side and self.dist(here, p["hex"]) <= 3 for p in self.v["pillars"])
            keeps = spot and spot != remove and self.dist(here, spot) <= 3
            if keeps and not near_now:
                value += 0.5 * self.danger(hero, here) + 1.5
        if remove:
            if "kings_might" in own and skirmish_open:
                count = 1 + (sum(1 for p in self.v["pillars"] if p["side"] == self.side) + (1 if spot else 0) - 1
                             if more else 0)
                value += 1.5 * count if self.best_attack_from(hero, here, skirmish=True) > 0 else -1.0
            if "earthen_mending" in own:
                wounded = [h for h in self.friends() if self.dist(remove, h["hex"]) <= 3 and h["hp"] < h["max_hp"]]
                if wounded:
                    w = min(wounded, key=lambda h: h["hp"] - h["max_hp"])
                    value += HP_VALUE * min(2, w["max_hp"] - w["hp"]) * (1.5 if self.threat(w["id"], w["hex"])[1] > 0.2 else 1.0)
                else:
                    value -= 1.0
            elif remove != spot:
                value -= 1.0     # a standing pillar thrown away
        elif spot:
            value += 0.5
        return value

    def _illusion_value(self, choice: dict) -> float:
        owner, to = choice["illusion"], choice["to"]
        granted = {s for s in data.hero(owner)["skills"] if data.skill(s)["icon"] == "illusion"}
        value = 0.3
        for h in self.friends():
            if "nupten" not in h["factions"]:
                continue
            near_new = self.dist(h["hex"], to) <= 3
            old = next((i["hex"] for i in self.v["illusions"] if i["hero"] == owner), None)
            near_old = old is not None and self.dist(h["hex"], old) <= 3
            if near_new and not near_old:
                if "resonant_radiance" in granted:
                    value += 1.0 + 0.4 * self.danger(h["id"], h["hex"])
                if "mirror_step" in granted and h["state"] == "ready":
                    value += 1.0
            elif near_old and not near_new:
                value -= 1.5
        return value

    # cards ---------------------------------------------------------------
    def s_play(self, rest: str) -> float:
        hero, iid, *parts = rest.split(":")
        targets = split_targets(parts)
        def_id = self.card_def(iid)
        c = data.card(def_id)
        value = self.card_effects(hero, c, targets)
        if self.in_window():
            value += self.response_value(hero, c, targets)
            return value - 0.6 * self.hold_value(def_id) - 1.0
        if c.get("ultimate_of"):
            value += self.progress("skytear_master", self.side)
        reserve = INSTANT_RESERVE if c["speed"] == "instant" else 0.0
        return value - 0.6 * self.hold_value(def_id) - reserve - 0.5

    def in_window(self) -> bool:
        return bool(self.v.get("waiting")) and bool(self.stack)

    def card_effects(self, hero: str, c: dict, targets: list[str]) -> float:
        """The worth of a card's effects, in order, from the caster on its targets."""
        value = 0.0
        a, s = self.open_actions(hero)
        acting = self.act.get("hero") == hero
        for e in c["effects"]:
            t = e.get("t", 0 if c["targets"] else "self")
            who = hero if t == "self" else (targets[t] if t < len(targets) else hero)
            do = e["do"]
            if do == "damage":
                dist = self.attack_dist(hero, who, base=e["amount"], plus=e.get("plus", 0), pierce=e.get("pierce", False))
                value += self.hit_value(who, dist)
            elif do == "lose_hp":
                value += self.hit_value(who, damage_dist(e["amount"], 0, (), 0))
            elif do == "aoe":
                if e["anchor"] == "caster" and not self.heroes[hero]["hex"]:
                    continue
                _, hit = effects.aoe_cover(self.state, c, hero, targets, e)
                for v in hit:
                    dist = self.attack_dist(hero, v, base=e["amount"], plus=e.get("plus", 0), pierce=e.get("pierce", False))
                    value += self.hit_value(v, dist)
                if not hit:
                    value -= 3.0
            elif do == "heal":
                if who in self.heroes and self.is_friend(who):
                    h = self.heroes[who]
                    gained = min(e["amount"], h["max_hp"] - h["hp"])
                    mean, die = self.threat(who, h["hex"]) if h["hex"] else (0.0, 0.0)
                    value += HP_VALUE * gained * (1.0 + die)
            elif do == "status":
                value += self.status_value(who, e["status"], e.get("count", 1), acting, a, s)
            elif do == "remove_status":
                if self.is_friend(who) and self.heroes[who]["statuses"].get(e["status"]):
                    value += -self.status_value(who, e["status"], 1, acting, a, s)
            elif do == "push":
                if self.is_enemy_hero(who):
                    value += 0.7 * -self.presence(who, self.heroes[who]["hex"]) + 1.0
                elif who.startswith("m:"):
                    value += 1.0
            elif do == "move":
                dest = targets[e["to"]]
                if who in self.heroes and self.heroes[who]["hex"]:
                    if who == hero and acting:
                        value += self.move_gain(who, dest)
                    else:
                        value += self.position(who, dest, False, False) - self.position(who, self.heroes[who]["hex"], False, False)
            elif do == "place":
                dest = targets[e["to"]]
                if self.is_enemy_hero(who):
                    here = self.heroes[who]["hex"]
                    value += -self.presence(who, dest) + self.presence(who, here)
                    value += 0.5 * self._exposure(who, dest) - 0.5 * self._exposure(who, here)
            elif do == "draw":
                value += CARD_VALUE * e["amount"] * 0.9
            elif do == "foresee":
                value += 1.5
            elif do == "spawn":
                token = self.v["tokens"]
                hx = next((tk["hex"] for tk in token if f"t:{tk['number']}" == who), None)
                if hx:
                    diff = self.control(hx, self.side) - self.control(hx, self.enemy)
                    value += self.lane_outcome(hx, diff + min(e["amount"], 3)) - self.lane_outcome(hx, diff)
            elif do == "bonus":
                value += self.bonus_value(who, e["stat"], e["amount"], e["until"], acting, a, s)
            elif do == "extra_action":
                if e["action"] == "attack":
                    here = self.heroes[hero]["hex"]
                    value += self.best_attack_from(hero, here) if here else 0.0
                else:
                    value += 2.0
            elif do == "defeat_minion":
                if who.startswith("m:"):
                    value += self.minion_value(who)
        return value

    def _exposure(self, enemy: str, hx: str) -> float:
        """How well this side's heroes still to act (and the acting one) could hit an enemy on `hx`."""
        best = 0.0
        for h in self.friends():
            if h["state"] != "ready":
                continue
            if self.dist(h["hex"], hx) <= ops.move_of(self.state, h["id"]) + ops.attack_range(h["id"]):
                best = max(best, self.action_hit(h["id"], enemy))
        return best

    def status_value(self, who: str, status: str, count: int, acting: bool, a: bool, s: bool) -> float:
        if who not in self.heroes and who != OUTSIDER:
            return 0.0
        if who == OUTSIDER:
            return 0.5
        h = self.heroes[who]
        ready = h["state"] == "ready"
        if self.is_enemy_hero(who):
            if status == "slow":
                return 3.0 if ready else 1.0
            if status == "disarm":
                near = [f for f in self.friends() if self.dist(f["hex"], h["hex"]) <= 5] if h["hex"] else []
                return (2.0 * HP_VALUE * 0.6 if ready else 2.0) + (1.0 if near else 0.0)
            if status == "mark":
                users = [f for f in self.friends() if {"lava_tamer", "night_hunter", "ember_brand", "shadow_pounce"}
                         & set(data.hero(f["id"])["skills"])]
                return 1.0 + 2.0 * len(users)
            return -2.0      # haste, frenzy, shapeshift help an enemy
        # a friend
        own_turn = acting and who == self.act.get("hero")
        if status == "haste":
            return 3.0 if (own_turn and "move" not in self.act.get("done", [])) or ready else 1.0
        if status == "frenzy":
            return 2.0 * HP_VALUE * 0.6 if (own_turn and (a or s)) or ready else 2.0
        if status == "shapeshift":
            return 3.0 if "liothan" in h["factions"] else 0.5
        if status in ("slow", "disarm", "mark"):
            return -3.0
        return 0.0

    def bonus_value(self, who: str, stat: str, amount: int, until: str, acting: bool, a: bool, s: bool) -> float:
        if who not in self.heroes or not self.is_friend(who):
            return 0.0
        h = self.heroes[who]
        own_turn = acting and who == self.act.get("hero")
        if stat == "armor":
            if until == "round":
                mean, die = self.threat(who, h["hex"]) if h["hex"] else (0.0, 0.0)
                return HP_VALUE * min(mean, amount * 2.0) * 0.6 + die * self.own_kill_cost(who) * 0.4 + 0.5
            return 0.3        # an activation's armor matters against a declared attack (response_value)
        if stat == "attack":
            return amount * HP_VALUE * 0.8 if own_turn and a else 0.2
        if stat == "skirmish_damage":
            return amount * HP_VALUE * 0.6 if own_turn and s else 0.2
        if stat in ("move", "skirmish_move"):
            return 1.5 if own_turn else 0.3
        return 0.0

    # response windows (G34) ---------------------------------------------
    def s_pass(self, rest: str) -> float:
        return 0.0

    def threatened(self) -> list[tuple[str, str, dict]]:
        """(our hero, attacker, what) for the top effect of the stack if an enemy declared it on
        one of this side's heroes: an Attack, a Skirmish, or a card's damage."""
        if not self.stack:
            return []
        top = self.stack[-1]
        attacker = top.get("hero")
        hostile = (attacker == OUTSIDER and top.get("controller") != self.side) or self.is_enemy_hero(attacker or "")
        if not hostile:
            return []
        out = []
        if top.get("do") in ("attack", "skirmish") and self.is_friend(top.get("target") or ""):
            if self.hexes_of(attacker):     # R25: an attacker that has left the board hits nobody
                out.append((top["target"], attacker, top))
        elif top.get("do") == "card":
            c = data.card(top["def"])
            for i, e in enumerate(c["effects"]):
                if e["do"] in ("damage", "lose_hp"):
                    t = e.get("t", 0)
                    who = attacker if t == "self" else (top["targets"][t] if t < len(top["targets"]) else None)
                    if who and self.is_friend(who):
                        out.append((who, attacker, dict(top, effect=e)))
        return out

    def expected_loss(self, victim: str, attacker: str, top: dict, *, armor_plus: int = 0,
                      attack_minus: int = 0) -> float:
        """What the declared effect is expected to cost this side (a positive number)."""
        armor = self.armor(victim) + armor_plus
        mods = self.mods_of(attacker, self.enemy)
        if top.get("do") == "attack":
            dist = damage_dist(max(0, ops.attack_of(self.state, attacker, victim) - attack_minus),
                               ops.plus_of(attacker) if attacker != OUTSIDER else data.OUTSIDER["plus"],
                               mods, armor)
        elif top.get("do") == "skirmish":
            dist = damage_dist(max(0, ops.skirmish_damage_of(self.state, attacker, victim) - attack_minus // 2), 1,
                               mods, armor)
        else:
            e = top["effect"]
            if e["do"] == "lose_hp":
                dist = damage_dist(e["amount"], 0, (), 0)
            else:
                dist = damage_dist(e["amount"], e.get("plus", 0), mods, 0 if e.get("pierce") else armor)
        return -self.hit_value(victim, dist)

    def response_value(self, hero: str, c: dict, targets: list[str]) -> float:
        """How much an instant played now saves from the declared effect on top of the stack (R25:
        an effect whose target has gone out of reach or sight is ignored)."""
        saved = 0.0
        for victim, attacker, top in self.threatened():
            loss = self.expected_loss(victim, attacker, top)
            if loss <= 0:
                continue
            best = loss
            for e in c["effects"]:
                t = e.get("t", 0 if c["targets"] else "self")
                who = hero if t == "self" else (targets[t] if t < len(targets) else hero)
                if e["do"] == "bonus" and e["stat"] == "armor" and who == victim:
                    pierces = top.get("do") == "card" and (top["effect"].get("pierce") or top["effect"]["do"] == "lose_hp")
                    if not pierces:
                        best = min(best, self.expected_loss(victim, attacker, top, armor_plus=e["amount"]))
                elif e["do"] == "status" and e["status"] == "disarm" and who == attacker and top.get("do") in ("attack", "skirmish"):
                    best = min(best, self.expected_loss(victim, attacker, top, attack_minus=2))
                elif e["do"] in ("move", "place") and who == victim and top.get("do") in ("attack", "skirmish"):
                    if not self._still_in_reach(attacker, victim, targets[e["to"]], top):
                        best = 0.0
                elif e["do"] == "push" and who == attacker and top.get("do") in ("attack", "skirmish") \
                        and attacker != OUTSIDER:
                    reach = ops.attack_range(attacker) if top["do"] == "attack" else 3
                    gap = hexes.distance_to(self.m, self.heroes[victim]["hex"], self.hexes_of(attacker))
                    if gap + e["amount"] > reach:
                        best = min(best, loss * 0.3)     # most pushes put it out of reach
                elif e["do"] == "damage" and who == attacker and attacker in self.heroes:
                    dist = self.attack_dist(hero, attacker, base=e["amount"], plus=e.get("plus", 0),
                                            pierce=e.get("pierce", False))
                    best = min(best, loss * (1 - chance_at_least(dist, self.hp(attacker))))
            saved += loss - best
        return saved

    def _still_in_reach(self, attacker: str, victim: str, new_hex: str, top: dict) -> bool:
        where = self.hexes_of(attacker)
        reach = (ops.attack_range(attacker) if top.get("do") == "attack" else 3) if attacker != OUTSIDER else 3
        if hexes.distance_to(self.m, where, new_hex) > reach:
            return False
        foes = [h["hex"] for h in self.foes() if h["id"] != attacker]
        return hexes.sees_hero(self.m, where, new_hex, foes)

    # pending answers ------------------------------------------------------
    def s_extra(self, rest: str) -> float:
        if rest == "skip":
            return 0.0
        verb, _, arg = rest.partition(":")
        hero = (self.v.get("pending") or {}).get("hero")
        if verb == "attack":
            return self._attack(hero, arg) + 1.0
        if verb == "skirmish":
            return self.action_hit(hero, arg, skirmish=True) + 1.0
        if verb == "move":
            return self.move_gain(hero, arg, False, False)
        return 0.0

    def s_react(self, rest: str) -> float:
        """R120: the Outsider acts once for this side, at any target it can reach."""
        what, _, target = rest.partition(":")
        if not target:
            return 0.0
        value = self.hit_value(target, self.attack_dist(OUTSIDER, target, skirmish=what == "skirmish"))
        return value + (1.0 if what == "attack" else 0.0)

    def s_skirmish_effect(self, choice: str) -> float:
        """R43: the damage, unless it would only give the other side the Outsider's reaction
        (R120) for little: then the move alone."""
        pend = self.v.get("pending") or {}
        hero, target = pend.get("hero"), pend.get("target")
        if not hero or not target:
            return 1.0 if choice == "damage" else 0.0
        hit = self.hit_value(target, self.attack_dist(hero, target, skirmish=True))
        if target == OUTSIDER:     # the worst the Outsider's reaction could do to one of ours
            hit += min((self.hit_value(h["id"], self.attack_dist(OUTSIDER, h["id"])) for h in self.friends()),
                       default=0.0)
        return hit if choice == "damage" else 0.0

    def s_priority(self, rest: str) -> float:
        """A player's setting, not a move: the computer player leaves it alone."""
        return -1000.0

    # the Outsider phase (R117-R119) ----------------------------------------
    def s_outsider(self, rest: str) -> float:
        what, _, arg = rest.partition(":")
        if what == "place":
            return self._placement(arg.split(","))
        if what == "attack":
            return self.hit_value(arg, self.attack_dist(OUTSIDER, arg)) + 1.0
        if what == "skirmish":
            return self.hit_value(arg, self.attack_dist(OUTSIDER, arg, skirmish=True)) + 0.5
        if what == "skill":
            spot = self.v["outsider"]["hexes"]
            return sum(self.hit_value(e["id"], damage_dist(1, 0, (), self.armor(e["id"])))
                       for e in self.foes() if spot and hexes.distance_to(self.m, e["hex"], spot) <= 1)
        return 0.0

    def _placement(self, spot: list[str]) -> float:
        best = 0.0
        pulse = 0.0
        for e in self.foes():
            gap = hexes.distance_to(self.m, e["hex"], spot)
            if gap <= 3 and hexes.sees_hero(self.m, spot, e["hex"], ()):
                best = max(best, self.hit_value(e["id"], self.attack_dist(OUTSIDER, e["id"])))
            if gap <= 1:
                pulse += self.hit_value(e["id"], damage_dist(1, 0, (), self.armor(e["id"])))
        return best + pulse
