"""Game setup (section 3 of the spec: 3.1 four players, 3.2 three, 3.3 two, 3.5/3.6 scenarios)."""
from __future__ import annotations

from engine.base import IllegalAction
from engine.rng import new_rng_state, next_random
from engine.text import Msg, Seat, plural, to_json

from . import data
from .cards import draw, pool_take_top, shuffle

VARIANTS = ("normal", "advanced", "scenario1", "scenario2")
# The seats a computer player plays, when whoever sets the game up says so (a list of seats; not a
# declared match option, so nobody sets it from a command). Only a game whose every seat is named
# has the stall guard (turns.stall_guard_rounds); the platform's matches always seat a person.
COMPUTER_SEATS = "computer_seats"


def computer_only(players: int) -> dict:
    """The setup option of a game played by computer players in every seat (benches, tests)."""
    return {COMPUTER_SEATS: list(range(players))}


def _computer_seats(raw, players: int) -> list[int]:
    try:
        seats = sorted({int(s) for s in raw})
    except (TypeError, ValueError):
        seats = [-1]
    if any(not 0 <= s < players for s in seats):
        raise ValueError(Msg("The computer seats must be seats of this game (0 to {last}).", last=players - 1))
    return seats


def house_defaults() -> dict:
    """R133 house rules and their values in the rulebook's own game."""
    return {"start_cities": 1, "no_neutral": False, "start_heroes": 0,
            "level4_end": data.board()["end"]["level4_cities"]}


def house_rule(state: dict, key: str):
    """A house-rule value of this game (snapshots made before an option existed have the default)."""
    v = state["options"].get(key)
    return house_defaults()[key] if v is None else v


def _house_options(options: dict, players: int, variant: str) -> dict:
    """R133: the house rules the rulebook suggests (all players agree before the game), checked."""
    d = house_defaults()

    def number(key: str, lo: int, hi: int, what: Msg) -> int:
        raw = options.get(key)
        if raw is None:
            return d[key]
        try:
            v = int(raw)
        except (TypeError, ValueError):
            raise ValueError(Msg("{what} must be a number from {low} to {high}.", what=what, low=lo,
                                 high=hi)) from None
        if not lo <= v <= hi:
            raise ValueError(Msg("{what} must be from {low} to {high}.", what=what, low=lo, high=hi))
        return v

    out = {
        "start_cities": number("start_cities", 1, 3, Msg("Starting cities per player")),
        "no_neutral": bool(options.get("no_neutral")),
        "start_heroes": number("start_heroes", 0, 2, Msg("Heroes on the board at the start")),
        "level4_end": number("level4_end", 1, data.board()["markers"]["high"],
                             Msg("The number of level-4 cities that ends the game")),
    }
    if variant == "scenario2" and (out["start_cities"] > 1 or out["no_neutral"]):
        raise ValueError(Msg("Scenario 2 has no starting cities and its neutral cities hold the Great Artifacts: "
                             "the starting-city and no-neutral house rules do not apply to it."))
    if out["start_cities"] > 1 and str(out["start_cities"]) not in data.board()["extra_start"][str(players)]:
        raise ValueError(Msg("{cities} starting cities are not set up for {players} players.",
                             cities=out["start_cities"], players=players))
    return out


def house_rules_text(options: dict) -> list[Msg]:
    """The house rules of a game in words (R133), for the log, the board picture and /battalia rules."""
    d = house_defaults()
    out = []
    k = int(options.get("start_cities") or d["start_cities"])
    if k > 1:
        out.append(Msg("{n} starting cities each", n=k))
    if options.get("no_neutral"):
        out.append(Msg("no neutral cities"))
    h = int(options.get("start_heroes") or 0)
    if h:
        out.append(plural("{n} starting hero each", "{n} starting heroes each", n=h))
    e = int(options.get("level4_end") or d["level4_end"])
    if e != d["level4_end"]:
        out.append(plural("{n} level-4 city ends the game", "{n} level-4 cities end the game", n=e))
    if options.get("weeks"):
        out.append(Msg("{n}-week limit", n=options["weeks"]))
    return out


def option_problem(players: int, options: dict) -> Msg | None:
    """Why these options cannot set up a game for this many players, as a sentence (None when they can)."""
    try:
        setup(players, options, 0)
    except ValueError as e:
        problem = e.args[0] if e.args else str(e)
        return problem if isinstance(problem, Msg) else Msg("{problem}", problem=str(problem))
    return None


def empty_turn() -> dict:
    return {"spent": {}, "transformed": [], "as": {}, "hammer_role": None, "formation": False,
            "redeployed": False, "defended": [], "scroll_self": [], "actions": 0}


