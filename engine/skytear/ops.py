"""State operations: the single place that changes HP, statuses, positions, hands, decks, discard
piles, played and lead cards (so the invariants hold: every card instance is in exactly one of a
deck, a hand, a discard pile, a hero's played cards, a hero's lead cards or the Vortex slot).

The plain questions (sides, seats, who is on the battlefield, statuses) are board.py's and the
passive skills' bonuses passives.py's: this module builds on both. All functions work on an already
copied state. `ev` is the event recorder (events.Events, may be None during setup): public texts
name heroes and cards by their glossary terms, seats by Seat(n).

Target values (shared with effects.py and the action ids): a hero id, "outsider", a minion
"m:<hex>:<side>", a pillar "p:<hex>", an illusion "i:<owner hero>", a control token "t:<number>",
or a hex label.

State keys this module owns beyond common.md:
    state["bonuses"]      [{"hero", "stat", "amount", "until": "activation"|"round"}] (card bonuses)
    state["revealed"]     the last reveals [{"seat", "cards": [def ids], "why": Msg json}]
    heroes[h]["pillars_removed"]   pillars removed during the current activation (King's Might)
    counters["defeats_by_round"]   {"<round>": [a, b]}; counters["round_defeats"] = best round so far
    outsider["reaction"]  {"side", "against"}: R120, the side that may act with the Outsider after
                          the effect that damaged it has resolved (FLOW consumes and clears it)
Design decisions (listed in the rules help): the best revealed modifier is taken (R39 step 3, a
dominant choice); among several maximal push paths the first by label (G16); a side's draw goes to
its seat with the fewest cards in hand (R134, ties: side order), a defeat's draw to the defeating
hero's player (R86); heroes never end a move on a nexus hex (house: like a tower, whose tokens it
holds once exposed), so respawn and setup use the free hexes nearest to it.
"""
from __future__ import annotations

from engine.rng import next_random
from engine.text import Msg, Seat, plural, to_json

from . import data, hexes, passives
from .board import (OUTSIDER, has_status, hero_side, heroes_on_battlefield, map_of, on_battlefield, seats_of,
                    statuses_of)

REVEALS_KEPT = 4
STATUS_EFFECTS = {"slow": ("move", -2, "skirmish_move", -1), "haste": ("move", 2, "skirmish_move", 1),
                  "disarm": ("attack", -2, "skirmish_damage", -1), "frenzy": ("attack", 2, "skirmish_damage", 1)}


def _say(ev, public, private=None, hidden=False, hexes_=()):
    if ev is not None:
        ev.add(public, private=private, hidden=hidden, hexes=tuple(h for h in hexes_ if h))


def counter(state: dict, key: str) -> list:
    return state.setdefault("counters", {}).setdefault(key, [0, 0])


# --- sides, seats, names -----------------------------------------------------------------------

def outsider_side(state: dict) -> int | None:
    """The side acting with the Outsider now (its controller in the Outsider phase or a reaction),
    else its holder (G18 e: defeats it causes are credited to the controller of the moment)."""
    o = state["outsider"]
    return o.get("controller") if o.get("controller") is not None else o.get("holder")


def source_side(state: dict, source: str | None) -> int | None:
    if source is None:
        return None
    if source == OUTSIDER:
        return outsider_side(state)
    if source in state["heroes"]:
        return hero_side(state, source)
    return None


def source_seat(state: dict, source: str) -> int | None:
    """Whose deck a source's reveals come from and who draws for its defeats."""
    if source in state["heroes"]:
        return state["heroes"][source]["owner"]
    side = source_side(state, source)
    return None if side is None else seats_of(state, side)[0]


def drawing_seat(state: dict, side: int) -> int:
    """R134: the team decides who draws; automated: its seat with the fewest cards in hand."""
    seats = seats_of(state, side)
    return min(seats, key=lambda s: (len(state["hands"][str(s)]), seats.index(s)))


def who_name(state: dict, who: str):
    """A target's name for a text: a hero's or the Outsider's glossary term, else a plain word."""
    if who == OUTSIDER or who in state["heroes"]:
        return data.name(who)
    kind = who[:2]
    if kind == "m:":
        return Msg("a minion")
    if kind == "p:":
        return Msg("a pillar")
    if kind == "i:":
        return Msg("an illusion")
    return who


# --- the battlefield ---------------------------------------------------------------------------

def outsider_on_board(state: dict) -> bool:
    return bool(state["outsider"]["hexes"])


