"""Summary lines that tests of this folder print at the end of the run."""
from __future__ import annotations

SUMMARY: list[str] = []


def pytest_terminal_summary(terminalreporter):
    for line in SUMMARY:
        terminalreporter.write_line(line)