def _new_player(seat: int) -> dict:
    m = data.board()["markers"]
    return {"seat": seat, "faction": None, "realm": [], "hand": [], "sanctuary": [], "sanctuary_face_down": [],
            "ambush": [],
            "tents": [], "played": [], "gained": [], "line": [], "heroes": [None, None],
            "markers": {"low": m["low"], "high": m["high"]}, "great": None, "neutral_taken": 0}


def setup(players: int, options: dict, seed: int) -> dict:
    options = dict(options or {})
    variant = options.get("variant", "normal")
    if variant not in VARIANTS:
        raise ValueError(Msg("There is no variant {variant}.", variant=repr(variant)))
    if not 2 <= players <= 4:
        raise ValueError(Msg("Battalia is for 2-4 players."))
    if variant == "scenario2" and players != 4:
        raise ValueError(Msg("Scenario 2 is played by exactly 4 players."))  # design G26b
    opts = {"variant": variant, "advanced": bool(options.get("advanced") or variant == "advanced"),
            "weeks": options.get("weeks")}
    opts.update(_house_options(options, players, variant))
    if options.get(COMPUTER_SEATS) is not None:  # stored only when given: a plain game's state is unchanged
        opts[COMPUTER_SEATS] = _computer_seats(options[COMPUTER_SEATS], players)
    state: dict = {
        "game": "battalia", "rng": new_rng_state(seed), "options": opts, "n": players,
        "round": 1, "phase": "setup_faction", "current": 0, "first": 0,
        "cards": {}, "terrain": {}, "virtual": {}, "next_id": {"c": 0, "t": 0, "v": 0},
        "pool": {"units": {t: [] for t in data.UNIT_TYPES}, "supply": [],
                 "artifacts": {t: [] for t in data.ARTIFACT_TYPES},
                 "cities": {s: [] for s in data.CITY_SHAPES}, "roads": {s: [] for s in data.ROAD_SHAPES},
                 "great": [], "void": [], "box": [], "box_terrain": [], "hidden_great": {}},
        "board": {}, "impassable": [], "removed": [], "players": [_new_player(s) for s in range(players)],
        "turn": empty_turn(), "battle": None, "pending": None, "log": [], "result": None,
        "setup": {"order": [], "factions_left": []},
    }
    cd = data.cards()

    def new_card(t: str, f) -> str:
        state["next_id"]["c"] += 1
        cid = f"k{state['next_id']['c']}"
        state["cards"][cid] = {"t": t, "f": f}
        return cid

    def new_tile(kind: str, shape: str, terrain) -> str:
        state["next_id"]["t"] += 1
        tid = f"t{state['next_id']['t']}"
        state["terrain"][tid] = {"kind": kind, "shape": shape, "terrain": terrain}
        return tid

    factions = list(data.FACTIONS)
    if players == 2:  # 3.3: remove one faction entirely (random or by agreement)
        removed = options.get("removed_faction") or next_random(state).choice(factions)
        if removed not in factions:
            raise ValueError(Msg("The removed faction must be one of G, B, R or Y."))
        factions.remove(removed)
        opts["removed_faction"] = removed
    opts["factions"] = factions

    for t in data.UNIT_TYPES:
        for f in factions:
            for _ in range(cd["units"][t]["per_faction"]):
                state["pool"]["units"][t].append(new_card(t, f))
        shuffle(state, state["pool"]["units"][t])
    supply_count = cd["supply"]["count"] - cd["supply"]["per_faction_removed"] * (4 - len(factions))
    state["pool"]["supply"] = [new_card("supply", None) for _ in range(supply_count)]
    for t in data.ARTIFACT_TYPES:
        for f in factions:
            for _ in range(cd["artifacts"][t]["per_faction"]):
                state["pool"]["artifacts"][t].append(new_card(t, f))
        shuffle(state, state["pool"]["artifacts"][t])
    great = [new_card(g, "*") for g in data.GREAT_TYPES]

    # terrain cards: the cross cities used at setup are taken out first (3.1 steps 3-4)
    tr = data.terrain()
    cross_for_setup: dict[str, list[str]] = {f: [] for f in factions}
    for f in factions:
        for shape in data.CITY_SHAPES:
            for i in range(tr["city_counts_per_terrain"][shape]):
                tid = new_tile("city", shape, f)
                if shape == "cross" and i < 2:
                    cross_for_setup[f].append(tid)
                else:
                    state["pool"]["cities"][shape].append(tid)
        for shape in data.ROAD_SHAPES:
            for _ in range(tr["road_counts_per_terrain"][shape]):
                state["pool"]["roads"][shape].append(new_tile("road", shape, f))
    for d in list(state["pool"]["cities"].values()) + list(state["pool"]["roads"].values()):
        shuffle(state, d)

    bd = data.board()
    lay = bd["setups"][str(players)]
    state["removed"] = list(lay["removed"])
    state["board"][bd["ruins"]["square"]] = {"card": "ruins", "kind": "ruins", "shape": "cross", "rot": 0,
                                             "terrain": None, "owner": None}
    defence = bd["defence"]
    first_set = [cross_for_setup[f][0] for f in factions]
    second_set = [cross_for_setup[f][1] for f in factions]
    shuffle(state, first_set)
    shuffle(state, second_set)

    def put_city(sq: str, tid: str, owner, level: int, dfc: int = 0) -> None:
        state["board"][sq] = {"card": tid, "kind": "city", "shape": "cross", "rot": 0,
                              "terrain": state["terrain"][tid]["terrain"], "owner": owner, "level": level,
                              "defence": dfc}

    if variant == "scenario2":
        # 3.6: neutral level-6 cities in the corners, a hidden Great Artifact under each (R132)
        shuffle(state, great)
        for sq, tid in zip(bd["scenario2"]["corners"], first_set):
            put_city(sq, tid, "neutral", 4, defence["scenario2_neutral"])
            state["pool"]["hidden_great"][sq] = great.pop()
        state["pool"]["box"].append(great.pop())  # the fifth, unseen
        for tid in second_set:
            state["pool"]["cities"]["cross"].append(tid)  # G26a: no neutral cities round the Ruins
        shuffle(state, state["pool"]["cities"]["cross"])
    else:
        for sq, tid in zip(lay["start"], first_set):
            put_city(sq, tid, None, 1)  # unmarked until chosen (3.1 step 13)
        state["pool"]["box_terrain"] += first_set[len(lay["start"]):]
        if opts["no_neutral"]:  # R133 house rule: no neutral cities; their cards stay in the cross deck
            state["pool"]["cities"]["cross"] += second_set
            shuffle(state, state["pool"]["cities"]["cross"])
        else:
            neutral_def = defence["scenario1_neutral"] if variant == "scenario1" else defence["neutral"]
            for sq, tid in zip(lay["neutral"], second_set):
                put_city(sq, tid, "neutral", 4, neutral_def)
            state["pool"]["box_terrain"] += second_set[len(lay["neutral"]):]
        state["board"]["d4"]["defence"] = defence["scenario1_ruins"] if variant == "scenario1" else defence["ruins"]
        if opts["start_cities"] > 1:
            # R133 house rule: more starting cities, unmarked cross cities on fixed squares (data), taken
            # from the cards set aside in the box first, then from the cross deck
            squares = bd["extra_start"][str(players)][str(opts["start_cities"])]
            spare = state["pool"]["box_terrain"]
            for sq in squares:
                tid = spare.pop(0) if spare else pool_take_top(state, state["pool"]["cities"]["cross"])
                if tid is None:
                    raise ValueError(Msg("There are not enough cross cities for {cities} starting cities each with "
                                         "{players} players (without neutral cities there are).",
                                         cities=opts["start_cities"], players=players))
                put_city(sq, tid, None, 1)
        keep = {4: 5, 3: 4, 2: 3}[players]  # 3.2 / 3.3: Great Artifacts removed at random
        shuffle(state, great)
        state["pool"]["great"] = sorted(great[:keep], key=lambda c: data.GREAT_TYPES.index(state["cards"][c]["t"]))
        state["pool"]["box"] += great[keep:]

    # 3.1 step 8-9: deal the starting decks from the top of the shuffled unit decks, shuffle, draw 6
    start = cd["starting_deck"]
    for p in state["players"]:
        deck = []
        for t in data.UNIT_TYPES:
            for _ in range(start.get(t, 0)):
                deck.append(state["pool"]["units"][t].pop(0))
        for _ in range(start["supply"]):
            deck.append(state["pool"]["supply"].pop(0))
        shuffle(state, deck)
        p["realm"] = deck
        draw(state, p["seat"], cd["hand"]["size"])

    first = options.get("first_player")
    if first is None:
        first = next_random(state).randrange(players)
    if not 0 <= int(first) < players:
        raise ValueError(Msg("The first player must be one of the seats."))
    state["first"] = int(first)
    state["setup"]["order"] = [(state["first"] + i) % players for i in range(players)]
    state["setup"]["factions_left"] = list(factions)
    state["current"] = state["first"]
    house = house_rules_text(opts)
    variant_name = {"normal": Msg("base game"), "advanced": Msg("Advanced game"), "scenario1": Msg("scenario 1"),
                    "scenario2": Msg("scenario 2")}[variant]
    if house:  # R133
        text = Msg("Setup for {players} players ({variant}); house rules: {rules}; {player} is start player.",
                   players=players, variant=variant_name, rules=house, player=Seat(state["first"]))
    else:
        text = Msg("Setup for {players} players ({variant}); {player} is start player.", players=players,
                   variant=variant_name, player=Seat(state["first"]))
    state["log"].append(to_json(text))
    return state


