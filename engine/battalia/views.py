"""What a seat may see (section 6 of the spec). Public texts and views never carry the ids of
hidden cards: hands, Ambush and Realm contents appear only in their owner's view."""
from __future__ import annotations

import re

from engine.text import Msg, Seat, from_json

from . import battle as bt
from . import data, oracle, paths, turns
from .actions import active_players
from .setup import house_rules_text
from .cards import card, label, name, public_name, sanctuary_top, uses_left


# what a card of the owner's hand does, in a line (the hand picture prints it on the card): the actions'
# own hints where they have one
EFFECTS: dict[str, Msg] = {
    "tool": Msg("Stands in for 2 Soldiers"),
    "weapon": Msg("Starts a battle; hires a hero"),
    "amulet": paths.AMULET.description,
    "title": paths.TITLE.description,
    "scroll": paths.SCROLL.description,
    "tent": paths.TENT.description,
    "horse": Msg("3 squares per use"),
    "supply": paths.PAYMENT["sup"],
    **paths.GREAT_HINTS,
}


def _card_public(state: dict, cid: str) -> dict:
    c = card(state, cid)
    return {"id": cid, "type": c["t"], "faction": c["f"], "label": label(state, cid)}


def _formation_public(shown: dict | None) -> dict | None:
    if not shown:
        return None
    return {"round": shown["round"], "to": list(shown["to"]), "count": len(shown["cards"])}


_SQUARE = re.compile(r"^[a-g][1-7]$")


def last_squares(log: list) -> list[str]:
    """The squares the map last changed on, from the log (its JSON form): the squares named by the newest
    entries that name any (a card placed and the square it made impassable, a hero's path, a city
    claimed), the run of such entries back to the first one that names none."""
    found: list[str] = []
    for entry in reversed(log):
        args = entry.get("args") if isinstance(entry, dict) else None
        named = [sq for key in ("square", "path") if isinstance((args or {}).get(key), str)
                 for sq in args[key].split("-") if _SQUARE.match(sq)]
        if named:
            found = named + found
        elif found:
            break
    return list(dict.fromkeys(found))


def step_text(state: dict) -> Msg:
    if state["result"]:
        return Msg("game over")
    ph = state["phase"]
    who = Seat(state["current"])
    if ph == "setup_faction":
        return Msg("{player} chooses a faction", player=who)
    if ph == "setup_city":
        return Msg("{player} chooses a starting city", player=who)
    if ph == "start":
        return Msg("{player}: formation / redeploy / start", player=who)
    if state["pending"]:
        what = {"place": Msg("place the drawn card"), "wild": Msg("choose what the wild card counts as"),
                "drop": Msg("discard an Ambush card"), "horn": Msg("take cards with the Horn"),
                "great": Msg("choose a Great Artifact")}.get(state["pending"]["kind"], Msg("choose"))
        return Msg("{player}: {step}", player=Seat(state["pending"]["seat"]), step=what)
    if state["battle"]:
        b = state["battle"]
        return {"opening": Msg("battle: attacker opens"), "decide": Msg("battle: defender decides"),
                "defender": Msg("battle: defender plays"), "attacker": Msg("battle: attacker plays")}[b["stage"]]
    return Msg("{player}: actions", player=who)


