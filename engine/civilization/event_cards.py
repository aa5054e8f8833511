"""Culture event cards played from the hand, with their timing, and the disasters they bring
(spec 2.11, R10, R47, R57-R58, G9).

A card is played in the phase of its timing (data/civilization/culture_events.json "timing"):
"start" in the seat's Start of Turn step (R10), "city" in its City Management step, "movement" in
its Movement step (between two moves: it "may interrupt a move"), "battle" before the battle hands
are drawn (combat.py gives a seat that may hold one a "muster" step), "any" only as an answer in a cancel
window (effects.py) or, for the gifts, as a resource in a payment (effects.pay).

Action ids: event:<card>[:<first choice>]; a card needing more choices asks them one by one as a
pending choice ("pick:<option>", pending.choose). A played card goes face up under its era's deck
(R57) and resolves through effects.announce (the cancel window). The Start of Turn wonders with a
choice (wonder:...) are routed here too (wonders.py).

House readings (each marked "house" in the record's _source): "within N orthogonal squares" is
a path length of N orthogonal steps (|dx| + |dy| <= N) from one of the player's figures or city
centers; the killing, moving, destroying and anarchy cards aim only at other players; Drought and
Deforestation are chosen tile first, then square, and not on water or a city center; a square
already of the new terrain is not offered; the 12 disaster markers are a limit."""
from __future__ import annotations

from engine.base import Event, IllegalAction
from engine.text import Msg, Seat, plural

from . import board, cities, combat, culture, data, economy, effects, pending, people, research, wonders
from .effects import effect

VERBS: tuple[str, ...] = ("event", "wonder")
DISASTER_MARKERS = 12           # the supply of disaster markers (spec 2.11)
PHASE_TIMING = {"start": "start", "city": "city", "movement": "movement"}
SEAT_PREFIX = "seat"
TILE_PREFIX = "tile"


def record(card: str) -> dict:
    kind = culture.card_kind(card)
    for rec in data.collection("culture_events"):
        if rec["id"] == kind:
            return rec
    raise IllegalAction(Msg("There is no culture event card {card}.", card=card))


def _hand_by_kind(state: dict, seat: int) -> dict[str, str]:
    """kind -> the first copy in hand (copies of one card are offered once)."""
    out: dict[str, str] = {}
    for card in sorted(state["seats"][seat]["culture_hand"]):
        out.setdefault(culture.card_kind(card), card)
    return out


def _seat_seg(seat: int) -> str:
    return f"{SEAT_PREFIX}{seat}"


def _seat_of(seg: str) -> int:
    return int(seg[len(SEAT_PREFIX):])


# ---------------------------------------------------------------- what may be played

def options(state: dict, seat: int) -> list[str]:
    """The culture event action ids `seat` may take now in a start, city or movement step."""
    if state.get("battle") or state.get("pending") or state.get("result"):
        return []
    timing = PHASE_TIMING.get(state.get("phase"))
    if timing is None or state.get("step_seat") != seat:
        return []
    out = []
    for kind, card in sorted(_hand_by_kind(state, seat).items()):
        rec = record(card)
        if rec["timing"] != timing:
            continue
        out += _first_ids(state, seat, card, rec["effect"])
    return out + wonders.options(state, seat)


def _first_ids(state: dict, seat: int, card: str, spec: dict) -> list[str]:
    steps = STEPS.get(spec["fn"], ())
    if not steps:
        return [f"event:{card}"]
    return [f"event:{card}:{o}" for o in steps[0](state, seat, spec, [])]


def battle_options(state: dict, seat: int) -> list[str]:
    """Before the battle hand is drawn (combat's muster step): the free-unit cards."""
    b = state.get("battle")
    if not b or b.get("step") != "muster" or seat not in b["muster"] or state.get("pending"):
        return []
    out = []
    for kind, card in sorted(_hand_by_kind(state, seat).items()):
        rec = record(card)
        if rec["timing"] == "battle":
            out += _first_ids(state, seat, card, rec["effect"])
    return out


def apply(state: dict, seat: int, action_id: str) -> list[Event]:
    if action_id.startswith("wonder:"):
        return wonders.apply(state, seat, action_id)
    legal = battle_options(state, seat) if state.get("battle") else options(state, seat)
    if action_id not in legal:
        raise IllegalAction(Msg("You cannot play that culture event card now."))
    parts = action_id.split(":")
    card, args = parts[1], parts[2:]
    return _next_step(state, seat, card, args)


