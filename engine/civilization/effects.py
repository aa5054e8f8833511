"""Card effects as data plus one small named function per distinct effect.

A card record in data/civilization/*.json names its effect: "effect": {"fn": <name>, ...parameters}.
EFFECTS maps each name to the function that carries it out, fn(state, seat, spec, args) ->
list[Event], where spec is the card's "effect" record and args the choices the player made (the
segments of the action id after the card). Modules register their functions with @effect(name):
abilities.py (techs, civilizations, governments), event_cards.py (culture events, disasters),
wonders.py (wonders). run() looks a card's effect up and calls it.

A culture event, resource ability or (with Writing) city action that another seat may cancel does
not resolve at once: it waits in state["pending"] while the cancel window is open (announce,
hold_city_action); who is in the window depends on public facts only (see "the cancel window").
A choice a card asks (pending.choose) waits there too; apply_pending answers both and hands what
goes on back to the modules above this one (flow.RESUME)."""
from __future__ import annotations

from typing import Callable

from engine.base import Event, IllegalAction
from engine.text import Msg, Seat

from . import board, culture, data, labels, research, seen

Effect = Callable[[dict, int, dict, list], list[Event]]
EFFECTS: dict[str, Effect] = {}


def effect(name: str):
    """Register the function carrying out the effect `name` (one name per distinct effect)."""
    def register(fn: Effect) -> Effect:
        if name in EFFECTS and EFFECTS[name] is not fn:
            raise ValueError(f"two functions for the effect {name}")
        EFFECTS[name] = fn
        return fn
    return register


def run(state: dict, seat: int, spec: dict, args: list) -> list[Event]:
    return EFFECTS[spec["fn"]](state, seat, spec, list(args))


def announce(state: dict, seat: int, kind: str, card: str, spec: dict, args: list,
             targets: list[int] | None = None) -> list[Event]:
    """A culture event (kind "event") or resource ability (kind "ability") is played: it resolves
    now, or waits in state["pending"] while the cancel window is open (window_seats). `targets`:
    the seats the event targets (Bread and Circuses)."""
    waiting = window_seats(state, seat, kind)
    if not waiting:
        return run(state, seat, spec, args)
    state["pending"] = {"kind": "cancel", "what": kind, "seat": seat, "card": card, "spec": spec,
                        "args": list(args), "targets": list(targets or []), "waiting": waiting}
    return [Event(Msg("The cancel window is open: the players who may cancel {card} answer in private.",
                      card=_card_name(kind, card)))]


def hold_city_action(state: dict, seat: int, action_id: str) -> list[Event] | None:
    """Writing: a city action another player may cancel waits in the cancel window (None: it goes
    on now). The action is said in public: a player who may cancel it must know what it is."""
    if state.get("resolving_city") == action_id:
        return None
    waiting = window_seats(state, seat, "city")
    if not waiting:
        return None
    state["pending"] = {"kind": "cancel", "what": "city", "seat": seat, "card": action_id, "spec": {},
                        "args": [], "targets": [], "waiting": waiting}
    return [Event(Msg("{player} takes a city action ({action}); the cancel window is open: the players who may "
                      "cancel it answer in private.", player=Seat(seat), action=labels.action(state, action_id).label))]


# ---------------------------------------------------------------- the cancel window
#
# Who may cancel what: culture event cards held, and tech abilities paid with a spy (Kremlin: 2
# resources in place of it). Culture event cards are held in secret (seed: 「並秘密地 將其添加到手牌中」)
# and hut and village markers lie face down on the civ sheet (「檢視它的背面,然後面朝下放置在玩家自己的
# 文明玩家板上」), so who holds a means is secret: the window opens for every other seat that MAY hold one
# as far as the public knows (window_seats: a culture event card in hand, whatever it is, or a cancel
# tech with a spy, a face-down marker, a culture card (a gift pays a spy) or the Kremlin's two
# resources), never for what they hold. The seats in the window answer at once and in private
# (moments.moment: a WINDOW): each may let it happen ("allow", which says nothing in
# public) or cancel it with a means it really holds (cancel_means). A seat whose player set
# `/match autopass on` is answered "allow" by the platform in every window, whatever it holds.

CANCEL_CARDS = {"bread_and_circuses": ("event",), "jousting_tourney": ("event",),
                "primetime_tv": ("event", "ability")}
