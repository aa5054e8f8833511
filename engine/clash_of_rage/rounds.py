"""The round phases of Clash of Rage other than the actions: elf evolution (phase 1, R14-R21, D10),
stronghold placement (phase 2e, R27, D6), income (2f, R28, R29, D30), reinforcement (2g, R30-R32,
D35), reinforcement stones (phase 4, R80, R81, D5, D29) and victory points (5.2, R11, R12, D9).

State layout used here (see setup.py for the rest):
- state["phase"]: "elf_evolution" -> "tactics" (steps draw/select in tactics.py, then
  "strongholds" (round 1), "income", "reinforce") -> "first_action" -> "stones" ->
  "second_action". The action phases belong to another module; it calls `stones(state)` after
  phase 3 and `next_round(state)` after phase 5.
- state["strongholds"]: seat (str) -> "H<seat+1>", the label units use for that stronghold;
  state["stronghold_cells"]: seat (str) -> [q, r], the off-board cell it stands on (D6).
- state["tactics"]["reinforce"]: {"pending": {tier: count}} for the seat placing now.
- state["units"]: territory -> seat (str) -> tier (str) -> count.
Automatic steps run inside `advance(state)`; the caller runs it after tactics.reveal and whenever
`active_seats` is empty. Functions change the copy they are given (the caller copies)."""
from __future__ import annotations

from functools import lru_cache

from engine.base import Event, IllegalAction
from engine.text import Msg, Seat, plural

from . import assembly, board, data, supply, tactics

CRYSTALS_PER_CITY = 3   # R29
STRONGHOLD_ACTION = "stronghold:"
PLACE_ACTION = "place:"     # "place:<tier>:<territory label>"
DONE_ACTION = "done"


# --- board and control -------------------------------------------------------------------

def stronghold_label(seat: int) -> str:
    """Units on a stronghold are kept under this label, as board.build names the cells."""
    return f"{board.STRONGHOLD_PREFIX}{seat + 1}"


def bare_board(state: dict) -> board.Board:
    """The region tiles: the fixed layout, or the tiles the players laid (option board=assembled)."""
    if assembly.assembled(state):
        return assembly.bare_board(state)
    return board.layout_board(state["players"], with_strongholds=False)


def current_board(state: dict) -> board.Board:
    """The map with the strongholds placed so far (seat i's cell is "H<i+1>", board.Hex.seat i+1).
    Built once per board and strongholds (a game asks for it thousands of times); shared, so
    read-only, like the bare boards."""
    cells = tuple(sorted((int(k), tuple(v)) for k, v in state.get("stronghold_cells", {}).items()))
    tiles = assembly.tiles_laid(state) if assembly.assembled(state) else None
    return _with_strongholds(state["players"], tiles, cells)


@lru_cache(maxsize=256)
def _with_strongholds(players: int, tiles: tuple | None, cells: tuple) -> board.Board:
    """The bare board (the fixed layout for `players`, or the `tiles` laid) with the cells."""
    bare = assembly.board_of_tiles(tiles) if tiles is not None else board.layout_board(players, with_strongholds=False)
    hexes = dict(bare.hexes)
    for seat, (q, r) in cells:
        lbl = stronghold_label(seat)
        hexes[lbl] = board.Hex(lbl, q, r, "stronghold", seat=seat + 1)
    return board.Board(hexes)


def units_of(state: dict, territory: str, seat: int) -> int:
    return sum(state["units"].get(territory, {}).get(str(seat), {}).values())


def controller(state: dict, territory: str) -> int | str | None:
    """D9: a seat controls a territory holding its units and no enemy; "elves" when elf tokens
    are there; None when empty. Heroes are not units, so they never count."""
    if state["elves"].get(territory):
        return data.ELVES
    present = [s for s in range(state["players"]) if units_of(state, territory, s) > 0]
    return present[0] if len(present) == 1 else None


def cities_controlled(state: dict, seat: int) -> list[str]:
    return sorted(c for c in bare_board(state).of_terrain("city") if controller(state, c) == seat)


def victory_points(state: dict, seat: int) -> int:
    """5.2: 1 VP per elf city controlled now (R11, lost at once when the city is lost) plus 1 per
    legendary item forged (R12, permanent: the forged cards stay in the seat's "legendary")."""
    return len(cities_controlled(state, seat)) + len(state["seats"][seat]["legendary"])


