"""One shape per body: the OpenAPI document and the validators come from it and agree."""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, Phase, example, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator
from pydantic import ValidationError
from pydantic_core import ErrorDetails

from scorekeeper.api import spec
from scorekeeper.api.games.bodies import DIGITS
from scorekeeper.api.games.numbers import POINTS
from scorekeeper.api.openapi import EXAMPLE_FORMAT, EXAMPLE_GAME, EXAMPLE_HAND, document
from scorekeeper.engine.hand import MAX_ENTRY
from scorekeeper.engine.setup import MAX_START_TOTAL
from scorekeeper.language.i18n import MAX_COUNT, NumberProblem, parse_whole


def _schema(operation_id: str, status: int) -> Draft202012Validator:
    """Returns a validator of an operation's JSON answer with that status, as documented."""
    for ops in document()["paths"].values():
        for op in ops.values():
            if op["operationId"] == operation_id:
                content = op["responses"][str(status)]["content"]
                schema = next(iter(content.values()))["schema"]
                root = {**schema, "components": document()["components"]}
                return Draft202012Validator(root)
    raise AssertionError(operation_id)


def _conforms(operation_id: str, response) -> None:
    errors = list(_schema(operation_id, response.status_code).iter_errors(response.get_json()))
    assert not errors, [f"{list(e.absolute_path)}: {e.message}" for e in errors]


def test_a_house_format_read_back_has_every_field_its_schema_requires(client):
    """GET /api/v1/formats/{id} of a house format answered without fields the schema required."""
    made = client.post("/api/v1/formats", json=EXAMPLE_FORMAT)
    _conforms("createFormat", made)
    _conforms("readFormat", client.get(f"/api/v1/formats/{made.get_json()['id']}"))
    _conforms("readFormat", client.get("/api/v1/formats/classic"))
    _conforms("listFormats", client.get("/api/v1/formats"))


def test_every_answer_of_a_game_is_the_shape_its_schema_says(client):
    created = client.post("/api/v1/games", json=EXAMPLE_GAME)
    _conforms("createGame", created)
    body = created.get_json()
    path, edit = f"/api/v1/games/{body['id']}", body["tokens"]["edit"]
    headers = {"Authorization": f"Bearer {edit}", "If-Match": '"1"', "Idempotency-Key": "k" * 16}
    _conforms("recordHand", client.post(f"{path}/hands", json=EXAMPLE_HAND, headers=headers))
    _conforms("readGame", client.get(path, headers=headers))
    _conforms("previewHand", client.post(f"{path}/preview", json=EXAMPLE_HAND, headers=headers))
    refused = client.post(
        f"{path}/preview", json={"hand": {"We": {"went_out": "maybe"}}}, headers=headers
    )
    assert refused.status_code == 422
    _conforms("previewHand", refused)


# Every operation with a body is declared with spec.operation: none is written by hand.
PENDING_HAND_WRITTEN: set[str] = set()


def test_the_documents_request_bodies_are_the_validators_shapes():
    """Each requestBody is the $ref of the very shape spec.body() validates against."""
    bodies = {op.operation_id: op.body for op in spec.OPERATIONS.values() if op.body}
    hand_written = set()
    for ops in document()["paths"].values():
        for op in ops.values():
            if "requestBody" in op:
                ref = op["requestBody"]["content"]["application/json"]["schema"]["$ref"]
                if op["operationId"] not in bodies:
                    hand_written.add(op["operationId"])
                    continue
                assert ref.rsplit("/", 1)[1] == bodies[op["operationId"]].__name__
    assert hand_written == PENDING_HAND_WRITTEN


OPERATIONS_WITH_BODIES = [
    pytest.param(op.method, "/api/v1" + spec.openapi_path(op.rule), id=op.operation_id)
    for op in spec.OPERATIONS.values()
    if op.body is not None
]