CANCEL_TECHS = {"civil_service": "event", "mass_media": "ability", "writing": "city"}
SPY = {"spy": 1}
CARDS_CANCEL = ("event", "ability")            # what a culture event card in hand might cancel


def uncancellable(state: dict, what: str, player: int) -> bool:
    """Mass Media: its owner's culture events cannot be cancelled."""
    return what == "event" and research.knows(state, player, "mass_media")


def cancel_means(state: dict, seat: int, what: str, player: int, targets: list[int]) -> list[str]:
    """The means `seat` really holds to cancel the play of `player` (cards once by kind, then
    techs). Secret: only the seat itself is offered them."""
    if seat == player or uncancellable(state, what, player):
        return []
    out, kinds = [], set()
    for card in sorted(state["seats"][seat]["culture_hand"]):
        kind = culture.card_kind(card)
        if kind in kinds or what not in CANCEL_CARDS.get(kind, ()):
            continue
        if kind == "bread_and_circuses" and seat not in targets:
            continue
        kinds.add(kind)
        out.append(card)
    used = state["seats"][seat].get("used_this_turn", [])
    for tech, on in CANCEL_TECHS.items():
        if on == what and research.knows(state, seat, tech) and tech not in used and can_pay(state, seat, SPY):
            out.append(tech)
    return out


def may_pay_spy(state: dict, seat: int) -> bool:
    """Whether the seat may be able to pay a spy as far as the public knows: a spy token in the
    open, any face-down hut or village marker (it may be a spy), any culture event card (it may be
    a gift that pays as a spy) or the Kremlin ready with two resource tokens."""
    area = state["seats"][seat]
    return ("spy" in area["resources"] or bool(area["hidden_resources"]) or bool(area["culture_hand"])
            or (board.kremlin_ready(state, seat) and len(area["resources"]) >= board.wonder_number("kremlin")))


def may_cancel(state: dict, seat: int, what: str, player: int) -> bool:
    """Whether `seat` may hold a means to cancel the play as far as the public knows: public facts
    only (the size of its hand, its techs, its open tokens, the count of its face-down markers),
    never what its secret cards and markers are. Every seat that really holds a means is in."""
    if seat == player or uncancellable(state, what, player):
        return False
    area = state["seats"][seat]
    if what in CARDS_CANCEL and area["culture_hand"]:
        return True
    used = area.get("used_this_turn", [])
    return any(on == what and research.knows(state, seat, tech) and tech not in used and may_pay_spy(state, seat)
               for tech, on in CANCEL_TECHS.items())


def window_seats(state: dict, seat: int, what: str) -> list[int]:
    """The seats in the cancel window of `seat`'s play, in turn order from it (public facts only)."""
    n = state["players"]
    others = [(seat + i) % n for i in range(1, n)]
    return [s for s in others if may_cancel(state, s, what, seat)]


def _card_name(kind: str, card: str):
    if kind == "event":
        return culture.card_name(card)
    try:
        return research.name(card)
    except Exception:                                      # an ability of another kind of card
        return card


def in_window(state: dict, seat: int | None = None) -> bool:
    """A cancel window waits (for `seat`, when given)."""
    p = state.get("pending")
    return bool(p and p["kind"] == "cancel" and not state.get("result")
                and (seat is None or seat in p["waiting"]))


def pending_seats(state: dict) -> list[int]:
    """The seats that must answer the pending play (every seat of a cancel window at once), none
    when nothing waits."""
    p = state.get("pending")
    if not p:
        return []
    if p["kind"] == "choose":
        return [p["seat"]]
    return list(p["waiting"])


def pending_options(state: dict, seat: int) -> list[str]:
    p = state.get("pending")
    if not p or seat not in pending_seats(state):
        return []
    if p["kind"] == "choose":
        return [f"pick:{o}" for o in p["options"]]
    return ["allow"] + [f"cancel:{m}" for m in cancel_means(state, seat, p["what"], p["seat"], p["targets"])]


