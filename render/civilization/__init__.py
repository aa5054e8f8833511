"""Civilization pictures drawn from engine.civilization's view: the public board (board.py) and a
player's own picture (hand.py); palette.py holds what both share. The render registry imports
this package."""
from render.civilization.board import render_board
from render.civilization.hand import hand_content, render_hand

__all__ = ["hand_content", "render_board", "render_hand"]
