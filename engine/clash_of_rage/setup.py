"""Setting a game of Clash of Rage up: spec section 3, steps 1-7.

The state is plain JSON data. Randomness goes only through engine.rng.next_random(state), so the
same seed gives the same game. Strongholds are not placed here (R27, round 1 phase 2) and tactic
decks are formed in round 1 phase 2 (R22, engine/clash_of_rage/tactics.py). With `board: assembled`
the players lay the region tiles first (assembly.py) and the elves are placed on the finished board."""
from __future__ import annotations

from engine.base import IllegalAction
from engine.rng import new_rng_state, next_random
from engine.text import Msg

from . import assembly, board, data, supply

MARKET_ITEMS = 6        # step 4: the black market shows 6 different items
ELF_MODES = ("random", "hard")


def setup(players: int, options: dict | None, seed: int) -> dict:
    if players not in data.PLAYER_COUNTS:
        raise IllegalAction(Msg("Clash of Rage is played by {low} to {high} players.",
                                low=min(data.PLAYER_COUNTS), high=max(data.PLAYER_COUNTS)))
    opts = chosen_options(options or {}, players)
    state: dict = {
        "game": "clash_of_rage", "players": players, "options": opts, "rng": new_rng_state(seed),
        "round": 1,
        # phase 1 (elf evolution) is skipped in round 1 (R15): the game opens on phase 2, step a
        "phase": "tactics",
        "tactics": {"step": "draw", "picks": {}, "revealed": {}, "turn_order": []},
        "layout": players,          # step 1: the fixed preset of spec D4
        "strongholds": {},          # seat -> cell label, placed in round 1 (R27)
        "units": {},                # territory -> seat -> tier -> count; empty: all in reserve
        "result": None,
        "log": [],                  # the latest events' public texts (flow.LOG_KEEP of them)
    }
    if opts.get("board") == assembly.ASSEMBLED:     # step 1 by the players, step 2 once it is whole
        assembly.begin(state)
        state["layout"] = None
        _no_elves_yet(state)
    else:
        place_elves(state, opts["elves"])                      # step 2
    state["seats"] = [new_seat(t) for t in deal_tribes(state, opts["tribes"])]   # step 3
    fill_market(state)                                          # step 4
    legendary = [e["id"] for e in data.legendary()]             # step 5
    next_random(state).shuffle(legendary)
    state["legendary_deck"] = legendary
    state["heroes"] = {h["id"]: None for h in data.heroes()}    # step 6: id -> owner seat
    state["hero_at"] = {}                                       # recruited hero id -> hex label
    # step 7: gold, rage tokens and dice are unlimited unless supply=box (supply.py), whose counts
    # follow from what the players hold; only the crystals' supply is counted (place_elves)
    return state


def chosen_options(options: dict, players: int) -> dict:
    """`elves`: "random" (default) or "hard" (D39). `tribes`: "random" (default, the source's
    dealt option) or a list of tribe ids, one per seat, as chosen one at a time in seat order
    (D27). `longer`: 5 VP to win (section 8). `rounds`: D33's round limit, 0 for none."""
    elves = options.get("elves", "random")
    if elves not in ELF_MODES:
        raise IllegalAction(Msg("`elves` is one of: {values}.", values=", ".join(ELF_MODES)))
    tribes = options.get("tribes", "random")
    if tribes != "random":
        known = {t["id"] for t in data.tribes()}
        if (not isinstance(tribes, (list, tuple)) or len(tribes) != players
                or len(set(tribes)) != players or not set(tribes) <= known):
            raise IllegalAction(Msg("Each player needs a different tribe."))
        tribes = list(tribes)
    rounds = options.get("rounds", 0) or 0
    if not isinstance(rounds, int) or rounds < 0:
        raise IllegalAction(Msg("The round limit is a whole number, 0 for none."))
    chosen = {"elves": elves, "tribes": tribes, "longer": bool(options.get("longer", False)), "rounds": rounds}
    finite = options.get("supply", supply.UNLIMITED)
    if finite not in supply.MODES:
        raise IllegalAction(Msg("`supply` is one of: {values}.", values=", ".join(supply.MODES)))
    if finite == supply.BOX:      # only then stored: a standard game's state is unchanged
        chosen["supply"] = finite
    laid = options.get("board", assembly.FIXED)
    if laid not in assembly.MODES:
        raise IllegalAction(Msg("`board` is one of: {values}.", values=", ".join(assembly.MODES)))
    if laid == assembly.ASSEMBLED:  # likewise: a fixed board stores nothing
        chosen["board"] = laid
    return chosen


