"""Battalia through contract v2: move paths, prompts, declared options, hidden items, help texts.

Rule numbers are those of the Battalia spec (R…, design decisions G…, setup 3.x, section 6 for
what each seat may see). Expected texts are written from the spec and the action grammar.
"""
from __future__ import annotations

import json
import random
import re

import pytest

from engine.base import IllegalAction, name_seats, normalise_options, options_line, prompt_of
from engine.battalia import RULES, board, options_text, pay_with, setup
from engine.battalia.help import DESIGN_TEXT, RULES_TEXT
from engine.battalia.setup import computer_only

from tests.contract import harness

from .helpers import (actions_phase, clear_hand, force_roll, give, listed, ready_game, road_line, short,
                      strings_in)

# the first step of every move, by the verb of its id; None: the label names the question asked
FIRST = {
    "faction": ("faction", "Choose your faction"), "startcity": ("startcity", "Choose your starting city"),
    **dict.fromkeys(("formation", "redeploy", "start"), ("turn", "Start your turn")),
    **dict.fromkeys(("hire", "craft"), ("acquire", "Hire a unit or craft an artifact")),
    **dict.fromkeys(("road", "city", "upgrade"), ("build", "Build a road or a city, or upgrade a city")),
    **dict.fromkeys(("hero", "move", "wings", "attack", "claim"), ("heroes", "Heroes: hire, move, fly, attack, claim")),
    **dict.fromkeys(("amulet", "title", "scroll", "tent", "strike", "hammer", "horn", "ambush"),
                    ("artifacts", "Artifacts, Tents, Ambush, Great Artifacts")),
    "add": ("add", "Add a card to your battle line"), "commit": ("commit", "Close your play"),
    "pass": ("pass", "Pass: the battle ends"), "cancel": ("cancel", "Call off the attack"),
    "fight": ("fight", "Fight back"), "surrender": ("surrender", "Surrender"),
    "retreat": ("retreat", "Retreat the hero"), "place": ("place", "Place the card"),
    **dict.fromkeys(("wild", "drop", "hornpick", "great"), ("choose", None)),
    "end": ("end", "End your turn"),
}
# the steps after the category, one per argument of the id
LENGTH = {"faction": 2, "startcity": 2, "redeploy": 2, "start": 2, "hire": 3, "craft": 3, "road": 3, "city": 4,
          "upgrade": 3, "hero": 3, "move": 4, "wings": 3, "attack": 4, "claim": 3, "amulet": 4, "title": 5,
          "scroll": 5, "tent": (4, 5), "strike": 3, "hammer": 3, "horn": 2, "ambush": 4, "add": (2, 3), "commit": 1,
          "pass": 1, "cancel": 1, "fight": 3, "surrender": 1, "retreat": 3, "place": 3, "wild": 2, "drop": 2,
          "hornpick": (2, 3), "great": 2, "end": 1, "formation": (2, 3)}
RULE_NUMBER = re.compile(r"\b[RGT]\d+\b")
HIDDEN_ID = re.compile(r"\b[kv]\d+\b")
TERRAIN = {"G": "Woods", "B": "Lake", "R": "Canyon", "Y": "Mountains"}  # 2.2
FACTION = {"G": "Forest Clan", "B": "Islanders", "R": "Ember Folk", "Y": "Cloud Clan"}


def verb(action_id: str) -> str:
    return action_id.split(":", 1)[0]


def check_paths(actions) -> None:
    """The contract's path rules (tests/contract), and Battalia's own: a category first, the
    length each verb's path has, and texts free of rule numbers."""
    assert actions
    harness.check_paths(actions)
    for action in actions:
        path = action.path
        value, label = FIRST[verb(action.id)]
        assert path[0].value == value and (label is None or path[0].label == label), action.id
        want = LENGTH[verb(action.id)]
        assert len(path) in (want if isinstance(want, tuple) else (want,)), action.id
        for step in path:
            assert not RULE_NUMBER.search(step.label + " " + step.description), step


def by_id(state, seat):
    """The legal actions by the move's name as the tests write it (helpers.short: a paid move
    without its cards, a Formation without the cards it shows)."""
    return {short(state, a.id): a for a in RULES.legal_actions(state, seat)}


def play(state, seat, move):
    """`seat` makes a move named as the tests name it (helpers.listed)."""
    return RULES.apply(state, seat, listed(state, seat, move))


