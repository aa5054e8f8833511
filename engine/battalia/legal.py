"""Enumerating legal actions per decision step. Card choices are left to the engine's auto-pay
(the slash-command layer may append explicit card ids instead, see the package docstring)."""
from __future__ import annotations

from itertools import combinations

from engine.base import Action

from . import battle as bt
from . import board, data, oracle, turns, words
from .actions import _can_pay, _horse_cards, _marker_class, _road_recipe, active_players
from .cards import (auto_pay, card, eff_type, faction, fresh, is_great, is_virtual, label, physical_deck,
                    playable_hand, printed_type, short, uses_left)


def legal_actions(state: dict, seat: int) -> list[Action]:
    if seat not in active_players(state):
        return []
    phase = state["phase"]
    if phase == "setup_faction":
        return [Action(f"faction:{f}", f"Play the {data.faction_name(f)}", "faction")
                for f in state["setup"]["factions_left"]]
    if phase == "setup_city":
        return [Action(f"startcity:{sq}", f"Start in the city at {sq}", "city")
                for sq, t in sorted(state["board"].items()) if t["kind"] == "city" and t["owner"] is None]
    if phase == "start":
        out = []
        extra, _ = turns.formation_extra(state, state["players"][seat]["hand"])
        if extra:
            out += _formation_actions(state, seat, extra)
        out.append(Action("redeploy", "Redeploy (discard the hand, draw 5)", "start"))
        out.append(Action("start", "Start the turn", "start"))
        return out
    if state["pending"]:
        return _pending_actions(state, seat)
    if state["battle"]:
        return _battle_actions(state, seat)
    return _turn_actions(state, seat)


def _formation_actions(state: dict, seat: int, extra: int) -> list[Action]:
    """R23: the declarer shows the Formation cards to at least one opponent of his choice: one action
    per non-empty set of opponents (plain `formation` when there is only one opponent)."""
    others = [o for o in range(state["n"]) if o != seat]
    if len(others) == 1:
        return [Action("formation", f"Declare a Formation (+{words.count(extra, 'card')}), "
                                    f"shown to Player {others[0] + 1}", "start")]
    out = []
    for k in range(1, len(others) + 1):
        for to in combinations(others, k):
            who = words.and_list([f"Player {o + 1}" for o in to])
            out.append(Action(f"formation:{','.join(map(str, to))}",
                              f"Declare a Formation (+{words.count(extra, 'card')}), shown to {who}", "start"))
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
    if kind == "place":
        info = state["terrain"][pend["tile"]]
        return [Action(f"place:{sq}:{rot}", f"Place on {sq}, rotation {rot}", "place")
                for sq, rot in board.legal_placements(state, seat, info["kind"], info["shape"])]
    if kind == "wild":
        return [Action(f"wild:{t}", f"Wild card counts as {words.a(t)}", "wild") for t in data.WILD_TYPES]
    if kind == "drop":
        return [Action(f"drop:{c}", f"Discard {label(state, c)} from Ambush", "drop") for c in p["ambush"]]
    if kind == "horn":
        reps = _kinds(state, sorted(p["realm"], key=lambda c: int(c[1:])))
        out = [Action("hornpick:none", "Take nothing", "horn")]
        out += [Action(f"hornpick:{c}", f"Take {label(state, c)}", "horn") for c in reps]
        if pend["max"] >= 2:
            for a, b in combinations(reps, 2):
                out.append(Action(f"hornpick:{a},{b}", f"Take {label(state, a)} and {label(state, b)}", "horn 2"))
            for c in reps:  # two cards of the same kind
                twin = next((d for d in p["realm"] if d != c and short(state, d) == short(state, c)), None)
                if twin:
                    out.append(Action(f"hornpick:{c},{twin}", f"Take two of {label(state, c)}", "horn 2"))
        return out
    if kind == "great":
        return [Action(f"great:{printed_type(state, c)}", f"Take {label(state, c)}", "great")
                for c in state["pool"]["great"]]
    return []


