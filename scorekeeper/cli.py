"""The `scorekeeper` command: score a hand, list formats, serve the app, paper and backups.

Each subcommand is one function below, decorated with `@cli.command()`, its options with
`@click.option(..., help=...)`; its docstring is its help. A command returns its exit status:
0 when done, EXIT_FAILED after `fail()` printed why. Heavy modules (Flask, reportlab) are
imported inside the commands that need them, so `scorekeeper score` starts quickly.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import click

EXIT_FAILED = 2  # also click's status for a command line it cannot read

PAPER = click.option(
    "--paper",
    type=click.Choice(["a4", "letter"]),
    default="a4",
    show_default=True,
    help="Paper size.",
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


def _database() -> str:
    """Returns the app's database path, creating and migrating it as the app would."""
    from scorekeeper.app import ready_database

    return ready_database()


@click.group(context_settings={"help_option_names": ["-h", "--help"]}, no_args_is_help=True)
def cli() -> None:
    """Canasta Scorekeeper: the We/They score sheet for every Canasta format.

    Every command exits with 0 when done and 2 when its input or command line is wrong:
    `score` says why in its JSON, the others on stderr. `scorekeeper COMMAND --help`
    describes each command.
    """


@cli.command(short_help="Score one hand: JSON on stdin, JSON on stdout.")
@click.option("--pretty", is_flag=True, help="Indent the JSON output.")
def score(pretty: bool) -> int:
    """Scores one hand: a JSON document on stdin, the result as JSON on stdout.

    Exits with 2 and {"errors": [...]} when the document or the hand is wrong.
    """
    from scorekeeper.score_contract import score_document

    try:
        data = json.load(sys.stdin)
    except json.JSONDecodeError as error:
        data = None
        result = {"errors": [{"side": None, "field": "document", "message": f"Not JSON: {error}"}]}
    if data is not None:
        result, ok = score_document(data)
    json.dump(result, sys.stdout, indent=2 if pretty else None, ensure_ascii=False)
    sys.stdout.write("\n")
    return 0 if data is not None and ok else EXIT_FAILED


def house_summaries() -> list[dict[str, Any]]:
    """Returns the house formats of this instance's database, if it has one yet."""
    from scorekeeper.app import instance_database
    from scorekeeper.store.connection import connect, migrate
    from scorekeeper.store.house_formats import house_formats

    path = instance_database()
    if path is None or not path.is_file():
        return []  # listing formats never creates a database
    migrate(path)  # as the app would on start: an older database gains the table
    db = connect(path)
    try:
        return [house.summary() for house in house_formats(db)]
    finally:
        db.close()


@cli.command(short_help="List the format presets, their options and the house formats.")
@click.option("--json", "as_json", is_flag=True, help="Print a JSON list instead of a table.")
def formats(as_json: bool) -> int:
    """Lists the format presets with their targets and house options, then the house formats.

    House formats (this instance's own rules) have "house": true in the JSON list.
    """
    from scorekeeper.rules.presets import format_summaries

    summaries = format_summaries() + house_summaries()
    if as_json:
        json.dump(summaries, sys.stdout, indent=2, ensure_ascii=False)
        sys.stdout.write("\n")
        return 0
    for s in summaries:
        goal = f"to {s['target']:,}" if s["target"] else f"{s['deals']} deals"
        click.echo(f"{s['id']:<22} {s['name']:<28} {goal}")
        for option in s["options"]:
            click.echo(f"{'':<22}   option {option['id']}: {option['label']}")
    return 0


@cli.command(short_help="Start the app (phones at the table join with --lan).")
@click.option(
    "--lan",
    is_flag=True,
    help="Listen on the local network and print each LAN address as a link and a QR code "
    "for phones at the table to scan (default: this computer only).",
)
@click.option(
    "--host",
    default=None,
    metavar="ADDRESS",
    help="Listen on this address only (default 127.0.0.1; 0.0.0.0 with --lan).",
)
@click.option(
    "--port",
    type=click.IntRange(0, 65535),
    default=None,
    help="Port to listen on; 0 takes any free port. Default 5000, or the next free port "
    "when another program holds 5000.",
)
@click.option(
    "--threads",
    type=click.IntRange(1, 64),
    default=8,
    show_default=True,
    help="Requests served at once (the phones following the sheet and the one recording).",
)
def serve(lan: bool, host: str | None, port: int | None, threads: int) -> int:
    """Serves the app with waitress, a production server that runs on Windows, macOS and
    Linux, on the SQLite database in the instance folder. Without --lan only this computer can
    open it; with --lan phones on the same Wi-Fi join by scanning the printed QR code."""
    from scorekeeper.serve import serve as run

    return run(host=host, port=port, lan=lan, threads=threads)


