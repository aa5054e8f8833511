"""Texts a player reads about Battalia: the rules in short and the design decisions this
implementation takes where the rulebook is silent (spec section 10). Command names are those
of the /battalia commands. The house values (data.house_values()) close the design decisions.

Each line is its own text (a catalogue entry); `RULES_TEXT`, `DESIGN_TEXT` and `HOUSE_TEXT` are
one text each (one Discord message), every line shown on a line of its own."""
from __future__ import annotations

from engine.text import Lines, Msg

from . import data

# how to play, then the reference (R1-R133 in short), one text per line
RULES_LINES = (
    Msg('**Battalia: The Creation** (2–4 players): how to play'),
    Msg('• **Goal:** the most victory points (each city you hold scores its level, 1–4) when the board is full, someone owns five level-4 cities or the `weeks` limit is reached.'),
    Msg('• **Cards pay for everything:** your hand is 6 cards of your own deck. Supply hires units; units build cities and roads and craft artifacts.'),
    Msg('• **A turn:** make as many moves as your cards pay for (hire, craft, build, move heroes, attack), then end it: your hand and used cards go to your Sanctuary and you draw 6.'),
    Msg('• **Taking cities:** move a hero along roads onto a neutral or enemy city (or the Ruins) and attack with a Weapon and units stronger than its defence.'),
    Msg('• **Moves:** use the menus and buttons under your private hand picture (only legal moves) or `/battalia` commands; pay with cards by the names written under them.'),
    Msg('**Reference**'),
    Msg('**Turn:** 1. Optional `turnstart`: Formation (3+ cards of one faction: draw extra; you pick who sees them) or Redeploy (new hand of 5); Ambush cards come back. 2. In any order: `hire`, `craft`, `build` (then `place`), `hero`, `artifact`, `ambush`, `attack`. 3. `end` (on the hand: by itself when nothing is left). Gained cards come after your next reshuffle.'),
    Msg('**Costs:** Soldier/Captain/Priest/Commander 2/3/4/5 Supply (+1 Supply card); level-L city = 3 units of rank L; upgrade = 2 of the next rank; road = 1 (straight, curve) or 2 (T, cross) Soldiers + 1 Supply; hero = Weapon + 2 Supply; hero step = 1 Supply, or a Horse for 3.'),
    Msg("**Battles:** the defender fights back, retreats a lone hero 2–3 squares, or surrenders; then both sides add cards in turn (`battle add`, `battle commit`). `battle pass` ends it; a tie goes to the defender; the loser's heroes leave the board."),
    Msg('**House rules** (in `/battalia challenge`): `weeks` limit, `cities` (2–3 each), `no_neutral` (on: none), `heroes` (1–2 each from the start), `level4` (how many end the game).'),
    Msg('**Ties:** more level-4, then level-3 … cities. **Board:** a1–g7, rows 1–7 from the top.'),
)

# the rulebook leaves these open; they are ours (spec section 10)
DESIGN_LINES = (
    Msg('• Card, terrain and marker counts and the Oracle blade order are our configuration.'),
    Msg('• Squares a1–g7; with 2 players the outer ring, with 3 players three squares per corner are out of play.'),
    Msg('• You pay by naming nothing: the engine picks the cards (virtual copies first, then the faction you hold least of, Tools only when Soldiers run out); list ids in `cards` to choose yourself.'),
    Msg('• Transformations (Amulet, Title, Scroll) are moves of their own; the transformed card then joins any row. This is the same as placing the artifact in that row: the artifact stays outside the combination, and chains (Scroll → Title → unit) work.'),
    Msg('• A Formation is shown to the opponents you pick: they see the cards on their private hand; the channel only hears how many cards and who saw them.'),
    Msg('• A Tent can be struck at any of your own steps in a battle, attacking or defending.'),
    Msg('• House reading: the cards left in your hand go onto your Sanctuary face down, so the card the others see there is always one you played face up; a Sanctuary of face-down cards only shows none.'),
    Msg('• House rules: extra starting cities are cross cities on fixed squares, chosen in turn like the first one; starting heroes stand on the first city you chose.'),
    Msg('• In battle each side adds cards one at a time and closes its play with `commit`; `pass` ends the battle.'),
    Msg('• A surrender counts as a lost battle; a retreat moves exactly 2–3 squares.'),
    Msg('• On the hand the turn ends by itself 2 minutes after your last move when nothing else is left; until then `/match undo` can take that move back, or end the turn at once.'),
    Msg("• A hero standing on its owner's city is defended together with the city."),
    Msg('• A full tie is a shared win.'),
    Msg('• A square no road can ever reach is impassable too.'),
    Msg('• No week limit unless `weeks` sets one (7 rounds a week): between people a stalled game is a matter for the turn clock.'),
    Msg('• When a setup choice has only one answer (the last starting city left), it is made for you.'),
    Msg('• Hiring when the Supply deck is empty still gives the unit.'),
)

# our own values where the rulebook gives none (data/battalia, "source": "house")
HOUSE_LINES = (
    Msg('**House value:** a stall guard ends a game of computer players only after {weeks} weeks, never one with a person.',
        weeks=data.house_values()["stall_guard"]),
)

RULES_TEXT = Msg("{paragraphs}", paragraphs=Lines(RULES_LINES))
DESIGN_TEXT = Msg("{paragraphs}", paragraphs=Lines(DESIGN_LINES))
HOUSE_TEXT = Msg("{paragraphs}", paragraphs=Lines(HOUSE_LINES))     # a message of its own: each <= 2000
