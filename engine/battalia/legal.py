"""Enumerating legal actions per decision step, each with its path (see paths.py). Card choices
are left to the engine's auto-pay (a player may append explicit card ids instead: paths.pay_with)."""
from __future__ import annotations

from itertools import combinations

from engine.base import Action, Choice

from . import battle as bt
from . import board, data, oracle, turns, words
from . import paths as P
from .actions import _can_pay, _horse_cards, _marker_class, _road_recipe, active_players
from .cards import (auto_pay, card, eff_type, faction, fresh, is_great, is_virtual, label, name, physical_deck,
                    playable_hand, printed_type, short, uses_left)


def legal_actions(state: dict, seat: int) -> list[Action]:
    if seat not in active_players(state):
        return []
    phase = state["phase"]
    if phase == "setup_faction":
        factions = data.cards()["factions"]
        return [Action(f"faction:{f}", f"Play the {data.faction_name(f)}", "faction",
                       (P.FACTION, Choice(f, data.faction_name(f), f"Home terrain: {factions[f]['terrain']}")))
                for f in state["setup"]["factions_left"]]
    if phase == "setup_city":
        return [Action(f"startcity:{sq}", f"Start in the city at {sq}", "city",
                       (P.START_CITY, Choice(sq, sq, _terrain_text(t))))
                for sq, t in sorted(state["board"].items()) if t["kind"] == "city" and t["owner"] is None]
    if phase == "start":
        out = []
        extra, _ = turns.formation_extra(state, state["players"][seat]["hand"])
        if extra:
            out += _formation_actions(state, seat, extra)
        out.append(Action("redeploy", "Redeploy (discard the hand, draw 5)", "start", (P.TURN, P.REDEPLOY)))
        out.append(Action("start", "Start the turn", "start", (P.TURN, P.START)))
        return out
    if state["pending"]:
        return _pending_actions(state, seat)
    if state["battle"]:
        return _battle_actions(state, seat)
    return _turn_actions(state, seat)


def _terrain_text(tile: dict) -> str:
    t = tile.get("terrain")
    return f"{data.cards()['factions'][t]['terrain']} terrain" if t else ""


def _formation_actions(state: dict, seat: int, extra: int) -> list[Action]:
    """R23: the declarer shows the Formation cards to at least one opponent of his choice: one action
    per non-empty set of opponents (plain `formation` when there is only one opponent)."""
    others = [o for o in range(state["n"]) if o != seat]
    more = f"Draw {words.count(extra, 'extra card')}"
    if len(others) == 1:
        step = Choice("formation", "Declare a Formation", f"{more}; Player {others[0] + 1} sees the cards")
        return [Action("formation", f"Declare a Formation (+{words.count(extra, 'card')}), "
                                    f"shown to Player {others[0] + 1}", "start", (P.TURN, step))]
    step = Choice("formation", "Declare a Formation", f"{more}; the opponents you pick see the cards")
    out = []
    for k in range(1, len(others) + 1):
        for to in combinations(others, k):
            who = P.seats_text(to)
            arg = ",".join(map(str, to))
            out.append(Action(f"formation:{arg}",
                              f"Declare a Formation (+{words.count(extra, 'card')}), shown to {who}", "start",
                              (P.TURN, step, Choice(arg, P.fit(f"Show them to {who}")))))
    return out


def _kinds(state: dict, ids: list[str]) -> list[str]:
    """One representative id per (type, faction, use state) so lists stay short."""
    seen, out = set(), []
    for c in ids:
        key = (short(state, c), eff_type(state, c), is_virtual(c), c in state["turn"]["transformed"], uses_left(state, c))
        if key not in seen:
            seen.add(key)
            out.append(c)
    return out


