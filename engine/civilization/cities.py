"""Cities: founding (R11-R16), the City Management actions (R30-R51: produce a figure, unit,
building, City Walls or wonder, with trade rushed into production; devote to the arts; harvest),
great people placed from the civ sheet (R60; their rules are people.py's) and government changes
(R17-R23: one a Start of Turn).

Action ids (the city id is "c<seat>_<n>"; squares are labels such as "E7"):
  found:<scout>                                  Start of Turn: the scout's square becomes a city
  government:<id>                                Start of Turn: a direct change or Anarchy (R19, R20)
  greatperson:<type>:<square>                    Start of Turn: from the civ sheet to an outskirts square
                                                 (one just gained: "pick:<square>" or "pick:keep" at once)
  gather:<scout>:<city>|gather:<scout>:none      Start of Turn: the scout's square works for that city
                                                 (G29 DD: the last declaration stands as the default
                                                 until changed or the scout moves)
  produce:<city>:army:<square> | produce:<city>:scout:<square>
  produce:<city>:unit:<type>
  produce:<city>:building:<id>:<square> | produce:<city>:walls | produce:<city>:wonder:<id>:<square>
  arts:<city> | harvest:<city>:<resource>
Production short of an item's cost is made up with trade at 3 per production point (R33), as
little as needed; an item needing more than the city and the dial can give is not offered."""
from __future__ import annotations

from engine.base import Event, IllegalAction
from engine.text import Msg, Seat

from . import board, combat, culture, data, economy, effects, people, research

RUSH_TRADE = 3          # R33: 3 trade per production point
FIGURE_COST = {"army": 4, "scout": 6}   # R34


def _seat_area(state: dict, seat: int) -> dict:
    return state["seats"][seat]


def next_city_id(state: dict, seat: int) -> str:
    used = {c["id"] for c in state["cities"]} | set(state.get("city_ids_used", []))
    n = 0
    while f"c{seat}_{n}" in used:
        n += 1
    return f"c{seat}_{n}"


def next_figure_id(state: dict, seat: int, kind: str) -> str:
    used = {f["id"] for f in state["figures"]}
    n = 0
    while f"{kind}{seat}_{n}" in used:
        n += 1
    return f"{kind}{seat}_{n}"


def place_city(state: dict, seat: int, x: int, y: int, capital: bool) -> dict:
    city = {"id": next_city_id(state, seat), "owner": seat, "x": x, "y": y, "capital": capital, "walled": False}
    state["cities"].append(city)
    state["seats"][seat]["unbuilt"]["city"] -= 1
    return city


def place_figure(state: dict, seat: int, kind: str, x: int, y: int) -> dict:
    fig = {"id": next_figure_id(state, seat, kind), "owner": seat, "kind": kind, "x": x, "y": y}
    state["figures"].append(fig)
    state["seats"][seat]["unbuilt"][kind] -= 1
    return fig


# ---------------------------------------------------------------- founding (R11-R16)

def found_options(state: dict, seat: int) -> list[str]:
    if len(economy.cities_of(state, seat)) >= research.city_limit(state, seat) or _seat_area(state, seat)["unbuilt"]["city"] < 1:
        return []
    out, squares = [], set()
    founders = {"scout", "army"} if _effects(state, seat).get("armies_found_cities") else {"scout"}
    for f in sorted(state["figures"], key=lambda f: (f["kind"] != "scout", f["id"])):
        if f["owner"] == seat and f["kind"] in founders and (f["x"], f["y"]) not in squares \
                and board.found_problem(state, seat, f["x"], f["y"]) is None:
            squares.add((f["x"], f["y"]))          # two scouts on one square found the same city
            out.append(f"found:{f['id']}")
    return out


