"""The computer player of Civilization: `choose(state, seat, seed)` returns one of
`flow.legal_ids(state, seat)`.

It decides from `views.view(state, seat)` only (the public view plus its own hidden items); the
real state gives the legal id list and nothing else. Ties are broken by the ids' order, so the
choice is the same for the same (state, seat, seed); the seed only picks among equal battle plays.

With `cards` (the default) it first picks the victory it aims at (`goal`, ai_goal.py: culture,
tech, economic or military, R131, from its own progress, its civilization and the map, revised at
every decision) and the goal's own plays come first (ai_plan.py: research toward Space Flight or
the coin techs or unit ranks, coin tasks, governments, Engineering, Egypt's, Germany's and Russia's
abilities, marching on a capital, trading spare resources). The rest of the plan is shared, and
aims at the culture victory (R52, R53: 21 spaces, culture then culture and trade):
- setup: the capital on the central square with the best outskirts (S10, R6), the scout towards
  the unexplored side (S12);
- Start of Turn: found cities with scouts on good sites (R11-R14), place great people (R59),
  gather with the other scouts (R94);
- City Management: advance on the culture track whenever it can (R52; the tech goal only with
  trade its research does not need, the economic goal keeping Printing Press's 5), otherwise each city
  produces what is most useful (a scout while cities are to found, a few armies and units,
  buildings that add culture, production or trade, R39-R42; wonders it can pay, R45) or devotes
  to the arts (R50);
- Movement: scouts explore (R68) and walk to city sites or good squares to gather; armies take
  huts (R71), capture lone scouts (R75), fight blockaders (R95) and villages (R72) or cities
  (R79) when strong enough;
- Research: Irrigation, the techs whose buildings it can place, travel speed, unit ranks and
  Space Flight when it can (R80-R90), and no research while the trade is needed on the track
  (R83: research spends the dial);
- battles: a trumping card against an enemy front it can destroy, else a new front (R112-R115);
  loot: a tech, culture, trade (data-research-2 3.6);
- cards (with `cards`, the default): the abilities that give culture, production, trade or a great
  person whenever offered; culture event cards against the opponent nearest to winning (anarchy,
  kills, destroyed buildings, disasters on its squares, a tech exchanged), production cards on
  the capital, free units before a battle hand; a cancel of what an opponent aims at it; an offer
  accepted only when it gives more than it asks (weighed by the goal). Without `cards` it is the
  stage-1 player, always aiming at culture: the yardstick of `python -m bench.civilization`.
`python -m bench.civilization_ai` prints which victories games between computer players end by."""
from __future__ import annotations

from . import (
    ai_goal,
    ai_plan,
    board,
    combat,
    culture,
    data,
    economy,
    flow,
    research,
    views,
)
from .ai_base import (  # noqa: F401
    TECH_ORDER,
    TECH_RANK,
    _Ctx,
    _distances,
    _enemy_strength,
    _hand_strength,
    _moves,
    _step_towards,
    _value,
)

ARMIES_WANTED = 2                 # armies kept on the map
FORCES_WANTED = 4                 # unit cards kept in the standing forces
GOOD_SITE = 10.0                  # a city site worth founding without exploring more
CARD_VERBS = ("ability", "event", "wonder", "harvest2")     # what the stage-1 player never plays
# the culture events the player plays on its own step (the others: cancels, gifts, moving figures)
EVENTS_PLAYED = ("kill_figures", "disaster_marker", "destroy_buildings", "exchange_techs", "anarchy",
                 "city_production", "free_units")
# abilities used whenever they are offered (the first choice of each is weighed below)
ABILITIES_USED = ("gain_culture", "city_production", "trade_gift", "random_great_person",
                  "obsolete_wonder_or", "battle_strength", "battle_wounds", "heal_wounds")


# ---------------------------------------------------------------- small helpers


# ---------------------------------------------------------------- entry point

def goal(view: dict, seat: int) -> str:
    """The victory the computer player of `seat` aims at now, from its view (ai_goal)."""
    return ai_goal.goal(view, seat)


