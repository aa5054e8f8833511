"""Applying an action (`play`, the move the platform's guard lets through). Every id is checked
against the seat's legal actions first, so a refused move changes nothing; then the verb's handler
declares (pushes on the stack), answers a pending decision or moves the flow on.

Seats are 0..n-1; sides 0 (nexus on the left) and 1. Sides: 2 players [[0],[1]]; 3 players [[0,2],[1]];
4 players [[0,2],[1,3]] (the starting seat leads its side). Hexes are labels such as "F7"; card
instances are "c<n>"; target values: a hero id, "outsider", a minion "m:<hex>:<side>", a pillar
"p:<hex>", an illusion "i:<hero>", a control token "t:<number>", or a hex label.

Action-id grammar (segments separated by ":"):
Setup      pick:<hero>                           draft (R137), the side whose step it is
           toss:<iid> | keep                     mulligan (G29): set cards aside, then keep
Hero phase activate:<hero>                       R26/R27 (opens no window, DD)
           move:<hex> | attack:<target> | skirmish:<target>       R34, R38, R42 (1 AP each, once)
           alt:<skill>:<hex>                     an alternative action (Bear Fury, R33), in its slot
           lead:<iid> | lead:deck                R47/R48
           devotion:<key>                        R50-R57; key = skills.choice_key, e.g. mark=yami,
                                                 pillar=C4,remove=-  or  illusion=akhuti,to=E5
           play:<hero>:<iid>[:<target>[:<target>]]   a card (R60-R65): normal cards by the active
                                                 hero with an empty stack, instants by any own hero
           end                                   G19 (the player's own move, see flow.nothing_left)
           priority:ask | priority:quiet         the seat's private setting: asked first, or passed
                                                 for, when it holds priority over its own effect
Windows    pass | play:...                       the seat holding priority (R74: one at a time, in
                                                 order from the active seat, see flow.open_window)
Outsider   outsider:place:<h1>,<h2>,<h3> | outsider:attack:<target> | outsider:skirmish:<target> |
           outsider:skill:<skill> | outsider:end                  R117-R119
Pending    skirmish_effect:damage | skirmish_effect:no_damage      R43: one or both effects, in order
           skirmish_move:<hex> | skirmish_move:stay               R43 step 2 (no stay without damage)
           foresee:keep | foresee:discard        R128, the looked-at cards top first
           aoe:<k>                               R123, the k-th set of enemies an area card can hit
           decide:<k>                            the k-th option of a question given back to the
                                                 players (flow.ASKS; 0 = the automatic pick before)
           extra:move:<hex> | extra:attack:<t> | extra:skirmish:<t> | extra:skip   R32
           react:attack:<target> | react:skirmish:<target>        R120 (any target of the Outsider)
Reset      discard:<iid>                         R121 step 3, down to 7 (simultaneous)
"""
from __future__ import annotations

from engine.base import IllegalAction, copy_state
from engine.text import Msg, Seat, to_json

from . import board, data, effects, flow, ops, resolve, setup, skills
from .events import Events
from .legal import is_legal
from .paths import devotion_label
from .prompts import prompt
from .targets import split_targets, target_name

OUTSIDER = board.OUTSIDER


def play(state: dict, seat: int, action_id: str) -> list:
    """The move `action_id` of `seat` made on `state` (the platform's copy): the events it makes."""
    ev = Events(state)
    apply_action(state, seat, action_id, ev)
    return ev.events


def apply_action(state: dict, seat: int, action_id: str, ev) -> None:
    if not is_legal(state, seat, action_id):
        raise IllegalAction(why_not(state, seat, action_id))
    verb, _, rest = action_id.partition(":")
    HANDLERS[verb](state, seat, rest, ev)
    flow.settle(state, ev)


def taken_already(state: dict, seat: int, action_id: str) -> dict | None:
    """An action log written before the questions of flow.ASKS were asked has no answer for them:
    when such a question is pending and the log's move answers none, the questions take their
    default (the pick the engine made by itself then) and the move is made after them, if it is a
    move there (None otherwise). A live move never comes here: the service takes only listed moves,
    and while a question is pending the only listed moves are its answers."""
    pend = state.get("pending")
    if not pend or pend["kind"] != "ask" or action_id.startswith("decide:"):
        return None
    new = copy_state(state)
    ev = Events(new)
    for _ in range(500):
        pend = new.get("pending")
        if not pend or pend["kind"] != "ask":
            break
        apply_action(new, pend["seat"], "decide:0", ev)
    if new.get("result") or not is_legal(new, seat, action_id):
        return None
    apply_action(new, seat, action_id, ev)
    return new


