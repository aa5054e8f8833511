"""The legal actions of a seat (see actions.py for the id grammar), each with its path.
One action per decision: a move per destination hex, a card per target choice; two copies of one
card in a hand are offered once (the first copy), so no two choices read the same."""
from __future__ import annotations

from functools import lru_cache

from engine.base import Action, Choice, fit_choice
from engine.text import Msg, term

from . import board, data, effects, flow, ops, skills
from . import paths as P
from .resolve import reaction_options
from .targets import attack_targets, outsider_placements, skirmish_targets, target_name

OUTSIDER = board.OUTSIDER
HERO_ACTIONS = ("move", "attack", "skirmish", "lead", "devotion")


def legal_actions(state: dict, seat: int) -> list[Action]:
    if seat not in flow.active_players(state):
        return []
    phase = state["phase"]
    if phase == "draft":
        return _draft(state, seat)
    if phase == "mulligan":
        return _mulligan(state, seat)
    if phase == "discard":
        return _discard(state, seat)
    pend = state.get("pending")
    if pend:
        return PENDING[pend["kind"]](state, seat, pend)
    if state.get("window"):
        return [_pass()] + _plays(state, seat, instants_only=True)
    act = state.get("activation")
    if act and act["hero"] == OUTSIDER:
        return _outsider(state, seat, act)
    if act:
        return _activation(state, seat, act)
    return [_activate(h) for h in flow.ready_heroes(state, seat)]


# Actions depend only on their arguments: each is made once (legal_actions runs at every move).
@lru_cache(maxsize=None)
def _pass() -> Action:
    return Action("pass", Msg("Pass"), "pass", (P.PASS,))


@lru_cache(maxsize=None)
def _activate(h: str) -> Action:
    return Action(f"activate:{h}", fit_choice(Msg("Activate {hero}", hero=data.name(h))), "activate",
                  (P.ACTIVATE, P.hero_choice(h)))


def quiet_pass(state: dict, seat: int) -> bool:
    """G34, the setting "pass unless I can respond" (`/match autopass`): the seat holds priority in
    a response window and passing is all it can do (no instant it could play now)."""
    return flow.in_window(state, seat) and next(playable(state, seat, instants_only=True), None) is None


def move_ids(state: dict, seat: int) -> list[str]:
    return [a.id for a in legal_actions(state, seat)]


def is_legal(state: dict, seat: int, action_id: str) -> bool:
    """Whether `action_id` is among the seat's legal actions, computing only the part of the list
    that could hold it (a hero action or a card play in an activation, a pass or an instant in a
    window); the same answer as `action_id in move_ids(state, seat)`."""
    verb, _, rest = action_id.partition(":")
    if (state.get("window") and not state.get("pending") and state["phase"] not in ("draft", "mulligan", "discard")
            and seat in flow.active_players(state)):
        # a response window: pass, or an instant (the list legal_actions gives there)
        if action_id == "pass":
            return True
        parts = rest.split(":")
        if verb != "play" or len(parts) < 2:
            return False
        return action_id in {play_id(h, i, t) for h, i, t in playable(
            state, seat, instants_only=True, only=(parts[0], parts[1]))}
    act = state.get("activation")
    quiet = (seat in flow.active_players(state) and state["phase"] == "hero" and act and act["hero"] != OUTSIDER
             and not state.get("pending") and not state.get("window") and act["seat"] == seat)
    if not quiet:
        return action_id in move_ids(state, seat)
    hero = act["hero"]
    if verb in HERO_ACTIONS:
        if state["stack"] or act["ap"] <= 0 or verb in act["done"] or not board.on_battlefield(state, hero):
            return False
        return action_id in {a.id for a in ACTIONS[verb](state, seat, hero)}
    if verb == "play":
        parts = rest.split(":")
        if len(parts) < 2 or state["stack"]:
            return False
        return action_id in {play_id(h, i, t) for h, i, t in playable(
            state, seat, instants_only=False, active_hero=hero, only=(parts[0], parts[1]))}
    return action_id in move_ids(state, seat)


# ------------------------------------------------------------------ setup steps