def choose(state: dict, seat: int, seed: int, cards: bool = True) -> str:
    """`cards`: play tech and civilization abilities, wonder choices and culture event cards, and
    answer cancel windows (False: the stage-1 player, blind to them, kept as a yardstick)."""
    legal = flow.legal_ids(state, seat)
    if not legal:
        raise ValueError("the seat has no legal action")
    if len(legal) == 1:
        return legal[0]
    ctx = _Ctx(views.view(state, seat), seat, seed)
    ctx.cards = cards
    if cards:
        pick = _cards(ctx, legal)
        if pick in legal:
            return pick
        if not state.get("pending") and not ctx.v.get("battle"):
            pick = ai_plan.plan(ctx, legal)
            if pick in legal:
                return pick
    if state.get("pending"):
        return legal[0]                    # a cancel window or a card's choice: "allow" / the first
    legal = [a for a in legal if a.split(":", 1)[0] not in CARD_VERBS] or legal
    v = ctx.v
    if v.get("battle"):
        pick = _battle(ctx, legal)
    elif legal[0].startswith("discard:"):
        pick = legal[0]
    else:
        phase = v["phase"]
        pick = {"setup": _setup, "start": _start, "city": _city, "movement": _movement,
                "research": _research, "trade": _trade}.get(phase, lambda c, l: None)(ctx, legal)
    return pick if pick in legal else ("done" if "done" in legal else legal[0])


# ---------------------------------------------------------------- setup (S10, S12)

def _site_value(ctx: _Ctx, x: int, y: int) -> float:
    """What a city on (x, y) would get from its outskirts (R6)."""
    total = 0.0
    for p in board.outskirts(ctx.v, x, y):
        total += _value(ctx.yields(*p))
        sq = ctx.square(*p)
        if sq and sq["terrain"] == "grassland":
            total += 0.5                      # room for a library, temple, granary (R40)
    return total


def _setup(ctx: _Ctx, legal: list[str]) -> str:
    if legal[0].startswith("capital:"):
        def score(a):
            x, y = board.parse_label(a.split(":")[1])
            # S15: the outskirts' trade is the starting trade
            trade = sum(ctx.yields(*p)["trade"] for p in board.outskirts(ctx.v, x, y))
            return _site_value(ctx, x, y) + 0.5 * trade
        return max(legal, key=lambda a: (score(a), a))
    # S12: the scout next to the face-down tiles, the army beside the capital
    frontier = [p for p in ctx.squares() if board.discoverable(ctx.v, *p)]
    dist = _distances(ctx, frontier, "none") if frontier else {}

    def placing(a):
        _, army, scout = a.split(":")
        s = board.parse_label(scout)
        return (-dist.get(s, 99), army != scout, -dist.get(board.parse_label(army), 99) * 0.1)
    return max(legal, key=lambda a: (placing(a), a))


# ---------------------------------------------------------------- Start of Turn

def _start(ctx: _Ctx, legal: list[str]) -> str:
    found = [a for a in legal if a.startswith("found:")]
    for a in found:
        scout = next(f for f in ctx.v["figures"] if f["id"] == a.split(":")[1])
        if _site_value(ctx, scout["x"], scout["y"]) >= GOOD_SITE * 0.6:
            return a                                                    # R11-R14
    people = [a for a in legal if a.startswith("greatperson:")]
    if people:                                                          # R59
        best = _person_square(ctx, [tuple(a.split(":")[1:]) for a in people])
        if best is not None:
            return f"greatperson:{best[0]}:{best[1]}"
    gathering = ctx.area.get("gathering", {})
    cities = ctx.my_cities()
    for a in legal:
        if a.startswith("gather:") and not a.endswith(":none"):
            _, scout_id, city_id = a.split(":")
            if scout_id in gathering:
                continue
            scout = next(f for f in ctx.v["figures"] if f["id"] == scout_id)
            if board.city_of_outskirts(ctx.v, scout["x"], scout["y"], ctx.seat):
                continue                                                # already working for a city
            if _value(ctx.yields(scout["x"], scout["y"])) <= 0:
                continue
            target = min(cities, key=lambda c: (economy.city_icons(ctx.v, c)["production"], c["id"]))
            if city_id == target["id"]:
                return a                                                # R94
    return "done"


def _person_square(ctx: _Ctx, choices: list[tuple[str, str]]) -> tuple[str, str] | None:
    """The (great person, square) placing that gains the most, on a square holding no building,
    wonder or other great person; None when there is no such square."""
    best, gain = None, 0.0
    for kind, where in choices:
        x, y = board.parse_label(where)
        if where in ctx.v["buildings"] or where in ctx.v["wonders_at"] or where in ctx.v["great_people_at"]:
            continue
        g = _value(board.great_person_icons(kind)) - _value(ctx.yields(x, y))
        if kind == "general":
            g = 1.0
        if best is None or g > gain:
            best, gain = (kind, where), g
    return best


# ---------------------------------------------------------------- City Management

