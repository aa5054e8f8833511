"""Card registry, zones, drawing (R9) and paying for combinations (R35-R38, R55)."""
from __future__ import annotations

from collections import Counter

from engine.base import IllegalAction
from engine.rng import next_random

from engine.text import Msg, plural

from . import data, oracle


def is_virtual(cid: str) -> bool:
    """Virtual copies (Amulet 2/3, G34) live for one turn and are not physical cards."""
    return cid.startswith("v")


def card(state: dict, cid: str) -> dict:
    if is_virtual(cid):
        return state["virtual"][cid]
    return state["cards"][cid]


def printed_type(state: dict, cid: str) -> str:
    return card(state, cid)["t"]


def faction(state: dict, cid: str) -> str | None:
    """Printed faction; Great Artifacts are universal ("*"), Supply neutral (None)."""
    return card(state, cid)["f"]


def is_great(state: dict, cid: str) -> bool:
    return printed_type(state, cid) in data.GREAT_TYPES


def eff_type(state: dict, cid: str) -> str:
    """Type this turn: a wild card (Amulet 6, G15) or the Hammer of Strato (R72) acts as another type."""
    return state["turn"]["as"].get(cid) or printed_type(state, cid)


def slot_type(state: dict, cid: str) -> str:
    """Type for paying combinations: Sword and Shield are Weapons (R73, R74)."""
    t = eff_type(state, cid)
    if t in ("sword", "shield"):
        return "weapon"
    return t


def name(state: dict, cid: str) -> Msg:
    """The printed card's name, e.g. "Forest Clan Soldier" (no id, no "as" type): glossary terms."""
    c = card(state, cid)
    t = c["t"]
    if t in data.GREAT_TYPES or not c["f"]:
        return data.type_name(t)
    return Msg("{faction} {type}", faction=data.faction_name(c["f"]), type=data.type_name(t))


def public_name(state: dict, cid: str) -> Msg:
    """The card's name with the type it acts as this turn, without its id (public texts carry no ids)."""
    name_ = name(state, cid)
    et = state["turn"]["as"].get(cid) if "turn" in state else None
    if et:
        return Msg("{card} (as {type})", card=name_, type=data.type_name(et))
    return name_


def label(state: dict, cid: str) -> Msg:
    """The card's name and id, as on the hand picture: "Forest Clan Soldier [k12]"."""
    return Msg("{card} [{id}]", card=public_name(state, cid), id=cid)


def short(state: dict, cid: str) -> str:
    c = card(state, cid)
    return f"{c['t']}/{c['f'] or '-'}"


def max_uses(state: dict, cid: str) -> int:
    """Illuminated printed artifacts have doubled power for the day (R110); copies and wilds do not (G15),
    nor does an illuminated artifact made wild to act as another type this turn (design note)."""
    if is_virtual(cid):
        return 1
    t = printed_type(state, cid)
    if t == oracle.illuminated(state["round"]) and eff_type(state, cid) == t:
        return 2
    return 1


def uses_left(state: dict, cid: str) -> int:
    return max_uses(state, cid) - state["turn"]["spent"].get(cid, 0)


def fresh(state: dict, cid: str) -> bool:
    """Not yet used at all this turn (needed to ambush, station, banish or transform it)."""
    return state["turn"]["spent"].get(cid, 0) == 0


def spend(state: dict, seat: int, cid: str, n: int = 1, dest: str = "played") -> None:
    """Use n uses of a hand card; when none are left it leaves the hand for the table (R35)."""
    spent = state["turn"]["spent"]
    spent[cid] = spent.get(cid, 0) + n
    p = state["players"][seat]
    if spent[cid] >= max_uses(state, cid) and cid in p["hand"]:
        p["hand"].remove(cid)
        p[dest].append(cid)


def new_copy(state: dict, seat: int, cid: str, zone: str = "hand") -> str:
    """A virtual copy of `cid` (same type and faction) in the seat's zone, valid this turn only (G34)."""
    state["next_id"]["v"] += 1
    vid = f"v{state['next_id']['v']}"
    state["virtual"][vid] = {"t": eff_type(state, cid), "f": faction(state, cid), "of": cid}
    state["players"][seat][zone].append(vid)
    return vid


