"""Where the engine follows the seed's own wording (004, the 2022 Chinese rulebook), each test
quoting the line it follows: the end of an activation (R30, G19) decided only from public facts;
movement across towers (R35); hiding hexes need *another* friendly hero (R18); priority in order,
the active player first (R74, R75); a Skirmish's one or both effects (R43); the Outsider's reaction
at any target (R120).

Positions stand on small fixture fields (tests/skytear/fixtures.grid_map): labels "<column
letter><row>", A1 top left; along a row the distance between two hexes is the difference of their
column letters.
"""
from __future__ import annotations

from engine.skytear import RULES, data, flow, ops
from engine.text import to_json

from . import fixtures as fx
from .flowkit import act, act_ev, hero_state, ids, pass_all, refused, waiting


def open_field(name="fx_seed", **kw):
    return fx.grid_map(name, 9, 7, **kw)


def field_state(heroes, name="fx_seed", **kw):
    kw.setdefault("towers", {})
    kw.setdefault("control", {})
    return hero_state(heroes, map_name=name, **kw)


def activated(state, seat, hero):
    state["turn_side"] = flow.side_of(state, seat)
    return act(state, seat, f"activate:{hero}")


def public(state, events) -> dict:
    """What anyone in the channel sees of a move: its public texts, the public view, the moment (its
    kind, whose turn, its public line; who is asked unless the game asks privately) and the result."""
    moment = RULES.moment(state)
    private = moment.asks_privately
    return {"texts": [to_json(e.public) for e in events], "view": RULES.view(state, None),
            "moment": (moment.kind, moment.owner, to_json(moment.waiting)), "asks_privately": private,
            "to_act": None if private else sorted(moment.seats), "result": state.get("result")}


def texts(events) -> list[str]:
    return [getattr(e.public, "key", str(e.public)) for e in events]


# ------------------------------------------------------------------ point 1: the end of an activation (R30, G19)

def duel_at_last_ap(hand: list[str], deck: list[str]):
    """Sakoshi (seat 0, fire runes) on D4 with one action point left, about to move; Yami (seat 1)
    on F4 in her sight; seat 0 holds `hand` over a deck of `deck`."""
    open_field()
    st = field_state({"sakoshi": (0, "D4"), "akhuti": (0, "A7"), "yami": (1, "F4"), "cotlic": (1, "I7")})
    for card in hand:
        fx.give(st, 0, card)
    fx.stack_deck(st, 0, deck)
    st = activated(st, 0, "sakoshi")
    st["activation"]["ap"] = 1
    return act(st, 0, "move:C4")


def test_R30_seed_an_activation_never_ends_by_itself_from_what_the_hand_holds():
    """R30: 「當玩家執行完當前的啟動後，該啟動結束」: the activation ends when its player has finished
    it. With no action point left, a hand holding a playable card (Ignite) and a hand holding none
    (Sacrifice: earth runes, which neither of seat 0's heroes has) give the others the same public
    texts, view and next seat: the player ends the activation, the engine does not."""
    deck = ["sacrifice", "ignite", "sacrifice"]
    can, _ = act_ev(duel_at_last_ap(["ignite"], deck), 1, "pass")
    cannot, _ = act_ev(duel_at_last_ap(["sacrifice"], deck), 1, "pass")
    assert any(i.startswith("play:sakoshi:") for i in ids(can, 0))
    assert ids(cannot, 0) == ["priority:ask", "end"], "nothing to play: only the player's own end"
    a = act_ev(duel_at_last_ap(["ignite"], deck), 1, "pass")
    b = act_ev(duel_at_last_ap(["sacrifice"], deck), 1, "pass")
    assert public(*a) == public(*b)
    assert "{hero} is exhausted." not in texts(b[1]) and RULES.active_players(cannot) == {0}
    done, events = act_ev(cannot, 0, "end")
    assert "{hero} is exhausted." in texts(events) and done["heroes"]["sakoshi"]["state"] == "exhausted"


