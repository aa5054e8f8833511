"""Units and battles of Civilization: the unit decks (R36-R38, R125), unit strength (R107, R116) and
the battle sub-machine (R104-R124, R72-R77) with G16-G21, G33, G37 and the loot of
data/civilization/loot.json: by default the rulebook's (R120, R121: one item of a menu), with the
match option loot=faq the FFG FAQ v2.0 errata's loot points (data-research-2 3.6).

Unit decks live in state["decks"]["units"][type] = {"down": [...], "up": [...]}: the top of "down"
is the end of the list; "up" holds the cards returned face up to the bottom, drawn only once
"down" is empty (then they are shuffled first, R38).

A battle lives in state["battle"] while it runs and is None afterwards (the outcome stays in
state["last_battle"]). Its two sides are "attacker" and "defender"; in a village battle the
defender is the barbarian player, the seat to the attacker's left, playing only barbarian units.
  step "play":  the side whose turn it is plays "play:<card>:new" (a new front) or
                "play:<card>:<front>" (attacks the enemy unit on that front, R112-R115); the sides
                alternate, then the side with cards left plays on (G19); playing is mandatory.
  step "loot":  the rulebook (seed p. 34: 「選擇以下項目的**其中一項**」): the winner takes one item:
                after beating figures (R120) "loot:trade" (up to 3), "loot:culture" (up to 3) or
                "loot:resource:<i>" (one resource, a face-down marker blind); after destroying a
                non-capital city (R121) "loot:tech:<id>", "loot:culture_card:<i>" (blind) or two
                resources, "loot:resource:<i>" twice; or "loot:done" (nothing).
                loot=faq (data-research-2 3.6): the winner spends loot points one action at a time:
                "loot:trade", "loot:culture", "loot:resource:<i>", "loot:coin:<i>" (1 point each),
                "loot:tech:<id>", "loot:culture_card:<i>", "loot:take_coin" (2 points each) and
                "loot:done".
Every unit card is always in exactly one place: a deck, a standing force, a battle hand or on a
front (the table). Destroyed units go face up to the bottom of their deck at once (R113).

Functions change the state they are given and return events; illegal input raises IllegalAction
before anything changes."""
from __future__ import annotations

from functools import lru_cache
from itertools import combinations_with_replacement

from engine.base import Event, IllegalAction
from engine.rng import next_random
from engine.text import Msg, Seat, plural, to_json

from . import board, culture, data, economy, people, research, seen, units

LAND = ("artillery", "infantry", "mounted")
TYPES = LAND + ("aircraft",)
SIDES = ("attacker", "defender")
KINDS = ("figures", "city", "village", "blockade")

BASE_HAND = 3               # R105
HAND_PER_FIGURE = 2         # R105: each friendly figure beyond the first on the square
CITY_DEFENDER_HAND = 3      # R105
HAND_BONUS_COUNTS_SCOUTS = True   # G16 DD: scouts are figures; state["options"] may override
BARRACKS, ACADEMY, GENERAL = 2, 4, 4          # R109
CITY_BONUS, CAPITAL_BONUS, WALLS_BONUS = 6, 12, 4
TRADE_CAP = 27              # R130 / G23
# the loot table (data-research-2 3.6) is read from data/civilization/loot.json: effect id -> action
LOOT_ACTIONS = {"take_trade": "trade", "take_culture": "culture", "take_resource": "resource",
                "discard_coin": "coin", "learn_tech": "tech", "take_culture_card": "culture_card",
                "take_coin": "take_coin"}
# the base side of each double-sided building marker (appendix G6): the market keeps pairs
UPGRADE_OF = {"iron_mine": "workshop", "university": "library", "aqueduct": "granary",
              "bank": "market", "cathedral": "temple", "academy": "barracks"}


# A looted tech (research-2 3.6) must fit the winner's pyramid and brings its unlocks; tests may
# replace these two with their own.
LOOT_TECH_CHECK = research.fits
LOOT_TECH_LEARN = research.learn_at


# ---------------------------------------------------------------- unit data

# the unit cards' data and decks: units.py (research.py draws Germany's free units there, below this module)
unit_type, card_ids, card_type, strength, trumps = (units.unit_type, units.card_ids, units.card_type,
                                                    units.strength, units.trumps)
unit_name, unit_text, cost = units.unit_name, units.unit_text, units.cost
deck_size, draw_unit, return_unit = units.deck_size, units.draw_unit, units.return_unit


def _term_for(collection: str, ident: str) -> Msg:
    """A component's name as a glossary term: its data record's name, else its id in words."""
    try:
        rec = data.by_id(collection).get(ident)
    except (OSError, ValueError):
        rec = None
    return data.term(rec["name"] if rec and rec.get("name") else ident.replace("_", " ").title())


@lru_cache(maxsize=None)
def _loot_table() -> tuple[dict, dict, dict]:
    """(situation id -> points, action -> cost, action -> amount) from the loot data."""
    rows = data.collection("loot")
    points = {r["id"]: r["points"] for r in rows if r["kind"] == "points"}
    costs = {LOOT_ACTIONS[r["id"]]: r["cost"] for r in rows if r["kind"] == "effect"}
    amounts = {LOOT_ACTIONS[r["id"]]: r["amount"] for r in rows if r["kind"] == "effect"}
    return points, costs, amounts


def loot_points(situation: str) -> int:
    """"loser_had_figures" (1) or "non_capital_city" (2) (the option loot=faq)."""
    return _loot_table()[0][situation]


LOOT_RULES = ("rulebook", "faq")


