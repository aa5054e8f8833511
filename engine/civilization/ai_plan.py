"""The goal-driven plays of the Civilization computer player (issue 36), asked before its usual
plan (ai.py) outside battles and card choices: `plan(ctx, legal)` returns an id of `legal` or None.

- Start of Turn: change government when a better one for the goal is open (R19 directly; R20
  through Anarchy when the gain is large, R21: a turn without the capital's action), Germany's
  market resource, Feudalism's harvest;
- City Management: the coin tasks (R101: Pottery, Democracy, Printing Press) for the economic goal,
  or whenever they cost what the goal does not need; Engineering (G26) on a city that can pay two
  items; Egypt's free building (its best one);
- Movement: Russia's sacrifice for a tech (a scout, or a spare army), and for the military goal
  the armies gather in stacks and march on the target capital (ai_goal.target_capital), attacking
  it when the battle looks won (R105-R110, R122).
The goal (ctx.goal, ai_goal.goal) is read from the seat's view only."""
from __future__ import annotations

from . import ai_base as ai
from . import ai_goal, board, data, research

# how much each government helps each goal (data/civilization/governments.json house effects:
# Despotism +1 production a city, Monarchy an extra capital action, Democracy +1 coin and +2 trade,
# Feudalism +1 coin and a harvest, Communism +1 battle hand and production, Fundamentalism +1 hand)
GOV_SCORE = {
    "culture": {"monarchy": 4, "democracy": 4, "communism": 2, "feudalism": 2, "despotism": 1, "republic": 1},
    "tech": {"democracy": 5, "monarchy": 3, "communism": 2, "feudalism": 2, "despotism": 1, "republic": 1},
    "economic": {"democracy": 6, "feudalism": 5, "monarchy": 2, "communism": 2, "despotism": 1, "republic": 1},
    "military": {"communism": 6, "fundamentalism": 5, "monarchy": 3, "feudalism": 2, "democracy": 2, "despotism": 1,
                 "republic": 1},
}
ANARCHY_GAIN = 3          # a government this much better is worth a turn of Anarchy (R20, R21)
MARKET_PICK = {"culture": "incense", "economic": "wheat", "military": "iron", "tech": "silk"}
TECH_PLAN = {
    "economic": ("pottery", "code_of_laws", "currency", "writing", "philosophy", "democracy", "printing_press",
                 "civil_service", "chivalry", "irrigation", "railroad", "banking", "computers"),
    "military": ("metalworking", "horseback_riding", "masonry", "mathematics", "chivalry", "democracy",
                 "communism", "gunpowder", "military_science", "metal_casting", "railroad", "theology",
                 "ballistics", "combustion", "replaceable_parts", "flight"),
    "tech": ("irrigation", "philosophy", "writing", "pottery", "code_of_laws", "currency", "democracy",
             "monarchy", "printing_press", "engineering", "civil_service"),
}


def _score_gov(goal: str, gov: str) -> int:
    return GOV_SCORE[goal].get(gov, 0)


# ---------------------------------------------------------------- entry

def plan(ctx, legal: list[str]) -> str | None:
    phase = ctx.v["phase"]
    if phase == "start":
        return _start(ctx, legal)
    if phase == "city":
        return _city(ctx, legal)
    if phase == "movement":
        return _movement(ctx, legal)
    return None


# ---------------------------------------------------------------- Start of Turn

def _start(ctx, legal: list[str]) -> str | None:
    area, goal = ctx.area, ctx.goal
    govs = [a for a in legal if a.startswith("government:")]
    if govs:
        now = area["government"]
        direct = [a for a in govs if a != "government:anarchy"]
        if direct:
            best = max(direct, key=lambda a: (_score_gov(goal, a.split(":")[1]), a))
            if now == "anarchy" or _score_gov(goal, best.split(":")[1]) > _score_gov(goal, now):
                return best                                             # R19, R20
        if now != "anarchy" and "government:anarchy" in govs and ctx.v["turn"] >= 3:
            known = research.unlocked_governments(ctx.v, ctx.seat)
            top = max((_score_gov(goal, g) for g in known if g != "anarchy"), default=0)
            if top - _score_gov(goal, now) >= ANARCHY_GAIN and area["culture_level"] < 15:
                return "government:anarchy"                             # R20: the new one next turn
    picks = [a for a in legal if a.startswith("ability:germany:")]
    if picks:
        want = f"ability:germany:{MARKET_PICK[goal]}"
        return want if want in picks else picks[0]
    harvest = [a for a in legal if a.startswith("startharvest:")]
    if harvest:
        want = [a for a in harvest if a.endswith(":" + MARKET_PICK[goal])]
        return (want or harvest)[0]
    return None


