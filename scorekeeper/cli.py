"""The `scorekeeper` command: score a hand, list formats, serve the app, and more."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from scorekeeper.engine.document import score_document
from scorekeeper.format_documents import FormatError as FormatFileError
from scorekeeper.presets import format_summaries

EXIT_INVALID = 2


def _score(args: argparse.Namespace) -> int:
    """Reads one hand document on stdin and prints the scored result."""
    try:
        data = json.load(sys.stdin)
    except json.JSONDecodeError as error:
        data = None
        result = {"errors": [{"side": None, "field": "document", "message": f"Not JSON: {error}"}]}
    if data is not None:
        result, ok = score_document(data)
    json.dump(result, sys.stdout, indent=2 if args.pretty else None, ensure_ascii=False)
    sys.stdout.write("\n")
    return 0 if data is not None and ok else EXIT_INVALID


def house_summaries() -> list[dict]:
    """Returns the house formats of this instance's database, if it has one yet."""
    from scorekeeper.app import instance_database
    from scorekeeper.store.connection import connect, migrate
    from scorekeeper.store.house_formats import house_formats

    path = instance_database()
    if path is None or not path.is_file():
        return []
    migrate(path)  # as the app would on start: an older database gains the table
    db = connect(path)
    try:
        return [house.summary() for house in house_formats(db)]
    finally:
        db.close()


def _format_check(args: argparse.Namespace) -> int:
    """Validates a format document (TOML or JSON) and prints its problems or its summary."""
    from scorekeeper.format_documents import read_format_file

    try:
        rules = read_format_file(args.file)
    except FormatFileError as error:
        for problem in error.problems:
            where = f"{args.file}: {problem.field}" if problem.field else str(args.file)
            print(f"{where}: {problem.message}")
        return EXIT_INVALID
    goal = f"to {rules.ending.target:,}" if rules.ending.target else f"{rules.ending.deals} deals"
    print(f"{args.file}: {rules.name} ({rules.id}), {goal}; the rules can be played.")
    kinds = ", ".join(f"{k.label} {k.bonus:,}" for k in rules.canastas) or "none"
    print(f"  canastas: {kinds}")
    print(f"  going out: {rules.going_out.bonus:,} (concealed {rules.going_out.concealed_bonus:,})")
    print(f"  sides: {rules.table.min_sides} to {rules.table.max_sides}; pack {rules.pack}")
    return 0


def _formats(args: argparse.Namespace) -> int:
    """Lists the format presets and the instance's house formats, as a table or as JSON."""
    summaries = format_summaries() + house_summaries()
    if args.json:
        json.dump(summaries, sys.stdout, indent=2, ensure_ascii=False)
        sys.stdout.write("\n")
        return 0
    for s in summaries:
        goal = f"to {s['target']:,}" if s["target"] else f"{s['deals']} deals"
        print(f"{s['id']:<22} {s['name']:<28} {goal}")
        for option in s["options"]:
            print(f"{'':<22}   option {option['id']}: {option['label']}")
    return 0


def _serve(args: argparse.Namespace) -> int:
    """Starts the app on the embedded SQLite database (a threaded server for one table)."""
    from scorekeeper import create_app

    app = create_app()
    print(f"Canasta Scorekeeper on http://{args.host}:{args.port}/  (Ctrl+C stops it)")
    app.run(host=args.host, port=args.port, threaded=True, debug=False)
    return 0


def build_parser(
    extra: Sequence[Callable[[argparse._SubParsersAction], None]] = (),
) -> argparse.ArgumentParser:
    """Returns the command-line parser with every subcommand."""
    parser = argparse.ArgumentParser(prog="scorekeeper", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    score = commands.add_parser("score", help="score one hand: JSON on stdin, JSON on stdout")
    score.add_argument("--pretty", action="store_true", help="indent the output")
    score.set_defaults(run=_score)
    formats = commands.add_parser("formats", help="list the format presets and their options")
    formats.add_argument("--json", action="store_true", help="print a JSON list")
    formats.set_defaults(run=_formats)
    check = commands.add_parser(
        "format-check", help="validate a format document (TOML or JSON): problems or summary"
    )
    check.add_argument("file", type=Path, help="FILE.toml or FILE.json")
    check.set_defaults(run=_format_check)
    serve = commands.add_parser("serve", help="start the app")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=5000)
    serve.set_defaults(run=_serve)
    for add in extra:
        add(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Runs the command named on the command line and returns its exit status."""
    from scorekeeper.commands import EXTRA_COMMANDS

    args = build_parser(EXTRA_COMMANDS).parse_args(argv)
    return args.run(args)


if __name__ == "__main__":
    sys.exit(main())