def loot_rule(state: dict) -> str:
    """"rulebook" (the default: R120, R121) or "faq" (the match option: FFG FAQ v2.0 loot points)."""
    rule = (state.get("options") or {}).get("loot", LOOT_RULES[0])
    return rule if rule in LOOT_RULES else LOOT_RULES[0]


def loot_cost(action: str) -> int:
    return _loot_table()[1][action]


# ---------------------------------------------------------------- decks (R36, R38, R125)

def new_unit_decks(state: dict) -> dict:
    """Every unit deck shuffled face down, none face up (S: unit cards)."""
    decks = {}
    for t in TYPES:
        down = card_ids(t)
        next_random(state).shuffle(down)
        decks[t] = {"down": down, "up": []}
    state.setdefault("decks", {})["units"] = decks
    return decks


# ---------------------------------------------------------------- board look-ups

def label(x: int, y: int) -> str:
    n, letters = x, ""
    while True:
        letters = chr(ord("A") + n % 26) + letters
        n = n // 26 - 1
        if n < 0:
            return letters + str(y + 1)


def square_of(lab: str) -> tuple[int, int]:
    i = 0
    while i < len(lab) and lab[i].isalpha():
        i += 1
    col = 0
    for ch in lab[:i].upper():
        col = col * 26 + ord(ch) - ord("A") + 1
    return col - 1, int(lab[i:]) - 1


def figures_at(state: dict, lab: str, owner: int | None = None) -> list[dict]:
    x, y = square_of(lab)
    return [f for f in state["figures"] if f["x"] == x and f["y"] == y
            and (owner is None or f["owner"] == owner)]


def city_at(state: dict, lab: str) -> dict | None:
    x, y = square_of(lab)
    return next((c for c in state.get("cities", []) if c["x"] == x and c["y"] == y), None)


def _outskirts(city: dict) -> set[str]:
    return {label(city["x"] + dx, city["y"] + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)
            if (dx or dy) and city["x"] + dx >= 0 and city["y"] + dy >= 0}


def _destroy_figure(state: dict, fig: dict) -> None:
    state["figures"] = [f for f in state["figures"] if f["id"] != fig["id"]]
    unbuilt = state["seats"][fig["owner"]]["unbuilt"]
    unbuilt[fig["kind"]] = unbuilt.get(fig["kind"], 0) + 1


def _counts_scouts(state: dict) -> bool:
    return bool((state.get("options") or {}).get("hand_bonus_counts_scouts", HAND_BONUS_COUNTS_SCOUTS))


# ---------------------------------------------------------------- hand size and bonuses

def hand_size(state: dict, seat: int, figures: list[dict], city_defender: bool = False) -> int:
    """R105: 3, +2 per friendly figure beyond the first on the square (scouts too, G16 DD),
    +1 under Fundamentalism (R23; the government's `battle_hand` effect, so a house effect such as
    Communism's counts the same way), +3 for the defender of a city or capital."""
    counted = [f for f in figures if f["kind"] == "army" or _counts_scouts(state)]
    size = BASE_HAND + HAND_PER_FIGURE * max(0, len(counted) - 1)
    size += int(data.government_effects(state["seats"][seat].get("government", "despotism")).get("battle_hand", 0))
    if city_defender:
        size += CITY_DEFENDER_HAND
    return size + hand_bonus(state, seat)                              # Computers


def hand_bonus(state: dict, seat: int) -> int:
    """Computers: battle hand +1 per 5 coins."""
    if not research.knows(state, seat, "computers"):
        return 0
    return economy.coins(state, seat) // int(data.by_id("techs")["computers"]["other_effect"]["per"])


def side_bonus(state: dict, seat: int) -> int:
    """R109 / G18 DD: +2 per Barracks, +4 per Academy, +4 per General on the map, wherever they are."""
    total = 0
    for b in state.get("buildings", {}).values():
        if b["owner"] == seat:
            total += {"barracks": BARRACKS, "academy": ACADEMY}.get(b["id"], 0)
    for g in state.get("great_people_at", {}).values():
        if g["owner"] == seat and g["id"] == "general":
            total += GENERAL
    return total


def city_bonus(city: dict) -> int:
    """R109: the defender of a city +6, of a capital +12, +4 more when walled."""
    return (CAPITAL_BONUS if city["capital"] else CITY_BONUS) + (WALLS_BONUS if city.get("walled") else 0)


# ---------------------------------------------------------------- starting a battle

def _draw_hand(state: dict, seat: int, size: int) -> list[str]:
    """R106: shuffle the standing forces and draw `size` of them at random (all when fewer)."""
    forces = state["seats"][seat]["standing_forces"]
    pool = list(forces)
    next_random(state).shuffle(pool)
    hand = pool[:size]
    for c in hand:
        forces.remove(c)
    return hand


def _barbarian_hand(state: dict) -> list[str]:
    """R72: one artillery, one infantry and one mounted unit from the decks; a shortfall is made
    up from another land deck (the fullest one, first in type order on a tie)."""
    hand: list[str] = []
    short = 0
    for t in LAND:
        card = draw_unit(state, t)
        if card is None:
            short += 1
        else:
            hand.append(card)
    for _ in range(short):
        stocked = [t for t in LAND if deck_size(state, t)]
        if not stocked:
            break
        best = max(stocked, key=lambda t: (deck_size(state, t), -LAND.index(t)))
        hand.append(draw_unit(state, best))
    return hand