def test_R30_the_same_state_with_the_hand_dealt_again_gives_the_same_public_move():
    """The secrecy hook deals seat 0's hand again from its unseen cards; whatever it holds then,
    the pass that resolves its last action shows the same to everyone."""
    import random
    deck = ["sacrifice", "king_of_hosts", "ignite", "sacrifice"] + ["sacrifice"] * 12
    st = duel_at_last_ap(["ignite", "sacrifice"], deck)
    expected = public(*RULES.apply(st, 1, "pass"))
    hands = set()
    for n in range(12):
        copy = RULES.redeal(st, None, random.Random(n))
        hands.add(tuple(sorted(copy["cards"][i] for i in copy["hands"]["0"])))
        assert public(*RULES.apply(copy, 1, "pass")) == expected
    assert len(hands) > 1, "the hand was dealt again"


def test_R30_an_activation_ends_by_itself_when_public_facts_show_nothing_is_left():
    """An empty hand (a public count), or cards of which no kind the player could hold is playable
    now (every one of its cards is Sacrifice, earth, for heroes of fire and air): the activation
    ends at once, "exhausted" said in public, the same way for any such hand."""
    empty, events = act_ev(duel_at_last_ap([], ["ignite"]), 1, "pass")
    assert "{hero} is exhausted." in texts(events) and empty["activation"] is None
    unplayable, events = act_ev(duel_at_last_ap(["sacrifice"], ["sacrifice", "sacrifice"]), 1, "pass")
    assert "{hero} is exhausted." in texts(events) and unplayable["activation"] is None


# ------------------------------------------------------------------ point 2: movement (R35, R37)

def corridor():
    """One row A1..I1: Cotlic (seat 0) on B1, an enemy tower on C1, an enemy minion on D1, an enemy
    nexus hex on F1; Yami (seat 1) on I1."""
    fx.grid_map("fx_corridor", 9, 1, towers={"C1": (1, 1)}, nexus={1: ["F1"]})
    st = field_state({"cotlic": (0, "B1"), "yami": (1, "I1")}, name="fx_corridor",
                     towers={"C1": {"side": 1, "lane": 1, "hp": 5}})
    fx.minion(st, 1, "D1")
    return st


def test_R35_seed_a_hero_crosses_a_tower_and_a_minion_but_ends_on_neither():
    """R35: 「英雄和入侵者無法移動穿過其他的英雄或入侵者」, 「英雄和入侵者可以移動穿過手下」,
    「英雄和入侵者無法在有手下或防禦塔的格子結束移動」: the seed forbids crossing heroes and the
    Outsider only, so Cotlic walks through the tower and the minion to E1; he cannot stop on either,
    nor on the nexus hex (house: a nexus counts as a tower)."""
    st = activated(corridor(), 0, "cotlic")
    moves = {i for i in ids(st, 0) if i.startswith("move:")}
    assert moves == {"move:A1", "move:E1"}
    st = pass_all(act(st, 0, "move:E1"))
    assert st["heroes"]["cotlic"]["hex"] == "E1"
    assert st["last"]["hexes"] == ["B1", "C1", "D1", "E1"], "the path went through the tower"
    st["heroes"]["cotlic"]["statuses"] = {"haste": 1}
    assert ops.hero_destinations(st, "cotlic", ops.move_of(st, "cotlic")).keys() >= {"G1", "H1"}
    assert "F1" not in ops.hero_destinations(st, "cotlic", 5), "never ending on the nexus hex"


def test_R35_seed_heroes_still_block_the_way():
    """「無法移動穿過其他的英雄或入侵者」: a hero in the corridor stops Cotlic."""
    st = corridor()
    st["heroes"]["yami"]["hex"] = "E1"
    st = activated(st, 0, "cotlic")
    assert {i for i in ids(st, 0) if i.startswith("move:")} == {"move:A1"}


