"""Each legal move as the choices a player makes one after another (`Action.path`): the verb,
then the card, then its target. Built from the action ids of one `legal_actions` call, so every
label comes from the engine and a UI never parses an id.

Texts (engine/text.py `Msg`s) read from the mover's side ("You", "Them", "Your Red 7") and
name other seats with `Seat(n)`. Flag summaries show public cards only (spec section 6).
"""
from __future__ import annotations

from engine.base import Action, Choice, fit_choice
from engine.text import Msg, term

from .cards import GAME, GUILE, card_label, is_troop
from .formations import describe_key
from .help import TACTIC_HINTS
from .proof import ClaimCheck, flag_limit, player_name, side_index

PLAY = Choice("play", Msg("Play a card"))
PASS = Choice("pass", Msg("Pass"), Msg("Play nothing and draw nothing"))
CLAIM = Choice("claim", Msg("Claim a flag"))
DONE = Choice("done", Msg("Finish claiming"))
DRAW = Choice("draw", Msg("Draw a card"))
RETURN = "return"
SCOUT_DRAW = "scout-draw"
MUD = "muddiscard"
MOVED_BY_TACTIC = ("T-REDEPLOY", "T-DESERTER", "T-TRAITOR")  # their target is a card at a flag


def deck_name(deck: str) -> Msg:
    """"troop deck" or "tactics deck" as the glossary names it."""
    return term(GAME, f"{deck} deck")


def flag_summary(flag: dict, seat: int) -> str:
    """The public cards of one flag from `seat`'s side: "You: Red 7 · Them: — · Fog"."""
    mine_at = side_index(flag, seat)
    mine = [card_label(c) for c in flag["sides"][mine_at]["cards"]] if mine_at is not None else []
    theirs = [card_label(c) for i, s in enumerate(flag["sides"]) if i != mine_at for c in s["cards"]]
    env = [card_label(e["card"]) for e in flag["env"]]
    if env:
        return fit_choice(Msg("You: {mine} · Them: {theirs} · {env}", mine=mine or "—", theirs=theirs or "—", env=env))
    return fit_choice(Msg("You: {mine} · Them: {theirs}", mine=mine or "—", theirs=theirs or "—"))


class _Flags:
    """The flag choices of one call, each summary made once."""

    def __init__(self, state: dict, seat: int):
        self.state, self.seat = state, seat
        self.made: dict[str, Choice] = {}

    def __call__(self, n: str) -> Choice:
        choice = self.made.get(n)
        if choice is None:
            flag = self.state["flags"][int(n) - 1]
            choice = self.made[n] = Choice(n, Msg("Flag {flag}", flag=int(n)), flag_summary(flag, self.seat))
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
                flags_to = [int(n) for n in where.get(card, ())]
                hint = (Msg("{hint} · Flags {flags}", hint=hint, flags=flags_to) if hint
                        else Msg("Flags {flags}", flags=flags_to))
            choice = cards[card] = Choice(card, card_label(card), fit_choice(hint))
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
            if parts[1] == "T-REDEPLOY":
                what = Msg("Your {card} at flag {flag}", card=card_label(target), flag=int(source))
            else:
                what = Msg("Their {card} at flag {flag}", card=card_label(target), flag=int(source))
            path = (PLAY, card, Choice(f"{source}-{target}", what, flags(source).description))
            if len(parts) == 5:
                path += (Choice("discard", Msg("Discard it")) if parts[4] == "discard" else flags(parts[4]),)
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
        return fit_choice(Msg("Your {mine}; {them} can no longer complete this flag", mine=mine, them=them))
    if len(flag["sides"][other]["cards"]) == flag_limit(flag):  # R29
        if best.key == check.claimant_key:
            return fit_choice(Msg("Both {formation}; {them} completed later (R22c)", formation=mine, them=them))
        return fit_choice(Msg("Your {mine} beats {them}'s {theirs}", mine=mine, them=them, theirs=describe_key(best.key)))
    return fit_choice(Msg("Your {mine}; the best {them} can still make is {theirs}", mine=mine, them=them,
                   theirs=describe_key(best.key)))  # R30-R33


def claim_action(state: dict, seat: int, flag_no: int, check: ClaimCheck) -> Action:
    n = str(flag_no)
    return Action(f"claim:{n}", Msg("Claim flag {flag}", flag=flag_no), "claim",
                  (CLAIM, Choice(n, Msg("Flag {flag}", flag=flag_no), claim_reason(state, seat, flag_no, check))))


def done_action() -> Action:
    return Action("done", DONE.label, "claim", (DONE,))


def deck_choice(state: dict, deck: str) -> Choice:
    left = len(state[deck + "_deck"])
    if deck == "troop":
        return Choice(deck, Msg("Troop deck ({left} left)", left=left))
    return Choice(deck, Msg("Tactics deck ({left} left)", left=left))


def draw_actions(state: dict) -> list[Action]:
    return [Action(f"draw:{deck}", Msg("Draw from the {deck} ({left} left)", deck=deck_name(deck),
                                       left=len(state[deck + "_deck"])), "draw",
                   (DRAW, deck_choice(state, deck))) for deck in ("troop", "tactics")]


def scout_draw_actions(state: dict) -> list[Action]:
    verb = Choice(SCOUT_DRAW, Msg("Scout: draw"), Msg("Card {n} of 3", n=4 - state["scout"]["draws_left"]))
    return [Action(f"scout:draw:{deck}", Msg("Scout: draw from the {deck}", deck=deck_name(deck)), "scout",
                   (verb, deck_choice(state, deck))) for deck in ("troop", "tactics")]


def scout_return_actions(state: dict, hand: list[str]) -> list[Action]:
    left = state["scout"]["returns_left"]
    verb = Choice(RETURN, Msg("Scout: put a card back"),
                  Msg("{left} to put back; the last one lies on top", left=left))
    out = []
    for card in hand:
        deck = deck_name("troop" if is_troop(card) else "tactics")  # R50: each to its own deck
        out.append(Action(f"scout:return:{card}", Msg("Scout: put {card} back on the {deck}", card=card_label(card),
                                                      deck=deck),
                          "scout", (verb, Choice(card, Msg("{card} ({deck})", card=card_label(card), deck=deck)))))
    return out


def mud_actions(flag_no: int, cards: list[str]) -> list[Action]:
    verb = Choice(MUD, Msg("Discard after Mud"), Msg("Mud has left flag {flag}", flag=flag_no))
    return [Action(f"muddiscard:{c}", Msg("Discard {card} from flag {flag}", card=card_label(c), flag=flag_no), "mud",
                   (verb, Choice(c, card_label(c)))) for c in cards]
