"""Techs, the tech pyramid and the Research phase of Civilization (spec R80-R90, with the
characteristics techs change: R11 city limit, R17-R19 governments, R39/R43 buildings, R58 culture
hand, R63 travel speed, R65 stacking limit, R66 water; gaps G14, G15, G25; data appendix G2 and its
"Derived progressions" table).

State used here:
- seats[s]["techs"] = [{"id": tech id, "row": pyramid row 1-5}] (the starting tech sits in row 1
  whatever its level, R85); seats[s]["ranks"] = {unit type: rank} (aircraft 0 = not unlocked);
  seats[s]["trade"]; seats[s]["civ"]; seats[s]["new_governments"] = governments unlocked since the
  last Start of Turn (R19: the only turn a seat may change to them directly; the government
  module clears the list once the seat's Start of Turn step is over).
- state["research"] = {"picks": {"<seat>": tech id or "none"}} while the seats choose in secret
  (R80; keys are seat numbers as text, as JSON keeps them), then also "revealed": {"<seat>": pick}
  once `reveal` has run; `begin` starts a new phase.
- state["buildings"][label] = {"id", "owner"}: base buildings flip to their upgrade (R90).
- state["first"]: the first player, who starts the turn order that settles simultaneous Space
  Flights (G15 DD); state["result"] when someone wins (R87).
Functions that change the state mutate the dict they are given; they return Events and raise
IllegalAction before changing anything."""
from __future__ import annotations

from functools import lru_cache

from engine.base import Action, Event, IllegalAction
from engine.text import Msg, Seat, to_json

from . import board, data, units

ACTION_PREFIX = "research:"
NONE = "none"
SPACE_FLIGHT = "space_flight"

# R82: the least trade a level needs (the dial shows I-V at these steps)
THRESHOLDS = {1: 6, 2: 11, 3: 16, 4: 21, 5: 26}
ROMAN = {1: "I", 2: "II", 3: "III", 4: "IV", 5: "V"}

# spec 2.15: characteristics before any tech
START_TRAVEL_SPEED = 2
START_STACKING_LIMIT = 2
START_CULTURE_HAND = 2
START_CITY_LIMIT = 2
COINS_PER_COMPUTERS_CARD = 5          # appendix G2: Computers, +1 culture hand per 5 coins

# R37: unit cost by rank; aircraft always 12 (appendix G2 errata)
UNIT_COST = {1: 5, 2: 7, 3: 9, 4: 11}
AIRCRAFT_COST = 12
LAND_UNITS = ("artillery", "infantry", "mounted")
UNIT_TYPES = LAND_UNITS + ("aircraft",)

BUILDINGS = ("harbor", "trading_post", "workshop", "iron_mine", "library", "university", "granary",
             "aqueduct", "market", "bank", "temple", "cathedral", "barracks", "academy", "city_walls")
# appendix G6: the upgraded face of each double-sided marker -> its base face
UPGRADE_OF = {"iron_mine": "workshop", "university": "library", "aqueduct": "granary",
              "bank": "market", "cathedral": "temple", "academy": "barracks"}

GOVERNMENTS = ("anarchy", "despotism", "monarchy", "feudalism", "republic", "democracy", "communism",
               "fundamentalism")
# R17: unlocked at the start besides Despotism (Anarchy is always open, G3 DD)
START_GOVERNMENTS = {"rome": ("republic",), "russia": ("communism",)}
STACKING_BONUS = {"russia": 1}        # appendix G1: Russia's stacking limit +1 (G2 note: on top)

WATER_ORDER = ("none", "cross", "end")


# --- data --------------------------------------------------------------------------------------

@lru_cache(maxsize=None)
def _by_id() -> dict[str, dict]:
    return data.by_id("techs")


def tech(tech_id: str) -> dict:
    try:
        return _by_id()[tech_id]
    except KeyError:
        raise IllegalAction(Msg("There is no tech {tech}.", tech=tech_id)) from None


def all_tech_ids() -> list[str]:
    return [t["id"] for t in data.collection("techs")]


def name(tech_id: str) -> Msg:
    """A tech's name as a glossary term."""
    return data.term(tech(tech_id)["name"])


def level(tech_id: str) -> int:
    return tech(tech_id)["level"]


# --- what a seat knows -------------------------------------------------------------------------

def known(state: dict, seat: int) -> list[str]:
    return [t["id"] for t in state["seats"][seat]["techs"]]


