"""Deck building (seed 004, 「抽選與牌庫構築」 and 「比賽規則」; R136, R140, G20): the limits a built
deck keeps, the pools of the tournament format, and the secret a built deck is.

A deck is a hero and a list of ability-card def ids. Its limits (data/skytear/decks.json):
- R136 / R140: exactly one signature (ultimate) card of its own hero, no other hero's;
- 8 cards a hero in the draft format (R136), 10 in the tournament format (R140);
- the seed's copy limit: no card three times across all of one's decks (G20; the tournament pool
  counts up to the box's copies, see the data file's note), and never more than one box holds.
A player's decks for a match are checked together (`decks_problem`); a tournament pool holds 6
heroes (R140).

Secrecy: the cards of a built deck are known to its owner only until they are played; the others
know only what the rules make public: the heroes, so each hero's one signature card, and the
limits. `redraw` deals the unseen cards again within those limits (secrecy.redeal calls it).
"""
from __future__ import annotations

import json
import random
import re
from collections import Counter

from engine.base import IllegalAction
from engine.text import Msg

from . import data

FORMATS = ("draft", "tournament")
_DATA = json.loads((data.DATA_DIR / "decks.json").read_text(encoding="utf-8"))
LIMITS = _DATA["formats"]


def size(fmt: str) -> int:
    return LIMITS[fmt]["cards"]


def copy_limit(fmt: str) -> int:
    return LIMITS[fmt]["copy_limit"]


def pick_order(first_side: int) -> list[list[int]]:
    """R140: starting side 1, second 2, starting 2, second 2, starting 1, each from its own pool."""
    return [[first_side if who == "first" else 1 - first_side, n] for who, n in LIMITS["tournament"]["order"]]


def box_cards() -> list[str]:
    """The starter box's ability cards a deck may hold (the Vortex is the starting player's, R65)."""
    return sorted(c for c in data.PRINTED_CARDS if c != data.VORTEX)


def cap(card: str, fmt: str) -> int:
    """The most copies of `card` one player's (a side's, in the tournament format) decks may hold."""
    return min(data.card(card)["copies"], copy_limit(fmt))


def signature_of(hero: str) -> str:
    return next(c for c in data.HEROES[hero]["deck"] if data.card(c).get("ultimate_of") == hero)


# ------------------------------------------------------------------ the limits

def deck_problem(hero: str, cards: list[str], fmt: str) -> Msg | None:
    """The first limit a deck breaks, as a sentence; None when it keeps them all."""
    if hero not in data.HEROES:
        return Msg("There is no hero called {hero}.", hero=repr(hero))
    unknown = [c for c in cards if c not in data.CARDS or c not in data.PRINTED_CARDS or c == data.VORTEX]
    if unknown:
        return Msg("There is no ability card called {card}.", card=repr(unknown[0]))
    if len(cards) != size(fmt):
        return (Msg("A deck for the draft holds {n} cards; this one holds {count}.", n=size(fmt), count=len(cards))
                if fmt == "draft" else
                Msg("A deck for the tournament format holds {n} cards; this one holds {count}.", n=size(fmt),
                    count=len(cards)))
    for c in cards:
        owner = data.card(c).get("ultimate_of")
        if owner and owner != hero:
            return Msg("{card} is the signature card of {other}: a deck holds only its own hero's.",
                       card=data.name(c), other=data.name(owner))
    own = sum(1 for c in cards if data.card(c).get("ultimate_of") == hero)
    if own != 1:
        return Msg("A deck holds exactly one signature card of its hero ({card}); this one holds {count}.",
                   card=data.name(signature_of(hero)), count=own)
    return _copies_problem(Counter(cards), fmt)


