"""Clash of Rage: so far the component data (`data`: tribes, units, tactic cards, equipment,
legendary equipment, heroes, elves, region tiles, board layouts, all loaded from
data/clash_of_rage/ and validated at import), the board geometry (`board`: the hex map of a
layout, labels, neighbours, distance, terrain and reachable hexes), the setup (`setup`, spec
section 3) and phase 2's tactic cards with their secret simultaneous selection (`tactics`,
R22-R26). The rest of the rules engine (elf evolution, strongholds, income, reinforcement,
actions, battles, equip, victory) is still to come, and the game is not registered yet."""
