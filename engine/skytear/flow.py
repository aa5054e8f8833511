"""The flow of a game (spec section 4): rounds and phases, activations, the effect stack with its
response windows, pending decisions, victory checks and the tie-breaker.

The stack in chat (R73-R79, G34), as implemented here:
- declaring an action or playing a card pushes one entry on state["stack"] and opens a response
  window (state["window"]): priority goes round the table in order (R74: 「啟動玩家…將有優先順位」,
  「將優先順位順時針傳給下一位玩家」), from the active player after a declaration or a resolution, or
  from the seat that has just played an instant (it keeps priority and may play more), then
  clockwise (G27's seating A1 B1 A2 B2); one seat is asked at a time (state["window"]["waiting"],
  the first is asked);
- the seat a window starts with is passed for, unless it chose to be asked (state["ask_first"], a
  private setting it changes in its own activation): by default nobody waits for a player to
  answer their own action; the public count of answers awaited never counts that seat's turn, so
  the count does not tell the setting either;
- each seat asked plays an instant (which pushes it and starts a new round of priority) or
  passes; when every seat has passed in a row the top entry resolves (R75) and, while the stack
  is not empty, priority starts again from the active player;
- a resolution that needs a player's choice parks a pending decision (state["pending"]) that is
  asked before anything else goes on; triggered effects (R78) and the Outsider's reaction (R120)
  go on the stack once the effect that caused them has resolved;
- with the stack empty the active seat goes on with its activation; it ends its activation itself
  ("end"), unless public facts alone show that it can do nothing more (no action point left and
  no card it could hold playable): what a hand holds never ends an activation by itself.
No window opens in setup, the minion phase or the reset phase (R79, G46).
"""
from __future__ import annotations

from engine.base import OVER, SIMULTANEOUS, TURN, WINDOW, Moment, copy_state
from engine.text import Msg, Seat, plural, to_json

from . import data, ops, passives, public, resolve, victory
from .board import OUTSIDER, on_battlefield, seats_of, side_of
from .events import Events
from .minions import resolve_minion_phase
from .targets import outsider_placements

HAND_LIMIT = 7      # R70
ACTION_POINTS = 3   # R29
# The choices the rules give the players that an earlier version made by itself, asked (a pending
# "ask", answered "decide:<k>", option 0 the automatic pick, taken out of time) in games that ask
# (state["asks"], set up by RULES): the lead card a side counts (R113, G4), the token a hero seeing
# several counts for (R115), a minion's hex among equally near ones (R100, R110, R111), which
# teammate draws for the side (R134: for winning control, or for a hero its Outsider defeated) and
# who activates the Outsider (R117, G18). Each is asked only when it has two options or more.
ASKS = ("lead", "token", "place", "draw", "outsider")


# ------------------------------------------------------------------ seats and sides

def all_seats(state: dict) -> list[int]:
    return list(range(state["players"]))


def priority_order(state: dict) -> list[int]:
    """G27: sides alternate, the first side's first seat first: A1 B1 A2 B2."""
    first = state["sides"][state["first_side"]]
    second = state["sides"][1 - state["first_side"]]
    out = []
    for i in range(max(len(first), len(second))):
        out += first[i:i + 1] + second[i:i + 1]
    return out


def hero_name(hero: str):
    return data.name(hero)


def ready_heroes(state: dict, seat: int) -> list[str]:
    """The seat's heroes that can be activated (R27, R88): ready and on the battlefield."""
    return [h for h, d in state["heroes"].items()
            if d["owner"] == seat and d["state"] == "ready" and d["hex"] is not None]


def side_ready(state: dict, side: int) -> bool:
    return any(ready_heroes(state, s) for s in seats_of(state, side))


# ------------------------------------------------------------------ who acts

