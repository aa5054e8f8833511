"""Tournament logic with no Discord, database or asyncio in it: pairings (`pairing`),
standings and tiebreaks (`standings`), OpenSkill ratings (`ratings`) and a JSON-able
tournament state a service layer can drive (`state`)."""
