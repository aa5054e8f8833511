"""The Trade phase (spec R24-R29, section 11 D10-D12, G23): trade is collected, then the phase
stays open while the players make offers and exchanges, all at once (R29), until every seat has
ended its trade step.

What may change hands (R27): trade (dial points), culture tokens, resource tokens (market tokens
and face-down hut/village markers) and culture event cards. Coins and techs only where a card
allows it: no card of the base set does (data/civilization/trade.json says so), so they are never
offered. Promises are not binding: the engine never carries them (the Discord side shows a
promise to the recipient as text only).

State:
- state["offers"]: a list of offer records (drafts and sent offers of this Trade phase; emptied
  when the phase ends). One record:
    {"id": 7,                   # unique in the game
     "from": 0, "to": 1,        # the proposer's seat and the recipient's seat
     "status": "draft" | "sent",  # a draft is seen by its proposer only; a sent offer by both
     "counter_of": None | 6,    # the offer this one answers (a counter-offer)
     "give": {...}, "get": {...}}   # what "from" gives / what "from" asks of "to"
  "give" and "get" are {"trade": n, "culture": n (culture tokens), "resources": [market resource
  ids], "hidden": [hut/village resource ids], "cards": [culture event card copy ids]}. In "get",
  "hidden" and "cards" may hold "?": one the giver chooses when accepting (the proposer cannot
  see the other's face-down markers or hand). In a view, a card id the viewer does not hold shows
  as its card kind (culture.card_kind) and other seats' offers are left out: the view has
  "offers" (the viewer's own drafts and the sent offers it is party to) and "offers_pending"
  (how many sent offers wait, for everyone).
- state["trade_phase"]: {"next": next offer id, "done": [seats that ended their trade step],
  "started": {"<seat>": drafts started this phase (the house limit, trade.json)}}.

Action ids (the first segment is the verb; flow routes every Trade-phase id here):
  offer:<seat>                     start a draft to that seat
  give:trade:<1|3> | give:culture:1 | give:res:<resource> | give:hut:<resource> | give:card:<card>
  ask:trade:<1|3> | ask:culture:1 | ask:res:<resource> | ask:hut | ask:card
                                   add one item to the draft (ask:hut / ask:card: one the giver
                                   chooses)
  send | withdraw                  send the draft to its recipient / throw it away
  accept:<offer>[:<card>][:<resource>]   the recipient accepts (choosing the card and face-down
                                   resource the offer asks of it without naming them)
  decline:<offer> | counter:<offer>   decline; decline and start a counter-draft (the offer
                                   reversed, to adjust and send)
  done                             end the trade step (a draft still open is thrown away)
A seat with a sent offer waiting for it answers it before anything else (the oldest first)."""
from __future__ import annotations

from collections import Counter

from engine.base import Event, IllegalAction
from engine.text import Msg, Seat, plural

from . import cities, culture, data, economy, seen

VERBS: tuple[str, ...] = ("offer", "give", "ask", "send", "withdraw", "accept", "decline", "counter")
KINDS = ("trade", "culture", "resources", "hidden", "cards")
STEPS = {"trade": (1, 3), "culture": (1,)}
BLIND = "?"


# ---------------------------------------------------------------- data

def house(key: str) -> int:
    """A house value of data/civilization/trade.json."""
    return int(data.by_id("trade")[key]["value"])


def offers_per_phase() -> int:
    return house("offers_per_phase")


# ---------------------------------------------------------------- the phase

def begin(state: dict) -> list[Event]:
    """Collect trade (R24) and open the phase; state["phase"] stays "trade" while it is open."""
    events = economy.collect_trade(state)
    tp = state.setdefault("trade_phase", {"next": 1})
    tp["done"] = []
    tp["started"] = {}
    tp["open"] = True
    state["offers"] = []
    return events


def is_open(state: dict) -> bool:
    return state.get("phase") == "trade" and bool(state.get("trade_phase", {}).get("open"))


def _order(state: dict) -> list[int]:
    n = state["players"]
    return [(state["first"] + i) % n for i in range(n)]