def steps(action):
    return [(c.value, c.label, c.description) for c in action.path]


# ---------------------------------------------------------------- positions

def ruins_battle():
    """Seat 0's hero attacks the Ruins on d4 with a Weapon and two Commanders added; closing the
    play wins a Great Artifact (R107)."""
    s = actions_phase(2, seed=45)
    s["players"][0]["heroes"] = ["d4", None]
    cards = give(s, 0, [("weapon", None), ("commander", None), ("commander", None)])
    s, _ = RULES.apply(s, 0, "attack:d4:ruins:1")
    for card in cards:
        s, _ = RULES.apply(s, 0, f"add:{card}")
    return s


def hero_battle():
    """Seat 0 attacks the lone hero of seat 1 at c2 with a Weapon; the defender now decides (R92)."""
    s = road_line()
    s["players"][1]["heroes"] = ["c2", None]
    s["players"][0]["heroes"] = ["c2", None]
    (w,) = give(s, 0, [("weapon", "G")])
    clear_hand(s, 1)
    give(s, 1, [("supply", None)] * 2)
    s, _ = RULES.apply(s, 0, "attack:c2:p1:1")
    s, _ = RULES.apply(s, 0, f"add:{w}")
    s, _ = RULES.apply(s, 0, "commit")
    return s


def special_positions():
    """(state, seat) for moves random games seldom reach: Horn, Great Artifact, wild card, full
    Ambush, Hammer, Wings, claim, Title, Tent strike, retreat, surrender."""
    out = []
    s = actions_phase(2, seed=53, options={"removed_faction": "R"}, factions=["G", "B"])
    give(s, 0, [("soldier", "G"), ("soldier", "G")], zone="realm")
    give(s, 0, [("horn", None), ("hammer", None), ("wings", None), ("title", None), ("soldier", None),
                ("tent", None), ("supply", None), ("captain", None)])
    s["players"][0]["heroes"] = [board.cities_of(s, 0)[0], None]
    out.append((s, 0))
    s2, _ = RULES.apply(s, 0, "horn")                            # R76
    out.append((s2, 0))
    tent = next(c for c in s["players"][0]["hand"] if s["cards"][c]["t"] == "tent")
    cap = next(c for c in s["players"][0]["hand"] if s["cards"][c]["t"] == "captain")
    s3, _ = play(s, 0, f"tent:{tent}:{cap}")                      # R67
    out.append((s3, 0))
    s4 = ruins_battle()
    out.append((s4, 0))
    s4, _ = RULES.apply(s4, 0, "commit")                          # R107: choose a Great Artifact
    out.append((s4, 0))
    s5 = actions_phase(2, seed=35)
    give(s5, 0, [("soldier", None)] * 3, zone="ambush")
    amulet, target = give(s5, 0, [("amulet", None), ("captain", None)])
    force_roll(s5, 4)
    s6, _ = RULES.apply(s5, 0, f"amulet:{amulet}:{target}")       # R30: a fourth Ambush card
    out.append((s6, 0))
    force_roll(s5, 6)
    s7, _ = RULES.apply(s5, 0, f"amulet:{amulet}:{target}")       # R58: a wild card
    out.append((s7, 0))
    s8 = road_line()
    s8["board"]["c2"] = dict(s8["board"]["b2"], owner="empty", level=0, card="t999")
    s8["players"][0]["heroes"] = ["c2", None]                     # G20: an empty city to claim
    out.append((s8, 0))
    s9 = hero_battle()
    out.append((s9, 1))
    return out


def playouts(configs, every: int = 1):
    """(state, seat to move) along seeded games played to the end: random moves that seldom end
    the turn, or the computer player."""
    for n, seed, options, policy in configs:
        rng = random.Random(seed)
        state = RULES.setup(n, options, seed)
        k = 0
        while RULES.result(state) is None:
            seat = min(RULES.active_players(state))
            if k % every == 0:
                yield state, seat
            k += 1
            if policy == "ai":
                move = RULES.ai_choose(state, seat, seed * 1000 + k)
            else:
                acts = RULES.legal_actions(state, seat)
                rest = [a for a in acts if a.id != "end"]
                move = (rng.choice(rest) if rest and rng.random() < 0.85 else rng.choice(acts)).id
            state, _ = RULES.apply(state, seat, move)
        yield state, None