def apply_pending(state: dict, seat: int, action_id: str, resume: dict) -> list[Event]:
    """An answer to the pending play (cancel it, or let it resolve), or a card's pending choice.
    `resume` (flow.RESUME: the modules that carry on sit above this one) names what goes on:
    "choose": fn(state, seat, step, context, option), the next step of the choice;
    "cancelled": fn(state, seat, card), a culture event cancelled in the window;
    "city": fn(state, seat, action_id), a held city action nobody cancelled."""
    if action_id not in pending_options(state, seat):
        raise IllegalAction(Msg("That is not something you can do now."))
    p = state["pending"]
    if p["kind"] == "choose":
        state.pop("pending")
        return resume["choose"](state, seat, p["step"], p["context"], action_id.split(":", 1)[1])
    if action_id == "allow":                  # said to nobody: a pass by autopass looks like any other
        p["waiting"].remove(seat)
        if p["waiting"]:
            return []
        return [Event(Msg("Nobody cancels {what}: it happens.", what=_played(state, p)))] + _resolve(state, resume)
    means = action_id.split(":", 1)[1]
    area = state["seats"][seat]
    if means in area["culture_hand"]:
        area["culture_hand"].remove(means)
        state["decks"]["culture"][culture.era_of(means)]["up"].append(means)     # R57
        how = culture.card_name(means)
    else:
        area.setdefault("used_this_turn", []).append(means)
        pay(state, seat, SPY)
        how = _card_name("ability", means)
    state.pop("pending")
    events = [Event(Msg("{player} cancels {what} with {means}.", player=Seat(seat), what=_played(state, p),
                        means=how))]
    if p["what"] == "city":                                 # the city's action is spent for nothing
        city_id = p["card"].split(":")[1]
        state.setdefault("city_done", []).append(f"{city_id}|{p['card'].split(':')[0]}")
    elif p["what"] == "event":
        events += resume["cancelled"](state, p["seat"], p["card"])
    return events


def window_prompt(state: dict, seat: int) -> Msg:
    """What a seat in the cancel window is asked (privately): whether it really holds a means."""
    p = state["pending"]
    if p["what"] == "city":
        play = Msg("{player} takes a city action ({action})", player=Seat(p["seat"]),
                   action=labels.action(state, p["card"]).label)
    else:
        play = Msg("{player} plays {card}", player=Seat(p["seat"]), card=_card_name(p["what"], p["card"]))
    means = cancel_means(state, seat, p["what"], p["seat"], p["targets"])
    if means:
        names = [culture.card_name(m) if "." in m else _card_name("ability", m) for m in means]
        return Msg("{play}. You may cancel it with {means}, or let it happen. Everyone who may hold a means is "
                   "asked every time; `/match autopass on` lets it happen for you in every cancel window.",
                   play=play, means=names)
    return Msg("{play}. You hold nothing that cancels it: let it happen. You are asked because the others cannot "
               "know what you hold; `/match autopass on` lets it happen for you in every cancel window.", play=play)


def _played(state: dict, p: dict):
    """What waits in the window, in words: the card, the ability, or the player's city action."""
    if p["what"] == "city":
        return Msg("the city action of {player}", player=Seat(p["seat"]))
    return _card_name(p["what"], p["card"])


def _resolve(state: dict, resume: dict) -> list[Event]:
    p = state.pop("pending")
    if p["what"] == "city":
        state["resolving_city"] = p["card"]
        try:
            return resume["city"](state, p["seat"], p["card"])
        finally:
            state.pop("resolving_city", None)
    return run(state, p["seat"], p["spec"], p["args"])


# ---------------------------------------------------------------- paying resources (R61)

MAP_RESOURCES = ("silk", "iron", "incense", "wheat")


def _held(area: dict) -> list[tuple[str, int, str]]:
    """(list name, index, resource) for every resource the seat holds: market tokens first."""
    return ([("resources", i, r) for i, r in enumerate(area["resources"])]
            + [("hidden_resources", i, r) for i, r in enumerate(area["hidden_resources"])
               if isinstance(r, str)])


GIFTS = {"generous_gift": ("iron", "wheat", "spy", "silk"),                       # culture events that
         "princely_gift": ("iron", "uranium", "spy", "wheat", "silk")}           # count as a resource


def _gifts(area: dict) -> list[tuple[str, int, str]]:
    """("culture_hand", index, card) for the gift cards in hand (one a kind is enough to look at)."""
    out = []
    for i, card in enumerate(area.get("culture_hand", [])):
        if card.split(".", 1)[0] in GIFTS:
            out.append(("culture_hand", i, card))
    return out


