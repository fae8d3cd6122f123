"""Statistics across games: pure functions from the engine's scored rows to figures and tables."""