def _draft(state: dict, seat: int) -> list[Action]:
    out = []
    for h in state["draft"]["pool"]:
        d = data.hero(h)
        hint = Msg("{factions}, {range}, {hp} HP", factions=[term("skytear", f.capitalize()) for f in d["factions"]],
                   range=Msg("ranged") if d["range"] == "ranged" else Msg("melee"), hp=d["hp"])
        out.append(Action(f"pick:{h}", fit_choice(Msg("Pick {hero}", hero=data.name(h))), "pick",
                          (P.PICK, Choice(h, data.name(h), fit_choice(hint)))))
    return out


def distinct_cards(state: dict, iids) -> list[str]:
    """One card per card kind (the first copy), so two copies never make two choices that read
    the same."""
    seen, out = set(), []
    for iid in iids:
        d = state["cards"][iid]
        if d not in seen:
            seen.add(d)
            out.append(iid)
    return out


def _mulligan(state: dict, seat: int) -> list[Action]:
    """G29: set cards aside one at a time, then keep (tossed cards go face up to the discard pile
    and as many are drawn)."""
    tossed = state["mulligan"][str(seat)]["tossed"]
    hand = [i for i in state["hands"][str(seat)] if i not in tossed]
    n = len(tossed)
    keep = Action("keep", Msg("Keep the hand") if not n else Msg("Keep the rest, replace {n} cards", n=n),
                  "keep", (P.KEEP,))
    return [keep] + [Action(f"toss:{i}", fit_choice(Msg("Set aside {card}", card=data.name(state["cards"][i]))), "toss",
                            (P.TOSS, P.card_choice(state, i))) for i in distinct_cards(state, hand)]


def _discard(state: dict, seat: int) -> list[Action]:
    hand = state["hands"][str(seat)]
    return [Action(f"discard:{i}", fit_choice(Msg("Discard {card}", card=data.name(state["cards"][i]))), "discard",
                   (P.DISCARD, P.card_choice(state, i))) for i in distinct_cards(state, hand)]


# ------------------------------------------------------------------ an activation

def _activation(state: dict, seat: int, act: dict) -> list[Action]:
    out: list[Action] = []
    hero = act["hero"]
    if not state["stack"] and board.on_battlefield(state, hero):
        if act["ap"] > 0:
            for verb in HERO_ACTIONS:
                if verb not in act["done"]:
                    out += ACTIONS[verb](state, seat, hero)
            if "skirmish" not in act["done"]:
                out += _alternatives(state, hero)
        out += _plays(state, seat, instants_only=False, active_hero=hero)
    if not state["stack"]:
        out.append(_priority(seat in (state.get("ask_first") or [])))
    out.append(_end(hero))
    return out


@lru_cache(maxsize=None)
def _priority(asked: bool) -> Action:
    """The private setting R74 leaves to the player: whether to be asked first when it holds
    priority over its own action or card (flow.open_window); by default it is passed for."""
    if asked:
        return Action("priority:quiet", Msg("Stop asking me to respond to my own actions"), "priority",
                      (P.PRIORITY, P.PRIORITY_QUIET))
    return Action("priority:ask", Msg("Ask me first to respond to my own actions"), "priority",
                  (P.PRIORITY, P.PRIORITY_ASK))


@lru_cache(maxsize=None)
def _end(hero: str) -> Action:
    return Action("end", fit_choice(Msg("End {hero}'s activation", hero=data.name(hero))), "end", (P.END,))


def _moves(state: dict, seat: int, hero: str) -> list[Action]:
    dests = ops.hero_destinations(state, hero, ops.move_of(state, hero))
    return [_move(hero, hx) for hx in dests]


@lru_cache(maxsize=None)
def _move(hero: str, hx: str) -> Action:
    return Action(f"move:{hx}", Msg("Move {hero} to {hex}", hero=data.name(hero), hex=hx), "move",
                  (P.MOVE, P.hex_choice(hx)))


def _attacks(state: dict, seat: int, hero: str) -> list[Action]:
    return [_attack(hero, t) for t in attack_targets(state, hero)]


@lru_cache(maxsize=None)
def _attack(hero: str, t: str) -> Action:
    return Action(f"attack:{t}", fit_choice(Msg("{hero} attacks {target}", hero=data.name(hero),
                                                target=target_name(None, t))), "attack",
                  (P.ATTACK, P.target_choice(None, t)))


