"""Enumerating legal actions per decision step, each with its path (see paths.py). Card choices
are left to the engine's auto-pay (a player may append explicit card ids instead: paths.pay_with)."""
from __future__ import annotations

from itertools import combinations

from engine.base import Action, Choice, copy_state, fit_choice
from engine.text import Msg, Seat, plural

from . import battle as bt
from . import board, data, oracle, turns
from . import paths as P
from .actions import _horse_cards, _marker_class, _road_recipe, active_players, horse_for
from .words import a_card, all_of
from .cards import (auto_pay, card, eff_type, faction, fresh, is_great, is_virtual, label, max_uses, name,
                    physical_deck, playable_hand, printed_type, short, uses_left)


def is_listed(state: dict, seat: int, action_id: str) -> bool:
    """Whether `action_id` may be stored as `seat`'s move now: one of the legal ids exactly, or a
    listed paid move with the cards that pay it (its last part) replaced by other cards the player
    names (paths.pay_with: distinct card ids; the cards themselves are checked when it is played).
    Nothing else: no other order, spacing or spelling of a listed id, and no part the list lacks."""
    legal = {a.id for a in legal_actions(state, seat, verb=action_id.split(":", 1)[0])}
    if action_id in legal:
        return True
    head, _, paid = action_id.rpartition(":")
    if head.split(":", 1)[0] not in P.PAYABLE or not P.CARD_IDS.match(paid):
        return False
    ids = paid.split(",")
    return len(set(ids)) == len(ids) and any(
        a.rpartition(":")[0] == head and P.CARD_IDS.match(a.rpartition(":")[2]) for a in legal)


def legal_actions(state: dict, seat: int, verb: str | None = None) -> list[Action]:
    """The seat's legal moves; with `verb`, a list that holds at least every legal move of that
    verb (the first part of the id), others left out where that is cheap: checking a move
    (`is_listed`) need not word every other move of a turn."""
    if seat not in active_players(state):
        return []
    phase = state["phase"]
    if phase == "setup_faction":
        factions = data.cards()["factions"]
        return [Action(f"faction:{f}", Msg("Play the {faction}", faction=data.faction_name(f)), "faction",
                       (P.FACTION, Choice(f, data.faction_name(f),
                                          Msg("Home terrain: {land}", land=data.terrain_name(f)))))
                for f in state["setup"]["factions_left"] if f in factions]
    if phase == "setup_city":
        return [Action(f"startcity:{sq}", Msg("Start in the city at {square}", square=sq), "city",
                       (P.START_CITY, Choice(sq, sq, _terrain_text(t))))
                for sq, t in sorted(state["board"].items()) if t["kind"] == "city" and t["owner"] is None]
    if phase == "start":
        out = []
        extra, groups = turns.formation_extra(state, state["players"][seat]["hand"])
        if extra:
            out += _formation_actions(state, seat, extra, turns.formation_cards(state, seat, groups))
        out.append(Action("redeploy", Msg("Redeploy (discard the hand, draw 5)"), "start", (P.TURN, P.REDEPLOY)))
        out.append(Action("start", Msg("Start the turn"), "start", (P.TURN, P.START)))
        return out + _turn_actions(started(state, seat), seat, verb)
    if state["pending"]:
        return _pending_actions(state, seat)
    if state["battle"]:
        return _battle_actions(state, seat)
    return _turn_actions(state, seat, verb)


def easy_moves(state: dict, seat: int) -> list[str] | None:
    """At the start of a turn the easy computer's random move is one of the turn's start (a
    Formation, Redeploy or "start"), as when "start" was a move of its own: drawn from every move
    the turn lists, it seldom redeploys a hand that cannot act, and its games stall."""
    if state["phase"] != "start" or seat not in active_players(state):
        return None
    return [a.id for a in legal_actions(state, seat) if a.group == "start"]


