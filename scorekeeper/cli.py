"""The `scorekeeper` command: score a hand, list formats, serve the app, paper and backups.

This module is the entry point: the command group and `main`, which turns every failure into
one line and an exit status. The subcommands live in `scorekeeper/commands/` by concern (play,
paper, games), each a function under `@click.command()`, its options with
`@click.option(..., help=...)`; its docstring is its help. A command returns its exit status:
0 when done, EXIT_FAILED after `fail()` printed why. Heavy modules (Flask, reportlab) are
imported inside the commands that need them, so `scorekeeper score` starts quickly.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence

import click

from scorekeeper.commands import games, paper, play, replicas
from scorekeeper.commands.common import EXIT_FAILED, fail


@click.group(context_settings={"help_option_names": ["-h", "--help"]}, no_args_is_help=True)
def cli() -> None:
    """Canasta Scorekeeper: the We/They score sheet for every Canasta format.

    Every command exits with 0 when done and 2 when its input or command line is wrong:
    `score` says why in its JSON, the others on stderr. `scorekeeper COMMAND --help`
    describes each command.
    """


for command in (
    play.score,
    play.formats,
    play.serve,
    paper.sheet,
    paper.export_pdf,
    games.backup,
    games.export,
    games.import_,
    games.check,
    replicas.restore,
    play.format_check,
):
    cli.add_command(command)


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