def offers(state: dict) -> list[dict]:
    """The offers of this Trade phase: the state's own list (an empty stand-in, never stored,
    when there is none: reading never writes the state)."""
    return state["offers"] if "offers" in state else []


def waiting_for(state: dict, seat: int) -> dict | None:
    """The oldest sent offer waiting for `seat`'s answer."""
    return next((o for o in offers(state) if o["status"] == "sent" and o["to"] == seat), None)


def draft_of(state: dict, seat: int) -> dict | None:
    return next((o for o in offers(state) if o["status"] == "draft" and o["from"] == seat), None)


def pending_count(state: dict) -> int:
    return sum(o["status"] == "sent" for o in state.get("offers", []))


def active_seats(state: dict) -> list[int]:
    """R29: everyone at once; a seat that ended its step is asked again only to answer an offer."""
    if not is_open(state):
        return []
    done = state["trade_phase"]["done"]
    return [s for s in _order(state) if s not in done or waiting_for(state, s) is not None]


def last_sent_offer(state: dict, seat: int) -> dict | None:
    """The offer `seat` sent last (None when it has none waiting)."""
    sent = [o for o in offers(state) if o["from"] == seat and o["status"] == "sent"]
    return sent[-1] if sent else None


def command_moves(state: dict, seat: int, to: int | None, amounts: dict[tuple[str, str], int],
                  send: bool = True) -> list[str]:
    """The action ids of an offer made in one command, in order: start an offer to `to` (when the
    seat has no draft yet), add the trade and culture tokens given and asked for ({(verb, kind):
    n}, verb "give" or "ask", kind "trade" or "culture"; the biggest steps first), then send it
    unless `send` is False. A UI hands over the command's typed options and never builds an id;
    each id is still checked when it is played."""
    moves = []
    if to is not None and draft_of(state, seat) is None:
        moves.append(f"offer:{to}")
    for (verb, kind), n in amounts.items():
        for step in sorted(STEPS[kind], reverse=True):
            while n >= step:
                moves.append(f"{verb}:{kind}:{step}")
                n -= step
    if send:
        moves.append("send")
    return moves


def _started(state: dict, seat: int) -> int:
    return state["trade_phase"]["started"].get(str(seat), 0)


def can_start(state: dict, seat: int) -> bool:
    return _started(state, seat) < offers_per_phase()


# ---------------------------------------------------------------- legal ids

def legal_ids(state: dict, seat: int) -> list[str]:
    if seat not in active_seats(state):
        return []
    offer = waiting_for(state, seat)
    if offer is not None:
        return answer_ids(state, offer)
    draft = draft_of(state, seat)
    if draft is not None:
        return draft_ids(state, draft) + ["done"]
    out = []
    if can_start(state, seat):
        out += [f"offer:{t}" for t in _order(state) if t != seat]
    return out + ["done"]


def _holdings(area: dict) -> dict:
    return {"trade": area["trade"], "culture": area["culture_tokens"], "resources": list(area["resources"]),
            "hidden": list(area["hidden_resources"]), "cards": list(area["culture_hand"])}


def _left(have: list[str], taken: list[str]) -> list[str]:
    """What is still in `have` once the named items of `taken` are set aside."""
    rest = Counter(have)
    rest.subtract(t for t in taken if t != BLIND)
    return sorted(rest.elements())


def draft_ids(state: dict, draft: dict) -> list[str]:
    mine = _holdings(state["seats"][draft["from"]])
    theirs = _holdings(state["seats"][draft["to"]])
    give, get = draft["give"], draft["get"]
    out = []
    for kind, steps in STEPS.items():
        out += [f"give:{kind}:{n}" for n in steps if mine[kind] - give[kind] >= n]
    out += [f"give:res:{r}" for r in sorted(set(_left(mine["resources"], give["resources"])))]
    out += [f"give:hut:{r}" for r in sorted(set(_left(mine["hidden"], give["hidden"])))]
    cards = {}
    for card in _left(mine["cards"], give["cards"]):
        cards.setdefault(culture.card_kind(card), card)          # copies of one card are offered once
    out += [f"give:card:{c}" for c in cards.values()]
    for kind, steps in STEPS.items():
        out += [f"ask:{kind}:{n}" for n in steps if theirs[kind] - get[kind] >= n]
    out += [f"ask:res:{r}" for r in sorted(set(_left(theirs["resources"], get["resources"])))]
    if BLIND not in get["hidden"] and len(theirs["hidden"]) > len(get["hidden"]):
        out.append("ask:hut")
    if BLIND not in get["cards"] and len(theirs["cards"]) > len(get["cards"]):
        out.append("ask:card")
    if not empty(draft) and shortfall(state, draft, draft["from"]) is None:
        out.append("send")
    return out + ["withdraw"]


