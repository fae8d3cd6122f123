"""What the app exports it imports back: a 2,000-game group through the command line."""

from __future__ import annotations

import copy
import re

import pytest

from scorekeeper import store
from scorekeeper.cli import main
from scorekeeper.store.connection import connect
from scorekeeper.store.groups import create_group
from scorekeeper.store.portable import MAX_BYTES, MAX_GAMES, dumps, export_games
from scorekeeper.store.stamps import new_token

OUT = {"melded_points": 200, "canastas": {"natural": 1}, "went_out": "out"}


@pytest.mark.slow
def test_a_2000_game_group_export_comes_back_through_the_command_line(
    app, tmp_path, monkeypatch, capsys
):
    monkeypatch.setenv("SCOREKEEPER_INSTANCE", app.instance_path)
    monkeypatch.setenv("SCOREKEEPER_DATABASE", app.config["DATABASE"])
    db = connect(app.config["DATABASE"])
    group = create_group(db, "Big club")
    game = store.create_game(
        db,
        format_id="classic",
        sides=[("We", ("Ann", "Bob")), ("They", ("Cy", "Di"))],
        first_dealer="Ann",
        group=group.id,
    )
    hand = {"hand": {"We": OUT, "They": {"melded_points": 90}}}
    store.record_hand(db, game.id, hand, version=game.version, form_token=new_token())
    exported = export_games(db, [game.id])
    # One game exported, copied to 2,000 under new ids: the shape the export makes of a group
    # of 2,000 games, built in a second instead of 2,000 saves.
    one, seats = exported["games"][0], exported["groups"][0]["games"][0]["seats"]
    exported["games"] = [{**copy.deepcopy(one), "id": f"g{n:04d}"} for n in range(MAX_GAMES)]
    exported["groups"][0]["games"] = [
        {"game": f"g{n:04d}", "seats": seats} for n in range(MAX_GAMES)
    ]
    text = dumps(exported)
    assert len(text.encode()) > MAX_BYTES  # over the old command-line limit
    path = tmp_path / "big.json"
    path.write_text(text)
    assert main(["import", str(path)]) == 0
    said = capsys.readouterr().out
    assert f"Imported {MAX_GAMES:,} games".replace(",", "") in said.replace(",", "")
    joined = re.search(r"Group Big club: join it through /groups/join/([\w-]+)", said)
    assert joined
    counted = db.execute(
        "SELECT count(*) FROM group_games gg JOIN groups g ON g.id = gg.group_id WHERE g.token = ?",
        [joined[1]],
    ).fetchone()[0]
    assert counted == MAX_GAMES
    db.close()
