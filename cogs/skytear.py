"""/skytear: the verb table (one generated command per kind of decision, spec 11.1) and the
moves shown as buttons. Everything else comes from the toolkit (cogs/ui) reading the engine's
action paths: the menus on the private hand, the step pickers, the challenge with the declared
options (setup, map, nexus HP, victory cards), the rules help, legal-only autocomplete.

Responses on the effect stack are ordinary moves of the seat holding priority (`play` an instant,
or `pass`); `/match autopass` is the private "pass unless I can respond" setting, and `priority`
(in one's own activation) the private "ask me first about my own actions" one."""
from __future__ import annotations

from cogs.ui.commands import Param, Verb
from cogs.ui.game_cog import GameCog
from i18n import Msg

GAME = "skytear"
OUTSIDER = ("outsider", "The Outsider's moves: place it, attack, skirmish, skill, end")


def verb(name: str, description: str, path: tuple[str, ...], *params: Param, group: tuple[str, str] = ("", ""),
         asks_from: int | None = None) -> Verb:
    return Verb(name, description, path, params, group[0], group[1], asks_from)


VERBS = (
    verb("pick", "Draft: pick a hero for your side", ("pick",), Param("hero", "Heroes still in the pool")),
    verb("toss", "Mulligan: set a card aside to be replaced", ("toss",), Param("card", "Cards in your hand")),
    verb("keep", "Keep your hand (mulligan), or keep a foreseen card on top of your deck", ("keep",)),
    verb("activate", "Activate one of your ready heroes (3 action points)", ("activate",),
         Param("hero", "Your ready heroes")),
    verb("move", "Move the active hero (or after a Skirmish)", ("move",), Param("to", "Hexes it can reach")),
    verb("attack", "Attack an enemy in range and sight", ("attack",),
         Param("target", "Enemies you can attack", optional=True)),
    verb("skirmish", "Skirmish an enemy hero in sight (0+ damage, then move up to 2)", ("skirmish",),
         Param("target", "Enemy heroes you can skirmish", optional=True)),
    verb("alternative", "An alternative action in its action's slot (Bear Fury instead of the Skirmish)", ("alt:*",),
         Param("skill", "The alternative action"), Param("to", "Where the hero ends its move (staying put included)"),
         asks_from=0),
    verb("lead", "Put a lead card under the active hero, from your hand or the top of your deck", ("lead",),
         Param("card", "A card from your hand, or the top of your deck")),
    verb("devotion", "Your faction's devotion: mark, shapeshift, pillars or illusions", ("devotion",),
         Param("choice", "The devotions you can make now")),
    verb("play", "Play an ability card (normal in your activation, instant as a response)", ("play",),
         Param("hero", "Your hero who plays it"), Param("card", "Cards that hero can play now"),
         Param("targets", "Targets (when the card needs some)", optional=True)),
    verb("pass", "Let the top effect of the stack resolve (no response)", ("pass",)),
    verb("end", "End the active hero's activation (unused action points are lost)", ("end",)),
    verb("discard", "Discard a card: down to 7 cards, or a foreseen card", ("discard",),
         Param("card", "Cards in your hand", optional=True)),
    verb("choose",
         "Answer a question: a Skirmish's damage or only its move, staying after it, skipping an extra action",
         ("stay|skip|damage|no_damage",), Param("option", "The answers open to you"), asks_from=0),
    verb("priority", "Whether you are asked first to respond to your own actions and cards (off at first)",
         ("priority",), Param("setting", "Ask me first, or pass for me")),
    verb("place", "Place the Outsider (1-2 hexes in the dome, 1-2 on a lane)", ("outsider_place",),
         Param("hexes", "Where it can stand"), group=OUTSIDER),
    verb("attack", "The Outsider attacks", ("outsider_attack",), Param("target", "Enemies it can attack"),
         group=OUTSIDER),
    verb("skirmish", "The Outsider skirmishes (it cannot move)", ("outsider_skirmish",),
         Param("target", "Enemy heroes in its sight"), group=OUTSIDER),
    verb("skill", "Use the Outsider's skill", ("outsider_skill",), Param("skill", "Its skills"), group=OUTSIDER),
    verb("end", "End the Outsider's activation", ("outsider_end",), group=OUTSIDER),
)


class SkytearCog(GameCog, group_name="skytear",
                 group_description="Skytear (2-4 players, 1v1 or two teams): heroes, lanes, towers, the Outsider"):
    GAME = GAME
    VERBS = VERBS
    BUTTONS = frozenset({"activate", "pick"})
    FORMS = {"attack": (Msg("The target"),)}


async def setup(bot):
    await bot.add_cog(SkytearCog(bot))
