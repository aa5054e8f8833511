"""Pure game rules. One package per game; no Discord, database, drawing or asyncio here."""
