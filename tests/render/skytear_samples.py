"""Skytear views built by hand, in the view schema of engine/skytear/views.py, for the picture
tests (tests/render/test_skytear_render.py): an early 1v1 game, a busy 2v2 mid-game, a finished
game, a three-player game on the three-lane map, a view on a small map of the tests' own, and
private views with 5, 8 and no cards in hand.

The texts an engine would write are `Msg`s here too (they are not in the catalogue: a picture in
Chinese writes them in English). Card definitions are copied from data/skytear/cards.json, so a
change of the data file does not move the golden images.
"""
from __future__ import annotations

import copy

from engine.text import Msg, term

GAME = "skytear"
NAMES_2P = ["Alice", "小明"]
NAMES_3P = ["Alice", "小明", "Carol"]
NAMES_4P = ["Alice", "小明", "Carol", "Dan"]

# (name, runes, speed, modifier, ultimate_of, text)
CARDS = {
    "king_of_hosts": ("King of Hosts", ["earth"], "normal", 1, None, "Spawn 2 minions at target control token."),
    "bodyguard": ("Bodyguard", ["earth"], "instant", 2, None,
                  "Target friendly hero gets +2 armor until the end of the activation."),
    "this_is_my_kingdom": ("This Is My Kingdom", ["earth", "earth", "earth"], "normal", 0, "cotlic",
                           "Spawn 3 minions at target control token. Cotlic gets +1 armor until the end of the "
                           "round."),
    "sacrifice": ("Sacrifice", ["earth"], "normal", 1, None, "Tlakali loses 2 HP. Draw 2 cards."),
    "mudflow_surge": ("Mudflow Surge", ["earth", "earth"], "instant", 2, None, "Push target enemy 2 hexes."),
    "ice_wall": ("Ice Wall", ["frost"], "instant", 2, None,
                 "Attach Slow to target enemy hero. Corjof gets +1 armor until the end of the activation."),
    "blinding_strike": ("Blinding Strike", ["frost"], "normal", 1, None,
                        "Deal 1 damage to target enemy hero and attach Disarm to it."),
    "gathering_storm": ("Gathering Storm", ["frost", "frost"], "normal", 0, None, "Deal 2+ damage to target enemy."),
    "wild_vitality": ("Wild Vitality", ["frost", "frost", "frost"], "normal", 0, "gulbjarn",
                      "Gulbjarn heals 4 HP and gains 2 Shapeshift and Frenzy."),
    "manifestation": ("Manifestation", ["frost"], "normal", 1, None, "Foresee 2, then draw 1 card."),
    "ambush": ("Ambush", ["fire", "fire"], "instant", 1, None, "Deal 2+ damage to target enemy hero."),
    "ignite": ("Ignite", ["fire"], "normal", 1, None, "Deal 1 damage to target enemy hero and attach Mark to it."),
    "hurricane_strike": ("Hurricane Strike", ["air"], "normal", 1, None,
                         "Deal 1 damage to target enemy and push it 2 hexes."),
    "time_warp": ("Time Warp", ["air", "air"], "normal", 0, None, "Haburat performs an Attack action."),
    "skytear_vortex": ("Skytear Vortex", [], "instant", 0, None, "Draw 2 cards."),
}
STATS = {  # hero id: (max HP, armor, attack, plus, range, runes, factions)
    "cotlic": (10, 1, 3, 1, "melee", ["earth"], ["taulot"]),
    "tlakali": (7, 0, 2, 1, "ranged", ["earth"], ["taulot"]),
    "corjof": (7, 0, 2, 1, "ranged", ["frost"], ["liothan"]),
    "gulbjarn": (9, 1, 3, 0, "melee", ["frost"], ["liothan"]),
    "akhuti": (7, 0, 2, 1, "ranged", ["air"], ["nupten"]),
    "haburat": (8, 1, 3, 0, "melee", ["air"], ["nupten"]),
    "sakoshi": (7, 0, 3, 0, "melee", ["fire"], ["kurumo"]),
    "yami": (8, 0, 3, 1, "melee", ["fire"], ["kurumo"]),
}
VICTORY = {
    "tamer": ("Tamer", "Win control of the dome 3 times.", 3),
    "headhunter": ("Headhunter", "Defeat 3 enemy heroes.", 3),
    "all_out_attack": ("All-Out Attack", "Defeat 2 enemy heroes in the same round.", 2),
    "demolisher": ("Demolisher", "Deal 8 damage to enemy towers and the enemy nexus.", 8),
}


