"""Pieces the games' rules help shares: lines packed into chat messages, and the lines that list
every house value of a game's component records (values no source prints, our own design)."""
from __future__ import annotations

from typing import Callable, Iterable

from engine.text import Lines, Msg

MESSAGE_CHARS = 1800   # a chat message holds 2000 characters; the English leaves room for names


def messages(title: Msg, lines: Iterable[Msg], limit: int = MESSAGE_CHARS) -> list[Msg]:
    """Lines packed into chat messages of at most `limit` (English) characters each, the title
    first in every one."""
    out, chunk, size = [], [title], len(title)
    for line in lines:
        if size + len(line) + 1 > limit and len(chunk) > 1:
            out.append(Msg("{paragraphs}", paragraphs=Lines(chunk)))
            chunk, size = [title], len(title)
        chunk.append(line)
        size += len(line) + 1
    out.append(Msg("{paragraphs}", paragraphs=Lines(chunk)))
    return out


def show(value) -> str:
    """A data value in one short line: "a=1 b=2" for a dict, "x/y" for a list, "-" for nothing."""
    if isinstance(value, dict):
        return " ".join(f"{k}={show(v)}" for k, v in value.items()) or "-"
    if isinstance(value, list):
        return "/".join(show(v) for v in value) or "-"
    return "-" if value is None or value == "" else str(value)


def house_value_lines(records: Iterable[tuple[str, dict]], tag: Callable[[object], str | None],
                      term: Callable[[str], object]) -> list[Msg]:
    """Every house value, one line per record ("• Despotism: house_effects city_production=1"):
    `records` are (file name, record) with a `_source` note per field, `tag` reads a note's
    source tag, `term` gives a record name as the reader's glossary term."""
    lines = []
    for file, rec in records:
        fields = [f for f, note in rec["_source"].items()
                  if f != "id" and tag(note) == "house" and f in rec]
        if not fields:
            continue
        label = term(str(rec["name"])) if rec.get("name") else str(rec.get("id", file))
        values = [Msg("{field} {value}", field=f, value=show(rec[f])) for f in fields]
        lines.append(Msg("• {name}: {values}", name=label, values=values))
    return lines
