"""Keeping the player's progress: autosave, finished-game records, scores and settings."""
