"""Tech card abilities (resource abilities, coin tasks and the other abilities), civilization
abilities and government changes with their costs (spec 2.3-2.5, R19-R21, R61, R91, R92, R117,
G26).

Every ability is data: a tech's "effect" (its resource ability), "other_effect" and "coin_effect",
a civilization's "effect" (data/civilization/techs.json, civilizations.json), each {"fn": name,
...parameters}, carried out by one small function per distinct effect registered in
effects.EFFECTS. The cancel abilities (Writing, Civil Service, Mass Media) live in effects.py (the
cancel window).

Action ids (verb "ability"):
  ability:<tech>[:<choice>...]   a resource ability (R91: paid with resources, R61; once a turn;
                                 in the phase the card names, battle abilities in a battle, R117)
  ability:<tech>                 a coin task paid in City Management (Pottery, Democracy,
                                 Printing Press) or a battle ability (Animal Husbandry, Biology)
  ability:engineering:<city>     G26: the city splits its production between two items
  ability:egypt:<city>[:<building>:<square>]   Egypt's free building (a city action)
  ability:germany:<resource>     Germany's market resource after learning a unit tech
  ability:russia:<figure>:<city square>[:<tech>]   Russia's sacrifice for a tech (Movement)
  ability:back                   drop a half-made choice (an ability asking two things)
Where one ability asks two things (Steam Power, Egypt, Russia) the first segment is taken alone
and kept in seats[s]["ability_step"]; the next ids then name the whole choice.

State: seats[s]["used_this_turn"] (once-a-turn flags, cleared by wonders.start_of_turn),
seats[s]["card_coins"][tech] (coin tokens on a card, cap 4; economy.coins counts them besides the
loose seats[s]["coin_tokens"]), seats[s]["market_picks"] (Germany), state["city_bonus"][city id]
(production this turn), state["split"] (Engineering), state["extra_actions"] (Atomic Theory),
state["frozen_squares"] (Communism), state["held_figures"] (Steam Power), battle["plus"],
battle["boost"] and battle["abilities_used"] (battle abilities); the turn's values are cleared by
start_of_turn."""
from __future__ import annotations

from engine.base import Event, IllegalAction
from engine.rng import next_random
from engine.text import Msg, Seat

from . import board, cities, combat, culture, data, economy, effects, people, research, wonders
from .effects import effect

VERBS: tuple[str, ...] = ("ability",)
# the phase a resource ability names -> the steps it is offered in ("trade": the Start of Turn
# step, house, see techs.json horseback_riding)
PHASES = {"start": ("start",), "trade": ("start",), "city": ("city",), "movement": ("movement",)}
CANCEL_TECHS = ("writing", "civil_service", "mass_media")        # the cancel window (effects.py)


def _area(state: dict, seat: int) -> dict:
    return state["seats"][seat]


def _used(state: dict, seat: int) -> list:
    """The seat's once-a-turn flags, to read (legal ids never write the state they are given)."""
    return _area(state, seat).get("used_this_turn") or []


def _mark_used(state: dict, seat: int, name: str) -> None:
    _area(state, seat).setdefault("used_this_turn", []).append(name)


def _tech_name(tech: str) -> Msg:
    return research.name(tech)


def _civ(state: dict, seat: int) -> str:
    return _area(state, seat).get("civ", "")


# ---------------------------------------------------------------- choices of each effect

