"""Battle Line (Reiner Knizia) rules engine, per `rules/battle-line.md` (R1-R62, D1-D18).

`RULES` implements `engine.base.GameRules`. The state is a plain JSON-serialisable dict holding
its own RNG; it keeps no action log (the store does): `replay_actions(players, options, seed,
actions)` rebuilds a state from its setup and a list of (seat, action id). A state stored with
an older version's log (`state["actions"]`) still plays; `apply` leaves that key out.

Card ids: troops `<colour><value>` with colours red, blue, green, yellow, orange, purple (D1)
and values 1-10 (`red7`, `orange10`); tactics `T-ALEX`, `T-DARIUS`, `T-CC`, `T-SB`, `T-FOG`,
`T-MUD`, `T-SCOUT`, `T-REDEPLOY`, `T-DESERTER`, `T-TRAITOR`. Flags are numbered 1-9 (D2).

Action id grammar (colon separated, the same move always has the same id):

    play:<card>:<flag>                            troop, morale (Leader/CC/SB) or Fog/Mud card
    play:T-SCOUT                                  Scout; then the scout sub-steps below
    play:T-REDEPLOY:<fromflag>:<card>:<toflag>    move one of your own cards (troop, morale, Fog, Mud)
    play:T-REDEPLOY:<fromflag>:<card>:discard     ... or discard it
    play:T-DESERTER:<flag>:<card>                 discard an opponent's card
    play:T-TRAITOR:<fromflag>:<card>:<toflag>     take an opponent's troop card (toflag may equal fromflag)
    scout:draw:troop | scout:draw:tactics         one Scout draw (automatic when only one deck has cards)
    scout:return:<card>                           put a hand card back on top of its deck; when both
                                                  returns go to the same deck, the later one ends on top (D11)
    claim:<flag>                                  claim a flag (rejected with a public-information witness)
    done                                          end the claim step
    draw:troop | draw:tactics                     step (c) draw (automatic when only one deck has cards)
    pass                                          only when no troop card can be played (R14); no claim
                                                  goes with it (R6) unless the match option
                                                  claim_on_pass (house rule D7) is on
    muddiscard:<card>                             discard from your side after Mud left the flag (D5)

Only the listed ids are moves: apply refuses every other spelling (case, spaces, a card's alias, a
flag written 03), with the reason a handler gives when there is one (a claim the proof rejects).

Each action also carries its `path` (engine.base.Choice steps: verb, card, target; see
`paths`), so a UI never parses ids; `RULES.prompt` says what a seat is asked now, `RULES.options`
declares the match options (variant, series_target) and `help` holds the rules texts.

Every text for a reader (events, refusals, labels, prompts, reasons, the rules help) is a `Msg`
(engine/text.py) in the "battleline" catalogue, naming seats with `Seat(n)`; card, colour and
formation names are terms of data/battleline/glossary.csv. The state keeps its texts (the log,
results, counted identities) in their JSON form; `view` gives them back as `Msg`s.

Steps (`view()["step"]`): play, claim, draw, scout_draw, scout_return, mud_discard, over.
Automation (spec 11.4): a claim step with nothing provable is skipped, and one is left as soon as
nothing more is provable; a player who can play no troop card and holds no tactics card he may play
by count (R40) passes automatically (a decision from public facts only: holding a tactics card he is
asked, even when it has no target; with the D7 option he still gets a claim step); draws are
automatic when only one deck has cards and skipped when both are empty; a full cycle of passes ends
the game as a D14 stalemate. `RULES.redeal` is the secrecy hook (secrecy.py).
"""
from __future__ import annotations

from engine.text import Msg

from .cards import card_label
from .help import DESIGN_TEXT, RULES_TEXT, TACTIC_HINTS
from .proof import check_claim
from .proof import provable_flags as _provable_flags
from .game import RULES
from .rules import replay_actions


def provable_flags(state: dict, seat: int) -> list[int]:
    """Flags `seat` could claim now by the proof rules, from public information only."""
    return _provable_flags(state, seat)


def explain_claim(state: dict, seat: int, flag: int) -> Msg:
    """A sentence (a `Msg`, engine/text.py) saying whether `seat` could claim `flag` and why
    (for a /proof command)."""
    return check_claim(state, seat, flag).reason


__all__ = ["RULES", "card_label", "provable_flags", "explain_claim", "replay_actions", "RULES_TEXT", "DESIGN_TEXT",
           "TACTIC_HINTS"]
