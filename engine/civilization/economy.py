"""What cities give and what players hold: the squares that work for a city (outskirts, scouts'
gathered squares, blockades: R6, R94, R95, R98), a city's totals of trade, production, culture,
coins and resources, the Trade phase's collection (R24, R25), coins (R99-R103, G35) and the
economic victory.

Gathering declarations live in seats[s]["gathering"]: scout id -> city id, made in the Start of
Turn and good for that turn (G29)."""
from __future__ import annotations

from engine.base import Event
from engine.text import Msg, Seat, to_json

from . import board, data, research

TRADE_MAX = 27          # R25, G23
ECONOMIC_VICTORY = 15   # R103
ICONS = ("trade", "production", "culture", "coin")


def city_by_id(state: dict, city_id: str) -> dict | None:
    return next((c for c in state["cities"] if c["id"] == city_id), None)


def cities_of(state: dict, seat: int) -> list[dict]:
    return [c for c in state["cities"] if c["owner"] == seat]


def gathered_squares(state: dict) -> dict[tuple[int, int], str]:
    """(x, y) -> the city id a scout gathers that square for this turn (R94, R98). A scout on a
    city center gathers nothing (G29)."""
    out: dict[tuple[int, int], str] = {}
    figures = {f["id"]: f for f in state["figures"]}
    for seat, area in enumerate(state["seats"]):
        for scout_id, city_id in sorted(area.get("gathering", {}).items()):
            scout, city = figures.get(scout_id), city_by_id(state, city_id)
            if scout is None or city is None or scout["kind"] != "scout" or city["owner"] != seat \
                    or scout["owner"] != seat or board.city_at(state, scout["x"], scout["y"]):
                continue
            out[(scout["x"], scout["y"])] = city_id
    return out


def working_squares(state: dict, city: dict, gathered: dict | None = None) -> list[tuple[int, int]]:
    """The squares that give `city` their icons this turn: its outskirts that are not blockaded
    (R95) and not gathered for another city (a square never counts twice, G29; an enemy scout's
    gathering takes the square, R98), plus the squares its owner's scouts gather for it (R94)."""
    gathered = gathered_squares(state) if gathered is None else gathered
    owner = city["owner"]
    out = []
    for x, y in board.outskirts(state, city["x"], city["y"]):
        if (x, y) in gathered and gathered[(x, y)] != city["id"]:
            continue
        if board.blockaded(state, x, y, owner) and (x, y) not in gathered:
            continue
        out.append((x, y))
    for (x, y), city_id in sorted(gathered.items()):
        if city_id == city["id"] and (x, y) not in out:
            out.append((x, y))
    return out


def city_icons(state: dict, city: dict, gathered: dict | None = None) -> dict:
    """{trade, production, culture, coin, resources: [resource ids]} of the city this turn."""
    out: dict = dict.fromkeys(ICONS, 0)
    out["resources"] = []
    for x, y in working_squares(state, city, gathered):
        y_ = board.yields(state, x, y)
        if not y_:
            continue
        for icon in ICONS:
            out[icon] += y_.get(icon, 0)
        if y_.get("resource"):
            out["resources"].append(y_["resource"])
    return out


def collect_trade(state: dict) -> list[Event]:
    """R24, R25: every player adds the trade of all their cities; the dial stops at 27."""
    gathered = gathered_squares(state)
    lines = []
    for seat, area in enumerate(state["seats"]):
        gain = sum(city_icons(state, c, gathered)["trade"] for c in cities_of(state, seat))
        before = area["trade"]
        area["trade"] = min(TRADE_MAX, before + gain)
        lines.append(Msg("{player} +{gain} (now {trade})", player=Seat(seat), gain=gain, trade=area["trade"]))
    return [Event(Msg("Trade: {lines}.", lines=lines))]


def government_coins(state: dict, seat: int) -> int:
    """R22, R101: a government's coins count while it is current (Feudalism, house amounts)."""
    return int(data.government_effects(state["seats"][seat]["government"]).get("coins", 0))


def coins(state: dict, seat: int) -> int:
    """G35: map coins of the squares working for the seat's cities (R100), the permanent coins of
    its techs, its coin tokens (R101) and its government's coins."""
    gathered = gathered_squares(state)
    on_map = sum(city_icons(state, c, gathered)["coin"] for c in cities_of(state, seat))
    return (on_map + research.tech_coins(state, seat) + state["seats"][seat]["coin_tokens"] + government_coins(state, seat)
            + sum(state["seats"][seat].get("card_coins", {}).values())        # coin tasks (abilities.py)
            + board.wonder_coins(state, seat))


COIN_CAP = 4             # coin tokens a tech card holds


def add_coin(state: dict, seat: int, tech: str) -> bool:
    """One coin token on the tech card (a coin task, Code of Laws), up to 4; False when the card is full."""
    coins = state["seats"][seat].setdefault("card_coins", {})
    if coins.get(tech, 0) >= COIN_CAP:
        return False
    coins[tech] = coins.get(tech, 0) + 1
    return True


def check_economic_victory(state: dict) -> list[Event]:
    """R103, G15 DD: after any change, the first seat in turn order from the first player with 15
    coins wins."""
    if state.get("result"):
        return []
    n = state["players"]
    for i in range(n):
        seat = (state["first"] + i) % n
        have = coins(state, seat)
        if have >= ECONOMIC_VICTORY:
            reason = Msg("{player} has {coins} coins: an economic victory.", player=Seat(seat), coins=have)
            state["result"] = {"winners": [seat], "scores": {}, "reason": to_json(reason)}
            return [Event(reason)]
    return []
