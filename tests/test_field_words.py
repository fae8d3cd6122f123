"""Issue 32's smaller defects in words: the delete page promises what Undo does, and the
sheet's head says which role this phone holds."""

from __future__ import annotations

from tests.conftest import Table
from tests.test_web_game_end import page, reopen, won  # noqa: F401 (fixture)
from tests.test_web_undo import undo


def test_the_delete_page_says_undo_brings_the_hand_back(table: Table, won: str) -> None:  # noqa: F811
    """It said "This cannot be undone" though the sheet's Undo takes a delete back: it now
    says Undo brings the hand back, and Undo does."""
    reopen(table, won)
    asked = page(table, won, "/hands/last/delete")
    assert "cannot be undone" not in asked
    assert "Undo on the sheet brings them back." in asked
    table.delete_last(won)
    undo(table, won)
    assert len(table.game(won).hands) == 3


def test_the_sheet_says_this_phone_scores_or_only_follows(app, table: Table, won: str) -> None:  # noqa: F811
    """The owner's sheet: "This phone scores this game."; a viewer's: how to become a scorer."""
    assert "This phone scores this game." in page(table, won)
    viewer = app.test_client()
    viewer.get(f"/join/{table.game(won).tokens.view}")
    seen = viewer.get(f"/games/{won}").get_data(as_text=True)
    assert "This phone only follows this game." in seen
    assert "scan the QR code on the host" in seen and "co-scorer" in seen


def test_a_game_like_the_last_with_partners_rotated(table: Table) -> None:
    """Home offers the same four with partners rotated once; three taps go round every pairing
    and back (it only ever repeated the pairing)."""
    from tests.conftest import hidden_fields
    from tests.test_web_game_form import CLASSIC

    game_id = table.new_game(**CLASSIC)
    pairings = []
    for _ in range(3):
        home = table.client.get("/").get_data(as_text=True)
        assert 'name="rotate" value="1"' in home and "New game, partners rotated" in home
        response = table.client.post(
            f"/games/{game_id}/again", data=hidden_fields(home) | {"rotate": "1"}
        )
        game_id = response.headers["Location"].rsplit("/", 1)[-1]
        pairings.append([side.players for side in table.game(game_id).setup.sides])
    assert pairings == [
        [("Ann", "Cy"), ("Di", "Bob")],
        [("Ann", "Di"), ("Bob", "Cy")],
        [("Ann", "Bob"), ("Cy", "Di")],
    ]