def why_not(state: dict, seat: int, action_id: str) -> Msg:
    """A sentence a player understands for a refused id."""
    if seat not in flow.active_players(state):
        return Msg("It is not your turn to act.")
    verb = action_id.partition(":")[0]
    if state.get("pending"):
        return Msg("Answer the question first: {prompt}", prompt=prompt(state, seat))
    if state.get("window") and verb not in ("pass", "play"):
        return Msg("Effects are waiting on the stack: play an instant card or pass.")
    if verb == "play":
        return Msg("That card cannot be played now (timing, mana, runes or targets).")
    if verb in ("move", "attack", "skirmish", "lead", "devotion", "alt"):
        act = state.get("activation")
        if act and verb in act["done"]:
            return Msg("This hero has already done that action in this activation.")
        if act and act["ap"] <= 0:
            return Msg("This hero has no action points left.")
        return Msg("That action is not possible now (range, line of sight or an occupied hex).")
    return Msg("That move is not possible now: {prompt}", prompt=prompt(state, seat))


# ------------------------------------------------------------------ setup steps

def _pick(state: dict, seat: int, hero: str, ev) -> None:
    setup.draft_pick(state, seat, hero, ev)


def _toss(state: dict, seat: int, iid: str, ev) -> None:
    state["mulligan"][str(seat)]["tossed"].append(iid)


def _keep(state: dict, seat: int, rest: str, ev) -> None:
    """G29: once, secret and simultaneous: the cards set aside are shown (face up to the discard
    pile) and replaced only when every player has finished."""
    state["mulligan"][str(seat)]["done"] = True
    ev.add(Msg("{player} has finished the mulligan.", player=Seat(seat)))
    if not all(m["done"] for m in state["mulligan"].values()):
        return
    for s in flow.priority_order(state):
        tossed = state["mulligan"][str(s)]["tossed"]
        for iid in tossed:
            ops.discard_from_hand(state, s, iid, ev)
        if tossed:
            ops.draw(state, s, len(tossed), ev)
    state["phase"] = "hero"
    flow.start_round(state, ev)


def _discard(state: dict, seat: int, iid: str, ev) -> None:
    flow.discard_step(state, seat, iid, ev)


# ------------------------------------------------------------------ the hero phase

def _activate(state: dict, seat: int, hero: str, ev) -> None:
    flow.activate(state, seat, hero, ev)


def _end(state: dict, seat: int, rest: str, ev) -> None:
    flow.end_activation(state, ev)


def _spend(state: dict, slot: str) -> None:
    """R29: one AP, and the action cannot be taken again this activation."""
    act = state["activation"]
    act["ap"] -= 1
    act["done"].append(slot)


def declare(state: dict, seat: int, entry: dict, text, ev, hexes=()) -> None:
    """R73: the declared effect goes on the stack; the others may respond before it resolves."""
    entry["text"] = to_json(text)
    ev.add(Msg("{player} declares: {effect}.", player=Seat(seat), effect=text), hexes=hexes)
    flow.push(state, entry, seat, ev)


def _hero(state: dict) -> str:
    return state["activation"]["hero"]


def _move(state: dict, seat: int, hx: str, ev, *, extra: bool = False) -> None:
    hero = _hero(state) if not extra else state["pending"]["hero"]
    if not extra:
        _spend(state, "move")
    text = Msg("{hero}: Move to {hex}", hero=data.name(hero), hex=hx)
    declare(state, seat, {"kind": "action", "do": "move", "hero": hero, "to": hx}, text, ev,
            hexes=(state["heroes"][hero]["hex"], hx))


def _aimed(state: dict, seat: int, target: str, ev, action: str, extra: bool) -> None:
    """An Attack or a Skirmish declared on a target (R38, R42): on the stack until it resolves."""
    hero = _hero(state) if not extra else state["pending"]["hero"]
    if not extra:
        _spend(state, action)
    said = (Msg("{hero}: Attack on {target}", hero=data.name(hero), target=target_name(state, target))
            if action == "attack" else
            Msg("{hero}: Skirmish on {target}", hero=data.name(hero), target=target_name(state, target)))
    declare(state, seat, {"kind": "action", "do": action, "hero": hero, "target": target}, said, ev)