def active_players(state: dict) -> set[int]:
    if state.get("result"):
        return set()
    phase = state["phase"]
    if phase == "draft":
        return set(draft_seats(state))
    if phase == "mulligan":
        return {int(s) for s, m in state["mulligan"].items() if not m["done"]}
    if phase == "discard":
        return {s for s in all_seats(state) if len(state["hands"][str(s)]) > HAND_LIMIT}
    if state.get("pending"):
        return {state["pending"]["seat"]}
    if state.get("window"):
        return set(state["window"]["waiting"][:1])    # R74: the seat holding priority
    act = state.get("activation")
    if act:
        return {act["seat"]}
    if phase == "hero":
        return {s for s in seats_of(state, state["turn_side"]) if ready_heroes(state, s)}
    return set()


def moment(state: dict) -> Moment:
    """What the game waits for (engine.base.Moment). A response window asks the seat holding
    priority and names nobody in public (its line is a count): it belongs to the activation it
    answers, so `owner` stays the activating seat while the others respond. The mulligan (G29) and
    the discard down to 7 (R121 step 3) are simultaneous; a side of two whose players may both
    pick or activate is asked as one simultaneous choice; anything else is one seat's turn."""
    seats = frozenset(active_players(state))
    if not seats:
        return Moment(OVER)
    if state["phase"] in ("mulligan", "discard"):
        return Moment(SIMULTANEOUS, seats)
    if not state.get("pending") and state.get("window"):
        act = state.get("activation")
        return Moment(WINDOW, seats, act["seat"] if act else None, "pass",
                      plural("Waiting for {n} response", "Waiting for {n} responses", n=awaited(state)))
    if len(seats) == 1:
        return Moment(TURN, seats, next(iter(seats)))
    return Moment(SIMULTANEOUS, seats)


def timeout_action(state: dict, seat: int) -> str | None:
    """The move made for a seat out of time: a window passes (G34), a mulligan keeps the hand, an
    area card's template hits the most enemies, a question of `ASKS` takes its first option;
    anything else waits for the player (the clock's usual way)."""
    if in_window(state, seat):
        return "pass"
    if state["phase"] == "mulligan" and seat in active_players(state):
        return "keep"
    pend = state.get("pending")
    if pend and pend["kind"] == "aoe" and pend["seat"] == seat:
        return "aoe:0"            # the placement hitting the most enemies (the automatic pick before)
    if pend and pend["kind"] == "ask" and pend["seat"] == seat:
        return "decide:0"         # a choice given back to the players: the automatic pick before
    return None


def default_answer(state: dict, seat: int) -> str | None:
    """For a seat that chose "pass for me": a question given back to the players (flow.ASKS, the
    AoE placement) takes its automatic pick, as out of time; a window is the platform's pass."""
    pend = None if state.get("result") else state.get("pending")
    if pend and pend["seat"] == seat and pend["kind"] in ("aoe", "ask"):
        return timeout_action(state, seat)
    return None


def in_window(state: dict, seat: int) -> bool:
    """Whether `seat` holds priority in a response window now (it is asked: play or pass)."""
    return (not state.get("result") and not state.get("pending") and bool(state.get("window"))
            and state["window"]["waiting"][:1] == [seat])


# ------------------------------------------------------------------ draft (R137 with the starter pool)

def draft_seats(state: dict) -> list[int]:
    d = state["draft"]
    if not d or d["step"] >= len(d["order"]):
        return []
    side = d["order"][d["step"]][0]
    return [s for s in seats_of(state, side) if len(d["picks"][str(s)]) < d["quota"][str(s)]]


# ------------------------------------------------------------------ the stack

def open_window(state: dict, holder: int | None = None) -> None:
    """A round of priority (R74, R75): from `holder` (default: the active player) clockwise round
    the table, one seat asked at a time. The holder is passed for unless it chose to be asked
    (state["ask_first"]); "optional" marks its turn, which the public count leaves out."""
    if holder is None:
        act = state.get("activation")
        holder = act["seat"] if act else priority_order(state)[0]
    order = priority_order(state)
    start = order.index(holder)
    turn = order[start:] + order[:start]
    asked = holder in (state.get("ask_first") or [])
    state["window"] = {"waiting": turn if asked else turn[1:], "optional": holder if asked else None}


