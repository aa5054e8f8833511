"""Texts a player reads about Skytear: the rules in short, the design decisions this implementation
takes where the rulebook is silent (spec section 10, and the automated choices), and every house
value of the component data (data.house_values()).

`RULES_TEXT` and `DESIGN_TEXT` are lists of texts, one chat message each; every line of a message
is its own catalogue entry."""
from __future__ import annotations

from engine.helptext import messages
from engine.text import Msg

from . import data

RULES_LINES = (
    Msg("**Skytear** (2 players, or 3-4 in two teams): how to play"),
    Msg("• **Goal:** destroy the enemy nexus or complete a victory card; after the last round (5; 8 on three lanes) tie-break points decide."),
    Msg("• **A round:** Outsider phase (from round 2, if a side holds the Outsider), hero phase, minion phase, reset."),
    Msg("• **Hero phase:** the sides take turns activating one ready hero each (the starting side first). A hero has 3 action points: Move, Attack, Skirmish, Lead and Devotion, each once, then it is exhausted and loses one token of each status."),
    Msg("• **Move** up to 3 hexes (never through heroes or the Outsider; through minions and towers, but never ending on a minion, a tower or a nexus hex). **Attack** an enemy in sight and range: attack value + the best modifier revealed by each \"+\" - armor. **Skirmish** an enemy hero in sight: 0+ damage, then move up to 2, or only the move."),
    Msg("• **Lead** puts a card face down under the hero (from your hand, or the deck top unseen); **Devotion** uses your faction: Kurumo marks, Liothan shapeshift, Taulot raise pillars, Nupten move illusions."),
    Msg("• **Cards** cost mana (one per rune; each hero has mana equal to the round number) and need the hero's rune colour. Normal cards: the active hero, with an empty stack. Instant cards: any of your heroes, whenever you are asked to respond."),
    Msg("• **The stack:** every action and card waits on the stack; priority goes round the table from the active player, one player at a time, each playing instants or passing; when all have passed the top effect resolves, and priority starts again from the active player."),
    Msg("• **Line of sight:** a path of at most 3 hexes not crossing a white line; a hero on a hiding hex is seen only while another friendly hero next to that hex sees it."),
    Msg("• **Minion phase:** for each control token, heroes and minions in its sight (plus the best lead card's mana cost) decide control; the winner hits enemy minions, then a tower or exposed nexus within 3, pushes the token and draws a card. Heroes in the dome win the Outsider."),
    Msg("• **Reset:** cards on heroes are discarded, everyone draws 1 and keeps at most 7; heroes are readied; defeated heroes return when their round comes."),
    Msg("• **Tie-break:** a point each for more enemy heroes defeated, more damage to towers and nexus, more tokens on Tactician, All-Out Attack, Tamer, Skytear Master and Flanking; still tied, the starting side wins."),
    Msg("• **Teams:** each player has their own heroes, deck and hand; a team activates one hero per turn, any of its players. Teammates may talk freely, but the game does not show them each other's hands."),
)

FLOW_DECISIONS = (
    Msg("• Responses (R74, as the rulebook words it): priority goes round the table one player at a time, clockwise in seating order (A1 B1 A2 B2): from the active player after an action or a resolution, from a player who has just played an instant (who may play more). When all have passed in a row, the top effect resolves."),
    Msg("• Whoever holds priority first in a round (the active player over its own action, a player over its own instant) is passed for, unless they chose to be asked: `priority` in their own activation, a setting only they know (the count of answers awaited leaves their turn out)."),
    Msg("• Everyone is asked the same way whether or not they hold an instant, so a question never tells what a hand holds; \"pass unless I can respond\" and the clock pass for you."),
    Msg("• Choosing the next hero and ending an activation open no response window: the window before the hero's first action gives the same chance."),
    Msg("• An activation ends when its player ends it. It ends by itself only when public facts show nothing is left (no action point, and no card the player could be holding playable now), so an ending never tells what a hand holds."),
    Msg("• A Skirmish (R43: one or both effects, in order): when it resolves you choose the damage (then move up to 2, or stay) or only the move; with no hex to move to, the damage is dealt."),
    Msg("• A card led from the hand stays committed while the Lead waits on the stack: it cannot be played meanwhile."),
    Msg("• Normal cards: the active hero with an empty stack. Instants: any of your heroes on the battlefield, when you are asked to respond, or in your own activation (and the Outsider's) with an empty stack."),
    Msg("• Two copies of a card in your hand are offered once."),
    Msg("• Foresee: you keep or discard each card, top first; kept cards stay in their order."),
    Msg("• An action a card grants (Time Warp) may be declined; it goes on the stack after the card."),
    Msg("• When a hero damages the Outsider (R120: its opponent performs an Attack, Skirmish or Move with it), the other side's first player makes it act once: an Attack or a Skirmish at any target it can reach, not only that hero (the Ancient Outsider cannot move, R119). It goes on the stack after the damaging effect."),
    Msg("• The Outsider phase: the holding side's player places the Outsider (leaving it where it is counts as a placement) and activates it; if it is driven off, the phase ends. In a team the side's first player chooses which of them acts (themselves out of time)."),
    Msg("• Setup: the starting player is drawn at random; heroes start on the free hexes nearest their nexus, placed alternately, the starting side first."),
    Msg("• Dealt factions (first game): 2 players two factions each; 4 players one each; 3 players the lone player two, each of the pair one."),
    Msg("• Draft: the rulebook's common-pool draft bans 4 heroes, which needs more heroes than the starter box's 8 (its pool holds exactly the 8 heroes two sides of 4 need), so the bans are skipped; in a team, the player who picks a hero plays it (2 heroes each; 3 players: the lone player 4)."),
    Msg("• Mulligan: once, secret and simultaneous; the cards set aside go face up to the discard pile and are replaced only when everyone has finished."),
    Msg("• A team's card draw (R134) for winning control, or for a hero its Outsider defeated: the side's first player chooses which of them draws, the one with the fewest cards in hand out of time; a hero defeated by a hero draws for that hero's player."),
    Msg("• Victory is checked after every fully resolved effect and after the minion phase; both sides at once go to the tie-breaker."),
    Msg("• After the last round's minion phase the game goes straight to the tie-breaker (that reset would change nothing that counts)."),
    Msg("• A window passes for a player out of time; a mulligan out of time keeps the hand."),
    Msg("• The rulebook's three-lane battlefield \"needs at least one expansion\": 5 heroes a side with 2 players, 6 with 3-4, more than the starter box's 8. It is offered here with 4 heroes a side (house), the starter box's 8."),
    Msg("• Deck building (`/skydeck`): a deck holds exactly one signature card of its hero and no other hero's, 8 cards for the draft, 10 for the tournament format; no card three times across all the decks you bring, and never more copies than the box holds. Your decks come with the draft and the tournament format (the first game deals whole factions); heroes without a deck of yours play their preconstructed decks. Your decks stay hidden until their cards are played."),
    Msg("• The tournament format (`setup: tournament`): each side brings its own box, a pool of 6 heroes with 10-card decks, and picks 1, 2, 2, 2, 1 from it, the starting side first. House: the rulebook's \"no card three times\" cannot be met by 6 ten-card decks from one starter box (54 cards besides the signatures, 24 kinds), so a tournament pool may hold as many copies as the box (3 of some cards)."),
    Msg("• House, tournament format: one model per hero, so a hero the other side picked leaves your pool, and a pick that would leave a side short of heroes is not offered; a side without a saved pool plays 6 heroes with their preconstructed decks and two more cards from the box each. The box holds only the Ancient Outsider, so no Outsider is chosen."),
    Msg("• The solo mode is an external app in the rulebook (playskytear.com/solo), not part of the box: to play alone, play the computer (`/skytear challenge` with the bot as the opponent, or `/match new`)."),
)