def _transform_actions(state: dict, seat: int, in_battle: bool) -> list[Action]:
    p = state["players"][seat]
    hand = playable_hand(state, seat)
    out = []
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
        for tg in _kinds(state, [c for c in targets if c != tool]):
            pt = printed_type(state, tg)
            where = " (battle line)" if tg in p["line"] else ""
            if t == "amulet":
                out.append(Action(f"amulet:{tool}:{tg}", f"Amulet on {label(state, tg)}{where}", "amulet"))
            elif t == "title" and pt in data.RANK and eff_type(state, tg) == pt and pt != "commander" \
                    and state["pool"]["units"][data.UNIT_TYPES[data.RANK[pt]]]:
                out.append(Action(f"title:{tool}:{tg}", f"Title on {label(state, tg)}{where}", "title"))
                if uses_left(state, tool) >= 2 and data.RANK[pt] <= 2 and state["pool"]["units"][data.UNIT_TYPES[data.RANK[pt] + 1]]:
                    out.append(Action(f"title:{tool}:{tg}:2", f"Title +2 ranks on {label(state, tg)}{where}", "title"))
            elif t == "scroll" and (pt in data.RANK or pt in data.ARTIFACT_TYPES) and eff_type(state, tg) == pt:
                facs = [p["faction"]] if in_battle else state["options"]["factions"]
                for f in facs:
                    if f != faction(state, tg):
                        out.append(Action(f"scroll:{tool}:{tg}:{f}", f"Scroll: {label(state, tg)} to {data.faction_name(f)}{where}", "scroll"))
        if t == "scroll" and not in_battle and printed_type(state, tool) == "scroll" and tool not in state["turn"]["transformed"]:
            for f in state["options"]["factions"]:
                if f != faction(state, tool):
                    out.append(Action(f"scroll:{tool}:self:{f}", f"Scroll changes itself to {data.faction_name(f)}", "scroll"))
    return out


def _battle_actions(state: dict, seat: int) -> list[Action]:
    b = state["battle"]
    p = state["players"][seat]
    out = []
    # R69 (seed: "while taking his actions, or when attacked"): both sides may strike their Tents during
    # the battle; the struck cards only matter when their owner plays cards, so offering it at each of the
    # owner's own steps gives every outcome "at any time" does
    tents = [Action(f"strike:{t['tent']}", f"Strike the Tent with {', '.join(label(state, c) for c in t['cards'])}", "tent")
             for t in p["tents"]]
    if b["stage"] == "decide":
        on_sq = bt.defender_heroes_on(state)
        amb = ["y", "n"] if p["ambush"] else ["n"]
        if b["target"] == "hero":
            hero_sets = [[b["attacked_hero"]]] + ([sorted(on_sq)] if len(on_sq) > 1 else [])
        else:
            hero_sets = [[]] + [[h] for h in on_sq] + ([sorted(on_sq)] if len(on_sq) > 1 else [])
        for a in amb:
            for hs in hero_sets:
                hs_txt = ",".join(str(h + 1) for h in hs) or "-"
                out.append(Action(f"fight:{a}:{hs_txt}",
                                  f"Fight back{' with Ambush cards' if a == 'y' else ''}, {_heroes_text(hs, 'no hero')}",
                                  "fight"))
        out.append(Action("surrender", "Surrender", "fight"))
        if b["target"] == "hero":
            sup = sum(1 for c in playable_hand(state, seat) if eff_type(state, c) == "supply")
            horse = bool(_horse_cards(state, seat))
            for sq, k in sorted(bt.retreat_options(state).items()):
                if sup >= k:
                    out.append(Action(f"retreat:{sq}:sup", f"Retreat to {sq} paying {k} Supply", "retreat"))
                if horse:
                    out.append(Action(f"retreat:{sq}:horse", f"Retreat to {sq} with a Horse", "retreat"))
        return out + tents
    attacking = seat == b["attacker"]
    cands = [c for c in playable_hand(state, seat) if bt.can_fight_with(state, c, attacking)]
    if b["stage"] == "opening" and not p["line"]:
        cands = [c for c in cands if bt.weapon_starter(state, c)]
    for c in _kinds(state, cands):
        if eff_type(state, c) in ("weapon", "horse") and uses_left(state, c) > 1:
            # R110, R112, R117: an illuminated Weapon/Horse doubles in one battle line, or forks
            out.append(Action(f"add:{c}:2", f"Add {label(state, c)} with both uses (+2)", "battle"))
            out.append(Action(f"add:{c}:1", f"Add {label(state, c)} with one use (+1), keep the other", "battle"))
            continue
        strength = uses_left(state, c) if eff_type(state, c) in ("weapon", "horse") else bt.battle_strength(state, c, attacking)
        out.append(Action(f"add:{c}", f"Add {label(state, c)} (+{strength})", "battle"))
    a, d = bt.totals(state)
    if b["changed"] and ((attacking and a > d) or (not attacking and d >= a)):
        out.append(Action("commit", f"Close the play ({a}:{d})", "battle"))
    if b["stage"] == "opening":
        out.append(Action("cancel", "Call off the attack", "battle"))
    else:
        out.append(Action("pass", f"Pass and end the battle ({a}:{d})", "battle"))
    return out + _transform_actions(state, seat, True) + tents