def _pending_actions(state: dict, seat: int) -> list[Action]:
    pend = state["pending"]
    kind = pend["kind"]
    p = state["players"][seat]
    cards = P.Cards(state)
    if kind == "place":
        info = state["terrain"][pend["tile"]]
        spots = board.legal_placements(state, seat, info["kind"], info["shape"])
        ways: dict[str, int] = {}
        for sq, _ in spots:
            ways[sq] = ways.get(sq, 0) + 1
        level = f"level-{pend['level']} " if pend.get("level") else ""
        on = f" on {_terrain_text(info)}" if info["terrain"] else ""
        step = Choice(P.PLACE, "Place the card",
                      P.fit(f"The {level}{words.shape_name(info['shape'])} {info['kind']} you drew{on}"))
        rotations = {r: P.rotation_choice(info["kind"], info["shape"], r) for r in range(4)}
        squares = {sq: Choice(sq, sq, "1 way round" if k == 1 else f"{k} ways round") for sq, k in ways.items()}
        return [Action(f"place:{sq}:{rot}", f"Place on {sq}, rotation {rot}", "place",
                       (step, squares[sq], rotations[rot])) for sq, rot in spots]
    if kind == "wild":
        step = Choice(P.CHOOSE, "Choose what the wild card counts as",
                      P.fit(f"For {cards.label(pend['card'])}, this turn"))
        return [Action(f"wild:{t}", f"Wild card counts as {words.a(t)}", "wild", (step, Choice(t, t.capitalize())))
                for t in data.WILD_TYPES]
    if kind == "drop":
        step = Choice(P.CHOOSE, "Choose the Ambush card to discard",
                      P.fit(f"{cards.label(pend['card'])} takes its slot"))
        return [Action(f"drop:{c}", f"Discard {cards.label(c)} from Ambush", "drop", (step, cards(c)))
                for c in p["ambush"]]
    if kind == "horn":
        step = Choice(P.CHOOSE, f"Take up to {words.count(pend['max'], 'card')} from your Realm",
                      "The Realm is shuffled afterwards")
        reps = _kinds(state, sorted(p["realm"], key=lambda c: int(c[1:])))
        out = [Action("hornpick:none", "Take nothing", "horn", (step, P.HORN_NONE))]
        out += [Action(f"hornpick:{c}", f"Take {cards.label(c)}", "horn", (step, cards(c), P.HORN_ONLY)) for c in reps]
        if pend["max"] >= 2:
            for a, b in combinations(reps, 2):
                out.append(Action(f"hornpick:{a},{b}", f"Take {cards.label(a)} and {cards.label(b)}", "horn 2",
                                  (step, cards(a), cards(b, "And "))))
            for c in reps:  # two cards of the same kind
                twin = next((d for d in p["realm"] if d != c and short(state, d) == short(state, c)), None)
                if twin:
                    out.append(Action(f"hornpick:{c},{twin}", f"Take two of {cards.label(c)}", "horn 2",
                                      (step, cards(c), cards(twin, "And "))))
        return out
    if kind == "great":
        step = Choice(P.CHOOSE, "Choose a Great Artifact", "It is yours for the rest of the game")
        out = []
        for c in state["pool"]["great"]:
            t = printed_type(state, c)
            out.append(Action(f"great:{t}", f"Take {cards.label(c)}", "great",
                              (step, Choice(t, P.fit(name(state, c)), P.GREAT_HINTS.get(t, "")))))
        return out
    return []


def _transform_actions(state: dict, seat: int, in_battle: bool, cards: P.Cards) -> list[Action]:
    p = state["players"][seat]
    hand = playable_hand(state, seat)
    out = []
    factions = {f: Choice(f, data.faction_name(f)) for f in state["options"]["factions"]}
    targets = [c for c in p["hand"] if fresh(state, c) and not is_great(state, c) and not is_virtual(c)
               and c not in state["turn"]["transformed"]]
    if in_battle:
        attacking = seat == state["battle"]["attacker"]
        targets = [c for c in targets if bt.can_fight_with(state, c, attacking)]
        targets += [c for c in p["line"] if not is_great(state, c) and not is_virtual(c)
                    and c not in state["turn"]["transformed"]]
    for tool in _kinds(state, [c for c in hand if eff_type(state, c) in data.TRANSFORMERS]):
        if in_battle and card(state, tool)["t"] == "hammer":
            continue
        t = eff_type(state, tool)
        verb = {"amulet": P.AMULET, "title": P.TITLE, "scroll": P.SCROLL}[t]
        tool_step = cards(tool)
        for tg in _kinds(state, [c for c in targets if c != tool]):
            pt = printed_type(state, tg)
            where = " (battle line)" if tg in p["line"] else ""
            target = cards(tg, suffix=where)
            named = cards.label(tg) + where
            head = (P.ARTIFACTS, verb, tool_step, target)
            if t == "amulet":
                out.append(Action(f"amulet:{tool}:{tg}", f"Amulet on {named}", "amulet", head))
            elif t == "title" and pt in data.RANK and eff_type(state, tg) == pt and pt != "commander" \
                    and state["pool"]["units"][data.UNIT_TYPES[data.RANK[pt]]]:
                up = data.UNIT_TYPES[data.RANK[pt]]
                out.append(Action(f"title:{tool}:{tg}", f"Title on {named}", "title",
                                  head + (Choice("1", "One rank", f"To {words.a(up.capitalize())}"),)))
                if uses_left(state, tool) >= 2 and data.RANK[pt] <= 2 \
                        and state["pool"]["units"][data.UNIT_TYPES[data.RANK[pt] + 1]]:
                    up2 = data.UNIT_TYPES[data.RANK[pt] + 1]
                    out.append(Action(f"title:{tool}:{tg}:2", f"Title +2 ranks on {named}", "title",
                                      head + (Choice("2", "Two ranks",
                                                     f"To {words.a(up2.capitalize())}; both uses of the Title"),)))
            elif t == "scroll" and (pt in data.RANK or pt in data.ARTIFACT_TYPES) and eff_type(state, tg) == pt:
                facs = [p["faction"]] if in_battle else state["options"]["factions"]
                for f in facs:
                    if f != faction(state, tg):
                        out.append(Action(f"scroll:{tool}:{tg}:{f}",
                                          f"Scroll: {named} to {data.faction_name(f)}", "scroll",
                                          head + (factions[f],)))
        if t == "scroll" and not in_battle and printed_type(state, tool) == "scroll" \
                and tool not in state["turn"]["transformed"]:
            for f in state["options"]["factions"]:
                if f != faction(state, tool):
                    out.append(Action(f"scroll:{tool}:self:{f}", f"Scroll changes itself to {data.faction_name(f)}",
                                      "scroll", (P.ARTIFACTS, verb, tool_step, P.SCROLL_SELF, factions[f])))
    return out