def start_battle(state: dict, attacker: int, square: str, kind: str,
                 figures: list[str] | None = None) -> list[Event]:
    """A battle on `square` (R104). kind: "figures" (enemy armies there, R76), "city" (an enemy
    city center, R79, R124), "village" (R72) or "blockade" (an army produced onto a blockaded
    square, R97 / G20). `figures` are the attacking figure ids, by default every figure of the
    attacker on the square (the caller has put them there; for a blockade only the new army).
    A square holding only enemy scouts is captured at once (R75, R77)."""
    if state.get("battle"):
        raise IllegalAction(Msg("A battle is already being fought."))
    if kind not in KINDS:
        raise IllegalAction(Msg("There is no such kind of battle."))
    mine = figures_at(state, square, attacker)
    if figures is not None:
        chosen = [f for f in state["figures"] if f["id"] in figures]
        if len(chosen) != len(figures) or any(f not in mine for f in chosen):
            raise IllegalAction(Msg("Those figures are not yours on that square."))
        mine = chosen
    if not any(f["kind"] == "army" for f in mine):
        raise IllegalAction(Msg("Only an army can attack."))
    players = len(state["seats"])
    city = None
    if kind == "village":
        marker = state.get("markers", {}).get(square)
        if not marker or marker.get("kind") != "village":
            raise IllegalAction(Msg("There is no village on that square."))
        defender = (attacker + 1) % players
        defending: list[dict] = []
    elif kind == "city":
        city = city_at(state, square)
        if city is None or city["owner"] == attacker:
            raise IllegalAction(Msg("There is no enemy city on that square."))
        defender = city["owner"]
        defending = figures_at(state, square, defender)
    else:
        enemies = [f for f in figures_at(state, square) if f["owner"] != attacker]
        if not enemies:
            raise IllegalAction(Msg("There are no enemy figures on that square."))
        armies = [f for f in enemies if f["kind"] == "army"]
        if not armies:
            return capture_scouts(state, attacker, square)
        defender = armies[0]["owner"]
        defending = [f for f in enemies if f["owner"] == defender]

    if city is not None and city.get("walled") and research.knows(state, attacker, "combustion"):
        city["walled"] = False                                         # Combustion: the walls fall first
    barbarian = kind == "village"
    b = {"kind": kind, "square": square, "step": "play",
         "seats": {"attacker": attacker, "defender": defender},
         "barbarian": barbarian,
         "city": city["id"] if city else None,
         "capital": bool(city and city["capital"]),
         "walled": bool(city and city.get("walled")),
         "figures": {"attacker": [f["id"] for f in mine], "defender": [f["id"] for f in defending]},
         "ranks": {"attacker": dict(state["seats"][attacker]["ranks"]),
                   "defender": ({t: 1 for t in LAND} | {"aircraft": 1}) if barbarian
                   else dict(state["seats"][defender]["ranks"])},
         "hand_sizes": {}, "hands": {}, "fronts": [], "destroyed": {"attacker": [], "defender": []},
         "bonus": {}, "bonus_card": None, "turn": "defender", "played": 0}
    state["battle"] = b
    events = [Event(Msg("{attacker} attacks {defender} on {square}.", attacker=Seat(attacker),
                        defender=_side_name(state, "defender"), square=square))]
    b["extra_strength"] = {"attacker": board.wonder_battle_strength(state, attacker),       # Himeji
                           "defender": 0 if barbarian else board.wonder_battle_strength(state, defender)}
    # a seat that may hold a "before the battle hand" culture card (as far as the public knows: its
    # hand is secret) may play it first; both such seats are asked at once
    muster = [s for s in ([attacker] if barbarian else [attacker, defender]) if may_hold_battle_card(state, s)]
    if muster:
        b["step"], b["muster"] = "muster", muster
        return events
    return events + deal_hands(state)


def unit_choices(state: dict, seat: int, n: int) -> list[str]:
    """Every multiset of 1..n unlocked unit types the decks can give, "<type>,<type>..." (a few
    dozen at most): the choices of the culture cards that give free units (event_cards.py)."""
    types = [t for t in TYPES if research.can_produce_unit(state, seat, t) and deck_size(state, t) > 0]
    out = []
    for k in range(1, n + 1):
        for combo in combinations_with_replacement(types, k):
            if all(deck_size(state, t) >= combo.count(t) for t in set(combo)):
                out.append(",".join(combo))
    return out


def may_hold_battle_card(state: dict, seat: int) -> bool:
    """Whether the seat may hold a "before your battle hand" card it could play now, as far as the
    public knows (so the battle stops for it before the hands are drawn): any culture event card
    in hand (which card it is stays secret) and a unit the decks could give it. Never what the
    hand holds: a battle that stopped only for a holder would tell everyone it holds one."""
    return bool(state["seats"][seat].get("culture_hand")) and bool(unit_choices(state, seat, 1))


