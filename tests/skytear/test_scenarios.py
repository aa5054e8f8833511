"""Rulebook examples and multi-step situations played through the rules object, move by move, as
players would (spec section 9): devotions T22-T25, alternative actions, granted actions (R32),
foresee (R128), the Vortex (R65, T43), mana (T41), the dome and the Outsider across rounds, and
the paths a player walks (verb -> hero -> card -> target)."""
from __future__ import annotations

from engine.skytear import RULES, data, flow, hexes, ops

from . import fixtures as fx
from .flowkit import act, check_cards_conserved, hero_state, ids, pass_all, waiting


def activated(state, seat, hero):
    state["turn_side"] = flow.side_of(state, seat)
    return act(state, seat, f"activate:{hero}")


def action(state, seat, action_id):
    return next(a for a in RULES.legal_actions(state, seat) if a.id == action_id)


def test_a_card_is_played_by_walking_verb_hero_card_target():
    st = hero_state({"sakoshi": (0, "D5"), "akhuti": (0, "B6"), "yami": (1, "F5"), "cotlic": (1, "L6")},
                    round_no=3)
    card = fx.give(st, 0, "life_steal")
    st = activated(st, 0, "sakoshi")
    a = action(st, 0, f"play:sakoshi:{card}:yami")
    assert [c.value for c in a.path] == ["play", "sakoshi", card, "yami"]
    assert [str(c.label).split(" (")[0] for c in a.path] == ["Play a card", "Sakoshi", "Life Steal", "Yami"]


def test_R52_T22_yami_marks_then_pounces_next_to_the_marked_hero():
    st = hero_state({"yami": (0, "D5"), "sakoshi": (0, "B6"), "corjof": (1, "F4"), "cotlic": (1, "L6")})
    fx.stack_deck(st, 0, ["ignite"])             # the reveal: +1
    st = activated(st, 0, "yami")
    st = act(st, 0, "devotion:mark=corjof")
    assert st["stack"][-1]["do"] == "devotion" and waiting(st) == [1]
    st = pass_all(st)
    m = hexes.load_map("two_lane")
    assert st["heroes"]["corjof"]["statuses"].get("mark") == 1
    assert hexes.distance(m, st["heroes"]["yami"]["hex"], "F4") == 1, "placed next to the marked hero"
    assert st["heroes"]["corjof"]["hp"] == data.hero("corjof")["hp"] - max(0, 2 - data.hero("corjof")["armor"])


def test_R53_R33_T23_gulbjarn_shapeshifts_then_bear_fury_replaces_his_skirmish():
    st = hero_state({"gulbjarn": (0, "E5"), "corjof": (0, "D6"), "yami": (1, "G4"), "sakoshi": (1, "G5"),
                     "cotlic": (1, "L6")})
    fx.stack_deck(st, 0, ["ignite", "ignite"])
    st = activated(st, 0, "gulbjarn")
    assert not [i for i in ids(st, 0) if i.startswith("alt:")], "no Shapeshift yet: no Bear Fury"
    st = pass_all(act(st, 0, "devotion:shapeshift=corjof"))
    assert st["heroes"]["gulbjarn"]["statuses"]["shapeshift"] == 1
    assert st["heroes"]["corjof"]["statuses"]["shapeshift"] == 1
    alt = next(i for i in ids(st, 0) if i.startswith("alt:bear_fury:F5"))
    before = {h: st["heroes"][h]["hp"] for h in ("yami", "sakoshi")}
    st = pass_all(act(st, 0, alt))
    assert st["heroes"]["gulbjarn"]["hex"] == "F5"
    hit = [h for h in before if st["heroes"][h]["hp"] < before[h]]
    assert hit, "the triangle hits the enemies next to him"
    assert "skirmish" in st["activation"]["done"]


def test_R54_T24_cotlic_raises_a_pillar_and_king_s_might_removes_the_others():
    st = hero_state({"cotlic": (0, "D5"), "tlakali": (0, "B6"), "yami": (1, "F5"), "sakoshi": (1, "L6")})
    st["pillars"] = [{"side": 0, "hex": "C5"}, {"side": 0, "hex": "B9"}]
    assert ops.armor_of(st, "cotlic") == data.hero("cotlic")["armor"] + 1, "Taulot's Protection near a pillar"
    st = activated(st, 0, "cotlic")
    st = pass_all(act(st, 0, "devotion:pillar=E4,remove=C5,more=1"))
    assert st["pillars"] == [], "the new pillar and every other friendly pillar removed"
    assert st["heroes"]["cotlic"]["pillars_removed"] == 3
    assert ops.skirmish_damage_of(st, "cotlic", "yami") == 3, "+1 skirmish damage per pillar removed"