@cli.command(short_help="Write a format's blank score sheet as PDF.")
@click.argument("format_id", metavar="FORMAT")
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    required=True,
    help="The PDF file to write.",
)
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


@cli.command("export-pdf", short_help="Write a saved game's score sheet as PDF.")
@click.argument("game_id")
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    required=True,
    help="The PDF file to write.",
)
@PAPER
@LANG
def export_pdf(game_id: str, output: Path, paper: str, lang: str) -> int:
    """Writes the filled score sheet of the saved game GAME_ID (as in /games/GAME_ID) as PDF."""
    from scorekeeper import store
    from scorekeeper.pdf.game_sheet import sheet_of_game
    from scorekeeper.store.connection import connect

    database = _database()
    db = connect(database)
    try:
        game = store.get_game(db, game_id)
    except store.GameNotFound:
        return fail(f"no game {game_id!r} in {database}")
    finally:
        db.close()
    data = sheet_of_game(game, paper, lang)
    return write_file(output, data)


@cli.command(short_help="Copy the live database to FILE (safe while serving).")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--force", is_flag=True, help="Replace FILE if it exists.")
def backup(file: Path, force: bool) -> int:
    """Copies the live database to FILE with SQLite's online backup (safe while serving)."""
    from scorekeeper.store.backup import BackupError
    from scorekeeper.store.backup import backup as copy_database

    try:
        size = copy_database(_database(), file, overwrite=force)
    except BackupError as error:
        return fail(str(error))
    click.echo(f"Backed up to {file} ({size:,} bytes, integrity ok)")
    return 0


@cli.command(short_help="Write games as JSON (every game unless named).")
@click.argument("game_ids", nargs=-1, metavar="[GAME_ID]...")
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, allow_dash=True, path_type=Path),
    required=True,
    help="The JSON file to write, or - for standard output.",
)
def export(game_ids: tuple[str, ...], output: Path) -> int:
    """Writes the games named by GAME_ID, or every game, as JSON (never their links)."""
    from scorekeeper import store
    from scorekeeper.store.connection import connect
    from scorekeeper.store.portable import dumps, export_games

    db = connect(_database())
    try:
        document = export_games(db, list(game_ids) or None)
    except store.GameNotFound:
        return fail("no such game among " + ", ".join(map(repr, game_ids)))
    finally:
        db.close()
    text = dumps(document)
    if str(output) == "-":
        sys.stdout.write(text)
        return 0
    try:
        output.write_text(text, encoding="utf-8")
    except OSError as error:
        return fail(f"cannot write {output}: {error.strerror or error}")
    click.echo(f"Exported {len(document['games'])} games to {output}")
    return 0


@cli.command("import", short_help="Add the games of a JSON export, all or none.")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
def import_(file: Path) -> int:
    """Adds the games of FILE, written by `scorekeeper export`, all or none, under new ids."""
    from scorekeeper.store import get_game
    from scorekeeper.store.connection import connect
    from scorekeeper.store.groups import get_group
    from scorekeeper.store.portable import (
        CLI_MAX_BYTES,
        CLI_MAX_HANDS,
        InvalidImport,
        import_document,
    )

    try:
        with open(file, "rb") as opened:
            data = opened.read(CLI_MAX_BYTES + 1)
    except OSError as error:
        return fail(f"cannot read {file}: {error.strerror or error}")
    db = connect(_database())
    try:
        ids, group_ids = import_document(db, data, max_bytes=CLI_MAX_BYTES, max_hands=CLI_MAX_HANDS)
        owners = [get_game(db, game_id).tokens.owner for game_id in ids]
        groups = [get_group(db, group_id) for group_id in group_ids]
    except InvalidImport as error:
        return fail(f"{file}: {error} Nothing was imported.")
    finally:
        db.close()
    click.echo(f"Imported {len(ids)} games. Open each one once through its owner link:")
    for owner in owners:
        click.echo(f"/join/{owner}")
    for group in groups:
        click.echo(f"Group {group.name}: join it through /groups/join/{group.token}")
    return 0