def _choices(state: dict, seat: int, tech: str, spec: dict, args: list[str]) -> list[str] | None:
    """The next segment's choices for a resource ability with `args` chosen so far; None when
    the choice is complete; [] when nothing can be chosen (the ability is not offered)."""
    fn = spec["fn"]
    phase = state.get("phase")
    if fn in ("gain_culture", "random_great_person", "battle_strength", "battle_wounds"):
        if fn == "random_great_person" and not state["decks"].get("great_people"):
            return []
        return None
    if fn == "city_production":
        if args:
            return None
        return [c["id"] for c in _acting(state, seat)]
    if fn == "trade_gift":
        return None if args else [f"p{s}" for s in range(state["players"]) if s != seat]
    if fn == "obsolete_wonder_or":
        if args:
            return None
        out = [f"wonder.{sq}" for sq in _obsoletable(state, seat, tuple(spec["eras"]))]
        if spec["other"] == "kill_unit":
            out += [f"unit.{s}" for s in range(state["players"]) if s != seat and _area(state, s)["standing_forces"]]
        else:
            out += [f"building.{sq}" for sq, b in sorted(state["buildings"].items()) if b["owner"] != seat]
        return out
    if fn == "freeze_square":
        if args:
            return None
        frozen = state.get("frozen_squares", [])
        return sorted({board.label(f["x"], f["y"]) for f in state["figures"] if f["owner"] != seat}
                      - set(frozen), key=_label_key)
    if fn == "ship_figures":
        if not args:
            starts = {board.label(f["x"], f["y"]) for f in state["figures"] if f["owner"] == seat
                      and not board.city_at(state, f["x"], f["y"])}
            return sorted((sq for sq in starts if _water_targets(state, seat, sq)), key=_label_key)
        if len(args) == 1:
            return _water_targets(state, seat, args[0])
        return None
    if fn == "uranium":
        if args:
            return None
        if phase == "city":
            return ["actions"] if state.get("extra_actions", {}).get(str(seat)) != state["turn"] else []
        if phase == "movement":
            return [f"destroy.{board.label(c['x'], c['y'])}" for c in state["cities"]
                    if c["owner"] != seat and not c["capital"]]
        return []
    return []


def _label_key(lbl: str) -> tuple[int, int]:
    x, y = board.parse_label(lbl)
    return (y, x)


def _acting(state: dict, seat: int) -> list[dict]:
    return cities.acting_cities(state, seat)


def _obsoletable(state: dict, seat: int, eras: tuple[str, ...]) -> list[str]:
    recs = data.by_id("wonders")
    return sorted((sq for sq, w in state.get("wonders_at", {}).items()
                   if w["owner"] != seat and not w.get("obsolete") and recs[w["id"]]["era"] in eras), key=_label_key)


def _water_targets(state: dict, seat: int, start: str) -> list[str]:
    sx, sy = board.parse_label(start)
    moving = [f for f in state["figures"] if f["owner"] == seat and (f["x"], f["y"]) == (sx, sy)]
    limit = research.stacking_limit(state, seat)
    out = []
    for y in range(state["map"]["height"]):
        for x in range(state["map"]["width"]):
            sq = board.square(state, x, y)
            if sq is None or sq["terrain"] != "water" or (x, y) == (sx, sy):
                continue
            here = board.figures_at(state, x, y)
            if any(f["owner"] != seat for f in here) or len(here) + len(moving) > limit:
                continue
            out.append(board.label(x, y))
    return out


# ---------------------------------------------------------------- what may be played now

def _resource_techs(state: dict, seat: int) -> list[tuple[str, dict, dict]]:
    """(tech, its resource_ability, its effect) for each known tech with a resource ability this
    module plays (the cancel abilities belong to the cancel window)."""
    recs = data.by_id("techs")
    out = []
    for tech in research.known(state, seat):
        rec = recs[tech]
        if rec.get("resource_ability") and rec.get("effect") and tech not in CANCEL_TECHS:
            out.append((tech, rec["resource_ability"], rec["effect"]))
    return out


def _battle_side(state: dict, seat: int) -> str | None:
    b = state.get("battle")
    if not b or b.get("step") != "play" or b.get("turn") is None:
        return None
    side = b["turn"]
    if b["seats"][side] != seat or (side == "defender" and b["barbarian"]):
        return None
    return side


