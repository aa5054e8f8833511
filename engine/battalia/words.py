"""Small helpers for the English of event texts, messages and labels: articles and plurals."""
from __future__ import annotations

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
