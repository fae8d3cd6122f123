"""The rules room: format documents (the model, their reader and patches, presets, checks) and problem codes."""