def _no_elves_yet(state: dict) -> None:
    """While the players assemble the board: no elf placed, every token still in the bag."""
    state["elves"] = {}
    state["crystal_supply"] = sum(e["tokens"] for e in data.elves())
    state["elf_card"] = {e["id"]: {slot: None for slot in data.SLOTS} for e in data.elves()}


def place_elves(state: dict, mode: str) -> None:
    """Step 2 / D39: the tokens are drawn at random from a bag; 4 per elf city, 2 per forge. In
    hard mode each city first gets one of each type, then one random token. The tokens left
    over are flipped to their crystal side: the crystal supply only needs their number."""
    bag = [e["id"] for e in data.elves() for _ in range(e["tokens"])]
    next_random(state).shuffle(bag)
    per_city, per_forge = data.elf_setup()["per_city"], data.elf_setup()["per_forge"]
    layout = assembly.bare_board(state) if assembly.assembled(state) else \
        board.layout_board(state["players"], with_strongholds=False)
    placed: dict[str, list[str]] = {}
    for city in sorted(layout.of_terrain("city")):
        tokens = []
        if mode == "hard":
            for elf in data.elves():
                bag.remove(elf["id"])   # the bag is shuffled, so which copy leaves does not matter
                tokens.append(elf["id"])
        while len(tokens) < per_city:
            tokens.append(bag.pop())
        placed[city] = sorted(tokens)
    for forge in sorted(layout.of_terrain("forge")):
        placed[forge] = sorted(bag.pop() for _ in range(per_forge))
    state["elves"] = placed
    state["crystal_supply"] = len(bag)
    # the elf tribe card: one weapon and one armour position per elf type (D37), empty at start
    state["elf_card"] = {e["id"]: {slot: None for slot in data.SLOTS} for e in data.elves()}


def deal_tribes(state: dict, choice) -> list[str]:
    """Step 3: the tribes chosen in seat order (D27), or dealt face down at random."""
    if choice != "random":
        return list(choice)
    tribes = [t["id"] for t in data.tribes()]
    next_random(state).shuffle(tribes)
    return tribes[:state["players"]]


def new_seat(tribe_id: str) -> dict:
    """A player's area: every model in the reserve, 0 gold and 0 crystals (D26); the 7 tactic
    cards wait in the box until round 1 phase 2 forms the deck (R22)."""
    return {
        "tribe": tribe_id, "gold": 0, "crystals": 0, "vp": 0,
        "reserve": {str(u["tier"]): u["max_models"] for u in data.tribe(tribe_id)["units"]},
        # tier -> {"weapon": item id | None, "armour": ...} (D37)
        "equipped": {str(t): {slot: None for slot in data.SLOTS} for t in data.TIERS},
        # items owned but in no slot (D37); legendary: every card forged (its permanent VP, R12),
        # wherever it now sits; hero ownership lives in state["heroes"]
        "set_aside": [], "legendary": [],
        "tactic_deck": [], "tactic_hand": [], "tactic_discard": [],
    }


def fill_market(state: dict) -> None:
    """Step 4: shuffle the equipment cards (one entry per copy) and draw until the market shows
    6 different items; a copy of an item already shown joins its stack."""
    deck = [e["id"] for e in data.equipment() for _ in range(e["copies"])]
    next_random(state).shuffle(deck)
    state["equipment_deck"] = deck      # the top of the pile is the end of the list
    state["equipment_discard"] = []
    state["market"] = []                # stacks in the order drawn: {"item", "count"}
    refill_market(state)


def refill_market(state: dict) -> None:
    market, deck = state["market"], state["equipment_deck"]
    while len(market) < MARKET_ITEMS and deck:
        item = deck.pop()
        stack = next((s for s in market if s["item"] == item), None)
        if stack is None:
            market.append({"item": item, "count": 1})
        else:
            stack["count"] += 1
