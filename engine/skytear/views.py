"""What a seat may see (spec section 6), which render/skytear draws from: every fact a picture
needs is worked out here (whose turn it is, each hero's values now, the side of each stack entry,
the viewer's own side), so the pictures never apply a rule. Hands, the identity of lead cards from
the hand (their owner's only), cards foreseen, cards set aside in the mulligan, deck order and the
RNG never reach another seat; other players' cards appear only as counts. Played and discarded
cards are public by card kind."""
from __future__ import annotations

from engine.text import from_json

from . import board, data, flow, ops, passives, victory
from .prompts import prompt, step_text

LOG_SHOWN = 8


def _hero_view(state: dict, hero: str, viewer) -> dict:
    h = state["heroes"][hero]
    d = data.hero(hero)
    on = board.on_battlefield(state, hero)
    leads = []
    for lead in h["leads"]:
        own = viewer is not None and viewer == h["owner"] and lead["from"] == "hand"
        leads.append({"from": lead["from"], "card": state["cards"][lead["card"]] if own else None})
    return {
        "id": hero, "name": data.name(hero), "owner": h["owner"], "side": board.hero_side(state, hero), "hex": h["hex"],
        "hp": h["hp"], "max_hp": d["hp"], "armor": ops.armor_of(state, hero) if on else d["armor"],
        "attack": ops.attack_of(state, hero) if on else d["attack"], "plus": d["plus"], "range": d["range"],
        "runes": list(d["runes"]), "factions": list(d["factions"]), "state": h["state"], "returns": h.get("returns"),
        "statuses": {k: v for k, v in h["statuses"].items() if v},
        "played": [state["cards"][i] for i in h["played"]],
        "mana_left": ops.mana_left(state, hero), "leads": leads,
        "mirrored": bool(on and passives.mirrored_skills(state, hero)),
        "shapeshifted": bool(on and board.has_status(state, hero, "shapeshift")),
    }


def _card_def_view(def_id: str) -> dict:
    c = data.card(def_id)
    return {"name": data.name(def_id), "runes": list(c["runes"]), "speed": c["speed"], "modifier": c["modifier"],
            "ultimate_of": c.get("ultimate_of"), "text": data.text(def_id)}


def _sides(state: dict) -> list[dict]:
    c = state["counters"]
    return [{"seats": list(state["sides"][s]), "nexus_hp": state["nexus"][s]["hp"],
             "nexus_exposed": bool(state["nexus"][s]["exposed"]),
             "defeats": c.get("defeats", [0, 0])[s], "structure_damage": c.get("structure", [0, 0])[s]}
            for s in (0, 1)]


def _victory(state: dict) -> list[dict]:
    return victory.view_entries(state)


def _stack(state: dict) -> list[dict]:
    """The stack bottom first, each entry with the seat that added it and that seat's side."""
    return [{"text": from_json(e["text"]), "seat": e["seat"], "side": flow.side_of(state, e["seat"]), "kind": e["kind"]}
            for e in state["stack"]]


def _acting(state: dict) -> tuple[int | None, int | None]:
    """(side, seat) whose turn it is, as the board shows it: the activating seat and its side (a
    hero's or the Outsider's activation), or in the hero phase the side that activates next (either
    of its players may); nobody in setup, the discard step or once the game is over."""
    if state.get("result"):
        return None, None
    act = state.get("activation")
    if act:
        return flow.side_of(state, act["seat"]), act["seat"]
    if state["phase"] == "hero":
        return state.get("turn_side"), None
    return None, None


def _activation(state: dict) -> dict | None:
    act = state.get("activation")
    if not act:
        return None
    return {"hero": act["hero"], "seat": act["seat"], "ap": act["ap"], "done": list(act["done"])}


def _outsider(state: dict) -> dict:
    o = state["outsider"]
    return {"hexes": list(o["hexes"]), "hp": o["hp"], "max_hp": data.OUTSIDER["hp"],
            "armor": ops.armor_of(state, flow.OUTSIDER) if o["hexes"] else data.OUTSIDER["armor"],
            "statuses": {k: v for k, v in o["statuses"].items() if v}, "holder": o.get("holder"),
            "name": data.name(flow.OUTSIDER)}


def _draft(state: dict) -> dict | None:
    d = state.get("draft")
    if not d or state["phase"] != "draft":
        return None
    left = sum(n for _, n in d["order"][d["step"]:]) - d["taken"]
    return {"pool": list(d["pool"]), "picks": {k: list(v) for k, v in d["picks"].items()}, "order_left": left}


def _result(state: dict) -> dict | None:
    r = state.get("result")
    if not r:
        return None
    return {"winners": list(r["winners"]), "scores": dict(r.get("scores", {})), "reason": from_json(r["reason"]),
            "side": r.get("side")}


