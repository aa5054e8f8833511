"""Texts a player reads about Civilization: the rules in short, the design decisions this version
takes where the rulebook is silent (spec section 10), and every house value of the component data
(data.house_values(), listed so that real values can replace them).

`RULES_TEXT` and `DESIGN_TEXT` are lists of texts, one chat message each."""
from __future__ import annotations

from engine.helptext import house_value_lines, messages
from engine.text import Msg

from . import data

RULES_LINES = (
    Msg("**Sid Meier's Civilization** (2-4 players): lead a civilization from one capital to victory."),
    Msg("• **Win** by reaching the end of the culture track, learning Space Flight, holding 15 coins, or conquering another player's capital."),
    Msg("• **A turn:** Start of Turn (found cities, change government, place great people, scouts gather), Trade (every city's trade onto your dial, at most 27), City Management (each city produces, devotes to the arts or harvests), Movement, Research (everyone in secret)."),
    Msg("• **Cities:** a scout founds one on a square with all 8 neighbours explored, no hut or village and no enemy next to it, 3 squares from any city. At most 2 cities (3 with Irrigation)."),
    Msg("• **Production:** a city's production icons pay for a figure (army 4, scout 6), a unit card, a building, City Walls or a wonder; 3 trade buy 1 more production. A building replaces the icons of its square; one limited building and one wonder per city."),
    Msg("• **Culture:** arts give 1 culture + 1 per culture icon; culture (and later trade) moves you along the 21-space track: culture event cards, great people, victory."),
    Msg("• **Movement:** each figure moves up to your travel speed (2 at first), never diagonally; discovering a face-down tile costs 1 movement. Huts, villages, enemies and enemy cities stop a move; armies fight there."),
    Msg("• **Battle:** each side draws a secret hand from its standing forces; the defender plays first; a unit opens a front or attacks an enemy front (infantry beats mounted, mounted beats artillery, artillery beats infantry). Surviving strength plus bonuses decide; the winner takes loot."),
    Msg("• **Cards:** techs, wonders and civilizations have abilities; culture event cards are played in the phase they name; some cancel what another player plays."),
    Msg("• **Governments:** at most one change in a Start of Turn: a government unlocked by the last Research phase directly, any time Anarchy, and from Anarchy any known government from the next turn on."),
    Msg("• **Great people:** one you gain (culture track, village, Philosophy) may be placed at once on an outskirts square of one of your cities, or kept for any later Start of Turn."),
    Msg("• **Loot:** after beating figures the winner takes one of: up to 3 trade, up to 3 culture, one resource (a face-down marker blind); after destroying a non-capital city one of: a tech the loser knows, a culture card (blind), any two resources."),
    Msg("• **Research:** one tech a turn, in secret, revealed together: level I needs 6 trade, each level 5 more; each tech above two of the level below; research spends all trade except 1 per coin."),
)

DECISIONS = (
    Msg("• The map layouts follow the rulebook's diagrams; neutral tiles lie face down until discovered."),
    Msg("• Card abilities are played as moves in the phase the card names (/civ card ability, /civ card play, /civ card wonder); a tech's resource ability is once a turn; the engine picks which of your resources pay an \"any\" cost (market tokens first, of the kind you hold most of, then face-down markers)."),
    Msg("• **Cancel windows:** a culture event, a tech's resource ability or (when someone knows Writing) a city action opens a window for every other player who may hold a means to cancel it as far as everyone knows (any culture event card in hand, or a cancel tech with a spy, a face-down marker, a culture card or the Kremlin), never for what they really hold. They answer at once and in private; the thread names nobody (\"Waiting for the cancel window\"). A player with nothing that cancels it is offered only \"Let it happen\"."),
    Msg("• `/match autopass on` in Civilization means \"never ask me in cancel windows\": the bot lets every play happen for you at once, whatever you hold (so its speed tells nothing); off, the default, you are asked in every window you are in. Computer players answer at once. A player out of time in a window lets it happen."),
    Msg("• \"Within N squares\" counts orthogonal steps; killing, moving, destroying and anarchy cards aim only at other players."),
    Msg("• Before the battle hands are drawn, each side holding any culture event card (and able to get a unit) is asked whether it plays a battle card, whatever its cards are; both answer at once."),
    Msg("• Trade phase: everyone trades at once; an offer goes privately to one player, who accepts, declines or counters it; only trade, culture tokens, resources and culture event cards change hands (no card of the base set allows coins or techs); promises are text only, never enforced; each player may start 3 offers per Trade phase (house), and the phase ends when everyone has finished trading."),
    Msg("• America's great person and Egypt's wonder stand on a grassland square of the capital's outskirts (the rulebook's first-game suggestion)."),
    Msg("• Production a city lacks is rushed with the least trade needed; an item it cannot pay for is not offered."),
    Msg("• Stacking counts where a move ends; a group moves as one; alike figures on a square are offered once."),
    Msg("• Loot follows the rulebook (one item, above). The option loot=faq plays the FFG FAQ v2.0 errata instead: 1 loot point after beating figures, 2 after taking a city, spent on trade, culture, resources, coins, a tech or a culture card."),
    Msg("• House: under Republic your scouts may explore huts (never villages) and your armies may found cities; the rulebook prints no Republic text (listed below)."),
    Msg("• Unit cards: 5 of each base strength 1, 2 and 3 per type; aircraft 5, 5, 5, 6, 6, 6, 7, 7."),
    Msg("• Simultaneous victories go to the first player in turn order from the first player."),
    Msg("• Governments whose printed effect is in no source play a house effect (listed below)."),
    Msg("• A player out of time during the secret research gets the computer player's choice; in a cancel window the play happens; before a battle their hand is drawn; anything else waits for the clock's vote."),
    Msg("• Options: the learning game (no Egypt, Rome or wonders) ends with no winner at a player's third city, at the turn limit, or at a victory (which then counts for nobody), and is never rated; a turn limit (off by default) ends the standard game after that turn's Research phase: the player furthest along the culture track wins, then the one with the most techs, then the most coins (still level: a shared win)."),
)


RULES_TEXT = messages(Msg("**Sid Meier's Civilization: the rules in short**"), RULES_LINES)
DESIGN_TEXT = (messages(Msg("**Sid Meier's Civilization: design decisions**"), DECISIONS)
               + messages(Msg("**Sid Meier's Civilization: house values** (no source prints them)"),
                          house_value_lines(data.records(), data.tag, data.term)))
