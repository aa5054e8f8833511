"""Hand-built Battle Line view dicts, shaped like the engine's `view()` output, for the render
tests and the render benchmark. They are written out by hand (not produced by the engine) so
the pictures can be tested while the engine changes."""
from __future__ import annotations

import copy

COLOUR_NAMES = ("red", "blue", "green", "yellow", "orange", "purple")
TACTICS = {
    "T-ALEX": ("morale", "Alexander", "Alexander (Leader)"),
    "T-DARIUS": ("morale", "Darius", "Darius (Leader)"),
    "T-CC": ("morale", "Companion Cavalry", "Companion Cavalry"),
    "T-SB": ("morale", "Shield Bearers", "Shield Bearers"),
    "T-FOG": ("environment", "Fog", "Fog"),
    "T-MUD": ("environment", "Mud", "Mud"),
    "T-SCOUT": ("guile", "Scout", "Scout"),
    "T-REDEPLOY": ("guile", "Redeploy", "Redeploy"),
    "T-DESERTER": ("guile", "Deserter", "Deserter"),
    "T-TRAITOR": ("guile", "Traitor", "Traitor"),
}
NAMES_2P = ["Alice", "Bob"]
NAMES_3P = ["Alice", "Bob", "Chandrasekhar the Long-Named"]


def troop(card_id: str) -> dict:
    """`troop("red7")` -> the engine's card dict for the red 7."""
    colour = card_id.rstrip("0123456789")
    value = int(card_id[len(colour):])
    return {"id": card_id, "kind": "troop", "color": colour, "value": value,
            "label": f"{colour.capitalize()} {value}"}


def tactic(card_id: str) -> dict:
    category, name, label = TACTICS[card_id]
    return {"id": card_id, "kind": "tactic", "category": category, "name": name, "label": label}


def card(card_id: str) -> dict:
    return tactic(card_id) if card_id.startswith("T-") else troop(card_id)


def side(seat: int, ids: list[str], formation: tuple[str, int] | None = None,
         completed_at: int | None = None, wild_as: list[str | None] | None = None) -> dict:
    return {"seat": seat, "cards": [card(i) for i in ids],
            "formation": {"type": formation[0], "sum": formation[1]} if formation else None,
            "completed_at": completed_at,
            "wild_as": wild_as if wild_as is not None else [None] * len(ids)}


def flag(n: int, bottom: dict | None = None, top: dict | None = None, claimed_by: int | None = None,
         env: list[tuple[str, int]] | None = None, limit: int | None = None,
         seats: tuple[int, int] = (0, 1), line: str | None = None) -> dict:
    env = env or []
    return {"n": n, "claimed_by": claimed_by,
            "limit": limit if limit is not None else (4 if any(e[0] == "T-MUD" for e in env) else 3),
            "env": [{"card": tactic(e[0]), "seat": e[1]} for e in env],
            "sides": [bottom or side(seats[0], []), top or side(seats[1], [])],
            "line": line}


def base_view(players: int = 2) -> dict:
    return {
        "game": "battleline", "players": players, "variant": "standard",
        "series": {"target": None, "game_no": 1, "points": [0] * players},
        "current": 0, "step": "play",
        "flags": [flag(n) for n in range(1, 10)],
        "decks": {"troop": 46, "tactics": 10},
        "discard": [],
        "tactics_played": [0] * players, "leader_used": [False] * players,
        "hand_counts": [{"troop": 7, "tactics": 0} for _ in range(players)],
        "flags_held": [0] * players,
        "provable": [],
        "result": None,
        "log": [],
    }


def empty_view() -> dict:
    view = base_view()
    view["log"] = ["Game 1 begins. Alice plays first."]
    return view


def midgame_view() -> dict:
    """Every flag has cards, several sides complete, one flag provable, tactics on the table."""
    view = base_view()
    view["variant"] = "advanced"
    view["series"] = {"target": 15, "game_no": 2, "points": [5, 3]}
    view["current"] = 1
    view["step"] = "claim"
    view["flags"] = [
        flag(1, side(0, ["red3", "red4", "red5"], ("Wedge", 12), 14),
             side(1, ["blue9", "green9"])),
        flag(2, side(0, ["yellow10", "T-ALEX", "yellow8"], ("Wedge", 27), 20),
             side(1, ["orange1", "purple1", "T-SB"], ("Phalanx", 3), 18)),
        flag(3, side(0, ["green2"]), side(1, ["purple10", "purple7", "purple3"], ("Battalion Order", 20), 9)),
        flag(4, side(0, ["blue6", "orange7", "red8"], ("Skirmish Line", 21), 6),
             side(1, ["T-CC", "yellow9", "red10"], ("Skirmish Line", 27), 11)),
        flag(5, side(0, ["green5", "green6"]), side(1, ["yellow5"])),
        flag(6, side(0, []), side(1, ["orange10", "orange9", "orange8"], ("Wedge", 27), 16)),
        flag(7, side(0, ["purple5", "blue2", "yellow2"], ("Host", 9), 12),
             side(1, ["red1", "green1", "blue1"], ("Phalanx", 3), 13)),
        flag(8, side(0, ["blue10", "blue8"]), side(1, ["green10"])),
        flag(9, side(0, ["orange3"]), side(1, [])),
    ]
    view["decks"] = {"troop": 22, "tactics": 6}
    view["tactics_played"] = [1, 2]
    view["leader_used"] = [True, False]
    view["hand_counts"] = [{"troop": 6, "tactics": 1}, {"troop": 5, "tactics": 2}]
    view["discard"] = [{"card": tactic("T-DESERTER"), "owner": 1, "cause": "used"},
                       {"card": troop("green7"), "owner": 0, "cause": "Deserter"}]
    view["provable"] = [3, 4, 6, 7]
    view["log"] = ["Bob plays Shield Bearers at flag 2.", "Alice plays yellow8 at flag 2.",
                   "Bob may now claim flags."]
    return view