def knows(state: dict, seat: int, tech_id: str) -> bool:
    return any(t["id"] == tech_id for t in state["seats"][seat]["techs"])


def _known_records(state: dict, seat: int) -> list[dict]:
    return [tech(t) for t in known(state, seat)]


def _fixed_stat(state: dict, seat: int, key: str, start: int) -> int:
    """Appendix G2: a stat on a card is a new fixed value; the highest one known counts."""
    return max([start] + [t["stats"][key] for t in _known_records(state, seat) if key in t["stats"]])


def travel_speed(state: dict, seat: int) -> int:
    """R63: 2, then Horseback Riding 3, Sailing 4, Steam Power 5, Flight 6."""
    return _fixed_stat(state, seat, "travel_speed", START_TRAVEL_SPEED)


def stacking_limit(state: dict, seat: int, bonus: int | None = None) -> int:
    """R65: 2, then Masonry 3, Printing Press 4, Biology 5, Replaceable Parts 6; a civ bonus
    (Russia +1, read from seats[s]["civ"] when `bonus` is None) is added on top."""
    if bonus is None:
        bonus = STACKING_BONUS.get(state["seats"][seat].get("civ"), 0)
    return _fixed_stat(state, seat, "stacking_limit", START_STACKING_LIMIT) + bonus


def city_limit(state: dict, seat: int) -> int:
    """R11: 2 cities, capital included; 3 with Irrigation."""
    return _fixed_stat(state, seat, "city_limit", START_CITY_LIMIT)


def culture_hand_limit(state: dict, seat: int, coins: int = 0) -> int:
    """R58: 2, +1 each for Pottery, Civil Service and Theology; with Computers +1 more per 5 of
    the `coins` the caller counts (appendix G2)."""
    recs = _known_records(state, seat)
    limit = START_CULTURE_HAND + sum(t["stats"].get("culture_hand", 0) for t in recs)
    if any(t["id"] == "computers" for t in recs):
        limit += max(coins, 0) // COINS_PER_COMPUTERS_CARD
    return limit


def water_rule(state: dict, seat: int) -> str:
    """R66: "none" (no water), "cross" (Navigation: cross, never end on water) or "end"
    (Sailing, Steam Power, Flight: cross and end on water, produce onto it)."""
    rules = [t["water"] for t in _known_records(state, seat) if t["water"]]
    return max(["none"] + rules, key=WATER_ORDER.index)


def known_buildings(state: dict, seat: int) -> list[str]:
    """R39, R43, R90: the buildings the seat may produce now: those its techs unlock, less every
    base building whose upgrade it has unlocked (an upgrade needs no base tech)."""
    unlocked = {b for t in _known_records(state, seat) for b in t["unlocks"]["buildings"]}
    replaced = {UPGRADE_OF[b] for b in unlocked if b in UPGRADE_OF}
    return [b for b in BUILDINGS if b in unlocked and b not in replaced]


def unlocked_governments(state: dict, seat: int) -> list[str]:
    """R17, R18: Anarchy (always, G3 DD), Despotism, the civ's starting government (Rome:
    Republic, Russia: Communism) and every government a known tech shows."""
    govs = {"anarchy", "despotism"} | set(START_GOVERNMENTS.get(state["seats"][seat].get("civ"), ()))
    govs |= {g for t in _known_records(state, seat) for g in t["unlocks"]["governments"]}
    return [g for g in GOVERNMENTS if g in govs]


def can_produce_unit(state: dict, seat: int, unit_type: str) -> bool:
    """R36, R88: artillery, infantry and mounted from the start; aircraft need Flight."""
    if unit_type in LAND_UNITS:
        return True
    return unit_type == "aircraft" and any(
        "aircraft" in t["unlocks"]["units"] for t in _known_records(state, seat))


def unit_cost(state: dict, seat: int, unit_type: str) -> int:
    """R37, R89: the cost at the seat's current rank (5/7/9/11); aircraft always 12."""
    if unit_type == "aircraft":
        return AIRCRAFT_COST
    return UNIT_COST[max(1, state["seats"][seat]["ranks"].get(unit_type, 1))]


def tech_coins(state: dict, seat: int) -> int:
    """R101, G35: the permanent coin icons of the known techs (Civil Service, Railroad,
    Computers). Coin tokens placed on cards are counted by the caller."""
    return sum(t["coin"] for t in _known_records(state, seat))


