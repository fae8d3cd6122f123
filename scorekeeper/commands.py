"""Subcommands that need the app or its database: PDFs, backups, export and import."""

EXTRA_COMMANDS: list = []