# every seat is a computer (random moves or the computer player): games without a week limit have
# the stall guard (setup.computer_only)
CONFIGS = [(2, 1, computer_only(2), "random"), (3, 3, {"weeks": 2}, "random"), (4, 4, {"weeks": 2}, "random"),
           (2, 2, {"variant": "advanced", "weeks": 2}, "random"),
           (4, 5, {"variant": "scenario2", "weeks": 1}, "random"),
           (3, 7, {"start_cities": 2, "start_heroes": 1, "level4_end": 3, "weeks": 2}, "random"),
           (2, 11, computer_only(2), "ai"), (3, 12, computer_only(3), "ai")]


# ---------------------------------------------------------------- paths

def test_every_legal_action_has_a_valid_stable_path():
    """Every move of seeded games (base, Advanced 3.4, scenario 2 R132, R133 house rules, the
    computer player) and of rarer positions has a path by the rules, the same in every call and
    after a JSON round trip of the state."""
    seen = set()
    for k, (state, seat) in enumerate(playouts(CONFIGS)):
        if seat is None:
            continue
        actions = RULES.legal_actions(state, seat)
        check_paths(actions)
        seen.update(verb(a.id) for a in actions)
        if k % 25 == 0:
            again = RULES.legal_actions(json.loads(json.dumps(state)), seat)
            assert [(a.id, a.path) for a in again] == [(a.id, a.path) for a in actions]
    for state, seat in special_positions():
        actions = RULES.legal_actions(state, seat)
        check_paths(actions)
        seen.update(verb(a.id) for a in actions)
    assert seen == set(FIRST)


def test_move_path_R79_R80_R82():
    """A hero moves along roads only (R82), 1 Supply per square (R79) or up to 3 squares with a
    Horse (R80)."""
    s = road_line()
    give(s, 0, [("supply", None)] * 3 + [("horse", None)])
    acts = by_id(s, 0)
    heroes = ("heroes", "Heroes: hire, move, fly, attack, claim", "")
    move1 = ("move-1", "Move hero 1", "Along roads from b2")
    assert steps(acts["move:1:e2:sup"]) == [heroes, move1, ("e2", "e2", "3 squares"),
                                             ("sup", "Pay with Supply", "3 Supply")]
    assert steps(acts["move:1:d2:horse"]) == [heroes, move1, ("d2", "d2", "2 squares"),
                                               ("horse", "Pay with a Horse", "3 squares per use")]
    assert not any(a.startswith("move:1:b3") for a in acts)


def test_free_step_path_G33_R126():
    """Advanced game: steps onto home terrain cost nothing (R126, G33)."""
    s = road_line()
    s["options"]["advanced"] = True
    for sq in ("c2", "d2"):
        s["board"][sq]["terrain"] = "G"
    give(s, 0, [("supply", None)])
    acts = by_id(s, 0)
    assert steps(acts["move:1:d2:free"])[2:] == [("d2", "d2", "2 squares"),
                                                 ("free", "No cost", "Every step is on your home terrain")]
    assert steps(acts["move:1:e2:sup"])[2:] == [("e2", "e2", "3 squares, 1 to pay"),
                                                ("sup", "Pay with Supply", "1 Supply")]


def test_build_then_place_paths_R44_R45():
    """A road costs 1 Soldier and 1 Supply (2.10); the card is drawn, then placed where its roads
    meet the neighbours' (R44, R45): at f2 only east-west continues the road from e2."""
    s = road_line()
    give(s, 0, [("soldier", None), ("supply", None)])
    assert steps(by_id(s, 0)["road:straight"]) == [
        ("build", "Build a road or a city, or upgrade a city", ""),
        ("road", "Build a road", "Draw a road card of that shape, then place it"),
        ("straight", "Straight road", "1 Soldier and 1 Supply")]
    s, _ = play(s, 0, "road:straight")
    terrain = TERRAIN[s["terrain"][s["pending"]["tile"]]["terrain"]]
    acts = by_id(s, 0)
    assert set(acts) == {"place:f2:1", "place:b3:0"}   # b3 continues the city's south road
    assert steps(acts["place:f2:1"]) == [
        ("place", "Place the card", f"The straight road you drew on {terrain} terrain"),
        ("f2", "f2", "1 way round"), ("1", "Rotation 1: roads E W", "")]


