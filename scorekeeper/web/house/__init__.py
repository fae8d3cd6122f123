"""The house room: house formats: the editor, its example, share and upload."""
