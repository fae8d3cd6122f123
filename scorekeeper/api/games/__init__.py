"""The game API: a game, its hands and previews, read and answered as JSON."""
