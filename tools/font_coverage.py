"""Write data/fonts/coverage.json: which characters each bundled font has, as code-point ranges.

Why: the pictures pick a font per character (render.common.runs); reading the fonts' character
maps with fontTools at run time cost every render worker about 14 MB (the library, the parsed
tables and the freed holes they leave) for three sets of numbers that only change with the
fonts. tests/render/test_cjk_core_font.py checks the file against the fonts.

    python tools/font_coverage.py      # after a font in data/fonts changes
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

from fontTools.ttLib import TTFont

ROOT = Path(__file__).resolve().parent.parent
FONT_DIR = ROOT / "data" / "fonts"
TARGET = FONT_DIR / "coverage.json"
FONTS = ("DejaVuSans.ttf", "NotoSansCJKtc-Regular-subset.otf", "NotoSansCJKtc-Regular-core.otf")


def ranges(codes) -> list[list[int]]:
    """Sorted code points as [first, last] ranges, both ends included."""
    out: list[list[int]] = []
    for code in sorted(codes):
        if out and out[-1][1] == code - 1:
            out[-1][1] = code
        else:
            out.append([code, code])
    return out


def font_ranges(name: str) -> list[list[int]]:
    with TTFont(str(FONT_DIR / name), lazy=True) as font:
        return ranges(font.getBestCmap())


def main() -> None:
    table = {name: font_ranges(name) for name in FONTS}
    TARGET.write_text(json.dumps(table, separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"{', '.join(f'{n}: {len(r)} ranges' for n, r in table.items())} -> {TARGET.relative_to(ROOT)}",
          file=sys.stderr)


if __name__ == "__main__":
    main()
