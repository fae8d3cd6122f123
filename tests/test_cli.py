"""The `scorekeeper score` and `scorekeeper formats` contracts, run as real commands."""

import json
import subprocess
import sys

import click
import pytest

from scorekeeper.cli import cli, main

SEED_001 = {
    "format": "classic",
    "totals_before": {"We": 1450, "They": 2900},
    "hand": {
        "We": {
            "melded_points": 230,
            "hand_points": 60,
            "red_threes": 1,
            "canastas": {"natural": 1},
            "went_out": "out",
        },
        "They": {
            "melded_points": 140,
            "hand_points": 25,
            "red_threes": 0,
            "canastas": {},
            "went_out": "no",
        },
    },
}


def run_score(document, *args):
    """Runs `scorekeeper score` in a subprocess, as checks outside the repo do."""
    done = subprocess.run(
        [sys.executable, "-m", "scorekeeper.cli", "score", *args],
        input=json.dumps(document),
        capture_output=True,
        text=True,
        check=False,
    )
    return done.returncode, json.loads(done.stdout)


@pytest.mark.slow  # a subprocess or an outside tool: the fast loop skips it
def test_score_prints_each_side_and_the_game_status():
    code, result = run_score(SEED_001)
    assert code == 0
    we, they = result["sides"]["We"], result["sides"]["They"]
    assert (we["score"], we["total"], we["next_minimum"]) == (870, 2320, 90)
    assert (they["score"], they["total"], they["next_minimum"]) == (115, 3015, 120)
    assert sum(item["points"] for item in we["breakdown"]) == 870
    assert result["We"] == we  # each side is also a top-level key, as the contract reads
    assert (result["game_over"], result["winner"], result["tied"]) == (False, None, False)


@pytest.mark.slow  # a subprocess or an outside tool: the fast loop skips it
def test_score_reports_every_problem_with_exit_2():
    bad = json.loads(json.dumps(SEED_001))
    bad["hand"]["They"].update(went_out="out", melded_points=143)
    code, result = run_score(bad)
    assert code == 2
    assert {(e["side"], e["field"]) for e in result["errors"]} == {
        ("They", "went_out"),
        ("They", "melded_points"),
    }
    assert all(e["message"] for e in result["errors"])


@pytest.mark.parametrize(
    ("change", "field"),
    [
        pytest.param({"format": "nope"}, "format", id="unknown-format"),
        pytest.param({"options": {"no_such_rule": True}}, "options", id="unknown-option"),
        pytest.param({"hand": {"We": {}}}, "hand", id="too-few-sides"),
        pytest.param({"totals_before": {"We": "lots"}}, "totals_before", id="total-not-a-number"),
    ],
)
@pytest.mark.slow  # a subprocess or an outside tool: the fast loop skips it
def test_score_rejects_malformed_documents(change, field):
    code, result = run_score({**SEED_001, **change})
    assert code == 2
    assert field in {e["field"] for e in result["errors"]}


@pytest.mark.slow  # a subprocess or an outside tool: the fast loop skips it
def test_score_rejects_text_that_is_not_json():
    done = subprocess.run(
        [sys.executable, "-m", "scorekeeper.cli", "score"],
        input="{not json",
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2
    assert json.loads(done.stdout)["errors"][0]["field"] == "document"


@pytest.mark.slow  # a subprocess or an outside tool: the fast loop skips it
def test_game_over_when_the_hand_crosses_the_target():
    document = {**SEED_001, "totals_before": {"We": 4500, "They": 2900}}
    code, result = run_score(document)
    assert code == 0
    assert (result["game_over"], result["winner"], result["tied"]) == (True, "We", False)


def test_formats_json_lists_every_preset_with_targets_and_options(capsys):
    assert main(["formats", "--json"]) == 0
    formats = json.loads(capsys.readouterr().out)
    by_id = {f["id"]: f for f in formats}
    assert by_id["classic"]["target"] == 5000
    assert {"id", "name", "target", "options"} <= set(by_id["classic"])
    assert "red_threes_need_canasta" in {o["id"] for o in by_id["classic"]["options"]}
    assert len(formats) == 14


def test_formats_table_names_each_format(capsys):
    assert main(["formats"]) == 0
    out = capsys.readouterr().out
    assert "classic" in out and "to 5,000" in out


def test_help_lists_every_command(capsys):
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    for name, command in cli.commands.items():
        assert f"  {name} " in out and command.get_short_help_str(80) in out


@pytest.mark.parametrize("name", sorted(cli.commands))
def test_each_commands_help_describes_every_option_and_argument(name, capsys):
    assert main([name, "--help"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    for param in cli.commands[name].params:
        if isinstance(param, click.Option):
            assert param.help, f"{name} {param.opts} has no help"
            assert param.opts[-1] in out and " ".join(param.help.split()) in out
        else:  # an argument: the command's description names it
            assert param.make_metavar(click.Context(cli.commands[name])).strip(".[]") in (
                cli.commands[name].help or ""
            ), f"{name}: the help does not explain {param.name}"


@pytest.mark.parametrize(
    "argv",
    [
        pytest.param([], id="no-command"),
        pytest.param(["bogus"], id="unknown-command"),
        pytest.param(["sheet", "classic"], id="missing-output"),
        pytest.param(["formats", "--nope"], id="unknown-option"),
    ],
)
def test_a_command_line_it_cannot_read_is_exit_2(argv, capsys):
    assert main(argv) == 2
    assert capsys.readouterr().err


@pytest.mark.parametrize(
    "argv",
    [
        pytest.param(["backup", "/proc/version", "--force"], id="backup-into-proc"),
        pytest.param(["backup", "/proc/no-such-folder/copy.db"], id="backup-no-folder"),
        pytest.param(["export", "-o", "/proc/version"], id="export-unwritable"),
        pytest.param(["import", "/proc/self"], id="import-a-folder"),
        pytest.param(["import", "/proc/version"], id="import-not-json"),
        pytest.param(["sheet", "classic"], id="missing-output"),
        pytest.param(["sheet", "nope", "-o", "x.pdf"], id="unknown-format"),
        pytest.param(["serve", "--port", "99999"], id="port-out-of-range"),
    ],
)
def test_every_command_error_is_one_line_and_exit_2(argv, capsys, tmp_path, monkeypatch):
    """A wrong file or command line ends in one line on stderr and exit 2, never a traceback."""
    monkeypatch.setenv("SCOREKEEPER_INSTANCE", str(tmp_path / "instance"))
    monkeypatch.chdir(tmp_path)
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1, err
    assert "Traceback" not in err and err.startswith("scorekeeper")


def test_an_unforeseen_failure_is_still_one_line(capsys, monkeypatch, tmp_path):
    """Whatever a command raises, the user reads one line and gets exit 2."""
    from scorekeeper.store import backup as backup_module

    def broken(*_args, **_kwargs):
        raise RuntimeError("disk on fire\nsecond line")

    monkeypatch.setenv("SCOREKEEPER_INSTANCE", str(tmp_path))
    monkeypatch.setattr(backup_module, "backup", broken)
    assert main(["backup", str(tmp_path / "copy.db")]) == 2
    err = capsys.readouterr().err
    assert err.strip() == "scorekeeper: RuntimeError: disk on fire second line"