def _city(ctx: _Ctx, legal: list[str]) -> str:
    if "culture" in legal and _culture_wanted(ctx):
        return "culture"                                                # R52
    acting = []
    for a in legal:
        parts = a.split(":")
        if parts[0] in ("produce", "arts", "harvest") and parts[1] not in acting:
            acting.append(parts[1])
    if not acting:
        return "done"
    city = economy.city_by_id(ctx.v, acting[0])
    options = [a for a in legal if a.split(":")[1:2] == [city["id"]]]
    return _city_action(ctx, city, options)


def _culture_wanted(ctx: _Ctx) -> bool:
    """R52, R53: advance on the track, unless the tech goal needs the trade for research (R82):
    a space costing trade is paid only from what the next research does not need."""
    cost = culture.advance_cost(ctx.v, ctx.seat)
    if ctx.goal == "economic" and cost is not None and research.knows(ctx.v, ctx.seat, "printing_press") \
            and ctx.area.get("card_coins", {}).get("printing_press", 0) < 4:
        return ctx.area["culture_tokens"] - cost[0] >= 5                # R101: Printing Press's 5 culture
    if ctx.goal != "tech":
        return True
    if cost is None or cost[1] == 0:
        return True
    rows = research.row_counts(ctx.v, ctx.seat)
    level = 1 + sum(1 for r in (2, 3, 4) if rows[r] < rows[r - 1] - 1)
    return ctx.area["trade"] - cost[1] >= research.threshold(min(level, 4)) + 4


def _trade_allowance(ctx: _Ctx) -> int:
    """The trade the AI may spend to rush production (R33) without starving the track or research."""
    trade = ctx.area["trade"]
    cost = culture.advance_cost(ctx.v, ctx.seat)
    if cost is not None and cost[1] > 0:
        return max(0, trade - 2 * cost[1] - 6)
    return max(0, min(9, trade - 6))


def _rush(ctx: _Ctx, city: dict, cost: int) -> int:
    from .cities import production
    return max(0, cost - production(ctx.v, ctx.seat, city)) * 3


def _city_action(ctx: _Ctx, city: dict, options: list[str]) -> str:
    from .cities import FIGURE_COST, wonder_cost
    v, seat, area = ctx.v, ctx.seat, ctx.area
    allow = _trade_allowance(ctx)
    arts = f"arts:{city['id']}"
    cities = ctx.my_cities()
    late = area["culture_level"] >= 14

    def affordable(a: str, cost: int) -> bool:
        return _rush(ctx, city, cost) <= allow

    # a scout while cities are still to found (R11, R34)
    want_cities = min(research.city_limit(v, seat), len(cities) + area["unbuilt"]["city"])
    scouts = ctx.my_figures("scout")
    if len(cities) + len(scouts) < want_cities + 1 and not late:
        opts = [a for a in options if a.split(":")[2:3] == ["scout"]]
        if opts and affordable(opts[0], FIGURE_COST["scout"]):
            return _best_square(ctx, city, opts)
    # armies to defend and explore (R34)
    armies = ctx.my_figures("army")
    military = ctx.goal == "military"
    extra = 2 if military or (area["civ"] == "russia" and ctx.goal == "tech") else 0     # Russia: to sacrifice
    if len(armies) < ARMIES_WANTED + (1 if v["turn"] > 12 else 0) + extra:
        opts = [a for a in options if a.split(":")[2:3] == ["army"]]
        if opts and affordable(opts[0], FIGURE_COST["army"]):
            return _best_square(ctx, city, opts)
    # unit cards (R36, R37): the best rank, cheapest when tied
    forces = area["standing_forces"]
    threatened = _threat(ctx, city)
    if len(forces) < FORCES_WANTED + (2 if threatened else 0) + (5 if military else 0) and (v["turn"] > 4 or threatened or military):
        units = [a for a in options if a.split(":")[2:3] == ["unit"]]
        units = [a for a in units if affordable(a, research.unit_cost(v, seat, a.split(":")[3]))]
        if units:
            return max(units, key=lambda a: (area["ranks"].get(a.split(":")[3], 1), -research.unit_cost(v, seat, a.split(":")[3]), a))
    # buildings (R39-R42) and walls (R44)
    best, gain = None, 1.5
    for a in options:
        parts = a.split(":")
        if len(parts) < 3:
            continue
        kind = parts[2]
        if kind == "building":
            b, where = parts[3], parts[4]
            rec = data.by_id("buildings")[b]
            if not affordable(a, rec["cost"]):
                continue
            if where in v["wonders_at"] or where in v["great_people_at"]:
                continue
            x, y = board.parse_label(where)
            g = _value(board.building_icons(b)) - _value(ctx.yields(x, y)) + (1.0 if rec["combat_bonus"] else 0)
            if military and rec["combat_bonus"]:
                g += 4.0                                                # R109: barracks, academies
            if late:
                g = 3 * (board.building_icons(b)["culture"] - ctx.yields(x, y)["culture"])
            g -= _rush(ctx, city, rec["cost"]) / 6
        elif kind == "wonder":
            w, where = parts[3], parts[4]
            cost = wonder_cost(v, seat, w)
            if _rush(ctx, city, cost) > min(allow, 6) or where in v["buildings"] or where in v["great_people_at"]:
                continue
            x, y = board.parse_label(where)
            g = _value(board.wonder_icons(w)) - _value(ctx.yields(x, y)) + 1.0
        elif kind == "walls":
            if not (threatened or city["capital"]) or not affordable(a, 7) or v["turn"] < 10:
                continue
            g = 2.0 if threatened else 1.6
        else:
            continue
        if g > gain or (g == gain and best is not None and a < best):
            best, gain = a, g
    if best is not None:
        return best
    if arts in options:
        return arts                                                     # R50
    return options[0] if options else "done"


