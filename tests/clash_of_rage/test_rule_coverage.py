"""A guard: every numbered rule (R1-R85), design decision (D1-D40) and test scenario (T1-T32) of the
spec (clash-of-rage.md sections 5, 9 and 10) is cited by some test of this folder; a rule that loses
its last test fails here."""
from __future__ import annotations

import inspect
import re
from pathlib import Path

HERE = Path(__file__).resolve().parent
NUMBERED = {"R": 85, "D": 40, "T": 32}
# numbers no test can check, each with its reason; none so far
NOT_TESTABLE: dict[str, str] = {}


def cited_numbers(text: str, letter: str) -> set[int]:
    """Every citation of `letter` (either case, as in "R12", "test_t20_x", "(D7,"), not inside a
    longer word or number; a range "R44-R65" cites its ends only."""
    return {int(n) for n in re.findall(rf"(?<![A-Za-z0-9])[{letter}{letter.lower()}](\d+)(?!\d)", text)}


def test_every_rule_decision_and_scenario_is_cited_by_some_test():
    own = inspect.getsource(test_every_rule_decision_and_scenario_is_cited_by_some_test) + inspect.getsource(cited_numbers)
    files = sorted(p for p in HERE.glob("*.py") if p.name != Path(__file__).name)
    assert len(files) > 8, "the test folder was found"
    text = "\n".join(p.read_text(encoding="utf-8") for p in files).replace(own, "")
    missing = [f"{letter}{n}" for letter, last in NUMBERED.items() for n in range(1, last + 1)
               if n not in cited_numbers(text, letter) and f"{letter}{n}" not in NOT_TESTABLE]
    assert not missing, f"cited by no test: {', '.join(missing)}"


def test_the_guard_sees_a_missing_number():
    assert cited_numbers("test_r12_x and (D7, T3) but not GR4 or R123", "R") == {12, 123}
    assert 4 not in cited_numbers("GR4", "R")
