"""An import file's games, checked as the app checks a new game: rules, seats and every hand."""

from __future__ import annotations

import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from scorekeeper import engine
from scorekeeper.engine import GameState, Hand, Setup, Side, SideScore
from scorekeeper.engine.ending import EndProblem, TargetRaise, after_end_problems, with_raises
from scorekeeper.rules.documents import FormatError, digest, preset_document, rules_of
from scorekeeper.rules.model import FormatChoiceError, Rules
from scorekeeper.rules.presets import load_presets
from scorekeeper.sentences.marked import N_
from scorekeeper.store import cache
from scorekeeper.store.errors import Grouped
from scorekeeper.store.games.game import MAX_HANDS
from scorekeeper.store.games.rules import HOUSE, PRESET, RuleBook, Segment
from scorekeeper.store.portable import read as fields
from scorekeeper.store.portable.read import (
    GAME_KEYS,
    MAX_TEXT,
    REQUIRED,
    SEGMENT_KEYS,
    InvalidImport,
)


@dataclass(frozen=True)
class Imported:
    """One checked game from an import file, ready to be saved under a new id."""

    format: str
    rules: Rules
    book: RuleBook
    setup: Setup
    hands: tuple[Hand, ...]
    reopened: bool
    created_at: str
    updated_at: str
    raises: tuple[TargetRaise, ...] = ()
    state: GameState | None = None  # the hands replayed under the game's rules, once


def _hand_refused(game: str, number: int, problem: engine.Problem) -> InvalidImport:
    """Returns the refusal of a hand the engine found wrong, its problem worded by each edge."""
    # A hand's number is a label, never grouped (hand 1000), as on the sheet.
    refused = N_("Game %(game)s: hand %(hand)s: %(problem)s")
    return InvalidImport(refused, game=game, hand=str(number), problem=problem)


def _hands(
    game: str,
    book: RuleBook,
    setup: Setup,
    raw: Any,
    raises: tuple[TargetRaise, ...],
    reopened: bool = False,
) -> tuple[tuple[Hand, ...], GameState]:
    """Parses every hand, replays them once, and validates each against the totals before it.

    Hands after the game's end come back only in a game reopened to fix: the app keeps them
    there when an edit ends the game earlier, until they are dropped or played on.
    """
    if not isinstance(raw, list) or len(raw) > MAX_HANDS:
        refused = N_("Game %(game)s: %(name)s must be a list of at most %(most)s hands.")
        raise InvalidImport(refused, game=game, name="hands", most=Grouped(MAX_HANDS))
    hands, scored = _scored_hands(game, book, setup, raw, raises)
    state = book.replay(setup, hands, lambda rules: with_raises(rules, raises), scored)
    for problem in () if reopened else after_end_problems(state):  # none recorded past the end
        refused = N_("Game %(game)s: %(name)s: %(problem)s")
        raise InvalidImport(refused, game=game, name=problem.field, problem=problem)
    before = [state.start_totals, *(row.totals for row in state.rows)]
    for number in range(1, len(hands) + 1):  # what the hands could not check alone
        if any(total % 5 for total in before[number - 1].values()):
            problems = engine.total_problems(state.totals_before(number))
            raise _hand_refused(game, number, problems[0])
    return hands, state


def _scored_hands(
    game: str, book: RuleBook, setup: Setup, raw: list[Any], raises: tuple[TargetRaise, ...]
) -> tuple[tuple[Hand, ...], list[Mapping[str, SideScore]]]:
    """Reads, checks and scores each hand once, under its segment's rules with the raises."""
    keys = [s.key for s in setup.sides]
    # Each segment's rules with the raised target, made once and not for every hand.
    adjusted = {s.from_hand: with_raises(s.rules, raises) for s in book.segments}
    only = adjusted[1] if len(adjusted) == 1 else None  # most games: one rules document
    hands: list[Hand] = []
    scored: list[Mapping[str, SideScore]] = []
    for number, entry in enumerate(raw, 1):
        problems: list[engine.Problem] = []
        rules = only or adjusted[book.segment_for(number).from_hand]
        hand = engine.parse_hand(rules, entry, keys, problems)
        scores: Mapping[str, SideScore] | None = None
        if not problems:  # checked before it is scored: the engine scores only possible hands
            problems, scores = engine.checked_score(rules, hand)
        if scores is None:
            raise _hand_refused(game, number, problems[0])
        hands.append(hand)
        scored.append(scores)  # scored once, as it was checked: the replay adds them up
    return tuple(hands), scored