def options(state: dict, seat: int) -> list[str]:
    """The ability action ids `seat` may take now in a start, city or movement step."""
    if state.get("battle") or state.get("result"):
        return []
    phase = state.get("phase")
    area = _area(state, seat)
    step = area.get("ability_step")
    if step and step[0] == phase:
        return _continuations(state, seat, step[1:]) + ["ability:back"]
    used = _used(state, seat)
    out = []
    for tech, ra, spec in _resource_techs(state, seat):
        if tech in used or ra["phase"] == "battle" or not effects.can_pay(state, seat, ra["cost"]):
            continue
        phases = PHASES.get(ra["phase"], ())
        if spec["fn"] == "uranium":
            phases = ("city", "movement")
        if phase not in phases:
            continue
        first = _choices(state, seat, tech, spec, [])
        if first is None:
            out.append(f"ability:{tech}")
        else:
            out += [f"ability:{tech}:{c}" for c in first]
    if phase == "city":
        out += _coin_task_options(state, seat)
        if research.knows(state, seat, "engineering") and "engineering" not in used:
            out += [f"ability:engineering:{c['id']}" for c in _acting(state, seat)
                    if not _city_used(state, c["id"])]
        if _civ(state, seat) == "egypt" and "egypt" not in used:
            out += [f"ability:egypt:{c['id']}" for c in _acting(state, seat) if _free_buildings(state, seat, c)]
    if phase == "start" and area.get("market_picks"):
        out += [f"ability:germany:{r}" for r in effects.MAP_RESOURCES if state["decks"]["resources"].get(r, 0) > 0]
    if phase == "movement" and _civ(state, seat) == "russia" and "russia" not in used:
        out += [f"ability:russia:{fid}:{sq}" for fid, sq in _russia_targets(state, seat)]
    return out


def _city_used(state: dict, city_id: str) -> bool:
    return bool(cities.used_actions(state, city_id))


def _continuations(state: dict, seat: int, step: list[str]) -> list[str]:
    tech, args = step[0], step[1:]
    if tech == "egypt":
        city = economy.city_by_id(state, args[0])
        return [f"ability:egypt:{args[0]}:{c}" for c in _free_buildings(state, seat, city)] if city else []
    if tech == "russia":                  # the figure may have been killed since the first step
        if (args[0], args[1]) not in _russia_targets(state, seat):
            return []
        return [f"ability:russia:{args[0]}:{args[1]}:{t}" for t in _russia_techs(state, seat, args[1])]
    spec = data.by_id("techs")[tech]["effect"]
    nxt = _choices(state, seat, tech, spec, args) or []
    return [":".join(["ability", tech] + args + [c]) for c in nxt]


def battle_options(state: dict, seat: int) -> list[str]:
    """The ability action ids `seat` may take now in the running battle (R117: between plays)."""
    side = _battle_side(state, seat)
    if side is None:
        return []
    b = state["battle"]
    used = _used(state, seat)
    in_battle = (b.get("abilities_used") or {}).get(side, [])          # read only: never written here
    out = []
    enemy_fronts = [i for i, f in enumerate(b["fronts"]) if f.get(combat._enemy(side))]
    for tech, ra, spec in _resource_techs(state, seat):
        if ra["phase"] != "battle" or tech in used or not effects.can_pay(state, seat, ra["cost"]):
            continue
        if spec["fn"] == "battle_strength" and b["hands"][side] and side not in b.get("boost", {}):
            out.append(f"ability:{tech}")
        elif spec["fn"] == "battle_wounds":
            out += [f"ability:{tech}:{i}" for i in enemy_fronts]
    wounded = any(f.get(side, {}).get("wounds") for f in b["fronts"])
    for tech in ("animal_husbandry", "biology"):
        if wounded and research.knows(state, seat, tech) and tech not in in_battle:
            out.append(f"ability:{tech}")
    return out


def _coin_task_options(state: dict, seat: int) -> list[str]:
    area = _area(state, seat)
    out = []
    for tech in research.known(state, seat):
        spec = data.by_id("techs")[tech].get("coin_effect")
        if not spec or spec["when"] != "city" or tech in _used(state, seat):
            continue
        if area.get("card_coins", {}).get(tech, 0) >= economy.COIN_CAP:
            continue
        if ("pay" in spec and not effects.can_pay(state, seat, spec["pay"])) \
                or area["trade"] < spec.get("trade", 0) or area["culture_tokens"] < spec.get("culture", 0):
            continue
        out.append(f"ability:{tech}")
    return out


# ---------------------------------------------------------------- applying an ability id

