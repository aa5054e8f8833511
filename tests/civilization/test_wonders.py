"""Wonder abilities (engine/civilization/wonders.py) at their phases (R10), obsolete wonders (R93,
T51, G34) and blockaded wonders (R96)."""
from __future__ import annotations

from engine.civilization import cities, combat, economy, effects, research, wonders

from .fixtures import act, blank, city, field, figure, ids




def build(state, seat, wonder, where):
    state["wonders_at"][where] = {"id": wonder, "owner": seat}
    state["seats"][seat]["wonders"].append(wonder)


def base(monkeypatch, phase="start"):
    state = field(monkeypatch, blank(), phase=phase)
    capital = city(state, 0, "C3", capital=True)
    return state, capital


# ---------------------------------------------------------------- Start of Turn (R10)

def test_r10_colossus_stonehenge_louvre_work_at_the_start_of_the_turn(monkeypatch):
    state, _ = base(monkeypatch)
    build(state, 0, "colossus", "B2")
    build(state, 0, "stonehenge", "B3")
    state["seats"][1]["wonders"].append("louvre")
    state["wonders_at"]["G7"] = {"id": "louvre", "owner": 1}
    trade, c0, c1 = state["seats"][0]["trade"], state["seats"][0]["culture_tokens"], state["seats"][1]["culture_tokens"]
    wonders.start_of_turn(state)
    assert state["seats"][0]["trade"] == trade + 3                       # Colossus
    assert state["seats"][0]["culture_tokens"] == c0 + 1                 # Stonehenge
    assert state["seats"][1]["culture_tokens"] == c1 + 3                 # The Louvre


def test_panama_canal_puts_a_coin_on_the_wonder_each_turn(monkeypatch):
    state, _ = base(monkeypatch)
    build(state, 0, "panama_canal", "B2")
    coins = economy.coins(state, 0)
    wonders.start_of_turn(state)
    wonders.start_of_turn(state)
    assert state["wonders_at"]["B2"]["coins"] == 2 and economy.coins(state, 0) == coins + 2


def test_big_ben_takes_one_of_each_market_resource(monkeypatch):
    state, _ = base(monkeypatch)
    build(state, 0, "big_ben", "B2")
    state["decks"]["resources"]["wheat"] = 0
    state["seats"][0]["resources"] = []
    wonders.start_of_turn(state)
    assert sorted(state["seats"][0]["resources"]) == ["incense", "iron", "silk"]


def test_hanging_gardens_builds_a_free_figure_on_its_square_once_a_turn(monkeypatch):
    state, _ = base(monkeypatch)
    build(state, 0, "hanging_gardens", "B2")
    assert {"wonder:hanging_gardens:army", "wonder:hanging_gardens:scout"} <= set(ids(state))
    state = act(state, 0, "wonder:hanging_gardens:army")
    assert [f["kind"] for f in state["figures"] if (f["x"], f["y"]) == (1, 1)] == ["army"]
    assert not any(i.startswith("wonder:") for i in ids(state))


def test_statue_of_liberty_learns_a_tech_another_player_knows(monkeypatch):
    state, _ = base(monkeypatch)
    build(state, 0, "statue_of_liberty", "B2")
    state["seats"][1]["techs"].append({"id": "pottery", "row": 1})
    assert "wonder:statue_of_liberty:pottery" in ids(state)
    state = act(state, 0, "wonder:statue_of_liberty:pottery")
    assert research.knows(state, 0, "pottery")


# ---------------------------------------------------------------- other phases

def test_chichen_itza_gives_every_city_3_production(monkeypatch):
    state, capital = base(monkeypatch, "city")
    other = city(state, 0, "G7")
    before = [cities.production(state, 0, c) for c in (capital, other)]
    build(state, 0, "chichen_itza", "B2")
    assert [cities.production(state, 0, c) for c in (capital, other)] == [b + 3 for b in before]