def find_minion(state: dict, hx: str, side: int) -> dict | None:
    for m in state["minions"]:
        if m["hex"] == hx and m["side"] == side:
            return m
    return None


def minion_value(m: dict) -> str:
    return f"m:{m['hex']}:{m['side']}"


def exists(state: dict, value: str) -> bool:
    """Whether a target value still names something on the battlefield (or a hex of the map)."""
    if value in state["heroes"]:
        return on_battlefield(state, value)
    if value == OUTSIDER:
        return outsider_on_board(state)
    kind, _, rest = value.partition(":")
    if kind == "m" and rest:
        hx, _, side = rest.rpartition(":")
        return find_minion(state, hx, int(side)) is not None
    if kind == "p" and rest:
        return any(p["hex"] == rest for p in state["pillars"])
    if kind == "i" and rest:
        return rest in state["illusions"]
    if kind == "t" and rest:
        return rest in state["control"]
    return value in map_of(state).coords


def hexes_of(state: dict, value: str) -> tuple[str, ...]:
    """Where a target value is (several hexes for the Outsider; none when it is gone)."""
    if not exists(state, value):
        return ()
    if value in state["heroes"]:
        return (state["heroes"][value]["hex"],)
    if value == OUTSIDER:
        return tuple(state["outsider"]["hexes"])
    kind, _, rest = value.partition(":")
    if kind == "m":
        return (rest.rpartition(":")[0],)
    if kind == "p":
        return (rest,)
    if kind == "i":
        return (state["illusions"][rest],)
    if kind == "t":
        return (state["control"][rest],)
    return (value,)


def side_of_value(state: dict, value: str) -> int | None:
    """The side a target belongs to (None: the Outsider, hexes and control tokens)."""
    if value in state["heroes"]:
        return hero_side(state, value)
    kind, _, rest = value.partition(":")
    if kind == "m":
        return int(rest.rpartition(":")[2])
    if kind == "p":
        for p in state["pillars"]:
            if p["hex"] == rest:
                return p["side"]
    if kind == "i" and rest in state["heroes"]:
        return hero_side(state, rest)
    return None


def is_enemy(state: dict, side: int, value: str) -> bool:
    """R8: the Outsider is an enemy of every side; other elements by their side."""
    if value == OUTSIDER:
        return outsider_on_board(state)
    s = side_of_value(state, value)
    return s is not None and s != side


def enemies_of(state: dict, side: int, *, heroes_only: bool = False) -> list[str]:
    """Every enemy element on the battlefield for `side`: heroes and the Outsider, then (unless
    heroes_only) minions, pillars and illusions (G32)."""
    out = [h for h in heroes_on_battlefield(state) if hero_side(state, h) != side]
    if outsider_on_board(state):
        out.append(OUTSIDER)
    if heroes_only:
        return out
    out += sorted({minion_value(m) for m in state["minions"] if m["side"] != side})
    out += [f"p:{p['hex']}" for p in state["pillars"] if p["side"] != side]
    out += [f"i:{h}" for h in sorted(state["illusions"]) if hero_side(state, h) != side]
    return out


def standing_towers(state: dict) -> set[str]:
    return {hx for hx, t in state["towers"].items() if t["hp"] > 0}


def hero_hexes(state: dict, exclude: str | None = None) -> set[str]:
    return {state["heroes"][h]["hex"] for h in heroes_on_battlefield(state) if h != exclude}


def blockers(state: dict, mover: str | None = None) -> set[str]:
    """Hexes a hero can neither cross nor end on (R35: 「英雄和入侵者無法移動穿過其他的英雄或入侵者」):
    other heroes and the Outsider."""
    return hero_hexes(state, mover) | set(state["outsider"]["hexes"])


def minion_hexes(state: dict) -> set[str]:
    return {m["hex"] for m in state["minions"]}


def end_blockers(state: dict) -> set[str]:
    """Hexes a hero may cross but not end a move on: minions and standing towers (R35:
    「可以移動穿過手下」, 「無法在有手下或防禦塔的格子結束移動」; the seed is silent on crossing a tower,
    so crossing is allowed), and nexus hexes (house: a nexus counts as a tower)."""
    return minion_hexes(state) | standing_towers(state) | set(map_of(state).nexus_hexes)


def free_hexes(state: dict, mover: str | None = None) -> set[str]:
    """Hexes a hero could end a move on: no hero, Outsider, minion, standing tower or nexus."""
    return set(map_of(state).coords) - blockers(state, mover) - end_blockers(state)