def choose_faction(state: dict, seat: int, f: str) -> Msg:
    """3.1 step 12: clockwise from the start player; in 4 players the last takes the remaining set."""
    left = state["setup"]["factions_left"]
    if f not in left:
        raise IllegalAction(Msg("That faction is not available."))
    state["players"][seat]["faction"] = f
    left.remove(f)
    order = state["setup"]["order"]
    idx = order.index(seat)
    msg = Msg("{player} takes the {faction} heroes and markers.", player=Seat(seat), faction=data.faction_name(f))
    if idx + 1 < len(order):
        nxt = order[idx + 1]
        if idx + 2 == len(order) and len(left) == 1:
            state["players"][nxt]["faction"] = left.pop()
            msg = Msg("{player} takes the {faction} heroes and markers. {next} takes the remaining {other} set.",
                      player=Seat(seat), faction=data.faction_name(f), next=Seat(nxt),
                      other=data.faction_name(state["players"][nxt]["faction"]))
            _after_factions(state)
        else:
            state["current"] = nxt
    else:
        _after_factions(state)
    return msg


def _after_factions(state: dict) -> None:
    state["setup"]["factions_left"] = []  # unchosen sets go back to the box (3.2, 3.3)
    if state["options"]["variant"] == "scenario2":
        # 3.6: one hero of each player starts on the Ruins (the R133 house rule may add the second)
        for p in state["players"]:
            for f in range(max(1, house_rule(state, "start_heroes"))):
                p["heroes"][f] = "d4"
        _begin_play(state)
        return
    order = state["setup"]["order"]
    once = [order[-1]] + [order[-1 - i] for i in range(1, len(order))]
    # R133 house rule: with several starting cities the same order picks again, round after round
    state["setup"]["city_order"] = once * house_rule(state, "start_cities")
    state["setup"]["city_pick"] = 0
    state["phase"] = "setup_city"
    state["current"] = state["setup"]["city_order"][0]