def awaited(state: dict) -> int:
    """The public count of answers a window still waits for: the seats to be asked, less the
    holder's own turn when it chose to be asked (so the count never tells that setting)."""
    w = state.get("window")
    if not w or state.get("pending"):
        return 0
    return len([s for s in w["waiting"] if s != w.get("optional")])


def push(state: dict, entry: dict, seat: int, ev) -> None:
    """R73: a declared action or a played card goes on top of the stack; priority starts again
    with the seat that added it: the active player after its own declaration, or a seat that
    played an instant, which keeps priority and may play more (R74)."""
    entry = dict(entry, seat=seat)
    state["stack"].append(entry)
    open_window(state, holder=seat)


def pass_priority(state: dict, seat: int, ev) -> None:
    """The seat asked passes priority clockwise; when every seat has passed in a row, the top
    effect resolves (R75)."""
    w = state["window"]
    w["waiting"].remove(seat)
    if w.get("optional") == seat:
        w["optional"] = None
    if not w["waiting"]:
        state["window"] = None
        resolve_top(state, ev)
        settle(state, ev)


def resolve_top(state: dict, ev) -> None:
    """R75: everyone passed; the most recent effect resolves completely (R77)."""
    entry = state["stack"].pop()
    finished = resolve.resolve_entry(state, entry, ev)
    if finished:
        after_effect(state, entry, ev)


def after_effect(state: dict, entry: dict, ev) -> None:
    """What follows a fully resolved effect: the victory check (G48), triggered effects (R78: the
    active side's go on first, so the others' resolve first), the Outsider's reaction (R120, G18)
    and actions the effect grants (R32), each asked of its player in turn."""
    check_victory(state, ev)
    if state.get("result"):
        return
    triggers = resolve.triggers_after(state, entry, ev)
    active_side = current_side(state)
    for t in sorted(triggers, key=lambda t: side_of(state, t["seat"]) != active_side):
        state["stack"].append(t)
    reaction = resolve.outsider_reaction(state)
    for question in ([reaction] if reaction else []) + resolve.followup_questions(state, entry) + owed_draws(state):
        ask(state, question)


def owed_draws(state: dict) -> list[dict]:
    """R134: a team whose Outsider defeated a hero decides which of its players draws (its first
    player is asked, the one with the fewest cards in hand first)."""
    out = []
    for owed in state.pop("draws_owed", None) or []:
        seats = seats_of(state, owed["side"])
        first = ops.drawing_seat(state, owed["side"])
        out.append({"kind": "ask", "seat": seats[0], "what": "draw", "values": [first] + [s for s in seats if s != first],
                    "info": {"defeated": owed["hero"]}})
    return out


def ask(state: dict, question: dict) -> None:
    """A pending decision: asked now, or after the one being answered."""
    if state.get("pending"):
        state.setdefault("pending_queue", []).append(question)
    else:
        state["pending"] = question


def done_pending(state: dict) -> None:
    queue = state.get("pending_queue") or []
    state["pending"] = queue.pop(0) if queue else None
    state["pending_queue"] = queue


def current_side(state: dict) -> int:
    act = state.get("activation")
    if act:
        return side_of(state, act["seat"])
    return state.get("turn_side", state["first_side"])


def settle(state: dict, ev) -> None:
    """Carry the game on until someone has to decide something: a pending decision, a window,
    the active seat's next action, or the next phase."""
    for _ in range(1000):
        if state.get("result") or state.get("pending") or state.get("window"):
            return
        if state["stack"]:
            open_window(state)     # R75: priority starts again from the active player
            return
        phase = state["phase"]
        act = state.get("activation")
        if phase == "hero":
            if act:
                if not on_battlefield(state, act["hero"]) or nothing_left(state):
                    end_activation(state, ev)
                    continue
                return
            if not (side_ready(state, 0) or side_ready(state, 1)):
                minion_phase(state, ev)
                continue
            if not side_ready(state, state["turn_side"]):
                state["turn_side"] = 1 - state["turn_side"]   # R27: the other side goes on
            return
        if phase == "outsider":
            if act is None:
                start_hero_phase(state, ev)
                continue
            gone = act.get("placed") and not state["outsider"]["hexes"]   # driven off (G7)
            if act.get("ended") or gone or (act.get("placed") and act["ap"] <= 0 and nothing_left(state)):
                end_outsider_phase(state, ev)
                continue
            if not act.get("placed") and not outsider_placements(state):
                end_outsider_phase(state, ev)
                continue
            return
        return