# --- thresholds, payment and the pyramid -------------------------------------------------------

def threshold(tech_level: int) -> int:
    """R82: 6, 11, 16, 21, 26 trade for levels I-V."""
    return THRESHOLDS[tech_level]


def trade_after_research(trade: int, coins: int) -> int:
    """R83: research spends all trade but 1 per coin, never more than the trade held."""
    return max(0, min(trade, coins))


def row_counts(state: dict, seat: int) -> dict[int, int]:
    counts = {r: 0 for r in range(1, 6)}
    for t in state["seats"][seat]["techs"]:
        counts[t["row"]] += 1
    return counts


def space_flight_taken(state: dict) -> bool:
    """R87: one Space Flight card for the whole game."""
    return any(t["id"] == SPACE_FLIGHT for area in state["seats"] for t in area["techs"])


def fits(state: dict, seat: int, tech_id: str) -> int | None:
    """R84: the row the tech would take (its printed level, R85), or None when it has no legal
    place: already known, Space Flight already learned by someone (R87), or row L (L >= 2) would
    hold more than the count of row L-1 minus 1."""
    rec = tech(tech_id)
    if knows(state, seat, tech_id) or (tech_id == SPACE_FLIGHT and space_flight_taken(state)):
        return None
    row = rec["level"]
    if row == 1:
        return row
    counts = row_counts(state, seat)
    counts[row] += 1
    # the whole pyramid must stay legal (a hand-made or looted pyramid is checked too)
    legal = all(counts[r] == 0 or counts[r] <= counts[r - 1] - 1 for r in range(2, 6))
    return row if legal else None


def can_research(state: dict, seat: int, tech_id: str) -> bool:
    """R81: enough trade for the level (R82) and a legal place (R84)."""
    row = fits(state, seat, tech_id)
    return row is not None and state["seats"][seat]["trade"] >= need(state, seat, tech_id)


def need(state: dict, seat: int, tech_id: str) -> int:
    """R82, less the Porcelain Tower's discount (board.research_discount)."""
    return max(0, threshold(level(tech_id)) - board.research_discount(state, seat))


# --- learning ----------------------------------------------------------------------------------

def _learn(state: dict, seat: int, tech_id: str, row: int) -> list[Event]:
    """Place the card and apply what it unlocks (R88-R90, G14); Space Flight wins (R87)."""
    rec = tech(tech_id)
    area = state["seats"][seat]
    govs_before = set(unlocked_governments(state, seat))
    area["techs"].append({"id": tech_id, "row": row})
    events: list[Event] = []
    # R89, G14: a rank only goes up, and may skip a rank
    ranks = area.setdefault("ranks", {})
    for unit_type, rank in rec["unlocks"]["units"].items():
        if rank > ranks.get(unit_type, 0):
            ranks[unit_type] = rank
            if unit_type == "aircraft":
                events.append(Event(Msg("{seat} may now produce aircraft units.", seat=Seat(seat))))
            else:
                events.append(Event(Msg("{seat}'s {unit} units are now rank {rank}.", seat=Seat(seat),
                                        unit=data.term(unit_type), rank=rank)))
    # R90: every base building of the seat on the map flips to the new upgrade (stage 1: all)
    for upgrade in rec["unlocks"]["buildings"]:
        base = UPGRADE_OF.get(upgrade)
        if base is None:
            continue
        flipped = sorted(label for label, b in state.get("buildings", {}).items()
                         if b["owner"] == seat and b["id"] == base)
        for label in flipped:
            state["buildings"][label]["id"] = upgrade
        if flipped:
            events.append(Event(Msg("{seat} flips {base} to {upgrade} on {squares}.", seat=Seat(seat),
                                    base=named("buildings", base), upgrade=named("buildings", upgrade),
                                    squares=flipped)))
    # R19, G25: a government newly unlocked may be taken directly at the next Start of Turn only
    new = [g for g in unlocked_governments(state, seat) if g not in govs_before]
    if new:
        area["new_governments"] = list(area.get("new_governments") or []) + new
        events.append(Event(Msg("{seat} may change to {governments} at the next Start of Turn.",
                                seat=Seat(seat), governments=[named("governments", g) for g in new])))
    events += germany_free_units(state, seat, tech_id)
    if tech_id == SPACE_FLIGHT and not state.get("result"):
        reason = Msg("{seat} learned Space Flight (Tech victory).", seat=Seat(seat))
        state["result"] = {"winners": [seat], "reason": to_json(reason)}
        events.append(Event(Msg("{seat} learns Space Flight and wins the game (Tech victory)!", seat=Seat(seat))))
    return events


