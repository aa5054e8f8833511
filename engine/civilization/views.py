"""What each seat (or a spectator, viewer None) may see of a Civilization state (spec section 6).

The view is the state with what the viewer may not know taken out:
- the RNG, every deck's order (unit, culture, wonder, great person decks, the hut and village
  piles: counts only) and the neutral tiles still face down (their tile id is None);
- the contents of hut and village markers on the map (the kind stays);
- other seats' standing forces, culture hands and hut/village resources (counts, G32 DD), their
  battle hands (combat: counts) and their secret research pick (only how many have chosen);
- who a cancel window asks and who has already answered (a seat learns that it is asked from its
  own legal moves),
  and the secrecy bookkeeping (seen.py: where face-down markers came from, cards seen).
Public (6.1, G32): the map, cities, figures, markers, buildings, wonders, great people, every seat's
civ, government, trade, coins, culture, market resources, techs, ranks, wonders, great people on
the sheet, and the market."""
from __future__ import annotations

import marshal

from . import combat, culture, economy, seen, trade

PRIVATE_KEYS = ("rng", "hut_pile", "village_pile", seen.SHOWN_CARDS, seen.SHOWN_UNITS)


def view(state: dict, viewer: int | None) -> dict:
    out = marshal.loads(marshal.dumps({k: v for k, v in state.items() if k not in PRIVATE_KEYS}, 2))
    mine = viewer if viewer is not None and 0 <= viewer < state["players"] else None
    out["viewer"] = mine
    out["hut_pile"] = len(state.get("hut_pile", []))
    out["village_pile"] = len(state.get("village_pile", []))
    for tile in out["map"]["tiles"]:
        if not tile["face_up"]:
            tile["tile"] = None
    out["markers"] = {lbl: {"kind": m["kind"]} for lbl, m in state.get("markers", {}).items()}
    decks = out["decks"]
    decks["units"] = {t: {"down": len(d["down"]), "up": len(d["up"])} for t, d in state["decks"]["units"].items()}
    decks["culture"] = {e: {"down": len(d["down"]), "up": len(d["up"])} for e, d in state["decks"]["culture"].items()}
    decks["wonders"] = len(state["decks"]["wonders"])
    decks["great_people"] = len(state["decks"]["great_people"])
    for s, area in enumerate(out["seats"]):
        area["coins"] = economy.coins(state, s) if state["phase"] != "setup" else 0
        if s != mine:
            area["standing_forces"] = len(area["standing_forces"])
            area["culture_hand"] = len(area["culture_hand"])
            area["hidden_resources"] = len(area["hidden_resources"])
            area.pop(seen.ORIGIN, None)
    res = state.get("research")
    if isinstance(res, dict) and "revealed" not in res:
        picks = res.get("picks", {})
        out["research"] = {"picked": len(picks),
                           "picks": {k: v for k, v in picks.items() if mine is not None and k == str(mine)}}
    if "offers" in state:                         # R27: an offer is private to its two seats
        out["offers"] = trade.view_offers(state, mine)
        out["offers_pending"] = trade.pending_count(state)
    if "trade_phase" in state:
        tp = state["trade_phase"]
        out["trade_phase"] = {"open": tp.get("open", False), "done": list(tp.get("done", [])),
                              "started": {k: v for k, v in tp.get("started", {}).items() if k == str(mine)}}
    pending = out.get("pending")
    if pending and pending.get("kind") == "cancel":
        # the cancel window answers in private: nobody learns who is asked or who has answered (a
        # pass by autopass looks like any other); a seat learns that it is asked from its moves
        pending["waiting"] = []
    if pending and pending.get("kind") == "choose" and pending.get("seat") != mine \
            and isinstance(pending.get("context", {}).get("card"), str):
        # a card still being aimed stays in its player's hand: others see its kind, not the copy
        pending["context"]["card"] = culture.card_kind(pending["context"]["card"])
    b = state.get("battle")
    if b:
        out["battle"] = combat.public_battle(state, mine) if hasattr(combat, "public_battle") else _battle_view(b, state, mine)
    return out


def _battle_view(b: dict, state: dict, mine: int | None) -> dict:
    shown = marshal.loads(marshal.dumps(b, 2))
    hands = shown.get("hands", {})
    for side, cards in list(hands.items()):
        if b["seats"].get(side) != mine:
            hands[side] = len(cards)
    return shown


def hidden_items(state: dict, seat: int) -> set[str]:
    """Strings only `seat` may know now: its standing forces' unit card ids, its culture hand's
    card ids, its battle hand, and a token for its research pick before the reveal."""
    area = state["seats"][seat]
    out = set(area["standing_forces"]) | set(area["culture_hand"])
    out |= combat.hidden_battle_items(state, seat)
    out |= trade.hidden_items(state, seat)
    res = state.get("research")
    if isinstance(res, dict) and "revealed" not in res and str(seat) in res.get("picks", {}):
        out.add(f"research-pick-{seat}-{res['picks'][str(seat)]}")
    return out