def view(state: dict, viewer: int | None) -> dict:
    named: set[str] = set()
    heroes = [_hero_view(state, h, viewer) for h in sorted(state["heroes"])]
    for h in heroes:
        named |= set(h["played"]) | {x["card"] for x in h["leads"] if x["card"]}
    discards = {str(s): [state["cards"][i] for i in state["discards"][str(s)]] for s in range(state["players"])}
    for pile in discards.values():
        named |= set(pile)
    revealed = [{"seat": r["seat"], "cards": list(r["cards"]), "why": from_json(r["why"])}
                for r in state.get("revealed") or []]
    for r in revealed:
        named |= set(r["cards"])
    acting_side, acting_seat = _acting(state)
    v = {
        "game": "skytear", "map": state["map"], "viewer": viewer, "players": state["players"],
        "sides": _sides(state), "first": state["first"], "first_side": state["first_side"],
        "round": state["round"], "rounds": state["rounds"], "mana": state["round"], "hand_limit": flow.HAND_LIMIT,
        "phase": _phase(state), "turn_side": state.get("turn_side"), "activation": _activation(state),
        "acting_side": acting_side, "acting_seat": acting_seat,
        "heroes": heroes,
        "minions": [{"side": m["side"], "lane": m["lane"], "hex": m["hex"]} for m in state["minions"]],
        "towers": [{"hex": hx, "side": t["side"], "lane": t["lane"], "hp": t["hp"]}
                   for hx, t in sorted(state["towers"].items())],
        "tokens": [{"number": int(n), "hex": hx} for n, hx in sorted(state["control"].items(), key=lambda kv: int(kv[0]))],
        "pillars": [{"side": p["side"], "hex": p["hex"]} for p in state["pillars"]],
        "illusions": [{"hero": h, "side": board.hero_side(state, h), "hex": hx}
                      for h, hx in sorted(state["illusions"].items())],
        "outsider": _outsider(state), "victory": _victory(state),
        "vortex": {"side": state["vortex"]["side"], "used": bool(state["vortex"]["used"])},
        "stack": _stack(state),
        "waiting": flow.awaited(state),
        "hand_counts": {str(s): len(state["hands"][str(s)]) for s in range(state["players"])},
        "deck_counts": {str(s): len(state["decks"][str(s)]) for s in range(state["players"])},
        "discards": discards, "revealed": revealed, "draft": _draft(state),
        "last": _last(state), "log": [from_json(x) for x in state.get("log", [])[-LOG_SHOWN:]],
        "step": step_text(state),
        "prompt": prompt(state, viewer) if viewer is not None else "",
        "result": _result(state),
        "mulligan_done": {k: m["done"] for k, m in state.get("mulligan", {}).items()} if state["phase"] == "mulligan" else None,
        "pending": _pending_public(state),
    }
    if viewer is not None and 0 <= viewer < state["players"]:
        _private(state, viewer, v, named)
    v["cards"] = {d: _card_def_view(d) for d in sorted(named)}
    return v


def _phase(state: dict) -> str:
    if state.get("result"):
        return "over"
    return state["phase"] if state["phase"] in ("draft", "mulligan", "outsider", "hero", "discard") else "hero"


def _last(state: dict) -> dict | None:
    last = state.get("last")
    if not last:
        return None
    return {"hexes": list(last["hexes"]), "text": from_json(last["text"])}


def _pending_public(state: dict) -> dict | None:
    """Who is deciding what (never the cards a foresee looks at)."""
    pend = state.get("pending")
    if not pend:
        return None
    out = {"kind": pend["kind"], "seat": pend["seat"]}
    for key in ("hero", "target", "against"):   # declared in public (a Skirmish's target, who hit the Outsider)
        if pend.get(key):
            out[key] = pend[key]
    return out


def _private(state: dict, viewer: int, v: dict, named: set) -> None:
    """The viewer's own side, its hand (card kinds with their instance ids), the cards it set aside
    in the mulligan and the cards its foresee looks at."""
    hand = state["hands"][str(viewer)]
    v["own_side"] = flow.side_of(state, viewer)
    v["hand"] = [{"iid": i, "card": state["cards"][i]} for i in hand]
    v["ask_first"] = viewer in (state.get("ask_first") or [])
    named |= {state["cards"][i] for i in hand}
    if state["phase"] == "mulligan":
        v["set_aside"] = list(state["mulligan"][str(viewer)]["tossed"])
    pend = state.get("pending")
    if pend and pend["seat"] == viewer and pend["kind"] == "foresee":
        cards = [state["cards"][i] for i in pend["followup"]["cards"]]
        v["foresee"] = {"cards": cards, "index": pend["index"]}
        named |= set(cards)
    if state["vortex"]["seat"] == viewer and not state["vortex"]["used"] and state["vortex"]["card"]:
        named.add(state["cards"][state["vortex"]["card"]])


def hidden_items(state: dict, seat: int) -> set[str]:
    """Instance ids only `seat` may know: its hand (and so the cards it set aside in the mulligan
    or led from the hand). None of them is in the public view or another seat's view; cards are
    shown to others only by kind once public (played, discarded, revealed)."""
    out = set(state["hands"][str(seat)])
    for h in state["heroes"].values():
        if h["owner"] == seat:
            out |= {x["card"] for x in h["leads"]}
    return out
