"""Battalia pictures: the public board (board.py) and a player's own hand (hand.py), both drawn
only from what engine/battalia/views.py puts in the view; palette.py holds what both use."""
from render.battalia.board import render_board
from render.battalia.hand import hand_content, render_hand

__all__ = ["render_board", "render_hand", "hand_content"]
