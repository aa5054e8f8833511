"""Keep the catalogue in step with the code.

    python -m i18n.tools update     find every text in the code and the slash commands, add
                                    the new ones to locales/zh_TW (empty, to translate), drop
                                    those no longer used, then write locales/zh_CN from zh_TW
    python -m i18n.tools simplify   only the last step
    (name domains after the verb to touch only those: update battleline commands)

Texts are found in the syntax tree of the code: the first argument of `Msg(...)`, both of
`plural(...)` and the second of `t(lang, ...)` (engine/text.py, i18n). Slash-command names,
descriptions and choices are read from the command tree of the bot with every cog loaded
(names in the "command" context: Discord wants them short and lower-case).

Simplified Chinese is converted from Traditional with OpenCC (Taiwan phrases to mainland
ones); an entry of a zh_CN file flagged `manual` is a hand translation and is kept.
"""
from __future__ import annotations

import ast
import asyncio
from datetime import datetime, timezone
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

from i18n import COMMAND_CONTEXT, LOCALES, ROOT, folder

KEYWORDS = {"Msg": None, "plural": (1, 2), "t": (2,)}
# which catalogue file (domain) a source file's texts go to; first match wins
DOMAINS = (
    ("battleline", ("engine/battleline/",)),
    ("battalia", ("engine/battalia/",)),
    ("skytear", ("engine/skytear/",)),
    ("clash_of_rage", ("engine/clash_of_rage/",)),
    ("civilization", ("engine/civilization/",)),
    ("tournaments", ("tournaments/", "cogs/tournaments.py", "cogs/tournament_posts.py", "cogs/ratings.py", "render/tournament.py", "store/")),
    ("pictures", ("render/",)),
    ("service", ("matches/",)),
    ("matches", ("cogs/presenter.py", "cogs/hands.py", "cogs/notices.py", "cogs/matches.py", "cogs/components.py",
                 "cogs/replay.py", "cogs/common.py", "cogs/skytear_decks.py")),
    ("ui", ("cogs/", "engine/", "i18n/", "bot.py", "sandbox.py")),
)
SOURCES = ("bot.py", "sandbox.py", "cogs", "engine", "matches", "render", "store", "tournaments", "i18n")
# fixed header dates and names, so that a file changes only when its texts do
HEADER = dict(project="boardgames", version="1", copyright_holder="the boardgames authors",
              msgid_bugs_address="", last_translator="", language_team="", fuzzy=False,
              creation_date=datetime(2026, 1, 1, tzinfo=timezone.utc),
              revision_date=datetime(2026, 1, 1, tzinfo=timezone.utc),
              header_comment="# The boardgames bot's texts. Update with: python -m i18n.tools update")


def domain_of(path: str) -> str:
    for domain, prefixes in DOMAINS:
        if path.startswith(prefixes):
            return domain
    return "ui"


def code_texts() -> dict[str, dict[tuple[str, str], tuple[str, ...]]]:
    """domain -> {(ctx, msgid): (msgid,) or (singular, plural)} for every text in the code."""
    out: dict[str, dict] = {}
    files = []
    for source in SOURCES:
        path = ROOT / source
        files += [path] if path.is_file() else sorted(path.rglob("*.py"))
    for path in files:
        rel = path.relative_to(ROOT).as_posix()
        for ids in texts_in(path.read_text(encoding="utf-8")):
            out.setdefault(domain_of(rel), {})[("", ids[0])] = ids
    return out