def _copies_problem(counts: Counter, fmt: str) -> Msg | None:
    for c, n in sorted(counts.items()):
        if n > data.card(c)["copies"]:
            return Msg("The box holds {copies} × {card}; these decks hold {count}.", copies=data.card(c)["copies"],
                       card=data.name(c), count=n)
        if n > copy_limit(fmt):
            return Msg("No ability card may be in your decks three times (all of them counted together): "
                       "{card} is there {count} times.", card=data.name(c), count=n) if fmt == "draft" else \
                Msg("No ability card may be in a tournament pool more than {limit} times: {card} is there {count} "
                    "times.", limit=copy_limit(fmt), card=data.name(c), count=n)
    return None


def decks_problem(decks: dict[str, list[str]], fmt: str) -> Msg | None:
    """The decks one player brings (hero -> cards) checked together: each deck's limits, the copy
    limit across all of them (R136, G20), and a tournament pool's 6 heroes (R140)."""
    for hero in sorted(decks):
        problem = deck_problem(hero, list(decks[hero]), fmt)
        if problem:
            return problem
    pool = LIMITS[fmt]["pool"]
    if pool and len(decks) != pool:
        return Msg("A tournament pool holds {n} heroes, each with its own deck; this one holds {count}.",
                   n=pool, count=len(decks))
    return _copies_problem(Counter(c for cards in decks.values() for c in cards), fmt)


# ------------------------------------------------------------------ the tournament pools

def default_pool(heroes: list[str]) -> dict[str, list[str]]:
    """House: each hero's preconstructed deck (R139) and two more cards from the box, the ones
    its runes can play first, while the box has copies left."""
    left = Counter({c: data.card(c)["copies"] for c in box_cards()})
    out = {}
    for hero in heroes:
        out[hero] = list(data.deck_of(hero))
        left.subtract(out[hero])
    for hero in heroes:
        runes = set(data.hero(hero)["runes"])
        spare = sorted((c for c in left if left[c] > 0 and not data.card(c).get("ultimate_of")),
                       key=lambda c: (not set(data.card(c)["runes"]) <= runes, -left[c], c))
        for c in spare[:size("tournament") - len(out[hero])]:
            out[hero].append(c)
            left[c] -= 1
    return out


def default_pool_heroes(side: int, other: list[str] | None) -> list[str]:
    """A side without a saved pool: the heroes the other pool lacks first, so that the two pools
    together hold every hero the picks need; then the first (side 0) or last (side 1) by name."""
    heroes = sorted(data.HEROES)
    n = LIMITS["tournament"]["pool"]
    must = [h for h in heroes if other is not None and h not in other]
    rest = [h for h in (heroes if side == 0 else heroes[::-1]) if h not in must]
    return sorted((must + rest)[:n])


def pools_problem(pools: list[list[str]], need: list[int]) -> Msg | None:
    """Whether the two sides can each pick their heroes from their own pools (one model per hero)."""
    if not can_finish([set(p) for p in pools], need):
        return Msg("The two pools together hold too few heroes for both sides to pick theirs: between them "
                   "they must hold all {n}.", n=len(data.HEROES))
    return None


def can_finish(avail: list[set], need: list[int]) -> bool:
    """Two sides, each picking need[s] more heroes from avail[s], no hero twice (Hall's condition)."""
    return (need[0] <= len(avail[0]) and need[1] <= len(avail[1])
            and need[0] + need[1] <= len(avail[0] | avail[1]))


# ------------------------------------------------------------------ secrecy

def redraw_decks(decks: dict[str, list[str]], fmt: str, rng: random.Random) -> dict[str, list[str]]:
    """Decks the viewer cannot tell apart from `decks`: the same heroes and sizes (public), each
    hero's signature card, the other cards dealt from the box within the limits."""
    pool = _spare(Counter(), fmt)
    rng.shuffle(pool)
    out = {}
    for hero in sorted(decks):
        n = len(decks[hero]) - 1
        out[hero] = [signature_of(hero)] + [pool.pop() for _ in range(n)]
    return out


def redraw_cards(fixed: list[str], hidden: int, fmt: str, rng: random.Random) -> list[str] | None:
    """`hidden` card def ids that, with the `fixed` ones the viewer knows of, keep the limits;
    None when the box has too few (then the caller leaves the cards as they are)."""
    pool = _spare(Counter(c for c in fixed if c in data.CARDS), fmt)
    if len(pool) < hidden:
        return None
    return rng.sample(pool, hidden)


