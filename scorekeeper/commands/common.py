"""What every command shares: the failure status, its one-line message, paper, language and PDF options."""

from __future__ import annotations

from pathlib import Path

import click

EXIT_FAILED = 2  # also click's status for a command line it cannot read

PAPER = click.option(
    "--paper",
    type=click.Choice(["a4", "letter"]),
    default="a4",
    show_default=True,
    help="Paper size.",
)
PDF_OUTPUT = click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    required=True,
    help="The PDF file to write.",
)
LANG = click.option(
    "--lang",
    type=click.Choice(["en", "es", "pt_BR", "it", "de"]),
    default="en",
    show_default=True,
    help="The sheet's language: headings, tables and numbers (5,000 or 5.000).",
)


def fail(message: str) -> int:
    """Prints one line on stderr, in the command's name, and returns EXIT_FAILED."""
    click.echo(f"scorekeeper: {message}", err=True)
    return EXIT_FAILED


def write_file(path: Path, data: bytes) -> int:
    """Writes a file the command made and says so; a clear failure when it cannot."""
    try:
        path.write_bytes(data)
    except OSError as error:
        return fail(f"cannot write {path}: {error.strerror or error}")
    click.echo(f"Wrote {path} ({len(data):,} bytes)")
    return 0


def app_database() -> str:
    """Returns the app's database path, creating and migrating it as the app would."""
    from scorekeeper.app import ready_database

    return ready_database()
