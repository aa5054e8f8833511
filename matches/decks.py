"""The match service's saved decks (Skytear's deck building, engine/skytear/decks.py): a player
saves decks by name, chooses the ones to bring, and each match that starts deals a seat the
chosen decks of its format. They go into the match's options under "decks", keyed by seat: an
undeclared key, so no options line or lobby ever shows them, and the engine keeps them secret.
"""
from __future__ import annotations

from engine.base import IllegalAction
from engine.skytear import decks as skytear_decks
from engine.text import Msg
from matches.common import UserError, shorten

GAME = "skytear"
MAX_DECKS = 40          # saved decks a player keeps (house)
MAX_NAME = 40


def deck_format(options: dict) -> str:
    return "tournament" if options.get("setup") == "tournament" else "draft"


class Decks:
    """One part of MatchService (matches/service.py): it uses the others through `self`."""

    async def save_deck(self, user_id: int, name: str, hero: str, cards: list[str], fmt: str) -> dict:
        """Save (or replace) a deck; a deck that breaks a limit is refused with the limit, and
        nothing is saved."""
        name = " ".join(str(name).split())
        if not 1 <= len(name) <= MAX_NAME:
            raise UserError(Msg("A deck's name is 1 to {n} characters.", n=MAX_NAME))
        if fmt not in skytear_decks.FORMATS:
            raise UserError(Msg("There is no deck format called {format}.", format=repr(shorten(fmt, 40))))
        problem = skytear_decks.deck_problem(hero, list(cards), fmt)
        if problem:
            raise UserError(problem)
        mine = await self.store.saved_decks(user_id, GAME)
        if name not in {d["name"] for d in mine} and len(mine) >= MAX_DECKS:
            raise UserError(Msg("You have {n} saved decks, the most you may keep; delete one first.", n=MAX_DECKS))
        old = next((d for d in mine if d["name"] == name), None)
        if old and old["chosen"] and (old["format"] != fmt or old["hero"] != hero):
            raise UserError(Msg("Deck {name} is chosen for your matches: choose others before you change its hero "
                                "or format.", name=name))
        if old and old["chosen"]:
            chosen = {d["hero"]: (cards if d["name"] == name else d["cards"]) for d in mine
                      if d["chosen"] and d["format"] == fmt}
            problem = skytear_decks.decks_problem(chosen, fmt)
            if problem:
                raise UserError(problem)
        await self.store.save_deck(user_id, GAME, name, format=fmt, hero=hero, cards=list(cards))
        return {"name": name, "format": fmt, "hero": hero, "cards": list(cards)}

    async def saved_decks(self, user_id: int) -> list[dict]:
        return await self.store.saved_decks(user_id, GAME)

    async def delete_deck(self, user_id: int, name: str) -> None:
        name = " ".join(str(name).split())
        deck = next((d for d in await self.store.saved_decks(user_id, GAME) if d["name"] == name), None)
        if deck is None:
            raise UserError(Msg("You have no deck called {name}.", name=repr(shorten(name, 40))))
        if deck["chosen"]:
            raise UserError(Msg("Deck {name} is chosen for your matches: choose others before you delete it.",
                                name=name))
        await self.store.delete_deck(user_id, GAME, name)

    async def choose_decks(self, user_id: int, fmt: str, names: list[str]) -> list[dict]:
        """The decks of `fmt` the player brings to their next matches (none: the preconstructed
        decks, or the house pool in the tournament format). They are checked together: one deck
        a hero, the copy limit across all of them (R136, G20), a tournament pool's 6 (R140)."""
        mine = {d["name"]: d for d in await self.store.saved_decks(user_id, GAME)}
        names = list(dict.fromkeys(" ".join(str(n).split()) for n in names if str(n).strip()))
        chosen = []
        for name in names:
            deck = mine.get(name)
            if deck is None:
                raise UserError(Msg("You have no deck called {name}.", name=repr(shorten(name, 40))))
            if deck["format"] != fmt:
                raise UserError(Msg("Deck {name} is not a deck of this format.", name=name))
            chosen.append(deck)
        heroes = [d["hero"] for d in chosen]
        if len(set(heroes)) != len(heroes):
            raise UserError(Msg("Choose one deck a hero."))
        if chosen:
            problem = skytear_decks.decks_problem({d["hero"]: d["cards"] for d in chosen}, fmt)
            if problem:
                raise UserError(problem)
        await self.store.choose_decks(user_id, GAME, fmt, names)
        return chosen

    async def _seat_decks(self, match, seats: list, options: dict) -> dict:
        """At the start of a Skytear match, the options with each human seat's chosen decks of
        the match's format (seats already in their final order)."""
        options = {k: v for k, v in options.items() if k != "decks"}
        if match.game != GAME or options.get("setup") not in ("draft", "tournament"):
            return options      # the first game (R135) deals whole factions with their cards
        fmt = deck_format(options)
        given = {}
        for i, seat in enumerate(seats):
            if seat.is_ai:
                continue
            chosen = {d["hero"]: d["cards"] for d in await self.store.saved_decks(seat.user_id, GAME)
                      if d["chosen"] and d["format"] == fmt}
            if chosen and skytear_decks.decks_problem(chosen, fmt) is None:
                given[str(i)] = chosen
        # pools that cannot both be picked from (R140, one model per hero): the later seats'
        # saved pools give way to the house pool, which always fits
        for drop in [None] + sorted(given, key=int, reverse=True):
            if drop is not None:
                given.pop(drop)
            try:
                self.rules(match).setup(len(seats), {**options, "decks": given}, 1)
                break
            except IllegalAction:
                continue
        if given:
            options["decks"] = given
        return options