def _turn_actions(state: dict, seat: int) -> list[Action]:
    p = state["players"][seat]
    hand = playable_hand(state, seat)
    out: list[Action] = []
    cd = data.cards()
    for t in data.UNIT_TYPES:
        if state["pool"]["units"][t] and _can_pay(state, seat, {"supply": cd["units"][t]["hire"]}):
            top = state["pool"]["units"][t][0]
            out.append(Action(f"hire:{t}", f"Hire {words.a(t)} (top: {data.faction_name(faction(state, top))})", "hire"))
    matched = oracle.matched(state["round"])
    for t in data.ARTIFACT_TYPES:
        if state["pool"]["artifacts"][t] and _can_pay(state, seat, cd["artifacts"][t]["recipe"]):
            out.append(Action(f"craft:{t}", f"Craft {words.a(t)}", "craft"))
            if t == matched:
                for f in state["options"]["factions"]:
                    out.append(Action(f"craft:{t}:{f}", f"Craft {words.a(data.faction_name(f) + ' ' + t)} "
                                                         f"(matched artifact of the day)", "craft"))  # R108
    for shape in data.ROAD_SHAPES:
        if state["pool"]["roads"][shape] and _can_pay(state, seat, _road_recipe(shape)) \
                and board.legal_placements(state, seat, "road", shape, first_only=True):
            out.append(Action(f"road:{shape}", f"Build {words.a(words.shape_name(shape))} road", "build"))
    for level in range(1, 5):
        if p["markers"][_marker_class(level)] <= 0 or not _can_pay(state, seat, {data.UNIT_TYPES[level - 1]: 3}):
            continue
        for shape in data.CITY_SHAPES:
            if state["pool"]["cities"][shape] and board.legal_placements(state, seat, "city", shape, first_only=True):
                out.append(Action(f"city:{level}:{shape}", f"Build a level-{level} {words.shape_name(shape)} city",
                                  "build"))
    for sq in board.cities_of(state, seat):
        lv = state["board"][sq]["level"]
        if lv < 4 and _can_pay(state, seat, {data.UNIT_TYPES[lv]: 2}) and \
                (_marker_class(lv + 1) == _marker_class(lv) or p["markers"][_marker_class(lv + 1)] > 0):
            out.append(Action(f"upgrade:{sq}", f"Upgrade the city at {sq} to level {lv + 1}", "build"))
    if None in p["heroes"] and _can_pay(state, seat, {"weapon": 1, "supply": 2}):
        for sq in sorted(s for s in state["board"] if board.is_own_city(state, seat, s)):
            out.append(Action(f"hero:{sq}", f"Hire a hero at {sq}", "hero"))
    sup = sum(1 for c in hand if eff_type(state, c) == "supply")
    horses = [c for c in hand if eff_type(state, c) == "horse"]
    wings = any(printed_type(state, c) == "wings" for c in hand)
    for fig, here in enumerate(p["heroes"]):
        if here is None:
            continue
        for dest, (cost, _) in sorted(board.move_costs(state, seat, here).items()):
            if dest == here:
                continue
            if cost == 0:
                out.append(Action(f"move:{fig + 1}:{dest}:free", f"Hero {fig + 1} to {dest} (free)", "move"))
                continue
            if cost <= sup:
                out.append(Action(f"move:{fig + 1}:{dest}:sup", f"Hero {fig + 1} to {dest} for {cost} Supply", "move"))
            if horses and cost <= 3 * max(uses_left(state, h) for h in horses):
                out.append(Action(f"move:{fig + 1}:{dest}:horse", f"Hero {fig + 1} to {dest} by Horse", "move"))
        if wings:
            for dest in sorted(state["board"]):
                if dest != here and dest not in state["impassable"]:
                    out.append(Action(f"wings:{fig + 1}:{dest}", f"Fly hero {fig + 1} to {dest}", "wings"))
    # ambush (R28): one card in, another banished
    if len(p["ambush"]) < cd["ambush_slots"]["count"] and len(physical_deck(state, seat)) > cd["min_deck"]["count"]:
        fresh_all = [c for c in p["hand"] if fresh(state, c) and not is_virtual(c)]
        for a in _kinds(state, fresh_all):
            for b_ in _kinds(state, [c for c in fresh_all if c != a]):
                if not is_great(state, b_):
                    out.append(Action(f"ambush:{a}:{b_}", f"Ambush {label(state, a)}, banish {label(state, b_)}", "ambush"))
    # tents (R67)
    for tent in _kinds(state, [c for c in p["hand"] if eff_type(state, c) == "tent" and fresh(state, c) and not is_virtual(c)]):
        rest = [c for c in p["hand"] if c != tent and fresh(state, c) and not is_virtual(c) and not is_great(state, c)]
        for c in _kinds(state, rest):
            if auto_pay(state, seat, {"supply": 1}, exclude=(tent, c)):
                out.append(Action(f"tent:{tent}:{c}", f"Pitch a Tent with {label(state, c)}", "tent"))
    for t in p["tents"]:
        out.append(Action(f"strike:{t['tent']}", f"Strike the Tent with {', '.join(label(state, c) for c in t['cards'])}", "tent"))
    h = next((c for c in p["hand"] if printed_type(state, c) == "hammer" and fresh(state, c)), None)
    if h and not state["turn"]["hammer_role"]:
        for t in data.ARTIFACT_TYPES:
            out.append(Action(f"hammer:{t}", f"Use the Hammer of Strato as {words.a(t)}", "great"))
    if any(printed_type(state, c) == "horn" for c in hand):
        out.append(Action("horn", "Blow the Horn of Baldur", "great"))
    for sq, tile in sorted(state["board"].items()):
        if tile.get("owner") == "empty" and sq in p["heroes"] and p["markers"]["low"] > 0:
            out.append(Action(f"claim:{sq}", f"Claim the empty city at {sq}", "attack"))
    out += _transform_actions(state, seat, False)
    out += _attack_actions(state, seat)
    out.append(Action("end", "End the turn", "end"))
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
            for hs in hero_sets:
                hs_txt = ",".join(str(h + 1) for h in hs)
                out.append(Action(f"attack:{sq}:{tgt}:{hs_txt}", f"Attack {what} at {sq} with {_heroes_text(hs)}",
                                  "attack"))
    return out