def card_defs(ids) -> dict:
    out = {}
    for card in ids:
        name, runes, speed, modifier, ultimate, text = CARDS[card]
        out[card] = {"name": term(GAME, name), "runes": list(runes), "speed": speed, "modifier": modifier,
                     "ultimate_of": ultimate, "text": term(GAME, text)}
    return out


def hero(hid: str, owner: int, side: int, hex_: str | None, hp: int | None = None, *, state: str = "ready",
         returns: int | None = None, statuses: dict | None = None, played: list | None = None,
         mana_left: int = 1, leads: list | None = None) -> dict:
    max_hp, armor, attack, plus, rng, runes, factions = STATS[hid]
    return {"id": hid, "owner": owner, "side": side, "hex": hex_, "hp": max_hp if hp is None else hp,
            "max_hp": max_hp, "armor": armor, "attack": attack, "plus": plus, "range": rng, "runes": runes,
            "factions": factions, "state": state, "returns": returns, "statuses": dict(statuses or {}),
            "played": list(played or []), "mana_left": mana_left, "leads": list(leads or []),
            "mirrored": False, "shapeshifted": bool((statuses or {}).get("shapeshift"))}


def victory(vid: str, tokens: list[int]) -> dict:
    name, text, goal = VICTORY[vid]
    return {"id": vid, "name": term(GAME, name), "text": term(GAME, text), "tokens": list(tokens), "goal": goal}


def _seen_cards(view: dict) -> set[str]:
    seen = set()
    for h in view["heroes"]:
        seen |= set(h["played"])
        seen |= {lead["card"] for lead in h["leads"] if lead.get("card")}
    for pile in view["discards"].values():
        seen |= set(pile)
    seen |= {c["card"] for c in view.get("hand") or []}
    for reveal in view.get("revealed") or []:
        seen |= set(reveal["cards"])
    return seen | {"skytear_vortex"}


def _finish(view: dict) -> dict:
    view["cards"] = card_defs(sorted(_seen_cards(view)))
    return view


def _towers(hp: dict | None = None) -> list[dict]:
    hp = hp or {}
    return [{"hex": h, "side": side, "lane": lane, "hp": hp.get(h, 5)}
            for h, side, lane in (("C3", 0, 1), ("C9", 0, 2), ("L3", 1, 1), ("L9", 1, 2))]


START_MINIONS = [{"side": 0, "lane": 1, "hex": h} for h in ("G2", "F3", "G3")] + \
    [{"side": 1, "lane": 1, "hex": h} for h in ("I2", "H3", "I3")] + \
    [{"side": 0, "lane": 2, "hex": h} for h in ("F9", "G9", "G10")] + \
    [{"side": 1, "lane": 2, "hex": h} for h in ("H9", "I9", "I10")]


def early_view() -> dict:
    """Round 1 of a 1v1 game: Cotlic has moved (1 action done, 2 AP left)."""
    heroes = [hero("cotlic", 0, 0, "D4", leads=[]), hero("tlakali", 0, 0, "B6"),
              hero("corjof", 0, 0, "B7"), hero("gulbjarn", 0, 0, "C6"),
              hero("sakoshi", 1, 1, "M5"), hero("yami", 1, 1, "M6"),
              hero("akhuti", 1, 1, "M7"), hero("haburat", 1, 1, "L6")]
    return _finish({
        "game": GAME, "map": "two_lane", "viewer": None, "players": 2,
        "sides": [{"seats": [0], "nexus_hp": 5, "nexus_exposed": False, "defeats": 0, "structure_damage": 0},
                  {"seats": [1], "nexus_hp": 5, "nexus_exposed": False, "defeats": 0, "structure_damage": 0}],
        "first": 0, "first_side": 0, "round": 1, "rounds": 5, "mana": 1, "hand_limit": 7,
        "phase": "hero", "turn_side": 0,
        "activation": {"hero": "cotlic", "seat": 0, "ap": 2, "done": ["move"]}, "acting_side": 0, "acting_seat": 0,
        "heroes": heroes, "minions": copy.deepcopy(START_MINIONS), "towers": _towers(),
        "tokens": [{"number": 1, "hex": "H2"}, {"number": 2, "hex": "H10"}],
        "pillars": [], "illusions": [],
        "outsider": {"hexes": [], "hp": 10, "max_hp": 10, "armor": 1, "statuses": {}, "holder": None,
                     "name": term(GAME, "Ancient Outsider")},
        "victory": [victory("tamer", [0, 0]), victory("headhunter", [0, 0]), victory("all_out_attack", [0, 0])],
        "vortex": {"side": 0, "used": False},
        "stack": [], "waiting": 0,
        "hand_counts": {"0": 5, "1": 5}, "deck_counts": {"0": 27, "1": 26}, "discards": {"0": [], "1": ["ignite"]},
        "revealed": [], "draft": None,
        "last": {"hexes": ["B5", "D4"], "text": Msg("Cotlic moves from B5 to D4.")},
        "log": [Msg("Alice goes first."), Msg("Both players kept their hands."), Msg("Round 1 begins."),
                Msg("Cotlic moves from B5 to D4.")],
        "prompt": "", "result": None,
    })