def nothing_left(state: dict) -> bool:
    """An activation ends by itself only when public facts show the player can do nothing but end
    it: no action point left, and no card it could be holding playable now (public.could_play_any
    looks at every card it might hold, never at its hand). Otherwise the player ends it ("end"),
    so the others never learn from an ending that a hand holds nothing playable."""
    act = state["activation"]
    if act["ap"] > 0:
        return False
    hero = act["hero"]
    if hero == OUTSIDER:
        return not public.could_play_any(state, act["seat"], instants_only=True)
    return not public.could_play_any(state, act["seat"], instants_only=False, active_hero=hero)


# ------------------------------------------------------------------ rounds and phases

def start_round(state: dict, ev) -> None:
    """R2/R3: the Outsider phase (not in round 1, only when someone holds the Outsider), then the
    hero phase."""
    ev.add(Msg("Round {round} begins: each hero has {mana} mana.", round=state["round"], mana=state["round"]))
    holder = state["outsider"]["holder"]
    if state["round"] > 1 and holder is not None:
        start_outsider_phase(state, holder, ev)
    else:
        start_hero_phase(state, ev)
    settle(state, ev)


def start_outsider_phase(state: dict, holder_side: int, ev) -> None:
    """R117: the holder places the Outsider (or leaves it where it is) and spends up to 3 AP. In a
    team the side decides which of its players acts (G18 (a), R133): its first seat is asked,
    itself first (the default); before such questions, the first seat acted."""
    seats = seats_of(state, holder_side)
    state["phase"] = "outsider"
    state["activation"] = None
    state["outsider"]["controller"] = holder_side
    if state.get("asks") and len(seats) > 1:
        state["pending"] = {"kind": "ask", "seat": seats[0], "what": "outsider", "values": list(seats), "info": {}}
        ev.add(Msg("Outsider phase: {players} choose who places and activates the Outsider.",
                   players=[Seat(s) for s in seats]))
        return
    begin_outsider(state, seats[0], ev)


def begin_outsider(state: dict, seat: int, ev) -> None:
    state["activation"] = {"hero": OUTSIDER, "seat": seat, "ap": ACTION_POINTS, "done": [], "placed": False}
    ev.add(Msg("Outsider phase: {player} places and activates the Outsider.", player=Seat(seat)))


def end_outsider_phase(state: dict, ev) -> None:
    """R117 step 3: the Outsider stays where it is and loses one token of each status (G39)."""
    act = state["activation"]
    if act and act.get("placed"):
        ops.decay_statuses(state, OUTSIDER)
    state["activation"] = None
    state["outsider"]["controller"] = None
    ops.clear_bonuses(state, "activation")
    start_hero_phase(state, ev)


def start_hero_phase(state: dict, ev) -> None:
    """R26: the starting side makes the first activation of the round."""
    state["phase"] = "hero"
    state["activation"] = None
    state["turn_side"] = state["first_side"]


def activate(state: dict, seat: int, hero: str, ev) -> None:
    """R29: the chosen hero gets 3 AP (DD: choosing opens no window; the window before its first
    action gives the same chance to respond)."""
    state["activation"] = {"hero": hero, "seat": seat, "ap": ACTION_POINTS, "done": []}
    ev.add(Msg("{player} activates {hero}.", player=Seat(seat), hero=hero_name(hero)),
           hexes=(state["heroes"][hero]["hex"],))