@cli.command(short_help="Prove stored scores equal a replay (every game unless named).")
@click.argument("game_ids", nargs=-1, metavar="[GAME_ID]...")
def check(game_ids: tuple[str, ...]) -> int:
    """Replays the games named by GAME_ID, or every game, from their hands and frozen rules.

    Prints one line per game whose stored scores differ from the replay, and exits 1 if any
    does; prints how many games were checked and exits 0 when every one agrees.
    """
    from scorekeeper import store
    from scorekeeper.store.connection import connect
    from scorekeeper.store.scores import differences

    db = connect(_database())
    bad = 0
    try:
        ids = list(game_ids) or [r[0] for r in db.execute("SELECT id FROM games ORDER BY id")]
        for game_id in ids:
            try:
                found = differences(db, game_id)
            except store.GameNotFound:
                found = ["no such game"]
            except store.StoreError as error:  # rules that no longer load
                found = [str(error)]
            if found:
                bad += 1
                click.echo(f"{game_id}: {', '.join(found)}")
    finally:
        db.close()
    if bad:
        return 1
    click.echo(f"Checked {len(ids)} games: stored scores equal a replay.")
    return 0


@cli.command("format-check", short_help="Check a format document: its summary or its problems.")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
def format_check(file: Path) -> int:
    """Checks FILE.toml or FILE.json: a whole format document, or {base, name, set}.

    Prints the summary of rules that can be played, or one line per problem and exits 2.
    """
    from scorekeeper.rules.documents import FormatError, read_format_file

    try:
        rules = read_format_file(file)
    except FormatError as error:
        for problem in error.problems:
            where = f"{file}: {problem.field}" if problem.field else str(file)
            click.echo(f"{where}: {problem.message}")
        return EXIT_FAILED
    ending = rules.ending
    goal = f"to {ending.target:,}" if ending.target else f"{ending.deals} deals"
    click.echo(f"{file}: {rules.name} ({rules.id}), {goal}; the rules can be played.")
    kinds = ", ".join(f"{k.label} {k.bonus:,}" for k in rules.canastas) or "none"
    click.echo(f"  canastas: {kinds}")
    going_out = rules.going_out
    click.echo(f"  going out: {going_out.bonus:,} (concealed {going_out.concealed_bonus:,})")
    click.echo(f"  sides: {rules.table.min_sides} to {rules.table.max_sides}; pack {rules.pack}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Runs the command named on the command line and returns its exit status."""
    os.umask(0o077)  # backups and exports hold the score history (backups, every link too)
    try:
        status = cli.main(args=argv, prog_name="scorekeeper", standalone_mode=False)
    except click.exceptions.NoArgsIsHelpError as error:  # bare `scorekeeper`: the help
        error.show()
        return error.exit_code
    except click.UsageError as error:  # a command line click cannot read: one line, exit 2
        where = error.ctx.command_path if error.ctx else "scorekeeper"
        message = " ".join(error.format_message().split())
        click.echo(f"{where}: {message} (see {where} --help)", err=True)
        return EXIT_FAILED
    except click.ClickException as error:
        click.echo(f"scorekeeper: {' '.join(error.format_message().split())}", err=True)
        return EXIT_FAILED
    except click.Abort:
        click.echo("Aborted.", err=True)
        return 1
    except OSError as error:  # a file the command reads or writes: say which, never a traceback
        where = f" {error.filename}" if error.filename else ""
        return fail(f"cannot use{where}: {error.strerror or error}")
    except Exception as error:  # anything else still ends in one line and exit 2
        return fail(f"{type(error).__name__}: {' '.join(str(error).split())}")
    return status if isinstance(status, int) else 0


if __name__ == "__main__":
    sys.exit(main())