def midgame_view() -> dict:
    """Round 3 of a 2v2 game: statuses, lead cards, a pillar, an illusion, the Outsider held by side
    0, a stack of three waiting for two answers, damaged and destroyed towers, side 0's nexus
    exposed, two defeated heroes coming back in round 4."""
    heroes = [
        hero("cotlic", 0, 0, "E5", 6, state="exhausted", statuses={"slow": 1}, played=["king_of_hosts"],
             mana_left=2, leads=[{"from": "hand", "card": None}, {"from": "deck", "card": None}]),
        hero("tlakali", 0, 0, None, 0, state="defeated", returns=4, mana_left=3),
        hero("corjof", 2, 0, "F8", 3, statuses={"shapeshift": 2, "haste": 1}, mana_left=1,
             played=["ice_wall", "blinding_strike"], leads=[{"from": "hand", "card": None}]),
        hero("gulbjarn", 2, 0, "J6", 9, statuses={"frenzy": 1}, mana_left=3),
        hero("sakoshi", 1, 1, "I7", 7, statuses={"mark": 1}, mana_left=3, leads=[{"from": "deck", "card": None}]),
        hero("yami", 1, 1, "I6", 5, statuses={"disarm": 1}, mana_left=2, played=["ignite"]),
        hero("akhuti", 3, 1, None, 0, state="defeated", returns=4, mana_left=3),
        hero("haburat", 3, 1, "K3", 2, state="exhausted", statuses={"haste": 1, "mark": 2, "slow": 1},
             mana_left=0, played=["time_warp", "hurricane_strike"]),
    ]
    minions = [{"side": 0, "lane": 1, "hex": h} for h in ("E2", "E3")] + \
        [{"side": 1, "lane": 1, "hex": h} for h in ("D3", "E3", "F2", "F3")] + \
        [{"side": 0, "lane": 2, "hex": h} for h in ("H9", "I9", "I10")] + \
        [{"side": 1, "lane": 2, "hex": h} for h in ("I9", "J9")]
    return _finish({
        "game": GAME, "map": "two_lane", "viewer": None, "players": 4,
        "sides": [{"seats": [0, 2], "nexus_hp": 4, "nexus_exposed": True, "defeats": 1, "structure_damage": 6},
                  {"seats": [1, 3], "nexus_hp": 5, "nexus_exposed": False, "defeats": 1, "structure_damage": 8}],
        "first": 0, "first_side": 0, "round": 3, "rounds": 5, "mana": 3, "hand_limit": 7,
        "phase": "hero", "turn_side": 1,
        "activation": {"hero": "yami", "seat": 1, "ap": 1, "done": ["move", "attack"]}, "acting_side": 1,
        "acting_seat": 1,
        "heroes": heroes, "minions": minions,
        "towers": _towers({"C3": 2, "C9": 0, "L9": 3}),
        "tokens": [{"number": 1, "hex": "E3"}, {"number": 2, "hex": "I9"}],
        "pillars": [{"side": 0, "hex": "D6"}, {"side": 0, "hex": "F8"}],
        "illusions": [{"hero": "haburat", "side": 1, "hex": "K7"}],
        "outsider": {"hexes": ["G4", "H4", "G5"], "hp": 7, "max_hp": 10, "armor": 1, "statuses": {"slow": 1},
                     "holder": 0, "name": term(GAME, "Ancient Outsider")},
        "victory": [victory("tamer", [1, 2]), victory("headhunter", [1, 1]), victory("demolisher", [6, 7])],
        "vortex": {"side": 0, "used": True},
        "stack": [
            {"text": Msg("Yami attacks Gulbjarn (3 damage, 1 card revealed)."), "seat": 1, "side": 1,
             "kind": "action"},
            {"text": Msg("Carol plays Bodyguard on Gulbjarn: +2 armor."), "seat": 2, "side": 0, "kind": "card"},
            {"text": Msg("Dan plays Ambush on Corjof: 2+ damage."), "seat": 3, "side": 1, "kind": "card"},
        ],
        "waiting": 2,
        "hand_counts": {"0": 4, "1": 6, "2": 3, "3": 5}, "deck_counts": {"0": 14, "1": 13, "2": 12, "3": 15},
        "discards": {"0": ["sacrifice", "king_of_hosts"], "1": ["ignite"], "2": ["manifestation"], "3": []},
        "revealed": [{"seat": 1, "cards": ["ignite"], "why": Msg("attack +")}],
        "draft": None,
        "last": {"hexes": ["I5", "I6"], "text": Msg("Yami moves from I5 to I6.")},
        "log": [Msg("Minion phase: side 1 wins lane 2 by 2; tower C9 is destroyed."),
                Msg("Round 3 begins."),
                Msg("Gulbjarn moves from H6 to J6."),
                Msg("Haburat attacks Corjof: 3 damage."),
                Msg("Yami moves from I5 to I6."),
                Msg("Yami attacks Gulbjarn.")],
        "prompt": Msg("Respond to Ambush or pass."), "result": None,
    })