def named(collection: str, record_id: str) -> Msg:
    """A building's or government's name as a glossary term (its data record's name)."""
    try:
        rec = data.by_id(collection).get(record_id)
    except FileNotFoundError:
        rec = None
    return data.term(rec["name"] if rec else record_id.replace("_", " ").title())


def germany_free_units(state: dict, seat: int, tech: str) -> list[Event]:
    """Germany (after setup): a free unit of each type the tech unlocks or upgrades, and a
    resource of its choice from the market (chosen in its next Start of Turn step)."""
    if state["seats"][seat].get("civ", "") != "germany" or state.get("phase") == "setup":
        return []
    kinds = data.by_id("techs")[tech]["unlocks"]["units"]
    if not kinds:
        return []
    events = []
    area = state["seats"][seat]
    for unit in sorted(kinds):
        card = units.draw_unit(state, unit) if units.deck_size(state, unit) else None
        if card is not None:
            area["standing_forces"].append(card)
            events.append(Event(Msg("{player} builds a free unit ({type}).", player=Seat(seat),
                                    type=data.term(units.unit_type(unit)["name"])),
                                private={seat: Msg("Your new unit: {unit}.", unit=units.unit_text(card, max(1, area["ranks"].get(unit, 1))))},
                                hidden=True))
    area["market_picks"] = area.get("market_picks", 0) + 1
    return events


def learn_at(state: dict, seat: int, tech_id: str, row: int) -> list[Event]:
    """Learn `tech_id` in pyramid row `row` with its unlocks (loot: research-2 3.6)."""
    return _learn(state, seat, tech_id, row)


def place_starting_tech(state: dict, seat: int, tech_id: str) -> list[Event]:
    """S13, R85: the civ's starting tech goes into row 1 whatever its level, with its unlocks."""
    if knows(state, seat, tech_id):
        raise IllegalAction(Msg("{seat} already knows {tech}.", seat=Seat(seat), tech=name(tech_id)))
    events = _learn(state, seat, tech_id, 1)
    state["seats"][seat]["new_governments"] = []      # R17: the start governments are set by S14
    return events


def learn_free(state: dict, seat: int, tech_id: str) -> list[Event]:
    """A tech learned without paying trade (R121 loot, stage-2 effects); it must fit (R84)."""
    if state.get("result"):
        raise IllegalAction(Msg("The game is over."))
    row = fits(state, seat, tech_id)
    if row is None:
        raise IllegalAction(Msg("{tech} has no legal place in {seat}'s tech pyramid.",
                                tech=name(tech_id), seat=Seat(seat)))
    events = [Event(Msg("{seat} learns {tech} (level {level}) free.", seat=Seat(seat), tech=name(tech_id),
                        level=ROMAN[level(tech_id)]))]
    return events + _learn(state, seat, tech_id, row)


# --- the Research phase (R80): secret simultaneous picks, then one reveal ----------------------

def seats(state: dict) -> range:
    return range(len(state["seats"]))


def turn_order(state: dict) -> list[int]:
    """Seats from the first player on, clockwise (R2)."""
    n = len(state["seats"])
    first = state.get("first", 0) or 0
    return [(first + i) % n for i in range(n)]


def begin(state: dict) -> list[Event]:
    """R80: every seat chooses in secret at once."""
    if state.get("phase") != "research":
        raise IllegalAction(Msg("It is not the Research phase."))
    state["research"] = {"picks": {}}
    return [Event(Msg("Research: everyone chooses in secret one tech to research, or none."))]


def choosing(state: dict) -> bool:
    res = state.get("research")
    return (state.get("phase") == "research" and isinstance(res, dict) and "revealed" not in res
            and not state.get("result"))


def active_seats(state: dict) -> list[int]:
    """Seats still to choose. For the service only (whom to prompt): the rules tell the players
    only how many have chosen."""
    if not choosing(state):
        return []
    return [s for s in seats(state) if str(s) not in state["research"]["picks"]]


def all_chosen(state: dict) -> bool:
    return choosing(state) and not active_seats(state)