def _segment_document(game: str, at: str, raw: dict[str, Any]) -> dict[str, Any]:
    """Returns a rules segment's document once it matches its digest, if it has one."""
    document = raw["document"]
    if not isinstance(document, dict):
        refused = N_("Game %(game)s: %(name)s must be a format document.")
        raise InvalidImport(refused, game=game, name=f"{at}: document")
    if "digest" in raw and raw["digest"] != digest(document):
        refused = N_(
            "Game %(game)s: %(name)s: the document does not match its digest (changed by hand?)."
        )
        raise InvalidImport(refused, game=game, name=at)
    return document


def _segment(game: str, index: int, raw: Any) -> Segment:
    """Reads one frozen rules document of an export through the one format loader."""
    at = f"rules[{index}]"  # each field below is named from this segment: rules[0]: source
    if not isinstance(raw, dict) or set(raw) - SEGMENT_KEYS or "document" not in raw:
        keys = ", ".join(sorted(SEGMENT_KEYS))
        refused = N_("Game %(game)s: %(name)s must be an object with %(fields)s.")
        raise InvalidImport(refused, game=game, name=at, fields=keys)
    from_hand = raw.get("from_hand", 1)
    if isinstance(from_hand, bool) or not isinstance(from_hand, int) or from_hand < 1:
        refused = N_("Game %(game)s: %(name)s must be a hand number.")
        raise InvalidImport(refused, game=game, name=f"{at}: from_hand")
    document = _segment_document(game, at, raw)
    source = raw.get("source", HOUSE)
    if source not in (PRESET, HOUSE):
        refused = N_("Game %(game)s: %(name)s must be %(preset)s or %(house)s.")
        raise InvalidImport(refused, game=game, name=f"{at}: source", preset=PRESET, house=HOUSE)
    options = tuple(fields.text_list(game, raw.get("options", []), f"{at}: options"))
    sha = digest(document)
    try:  # a group's games share their rules: built once by digest, in the one room
        _document, rules = cache.rules.through(
            f"{sha}:{','.join(options)}", lambda: (document, rules_of(document, options))
        )
    except FormatError as error:
        problem = error.problems[0]
        refused = N_("Game %(game)s: %(name)s: %(problem)s")
        raise InvalidImport(
            refused, game=game, name=f"{at}: {problem.field}", problem=problem
        ) from None
    return Segment(
        from_hand=from_hand,
        source=source,
        source_id=fields.text_field(game, raw.get("source_id", rules.id), f"{at}: source_id", 60),
        options=options,
        document=document,
        digest=sha,
        rules=rules,
    )


def _rule_book(game: str, format_id: str, options: list[str], raw: Any) -> RuleBook:
    """Returns a game's frozen rules from its export, or today's preset for older exports."""
    if raw is None:
        try:
            document = preset_document(format_id, options)
            rules = rules_of(document, options)
        except FormatError as error:
            refused = N_("Game %(game)s: %(problem)s")
            raise InvalidImport(refused, game=game, problem=error.problems[0]) from None
        return RuleBook(
            (Segment(1, PRESET, format_id, tuple(options), document, digest(document), rules),)
        )
    if not isinstance(raw, list) or not 1 <= len(raw) <= 100:
        refused = N_("Game %(game)s: %(name)s must be a list of 1 to 100 rules documents.")
        raise InvalidImport(refused, game=game, name="rules")
    segments = [_segment(game, i, item) for i, item in enumerate(raw)]
    starts = [s.from_hand for s in segments]
    if starts[0] != 1 or starts != sorted(set(starts)):
        refused = N_("Game %(game)s: %(name)s must start at hand 1 and rise.")
        raise InvalidImport(refused, game=game, name="rules")
    return RuleBook(tuple(segments))


def _format(game: str, format_id: str, options: list[str]) -> None:
    """Checks that the game's preset exists and takes its house options, as a new game would."""
    if format_id not in load_presets():
        refused = N_("Game %(game)s: unknown format %(format)r.")
        raise InvalidImport(refused, game=game, format=format_id)
    try:
        load_presets()[format_id].with_options(options)
    except FormatChoiceError as error:
        if error.code == "clashing_options":
            refused = N_("Game %(game)s: house options %(first)r and %(second)r both set %(path)s.")
        else:  # unknown_option: an unknown format was refused above
            refused = N_("Game %(game)s: %(format)s has no house option %(option)r.")
        raise InvalidImport(refused, game=game, **error.params) from None


def _setup_problem(first: engine.Problem) -> engine.Problem | EndProblem:
    """Returns the setup's first problem as games.refusal words it: a start at the target too."""
    if first.code == "start_below_target":  # a rule of the game's end: worded with the others
        return EndProblem("start_at_target", "start_totals", first.params)
    return first