def _refused_as_typed(error: ErrorDetails) -> bool:
    """Tells whether a refusal is the number reader's, of digits as typed that the schema allows."""
    loc, typed = error["loc"], error["input"]
    if error["type"] != "number" or not isinstance(typed, str) or len(typed) > 40:
        return False
    total = loc[0] == "start_totals" and len(loc) == 2  # a new game's starting total
    if not total and (loc[0] != "hand" or len(loc) not in (3, 4)):  # a side's field, a canasta
        return False
    if re.fullmatch(DIGITS.removeprefix("^").removesuffix("$"), typed) is None:
        return False
    limit = MAX_ENTRY if loc[-1] in POINTS and len(loc) == 3 else MAX_COUNT
    try:  # no request: the default language, English
        parse_whole(typed, limit=MAX_START_TOTAL if total else limit, negative=total)
    except NumberProblem:
        return True
    return False


@pytest.mark.slow  # generated bodies: a second or two per operation
@pytest.mark.parametrize(("method", "path"), OPERATIONS_WITH_BODIES)
def test_every_body_the_schema_allows_passes_its_validator(app, method, path):
    """The 12 disagreements schemathesis found: a body the schema allows the shape must take.

    One exception: digits as typed (a hand's numbers, a new game's starting totals) are read by
    the shape in the request's language, and the schema's DIGITS cannot say a language's
    grouping or a field's limit ("1,250.000", "999,999"). Such a body may be refused, but only
    by errors of type "number" on text that matches DIGITS within its length and that the
    number reader itself refuses.
    """
    import schemathesis  # slow to import: the fast loop never does

    schema = schemathesis.openapi.from_dict(document())
    operation = schema[path][method]
    shape = next(
        op.body
        for op in spec.OPERATIONS.values()
        if "/api/v1" + spec.openapi_path(op.rule) == path and op.method == method
    )

    @given(case=operation.as_strategy())
    @settings(
        max_examples=25,
        deadline=None,
        suppress_health_check=list(HealthCheck),
        phases=[Phase.explicit, Phase.generate],  # a failure shows as found: no long shrink
    )
    def check(case) -> None:
        try:
            spec.adapter(shape).validate_python(case.body)
        except ValidationError as error:
            refused = error.errors(include_url=False)
            assert all(_refused_as_typed(e) for e in refused), refused

    check()


@given(st.text(max_size=12))
@example("\n")  # Python's $ would take it; ECMAScript's and the validator's do not
@example("٢٠٢٦-٠١-٠٢")  # Arabic-Indic digits: not [0-9], and ECMAScript's \d is [0-9]
def test_a_date_filter_is_refused_exactly_when_its_pattern_refuses_it(text):
    from scorekeeper.api.groups.bodies import HistoryQuery

    pattern = document()["components"]["schemas"]["HistoryQuery"]["properties"]["since"]
    # JSON Schema's patterns are ECMAScript's: `^…$` is the whole text. Python's `$` (which
    # jsonschema uses) also matches before a last newline, so the whole text is asked here.
    whole = pattern["pattern"].removeprefix("^").removesuffix("$")
    valid = re.fullmatch(whole, text) is not None
    try:
        spec.adapter(HistoryQuery).validate_python({"since": text})
    except Exception:
        assert not valid
    else:
        assert valid


# Every character some regex dialect calls white space: ECMAScript's \s (JSON Schema's
# patterns) and Unicode's White_Space (Python's and the validator's), which differ on two.
SPACES = (
    "\t\n\v\f\r \x85\xa0\u1680"
    + "".join(map(chr, range(0x2000, 0x200B)))
    + ("\u2028\u2029\u202f\u205f\u3000\ufeff")
)


@pytest.mark.parametrize("space", list(SPACES), ids=lambda c: f"U+{ord(c):04X}")
def test_a_name_of_white_space_is_refused_in_every_dialect(space):
    """A bare \\S let a name of one U+0085 through the schema that the validator refused."""
    import re

    from pydantic import ValidationError

    from scorekeeper.api.events.bodies import NOT_BLANK, NewEvent

    assert re.search(NOT_BLANK, space * 3) is None
    assert re.search(NOT_BLANK, f"{space}Ann{space}")
    body = {"name": "Tuesday", "format": "classic", "entrants": [{"name": "A"}, {"name": space}]}
    with pytest.raises(ValidationError):
        spec.adapter(NewEvent).validate_python(body)