def legal_picks(state: dict, seat: int) -> list[str]:
    """"research:<tech>" for every tech that fits with enough trade (R81), then "research:none"."""
    if seat not in active_seats(state):
        return []
    ids = sorted((t for t in all_tech_ids() if can_research(state, seat, t)), key=lambda t: (level(t), t))
    return [ACTION_PREFIX + t for t in ids] + [ACTION_PREFIX + NONE]


def legal_actions(state: dict, seat: int) -> list[Action]:
    """The same picks as Actions with labels, grouped by level."""
    out = []
    for action_id in legal_picks(state, seat):
        tech_id = action_id[len(ACTION_PREFIX):]
        if tech_id == NONE:
            out.append(Action(action_id, Msg("Research nothing")))
        else:
            lv = level(tech_id)
            out.append(Action(action_id, Msg("{tech} (level {level})", tech=name(tech_id), level=ROMAN[lv]),
                              group=Msg("Level {level}", level=ROMAN[lv])))
    return out


def pick(state: dict, seat: int, action_id: str) -> list[Event]:
    """R80: the seat lays its choice face down; only the count of seats that have chosen is
    public. The caller runs `reveal` once `all_chosen`."""
    if not action_id.startswith(ACTION_PREFIX):
        raise IllegalAction(Msg("Unknown action."))
    if not choosing(state):
        raise IllegalAction(Msg("It is not time to choose a tech."))
    if seat not in active_seats(state):
        raise IllegalAction(Msg("You have already chosen your research."))
    tech_id = action_id[len(ACTION_PREFIX):]
    if tech_id != NONE:
        tech(tech_id)
        if fits(state, seat, tech_id) is None:
            raise IllegalAction(Msg("{tech} has no legal place in your tech pyramid.", tech=name(tech_id)))
        if state["seats"][seat]["trade"] < need(state, seat, tech_id):
            raise IllegalAction(Msg("A level {level} tech needs at least {need} trade.",
                                    level=ROMAN[level(tech_id)], need=need(state, seat, tech_id)))
    picks = state["research"]["picks"]
    picks[str(seat)] = tech_id
    mine = Msg("You chose to research nothing.") if tech_id == NONE else \
        Msg("You chose to research {tech}.", tech=name(tech_id))
    return [Event(Msg("Research chosen: {picked} of {players} players.",
                      picked=len(picks), players=len(state["seats"])), private={seat: mine})]


def reveal(state: dict, coins: dict[int, int]) -> list[Event]:
    """R80-R83, R87-R90: every pick turns face up at once. Each learner, in turn order from the
    first player (G15 DD), pays (keeping 1 trade per coin, `coins` counted by the caller), places
    the card and applies its unlocks; the first Space Flight in that order wins the game."""
    if not all_chosen(state):
        raise IllegalAction(Msg("Not every player has chosen a tech yet."))
    picks = dict(state["research"]["picks"])
    coin_of = {int(k): v for k, v in (coins or {}).items()}
    shown = [Msg("{seat}: {tech}", seat=Seat(s), tech=name(picks[str(s)]) if picks[str(s)] != NONE
                 else Msg("nothing")) for s in turn_order(state)]
    events = [Event(Msg("Research revealed: {picks}.", picks=shown), hidden=True)]
    for s in turn_order(state):
        tech_id = picks[str(s)]
        if tech_id == NONE:
            continue
        row = fits(state, s, tech_id)
        area = state["seats"][s]
        if row is None or area["trade"] < need(state, s, tech_id):
            # only a second Space Flight in the same reveal can get here (G15 DD)
            events.append(Event(Msg("{seat} cannot learn {tech}: the card is gone.", seat=Seat(s),
                                    tech=name(tech_id))))
            continue
        area["trade"] = trade_after_research(area["trade"], coin_of.get(s, 0))
        events.append(Event(Msg("{seat} learns {tech} (level {level}) and keeps {trade} trade.", seat=Seat(s),
                                tech=name(tech_id), level=ROMAN[level(tech_id)], trade=area["trade"])))
        events += _learn(state, s, tech_id, row)
    state["research"] = {"picks": {}, "revealed": picks}
    return events


def hidden_research_items(state: dict, seat: int) -> set[str]:
    """What views must hide of `seat` from the other seats: its pick before the reveal, as the
    action id and as the tech id."""
    res = state.get("research")
    if not isinstance(res, dict) or "revealed" in res:
        return set()
    tech_id = res.get("picks", {}).get(str(seat))
    if tech_id is None:
        return set()
    return {ACTION_PREFIX + tech_id} | ({tech_id} if tech_id != NONE else set())