def _setup(game: str, rules: Rules, raw: Mapping[str, Any]) -> Setup:
    """Checks a game's sides, dealer, starting totals and seating as a new game's are checked."""
    sides = fields.side_list(game, raw["sides"])
    first_dealer = fields.name_field(game, raw["first_dealer"], "first_dealer")
    start = fields.start_totals(game, raw.get("start_totals", {}))
    _draft, problems = engine.check_setup(rules, sides, first_dealer, start)
    if problems:
        refused = N_("Game %(game)s: %(name)s: %(problem)s")
        problem = _setup_problem(problems[0])
        raise InvalidImport(refused, game=game, name=problems[0].field, problem=problem)
    seating = tuple(fields.text_list(game, raw.get("seating", []), "seating"))
    players = [p for _, ps in sides for p in ps]
    if seating and sorted(seating) != sorted(players):
        refused = N_("Game %(game)s: %(name)s must list every player once, or be empty.")
        raise InvalidImport(refused, game=game, name="seating")
    return Setup(
        sides=tuple(Side(name, name, tuple(ps)) for name, ps in sides),
        first_dealer=first_dealer,
        seating=seating,
        start_totals=start,
    )


def _game(index: int, raw: Any) -> str:
    """Returns how the refusals name a game: its place in the file, and its id if it has one."""
    game = f"{index + 1}"
    if not isinstance(raw, dict):
        raise InvalidImport(N_("Game %(game)s is not an object."), game=game)
    if isinstance(raw.get("id"), str):
        game += f" ({raw['id'][:MAX_TEXT]})"
    if unknown := sorted(set(raw) - GAME_KEYS):
        refused = N_("Game %(game)s: unknown field %(field)r.")
        raise InvalidImport(refused, game=game, field=unknown[0][:MAX_TEXT])
    if missing := sorted(REQUIRED - set(raw)):
        refused = N_("Game %(game)s: %(name)s is missing.")
        raise InvalidImport(refused, game=game, name=missing[0])
    return game


def check_game(index: int, raw: Any) -> Imported:
    """Checks one game of an import file as a new game would be checked, hands and all."""
    game = _game(index, raw)
    format_id = fields.text_field(game, raw["format"], "format")
    options = fields.text_list(game, raw.get("options", []), "options")
    _format(game, format_id, options)
    book = _rule_book(game, format_id, options, raw.get("rules"))
    setup = _setup(game, book.segments[0].rules, raw)
    if not isinstance(raw.get("reopened", False), bool):
        refused = N_("Game %(game)s: %(name)s must be true or false.")
        raise InvalidImport(refused, game=game, name="reopened")
    played = len(raw["hands"]) if isinstance(raw["hands"], list) else 0
    raises = fields.target_raises(game, book.current.rules, played, raw.get("target_raises", []))
    rules = with_raises(book.current.rules, raises)
    hands, state = _hands(game, book, setup, raw["hands"], raises, raw.get("reopened", False))
    return Imported(
        format=format_id,
        rules=rules,
        book=book,
        setup=setup,
        hands=hands,
        state=state,
        reopened=raw.get("reopened", False),
        created_at=fields.stamp_field(game, raw.get("created_at"), "created_at"),
        updated_at=fields.stamp_field(game, raw.get("updated_at"), "updated_at"),
        raises=raises,
    )


def check_bounds(ids: Iterable[str | None], hands: int, max_hands: int | None = None) -> None:
    """Refuses a file whose games share an id, or that holds more hands than max_hands."""
    max_hands = fields.MAX_FILE_HANDS if max_hands is None else max_hands  # read now: tests set it
    seen: set[str] = set()
    for game_id in ids:
        if game_id is not None and game_id in seen:
            raise InvalidImport(N_("The game id %(id)r appears twice."), id=game_id[:MAX_TEXT])
        seen.add(game_id) if game_id is not None else None
    if hands > max_hands:  # bounds the engine's work before any hand is replayed
        raise InvalidImport(
            N_("One file holds at most %(most)s hands in all; this one has %(count)s."),
            most=max_hands,
            count=hands,
        )


def file_id(raw: Any) -> str | None:
    """Returns a game's id in the file, None where it has none."""
    game_id = raw.get("id") if isinstance(raw, dict) else None
    return game_id if isinstance(game_id, str) else None


def hand_count(raw: Any) -> int:
    """Returns how many hands a game of the file lists (0 where it lists none)."""
    played = raw.get("hands") if isinstance(raw, dict) else None
    return len(played) if isinstance(played, list) else 0


def check(document: Mapping[str, Any], max_hands: int | None = None) -> list[Imported]:
    """Checks every game of a parsed export; the first problem raises InvalidImport."""
    games = document["games"]
    check_bounds([file_id(raw) for raw in games], sum(hand_count(raw) for raw in games), max_hands)
    checked = []
    for i, raw in enumerate(games):
        checked.append(check_game(i, raw))
        time.sleep(0)  # a served table's save gets the interpreter between two games
    return checked