CONTENT_DECISIONS = (
    Msg("• The battlefields, hero statistics and skills not named in the rulebook, every card's cost, speed, modifier and effect, the victory card conditions and the Ancient Outsider's statistics are our design (the printed values are in no source); they are listed below."),
    Msg("• A reveal takes the best modifier; one reveal serves every target of an AoE."),
    Msg("• An AoE template is placed by its player (R123) when placements hit different enemies (minions and tokens count): you choose by the enemies hit, the most first; a placement hitting only part of what another hits is not offered unless it leaves the Outsider out. Out of time, the template hits the most enemies."),
    Msg("• Among equal push paths, the first by hex label; a move or place effect on the Outsider does nothing."),
    Msg("• Movement follows the rulebook's wording (R35): heroes and the Outsider cannot be crossed; minions can be crossed but not ended on; a tower cannot be ended on, and as the rulebook is silent on crossing one, it can be crossed. An older English rules digest in which towers and nexus hexes block movement is no clarification of this edition, and we know of none."),
    Msg("• House: a nexus hex counts as a tower for movement (crossed, never ended on), so setup and respawn use the free hexes nearest it."),
    Msg("• Hiding hexes follow the rulebook's wording (R18, \"another friendly hero\"): a hero on a hiding hex is seen only while another friendly hero next to that hex sees it; a hero next to it does not see it alone, and the Outsider never sees into one. Older English wordings let that hero spot for itself; we know of no published clarification of this edition saying so."),
    Msg("• Chastise hits the enemy with the fewest HP; Shadow Pounce lands on the free hex next to the marked hero nearest Yami; Earthen Mending heals the most wounded friendly hero near the removed pillar; Bear Fury's triangle hits the most enemy heroes."),
    Msg("• King's Might removes every other friendly pillar or none; Taulot devotion skills work only when a pillar was removed; pillars and illusions go on hexes with no model and no token."),
    Msg("• Minion phase: when a side's revealed lead cards differ in cost, it chooses the one that counts (its first player; the most expensive out of time); all revealed lead cards are discarded. On three lanes a hero in sight of several tokens counts for one, its owner's choice (the nearest out of time)."),
    Msg("• Minion phase: the winner's damage hits enemy minions of the lane nearest the token first (a protected minion is passed over), then the lane's tower or the exposed nexus within 3 hexes."),
    Msg("• Minion phase: among equally near hexes a side chooses where each of its minions goes (its first player; the first by hex label out of time); the token's step among equally good ones is the first by hex label; the winner repositions and spawns first (a tie: the second side), and the loser spawns its full 2."),
    Msg("• A nexus is exposed once its side has lost a tower; its HP is the `nexus_hp` option (5)."),
)


def _house_lines() -> list[Msg]:
    """data.house_values() grouped by what they belong to: "Cotlic: class tank, attack value 3, ..."."""
    groups: dict[str, tuple] = {}
    for what, value in data.house_values():
        name, field = what.args["name"], what.args["field"]
        key = str(name)
        if key not in groups:
            groups[key] = (name, [])
        groups[key][1].append(Msg("{field} {value}", field=field, value=value if value != "" else "-"))
    return [Msg("• {name}: {values}", name=name, values=values) for name, values in groups.values()]


RULES_TEXT = messages(Msg("**Skytear: the rules in short**"), RULES_LINES)
DESIGN_TEXT = (messages(Msg("**Skytear: design decisions**"), FLOW_DECISIONS + CONTENT_DECISIONS)
               + messages(Msg("**Skytear: house values** (no source prints them)"), _house_lines()))