def end_activation(state: dict, ev) -> None:
    """R30: the hero becomes exhausted and loses one token of each status; effects lasting the
    activation end (R9). Then the other side activates if it can (R26, R27)."""
    act = state["activation"]
    hero = act["hero"]
    if on_battlefield(state, hero):
        ops.exhaust(state, hero)
        ev.add(Msg("{hero} is exhausted.", hero=hero_name(hero)))
    state["activation"] = None
    ops.clear_bonuses(state, "activation")
    side = side_of(state, act["seat"])
    other = 1 - side
    state["turn_side"] = other if side_ready(state, other) else side


def minion_phase(state: dict, ev) -> None:
    """R106-R115 (no window, R79): then the victory check (G48) and the reset. In a game that asks
    (state["asks"]), the choices the rules give the players (minions.py: the lead card that counts,
    R115's token, a minion's hex among equal ones, the teammate who draws) are asked when their
    options differ: the phase pauses on a pending "ask" and, once answered, runs again from its
    start (state["minion_run"]: the state then, the answers so far, the events already told) with
    the answers given, which makes the same moves and tells only what is new."""
    state["phase"] = "minion"
    state["activation"] = None
    state["revealed"] = []
    ev.add(Msg("Minion phase."))
    if state.get("asks"):
        state["minion_run"] = {"start": copy_state(state), "answers": [], "shown": 0}
    run_minion_phase(state, ev)


class _Ask(Exception):
    """A choice whose options differ and which no answer given so far settles: ask it."""

    def __init__(self, question: dict):
        super().__init__(question["what"])
        self.question = question


def _chooser(state: dict, run: dict | None):
    """The minion phase's `choose`: the answers given so far in order, then a question (or, in a
    game that does not ask, the first option)."""
    used = [0]

    def choose(what: str, side: int, values: list, info: dict):
        if len(values) < 2:
            return values[0]
        if run is None:
            return values[0]
        k = used[0]
        if k < len(run["answers"]):
            used[0] += 1
            answer = run["answers"][k]
            return values[answer] if 0 <= answer < len(values) else values[0]
        seat = state["heroes"][info["hero"]]["owner"] if what == "token" else seats_of(state, side)[0]
        raise _Ask({"kind": "ask", "seat": seat, "what": what, "values": list(values), "info": dict(info)})
    return choose


def run_minion_phase(state: dict, ev) -> None:
    """The minion phase from its start with the answers given (see minion_phase); then the victory
    check and the reset, or the next question."""
    run = state.get("minion_run")
    base = copy_state(run["start"]) if run else state
    out = Events(base) if run else ev
    choose = _chooser(base, run)

    def draw(st, side):
        seats = seats_of(st, side)      # R134: the team decides who draws (fewest cards first)
        first = ops.drawing_seat(st, side)
        order = [first] + [s for s in seats if s != first]
        ops.draw(st, choose("draw", side, order, {}), 1, out)

    def log(msg, hexes=()):
        out.add(msg, hexes=hexes)

    question = None
    try:
        resolve_minion_phase(base, draw=draw, log=log, cost=lambda iid: ops.cost_of(base, iid),
                             protects_minion=passives.protects_minion,   # Blood Ward guards minions here too
                             choose=choose)
    except _Ask as ask_:
        question = ask_.question
    if run:
        ev.events.extend(out.events[run["shown"]:])
        state.clear()
        state.update(base)
        if question:
            state["minion_run"] = dict(run, shown=len(out.events))
            state["pending"] = question
            return
    check_victory(state, ev)
    if state.get("result"):
        return
    reset_phase(state, ev)


def answer_minion_phase(state: dict, k: int, ev) -> None:
    """The answer to a minion-phase question: the phase runs again with it."""
    run = state["minion_run"]
    state["pending"] = None
    run["answers"].append(k)
    run_minion_phase(state, ev)