def _best_square(ctx: _Ctx, city: dict, opts: list[str]) -> str:
    """A new figure goes on the outskirts square nearest the unexplored tiles or the enemy."""
    frontier = [p for p in ctx.squares() if board.discoverable(ctx.v, *p)]
    dist = _distances(ctx, frontier, "none") if frontier else {}
    return min(opts, key=lambda a: (dist.get(board.parse_label(a.split(":")[3]), 99), a))


def _threat(ctx: _Ctx, city: dict) -> bool:
    """An enemy army within 3 squares of the city."""
    return any(f["owner"] != ctx.seat and f["kind"] == "army"
               and abs(f["x"] - city["x"]) + abs(f["y"] - city["y"]) <= 4 for f in ctx.v["figures"])


# ---------------------------------------------------------------- Research (R80-R90)

def _research(ctx: _Ctx, legal: list[str]) -> str:
    techs = [a for a in legal if a != "research:none"]
    if not techs:
        return "research:none"
    if "research:space_flight" in techs:
        return "research:space_flight"                                  # R87
    if ctx.cards:
        pick = ai_plan.research_pick(ctx, techs)
        if pick is not None:
            return pick
    area = ctx.area
    cost = culture.advance_cost(ctx.v, ctx.seat)
    if cost is not None and cost[1] > 0 and area["trade"] < 24:
        return "research:none"                                          # R83: the track needs the trade
    return min(techs, key=lambda a: (TECH_RANK.get(a.split(":")[1], 99), a))


# ---------------------------------------------------------------- Movement (R62-R79)


def _attack_ok(ctx: _Ctx, square: str, armies: int) -> bool:
    """Whether attacking what stands on `square` with `armies` armies looks like a win (R105-R110)."""
    v, seat = ctx.v, ctx.seat
    x, y = board.parse_label(square)
    hand = combat.BASE_HAND + combat.HAND_PER_FIGURE * (armies - 1)
    mine = _hand_strength(ctx, ctx.area["standing_forces"], ctx.area["ranks"], hand) + combat.side_bonus(v, seat)
    marker = v["markers"].get(square)
    city = board.city_at(v, x, y)
    if marker and marker["kind"] == "village":
        return mine >= 9.0 and len(ctx.area["standing_forces"]) >= 4        # R72: 3 barbarian units
    if marker and marker["kind"] == "hut":
        return True
    enemies = [f for f in board.figures_at(v, x, y) if f["owner"] != seat]
    if city is not None and city["owner"] != seat:
        owner = city["owner"]
        defenders = [f for f in enemies if f["owner"] == owner]
        dhand = combat.BASE_HAND + combat.HAND_PER_FIGURE * max(0, len(defenders) - 1) + combat.CITY_DEFENDER_HAND
        theirs = _enemy_strength(ctx, owner, dhand) + combat.city_bonus(city) + combat.side_bonus(v, owner)
        return mine >= 1.3 * theirs + 3
    if not enemies:
        return True
    if all(f["kind"] == "scout" for f in enemies):
        return True                                                     # R75: captured at once
    owner = next(f["owner"] for f in enemies if f["kind"] == "army")
    defenders = [f for f in enemies if f["owner"] == owner]
    dhand = combat.BASE_HAND + combat.HAND_PER_FIGURE * max(0, len(defenders) - 1)
    theirs = _enemy_strength(ctx, owner, dhand) + combat.side_bonus(v, owner)
    return mine >= 1.25 * theirs + 1


