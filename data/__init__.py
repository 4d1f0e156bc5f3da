"""Bundled game data: the tile set and the word list (installed as buyword.data)."""