def test_R37_seed_a_push_is_a_move_effect_and_crosses_a_tower_the_same_way():
    """R37: 「任何移動英雄或手下的效果被視為移動效果，並依照與移動行動相同的限制」: pushed 3 hexes
    away from A1, Cotlic goes over the tower and the minion and lands on E1."""
    st = corridor()
    assert ops.push(st, ("A1",), "cotlic", 3) == "E1"
    again = corridor()
    assert ops.push(again, ("A1",), "cotlic", 2) is None, "it could end only on the minion: no push"


# ------------------------------------------------------------------ point 3: hiding hexes (R18)

def hidden_akhuti(**spot):
    """Akhuti (seat 1) on the hiding hex E4; Yami (seat 0, melee) next to it on D4; Sakoshi (seat 0,
    ranged) on `sakoshi` (default far away)."""
    open_field("fx_seed_hide", hiding=("E4",))
    return field_state({"yami": (0, "D4"), "sakoshi": (0, spot.get("sakoshi", "A7")), "akhuti": (1, "E4"),
                        "cotlic": (1, "I7")}, name="fx_seed_hide")


def test_R18_seed_a_hero_next_to_a_hiding_hex_does_not_see_the_hero_in_it_alone():
    """R18: 「一個敵方英雄在隱蔽格中時，一個友方英雄只會在以下情況具有視線：有另一個友方英雄在與該
    隱蔽格相鄰的格子上，且該英雄具有看見該敵方英雄的視線」: Yami, adjacent, cannot Attack or
    Skirmish Akhuti by himself; once Sakoshi stands next to the hiding hex too, each of them can."""
    alone = activated(hidden_akhuti(), 0, "yami")
    assert "attack:akhuti" not in ids(alone, 0) and "skirmish:akhuti" not in ids(alone, 0)
    assert "not possible" in refused(alone, 0, "attack:akhuti")
    spotted = activated(hidden_akhuti(sakoshi="F4"), 0, "yami")
    assert "attack:akhuti" in ids(spotted, 0) and "skirmish:akhuti" in ids(spotted, 0)
    other = activated(hidden_akhuti(sakoshi="F4"), 0, "sakoshi")
    assert "attack:akhuti" in ids(other, 0), "Sakoshi sees it thanks to Yami"


def test_R19_a_hidden_hero_still_sees_out_and_the_hex_itself_is_seen():
    """R19: 「即使英雄無法看見隱蔽格中的目標，他還是可以看見一個隱蔽格」; a hidden hero sees out."""
    st = activated(hidden_akhuti(), 1, "akhuti")
    assert "attack:yami" in ids(st, 1)


# ------------------------------------------------------------------ point 4: priority in order (R74, R75)

def duel():
    open_field()
    return field_state({"sakoshi": (0, "D4"), "akhuti": (0, "A7"), "yami": (1, "F4"), "cotlic": (1, "I7")})


def test_R74_seed_the_active_player_holds_priority_first_and_is_passed_for_by_default():
    """R74: 「啟動玩家，也就是執行當前啟動的玩家，將有優先順位」: after Sakoshi's declaration seat 0
    holds priority; by default it is passed for and the opponent is asked; the bot never waits
    for the acting player."""
    st = duel()
    fx.give(st, 0, "ambush")
    st = act(activated(st, 0, "sakoshi"), 0, "attack:yami")
    assert st["window"] == {"waiting": [1], "optional": None}
    assert RULES.active_players(st) == {1} and ids(st, 0) == []


