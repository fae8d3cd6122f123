"""Every event body shape, fuzzed: any value at any place in a valid body is refused, never a 500."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.test_api_events import PAIRS, bearer, body

SCALARS = (
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats() | st.text(max_size=12)
)
JSON = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3)
    ),
    max_leaves=6,
)
FUZZ = settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
Path = tuple[Any, ...]


def _places(value: Any, path: Path = ()) -> list[Path]:
    """Returns the path of every value inside a JSON document, the document's own included."""
    found = [path]
    items = (
        value.items()
        if isinstance(value, dict)
        else enumerate(value)
        if isinstance(value, list)
        else ()
    )
    for key, inner in items:
        found += _places(inner, (*path, key))
    return found


def _replaced(document: Any, path: Path, new: Any) -> Any:
    """Returns a copy of document with the value at path replaced by new."""
    if not path:
        return new
    head, rest = path[0], path[1:]
    if isinstance(document, dict):
        return {**document, head: _replaced(document[head], rest, new)}
    return [_replaced(v, rest, new) if i == head else v for i, v in enumerate(document)]


def _mutants(valid: dict[str, Any]) -> st.SearchStrategy[Any]:
    """Valid bodies with one value swapped for any JSON, a key dropped, or a key added."""
    swapped = st.builds(_replaced, st.just(valid), st.sampled_from(_places(valid)), JSON)
    dropped = st.sampled_from(sorted(valid)).map(
        lambda k: {n: v for n, v in valid.items() if n != k}
    )
    added = st.builds(lambda k, v: valid | {k: v}, st.text(max_size=8), JSON)
    return swapped | dropped | added


# The reported 500 first: `{} in TEMPLATES` raised TypeError, with no token needed.
SHAPES = [{"victory_points": {"template": t}} for t in ({}, [], None, 3, [["canasta_3"]])]


def test_a_template_that_is_no_name_is_refused(client) -> None:
    for change in SHAPES:
        refused = client.post("/api/v1/events", json=body(**change))
        assert refused.status_code == 422, change
        assert [e["field"] for e in refused.get_json()["errors"]] == ["victory_points"]


@FUZZ
@given(sent=_mutants(body(rounds=1, bye={"victory_points": 14, "margin": 355})) | JSON)
def test_a_new_event_body_of_any_shape_is_answered(client, sent) -> None:
    answer = client.post("/api/v1/events", json=sent)
    assert answer.status_code < 500, (sent, answer.status_code)


def _director(client, made: dict[str, Any]) -> tuple[str, dict[str, str]]:
    """Returns an event's URL and director headers, making the event with one round drawn once."""
    if not made:
        answer = client.post("/api/v1/events", json=body(entrants=PAIRS[:4], rounds=2)).get_json()
        made |= answer
        client.post(f"/api/v1/events/{made['id']}/rounds", headers=bearer(made["token"]))
    return f"/api/v1/events/{made['id']}", bearer(made["token"])


@FUZZ
@given(
    correction=_mutants({"scores": [2600, 1000]}) | _mutants({"no_play": True}) | JSON,
    late=_mutants({"name": "Late pair", "players": ["Lia", "Leo"]}) | JSON,
)
def test_director_bodies_of_any_shape_are_answered(client, correction, late) -> None:
    made: dict[str, Any] = getattr(client, "_fuzz_event", {})
    client._fuzz_event = made
    url, director = _director(client, made)
    fixed = client.put(f"{url}/rounds/1/tables/1", json=correction, headers=director)
    assert fixed.status_code < 500, (correction, fixed.status_code)
    joined = client.post(f"{url}/entrants", json=late, headers=director)
    assert joined.status_code < 500, (late, joined.status_code)