def view(state: dict, viewer: int | None) -> dict:
    sc = turns.scores(state)
    players = []
    for p in state["players"]:
        s = p["seat"]
        lc = turns.level_counts(state, s)
        players.append({
            "seat": s, "faction": p["faction"], "faction_name": data.faction_name(p["faction"]) if p["faction"] else None,
            "vp": sc[s], "level4": lc[4], "cities": sum(lc), "levels": list(lc), "hand_size": len(p["hand"]),
            "realm_size": len(p["realm"]), "sanctuary_size": len(p["sanctuary"]),
            "sanctuary_top": public_name(state, top) if (top := sanctuary_top(p)) else None,
            "ambush_count": len(p["ambush"]),
            "tents": [{"tent": _card_public(state, t["tent"]), "cards": [_card_public(state, c) for c in t["cards"]]}
                      for t in p["tents"]],
            "played": [_card_public(state, c) for c in p["played"]],
            "gained": [_card_public(state, c) for c in p["gained"]],
            "line": [_card_public(state, c) for c in p["line"]],
            "heroes": list(p["heroes"]), "markers": dict(p["markers"]),
            "great": card(state, p["great"])["t"] if p["great"] else None,
            # R23: the declaration, how many cards were shown and to whom are public; the cards are not
            "formation": _formation_public(p.get("formation_shown")),
        })
    pool = state["pool"]
    units = {}
    for t in data.UNIT_TYPES:
        d = pool["units"][t]
        units[t] = {"count": len(d), "top_faction": card(state, d[0])["f"] if d else None}  # face up (3.1 step 10)
    boardv = {}
    for sq, t in state["board"].items():
        boardv[sq] = {k: t.get(k) for k in ("kind", "shape", "rot", "terrain", "owner", "level", "defence")}
    v = {
        "game": "battalia", "viewer": viewer, "n": state["n"], "players": players, "current": state["current"],
        "first": state["first"], "active": sorted(active_players(state)), "phase": state["phase"],
        "step": step_text(state), "log": [from_json(line) for line in state["log"][-8:]],
        "result": dict(state["result"], reason=from_json(state["result"]["reason"])) if state["result"] else None,
        "options": {k: v for k, v in state["options"].items()},
        "house_rules": house_rules_text(state["options"]),
        "oracle": oracle.describe(state["round"]), "round": state["round"],
        "board": boardv, "last": last_squares(state["log"]), "impassable": list(state["impassable"]), "removed": list(state["removed"]),
        "pool": {"units": units, "supply": len(pool["supply"]),
                 "artifacts": {t: len(d) for t, d in pool["artifacts"].items()},
                 "cities": {s: len(d) for s, d in pool["cities"].items()},
                 "roads": {s: len(d) for s, d in pool["roads"].items()},
                 "great": [card(state, c)["t"] for c in pool["great"]],
                 "hidden_great": sorted(pool["hidden_great"]),
                 "void": [public_name(state, c) for c in pool["void"]]},
        "battle": None, "pending": None,
        "setup": {"factions_left": list(state["setup"]["factions_left"])},
    }
    b = state["battle"]
    if b:
        a_tot, d_tot = bt.totals(state)
        v["battle"] = {k: b[k] for k in ("kind", "attacker", "defender", "square", "target", "att_heroes",
                                          "def_heroes", "stage", "changed")}
        v["battle"]["attacker_total"] = a_tot
        v["battle"]["defender_total"] = d_tot
    if state["pending"]:
        pend = state["pending"]
        v["pending"] = {"kind": pend["kind"], "seat": pend["seat"]}
        if pend["kind"] == "place":
            v["pending"]["tile"] = {k: state["terrain"][pend["tile"]][k] for k in ("kind", "shape", "terrain")}
            v["pending"]["level"] = pend.get("level")
    if viewer is not None and 0 <= viewer < state["n"]:
        p = state["players"][viewer]
        # R23: Formation cards shown to this viewer by the opponents who chose him (names only, no ids)
        v["formation_seen"] = [
            {"by": o["seat"], "round": o["formation_shown"]["round"],
             "cards": [{"type": card(state, c)["t"], "faction": card(state, c)["f"], "label": name(state, c)}
                       for c in o["formation_shown"]["cards"]]}
            for o in state["players"] if o.get("formation_shown") and viewer in o["formation_shown"]["to"]]
        v["hand"] = [dict(_card_public(state, c), uses_left=uses_left(state, c), acts_as=state["turn"]["as"].get(c),
                          transformed=c in state["turn"]["transformed"], effect=EFFECTS.get(card(state, c)["t"]))
                     for c in p["hand"]]
        v["ambush"] = [_card_public(state, c) for c in p["ambush"]]
        v["sanctuary"] = [_card_public(state, c) for c in p["sanctuary"]]
        v["realm_count"] = len(p["realm"])
        v["formation_extra"] = turns.formation_extra(state, p["hand"])[0] if state["phase"] == "start" else 0
        pend = state["pending"]
        if pend and pend["seat"] == viewer and pend["kind"] == "horn":
            # the owner searches the Realm (R76); sorted so its order stays unknown
            v["pending"]["realm"] = [_card_public(state, c) for c in sorted(p["realm"], key=lambda c: int(c[1:]))]
            v["pending"]["max"] = pend["max"]
        if pend and pend["seat"] == viewer and pend["kind"] in ("wild", "drop"):
            v["pending"]["card"] = _card_public(state, pend["card"])
    return v


def hidden_items(state: dict, seat: int) -> set[str]:
    """Card ids no other seat may see (section 6.2): the hand and Ambush, the card an Amulet is
    sending to a full Ambush, and the Realm (its ids reach only its owner, when the Horn searches it).
    None of them appears in the public view or another seat's view.

    R23: the opponents a Formation is shown to learn which cards those are, but by name only (their
    view's `formation_seen` carries no ids), so the ids stay hidden from every other seat."""
    p = state["players"][seat]
    out = set(p["hand"]) | set(p["ambush"]) | set(p["realm"])
    pend = state["pending"]
    if pend and pend["seat"] == seat and pend["kind"] == "drop":
        out.add(pend["card"])
    return out