def deal_hands(state: dict) -> list[Event]:
    """R105-R111: the hands, the bonuses and the first play of the battle in state["battle"]."""
    b = state["battle"]
    b["step"] = "play"
    b.pop("muster", None)
    attacker, defender, barbarian, city = b["seats"]["attacker"], b["seats"]["defender"], b["barbarian"], \
        (next((c for c in state["cities"] if c["id"] == b["city"]), None) if b["city"] else None)
    mine = [f for f in state["figures"] if f["id"] in b["figures"]["attacker"]]
    defending = [f for f in state["figures"] if f["id"] in b["figures"]["defender"]]
    events: list[Event] = []

    # R105, R106: hands
    b["hand_sizes"]["attacker"] = hand_size(state, attacker, mine)
    b["hands"]["attacker"] = _draw_hand(state, attacker, b["hand_sizes"]["attacker"])
    if barbarian:
        b["hands"]["defender"] = _barbarian_hand(state)
        b["hand_sizes"]["defender"] = BASE_HAND
    else:
        b["hand_sizes"]["defender"] = hand_size(state, defender, defending, city_defender=city is not None)
        b["hands"]["defender"] = _draw_hand(state, defender, b["hand_sizes"]["defender"])
    for side in SIDES:
        seat = b["seats"][side]
        hand = b["hands"][side]
        rank = b["ranks"][side]
        events.append(Event(
            plural("{player} takes a battle hand of {n} unit.", "{player} takes a battle hand of {n} units.",
                   len(hand), player=_side_name(state, side)),
            private={seat: Msg("Your battle hand: {units}.",
                               units=[unit_text(c, rank.get(card_type(c), 1)) for c in hand] or [Msg("none")])},
            hidden=True))

    # R109, R110: bonuses and the combat bonus card
    for side in SIDES:
        b["bonus"][side] = 0 if (side == "defender" and barbarian) else side_bonus(state, b["seats"][side])
    if city is not None:
        b["bonus"]["defender"] += city_bonus(city)
    diff = b["bonus"]["attacker"] - b["bonus"]["defender"]
    if diff:
        side = "attacker" if diff > 0 else "defender"
        b["bonus_card"] = {"side": side, "value": abs(diff)}
        events.append(Event(Msg("{player} takes the combat bonus card at +{value}.",
                                player=_side_name(state, side), value=abs(diff))))

    # R111: the defender plays first; the attacker of a walled city does
    b["turn"] = "attacker" if (city is not None and b["walled"]) else "defender"
    return events + _next_turn(state, b["turn"])


def _side_name(state: dict, side: str):
    b = state["battle"]
    seat = b["seats"][side]
    if side == "defender" and b["barbarian"]:
        return Msg("the barbarians (played by {player})", player=Seat(seat))
    return Seat(seat)


def _enemy(side: str) -> str:
    return "defender" if side == "attacker" else "attacker"


def _next_turn(state: dict, preferred: str) -> list[Event]:
    """G19 DD: `preferred` plays if it has cards, else the other side; nobody with cards: resolve."""
    b = state["battle"]
    for side in (preferred, _enemy(preferred)):
        if b["hands"][side]:
            b["turn"] = side
            return []
    return _resolve(state)


# ---------------------------------------------------------------- who acts, what is legal

def active_seats(state: dict) -> list[int]:
    b = state.get("battle")
    if not b:
        return []
    if b["step"] == "loot":
        return [b["loot"]["winner"]]
    if b["step"] == "muster":
        return list(b["muster"])
    return [b["seats"][b["turn"]]]


def _targets(b: dict, side: str) -> list[int]:
    """R112: fronts with a face-up enemy unit and none of the side's own."""
    enemy = _enemy(side)
    return [i for i, f in enumerate(b["fronts"]) if f.get(enemy) and not f.get(side)]


def mustering(state: dict, seat: int) -> bool:
    """The seat is asked before the battle hands are drawn (it may play a battle card)."""
    b = state.get("battle")
    return bool(b and b.get("step") == "muster" and seat in b.get("muster", []))


def legal_actions(state: dict, seat: int) -> list[str]:
    b = state.get("battle")
    if not b or seat not in active_seats(state):
        return []
    if b["step"] == "loot":
        return _loot_actions(state)
    if b["step"] == "muster":
        return ["ready"]
    side = b["turn"]
    out = []
    for card in b["hands"][side]:
        out.append(f"play:{card}:new")
        out.extend(f"play:{card}:{i}" for i in _targets(b, side))
    return out


def hidden_battle_items(state: dict, seat: int) -> set[str]:
    """The card ids in `seat`'s battle hand not yet played (the barbarian player's included)."""
    b = state.get("battle")
    if not b or b["step"] != "play":
        return set()
    return {c for side in SIDES if b["seats"][side] == seat for c in b["hands"][side]}


# ---------------------------------------------------------------- apply

def apply(state: dict, seat: int, action_id: str) -> list[Event]:
    b = state.get("battle")
    if not b:
        raise IllegalAction(Msg("No battle is being fought."))
    if seat not in active_seats(state):
        raise IllegalAction(Msg("It is not your turn in this battle."))
    if action_id not in legal_actions(state, seat) and not _coin_index_ok(state, action_id):
        raise IllegalAction(Msg("That move is not allowed in this battle now."))
    if b["step"] == "loot":
        return _apply_loot(state, action_id)
    if b["step"] == "muster":                      # "ready": the seat draws its hand when all are
        b["muster"].remove(seat)
        return [] if b["muster"] else deal_hands(state)
    _, card, where = action_id.split(":")
    return _play(state, b["turn"], card, where)


def _strength(b: dict, side: str, card: str) -> int:
    return strength(card, b["ranks"][side].get(card_type(card), 1)) + b.get("extra_strength", {}).get(side, 0) \
        + b.get("plus", {}).get(card, 0)                               # Metalworking (abilities.py)


def _play(state: dict, side: str, card: str, where: str) -> list[Event]:
    b = state["battle"]
    b["hands"][side].remove(card)
    b["played"] += 1
    seen.show_units(state, [card])                                  # face up on a front: public
    if b.get("boost", {}).get(side):                                   # Metalworking: this unit is +3
        b.setdefault("plus", {})[card] = b["boost"].pop(side)
    rank = b["ranks"][side].get(card_type(card), 1)
    who = _side_name(state, side)
    if where == "new":
        b["fronts"].append({side: {"card": card, "wounds": 0}})
        events = [Event(Msg("{player} plays {unit} on a new front ({front}).", player=who,
                            unit=unit_text(card, rank), front=len(b["fronts"])))]
    else:
        events = _attack(state, side, card, int(where))
    return events + _next_turn(state, _enemy(side))