def claimed_view() -> dict:
    """Claimed flags on both sides, with wild identities recorded at the claim."""
    view = midgame_view()
    view["current"] = 0
    view["step"] = "play"
    view["provable"] = [1]
    fl = view["flags"]
    fl[1]["claimed_by"] = 0
    fl[1]["sides"][0]["wild_as"] = [None, "yellow9", None]
    fl[1]["sides"][1]["wild_as"] = [None, None, "red1"]
    fl[3]["claimed_by"] = 1
    fl[3]["sides"][1]["wild_as"] = ["blue8", None, None]
    fl[5]["claimed_by"] = 1
    fl[6]["claimed_by"] = 1
    view["flags_held"] = [1, 3]
    return view


def fog_mud_view() -> dict:
    """Fog and Mud on both players' sides, a Mud flag holding four cards, Fog and Mud together."""
    view = base_view()
    view["current"] = 0
    view["step"] = "draw"
    view["flags"] = [flag(n) for n in range(1, 10)]
    view["flags"][1] = flag(2, side(0, ["red9", "blue9", "green9", "T-DARIUS"], ("Phalanx", 36), 21),
                            side(1, ["yellow3", "yellow4"]), env=[("T-MUD", 1)])
    view["flags"][4] = flag(5, side(0, ["purple8", "purple6"]),
                            side(1, ["orange5", "blue5", "red2"], ("Host", 12), 17), env=[("T-FOG", 0)])
    view["flags"][7] = flag(8, side(0, ["green4"]), side(1, ["red6", "blue4", "T-CC", "purple2"]),
                            env=[("T-FOG", 1), ("T-MUD", 0)], claimed_by=None)
    view["flags"][8] = flag(9, side(0, ["yellow7", "yellow6", "yellow1"], ("Battalion Order", 14), 8),
                            side(1, ["blue3", "green3", "orange2"], ("Host", 8), 10), claimed_by=0)
    view["flags_held"] = [1, 0]
    view["decks"] = {"troop": 30, "tactics": 3}
    view["tactics_played"] = [3, 3]
    view["leader_used"] = [True, False]
    view["hand_counts"] = [{"troop": 5, "tactics": 2}, {"troop": 6, "tactics": 1}]
    view["discard"] = [
        {"card": tactic("T-SCOUT"), "owner": 1, "cause": "used"},
        {"card": tactic("T-REDEPLOY"), "owner": 0, "cause": "used"},
        {"card": troop("orange4"), "owner": 0, "cause": "Redeploy"},
        {"card": tactic("T-DESERTER"), "owner": 1, "cause": "used"},
        {"card": tactic("T-SB"), "owner": 0, "cause": "Deserter"},
        {"card": troop("purple9"), "owner": 1, "cause": "Mud removed"},
    ]
    view["log"] = ["Alice plays Fog at flag 5.", "Alice claims flag 9."]
    return view


def finished_view() -> dict:
    view = claimed_view()
    view["current"] = None
    view["step"] = "over"
    fl = view["flags"]
    fl[4]["sides"][1]["cards"] += [troop("yellow6"), troop("yellow7")]
    fl[4]["sides"][1]["formation"] = {"type": "Wedge", "sum": 18}
    fl[4]["sides"][1]["completed_at"] = 30
    fl[4]["claimed_by"] = 1
    view["flags_held"] = [1, 4]
    view["provable"] = []
    view["series"] = {"target": 15, "game_no": 2, "points": [6, 8]}
    view["result"] = {"winners": [1], "scores": {"0": 1, "1": 5},
                      "reason": "Bob holds three adjacent flags (F4, F5, F6)."}
    view["log"] = ["Bob claims flag 5.", "Bob wins: three adjacent flags."]
    return view