def test_rotation_labels_R45():
    """Rotations turn a card's exits clockwise, N E S W at rotation 0 (package grammar, R45)."""
    assert board.rotation_label("road", "cross", 0) == "Rotation 0: roads N E S W"
    assert board.rotation_label("road", "curve", 1) == "Rotation 1: roads E S"
    assert board.rotation_label("city", "dead", 2) == "Rotation 2: roads S"
    assert board.rotation_label("city", "t", 3) == "Rotation 3: roads N E W"   # N E S turned back a quarter


def test_city_and_hire_paths_R40_R48():
    """A level-L city takes 3 units of rank L (R48); a Soldier costs 2 Supply and the unit decks
    are face up (R40, 6.1)."""
    s = road_line()
    give(s, 0, [("soldier", None)] * 3 + [("supply", None)] * 2)
    acts = by_id(s, 0)
    city = [a for a in acts.values() if a.id.startswith("city:1:")]
    assert city and all(steps(a)[:3] == [("build", "Build a road or a city, or upgrade a city", ""),
                                         ("city", "Build a city", "3 units of the city's level, then place the card"),
                                         ("1", "Level 1", "3 Soldiers")] for a in city)
    if "city:1:corner" in acts:
        assert steps(acts["city:1:corner"])[3] == ("corner", "Corner city", "2 adjacent exits")
    top = FACTION[s["cards"][s["pool"]["units"]["soldier"][0]]["f"]]
    assert steps(acts["hire:soldier"]) == [("acquire", "Hire a unit or craft an artifact", ""),
                                           ("hire", "Hire a unit", "Pay Supply; a Supply card comes with the unit"),
                                           ("soldier", "Soldier", f"2 Supply; the top card is {top}")]


def test_formation_audience_paths_R22_R23():
    """Three cards of one faction: a Small Formation, +1 card (R22); the declarer picks which
    opponents see the cards (R23), one move per set of opponents."""
    s = ready_game(3, seed=5, options={"first_player": 0})
    clear_hand(s, 0)
    give(s, 0, [("soldier", "G"), ("captain", "G"), ("priest", "G"), ("supply", None)])
    acts = by_id(s, 0)
    assert list(acts)[:5] == ["formation:1", "formation:2", "formation:1,2", "redeploy", "start"]
    assert all(a.path[0].value not in ("turn", "faction", "startcity") for a in list(acts.values())[5:])
    turn = ("turn", "Start your turn", "")
    formation = ("formation", "Declare a Formation", "Draw 1 extra card; the opponents you pick see the cards")
    assert steps(acts["formation:1,2"]) == [turn, formation, ("1,2", "Show them to Player 2 and Player 3", "")]
    assert name_seats(acts["formation:2"].path[2].label, ["Ann", "Bo", "Cy"]) == "Show them to Cy"
    assert steps(acts["redeploy"]) == [turn, ("redeploy", "Redeploy", "Discard your hand and draw 5 new cards")]
    two = ready_game(2, seed=5, options={"first_player": 0, "removed_faction": "R"}, factions=["G", "Y"])
    clear_hand(two, 0)
    give(two, 0, [("soldier", "G"), ("captain", "G"), ("priest", "G"), ("commander", "G")])
    assert steps(by_id(two, 0)["formation"]) == [     # +2 for four cards; the only opponent sees them
        turn, ("formation", "Declare a Formation", "Draw 2 extra cards; Player 2 sees the cards")]


