"""Charts drawn on the server as inline SVG, from the engine's rows (no JavaScript library)."""