def found(state: dict, seat: int, scout_id: str) -> list[Event]:
    if f"found:{scout_id}" not in found_options(state, seat):
        scout = next((f for f in state["figures"] if f["id"] == scout_id and f["owner"] == seat), None)
        if scout is None or scout["kind"] != "scout":
            raise IllegalAction(Msg("A city is founded by one of your scouts (or armies, under Republic)."))
        if len(economy.cities_of(state, seat)) >= research.city_limit(state, seat):
            raise IllegalAction(Msg("You already have as many cities as you may (2; 3 with Irrigation)."))
        raise IllegalAction(board.found_problem(state, seat, scout["x"], scout["y"])
                            or Msg("You have no city marker left."))
    scout = next(f for f in state["figures"] if f["id"] == scout_id)
    x, y = scout["x"], scout["y"]
    state["figures"].remove(scout)                        # R14: the scout (or the army) is sacrificed
    _seat_area(state, seat)["unbuilt"][scout["kind"]] += 1
    _seat_area(state, seat).get("gathering", {}).pop(scout_id, None)
    city = place_city(state, seat, x, y, capital=False)
    events = [Event(Msg("{player} founds a city at {square}.", player=Seat(seat), square=board.label(x, y)))]
    return events + _move_off_center(state, seat, city) + culture.rome_advance(state, seat)   # Rome


def _move_off_center(state: dict, seat: int, city: dict) -> list[Event]:
    """R14: friendly figures on the new city center move at once to an adjacent square where they
    may end a move (DD: the first such square by label, nearest the top left)."""
    events = []
    limit = research.stacking_limit(state, seat)
    water = research.water_rule(state, seat)
    for fig in [f for f in state["figures"] if f["x"] == city["x"] and f["y"] == city["y"]]:
        for nx, ny in sorted(board.neighbours4(state, city["x"], city["y"]), key=lambda p: (p[1], p[0])):
            sq = board.square(state, nx, ny)
            own = [f for f in board.figures_at(state, nx, ny) if f["owner"] == seat]
            enemy = [f for f in board.figures_at(state, nx, ny) if f["owner"] != seat]
            if sq and (sq["terrain"] != "water" or water == "end") and not enemy and len(own) < limit \
                    and not board.city_at(state, nx, ny) and not board.marker_at(state, nx, ny):
                fig["x"], fig["y"] = nx, ny
                events.append(Event(Msg("{player}'s {figure} steps off the new city to {square}.", player=Seat(seat),
                                        figure=figure_name(fig), square=board.label(nx, ny))))
                break
        else:   # nowhere to go: back to the civ sheet
            state["figures"].remove(fig)
            _seat_area(state, seat)["unbuilt"][fig["kind"]] += 1
    return events


def figure_name(fig: dict) -> Msg:
    return Msg("army") if fig["kind"] == "army" else Msg("scout")


# ---------------------------------------------------------------- government (R17-R23)

def government_options(state: dict, seat: int) -> list[str]:
    """R19, R20 (seed: 「一位玩家只有一個機會可以直接改變政體到一個新的政體…他們必須先改變到無政府狀態
    (Anarchy)過渡政體…當在轉進入「無政府狀態」後的下一個回合的「回合開始階段」時,他們可以更改爲任何他們知道的
    其他政體」): one change in a Start of Turn at most; a newly unlocked government directly only at the
    Start of Turn right after it was unlocked; Anarchy at any Start of Turn; from Anarchy, any known
    government from the next turn's Start of Turn on."""
    area = _seat_area(state, seat)
    if area.get("government_changed") == state["turn"]:
        return []                                         # one chance a Start of Turn: taken
    now = area["government"]
    options = set()
    if now != "anarchy":
        options.add("anarchy")                            # R20: Anarchy is always open
    options |= set(area.get("new_governments", []))       # R19: the one chance for a direct change
    if now == "anarchy" and area.get("anarchy_turn", state["turn"]) < state["turn"]:
        options |= set(research.unlocked_governments(state, seat)) - {"anarchy"}   # R20: the turn after
    return [f"government:{g}" for g in sorted(options - {now})]


def change_government(state: dict, seat: int, gov: str) -> list[Event]:
    if f"government:{gov}" not in government_options(state, seat):
        raise IllegalAction(Msg("You cannot change to that government now."))
    area = _seat_area(state, seat)
    area["government"] = gov
    if gov == "anarchy":
        area["anarchy_turn"] = state["turn"]
    area["new_governments"] = []
    area["government_changed"] = state["turn"]            # no second change this Start of Turn
    name = data.term(data.by_id("governments")[gov]["name"])
    return [Event(Msg("{player} changes government to {government}.", player=Seat(seat), government=name))]


def capital_idle(state: dict, seat: int) -> bool:
    """R21, G25: in a turn whose City Management begins in Anarchy the capital takes no action."""
    return bool(data.government_effects(_seat_area(state, seat)["government"]).get("capital_idle"))