def apply(state: dict, seat: int, action_id: str) -> list[Event]:
    legal = (battle_options(state, seat) if state.get("battle") else options(state, seat))
    if action_id not in legal:
        raise IllegalAction(Msg("You cannot use that ability now."))
    parts = action_id.split(":")
    name, args = parts[1], parts[2:]
    area = _area(state, seat)
    if name == "back":
        area.pop("ability_step", None)
        return []
    if name in ("egypt", "russia"):
        if len(args) < 3:
            area["ability_step"] = [state["phase"], name] + args
            return []
        area.pop("ability_step", None)
        return (_egypt if name == "egypt" else _russia)(state, seat, args)
    if name == "germany":
        return _germany_pick(state, seat, args[0])
    if name == "engineering":
        return _engineering(state, seat, args[0])
    rec = data.by_id("techs")[name]
    if state.get("battle") and name in ("animal_husbandry", "biology"):
        return effects.run(state, seat, rec["other_effect"], [])
    if rec.get("coin_effect") and not rec.get("resource_ability"):
        return effects.run(state, seat, rec["coin_effect"], [name])
    spec = rec["effect"]
    if _choices(state, seat, name, spec, args) is not None:
        area["ability_step"] = [state["phase"], name] + args          # one more choice to make
        return []
    area.pop("ability_step", None)
    ra = rec["resource_ability"]
    _mark_used(state, seat, name)                   # R91: once per turn
    spent = effects.pay_in_public(state, seat, ra["cost"])      # R61
    events = [Event(Msg("{player} uses {tech}, paying {resources}.", player=Seat(seat), tech=_tech_name(name),
                        resources=spent))]
    return events + effects.announce(state, seat, "ability", name, spec, args)


def _resource(res: str) -> Msg:
    """A spent resource's name (a gift culture card may stand for one, effects.pay)."""
    rec = data.by_id("market").get(res)
    return data.term(rec["name"]) if rec else culture.card_name(res)


# ---------------------------------------------------------------- resource ability effects

@effect("city_production")
def city_production(state: dict, seat: int, spec: dict, args: list) -> list[Event]:
    """Animal Husbandry +3, Construction +5, Banking +7: one city's production this turn."""
    city = economy.city_by_id(state, args[0])
    bonus = state.setdefault("city_bonus", {})
    bonus[city["id"]] = bonus.get(city["id"], 0) + int(spec["n"])
    return [Event(Msg("{player}'s city at {city} gets +{n} production this turn.", player=Seat(seat),
                      city=board.label(city["x"], city["y"]), n=int(spec["n"])))]


@effect("gain_culture")
def gain_culture(state: dict, seat: int, spec: dict, args: list) -> list[Event]:
    """Currency 3, Chivalry 5, Metal Casting 7 culture tokens (T17)."""
    _area(state, seat)["culture_tokens"] += int(spec["n"])
    return [Event(Msg("{player} gains {n} culture.", player=Seat(seat), n=int(spec["n"])))]


@effect("trade_gift")
def trade_gift(state: dict, seat: int, spec: dict, args: list) -> list[Event]:
    """Horseback Riding: +9 trade, then a player of the user's choice +6."""
    other = int(args[0][1:])
    mine, theirs = _area(state, seat), _area(state, other)
    mine["trade"] = min(economy.TRADE_MAX, mine["trade"] + int(spec["gain"]))
    theirs["trade"] = min(economy.TRADE_MAX, theirs["trade"] + int(spec["give"]))
    return [Event(Msg("{player} gains {gain} trade and gives {give} trade to {other}.", player=Seat(seat),
                      gain=int(spec["gain"]), give=int(spec["give"]), other=Seat(other)))]


@effect("random_great_person")
def random_great_person(state: dict, seat: int, spec: dict, args: list) -> list[Event]:
    """Philosophy: a random great person from the supply to the civilization sheet."""
    deck = state["decks"].get("great_people", [])
    if not deck:
        return [Event(Msg("No great person is left."))]
    person = deck.pop(next_random(state).randrange(len(deck)))
    _area(state, seat)["great_people"].append(person)
    return [Event(Msg("{player} gains a great person: {person}.", player=Seat(seat),
                      person=data.term(data.by_id("great_people")[person]["name"])), hidden=True)] \
        + people.offer_great_person(state, seat, person)              # R59: at once, or kept