# ---------------------------------------------------------------- City Management

def coin_task_wanted(ctx, tech: str) -> bool:
    """R101: a coin task is paid when the goal is economic; otherwise only when what it costs is
    not needed (Democracy's 6 trade with plenty left, Pottery's resources with nothing to use them
    on)."""
    area, goal = ctx.area, ctx.goal
    if goal == "economic":
        return True
    if tech == "democracy":
        return goal != "tech" and area["trade"] >= 20
    if tech == "pottery":
        return goal in ("military",) and len(area["resources"]) >= 3
    return False


def _city(ctx, legal: list[str]) -> str | None:
    for tech in ai_goal.COIN_TASKS:
        a = f"ability:{tech}"
        if a in legal and coin_task_wanted(ctx, tech):
            return a
    eng = [a for a in legal if a.startswith("ability:engineering:")]
    if eng:
        from . import economy
        from .cities import production
        cheapest = min(4, research.unit_cost(ctx.v, ctx.seat, "infantry"))
        best = None
        for a in eng:
            city = economy.city_by_id(ctx.v, a.split(":")[2])
            prod = production(ctx.v, ctx.seat, city)
            if prod >= 2 * cheapest + 1 and (best is None or prod > best[0]):
                best = (prod, a)
        if best:
            return best[1]
    egypt = [a for a in legal if a.startswith("ability:egypt:") and a.count(":") == 2]
    if egypt and (ctx.area["culture_tokens"] >= 3 or ctx.goal in ("military", "tech")):
        return egypt[0]                                                 # the building is weighed next step
    return None


def free_building(ctx, steps: list[str]) -> str:
    """Egypt's second step: the building that gains most on its square (walls when threatened)."""
    best, gain = steps[0], -99.0
    for a in steps:
        parts = a.split(":")
        b, where = parts[3], parts[4]
        if b == "walls":
            g = 3.0
        else:
            if where in ctx.v["wonders_at"] or where in ctx.v["great_people_at"]:
                continue
            rec = data.by_id("buildings")[b]
            x, y = board.parse_label(where)
            g = (ai._value(board.building_icons(b)) - ai._value(ctx.yields(x, y)) + rec["cost"] / 4
                 + (2.0 if rec["combat_bonus"] and ctx.goal == "military" else 0.0))
        if g > gain:
            best, gain = a, g
    return best


# ---------------------------------------------------------------- Research

def research_pick(ctx, techs: list[str]) -> str | None:
    """The goal's research (R80-R90); None: the usual plan's. `techs`: the legal research ids."""
    goal = ctx.goal
    if "research:space_flight" in techs:
        return "research:space_flight"                                  # R87
    if goal == "tech":
        rows = research.row_counts(ctx.v, ctx.seat)
        ready = rows[1] >= 5 and rows[2] >= 4 and rows[3] >= 3 and rows[4] >= 2
        if ready and not research.space_flight_taken(ctx.v):
            return "research:none"                                      # R82, R83: hold trade for 26
        # the highest level that fits and still fills the pyramid (trade is spent anyway, R83), in
        # the plan's order; nothing when only full rows are affordable (the trade is kept)
        order = TECH_PLAN["tech"]
        techs = [a for a in techs if a != "research:none"
                 and rows[research.level(a.split(":")[1])] < ai_goal.PYRAMID.get(research.level(a.split(":")[1]), 0)]
        if not techs:
            return "research:none"
        return max(techs, key=lambda a: (research.level(a.split(":")[1]),
                                         -(order.index(a.split(":")[1]) if a.split(":")[1] in order else 50),
                                         -ai.TECH_RANK.get(a.split(":")[1], 99), a))
    if goal in ("economic", "military"):
        order = TECH_PLAN[goal]
        planned = [a for a in techs if a.split(":")[1] in order]
        if planned:
            return min(planned, key=lambda a: (order.index(a.split(":")[1]), a))
        return max(techs, key=lambda a: (research.level(a.split(":")[1]), -ai.TECH_RANK.get(a.split(":")[1], 99), a))
    return None


# ---------------------------------------------------------------- Movement