def started(state: dict, seat: int) -> dict:
    """A copy of `state` as "start" leaves it (T2: the Ambush cards back in hand, R29; the actions
    of step 3 next): what the turn's first move is played on when it is made straight from the
    start of the turn. "start" draws and reveals nothing (the Ambush cards are the player's own),
    so the moves it opens can be listed before it is played (actions.apply_action plays it first)."""
    s = copy_state(state)
    turns.pick_up_ambush(s, seat)
    s["phase"] = "actions"
    return s


def _terrain_text(tile: dict) -> Msg | str:
    t = tile.get("terrain")
    return Msg("{land} terrain", land=data.terrain_name(t)) if t else ""


def _formation_actions(state: dict, seat: int, extra: int, shown: list[str]) -> list[Action]:
    """R23: the declarer shows the Formation cards to at least one opponent of his choice: one action
    per non-empty set of opponents (no choice when there is only one opponent). The id names the
    cards shown (what the table learns, how many and how many more are drawn, follows from them):
    formation:<cards>[:<opponents>]."""
    others = [o for o in range(state["n"]) if o != seat]
    cards = ",".join(shown)
    if len(others) == 1:
        step = Choice("formation", Msg("Declare a Formation"),
                      plural("Draw {n} extra card; {player} sees the cards",
                             "Draw {n} extra cards; {player} sees the cards", n=extra, player=Seat(others[0])))
        return [Action(f"formation:{cards}", plural("Declare a Formation (+{n} card), shown to {seats}",
                                           "Declare a Formation (+{n} cards), shown to {seats}", n=extra,
                                           seats=Seat(others[0])), "start", (P.TURN, step))]
    step = Choice("formation", Msg("Declare a Formation"),
                  plural("Draw {n} extra card; the opponents you pick see the cards",
                         "Draw {n} extra cards; the opponents you pick see the cards", n=extra))
    out = []
    for k in range(1, len(others) + 1):
        for to in combinations(others, k):
            who = P.seats_text(to)
            arg = ",".join(map(str, to))
            out.append(Action(f"formation:{cards}:{arg}",
                              plural("Declare a Formation (+{n} card), shown to {seats}",
                                     "Declare a Formation (+{n} cards), shown to {seats}", n=extra, seats=who),
                              "start", (P.TURN, step, Choice(arg, fit_choice(Msg("Show them to {seats}", seats=who))))))
    return out


def _kind(state: dict, c: str) -> tuple:
    """What tells cards apart for a move: type, faction and use state (the id does not)."""
    return short(state, c), eff_type(state, c), is_virtual(c), c in state["turn"]["transformed"], uses_left(state, c)