# ---------------------------------------------------------------- great people (R59, R60)

# great people and the squares a new marker may go to: people.py (culture and combat gain great
# people, below this module)
placement_squares, great_person_options, place_great_person = (people.placement_squares, people.great_person_options,
                                                               people.place_great_person)


# ---------------------------------------------------------------- scouts' gathering (R94, R98)

def start_harvest_options(state: dict, seat: int) -> list[str]:
    """A government's Start of Turn harvest (Feudalism, house): one resource of any of the seat's
    cities, once a turn."""
    if not _effects(state, seat).get("start_harvest") or state.get("start_harvested", {}).get(str(seat)) == state["turn"]:
        return []
    out = set()
    for c in economy.cities_of(state, seat):
        for res in economy.city_icons(state, c)["resources"]:
            if state["decks"]["resources"].get(res, 0) > 0:
                out.add(f"startharvest:{c['id']}:{res}")
    return sorted(out)


def start_harvest(state: dict, seat: int, action_id: str) -> list[Event]:
    if action_id not in start_harvest_options(state, seat):
        raise IllegalAction(Msg("You cannot harvest that now."))
    _, city_id, res = action_id.split(":")
    state.setdefault("start_harvested", {})[str(seat)] = state["turn"]
    state["decks"]["resources"][res] -= 1
    _seat_area(state, seat)["resources"].append(res)
    return [Event(Msg("{player} harvests {resource} at the start of the turn.", player=Seat(seat),
                      resource=resource_name(res)))]


def gather_options(state: dict, seat: int) -> list[str]:
    out = []
    cities = economy.cities_of(state, seat)
    squares = set()
    for f in sorted(state["figures"], key=lambda f: f["id"]):
        if f["owner"] != seat or f["kind"] != "scout" or board.city_at(state, f["x"], f["y"]):
            continue
        if (f["x"], f["y"]) in squares:
            continue                        # a square counts once (G29): one scout gathers it
        squares.add((f["x"], f["y"]))
        current = _seat_area(state, seat).get("gathering", {}).get(f["id"])
        out += [f"gather:{f['id']}:{c['id']}" for c in cities if c["id"] != current]
        if current:
            out.append(f"gather:{f['id']}:none")
    return out


def gather(state: dict, seat: int, scout_id: str, city_id: str) -> list[Event]:
    if f"gather:{scout_id}:{city_id}" not in gather_options(state, seat):
        raise IllegalAction(Msg("That scout cannot gather for that city."))
    gathering = _seat_area(state, seat).setdefault("gathering", {})
    if city_id == "none":
        gathering.pop(scout_id, None)
        return [Event(Msg("{player}'s scout stops gathering.", player=Seat(seat)))]
    gathering[scout_id] = city_id
    scout = next(f for f in state["figures"] if f["id"] == scout_id)
    return [Event(Msg("{player}'s scout on {square} gathers for the city at {city}.", player=Seat(seat),
                      square=board.label(scout["x"], scout["y"]), city=city_square(state, city_id)))]


def city_square(state: dict, city_id: str) -> str:
    c = economy.city_by_id(state, city_id)
    return board.label(c["x"], c["y"]) if c else city_id


# ---------------------------------------------------------------- City Management (R30-R51)

def production(state: dict, seat: int, city: dict) -> int:
    """R32 plus the government's house effects: Despotism +1 a city; Communism: every city
    produces as much as the seat's best city's squares."""
    effects = _effects(state, seat)
    own = economy.city_icons(state, city)["production"]
    if effects.get("production_as_best_city"):
        own = max([own] + [economy.city_icons(state, c)["production"] for c in economy.cities_of(state, seat)])
    bonus = (state.get("city_bonus") or {}).get(city["id"], 0)        # We Love the King... (this turn)
    own += production_bonus(state, seat, city) - split_spent(state, city)   # Military Science, G26
    return own + int(effects.get("city_production", 0)) + board.wonder_city_production(state, seat) + bonus


def rush_needed(state: dict, seat: int, city: dict, cost: int) -> int | None:
    """Trade to pay for the production the city lacks (R33); None when the dial cannot."""
    short = max(0, cost - production(state, seat, city))
    trade = rush_trade(state, seat, short)          # America: 3 trade give 2 production
    return trade if trade <= _seat_area(state, seat)["trade"] else None


