"""Commands about rules and play: score a hand, list formats, check a format document, serve."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import click

from scorekeeper.commands.common import EXIT_FAILED


@click.command(short_help="Score one hand: JSON on stdin, JSON on stdout.")
@click.option("--pretty", is_flag=True, help="Indent the JSON output.")
def score(pretty: bool) -> int:
    """Scores one hand: a JSON document on stdin, the result as JSON on stdout.

    Exits with 2 and {"errors": [...]} when the document or the hand is wrong.
    """
    from scorekeeper.papers.score_contract import score_document

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
    from scorekeeper.store.connection import connect
    from scorekeeper.store.formats.house import house_formats
    from scorekeeper.store.schema import ready

    path = instance_database()
    if path is None or not path.is_file():
        return []  # listing formats never creates a database
    ready(path)  # as the app would on start: an older database gains the table
    db = connect(path)
    try:
        return [house.summary() for house in house_formats(db)]
    finally:
        db.close()


@click.command(short_help="List the format presets, their options and the house formats.")
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


@click.command(short_help="Start the app (phones at the table join with --lan).")
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
@click.option(
    "--replicate",
    default=None,
    metavar="URL",
    help="Copy the database continuously to this replica with Litestream (a folder, "
    "file:///path or s3://bucket/path); needs the replicate extra.",
)
def serve(
    lan: bool, host: str | None, port: int | None, threads: int, replicate: str | None
) -> int:
    """Serves the app with waitress, a production server that runs on Windows, macOS and
    Linux, on the SQLite database in the instance folder. Without --lan only this computer can
    open it; with --lan phones on the same Wi-Fi join by scanning the printed QR code."""
    from scorekeeper.hosting.serve import serve as run

    return run(host=host, port=port, lan=lan, threads=threads, replicate=replicate)


@click.command("format-check", short_help="Check a format document: its summary or its problems.")
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
