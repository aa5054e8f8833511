"""Small helpers for the English of event texts, messages and labels: articles and plurals."""
from __future__ import annotations

from engine.text import Msg

# words that start with a vowel letter but a consonant sound ("a unit", "a one-way road")
_CONSONANT_SOUND = ("uni", "use", "one", "eu")
# nouns of the game whose plural is not the noun + "s"
_IRREGULAR = {"hero": "heroes", "Supply": "Supply", "supply": "Supply"}


def article(word: str) -> str:
    """"a" or "an" for the word that follows: "an amulet", "a Tool", "an Ember Folk Weapon"."""
    w = word.strip().lower()
    if w[:1] in "aeiou" and not w.startswith(_CONSONANT_SOUND):
        return "an"
    return "a"


def a(word: str) -> str:
    """The word with its indefinite article: a("amulet") == "an amulet"."""
    return f"{article(word)} {word}"


def plural(n: int, singular: str, plural_form: str | None = None) -> str:
    """The noun in the form that fits n: plural(1, "card") == "card", plural(2, "card") == "cards"."""
    if n == 1:
        return singular
    if plural_form is not None:
        return plural_form
    last = singular.rsplit(" ", 1)
    if last[-1] in _IRREGULAR:
        return " ".join(last[:-1] + [_IRREGULAR[last[-1]]])
    if singular.endswith(("s", "x", "ch", "sh")):
        return singular + "es"
    if singular.endswith("y") and singular[-2:-1] not in "aeiou":
        return singular[:-1] + "ies"
    return singular + "s"


def count(n: int, singular: str, plural_form: str | None = None) -> str:
    """A number with its noun: count(1, "card") == "1 card", count(6, "card") == "6 cards"."""
    return f"{n} {plural(n, singular, plural_form)}"


def and_list(items: list[str]) -> str:
    """"A", "A and B", "A, B and C"."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


# how a road or city shape is called in texts (the ids stay "dead", "t", ...)
SHAPE_NAMES = {"dead": "dead-end", "t": "T", "curve": "curved"}


def shape_name(shape: str) -> str:
    """"dead" -> "dead-end", "t" -> "T", "curve" -> "curved"; other shapes keep their id."""
    return SHAPE_NAMES.get(shape, shape)


# ------------------------------------------------------------------ texts in any language
# The helpers above write English only; texts a player reads are `Msg`s (engine/text.py) built
# with the ones below, so each language joins lists and picks its words itself.

def all_of(items) -> Msg | str:
    """"A", "A and B", "A, B and C" as a text (each item a Msg, Seat or plain string)."""
    items = list(items)
    if len(items) == 1:
        return items[0]
    if len(items) == 2:
        return Msg("{first} and {second}", first=items[0], second=items[1])
    return Msg("{items} and {last}", items=items[:-1], last=items[-1])


def any_of(items) -> Msg | str:
    """"A", "A or B", "A, B or C" as a text."""
    items = list(items)
    if len(items) == 1:
        return items[0]
    if len(items) == 2:
        return Msg("{first} or {second}", first=items[0], second=items[1])
    return Msg("{items} or {last}", items=items[:-1], last=items[-1])


def a_card(name) -> Msg:
    """A card's name with its indefinite article: "a Forest Clan Soldier", "an Amulet"."""
    if article(str(name)) == "an":
        return Msg("an {card}", card=name)
    return Msg("a {card}", card=name)