def _spare(used: Counter, fmt: str) -> list[str]:
    return [c for c in box_cards() if not data.card(c).get("ultimate_of")
            for _ in range(max(0, cap(c, fmt) - used[c]))]


def redraw_pending(state: dict, viewer: int | None, rng: random.Random) -> None:
    """In a copy being dealt again for `viewer`: the built decks and tournament pools of the
    others, not dealt yet, drawn again (the heroes stay: they are public)."""
    for seat, mine in sorted(state.get("built", {}).items()):
        if viewer is None or int(seat) != viewer:
            state["built"][seat] = redraw_decks(mine, "draft", rng)
    for side, pool in sorted(state.get("pools", {}).items()):
        if viewer is None or viewer not in state["sides"][int(side)]:
            state["pools"][side] = redraw_decks(pool, "tournament", rng)


def redraw_unseen(state: dict, seat: int, unseen: list[str], rng: random.Random) -> None:
    """In a copy being dealt again: the card kinds of `seat`'s unseen cards (instance ids), when
    its decks were built, drawn again from the box within the limits; signature cards stay (each
    hero's one is public), and so does every card the viewer has seen."""
    built = state.get("built_cards", {}).get(str(seat))
    if not built:
        return
    unseen_set = set(unseen)
    redrawn = [i for i in unseen if not data.card(state["cards"][i]).get("ultimate_of")]
    fixed = [state["cards"][i] for i in built["cards"] if i not in unseen_set]
    fixed += [state["cards"][i] for i in unseen if data.card(state["cards"][i]).get("ultimate_of")]
    new = redraw_cards(fixed, len(redrawn), built["format"], rng)
    if new is None:
        return
    for iid, card in zip(redrawn, new):
        state["cards"][iid] = card


# ------------------------------------------------------------------ reading a deck typed in a form

def card_names() -> dict[str, str]:
    """Every way a card of the box may be typed (its id, its English, Traditional and Simplified
    Chinese names; case, spaces and underscores ignored) -> its id."""
    out = {}
    for c in box_cards():
        rec = data.card(c)
        for spelling in (c, rec["name"], rec.get("zh_tw"), rec.get("zh_cn")):
            if spelling:
                out[_fold(spelling)] = c
    return out


def _fold(text: str) -> str:
    return "".join(ch for ch in str(text).lower() if ch not in " _-'’·・")


def parse_cards(text: str) -> list[str]:
    """The card ids of a deck typed as a list: entries split by commas, semicolons or new lines,
    each a card's name with an optional count ("2x Bodyguard", "Bodyguard x2", "2 保鏢").
    IllegalAction names the first entry that is no card."""
    names = card_names()
    out: list[str] = []
    for raw in re.split(r"[,;\n，；、]+", str(text)):
        entry = raw.strip()
        if not entry:
            continue
        count = 1
        m = re.match(r"^(\d+)\s*[x×X*]?\s*(.+)$", entry)
        if m:
            count, entry = int(m.group(1)), m.group(2)
        else:
            m = re.match(r"^(.+?)\s*[x×X*]\s*(\d+)$", entry)
            if m:
                entry, count = m.group(1), int(m.group(2))
        card = names.get(_fold(entry))
        if card is None:
            raise IllegalAction(Msg("There is no ability card called {card}.", card=repr(entry[:60])))
        out += [card] * min(count, 20)
    return out


def describe(cards: list[str]) -> list[Msg]:
    """A deck's cards in words, one entry per kind: "2 × Bodyguard" (signature cards first)."""
    counts = Counter(cards)
    order = sorted(counts, key=lambda c: (not data.card(c).get("ultimate_of"), data.card(c)["name"]))
    return [Msg("{count} × {card}", count=counts[c], card=data.name(c)) for c in order]