def test_R56_R57_T25_an_illusion_mirrors_nupten_heroes_for_resonant_radiance():
    st = hero_state({"akhuti": (0, "D5"), "haburat": (0, "D7"), "yami": (1, "H2"), "sakoshi": (1, "L6")})
    st = activated(st, 0, "akhuti")
    st = pass_all(act(st, 0, "devotion:illusion=akhuti,to=C6"))
    assert st["illusions"] == {"akhuti": "C6"}
    v = RULES.view(st, None)
    mirrored = {h["id"]: h["mirrored"] for h in v["heroes"]}
    assert mirrored["akhuti"] and mirrored["haburat"]
    assert ops.armor_of(st, "haburat") == data.hero("haburat")["armor"] + 1


def test_R32_time_warp_grants_an_attack_that_goes_on_the_stack_after_the_card():
    st = hero_state({"haburat": (0, "D5"), "akhuti": (0, "B6"), "yami": (1, "E5"), "sakoshi": (1, "L6")})
    warp = fx.give(st, 0, "time_warp")
    fx.stack_deck(st, 0, ["ignite", "ignite"])
    st = activated(st, 0, "haburat")
    st = pass_all(act(st, 0, "attack:yami"))
    st = pass_all(act(st, 0, f"play:haburat:{warp}"))
    assert st["pending"]["kind"] == "extra_action" and RULES.active_players(st) == {0}
    assert "extra:attack:yami" in ids(st, 0) and "extra:skip" in ids(st, 0)
    hp = st["heroes"]["yami"]["hp"]
    st = act(st, 0, "extra:attack:yami")
    assert st["stack"][-1]["do"] == "attack" and waiting(st) == [1]
    st = pass_all(st)
    assert st["heroes"]["yami"]["hp"] < hp
    assert st["activation"]["ap"] == 2 and st["activation"]["done"] == ["attack"], "no AP, not counted (R32)"


def test_R128_manifestation_foresee_asks_its_player_card_by_card_then_draws():
    st = hero_state({"gulbjarn": (0, "D5"), "corjof": (0, "B6"), "yami": (1, "H2"), "sakoshi": (1, "L6")})
    card = fx.give(st, 0, "manifestation")
    top = fx.stack_deck(st, 0, ["ignite", "ambush", "life_steal"])
    st = activated(st, 0, "gulbjarn")
    st = act(st, 0, f"play:gulbjarn:{card}")
    st = act(st, 1, "pass")
    assert st["pending"]["kind"] == "foresee" and RULES.active_players(st) == {0}
    assert RULES.view(st, 0)["foresee"] == {"cards": ["ignite", "ambush"], "index": 0}
    assert "foresee" not in RULES.view(st, 1) and "ignite" not in RULES.view(st, 1)["cards"]
    st = act(st, 0, "foresee:discard")
    st = act(st, 0, "foresee:keep")
    assert st["pending"] is None
    assert st["discards"]["0"] == [top[0]]
    assert top[1] in st["hands"]["0"], "then the card's draw takes the kept card"
    check_cards_conserved(st)


def test_R65_T43_the_vortex_needs_no_mana_and_is_used_once():
    st = hero_state({"sakoshi": (0, "D5"), "akhuti": (0, "B6"), "yami": (1, "H2"), "cotlic": (1, "L6")},
                    round_no=1)
    vortex = fx.put_vortex(st, 0)
    spent = fx.give(st, 0, "ignite")
    st["hands"]["0"].remove(spent)
    st["heroes"]["sakoshi"]["played"] = [spent]          # no mana left in round 1
    fx.stack_deck(st, 0, ["ambush", "ignite"])
    st = activated(st, 0, "sakoshi")
    assert f"play:sakoshi:{vortex}" in ids(st, 0)
    st = pass_all(act(st, 0, f"play:sakoshi:{vortex}"))
    assert st["vortex"]["used"] and len(st["hands"]["0"]) == 2
    assert not [i for i in ids(st, 0) if vortex in i]
    assert RULES.view(st, None)["vortex"] == {"side": 0, "used": True}


def test_R59_T41_a_hero_with_its_mana_spent_cannot_play_a_card_with_runes():
    st = hero_state({"sakoshi": (0, "D5"), "akhuti": (0, "B6"), "yami": (1, "F5"), "cotlic": (1, "L6")},
                    round_no=3)
    a, b = fx.give(st, 0, "ignite"), fx.give(st, 0, "ambush")
    fx.give(st, 0, "crippling_mastery")    # 1 mana: more than is left
    st = activated(st, 0, "sakoshi")
    st = pass_all(act(st, 0, f"play:sakoshi:{a}:yami"))
    st = pass_all(act(st, 0, f"play:sakoshi:{b}:yami"))
    assert ops.mana_left(st, "sakoshi") == 0
    assert not [i for i in ids(st, 0) if i.startswith("play:")]


def test_R113_R114_R117_the_dome_winner_activates_the_outsider_next_round():
    st = hero_state({"sakoshi": (0, "H6"), "akhuti": (0, "B6"), "yami": (1, "L2"), "cotlic": (1, "L6")})
    for h in ("akhuti", "yami", "cotlic"):
        st["heroes"][h]["state"] = "exhausted"
    st = act(activated(st, 0, "sakoshi"), 0, "end")
    assert st["outsider"]["holder"] == 0 and st["round"] == 3
    assert st["phase"] == "outsider" and RULES.active_players(st) == {0}
    assert all(i.startswith("outsider:place:") for i in ids(st, 0))


