"""The goal of the Civilization computer player (issue 36): which of the four victories (R131:
culture R56, tech R87, economic R103, military R122) it aims at, chosen from the position its seat
may see and revised at every decision (the view changes, so does the estimate).

`goal(view, seat)` estimates, for each victory, the turns this seat still needs (its own progress,
its civilization's ability, the map: how far and how strong the nearest enemy capital is) and takes
the fewest; when an opponent is much nearer to its own win, the computer turns on it (military) if
its capital is within reach. Everything read here is public or the seat's own (views.view)."""
from __future__ import annotations

from . import combat, economy, research, units

GOALS = ("culture", "tech", "economic", "military")
CULTURE_PACE = 1.5          # culture-track spaces a turn (seen in games between computer players)
TECHS_TO_SPACE_FLIGHT = 14  # R84, R87: 5 level I, 4 level II, 3 level III, 2 level IV before level V
ECONOMIC_VICTORY = 15       # R103
# the techs that give coins (R101, G35): coin tasks and permanent coin icons, in the order learned
COIN_TECHS = ("pottery", "code_of_laws", "democracy", "printing_press", "civil_service", "chivalry", "railroad",
              "computers")
COIN_TASKS = ("pottery", "democracy", "printing_press")        # paid in City Management, 4 coins each
# each civilization's leaning (turns taken off an estimate): Rome's culture for wonders and cities,
# China's for huts; Russia's free techs (its sacrifice) and white army; Germany's free units;
# America's cheap production (rush) and Egypt's free buildings for markets and coin tasks
LEANING = {"rome": {"culture": 2.0}, "china": {"culture": 1.0, "military": 0.5},
           "russia": {"military": 1.0}, "germany": {"military": 3.0, "tech": 0.5},
           "america": {"economic": 2.0}, "egypt": {"economic": 1.0, "culture": 1.0}}


def _techs(area: dict) -> set[str]:
    return {t["id"] for t in area["techs"]}


def culture_turns(view: dict, seat: int) -> float:
    area = view["seats"][seat]
    return (21 - area["culture_level"]) / CULTURE_PACE + (1.0 if area["culture_level"] >= 14 else 0.0)


PYRAMID = {1: 5, 2: 4, 3: 3, 4: 2}        # R84: the rows under Space Flight
RUSSIA_TECH_PACE = 0.5                     # Russia learns by research and by its sacrifice


def income(view: dict, seat: int) -> int:
    """The trade the seat's cities collect each turn (R24)."""
    return sum(economy.city_icons(view, c)["trade"] for c in view["cities"] if c["owner"] == seat)


def tech_turns(view: dict, seat: int) -> float:
    """Each missing card of the pyramid (R84) needs its level's trade (R82), less the trade the
    coins keep (R83), at the seat's trade a turn; then 26 for Space Flight (R87)."""
    area = view["seats"][seat]
    if research.space_flight_taken(view):
        return 99.0
    rows = research.row_counts(view, seat)
    per_turn = max(5, income(view, seat) + 1)
    kept = area.get("coins", 0)
    turns = 0.0
    for level, want in PYRAMID.items():
        for _ in range(max(0, want - rows[level])):
            turns += max(1.0, (research.threshold(level) - kept) / per_turn)
    if area["civ"] == "russia" and any(c["owner"] != seat for c in view["cities"]):
        turns *= RUSSIA_TECH_PACE                  # a tech a turn by its sacrifice besides research
    return turns + max(1.0, (research.threshold(5) - kept) / per_turn)


def economic_turns(view: dict, seat: int) -> float:
    area = view["seats"][seat]
    known = _techs(area)
    coins = area.get("coins", 0)
    tasks_full = sum(1 for t in COIN_TASKS if t in known and area.get("card_coins", {}).get(t, 0) >= 4)
    missing = sum(1 for t in COIN_TECHS[:5] if t not in known)
    rate = max(2.2, sum(1 for t in COIN_TASKS if t in known) - tasks_full + 0.6)
    return missing * 1.2 + max(0, ECONOMIC_VICTORY - coins - 2) / rate + 2.5