def reset_phase(state: dict, ev) -> None:
    """R121 steps 1-3: played cards are discarded (mana refills), round bonuses end, everyone draws
    1, then players over 7 cards discard (a simultaneous step). The last round goes straight to
    the tie-breaker instead (R122: its reset would change nothing that counts)."""
    if state["round"] >= state["rounds"]:
        tie_break(state, Msg("The last round is over."), ev)
        return
    state["phase"] = "reset"
    ops.discard_played(state, ev)
    ops.clear_bonuses(state, "round")
    for seat in priority_order(state):
        ops.draw(state, seat, 1, ev)
    if any(len(state["hands"][str(s)]) > HAND_LIMIT for s in all_seats(state)):
        state["phase"] = "discard"
        ev.add(Msg("Players with more than 7 cards discard down to 7."))
        return
    finish_reset(state, ev)


def finish_reset(state: dict, ev) -> None:
    """R121 steps 4-5: ready every hero, advance the round, respawn heroes due back (the starting
    side first, R87), then the next round."""
    for hero, h in state["heroes"].items():
        if h["state"] == "exhausted":
            h["state"] = "ready"
    state["round"] += 1
    state["phase"] = "reset"
    order = [s for side in (state["first_side"], 1 - state["first_side"]) for s in seats_of(state, side)]
    for seat in order:
        for hero, h in state["heroes"].items():
            if h["owner"] == seat and h["state"] == "defeated" and h.get("returns") is not None \
                    and h["returns"] <= state["round"]:
                ops.respawn(state, hero, ev)
    start_round(state, ev)


def discard_step(state: dict, seat: int, iid: str, ev) -> None:
    ops.discard_from_hand(state, seat, iid, ev)
    if not any(len(state["hands"][str(s)]) > HAND_LIMIT for s in all_seats(state)):
        finish_reset(state, ev)


# ------------------------------------------------------------------ the end

def check_victory(state: dict, ev) -> None:
    """R4/R141: a destroyed nexus or a completed victory card wins at once; both sides at once go
    to the tie-breaker (R142, G48)."""
    if state.get("result"):
        return
    won = set()
    for side in (0, 1):
        if state["nexus"][1 - side]["hp"] <= 0:
            won.add(side)
    nexus = set(won)
    if state.get("victory"):
        won |= set(victory.check(state))
    if len(won) == 2:
        tie_break(state, Msg("Both sides met a victory condition at once."), ev)
    elif won:
        side = won.pop()
        reason = (Msg("{players} destroyed the enemy nexus.", players=side_players(state, side)) if side in nexus
                  else Msg("{players} completed a victory card.", players=side_players(state, side)))
        finish(state, side, reason, ev)


def side_players(state: dict, side: int):
    seats = [Seat(s) for s in seats_of(state, side)]
    return seats[0] if len(seats) == 1 else seats


def tie_break_points(state: dict) -> list[int]:
    """R143: a point for more enemy heroes defeated, for more damage to enemy towers and nexus,
    and for more tokens on the five named victory cards; equal counts give nobody the point."""
    c = state["counters"]
    tokens = victory.named_tokens(state) if state.get("victory") else [0, 0]
    points = [0, 0]
    for pair in (c.get("defeats", [0, 0]), c.get("structure", [0, 0]), tokens):
        if pair[0] != pair[1]:
            points[0 if pair[0] > pair[1] else 1] += 1
    return points


def tie_break(state: dict, why, ev) -> None:
    """R142-R144: more tie-break points wins; still tied, the starting side wins."""
    points = tie_break_points(state)
    if points[0] != points[1]:
        side = 0 if points[0] > points[1] else 1
    else:
        side = state["first_side"]
    reason = Msg("{why} Tie-break points {a}-{b}: {players} win.", why=why, a=points[0], b=points[1],
                 players=side_players(state, side))
    finish(state, side, reason, ev, points=points)


def finish(state: dict, side: int, reason, ev, points=None) -> None:
    scores = {}
    if points is not None:
        for s in (0, 1):
            for seat in seats_of(state, s):
                scores[str(seat)] = points[s]
    state["result"] = {"winners": seats_of(state, side), "scores": scores, "reason": to_json(reason),
                       "side": side}
    state["phase"] = "over"
    state["window"] = None
    state["pending"] = None
    state["activation"] = None
    ev.add(reason)
