"""Clash of Rage: the rules engine in progress, not registered as a game yet.

What exists: the component data (`data`: tribes, units, tactic cards, equipment, legendary
equipment, heroes, elves, region tiles, board layouts, loaded from data/clash_of_rage/ and
validated at import), the board geometry (`board`: the hex map of a layout, labels, neighbours,
distance, terrain, reachable hexes), the setup (`setup`, spec section 3), phase 2's tactic cards
with their secret simultaneous selection (`tactics`, R22-R26), the other round phases (`rounds`:
elf evolution, strongholds, income, reinforcement, reinforcement stones, victory points) and the
battle (`battle`, R44-R65, dice from the seeded RNG), and the actions (`actions`, R33-R44: move
with group moves and the battles in the order the player chooses, pass, equip by buying from the
black market, the win check during the second action).

Still to come: the rest of equip (forging, recruiting, heroes, moving equipment between slots),
the game module tying the phases together (`rounds.advance` after the tactic reveal from round 2
on), views, the computer player, pictures and the cog."""