def update_victory_points(state: dict) -> None:
    for s in range(state["players"]):
        state["seats"][s]["vp"] = victory_points(state, s)


# --- phase 1: elf evolution ------------------------------------------------------------------

def elf_evolution(state: dict) -> list[Event]:
    """R16-R21, D10. Each elf type with a token on the board, in draw order, draws the top card of
    the equipment pile; the dearer card of its slot stays, equal cost keeps the old one, and the
    loser goes to the bottom of the pile (R20). An empty pile gives nothing."""
    on_board = {e for tokens in state["elves"].values() for e in tokens}
    deck = state["equipment_deck"]       # the top is the end of the list, the bottom index 0
    lines = []
    for elf in data.elves():
        if elf["id"] not in on_board or not deck:     # R17, D10
            continue
        new = deck.pop()
        slot = data.item(new)["slot"]
        old = state["elf_card"][elf["id"]][slot]
        if old is None or data.item(new)["cost"] > data.item(old)["cost"]:   # R18, R19
            state["elf_card"][elf["id"]][slot] = new
            if old is not None:
                deck.insert(0, old)
            lines.append(Msg("{elf} equip {item}", elf=elf["name"], item=data.item(new)["name"]))
        else:
            deck.insert(0, new)                                          # R19, D10 (a)
            lines.append(Msg("{elf} keep {old} and discard {item}", elf=elf["name"],
                             old=data.item(old)["name"], item=data.item(new)["name"]))
    if not lines:
        return [Event(Msg("Elf evolution: the elves draw no equipment."))]
    return [Event(Msg("Elf evolution: {changes}.", changes=lines), hidden=True)]


def next_round(state: dict) -> list[Event]:
    """After phase 5: a new round opens with elf evolution (never in round 1, R15), then the
    tactic draw (tactics.begin)."""
    state["round"] += 1
    state["phase"] = "elf_evolution"
    events = [Event(Msg("Round {round} begins.", round=state["round"]))]
    events += elf_evolution(state)
    state["phase"] = "tactics"
    state["tactics"].update(step="draw", picks={}, revealed={}, turn_order=[])
    state["tactics"].pop("reinforce", None)
    return events


# --- phase 2 e-g -------------------------------------------------------------------------------

def step(state: dict) -> str | None:
    return state["tactics"]["step"] if state.get("phase") == "tactics" else None


def waiting_in_turn_order(state: dict) -> list[int]:
    """Seats still to act in the current one-at-a-time step, in turn order."""
    order = tactics.turn_order(state)
    if step(state) == "strongholds":
        return [s for s in order if str(s) not in state["strongholds"]]
    if step(state) == "reinforce":
        done = state["tactics"]["reinforce"]["done"]
        return [s for s in order if s not in done]
    return []


def active_seats(state: dict) -> list[int]:
    waiting = waiting_in_turn_order(state)
    return waiting[:1]


def stronghold_cells(state: dict) -> dict[str, tuple[int, int]]:
    """The legal cells (R27, D6) by name "<territory>-<direction>": the off-board cell in that
    direction from that territory. A cell next to several territories gets the first name in
    sorted order, so each cell is offered once."""
    bare = bare_board(state)
    placed = [tuple(c) for c in state.get("stronghold_cells", {}).values()]
    legal = board.legal_stronghold_cells(bare, placed)
    names: dict[tuple[int, int], str] = {}
    for lbl in sorted(bare.territories()):
        h = bare.hexes[lbl]
        for d, (dq, dr) in board.DIRECTIONS.items():
            cell = (h.q + dq, h.r + dr)
            if cell in legal and cell not in names:
                names[cell] = f"{lbl}-{d}"
    return {name: cell for cell, name in names.items()}


def parse_cell(state: dict, text: str) -> tuple[int, int] | None:
    """Any "<territory>-<direction>" naming a legal cell, whatever case, not only the listed name."""
    lbl, _, d = text.strip().upper().partition("-")
    bare = bare_board(state)
    if lbl not in bare.hexes or d not in board.DIRECTIONS:
        return None
    h = bare.hexes[lbl]
    cell = (h.q + board.DIRECTIONS[d][0], h.r + board.DIRECTIONS[d][1])
    return cell if cell in stronghold_cells(state).values() else None


