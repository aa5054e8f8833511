"""Make data/fonts/NotoSansCJKtc-Regular-core.otf: the bundled CJK font cut again to the
characters the bot's own texts use (the Chinese catalogues, the games' glossaries and data),
plus CJK punctuation and full-width forms.

Why: FreeType keeps a CFF font's glyph tables per loaded size, and the pictures use about
seventeen sizes, so the whole Big5 + GB2312 font cost each render worker about 44 MB; with
the core font at every size and the whole font only at the sizes a rare character (a player's
name) needs, it is a few MB. The glyphs are the same ones, so the pixels are the same
(tests/render/test_cjk_core_font.py checks both that and that the core covers every text).

    python -m tools.cjk_core_font      # after a catalogue or glossary gains a new character
"""
from __future__ import annotations

import sys
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont

from tools import font_coverage

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "data" / "fonts" / "NotoSansCJKtc-Regular-subset.otf"
TARGET = ROOT / "data" / "fonts" / "NotoSansCJKtc-Regular-core.otf"
ALWAYS = [range(0x3000, 0x3040), range(0xFF00, 0xFFF0)]  # CJK punctuation, full-width forms


def own_texts() -> str:
    """Every text of the Chinese catalogues and of the games' data (glossaries included)."""
    from babel.messages.pofile import read_po
    parts = []
    for po in sorted((ROOT / "locales").glob("zh_*/LC_MESSAGES/*.po")):
        with po.open("rb") as f:
            for message in read_po(f):
                value = message.string
                parts.extend(value if isinstance(value, tuple) else [value or ""])
    for path in sorted((ROOT / "data").rglob("*")):
        if path.suffix in (".csv", ".json", ".md", ".txt", ".toml", ".yaml") and path.is_file():
            parts.append(path.read_text(encoding="utf-8", errors="ignore"))
    return "".join(parts)


def core_characters(font_cmap: set[int]) -> set[int]:
    """The code points of the core: the characters of the bot's own texts the whole font has."""
    wanted = {ord(ch) for ch in own_texts() if ord(ch) >= 0x2E80}
    for block in ALWAYS:
        wanted.update(block)
    return {code for code in wanted if code in font_cmap}


def main() -> None:
    font = TTFont(str(SOURCE))
    codes = core_characters(set(font.getBestCmap()))
    opts = subset.Options()  # as tools/subset_cjk_font.py cut the whole one
    opts.hinting = False
    opts.name_IDs = [0, 1, 2, 3, 4, 5, 6, 13, 14]
    opts.layout_features = []
    opts.desubroutinize = False
    cutter = subset.Subsetter(opts)
    cutter.populate(unicodes=sorted(codes))
    cutter.subset(font)
    font.save(str(TARGET))
    print(f"{len(codes)} characters -> {TARGET.relative_to(ROOT)}", file=sys.stderr)
    font_coverage.main()  # the pictures read which font has which character from that file


if __name__ == "__main__":
    main()