def _battle_actions(state: dict, seat: int) -> list[Action]:
    b = state["battle"]
    p = state["players"][seat]
    cards = P.Cards(state)
    out = []
    # R69 (seed: "while taking his actions, or when attacked"): both sides may strike their Tents during
    # the battle; the struck cards only matter when their owner plays cards, so offering it at each of the
    # owner's own steps gives every outcome "at any time" does
    tents = _strike_actions(state, seat, cards)
    if b["stage"] == "decide":
        on_sq = bt.defender_heroes_on(state)
        amb = ["y", "n"] if p["ambush"] else ["n"]
        if b["target"] == "hero":
            hero_sets = [[b["attacked_hero"]]] + ([sorted(on_sq)] if len(on_sq) > 1 else [])
        else:
            hero_sets = [[]] + [[h] for h in on_sq] + ([sorted(on_sq)] if len(on_sq) > 1 else [])
        pick_up = {"y": P.AMBUSH_YES, "n": Choice("n", "Leave your Ambush cards" if p["ambush"] else "No Ambush cards",
                                                  "They stay where they are" if p["ambush"] else "")}
        for a in amb:
            for hs in hero_sets:
                hs_txt = ",".join(str(h + 1) for h in hs) or "-"
                out.append(Action(f"fight:{a}:{hs_txt}",
                                  f"Fight back{' with Ambush cards' if a == 'y' else ''}, {_heroes_text(hs, 'no hero')}",
                                  "fight", (P.FIGHT, pick_up[a], Choice(hs_txt if hs else "none", P.heroes_text(hs)))))
        out.append(Action("surrender", "Surrender", "fight", (P.SURRENDER,)))
        if b["target"] == "hero":
            sup = sum(1 for c in playable_hand(state, seat) if eff_type(state, c) == "supply")
            horse = bool(_horse_cards(state, seat))
            for sq, k in sorted(bt.retreat_options(state).items()):
                dest = Choice(sq, sq, words.count(k, "square"))
                if sup >= k:
                    out.append(Action(f"retreat:{sq}:sup", f"Retreat to {sq} paying {k} Supply", "retreat",
                                      (P.RETREAT, dest, Choice("sup", P.PAYMENT["sup"], f"{k} Supply"))))
                if horse:
                    out.append(Action(f"retreat:{sq}:horse", f"Retreat to {sq} with a Horse", "retreat",
                                      (P.RETREAT, dest, Choice("horse", P.PAYMENT["horse"], "One use of a Horse"))))
        return out + tents
    attacking = seat == b["attacker"]
    cands = [c for c in playable_hand(state, seat) if bt.can_fight_with(state, c, attacking)]
    if b["stage"] == "opening" and not p["line"]:
        cands = [c for c in cands if bt.weapon_starter(state, c)]
    for c in _kinds(state, cands):
        if eff_type(state, c) in ("weapon", "horse") and uses_left(state, c) > 1:
            # R110, R112, R117: an illuminated Weapon/Horse doubles in one battle line, or forks
            card_step = cards(c, description="Illuminated: +2, or +1 and keep a use")
            out.append(Action(f"add:{c}:2", f"Add {label(state, c)} with both uses (+2)", "battle",
                              (P.ADD, card_step, Choice("2", "Both uses (+2)"))))
            out.append(Action(f"add:{c}:1", f"Add {label(state, c)} with one use (+1), keep the other", "battle",
                              (P.ADD, card_step, Choice("1", "One use (+1)", "Keep the other use for later"))))
            continue
        strength = uses_left(state, c) if eff_type(state, c) in ("weapon", "horse") else bt.battle_strength(state, c, attacking)
        out.append(Action(f"add:{c}", f"Add {label(state, c)} (+{strength})", "battle",
                          (P.ADD, cards(c, description=f"+{strength}"))))
    a, d = bt.totals(state)
    totals = f"Attacker {a}, defender {d}"
    if b["changed"] and ((attacking and a > d) or (not attacking and d >= a)):
        out.append(Action("commit", f"Close the play ({a}:{d})", "battle",
                          (Choice("commit", "Close your play", totals),)))
    if b["stage"] == "opening":
        out.append(Action("cancel", "Call off the attack", "battle", (P.CANCEL,)))
    else:
        out.append(Action("pass", f"Pass and end the battle ({a}:{d})", "battle",
                          (Choice("pass", "Pass: the battle ends", totals),)))
    return out + _transform_actions(state, seat, True, cards) + tents