def partly_used(state: dict, seat: int) -> list[str]:
    """Physical hand cards already used this turn with a use left (illuminated artifacts, R110)."""
    spent = state["turn"]["spent"]
    return [c for c in state["players"][seat]["hand"] if not is_virtual(c) and spent.get(c, 0) > 0]


def lay_down_partly_used(state: dict, seat: int, keep_uses: bool) -> list[str]:
    """R110, G21, G34: cards used only partly outside their owner's own turn go to his Sanctuary like every
    other used card; with `keep_uses`, each use left stays in his hand as a virtual copy until the end of the
    current turn (as `add:<card>:1` leaves one), otherwise it lapses. Returns the cards laid down."""
    p = state["players"][seat]
    out = partly_used(state, seat)
    for cid in out:
        left = uses_left(state, cid)
        if keep_uses:
            for _ in range(left):
                new_copy(state, seat, cid)
        p["hand"].remove(cid)
        p["sanctuary"].append(cid)
        state["turn"]["spent"][cid] = max_uses(state, cid)
    return out


def shuffle(state: dict, cards_list: list) -> None:
    next_random(state).shuffle(cards_list)


def discard_face_down(p: dict, cards: list[str]) -> None:
    """R15, R24: the cards left in a hand go onto the Sanctuary face down (house reading of G28): the
    card everyone sees there is always one that was played face up, never one the engine picked from
    a hidden hand. `sanctuary_face_down` names them until the Sanctuary becomes the Realm."""
    p["sanctuary"] += cards
    p["sanctuary_face_down"] = p.get("sanctuary_face_down", []) + list(cards)


def sanctuary_top(p: dict) -> str | None:
    """The topmost face-up card of the Sanctuary (G28: the one card of it others see), if any."""
    down = set(p.get("sanctuary_face_down", ()))
    return next((c for c in reversed(p["sanctuary"]) if c not in down), None)


def draw(state: dict, seat: int, n: int) -> tuple[list[str], bool]:
    """R9: draw from the Realm; reshuffle the Sanctuary only when the Realm runs out; G12: draw what exists."""
    p = state["players"][seat]
    drawn: list[str] = []
    reshuffled = False
    while len(drawn) < n:
        if not p["realm"]:
            if not p["sanctuary"]:
                break
            p["realm"] = p["sanctuary"]
            p["sanctuary"] = []
            p["sanctuary_face_down"] = []
            shuffle(state, p["realm"])
            reshuffled = True
        drawn.append(p["realm"].pop(0))
    p["hand"].extend(drawn)
    return drawn, reshuffled


def physical_deck(state: dict, seat: int) -> list[str]:
    """Every physical card of the player's creation deck (R6)."""
    p = state["players"][seat]
    out = p["realm"] + p["hand"] + p["sanctuary"] + p["ambush"] + p["played"] + p["gained"] + p["line"]
    for tent in p["tents"]:
        out = out + [tent["tent"]] + tent["cards"]
    return [c for c in out if not is_virtual(c)]


def pool_take_top(state: dict, deck: list[str]) -> str | None:
    return deck.pop(0) if deck else None


def pool_search(state: dict, deck: list[str], want_faction: str | None, reshuffle: bool = True) -> str | None:
    """R63/R65/R104/R108: take a card of the wanted faction, else the top card; reshuffle after if told."""
    if not deck:
        return None
    pick = next((c for c in deck if state["cards"][c]["f"] == want_faction), deck[0])
    deck.remove(pick)
    if reshuffle and deck:
        shuffle(state, deck)
    return pick


def unit_deck(state: dict, t: str) -> list[str]:
    return state["pool"]["units"][t]


def deck_for_type(state: dict, t: str) -> list[str]:
    if t in data.UNIT_TYPES:
        return state["pool"]["units"][t]
    if t in data.ARTIFACT_TYPES:
        return state["pool"]["artifacts"][t]
    if t == "supply":
        return state["pool"]["supply"]
    raise KeyError(t)


