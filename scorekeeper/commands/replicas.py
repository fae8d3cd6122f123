"""`scorekeeper restore`: a Litestream replica made into a fresh instance folder, then checked."""

from __future__ import annotations

from pathlib import Path

import click

from scorekeeper.commands.common import fail
from scorekeeper.commands.games import check_games


@click.command(short_help="Restore a replica (Litestream) into a new folder and check it.")
@click.argument("url", metavar="URL")
@click.option(
    "--into",
    "folder",
    type=click.Path(file_okay=False, path_type=Path),
    required=True,
    help="A new or empty folder: the restored instance (serve it with SCOREKEEPER_INSTANCE).",
)
def restore(url: str, folder: Path) -> int:
    """Restores the replica at URL (a folder, file:// or s3://) to its latest position into a
    new instance folder, checks SQLite's integrity, then replays every game as `scorekeeper
    check` does. Exits 0 when the copy is whole and every stored score equals a replay."""
    from scorekeeper.hosting import replicate
    from scorekeeper.store.connection import connect

    if folder.exists() and any(folder.iterdir()):
        return fail(f"{folder} is not empty: restore into a new folder, never over an instance")
    database = folder / "scorekeeper.db"
    try:
        replicate.restore(url, database)
    except replicate.ReplicaError as error:
        return fail(str(error))
    db = connect(database)
    try:
        verdict = [row[0] for row in db.execute("PRAGMA integrity_check")]
    finally:
        db.close()
    if verdict != ["ok"]:
        return fail(f"{database}: integrity_check says {'; '.join(verdict[:3])}")
    click.echo(f"Restored {url} into {database}; integrity_check ok.")
    status = check_games(str(database))
    if status == 0:
        click.echo(f"Serve it with: SCOREKEEPER_INSTANCE={folder} scorekeeper serve")
    return status