def _attack(state: dict, side: str, card: str, index: int) -> list[Event]:
    """R113-R115: the two units wound each other; a trumping unit strikes first, and a unit it
    destroys strikes no blow back."""
    b = state["battle"]
    enemy = _enemy(side)
    front = b["fronts"][index]
    mine = {"card": card, "wounds": 0}
    front[side] = mine
    theirs = front[enemy]
    s_mine, s_theirs = _strength(b, side, card), _strength(b, enemy, theirs["card"])
    rank_m = b["ranks"][side].get(card_type(card), 1)
    rank_t = b["ranks"][enemy].get(card_type(theirs["card"]), 1)
    events = [Event(Msg("{player} plays {unit} against {enemy} on front {front}.",
                        player=_side_name(state, side), unit=unit_text(card, rank_m),
                        enemy=unit_text(theirs["card"], rank_t), front=index + 1))]
    if trumps(card, theirs["card"]):
        events.append(Event(Msg("{unit} trumps {enemy} and strikes first.", unit=unit_name(card, rank_m),
                                enemy=unit_name(theirs["card"], rank_t))))
        theirs["wounds"] += s_mine
        if theirs["wounds"] < s_theirs:
            mine["wounds"] += s_theirs
    elif trumps(theirs["card"], card):
        events.append(Event(Msg("{unit} trumps {enemy} and strikes first.",
                                unit=unit_name(theirs["card"], rank_t), enemy=unit_name(card, rank_m))))
        mine["wounds"] += s_theirs
        if mine["wounds"] < s_mine:
            theirs["wounds"] += s_mine
    else:
        theirs["wounds"] += s_mine
        mine["wounds"] += s_theirs
    for who_side in (enemy, side):
        unit = front.get(who_side)
        if unit and unit["wounds"] >= _strength(b, who_side, unit["card"]):
            del front[who_side]
            b["destroyed"][who_side].append(unit["card"])
            return_unit(state, unit["card"])
            rank = b["ranks"][who_side].get(card_type(unit["card"]), 1)
            events.append(Event(Msg("{unit} of {player} is destroyed.", unit=unit_name(unit["card"], rank),
                                    player=_side_name(state, who_side))))
    return events


# ---------------------------------------------------------------- the end of a battle

def _battle_figures(state: dict, side: str) -> list[dict]:
    b = state["battle"]
    ids = set(b["figures"][side])
    return [f for f in state["figures"] if f["id"] in ids]


