"""Setting a game up (spec section 3, G5 as superseded by skytear-data section 6): victory cards, the
starting seat, heroes (dealt factions, R135, a draft, R137, or the tournament format's picks from
each side's own pool, R140), decks (R139, or the players' built decks: decks.py), towers, control
tokens, minions, heroes on the board, the Skytear Vortex, the opening hands and the mulligan (G29).

Built decks come in the match options under "decks" ({seat: {hero: [card ids]}}, put there by the
match service from a player's saved decks: never declared, so never shown); they and the
tournament pools are kept in the state only while no card is dealt ("built", "pools"), then
"built_cards" names each such seat's cards (their format), whose unseen ones are dealt again by
the redeal (decks.redraw_cards). A plain match stores none of these keys."""
from __future__ import annotations

from engine.base import IllegalAction
from engine.rng import new_rng_state, next_random
from engine.text import Msg, Seat

from . import data, decks, hexes, ops, victory
from .options import OPTIONS

FACTIONS = ("kurumo", "taulot", "nupten", "liothan")
TOWER_HP = 5        # R102: two double tokens and a single one
OPENING_HAND = 5    # R67
VICTORY_CARDS = 3   # 2.11: three of the ten are drawn face up
COUNTERS = ("defeats", "structure", "lane_wins", "dome_wins", "round_defeats", "towers_destroyed",
            "all_lanes_round", "ultimates", "outsider_damage", "minions_defeated")


def teams(players: int, options: dict | None = None) -> list[list[int]]:
    """Seats per side, whatever the options: priority alternates A1 B1 A2 B2 (G27)."""
    return {2: [[0], [1]], 3: [[0, 2], [1]], 4: [[0, 2], [1, 3]]}[players]


def chosen_options(options: dict) -> dict:
    """Every declared option at its parsed value (the defaults for those not given)."""
    out = {o.name: o.parse(options.get(o.name)) for o in OPTIONS}
    if options.get("first_player") is not None:
        out["first_player"] = int(options["first_player"]) # the service's rematch swaps it
    return out


def setup(players: int, options: dict, seed: int) -> dict:
    if players not in (2, 3, 4):
        raise ValueError("Skytear is played by 2 to 4 players")
    opts = chosen_options(options or {})
    m = hexes.load_map(opts["map"])
    state = {
        "game": "skytear", "players": players, "options": opts, "rng": new_rng_state(seed),
        "map": opts["map"], "sides": teams(players), "round": 1, "rounds": opts["rounds"] or m.rounds,
        "phase": "setup", "turn_side": 0, "heroes": {}, "cards": {}, "decks": {}, "hands": {}, "discards": {},
        "minions": [], "towers": {}, "nexus": [{"hp": opts["nexus_hp"], "exposed": False} for _ in (0, 1)],
        "control": {}, "pillars": [], "illusions": {},
        "outsider": {"hexes": [], "hp": data.OUTSIDER["hp"], "statuses": {}, "holder": None, "controller": None},
        "counters": {k: [0, 0] for k in COUNTERS}, "victory": [], "bonuses": [],
        "stack": [], "window": None, "pending": None, "activation": None,
        "mulligan": {}, "draft": None, "log": [], "last": None, "revealed": [], "result": None,
    }
    for s in range(players):
        for zone in ("decks", "hands", "discards"):
            state[zone][str(s)] = []
    # (A) victory cards, (B) the starting seat, (C) heroes (skytear-data section 6)
    if opts["victory_cards"]:
        victory.draw_cards(state, VICTORY_CARDS)
    first = opts.get("first_player")
    if first is None or not 0 <= first < players:
        first = next_random(state).randrange(players)
    state["first"] = first
    state["first_side"] = 0 if first in state["sides"][0] else 1
    # the starting seat leads its side (R6): put it first in its side's list
    side = state["sides"][state["first_side"]]
    side.remove(first)
    side.insert(0, first)
    state["turn_side"] = state["first_side"]
    build_board(state, m)
    state["vortex"] = {"seat": first, "side": state["first_side"], "card": None, "used": False}
    built = built_decks(state, options or {})
    if opts["setup"] == "tournament":
        start_tournament(state, built)
    elif opts["setup"] == "draft":
        if built:
            state["built"] = built
        start_draft(state)
    else:
        if built:
            state["built"] = built
        deal_factions(state)
        finish_heroes(state, None)
    return state


def deck_format(state: dict) -> str:
    return "tournament" if state["options"]["setup"] == "tournament" else "draft"


