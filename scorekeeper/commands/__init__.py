"""The `scorekeeper` subcommands, grouped by concern; `scorekeeper.cli` gathers them."""