def _next_step(state: dict, seat: int, card: str, args: list[str]) -> list[Event]:
    spec = record(card)["effect"]
    steps = STEPS.get(spec["fn"], ())
    if len(args) < len(steps):
        opts = steps[len(args)](state, seat, spec, args)
        if len(opts) == 1:                                   # one way only: taken at once
            return _next_step(state, seat, card, args + opts)
        if opts:
            return pending.choose(state, seat, "card", opts, {"card": card, "args": args},
                                  Msg("{card}", card=culture.card_name(card)))
    return play(state, seat, card, args)


def continue_choice(state: dict, seat: int, step: str, context: dict, option: str) -> list[Event]:
    """effects.apply_pending hands a pending choice back here."""
    if step == "card":
        return _next_step(state, seat, context["card"], context["args"] + [option])
    if step == "exchange_back":
        return research.learn_free(state, seat, option)
    if step == "great_person":                           # placed at once, or kept (people.py)
        return people.great_person_choice(state, seat, context["person"], option)
    raise IllegalAction(Msg("That is not something you can do now."))


def play(state: dict, seat: int, card: str, args: list[str]) -> list[Event]:
    """R57: the card goes face up under its deck, then resolves (or waits for a cancel)."""
    area = state["seats"][seat]
    if card not in area["culture_hand"]:
        raise IllegalAction(Msg("That culture event card is not in your hand."))
    area["culture_hand"].remove(card)
    state["decks"]["culture"][culture.era_of(card)]["up"].append(card)
    spec = record(card)["effect"]
    events = [Event(Msg("{player} plays the culture event {card}.", player=Seat(seat), card=culture.card_name(card)))]
    return events + effects.announce(state, seat, "event", card, dict(spec, card=card), args,
                                     targets=targets(state, seat, spec, args))


def cancelled(state: dict, seat: int, card: str) -> list[Event]:
    """A cancelled card stays discarded (R57) and does nothing."""
    return [Event(Msg("{card} is cancelled.", card=culture.card_name(card)))]


def targets(state: dict, seat: int, spec: dict, args: list[str]) -> list[int]:
    """The seats a card targets (Bread and Circuses may cancel it for them)."""
    fn = spec["fn"]
    out: set[int] = set()
    if fn in ("exchange_techs", "anarchy") and args:
        out.add(_seat_of(args[0]))
    elif fn in ("kill_figures", "move_figures") and args:
        x, y = board.parse_label(args[0])
        out |= {f["owner"] for f in board.figures_at(state, x, y)}
        person = state["great_people_at"].get(args[0])
        if fn == "kill_figures" and person:
            out.add(person["owner"])
    elif fn == "destroy_buildings":
        out |= {state["buildings"][a]["owner"] for a in args if a in state["buildings"]}
    elif fn == "disaster_marker" and len(args) > 1:
        x, y = board.parse_label(args[1])
        out |= {c["owner"] for c in state["cities"] if board.chebyshev((c["x"], c["y"]), (x, y)) == 1}
    out.discard(seat)
    return sorted(out)


# ---------------------------------------------------------------- distances

def _near(state: dict, seat: int, x: int, y: int, reach: int | None) -> bool:
    """House: within `reach` orthogonal steps (|dx| + |dy|) of one of the seat's figures or city
    centers; None: anywhere."""
    if reach is None:
        return True
    points = [(f["x"], f["y"]) for f in state["figures"] if f["owner"] == seat] + \
             [(c["x"], c["y"]) for c in economy.cities_of(state, seat)]
    return any(abs(px - x) + abs(py - y) <= reach for px, py in points)


# ---------------------------------------------------------------- choice steps

def _kill_squares(state, seat, spec, args):
    squares = set()
    for f in state["figures"]:
        if f["owner"] != seat and _near(state, seat, f["x"], f["y"], spec.get("range")):
            squares.add(board.label(f["x"], f["y"]))
    if spec.get("person"):
        for sq, p in state["great_people_at"].items():
            x, y = board.parse_label(sq)
            if p["owner"] != seat and _near(state, seat, x, y, spec.get("range")):
                squares.add(sq)
    return sorted(squares)