def _movement(ctx: _Ctx, legal: list[str]) -> str:
    v, seat = ctx.v, ctx.seat
    water = research.water_rule(v, seat)
    moves = _moves(legal)
    explores = [a for a in legal if a.startswith("explore:")]
    cities = ctx.my_cities()
    used = v.get("moved", {})
    # scouts first: they find the sites
    scouts = [f for f in ctx.my_figures("scout") if used.get(f["id"]) != "done"]
    sites = _sites(ctx)
    need = min(research.city_limit(v, seat), len(cities) + ctx.area["unbuilt"]["city"]) - len(cities)
    taken: list[tuple[int, int]] = []
    for scout in sorted(scouts, key=lambda f: f["id"]):
        goal = None
        here = (scout["x"], scout["y"])
        if need > 0:
            cands = [s for s in sites if all(board.chebyshev(s[1], t) >= 3 for t in taken)]
            if cands:
                dist = _distances(ctx, [here], water)
                score, site = max(((val - 1.5 * dist[p], p) for val, p in cands if p in dist), default=(None, None))
                if site is not None and (score >= GOOD_SITE * 0.6 or not _frontier(ctx)):
                    goal = site
                    taken.append(site)
                    need -= 1
        if goal is None and (need > 0 or len(cities) < 2):
            a = _explore_step(ctx, scout, explores, moves, water)
            if a:
                return a
            continue
        if goal is None:
            goal = _gather_square(ctx, scout, taken)
            if goal is None:
                continue
            taken.append(goal)
        if here == goal:
            continue
        a = _step_towards(ctx, scout["id"], moves, [goal], water)
        if a:
            return a
    # armies
    armies = [f for f in ctx.my_figures("army") if used.get(f["id"]) != "done"]
    groups: dict[tuple[int, int], list[dict]] = {}
    for f in armies:
        groups.setdefault((f["x"], f["y"]), []).append(f)
    for (x, y), figs in sorted(groups.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        ids = ",".join(sorted(f["id"] for f in figs))
        single = sorted(f["id"] for f in figs)[0]
        key = ids if ids in moves else single
        options = moves.get(key, [])
        # attack or take something within reach this turn
        best = None
        for target, a in options:
            tx, ty = board.parse_label(target)
            marker = v["markers"].get(target)
            enemies = [f for f in board.figures_at(v, tx, ty) if f["owner"] != seat]
            city = board.city_at(v, tx, ty)
            score = None
            if city is not None and city["owner"] != seat:
                if _attack_ok(ctx, target, len(key.split(","))):
                    score = 100 if city["capital"] else 60
            elif enemies and all(f["kind"] == "scout" for f in enemies):
                score = 50
            elif enemies:
                near_mine = board.city_of_outskirts(v, tx, ty, seat) is not None
                if _attack_ok(ctx, target, len(key.split(","))):
                    score = 70 if near_mine else 30
            elif marker and marker["kind"] == "hut":
                score = 40
            elif marker and marker["kind"] == "village" and _attack_ok(ctx, target, len(key.split(","))):
                score = 35
            if score is not None and (best is None or score > best[0]):
                best = (score, a)
        if best:
            return best[1]
        if ctx.goal == "military":
            continue                            # the march on the capital (ai_plan) walks them
        # walk: towards huts, villages we could take, blockaders, or back home
        goals = []
        for lbl, m in sorted(v["markers"].items()):
            if m["kind"] == "hut" or _attack_ok(ctx, lbl, len(figs)):
                goals.append(board.parse_label(lbl))
        if not goals:
            for f in v["figures"]:
                if f["owner"] != seat and board.city_of_outskirts(v, f["x"], f["y"], seat):
                    goals.append((f["x"], f["y"]))
        if not goals:
            a = _explore_step(ctx, figs[0], explores, {}, water) if len(cities) < 2 else None
            if a:
                return a
        if not goals and cities:
            capital = next((c for c in cities if c["capital"]), cities[0])
            goals = [p for p in board.outskirts(v, capital["x"], capital["y"])
                     if ctx.square(*p) and ctx.square(*p)["terrain"] != "water"]
            if (x, y) in goals:
                continue
        if goals:
            a = _step_towards(ctx, key, moves, goals, water)
            if a:
                return a
    return "done"


def _frontier(ctx: _Ctx) -> list[tuple[int, int]]:
    return [p for p in ctx.squares() if board.discoverable(ctx.v, *p)
            and ctx.square(*p)["terrain"] != "water"]


def _explore_step(ctx: _Ctx, fig: dict, explores: list[str], moves: dict, water: str) -> str | None:
    """R68: discover a face-down tile next to the figure, else walk towards one."""
    mine = [a for a in explores if a.split(":")[1] == fig["id"]]
    if mine:
        return mine[0]
    frontier = _frontier(ctx)
    if not frontier or not moves:
        return None
    return _step_towards(ctx, fig["id"], moves, frontier, water)


def _sites(ctx: _Ctx) -> list[tuple[float, tuple[int, int]]]:
    """Squares where a city may be founded now (R13), with their value."""
    out = []
    v, seat = ctx.v, ctx.seat
    for x, y in ctx.squares():
        if ctx.square(x, y)["terrain"] == "water" or board.found_problem(v, seat, x, y) is not None:
            continue
        out.append((_site_value(ctx, x, y), (x, y)))
    out.sort(key=lambda s: (-s[0], s[1]))
    return out


def _gather_square(ctx: _Ctx, scout: dict, taken: list) -> tuple[int, int] | None:
    """The best square outside the outskirts of the seat's cities for a scout to gather (R94)."""
    v, seat = ctx.v, ctx.seat
    water = research.water_rule(v, seat)
    dist = _distances(ctx, [(scout["x"], scout["y"])], water)
    best = None
    for (x, y), d in dist.items():
        sq = ctx.square(x, y)
        if sq["terrain"] == "water" and water != "end":
            continue
        if (x, y) in taken or board.city_at(v, x, y) or v["markers"].get(board.label(x, y)):
            continue
        if board.city_of_outskirts(v, x, y, seat) is not None:
            continue
        if any(f["owner"] != seat or (f["kind"] == "scout" and f["id"] != scout["id"])
               for f in board.figures_at(v, x, y)):
            continue
        score = _value(ctx.yields(x, y)) - 0.8 * (d // 2)
        if best is None or score > best[0]:
            best = (score, (x, y))
    return best[1] if best and best[0] > 0 else None


# ---------------------------------------------------------------- battles (R104-R121)

def _battle(ctx: _Ctx, legal: list[str]) -> str:
    b = ctx.v["battle"]
    if b.get("step") == "muster" or not legal[0].startswith(("play:", "loot:")):
        return legal[0]                    # culture cards before the hand: not played yet ("ready")
    if b.get("step") == "loot" or legal[0].startswith("loot:"):
        return _loot(ctx, legal)
    side = b["turn"]
    enemy = "defender" if side == "attacker" else "attacker"
    ranks = b["ranks"]

    def st(s: str, card: str) -> int:
        return combat.strength(card, ranks[s].get(combat.card_type(card), 1))

    best = None
    for a in legal:
        if not a.startswith("play:"):
            continue                               # abilities and cards in battle: not chosen yet
        _, card, where = a.split(":")
        mine = st(side, card)
        if where == "new":
            score = mine * 0.6 - 0.01 * mine                            # keep strong cards to attack
        else:
            theirs = b["fronts"][int(where)][enemy]
            left = st(enemy, theirs["card"]) - theirs["wounds"]
            if combat.trumps(card, theirs["card"]):
                killed = mine >= left
                survive = killed or st(enemy, theirs["card"]) < mine
            elif combat.trumps(theirs["card"], card):
                survive = st(enemy, theirs["card"]) < mine
                killed = survive and mine >= left
            else:
                killed = mine >= left
                survive = st(enemy, theirs["card"]) < mine
            score = (st(enemy, theirs["card"]) if killed else 0) + (mine if survive else 0)
            if not killed and not survive:
                score = -1
        key = (score, ctx.rng.random())
        if best is None or key > best[0]:
            best = (key, a)
    return best[1]


def _loot(ctx: _Ctx, legal: list[str]) -> str:
    b = ctx.v["battle"]
    loser = ctx.v["seats"][b["loot"]["loser"]]
    techs = [a for a in legal if a.startswith("loot:tech:")]
    if techs:
        return max(techs, key=lambda a: (research.level(a.split(":")[2]), -TECH_RANK.get(a.split(":")[2], 99), a))
    if "loot:culture" in legal and loser["culture_tokens"] >= 2:
        return "loot:culture"
    if "loot:trade" in legal and loser["trade"] >= 2:
        return "loot:trade"
    for a in ("loot:culture", "loot:trade", "loot:take_coin", "loot:coin:0"):
        if a in legal:
            return a
    cards = [a for a in legal if a.startswith("loot:culture_card:")]
    if cards:
        return cards[0]
    res = [a for a in legal if a.startswith("loot:resource:")]
    if res:
        return res[0]
    return "loot:done" if "loot:done" in legal else legal[0]


def _trade(ctx: _Ctx, legal: list[str]) -> str:
    """The Trade phase: accept an offer that gives more than it asks (trade and culture
    counted 1, a resource or card 2), otherwise decline; with cards, offer a culture card it
    would never play for 1 culture token (R27); then end the step."""
    accepts = [a for a in legal if a.startswith("accept:")]
    offer = next((o for o in ctx.v.get("offers", []) if o["status"] == "sent" and o["to"] == ctx.seat), None)
    if offer is not None:
        def worth(side: dict) -> int:
            return side["trade"] + side["culture"] + 2 * sum(len(side[k]) for k in ("resources", "hidden", "cards"))
        good = ai_plan.accept_offer(ctx, offer) if ctx.cards else worth(offer["give"]) > worth(offer["get"])
        if accepts and good:
            return accepts[0]
        return next(a for a in legal if a.startswith("decline:"))
    pick = _card_for_culture(ctx, legal) if ctx.cards else None
    if pick:
        return pick
    pick = ai_plan.resource_offer(ctx, legal) if ctx.cards else None
    if pick in legal:
        return pick
    if "withdraw" in legal:
        return "withdraw"
    return "done"


def _spare_cards(ctx: _Ctx) -> list[str]:
    """Culture cards this player would never play (moving figures, a second cancel card)."""
    out, cancels = [], 0
    for card in sorted(ctx.area["culture_hand"]):
        fn = _event_fn(card)
        if fn == "cancel":
            cancels += 1
            if cancels == 1:
                continue
        if fn not in EVENTS_PLAYED:
            out.append(card)
    return out


def _card_for_culture(ctx: _Ctx, legal: list[str]) -> str | None:
    """One step of an offer of a spare culture card for 1 culture token to the opponent nearest
    to winning (who holds a culture token)."""
    draft = next((o for o in ctx.v.get("offers", []) if o["status"] == "draft" and o["from"] == ctx.seat), None)
    if draft is not None:
        if draft["give"]["resources"]:
            return None                                     # a resource offer (ai_plan.resource_offer)
        if not draft["give"]["cards"]:
            give = [f"give:card:{c}" for c in _spare_cards(ctx) if f"give:card:{c}" in legal]
            return give[0] if give else None
        if not draft["get"]["culture"]:
            return "ask:culture:1" if "ask:culture:1" in legal else None
        return "send" if "send" in legal else None
    if not _spare_cards(ctx):
        return None
    targets = [s for s in range(len(ctx.v["seats"])) if s != ctx.seat and f"offer:{s}" in legal
               and ctx.v["seats"][s]["culture_tokens"] >= 1]
    if not targets:
        return None
    leader = _leader(ctx)
    return f"offer:{leader if leader in targets else targets[0]}"


# ---------------------------------------------------------------- cards (stage 2)

def _leader(ctx: _Ctx) -> int | None:
    """The opponent nearest to winning: furthest on the culture track, then most techs."""
    others = [s for s in range(len(ctx.v["seats"])) if s != ctx.seat]
    if not others:
        return None
    return max(others, key=lambda s: (ctx.v["seats"][s]["culture_level"], len(ctx.v["seats"][s]["techs"]), -s))


def _square_worth(ctx: _Ctx, label: str) -> float:
    """How much hitting `label` hurts the opponents (and not this player); a tile ("tile<label of
    its corner>", a disaster's first choice): its best square."""
    if isinstance(label, str) and label.startswith("tile"):
        corner = board.parse_label(label[4:])
        if corner is None:
            return 0.0
        return max(_square_worth(ctx, board.label(corner[0] + dx, corner[1] + dy))
                   for dx in range(4) for dy in range(4))
    xy = board.parse_label(label) if isinstance(label, str) else None
    if xy is None:
        return 0.0
    x, y = xy
    leader = _leader(ctx)
    worth = 0.0
    for f in ctx.v["figures"]:
        if (f["x"], f["y"]) == (x, y):
            worth += -6 if f["owner"] == ctx.seat else (4 if f["owner"] == leader else 3)
    for c in ctx.v["cities"]:
        if (x, y) in board.outskirts(ctx.v, c["x"], c["y"]) or (c["x"], c["y"]) == (x, y):
            worth += -6 if c["owner"] == ctx.seat else (3 if c["owner"] == leader else 2)
    where = ctx.v.get("buildings", {})
    if isinstance(where, dict) and label in where:
        worth += 2
    return worth


def _pick_option(ctx: _Ctx, options: list[str], fn: str | None) -> str:
    """One segment of a card's choice: the leading opponent, the square that hurts most, the
    largest free unit group, else the first."""
    leader = _leader(ctx)
    seats = [o for o in options if o.startswith("seat") and o[4:].isdigit()]
    if seats:
        return next((o for o in seats if int(o[4:]) == leader), seats[0])
    if fn == "free_units":
        return max(options, key=lambda o: (o.count(",") + 1, o))
    techs = [o for o in options if o in TECH_RANK]
    if techs:                             # a tech to learn (an exchange): the plan's order
        return min(techs, key=lambda t: (TECH_RANK[t], t))
    mine = {c["id"] for c in ctx.my_cities()}
    cities = [o for o in options if o in mine]
    if cities:
        capital = next((c["id"] for c in ctx.my_cities() if c.get("capital")), cities[0])
        return capital if capital in cities else cities[0]
    scored = [(_square_worth(ctx, o), -i, o) for i, o in enumerate(options)]
    return max(scored)[2]


def _cancel_answer(ctx: _Ctx, legal: list[str]) -> str:
    p = ctx.v["pending"]
    cancels = [a for a in legal if a.startswith("cancel:")]
    hostile = p.get("seat") != ctx.seat and (ctx.seat in p.get("targets", []) or (
        p.get("what") == "city" and p.get("seat") == _leader(ctx) and ":wonder" in str(p.get("card"))))
    if cancels and hostile:
        return cancels[0]
    return "allow" if "allow" in legal else legal[0]


def _cards(ctx: _Ctx, legal: list[str]) -> str | None:
    """The card play this player makes now, if any (None: the usual plan decides)."""
    v = ctx.v
    p = v.get("pending")
    if p:
        if p.get("kind") == "choose" and p.get("step") == "great_person":
            person = p["context"]["person"]                 # placed at once where it gains, else kept
            squares = [a.split(":", 1)[1] for a in legal if a.startswith("pick:") and a != "pick:keep"]
            best = _person_square(ctx, [(person, sq) for sq in squares])
            return f"pick:{best[1]}" if best is not None else "pick:keep"
        if p.get("kind") == "choose":
            fn = (p.get("context", {}).get("spec") or {}).get("fn")
            card = p.get("context", {}).get("card")
            if fn is None and card:
                fn = _event_fn(card)
            opts = [a.split(":", 1)[1] for a in legal if a.startswith("pick:")]
            return f"pick:{_pick_option(ctx, opts, fn)}" if opts else None
        return _cancel_answer(ctx, legal)
    b = v.get("battle")
    if b:
        abilities = [a for a in legal if a.startswith("ability:")]
        events = [a for a in legal if a.startswith("event:")]
        if events:
            return max(events, key=lambda a: (a.count(",") + 1, a))
        return abilities[0] if abilities else None
    steps = [a for a in legal if a.startswith("ability:") and a != "ability:back"]
    if "ability:back" in legal:                    # a half-made two-step ability: finish it
        if steps and steps[0].startswith("ability:egypt:"):
            return ai_plan.free_building(ctx, steps)
        if steps and steps[0].startswith("ability:russia:"):
            return ai_plan.russia_tech(ctx, steps)
        return steps[0] if steps else "ability:back"
    wonder = [a for a in legal if a.startswith("wonder:")]
    if wonder:
        return wonder[0]
    by_card: dict[str, list[str]] = {}
    for a in legal:
        parts = a.split(":")
        if parts[0] == "event" and _event_fn(parts[1]) in EVENTS_PLAYED:
            by_card.setdefault(a.split(":")[0] + ":" + parts[1], []).append(a)
        elif parts[0] == "ability" and _ability_fn(parts[1]) in ABILITIES_USED:
            by_card.setdefault("ability:" + parts[1], []).append(a)
    for key, ids in sorted(by_card.items()):
        fn = _event_fn(key.split(":")[1]) if key.startswith("event:") else _ability_fn(key.split(":")[1])
        if fn == "obsolete_wonder_or" and not any(_square_worth(ctx, i.split(":")[-1]) > 0 or
                                                  i.split(":")[-1].startswith("seat") for i in ids):
            continue
        if fn in ("kill_figures", "destroy_buildings", "disaster_marker"):
            worth = max(_square_worth(ctx, i.split(":")[2]) if i.count(":") >= 2 else 0 for i in ids)
            if worth <= 0:
                continue                  # nothing of an opponent's to hit: keep the card
        segs = {i.split(":", 2)[2] if i.count(":") >= 2 else "": i for i in ids}
        if "" in segs:
            return segs[""]
        return segs[_pick_option(ctx, list(segs), fn)]
    return None


def _event_fn(card: str) -> str | None:
    rec = data.by_id("culture_events").get(culture.card_kind(card))
    return rec["effect"]["fn"] if rec else None


def _ability_fn(name: str) -> str | None:
    rec = data.by_id("techs").get(name)
    if rec is None:
        return None
    return (rec.get("effect") or {}).get("fn")
