"""The turn of Civilization as one state machine (spec section 4): who acts, which action ids they
may take, applying one, and the steps that run by themselves.

Phases: "setup" (S10, S12: each seat in turn places its capital, then its army and scout),
then per turn "start" (sequential), "trade" (collection, then offers between players until all are done: trade.py),
"city" (sequential), "movement" (sequential), "research" (secret and simultaneous). The seat whose
step it is in a sequential phase is state["step_seat"]; it ends its step with "done". A battle
(combat.py) interrupts the movement step; its decisions belong to the seats it names.

Action ids besides the cities module's (see cities.py):
  capital:<square>                 setup: one of the 4 central squares of the home tile (S10)
  figures:<army square>:<scout square>   setup: the starting army and scout (S12)
  culture                          City Management: advance one space on the culture track (R52)
  discard:<card>                   down to the culture hand limit (R58)
  move:<figure>[,<figure>...]:<square>   Movement: a figure or a group from one square (R62-R79)
  explore:<figure>:<N|E|S|W>       Movement: discover the face-down tile on that side (R68)
  done                             end the step
  research:<tech>|research:none    Research (research.py)
  play:... / loot:...              a battle's decisions (combat.py)"""
from __future__ import annotations

from engine.base import Event, IllegalAction
from engine.text import Msg, Seat

from . import abilities, board, cities, combat, culture, data, economy, effects, event_cards, research, seen, trade, variants, wonders

SEQUENTIAL = ("start", "city", "movement")
MAX_AUTOMATIC_STEPS = 200
HOME_CENTRE = ((1, 1), (2, 1), (1, 2), (2, 2))     # S10: the 4 central squares of a 4x4 tile


def order(state: dict) -> list[int]:
    n = state["players"]
    return [(state["first"] + i) % n for i in range(n)]


# ---------------------------------------------------------------- who acts

def over_limit(state: dict, seat: int) -> bool:
    """R58: the seat holds more culture cards than its limit (never below 2: cheap to rule out;
    coins count only with Computers)."""
    hand = len(state["seats"][seat]["culture_hand"])
    if hand <= research.START_CULTURE_HAND:
        return False
    coins = economy.coins(state, seat) if research.knows(state, seat, "computers") else 0
    return culture.over_limit(state, seat, coins) > 0


def active_players(state: dict) -> set[int]:
    if state.get("result"):
        return set()
    return set(_active(state))


def _active(state: dict) -> list[int]:
    if state.get("pending"):                       # a play waiting for the seats that may cancel it
        return effects.pending_seats(state)
    if state.get("battle"):
        return combat.active_seats(state)
    over = [s for s in order(state) if over_limit(state, s)]
    if over:
        return over[:1]
    phase = state["phase"]
    if phase == "setup":
        return [state["setup"]["order"][0]] if state["setup"]["order"] else []
    if phase in SEQUENTIAL:
        return [state["step_seat"]]
    if phase == "research":
        return research.active_seats(state)
    if phase == "trade":
        return trade.active_seats(state)
    return []


# ---------------------------------------------------------------- legal action ids

def legal_ids(state: dict, seat: int) -> list[str]:
    with economy.reading(state):            # it only reads: the cities' icons worked out once
        return _legal_ids(state, seat)


def _legal_ids(state: dict, seat: int) -> list[str]:
    if state.get("result") or seat not in _active(state):
        return []
    if state.get("pending"):
        return effects.pending_options(state, seat)
    if state.get("battle"):
        return combat.legal_actions(state, seat) + card_options(state, seat)
    if over_limit(state, seat):
        kinds = {}
        for card in sorted(state["seats"][seat]["culture_hand"]):
            kinds.setdefault(culture.card_kind(card), card)   # copies of one card are offered once
        return [f"discard:{c}" for c in kinds.values()]
    phase = state["phase"]
    if phase == "setup":
        return _setup_ids(state, seat)
    if phase == "start":
        return (cities.found_options(state, seat) + cities.government_options(state, seat)
                + cities.great_person_options(state, seat) + cities.gather_options(state, seat)
                + cities.start_harvest_options(state, seat) + card_options(state, seat) + ["done"])
    if phase == "city":
        out = []
        for city in cities.acting_cities(state, seat):
            out += cities.city_actions(state, seat, city)
        if culture.can_advance(state, seat):
            out.append("culture")
        return out + card_options(state, seat) + ["done"]
    if phase == "movement":
        return movement_ids(state, seat) + card_options(state, seat) + ["done"]
    if phase == "research":
        return research.legal_picks(state, seat)
    if phase == "trade":
        return trade.legal_ids(state, seat)
    return []


def card_options(state: dict, seat: int) -> list[str]:
    """Tech and civilization abilities and culture event cards `seat` may play now."""
    if state.get("battle"):
        return abilities.battle_options(state, seat) + event_cards.battle_options(state, seat)
    return abilities.options(state, seat) + event_cards.options(state, seat)