def _skirmishes(state: dict, seat: int, hero: str) -> list[Action]:
    return [_skirmish(hero, t) for t in skirmish_targets(state, hero)]


@lru_cache(maxsize=None)
def _skirmish(hero: str, t: str) -> Action:
    return Action(f"skirmish:{t}", fit_choice(Msg("{hero} skirmishes {target}", hero=data.name(hero),
                                                  target=target_name(None, t))), "skirmish",
                  (P.SKIRMISH, P.target_choice(None, t)))


def _alternatives(state: dict, hero: str) -> list[Action]:
    """R33: an alternative version of an action (Bear Fury), in that action's slot."""
    out = []
    for alt in skills.alternatives(state, hero):
        skill = alt["skill"]
        here = state["heroes"][hero]["hex"]
        out += [_alternative(hero, skill, hx, hx == here) for hx in skills.alternative_choices(state, hero, skill)]
    return out


@lru_cache(maxsize=None)
def _alternative(hero: str, skill: str, hx: str, stay: bool) -> Action:
    head = Choice(f"alt:{skill}", fit_choice(Msg("{skill} (instead of {action})", skill=data.name(skill),
                                                 action=data.game_term("Skirmish"))), fit_choice(data.text(skill)))
    step = Choice(hx, Msg("Stay on {hex}", hex=hx) if stay else Msg("Move to {hex}", hex=hx))
    return Action(f"alt:{skill}:{hx}", fit_choice(Msg("{hero}: {skill} from {hex}", hero=data.name(hero),
                                                      skill=data.name(skill), hex=hx)), "skirmish", (head, step))


def reserved_cards(state: dict, seat: int) -> set[str]:
    """Cards declared as lead cards from the hand and still on the stack: committed, not playable."""
    return {e["card"] for e in state["stack"] if e.get("do") == "lead" and e.get("card") and e["seat"] == seat}


def _leads(state: dict, seat: int, hero: str) -> list[Action]:
    """R47/R48: a card of the hand (portrait) or the deck top unseen (landscape)."""
    hand = [i for i in state["hands"][str(seat)] if i not in reserved_cards(state, seat)]
    out = [_lead(hero, i, state["cards"][i]) for i in distinct_cards(state, hand)]
    if ops.can_lead_from_deck(state, seat):
        out.append(_lead_deck(hero))
    return out


@lru_cache(maxsize=None)
def _lead(hero: str, iid: str, def_id: str) -> Action:
    return Action(f"lead:{iid}", fit_choice(Msg("{hero} leads {card}", hero=data.name(hero), card=data.name(def_id))),
                  "lead", (P.LEAD, P._card_choice(iid, def_id)))


@lru_cache(maxsize=None)
def _lead_deck(hero: str) -> Action:
    return Action("lead:deck", fit_choice(Msg("{hero} leads the top card of the deck", hero=data.name(hero))),
                  "lead", (P.LEAD, P.DECK))


def _devotions(state: dict, seat: int, hero: str) -> list[Action]:
    return [_devotion(hero, skills.choice_key(c)) for c in skills.devotion_options(state, hero)]


@lru_cache(maxsize=None)
def _devotion(hero: str, key: str) -> Action:
    c = skills.parse_choice(key)
    return Action(f"devotion:{key}", P.devotion_label(None, hero, c), "devotion",
                  (P.DEVOTION,) + P.devotion_steps(None, c))


ACTIONS = {"move": _moves, "attack": _attacks, "skirmish": _skirmishes, "lead": _leads, "devotion": _devotions}


# ------------------------------------------------------------------ playing cards

