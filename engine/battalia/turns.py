"""Turn steps T1/T2 (Formation, Redeploy, Ambush pick-up: R20-R29) and T4/T5 (discard, draw: R15, R16,
R100), the round and Oracle advance (R109) and the end checks (R119-R124, G31)."""
from __future__ import annotations

from collections import Counter

from engine.text import Msg, Seat, plural, to_json

from . import data, oracle, setup
from .cards import discard_face_down, draw, faction, is_virtual, lay_down_partly_used
from .setup import empty_turn, house_rule


def formation_extra(state: dict, hand: list[str]) -> tuple[int, dict[str, int]]:
    """R20-R22, G9: extra = sum over factions with n >= 3 of (n - 2); Supply never counts; a Great
    Artifact counts for the one faction where it adds most."""
    counts = Counter()
    universal = 0
    for c in hand:
        f = faction(state, c)
        if f == "*":
            universal += 1
        elif f:
            counts[f] += 1

    def extra(cn: Counter) -> int:
        return sum(n - 2 for n in cn.values() if n >= 3)

    best, best_counts = extra(counts), dict(counts)
    if universal:
        for f in data.FACTIONS:
            trial = Counter(counts)
            trial[f] += universal
            if extra(trial) > best:
                best, best_counts = extra(trial), dict(trial)
    return best, {f: n for f, n in best_counts.items() if n >= 3}


def formation_cards(state: dict, seat: int, groups: dict[str, int]) -> list[str]:
    """R20-R23: the hand cards a Formation shows (those of its factions, and Great Artifacts), in
    card-number order (the one spelling of a Formation's id)."""
    shown = [c for c in state["players"][seat]["hand"] if faction(state, c) in groups or faction(state, c) == "*"]
    return sorted(shown, key=lambda c: (c[0], int(c[1:])))


def pick_up_ambush(state: dict, seat: int) -> int:
    """T2 / R29: all Ambush cards go back to hand, unrevealed."""
    p = state["players"][seat]
    n = len(p["ambush"])
    p["hand"].extend(p["ambush"])
    p["ambush"] = []
    return n


def scores(state: dict) -> dict[int, int]:
    """R2/R123: the sum of the levels of the cities a player controls."""
    out = {s: 0 for s in range(state["n"])}
    for tile in state["board"].values():
        if tile["kind"] == "city" and isinstance(tile.get("owner"), int):
            out[tile["owner"]] += tile["level"]
    return out


def level_counts(state: dict, seat: int) -> list[int]:
    c = [0, 0, 0, 0, 0]
    for tile in state["board"].values():
        if tile["kind"] == "city" and tile.get("owner") == seat:
            c[tile["level"]] += 1
    return c


def finish(state: dict, reason: Msg) -> None:
    """R123/R124 ranking; G27 shared victory on a full tie."""
    sc = scores(state)

    def key(s: int):
        lc = level_counts(state, s)
        heroes = sum(1 for h in state["players"][s]["heroes"] if h)
        return (sc[s], lc[4], lc[3], lc[2], lc[1], heroes)

    best = max(key(s) for s in range(state["n"]))
    winners = [s for s in range(state["n"]) if key(s) == best]
    state["result"] = {"winners": winners, "scores": {str(s): v for s, v in sc.items()}, "reason": to_json(reason)}
    state["phase"] = "over"
    state["battle"] = None
    state["pending"] = None


def check_five_level4(state: dict) -> bool:
    """R121: five level-4 cities end the game at once (R133 house rule: another number)."""
    need = house_rule(state, "level4_end")
    for s in range(state["n"]):
        if level_counts(state, s)[4] >= need:
            if need == data.board()["end"]["level4_cities"]:  # R121
                finish(state, Msg("{player} owns five level-4 cities.", player=Seat(s)))
            else:  # R121 with the R133 house rule
                finish(state, plural("{player} owns {n} level-4 city (house rule).",
                                     "{player} owns {n} level-4 cities (house rule).", n=need, player=Seat(s)))
            return True
    return False


# the reason games that ended by the former safety cap (any game after 20 weeks) keep in their stored
# result: kept in the catalogue so that those results still read in every language
FORMER_CAP_REASON = plural("The round limit is reached (a safety cap of {n} week).",
                           "The round limit is reached (a safety cap of {n} weeks).", n=20)


def stall_guard_rounds(state: dict) -> int | None:
    """The rounds after which a game ends if neither of the seed's endings (R119, R121) came, or
    None. The seed has no such limit: only a game whose every seat is a computer player (the setup
    option `computer_seats` names them all) has this guard (data/battalia/board.json, a house
    value), so a stalled game of computers cannot run forever. A game with a person in it never
    ends by it; a stall between people is a matter for the turn clock."""
    computers = state["options"].get(setup.COMPUTER_SEATS) or []
    if set(range(state["n"])) <= set(computers):
        return 7 * data.board()["stall_guard"]["weeks"]
    return None


def end_turn(state: dict) -> list[Msg]:
    """T4, T5, R100 defender refill, then the next player's turn (and a new day, R109)."""
    texts = []
    seat = state["current"]
    hand_size = data.cards()["hand"]["size"]
    for other in range(state["n"]):
        if other != seat:  # R110: a use left outside one's own turn lapses with this turn
            lay_down_partly_used(state, other, keep_uses=False)
    for p in state["players"]:
        for zone in ("hand", "played", "gained", "line", "realm", "sanctuary", "ambush"):
            p[zone] = [c for c in p[zone] if not is_virtual(c)]
    p = state["players"][seat]
    discard_face_down(p, p["hand"])  # unseen; what was played lies on top, face up
    p["sanctuary"] += p["played"] + p["gained"] + p["line"]
    p["hand"], p["played"], p["gained"], p["line"] = [], [], [], []
    state["virtual"] = {}
    drawn, _ = draw(state, seat, hand_size)
    texts.append(plural("{player} ends the turn and draws {n} card.", "{player} ends the turn and draws {n} cards.",
                        n=len(drawn), player=Seat(seat)))
    for d in state["turn"]["defended"]:
        dp = state["players"][d]
        dp["sanctuary"] += dp["played"] + dp["line"]
        dp["played"], dp["line"] = [], []
        need = hand_size - len(dp["hand"])
        if need > 0:
            got, _ = draw(state, d, need)
            texts.append(plural("{player} refills the hand with {n} card.", "{player} refills the hand with {n} cards.",
                                n=len(got), player=Seat(d)))  # R100
    nxt = (seat + 1) % state["n"]
    state["turn"] = empty_turn()
    state["current"] = nxt
    state["phase"] = "start"
    if nxt == state["first"]:
        weeks = state["options"].get("weeks")
        if weeks and state["round"] >= 7 * int(weeks):
            finish(state, Msg("The {n}-week limit is reached.", n=weeks))  # R133, G31
            return texts
        guard = stall_guard_rounds(state)
        if guard and state["round"] >= guard:  # house value: computer players only, never people
            finish(state, plural("The stall guard ends this game of computer players after {n} week.",
                                 "The stall guard ends this game of computer players after {n} weeks.",
                                 n=guard // 7))
            return texts
        state["round"] += 1
        o = oracle.describe(state["round"])
        texts.append(Msg("Day {day} of week {week}: {illuminated} is illuminated, {matched} is matched.",
                         day=o["day"], week=o["week"], illuminated=data.type_name(o["illuminated"]),
                         matched=data.type_name(o["matched"])))  # R108, R109
    return texts