def actions_allowed(state: dict, seat: int, city: dict) -> int:
    """R30: one action a city; R21: none for the capital in Anarchy; a government's extra capital
    actions (Monarchy, house) on top."""
    if city["capital"] and capital_idle(state, seat):
        return 0
    extra = int(_effects(state, seat).get("extra_capital_actions", 0)) if city["capital"] else 0
    extra += extra_actions(state, seat) + (1 if split_city(state, city) else 0)  # Atomic Theory, G26
    return 1 + extra


def _effects(state: dict, seat: int) -> dict:
    return data.government_effects(_seat_area(state, seat)["government"])


# ---------------------------------------------------------------- abilities read in City Management
# (tech and civilization abilities, abilities.py: Military Science, America, Atomic Theory, Engineering)

def production_bonus(state: dict, seat: int, city: dict) -> int:
    """Military Science: +1 production in each city per 3 coins."""
    if not research.knows(state, seat, "military_science"):
        return 0
    return economy.coins(state, seat) // int(data.by_id("techs")["military_science"]["other_effect"]["per"])


def extra_actions(state: dict, seat: int) -> int:
    """Atomic Theory: one extra action for each city this turn (state["extra_actions"])."""
    return 1 if state.get("extra_actions", {}).get(str(seat)) == state.get("turn") else 0