def empty(offer: dict) -> bool:
    return not any(offer[side][k] for side in ("give", "get") for k in KINDS)


def _choices(state: dict, offer: dict) -> list[list[str]]:
    """The accept id's extra segments: the card and the face-down resource the offer asks of the
    recipient without naming them (the recipient chooses)."""
    theirs = _holdings(state["seats"][offer["to"]])
    get = offer["get"]
    segs = [[]]
    if BLIND in get["cards"]:
        kinds = {}
        for card in _left(theirs["cards"], get["cards"]):
            kinds.setdefault(culture.card_kind(card), card)
        segs = [s + [c] for s in segs for c in kinds.values()]
    if BLIND in get["hidden"]:
        segs = [s + [r] for s in segs for r in sorted(set(_left(theirs["hidden"], get["hidden"])))]
    return segs


def answer_ids(state: dict, offer: dict) -> list[str]:
    oid = offer["id"]
    out = []
    if shortfall(state, offer, offer["to"]) is None:
        out += [":".join(["accept", str(oid)] + s) for s in _choices(state, offer)]
    out.append(f"decline:{oid}")
    if can_start(state, offer["to"]):
        out.append(f"counter:{oid}")
    return out


def shortfall(state: dict, offer: dict, knower: int | None = None) -> Msg | None:
    """Why the exchange cannot happen now (a side no longer holds what it would give), or None.
    `knower`: the seat asking; of another seat's face-down resources and culture cards it checks
    only how many there are (G32: what they are is not known to it). None: everything."""
    for seat, items in ((offer["from"], offer["give"]), (offer["to"], offer["get"])):
        have = _holdings(state["seats"][seat])
        for kind in ("trade", "culture"):
            if have[kind] < items[kind]:
                return Msg("{player} no longer has {what}.", player=Seat(seat), what=_amount(kind, items[kind]))
        for kind in ("resources", "hidden", "cards"):
            if kind != "resources" and knower is not None and knower != seat:
                if len(have[kind]) < len(items[kind]):
                    return Msg("{player} no longer has {what}.", player=Seat(seat), what=_kind_name(kind))
                continue
            need = Counter(i for i in items[kind] if i != BLIND)
            blind = sum(i == BLIND for i in items[kind])
            held = Counter(have[kind])
            if any(held[i] < n for i, n in need.items()) or len(have[kind]) < len(items[kind]) or \
                    (blind and sum((held - need).values()) < blind):
                return Msg("{player} no longer has {what}.", player=Seat(seat), what=_kind_name(kind))
    return None


# ---------------------------------------------------------------- applying

def apply(state: dict, seat: int, action_id: str) -> list[Event]:
    legal = legal_ids(state, seat)
    if action_id not in legal:
        raise IllegalAction(_why_not(state, seat, action_id))
    verb, _, rest = action_id.partition(":")
    parts = rest.split(":") if rest else []
    if action_id == "done":
        events = _done(state, seat)
    elif verb == "offer":
        events = _start(state, seat, int(parts[0]))
    elif verb in ("give", "ask"):
        events = _add(state, draft_of(state, seat), verb, parts)
    elif verb == "send":
        events = _send(state, draft_of(state, seat))
    elif verb == "withdraw":
        draft = draft_of(state, seat)
        offers(state).remove(draft)
        events = [Event(Msg("A draft offer is thrown away."),
                        private={seat: Msg("You throw away your draft offer to {other}.", other=Seat(draft["to"]))})]
    elif verb == "accept":
        events = _accept(state, seat, parts)
    elif verb == "decline":
        events = _decline(state, _offer(state, int(parts[0])))
    else:
        events = _counter(state, _offer(state, int(parts[0])))
    return events + _close_if_over(state)


