"""Every problem the engine can raise is worded in each language, from its code and params."""

from __future__ import annotations

import ast
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest
from flask import Flask

from scorekeeper.api.openapi import EXAMPLE_GAME
from scorekeeper.engine import (
    Problem,
    Setup,
    Side,
    check_name,
    check_setup,
    check_side_count,
    opening_minimum,
    parse_hand,
    replay,
    total_problems,
    validate_hand,
    warnings_for,
)
from scorekeeper.engine.ending import EndProblem, after_end_problems, raise_problems, start_problems
from scorekeeper.engine.validate import opening_warnings
from scorekeeper.language import problem_words
from scorekeeper.rules.presets import rules_for
from tests.engine_helpers import make_hand, side

ENGINE = Path(__file__).resolve().parents[1] / "scorekeeper" / "engine"
# The modules whose problems reach a reader: reading and checking a hand, a new game's setup,
# names, and the game's end. (document.py is `scorekeeper score`'s contract: English only.)
MODULES = ("hand.py", "setup.py", "validate.py", "names.py", "ending.py")
LANGUAGES = ("es", "pt_BR", "it", "de")
US = ["We", "They"]
CLASSIC = rules_for("classic")


def _read(format_id: str, raw: object, sides: list[str] = US) -> list[Problem]:
    """Returns the problems of reading a raw hand, as the API and an import read one."""
    problems: list[Problem] = []
    parse_hand(rules_for(format_id), raw, sides, problems)
    return problems


def _check(format_id: str, **sides: dict) -> list[Problem]:
    """Returns the problems of a well-formed hand the rules find impossible."""
    return validate_hand(rules_for(format_id), make_hand(format_id, **sides))


def _setup(sides: list, dealer: str | None = "A", totals: dict | None = None) -> list[Problem]:
    """Returns the problems of a new Classic game's setup."""
    return check_setup(CLASSIC, sides, dealer, totals or {})[1]


def _game(start: dict[str, int], hands: int, format_id: str = "classic"):
    """Returns the rules and replayed sheet of a game in which We go out with a canasta each hand."""
    rules = rules_for(format_id)
    sides = (Side("We", "We", ("A", "B")), Side("They", "They", ("C", "D")))
    out = side(300, natural=1, out="out")
    played = [make_hand(rules, We=out, They=side(50)) for _ in range(hands)]
    return rules, replay(rules, Setup(sides, "A", start_totals=start), played)


def _short() -> list[Problem]:
    """Returns the warning that We melded less than they needed to open."""
    rules = rules_for("classic")
    needs = {"We": opening_minimum(rules, 3000, 2), "They": None}
    return opening_warnings(rules, make_hand(rules, We=side(60), They=side()), needs)