def free_start_cities(state: dict) -> list[str]:
    """The starting cities nobody has chosen yet (3.1 step 13)."""
    return [sq for sq, t in sorted(state["board"].items()) if t["kind"] == "city" and t["owner"] is None]


def forced_choice(state: dict) -> tuple[int, str] | None:
    """A setup step whose only possible answer is one choice, as (seat, square), or None. 3.1 step 13: the
    last player to choose a starting city (with the R133 house rule, the last one of the last round) can only
    take the city left over. Derived from the state alone, so replaying the action log repeats it. (The last
    faction set of 3.1 step 12 is handed out by choose_faction itself.)"""
    if state["phase"] == "setup_city" and not state["result"]:
        free = free_start_cities(state)
        if len(free) == 1:
            return state["current"], free[0]
    return None


def choose_city(state: dict, seat: int, sq: str, forced: bool = False) -> Msg:
    """3.1 step 13: the last player picks first, then counter-clockwise; a level-1 marker goes on it.
    `forced`: the engine places the only city left for the seat (see forced_choice)."""
    tile = state["board"].get(sq)
    if not tile or tile["kind"] != "city" or tile["owner"] is not None:
        raise IllegalAction(Msg("Choose one of the unclaimed starting cities."))
    tile["owner"] = seat
    tile["level"] = 1
    p = state["players"][seat]
    p["markers"]["low"] -= 1
    order = state["setup"]["city_order"]
    idx = state["setup"].get("city_pick", order.index(seat))
    text = (Msg("{player} gets the last starting city, at {square}.", player=Seat(seat), square=sq) if forced
            else Msg("{player} chooses the starting city at {square}.", player=Seat(seat), square=sq))
    heroes = house_rule(state, "start_heroes")
    if heroes and idx < state["n"]:  # R133 house rule: heroes start on the first city chosen
        for f in range(heroes):
            p["heroes"][f] = sq
        text = Msg("{sentence} {next}", sentence=text,
                   next=Msg("Both heroes start there.") if heroes == 2 else Msg("A hero starts there."))
    if idx + 1 < len(order):
        state["setup"]["city_pick"] = idx + 1
        state["current"] = order[idx + 1]
    else:
        _begin_play(state)
    return text


def _begin_play(state: dict) -> None:
    state["phase"] = "start"
    state["current"] = state["first"]
    state["turn"] = empty_turn()