def rush_trade(state: dict, seat: int, short: int) -> int:
    """R33 (3 trade a production point); America: 3 trade give 2 production."""
    if short <= 0:
        return 0
    rec = data.by_id("civilizations").get(_seat_area(state, seat).get("civ", ""), {})
    spec = rec.get("effect") or {}
    if spec.get("fn") == "rush_rate":
        steps = -(-short // int(spec["production"]))
        return steps * int(spec["trade"])
    return short * 3


def split_city(state: dict, city: dict) -> bool:
    """Engineering: the city splits its production this turn (state["split"][city id] = spent)."""
    return city["id"] in state.get("split", {})


def split_spent(state: dict, city: dict) -> int:
    return int(state.get("split", {}).get(city["id"], 0))


def spend_split(state: dict, city: dict, production: int) -> None:
    if split_city(state, city):
        state["split"][city["id"]] += production


# ---------------------------------------------------------------- the cities' actions

def used_actions(state: dict, city_id: str) -> list[str]:
    """The kinds of action (produce, arts, harvest) the city has taken this turn."""
    out = []
    for entry in state.get("city_done", []):
        cid, _, kind = entry.partition("|")
        if cid == city_id:
            out.append(kind)
    return out


def acting_cities(state: dict, seat: int) -> list[dict]:
    """The seat's cities that may still act this City Management."""
    return [c for c in economy.cities_of(state, seat) if len(used_actions(state, c["id"])) < actions_allowed(state, seat, c)]


def city_actions(state: dict, seat: int, city: dict) -> list[str]:
    used = used_actions(state, city["id"])
    if split_city(state, city):          # G26: a splitting city only produces, twice
        used = [u for u in used if u != "produce"] + ["arts", "harvest", "harvest2"]
    return [a for a in _city_actions(state, seat, city) if a.split(":")[0] not in used]


def _city_actions(state: dict, seat: int, city: dict) -> list[str]:
    cid = city["id"]
    out = []
    area = _seat_area(state, seat)
    limit = research.stacking_limit(state, seat)
    water = research.water_rule(state, seat)
    for kind in ("army", "scout"):
        if area["unbuilt"][kind] < 1 or rush_needed(state, seat, city, FIGURE_COST[kind]) is None:
            continue
        for x, y in board.outskirts(state, city["x"], city["y"]):
            sq = board.square(state, x, y)
            if sq is None or (sq["terrain"] == "water" and water != "end"):
                continue                                               # R34
            own = [f for f in board.figures_at(state, x, y) if f["owner"] == seat]
            if len(own) >= limit or board.marker_at(state, x, y):
                continue
            if kind == "scout" and board.blockaded(state, x, y, seat):
                continue                                               # R49, R97
            out.append(f"produce:{cid}:{kind}:{board.label(x, y)}")
    for unit in ("artillery", "infantry", "mounted", "aircraft"):
        if research.can_produce_unit(state, seat, unit) and combat.deck_size(state, unit) > 0 \
                and rush_needed(state, seat, city, research.unit_cost(state, seat, unit)) is not None:
            out.append(f"produce:{cid}:unit:{unit}")
    buildings = data.by_id("buildings")
    for b in research.known_buildings(state, seat):
        rec = buildings[b]
        if b == "city_walls":
            if not city["walled"] and rush_needed(state, seat, city, rec["cost"]) is not None:
                out.append(f"produce:{cid}:walls")
            continue
        if state["decks"]["buildings"].get(rec["pair"], 0) < 1 or rush_needed(state, seat, city, rec["cost"]) is None:
            continue
        for x, y in placement_squares(state, seat, city, terrain=rec["terrain"], allow_water="water" in rec["terrain"]):
            if rec["limited"] and _limited_elsewhere(state, city, board.label(x, y)):
                continue                                               # R41
            out.append(f"produce:{cid}:building:{b}:{board.label(x, y)}")
    for w in state["decks"]["wonder_market"]:
        if rush_needed(state, seat, city, wonder_cost(state, seat, w)) is None:
            continue
        for x, y in placement_squares(state, seat, city):
            if _wonder_elsewhere(state, city, board.label(x, y)):
                continue                                               # R46: one wonder per city
            out.append(f"produce:{cid}:wonder:{w}:{board.label(x, y)}")
    out.append(f"arts:{cid}")
    for res in sorted(set(economy.city_icons(state, city)["resources"])):
        if state["decks"]["resources"].get(res, 0) > 0:
            out.append(f"harvest:{cid}:{res}")                          # R51
    if board.harvest_twice_ok(state, seat):                          # Angkor Wat: harvest twice
        have = sorted(set(economy.city_icons(state, city)["resources"]))
        for i, r1 in enumerate(have):
            for r2 in have[i:]:
                if state["decks"]["resources"].get(r1, 0) >= (2 if r1 == r2 else 1) \
                        and state["decks"]["resources"].get(r2, 0) > 0:
                    out.append(f"harvest2:{cid}:{r1}:{r2}")
    return out


def _limited_elsewhere(state: dict, city: dict, where: str) -> bool:
    buildings = data.by_id("buildings")
    for x, y in board.outskirts(state, city["x"], city["y"]):
        lbl = board.label(x, y)
        b = state["buildings"].get(lbl)
        if lbl != where and b and buildings[b["id"]]["limited"]:
            return True
    return False


def _wonder_elsewhere(state: dict, city: dict, where: str) -> bool:
    return any(board.label(x, y) != where and board.label(x, y) in state["wonders_at"]
               for x, y in board.outskirts(state, city["x"], city["y"]))


def wonder_cost(state: dict, seat: int, wonder_id: str) -> int:
    """R45: the printed cost, or the discount when the seat knows the card's tech."""
    w = data.by_id("wonders")[wonder_id]
    d = w.get("discount")
    if d and research.knows(state, seat, d["tech"]):
        return d["cost"]
    return w["cost"]


def apply_city_action(state: dict, seat: int, action_id: str) -> list[Event]:
    parts = action_id.split(":")
    city = economy.city_by_id(state, parts[1]) if len(parts) > 1 else None
    if city is None or city["owner"] != seat:
        raise IllegalAction(Msg("Name one of your cities."))
    if city not in acting_cities(state, seat):
        raise IllegalAction(Msg("That city has already acted this turn."))
    if action_id not in city_actions(state, seat, city):
        raise IllegalAction(Msg("That city cannot do that now."))
    held = effects.hold_city_action(state, seat, action_id)           # Writing: others may cancel it
    if held is not None:
        return held
    state.setdefault("city_done", []).append(f"{city['id']}|{parts[0]}")
    where = board.label(city["x"], city["y"])
    if parts[0] == "arts":
        gain = culture.arts_culture(economy.city_icons(state, city)["culture"])     # R50
        _seat_area(state, seat)["culture_tokens"] += gain
        return [Event(Msg("{player}'s city at {city} devotes to the arts: +{n} culture.", player=Seat(seat),
                          city=where, n=gain))]
    if parts[0] == "harvest":
        res = parts[2]
        state["decks"]["resources"][res] -= 1
        _seat_area(state, seat)["resources"].append(res)
        return [Event(Msg("{player}'s city at {city} harvests {resource}.", player=Seat(seat), city=where,
                          resource=resource_name(res)))]
    if parts[0] == "harvest2":                                         # Angkor Wat
        _seat_area(state, seat).setdefault("used_this_turn", []).append("angkor_wat")
        for res in parts[2:]:
            state["decks"]["resources"][res] -= 1
            _seat_area(state, seat)["resources"].append(res)
        return [Event(Msg("{player}'s city at {city} harvests twice with Angkor Wat: {resources}.", player=Seat(seat),
                          city=where, resources=[resource_name(r) for r in parts[2:]]))]
    kind = parts[2]
    if kind in ("army", "scout"):
        return _pay(state, seat, city, FIGURE_COST[kind]) + _produce_figure(state, seat, kind, parts[3])
    if kind == "unit":
        unit = parts[3]
        events = _pay(state, seat, city, research.unit_cost(state, seat, unit))
        card = combat.draw_unit(state, unit)
        _seat_area(state, seat)["standing_forces"].append(card)
        return events + [Event(Msg("{player} adds a unit ({type}) to the standing forces.", player=Seat(seat),
                                   type=unit_type_name(unit)),
                               private={seat: Msg("Your new unit: {unit}.", unit=combat.unit_text(card, max(1, _seat_area(state, seat)["ranks"].get(unit, 1))))},
                               hidden=True)]
    if kind == "walls":
        events = _pay(state, seat, city, data.by_id("buildings")["city_walls"]["cost"])
        city["walled"] = True                                                        # R44
        return events + [Event(Msg("{player} builds City Walls at {city}.", player=Seat(seat), city=where))]
    if kind == "building":
        b, square_lbl = parts[3], parts[4]
        rec = data.by_id("buildings")[b]
        events = _pay(state, seat, city, rec["cost"]) + people.clear_square(state, seat, square_lbl)
        state["decks"]["buildings"][rec["pair"]] -= 1
        state["buildings"][square_lbl] = {"id": b, "owner": seat}
        return events + [Event(Msg("{player} builds a {building} on {square}.", player=Seat(seat),
                                   building=data.term(rec["name"]), square=square_lbl))]
    if kind == "wonder":
        w, square_lbl = parts[3], parts[4]
        events = _pay(state, seat, city, wonder_cost(state, seat, w)) + people.clear_square(state, seat, square_lbl)
        state["decks"]["wonder_market"].remove(w)
        if state["decks"]["wonders"]:
            state["decks"]["wonder_market"].append(state["decks"]["wonders"].pop(0))   # R46, G22
        state["wonders_at"][square_lbl] = {"id": w, "owner": seat}
        _seat_area(state, seat)["wonders"].append(w)
        return events + [Event(Msg("{player} builds the wonder {wonder} on {square}.", player=Seat(seat),
                                   wonder=data.term(data.by_id("wonders")[w]["name"]), square=square_lbl))] \
            + culture.rome_advance(state, seat)                                    # Rome
    raise IllegalAction(Msg("That city cannot do that now."))


def _pay(state: dict, seat: int, city: dict, cost: int) -> list[Event]:
    """R32, R33: the city's production pays; the rest comes off the trade dial, 3 per point."""
    trade = rush_needed(state, seat, city, cost)
    if trade is None:
        raise IllegalAction(Msg("That city cannot pay for it, even with trade."))
    spend_split(state, city, min(cost, max(0, production(state, seat, city))))   # G26
    if trade:
        _seat_area(state, seat)["trade"] -= trade
        return [Event(Msg("{player} spends {trade} trade to rush production.", player=Seat(seat), trade=trade))]
    return []


def _produce_figure(state: dict, seat: int, kind: str, where: str) -> list[Event]:
    x, y = board.parse_label(where)
    fig = place_figure(state, seat, kind, x, y)
    events = [Event(Msg("{player} builds a new {figure} on {square}.", player=Seat(seat), figure=figure_name(fig),
                        square=where))]
    enemies = [f for f in board.figures_at(state, x, y) if f["owner"] != seat]
    if kind == "army" and enemies:                     # R97, G20: the producer attacks at once
        if any(f["kind"] == "army" for f in enemies):
            events += combat.start_battle(state, seat, where, "blockade")
        else:
            events += combat.capture_scouts(state, seat, where)
    return events


def resource_name(res: str) -> Msg:
    return data.term(data.by_id("market")[res]["name"])


def unit_type_name(unit: str) -> Msg:
    return data.term(combat.unit_type(unit)["name"])