def _kill_what(state, seat, spec, args):
    x, y = board.parse_label(args[0])
    kinds = sorted({f["kind"] for f in board.figures_at(state, x, y) if f["owner"] != seat})
    out = list(kinds)
    if len(kinds) > 1 and spec.get("figures", 1) > 1:
        out.append("figures")
    person = state["great_people_at"].get(args[0])
    if spec.get("person") and person and person["owner"] != seat:
        out.append("person")
    return out


def _move_from(state, seat, spec, args):
    out = set()
    for f in state["figures"]:
        if f["owner"] != seat and _move_targets(state, seat, spec, board.label(f["x"], f["y"])):
            out.add(board.label(f["x"], f["y"]))
    return sorted(out)


def _move_group(state: dict, seat: int, where: str) -> list[dict]:
    x, y = board.parse_label(where)
    figs = [f for f in board.figures_at(state, x, y) if f["owner"] != seat]
    owner = figs[0]["owner"] if figs else None
    return [f for f in figs if f["owner"] == owner]


def _move_targets(state, seat, spec, where_or_args):
    where = where_or_args[0] if isinstance(where_or_args, list) else where_or_args
    group = _move_group(state, seat, where)
    if not group:
        return []
    owner = group[0]["owner"]
    ends = board.moves(state, owner, board.parse_label(where), int(spec["n"]), "none",
                       research.stacking_limit(state, owner), [f["id"] for f in group])
    return sorted(lbl for lbl, info in ends.items() if info["stop"] is None)      # never a battle


def _disaster_squares(state: dict, seat: int, spec: dict) -> list[tuple[int, int]]:
    if len(state.get("disasters") or {}) >= DISASTER_MARKERS:
        return []
    out = []
    for t in state["map"]["tiles"]:
        if not t["face_up"]:
            continue
        for y in range(t["y"], t["y"] + 4):
            for x in range(t["x"], t["x"] + 4):
                sq = board.square(state, x, y)
                lbl = board.label(x, y)
                if sq is None or sq["terrain"] == spec["to"] or sq["terrain"] == "water" \
                        or sq["terrain"] not in spec["from"]:
                    continue
                if lbl in state["buildings"] or lbl in state["wonders_at"] or board.city_at(state, x, y):
                    continue                                      # no building or wonder (nor a city)
                out.append((x, y))
    return out


def _disaster_tiles(state, seat, spec, args):
    tiles = {(t["x"], t["y"]) for t in state["map"]["tiles"]}
    out = set()
    for x, y in _disaster_squares(state, seat, spec):
        for tx, ty in tiles:
            if tx <= x < tx + 4 and ty <= y < ty + 4:
                out.add(f"{TILE_PREFIX}{board.label(tx, ty)}")
    return sorted(out)


def _disaster_square(state, seat, spec, args):
    tx, ty = board.parse_label(args[0][len(TILE_PREFIX):])
    return [board.label(x, y) for x, y in _disaster_squares(state, seat, spec)
            if tx <= x < tx + 4 and ty <= y < ty + 4]


def _building_squares(state: dict, seat: int, spec: dict, exclude=()) -> list[str]:
    """R47, T35: buildings only (state["buildings"]); a wonder is never a target."""
    out = []
    for lbl, b in sorted(state["buildings"].items()):
        x, y = board.parse_label(lbl)
        if b["owner"] != seat and lbl not in exclude and _near(state, seat, x, y, spec.get("range")):
            out.append(lbl)
    return out


def _first_building(state, seat, spec, args):
    return _building_squares(state, seat, spec)


def _more_building(state, seat, spec, args):
    if len(args) >= int(spec.get("n", 1)) or "none" in args:
        return []
    rest = _building_squares(state, seat, spec, exclude=args)
    return rest + ["none"] if rest else []


def _exchange_seats(state, seat, spec, args):
    return [_seat_seg(s) for s in range(state["players"])
            if s != seat and _takeable(state, seat, s, spec["max_level"])]


def _takeable(state: dict, learner: int, giver: int, max_level: int) -> list[str]:
    return sorted(t["id"] for t in state["seats"][giver]["techs"]
                  if research.level(t["id"]) <= max_level and research.fits(state, learner, t["id"]) is not None)


def _exchange_tech(state, seat, spec, args):
    return _takeable(state, seat, _seat_of(args[0]), spec["max_level"])