def three_player_view() -> dict:
    """Three lines of three flags (D16): AB = F1-F3, BC = F4-F6, CA = F7-F9; no tactics."""
    view = base_view(players=3)
    view["variant"] = "standard"
    view["current"] = 0
    view["step"] = "claim"
    view["decks"] = {"troop": 20, "tactics": 0}
    lines = [("AB", (0, 1)), ("BC", (1, 2)), ("CA", (2, 0))]
    contents = [
        (["red1", "red2", "red3"], ["blue7", "blue8"]),
        (["green4"], []),
        (["yellow9", "orange9", "purple9"], ["red9", "blue9", "green9"]),
        (["purple1", "purple2"], ["orange6"]),
        ([], ["yellow2", "yellow3", "yellow4"]),
        (["green8", "green10", "green5"], ["orange1", "blue1", "red5"]),
        (["red10", "blue10"], ["yellow10"]),
        (["orange8", "purple8", "red8"], ["blue5", "green6", "purple7"]),
        (["blue3"], ["green2", "orange3"]),
    ]
    formations = {
        (0, 0): ("Wedge", 6), (2, 0): ("Phalanx", 27), (2, 1): ("Phalanx", 27), (4, 1): ("Wedge", 9),
        (5, 0): ("Battalion Order", 23), (5, 1): ("Host", 7), (7, 0): ("Phalanx", 24),
        (7, 1): ("Skirmish Line", 18),
    }
    view["flags"] = []
    for i, (bottom_ids, top_ids) in enumerate(contents):
        line, seats = lines[i // 3]
        b_form, t_form = formations.get((i, 0)), formations.get((i, 1))
        view["flags"].append(flag(
            i + 1,
            side(seats[0], bottom_ids, b_form, i * 3 + 2 if b_form else None),
            side(seats[1], top_ids, t_form, i * 3 + 3 if t_form else None),
            seats=seats, line=line))
    view["flags"][0]["claimed_by"] = 0
    view["flags"][5]["claimed_by"] = 1
    view["flags"][7]["claimed_by"] = 2
    view["flags_held"] = [1, 1, 1]
    view["hand_counts"] = [{"troop": 7, "tactics": 0}, {"troop": 6, "tactics": 0},
                           {"troop": 7, "tactics": 0}]
    view["provable"] = [3]
    view["log"] = ["Chandrasekhar the Long-Named plays purple7 at flag 8.", "Alice plays red3 at flag 1."]
    return view


def with_hand(view: dict, seat: int, ids: list[str], scout: dict | None = None) -> dict:
    """The same view as a player's own view: adds `hand` (and `scout`) for `seat`."""
    own = copy.deepcopy(view)
    own["viewer"] = seat
    own["hand"] = [card(i) for i in ids]
    if scout is not None:
        own["scout"] = scout
    return own


def hand_view() -> dict:
    """Bob's own view after his Scout turn: the memo of the cards he put on the decks (D15)."""
    return with_hand(midgame_view(), 1, ["red2", "red6", "blue3", "green8", "yellow1", "purple4",
                                         "orange6", "T-DARIUS", "T-FOG"],
                     scout={"active": False, "drawn": [], "draws_left": 0, "returns_left": 0, "returned": [],
                            "memo": [{"card": troop("purple9"), "deck": "troop"},
                                     {"card": tactic("T-MUD"), "deck": "tactics"}]})


def scout_hand_view() -> dict:
    """Alice in the middle of Scout: three cards drawn, one of two put back."""
    view = midgame_view()
    view["current"] = 0
    view["step"] = "scout_return"
    view["scouting"] = {"seat": 0, "draws_left": 0, "returns_left": 1}
    return with_hand(view, 0, ["red2", "blue4", "green7", "orange10", "purple6", "T-DARIUS", "T-TRAITOR"],
                     scout={"active": True, "drawn": [troop("orange10"), tactic("T-TRAITOR"), troop("green7")],
                            "draws_left": 0, "returns_left": 1, "returned": [troop("yellow3")], "memo": []})


# ---------------------------------------------------------------------------- from the engine

NAMES_CJK = ["小明", "Alice"]


def engine_position(seed: int = 3, max_moves: int = 300) -> dict:
    """A real engine state in the middle of a game: both players hold flags (three in all),
    tactics cards lie on the table, a card was discarded, and the next player is about to
    play. The engine's own texts (card labels, log lines) are then drawn as the engine writes
    them. Tactics are drawn and played on purpose (the computer player seldom does); every
    other move is the computer player's, so the position is the same on every run."""
    from engine.battleline import RULES
    state = RULES.setup(2, {}, seed)
    for k in range(max_moves):
        if RULES.result(state):
            break
        seat = next(iter(RULES.active_players(state)))
        ids = [a.id for a in RULES.legal_actions(state, seat)]
        tactics = [i for i in ids if i.startswith("play:T-") and not i.startswith("play:T-SCOUT")]
        if "draw:tactics" in ids and k < 40:
            move = "draw:tactics"
        elif tactics and k % 2 == 0:
            move = tactics[len(tactics) // 2]
        else:
            move = RULES.ai_choose(state, seat, seed * 1000 + k)
        state, _ = RULES.apply(state, seat, move)
        view = RULES.view(state, None)
        claimed = [f["claimed_by"] for f in view["flags"] if f["claimed_by"] is not None]
        on_table = sum(1 for f in view["flags"] for s in f["sides"] for c in s["cards"] if c["kind"] == "tactic")
        on_table += sum(len(f["env"]) for f in view["flags"])
        if len(set(claimed)) == 2 and len(claimed) >= 3 and on_table >= 2 and view["step"] == "play" \
                and view["discard"]:
            return state
    raise AssertionError("no such position: the engine or its computer player changed; pick another seed")
