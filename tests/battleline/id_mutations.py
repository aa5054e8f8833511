"""Spellings of a move that are not its id: a hypothesis strategy shared by the Battle Line and
Battalia fuzz tests (a stored move must be one of the legal ids, spelled exactly so)."""
from __future__ import annotations

import re

from hypothesis import strategies as st

NUMBER = re.compile(r"\d+")


def _split(action_id: str) -> list[list[str]]:
    return [part.split(",") for part in action_id.split(":")]


def _join(parts: list[list[str]]) -> str:
    return ":".join(",".join(items) for items in parts)


@st.composite
def mutated(draw, action_id: str) -> str:
    """`action_id` changed in one or two ways a parser might forgive: the items of a list in another
    order or repeated, spaces, another case, a number written otherwise or unknown, a part dropped,
    doubled, emptied or added, two parts swapped, a character cut."""
    text = action_id
    for _ in range(draw(st.integers(1, 2))):
        parts = _split(text)
        kind = draw(st.sampled_from(("reorder", "repeat", "space", "case", "number", "drop", "double", "empty",
                                     "extra", "swap", "cut")))
        i = draw(st.integers(0, len(parts) - 1))
        if kind == "reorder" and len(parts[i]) > 1:
            parts[i] = draw(st.permutations(parts[i]))
        elif kind == "repeat":
            j = draw(st.integers(0, len(parts[i]) - 1))
            parts[i] = parts[i][:j + 1] + [parts[i][j]] + parts[i][j + 1:]
        elif kind == "space":
            where = draw(st.sampled_from(("before", "after", "inside")))
            text = {"before": " " + text, "after": text + " ",
                    "inside": text.replace(":", draw(st.sampled_from((" :", ": ", " : "))), 1)}[where]
            continue
        elif kind == "case":
            text = draw(st.sampled_from((text.upper(), text.title(), text.swapcase())))
            continue
        elif kind == "number" and NUMBER.search(text):
            spelled = draw(st.sampled_from(("0{}", "+{}", "-{}", "{} ", "99", "0", "1{}", "{}0")))
            match = draw(st.sampled_from(list(NUMBER.finditer(text))))
            text = text[:match.start()] + spelled.format(match.group()) + text[match.end():]
            continue
        elif kind == "drop" and len(parts) > 1:
            del parts[i]
        elif kind == "double":
            parts.insert(i, list(parts[i]))
        elif kind == "empty":
            parts[i] = [""]
        elif kind == "extra":
            parts.append([draw(st.sampled_from(("", "x", "1", "2", "k1", "sup", "horse", "free")))])
        elif kind == "swap" and len(parts) > 1:
            j = draw(st.integers(0, len(parts) - 1))
            parts[i], parts[j] = parts[j], parts[i]
        elif kind == "cut" and len(text) > 1:
            k = draw(st.integers(0, len(text) - 1))
            text = text[:k] + text[k + 1:]
            continue
        text = _join(parts)
    return text