def hero_destinations(state: dict, hero: str, steps: int) -> dict[str, list[str]]:
    """Where a hero can move with up to `steps` hexes (R34, R35, R37): end hex -> path."""
    start = state["heroes"][hero]["hex"]
    return hexes.move_destinations(map_of(state), start, steps, blockers(state, hero), end_blockers(state))


def minion_allowed(state: dict, side: int) -> set[str]:
    """R100: where a minion of `side` may be placed (hexes.minion_allowed: the minion phase's rule)."""
    return hexes.minion_allowed(state, side)


# --- cards: zones, mana, playing ---------------------------------------------------------------

def card_def(state: dict, iid: str) -> dict:
    return data.card(state["cards"][iid])


def cost_of(state: dict, iid: str) -> int:
    return len(card_def(state, iid)["runes"])


def mana_left(state: dict, hero: str) -> int:
    """R59/G40: mana = the round number, less the cost of the cards lying on the hero card."""
    return state["round"] - sum(cost_of(state, i) for i in state["heroes"][hero]["played"])


def vortex_ready(state: dict, seat: int) -> bool:
    v = state.get("vortex") or {}
    return v.get("seat") == seat and not v.get("used") and v.get("card") is not None


def can_play(state: dict, hero: str, iid: str) -> bool:
    """R60/G17/R64/R65: the hero is on the battlefield, its player holds the card (in hand, or the
    unused Vortex), it has mana for the card's cost and every rune colour of the card, and an
    ultimate is its own. Timing (normal/instant, R62/R63) is the flow's."""
    if not on_battlefield(state, hero):
        return False
    seat = state["heroes"][hero]["owner"]
    vortex = (state.get("vortex") or {}).get("card") == iid
    if vortex:
        if not vortex_ready(state, seat):
            return False
    elif iid not in state["hands"][str(seat)]:
        return False
    return card_fits(state, hero, card_def(state, iid))


def card_fits(state: dict, hero: str, c: dict) -> bool:
    """R60/G17/R64 for a card kind, whoever holds it: the hero has every rune colour of the card
    and mana for its cost, and an ultimate is its own (public facts only)."""
    if not set(c["runes"]) <= set(data.hero(hero)["runes"]):
        return False
    if c.get("ultimate_of") not in (None, hero):
        return False
    return len(c["runes"]) <= mana_left(state, hero)


def play_card(state: dict, hero: str, iid: str, ev) -> None:
    """R61: the card goes on top of the hero card (the Vortex stays on the board, face down, R65);
    its effect then goes on the stack (the flow's part). Counts ultimates for victory cards."""
    seat = state["heroes"][hero]["owner"]
    c = card_def(state, iid)
    if (state.get("vortex") or {}).get("card") == iid:
        state["vortex"]["used"] = True
    else:
        state["hands"][str(seat)].remove(iid)
        state["heroes"][hero]["played"].append(iid)
    if c.get("ultimate_of"):
        counter(state, "ultimates")[hero_side(state, hero)] += 1
    _say(ev, Msg("{player} plays {card} with {hero}.", player=Seat(seat), card=data.name(c["id"]),
                 hero=data.name(hero)), hexes_=(state["heroes"][hero]["hex"],))


def reshuffle(state: dict, seat: int, ev) -> bool:
    """R69/G37: the discard pile becomes the new deck, shuffled. False when it is empty."""
    pile = state["discards"][str(seat)]
    if not pile:
        return False
    deck = state["decks"][str(seat)]
    deck.extend(pile)
    pile.clear()
    next_random(state).shuffle(deck)
    _say(ev, Msg("{player} shuffles the discard pile into a new deck.", player=Seat(seat)), hidden=True)
    return True


def _top(state: dict, seat: int, ev) -> str | None:
    deck = state["decks"][str(seat)]
    if not deck and not reshuffle(state, seat, ev):
        return None
    return deck.pop(0)


def draw(state: dict, seat: int, n: int, ev) -> list[str]:
    """R67/R69: draw n cards (reshuffling an empty deck; G37: skipped when nothing is left)."""
    drawn = []
    for _ in range(n):
        iid = _top(state, seat, ev)
        if iid is None:
            break
        state["hands"][str(seat)].append(iid)
        drawn.append(iid)
    if drawn:
        names = [data.name(state["cards"][i]) for i in drawn]
        _say(ev, plural("{player} draws a card.", "{player} draws {n} cards.", len(drawn), player=Seat(seat)),
             private={seat: Msg("You draw {cards}.", cards=names)}, hidden=True)
    return drawn