def _kinds(state: dict, ids: list[str]) -> list[str]:
    """One representative id per (type, faction, use state) so lists stay short."""
    seen, out = set(), []
    for c in ids:
        key = _kind(state, c)
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
        card = data.tile_name(info["kind"], info["shape"])
        if pend.get("level"):
            card = Msg("level-{level} {card}", level=pend["level"], card=card)
        if info["terrain"]:
            drew = Msg("The {card} you drew on {land}", card=card, land=_terrain_text(info))
        else:
            drew = Msg("The {card} you drew", card=card)
        step = Choice(P.PLACE, Msg("Place the card"), fit_choice(drew))
        rotations = {r: P.rotation_choice(info["kind"], info["shape"], r) for r in range(4)}
        squares = {sq: Choice(sq, sq, plural("{n} way round", "{n} ways round", n=k)) for sq, k in ways.items()}
        return [Action(f"place:{sq}:{rot}", Msg("Place on {square}, rotation {rotation}", square=sq, rotation=rot),
                       "place", (step, squares[sq], rotations[rot])) for sq, rot in spots]
    if kind == "wild":
        step = Choice(P.CHOOSE, Msg("Choose what the wild card counts as"),
                      fit_choice(Msg("For {card}, this turn", card=cards.label(pend["card"]))))
        return [Action(f"wild:{t}", Msg("Wild card counts as {card}", card=a_card(data.type_name(t))), "wild",
                       (step, Choice(t, data.type_name(t))))
                for t in data.WILD_TYPES]
    if kind == "drop":
        step = Choice(P.CHOOSE, Msg("Choose the Ambush card to discard"),
                      fit_choice(Msg("{card} takes its slot", card=cards.label(pend["card"]))))
        return [Action(f"drop:{c}", Msg("Discard {card} from Ambush", card=cards.label(c)), "drop", (step, cards(c)))
                for c in p["ambush"]]
    if kind == "horn":
        step = Choice(P.CHOOSE, plural("Take up to {n} card from your Realm", "Take up to {n} cards from your Realm",
                                       n=pend["max"]),
                      Msg("The Realm is shuffled afterwards"))
        reps = _kinds(state, sorted(p["realm"], key=lambda c: int(c[1:])))
        out = [Action("hornpick:none", Msg("Take nothing"), "horn", (step, P.HORN_NONE))]
        out += [Action(f"hornpick:{c}", fit_choice(Msg("Take {card}", card=cards.label(c))), "horn",
                       (step, cards(c), P.HORN_ONLY)) for c in reps]
        if pend["max"] >= 2:
            for a, b in combinations(reps, 2):
                out.append(Action(f"hornpick:{a},{b}",
                                  fit_choice(Msg("Take {card} and {other}", card=cards.label(a), other=cards.label(b))),
                                  "horn 2", (step, cards(a), cards(b, "and"))))
            for c in reps:  # two cards of the same kind
                twin = next((d for d in p["realm"] if d != c and short(state, d) == short(state, c)), None)
                if twin:
                    out.append(Action(f"hornpick:{c},{twin}", fit_choice(Msg("Take two of {card}", card=cards.label(c))),
                                      "horn 2", (step, cards(c), cards(twin, "and"))))
        return out
    if kind == "great":
        step = Choice(P.CHOOSE, Msg("Choose a Great Artifact"), Msg("It is yours for the rest of the game"))
        out = []
        for c in state["pool"]["great"]:
            t = printed_type(state, c)
            out.append(Action(f"great:{t}", Msg("Take {card}", card=cards.label(c)), "great",
                              (step, Choice(t, fit_choice(name(state, c)), P.GREAT_HINTS.get(t, "")))))
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
        # a card that fights, or an Amulet, Title or Scroll that transformed can then change a line card
        # (R36/R98: chains work in a battle line too)
        targets = [c for c in targets if bt.can_fight_with(state, c, attacking)
                   or eff_type(state, c) in data.TRANSFORMERS]
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
            where = "line" if tg in p["line"] else ""
            target = cards(tg, suffix=where)
            named = Msg("{card} (battle line)", card=cards.label(tg)) if where else cards.label(tg)
            head = (P.ARTIFACTS, verb, tool_step, target)
            if t == "amulet":
                out.append(Action(f"amulet:{tool}:{tg}", fit_choice(Msg("Amulet on {card}", card=named)), "amulet", head))
            elif t == "title" and pt in data.RANK and eff_type(state, tg) == pt and pt != "commander" \
                    and state["pool"]["units"][data.UNIT_TYPES[data.RANK[pt]]]:
                up = data.UNIT_TYPES[data.RANK[pt]]
                out.append(Action(f"title:{tool}:{tg}", fit_choice(Msg("Title on {card}", card=named)), "title",
                                  head + (Choice("1", Msg("One rank"),
                                                 Msg("To {card}", card=a_card(data.type_name(up)))),)))
                if uses_left(state, tool) >= 2 and data.RANK[pt] <= 2 \
                        and state["pool"]["units"][data.UNIT_TYPES[data.RANK[pt] + 1]]:
                    up2 = data.UNIT_TYPES[data.RANK[pt] + 1]
                    out.append(Action(f"title:{tool}:{tg}:2", fit_choice(Msg("Title +2 ranks on {card}", card=named)),
                                      "title",
                                      head + (Choice("2", Msg("Two ranks"),
                                                     Msg("To {card}; both uses of the Title",
                                                         card=a_card(data.type_name(up2)))),)))
            elif t == "scroll" and (pt in data.RANK or pt in data.ARTIFACT_TYPES) and eff_type(state, tg) == pt:
                facs = [p["faction"]] if in_battle else state["options"]["factions"]
                for f in facs:
                    if f != faction(state, tg):
                        out.append(Action(f"scroll:{tool}:{tg}:{f}",
                                          fit_choice(Msg("Scroll: {card} to {faction}", card=named,
                                                    faction=data.faction_name(f))), "scroll",
                                          head + (factions[f],)))
        if t == "scroll" and not in_battle and printed_type(state, tool) == "scroll" \
                and tool not in state["turn"]["transformed"]:
            for f in state["options"]["factions"]:
                if f != faction(state, tool):
                    out.append(Action(f"scroll:{tool}:self:{f}",
                                      Msg("Scroll changes itself to {faction}", faction=data.faction_name(f)),
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
        pick_up = {"y": P.AMBUSH_YES,
                   "n": (Choice("n", Msg("Leave your Ambush cards"), Msg("They stay where they are")) if p["ambush"]
                         else Choice("n", Msg("No Ambush cards")))}
        for a in amb:
            for hs in hero_sets:
                hs_txt = ",".join(str(h + 1) for h in hs) or "-"
                if a == "y":
                    text = Msg("Fight back with Ambush cards, {heroes}", heroes=_heroes_text(hs))
                else:
                    text = Msg("Fight back, {heroes}", heroes=_heroes_text(hs))
                out.append(Action(f"fight:{a}:{hs_txt}", text,
                                  "fight", (P.FIGHT, pick_up[a], Choice(hs_txt if hs else "none", P.heroes_text(hs)))))
        out.append(Action("surrender", Msg("Surrender"), "fight", (P.SURRENDER,)))
        if b["target"] == "hero":
            sup = sum(1 for c in playable_hand(state, seat) if eff_type(state, c) == "supply")
            horses = _horse_cards(state, seat)
            for sq, k in sorted(bt.retreat_options(state).items()):
                dest = Choice(sq, sq, plural("{n} square", "{n} squares", n=k))
                if sup >= k:
                    out.append(Action(f"retreat:{sq}:{_paid(state, seat, {'supply': k})}",
                                      Msg("Retreat to {square} paying {n} Supply", square=sq, n=k),
                                      "retreat", (P.RETREAT, dest, Choice("sup", P.PAYMENT["sup"], _supply(k)))))
                if horses:  # one Horse use covers the 2-3 squares (R96)
                    out.append(Action(f"retreat:{sq}:{horses[0]}", Msg("Retreat to {square} with a Horse", square=sq),
                                      "retreat", (P.RETREAT, dest, Choice("horse", P.PAYMENT["horse"],
                                                                          Msg("One use of a Horse")))))
        return out + tents
    attacking = seat == b["attacker"]
    cands = [c for c in playable_hand(state, seat) if bt.can_fight_with(state, c, attacking)]
    if b["stage"] == "opening" and not p["line"]:
        cands = [c for c in cands if bt.weapon_starter(state, c)]
    for c in _kinds(state, cands):
        if eff_type(state, c) in ("weapon", "horse") and uses_left(state, c) > 1:
            # R110, R112, R117: an illuminated Weapon/Horse doubles in one battle line, or forks
            card_step = cards(c, description=Msg("Illuminated: +2, or +1 and keep a use"))
            out.append(Action(f"add:{c}:2", fit_choice(Msg("Add {card} with both uses (+2)", card=label(state, c))),
                              "battle", (P.ADD, card_step, Choice("2", Msg("Both uses (+2)")))))
            out.append(Action(f"add:{c}:1", fit_choice(Msg("Add {card} with one use (+1), keep the other",
                                                      card=label(state, c))), "battle",
                              (P.ADD, card_step, Choice("1", Msg("One use (+1)"), Msg("Keep the other use for later")))))
            continue
        strength = uses_left(state, c) if eff_type(state, c) in ("weapon", "horse") else bt.battle_strength(state, c, attacking)
        out.append(Action(f"add:{c}", fit_choice(Msg("Add {card} (+{strength})", card=label(state, c), strength=strength)),
                          "battle", (P.ADD, cards(c, description=Msg("+{strength}", strength=strength)))))
    a, d = bt.totals(state)
    totals = Msg("Attacker {attack}, defender {defence}", attack=a, defence=d)
    if b["changed"] and ((attacking and a > d) or (not attacking and d >= a)):
        out.append(Action("commit", Msg("Close the play ({attack}:{defence})", attack=a, defence=d), "battle",
                          (Choice("commit", Msg("Close your play"), totals),)))
    if b["stage"] == "opening":
        out.append(Action("cancel", Msg("Call off the attack"), "battle", (P.CANCEL,)))
    else:
        out.append(Action("pass", Msg("Pass and end the battle ({attack}:{defence})", attack=a, defence=d), "battle",
                          (Choice("pass", Msg("Pass: the battle ends"), totals),)))
    return out + _transform_actions(state, seat, True, cards) + tents


def _strike_actions(state: dict, seat: int, cards: P.Cards) -> list[Action]:
    out = []
    for t in state["players"][seat]["tents"]:
        held = [cards.label(c) for c in t["cards"]]
        out.append(Action(f"strike:{t['tent']}", fit_choice(Msg("Strike the Tent with {cards}", cards=held)), "tent",
                          (P.ARTIFACTS, P.STRIKE, cards(t["tent"], description=Msg("With {cards}", cards=held)))))
    return out


def _turn_actions(state: dict, seat: int, verb: str | None = None) -> list[Action]:
    """Step 3's moves (with `verb`: the sections that make other verbs skipped)."""
    def wanted(*verbs: str) -> bool:
        return verb is None or verb in verbs

    p = state["players"][seat]
    hand = playable_hand(state, seat)
    cards = P.Cards(state)
    out: list[Action] = []
    cd = data.cards()
    for t in data.UNIT_TYPES if wanted("hire") else ():
        if state["pool"]["units"][t] and (paid := _paid(state, seat, {"supply": cd["units"][t]["hire"]})):
            top = data.faction_name(faction(state, state["pool"]["units"][t][0]))
            out.append(Action(f"hire:{t}:{paid}", Msg("Hire {unit} (top: {faction})", unit=a_card(data.type_name(t)),
                                               faction=top), "hire",
                              (P.ACQUIRE, P.HIRE, Choice(t, data.type_name(t),
                                                         Msg("{n} Supply; the top card is {faction}",
                                                             n=cd["units"][t]["hire"], faction=top)))))
    matched = oracle.matched(state["round"])
    for t in data.ARTIFACT_TYPES if wanted("craft") else ():
        recipe = cd["artifacts"][t]["recipe"]
        if state["pool"]["artifacts"][t] and (paid := _paid(state, seat, recipe)):
            price = P.cost_text(recipe)
            out.append(Action(f"craft:{t}:{paid}", Msg("Craft {artifact}", artifact=a_card(data.type_name(t))), "craft",
                              (P.ACQUIRE, P.CRAFT, Choice(t, data.type_name(t), price))))
            if t == matched:
                for f in state["options"]["factions"]:
                    named = Msg("{faction} {type}", faction=data.faction_name(f), type=data.type_name(t))
                    out.append(Action(f"craft:{t}:{f}:{paid}", Msg("Craft {artifact} (matched artifact of the day)",
                                                            artifact=a_card(named)), "craft",  # R108
                                      (P.ACQUIRE, P.CRAFT,
                                       Choice(f"{t}-{f}", named, Msg("Matched artifact of the day: {price}",
                                                                     price=price)))))
    for shape in data.ROAD_SHAPES if wanted("road") else ():
        if state["pool"]["roads"][shape] and (paid := _paid(state, seat, _road_recipe(shape))) \
                and board.legal_placements(state, seat, "road", shape, first_only=True):
            out.append(Action(f"road:{shape}:{paid}", Msg("Build {card}", card=a_card(data.tile_name("road", shape))),
                              "build",
                              (P.BUILD, P.ROAD, P.road_choice(shape, _road_recipe(shape)))))
    for level in range(1, 5) if wanted("city") else ():
        paid = _paid(state, seat, {data.UNIT_TYPES[level - 1]: 3}) if p["markers"][_marker_class(level)] > 0 else None
        if not paid:
            continue
        level_step = Choice(str(level), Msg("Level {level}", level=level),
                            P.cost_text({data.UNIT_TYPES[level - 1]: 3}))
        for shape in data.CITY_SHAPES:
            if state["pool"]["cities"][shape] and board.legal_placements(state, seat, "city", shape, first_only=True):
                out.append(Action(f"city:{level}:{shape}:{paid}", Msg("Build a level-{level} {card}", level=level,
                                                               card=data.tile_name("city", shape)),
                                  "build", (P.BUILD, P.CITY, level_step, P.city_shape_choice(shape))))
    for sq in board.cities_of(state, seat) if wanted("upgrade") else ():
        lv = state["board"][sq]["level"]
        paid = _paid(state, seat, {data.UNIT_TYPES[lv]: 2}) if lv < 4 else None
        if paid and (_marker_class(lv + 1) == _marker_class(lv) or p["markers"][_marker_class(lv + 1)] > 0):
            out.append(Action(f"upgrade:{sq}:{paid}", Msg("Upgrade the city at {square} to level {level}", square=sq,
                                                   level=lv + 1), "build",
                              (P.BUILD, P.UPGRADE, Choice(sq, sq, Msg("Level {level} to {next}: {price}", level=lv,
                                                                      next=lv + 1,
                                                                      price=P.cost_text({data.UNIT_TYPES[lv]: 2}))))))
    paid = _paid(state, seat, {"weapon": 1, "supply": 2}) if None in p["heroes"] and wanted("hero") else None
    if paid:
        for sq in sorted(s for s in state["board"] if board.is_own_city(state, seat, s)):
            out.append(Action(f"hero:{sq}:{paid}", Msg("Hire a hero at {square}", square=sq), "hero",
                              (P.HEROES, P.HERO_HIRE, Choice(sq, sq, _own_city_text(state["board"][sq])))))
    sup = sum(1 for c in hand if eff_type(state, c) == "supply")
    supply: dict[int, str | None] = {}  # the Supply cards paying each distance, chosen once
    horses = [c for c in hand if eff_type(state, c) == "horse"]
    wings = any(printed_type(state, c) == "wings" for c in hand)
    for fig, here in enumerate(p["heroes"] if wanted("move", "wings") else ()):
        if here is None:
            continue
        move = Choice(f"move-{fig + 1}", Msg("Move hero {hero}", hero=fig + 1),
                      Msg("Along roads from {square}", square=here))
        for dest, (cost, route) in sorted(board.move_costs(state, seat, here).items()):
            if dest == here:
                continue
            far = plural("{n} square", "{n} squares", n=len(route) - 1)
            to = Choice(dest, dest, far if cost in (0, len(route) - 1)
                        else Msg("{distance}, {n} to pay", distance=far, n=cost))
            go = dict(hero=fig + 1, square=dest)
            if cost == 0:
                out.append(Action(f"move:{fig + 1}:{dest}:free", Msg("Hero {hero} to {square} (free)", **go), "move",
                                  (P.HEROES, move, to, P.FREE)))
                continue
            if cost not in supply:
                supply[cost] = _paid(state, seat, {"supply": cost}) if cost <= sup else None
            if supply[cost]:
                paid = supply[cost]
                out.append(Action(f"move:{fig + 1}:{dest}:{paid}", Msg("Hero {hero} to {square} for {n} Supply",
                                                                       n=cost, **go), "move",
                                  (P.HEROES, move, to, Choice("sup", P.PAYMENT["sup"], _supply(cost)))))
            if horses and cost <= 3 * max(uses_left(state, h) for h in horses):
                out.append(Action(f"move:{fig + 1}:{dest}:{horse_for(state, seat, cost)}",
                                  Msg("Hero {hero} to {square} by Horse", **go),
                                  "move", (P.HEROES, move, to, Choice("horse", P.PAYMENT["horse"],
                                                                      Msg("3 squares per use")))))
        if wings:
            fly = Choice(f"wings-{fig + 1}", Msg("Fly hero {hero}", hero=fig + 1),
                         Msg("{artifact}: from {square} to any card on the board", artifact=data.type_name("wings"),
                             square=here))
            for dest in sorted(state["board"]):
                if dest != here and dest not in state["impassable"]:
                    out.append(Action(f"wings:{fig + 1}:{dest}", Msg("Fly hero {hero} to {square}", hero=fig + 1,
                                                                     square=dest), "wings",
                                      (P.HEROES, fly, Choice(dest, dest))))
    # ambush (R28): one card in, another banished
    if wanted("ambush") and len(p["ambush"]) < cd["ambush_slots"]["count"] \
            and len(physical_deck(state, seat)) > cd["min_deck"]["count"]:
        fresh_all = [c for c in p["hand"] if fresh(state, c) and not is_virtual(c)]
        for a in _kinds(state, fresh_all):
            hidden = cards(a, description=Msg("Goes face down into Ambush"))
            for b_ in _kinds(state, [c for c in fresh_all if c != a]):
                if not is_great(state, b_):
                    out.append(Action(f"ambush:{a}:{b_}", fit_choice(Msg("Ambush {card}, banish {other}",
                                                                    card=cards.label(a), other=cards.label(b_))),
                                      "ambush", (P.ARTIFACTS, P.AMBUSH, hidden, cards(b_, "banish"))))
    # tents (R67); an illuminated Tent takes one or two cards (R116)
    tents = [c for c in p["hand"] if eff_type(state, c) == "tent" and fresh(state, c) and not is_virtual(c)]
    for tent in _kinds(state, tents) if wanted("tent") else ():
        rest = [c for c in p["hand"] if c != tent and fresh(state, c) and not is_virtual(c) and not is_great(state, c)]
        kinds = _kinds(state, rest)
        two = max_uses(state, tent) >= 2
        for c in kinds:
            if paid := _paid(state, seat, {"supply": 1}, exclude=(tent, c)):
                path = (P.ARTIFACTS, P.TENT, cards(tent), cards(c, "station"))
                out.append(Action(f"tent:{tent}:{c}:{paid}",
                                  fit_choice(Msg("Pitch a Tent with {card}", card=cards.label(c))),
                                  "tent", path + ((P.STATION_ONLY,) if two else ())))
        if two:
            pairs = list(combinations(kinds, 2))
            pairs += [(c, twin) for c in kinds  # two cards of the same kind
                      if (twin := next((d for d in rest if d != c and _kind(state, d) == _kind(state, c)), None))]
            for c, d in pairs:
                if paid := _paid(state, seat, {"supply": 1}, exclude=(tent, c, d)):
                    out.append(Action(f"tent:{tent}:{c},{d}:{paid}",
                                      fit_choice(Msg("Pitch a Tent with {card} and {other}", card=cards.label(c),
                                                     other=cards.label(d))),
                                      "tent", (P.ARTIFACTS, P.TENT, cards(tent), cards(c, "station"), cards(d, "and"))))
    out += _strike_actions(state, seat, cards)
    h = next((c for c in p["hand"] if printed_type(state, c) == "hammer" and fresh(state, c)), None)
    if h and not state["turn"]["hammer_role"]:
        for t in data.ARTIFACT_TYPES:
            out.append(Action(f"hammer:{t}", Msg("Use the {hammer} as {artifact}", hammer=data.type_name("hammer"),
                                                 artifact=a_card(data.type_name(t))), "great",
                              (P.ARTIFACTS, P.HAMMER, Choice(t, Msg("As {artifact}",
                                                                    artifact=a_card(data.type_name(t)))))))
    if any(printed_type(state, c) == "horn" for c in hand):
        out.append(Action("horn", Msg("Blow the {artifact}", artifact=data.type_name("horn")), "great",
                          (P.ARTIFACTS, P.HORN)))
    for sq, tile in sorted(state["board"].items()):
        if tile.get("owner") == "empty" and sq in p["heroes"] and p["markers"]["low"] > 0:
            out.append(Action(f"claim:{sq}", Msg("Claim the empty city at {square}", square=sq), "attack",
                              (P.HEROES, P.CLAIM, Choice(sq, sq, Msg("Your hero stands there")))))
    out += _transform_actions(state, seat, False, cards)
    out += _attack_actions(state, seat)
    out.append(Action("end", Msg("End the turn"), "end", (P.END,)))
    return out


def _paid(state: dict, seat: int, recipe: dict, exclude: tuple = ()) -> str | None:
    """The cards the engine picks to pay `recipe` (cards.auto_pay), as the id's last part ("k3,k8"),
    or None when the hand cannot pay. Every paid move names its cards: what it shows the table
    follows from its id alone, not from the rest of the hand (a player may name others: pay_with)."""
    ids = auto_pay(state, seat, recipe, exclude)
    return ",".join(ids) if ids else None


def _supply(n: int) -> Msg:
    """"3 Supply" (a price)."""
    return Msg("{n} Supply", n=n)


def _heroes_text(figs: list[int]) -> Msg:
    """"hero 1", "heroes 1 and 2", "no hero" (figures are 0-based)."""
    if not figs:
        return Msg("no hero")
    if len(figs) == 1:
        return Msg("hero {hero}", hero=figs[0] + 1)
    return Msg("heroes {heroes}", heroes=all_of([str(f + 1) for f in figs]))


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
        targets = []  # (target, its step's label, the attack's label with {heroes} to fill)
        if tile["kind"] == "city" and isinstance(tile.get("owner"), int) and tile["owner"] != seat:
            who = dict(player=Seat(tile["owner"]), square=sq)
            targets.append(("city", Msg("The city of {player} at {square}", **who),
                            lambda hs, who=who: Msg("Attack the city of {player} at {square} with {heroes}",
                                                    heroes=hs, **who)))
        if tile["kind"] == "city" and tile.get("owner") == "neutral" and not (
                state["options"]["variant"] == "scenario2" and p["neutral_taken"] >= 1):
            targets.append(("neutral", Msg("The neutral city at {square}", square=sq),
                            lambda hs: Msg("Attack the neutral city at {square} with {heroes}", square=sq, heroes=hs)))
        if tile["kind"] == "ruins" and state["options"]["variant"] != "scenario2" and p["great"] is None \
                and state["pool"]["great"]:
            targets.append(("ruins", Msg("The Ruins guardians at {square}", square=sq),
                            lambda hs: Msg("Attack the Ruins guardians at {square} with {heroes}", square=sq,
                                           heroes=hs)))
        for o in range(state["n"]):
            if o != seat and sq in state["players"][o]["heroes"] and not (
                    tile["kind"] == "city" and tile.get("owner") == o):
                who = dict(player=Seat(o), square=sq)
                targets.append((f"p{o}", Msg("The hero of {player} at {square}", **who),
                                lambda hs, who=who: Msg("Attack the hero of {player} at {square} with {heroes}",
                                                        heroes=hs, **who)))
        for tgt, what, attack in targets:
            target = Choice(f"{sq}-{tgt}", fit_choice(what), _defence_text(state, sq, tgt))
            for hs in hero_sets:
                hs_txt = ",".join(str(h + 1) for h in hs)
                out.append(Action(f"attack:{sq}:{tgt}:{hs_txt}", attack(_heroes_text(hs)),
                                  "attack", (P.HEROES, P.ATTACK, target, Choice(hs_txt, P.heroes_text(hs)))))
    return out


def _own_city_text(tile: dict) -> Msg:
    # G26c: in scenario 2 the Ruins work as every player's city
    return Msg("Your level-{level} city", level=tile["level"]) if tile["kind"] == "city" else Msg("The Ruins")


def _defence_text(state: dict, sq: str, target: str) -> Msg | str:
    """The defence of a neutral city or the Ruins (R103, R105), the level of a player's city."""
    tile = state["board"][sq]
    if target in ("neutral", "ruins") and tile.get("defence"):
        return Msg("Defence {defence}", defence=tile["defence"])
    if target == "city":
        return Msg("Level-{level} city", level=tile["level"])
    return ""