def texts_in(source: str) -> list[tuple[str, ...]]:
    """The message ids written in Python source: the literal first argument of `Msg(...)`,
    both of `plural(...)`, the second of `t(lang, ...)` (read from the syntax tree, so any
    argument after them is fine)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
        spec = KEYWORDS.get(name, False)
        if spec is False:
            continue
        positions = (1,) if spec is None else spec
        args = [node.args[i - 1] if i - 1 < len(node.args) else None for i in positions]
        if all(isinstance(a, ast.Constant) and isinstance(a.value, str) for a in args):
            found.append(tuple(a.value for a in args))
    return found


async def _command_texts() -> dict[tuple[str, str], tuple[str, ...]]:
    from discord import app_commands
    from bot import EXTENSIONS, Config, GameBot
    from engine import registry
    bot = GameBot(Config(database=":memory:"))
    # the shipped games' commands only (a test may have registered a game of its own)
    shipped = set(registry.BUILTIN_GAMES)
    bot.playable_games = lambda: [g for g in registry.load_builtin() if g.name in shipped]
    for extension in EXTENSIONS:
        await bot.load_extension(extension)
    out: dict[tuple[str, str], tuple[str, ...]] = {}

    def add(ctx: str, text) -> None:
        text = str(getattr(text, "message", text))
        if text and text != "…":
            out[(ctx, text)] = (text,)

    def walk(command) -> None:
        add(COMMAND_CONTEXT, command.name)
        add("", command.description)
        if isinstance(command, app_commands.Group):
            for sub in command.commands:
                walk(sub)
            return
        for p in command.parameters:
            add(COMMAND_CONTEXT, p.display_name)
            add("", p.description)
            for choice in p.choices:
                add("", choice.name)

    for command in bot.tree.get_commands():
        walk(command)
    await bot.close()
    return out


def command_texts() -> dict[tuple[str, str], tuple[str, ...]]:
    return asyncio.run(_command_texts())


def po_path(lang: str, domain: str) -> Path:
    return LOCALES / folder(lang) / "LC_MESSAGES" / f"{domain}.po"


def load(lang: str, domain: str) -> Catalog:
    path = po_path(lang, domain)
    if not path.exists():
        return Catalog(locale=folder(lang), domain=domain)
    with path.open("rb") as f:
        return read_po(f, locale=folder(lang), domain=domain)


def save(catalog: Catalog, lang: str, domain: str) -> None:
    path = po_path(lang, domain)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as f:
        write_po(f, catalog, width=0, omit_header=False, sort_output=True, include_lineno=False)


def all_texts(domains: list[str] | None = None) -> dict[str, dict[tuple[str, str], tuple[str, ...]]]:
    texts = code_texts()
    if not domains or "commands" in domains:
        texts["commands"] = command_texts()
    return {d: found for d, found in texts.items() if not domains or d in domains}


def update(domains: list[str] | None = None) -> None:
    """Bring the named domains (all when none are named) in step with the code."""
    for domain, texts in all_texts(domains).items():
        old = load("zh-TW", domain)
        new = Catalog(locale="zh_TW", domain=domain, **HEADER)
        for (ctx, _key), ids in sorted(texts.items()):
            msgid = ids if len(ids) > 1 else ids[0]
            found = old.get(msgid, context=ctx or None)
            new.add(msgid, found.string if found else ("", "") if len(ids) > 1 else "", context=ctx or None)
        save(new, "zh-TW", domain)
    simplify(domains)


def simplify(domains: list[str] | None = None) -> None:
    import opencc
    convert = opencc.OpenCC("tw2sp").convert
    for path in sorted((LOCALES / "zh_TW" / "LC_MESSAGES").glob("*.po")):
        domain = path.stem
        if domains and domain not in domains:
            continue
        source, old = load("zh-TW", domain), load("zh-CN", domain)
        new = Catalog(locale="zh_CN", domain=domain, **HEADER)
        for message in source:
            if not message.id:
                continue
            kept = old.get(message.id, context=message.context)
            if kept and "manual" in kept.flags:
                new.add(message.id, kept.string, context=message.context, flags=("manual",))
            elif isinstance(message.string, tuple):
                new.add(message.id, tuple(convert(s) for s in message.string), context=message.context)
            else:
                new.add(message.id, convert(message.string), context=message.context)
        save(new, "zh-CN", domain)


if __name__ == "__main__":
    verb = sys.argv[1] if len(sys.argv) > 1 else "update"
    {"update": update, "simplify": simplify}[verb](sys.argv[2:] or None)
