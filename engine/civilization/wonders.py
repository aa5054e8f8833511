"""Wonder abilities by phase, and obsolete wonders (spec 2.9, R10, R93, R96, G34).

A built wonder is state["wonders_at"][square] = {"id", "owner"} (+ "obsolete": True once made
obsolete, + "coins": n for the Panama Canal). Its ability works for its owner while the wonder is
neither obsolete (R93) nor blockaded (R96: an enemy figure on its square).

Start of Turn (R10): Colossus, Stonehenge, The Louvre, Panama Canal and Big Ben work by themselves
(start_of_turn, called by flow at the start of the turn, for every seat in turn order); Hanging
Gardens and the Statue of Liberty ask for a choice, so they are actions of the owner's Start of
Turn step, once a turn:
  wonder:hanging_gardens:army|scout           a figure free on the wonder's square
  wonder:statue_of_liberty:<tech>             a tech another player knows, free
City Management: Chichen Itza (+3 production in every city: cities.production), Angkor Wat
(harvest twice, once a turn: the city action "harvest2:<city>:<resource>:<resource>", cities.py).
Battle: Himeji (+1 strength to every unit: combat._strength). Research: Porcelain Tower (the
thresholds are 5 trade lower: research.can_research). Any time: The Kremlin (2 resources in place
of a spy, once a turn: effects.pay)."""
from __future__ import annotations

from engine.base import Event, IllegalAction
from engine.text import Msg, Seat

from . import board, cities, data, effects, research
from .effects import effect

VERBS = ("wonder",)
CHOICE_WONDERS = ("hanging_gardens", "statue_of_liberty")
AUTOMATIC = ("gain_trade", "gain_culture", "wonder_coin", "market_resources")


# ---------------------------------------------------------------- which wonders work

# which wonders work: board.py (research, economy, effects, cities and combat read them too, below
# this module)
n = board.wonder_number
square_of, blockaded, active = board.wonder_square, board.wonder_blockaded, board.wonder_active
coins, research_discount, kremlin_ready = board.wonder_coins, board.research_discount, board.kremlin_ready


def _name(wonder_id: str) -> Msg:
    return data.term(data.by_id("wonders")[wonder_id]["name"])


def make_obsolete(state: dict, square: str) -> list[Event]:
    """R93, G34: the wonder card turns face down; its marker stays on the map and still gives its
    culture to the city that devotes to the arts (T51), but its ability is ignored for the rest of
    the game."""
    w = (state.get("wonders_at") or {}).get(square)
    if not w:
        raise IllegalAction(Msg("There is no wonder on {square}.", square=square))
    if w.get("obsolete"):
        raise IllegalAction(Msg("That wonder is already obsolete."))
    w["obsolete"] = True
    return [Event(Msg("{player}'s wonder {wonder} on {square} is now obsolete.", player=Seat(w["owner"]),
                      wonder=_name(w["id"]), square=square))]


def obsoletable(state: dict, eras: tuple[str, ...]) -> list[str]:
    """The squares of built, not yet obsolete wonders of those eras (Monarchy: ancient;
    Gunpowder: ancient and medieval)."""
    recs = data.by_id("wonders")
    return sorted(sq for sq, w in state.get("wonders_at", {}).items()
                  if not w.get("obsolete") and recs[w["id"]]["era"] in eras)


# ---------------------------------------------------------------- Start of Turn (R10)

def start_of_turn(state: dict) -> list[Event]:
    """Start-of-turn wonder abilities, for every seat in turn order (R10): those that need no
    choice run here through their effect; the turn's once-flags are cleared first."""
    events: list[Event] = []
    players = state["players"]
    recs = data.by_id("wonders")
    for i in range(players):
        seat = (state["first"] + i) % players
        state["seats"][seat]["used_this_turn"] = []
        for w in sorted(state["seats"][seat].get("wonders", []), key=lambda w: list(recs).index(w)):
            spec = recs[w]["effect"]
            if recs[w]["phase"] == "start" and spec["fn"] in AUTOMATIC and active(state, seat, w):
                events += effects.run(state, seat, dict(spec, wonder=w), [])
    return events


@effect("gain_trade")
def gain_trade(state: dict, seat: int, spec: dict, args: list) -> list[Event]:
    """Colossus: +3 trade at the start of the turn (the dial stops at 27)."""
    area = state["seats"][seat]
    area["trade"] = min(27, area["trade"] + int(spec["n"]))
    return [Event(Msg("{player} gains {n} trade from {wonder}.", player=Seat(seat), n=int(spec["n"]),
                      wonder=_name(spec.get("wonder", "colossus"))))]