def place_stronghold(state: dict, seat: int, text: str) -> list[Event]:
    if step(state) != "strongholds":
        raise IllegalAction(Msg("It is not time to place strongholds."))
    if seat not in active_seats(state):
        raise IllegalAction(Msg("It is not your turn to place your stronghold."))
    cell = parse_cell(state, text)
    if cell is None:
        raise IllegalAction(Msg("A stronghold must touch the board and no other stronghold."))
    state["strongholds"][str(seat)] = stronghold_label(seat)
    state.setdefault("stronghold_cells", {})[str(seat)] = list(cell)
    events = [Event(Msg("{seat} places their stronghold at {cell}.", seat=Seat(seat),
                        cell=text.strip().upper()))]
    if not active_seats(state):
        state["tactics"]["step"] = "income"
        events += advance(state)
    return events


def income(state: dict) -> list[Event]:
    """R28, R29, D30: all at once, gold from the revealed card and 3 crystals per elf city
    controlled now. Unlimited by default (D25); with the box's supply (option supply=box) each
    is paid in turn order while the supply lasts (house, data/clash_of_rage/supply.json)."""
    lines, unpaid_gold, unpaid_crystals = [], 0, 0
    revealed = state["tactics"]["revealed"]
    for s in [s for s in tactics.turn_order(state) if str(s) in revealed] if supply.finite(state) else map(int, revealed):
        card_id = revealed[str(s)]
        owed_gold, owed_crystals = tactics.card(card_id)["income"], CRYSTALS_PER_CITY * len(cities_controlled(state, s))
        gold = supply.pay_gold(state, s, owed_gold)
        crystals = supply.pay_crystals(state, s, owed_crystals)
        unpaid_gold, unpaid_crystals = unpaid_gold + owed_gold - gold, unpaid_crystals + owed_crystals - crystals
        lines.append(Msg("{seat} +{gold} gold, +{crystals} crystals", seat=Seat(s), gold=gold,
                         crystals=crystals))
    state["tactics"]["step"] = "reinforce"
    state["tactics"]["reinforce"] = {"done": [], "pending": {}}
    events = [Event(Msg("Income: {lines}.", lines=lines))]
    if unpaid_crystals:     # the box's supply ran out (house rule short_income): said, not silent
        events.append(Event(plural("The crystal supply is empty: {n} crystal owed is not paid.",
                                   "The crystal supply is empty: {n} crystals owed are not paid.", n=unpaid_crystals)))
    if unpaid_gold:
        events.append(Event(plural("The box has no more coins: {n} gold owed is not paid.",
                                   "The box has no more coins: {n} gold owed are not paid.", n=unpaid_gold)))
    events += start_reinforcing(state)
    return events


def start_reinforcing(state: dict) -> list[Event]:
    """R30, R32: the next seat takes from its reserve what its card shows, as far as it has it."""
    waiting = active_seats(state)
    if not waiting:
        state["tactics"]["step"] = "done"
        state["phase"] = "first_action"
        return [Event(Msg("Reinforcement is over; the first actions begin."))]
    s = waiting[0]
    card = tactics.card(state["tactics"]["revealed"][str(s)])
    reserve = state["seats"][s]["reserve"]
    pending = {t: min(n, reserve.get(t, 0)) for t, n in card["reinforcement"].items()}
    lost = sum(card["reinforcement"].values()) - sum(pending.values())
    state["tactics"]["reinforce"]["pending"] = {t: n for t, n in pending.items() if n}
    count = sum(pending.values())
    text = plural("{seat} reinforces: {n} unit to place.", "{seat} reinforces: {n} units to place.", n=count,
                  seat=Seat(s))
    if lost:
        text = plural("{seat} reinforces: {n} unit to place; {lost} not in the reserve are lost.",
                      "{seat} reinforces: {n} units to place; {lost} not in the reserve are lost.", n=count,
                      seat=Seat(s), lost=lost)
    return [Event(text)]


