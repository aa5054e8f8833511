"""Texts a player reads about Clash of Rage: the rules in short, the design decisions this version
takes where the rulebook is silent (spec section 10), and every house value of the component data
(data.house_values(), listed so real values can replace them).

`RULES_TEXT` and `DESIGN_TEXT` are lists of texts, one chat message each."""
from __future__ import annotations

from engine.helptext import house_value_lines, messages
from engine.text import Msg

from . import data

RULES_LINES = (
    Msg("**Clash of Rage** (2-4 players): tribes fight over the elf cities of the Emerald Empire."),
    Msg("• **Goal:** hold 4 victory points (5 in the longer game) during your own second action and you win at once: at its start, or the moment a move, a battle or a forge brings you there. 1 VP per elf city you control now, 1 per legendary item you forged (for good)."),
    Msg("• **A round:** elf evolution (from round 2), tactic cards, first action, reinforcement stones, second action."),
    Msg("• **Tactic cards:** everyone chooses one of 3 cards in secret; all are revealed at once. The lowest number acts first; each card gives gold and reinforcements. At income you also get 3 crystals per elf city you control (the city's plunder); taking a city pays only the crystals of the elves killed there."),
    Msg("• **Reinforcements** go to your stronghold or to a territory holding your units. In round 1 each player first places a stronghold beside the board."),
    Msg("• **An action:** Move your army, Equip it, or Pass. Move: each group of units (one type) or hero moves once, up to its movement; entering enemies stops you unless you already outnumber them there (flanking); mountains only for flyers. Then you fight every battle, in the order you choose."),
    Msg("• **Battle:** the side with fewer speed icons attacks first (the defender on a tie); sides alternate. Roll dice equal to your strongest unit type's strength; rerolls, auto-hits and rage add, enemy shields subtract; you choose which enemy models the damage destroys. Destroying nothing gives a rage token. A player may retreat to the stronghold instead of rolling. Killed elves become your crystals."),
    Msg("• **The elves** never move; the player to the attacker's right rolls and allocates for them."),
    Msg("• **Equip:** buy items from the black market (gold), forge one legendary item (crystals: 6 with one forge, 4 with two or more; draw forges + 1 and keep 1), reorganize your items (one weapon and one armour per unit type), recruit one hero (gold)."),
    Msg("• **Heroes** add their icons to your battles, never die and are never left alone (except in your stronghold): a hero ends its move with your units, and a hero alone facing enemy units goes back to your stronghold at once."),
    Msg("• **Reinforcement stones:** between the actions, each stone you control gives one unit of its tier."),
)

DECISIONS = (
    Msg("• Board: each region tile is 7 hexes with an elf city, a forge and a stone; tiles are laid out in a fixed pattern per player count; a stronghold is one hex cell beside the board."),
    Msg("• The option `board: assembled` lets the players lay the region tiles themselves, as the rulebook's free layout (house rules): one tile each in seat order, any tile not yet laid and either side, the first at the centre, each next one edge to edge with a laid tile on the same honeycomb, turned any of six ways; the elves are placed once the board is whole. `board: fixed` (the default) is the quick fixed pattern."),
    Msg("• Control: your units and no enemy; territories left empty are uncontrolled; elves never come back."),
    Msg("• Tactic cards: from round 2, everyone draws back up to 3 (the discard is shuffled when the deck runs out). Picks are secret: the board shows only how many players are still choosing."),
    Msg("• Only the active player can win, during their own second action: at its start and whenever their points reach the goal during it (a move into an empty elf city, a battle, a forge). A win ends the action at once, battles still to fight included."),
    Msg("• Damage: choose models whose health adds up to at most the damage, leaving no other model the rest could destroy; negative damage is 0 and still gives rage."),
    Msg("• Dice: at most 10. Rerolls: one icon at a time, any dice (the buttons offer \"none\" and \"every blank die\"); the elves reroll every blank die."),
    Msg("• Speed and initiative are fixed at the start of a battle; either side may retreat at the start of its own attack; heroes' icons count while a friendly unit is alive there."),
    Msg("• Heroes cost gold; a player may own several; a hero may end a move in its stronghold alone."),
    Msg("• A hero never left alone (house reading): the last units beside a hero that has not moved may go only where the hero can follow, and it must follow them (or go to other units or home) before you finish moving."),
    Msg("• Within an Equip action: buy any number, forge once, recruit once, reorganize freely, in any order; then finish."),
    Msg("• An empty equipment pile draws nothing; forging needs a legendary card left."),
    Msg("• Gold, crystals and rage are unlimited; units are limited by the tribe card; a stone with no unit of its tier in the reserve gives nothing."),
    Msg("• The option `supply: box` limits them to what the box holds: 150 gold in coins, 45 elf tokens (a crystal is a token flipped: the supply is the tokens neither on the board nor held) and 8 rage tokens. House rules for running out: an income the supply cannot pay in full is paid in turn order while it lasts; a rage token earned while all 8 are in the battle is not gained."),
    Msg("• Crystals from cities: the rulebook's \"at the start of your turn\" is the income step, once per round, for each city you control then."),
    Msg("• The round limit (option, off by default): after that round, most VP wins; then most legendary items, then most crystals and gold."),
    Msg("• A decision with only one possible choice (an elf roll, a forced allocation) is made for you."),
    Msg("• A player out of time during the tactic choice gets the computer player's choice; anything else waits for the clock's vote."),
    Msg("• The campaign \"Season 1: The End of an Era\" is only named by the rulebook (no scenarios): each match is a standalone game."),
    Msg("• The game's Chinese title (house): the rulebook prints none, so the bot calls it 狂怒衝突 (Clash of Rage)."),
)


def house_count() -> int:
    return len(data.house_values())


RULES_TEXT = messages(Msg("**Clash of Rage: the rules in short**"), RULES_LINES)
DESIGN_TEXT = (messages(Msg("**Clash of Rage: design decisions**"), DECISIONS)
               + messages(Msg("**Clash of Rage: house values** (no source prints them)"),
                          house_value_lines(data.records(), data.tag, data.term)))