def test_angkor_wat_harvests_twice_once_a_turn(monkeypatch):
    grid = blank()
    grid[1][1] = "D T1 Silk"
    state = field(monkeypatch, grid, phase="city")
    capital = city(state, 0, "C3", capital=True)
    build(state, 0, "angkor_wat", "D4")
    state["seats"][0]["resources"] = []
    state = act(state, 0, f"harvest2:{capital['id']}:silk:silk")
    assert state["seats"][0]["resources"] == ["silk", "silk"]
    assert not any(i.startswith("harvest2") for i in ids(state))


def test_himeji_gives_every_unit_1_strength_in_battle(monkeypatch):
    state = field(monkeypatch, blank(), phase="movement")
    figure(state, 1, "army", "B3")
    figure(state, 0, "army", "B3")
    build(state, 0, "himeji", "H8")
    combat.start_battle(state, 0, "B3", "figures")
    b = state["battle"]
    card = state["seats"][0]["standing_forces"][0] if state["seats"][0]["standing_forces"] else b["hands"]["attacker"][0]
    assert combat._strength(b, "attacker", card) == combat.strength(card, b["ranks"]["attacker"].get(combat.card_type(card), 1)) + 1
    assert b["extra_strength"] == {"attacker": 1, "defender": 0}


def test_porcelain_tower_lowers_the_research_threshold_by_5(monkeypatch):
    state, _ = base(monkeypatch, "research")
    state["seats"][0]["trade"] = 6
    assert not research.can_research(state, 0, "monarchy") or research.need(state, 0, "monarchy") == 11
    build(state, 0, "porcelain_tower", "B2")
    assert research.need(state, 0, "monarchy") == 6 and research.need(state, 0, "pottery") == 1


def test_kremlin_spends_two_resources_in_place_of_a_spy_once_a_turn(monkeypatch):
    state, _ = base(monkeypatch, "city")
    state["seats"][0]["resources"] = ["iron", "iron", "silk", "wheat"]
    assert not effects.can_pay(state, 0, {"spy": 1})
    build(state, 0, "kremlin", "B2")
    assert effects.can_pay(state, 0, {"spy": 1})
    assert sorted(effects.pay(state, 0, {"spy": 1})) == ["iron", "iron"]
    assert not effects.can_pay(state, 0, {"spy": 1})                     # once a turn
    wonders.start_of_turn(state)
    assert effects.can_pay(state, 0, {"spy": 1})


# ---------------------------------------------------------------- obsolete (R93, T51, G34), blockaded (R96)

def test_t51_r93_g34_an_obsolete_stonehenge_loses_its_ability_but_keeps_its_culture(monkeypatch):
    state, capital = base(monkeypatch, "city")
    build(state, 0, "stonehenge", "B2")
    culture = economy.city_icons(state, capital)["culture"]
    assert wonders.obsoletable(state, ("ancient",)) == ["B2"]
    wonders.make_obsolete(state, "B2")
    assert state["wonders_at"]["B2"]["obsolete"] and "B2" in state["wonders_at"]      # the marker stays
    assert wonders.obsoletable(state, ("ancient", "medieval")) == []
    tokens = state["seats"][0]["culture_tokens"]
    wonders.start_of_turn(state)
    assert state["seats"][0]["culture_tokens"] == tokens                 # no ability
    assert economy.city_icons(state, capital)["culture"] == culture      # its culture still counts for arts
    state = act(state, 0, f"arts:{capital['id']}")
    assert state["seats"][0]["culture_tokens"] == tokens + 1 + culture


def test_r96_a_blockaded_wonder_neither_works_nor_gives_culture(monkeypatch):
    state, capital = base(monkeypatch)
    build(state, 0, "stonehenge", "B2")
    build(state, 0, "colossus", "D4")
    figure(state, 1, "scout", "B2")
    tokens, trade = state["seats"][0]["culture_tokens"], state["seats"][0]["trade"]
    wonders.start_of_turn(state)
    assert state["seats"][0]["culture_tokens"] == tokens                 # Stonehenge blockaded
    assert state["seats"][0]["trade"] == trade + 3                       # the Colossus is not
    assert (1, 1) not in economy.working_squares(state, capital)         # its culture is not collected