def test_R74_seed_a_player_who_asks_to_be_asked_responds_to_its_own_action_first():
    """R74: 「有優先順位的玩家可以：打出一張或更多立即能力牌」: with `priority:ask` the active player
    is asked first over its own attack and may answer it with its own instant (Ambush), which goes
    on top; then priority goes on clockwise. Nothing of it is public: the setting makes no event,
    and the public count of answers awaited is the same as without it."""
    quiet = duel()
    ambush = fx.give(quiet, 0, "ambush")
    quiet = activated(quiet, 0, "sakoshi")
    asked, events = act_ev(quiet, 0, "priority:ask")
    assert events == [] and asked["ask_first"] == [0]
    assert "priority:quiet" in ids(asked, 0) and "priority:ask" not in ids(asked, 0)
    q = act_ev(quiet, 0, "attack:yami")
    a = act_ev(asked, 0, "attack:yami")
    assert public(*q) == public(*a), "the setting does not show"
    st = a[0]
    assert waiting(st) == [0, 1] and RULES.active_players(st) == {0}
    assert RULES.view(st, None)["waiting"] == 1
    st = act(st, 0, f"play:sakoshi:{ambush}:yami")
    assert [e["do"] for e in st["stack"]] == ["attack", "card"]
    assert waiting(st) == [0, 1], "it keeps priority over its own instant, then seat 1"
    st = act(act(st, 0, "pass"), 1, "pass")
    assert [e["do"] for e in st["stack"]] == ["attack"] and waiting(st) == [0, 1]


def test_R75_seed_after_a_resolution_priority_starts_again_from_the_active_player():
    """R75: 「在該效果結算後，每位玩家可以對堆疊的下一個效果進行反應，一樣從啟動玩家開始」: in a team
    game, after seat 1's instant resolves, the next round starts with the active seat 0 (passed
    for) and goes 1, 2, 3; an instant played by seat 2 starts a round with seat 2 (passed for): 3, 0, 1."""
    open_field()
    st = field_state({"sakoshi": (0, "D4"), "cotlic": (2, "C4"), "yami": (1, "F4"), "akhuti": (3, "I7")},
                     players=4)
    ambush = fx.give(st, 1, "ambush")             # Yami's instant (fire)
    guard = fx.give(st, 2, "bodyguard")           # Cotlic's instant (earth), on a friendly hero
    st = act(activated(st, 0, "sakoshi"), 0, "attack:yami")
    assert waiting(st) == [1, 2, 3]
    st = act(st, 1, f"play:yami:{ambush}:sakoshi")
    assert waiting(st) == [2, 3, 0], "from the seat after the instant's player, clockwise"
    guards = [i for i in ids(st, 2) if i.startswith(f"play:cotlic:{guard}:")]
    assert guards
    st = act(st, 2, guards[0])
    assert waiting(st) == [3, 0, 1]
    st = act(act(act(st, 3, "pass"), 0, "pass"), 1, "pass")      # Bodyguard resolves
    assert [e["do"] for e in st["stack"]] == ["attack", "card"] and waiting(st) == [1, 2, 3]


# ------------------------------------------------------------------ point 5: a Skirmish's effects (R43)

def skirmish_on(target_value="yami", outsider=None, deck=("tortoise_formation", "ignite", "ignite")):
    st = duel()
    if outsider:
        st["outsider"].update(hexes=list(outsider), holder=None)
    fx.stack_deck(st, 0, list(deck))
    fx.stack_deck(st, 1, ["ignite"] * 3)
    st = act(activated(st, 0, "sakoshi"), 0, f"skirmish:{target_value}")
    return act(st, 1, "pass")


def test_R43_seed_the_player_chooses_one_or_both_effects_in_order():
    """R43: 「決定以下效果中的一項或兩項，按照此順序」: at the resolution Sakoshi's player chooses the
    damage (then a move or staying) or only the move; only moving reveals no card, deals no damage
    and must move (staying would choose neither effect)."""
    st = skirmish_on()
    assert st["pending"]["kind"] == "skirmish_effects" and RULES.active_players(st) == {0}
    assert sorted(ids(st, 0)) == ["skirmish_effect:damage", "skirmish_effect:no_damage"]
    deck_before = list(st["decks"]["0"])
    st, events = act_ev(st, 0, "skirmish_effect:no_damage")
    assert st["heroes"]["yami"]["hp"] == data.hero("yami")["hp"] and st["decks"]["0"] == deck_before
    assert "{hero} skirmishes {target} without damage, only moving." in texts(events)
    moves = ids(st, 0)
    assert moves and "skirmish_move:stay" not in moves and all(i.startswith("skirmish_move:") for i in moves)
    st = act(st, 0, "skirmish_move:C4")
    assert st["heroes"]["sakoshi"]["hex"] == "C4" and st["pending"] is None


