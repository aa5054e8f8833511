"""Civilization states for the picture tests, made by random legal play from fixed seeds
(engine.civilization's RULES), stopped at chosen points of the game."""
from __future__ import annotations

import copy
from functools import lru_cache

from engine.civilization import RULES, flow, views
from tests.render.samples import random_play

NAMES = ["Alice", "小明", "Carol", "Dmitri"]


def play(players: int, seed: int, stop, cap: int = 6000) -> dict:
    """The first state of a random game (seed) for which `stop(state)` is true, else its end."""
    return random_play(RULES, players, seed, stop, cap, flow.legal_ids)


def researching(state: dict, picks: int) -> bool:
    res = state.get("research")
    return state["phase"] == "research" and isinstance(res, dict) and "revealed" not in res \
        and len(res.get("picks", {})) == picks


def played_out(state: dict, plays: int) -> dict:
    """The battle of `state` after `plays` cards, each side opening a new front while it can."""
    for _ in range(plays):
        if not state.get("battle") or state["battle"].get("step") != "play":
            break
        seat = sorted(RULES.active_players(state))[0]
        legal = flow.legal_ids(state, seat)
        state, _events = RULES.apply(state, seat, next((a for a in legal if a.endswith(":new")), legal[0]))
    return state


@lru_cache(maxsize=None)
def _state(name: str) -> dict:
    if name in MADE:
        return MADE[name]()
    if name in DERIVED:
        base, plays = DERIVED[name]
        return played_out(_state(base), plays)
    players, seed, stop = SAMPLES[name]
    return play(players, seed, stop)


def state(name: str) -> dict:
    return copy.deepcopy(_state(name))


def view(name: str, viewer: int | None = None) -> dict:
    return views.view(_state(name), viewer)


SAMPLES = {
    "setup_2p": (2, 5, lambda s: s["phase"] == "setup" and len(s["cities"]) == 1),
    "research_2p": (2, 2, lambda s: s["turn"] >= 6 and researching(s, 1)),
    "battle_3p": (3, 1, lambda s: bool(s.get("battle")) and s["turn"] >= 4),
    "research_4p": (4, 6, lambda s: s["turn"] >= 10 and researching(s, 2)),
    "late_4p": (4, 3, lambda s: s["turn"] >= 25 and s["phase"] == "movement"),
}
# states made from a sample by playing battle cards: (sample, cards played)
DERIVED = {"fronts_3p": ("battle_3p", 4)}


def names() -> list[str]:
    return list(SAMPLES) + list(DERIVED) + list(MADE)


# ---------------------------------------------------------------- states made by hand (stage 2 cards)

def after_setup(players: int, civs: list[str], seed: int = 3) -> dict:
    """A game right after setup (the first legal setup move each time): the capitals placed."""
    state = RULES.setup(players, {"civilizations": civs, "first_player": 0}, seed)
    for _ in range(200):
        if state["phase"] != "setup":
            break
        seat = sorted(RULES.active_players(state))[0]
        state, _events = RULES.apply(state, seat, flow.legal_ids(state, seat)[0])
    return state


# a sent trade offer (engine/civilization/trade.py's record): Alice gives Carol 4 trade, a market
# Silk and a culture card, and asks 3 culture tokens and a face-down resource of Carol's choice
OFFER = {"id": 1, "from": 0, "to": 2, "status": "sent", "counter_of": None,
         "give": {"trade": 4, "culture": 0, "resources": ["wheat"], "hidden": [], "cards": ["drought.1"]},
         "get": {"trade": 0, "culture": 3, "resources": [], "hidden": ["?"], "cards": []}}


def cards_4p() -> dict:
    """Four players in City Management, with what stage 2's cards put on the pictures: wonders
    (one obsolete), coin tokens on tech cards, disaster markers, culture event cards of every
    timing in Alice's hand, resources to pay tech abilities with, a play waiting for the seats
    that may cancel it and a pending trade offer."""
    state = after_setup(4, ["rome", "china", "egypt", "russia"])
    for tile in state["map"]["tiles"]:
        if (tile["x"], tile["y"]) in ((4, 0), (0, 4), (4, 4), (8, 4), (4, 12)):
            tile["face_up"] = True
    state.update(phase="city", turn=12, step_seat=0, city_done=[], moved={})
    rome = state["seats"][0]
    rome["techs"] = [{"id": t, "row": 1} for t in ("code_of_laws", "pottery", "currency", "horseback_riding",
                                                    "animal_husbandry", "philosophy")] + \
        [{"id": t, "row": 2} for t in ("monarchy", "democracy", "civil_service")] + [{"id": "banking", "row": 3}]
    rome["card_coins"] = {"code_of_laws": 2, "pottery": 4, "democracy": 1}
    rome["wonders"] = ["colossus", "stonehenge", "angkor_wat"]
    rome["culture_hand"] = ["drought.1", "bread_and_circuses.2", "defection.1", "duty_and_honor.1",
                            "citizens_revolting_2.1"]
    rome["resources"] = ["wheat"]
    rome["hidden_resources"] = ["silk", "spy"]
    rome["trade"], rome["culture_tokens"], rome["culture_level"] = 14, 6, 5
    state["wonders_at"].update({"A1": {"id": "colossus", "owner": 0, "obsolete": True},
                                "C1": {"id": "stonehenge", "owner": 0},
                                "A3": {"id": "angkor_wat", "owner": 0}})
    china = state["seats"][1]
    china["techs"].append({"id": "printing_press", "row": 2})
    china["card_coins"] = {"printing_press": 3}
    china["culture_hand"] = ["sabotage.1", "lost.1"]
    state["seats"][3]["wonders"] = ["himeji"]
    state["wonders_at"]["C13"] = {"id": "himeji", "owner": 3}
    state["disasters"] = {"F2": "desert", "G6": "grassland", "B6": "desert"}
    # engine/civilization/effects.py's cancel window: 小明 played Sabotage, Alice and Dmitri may cancel it
    state["pending"] = {"kind": "cancel", "what": "event", "seat": 1, "card": "sabotage.1",
                        "spec": {"fn": "sabotage"}, "args": ["c0_0"], "targets": [0], "waiting": [0, 3]}
    state["offers"] = [copy.deepcopy(OFFER)]
    return state


MADE = {"cards_4p": cards_4p}