def test_battle_paths_R92_R96():
    """The attacked lone hero's owner fights back (with his Ambush cards or not, R92, R33),
    retreats 2-3 squares paying Supply (R96, G32) or surrenders (G22)."""
    s = road_line()
    s["players"][1]["heroes"] = ["c2", None]
    s["players"][0]["heroes"] = ["c2", None]
    (w,) = give(s, 0, [("weapon", "G")])
    acts = by_id(s, 0)
    assert steps(acts["attack:c2:p1:1"]) == [
        ("heroes", "Heroes: hire, move, fly, attack, claim", ""),
        ("attack", "Attack", "Open a battle where your hero stands"),
        ("c2-p1", "The hero of Player 2 at c2", ""), ("1", "With hero 1", "")]
    s, _ = RULES.apply(s, 0, "attack:c2:p1:1")
    acts = by_id(s, 0)
    assert steps(acts[f"add:{w}"]) == [("add", "Add a card to your battle line", ""),
                                       (w, f"Forest Clan Weapon [{w}]", "+1")]
    assert steps(acts["cancel"]) == [("cancel", "Call off the attack", "Your battle cards go back to your hand")]
    s, _ = RULES.apply(s, 0, f"add:{w}")
    # R88, R89: the Weapon 1, and 1 for the Forest Clan hero with Forest Clan cards only
    assert steps(by_id(s, 0)["commit"]) == [("commit", "Close your play", "Attacker 2, defender 0")]
    s, _ = RULES.apply(s, 0, "commit")
    clear_hand(s, 1)
    give(s, 1, [("supply", None)] * 2)
    (amb,) = give(s, 1, [("soldier", "B")], zone="ambush")
    acts = by_id(s, 1)
    assert steps(acts["fight:y:1"]) == [("fight", "Fight back", ""),
                                        ("y", "Pick up your Ambush cards", "They join your hand for this battle"),
                                        ("1", "With hero 1", "")]
    assert steps(acts["fight:n:1"])[1] == ("n", "Leave your Ambush cards", "They stay where they are")
    assert steps(acts["retreat:e2:sup"]) == [
        ("retreat", "Retreat the hero", "2 or 3 squares along roads; the battle ends"),
        ("e2", "e2", "2 squares"), ("sup", "Pay with Supply", "2 Supply")]
    assert steps(acts["surrender"]) == [("surrender", "Surrender", "The attacker wins the battle")]


def test_question_paths_R76_R107_R58():
    """The Horn takes up to 2 Realm cards, one or two of a kind (R76); a Great Artifact is chosen
    from those left (R107); an Amulet 6 makes a wild card of any unit, artifact or Supply (R58)."""
    s = actions_phase(2, seed=53, options={"removed_faction": "R"}, factions=["G", "B"])
    p = s["players"][0]
    p["sanctuary"] += p["realm"]
    p["realm"] = []
    a, b, c = give(s, 0, [("soldier", "G"), ("soldier", "G"), ("captain", "B")], zone="realm")
    give(s, 0, [("horn", None)])
    s, _ = RULES.apply(s, 0, "horn")
    acts = by_id(s, 0)
    question = ("choose", "Take up to 2 cards from your Realm", "The Realm is shuffled afterwards")
    first, second = sorted((a, b), key=lambda x: int(x[1:]))
    assert set(acts) == {"hornpick:none", f"hornpick:{first}", f"hornpick:{c}", f"hornpick:{first},{c}",
                         f"hornpick:{first},{second}"}
    assert steps(acts["hornpick:none"]) == [question, ("none", "Take nothing", "")]
    assert steps(acts[f"hornpick:{first}"]) == [question, (first, f"Forest Clan Soldier [{first}]", ""),
                                                ("only", "Only this card", "")]
    assert steps(acts[f"hornpick:{first},{second}"])[2] == (second, f"And Forest Clan Soldier [{second}]", "")
    assert RULES.prompt(s, 0) == "Take up to 2 cards from your Realm."

    g, _ = RULES.apply(ruins_battle(), 0, "commit")
    acts = by_id(g, 0)
    if "great:sword" in acts:
        assert steps(acts["great:sword"]) == [   # R73
            ("choose", "Choose a Great Artifact", "It is yours for the rest of the game"),
            ("sword", "Sword of Elemag", "A Weapon: +5 when attacking, +1 when defending")]
    assert RULES.prompt(g, 0) == "Choose a Great Artifact."

    w = actions_phase(2, seed=35)
    amulet, target = give(w, 0, [("amulet", None), ("captain", None)])
    force_roll(w, 6)
    w, _ = RULES.apply(w, 0, f"amulet:{amulet}:{target}")
    acts = by_id(w, 0)
    assert len(acts) == 12  # 4 units, Supply and 7 artifacts (R58)
    assert steps(acts["wild:supply"])[1] == ("supply", "Supply", "")
    assert acts["wild:supply"].path[0].label == "Choose what the wild card counts as"