def playable(state: dict, seat: int, *, instants_only: bool, active_hero: str | None = None, only=None):
    """(hero, iid, targets) the seat may play now: R62/R76 normal cards by the active hero with an
    empty stack; R63 instants by any of its heroes on the battlefield (R60, R64, R65 in ops.can_play);
    R23 a card needs a complete choice of targets."""
    hand = [i for i in state["hands"][str(seat)] if i not in reserved_cards(state, seat)]
    if ops.vortex_ready(state, seat):
        hand.append(state["vortex"]["card"])
    cards = distinct_cards(state, hand)
    for hero in sorted(h for h, d in state["heroes"].items() if d["owner"] == seat and board.on_battlefield(state, h)):
        if only and hero != only[0]:
            continue
        for iid in cards:
            if only and iid != only[1]:
                continue
            c = ops.card_def(state, iid)
            if c["speed"] != "instant" and (instants_only or hero != active_hero):
                continue
            if not ops.can_play(state, hero, iid):
                continue
            combos = effects.legal_targets(state, c, hero) if c["targets"] else [[]]
            for targets in combos:
                yield hero, iid, targets


def play_id(hero: str, iid: str, targets) -> str:
    return ":".join(["play", hero, iid] + list(targets))


def _plays(state: dict, seat: int, *, instants_only: bool, active_hero: str | None = None) -> list[Action]:
    return [_play(hero, iid, state["cards"][iid], tuple(targets))
            for hero, iid, targets in playable(state, seat, instants_only=instants_only, active_hero=active_hero)]


@lru_cache(maxsize=None)
def _play(hero: str, iid: str, def_id: str, targets: tuple) -> Action:
    names = [target_name(None, t) for t in targets]
    label = (Msg("{hero} plays {card} on {targets}", hero=data.name(hero), card=data.name(def_id), targets=names)
             if targets else Msg("{hero} plays {card}", hero=data.name(hero), card=data.name(def_id)))
    path = (P.PLAY, P.hero_choice(hero), P._card_choice(iid, def_id)) + tuple(P.target_choice(None, t) for t in targets)
    return Action(play_id(hero, iid, targets), fit_choice(label), "play", path)


# ------------------------------------------------------------------ the Outsider phase

def _outsider(state: dict, seat: int, act: dict) -> list[Action]:
    if not act.get("placed"):
        return _placements(state)
    out: list[Action] = []
    side = flow.side_of(state, seat)
    if not state["stack"] and act["ap"] > 0 and ops.outsider_on_board(state):
        name = data.name(OUTSIDER)
        if "attack" not in act["done"]:
            out += [Action(f"outsider:attack:{t}", fit_choice(Msg("{who} attacks {target}", who=name,
                                                                   target=target_name(state, t))), "outsider",
                           (P.O_ATTACK, P.target_choice(state, t))) for t in attack_targets(state, OUTSIDER, side)]
        if "skirmish" not in act["done"]:
            out += [Action(f"outsider:skirmish:{t}", fit_choice(Msg("{who} skirmishes {target}", who=name,
                                                                     target=target_name(state, t))), "outsider",
                           (P.O_SKIRMISH, P.target_choice(state, t))) for t in skirmish_targets(state, OUTSIDER, side)]
        for skill in skills.outsider_skills(state):
            if skill not in act["done"]:
                out.append(Action(f"outsider:skill:{skill}", fit_choice(Msg("{who} uses {skill}", who=name,
                                                                            skill=data.name(skill))), "outsider",
                                  (P.O_SKILL, Choice(skill, data.name(skill), fit_choice(data.text(skill))))))
    if not state["stack"]:
        out += _plays(state, seat, instants_only=True)
        out.append(_priority(seat in (state.get("ask_first") or [])))
        out.append(Action("outsider:end", Msg("End the Outsider's activation"), "outsider", (P.O_END,)))
    return out


def placement_id(spot) -> str:
    return "outsider:place:" + ",".join(spot)


def _placements(state: dict) -> list[Action]:
    now = tuple(state["outsider"]["hexes"])
    out = []
    for spot in outsider_placements(state):
        text = ",".join(spot)
        label = Msg("Leave the Outsider on {hexes}", hexes=text) if set(spot) == set(now) \
            else Msg("Place the Outsider on {hexes}", hexes=text)
        out.append(Action(placement_id(spot), label, "outsider", (P.PLACE, Choice(text, label))))
    return out


# ------------------------------------------------------------------ pending decisions

