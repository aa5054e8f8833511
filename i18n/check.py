"""The catalogue check: every text the code can show has a translation in every language,
with the same placeholders (run by tests/i18n and `python -m i18n.check`)."""
from __future__ import annotations

from babel.messages.catalog import Catalog

from engine.text import placeholders
from i18n import LANGUAGES, glossaries

Texts = dict[tuple[str, str], tuple[str, ...]]


def catalogue_problems(texts: Texts, catalogues: dict[str, list[Catalog]]) -> list[str]:
    """What is wrong between the texts the code uses and each language's .po catalogues:
    a text with no translation, a translation whose placeholders differ from the English,
    and a translation of a text the code no longer uses."""
    problems = []
    for lang, files in catalogues.items():
        found: dict[tuple[str, str], object] = {}
        for catalog in files:
            for message in catalog:
                if message.id:
                    key = message.id[0] if isinstance(message.id, tuple) else message.id
                    found[(message.context or "", key)] = message
        for (ctx, key), ids in sorted(texts.items()):
            message = found.get((ctx, key))
            strings = ((message.string if isinstance(message.string, tuple) else (message.string,))
                       if message is not None else ())
            where = f"{lang} {ctx + ':' if ctx else ''}{key!r}"
            if not strings or not all(strings):
                problems.append(f"{where}: no translation")
                continue
            wanted = set().union(*(placeholders(i) for i in ids))
            for s in strings:
                if placeholders(s) != wanted:
                    problems.append(f"{where}: placeholders {sorted(placeholders(s))} != {sorted(wanted)}")
        for (ctx, key) in sorted(set(found) - set(texts)):
            problems.append(f"{lang} {ctx + ':' if ctx else ''}{key!r}: not used by the code (run i18n.tools update)")
    return problems


def glossary_problems(rows_by_game: dict[str, list[dict[str, str]]]) -> list[str]:
    problems = []
    for game, rows in rows_by_game.items():
        seen = set()
        for row in rows:
            where = f"data/{game}/glossary.csv {row.get('en')!r}"
            missing = [c for c in ("kind", *LANGUAGES, "source") if not (row.get(c) or "").strip()]
            if missing:
                problems.append(f"{where}: empty {', '.join(missing)}")
            if row.get("en") in seen:
                problems.append(f"{where}: listed twice")
            seen.add(row.get("en"))
    return problems


def shipped_problems() -> list[str]:
    from i18n import tools
    texts: Texts = {}
    for found in tools.all_texts().values():
        texts.update(found)
    catalogues = {lang: [tools.load(lang, path.stem) for path in sorted(
        (tools.LOCALES / lang.replace("-", "_") / "LC_MESSAGES").glob("*.po"))]
        for lang in LANGUAGES if lang != "en"}
    return catalogue_problems(texts, catalogues) + glossary_problems(glossaries())


if __name__ == "__main__":
    found = shipped_problems()
    print("\n".join(found) or "the catalogue is complete")
    raise SystemExit(1 if found else 0)