@effect("wonder_coin")
def wonder_coin(state: dict, seat: int, spec: dict, args: list) -> list[Event]:
    """Panama Canal: a coin token on the wonder each Start of Turn (it counts for its owner, G35)."""
    w = state["wonders_at"][square_of(state, spec.get("wonder", "panama_canal"))]
    w["coins"] = w.get("coins", 0) + int(spec["n"])
    return [Event(Msg("{player} puts a coin on {wonder}.", player=Seat(seat), wonder=_name(w["id"])))]


@effect("market_resources")
def market_resources(state: dict, seat: int, spec: dict, args: list) -> list[Event]:
    """Big Ben: one of each market resource the market still has."""
    area = state["seats"][seat]
    got = []
    for res in ("silk", "iron", "incense", "wheat"):
        if state["decks"]["resources"].get(res, 0) > 0:
            state["decks"]["resources"][res] -= 1
            area["resources"].append(res)
            got.append(res)
    if not got:
        return []
    return [Event(Msg("{player} takes {n} resources from the market with {wonder}.", player=Seat(seat),
                      n=len(got), wonder=_name(spec.get("wonder", "big_ben"))))]


@effect("free_figure")
def free_figure(state: dict, seat: int, spec: dict, args: list) -> list[Event]:
    """Hanging Gardens: a figure (args[0]: army or scout) free on the wonder's square."""
    x, y = board.parse_label(square_of(state, "hanging_gardens"))
    fig = cities.place_figure(state, seat, args[0], x, y)
    return [Event(Msg("{player} builds a free {figure} on {square} with the Hanging Gardens.",
                      player=Seat(seat), figure=cities.figure_name(fig), square=board.label(x, y)))]


@effect("learn_known_tech")
def learn_known_tech(state: dict, seat: int, spec: dict, args: list) -> list[Event]:
    """Statue of Liberty: a tech another player knows, free (normal research still allowed)."""
    return research.learn_free(state, seat, args[0])


def _read_where_used(state: dict, seat: int, spec: dict, args: list) -> list[Event]:
    """Chichen Itza, Angkor Wat, Himeji, Porcelain Tower, Kremlin: the rules read these where they
    apply (cities.production, cities' harvest2, combat, research.need, effects.pay)."""
    return []


for _name_ in ("all_cities_production", "harvest_twice", "units_strength", "research_discount", "spy_substitute"):
    effect(_name_)(_read_where_used)


def options(state: dict, seat: int) -> list[str]:
    """The owner's Start of Turn choices (Hanging Gardens, Statue of Liberty), once a turn."""
    if state.get("phase") != "start" or state.get("battle"):
        return []
    used = state["seats"][seat].get("used_this_turn", [])
    out = []
    if active(state, seat, "hanging_gardens") and "hanging_gardens" not in used:
        sq = square_of(state, "hanging_gardens")
        x, y = board.parse_label(sq)
        own = [f for f in board.figures_at(state, x, y) if f["owner"] == seat]
        if len(own) < research.stacking_limit(state, seat) and not board.marker_at(state, x, y):
            out += [f"wonder:hanging_gardens:{k}" for k in ("army", "scout")
                    if state["seats"][seat]["unbuilt"].get(k, 0) > 0]
    if active(state, seat, "statue_of_liberty") and "statue_of_liberty" not in used:
        out += [f"wonder:statue_of_liberty:{t}" for t in liberty_techs(state, seat)]
    return out


def liberty_techs(state: dict, seat: int) -> list[str]:
    known = {t["id"] for s, area in enumerate(state["seats"]) if s != seat for t in area["techs"]}
    return sorted(t for t in known if research.fits(state, seat, t) is not None)


def apply(state: dict, seat: int, action_id: str) -> list[Event]:
    if action_id not in options(state, seat):
        raise IllegalAction(Msg("That wonder cannot be used now."))
    _, wid, choice = action_id.split(":")
    state["seats"][seat].setdefault("used_this_turn", []).append(wid)
    return effects.run(state, seat, dict(data.by_id("wonders")[wid]["effect"], wonder=wid), [choice])


# ---------------------------------------------------------------- other phases
# Chichen Itza, Angkor Wat and Himeji: board.wonder_city_production, board.harvest_twice_ok and
# board.wonder_battle_strength (cities and combat read them, below this module)