def _skirmish_effects(state: dict, seat: int, pend: dict) -> list[Action]:
    """R43: 「決定以下效果中的一項或兩項，按照此順序」: the damage (then the move, or staying), or
    the move alone."""
    hero, target = pend["hero"], pend["target"]
    return [Action("skirmish_effect:damage", fit_choice(Msg("{hero} deals the damage to {target}", hero=data.name(hero),
                                                           target=target_name(state, target))), "skirmish",
                   (P.DAMAGE,)),
            Action("skirmish_effect:no_damage", fit_choice(Msg("{hero} only moves", hero=data.name(hero))), "skirmish",
                   (P.NO_DAMAGE,))]


def _skirmish_move(state: dict, seat: int, pend: dict) -> list[Action]:
    """R43 option 2: move up to 2 after the Skirmish's damage, or stay (no staying when the move
    is the only effect chosen)."""
    hero = pend["hero"]
    out = [] if pend.get("must_move") else [
        Action("skirmish_move:stay", fit_choice(Msg("{hero} stays", hero=data.name(hero))), "skirmish", (P.STAY,))]
    out += [Action(f"skirmish_move:{hx}", Msg("{hero} moves to {hex}", hero=data.name(hero), hex=hx), "skirmish",
                   (P.MOVE, P.hex_choice(hx))) for hx in pend["hexes"]]
    return out


def _foresee(state: dict, seat: int, pend: dict) -> list[Action]:
    """R128: each card looked at, top first: keep it on top or discard it."""
    iid = pend["followup"]["cards"][pend["index"]]
    name = data.name(state["cards"][iid])
    return [Action("foresee:keep", Msg("Keep {card} on top", card=name), "foresee", (P.KEEP_TOP,)),
            Action("foresee:discard", Msg("Discard {card}", card=name), "foresee", (P.DISCARD_TOP,))]


def _aoe(state: dict, seat: int, pend: dict) -> list[Action]:
    """R123: each different set of enemies the area card's template can hit, the most first."""
    f = pend["followup"]
    card = data.name(f["card"])
    return [Action(f"aoe:{k}", fit_choice(Msg("{card} hits {targets}", card=card,
                                              targets=[target_name(state, v) for v in hit])),
                   "aoe", (P.aoe_choice(state, k, tuple(hit)),))
            for k, hit in enumerate(f["options"])]


def _ask(state: dict, seat: int, pend: dict) -> list[Action]:
    """A choice given back to the players (flow.ASKS): each option, the automatic pick first."""
    out = []
    for k in range(len(pend["values"])):
        choice = P.ask_choice(state, pend, k)
        out.append(Action(f"decide:{k}", choice.label, "decide", (choice,)))
    return out


def _extra(state: dict, seat: int, pend: dict) -> list[Action]:
    """R32: the action an effect lets the hero perform (no AP, not counted)."""
    hero, action = pend["hero"], pend["action"]
    out = []
    if board.on_battlefield(state, hero):
        for a in ACTIONS[action](state, seat, hero):
            out.append(Action("extra:" + a.id, a.label, "extra", a.path))
    out.append(Action("extra:skip", Msg("Do not take the action"), "extra", (P.SKIP,)))
    return out


def _reaction(state: dict, seat: int, pend: dict) -> list[Action]:
    """R120: 「其對手將會使用該入侵者執行一個攻擊、游擊或移動行動」: one Attack or Skirmish with the
    Outsider at any target open to it (not only the hero that damaged it); a Move only for an
    Outsider that can move (the Ancient Outsider cannot, R119)."""
    name = data.name(OUTSIDER)
    out = []
    for action, target in reaction_options(state, pend["side"]):
        t = target_name(None, target)
        if action == "attack":
            label, head = Msg("{who} attacks {target}", who=name, target=t), P.R_ATTACK
        else:
            label, head = Msg("{who} skirmishes {target}", who=name, target=t), P.R_SKIRMISH
        out.append(Action(f"react:{action}:{target}", fit_choice(label), "reaction",
                          (head, P.target_choice(None, target))))
    return out


PENDING = {"skirmish_effects": _skirmish_effects, "skirmish_move": _skirmish_move, "foresee": _foresee, "aoe": _aoe, "ask": _ask,
           "extra_action": _extra, "reaction": _reaction}