def note_reveal(state: dict, seat: int, def_ids: list[str], why) -> None:
    rev = state.setdefault("revealed", [])
    rev.append({"seat": seat, "cards": list(def_ids), "why": to_json(why)})
    del rev[:-REVEALS_KEPT]


def reveal(state: dict, seat: int, ev) -> str | None:
    """R72: the top card of the deck is revealed and goes to the discard pile (G37: reshuffle
    first; None when both are empty, which counts as +0)."""
    iid = _top(state, seat, ev)
    if iid is None:
        return None
    state["discards"][str(seat)].append(iid)
    return iid


def reveal_best(state: dict, seat: int | None, count: int, ev, why=None) -> int:
    """R39 steps 2-3 / R72: reveal `count` cards; the best modifier is taken (DD: a dominant
    choice). No card revealed counts as +0 (G37)."""
    if seat is None or count <= 0:
        return 0
    ids = [iid for iid in (reveal(state, seat, ev) for _ in range(count)) if iid is not None]
    if not ids:
        return 0
    defs = [state["cards"][i] for i in ids]
    best = max(data.card(d)["modifier"] for d in defs)
    note_reveal(state, seat, defs, why or Msg("a reveal"))
    _say(ev, Msg("{player} reveals {cards}: {modifier}.", player=Seat(seat), cards=[data.name(d) for d in defs],
                 modifier=f"{best:+d}"), hidden=True)
    return best


def discard_from_hand(state: dict, seat: int, iid: str, ev) -> None:
    state["hands"][str(seat)].remove(iid)
    state["discards"][str(seat)].append(iid)
    _say(ev, Msg("{player} discards {card}.", player=Seat(seat), card=data.name(state["cards"][iid])))


def discard_played(state: dict, ev) -> None:
    """R121 step 1 / R66: the cards on every hero card go to their owners' discard piles."""
    for hero in sorted(state["heroes"]):
        h = state["heroes"][hero]
        state["discards"][str(h["owner"])].extend(h["played"])
        h["played"] = []


def can_lead_from_deck(state: dict, seat: int) -> bool:
    """G37: a lead from the deck needs a card in the deck or the discard pile."""
    return bool(state["decks"][str(seat)] or state["discards"][str(seat)])


def lead(state: dict, hero: str, iid: str | None, ev) -> bool:
    """R47/R48: a card goes face down under the hero: `iid` from the hand (portrait) or, with
    None, the top of the deck unseen (landscape). False when the deck and discard are empty."""
    h = state["heroes"][hero]
    seat = h["owner"]
    if iid is None:
        top = _top(state, seat, ev)
        if top is None:
            return False
        h["leads"].append({"card": top, "from": "deck"})
        _say(ev, Msg("{hero} leads the top card of the deck.", hero=data.name(hero)), hidden=True)
        return True
    state["hands"][str(seat)].remove(iid)
    h["leads"].append({"card": iid, "from": "hand"})
    _say(ev, Msg("{hero} leads a card from the hand.", hero=data.name(hero)),
         private={seat: Msg("{hero} leads {card}.", hero=data.name(hero), card=data.name(state["cards"][iid]))})
    return True


def discard_leads(state: dict, hero: str, ev=None) -> list[str]:
    """G22/G10: the hero's lead cards go to its owner's discard pile (face up: now public)."""
    h = state["heroes"][hero]
    ids = [x["card"] for x in h["leads"]]
    state["discards"][str(h["owner"])].extend(ids)
    h["leads"] = []
    if ids:
        _say(ev, Msg("{hero}'s lead cards are discarded: {cards}.", hero=data.name(hero),
                     cards=[data.name(state["cards"][i]) for i in ids]))
    return ids


def foresee_look(state: dict, seat: int, n: int, ev) -> list[str]:
    """R128 first half: the top n cards (G37: reshuffle first when the deck is empty); the keep /
    discard choice is a pending decision of the flow, applied with foresee_apply."""
    deck = state["decks"][str(seat)]
    if not deck:
        reshuffle(state, seat, ev)
    return list(deck[:n])


def foresee_apply(state: dict, seat: int, discard: list[str], ev) -> None:
    """R128 second half: the chosen cards of the top ones go to the discard pile (face up, public);
    the others stay on top in their order."""
    deck = state["decks"][str(seat)]
    for iid in discard:
        deck.remove(iid)
        state["discards"][str(seat)].append(iid)
    if discard:
        _say(ev, Msg("{player} discards {cards} from the top of the deck.", player=Seat(seat),
                     cards=[data.name(state["cards"][i]) for i in discard]))