def _anarchy_seats(state, seat, spec, args):
    return [_seat_seg(s) for s in range(state["players"])
            if s != seat and state["seats"][s]["government"] != "anarchy"]


def _own_cities(state, seat, spec, args):
    return [c["id"] for c in cities.acting_cities(state, seat)]


def _unit_choices(state, seat, spec, args):
    """Every multiset of 1..n unlocked unit types the decks can give (combat.py asks the same before
    a battle: combat.may_hold_battle_card)."""
    return combat.unit_choices(state, seat, int(spec["n"]))


STEPS = {
    "kill_figures": (_kill_squares, _kill_what),
    "move_figures": (_move_from, _move_targets),
    "disaster_marker": (_disaster_tiles, _disaster_square),
    "destroy_buildings": (_first_building, _more_building),
    "exchange_techs": (_exchange_seats, _exchange_tech),
    "anarchy": (_anarchy_seats,),
    "city_production": (_own_cities,),
    "free_units": (_unit_choices,),
}


# ---------------------------------------------------------------- the effects

def _card(spec: dict) -> Msg:
    return culture.card_name(spec["card"]) if spec.get("card") else Msg("a culture event")


@effect("cancel")
def _cancel(state: dict, seat: int, spec: dict, args: list) -> list[Event]:
    """Bread and Circuses, Jousting Tourney, Prime Time TV: used only in a cancel window."""
    return []


@effect("resource_gift")
def _gift(state: dict, seat: int, spec: dict, args: list) -> list[Event]:
    """A Generous Gift, A Princely Gift: used only as a resource in a payment (effects.pay)."""
    return []


@effect("kill_figures")
def kill_figures(state: dict, seat: int, spec: dict, args: list) -> list[Event]:
    """Defection, Mass Defection, Wholesale Defection: figures back to their owner's supply, or a
    great person out of the game."""
    where, what = args[0], (args[1] if len(args) > 1 else None)
    x, y = board.parse_label(where)
    if what == "person":
        p = state["great_people_at"].pop(where, None)
        if p is None:
            return [Event(Msg("Nothing is left to kill on {square}.", square=where))]
        return [Event(Msg("{card}: {player}'s great person on {square} is killed.", card=_card(spec),
                          player=Seat(p["owner"]), square=where))]
    figs = [f for f in board.figures_at(state, x, y) if f["owner"] != seat]
    figs = [f for f in figs if what in (None, "figures") or f["kind"] == what]
    figs.sort(key=lambda f: (f["kind"] != "army", f["id"]))
    killed = figs[:int(spec.get("figures", 1))]
    for f in killed:
        state["figures"].remove(f)
        state["seats"][f["owner"]]["unbuilt"][f["kind"]] += 1
        state["seats"][f["owner"]].get("gathering", {}).pop(f["id"], None)
    if not killed:
        return [Event(Msg("Nothing is left to kill on {square}.", square=where))]
    return [Event(plural("{card}: {n} figure of {player} on {square} is killed.",
                         "{card}: {n} figures of {player} on {square} are killed.", card=_card(spec), n=len(killed),
                      player=Seat(killed[0]["owner"]), square=where))]


@effect("move_figures")
def move_figures(state: dict, seat: int, spec: dict, args: list) -> list[Event]:
    """Disoriented, Lost, Out of Position: another player's figures on a square move as a group
    (orthogonal steps, no water, never into a battle)."""
    where, to = args
    if to not in _move_targets(state, seat, spec, where):
        return [Event(Msg("The figures on {square} can no longer be moved there.", square=where))]
    group = _move_group(state, seat, where)
    x, y = board.parse_label(to)
    for f in group:
        f["x"], f["y"] = x, y
        state["seats"][f["owner"]].get("gathering", {}).pop(f["id"], None)
    return [Event(Msg("{card}: {player}'s figures on {start} are moved to {end}.", card=_card(spec),
                      player=Seat(group[0]["owner"]), start=where, end=to))]