def test_title_and_scroll_paths_R63_R64_R66():
    """A Title raises a unit one rank (R63); a Spell Scroll changes a card's faction, or its own
    (R64, R66)."""
    s = ready_game(2, seed=5, options={"removed_faction": "R", "first_player": 0}, factions=["G", "Y"])
    s, _ = RULES.apply(s, 0, "start")
    clear_hand(s, 0)
    title, scroll, soldier = give(s, 0, [("title", "G"), ("scroll", "G"), ("soldier", "G")])
    acts = by_id(s, 0)
    arts = ("artifacts", "Artifacts, Tents, Ambush, Great Artifacts", "")
    assert steps(acts[f"title:{title}:{soldier}"]) == [
        arts, ("title", "Use a Title", "Upgrade a unit"), (title, f"Forest Clan Title [{title}]", ""),
        (soldier, f"Forest Clan Soldier [{soldier}]", ""), ("1", "One rank", "To a Captain")]
    assert steps(acts[f"scroll:{scroll}:self:Y"])[3:] == [
        ("self", "The Scroll itself", "Change the Scroll's own faction"), ("Y", "Cloud Clan", "")]
    assert f"scroll:{scroll}:{soldier}:G" not in acts   # the faction it already has


# ---------------------------------------------------------------- prompts

def test_prompts_per_step():
    """One sentence per decision: setup (3.1 steps 12-13), turn start (R20-R27), the actions
    step, placing a drawn card (R44), a defence (R92, R96), the opening (R93); nothing for a seat
    that is not asked."""
    s = RULES.setup(3, {"first_player": 1}, 2)
    assert [RULES.prompt(s, seat) for seat in range(3)] == ["", "Choose your faction.", ""]
    while s["phase"] == "setup_faction":
        s, _ = RULES.apply(s, s["current"], RULES.legal_actions(s, s["current"])[0].id)
    assert RULES.prompt(s, s["current"]) == "Choose your starting city."
    s = ready_game(3, seed=5, options={"first_player": 0})
    clear_hand(s, 0)
    give(s, 0, [("soldier", "G"), ("captain", "G"), ("priest", "G")])
    assert prompt_of(RULES, s, 0) == "Your turn: Formation or Redeploy first if you wish, or straight to your moves."
    assert prompt_of(RULES, s, 1) == ""
    clear_hand(s, 0)
    assert RULES.prompt(s, 0) == "Your turn: Redeploy first if you wish, or straight to your moves."

    s = road_line()
    assert RULES.prompt(s, 0) == "Your turn: your cards pay for nothing more, so end your turn."
    give(s, 0, [("soldier", None), ("supply", None)])
    assert RULES.prompt(s, 0) == "Your turn: build, move heroes, ambush, or end your turn."
    s, _ = play(s, 0, "road:straight")
    assert RULES.prompt(s, 0) == "Place the road card you drew."

    s = road_line()
    s["players"][1]["heroes"] = ["c2", None]
    s["players"][0]["heroes"] = ["c2", None]
    (w,) = give(s, 0, [("weapon", "G")])
    s, _ = RULES.apply(s, 0, "attack:c2:p1:1")
    assert RULES.prompt(s, 0) == "Attack at c2: add cards or call off the attack."
    s, _ = RULES.apply(s, 0, f"add:{w}")
    assert RULES.prompt(s, 0) == "Attack at c2: close your play or call off the attack."
    s, _ = RULES.apply(s, 0, "commit")
    clear_hand(s, 1)
    give(s, 1, [("supply", None)] * 2)
    assert RULES.prompt(s, 1) == "Defend c2: fight back, retreat or surrender."
    assert RULES.prompt(s, 0) == ""
    clear_hand(s, 1)
    assert RULES.prompt(s, 1) == "Defend c2: fight back or surrender."   # no Supply, no Horse: no retreat


def test_prompts_over_playouts():
    """Every asked seat gets one sentence without command names; seats not asked and finished
    games get none."""
    for state, seat in playouts(CONFIGS[:3], every=3):
        for other in range(state["n"]):
            text = RULES.prompt(state, other)
            if other == seat:
                assert text.endswith(".") and "/" not in text and "`" not in text and len(text) <= 200, text
            else:
                assert text == ""


# ---------------------------------------------------------------- options