def finished_view() -> dict:
    """The game is over: side 1 destroyed side 0's nexus in round 4."""
    view = midgame_view()
    view.update({"round": 4, "phase": "over", "stack": [], "waiting": 0, "activation": None, "acting_side": None,
                 "acting_seat": None, "last": None, "prompt": "",
                 "result": {"winners": [1, 3], "side": 1, "reason": Msg("The nexus of side 1 is destroyed.")}})
    view["sides"][0].update(nexus_hp=0, nexus_exposed=True)
    view["log"] = view["log"][-3:] + [Msg("Minion phase: lane 2 deals 4 damage to the nexus."),
                                      Msg("Dan and 小明 win: the nexus is destroyed.")]
    return view


def three_lane_view() -> dict:
    """Three players (Alice and Carol against 小明) on the three-lane map, round 6 of 8."""
    heroes = [hero("cotlic", 0, 0, "H7", 8, mana_left=4), hero("tlakali", 0, 0, "G9", 5, statuses={"haste": 1}),
              hero("corjof", 2, 0, "K5", 7, state="exhausted", mana_left=6),
              hero("gulbjarn", 2, 0, "F12", 9),
              hero("sakoshi", 1, 1, "L8", 4, statuses={"slow": 2}), hero("yami", 1, 1, "N4", 8),
              hero("akhuti", 1, 1, "N12", 7, mana_left=0, leads=[{"from": "hand", "card": None}]),
              hero("haburat", 1, 1, None, 0, state="defeated", returns=7)]
    return _finish({
        "game": GAME, "map": "three_lane", "viewer": None, "players": 3,
        "sides": [{"seats": [0, 2], "nexus_hp": 5, "nexus_exposed": False},
                  {"seats": [1], "nexus_hp": 5, "nexus_exposed": True}],
        "first": 1, "round": 6, "rounds": 8, "mana": 6, "hand_limit": 7, "phase": "hero", "turn_side": 0,
        "activation": None, "acting_side": 0, "acting_seat": None, "heroes": heroes,
        "minions": [{"side": 0, "lane": 1, "hex": "K2"}, {"side": 1, "lane": 1, "hex": "L2"},
                    {"side": 0, "lane": 2, "hex": "K8"}, {"side": 0, "lane": 3, "hex": "H14"},
                    {"side": 1, "lane": 3, "hex": "H14"}],
        "towers": [{"hex": "D3", "side": 0, "lane": 1, "hp": 5}, {"hex": "O3", "side": 1, "lane": 1, "hp": 1},
                   {"hex": "D8", "side": 0, "lane": 2, "hp": 4}, {"hex": "P8", "side": 1, "lane": 2, "hp": 0},
                   {"hex": "D13", "side": 0, "lane": 3, "hp": 5}, {"hex": "O13", "side": 1, "lane": 3, "hp": 5}],
        "tokens": [{"number": 1, "hex": "K2"}, {"number": 2, "hex": "L8"}, {"number": 3, "hex": "H14"}],
        "pillars": [{"side": 0, "hex": "H8"}], "illusions": [],
        "outsider": {"hexes": [], "hp": 10, "max_hp": 10, "armor": 1, "statuses": {}, "holder": 1,
                     "name": term(GAME, "Ancient Outsider")},
        "victory": [victory("tamer", [0, 1]), victory("all_out_attack", [1, 0]), victory("headhunter", [2, 1])],
        "vortex": {"side": 1, "used": False}, "stack": [], "waiting": 0,
        "hand_counts": {"0": 5, "1": 7, "2": 4}, "deck_counts": {"0": 9, "1": 20, "2": 10},
        "discards": {"0": ["sacrifice"], "1": [], "2": ["ice_wall"]}, "revealed": [], "draft": None,
        "last": None, "log": [Msg("Round 6 begins.")], "prompt": "", "result": None,
    })