@effect("obsolete_wonder_or")
def obsolete_wonder_or(state: dict, seat: int, spec: dict, args: list) -> list[Event]:
    """Monarchy (an Ancient wonder obsolete, or a random unit of a player's standing forces
    killed) and Gunpowder (an Ancient or Medieval wonder obsolete, or a building destroyed)."""
    what, _, target = args[0].partition(".")
    if what == "wonder":
        return wonders.make_obsolete(state, target)          # R93
    if what == "unit":
        other = int(target)
        forces = _area(state, other)["standing_forces"]
        if not forces:
            return []
        card = forces.pop(next_random(state).randrange(len(forces)))
        combat.return_unit(state, card)
        return [Event(Msg("{player} kills a unit ({type}) of {other}'s standing forces.", player=Seat(seat),
                          type=data.term(combat.unit_type(combat.card_type(card))["name"]), other=Seat(other)),
                      hidden=True)]
    building = state["buildings"].pop(target, None)
    if building is None:
        return []
    pair = combat._building_pair(state, building["id"])
    state["decks"]["buildings"][pair] = state["decks"]["buildings"].get(pair, 0) + 1
    return [Event(Msg("{player} destroys the building on {square}.", player=Seat(seat), square=target))]


@effect("freeze_square")
def freeze_square(state: dict, seat: int, spec: dict, args: list) -> list[Event]:
    """Communism: no figure may leave the square this turn."""
    state.setdefault("frozen_squares", []).append(args[0])
    return [Event(Msg("{player} freezes {square}: no figure may leave it this turn.", player=Seat(seat),
                      square=args[0]))]


@effect("ship_figures")
def ship_figures(state: dict, seat: int, spec: dict, args: list) -> list[Event]:
    """Steam Power: every figure of the player on a square goes to a water square; they cannot
    move again this turn."""
    (sx, sy), (tx, ty) = board.parse_label(args[0]), board.parse_label(args[1])
    moving = [f for f in state["figures"] if f["owner"] == seat and (f["x"], f["y"]) == (sx, sy)]
    held = state.setdefault("held_figures", [])
    for f in moving:
        f["x"], f["y"] = tx, ty
        held.append(f["id"])
        _area(state, seat).get("gathering", {}).pop(f["id"], None)
    return [Event(Msg("{player} ships {n} figures from {start} to {end}.", player=Seat(seat), n=len(moving),
                      start=args[0], end=args[1]))]


@effect("uranium")
def uranium(state: dict, seat: int, spec: dict, args: list) -> list[Event]:
    """Atomic Theory: one extra action for each city this City Management, or (Movement) a
    non-capital city destroyed with everything in its outskirts."""
    if args[0] == "actions":
        state.setdefault("extra_actions", {})[str(seat)] = state["turn"]
        return [Event(Msg("{player}'s cities each take one extra action this turn.", player=Seat(seat)))]
    target = args[0].partition(".")[2]
    x, y = board.parse_label(target)
    city = board.city_at(state, x, y)
    if city is None:
        return []
    ring = {(x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)}
    for lbl in [lbl for lbl in state["buildings"] if board.parse_label(lbl) in ring]:
        b = state["buildings"].pop(lbl)
        pair = combat._building_pair(state, b["id"])
        state["decks"]["buildings"][pair] = state["decks"]["buildings"].get(pair, 0) + 1
    for lbl in [lbl for lbl in state["wonders_at"] if board.parse_label(lbl) in ring]:
        w = state["wonders_at"].pop(lbl)
        built = _area(state, w["owner"])["wonders"]
        if w["id"] in built:
            built.remove(w["id"])
        state["decks"].setdefault("wonders_removed", []).append(w["id"])
    for lbl in [lbl for lbl in state["great_people_at"] if board.parse_label(lbl) in ring]:
        del state["great_people_at"][lbl]
    for f in [f for f in state["figures"] if (f["x"], f["y"]) in ring]:
        combat._destroy_figure(state, f)
    events = combat.destroy_city(state, city)
    return [Event(Msg("{player} destroys the city on {square} with Atomic Theory.", player=Seat(seat),
                      square=target))] + events


