"""Subcommands that need the app or its database: PDFs, backups, export and import."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from scorekeeper.data_commands import add_backup, add_export, add_import

EXIT_FAILED = 2


def _fail(message: str) -> int:
    print(f"scorekeeper: {message}", file=sys.stderr)
    return EXIT_FAILED


def _write(path: Path, data: bytes) -> int:
    try:
        path.write_bytes(data)
    except OSError as error:
        return _fail(f"cannot write {path}: {error.strerror or error}")
    print(f"Wrote {path} ({len(data):,} bytes)")
    return 0


def _sheet(args: argparse.Namespace) -> int:
    """Writes the blank score sheet of a format."""
    from scorekeeper.pdf import blank_sheet
    from scorekeeper.pdf.blank_sheet import PlayersError
    from scorekeeper.presets import load_presets, rules_for

    if args.format not in load_presets():
        return _fail(f"unknown format {args.format!r} (formats: {', '.join(load_presets())})")
    try:
        rules = rules_for(args.format, args.option)
        data = blank_sheet(rules, paper=args.paper, players=args.players)
    except KeyError as error:
        return _fail(error.args[0])
    except PlayersError as error:
        return _fail(str(error))
    return _write(args.output, data)


def _export_pdf(args: argparse.Namespace) -> int:
    """Writes the filled score sheet of a saved game."""
    from scorekeeper import create_app, store
    from scorekeeper.db import get_db
    from scorekeeper.engine import replay
    from scorekeeper.pdf import game_sheet
    from scorekeeper.pdf.game_sheet import default_title

    app = create_app()
    with app.app_context():
        try:
            game = store.get_game(get_db(), args.game_id)
        except store.GameNotFound:
            return _fail(
                f"no game {args.game_id!r} in {app.config.get('DATABASE', 'the database')}"
            )
    state = replay(game.rules, game.setup, game.hands)
    title = default_title(game.setup)
    data = game_sheet(
        game.rules,
        game.setup,
        state,
        title=title,
        created=game.created_at,
        paper=args.paper,
        raises=game.raises,
    )
    return _write(args.output, data)


def _paper_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--paper", choices=("a4", "letter"), default="a4", help="paper size (default a4)"
    )


def add_sheet(commands: argparse._SubParsersAction) -> None:
    """Adds `scorekeeper sheet FORMAT -o FILE.pdf`: a blank score sheet."""
    sheet = commands.add_parser("sheet", help="write a format's blank score sheet as PDF")
    sheet.add_argument("format", help="a format id, as `scorekeeper formats` lists them")
    sheet.add_argument("-o", "--output", type=Path, required=True, help="the PDF file to write")
    sheet.add_argument(
        "--option", action="append", default=[], help="switch on a house option (repeatable)"
    )
    sheet.add_argument(
        "--players",
        type=int,
        metavar="N",
        help="score columns for a format played by a range of players (Oklahoma: 2 to 5)",
    )
    _paper_option(sheet)
    sheet.set_defaults(run=_sheet)


def add_export_pdf(commands: argparse._SubParsersAction) -> None:
    """Adds `scorekeeper export-pdf GAME_ID -o FILE.pdf`: a saved game's filled sheet."""
    export = commands.add_parser("export-pdf", help="write a saved game's score sheet as PDF")
    export.add_argument("game_id", help="the game's id, as in its address /games/<id>")
    export.add_argument("-o", "--output", type=Path, required=True, help="the PDF file to write")
    _paper_option(export)
    export.set_defaults(run=_export_pdf)


EXTRA_COMMANDS: list = [add_sheet, add_export_pdf, add_backup, add_export, add_import]
