"""The computer's strength as a slash-command choice, and `/match hint`'s answer in words."""
from __future__ import annotations

from discord import app_commands

from engine.ai_levels import hint_line
from engine.base import HARD, LEVEL, NORMAL
from i18n import render

LEVEL_CHOICES = [app_commands.Choice(name=str(label), value=value) for value, label in LEVEL.choices]
HINT_CHOICES = [c for c in LEVEL_CHOICES if c.value in (NORMAL, HARD)]


def hint_text(found, lang: str, names: list[str]) -> str:
    """"Hint for match #12: **Play Red 7 on flag 3**. The hard computer's choice: …" """
    return render(hint_line(found.match.id, found.action.label, found.why), lang, names)