# ---------------------------------------------------------------- battle abilities (R117)

@effect("battle_strength")
def battle_strength(state: dict, seat: int, spec: dict, args: list) -> list[Event]:
    """Metalworking: the next unit the player plays this battle is +3 (combat reads battle["boost"])."""
    b = state.get("battle")
    side = next(s for s in combat.SIDES if b["seats"][s] == seat)
    b.setdefault("boost", {})[side] = int(spec["n"])
    return [Event(Msg("{player}'s next unit is +{n} strength.", player=Seat(seat), n=int(spec["n"])))]


@effect("battle_wounds")
def battle_wounds(state: dict, seat: int, spec: dict, args: list) -> list[Event]:
    """Mathematics 3, Ballistics 6: wounds to the enemy unit on the chosen front, the rest on to
    the enemy units on the following fronts."""
    b = state.get("battle")
    if not b or b.get("step") != "play":
        return []
    side = next(s for s in combat.SIDES if b["seats"][s] == seat)
    enemy = combat._enemy(side)
    left = int(spec["n"])
    events = []
    order = list(range(int(args[0]), len(b["fronts"])))
    for i in order:
        unit = b["fronts"][i].get(enemy)
        if unit is None or left <= 0:
            continue
        room = combat._strength(b, enemy, unit["card"]) - unit["wounds"]
        dealt = min(left, room)
        unit["wounds"] += dealt
        left -= dealt
        events.append(Event(Msg("{player} deals {n} wounds on front {front}.", player=Seat(seat), n=dealt, front=i + 1)))
        if unit["wounds"] >= combat._strength(b, enemy, unit["card"]):
            del b["fronts"][i][enemy]
            b["destroyed"][enemy].append(unit["card"])
            combat.return_unit(state, unit["card"])
            events.append(Event(Msg("{unit} of {player} is destroyed.", player=combat._side_name(state, enemy),
                                    unit=combat.unit_name(unit["card"], b["ranks"][enemy].get(combat.card_type(unit["card"]), 1)))))
    return events


@effect("heal_wounds")
def heal_wounds(state: dict, seat: int, spec: dict, args: list) -> list[Event]:
    """Animal Husbandry: up to 3 wounds off the player's units in play (the most wounded first);
    Biology (n 0): every wound. Once per battle."""
    b = state["battle"]
    side = next(s for s in combat.SIDES if b["seats"][s] == seat)
    b.setdefault("abilities_used", {}).setdefault(side, []).append(
        "biology" if not spec["n"] else "animal_husbandry")
    left = int(spec["n"]) or 10 ** 6
    healed = 0
    for unit in sorted((f[side] for f in b["fronts"] if f.get(side)), key=lambda u: -u["wounds"]):
        take = min(left, unit["wounds"])
        unit["wounds"] -= take
        left -= take
        healed += take
    return [Event(Msg("{player} removes {n} wounds from their units.", player=Seat(seat), n=healed))]


# ---------------------------------------------------------------- coin tasks (R92, R101)
# (the coins on a card: economy.add_coin, as Code of Laws puts them there after a battle too)

@effect("coin_task")
def coin_task(state: dict, seat: int, spec: dict, args: list) -> list[Event]:
    """Pottery (2 resources), Democracy (6 trade), Printing Press (5 culture): once a turn in
    City Management, pay to put a coin token on the card."""
    tech = args[0]
    area = _area(state, seat)
    _mark_used(state, seat, tech)
    if "pay" in spec:
        effects.pay(state, seat, spec["pay"])
    area["trade"] -= int(spec.get("trade", 0))
    area["culture_tokens"] -= int(spec.get("culture", 0))
    economy.add_coin(state, seat, tech)
    return [Event(Msg("{player} puts a coin token on {tech}.", player=Seat(seat), tech=_tech_name(tech)))]


@effect("passive")
def passive(state: dict, seat: int, spec: dict, args: list) -> list[Event]:
    """An ability the rules read where they apply (characteristics, Computers, Flight...)."""
    return []


# ---------------------------------------------------------------- hooks the rules call