# --- statuses (R89-R96) -----------------------------------------------------------------------

def attach_status(state: dict, who: str, status: str, count: int = 1, ev=None) -> bool:
    """R89/R90: tokens on a hero (or the Outsider); several of a kind only last longer. Minions
    and tokens carry no statuses. False when nothing took the status."""
    if not (who == OUTSIDER and outsider_on_board(state)) and not (who in state["heroes"] and on_battlefield(state, who)):
        return False
    st = statuses_of(state, who)
    st[status] = st.get(status, 0) + count
    _say(ev, Msg("{who} gets {status}.", who=data.name(who), status=data.status_name(status)))
    return True


def remove_status(state: dict, who: str, status: str, ev=None) -> int:
    """R92: "remove a status" removes every token of that status. Returns how many."""
    if who != OUTSIDER and who not in state["heroes"]:
        return 0
    n = statuses_of(state, who).pop(status, 0)
    if n:
        _say(ev, Msg("{who} loses {status}.", who=data.name(who), status=data.status_name(status)))
    return n


def decay_statuses(state: dict, who: str) -> None:
    """R91/R117: one token of each status type goes."""
    st = statuses_of(state, who)
    for s in list(st):
        st[s] -= 1
        if st[s] <= 0:
            del st[s]


def exhaust(state: dict, hero: str) -> None:
    """R30: the hero becomes exhausted and loses one token of each status; its activation's
    memory (pillars removed, King's Might) ends."""
    h = state["heroes"][hero]
    h["state"] = "exhausted"
    h.pop("pillars_removed", None)
    decay_statuses(state, hero)


# --- card bonuses and the derived values (R94, R95, R126, G38) ------------------------------------

def add_bonus(state: dict, who: str, stat: str, amount: int, until: str) -> None:
    state.setdefault("bonuses", []).append({"hero": who, "stat": stat, "amount": amount, "until": until})


def clear_bonuses(state: dict, until: str) -> None:
    """Bonuses lasting the activation end with it (R9); "round" ones in the reset phase."""
    state["bonuses"] = [b for b in state.get("bonuses", []) if b["until"] != until]


def card_bonus(state: dict, who: str, stat: str) -> int:
    return sum(b["amount"] for b in state.get("bonuses", []) if b["hero"] == who and b["stat"] == stat)


def _status_bonus(state: dict, who: str, stat: str) -> int:
    total = 0
    for status, (s1, v1, s2, v2) in STATUS_EFFECTS.items():
        if has_status(state, who, status):   # R90: several tokens do not stack
            total += v1 if stat == s1 else v2 if stat == s2 else 0
    return total


def _base(who: str, field: str) -> int:
    return data.OUTSIDER[field] if who == OUTSIDER else data.hero(who)[field]


def stat_of(state: dict, who: str, stat: str, target: str | None = None) -> int:
    """A modified value (status, skill and card bonuses), at least 0 (G38)."""
    base = {"move": 3, "skirmish_damage": 0, "skirmish_move": 2}.get(stat)   # R34, R43
    if base is None:
        base = _base(who, stat)   # attack value, armor: printed on the card
    value = base + _status_bonus(state, who, stat) + card_bonus(state, who, stat) + \
        passives.bonus(state, who, stat, {"target": target})
    return max(0, value)


def armor_of(state: dict, who: str) -> int:
    """Minions, pillars and illusions have 0 armor (R97, G32)."""
    if who != OUTSIDER and who not in state["heroes"]:
        return 0
    return stat_of(state, who, "armor")


def attack_of(state: dict, who: str, target: str | None = None) -> int:
    return stat_of(state, who, "attack", target)


def move_of(state: dict, who: str) -> int:
    """R34/R94: 3 hexes, Slow -2, Haste +2, plus skills and cards."""
    return stat_of(state, who, "move")


def skirmish_damage_of(state: dict, who: str, target: str | None = None) -> int:
    return stat_of(state, who, "skirmish_damage", target)


def skirmish_move_of(state: dict, who: str) -> int:
    return stat_of(state, who, "skirmish_move")