def _attack(state: dict, seat: int, target: str, ev, *, extra: bool = False) -> None:
    _aimed(state, seat, target, ev, "attack", extra)


def _skirmish(state: dict, seat: int, target: str, ev, *, extra: bool = False) -> None:
    _aimed(state, seat, target, ev, "skirmish", extra)


def _alternative(state: dict, seat: int, rest: str, ev) -> None:
    skill, _, hx = rest.partition(":")
    hero = _hero(state)
    _spend(state, "skirmish")    # R33: the alternative takes the action's slot
    text = Msg("{hero}: {skill} from {hex}", hero=data.name(hero), skill=data.name(skill), hex=hx)
    declare(state, seat, {"kind": "action", "do": "alt", "hero": hero, "skill": skill, "choice": hx}, text, ev)


def _lead(state: dict, seat: int, what: str, ev) -> None:
    """R47/R48: which card is led from the hand stays secret (the public text says only "hand")."""
    hero = _hero(state)
    _spend(state, "lead")
    iid = None if what == "deck" else what
    text = (Msg("{hero}: Lead from the deck", hero=data.name(hero)) if iid is None
            else Msg("{hero}: Lead from the hand", hero=data.name(hero)))
    declare(state, seat, {"kind": "action", "do": "lead", "hero": hero, "card": iid}, text, ev)


def _devotion(state: dict, seat: int, key: str, ev) -> None:
    hero = _hero(state)
    _spend(state, "devotion")
    choice = skills.parse_choice(key)
    declare(state, seat, {"kind": "action", "do": "devotion", "hero": hero, "choice": choice},
            devotion_label(state, hero, choice), ev)


def _play(state: dict, seat: int, rest: str, ev) -> None:
    """R61: the card goes on the hero card at once (its mana is spent), its effect on the stack."""
    hero, iid, *parts = rest.split(":")
    targets = split_targets(parts)
    def_id = state["cards"][iid]
    ops.play_card(state, hero, iid, ev)
    names = [target_name(state, t) for t in targets]
    text = (Msg("{hero}: {card} on {targets}", hero=data.name(hero), card=data.name(def_id), targets=names) if targets
            else Msg("{hero}: {card}", hero=data.name(hero), card=data.name(def_id)))
    entry = {"kind": "card", "do": "card", "hero": hero, "card": iid, "def": def_id, "targets": targets,
             "text": to_json(text)}
    flow.push(state, entry, seat, ev)


def _pass(state: dict, seat: int, rest: str, ev) -> None:
    flow.pass_priority(state, seat, ev)


def _priority(state: dict, seat: int, rest: str, ev) -> None:
    """The seat's private setting (flow.open_window): asked first when it holds priority over its
    own action or card ("ask"), or passed for ("quiet", the default). No event: nothing public
    tells the setting (the seat's menu shows it)."""
    asked = set(state.get("ask_first") or [])
    asked = asked | {seat} if rest == "ask" else asked - {seat}
    state["ask_first"] = sorted(asked)


# ------------------------------------------------------------------ the Outsider phase

def _outsider(state: dict, seat: int, rest: str, ev) -> None:
    what, _, arg = rest.partition(":")
    act = state["activation"]
    name = data.name(OUTSIDER)
    side = flow.side_of(state, seat)
    if what == "place":
        spot = arg.split(",")
        state["outsider"]["hexes"] = spot
        act["placed"] = True
        ev.add(Msg("{player} places the Outsider on {hexes}.", player=Seat(seat), hexes=arg), hexes=tuple(spot))
        return
    if what == "end":
        act["ap"] = 0
        act["ended"] = True
        return
    act["ap"] -= 1
    act["done"].append(what if what != "skill" else arg)
    if what == "skill":
        text = Msg("{who}: {skill}", who=name, skill=data.name(arg))
        entry = {"kind": "skill", "do": "outsider_skill", "hero": OUTSIDER, "skill": arg, "controller": side}
    else:
        verb = data.game_term("Attack") if what == "attack" else data.game_term("Skirmish")
        text = Msg("{who}: {action} on {target}", who=name, action=verb, target=target_name(state, arg))
        entry = {"kind": "skill", "do": what, "hero": OUTSIDER, "target": arg, "controller": side}
    declare(state, seat, entry, text, ev)


