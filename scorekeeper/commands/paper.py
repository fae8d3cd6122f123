"""Commands that write paper: a format's blank score sheet and a saved game's filled one."""

from __future__ import annotations

from pathlib import Path

import click

from scorekeeper.commands.common import LANG, PAPER, PDF_OUTPUT, app_database, fail, write_file


@click.command(short_help="Write a format's blank score sheet as PDF.")
@click.argument("format_id", metavar="FORMAT")
@PDF_OUTPUT
@click.option(
    "--option",
    "options",
    multiple=True,
    metavar="ID",
    help="Switch on a house option (repeatable).",
)
@click.option(
    "--players",
    type=int,
    metavar="N",
    help="Score columns for a format played by a range of players (Oklahoma: 2 to 5).",
)
@PAPER
@LANG
def sheet(
    format_id: str,
    output: Path,
    options: tuple[str, ...],
    players: int | None,
    paper: str,
    lang: str,
) -> int:
    """Writes the blank score sheet of FORMAT (an id that `scorekeeper formats` lists) as PDF."""
    from scorekeeper.pdf import blank_sheet
    from scorekeeper.pdf.blank_sheet import PlayersError
    from scorekeeper.rules.model import FormatChoiceError
    from scorekeeper.rules.presets import load_presets, rules_for

    if format_id not in load_presets():
        return fail(f"unknown format {format_id!r} (formats: {', '.join(load_presets())})")
    try:
        rules = rules_for(format_id, options)
        data = blank_sheet(rules, paper=paper, players=players, lang=lang)
    except FormatChoiceError as error:
        return fail(error.message)
    except PlayersError as error:
        return fail(str(error))
    return write_file(output, data)


@click.command("export-pdf", short_help="Write a saved game's score sheet as PDF.")
@click.argument("game_id")
@PDF_OUTPUT
@PAPER
@LANG
def export_pdf(game_id: str, output: Path, paper: str, lang: str) -> int:
    """Writes the filled score sheet of the saved game GAME_ID (as in /games/GAME_ID) as PDF."""
    from scorekeeper import store
    from scorekeeper.pdf.game_sheet import sheet_of_game
    from scorekeeper.store.connection import connect

    database = app_database()
    db = connect(database)
    try:
        game = store.get_game(db, game_id)
    except store.GameNotFound:
        return fail(f"no game {game_id!r} in {database}")
    finally:
        db.close()
    data = sheet_of_game(game, paper, lang)
    return write_file(output, data)
