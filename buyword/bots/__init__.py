"""Computer players: pure functions of a read-only view of the game and their own RNG."""