def reinforce_targets(state: dict, seat: int) -> list[str]:
    """R30, R31, D35: the own stronghold, and every territory holding at least one own unit."""
    own = [t for t in state["units"] if t != stronghold_label(seat) and units_of(state, t, seat) > 0]
    return [stronghold_label(seat)] + sorted(own)


def place(state: dict, seat: int, tier: str, territory: str) -> list[Event]:
    if step(state) != "reinforce" or seat not in active_seats(state):
        raise IllegalAction(Msg("It is not your turn to reinforce."))
    pending = state["tactics"]["reinforce"]["pending"]
    if pending.get(tier, 0) < 1:
        raise IllegalAction(Msg("You have no unit of tier {tier} left to place.", tier=tier))
    if territory not in reinforce_targets(state, seat):
        raise IllegalAction(Msg("Reinforcements go to your stronghold or to a territory holding your units."))
    pending[tier] -= 1
    if not pending[tier]:
        del pending[tier]
    state["seats"][seat]["reserve"][tier] -= 1
    add_unit(state, territory, seat, tier)
    return [Event(Msg("{seat} places a tier {tier} unit on {territory}.", seat=Seat(seat), tier=tier,
                      territory=territory))]


def add_unit(state: dict, territory: str, seat: int, tier: str) -> None:
    counts = state["units"].setdefault(territory, {}).setdefault(str(seat), {})
    counts[tier] = counts.get(tier, 0) + 1


def done(state: dict, seat: int) -> list[Event]:
    """Ends the seat's reinforcement; every unit taken must be placed first (R30: each is placed)."""
    if step(state) != "reinforce" or seat not in active_seats(state):
        raise IllegalAction(Msg("It is not your turn to reinforce."))
    if state["tactics"]["reinforce"]["pending"]:
        raise IllegalAction(Msg("Place all your reinforcements first."))
    state["tactics"]["reinforce"]["done"].append(seat)
    return [Event(Msg("{seat} has reinforced.", seat=Seat(seat)))] + start_reinforcing(state)


# --- phase 4 -----------------------------------------------------------------------------------

def stones(state: dict) -> list[Event]:
    """R80, R81, D5, D29: each seat controlling a stone territory gets one unit of the stone's tier
    from its reserve there; none when the reserve has none of that tier. Then phase 5."""
    bare = bare_board(state)
    lines = []
    for lbl in sorted(bare.of_terrain("stone")):
        s = controller(state, lbl)
        if not isinstance(s, int):
            continue
        tier = str(bare.hexes[lbl].stone_tier)
        if state["seats"][s]["reserve"].get(tier, 0) < 1:
            continue
        state["seats"][s]["reserve"][tier] -= 1
        add_unit(state, lbl, s, tier)
        lines.append(Msg("{seat} +1 tier {tier} unit on {territory}", seat=Seat(s), tier=tier, territory=lbl))
    state["phase"] = "second_action"
    if not lines:
        return [Event(Msg("Reinforcement stones: nobody receives a unit."))]
    return [Event(Msg("Reinforcement stones: {lines}.", lines=lines))]


# --- the interface for these steps -----------------------------------------------------------

def advance(state: dict) -> list[Event]:
    """Runs the automatic step waiting now (income), if any."""
    if step(state) == "income":
        return income(state)
    return []


def legal_actions(state: dict, seat: int) -> list[str]:
    if seat not in active_seats(state):
        return []
    if step(state) == "strongholds":
        return [STRONGHOLD_ACTION + name for name in sorted(stronghold_cells(state))]
    pending = state["tactics"]["reinforce"]["pending"]
    if not pending:
        return [DONE_ACTION]
    return [f"{PLACE_ACTION}{tier}:{t}" for tier in sorted(pending) for t in reinforce_targets(state, seat)]


def apply(state: dict, seat: int, action_id: str) -> list[Event]:
    if action_id.startswith(STRONGHOLD_ACTION):
        return place_stronghold(state, seat, action_id[len(STRONGHOLD_ACTION):])
    if action_id.startswith(PLACE_ACTION):
        tier, _, territory = action_id[len(PLACE_ACTION):].partition(":")
        return place(state, seat, tier, territory.strip().upper())
    if action_id == DONE_ACTION:
        return done(state, seat)
    raise IllegalAction(Msg("Unknown action."))
