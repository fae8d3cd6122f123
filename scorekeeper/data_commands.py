"""Subcommands that keep the score history safe: backup, JSON export and JSON import."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

EXIT_FAILED = 2


def _fail(message: str) -> int:
    print(f"scorekeeper: {message}", file=sys.stderr)
    return EXIT_FAILED


def _database() -> str:
    """Returns the app's database path, creating and migrating it as the app would."""
    from scorekeeper import create_app

    return create_app().config["DATABASE"]


def _backup(args: argparse.Namespace) -> int:
    """Copies the live database to a file, safely while the app is serving."""
    from scorekeeper.store.backup import BackupError, backup

    try:
        size = backup(_database(), args.file, overwrite=args.force)
    except BackupError as error:
        return _fail(str(error))
    print(f"Backed up to {args.file} ({size:,} bytes, integrity ok)")
    return 0


def _export(args: argparse.Namespace) -> int:
    """Writes one game, several, or every game as a JSON export."""
    from scorekeeper import store
    from scorekeeper.store.connection import connect
    from scorekeeper.store.portable import dumps, export_games

    db = connect(_database())
    try:
        document = export_games(db, args.game_ids or None)
    except store.GameNotFound:
        return _fail("no such game among " + ", ".join(map(repr, args.game_ids)))
    finally:
        db.close()
    text = dumps(document)
    if str(args.output) == "-":
        sys.stdout.write(text)
        return 0
    try:
        args.output.write_text(text, encoding="utf-8")
    except OSError as error:
        return _fail(f"cannot write {args.output}: {error.strerror or error}")
    print(f"Exported {len(document['games'])} games to {args.output}")
    return 0


def _import(args: argparse.Namespace) -> int:
    """Adds the games of a JSON export, all or none, under new ids and links."""
    from scorekeeper.store import get_game
    from scorekeeper.store.connection import connect
    from scorekeeper.store.portable import MAX_BYTES, InvalidImport, import_games

    try:
        with open(args.file, "rb") as file:
            data = file.read(MAX_BYTES + 1)
    except OSError as error:
        return _fail(f"cannot read {args.file}: {error.strerror or error}")
    db = connect(_database())
    try:
        ids = import_games(db, data)
        owners = [get_game(db, game_id).tokens.owner for game_id in ids]
    except InvalidImport as error:
        return _fail(f"{args.file}: {error.message} Nothing was imported.")
    finally:
        db.close()
    print(f"Imported {len(ids)} games. Open each one once through its owner link:")
    for owner in owners:
        print(f"/join/{owner}")
    return 0


def add_backup(commands: argparse._SubParsersAction) -> None:
    """Adds `scorekeeper backup FILE`: an online copy of the live database."""
    parser = commands.add_parser(
        "backup", help="copy the live database to FILE (safe while serving)"
    )
    parser.add_argument("file", type=Path, help="the backup file to write")
    parser.add_argument("--force", action="store_true", help="replace FILE if it exists")
    parser.set_defaults(run=_backup)


def add_export(commands: argparse._SubParsersAction) -> None:
    """Adds `scorekeeper export [GAME_ID ...] -o FILE.json`: games as portable JSON."""
    parser = commands.add_parser("export", help="write games as JSON (every game unless named)")
    parser.add_argument("game_ids", nargs="*", metavar="GAME_ID", help="games to export")
    parser.add_argument("-o", "--output", type=Path, required=True, help="the JSON file, or -")
    parser.set_defaults(run=_export)


def add_import(commands: argparse._SubParsersAction) -> None:
    """Adds `scorekeeper import FILE.json`: games from an export, all or nothing."""
    parser = commands.add_parser("import", help="add the games of a JSON export, all or none")
    parser.add_argument("file", type=Path, help="a file written by `scorekeeper export`")
    parser.set_defaults(run=_import)
