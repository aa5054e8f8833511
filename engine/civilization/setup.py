"""Setting a game of Civilization up: spec section 3, S1-S17.

General setup (S1-S9) runs at once; the player setup runs as the game's first decisions, one seat
at a time from the first player: the capital on one of the 4 central squares of the home tile
(S10), then the starting army and scout in its outskirts (S12). The rest of S11 and S13-S17 follows
each capital automatically. The state is plain JSON; randomness only through
engine.rng.next_random(state), so a seed fixes the game."""
from __future__ import annotations

from engine.base import IllegalAction
from engine.rng import new_rng_state, next_random
from engine.text import Msg

from . import board, combat, culture, data, variants

PLAYER_COUNTS = (2, 3, 4)
LAND_TYPES = ("artillery", "infantry", "mounted")
ARMIES, SCOUTS, CITY_MARKERS = 6, 2, 3       # S2 (Russia: a 7th, white army)


def setup(players: int, options: dict | None, seed: int) -> dict:
    if players not in PLAYER_COUNTS:
        raise IllegalAction(Msg("Civilization is played by {low} to {high} players.", low=2, high=4))
    options = dict(options or {})
    state: dict = {"game": "civilization", "players": players, "options": options, "rng": new_rng_state(seed),
                   "turn": 0, "phase": "setup", "result": None, "battle": None, "research": None,
                   "markers": {}, "disasters": {}, "cities": [], "figures": [], "buildings": {},
                   "wonders_at": {}, "great_people_at": {}, "log_note": None}
    variants.check_civilizations(options)                                      # section 8: no Egypt, Rome
    civs = choose_civilizations(state, options.get("civilizations"))          # S1
    state["seats"] = [new_seat(c) for c in civs]                               # S2
    state["decks"] = {"units": {}, "culture": {}}
    combat.new_unit_decks(state)                                               # S3.A
    for seat in range(players):
        for kind in LAND_TYPES:
            state["seats"][seat]["standing_forces"].append(combat.draw_unit(state, kind))
    state["decks"]["buildings"] = {b["pair"]: b["markers"] for b in data.collection("buildings")
                                   if b.get("upgrade_of") is None and not b.get("on_city_marker")}   # S3.C
    setup_wonders(state)                                                      # S3.D, S3.E
    culture.new_culture_decks(state)                                          # S3.F
    state["decks"]["resources"] = {r["id"]: r["tokens_per_player"] * players
                                   for r in data.collection("market") if r.get("market")}            # S4
    board.build_map(state, [data.by_id("civilizations")[c]["home_tile"] for c in civs])            # S5
    shuffle_piles(state)                                                       # S6
    first = options.get("first_player")
    state["first"] = first if isinstance(first, int) and 0 <= first < players else next_random(state).randrange(players)  # S9
    state["first_of_game"] = state["first"]
    for seat, civ in enumerate(civs):                                          # S11 (the part before S10)
        apply_bonus_before_capital(state, seat, civ)
    state["setup"] = {"order": [(state["first"] + i) % players for i in range(players)], "step": "capital"}
    return state


def choose_civilizations(state: dict, chosen) -> list[str]:
    """S1: drawn at random, or chosen (a list, one per seat, all agreeing)."""
    known = [c["id"] for c in data.collection("civilizations")]
    n = state["players"]
    if chosen:
        if not isinstance(chosen, (list, tuple)) or len(chosen) != n or len(set(chosen)) != n or not set(chosen) <= set(known):
            raise IllegalAction(Msg("Each player needs a different civilization."))
        return list(chosen)
    pool = [c for c in known if not (variants.learning(state) and c in variants.BOXED_CIVILIZATIONS)]
    next_random(state).shuffle(pool)
    return pool[:n]


def new_seat(civ: str) -> dict:
    rec = data.by_id("civilizations")[civ]
    extra = rec.get("extra_army") or 0
    return {
        "civ": civ, "government": rec["start_government"], "trade": 0, "coin_tokens": 0, "culture_tokens": 0,
        "culture_level": 0, "resources": [], "hidden_resources": [],
        "techs": [{"id": rec["start_tech"], "row": 1}],                        # S13, R85
        "standing_forces": [], "culture_hand": [], "great_people": [], "wonders": [],
        "unbuilt": {"army": ARMIES + int(extra), "scout": SCOUTS, "city": CITY_MARKERS},
        "ranks": {"artillery": 1, "infantry": 1, "mounted": 1, "aircraft": 0},   # S3.B
        "new_governments": [], "gathering": {},
    }


def setup_wonders(state: dict) -> None:
    """S3.D: the 4 Ancient wonders face up in the market, Medieval above Modern face down in the
    deck (each era shuffled). Egypt first takes a random Ancient wonder (S11); the top Medieval
    card then fills the 4th market space. The learning game leaves every wonder in the box
    (section 8): no market, no deck."""
    if variants.learning(state):
        state["decks"].update(wonders=[], wonder_market=[], wonders_removed=[])
        return
    by_era: dict[str, list[str]] = {"ancient": [], "medieval": [], "modern": []}
    for w in data.collection("wonders"):
        if w.get("in_base_set", True):
            by_era[w["era"]].append(w["id"])
    for era in by_era:
        next_random(state).shuffle(by_era[era])
    market = list(by_era["ancient"])
    deck = by_era["medieval"] + by_era["modern"]        # the top is the start of the list
    state["decks"]["wonders"] = deck
    state["decks"]["wonder_market"] = market
    state["decks"]["wonders_removed"] = []


def shuffle_piles(state: dict) -> None:
    """S6: great people (3 of each type), huts and villages, each shuffled face down."""
    people = [g["id"] for g in data.collection("great_people") for _ in range(g["markers"])]
    next_random(state).shuffle(people)
    state["decks"]["great_people"] = people
    for kind, key in (("hut", "hut_pile"), ("village", "village_pile")):
        pile = [m["content"] for m in data.collection("huts_villages") if m["kind"] == kind for _ in range(m["count"])]
        next_random(state).shuffle(pile)
        state[key] = pile


def apply_bonus_before_capital(state: dict, seat: int, civ: str) -> None:
    """S11 bonuses that need no map square: Germany's 2 extra infantry, Egypt's random Ancient
    wonder, America's random great person (placed with the figures), Rome's and Russia's
    governments are their start governments already (S14)."""
    bonus = data.by_id("civilizations")[civ]["setup_bonus"]["id"]
    area = state["seats"][seat]
    if bonus == "two_extra_infantry":
        for _ in range(2):
            card = combat.draw_unit(state, "infantry")
            if card:
                area["standing_forces"].append(card)
    elif bonus == "random_ancient_wonder":
        market = state["decks"]["wonder_market"]
        wonder = market.pop(next_random(state).randrange(len(market)))
        area["wonders"].append(wonder)
        area["pending_wonder_marker"] = wonder
        if state["decks"]["wonders"]:
            market.append(state["decks"]["wonders"].pop(0))
    elif bonus == "random_great_person":
        area["great_people"].append(state["decks"]["great_people"].pop())