def _choose_payment(area: dict, cost: dict, gifts: bool = True) -> list[tuple[str, int, str]] | None:
    """The resources paying `cost` ({resource: n, "any": n}), or None if the seat cannot pay.
    Named resources are taken first; "any" takes market tokens first, of the kind the seat holds
    most of, then face-down markers (DD: the engine chooses, so that a payment is one click).
    House: A Generous Gift / A Princely Gift in the hand pays for one resource it names only when
    the seat's tokens fall short (tokens are spent first, so a payment stays one click)."""
    held = _held(area)
    spare = _gifts(area) if gifts else []
    chosen: list[tuple[str, int, str]] = []
    for res, n in sorted(cost.items()):
        if res == "any":
            continue
        mine = [h for h in held if h[2] == res and h not in chosen]
        if len(mine) < n:
            covering = [g for g in spare if res in GIFTS[g[2].split(".", 1)[0]] and g not in chosen]
            if len(mine) + len(covering) < n:
                return None
            mine += covering
        chosen += mine[:n]
    rest = [h for h in held if h not in chosen and h[2] in MAP_RESOURCES + ("spy", "uranium")]
    # market tokens first, the kind held most of first; then the face-down markers in the order
    # they were taken: the choice looks at open tokens only, so what is spent in the open never
    # tells what the markers are
    counts: dict[str, int] = {}
    for h in rest:
        if h[0] == "resources":
            counts[h[2]] = counts.get(h[2], 0) + 1
    rest.sort(key=lambda h: (h[0] != "resources", -counts.get(h[2], 0) if h[0] == "resources" else 0,
                             h[2] if h[0] == "resources" else "", h[1]))
    rest += [g for g in spare if g not in chosen]
    n_any = int(cost.get("any", 0))
    if len(rest) < n_any:
        return None
    return chosen + rest[:n_any]


def _kremlin_cost(state: dict, seat: int, cost: dict) -> dict | None:
    """The Kremlin (once a turn): any 2 resources in place of a spy, when the spy is short."""
    if not cost.get("spy") or not board.kremlin_ready(state, seat):
        return None
    out = dict(cost)
    out["spy"] -= 1
    if not out["spy"]:
        del out["spy"]
    out["any"] = out.get("any", 0) + board.wonder_number("kremlin")
    return out


def can_pay(state: dict, seat: int, cost: dict) -> bool:
    if _choose_payment(state["seats"][seat], cost) is not None:
        return True
    alt = _kremlin_cost(state, seat, cost)
    return alt is not None and _choose_payment(state["seats"][seat], alt) is not None


def pay(state: dict, seat: int, cost: dict) -> list[str]:
    """Spend the resources of `cost`: market tokens go back to the market, hut and village
    markers out of the game, gift cards under their deck (R57). Returns the resources spent.
    Raises ValueError if it cannot pay (callers check can_pay first)."""
    return [h[2] for h in _spend(state, seat, cost)]


def pay_in_public(state: dict, seat: int, cost: dict) -> list:
    """pay, returning what everyone reads of the payment: market tokens and gift cards by name, a
    face-down marker as such (it leaves the game unseen)."""
    words = []
    for where, _i, res in _spend(state, seat, cost):
        if where == "resources":
            words.append(data.term(data.by_id("market")[res]["name"]))
        elif where == "culture_hand":
            words.append(culture.card_name(res))
        else:
            words.append(Msg("a face-down marker"))
    return words


def _spend(state: dict, seat: int, cost: dict) -> list[tuple[str, int, str]]:
    area = state["seats"][seat]
    chosen = _choose_payment(area, cost)
    if chosen is None:
        alt = _kremlin_cost(state, seat, cost)
        chosen = _choose_payment(area, alt) if alt is not None else None
        if chosen is not None:
            area.setdefault("used_this_turn", []).append("kremlin")
    if chosen is None:
        raise ValueError(f"seat {seat} cannot pay {cost}")
    for where, i, res in sorted(chosen, key=lambda h: -h[1]):
        if where == "hidden_resources":
            seen.take_marker(area, i)                 # out of the game (R61)
            continue
        del area[where][i]
        if where == "resources":
            state["decks"]["resources"][res] = state["decks"]["resources"].get(res, 0) + 1
        elif where == "culture_hand":
            state["decks"]["culture"][culture.era_of(res)]["up"].append(res)
    return chosen
