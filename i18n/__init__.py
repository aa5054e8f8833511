"""Every text a person reads, in their language: English, Traditional or Simplified Chinese.

The catalogue is gettext's: `locales/<lang>/LC_MESSAGES/<domain>.po`, read with Babel. Message
ids are the English source texts that the code writes as `Msg(...)` (engine/text.py), so
English needs no catalogue of its own. Game terms (card, unit, tribe names) come from each
game's glossary, `data/<game>/glossary.csv`, one row per term with the English name beside
the Chinese ones as the boxes print them.

`render(text, lang, names)` is the one way a text becomes words: the Discord edge calls it
with the reader's language (a person's own for private answers, the server's for a channel
and its pictures).
"""
from __future__ import annotations

import csv
import gettext
import threading
from pathlib import Path
from typing import Any, Iterable

from babel.messages.pofile import read_po

from engine.text import Lines, Msg, Seat, fill, from_json, plural, term  # noqa: F401  (re-exported)

ROOT = Path(__file__).resolve().parent.parent
LOCALES = ROOT / "locales"
DATA = ROOT / "data"

ENGLISH = "en"
LANGUAGES = ("en", "zh-TW", "zh-CN")
# the catalogue context of slash command, group and option names (Discord wants them short,
# lower-case, without spaces)
COMMAND_CONTEXT = "command"
LANGUAGE_NAMES = {"en": "English", "zh-TW": "繁體中文", "zh-CN": "简体中文"}
LIST_SEPARATOR = {"en": ", ", "zh-TW": "、", "zh-CN": "、"}

# (lang, ctx, key) of every text asked for in a language that has no translation of it:
# the language tests require it to stay empty
MISSING: set[tuple[str, str, str]] = set()


def language_of(locale: Any) -> str:
    """Our language for a Discord locale ("zh-TW", "zh-CN", "en-US", a discord.Locale…):
    Hong Kong reads Traditional; every other locale we have no catalogue for reads English."""
    code = str(getattr(locale, "value", locale) or "")
    if code in ("zh-TW", "zh-HK", "zh_TW", "zh_HK"):
        return "zh-TW"
    if code in ("zh-CN", "zh", "zh_CN", "zh-SG"):
        return "zh-CN"
    return ENGLISH


def folder(lang: str) -> str:
    return lang.replace("-", "_")


class Catalogue:
    """One language's messages and glossary terms, keyed by (context, English text)."""

    def __init__(self, lang: str):
        self.lang = lang
        self.messages: dict[tuple[str, str], str | tuple[str, ...]] = {}
        self.plural_index = lambda n: 0
        for path in sorted((LOCALES / folder(lang) / "LC_MESSAGES").glob("*.po")):
            with path.open("rb") as f:
                catalog = read_po(f, locale=folder(lang), domain=path.stem)
            self.plural_index = gettext.c2py(catalog.plural_expr)
            for message in catalog:
                if not message.id or not message.string:
                    continue
                key = message.id[0] if isinstance(message.id, tuple) else message.id
                self.messages[(message.context or "", key)] = message.string
        for game, rows in glossaries().items():
            for row in rows:
                if row.get(lang):
                    self.messages[(game, row["en"])] = row[lang]

    def get(self, ctx: str, key: str, n: Any = None) -> str | None:
        found = self.messages.get((ctx, key))
        if isinstance(found, tuple):
            index = self.plural_index(int(n)) if isinstance(n, int) else 0
            found = found[min(index, len(found) - 1)] or found[0]
        return found or None


def glossaries() -> dict[str, list[dict[str, str]]]:
    """Each game's glossary rows: kind, en, zh-TW, zh-CN, source."""
    out = {}
    for path in sorted(DATA.glob("*/glossary.csv")):
        with path.open(encoding="utf-8", newline="") as f:
            out[path.parent.name] = [row for row in csv.DictReader(f) if row.get("en")]
    return out


_catalogues: dict[str, Catalogue] = {}
_lock = threading.Lock()


def catalogue(lang: str) -> Catalogue:
    found = _catalogues.get(lang)
    if found is None:
        with _lock:
            found = _catalogues.get(lang) or Catalogue(lang)
            _catalogues[lang] = found
    return found


def reload() -> None:
    """Forget the loaded catalogues (after a catalogue file changed)."""
    _catalogues.clear()


def render(text: Any, lang: str = ENGLISH, names: list[str] | None = None) -> str:
    """`text` in `lang`: a Msg translated (English when the catalogue lacks it, noted in
    MISSING), its arguments rendered the same way; a plain string as it is."""
    if text is None:
        return ""
    if isinstance(text, dict) and "msg" in text:
        text = from_json(text)
    if isinstance(text, Msg):
        values = {k: _arg(v, lang, names) for k, v in text.args.items()}
        if lang == ENGLISH:
            source = text.plural if text.plural and text.args.get("n") != 1 else text.key
            return fill(source, values)
        found = catalogue(lang).get(text.ctx, text.key, text.args.get("n"))
        if found is None:
            MISSING.add((lang, text.ctx, text.key))
            found = text.plural if text.plural and text.args.get("n") != 1 else text.key
        return fill(found, values)
    if isinstance(text, Seat):
        return _seat(text.seat, lang, names)
    if isinstance(text, Lines):
        return "\n".join(render(t, lang, names) for t in text)
    if isinstance(text, (list, tuple)):
        return LIST_SEPARATOR.get(lang, ", ").join(render(t, lang, names) for t in text)
    return str(text)


def _arg(value: Any, lang: str, names: list[str] | None) -> str:
    return render(value, lang, names)


def _seat(seat: int, lang: str, names: list[str] | None) -> str:
    if names and 0 <= seat < len(names):
        return names[seat]
    return render(Msg("Player {number}", number=seat + 1), lang)


def t(lang: str, key: str, /, **args: Any) -> str:
    """`Msg(key, **args)` in `lang` at once (for code that writes and sends in one place)."""
    return render(Msg(key, **args), lang)


def title(rules) -> Msg:
    """A game's title as its box prints it (a glossary term of the game)."""
    return term(rules.name, rules.title)


def each_language(text: Any, names: list[str] | None = None) -> Iterable[tuple[str, str]]:
    for lang in LANGUAGES:
        yield lang, render(text, lang, names)
