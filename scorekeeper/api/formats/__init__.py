"""The formats API: the presets, and house formats made, changed and deleted by token."""