def _setup_ids(state: dict, seat: int) -> list[str]:
    step = state["setup"]["step"]
    if step == "capital":
        home = next(t for t in state["map"]["tiles"] if t.get("home") == seat)
        return sorted(f"capital:{board.label(home['x'] + dx, home['y'] + dy)}" for dx, dy in HOME_CENTRE)
    capital = next(c for c in state["cities"] if c["owner"] == seat and c["capital"])
    land = [board.label(x, y) for x, y in board.outskirts(state, capital["x"], capital["y"])
            if board.square(state, x, y)["terrain"] != "water"]                   # S12: not on water
    return [f"figures:{a}:{s}" for a in land for s in land]


# ---------------------------------------------------------------- movement

def moved(state: dict) -> dict:
    """figure id -> movement points used this turn ("done" when its move is over, R62): the
    state's own dict, for a move to write."""
    return state.setdefault("moved", {})


def movement_ids(state: dict, seat: int) -> list[str]:
    speed = research.travel_speed(state, seat)
    water = research.water_rule(state, seat)
    stacking = research.stacking_limit(state, seat)
    scouts_huts = bool(data.government_effects(state["seats"][seat]["government"]).get("scouts_explore_huts"))
    used = state.get("moved") or {}                  # read only: legal ids never write the state
    out = []
    by_square: dict[tuple[int, int], list[dict]] = {}
    for f in state["figures"]:
        if f["owner"] == seat and used.get(f["id"]) != "done" and not abilities.held(state, f):   # Communism, Steam Power
            by_square.setdefault((f["x"], f["y"]), []).append(f)
    for (x, y), figs in sorted(by_square.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        for group in groups_of(figs, used):
            left = speed - max(used.get(f["id"], 0) for f in group)
            ids = ",".join(f["id"] for f in group)
            if left > 0:
                for target in sorted(board.moves(state, seat, (x, y), left, water, stacking, [f["id"] for f in group],
                                                 scouts_huts)):
                    out.append(f"move:{ids}:{target}")
        for f in groups_of(figs, used, singles=True):                   # R68: 1 movement to discover
            f = f[0]
            if speed - used.get(f["id"], 0) >= board.DISCOVER_COST:
                out += [f"explore:{f['id']}:{d}" for _slot, d in board.discoverable(state, x, y)]
    return out


def groups_of(figs: list[dict], used: dict, singles: bool = False) -> list[list[dict]]:
    """R64: the groups that can leave a square, one per make-up (alike figures are interchangeable,
    so two armies are offered once, as the one with the most movement left): every count of
    armies with every count of scouts; `singles`: one figure of each kind."""
    by_kind = {k: sorted((f for f in figs if f["kind"] == k), key=lambda f: (used.get(f["id"], 0), f["id"]))
               for k in ("army", "scout")}
    out = []
    for a in range(len(by_kind["army"]) + 1):
        for sc in range(len(by_kind["scout"]) + 1):
            if a + sc == 0 or (singles and a + sc != 1):
                continue
            out.append(by_kind["army"][:a] + by_kind["scout"][:sc])
    return out


def _move(state: dict, seat: int, action_id: str) -> list[Event]:
    if action_id not in movement_ids(state, seat):
        raise IllegalAction(Msg("That figure cannot move there."))
    _, ids, target = action_id.split(":")
    group = [f for f in state["figures"] if f["id"] in ids.split(",")]
    start = (group[0]["x"], group[0]["y"])
    used = moved(state)
    left = research.travel_speed(state, seat) - max(used.get(f["id"], 0) for f in group)
    ends = board.moves(state, seat, start, left, research.water_rule(state, seat),
                       research.stacking_limit(state, seat), [f["id"] for f in group],
                       bool(data.government_effects(state["seats"][seat]["government"]).get("scouts_explore_huts")))
    info = ends[target]
    x, y = board.parse_label(target)
    for f in group:
        f["x"], f["y"] = x, y
        used[f["id"]] = "done"                                         # R62: its move is over
        state["seats"][seat].get("gathering", {}).pop(f["id"], None)
    what = cities.figure_name(group[0]) if len(group) == 1 else Msg("group of {n}", n=len(group))
    events = [Event(Msg("{player} moves {what} from {start} to {end}.", player=Seat(seat), what=what,
                        start=board.label(*start), end=target))]
    stop = info["stop"]
    if stop == "hut":
        events += _take_hut(state, seat, target)
    elif stop == "village":
        events += combat.start_battle(state, seat, target, "village", [f["id"] for f in group])
    elif stop == "battle":
        events += combat.start_battle(state, seat, target, "figures", [f["id"] for f in group])
    elif stop == "city":
        events += combat.start_battle(state, seat, target, "city", [f["id"] for f in group])
    elif stop == "scouts":
        events += combat.capture_scouts(state, seat, target)
    return events + abilities.after_move(state, seat, target, group)          # Combustion


def _take_hut(state: dict, seat: int, where: str) -> list[Event]:
    """R71: the hut is absorbed; its resource goes face down to the civ sheet."""
    marker = state["markers"].pop(where)
    seen.gain_marker(state["seats"][seat], marker["content"], "hut")          # face down: only its holder knows
    return [Event(Msg("{player} explores the hut on {square}.", player=Seat(seat), square=where),
                  private={seat: Msg("The hut holds {resource}.", resource=cities.resource_name(marker["content"]))},
                  hidden=True)] + abilities.on_hut(state, seat)                  # China


def _explore(state: dict, seat: int, action_id: str) -> list[Event]:
    if action_id not in movement_ids(state, seat):
        raise IllegalAction(Msg("That figure cannot discover a tile there."))
    _, fig_id, direction = action_id.split(":")
    fig = next(f for f in state["figures"] if f["id"] == fig_id)
    slot = next(s for s, d in board.discoverable(state, fig["x"], fig["y"]) if d == direction)
    used = moved(state)
    used[fig_id] = used.get(fig_id, 0) + board.DISCOVER_COST           # G30: it may move on after
    return board.reveal(state, slot, direction, seat)


# ---------------------------------------------------------------- applying

def apply(state: dict, seat: int, action_id: str) -> list[Event]:
    if seat not in _active(state):
        raise IllegalAction(Msg("It is not your turn to act."))
    events = _apply(state, seat, action_id)
    events += run_automatic(state)
    return events


def _apply(state: dict, seat: int, action_id: str) -> list[Event]:
    verb = action_id.split(":", 1)[0]
    if state.get("pending") or verb in abilities.VERBS or verb in event_cards.VERBS:
        if action_id not in legal_ids(state, seat):
            raise IllegalAction(Msg("That is not something you can do now."))
        if state.get("pending"):
            return effects.apply_pending(state, seat, action_id, RESUME)
        return (abilities if verb in abilities.VERBS else event_cards).apply(state, seat, action_id)
    if state.get("battle"):
        return combat.apply(state, seat, action_id)
    if verb == "discard":
        if action_id not in legal_ids(state, seat):
            raise IllegalAction(Msg("Discard a culture event card from your hand."))
        return culture.discard(state, seat, action_id.split(":", 1)[1])
    phase = state["phase"]
    if phase == "trade" and trade.is_open(state) and not over_limit(state, seat):
        return trade.apply(state, seat, action_id)                 # it checks the id (clear messages)
    if action_id not in legal_ids(state, seat):
        raise IllegalAction(Msg("That is not something you can do now."))
    if phase == "setup":
        return _setup_step(state, seat, action_id)
    if action_id == "done":
        return _end_step(state, seat)
    if phase == "start":
        if verb == "found":
            return cities.found(state, seat, action_id.split(":")[1])
        if verb == "government":
            return cities.change_government(state, seat, action_id.split(":")[1])
        if verb == "greatperson":
            _, kind, where = action_id.split(":")
            return cities.place_great_person(state, seat, kind, where)
        if verb == "gather":
            _, scout, city = action_id.split(":")
            return cities.gather(state, seat, scout, city)
        if verb == "startharvest":
            return cities.start_harvest(state, seat, action_id)
    if phase == "city":
        if verb == "culture":
            return culture.advance(state, seat)
        return cities.apply_city_action(state, seat, action_id)
    if phase == "movement":
        if verb == "move":
            return _move(state, seat, action_id)
        if verb == "explore":
            return _explore(state, seat, action_id)
    if phase == "research":
        return research.pick(state, seat, action_id)
    if phase == "trade":
        return trade.apply(state, seat, action_id)
    raise IllegalAction(Msg("That is not something you can do now."))


# what an answered pending play goes on with (effects.py holds it, below the modules that carry it on)
RESUME = {"choose": event_cards.continue_choice,        # a card's next choice, or a great person's square
          "cancelled": event_cards.cancelled,           # a culture event cancelled in the window
          "city": cities.apply_city_action}             # a city action nobody cancelled (Writing)


def _setup_step(state: dict, seat: int, action_id: str) -> list[Event]:
    verb, _, rest = action_id.partition(":")
    area = state["seats"][seat]
    if verb == "capital":
        x, y = board.parse_label(rest)
        city = cities.place_city(state, seat, x, y, capital=True)                # S10
        city["walled"] = data.by_id("civilizations")[area["civ"]]["setup_bonus"]["id"] == "walled_capital"  # S11
        area["trade"] = min(economy.TRADE_MAX, sum(board.square(state, *p)["icons"]["trade"]
                                                     for p in board.outskirts(state, x, y)))   # S15
        state["setup"]["step"] = "figures"
        return [Event(Msg("{player} places their capital on {square}.", player=Seat(seat), square=rest))]
    army, scout = rest.split(":")
    ax, ay = board.parse_label(army)
    sx, sy = board.parse_label(scout)
    cities.place_figure(state, seat, "army", ax, ay)                               # S12
    cities.place_figure(state, seat, "scout", sx, sy)
    if area["civ"] == "russia":
        cities.place_figure(state, seat, "army", ax, ay)                           # the white army
    events = [Event(Msg("{player} places an army on {army} and a scout on {scout}.", player=Seat(seat),
                        army=army, scout=scout))]
    events += _place_setup_markers(state, seat)
    state["setup"]["order"].pop(0)
    state["setup"]["step"] = "capital"
    if not state["setup"]["order"]:
        events += _start_turn(state)
    return events


def _place_setup_markers(state: dict, seat: int) -> list[Event]:
    """S11 first-game suggestion, taken as the rule here (DD): America's great person and Egypt's
    wonder marker go on a grassland square of the capital's outskirts (else any land square)."""
    area = state["seats"][seat]
    capital = next(c for c in state["cities"] if c["owner"] == seat and c["capital"])
    squares = cities.placement_squares(state, seat, capital)
    squares.sort(key=lambda p: (board.square(state, *p)["terrain"] != "grassland", p[1], p[0]))
    events = []
    wonder = area.pop("pending_wonder_marker", None)
    if wonder and squares:
        where = board.label(*squares.pop(0))
        state["wonders_at"][where] = {"id": wonder, "owner": seat}
        events.append(Event(Msg("{player}'s wonder stands on {square}.", player=Seat(seat), square=where)))
    if area["civ"] == "america" and area["great_people"] and squares:
        where = board.label(*squares.pop(0))
        kind = area["great_people"].pop()
        state["great_people_at"][where] = {"id": kind, "owner": seat}
        events.append(Event(Msg("{player}'s great person stands on {square}.", player=Seat(seat), square=where)))
    return events


def _start_turn(state: dict) -> list[Event]:
    """R2: a new turn; from turn 2 the first player marker passes to the left."""
    state["turn"] += 1
    if state["turn"] > 1:
        state["first"] = (state["first"] + 1) % state["players"]
    state["phase"] = "start"
    state["step_seat"] = state["first"]
    state["moved"] = {}
    state["city_done"] = []
    events = [Event(Msg("Turn {turn} begins; {player} is the first player.", turn=state["turn"],
                        player=Seat(state["first"])))]
    for seat in order(state):                     # a government's start-of-turn trade (Democracy, house)
        gain = int(data.government_effects(state["seats"][seat]["government"]).get("start_trade", 0))
        if gain:
            area = state["seats"][seat]
            area["trade"] = min(economy.TRADE_MAX, area["trade"] + gain)
            events.append(Event(Msg("{player} gains {n} trade from their government.", player=Seat(seat), n=gain)))
    events += wonders.start_of_turn(state) + abilities.start_of_turn(state)        # R10
    return events


def _end_step(state: dict, seat: int) -> list[Event]:
    """The seat's step in a sequential phase is over: the next seat clockwise, or the next phase."""
    if state["phase"] == "start":
        state["seats"][seat]["new_governments"] = []      # R19, G25: the one chance is this step
    seq = order(state)
    i = seq.index(seat)
    if i + 1 < len(seq):
        state["step_seat"] = seq[i + 1]
        return []
    phase = state["phase"]
    if phase == "start":
        state["phase"] = "trade"
        events = trade.begin(state)                                             # R24, R27
        if not trade.is_open(state):
            events += begin_city_management(state)
        return events
    if phase == "city":
        state["phase"] = "movement"
        state["step_seat"] = state["first"]
        state["moved"] = {}
        return []
    if phase == "movement":
        state["phase"] = "research"
        return research.begin(state)
    return []


# the Trade phase's end lives in trade.py (below this module): a trade move may end the phase
begin_city_management = trade.begin_city_management


def run_automatic(state: dict) -> list[Event]:
    events: list[Event] = []
    for _ in range(MAX_AUTOMATIC_STEPS):
        events += economy.check_economic_victory(state)
        events += variants.check_end(state)                    # the learning game (section 8, T52)
        if state.get("result"):
            return events
        if state["phase"] == "research" and not state.get("battle") and research.all_chosen(state):
            events += research.reveal(state, {s: economy.coins(state, s) for s in range(state["players"])})
            if not state.get("result"):
                events += variants.turn_cap(state)             # G40 DD: the last turn is over
            if not state.get("result"):
                events += _start_turn(state)
            continue
        return events
    raise RuntimeError("the automatic steps did not settle")
