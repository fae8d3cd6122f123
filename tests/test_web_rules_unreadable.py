"""A game whose frozen rules are gone gets a plain answer, never a 500 or a silent rescore."""

from __future__ import annotations

from contextlib import closing

from scorekeeper.store.connection import connect
from tests.test_api import Api


def drop_rules(app, game_id: str) -> None:
    """Deletes a game's frozen rules, as a damaged or hand-edited database might."""
    with closing(connect(app.config["DATABASE"])) as conn:
        conn.execute("DELETE FROM game_rules WHERE game_id = ?", [game_id])
        conn.conn.commit()


def test_the_sheet_says_the_rules_cannot_be_read(app, client, table) -> None:
    game_id = table.new_game()
    drop_rules(app, game_id)
    response = client.get(f"/games/{game_id}")
    page = response.get_data(as_text=True)
    assert response.status_code == 409
    assert "This game&#39;s rules cannot be read." in page
    assert f"Game {game_id} has no frozen rules." in page


def test_the_api_answers_a_problem(app, client) -> None:
    api = Api(client)
    drop_rules(app, api.id)
    response = client.get(api.path, headers={"Authorization": f"Bearer {api.tokens['view']}"})
    assert response.status_code == 409
    assert response.mimetype == "application/problem+json"
    assert "has no frozen rules" in response.get_json()["detail"]