def _why_not(state: dict, seat: int, action_id: str) -> Msg:
    verb, _, rest = action_id.partition(":")
    if verb == "accept" and rest.split(":")[0].isdigit():
        offer = next((o for o in offers(state) if o["id"] == int(rest.split(":")[0])), None)
        if offer is None or offer["status"] != "sent" or offer["to"] != seat:
            return Msg("That offer is no longer open.")
        gone = shortfall(state, offer, seat)
        if gone is not None:
            return Msg("You cannot accept that offer now: {why} Decline it, or answer with a counter-offer.", why=gone)
        return Msg("Choose the card and the resource the offer asks of you.")
    if verb in ("decline", "counter") and rest.isdigit():
        offer = next((o for o in offers(state) if o["id"] == int(rest)), None)
        if offer is None or offer["status"] != "sent" or offer["to"] != seat:
            return Msg("That offer is no longer open.")
        if verb == "counter":
            return Msg("You have started {n} offers this Trade phase, the most allowed.", n=offers_per_phase())
    if waiting_for(state, seat) is not None:
        return Msg("Answer the offer waiting for you first: accept, decline or counter it.")
    if verb == "offer" and not can_start(state, seat):
        return Msg("You have started {n} offers this Trade phase, the most allowed.", n=offers_per_phase())
    draft = draft_of(state, seat)
    if verb in ("give", "ask", "send", "withdraw") and draft is None:
        return Msg("Start an offer first: choose who it goes to.")
    if verb in ("give", "ask") and draft is not None:
        return Msg("{player} does not have that to trade (G23: nobody gives more than they hold).",
                   player=Seat(draft["from"] if verb == "give" else draft["to"]))
    if verb == "send" and draft is not None:
        gone = shortfall(state, draft, seat)
        return Msg("This offer cannot be sent: {why}", why=gone) if gone is not None else \
            Msg("Add something to the offer before sending it.")
    if verb == "offer" and draft is not None:
        return Msg("Send your draft offer or throw it away first.")
    return Msg("That is not something you can do in the Trade phase now.")


def _offer(state: dict, oid: int) -> dict:
    return next(o for o in offers(state) if o["id"] == oid)


def _new_record(state: dict, seat: int, to: int, counter_of: int | None = None) -> dict:
    tp = state["trade_phase"]
    rec = {"id": tp["next"], "from": seat, "to": to, "status": "draft", "counter_of": counter_of,
           "give": {"trade": 0, "culture": 0, "resources": [], "hidden": [], "cards": []},
           "get": {"trade": 0, "culture": 0, "resources": [], "hidden": [], "cards": []}}
    tp["next"] += 1
    tp["started"][str(seat)] = _started(state, seat) + 1
    state.setdefault("offers", []).append(rec)
    return rec


def _start(state: dict, seat: int, to: int) -> list[Event]:
    _new_record(state, seat, to)
    return [Event(Msg("A player is preparing an offer."),
                  private={seat: Msg("You start an offer to {other}: add what you give and what you ask, then send it.",
                                     other=Seat(to))})]


def _add(state: dict, draft: dict, verb: str, parts: list[str]) -> list[Event]:
    side = draft["give" if verb == "give" else "get"]
    kind = parts[0]
    if kind in STEPS:
        side[kind] += int(parts[1])
    else:
        key = {"res": "resources", "hut": "hidden", "card": "cards"}[kind]
        side[key].append(parts[1] if len(parts) > 1 else BLIND)
    return [Event(Msg("A player is preparing an offer."),
                  private={draft["from"]: Msg("Your offer to {other}: {offer}.", other=Seat(draft["to"]),
                                              offer=describe(state, draft, draft["from"]))})]