def playable_hand(state: dict, seat: int) -> list[str]:
    """Hand cards with a use left (cards gained this turn are never in hand, R12)."""
    return [c for c in state["players"][seat]["hand"] if uses_left(state, c) > 0]


# ---------------------------------------------------------------- paying combinations

def match_payment(state: dict, seat: int, ids: list[str], recipe: dict[str, int]) -> list[tuple[str, int]]:
    """Check that `ids` pay exactly `recipe` (R35-R38); Tools may stand in for Soldiers (R55, R111).
    Returns (card, uses) pairs to spend; raises IllegalAction otherwise."""
    hand = state["players"][seat]["hand"]
    if len(set(ids)) != len(ids):
        raise IllegalAction(Msg("A card can be used only once in a row."))
    for cid in ids:
        if cid not in hand:
            raise IllegalAction(Msg("Card {id} is not in your hand (cards gained this turn cannot be played yet).",
                                    id=cid))  # R12
        if uses_left(state, cid) <= 0:  # R13
            raise IllegalAction(Msg("Card {id} has already been used this turn.", id=cid))
    need = Counter(recipe)
    tools = []
    for cid in ids:
        st = slot_type(state, cid)
        if st == "tool":
            tools.append(cid)
            continue
        if need[st] <= 0:
            raise IllegalAction(Msg("{card} is not part of this combination.", card=label(state, cid)))
        need[st] -= 1
    soldiers_missing = need.get("soldier", 0)
    for t, n in need.items():
        if t != "soldier" and n > 0:
            raise IllegalAction(plural("This combination needs {n} more {type} card.",
                                       "This combination needs {n} more {type} cards.", n=n, type=data.type_name(t)))
    out = [(c, 1) for c in ids if c not in tools]
    per_use = data.cards()["tool_soldiers"]["normal"]
    for cid in tools:
        if soldiers_missing <= 0:
            raise IllegalAction(Msg("A Tool must replace at least one Soldier."))  # R55
        capacity_uses = uses_left(state, cid)
        uses = min(capacity_uses, -(-soldiers_missing // per_use))
        soldiers_missing -= min(soldiers_missing, uses * per_use)
        out.append((cid, uses))
    if soldiers_missing > 0:
        raise IllegalAction(plural("This combination needs {n} more Soldier.", "This combination needs {n} more Soldiers.",
                                   n=soldiers_missing))
    return out


def _faction_counts(state: dict, seat: int) -> Counter:
    return Counter(faction(state, c) for c in state["players"][seat]["hand"] if faction(state, c) not in (None, "*"))


def auto_pay(state: dict, seat: int, recipe: dict[str, int], exclude: tuple = ()) -> list[str] | None:
    """Choose cards for a combination: virtual copies first, then cards of the faction the hand holds
    least of (keeping a hand's main faction for hero bonuses), Tools only when Soldiers run out."""
    counts = _faction_counts(state, seat)
    avail = [c for c in playable_hand(state, seat) if c not in exclude]

    def pref(cid: str):
        return (0 if is_virtual(cid) else 1, counts.get(faction(state, cid), 0), int(cid[1:]))

    chosen: list[str] = []
    missing_soldiers = 0
    for t, n in recipe.items():
        cands = sorted((c for c in avail if slot_type(state, c) == t and c not in chosen), key=pref)
        if t == "soldier":
            take = cands[:n]
            missing_soldiers = n - len(take)
            chosen += take
            continue
        if len(cands) < n:
            return None
        chosen += cands[:n]
    if missing_soldiers:
        per_use = data.cards()["tool_soldiers"]["normal"]
        for tool in sorted((c for c in avail if slot_type(state, c) == "tool"), key=pref):
            if missing_soldiers <= 0:
                break
            chosen.append(tool)
            missing_soldiers -= uses_left(state, tool) * per_use
        if missing_soldiers > 0:
            return None
    return chosen


def parse_ids(text: str) -> list[str]:
    return [x for x in text.split(",") if x]


def looks_like_ids(text: str) -> bool:
    parts = text.split(",")
    return bool(parts) and all(len(p) > 1 and p[0] in "kv" and p[1:].isdigit() for p in parts)
