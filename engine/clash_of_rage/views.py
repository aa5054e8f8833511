"""What each seat (or a spectator, viewer None) may see of a Clash of Rage state (spec section 6).

The view is the state with what the viewer may not know taken out:
- the RNG and the order of every draw pile: the equipment, legendary and tactic decks become counts
  (`equipment_deck`, `legendary_deck`, `seats[i].tactic_deck` are ints);
- the tactic hands: the viewer's own list, the others' a count (`seats[i].tactic_hand`);
- the secret picks: `tactics.picks` is the viewer's own pick only, and `tactics.picked` how many
  seats have picked (never which, R25);
- a forge draw: its cards to the forging seat only (`forge.cards`), a count for the others.
Everything else is public (6.1, D38): the board, units, heroes, elves, strongholds, market, tribe
cards with their equipment, gold, crystals, VP, discards, turn order, the battle with its dice.
`viewer` and `acting` (the seat whose action phase turn it is, or None) are added for the pictures."""
from __future__ import annotations

import marshal

from . import actions, tactics

PRIVATE_KEYS = ("rng",)


def view(state: dict, viewer: int | None) -> dict:
    out = marshal.loads(marshal.dumps({k: v for k, v in state.items() if k not in PRIVATE_KEYS}, 2))
    mine = viewer if viewer is not None and 0 <= viewer < state["players"] else None
    out["viewer"] = mine
    out["equipment_deck"] = len(state["equipment_deck"])
    out["legendary_deck"] = len(state["legendary_deck"])
    for s, area in enumerate(out["seats"]):
        area["tactic_deck"] = len(area["tactic_deck"])
        if s != mine:
            area["tactic_hand"] = len(area["tactic_hand"])
    tac = out["tactics"]
    tac["picked"] = len(tac["picks"])
    tac["picks"] = {k: v for k, v in tac["picks"].items() if mine is not None and k == str(mine)}
    forge = state.get("forge")
    if forge and forge["seat"] != mine:
        out["forge"] = {"seat": forge["seat"], "cards": len(forge["cards"])}
    out["acting"] = actions.acting(state)
    return out


def hidden_items(state: dict, seat: int) -> set[str]:
    """Ids only `seat` may know now: its tactic hand, its pick before the reveal, its forge draw."""
    out = set(state["seats"][seat]["tactic_hand"])
    pick = state["tactics"]["picks"].get(str(seat))
    if pick:
        out.add(pick)
    forge = state.get("forge")
    if forge and forge["seat"] == seat:
        out |= set(forge["cards"])
    return out


def waiting_count(state: dict) -> int:
    """How many seats still have to pick a tactic card (the only thing told of the selection)."""
    return len(tactics.active_seats(state))