def _send(state: dict, draft: dict) -> list[Event]:
    draft["status"] = "sent"
    a, b = draft["from"], draft["to"]
    return [Event(plural("An offer is waiting for an answer ({n} in all).", "Offers are waiting for answers ({n} in all).",
                         n=pending_count(state)),
                  private={a: Msg("You send your offer to {other}: {offer}.", other=Seat(b),
                                  offer=describe(state, draft, a)),
                           b: Msg("{other} offers you: {offer}. Accept, decline or counter it.", other=Seat(a),
                                  offer=describe(state, draft, b))})]


def _decline(state: dict, offer: dict) -> list[Event]:
    offers(state).remove(offer)
    a, b = offer["from"], offer["to"]
    return [Event(Msg("An offer is declined."),
                  private={a: Msg("{other} declines your offer ({offer}).", other=Seat(b),
                                  offer=describe(state, offer, a)),
                           b: Msg("You decline the offer of {other}.", other=Seat(a))})]


def _counter(state: dict, offer: dict) -> list[Event]:
    """Decline, and start a draft back to the proposer: the offer reversed (what the proposer asked
    without naming it is left out: the counter names what it gives)."""
    a, b = offer["from"], offer["to"]
    offers(state).remove(offer)
    old = draft_of(state, b)
    if old is not None:
        offers(state).remove(old)
    rec = _new_record(state, b, a, counter_of=offer["id"])
    for kind in KINDS:
        rec["give"][kind] = [i for i in offer["get"][kind] if i != BLIND] if kind in ("resources", "hidden", "cards") \
            else offer["get"][kind]
        rec["get"][kind] = list(offer["give"][kind]) if kind in ("resources", "hidden", "cards") else offer["give"][kind]
    done = state["trade_phase"]["done"]
    if b in done:
        done.remove(b)
    return [Event(Msg("An offer is answered with a counter-offer."),
                  private={a: Msg("{other} declines your offer and prepares a counter-offer.", other=Seat(b)),
                           b: Msg("Your counter-offer to {other}: {offer}. Adjust it, then send it.", other=Seat(a),
                                  offer=describe(state, rec, b))})]


def _accept(state: dict, seat: int, parts: list[str]) -> list[Event]:
    """R27: the exchange happens at once, both ways (G23: the dial stops at 27, the excess is
    lost); R28: a hand over its limit is discarded down by flow at once."""
    offer = _offer(state, int(parts[0]))
    chosen = parts[1:]
    a, b = offer["from"], offer["to"]
    gone = shortfall(state, offer)
    if gone is not None:         # the proposer's face-down goods are gone: the exchange fails
        offers(state).remove(offer)
        why = Msg("The exchange of {a} and {b} fails: {why}", a=Seat(a), b=Seat(b), why=gone)
        return [Event(Msg("An offer is withdrawn."), private={a: why, b: why})]
    get = {k: (list(v) if isinstance(v, list) else v) for k, v in offer["get"].items()}
    for kind in ("cards", "hidden"):
        if BLIND in get[kind]:
            get[kind][get[kind].index(BLIND)] = chosen.pop(0)
    sa, sb = state["seats"][a], state["seats"][b]
    _move(state, sa, sb, offer["give"])
    _move(state, sb, sa, get)
    offers(state).remove(offer)
    done_record = {"give": offer["give"], "get": get}
    public = Msg("{a} and {b} trade: {a} gives {give}; {b} gives {get}.", a=Seat(a), b=Seat(b),
                 give=_public_items(offer["give"]), get=_public_items(get))
    return [Event(public, private={
        a: Msg("{other} accepts your offer: you give {give} and get {get}.", other=Seat(b),
               give=_items(done_record["give"], a, a, state), get=_items(get, a, b, state)),
        b: Msg("You accept the offer of {other}: you get {give} and give {get}.", other=Seat(a),
               give=_items(done_record["give"], b, a, state), get=_items(get, b, b, state))}, hidden=True)]