def _strike_actions(state: dict, seat: int, cards: P.Cards) -> list[Action]:
    out = []
    for t in state["players"][seat]["tents"]:
        held = ", ".join(cards.label(c) for c in t["cards"])
        out.append(Action(f"strike:{t['tent']}", f"Strike the Tent with {held}", "tent",
                          (P.ARTIFACTS, P.STRIKE, cards(t["tent"], description=f"With {held}"))))
    return out


def _turn_actions(state: dict, seat: int) -> list[Action]:
    p = state["players"][seat]
    hand = playable_hand(state, seat)
    cards = P.Cards(state)
    out: list[Action] = []
    cd = data.cards()
    for t in data.UNIT_TYPES:
        if state["pool"]["units"][t] and _can_pay(state, seat, {"supply": cd["units"][t]["hire"]}):
            top = data.faction_name(faction(state, state["pool"]["units"][t][0]))
            out.append(Action(f"hire:{t}", f"Hire {words.a(t)} (top: {top})", "hire",
                              (P.ACQUIRE, P.HIRE, Choice(t, t.capitalize(),
                                                         f"{cd['units'][t]['hire']} Supply; the top card is {top}"))))
    matched = oracle.matched(state["round"])
    for t in data.ARTIFACT_TYPES:
        recipe = cd["artifacts"][t]["recipe"]
        if state["pool"]["artifacts"][t] and _can_pay(state, seat, recipe):
            price = P.cost_text(recipe)
            out.append(Action(f"craft:{t}", f"Craft {words.a(t)}", "craft",
                              (P.ACQUIRE, P.CRAFT, Choice(t, t.capitalize(), price))))
            if t == matched:
                for f in state["options"]["factions"]:
                    out.append(Action(f"craft:{t}:{f}", f"Craft {words.a(data.faction_name(f) + ' ' + t)} "
                                                         f"(matched artifact of the day)", "craft",  # R108
                                      (P.ACQUIRE, P.CRAFT,
                                       Choice(f"{t}-{f}", f"{data.faction_name(f)} {t.capitalize()}",
                                              f"Matched artifact of the day: {price}"))))
    for shape in data.ROAD_SHAPES:
        if state["pool"]["roads"][shape] and _can_pay(state, seat, _road_recipe(shape)) \
                and board.legal_placements(state, seat, "road", shape, first_only=True):
            out.append(Action(f"road:{shape}", f"Build {words.a(words.shape_name(shape))} road", "build",
                              (P.BUILD, P.ROAD, P.road_choice(shape, _road_recipe(shape)))))
    for level in range(1, 5):
        if p["markers"][_marker_class(level)] <= 0 or not _can_pay(state, seat, {data.UNIT_TYPES[level - 1]: 3}):
            continue
        level_step = Choice(str(level), f"Level {level}", P.cost_text({data.UNIT_TYPES[level - 1]: 3}))
        for shape in data.CITY_SHAPES:
            if state["pool"]["cities"][shape] and board.legal_placements(state, seat, "city", shape, first_only=True):
                out.append(Action(f"city:{level}:{shape}", f"Build a level-{level} {words.shape_name(shape)} city",
                                  "build", (P.BUILD, P.CITY, level_step, P.city_shape_choice(shape))))
    for sq in board.cities_of(state, seat):
        lv = state["board"][sq]["level"]
        if lv < 4 and _can_pay(state, seat, {data.UNIT_TYPES[lv]: 2}) and \
                (_marker_class(lv + 1) == _marker_class(lv) or p["markers"][_marker_class(lv + 1)] > 0):
            out.append(Action(f"upgrade:{sq}", f"Upgrade the city at {sq} to level {lv + 1}", "build",
                              (P.BUILD, P.UPGRADE, Choice(sq, sq, f"Level {lv} to {lv + 1}: "
                                                                  f"{P.cost_text({data.UNIT_TYPES[lv]: 2})}"))))
    if None in p["heroes"] and _can_pay(state, seat, {"weapon": 1, "supply": 2}):
        for sq in sorted(s for s in state["board"] if board.is_own_city(state, seat, s)):
            out.append(Action(f"hero:{sq}", f"Hire a hero at {sq}", "hero",
                              (P.HEROES, P.HERO_HIRE, Choice(sq, sq, _own_city_text(state["board"][sq])))))
    sup = sum(1 for c in hand if eff_type(state, c) == "supply")
    horses = [c for c in hand if eff_type(state, c) == "horse"]
    wings = any(printed_type(state, c) == "wings" for c in hand)
    for fig, here in enumerate(p["heroes"]):
        if here is None:
            continue
        move = Choice(f"move-{fig + 1}", f"Move hero {fig + 1}", f"Along roads from {here}")
        for dest, (cost, route) in sorted(board.move_costs(state, seat, here).items()):
            if dest == here:
                continue
            far = words.count(len(route) - 1, "square")
            to = Choice(dest, dest, far if cost in (0, len(route) - 1) else f"{far}, {cost} to pay")
            if cost == 0:
                out.append(Action(f"move:{fig + 1}:{dest}:free", f"Hero {fig + 1} to {dest} (free)", "move",
                                  (P.HEROES, move, to, P.FREE)))
                continue
            if cost <= sup:
                out.append(Action(f"move:{fig + 1}:{dest}:sup", f"Hero {fig + 1} to {dest} for {cost} Supply", "move",
                                  (P.HEROES, move, to, Choice("sup", P.PAYMENT["sup"], f"{cost} Supply"))))
            if horses and cost <= 3 * max(uses_left(state, h) for h in horses):
                out.append(Action(f"move:{fig + 1}:{dest}:horse", f"Hero {fig + 1} to {dest} by Horse", "move",
                                  (P.HEROES, move, to, Choice("horse", P.PAYMENT["horse"], "3 squares per use"))))
        if wings:
            fly = Choice(f"wings-{fig + 1}", f"Fly hero {fig + 1}",
                         f"Wings of Aviena: from {here} to any card on the board")
            for dest in sorted(state["board"]):
                if dest != here and dest not in state["impassable"]:
                    out.append(Action(f"wings:{fig + 1}:{dest}", f"Fly hero {fig + 1} to {dest}", "wings",
                                      (P.HEROES, fly, Choice(dest, dest))))
    # ambush (R28): one card in, another banished
    if len(p["ambush"]) < cd["ambush_slots"]["count"] and len(physical_deck(state, seat)) > cd["min_deck"]["count"]:
        fresh_all = [c for c in p["hand"] if fresh(state, c) and not is_virtual(c)]
        for a in _kinds(state, fresh_all):
            hidden = cards(a, description="Goes face down into Ambush")
            for b_ in _kinds(state, [c for c in fresh_all if c != a]):
                if not is_great(state, b_):
                    out.append(Action(f"ambush:{a}:{b_}", f"Ambush {cards.label(a)}, banish {cards.label(b_)}",
                                      "ambush", (P.ARTIFACTS, P.AMBUSH, hidden, cards(b_, "Banish "))))
    # tents (R67)
    for tent in _kinds(state, [c for c in p["hand"] if eff_type(state, c) == "tent" and fresh(state, c) and not is_virtual(c)]):
        rest = [c for c in p["hand"] if c != tent and fresh(state, c) and not is_virtual(c) and not is_great(state, c)]
        for c in _kinds(state, rest):
            if auto_pay(state, seat, {"supply": 1}, exclude=(tent, c)):
                out.append(Action(f"tent:{tent}:{c}", f"Pitch a Tent with {cards.label(c)}", "tent",
                                  (P.ARTIFACTS, P.TENT, cards(tent), cards(c, "Station "))))
    out += _strike_actions(state, seat, cards)
    h = next((c for c in p["hand"] if printed_type(state, c) == "hammer" and fresh(state, c)), None)
    if h and not state["turn"]["hammer_role"]:
        for t in data.ARTIFACT_TYPES:
            out.append(Action(f"hammer:{t}", f"Use the Hammer of Strato as {words.a(t)}", "great",
                              (P.ARTIFACTS, P.HAMMER, Choice(t, f"As {words.a(t.capitalize())}"))))
    if any(printed_type(state, c) == "horn" for c in hand):
        out.append(Action("horn", "Blow the Horn of Baldur", "great", (P.ARTIFACTS, P.HORN)))
    for sq, tile in sorted(state["board"].items()):
        if tile.get("owner") == "empty" and sq in p["heroes"] and p["markers"]["low"] > 0:
            out.append(Action(f"claim:{sq}", f"Claim the empty city at {sq}", "attack",
                              (P.HEROES, P.CLAIM, Choice(sq, sq, "Your hero stands there"))))
    out += _transform_actions(state, seat, False, cards)
    out += _attack_actions(state, seat)
    out.append(Action("end", "End the turn", "end", (P.END,)))
    return out


