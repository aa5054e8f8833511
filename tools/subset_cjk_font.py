"""Make data/fonts/NotoSansCJKtc-Regular-subset.otf: Noto Sans CJK TC Regular cut to the
characters of Big5 and GB2312, CJK punctuation, kana, bopomofo and full-width forms (3.9 MB
instead of 16 MB; every Traditional and Simplified character in common use).

    python tools/subset_cjk_font.py NotoSansCJK-Regular.ttc 3 data/fonts/NotoSansCJKtc-Regular-subset.otf

(the .ttc from googlefonts/noto-cjk or Debian's fonts-noto-cjk; font 3 of it is TC)
"""
import sys
from fontTools.ttLib import TTCollection
from fontTools import subset

def chars():
    out = set()
    for enc, ranges in (("big5", [(0xA1, 0xF9)]), ("gb2312", [(0xA1, 0xF7)])):
        for hi in range(0xA1, 0xFA):
            for lo in list(range(0x40, 0x7F)) + list(range(0xA1, 0xFF)):
                try:
                    out.add(bytes([hi, lo]).decode(enc))
                except UnicodeDecodeError:
                    pass
    out |= {chr(c) for c in range(0x3000, 0x3100)}   # CJK punctuation, kana, bopomofo
    out |= {chr(c) for c in range(0xFF00, 0xFFF0)}   # full-width forms
    out |= {chr(c) for c in range(0x20, 0x7F)}
    return "".join(sorted(out))

src, index, dst = sys.argv[1], int(sys.argv[2]), sys.argv[3]
font = TTCollection(src).fonts[index]
opts = subset.Options()
opts.hinting = False
opts.name_IDs = [0,1,2,3,4,5,6,13,14]
opts.layout_features = []
opts.desubroutinize = False
s = subset.Subsetter(opts)
text = chars()
s.populate(text=text)
s.subset(font)
font.save(dst)
print(len(text), "characters")