def test_R43_only_moving_against_the_outsider_gives_no_reaction_damage_does_R120():
    """Why the choice matters: 「如果一位玩家傷害入侵者，其對手將會使用該入侵者執行一個攻擊、游擊或移動
    行動」 — moving alone deals no damage, so the other side gets no reaction."""
    spot = ("F3", "G3", "G4")
    st = act(skirmish_on("outsider", outsider=spot), 0, "skirmish_effect:no_damage")
    st = act(st, 0, ids(st, 0)[0])
    assert st["outsider"]["hp"] == data.OUTSIDER["hp"] and st["pending"] is None and st["stack"] == []
    st = act(skirmish_on("outsider", outsider=spot), 0, "skirmish_effect:damage")
    assert st["outsider"]["hp"] < data.OUTSIDER["hp"]
    st = act(st, 0, "skirmish_move:stay")
    assert st["pending"]["kind"] == "reaction" and st["pending"]["seat"] == 1


def test_R43_with_no_hex_to_move_to_the_damage_is_dealt_without_asking():
    st = duel()
    fx.stack_deck(st, 0, ["tortoise_formation", "ignite"])
    st["heroes"]["sakoshi"]["statuses"] = {"slow": 2}         # skirmish move 2 - 1 = 1 ...
    for hx in ("C4", "D3", "E3", "D5", "E5"):                 # ... and every neighbour of D4 taken
        fx.minion(st, 1, hx)
    st["heroes"]["yami"]["hex"] = "E4"                        # (D4 touches C4, E4, D3, E3, D5, E5)
    st = act(act(activated(st, 0, "sakoshi"), 0, "skirmish:yami"), 1, "pass")
    assert st["pending"] is None and st["heroes"]["yami"]["hp"] < data.hero("yami")["hp"]


# ------------------------------------------------------------------ point 6: the Outsider's reaction (R120)

def test_R120_seed_the_reaction_is_an_attack_or_a_skirmish_at_any_target_not_only_the_hero_that_hit_it():
    """R120: 「如果一位玩家傷害入侵者，其對手將會使用該入侵者執行一個攻擊、游擊或移動行動」: no limit to
    the hero that damaged it. Sakoshi hits the Outsider; seat 1 may turn it on Akhuti instead; the
    Ancient Outsider cannot move (R119: 「遠古入侵者不能移動或被移動」), so no Move is offered; the
    reaction is not optional (「將會」)."""
    st = duel()
    st["heroes"]["akhuti"]["hex"] = "H3"
    st["outsider"].update(hexes=["F3", "G3", "G4"], holder=None)
    fx.stack_deck(st, 0, ["ignite"] * 3)
    fx.stack_deck(st, 1, ["ignite"] * 3)
    st = act(act(activated(st, 0, "sakoshi"), 0, "attack:outsider"), 1, "pass")
    assert st["outsider"]["hp"] < data.OUTSIDER["hp"]
    assert st["pending"]["kind"] == "reaction" and st["pending"]["against"] == "sakoshi"
    options = ids(st, 1)
    assert {"react:attack:sakoshi", "react:attack:akhuti", "react:skirmish:akhuti"} <= set(options)
    assert all(i.startswith(("react:attack:", "react:skirmish:")) for i in options)
    hp = st["heroes"]["akhuti"]["hp"]
    st = act(st, 1, "react:attack:akhuti")
    assert st["stack"][-1]["target"] == "akhuti" and st["stack"][-1]["controller"] == 1
    st = pass_all(st)
    assert st["heroes"]["akhuti"]["hp"] < hp and st["activation"]["ap"] == 2
