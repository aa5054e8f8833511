"""Texts in no language yet: a message key and its arguments (DESIGN.md, "Languages").

An engine (or the service) never writes prose for a reader: it writes `Msg("Flag {flag}
already has three of your cards", flag=4)`. The key is the English source text, which is
also the catalogue's message id (gettext's msgid); the Discord edge looks it up in the
reader's language (`i18n.render`). A `Msg` *is* the English text as a `str`, so logs, tests
and any code that only needs English keep working; only the edge asks for its key.

Arguments are numbers, plain strings (shown as they are: names a player typed), other
`Msg`s (rendered in the same language), `Seat(n)` (the seat's player name) and lists or
tuples of those (joined with the language's list separator).
"""
from __future__ import annotations

import functools
import string
from typing import Any

_FORMATTER = string.Formatter()


class Seat:
    """A reference to a seat's player in a text: the edge writes the player's name."""

    __slots__ = ("seat",)

    def __init__(self, seat: int):
        self.seat = int(seat)

    def __eq__(self, other):
        return isinstance(other, Seat) and other.seat == self.seat

    def __hash__(self):
        return hash(("seat", self.seat))

    def __repr__(self):
        return f"Seat({self.seat})"

    def __str__(self):
        return f"Player {self.seat + 1}"


class Msg(str):
    """A message key with arguments; its `str` value is the English text."""

    key: str
    args: dict[str, Any]
    plural: str
    ctx: str
    seated: bool  # whether a Seat is in it (else naming the players leaves it as it is)

    def __new__(cls, key: str, /, *, _plural: str = "", _ctx: str = "", **args: Any) -> "Msg":
        source = _plural if _plural and args.get("n") != 1 else key
        seated = False
        if args:
            # the common arguments inline: a move list makes thousands of texts a move
            values = {}
            for name, value in args.items():
                kind = type(value)
                if kind is str:
                    values[name] = value
                elif kind is int:
                    values[name] = str(value)
                elif kind is Msg:
                    values[name] = value
                    seated = seated or value.seated
                else:
                    values[name] = _english_arg(value)
                    seated = seated or _seated(value)
            text = fill(source, values)
        else:
            text = source
        obj = super().__new__(cls, text)
        obj.key, obj.args, obj.plural, obj.ctx, obj.seated = key, args, _plural, _ctx, seated
        return obj

    def __reduce__(self):
        return (_rebuild, (self.key, self.plural, self.ctx, self.args))

    def __repr__(self):
        return f"Msg({self.key!r}, {self.args!r})" if self.args else f"Msg({self.key!r})"

    def to_json(self) -> dict:
        """A JSON form (for stored texts such as a result's reason)."""
        out: dict[str, Any] = {"msg": self.key, "args": {k: to_json(v) for k, v in self.args.items()}}
        if self.plural:
            out["plural"] = self.plural
        if self.ctx:
            out["ctx"] = self.ctx
        return out


def _rebuild(key, plural, ctx, args):
    return Msg(key, _plural=plural, _ctx=ctx, **args)


def plural(one: str, other: str, n: int, **args: Any) -> Msg:
    """A text whose wording depends on the count `n` (English: one card, two cards)."""
    return Msg(one, _plural=other, n=n, **args)


@functools.cache
def term(game: str, english: str) -> Msg:
    """A game term (a card, unit or tribe name) as its box prints it: looked up in the
    game's glossary (`data/<game>/glossary.csv`), not the message catalogue. A text is never
    changed once made, so each term is made once and shared."""
    return Msg(english, _ctx=game)


def clip(text: str, limit: int) -> str:
    """`text` cut to `limit` characters of English. A `Msg` stays a `Msg` (its English value
    cut, its key and arguments kept), so the reader still gets it whole in their language and
    the edge fits it there."""
    if len(text) <= limit:
        return text
    short = str.__new__(type(text), text[:limit - 1].rstrip() + "…")
    if isinstance(text, Msg):
        short.key, short.args, short.plural, short.ctx = text.key, text.args, text.plural, text.ctx
        short.seated = text.seated
    return short


def placeholders(text: str) -> set[str]:
    """The names of the {placeholders} in a catalogue text."""
    return {field for _, field, _, _ in _FORMATTER.parse(text) if field}


def fill(text: str, values: dict[str, str]) -> str:
    """`text` with its placeholders filled; a placeholder without a value stays as written
    (a translation that names one the code does not give must not raise). `str.format_map`
    parses as `string.Formatter` does, in C: most texts of a move list are made here."""
    if "{" not in text:
        return text
    return text.format_map(_Defaulting(values))


class _Defaulting(dict):
    def __missing__(self, key):
        return "{" + key + "}"


def english(text: str, args: dict[str, Any]) -> str:
    return fill(text, {k: _english_arg(v) for k, v in args.items()})


class Lines(tuple):
    """Texts shown one per line (a plain list is joined with the language's list separator)."""


def _english_arg(value: Any) -> str:
    if isinstance(value, Lines):
        return "\n".join(_english_arg(v) for v in value)
    if isinstance(value, (list, tuple)):
        return ", ".join([v if type(v) is str else _english_arg(v) for v in value])
    return str(value)


def to_json(value: Any) -> Any:
    if isinstance(value, Msg):
        return value.to_json()
    if isinstance(value, Seat):
        return {"seat": value.seat}
    if isinstance(value, Lines):
        return {"lines": [to_json(v) for v in value]}
    if isinstance(value, (list, tuple)):
        return [to_json(v) for v in value]
    return value


def from_json(value: Any) -> Any:
    """The inverse of `to_json` (plain values come back as they are)."""
    if isinstance(value, dict) and "msg" in value:
        args = {k: from_json(v) for k, v in (value.get("args") or {}).items()}
        return Msg(value["msg"], _plural=value.get("plural", ""), _ctx=value.get("ctx", ""), **args)
    if isinstance(value, dict) and set(value) == {"lines"}:
        return Lines(from_json(v) for v in value["lines"])
    if isinstance(value, dict) and set(value) == {"seat"}:
        return Seat(value["seat"])
    if isinstance(value, list):
        return [from_json(v) for v in value]
    return value


def _seated(value: Any) -> bool:
    if isinstance(value, Seat):
        return True
    if isinstance(value, Msg):
        return value.seated
    if isinstance(value, (list, tuple)):
        return any(_seated(v) for v in value if type(v) is not int and type(v) is not str)
    return False


def with_names(value: Any, names: list[str] | None) -> Any:
    """`value` with every `Seat` in it replaced by that seat's player name (a text still in no
    language, whose English already names the players)."""
    if not names:
        return value
    if isinstance(value, Msg):
        if not value.seated:
            return value  # no seat in it: the same text (making a Msg again costs its English)
        return Msg(value.key, _plural=value.plural, _ctx=value.ctx,
                   **{k: with_names(v, names) for k, v in value.args.items()})
    if isinstance(value, Seat):
        return names[value.seat] if 0 <= value.seat < len(names) else value
    if isinstance(value, Lines):
        return Lines(with_names(v, names) for v in value)
    if isinstance(value, (list, tuple)):
        return [with_names(v, names) for v in value]
    return value
