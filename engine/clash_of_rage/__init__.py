"""Clash of Rage: the rules engine in progress, not registered as a game yet.

What exists: the component data (`data`: tribes, units, tactic cards, equipment, legendary
equipment, heroes, elves, region tiles, board layouts, loaded from data/clash_of_rage/ and
validated at import), the board geometry (`board`: the hex map of a layout, labels, neighbours,
distance, terrain, reachable hexes), the setup (`setup`, spec section 3), phase 2's tactic cards
with their secret simultaneous selection (`tactics`, R22-R26), the other round phases (`rounds`:
elf evolution, strongholds, income, reinforcement, reinforcement stones, victory points) and the
battle (`battle`, R44-R65, dice from the seeded RNG).

Still to come: the move and equip actions (group moves over `board.reachable`, battles in the
order the attacker chooses, buying, forging, recruiting), the game module tying the phases
together (`advance` after the tactic reveal from round 2 on; `state["hero_at"]` filled by moves),
the win check, views, the computer player, pictures and the cog."""