def _resolve(state: dict) -> list[Event]:
    """R118-R123 with G21, G37: totals, ties to the defender, the winner's losses, the loser's
    figures, villages and cities, then the loot step."""
    b = state["battle"]
    totals = {}
    for side in SIDES:
        totals[side] = sum(_strength(b, side, f[side]["card"]) for f in b["fronts"] if f.get(side))
        if b["bonus_card"] and b["bonus_card"]["side"] == side:
            totals[side] += b["bonus_card"]["value"]
    winner = "attacker" if totals["attacker"] > totals["defender"] else "defender"
    loser = _enemy(winner)
    events = [Event(Msg("The battle ends: {attacker} {a}, {defender} {d}. {winner} wins.",
                        attacker=_side_name(state, "attacker"), a=totals["attacker"],
                        defender=_side_name(state, "defender"), d=totals["defender"],
                        winner=_side_name(state, winner)))]

    # R123 / G21: survivors go home, barbarian ones face up to the bottom of their decks
    for side in SIDES:
        for f in b["fronts"]:
            unit = f.pop(side, None)
            if unit is None:
                continue
            if side == "defender" and b["barbarian"]:
                return_unit(state, unit["card"])
            else:
                state["seats"][b["seats"][side]]["standing_forces"].append(unit["card"])
    b["fronts"] = []

    # R119: the winner loses 1 army per 2 of its destroyed units, never its last army here
    if not (winner == "defender" and b["barbarian"]):
        armies = [f for f in _battle_figures(state, winner) if f["kind"] == "army"]
        lost = min(len(b["destroyed"][winner]) // 2, max(0, len(armies) - 1))
        for fig in armies[len(armies) - lost:]:
            _destroy_figure(state, fig)
        if lost:
            events.append(Event(plural("{player} loses {n} army.", "{player} loses {n} armies.", lost,
                                       player=Seat(b["seats"][winner]))))

    # the loser's figures on the square are destroyed (R73, R120, G37)
    if not (loser == "defender" and b["barbarian"]):
        gone = _battle_figures(state, loser)
        for fig in gone:
            _destroy_figure(state, fig)
        if gone:
            events.append(Event(plural("{player} loses {n} figure on the square.",
                                       "{player} loses {n} figures on the square.", len(gone),
                                       player=Seat(b["seats"][loser]))))

    outcome = {"kind": b["kind"], "square": b["square"], "winner": b["seats"][winner],
               "winner_side": winner, "loser": b["seats"][loser], "totals": totals}
    state["last_battle"] = outcome
    events += after_battle(state, b, outcome)                          # Code of Laws, China, Rome
    situation = None
    if b["kind"] == "village":
        if winner == "attacker":
            events += _take_village(state, b["seats"]["attacker"], b["square"])
    elif b["kind"] == "city" and winner == "attacker":
        city = next(c for c in state["cities"] if c["id"] == b["city"])
        if city["capital"]:
            state["battle"] = None
            return events + _military_victory(state, b["seats"]["attacker"], city["owner"])
        events += destroy_city(state, city)
        situation = "non_capital_city"
    else:
        situation = "loser_had_figures" if b["figures"][loser] else None
    if situation:
        return events + _open_loot(state, b["seats"][winner], b["seats"][loser], situation, b["kind"], b["square"])
    state["battle"] = None
    return events


# ---------------------------------------------------------------- abilities after a battle
# (tech and civilization abilities, abilities.py: Code of Laws, China, Rome)

def after_battle(state: dict, battle: dict, outcome: dict) -> list[Event]:
    """After a battle: Code of Laws' coin, China's unit back, Rome's and China's rewards."""
    events: list[Event] = []
    winner_side = outcome["winner_side"]
    winner = outcome["winner"]
    barbarian_won = battle.get("barbarian") and winner_side == "defender"
    if not barbarian_won:
        events += battle_won(state, winner)
    for side in SIDES:
        seat = battle["seats"][side]
        if side == "defender" and battle.get("barbarian"):
            continue
        if _civ(state, seat) == "china" and battle["destroyed"][side]:
            events += _china_return(state, seat, battle["destroyed"][side])
    if winner_side == "attacker" and battle["kind"] in ("village", "city"):
        if _civ(state, winner) == "china" and battle["kind"] == "village":
            events += china_culture(state, winner)
        if _civ(state, winner) == "rome" and not (battle["kind"] == "city" and battle.get("capital")):
            events += culture.rome_advance(state, winner)
    return events


def _civ(state: dict, seat: int) -> str:
    return state["seats"][seat].get("civ", "")


def battle_won(state: dict, seat: int) -> list[Event]:
    """Code of Laws: once a turn, after winning a battle, a coin token on the card."""
    area = state["seats"][seat]
    if not research.knows(state, seat, "code_of_laws") or "code_of_laws" in (area.get("used_this_turn") or []):
        return []
    area.setdefault("used_this_turn", []).append("code_of_laws")
    if not economy.add_coin(state, seat, "code_of_laws"):
        return []
    return [Event(Msg("{player} puts a coin token on {tech}.", player=Seat(seat), tech=research.name("code_of_laws")))]


def _china_return(state: dict, seat: int, destroyed: list[str]) -> list[Event]:
    """China: one killed unit (the strongest) back from its deck to the standing forces."""
    best = max(destroyed, key=lambda c: (strength(c, 1), c))
    pile = state["decks"]["units"][card_type(best)]["up"]
    if best not in pile:
        return []
    pile.remove(best)
    state["seats"][seat]["standing_forces"].append(best)
    seen.show_units(state, [best])                    # the strongest destroyed one: public
    return [Event(Msg("{player} returns a killed unit to their standing forces.", player=Seat(seat)))]


def china_culture(state: dict, seat: int) -> list[Event]:
    """China: 3 culture for a village conquered (and for each hut explored, abilities.on_hut)."""
    n = int(data.by_id("civilizations")["china"]["effect"]["culture"])
    state["seats"][seat]["culture_tokens"] += n
    return [Event(Msg("{player} gains {n} culture.", player=Seat(seat), n=n))]


def _take_village(state: dict, seat: int, square: str) -> list[Event]:
    """R73: the winner takes the village marker: a resource kept face down, or a great person."""
    marker = state["markers"].pop(square)
    content = marker["content"]
    if content == "great_person":
        deck = state["decks"].get("great_people", [])
        if not deck:
            return [Event(Msg("{player} conquers the village, but no great person is left.", player=Seat(seat)),
                          hidden=True)]
        person = deck.pop(next_random(state).randrange(len(deck)))
        state["seats"][seat]["great_people"].append(person)
        return [Event(Msg("{player} conquers the village and gains a great person: {person}.",
                          player=Seat(seat), person=_term_for("great_people", person)),
                      hidden=True)] + people.offer_great_person(state, seat, person)     # R59: at once

    seen.gain_marker(state["seats"][seat], content, "village")
    return [Event(Msg("{player} conquers the village and keeps its marker face down.", player=Seat(seat)),
                  private={seat: Msg("The village marker shows {resource}.",
                                     resource=_term_for("resources", content))},
                  hidden=True)]


def _military_victory(state: dict, winner: int, loser: int) -> list[Event]:
    """R122: conquering a capital wins the game."""
    reason = Msg("{winner} conquers the capital of {loser}: a military victory.",
                 winner=Seat(winner), loser=Seat(loser))
    state["result"] = {"winners": [winner], "scores": {}, "reason": to_json(reason)}
    return [Event(reason)]


def _building_pair(state: dict, building: str) -> str:
    stock = state["decks"].setdefault("buildings", {})
    if building in stock:
        return building
    return UPGRADE_OF.get(building, building)


def destroy_city(state: dict, city: dict) -> list[Event]:
    """R121: the city marker goes back to its owner; buildings in its outskirts return to the
    market, wonders and great people there are removed from the game."""
    owner = city["owner"]
    state["cities"] = [c for c in state["cities"] if c["id"] != city["id"]]
    unbuilt = state["seats"][owner]["unbuilt"]
    unbuilt["city"] = unbuilt.get("city", 0) + 1
    ring = _outskirts(city)
    for lab in sorted(ring & set(state.get("buildings", {}))):
        building = state["buildings"][lab]
        if building["owner"] != owner:
            continue
        del state["buildings"][lab]
        pair = _building_pair(state, building["id"])
        state["decks"]["buildings"][pair] = state["decks"]["buildings"].get(pair, 0) + 1
    for lab in sorted(ring & set(state.get("wonders_at", {}))):
        wonder = state["wonders_at"].pop(lab)
        built = state["seats"][wonder["owner"]].get("wonders", [])
        if wonder["id"] in built:
            built.remove(wonder["id"])
    for lab in sorted(ring & set(state.get("great_people_at", {}))):
        del state["great_people_at"][lab]
    return [Event(Msg("The city of {player} on {square} is destroyed.", player=Seat(owner),
                      square=label(city["x"], city["y"])))]


# ---------------------------------------------------------------- scouts only (R75, R77)

def capture_scouts(state: dict, attacker: int, square: str) -> list[Event]:
    """R75 / R77: an army entering a square with only enemy scouts destroys them and counts as
    winning a battle: the loot step follows (1 point)."""
    if state.get("battle"):
        raise IllegalAction(Msg("A battle is already being fought."))
    enemies = [f for f in figures_at(state, square) if f["owner"] != attacker]
    if not enemies or any(f["kind"] != "scout" for f in enemies):
        raise IllegalAction(Msg("Only a square holding enemy scouts alone can be taken without a battle."))
    if not any(f["kind"] == "army" for f in figures_at(state, square, attacker)):
        raise IllegalAction(Msg("Only an army can attack."))
    loser = enemies[0]["owner"]
    for fig in enemies:
        _destroy_figure(state, fig)
    state["last_battle"] = {"kind": "scouts", "square": square, "winner": attacker, "winner_side": "attacker",
                            "loser": loser, "totals": None}
    events = battle_won(state, attacker) + [Event(plural("{player} destroys {n} scout of {loser} on {square}.",
                           "{player} destroys {n} scouts of {loser} on {square}.", len(enemies),
                           player=Seat(attacker), loser=Seat(loser), square=square))]
    return events + _open_loot(state, attacker, loser, "loser_had_figures", "scouts", square)


# ---------------------------------------------------------------- loot (data-research-2 3.6)

def _open_loot(state: dict, winner: int, loser: int, situation: str, kind: str, square: str) -> list[Event]:
    """The loot step of `situation` ("loser_had_figures", "non_capital_city"). The rulebook: one
    choice of the situation's menu ("points" 1: the choice not yet made); loot=faq: the points."""
    if loot_rule(state) == "rulebook":
        menu = data.loot_menu(situation)
        loot = {"winner": winner, "loser": loser, "points": 1, "rule": "rulebook", "menu": menu["id"]}
        text = Msg("{player} chooses one item of loot from {loser}.", player=Seat(winner), loser=Seat(loser))
    else:
        points = loot_points(situation)
        loot = {"winner": winner, "loser": loser, "points": points}
        text = plural("{player} has {n} loot point to spend.", "{player} has {n} loot points to spend.",
                      points, player=Seat(winner))
    state["battle"] = {"kind": kind, "square": square, "step": "loot", "loot": loot}
    events = [Event(text)]
    if not _loot_actions(state, with_done=False):
        state["battle"] = None
        events.append(Event(Msg("{loser} has nothing to loot.", loser=Seat(loser))))
    return events


def _all_resources(seat: dict) -> list[tuple[str, int]]:
    return ([("resources", i) for i in range(len(seat["resources"]))]
            + [("hidden_resources", i) for i in range(len(seat.get("hidden_resources", [])))])


def _loot_actions(state: dict, with_done: bool = True) -> list[str]:
    """The loot the winner may still take: one item of the rulebook's menu (R120, R121), or what
    the points still buy (loot=faq, 3.6: any mix, repeats)."""
    loot = state["battle"]["loot"]
    if loot.get("rule") == "rulebook":
        return _menu_actions(state, loot) + (["loot:done"] if with_done else [])
    w, l = state["seats"][loot["winner"]], state["seats"][loot["loser"]]

    def can(action: str) -> bool:
        return loot["points"] >= loot_cost(action)

    known = {t["id"] for t in w["techs"]}
    out = []
    if can("trade") and l.get("trade", 0) > 0:
        out.append("loot:trade")
    if can("culture") and l.get("culture_tokens", 0) > 0:
        out.append("loot:culture")
    if can("resource"):
        out.extend(f"loot:resource:{i}" for i in range(len(_all_resources(l))))
    if can("coin") and coin_count(l) > 0:
        out.append("loot:coin:0")          # coin tokens are alike; apply takes any index
    if can("tech"):
        out.extend(f"loot:tech:{t['id']}" for t in l["techs"]
                   if t["id"] not in known and LOOT_TECH_CHECK(state, loot["winner"], t["id"]) is not None)
    if can("culture_card"):
        out.extend(f"loot:culture_card:{i}" for i in range(len(l.get("culture_hand", []))))
    if can("take_coin") and coin_count(l) > 0:
        out.append("loot:take_coin")
    if with_done:
        out.append("loot:done")
    return out


MENU_ACTIONS = {"take_trade": "trade", "take_culture": "culture", "take_resource": "resource",
                "learn_tech": "tech", "take_culture_card": "culture_card"}


def _menu_actions(state: dict, loot: dict) -> list[str]:
    """The rulebook's loot (seed p. 34): after beating figures 「由失敗者的貿易轉盤中取走最多3點貿易量 /
    取走最多3個文化指示物 / 任何 1 個資源指示物」; after destroying a non-capital city 「學會1個失敗者知道、而
    自己不知道的科技 / 偷取失敗者 1 張文化事件卡 / 偷取失敗者任何 2 個資源指示物」. Only what takes something is
    offered; the second of two resources (loot["second"]) offers resources alone."""
    if loot["points"] <= 0:
        return []
    w, l = state["seats"][loot["winner"]], state["seats"][loot["loser"]]
    menu = data.by_id("loot")[loot["menu"]]
    choices = ["take_resource"] if loot.get("second") else menu["choices"]
    known = {t["id"] for t in w["techs"]}
    out = []
    for choice in choices:
        action = MENU_ACTIONS[choice]
        if action == "trade" and l.get("trade", 0) > 0:
            out.append("loot:trade")
        elif action == "culture" and l.get("culture_tokens", 0) > 0:
            out.append("loot:culture")
        elif action == "resource":
            out.extend(f"loot:resource:{i}" for i in range(len(_all_resources(l))))
        elif action == "tech":
            out.extend(f"loot:tech:{t['id']}" for t in l["techs"]
                       if t["id"] not in known and LOOT_TECH_CHECK(state, loot["winner"], t["id"]) is not None)
        elif action == "culture_card":
            out.extend(f"loot:culture_card:{i}" for i in range(len(l.get("culture_hand", []))))
    return out


def coin_count(area: dict) -> int:
    """Coin tokens held: loose ones and those on tech cards (coin tasks, abilities.py)."""
    return area.get("coin_tokens", 0) + sum(area.get("card_coins", {}).values())


def _lose_coin(area: dict) -> None:
    """A loose coin token first, else one from the fullest tech card."""
    if area.get("coin_tokens", 0) > 0:
        area["coin_tokens"] -= 1
        return
    cards = area["card_coins"]
    best = max(sorted(cards), key=lambda t: cards[t])
    cards[best] -= 1


def _coin_index_ok(state: dict, action_id: str) -> bool:
    """Coin tokens are alike: "loot:coin:<i>" names any of them."""
    b = state["battle"]
    if b["step"] != "loot" or not action_id.startswith("loot:coin:") or b["loot"].get("rule") == "rulebook":
        return False
    if b["loot"]["points"] < loot_cost("coin"):
        return False
    try:
        i = int(action_id.rsplit(":", 1)[1])
    except ValueError:
        return False
    return 0 <= i < coin_count(state["seats"][b["loot"]["loser"]])


def _apply_loot(state: dict, action_id: str) -> list[Event]:
    b = state["battle"]
    loot = b["loot"]
    wi, li = loot["winner"], loot["loser"]
    w, l = state["seats"][wi], state["seats"][li]
    parts = action_id.split(":")
    what = parts[1]
    if what == "done":
        state["battle"] = None
        return [Event(Msg("{player} ends the looting.", player=Seat(wi)))]
    rulebook = loot.get("rule") == "rulebook"
    if not rulebook:
        loot["points"] -= loot_cost(what)
    events: list[Event]
    if what == "trade":
        n = min(_loot_table()[2]["trade"], l["trade"])
        l["trade"] -= n
        w["trade"] = min(TRADE_CAP, w.get("trade", 0) + n)
        events = [Event(Msg("{player} loots {n} trade from {loser}.", player=Seat(wi), n=n, loser=Seat(li)))]
    elif what == "culture":
        n = min(_loot_table()[2]["culture"], l["culture_tokens"])
        l["culture_tokens"] -= n
        w["culture_tokens"] = w.get("culture_tokens", 0) + n
        events = [Event(Msg("{player} loots {n} culture from {loser}.", player=Seat(wi), n=n, loser=Seat(li)))]
    elif what == "resource":
        field, i = _all_resources(l)[int(parts[2])]
        if field == "resources":
            res = l[field].pop(i)
            w.setdefault(field, []).append(res)
        else:                                       # blind: the loser knows what it was
            res, _origin = seen.take_marker(l, i)
            seen.gain_marker(w, res)
        if field == "resources":
            events = [Event(Msg("{player} loots {resource} from {loser}.", player=Seat(wi),
                                resource=_term_for("resources", res), loser=Seat(li)))]
        else:
            events = [Event(Msg("{player} loots a face-down marker from {loser}.",
                                player=Seat(wi), loser=Seat(li)),
                            private={wi: Msg("The looted marker shows {resource}.",
                                             resource=_term_for("resources", res))},
                            hidden=True)]
    elif what == "coin":
        _lose_coin(l)
        events = [Event(Msg("{player} makes {loser} discard a coin token.", player=Seat(wi), loser=Seat(li)))]
    elif what == "take_coin":
        _lose_coin(l)
        w["coin_tokens"] = w.get("coin_tokens", 0) + 1
        events = [Event(Msg("{player} takes a coin token from {loser}.", player=Seat(wi), loser=Seat(li)))]
    elif what == "tech":
        tech = parts[2]
        row = LOOT_TECH_CHECK(state, wi, tech)
        events = [Event(Msg("{player} learns {tech} from {loser}.", player=Seat(wi),
                            tech=_term_for("techs", tech), loser=Seat(li)))]
        events += LOOT_TECH_LEARN(state, wi, tech, row)
    else:  # culture_card
        card = l["culture_hand"].pop(int(parts[2]))
        w.setdefault("culture_hand", []).append(card)
        seen.show_cards(state, [card])              # both players know where it is now
        events = [Event(Msg("{player} takes a culture card from {loser}.", player=Seat(wi), loser=Seat(li)),
                        private={wi: Msg("You took {card}.", card=_term_for("culture_events", card))},
                        hidden=True)]
    if rulebook:                         # one choice; "any 2 resources" (R121) is two picks of one
        menu = data.by_id("loot")[loot["menu"]]
        if what == "resource" and not loot.get("second") and menu["resources"] > 1:
            loot["second"] = True
        else:
            loot["points"] = 0
    if not _loot_actions(state, with_done=False):
        state["battle"] = None
        events.append(Event(Msg("{player} has finished looting.", player=Seat(wi))))
    return events