PAIR = [("We", ["A", "B"]), ("They", ["C", "D"])]
# Each sample runs the engine on wrong input and keeps its first problem: real params, so a
# change to what the engine puts in them is met here too.
SAMPLES: list[tuple[str, Callable[[], list]]] = [
    # hand.py: reading a hand
    ("not_whole", lambda: _read("classic", {"hand": {"We": {"melded_points": "300"}, "They": {}}})),
    ("negative", lambda: _read("classic", {"hand": {"We": {"melded_points": -5}, "They": {}}})),
    ("negative", lambda: _read("classic", {"hand": {"We": {"canastas": {"natural": -1}}, "They": {}}})),
    ("too_large", lambda: _read("classic", {"hand": {"We": {"red_threes": 10**6}, "They": {}}})),
    ("hand_not_object", lambda: _read("classic", {"hand": 5})),
    ("entry_not_object", lambda: _read("classic", {"hand": {"We": 5, "They": {}}})),
    ("canastas_not_object", lambda: _read("classic", {"hand": {"We": {"canastas": 5}, "They": {}}})),
    ("unknown_field", lambda: _read("classic", {"hand": {"We": {"bogus": 1}, "They": {}}})),
    ("unknown_canasta", lambda: _read("classic", {"hand": {"We": {"canastas": {"gold": 1}}, "They": {}}})),
    ("unknown_canasta", lambda: _read("oklahoma", {"hand": {"A": {"canastas": {"gold": 1}}, "B": {}}}, ["A", "B"])),
    ("bad_going_out", lambda: _read("classic", {"hand": {"We": {"went_out": "twice"}, "They": {}}})),
    ("unknown_side", lambda: _read("classic", {"hand": {"We": {}, "They": {}, "Ghost": {}}})),
    ("missing_sides", lambda: _read("classic", {"hand": {"We": {}}})),
    ("no_lone_hand", lambda: _read("classic", {"hand": {"We": {}, "They": {}}, "lone_hand": "We"})),
    ("unknown_lone_hand", lambda: _read("cutthroat", {"hand": {"A": {}, "B": {}, "C": {}}, "lone_hand": "Z"}, ["A", "B", "C"])),
    # names.py, through setup.check_name: one rule for every name typed
    ("player_name_blank", lambda: [check_name(" ", "sides[0].players[0]", "player")]),
    ("side_name_blank", lambda: [check_name("", "sides[0].name", "side")]),
    ("name_too_long", lambda: [check_name("x" * 41, "sides[0].name", "side")]),
    ("name_surrogate", lambda: [check_name("a\ud800", "sides[0].name", "side")]),
    ("name_bidi", lambda: [check_name("a\u202eb", "sides[0].name", "side")]),
    ("name_control", lambda: [check_name("a\tb", "sides[0].name", "side")]),
    ("name_spaces", lambda: [check_name(" a", "sides[0].name", "side")]),
    # setup.py: a new game
    ("side_count", lambda: check_side_count(CLASSIC, 3)),
    ("side_range", lambda: check_side_count(rules_for("oklahoma"), 6)),
    ("player_count", lambda: _setup([("We", ["A"]), ("They", ["C", "D"])])),
    ("side_name_taken", lambda: _setup([("We", ["A", "B"]), ("we", ["C", "D"])])),
    ("player_name_taken", lambda: _setup([("We", ["A", "B"]), ("They", ["a", "D"])])),
    ("unknown_dealer", lambda: _setup(PAIR, dealer="Z")),
    ("unknown_start_side", lambda: _setup(PAIR, totals={"Ghost": 50})),
    ("start_not_multiple_of_5", lambda: _setup(PAIR, totals={"We": 52})),
    ("start_too_large", lambda: _setup(PAIR, totals={"We": 10**6})),
    ("start_below_target", lambda: _setup(PAIR, totals={"We": 5000})),
    # validate.py: a hand the rules or the pack make impossible
    ("not_multiple_of_5", lambda: _check("classic", We=side(303), They=side())),
    ("total_not_multiple_of_5", lambda: total_problems({"We": 3})),
    ("more_than_pack", lambda: _check("classic", We=side(5000), They=side())),
    ("red_threes_more_than_pack", lambda: _check("classic", We=side(red=5), They=side())),
    ("red_threes_in_pack", lambda: _check("classic", We=side(red=3), They=side(red=3))),
    ("points_more_than_pack", lambda: _check("classic", We=side(700), They=side(700))),
    ("red_threes_not_scored", lambda: _check("oklahoma", A=side(red=1), B=side())),
    ("more_than_max", lambda: _check("classic", We=side(x_undeclared_red_threes=9), They=side())),
    ("canasta_without_melds", lambda: _check("classic", We=side(natural=1), They=side())),
    ("kind_canastas_need_points", lambda: _check("classic", We=side(30, mixed=1), They=side())),
    ("canastas_need_points", lambda: _check("classic", We=side(80, natural=1, mixed=1), They=side())),
    ("canastas_need_cards", lambda: _check("classic", We=side(1000, natural=20), They=side())),
    ("all_canastas_need_cards", lambda: _check("classic", We=side(300, natural=8), They=side(300, natural=8))),
    ("black_threes_more_than_pack", lambda: _check("cuban", We=side(100, black=5), They=side())),
    ("out_without_melds", lambda: _check("classic", We=side(out="out"), They=side())),
    ("out_needs_canastas", lambda: _check("classic", We=side(100, out="out"), They=side())),
    ("out_needs_kind", lambda: _check("bolivia", We=side(1000, bolivia=2, out="out"), They=side())),
    ("concealed_without_canasta", lambda: _check("oklahoma", A=side(100, out="concealed"), B=side())),
    ("already_out", lambda: _check("classic", We=side(300, natural=1, out="out"), They=side(300, natural=1, out="out"))),
    ("out_with_cards", lambda: _check("two_hand", A=side(800, 20, natural=2, out="out"), B=side())),
    ("unknown_special_hand", lambda: _read("modern_american", {"hand": {"We": {"special_hand": "royal"}, "They": {}}})),
    ("special_hand_with_melds", lambda: _check("modern_american", We=side(60, x_special_hand="pairs"), They=side())),
    ("hand_needs_points", lambda: _check("modern_american", We=side(60, 40, x_aces_in_hand=1), They=side())),
    ("melds_need_points", lambda: _check("modern_american", We=side(30, x_unfinished_aces=1), They=side())),
    ("out_with_unfinished", lambda: _check("modern_american", We=side(900, out="out", natural=2, x_unfinished_wild=1), They=side())),
    ("more_than_pack_holds", lambda: _check("modern_american", We=side(300, sevens=1), They=side(300, sevens=1))),
    ("opening_short", _short),
    ("red_threes_below_canastas", lambda: warnings_for(rules_for("mexicana"), make_hand("mexicana", We=side(1000, natural=2, out="out"), They=side()))),
    # ending.py: where a game ends, and playing on
    ("start_at_target", lambda: start_problems(CLASSIC, {"We": 5000})),
    ("hand_after_end", lambda: after_end_problems(_game({"We": 4900}, 2)[1])),
    ("hands_after_end", lambda: after_end_problems(_game({"We": 4900}, 3)[1])),
    ("no_target", lambda: raise_problems(*_game({}, 0, "hand_and_foot"), 7500)),
    ("not_over", lambda: raise_problems(*_game({}, 0), 7500)),
    ("target_too_high", lambda: raise_problems(*_game({"We": 4900}, 1), 10**7)),
    ("target_too_low", lambda: raise_problems(*_game({"We": 4900}, 1), 5005)),
]  # fmt: skip