# ------------------------------------------------------------------ pending decisions

def _skirmish_effect(state: dict, seat: int, choice: str, ev) -> None:
    """R43: the damage (then the move) or only the move."""
    entry = state["pending"]["entry"]
    if resolve.skirmish_effects(state, choice, ev):
        flow.done_pending(state)
        flow.after_effect(state, entry, ev)


def _skirmish_move(state: dict, seat: int, hx: str, ev) -> None:
    pend = state["pending"]
    entry = pend["entry"]
    flow.done_pending(state)
    if hx != "stay":
        path = ops.hero_destinations(state, pend["hero"], ops.skirmish_move_of(state, pend["hero"])).get(hx, [hx])
        ops.move_model(state, pend["hero"], hx, ev)
        resolve.highlight(state, path)
    flow.after_effect(state, entry, ev)


def _foresee(state: dict, seat: int, choice: str, ev) -> None:
    """R128: keep or discard each card looked at, top first; then the card's other effects."""
    pend = state["pending"]
    f = pend["followup"]
    if choice == "discard":
        pend["discard"].append(f["cards"][pend["index"]])
    pend["index"] += 1
    if pend["index"] < len(f["cards"]):
        return
    entry = pend["entry"]
    flow.done_pending(state)
    kept = len(f["cards"]) - len(pend["discard"])
    ev.add(Msg("{player} foresees: {kept} kept on top, {gone} discarded.", player=Seat(seat), kept=kept,
               gone=len(pend["discard"])), hidden=True)
    follow = effects.finish_foresee(state, f, pend["discard"], ev)
    if not resolve.card_followups(state, entry, list(entry.get("followups", [])) + follow):
        return
    flow.after_effect(state, entry, ev)


def _aoe(state: dict, seat: int, choice: str, ev) -> None:
    """R123: the player's placement of an area card's template; then the card's other effects."""
    pend = state["pending"]
    f, entry = pend["followup"], pend["entry"]
    flow.done_pending(state)
    follow = effects.finish_aoe(state, f, int(choice), ev)
    if not resolve.card_followups(state, entry, list(entry.get("followups", [])) + follow):
        return
    flow.after_effect(state, entry, ev)


def _decide(state: dict, seat: int, choice: str, ev) -> None:
    """A choice the rules give the players (flow.ASKS): the Outsider phase's player (G18), or a
    minion-phase question (the phase then goes on with the answer)."""
    pend = state["pending"]
    k = int(choice)
    if pend["what"] == "outsider":
        flow.done_pending(state)
        flow.begin_outsider(state, pend["values"][k], ev)
        return
    if pend["what"] == "draw" and pend["info"].get("defeated"):    # R134, for a defeat by the Outsider
        flow.done_pending(state)
        ops.draw(state, pend["values"][k], 1, ev)
        return
    flow.answer_minion_phase(state, k, ev)


def _extra(state: dict, seat: int, rest: str, ev) -> None:
    """R32: the granted action goes on the stack (no AP, not counted against the once-limit)."""
    if rest == "skip":
        flow.done_pending(state)
        return
    verb, _, arg = rest.partition(":")
    handler = {"move": _move, "attack": _attack, "skirmish": _skirmish}[verb]
    handler(state, seat, arg, ev, extra=True)
    # the declaration opened a window: the pending question is answered
    flow.done_pending(state)


def _react(state: dict, seat: int, rest: str, ev) -> None:
    """R120: the reacting side's chosen Attack or Skirmish with the Outsider goes on the stack."""
    pend = state["pending"]
    flow.done_pending(state)
    what, _, target = rest.partition(":")
    entry = resolve.reaction_entry(state, seat, pend["side"], what, target)
    ev.add(Msg("{player} makes the Outsider react.", player=Seat(seat)))
    flow.push(state, entry, seat, ev)


HANDLERS = {"pick": _pick, "toss": _toss, "keep": _keep, "discard": _discard, "activate": _activate, "end": _end,
            "move": _move, "attack": _attack, "skirmish": _skirmish, "alt": _alternative, "lead": _lead,
            "devotion": _devotion, "play": _play, "pass": _pass, "outsider": _outsider,
            "priority": _priority, "skirmish_effect": _skirmish_effect, "skirmish_move": _skirmish_move,
            "foresee": _foresee, "aoe": _aoe, "decide": _decide, "extra": _extra, "react": _react}
