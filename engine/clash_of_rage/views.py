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
The facts the pictures need that the rules derive are added, so a picture draws only what its view
carries (render/clash_of_rage/ reads no rule module); all of them are public:
- `viewer`; `acting`: the seat whose action phase turn it is, or None;
- `step_text`: what the game waits for (a Msg in its JSON form; during the secret choice only how
  many are still choosing, R25);
- `target_vp`: the victory points that win (4, or 5 in the longer game);
- `hexes`: the current map, in drawing order: each hex's label, axial q and r, terrain, stone
  tier and, for a placed stronghold, its owner (a seat);
- `stronghold_spots`: during round 1's stronghold step, the free cells a stronghold may take, by
  the name a player types ("<territory>-<direction>": [q, r]), else empty;
- `tile_spots`: while the players assemble the board (option board=assembled), where the next
  region tile may go (spot name: the centre [q, r] of its 7 hexes), else empty; `tiles` (in the
  state of such a game) lists the tiles laid;
- `control`: territory -> the seat or "elves" controlling it (D9; no entry when nobody does);
- `seats[i].unit_stats`: tier -> that unit type's strength, health, speed and icons with its
  equipment (R76, D8), and its movement;
- `battles`: the battles of the latest action phase that had any (None before the first):
  {"round", "phase", "list"}, each battle in the order fought with its territory, attacker and
  defender (a seat or "elves"), winner (who holds the territory now, R63), loser, whether the
  loser retreated (R60), and `lost`: per side ("attacker", "defender") the models destroyed, one
  record per type {"type", "name" (the English name, a glossary term), "tier" (None for an elf),
  "count"}, lowest tier first (R55, R57, R58). Battles are public (6.1: every roll, damage and
  allocation);
- `log`: the public texts of the latest events (JSON form, oldest first; flow.LOG_KEEP of them at
  most; [] for a state saved before the log was kept). Only public texts are kept."""
from __future__ import annotations

import marshal

from engine.text import to_json

from . import actions, assembly, battle, data, prompts, rounds, supply, tactics

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
    out["step_text"] = to_json(prompts.step_text(state))
    out["target_vp"] = actions.victory_target(state)
    out["hexes"] = hexes(state)
    out["stronghold_spots"] = stronghold_spots(state)
    out["tile_spots"] = tile_spots(state)
    out["control"] = control(state)
    for s, area in enumerate(out["seats"]):
        area["unit_stats"] = unit_stats(state, s)
    out["battles"] = battles(state)
    out["log"] = list(out.get("log") or [])
    if supply.finite(state):      # the box's gold is public (counted coins); unlimited: not shown
        out["gold_supply"] = supply.gold_left(state)
    return out


def battles(state: dict) -> dict | None:
    """The latest action phase's battles with each side's losses named (see the module text)."""
    rec = state.get("battles")
    if not rec:
        return None
    out = []
    for fought in rec["list"]:
        lost = {}
        for role in ("attacker", "defender"):
            lost[role] = _losses(state, fought[role], fought["lost"].get(role) or {})
        out.append({**{k: fought[k] for k in ("territory", "attacker", "defender", "winner", "loser", "retreat")},
                    "lost": lost})
    return {"round": rec["round"], "phase": rec["phase"], "list": out}


def _losses(state: dict, side, lost: dict[str, int]) -> list[dict]:
    rows = []
    for type_id, n in lost.items():
        if side == data.ELVES:
            elf = data.elf(type_id)
            rows.append(((elf.get("draw_order", 9), type_id), {"type": type_id, "name": elf["name"], "tier": None,
                                                                "count": n}))
        else:
            unit = next(u for u in data.tribe(state["seats"][side]["tribe"])["units"] if u["id"] == type_id)
            rows.append(((unit["tier"], type_id), {"type": type_id, "name": unit["name"], "tier": unit["tier"],
                                                   "count": n}))
    return [row for _key, row in sorted(rows, key=lambda kv: kv[0])]


def hexes(state: dict) -> list[dict]:
    """The map with the strongholds placed so far, one plain record per hex."""
    return [{"label": h.label, "q": h.q, "r": h.r, "terrain": h.terrain, "stone_tier": h.stone_tier,
             "owner": h.seat - 1 if h.terrain == "stronghold" and h.seat else None}
            for h in rounds.current_board(state).hexes.values()]


def stronghold_spots(state: dict) -> dict[str, list[int]]:
    """The cells a stronghold may take now (round 1's stronghold step), else none."""
    if rounds.step(state) != "strongholds":
        return {}
    return {name: list(cell) for name, cell in rounds.stronghold_cells(state).items()}


def tile_spots(state: dict) -> dict[str, list[int]]:
    """While the players assemble the board: where the next tile may go (spot name -> the centre
    of its 7 hexes), else none."""
    if not assembly.assembling(state):
        return {}
    return {name: list(cell) for name, cell in assembly.spots(state).items()}


def control(state: dict) -> dict[str, int | str]:
    """Who controls each territory that someone does (only a territory with pieces can be)."""
    out = {}
    for territory in sorted(set(state["units"]) | set(state["elves"])):
        who = rounds.controller(state, territory)
        if who is not None:
            out[territory] = who
    return out


def unit_stats(state: dict, seat: int) -> dict[str, dict]:
    """The seat's three unit types with what their equipment adds."""
    tribe = state["seats"][seat]["tribe"]
    out = {}
    for tier in data.TIERS:
        unit = data.unit(tribe, tier)
        stats = battle.type_stats(state, seat, unit["id"])
        out[str(tier)] = {"strength": stats["strength"], "health": stats["health"], "speed": stats["speed"],
                          "movement": unit["movement"], "icons": stats["icons"]}
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