def test_declared_options_R133():
    """The variant and the R133 house rules under their stored keys, with the rulebook's game as
    defaults: one starting city, neutral cities, no hero, five level-4 cities end it (R121), no
    week limit (G31)."""
    decl = {o.name: (o.kind, o.default, o.param, o.min, o.max) for o in RULES.options}
    assert decl == {"variant": ("choice", "normal", "variant", None, None),
                    "weeks": ("int", 0, "weeks", 0, 5),
                    "start_cities": ("int", 1, "cities", 1, 3),
                    "no_neutral": ("bool", False, "no_neutral", None, None),
                    "start_heroes": ("int", 0, "heroes", 0, 2),
                    "level4_end": ("int", 5, "level4", 1, 7)}
    assert [v for v, _ in RULES.options[0].choices] == ["normal", "advanced", "scenario1", "scenario2"]
    assert all(o.label and o.description for o in RULES.options)
    plain = {o.name: o.default for o in RULES.options}
    assert normalise_options(RULES, 4, plain) == {} and normalise_options(RULES, 2, {}) == {}
    assert {k: setup.house_defaults()[k] for k in ("start_cities", "no_neutral", "start_heroes", "level4_end")} \
        == {k: plain[k] for k in ("start_cities", "no_neutral", "start_heroes", "level4_end")}
    assert RULES.setup(4, {}, 1)["options"]["variant"] == "normal"
    given = {"variant": "advanced", "weeks": "3", "start_cities": "2", "no_neutral": "yes", "start_heroes": 1,
             "first_player": 0}
    stored = normalise_options(RULES, 4, given)
    assert stored == {"variant": "advanced", "weeks": 3, "start_cities": 2, "no_neutral": True, "start_heroes": 1,
                      "first_player": 0}
    assert options_line(RULES, stored) == ("Advanced (home terrain bonuses), week limit 3, starting cities 2, "
                                           "no neutral cities on, starting heroes 1")
    s = RULES.setup(4, stored, 3)
    assert s["options"]["weeks"] == 3 and s["options"]["no_neutral"] and s["options"]["advanced"]


def test_option_refusals_R132_R133():
    """Scenario 2 needs 4 players (G26b) and takes neither extra starting cities nor the
    no-neutral rule (R132, R133); values outside a range are refused when parsed."""
    assert RULES.refuse_options(3, {"variant": "scenario2"}) == "Scenario 2 is played by exactly 4 players."
    with pytest.raises(IllegalAction) as err:
        normalise_options(RULES, 4, {"variant": "scenario2", "start_cities": 2})
    assert err.value.message.startswith("Scenario 2 has no starting cities")
    assert RULES.refuse_options(4, {"variant": "scenario2", "start_heroes": 2}) is None
    for bad in ({"start_cities": 4}, {"start_heroes": 3}, {"level4_end": 0}, {"weeks": 6}, {"variant": "x"}):
        with pytest.raises(IllegalAction):
            normalise_options(RULES, 4, bad)


def test_stored_options_of_older_matches_still_load_R133():
    """Matches stored the variant always and no_neutral as True: they set up and read as before."""
    old = {"variant": "normal", "no_neutral": True, "start_cities": 2, "level4_end": 4}
    s = RULES.setup(3, old, 9)
    assert not any(t.get("owner") == "neutral" for t in s["board"].values())
    assert options_line(RULES, old) == "starting cities 2, no neutral cities on, level-4 cities to end 4"
    assert options_text(old) == ("Base game; house rules: 2 starting cities each, no neutral cities, "
                                 "4 level-4 cities end the game.")
    assert options_text({}) == "Base game; no house rules."
    assert options_text({"variant": "scenario1", "weeks": 3}) == "Scenario 1; house rules: 3-week limit."


# ---------------------------------------------------------------- hidden items

def leaked(state, seat, hidden):
    """Hidden items seen by the public or another seat: as whole string values, or as card ids
    inside a text."""
    out = set()
    for viewer in [None] + [o for o in range(state["n"]) if o != seat]:
        values = strings_in(RULES.view(state, viewer))
        out |= hidden & set(values)
        out |= hidden & set(HIDDEN_ID.findall("\n".join(values)))
    return out


def test_hidden_items_never_in_other_views():
    """Section 6.2: a hand and its Ambush are its owner's alone; the Realm's ids reach nobody else
    (6.3). Checked for every seat along seeded games."""
    checked = 0
    for state, seat in playouts(CONFIGS[:6], every=5):
        for s in range(state["n"]):
            hidden = RULES.hidden_items(state, s)
            p = state["players"][s]
            assert set(p["hand"]) | set(p["ambush"]) <= hidden
            assert not leaked(state, s, hidden)
            checked += bool(hidden)
    assert checked > 100


