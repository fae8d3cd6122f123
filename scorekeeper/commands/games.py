"""Commands on the stored games: back up, export, import and check against a replay."""

from __future__ import annotations

import sys
from pathlib import Path

import click
from sqlite_utils import Database

from scorekeeper.commands.common import app_database, fail


@click.command(short_help="Copy the live database to FILE (safe while serving).")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--force", is_flag=True, help="Replace FILE if it exists.")
def backup(file: Path, force: bool) -> int:
    """Copies the live database to FILE with SQLite's online backup (safe while serving)."""
    from scorekeeper.store.backup import BackupError
    from scorekeeper.store.backup import backup as copy_database

    try:
        size = copy_database(app_database(), file, overwrite=force)
    except BackupError as error:
        return fail(str(error))
    click.echo(f"Backed up to {file} ({size:,} bytes, integrity ok)")
    return 0


@click.command(short_help="Write games as JSON (every game unless named).")
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
    from scorekeeper.store.portable.importing import dumps, export_games

    db = connect(app_database())
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


@click.command("import", short_help="Add the games of a JSON export, all or none.")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
def import_(file: Path) -> int:
    """Adds the games of FILE, written by `scorekeeper export`, all or none, under new ids."""
    from scorekeeper.store import get_game
    from scorekeeper.store.connection import connect
    from scorekeeper.store.groups.group import get_group
    from scorekeeper.store.portable.importing import (
        CLI_MAX_BYTES,
        CLI_MAX_HANDS,
        InvalidImport,
        import_document,
    )

    db = connect(app_database())
    try:
        with open(file, "rb") as opened:  # read a game at a time (portable/stream.py), never whole
            ids, group_ids = import_document(
                db, opened, max_bytes=CLI_MAX_BYTES, max_hands=CLI_MAX_HANDS
            )
        owners = [get_game(db, game_id).tokens.owner for game_id in ids]
        groups = [get_group(db, group_id) for group_id in group_ids]
    except InvalidImport as error:
        return fail(f"{file}: {error} Nothing was imported.")
    except OSError as error:
        return fail(f"cannot read {file}: {error.strerror or error}")
    finally:
        db.close()
    click.echo(f"Imported {len(ids)} games. Open each one once through its owner link:")
    for owner in owners:
        click.echo(f"/join/{owner}")
    for group in groups:
        click.echo(f"Group {group.name}: join it through /groups/join/{group.token}")
    return 0


@click.command(short_help="Prove stored scores equal a replay (every game unless named).")
@click.argument("game_ids", nargs=-1, metavar="[GAME_ID]...")
def check(game_ids: tuple[str, ...]) -> int:
    """Replays the games named by GAME_ID, or every game, from their hands and frozen rules.

    Prints one line per game whose stored scores differ from the replay, and exits 1 if any
    does; prints how many games were checked and exits 0 when every one agrees.
    """
    return check_games(app_database(), game_ids)


def check_games(database: str, game_ids: tuple[str, ...] = ()) -> int:
    """Replays the named games, or every one, in database; prints disagreements; 0 when none."""
    from scorekeeper import store
    from scorekeeper.store.connection import connect
    from scorekeeper.store.games.scores import differences

    db = connect(database)
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
        groups = [] if game_ids else [r[0] for r in db.execute("SELECT id FROM groups ORDER BY id")]
        bad += _check_ratings(db, groups)
        bad += _check_nights(db) if not game_ids else 0
    finally:
        db.close()
    if bad:
        return 1
    click.echo(f"Checked {_count(len(ids), 'game')}: stored scores equal a replay.")
    if groups:
        click.echo(
            f"Checked the ratings of {_count(len(groups), 'group')}: stored ratings equal a replay."
        )
    return 0


def _count(number: int, noun: str) -> str:
    """Returns "1 group" or "3 groups": the commands speak English only, whose plural is an s."""
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


def _check_ratings(db: Database, groups: list[str]) -> int:
    """Prints each group whose stored ratings differ from a replay; returns how many do."""
    from scorekeeper.store.ratings import differences

    bad = 0
    for group_id in groups:
        found = differences(db, group_id)
        if found:
            bad += 1
            click.echo(f"group {group_id} ratings: {', '.join(found[:5])}")
    return bad


def _check_nights(db: Database) -> int:
    """Prints each closed night whose stored season figures (scratch and handicap places and
    VP) differ from a recount with its frozen handicaps; returns how many do."""
    from scorekeeper.store.seasons.nights import night_differences

    bad = 0
    for (event_id,) in db.execute("SELECT event_id FROM season_nights ORDER BY event_id"):
        found = night_differences(db, event_id)
        if found:
            bad += 1
            click.echo(f"event {event_id} night figures: {', '.join(found[:5])}")
    return bad