def built_decks(state: dict, options: dict) -> dict:
    """The players' built decks from the options ({seat: {hero: [card ids]}}), each player's
    checked together (R136, R140, G20); IllegalAction names the first limit broken."""
    given = options.get("decks") or {}
    if not isinstance(given, dict):
        raise IllegalAction(Msg("These decks cannot be read."))
    fmt = deck_format(state)
    out = {}
    for key, mine in sorted(given.items()):
        if not str(key).isdigit() or not 0 <= int(key) < state["players"] or not isinstance(mine, dict):
            raise IllegalAction(Msg("These decks cannot be read."))
        if not mine:
            continue
        mine = {str(h): [str(c) for c in cards] for h, cards in mine.items() if isinstance(cards, list)}
        problem = decks.decks_problem(mine, fmt)
        if problem:
            raise IllegalAction(problem)
        out[str(int(key))] = mine
    return out


def build_board(state: dict, m) -> None:
    """(G) towers of 5 HP, (H) control tokens shuffled over their start hexes, (I) 3 minions per side
    per lane from the map."""
    for hx in hexes.sort_labels(m.towers):
        side, lane = m.towers[hx]
        state["towers"][hx] = {"side": side, "lane": lane, "hp": TOWER_HP}
    for hx, side, lane, count in m.minion_starts:
        for _ in range(count):
            state["minions"].append({"side": side, "lane": lane, "hex": hx})
    numbers = sorted(m.control_starts)
    starts = [m.control_starts[n] for n in numbers]
    next_random(state).shuffle(numbers)
    for n, hx in zip(numbers, starts):
        state["control"][str(n)] = hx


def deal_factions(state: dict) -> None:
    """R135 (first game): factions dealt at random. 2 players: two factions each; 4 players: one
    each; 3 players: the lone player two, each of the pair one (G27)."""
    factions = list(FACTIONS)
    next_random(state).shuffle(factions)
    share = {2: {0: 2, 1: 2}, 3: {0: 1, 2: 1, 1: 2}, 4: {0: 1, 1: 1, 2: 1, 3: 1}}[state["players"]]
    for seat in sorted(share):
        for _ in range(share[seat]):
            faction = factions.pop(0)
            for hero in heroes_of_faction(faction):
                add_hero(state, hero, seat)


def heroes_of_faction(faction: str) -> list[str]:
    return sorted(h for h, d in data.HEROES.items() if faction in d["factions"])


def add_hero(state: dict, hero: str, seat: int) -> None:
    d = data.hero(hero)
    state["heroes"][hero] = {"owner": seat, "side": 0 if seat in state["sides"][0] else 1, "hex": None,
                             "hp": d["hp"], "state": "ready", "returns": None, "statuses": {}, "played": [],
                             "leads": []}


def hero_quota(state: dict, seat: int) -> int:
    """G27: 4 players 2 heroes each; 3 players the lone player 4, the pair 2 each; 2 players 4."""
    per_side = hexes.load_map(state["map"]).heroes_per_side
    side = state["sides"][0] if seat in state["sides"][0] else state["sides"][1]
    share = per_side // len(side)
    return share + (1 if side.index(seat) < per_side % len(side) else 0)


def draft_order(state: dict) -> list[list[int]]:
    """R137 without its bans (the pool holds exactly the heroes needed): [side, picks] steps."""
    a, b = state["first_side"], 1 - state["first_side"]
    return [[a, 1], [b, 2], [a, 1], [b, 2], [a, 2]]


def start_draft(state: dict) -> None:
    """R137 with the starter pool of eight heroes: the bans are skipped, since the pool holds exactly
    the heroes the two sides need (DD)."""
    state["phase"] = "draft"
    state["draft"] = {"pool": sorted(data.HEROES), "order": draft_order(state), "step": 0, "taken": 0,
                      "picks": {str(s): [] for s in range(state["players"])},
                      "quota": {str(s): hero_quota(state, s) for s in range(state["players"])}}


def start_tournament(state: dict, built: dict) -> None:
    """R140: each side brings 6 heroes with 10-card decks (a player's saved pool, else the house
    pool: decks.default_pool) and picks from its own: starting side 1, second 2, starting 2,
    second 2, starting 1. One model per hero: a hero the other side took leaves a pool, and only
    picks that leave both sides enough heroes are offered (house, data/skytear/decks.json)."""
    pools: dict[str, dict] = {}
    for side in (0, 1):
        given = next((built[str(s)] for s in state["sides"][side] if str(s) in built), None)
        if given is not None:
            pools[str(side)] = given
    for side in (0, 1):
        if str(side) not in pools:
            other = pools.get(str(1 - side))
            pools[str(side)] = decks.default_pool(decks.default_pool_heroes(side, sorted(other) if other else None))
    need = [sum(hero_quota(state, s) for s in state["sides"][side]) for side in (0, 1)]
    problem = decks.pools_problem([sorted(pools["0"]), sorted(pools["1"])], need)
    if problem:
        raise IllegalAction(problem)
    state["pools"] = pools
    state["phase"] = "draft"
    state["draft"] = {"pool": [], "pools": {k: sorted(v) for k, v in pools.items()},
                      "order": decks.pick_order(state["first_side"]), "step": 0, "taken": 0,
                      "picks": {str(s): [] for s in range(state["players"])},
                      "quota": {str(s): hero_quota(state, s) for s in range(state["players"])}}
    state["draft"]["pool"] = tournament_choices(state)