def _move(state: dict, giver: dict, taker: dict, items: dict) -> None:
    """One side's items change hands; the face-down markers and culture cards that moved are known
    to both players now (seen.py records it: the secrecy hook never deals them again)."""
    giver["trade"] -= items["trade"]
    taker["trade"] = min(economy.TRADE_MAX, taker["trade"] + items["trade"])
    giver["culture_tokens"] -= items["culture"]
    taker["culture_tokens"] += items["culture"]
    for kind, key in (("resources", "resources"), ("cards", "culture_hand")):
        for item in items[kind]:
            giver[key].remove(item)
            taker[key].append(item)
    for item in items["hidden"]:
        content, _origin = seen.take_marker(giver, giver["hidden_resources"].index(item))
        seen.gain_marker(taker, content)
    seen.show_cards(state, items["cards"])


def _done(state: dict, seat: int) -> list[Event]:
    draft = draft_of(state, seat)
    if draft is not None:
        offers(state).remove(draft)
    done = state["trade_phase"]["done"]
    if seat not in done:
        done.append(seat)
    return [Event(Msg("{player} has finished trading.", player=Seat(seat)))]


def _close_if_over(state: dict) -> list[Event]:
    """R29: the phase ends when every seat has ended its step and no offer waits."""
    if active_seats(state):
        return []
    state["offers"] = []
    state["trade_phase"]["open"] = False
    state["trade_phase"]["done"] = []
    return [Event(Msg("The Trade phase is over."))] + begin_city_management(state)


def begin_city_management(state: dict) -> list[Event]:
    """The Trade phase is over: the first player's City Management step (flow.py re-exports it)."""
    state["phase"] = "city"
    state["step_seat"] = state["first"]
    state["city_done"] = []
    return []


def waiting_text(state: dict) -> Msg:
    """The public line while the phase is open: counts only (who an offer waits for is private)."""
    return Msg("Trade phase: {players}, {offers}",
               players=plural("{n} player still trading", "{n} players still trading", n=len(active_seats(state))),
               offers=plural("{n} offer waiting for an answer", "{n} offers waiting for answers", n=pending_count(state)))


def timeout_action(state: dict, seat: int) -> str:
    """A player out of time in the Trade phase: an offer waiting for them is declined (never
    accepted for them), a draft is thrown away, then their trade step ends."""
    offer = waiting_for(state, seat)
    if offer is not None:
        return f"decline:{offer['id']}"
    return "withdraw" if draft_of(state, seat) is not None else "done"


# ---------------------------------------------------------------- texts

def _amount(kind: str, n: int):
    if kind == "trade":
        return plural("{n} trade", "{n} trade", n=n)
    return plural("{n} culture token", "{n} culture tokens", n=n)


def _kind_name(kind: str) -> Msg:
    return {"resources": Msg("those resource tokens"), "hidden": Msg("those hut or village resources"),
            "cards": Msg("those culture event cards")}[kind]


def _resource(res: str):
    try:
        return cities.resource_name(res)
    except KeyError:
        return res


def _card(card: str, viewer: int | None, owner: int, state: dict):
    if card == BLIND:
        return Msg("a culture event card of their choice")
    try:
        return culture.card_name(card)
    except (KeyError, ValueError):
        return culture.card_kind(card)


def _items(items: dict, viewer: int | None, owner: int, state: dict):
    """The items one side gives, as the parties read them."""
    out = []
    for kind in ("trade", "culture"):
        if items[kind]:
            out.append(_amount(kind, items[kind]))
    out += [_resource(r) for r in items["resources"]]
    out += [Msg("a hut or village resource of their choice") if r == BLIND
            else Msg("{resource} (face down)", resource=_resource(r)) for r in items["hidden"]]
    out += [_card(c, viewer, owner, state) for c in items["cards"]]
    return out or Msg("nothing")


def _public_items(items: dict):
    """What others read: no card or face-down resource by name (spec 11.3)."""
    out = []
    for kind in ("trade", "culture"):
        if items[kind]:
            out.append(_amount(kind, items[kind]))
    out += [_resource(r) for r in items["resources"]]
    if items["hidden"]:
        out.append(plural("{n} face-down resource", "{n} face-down resources", n=len(items["hidden"])))
    if items["cards"]:
        out.append(plural("{n} culture event card", "{n} culture event cards", n=len(items["cards"])))
    return out or Msg("nothing")