def start_of_turn(state: dict) -> list[Event]:
    """The turn's ability values end (city bonuses, frozen squares, shipped figures, Engineering,
    Atomic Theory)."""
    for key in ("city_bonus", "frozen_squares", "held_figures", "split", "extra_actions"):
        state.pop(key, None)
    for area in state["seats"]:
        area.pop("ability_step", None)
    return []


# The rules below this module read the other abilities where they apply: Military Science,
# America's rush rate, Atomic Theory's extra actions and Engineering's split in cities.py
# (production_bonus, rush_trade, extra_actions, split_city); Computers, Code of Laws, China and Rome
# after a battle in combat.py (hand_bonus, battle_won, after_battle); Rome's free culture space in
# culture.py (rome_advance).
after_battle = combat.after_battle


def can_fly(state: dict, seat: int) -> bool:
    """Flight: moves pass through enemy figures, huts, villages and cities."""
    return research.knows(state, seat, "flight")


def held(state: dict, fig: dict) -> bool:
    """A figure that may not move now (Communism's frozen square, Steam Power's shipped figures)."""
    return fig["id"] in state.get("held_figures", []) \
        or board.label(fig["x"], fig["y"]) in state.get("frozen_squares", [])


def on_hut(state: dict, seat: int) -> list[Event]:
    """China: 3 culture for each hut explored."""
    return combat.china_culture(state, seat) if _civ(state, seat) == "china" else []


# Germany's free units when it learns a tech: research.py (its learning calls them, below this module)
on_tech_learned = research.germany_free_units


def _germany_pick(state: dict, seat: int, res: str) -> list[Event]:
    area = _area(state, seat)
    area["market_picks"] -= 1
    state["decks"]["resources"][res] -= 1
    area["resources"].append(res)
    return [Event(Msg("{player} takes {resource} from the market.", player=Seat(seat), resource=_resource(res)))]


# ---------------------------------------------------------------- Engineering (G26)

def _engineering(state: dict, seat: int, city_id: str) -> list[Event]:
    city = economy.city_by_id(state, city_id)
    _mark_used(state, seat, "engineering")
    state.setdefault("split", {})[city_id] = 0          # production spent so far
    return [Event(Msg("{player}'s city at {city} splits its production between two items.", player=Seat(seat),
                      city=board.label(city["x"], city["y"])))]


@effect("split_production")
def split_production(state: dict, seat: int, spec: dict, args: list) -> list[Event]:
    return _engineering(state, seat, args[0])


# ---------------------------------------------------------------- Egypt's free building

def _free_buildings(state: dict, seat: int, city: dict) -> list[str]:
    """"<building>:<square>" for each building the city could build free now ("walls" for City Walls)."""
    out = []
    recs = data.by_id("buildings")
    for b in research.known_buildings(state, seat):
        rec = recs[b]
        if b == "city_walls":
            if not city["walled"]:
                out.append("walls:-")
            continue
        if state["decks"]["buildings"].get(rec["pair"], 0) < 1:
            continue
        for x, y in people.placement_squares(state, seat, city, terrain=rec["terrain"],
                                             allow_water="water" in rec["terrain"]):
            if rec["limited"] and cities._limited_elsewhere(state, city, board.label(x, y)):
                continue
            out.append(f"{b}:{board.label(x, y)}")
    return out


@effect("free_building")
def free_building(state: dict, seat: int, spec: dict, args: list) -> list[Event]:
    return _egypt(state, seat, args)


def _egypt(state: dict, seat: int, args: list) -> list[Event]:
    city = economy.city_by_id(state, args[0])
    b, where = args[1], args[2]
    _mark_used(state, seat, "egypt")
    state.setdefault("city_done", []).append(f"{city['id']}|egypt")
    if b == "walls":
        city["walled"] = True
        return [Event(Msg("{player} builds City Walls free at {city}.", player=Seat(seat),
                          city=board.label(city["x"], city["y"])))]
    rec = data.by_id("buildings")[b]
    events = people.clear_square(state, seat, where)
    state["decks"]["buildings"][rec["pair"]] -= 1
    state["buildings"][where] = {"id": b, "owner": seat}
    return events + [Event(Msg("{player} builds a {building} free on {square}.", player=Seat(seat),
                               building=data.term(rec["name"]), square=where))]


