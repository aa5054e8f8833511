"""Clash of Rage pictures: the public board (board.py) and a player's own hand (hand.py), both
drawn with the colours, names and small drawings of palette.py from what the game's view carries.
The render registry imports this package; board and hand never import each other."""
from __future__ import annotations

from render.clash_of_rage.board import render_board
from render.clash_of_rage.hand import hand_content, render_hand

__all__ = ["hand_content", "render_board", "render_hand"]
