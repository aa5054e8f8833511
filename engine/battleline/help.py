"""Texts a player reads about Battle Line: the rules in short, the design decisions this
implementation takes where the printed rules are silent (spec section 10), and a one-line hint
per tactics card. Command names are those of the /battleline commands.

Each paragraph is its own text (a catalogue entry); `RULES_TEXT` and `DESIGN_TEXT` are tuples
of texts, one Discord message each, and every paragraph shows on a line of its own."""
from __future__ import annotations

from engine.text import Lines, Msg

TACTIC_HINTS = {
    "T-ALEX": Msg("Leader: any colour, any value"), "T-DARIUS": Msg("Leader: any colour, any value"),
    "T-CC": Msg("Any colour, counts as an 8"), "T-SB": Msg("Any colour, counts as a 1, 2 or 3"),
    "T-FOG": Msg("Only sums count at that flag"), "T-MUD": Msg("Four cards a side at that flag"),
    "T-SCOUT": Msg("Draw 3 cards, then put 2 back on the decks"),
    "T-REDEPLOY": Msg("Move one of your cards to another flag, or discard it"),
    "T-DESERTER": Msg("Discard one of your opponent's cards"),
    "T-TRAITOR": Msg("Take one of your opponent's troop cards to your side"),
}

# the rules in short (R1-R62), one text per paragraph
RULES_PARAGRAPHS = (
    Msg("**Battle Line** (Reiner Knizia, 2–3 players). Nine flags lie between you; win **three adjacent flags "
        "or any five**."),
    Msg("**Your turn:** (a) play one card to your side of an unclaimed flag (at most 3 cards a side, 4 with "
        "Mud) — `/battleline play`; (b) claim flags — `/battleline claim`; (c) draw from the troop or tactics "
        "deck — `/battleline draw` (or add `draw:` to `/battleline play`)."),
    Msg("**Formations**, strongest first: Wedge (same colour, consecutive) > Phalanx (same value) > Battalion "
        "Order (same colour) > Skirmish Line (consecutive) > Host (anything). Same type: higher sum wins; a "
        "full tie goes to whoever completed first."),
    Msg("**Claiming:** you need a complete formation that the opponent cannot beat with any cards still off "
        "the table; hands and decks never count. A refused claim tells you which cards could still beat you, "
        "from the table alone (`/battleline proof`)."),
    Msg("**Tactics** (`/battleline play` for Leaders, Companion Cavalry, Shield Bearers, Fog, Mud; "
        "`/battleline tactic` for Scout, Redeploy, Deserter, Traitor): you may never be more than one tactics "
        "card ahead of your opponent; one Leader per player."),
    Msg("**Passing:** only when you cannot play a troop card (`/battleline pass`); a pass is no action at all: "
        "you neither claim nor draw, and your opponent moves."),
    Msg("**Variants:** `advanced` claims at the start of the turn (b/a/c), `endclaim` after drawing (a/c/b). "
        "A series scores 5 per win and 1 per flag for the loser; the winner starts the next game."),
    Msg("Your hand and menus arrive by DM (or **Show my hand** under any board)."),
)

# the design decisions (spec section 10, D1-D18), one text per line
DESIGN_PARAGRAPHS = (
    Msg("**Design decisions used by this bot** — the printed rules leave these open, so these are ours, not "
        "the game's:"),
    Msg("• D1 the two unnamed colours are Orange and Purple. D2 flags are numbered 1–9, left to right, the "
        "same for both players."),
    Msg("• D3 a Leader, Companion Cavalry or Shield Bearers is never declared: it counts as whatever is best "
        "for its owner, even a copy of a card on the table."),
    Msg("• D4 with Mud the same five formations use four cards. D5 when Mud leaves a flag, a side with four "
        "cards there discards one (its owner chooses)."),
    Msg('• D6 for ties, a side "completed" when its latest current card arrived; moved or removed cards reset '
        'that.'),
    Msg("• D7 (house, option `claim_on_pass`, off by default) **a player who passes may still claim flags** "
        "(but neither plays nor draws). By the rulebook a pass is no action at all, so it claims nothing."),
    Msg("• D8 drawing is compulsory; the bot draws for you when only one deck has cards and skips the draw "
        "when both are empty."),
    Msg("• D9 every tactics card you played counts for the limit, even if it later left the table; a "
        "discarded Leader still counts as used."),
    Msg("• D10 a tactics card can be played only if its effect can be carried out, and then it must be."),
    Msg("• D11 Scout draws one card at a time; you return 2 cards (the second lies on top if both go to one "
        "deck), then claim and draw as usual."),
    Msg("• D13 a wrong claim is refused with an explanation and no penalty."),
    Msg("• D14 **stalemate:** when every player in turn passes, the game ends; complete flags go to "
        "their winner, then three adjacent or five flags win, else more flags wins, else a draw."),
    Msg("• The bot passes for you when you can play no troop card and hold no tactics card you may play; "
        "holding one, you are asked (even if it has no target), so nobody learns which it is."),
    Msg("• D15 the board shows each hand's troop/tactics counts. D17 a series is played to the points you choose."),
    Msg("• D16 **three players:** no tactics cards; three short lines of three flags (A–B, B–C, C–A); you "
        "play on your two lines; a whole line or any four flags wins."),
    Msg("• D18 in the advanced variant (claim first) a player who can play no card passes without claiming, "
        "and one who claims must then play a card; with `claim_on_pass` a passing player still gets the claim "
        "step first."),
)

RULES_TEXT = (Msg("{paragraphs}", paragraphs=Lines(RULES_PARAGRAPHS)),)
DESIGN_TEXT = (Msg("{paragraphs}", paragraphs=Lines(DESIGN_PARAGRAPHS)),)