def tournament_choices(state: dict) -> list[str]:
    """The heroes the side whose step it is may pick: from its own pool, none the other side
    took, none that would leave a side short of heroes (decks.can_finish)."""
    d = state["draft"]
    if d["step"] >= len(d["order"]):
        return []
    side = d["order"][d["step"]][0]
    taken = {h for picks in d["picks"].values() for h in picks}
    avail = [set(d["pools"][str(s)]) - taken for s in (0, 1)]
    need = [sum(d["quota"][str(s)] - len(d["picks"][str(s)]) for s in state["sides"][x]) for x in (0, 1)]
    out = []
    for hero in sorted(avail[side]):
        after = [a - {hero} for a in avail]
        left = list(need)
        left[side] -= 1
        if decks.can_finish(after, left):
            out.append(hero)
    return out


def draft_pick(state: dict, seat: int, hero: str, ev) -> None:
    d = state["draft"]
    d["pool"].remove(hero)
    d["picks"][str(seat)].append(hero)
    add_hero(state, hero, seat)
    d["taken"] += 1
    ev.add(Msg("{player} picks {hero}.", player=Seat(seat), hero=data.name(hero)))
    if d["taken"] >= d["order"][d["step"]][1]:
        d["step"] += 1
        d["taken"] = 0
    if "pools" in d:
        d["pool"] = tournament_choices(state)
    if d["step"] >= len(d["order"]) or not d["pool"]:
        finish_heroes(state, ev)


def finish_heroes(state: dict, ev) -> None:
    """(D) decks from each hero's 8-card deck (R135/R139), shuffled; (J) heroes as close as possible
    to their nexus, alternately, the starting side first (G5, G23); (K) the Skytear Vortex to the
    starting player; (E) five cards each, then the mulligan."""
    build_decks(state)
    place_heroes(state)
    for seat in range(state["players"]):
        ops.draw(state, seat, OPENING_HAND, ev)
    state["phase"] = "mulligan"
    state["mulligan"] = {str(s): {"tossed": [], "done": False} for s in range(state["players"])}


def hero_deck(state: dict, seat: int, hero: str) -> tuple[list[str], bool]:
    """The hero's cards for `seat` and whether they are built (secret): the side's tournament pool,
    the player's built deck, else the preconstructed deck (R139)."""
    if "pools" in state:
        side = 0 if seat in state["sides"][0] else 1
        return list(state["pools"][str(side)][hero]), True
    mine = state.get("built", {}).get(str(seat), {})
    if hero in mine:
        return list(mine[hero]), True
    return sorted(data.deck_of(hero)), False


def build_decks(state: dict) -> None:
    n = 0
    secret = {}
    for seat in range(state["players"]):
        deck = []
        for hero in sorted(h for h, d in state["heroes"].items() if d["owner"] == seat):
            cards, built = hero_deck(state, seat, hero)
            if built:
                secret[str(seat)] = deck_format(state)
            for card_id in sorted(cards):
                n += 1
                iid = f"c{n}"
                state["cards"][iid] = card_id
                deck.append(iid)
        next_random(state).shuffle(deck)
        state["decks"][str(seat)] = deck
    if secret:
        state["built_cards"] = {seat: {"format": fmt, "cards": sorted(state["decks"][seat], key=lambda i: int(i[1:]))}
                                for seat, fmt in secret.items()}
    state.pop("pools", None)
    state.pop("built", None)
    n += 1
    vortex = f"c{n}"
    state["cards"][vortex] = data.VORTEX   # R65: kept on the board, not in the hand
    state["vortex"]["card"] = vortex


def place_heroes(state: dict) -> None:
    """G5 (J) / G23: alternately, starting side first, each hero on a free hex nearest its nexus (the
    first such hex by label, automated: `ops.place_hero_near_nexus`, which says why it is not
    neutral)."""
    queues = []
    for side in (state["first_side"], 1 - state["first_side"]):
        queues.append([h for s in state["sides"][side] for h in sorted(state["heroes"])
                       if state["heroes"][h]["owner"] == s])
    while any(queues):
        for q in queues:
            if q:
                hero = q.pop(0)
                ops.place_hero_near_nexus(state, hero)
