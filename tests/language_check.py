"""What every game's language test checks of the texts its engine writes (DESIGN.md,
"Languages"): each is a `Msg`, every text inside it has a Chinese translation that is Chinese,
no "Player N" prose is left, and every seat it names shows as that player's name."""
from __future__ import annotations

import re

import i18n
from engine.text import Msg, Seat, placeholders

CHINESE = ("zh-TW", "zh-CN")
CJK = re.compile(r"[\u3400-\u9fff]")
LETTERS = re.compile(r"[A-Za-z]")
PLAYER_PROSE = re.compile(r"\bPlayer \d")
PLACEHOLDER = re.compile(r"\{[^{}]*\}")
NOTHING = re.compile(r"(?!)")


def parts(text):
    """Every `Msg` and `Seat` inside a text (itself included), through arguments and lists."""
    if isinstance(text, Msg):
        yield text
        for value in text.args.values():
            yield from parts(value)
    elif isinstance(text, Seat):
        yield text
    elif isinstance(text, (list, tuple)):
        for value in text:
            yield from parts(value)


def has_words(text: str, code: re.Pattern = NOTHING) -> bool:
    """Whether `text` has letters outside its placeholders and its codes (which read the same
    in every language)."""
    return bool(LETTERS.search(code.sub("", PLACEHOLDER.sub("", text))))


class Checker:
    """Renders texts and records what is wrong with them (one list, reported at the end).
    `code`: what a text may keep in Latin letters in Chinese (a game's card ids, squares);
    a plain string that is nothing but code is accepted as it is."""

    def __init__(self, code: re.Pattern | None = None):
        self.code = code
        self.problems: list[str] = []
        self.checked = 0

    def text(self, where: str, text, names: list[str], *, optional: bool = False) -> None:
        if optional and not text:
            return
        code = self.code or NOTHING
        if self.code and isinstance(text, str) and not isinstance(text, Msg) and not code.sub("", text).strip():
            return  # a square's name (b2) reads the same in every language
        if not isinstance(text, Msg):
            self.problems.append(f"{where}: not a Msg: {text!r}")
            return
        self.checked += 1
        found = list(parts(text))
        english = i18n.render(text, "en", names)
        if PLAYER_PROSE.search(english):
            self.problems.append(f"{where}: 'Player N' in English with names: {english!r}")
        for lang in CHINESE:
            shown = i18n.render(text, lang, names)
            if PLAYER_PROSE.search(shown) or "Player" in shown:
                self.problems.append(f"{where}: 'Player' prose in {lang}: {shown!r}")
            if LETTERS.search(code.sub("", str(text))) and not CJK.search(shown):
                self.problems.append(f"{where}: no Chinese in {lang}: {shown!r}")
            for node in found:
                if isinstance(node, Seat) and names[node.seat] not in shown:
                    self.problems.append(f"{where}: seat {node.seat} not named in {lang}: {shown!r}")
                if not isinstance(node, Msg):
                    continue
                translated = i18n.catalogue(lang).get(node.ctx, node.key, node.args.get("n"))
                if translated is None:
                    self.problems.append(f"{where}: no {lang} text for {node.key!r}")
                elif has_words(node.key, code) and not CJK.search(translated):
                    self.problems.append(f"{where}: {lang} text of {node.key!r} is not Chinese: {translated!r}")

    def events(self, where: str, events, names: list[str]) -> None:
        """A move's events: the public text and each seat's private one."""
        for event in events:
            self.text(f"{where} event", event.public, names)
            for seat, text in event.private.items():
                self.text(f"{where} private to {seat}", text, names)

    def finished_game(self, rules, state: dict, names: list[str]) -> dict:
        """A finished game's result, then its stored texts (log, result) as the public view reads
        them back from their JSON forms; the view, for a game's own checks."""
        result = rules.result(state)
        assert result is not None, "the game did not end"
        self.text("result", result.reason, names)
        view = rules.view(state, None)
        for n, line in enumerate(view["log"]):
            self.text(f"log line {n}", line, names)
        self.text("view result", view["result"]["reason"], names)
        return view

    def assert_clean(self) -> None:
        assert not self.problems, "\n".join(self.problems[:40])


def assert_domain_translated(domain: str, least: int, code: re.Pattern = NOTHING) -> None:
    """Every text the code of `domain` writes (at least `least` of them) has a Chinese
    translation with the same placeholders, in Chinese wherever the English has words,
    including texts no played game reached."""
    from i18n import tools
    texts = tools.all_texts([domain])[domain]
    assert len(texts) > least
    for lang in CHINESE:
        catalog = tools.load(lang, domain)
        for (_ctx, key), ids in texts.items():
            message = catalog.get(ids if len(ids) > 1 else key)
            assert message is not None and message.string, (lang, key)
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            wanted = set().union(*(placeholders(i) for i in ids))
            for s in strings:
                assert placeholders(s) == wanted, (lang, key, s)
                if has_words(key, code):
                    assert CJK.search(s), (lang, key, s)
