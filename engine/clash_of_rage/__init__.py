"""Clash of Rage: so far only the component data (`data`: tribes, units, tactic cards, equipment,
legendary equipment, heroes, elves, region tiles, board layouts, all loaded from
data/clash_of_rage/ and validated at import) and the board geometry (`board`: the hex map of a
layout, labels, neighbours, distance, terrain and reachable hexes). The rules engine (setup,
rounds, battles, equip actions, victory) is still to come and is not registered as a game."""