# a small map of the tests' own (the map file's schema), registered with the renderer by the tests
FIXTURE_MAP = {
    "name": "test_small", "title": "Test map", "rounds": 3, "heroes_per_side": 1,
    "hexes": [{"id": f"{'ABCDE'[q + r // 2]}{r + 1}", "q": q, "r": r, "lane": 1 if r == 1 else None,
               "dome": (q, r) == (1, 1), "hiding": (q, r) == (2, 0),
               "nexus": 0 if (q + r // 2, r) == (0, 1) else 1 if (q + r // 2, r) == (4, 1) else None,
               "tower": {"side": 0, "lane": 1} if (q + r // 2, r) == (1, 1) else
               {"side": 1, "lane": 1} if (q + r // 2, r) == (3, 1) else None,
               "control_start": 1 if (q + r // 2, r) == (2, 1) else None, "minion_start": [], "hero_start": None}
              for r in range(3) for q in range(-(r // 2), 5 - r // 2)],
    "white_lines": [["C1", "C2"]],
}


def bare_view() -> dict:
    """A view with only the keys a picture cannot do without, on the tests' own map."""
    return {"game": GAME, "map": "test_small", "players": 2, "round": 1, "rounds": 3, "phase": "hero",
            "heroes": [{"id": "cotlic", "side": 0, "hex": "B1"}, {"id": "yami", "side": 1, "hex": "D3"}]}


# ---------------------------------------------------------------------------- private views (hands)

def hand_view_5() -> dict:
    """Seat 0's own view in the early game: five cards in hand."""
    view = early_view()
    view["viewer"] = 0
    view["own_side"] = 0
    view["hand"] = [{"iid": f"c{k}", "card": card} for k, card in enumerate(
        ["bodyguard", "king_of_hosts", "ice_wall", "gathering_storm", "skytear_vortex"], start=1)]
    return _finish(view)


def hand_view_8() -> dict:
    """Carol's (seat 2) own view in the 2v2 mid-game: eight cards with an ultimate, her heroes'
    lead cards (one she led from her hand: she knows it)."""
    view = midgame_view()
    view["viewer"] = 2
    view["own_side"] = 0
    for h in view["heroes"]:
        if h["id"] == "corjof":
            h["leads"] = [{"from": "hand", "card": "manifestation"}, {"from": "deck", "card": None}]
    view["hand"] = [{"iid": f"c{k}", "card": card} for k, card in enumerate(
        ["wild_vitality", "ice_wall", "blinding_strike", "gathering_storm", "manifestation", "ice_wall",
         "mudflow_surge", "sacrifice"], start=20)]
    view["hand_counts"]["2"] = 8
    return _finish(view)


def hand_view_empty() -> dict:
    """Seat 1's own view at the end of the game: no cards left."""
    view = finished_view()
    view["viewer"] = 1
    view["own_side"] = 1
    view["hand"] = []
    view["hand_counts"]["1"] = 0
    return _finish(view)


BOARDS = {
    "early": (early_view, NAMES_2P),
    "midgame": (midgame_view, NAMES_4P),
    "finished": (finished_view, NAMES_4P),
    "three_lane": (three_lane_view, NAMES_3P),
}
HANDS = {
    "hand_5": (hand_view_5, NAMES_2P),
    "hand_8": (hand_view_8, NAMES_4P),
    "hand_empty": (hand_view_empty, NAMES_4P),
}