# ---------------------------------------------------------------- Russia's sacrifice

def _russia_targets(state: dict, seat: int) -> list[tuple[str, str]]:
    used = state.get("moved") or {}                   # read only (legal ids never write)
    speed = research.travel_speed(state, seat)
    water = research.water_rule(state, seat)
    out = []
    for f in sorted(state["figures"], key=lambda f: f["id"]):
        if f["owner"] != seat or used.get(f["id"]) == "done" or held(state, f):
            continue
        left = speed - int(used.get(f["id"], 0))
        if left <= 0:
            continue
        ends = board.moves(state, seat, (f["x"], f["y"]), left, water, 99, ())
        for sq, info in sorted(ends.items()):
            if info["stop"] == "city" and _russia_techs(state, seat, sq):
                out.append((f["id"], sq))
    return out


def _russia_techs(state: dict, seat: int, square: str) -> list[str]:
    x, y = board.parse_label(square)
    city = board.city_at(state, x, y)
    if city is None or city["owner"] == seat:
        return []
    return sorted(t for t in research.known(state, city["owner"]) if research.fits(state, seat, t) is not None)


@effect("sacrifice_for_tech")
def sacrifice_for_tech(state: dict, seat: int, spec: dict, args: list) -> list[Event]:
    return _russia(state, seat, args)


def _russia(state: dict, seat: int, args: list) -> list[Event]:
    fig = next(f for f in state["figures"] if f["id"] == args[0])
    _mark_used(state, seat, "russia")
    combat._destroy_figure(state, fig)
    events = [Event(Msg("{player} sacrifices a figure in the city on {square}.", player=Seat(seat), square=args[1]))]
    return events + research.learn_free(state, seat, args[2])


@effect("rush_rate")
def rush_rate(state: dict, seat: int, spec: dict, args: list) -> list[Event]:
    return []          # America: read by cities.rush_trade


@effect("china")
def china(state: dict, seat: int, spec: dict, args: list) -> list[Event]:
    return []          # read by on_hut and combat.after_battle


@effect("rome")
def rome(state: dict, seat: int, spec: dict, args: list) -> list[Event]:
    return culture.rome_advance(state, seat)


@effect("germany")
def germany(state: dict, seat: int, spec: dict, args: list) -> list[Event]:
    return []          # read by on_tech_learned


def after_move(state: dict, seat: int, target: str, group: list[dict]) -> list[Event]:
    """Combustion: once a turn, an army ending its move on another player's building destroys it
    (the building goes back to the market)."""
    if state.get("battle") or not research.knows(state, seat, "combustion") or "combustion" in _used(state, seat):
        return []
    b = state["buildings"].get(target)
    armies = [f for f in state["figures"] if f["owner"] == seat and f["kind"] == "army"
              and board.label(f["x"], f["y"]) == target]
    if b is None or b["owner"] == seat or not armies:
        return []
    _mark_used(state, seat, "combustion")
    del state["buildings"][target]
    pair = combat._building_pair(state, b["id"])
    state["decks"]["buildings"][pair] = state["decks"]["buildings"].get(pair, 0) + 1
    return [Event(Msg("{player}'s army destroys the building on {square}.", player=Seat(seat), square=target))]


def segment_label(value: str) -> Msg | None:
    """Readable names of this module's id segments (paths.segment_label)."""
    what, dot, rest = value.partition(".")
    if value == "back":
        return Msg("Choose again")
    if value == "actions":
        return Msg("One extra action for each city")
    if value == "-":
        return Msg("Around the city")
    if len(value) > 1 and value[0] == "p" and value[1:].isdigit():
        return Msg("{player}", player=Seat(int(value[1:])))
    if dot and what == "wonder":
        return Msg("Make the wonder on {square} obsolete", square=rest)
    if dot and what == "building":
        return Msg("Destroy the building on {square}", square=rest)
    if dot and what == "destroy":
        return Msg("Destroy the city on {square}", square=rest)
    if dot and what == "unit" and rest.isdigit():
        return Msg("A random unit of {player}", player=Seat(int(rest)))
    return None