def test_R120_G18_damage_to_the_outsider_in_its_phase_gives_its_holder_a_reaction():
    """The holder activates the Outsider; an enemy hero answers with an instant that damages it;
    after that instant resolves, the holder's side acts once more with it against that hero."""
    st = hero_state({"yami": (0, "D5"), "akhuti": (0, "B6"), "sakoshi": (1, "D7"), "cotlic": (1, "L6")})
    st["outsider"]["holder"] = 0
    fx.stack_deck(st, 0, ["ignite", "ignite", "ignite"])
    fx.stack_deck(st, 1, ["ignite", "ignite", "ignite"])
    ambush = fx.give(st, 1, "ambush")
    flow.start_round(st, fx.events(st))
    st = act(st, 0, "outsider:place:F7,G7,G8")
    st = act(st, 0, "outsider:skill:skytear_pulse")
    assert f"play:sakoshi:{ambush}:outsider" in ids(st, 1), "the Outsider is an enemy of every side (R8)"
    st = act(st, 1, f"play:sakoshi:{ambush}:outsider")
    st = act(st, 0, "pass")
    assert st["outsider"]["hp"] < data.OUTSIDER["hp"]
    assert st["pending"]["kind"] == "reaction" and st["pending"]["seat"] == 0
    hp = st["heroes"]["sakoshi"]["hp"]
    st = act(st, 0, "react:attack:sakoshi")
    assert [e["do"] for e in st["stack"]] == ["outsider_skill", "attack"]
    st = pass_all(st)
    assert st["heroes"]["sakoshi"]["hp"] < hp
    assert st["activation"]["hero"] == "outsider" and st["activation"]["ap"] == 2, "a reaction costs no AP"


def test_R123_the_player_places_an_area_card_s_template_when_placements_hit_different_enemies():
    """Seed 004 gives the AoE placement to the player: Shuriken Storm (a line of 3 from Sakoshi)
    hits Cotlic and Tlakali one way or Yami the other. The player is asked (the most enemies
    first, the default when out of time); the other side sees only who is deciding; the chosen
    placement is hit."""
    def storm_cast():
        st = hero_state({"sakoshi": (0, "D5"), "akhuti": (0, "B6"), "cotlic": (1, "E5"), "tlakali": (1, "F5"),
                         "yami": (1, "C5")}, round_no=3)
        card = fx.give(st, 0, "shuriken_storm")
        fx.stack_deck(st, 0, ["ignite"])                 # the reveal: +1
        st = activated(st, 0, "sakoshi")
        st = act(st, 0, f"play:sakoshi:{card}")
        return pass_all(st)

    st = storm_cast()
    assert st["pending"]["kind"] == "aoe" and RULES.active_players(st) == {0}
    assert ids(st, 0) == ["aoe:0", "aoe:1"]
    labels = [str(a.label) for a in RULES.legal_actions(st, 0)]
    assert "Cotlic" in labels[0] and "Tlakali" in labels[0] and "Yami" in labels[1], labels
    assert RULES.timeout_action(st, 0) == "aoe:0" and RULES.timeout_action(st, 1) is None
    assert RULES.view(st, 1)["pending"] == {"kind": "aoe", "seat": 0, "hero": "sakoshi"}
    full = {h: st["heroes"][h]["hp"] for h in ("cotlic", "tlakali", "yami")}
    chosen = act(st, 0, "aoe:1")
    assert chosen["pending"] is None
    assert chosen["heroes"]["yami"]["hp"] < full["yami"]
    assert [chosen["heroes"][h]["hp"] for h in ("cotlic", "tlakali")] == [full["cotlic"], full["tlakali"]]
    default = act(st, 0, RULES.timeout_action(st, 0))
    assert default["heroes"]["yami"]["hp"] == full["yami"]
    assert all(default["heroes"][h]["hp"] < full[h] for h in ("cotlic", "tlakali"))
    check_cards_conserved(chosen)


def test_R123_no_question_when_every_placement_hits_the_same_or_less():
    """A placement hitting only part of what another hits is no choice: nothing is asked."""
    st = hero_state({"sakoshi": (0, "D5"), "akhuti": (0, "B6"), "cotlic": (1, "E5"), "tlakali": (1, "F5"),
                     "yami": (1, "L6")}, round_no=3)
    card = fx.give(st, 0, "shuriken_storm")
    fx.stack_deck(st, 0, ["ignite"])
    st = pass_all(act(activated(st, 0, "sakoshi"), 0, f"play:sakoshi:{card}"))
    assert not st.get("pending")
    assert st["heroes"]["cotlic"]["hp"] < data.hero("cotlic")["hp"]