def _heroes_text(figs: list[int], none: str = "no hero") -> str:
    """"hero 1", "heroes 1 and 2" (figures are 0-based)."""
    if not figs:
        return none
    return f"{words.plural(len(figs), 'hero')} {words.and_list([str(f + 1) for f in figs])}"


def _attack_actions(state: dict, seat: int) -> list[Action]:
    p = state["players"][seat]
    if not any(bt.weapon_starter(state, c) for c in playable_hand(state, seat)):
        return []
    out = []
    squares = sorted({h for h in p["heroes"] if h})
    for sq in squares:
        figs = [i for i, h in enumerate(p["heroes"]) if h == sq]
        hero_sets = [[f] for f in figs] + ([figs] if len(figs) > 1 else [])
        tile = state["board"][sq]
        targets = []
        if tile["kind"] == "city" and isinstance(tile.get("owner"), int) and tile["owner"] != seat:
            targets.append(("city", f"the city of Player {tile['owner'] + 1}"))
        if tile["kind"] == "city" and tile.get("owner") == "neutral" and not (
                state["options"]["variant"] == "scenario2" and p["neutral_taken"] >= 1):
            targets.append(("neutral", "the neutral city"))
        if tile["kind"] == "ruins" and state["options"]["variant"] != "scenario2" and p["great"] is None \
                and state["pool"]["great"]:
            targets.append(("ruins", "the Ruins guardians"))
        for o in range(state["n"]):
            if o != seat and sq in state["players"][o]["heroes"] and not (
                    tile["kind"] == "city" and tile.get("owner") == o):
                targets.append((f"p{o}", f"the hero of Player {o + 1}"))
        for tgt, what in targets:
            target = Choice(f"{sq}-{tgt}", P.fit(f"{what[:1].upper()}{what[1:]} at {sq}"),
                            _defence_text(state, sq, tgt))
            for hs in hero_sets:
                hs_txt = ",".join(str(h + 1) for h in hs)
                out.append(Action(f"attack:{sq}:{tgt}:{hs_txt}", f"Attack {what} at {sq} with {_heroes_text(hs)}",
                                  "attack", (P.HEROES, P.ATTACK, target, Choice(hs_txt, P.heroes_text(hs)))))
    return out


def _own_city_text(tile: dict) -> str:
    # G26c: in scenario 2 the Ruins work as every player's city
    return f"Your level-{tile['level']} city" if tile["kind"] == "city" else "The Ruins"


def _defence_text(state: dict, sq: str, target: str) -> str:
    """The defence of a neutral city or the Ruins (R103, R105), the level of a player's city."""
    tile = state["board"][sq]
    if target in ("neutral", "ruins") and tile.get("defence"):
        return f"Defence {tile['defence']}"
    if target == "city":
        return f"Level-{tile['level']} city"
    return ""