def describe(state: dict, offer: dict, viewer: int | None) -> Msg:
    """An offer as one of its two seats reads it."""
    a, b = offer["from"], offer["to"]
    return Msg("{a} gives {give}; {b} gives {get}", a=Seat(a), b=Seat(b),
               give=_items(offer["give"], viewer, a, state), get=_items(offer["get"], viewer, b, state))


def prompt(state: dict, seat: int):
    """What the seat is asked in the Trade phase (a Msg), "" when nothing."""
    if seat not in active_seats(state):
        return ""
    offer = waiting_for(state, seat)
    if offer is not None:
        text = Msg("{other} offers you a trade (offer {id}): {offer}. Accept, decline or counter it.",
                   other=Seat(offer["from"]), id=offer["id"], offer=describe(state, offer, seat))
        gone = shortfall(state, offer, seat)
        if gone is not None:
            return Msg("{text} It cannot be accepted now: {why}", text=text, why=gone)
        return text
    draft = draft_of(state, seat)
    if draft is not None:
        return Msg("Your draft offer to {other}: {offer}. Add items, then send it (or throw it away).",
                   other=Seat(draft["to"]), offer=describe(state, draft, seat))
    left = offers_per_phase() - _started(state, seat)
    return plural("Trade phase: make an offer to another player ({n} offer left), or end your trade step.",
                  "Trade phase: make an offer to another player ({n} offers left), or end your trade step.", n=left)


# ---------------------------------------------------------------- views and paths

def view_offers(state: dict, viewer: int | None) -> list[dict]:
    """The offer records `viewer` may see: its own drafts and the sent offers it is party to, card
    ids it does not hold shown as their kind."""
    out = []
    mine = set(state["seats"][viewer]["culture_hand"]) if viewer is not None else set()
    for o in state.get("offers", []):
        if viewer is None or viewer not in (o["from"], o["to"]):
            continue
        if o["status"] == "draft" and o["from"] != viewer:
            continue
        rec = {k: v for k, v in o.items() if k not in ("give", "get")}
        for side in ("give", "get"):
            items = dict(o[side])
            items["cards"] = [c if c in mine or c == BLIND else culture.card_kind(c) for c in o[side]["cards"]]
            items["resources"] = list(items["resources"])
            items["hidden"] = list(items["hidden"])
            rec[side] = items
        out.append(rec)
    return out


def hidden_items(state: dict, seat: int) -> set[str]:
    """What only `seat` knows of the trading: its drafts (a token per draft)."""
    return {f"trade-draft-{o['id']}-{seat}" for o in state.get("offers", [])
            if o["status"] == "draft" and o["from"] == seat}


PATH_LABELS = {
    "trade": Msg("Trade"), "culture": Msg("Culture tokens"), "res": Msg("A resource token"),
    "hut": Msg("A hut or village resource"), "card": Msg("A culture event card"),
}


def segment_label(state: dict, verb: str, index: int, value: str, parts: list[str]):
    """A readable name for one segment of a Trade-phase id (paths.segment_label asks here)."""
    if verb == "offer":
        return Msg("To {player}", player=Seat(int(value)))
    if verb in ("accept", "decline", "counter") and index == 1:
        offer = next((o for o in state.get("offers", []) if o["id"] == int(value)), None)
        return Msg("Offer {id} from {player}", id=value, player=Seat(offer["from"])) if offer else Msg("Offer {id}", id=value)
    if verb in ("give", "ask"):
        if index == 1:
            return PATH_LABELS.get(value, value)
        if parts[1] in STEPS:
            return _amount(parts[1], int(value))
        if parts[1] in ("res", "hut"):
            return _resource(value)
        if parts[1] == "card":
            return _card(value, None, 0, state)
    if verb == "accept" and index >= 2:
        if "." in value:                                   # a culture card copy ("<card>.<copy>")
            return Msg("Give {card}", card=_card(value, None, 0, state))
        return Msg("Give {resource} (face down)", resource=_resource(value))
    return value