def test_hidden_items_formation_and_ambush_R23_R28_R30():
    """R23: the chosen opponent sees the Formation cards by name, not by id; R28: an Ambush card
    is face down; R30: the card an Amulet sends to a full Ambush is hidden while it waits."""
    s = ready_game(3, seed=5, options={"first_player": 0})
    clear_hand(s, 0)
    shown = give(s, 0, [("soldier", "G"), ("captain", "G"), ("priest", "G")])
    s, _ = play(s, 0, "formation:1")
    seen = RULES.view(s, 1)["formation_seen"]
    assert [c["label"] for c in seen[0]["cards"]] == ["Forest Clan Soldier", "Forest Clan Captain",
                                                     "Forest Clan Priest"]
    assert set(shown) <= RULES.hidden_items(s, 0) and not leaked(s, 0, RULES.hidden_items(s, 0))

    s = actions_phase(2, seed=15)
    a, b = give(s, 0, [("commander", None), ("soldier", None)])
    s, _ = RULES.apply(s, 0, f"ambush:{a}:{b}")
    assert a in RULES.hidden_items(s, 0) and b not in RULES.hidden_items(s, 0)   # banished: public (G28)
    assert not leaked(s, 0, RULES.hidden_items(s, 0))

    s = actions_phase(2, seed=35)
    give(s, 0, [("soldier", None)] * 3, zone="ambush")
    amulet, target = give(s, 0, [("amulet", None), ("captain", None)])
    force_roll(s, 4)
    s, _ = RULES.apply(s, 0, f"amulet:{amulet}:{target}")
    assert s["pending"]["kind"] == "drop" and target in RULES.hidden_items(s, 0)
    assert not leaked(s, 0, RULES.hidden_items(s, 0))
    assert RULES.prompt(s, 0) == "Your Ambush slots are full: choose the Ambush card to discard."


# ---------------------------------------------------------------- help texts and paying with named cards

def test_help_texts():
    """The rules summary and the design decisions (spec section 10) are the engine's; texts a
    player reads carry no rule numbers."""
    assert RULES_TEXT.startswith("**Battalia: The Creation** (2–4 players): how to play")
    assert "House rules" in RULES_TEXT and "A full tie is a shared win." in DESIGN_TEXT
    assert not RULE_NUMBER.search(RULES_TEXT + DESIGN_TEXT)


def test_pay_with_named_cards_R79():
    """A listed paid move ends with the cards the engine picks; the cards a player names replace
    them (a hero move or a retreat paid with one Horse too); anything but card ids is refused, and
    so is a move that is not paid with cards."""
    assert pay_with("hire:soldier:k1,k2", " k3, k8 ") == "hire:soldier:k3,k8"
    assert pay_with("move:1:d2:k1,k2", "k4 k5") == "move:1:d2:k4,k5"
    assert pay_with("retreat:e2:k7", "k9") == "retreat:e2:k9"
    assert pay_with("end", None) == "end" and pay_with("craft:tool:k1,k2", "") == "craft:tool:k1,k2"
    for action, cards in (("end", "k1"), ("move:1:c2:free", "k1"), ("hire:soldier:k1,k2", "x1"),
                          ("hire:soldier:k1,k2", "k1;k2")):
        with pytest.raises(IllegalAction):
            pay_with(action, cards)
    s = road_line()
    sups = give(s, 0, [("supply", None)] * 3)
    listed_id = listed(s, 0, "move:1:d2:sup")
    assert listed_id == f"move:1:d2:{sups[0]},{sups[1]}"   # the engine's choice: the lowest ids first
    s, _ = RULES.apply(s, 0, pay_with(listed_id, f"{sups[2]},{sups[0]}"))   # 1 Supply a square
    assert s["players"][0]["heroes"][0] == "d2" and s["players"][0]["hand"] == [sups[1]]


def test_end_of_game_asks_nobody():
    """R119-R124: a finished game asks no seat anything."""
    for state, seat in playouts(CONFIGS[:1]):
        if seat is None:
            assert RULES.result(state) is not None
            assert [RULES.prompt(state, s) for s in range(state["n"])] == ["", ""]
            assert RULES.legal_actions(state, 0) == []