@effect("disaster_marker")
def disaster_marker(state: dict, seat: int, spec: dict, args: list) -> list[Event]:
    """Drought, Deforestation (G9 DD): a disaster marker turns the square into desert /
    grassland with that terrain's icons for the rest of the game (board.square reads it)."""
    where = args[1]
    x, y = board.parse_label(where)
    if (x, y) not in _disaster_squares(state, seat, spec):
        return [Event(Msg("{square} can no longer take a disaster marker.", square=where))]
    state.setdefault("disasters", {})[where] = spec["to"]
    return [Event(Msg("{card}: {square} is now {terrain}.", card=_card(spec), square=where,
                      terrain=data.term(spec["to"])))]


@effect("destroy_buildings")
def destroy_buildings(state: dict, seat: int, spec: dict, args: list) -> list[Event]:
    """Sabotage, Catastrophe, Disaster: buildings go back to the market (never a wonder, R47)."""
    events = []
    for where in args:
        b = state["buildings"].pop(where, None)
        if b is None:
            continue
        pair = data.by_id("buildings")[b["id"]]["pair"]
        state["decks"]["buildings"][pair] = state["decks"]["buildings"].get(pair, 0) + 1
        events.append(Event(Msg("{card}: {player}'s building on {square} is destroyed and goes back to the market.",
                                card=_card(spec), player=Seat(b["owner"]), square=where)))
    return events


@effect("exchange_techs")
def exchange_techs(state: dict, seat: int, spec: dict, args: list) -> list[Event]:
    """Exchange of Ideas, Knowledge Shared, Think Tank: the player learns one of the other's
    techs, then the other chooses one of the player's (a pending choice for that seat)."""
    other, tech = _seat_of(args[0]), args[1]
    events = research.learn_free(state, seat, tech) if research.fits(state, seat, tech) is not None else []
    back = _takeable(state, other, seat, spec["max_level"])
    if back and not state.get("result"):
        events += pending.choose(state, other, "exchange_back", back, {},
                                 Msg("a tech of {player} to learn free", player=Seat(seat)))
    elif not state.get("result"):
        events.append(Event(Msg("{player} can learn none of {other}'s techs.", player=Seat(other), other=Seat(seat))))
    return events


@effect("anarchy")
def anarchy(state: dict, seat: int, spec: dict, args: list) -> list[Event]:
    """The Citizens are Revolting!: the other player's government becomes Anarchy (R20)."""
    other = _seat_of(args[0])
    area = state["seats"][other]
    if area["government"] == "anarchy":
        return []
    area["government"] = "anarchy"
    area["anarchy_turn"] = state["turn"]
    area["new_governments"] = []
    return [Event(Msg("{card}: {player} falls into Anarchy.", card=_card(spec), player=Seat(other)))]


@effect("free_units")
def free_units(state: dict, seat: int, spec: dict, args: list) -> list[Event]:
    """Duty and Honor, Nationalism, Patriotism: units free into the standing forces, before the
    battle hand is drawn."""
    got = []
    for unit in args[0].split(",") if args else []:
        card = combat.draw_unit(state, unit)
        if card is not None:
            state["seats"][seat]["standing_forces"].append(card)
            got.append(card)
    ranks = state["seats"][seat]["ranks"]
    return [Event(plural("{player} builds {n} unit free.", "{player} builds {n} units free.", player=Seat(seat),
                         n=len(got)),
                  private={seat: Msg("Your new units: {units}.",
                                     units=[combat.unit_text(c, max(1, ranks.get(combat.card_type(c), 1))) for c in got]
                                     or [Msg("none")])}, hidden=True)]


# ---------------------------------------------------------------- labels (paths.py)

def segment_label(state: dict, value: str):
    """A readable name for a segment of an event / pick / cancel id, or None."""
    if value.startswith(SEAT_PREFIX) and value[len(SEAT_PREFIX):].isdigit():
        return Msg("{player}", player=Seat(int(value[len(SEAT_PREFIX):])))
    if value.startswith(TILE_PREFIX) and board.parse_label(value[len(TILE_PREFIX):]) is not None:
        return Msg("The tile at {square}", square=value[len(TILE_PREFIX):])
    if "," in value or value in ("artillery", "infantry", "mounted", "aircraft"):
        parts = value.split(",")
        if all(p in ("artillery", "infantry", "mounted", "aircraft") for p in parts):
            return Msg("{units}", units=[data.term(combat.unit_type(p)["name"]) for p in parts])
    if value == "figures":
        return Msg("The figures")
    if value == "person":
        return Msg("The great person")
    if value == "keep":
        return Msg("Keep it on your civilization sheet")
    return None
