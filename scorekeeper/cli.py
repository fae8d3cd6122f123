"""The `scorekeeper` command: score a hand, list formats, serve the app, and more."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence

from scorekeeper.engine.document import score_document
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


def _formats(args: argparse.Namespace) -> int:
    """Lists the format presets, as a table or as JSON."""
    summaries = format_summaries()
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