def _movement(ctx, legal: list[str]) -> str | None:
    russia = [a for a in legal if a.startswith("ability:russia:") and a.count(":") == 3]
    if russia:
        armies = ctx.my_figures("army")
        for a in russia:
            fig = next(f for f in ctx.v["figures"] if f["id"] == a.split(":")[2])
            if fig["kind"] == "scout" or (ctx.goal != "military" and len(armies) > 3):
                return a
    if ctx.goal == "military":
        return _march(ctx, legal)
    if ctx.area["civ"] == "russia" and "russia" not in (ctx.area.get("used_this_turn") or []):
        return _to_enemy_city(ctx, legal)
    return None


def _to_enemy_city(ctx, legal: list[str]) -> str | None:
    """Russia: the armies beyond two walk towards the nearest enemy city that knows a tech Russia
    could take by its sacrifice (a tech of another civilization that fits its pyramid, R84)."""
    v, seat = ctx.v, ctx.seat
    goals = [(c["x"], c["y"]) for c in v["cities"] if c["owner"] != seat
             and any(research.fits(v, seat, t["id"]) is not None for t in v["seats"][c["owner"]]["techs"])]
    if not goals:
        return None
    near = sorted({p for g in goals for p in board.outskirts(v, *g)
                   if ctx.square(*p) and ctx.square(*p)["terrain"] != "water"})
    moves = ai._moves(legal)
    used = v.get("moved", {})
    water = research.water_rule(v, seat)
    armies = sorted(ctx.my_figures("army"), key=lambda f: f["id"])
    keep = 1 if ctx.goal == "tech" else 2
    for fig in armies[keep:]:
        if used.get(fig["id"]) == "done" or (fig["x"], fig["y"]) in near:
            continue
        a = ai._step_towards(ctx, fig["id"], moves, near, water)
        if a:
            return a
    return None


def russia_tech(ctx, steps: list[str]) -> str:
    """Russia's second step: the highest-level tech, the goal's order when tied."""
    order = TECH_PLAN.get(ctx.goal, ai.TECH_ORDER)
    return max(steps, key=lambda a: (research.level(a.split(":")[4]),
                                     -(order.index(a.split(":")[4]) if a.split(":")[4] in order else 60), a))


def _march(ctx, legal: list[str]) -> str | None:
    """The armies of the military goal: attack the target capital when the battle looks won, else
    join up in pairs (R65, R105: each figure beyond the first adds 2 cards) and walk towards it,
    stopping beside it until the stack is strong enough."""
    v, seat = ctx.v, ctx.seat
    target = ai_goal.target_capital(v, seat)
    if target is None:
        return None
    tlabel = board.label(target["x"], target["y"])
    moves = ai._moves(legal)
    used = v.get("moved", {})
    water = research.water_rule(v, seat)
    armies = [f for f in ctx.my_figures("army") if used.get(f["id"]) != "done"]
    if not armies:
        return None
    groups: dict[tuple[int, int], list[dict]] = {}
    for f in armies:
        groups.setdefault((f["x"], f["y"]), []).append(f)
    forces = len(ctx.area["standing_forces"])
    for (x, y), figs in sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[0][1], kv[0][0])):
        ids = ",".join(sorted(f["id"] for f in figs))
        key = ids if ids in moves else min(f["id"] for f in figs)
        options = moves.get(key, [])
        if not options:
            continue
        n = len(key.split(","))
        for target_sq, a in options:
            if target_sq == tlabel and _capital_ok(ctx, tlabel, n):
                return a                                                # R122
        if forces < 5 or n < 2 and len(armies) >= 2:
            # gather: the loose armies walk to the largest stack (or to the capital's outskirts)
            if n >= 2 or len(armies) < 2:
                continue
            others = [(ox, oy) for (ox, oy), g in groups.items() if (ox, oy) != (x, y)]
            if others:
                a = ai._step_towards(ctx, key, moves, others, water)
                if a:
                    return a
            continue
        dist_now = abs(x - target["x"]) + abs(y - target["y"])
        if dist_now <= 2:
            continue                                                    # beside it: wait for strength
        near = [p for p in board.outskirts(v, target["x"], target["y"])
                if ctx.square(*p) and ctx.square(*p)["terrain"] != "water"]
        a = ai._step_towards(ctx, key, moves, near, water)
        if a:
            return a
    return None


