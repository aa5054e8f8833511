"""The normal player made cheaper for the hard player's rollouts: the same scores (`ai.Context`)
read from a lighter view of the seat (`lite_view`: only the facts the scores read, none of the
texts, logs, prompts or card texts a picture needs), so a rollout move costs less and the search
plays more of them. `choose` picks exactly the move `ai.choose` picks (tests/skytear/test_hard.py
holds them equal)."""
from __future__ import annotations

from . import ai, board, data, flow, ops, victory


def _hero(state: dict, hero: str, viewer: int) -> dict:
    h = state["heroes"][hero]
    d = data.hero(hero)
    leads = []
    for lead in h["leads"]:
        own = viewer == h["owner"] and lead["from"] == "hand"
        leads.append({"from": lead["from"], "card": state["cards"][lead["card"]] if own else None})
    return {
        "id": hero, "owner": h["owner"], "side": board.hero_side(state, hero), "hex": h["hex"],
        "hp": h["hp"], "max_hp": d["hp"], "runes": d["runes"], "factions": d["factions"], "state": h["state"],
        "statuses": {k: v for k, v in h["statuses"].items() if v},
        "mana_left": ops.mana_left(state, hero), "leads": leads,
    }


def lite_view(state: dict, seat: int) -> dict:
    """`views.view(state, seat)` with only what `ai.Context` reads (the seat's own hand included)."""
    c = state["counters"]
    o = state["outsider"]
    act = state.get("activation")
    pend = state.get("pending")
    v = {
        "map": state["map"], "round": state["round"], "rounds": state["rounds"], "first_side": state["first_side"],
        "sides": [{"seats": state["sides"][s], "nexus_hp": state["nexus"][s]["hp"],
                   "nexus_exposed": bool(state["nexus"][s]["exposed"]),
                   "defeats": c.get("defeats", [0, 0])[s], "structure_damage": c.get("structure", [0, 0])[s]}
                  for s in (0, 1)],
        "activation": {"hero": act["hero"], "seat": act["seat"], "ap": act["ap"], "done": act["done"]} if act else None,
        "heroes": [_hero(state, h, seat) for h in sorted(state["heroes"])],
        "minions": state["minions"],
        "towers": [{"hex": hx, "side": t["side"], "lane": t["lane"], "hp": t["hp"]}
                   for hx, t in sorted(state["towers"].items())],
        "tokens": [{"number": int(n), "hex": hx} for n, hx in sorted(state["control"].items(), key=lambda kv: int(kv[0]))],
        "pillars": state["pillars"],
        "illusions": [{"hero": h, "side": board.hero_side(state, h), "hex": hx}
                      for h, hx in sorted(state["illusions"].items())],
        "outsider": {"hexes": o["hexes"], "hp": o["hp"], "statuses": o["statuses"], "holder": o.get("holder")},
        "victory": [{"id": vid, "tokens": victory.tokens(state, vid), "goal": data.victory_card(vid)["goal"]}
                    for vid in state.get("victory") or []],
        "waiting": flow.awaited(state),
        "pending": {k: pend[k] for k in ("kind", "seat", "hero", "target", "against") if pend.get(k) or k in ("kind", "seat")}
        if pend else None,
        "hand": [{"iid": i, "card": state["cards"][i]} for i in state["hands"][str(seat)]],
    }
    if state["phase"] == "mulligan":
        v["set_aside"] = list(state["mulligan"][str(seat)]["tossed"])
    if pend and pend["seat"] == seat and pend["kind"] == "foresee":
        v["foresee"] = {"cards": [state["cards"][i] for i in pend["followup"]["cards"]], "index": pend["index"]}
    return v


class LiteContext(ai.Context):
    """`ai.Context` on the lighter view (every value it derives is the same)."""

    read_view = staticmethod(lite_view)


def choose(state: dict, seat: int, seed: int) -> str:
    """`ai.choose(state, seat, seed)`, the same move, from the lighter view."""
    return ai.choose(state, seat, seed, context=LiteContext)