def _my_strength(view: dict, seat: int, armies: int) -> float:
    """The seat's battle hand with `armies` armies stacked (R105: 3, +2 a figure beyond the
    first, +1 in Fundamentalism or Communism), its best cards at their ranks (R107), and its
    Barracks, Academies and Generals (R109)."""
    area = view["seats"][seat]
    hand = combat.BASE_HAND + combat.HAND_PER_FIGURE * (armies - 1) + \
        (1 if area["government"] in ("fundamentalism", "communism") else 0)
    values = sorted((units.strength(c, area["ranks"].get(units.card_type(c), 1)) for c in area["standing_forces"]),
                    reverse=True)
    return sum(values[:hand]) + combat.side_bonus(view, seat)


def _their_strength(view: dict, city: dict) -> float:
    """What defends a capital, from what is public: its owner's hand (3 + 3 for a city, R105) of
    cards of mean strength by its ranks, at most the size of its standing forces, with the
    capital's +12 (+4 walled) and its owner's bonuses (R109)."""
    area = view["seats"][city["owner"]]
    n = area["standing_forces"] if isinstance(area["standing_forces"], int) else len(area["standing_forces"])
    mean = 2.0 + (sum(max(1, area["ranks"].get(t, 1)) for t in combat.LAND) / 3.0 - 1)
    hand = combat.BASE_HAND + combat.CITY_DEFENDER_HAND
    return mean * min(hand, n) + combat.city_bonus(city) + combat.side_bonus(view, city["owner"])


def military_plan(view: dict, seat: int) -> tuple[float, dict | None]:
    """(turns, capital): the enemy capital quickest to take (R122) and the turns it needs: the
    march there (at the seat's travel speed, R62) and the strength still missing, closed at about
    2.5 a turn (units of higher rank, Barracks, R36, R89, R109)."""
    mine = next((c for c in view["cities"] if c["owner"] == seat and c["capital"]), None)
    if mine is None:
        return 99.0, None
    stack = research.stacking_limit(view, seat)
    strength = _my_strength(view, seat, stack)
    speed = research.travel_speed(view, seat)
    best = (99.0, None)
    for c in sorted(view["cities"], key=lambda c: c["owner"]):
        if c["owner"] == seat or not c["capital"]:
            continue
        dist = abs(c["x"] - mine["x"]) + abs(c["y"] - mine["y"])
        missing = max(0.0, 1.1 * _their_strength(view, c) + 2 - strength)
        turns = 3.0 + dist / speed + missing / 2.5
        if turns < best[0]:
            best = (turns, c)
    return best


def target_capital(view: dict, seat: int) -> dict | None:
    """The enemy capital the military plan marches on."""
    return military_plan(view, seat)[1]


def military_turns(view: dict, seat: int) -> float:
    return military_plan(view, seat)[0]


ESTIMATES = {"culture": culture_turns, "tech": tech_turns, "economic": economic_turns, "military": military_turns}


def estimates(view: dict, seat: int) -> dict[str, float]:
    civ = view["seats"][seat]["civ"]
    lean = LEANING.get(civ, {})
    return {g: ESTIMATES[g](view, seat) - lean.get(g, 0.0) for g in GOALS}


def nearest_win(view: dict, seat: int) -> float:
    """The fewest turns any of the seat's victories needs (its strongest threat)."""
    return min(ESTIMATES[g](view, seat) for g in GOALS if g != "military")


def goal(view: dict, seat: int) -> str:
    """The victory this seat aims at now."""
    with economy.reading(view):            # the cities' icons worked out once for all the estimates
        return _goal(view, seat)


def _goal(view: dict, seat: int) -> str:
    est = estimates(view, seat)
    best = min(GOALS, key=lambda g: (est[g], GOALS.index(g)))
    # an opponent much nearer to winning, with its capital near enough: go and take it (R122)
    others = [s for s in range(len(view["seats"])) if s != seat]
    if others and view["turn"] >= 6:
        leader = min(others, key=lambda s: (nearest_win(view, s), s))
        target = target_capital(view, seat)
        if (target is not None and target["owner"] == leader and nearest_win(view, leader) + 3 < est[best]
                and est["military"] < est[best] + 4):
            return "military"
    return best
