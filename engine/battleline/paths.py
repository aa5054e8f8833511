"""Each legal move as the choices a player makes one after another (`Action.path`): the verb,
then the card, then its target. Built from the action ids of one `legal_actions` call, so every
label comes from the engine and a UI never parses an id.

Texts read from the mover's side ("You", "Them", "Your Red 7") and name other seats "Player N".
Flag summaries show public cards only (spec section 6).
"""
from __future__ import annotations

from engine.base import Action, Choice

from .cards import GUILE, card_label, is_troop
from .formations import describe_key
from .help import TACTIC_HINTS
from .proof import ClaimCheck, flag_limit, player_name, side_index

MAX_TEXT = 100  # a label or description a UI can show whole (Discord's select limit)

PLAY = Choice("play", "Play a card")
PASS = Choice("pass", "Pass", "Play nothing and draw nothing")
CLAIM = Choice("claim", "Claim a flag")
DONE = Choice("done", "Finish claiming")
DRAW = Choice("draw", "Draw a card")
RETURN = "return"
SCOUT_DRAW = "scout-draw"
MUD = "muddiscard"
MOVED_BY_TACTIC = ("T-REDEPLOY", "T-DESERTER", "T-TRAITOR")  # their target is a card at a flag


def fit(text: str) -> str:
    return text if len(text) <= MAX_TEXT else text[:MAX_TEXT - 1].rstrip() + "…"


def flag_summary(flag: dict, seat: int) -> str:
    """The public cards of one flag from `seat`'s side: "You: Red 7 · Them: — · Fog"."""
    mine_at = side_index(flag, seat)
    mine = [card_label(c) for c in flag["sides"][mine_at]["cards"]] if mine_at is not None else []
    theirs = [card_label(c) for i, s in enumerate(flag["sides"]) if i != mine_at for c in s["cards"]]
    text = f"You: {', '.join(mine) or '—'} · Them: {', '.join(theirs) or '—'}"
    env = [card_label(e["card"]) for e in flag["env"]]
    return fit(text + (" · " + ", ".join(env) if env else ""))


class _Flags:
    """The flag choices of one call, each summary made once."""

    def __init__(self, state: dict, seat: int):
        self.state, self.seat = state, seat
        self.made: dict[str, Choice] = {}

    def __call__(self, n: str) -> Choice:
        choice = self.made.get(n)
        if choice is None:
            flag = self.state["flags"][int(n) - 1]
            choice = self.made[n] = Choice(n, f"Flag {n}", flag_summary(flag, self.seat))
        return choice


def play_paths(state: dict, seat: int, moves: list[tuple[str, str]]) -> list[Action]:
    """The play step's moves, given as (id, label), as actions: play → card → flag, play →
    tactic → card at a flag (→ where to), play → Scout, and pass."""
    flags = _Flags(state, seat)
    split = [(move_id, label, move_id.split(":")) for move_id, label in moves]
    where: dict[str, list[str]] = {}  # card -> flags it may go to (its hint)
    for _, _, parts in split:
        if len(parts) == 3 and parts[1] not in MOVED_BY_TACTIC:
            where.setdefault(parts[1], []).append(parts[2])
    cards: dict[str, Choice] = {}

    def card_choice(card: str) -> Choice:
        choice = cards.get(card)
        if choice is None:
            hint = TACTIC_HINTS.get(card, "")
            if card not in GUILE:
                hint = (hint + " · " if hint else "") + "Flags " + ", ".join(where.get(card, ()))
            choice = cards[card] = Choice(card, card_label(card), fit(hint))
        return choice

    out = []
    made = flags.made
    for move_id, label, parts in split:
        if len(parts) == 1:  # pass
            out.append(Action(move_id, label, "pass", (PASS,)))
            continue
        card = cards.get(parts[1]) or card_choice(parts[1])
        if len(parts) == 3 and parts[1] not in MOVED_BY_TACTIC:  # the common case: a card to a flag
            path = (PLAY, card, made.get(parts[2]) or flags(parts[2]))
        elif len(parts) == 2:  # play:T-SCOUT
            path = (PLAY, card)
        else:
            source, target = parts[2], parts[3]
            owner = "Your" if parts[1] == "T-REDEPLOY" else "Their"
            path = (PLAY, card, Choice(f"{source}-{target}", f"{owner} {card_label(target)} at flag {source}",
                                       flags(source).description))
            if len(parts) == 5:
                path += (Choice("discard", "Discard it") if parts[4] == "discard" else flags(parts[4]),)
        out.append(Action(move_id, label, card.label, path))
    return out


def claim_reason(state: dict, seat: int, flag_no: int, check: ClaimCheck) -> str:
    """Why a provable claim holds, in a few words (R29-R33)."""
    flag = state["flags"][flag_no - 1]
    other = 1 - side_index(flag, seat)
    them = player_name(flag["seats"][other])
    mine = describe_key(check.claimant_key)
    best = check.opponent_best
    if best is None:  # R33: too few cards left for him to complete
        return fit(f"Your {mine}; {them} can no longer complete this flag")
    if len(flag["sides"][other]["cards"]) == flag_limit(flag):  # R29
        if best.key == check.claimant_key:
            return fit(f"Both {mine}; {them} completed later (R22c)")
        return fit(f"Your {mine} beats {them}'s {describe_key(best.key)}")
    return fit(f"Your {mine}; the best {them} can still make is {describe_key(best.key)}")  # R30-R33


def claim_action(state: dict, seat: int, flag_no: int, check: ClaimCheck) -> Action:
    n = str(flag_no)
    return Action(f"claim:{n}", f"Claim flag {n}", "claim",
                  (CLAIM, Choice(n, f"Flag {n}", claim_reason(state, seat, flag_no, check))))


def done_action() -> Action:
    return Action("done", "Finish claiming", "claim", (DONE,))


def deck_choice(state: dict, deck: str) -> Choice:
    return Choice(deck, f"{deck.capitalize()} deck ({len(state[deck + '_deck'])} left)")


def draw_actions(state: dict) -> list[Action]:
    return [Action(f"draw:{deck}", f"Draw from the {deck} deck ({len(state[deck + '_deck'])} left)", "draw",
                   (DRAW, deck_choice(state, deck))) for deck in ("troop", "tactics")]


def scout_draw_actions(state: dict) -> list[Action]:
    verb = Choice(SCOUT_DRAW, "Scout: draw", f"Card {4 - state['scout']['draws_left']} of 3")
    return [Action(f"scout:draw:{deck}", f"Scout: draw from the {deck} deck", "scout",
                   (verb, deck_choice(state, deck))) for deck in ("troop", "tactics")]


def scout_return_actions(state: dict, hand: list[str]) -> list[Action]:
    left = state["scout"]["returns_left"]
    verb = Choice(RETURN, "Scout: put a card back", f"{left} to put back; the last one lies on top")
    out = []
    for card in hand:
        deck = "troop" if is_troop(card) else "tactics"  # R50: each to its own deck
        out.append(Action(f"scout:return:{card}", f"Scout: put {card_label(card)} back on the {deck} deck",
                          "scout", (verb, Choice(card, f"{card_label(card)} ({deck} deck)"))))
    return out


def mud_actions(flag_no: int, cards: list[str]) -> list[Action]:
    verb = Choice(MUD, "Discard after Mud", f"Mud has left flag {flag_no}")
    return [Action(f"muddiscard:{c}", f"Discard {card_label(c)} from flag {flag_no}", "mud",
                   (verb, Choice(c, card_label(c)))) for c in cards]