def _capital_ok(ctx, square: str, armies: int) -> bool:
    """Whether attacking the capital on `square` looks like a win: the stack's hand against the
    defender's with the capital's +12 (+4 walled) and +3 cards (R105, R109)."""
    from . import combat
    v, seat = ctx.v, ctx.seat
    x, y = board.parse_label(square)
    city = board.city_at(v, x, y)
    if city is None:
        return False
    hand = combat.BASE_HAND + combat.HAND_PER_FIGURE * (armies - 1) + \
        (1 if ctx.area["government"] in ("fundamentalism", "communism") else 0)
    mine = ai._hand_strength(ctx, ctx.area["standing_forces"], ctx.area["ranks"], hand) + combat.side_bonus(v, seat)
    owner = city["owner"]
    defenders = [f for f in board.figures_at(v, x, y) if f["owner"] == owner]
    dhand = combat.BASE_HAND + combat.HAND_PER_FIGURE * max(0, len(defenders) - 1) + combat.CITY_DEFENDER_HAND
    theirs = ai._enemy_strength(ctx, owner, dhand) + combat.city_bonus(city) + combat.side_bonus(v, owner)
    return mine >= 1.1 * theirs + 2


# ---------------------------------------------------------------- Trade (R27)

# what one item is worth to a seat by its goal: trade (research, Democracy's coin task), culture
# tokens (the track, Printing Press), a market resource (abilities, Pottery's coin task), a hidden
# resource, a culture event card
WORTH = {
    "culture": {"trade": 0.6, "culture": 1.6, "resources": 2.0, "hidden": 2.0, "cards": 1.5},
    "tech": {"trade": 1.3, "culture": 0.5, "resources": 1.5, "hidden": 1.5, "cards": 1.0},
    "economic": {"trade": 1.0, "culture": 1.0, "resources": 2.5, "hidden": 2.5, "cards": 1.0},
    "military": {"trade": 1.0, "culture": 0.6, "resources": 2.0, "hidden": 2.0, "cards": 1.5},
}
ASK_FOR = {"culture": "ask:culture:1", "tech": "ask:trade:3", "economic": "ask:trade:3", "military": "ask:trade:3"}


def worth(ctx, side: dict) -> float:
    w = WORTH[ctx.goal]
    return (w["trade"] * side["trade"] + w["culture"] * side["culture"]
            + sum(w[k] * len(side[k]) for k in ("resources", "hidden", "cards")))


def accept_offer(ctx, offer: dict) -> bool:
    """An offer is taken when what it gives is worth more than what it asks, for this goal, and it
    does not come from an opponent about to win."""
    if ai_goal.nearest_win(ctx.v, offer["from"]) < 3:
        return False
    return worth(ctx, offer["give"]) > worth(ctx, offer["get"])


def _needed_resources(ctx) -> set[str]:
    """The market resources the abilities of the seat's known techs spend (R61, R91)."""
    out = set()
    for t in research.known(ctx.v, ctx.seat):
        ra = data.by_id("techs")[t].get("resource_ability") or {}
        out |= set(ra.get("cost", {}))
    if ctx.goal == "economic" and research.knows(ctx.v, ctx.seat, "pottery"):
        out.add("any")
    return out


def surplus_resource(ctx) -> str | None:
    """A market resource the seat holds and none of its abilities spends (one kept of each
    resource an ability spends), None when there is none."""
    need = _needed_resources(ctx)
    if "any" in need:
        return None
    have = sorted(ctx.area["resources"])
    for r in have:
        if r not in need or have.count(r) > 1:
            return r
    return None


def resource_offer(ctx, legal: list[str]) -> str | None:
    """One step of an offer of a spare market resource for what the goal needs (3 trade or a
    culture token), to the opponent furthest from winning that holds it."""
    draft = next((o for o in ctx.v.get("offers", []) if o["status"] == "draft" and o["from"] == ctx.seat), None)
    ask = ASK_FOR[ctx.goal]
    if draft is not None:
        if draft["give"]["cards"]:
            return None                                             # the card offer (ai.py) goes on
        if not draft["give"]["resources"]:
            r = surplus_resource(ctx)
            return f"give:res:{r}" if r and f"give:res:{r}" in legal else "withdraw"
        kind, n = ask.split(":")[1], int(ask.split(":")[2])
        if draft["get"][kind] < n:
            return ask if ask in legal else "withdraw"
        return "send" if "send" in legal else "withdraw"
    r = surplus_resource(ctx)
    if r is None:
        return None
    kind, n = ask.split(":")[1], int(ask.split(":")[2])
    key = "culture_tokens" if kind == "culture" else "trade"
    targets = [s for s in range(len(ctx.v["seats"])) if s != ctx.seat and f"offer:{s}" in legal
               and ctx.v["seats"][s][key] >= n + (3 if kind == "trade" else 0)]
    if not targets:
        return None
    return f"offer:{max(targets, key=lambda s: (ai_goal.nearest_win(ctx.v, s), -s))}"