def halve(value: int) -> int:
    """R85: divide by 2, rounding up."""
    return -(-value // 2)


def plus_of(who: str) -> int:
    return _base(who, "plus")


def attack_range(who: str) -> int:
    """R38: ranged 3, melee adjacent (1)."""
    return 3 if _base(who, "range") == "ranged" else 1


# --- HP: damage, loss, healing, defeat (R80-R88, R97, R99, G7, G32) --------------------------------

def deal_damage(state: dict, source: str | None, target: str, amount: int, *, pierce: bool = False, ev=None) -> int:
    """R81/R84: deal `amount` damage (armor applies unless Pierce); returns the HP removed. Heroes
    at 0 HP are defeated (R86); a minion with 1 HP is removed (R97) unless a skill protects it;
    pillars and illusions go at any damage (G32); the Outsider is reset at 0 (G7) and a hero that
    damaged it gives the other side a reaction (R120)."""
    if amount <= 0 or not exists(state, target):
        return 0
    if target in state["heroes"] or target == OUTSIDER:
        taken = max(0, amount - (0 if pierce else armor_of(state, target)))
        return _lose(state, source, target, taken, ev)
    kind, _, rest = target.partition(":")
    if kind == "m":
        hx, _, side = rest.rpartition(":")
        return _damage_minion(state, source, find_minion(state, hx, int(side)), ev)
    if kind in ("p", "i"):
        remove_token(state, target, ev)
        return 1
    return 0


def lose_hp(state: dict, source: str | None, target: str, amount: int, ev=None) -> int:
    """R82: HP lost, armor does not apply."""
    if amount <= 0 or not exists(state, target):
        return 0
    if target in state["heroes"] or target == OUTSIDER:
        return _lose(state, source, target, amount, ev)
    return deal_damage(state, source, target, amount, pierce=True, ev=ev)


def _lose(state: dict, source: str | None, target: str, taken: int, ev) -> int:
    if taken <= 0:
        _say(ev, Msg("{who} takes no damage.", who=data.name(target)))
        return 0
    if target == OUTSIDER:
        return _outsider_loses(state, source, taken, ev)
    h = state["heroes"][target]
    h["hp"] -= taken
    _say(ev, Msg("{who} loses {n} HP.", who=data.name(target), n=taken), hexes_=(h["hex"],))
    if h["hp"] <= 0:
        defeat_hero(state, target, source, ev)
    return taken


def _outsider_loses(state: dict, source: str | None, taken: int, ev) -> int:
    o = state["outsider"]
    o["hp"] -= taken
    side = source_side(state, source)
    if side is not None:
        counter(state, "outsider_damage")[side] += taken
    _say(ev, Msg("{who} loses {n} HP.", who=data.name(OUTSIDER), n=taken), hexes_=tuple(o["hexes"]))
    if o["hp"] <= 0:
        # G7: removed, healed, its card back on the board; no defeat credit and no draw
        o.update(hexes=[], hp=data.OUTSIDER["hp"], statuses={}, holder=None, reaction=None)
        _say(ev, Msg("The Outsider is driven off the battlefield; nobody holds it now."))
    elif source in state["heroes"] and side is not None:
        o["reaction"] = {"side": 1 - side, "against": source}   # R120, data G18
    return taken


def defeat_hero(state: dict, hero: str, source: str | None, ev=None) -> None:
    """R86/G22: off the battlefield; back on the next round's space if it was ready, the one after
    if exhausted; statuses removed, lead cards discarded, its illusion removed (data G45). An enemy
    source's side is credited (G33) and its player draws 1 (R67, G47)."""
    h = state["heroes"][hero]
    was_ready = h["state"] == "ready"
    h.update(hp=0, hex=None, state="defeated", statuses={}, returns=state["round"] + (1 if was_ready else 2))
    h.pop("pillars_removed", None)
    discard_leads(state, hero, ev)
    state["illusions"].pop(hero, None)
    state["bonuses"] = [b for b in state.get("bonuses", []) if b["hero"] != hero]
    _say(ev, Msg("{hero} is defeated and returns in round {round}.", hero=data.name(hero), round=h["returns"]))
    side = source_side(state, source)
    if side is None or side == hero_side(state, hero):
        return
    counter(state, "defeats")[side] += 1
    by_round = state["counters"].setdefault("defeats_by_round", {})
    this = by_round.setdefault(str(state["round"]), [0, 0])
    this[side] += 1
    best = counter(state, "round_defeats")
    best[side] = max(best[side], this[side])
    if source not in state["heroes"] and state.get("asks") and len(seats_of(state, side)) > 1:
        # R134: the team decides who draws; asked once the effect has resolved (flow.after_effect)
        state.setdefault("draws_owed", []).append({"side": side, "hero": hero})
        return
    seat = state["heroes"][source]["owner"] if source in state["heroes"] else drawing_seat(state, side)
    draw(state, seat, 1, ev)


def _damage_minion(state: dict, source: str | None, minion: dict | None, ev) -> int:
    if minion is None:
        return 0
    if passives.protects_minion(state, minion):
        _say(ev, Msg("{skill} protects the minion.", skill=data.name("blood_ward")))
        return 0
    remove_minion(state, minion, source, ev)
    return 1


def remove_minion(state: dict, minion: dict, source: str | None, ev=None) -> None:
    """R97/R99: the minion returns to the supply; an enemy hero's side counts it (victory cards)."""
    state["minions"].remove(minion)
    side = source_side(state, source)
    if side is not None and side != minion["side"]:
        counter(state, "minions_defeated")[side] += 1
    _say(ev, Msg("A minion is defeated."), hexes_=(minion["hex"],))


def remove_token(state: dict, value: str, ev=None) -> None:
    """R55/R57: a pillar or an illusion hit by any damage leaves the battlefield (an illusion goes
    back to its owner, G45)."""
    kind, _, rest = value.partition(":")
    if kind == "p":
        for p in state["pillars"]:
            if p["hex"] == rest:
                state["pillars"].remove(p)
                break
        _say(ev, Msg("A pillar is destroyed."), hexes_=(rest,))
    elif kind == "i":
        hx = state["illusions"].pop(rest, None)
        _say(ev, Msg("An illusion is dispelled."), hexes_=(hx,))


def heal(state: dict, target: str, amount: int, ev=None) -> int:
    """R83: never above the starting HP."""
    if amount <= 0 or not exists(state, target):
        return 0
    if target == OUTSIDER:
        o = state["outsider"]
        gained = max(0, min(amount, data.OUTSIDER["hp"] - o["hp"]))
        o["hp"] += gained
    elif target in state["heroes"]:
        h = state["heroes"][target]
        gained = max(0, min(amount, data.hero(target)["hp"] - h["hp"]))
        h["hp"] += gained
    else:
        return 0
    if gained:
        _say(ev, Msg("{who} heals {n} HP.", who=data.name(target), n=gained))
    return gained


def resolve_attack(state: dict, attacker: str, target: str, ev, *, pierce: bool = False) -> int:
    """R39: attack value (statuses, skills, cards), one reveal per "+" (best modifier), minus armor.
    Returns the HP removed."""
    seat = source_seat(state, attacker)
    value = attack_of(state, attacker, target) + reveal_best(
        state, seat, plus_of(attacker), ev, Msg("{who} attacks", who=data.name(attacker)))
    return deal_damage(state, attacker, target, max(0, value), pierce=pierce, ev=ev)


def resolve_skirmish_damage(state: dict, attacker: str, target: str, ev) -> int:
    """R43 option 1: 0+ damage (one reveal; Frenzy +1, Disarm -1, +X skirmish damage), armor
    applies. A Skirmish never damages minions (R46): the caller only names heroes/the Outsider."""
    seat = source_seat(state, attacker)
    value = skirmish_damage_of(state, attacker, target) + reveal_best(
        state, seat, 1, ev, Msg("{who} skirmishes", who=data.name(attacker)))
    return deal_damage(state, attacker, target, max(0, value), ev=ev)


# --- positions ---------------------------------------------------------------------------------

def move_model(state: dict, who: str, to: str, ev=None) -> str:
    """Put a hero or a minion on `to` (the caller checked legality). Returns its new value."""
    if who in state["heroes"]:
        frm = state["heroes"][who]["hex"]
        state["heroes"][who]["hex"] = to
        _say(ev, Msg("{who} moves to {hex}.", who=data.name(who), hex=to), hexes_=(frm, to))
        return who
    if who.startswith("m:"):
        hx, _, side = who[2:].rpartition(":")
        m = find_minion(state, hx, int(side))
        m["hex"] = to
        _say(ev, Msg("A minion moves to {hex}.", hex=to), hexes_=(hx, to))
        return minion_value(m)
    return who


def push(state: dict, origin_hexes, target: str, amount: int, ev=None) -> str | None:
    """R127/G16, a move effect under the Move action's restrictions (R37): away from the origin one
    hex at a time, never onto a hero or the Outsider, never ending on a minion, a standing tower
    or a nexus hex (a hero) or on a minion of its own side, a tower, a nexus hex or in the dome
    (a minion, which never enters the dome); the push is never shortened. Among several maximal
    paths the first by label (DD). The Outsider and tokens cannot be pushed (R119). Returns the end
    hex, or None when nothing moved."""
    if amount <= 0 or not exists(state, target) or target == OUTSIDER or target[:2] in ("p:", "i:", "t:"):
        return None
    m = map_of(state)
    start = hexes_of(state, target)[0]
    if target in state["heroes"]:
        blocked, end_blocked = blockers(state, target), end_blockers(state)
    elif target.startswith("m:"):
        side = side_of_value(state, target)
        blocked = hero_hexes(state) | set(state["outsider"]["hexes"]) | set(m.dome)
        end_blocked = {x["hex"] for x in state["minions"] if x["side"] == side} | standing_towers(state) | \
            set(m.nexus_hexes)
    else:
        return None
    options = hexes.push_steps(m, tuple(origin_hexes), start, amount, blocked, end_blocked)
    end = options[0][0] if options else start
    if end == start:
        return None
    move_model(state, target, end, ev)
    return end


def place_hero_near_nexus(state: dict, hero: str, ev=None) -> str | None:
    """G5 (J) / G23: on the free hex nearest the friendly nexus (among equal hexes the first by
    label, automated). Not neutral: label order runs from column A, so side 0's heroes start at
    the back and side 1's nearer the lanes (the normal player against itself: side 1 wins 57 %)."""
    m = map_of(state)
    side = hero_side(state, hero)
    spots = hexes.nearest_free(m, m.nexus[side], free_hexes(state, hero))
    if not spots:
        return None
    state["heroes"][hero]["hex"] = spots[0]
    return spots[0]


def respawn(state: dict, hero: str, ev=None) -> None:
    """R87: back as close as possible to the friendly nexus, at full HP, ready."""
    h = state["heroes"][hero]
    h.update(hp=data.hero(hero)["hp"], state="ready", returns=None, statuses={})
    where = place_hero_near_nexus(state, hero)
    _say(ev, Msg("{hero} returns to the battlefield.", hero=data.name(hero)), hexes_=(where,))


# --- tokens: pillars and illusions (R54-R57) ----------------------------------------------------

def add_pillar(state: dict, side: int, hx: str, ev=None) -> None:
    state["pillars"].append({"side": side, "hex": hx})
    _say(ev, Msg("A pillar rises on {hex}.", hex=hx), hexes_=(hx,))


def remove_pillar(state: dict, hx: str, by: str | None = None, ev=None) -> bool:
    """A friendly pillar removed by a Taulot devotion (R54); counted for King's Might."""
    for p in state["pillars"]:
        if p["hex"] == hx:
            state["pillars"].remove(p)
            if by in state["heroes"]:
                h = state["heroes"][by]
                h["pillars_removed"] = h.get("pillars_removed", 0) + 1
            _say(ev, Msg("The pillar on {hex} is removed.", hex=hx), hexes_=(hx,))
            return True
    return False


def place_illusion(state: dict, owner: str, hx: str, ev=None) -> None:
    state["illusions"][owner] = hx
    _say(ev, Msg("{hero}'s illusion appears on {hex}.", hero=data.name(owner), hex=hx), hexes_=(hx,))


# --- minions from effects (R101, G44) ------------------------------------------------------------

def lane_of_token(state: dict, number: str) -> int:
    """The lane a control token serves, as the minion phase reads it: the state's "token_lanes"
    entry, else the lane of its hex, else the nearest lane (a token only moves along its lane)."""
    known = state.get("token_lanes", {}).get(str(number))
    if known is not None:
        return int(known)
    m = map_of(state)
    token = state["control"][str(number)]
    if token in m.lane_of:
        return m.lane_of[token]
    return min(m.lanes, key=lambda lane: (min(hexes.distance(m, token, h) for h in m.lanes[lane]), lane))


def spawn(state: dict, side: int, number: str, amount: int, ev=None) -> int:
    """R101/R100: minions of `side` as close as possible to control token `number` within its LoS
    (ties: first by label, DD). They join that token's lane (G31). Returns how many were placed."""
    m = map_of(state)
    anchor = state["control"][str(number)]
    placed = 0
    for _ in range(amount):
        spots = hexes.closest_in_los(m, anchor, minion_allowed(state, side))
        if not spots:
            break
        state["minions"].append({"side": side, "lane": lane_of_token(state, number), "hex": spots[0]})
        placed += 1
    if placed:
        _say(ev, plural("A minion is spawned.", "{n} minions are spawned.", placed), hexes_=(anchor,))
    return placed
