"""BuyWord for the terminal: Sid Sackson's word game with an economy."""

__version__ = "0.1.0"