def _codes_raised() -> Counter[str]:
    """Returns each code the engine's modules write as a literal, by how many places raise it."""
    found: Counter[str] = Counter()
    for name in MODULES:
        for node in ast.walk(ast.parse((ENGINE / name).read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
                continue
            # Problem(side, field, code, params); EndProblem leads with it.
            at = {"Problem": 2, "EndProblem": 0}.get(node.func.id)
            args = [*node.args, *(k.value for k in node.keywords if k.arg == "code")]
            code = args[at] if at is not None and len(args) > at else None
            if isinstance(code, ast.Constant) and isinstance(code.value, str):
                found[code.value] += 1
    return found


def test_every_code_the_engine_raises_has_a_sample() -> None:
    """A new code, or a new place raising an old one, needs a sample here: then a wording."""
    sampled, raised = Counter(code for code, _ in SAMPLES), _codes_raised()
    assert len(raised) > 30  # the scan still finds the engine's codes
    short = {code: n for code, n in raised.items() if sampled[code] < n}
    assert not short, f"add a sample to SAMPLES for each place raising these codes: {short}"


@pytest.mark.parametrize(
    ("code", "make"), SAMPLES, ids=[f"{code}-{i}" for i, (code, _) in enumerate(SAMPLES)]
)
def test_the_sample_raises_its_code(code: str, make: Callable[[], list]) -> None:
    found = make()
    assert found and found[0].code == code, found


def _worded(found: Problem | EndProblem) -> str:
    if isinstance(found, EndProblem):
        return problem_words.end(found)
    return problem_words.problem(found)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(
    ("code", "make"), SAMPLES, ids=[f"{code}-{i}" for i, (code, _) in enumerate(SAMPLES)]
)
def test_each_engine_problem_is_worded_in_the_language(
    app: Flask, language: str, code: str, make: Callable[[], list]
) -> None:
    """Not the engine's English sentence: the catalogue's, its params filled in."""
    found = make()[0]
    with app.test_request_context("/"):
        english = _worded(found)
    with app.test_request_context(f"/?lang={language}"):
        worded = _worded(found)
    assert worded and worded != english, (found, worded)
    assert "%(" not in worded


def test_english_keeps_the_engines_own_sentence(app: Flask) -> None:
    with app.test_request_context("/"):
        for _code, make in SAMPLES:
            found = make()[0]
            if isinstance(found, Problem):
                assert problem_words.problem(found) == found.message


def _entry(**entry: object) -> dict:
    """Returns a raw Classic hand with this entry for We and none for They."""
    return {"hand": {"We": entry, "They": {}}}


@pytest.mark.parametrize(
    ("raw", "german"),
    [
        pytest.param(_entry(melded_points=-5), "Ausgelegte Punkte: darf nicht negativ sein.", id="negative"),
        pytest.param(_entry(melded_points="300"), "Ausgelegte Punkte: muss eine ganze Zahl sein.", id="as-text"),
        pytest.param(_entry(canastas={"natural": -1}), "Reine Canasta: darf nicht negativ sein.", id="canastas"),
        pytest.param(_entry(canastas={"gold": 1}), "Unbekannte Canasta-Art 'gold' (Arten: natural, mixed).", id="kind"),
        pytest.param({"hand": {"We": {}, "They": {}, "Ghost": {}}}, "'Ghost' ist kein Team dieses Spiels.", id="side"),
    ],
)  # fmt: skip
def test_a_hands_reading_problems_in_german(app: Flask, raw: dict, german: str) -> None:
    """The problems of reading a hand, as an import file or the API sends it, in German."""
    (found,) = _read("classic", raw)
    with app.test_request_context("/?lang=de"):
        assert problem_words.problem(found) == german


@pytest.mark.parametrize(
    ("hand", "field", "german"),
    [
        pytest.param({"We": {"canastas": {"gold": 1}}, "They": {}}, "canastas.gold", "Unbekannte Canasta-Art 'gold' (Arten: natural, mixed).", id="kind"),
        pytest.param({"We": {}, "They": {}, "Ghost": {}}, "hand", "'Ghost' ist kein Team dieses Spiels.", id="side"),
        pytest.param({"We": {}}, "hand", "Kein Eintrag für 'They'.", id="missing-side"),
        pytest.param({"We": {"went_out": "twice"}, "They": {}}, "went_out", "Ausgehen muss „no“, „out“ oder „concealed“ sein.", id="went-out"),
    ],
)  # fmt: skip
def test_the_api_words_a_hands_reading_problems_when_asked(client, hand, field, german) -> None:
    """The API answers in English unless asked; in German, the engine's problems are German."""
    game = client.post("/api/v1/games", json=EXAMPLE_GAME).get_json()
    path, token = f"/api/v1/games/{game['id']}/preview", game["tokens"]["edit"]
    headers = {"Authorization": f"Bearer {token}", "Accept-Language": "de"}
    response = client.post(path, json={"hand": hand}, headers=headers)
    assert response.status_code == 422
    (error,) = response.get_json()["errors"]
    assert (error["field"], error["message"]) == (field, german)
