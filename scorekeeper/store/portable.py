"""Games as portable JSON: export one game or many, and import them all-or-nothing."""

from __future__ import annotations

import copy
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, replace
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlite_utils import Database

from scorekeeper import engine, safe_json
from scorekeeper.engine import GameState, Hand, Setup, Side
from scorekeeper.engine.ending import (
    MAX_TARGET,
    EndProblem,
    TargetRaise,
    after_end_problems,
    with_raises,
)
from scorekeeper.format_documents import FormatError, digest, preset_document, rules_of
from scorekeeper.format_model import FormatChoiceError, Rules
from scorekeeper.marked import N_
from scorekeeper.presets import load_presets
from scorekeeper.store import cache, scores
from scorekeeper.store.connection import insert_many, read, write
from scorekeeper.store.errors import Grouped, StoreError
from scorekeeper.store.figures import figures_of, store_figures
from scorekeeper.store.game_rules import HOUSE, PRESET, RuleBook, Segment, frozen_row
from scorekeeper.store.games import (
    MAX_HANDS,
    Sheet,
    Tokens,
    game_from,
    game_record,
    load,
    seat_records,
)
from scorekeeper.store.portable_groups import (
    InvalidGroups,
    check_groups,
    group_documents,
    insert_groups,
)
from scorekeeper.store.stamps import new_token, now

KIND = "canasta-scorekeeper"
VERSION = 1
MAX_BYTES = 8 * 1024 * 1024
MAX_GAMES = 2_000
WEB_MAX_BYTES = 2 * 1024 * 1024  # a body sent in chunks; web imports up to this run side by side
MAX_FILE_HANDS = 3_000  # hands in one file, all games together: bounds the CPU per import
MAX_KEYS = 40 * MAX_FILE_HANDS + 400 * MAX_GAMES  # a hand has about 16 keys, rules about 300
MAX_DEPTH = 11  # games > game > rules > segment > document > options > option > set > tiers > tier
# The command line takes what `export` makes: a 2,000-game group exports as about 11 MB.
# Its owner imports their own file; the parse (about 10 bytes of memory per byte) bounds it.
CLI_MAX_BYTES = 48 * 1024 * 1024
CLI_MAX_HANDS = 100_000  # about half a minute of the engine's checking, outside the lock
# The web import takes the same, so whatever the app exports comes back through a browser
# too; files over WEB_MAX_BYTES are imported one at a time (web/portable.py).
WEB_IMPORT_MAX_BYTES = CLI_MAX_BYTES
WEB_IMPORT_MAX_HANDS = CLI_MAX_HANDS
LIMITS = safe_json.Limits(max_bytes=MAX_BYTES, max_depth=MAX_DEPTH, max_keys=MAX_KEYS)
MAX_TEXT = 40  # ids, formats and dates; names follow the engine's setup rules
MAX_RAISES = 20
CLOCK_SLACK = timedelta(minutes=10)  # another computer's clock may run a little ahead
GAME_KEYS = {
    "id",
    "format",
    "options",
    "sides",
    "first_dealer",
    "seating",
    "start_totals",
    "reopened",
    "created_at",
    "updated_at",
    "hands",
    "rules",
    "target_raises",
}
SEGMENT_KEYS = {"from_hand", "source", "source_id", "options", "document", "digest"}
REQUIRED = {"format", "sides", "first_dealer", "hands"}
TOP_KEYS = {"kind", "version", "exported_at", "games", "groups"}


class InvalidImport(StoreError):
    """The import file is not a game export, or a game in it is wrong; nothing was saved."""


# A file that is no game export at all, by safe_json's refusal: said in the reader's language.
# The other refusals (a key twice, NaN, a bare 5,000-digit number) keep the parser's words.
NOT_AN_EXPORT = {
    "not_utf8": N_("The file is not UTF-8 text, so it is not a game export."),
    "not_json": N_(
        "The file is not JSON (line %(line)s, column %(column)s), so it is not a game export."
    ),
    "too_deep": N_("The file nests deeper than a game export ever does."),
    "too_many_keys": N_("The file holds more fields than a game export ever does."),
}


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


def game_document(game: Any) -> dict[str, Any]:
    """Returns one stored game as its export document: setup and raw hands, never its links."""
    return {
        "id": game.id,
        "format": game.format,
        "options": list(game.options),
        "sides": [{"name": s.name, "players": list(s.players)} for s in game.setup.sides],
        "first_dealer": game.setup.first_dealer,
        "seating": list(game.setup.seating),
        "start_totals": dict(game.setup.start_totals),
        "reopened": game.reopened,
        "created_at": game.created_at,
        "updated_at": game.updated_at,
        "hands": [hand.as_dict() for hand in game.hands],
        "rules": [
            {
                "from_hand": s.from_hand,
                "source": s.source,
                "source_id": s.source_id,
                "options": list(s.options),
                "document": copy.deepcopy(s.document),  # the book's is shared: never handed out
                "digest": s.digest,
            }
            for s in game.rule_book.segments
        ],
        "target_raises": [asdict(r) for r in game.raises],
    }


def export_games(db: Database, game_ids: Iterable[str] | None = None) -> dict[str, Any]:
    """Returns the export document of the given games (all games when None), on one snapshot."""
    with read(db):
        if game_ids is None:
            game_ids = [r["id"] for r in db.query("SELECT id FROM games ORDER BY created_at, id")]
        games = [game_document(load(db, game_id)) for game_id in game_ids]
        groups = group_documents(db, [game["id"] for game in games])
    document = {"kind": KIND, "version": VERSION, "exported_at": now(), "games": games}
    if groups:  # the groups of these games, their players and who sat where
        document["groups"] = groups
    return document


def dumps(document: Mapping[str, Any]) -> str:
    """Returns the export document as JSON text (names stay as typed, HTML and all)."""
    return json.dumps(document, ensure_ascii=False, indent=1) + "\n"


def parse(data: bytes | str, max_bytes: int | None = None) -> dict[str, Any]:
    """Reads an export file's bytes into a document; InvalidImport says what is wrong.

    `max_bytes` is MAX_BYTES unless given (the bounds are read when called, not defined).
    """
    max_bytes = MAX_BYTES if max_bytes is None else max_bytes
    too_large = N_("The file is larger than %(mb)s MB.")
    if len(data) > max_bytes:
        raise InvalidImport(too_large, mb=max_bytes // (1024 * 1024))
    try:  # size, depth and keys are counted in one linear pass before anything is parsed
        # A larger file than the web's may hold keys in proportion (a key is at least "":0,).
        keys = max(MAX_KEYS, max_bytes // 5) if max_bytes > MAX_BYTES else MAX_KEYS
        limits = replace(LIMITS, max_bytes=max_bytes, max_keys=keys)
        document = safe_json.loads(data, limits, what="The file")
    except safe_json.JsonRefused as refused:
        if refused.code == "too_large":
            raise InvalidImport(too_large, mb=max_bytes // (1024 * 1024)) from None
        if refused.code in NOT_AN_EXPORT:
            raise InvalidImport(NOT_AN_EXPORT[refused.code], **refused.params) from None
        raise InvalidImport(refused.message) from None  # a JSON parser's own words
    if not isinstance(document, dict) or document.get("kind") != KIND:
        raise InvalidImport(
            N_('This is not a Canasta Scorekeeper export (no "kind": "%(kind)s").'), kind=KIND
        )
    if document.get("version") != VERSION:
        raise InvalidImport(N_("Only export version %(version)s can be imported."), version=VERSION)
    if set(document) - TOP_KEYS:
        extra = sorted(set(document) - TOP_KEYS)
        raise InvalidImport(N_("Unknown field %(field)r in the file."), field=extra[0][:MAX_TEXT])
    games = document.get("games")
    if not isinstance(games, list) or not games:
        raise InvalidImport(N_('The file has no games ("games" must be a list of games).'))
    if len(games) > MAX_GAMES:
        raise InvalidImport(N_("One file holds at most %(most)s games."), most=MAX_GAMES)
    return document


# Every refusal of one game starts "Game %(game)s: ", where `game` is the game's place in
# the file and, when it has one, its id: "1 (k3J9x)". Field paths (sides[0].name) are code, so
# they are params too; engine and format problems ride as params and each edge words them.


def _text(game: str, value: Any, name: str, limit: int = MAX_TEXT) -> str:
    if not isinstance(value, str) or not 1 <= len(value) <= limit:
        raise InvalidImport(
            N_("Game %(game)s: %(name)s must be text of 1 to %(limit)s characters."),
            game=game,
            name=name,
            limit=limit,
        )
    return value


def _texts(game: str, value: Any, name: str) -> list[str]:
    if not isinstance(value, list):
        raise InvalidImport(N_("Game %(game)s: %(name)s must be a list."), game=game, name=name)
    return [_text(game, item, f"{name}[{i}]") for i, item in enumerate(value)]


def _stamp(game: str, value: Any, name: str) -> str:
    if value is None:
        return now()
    try:
        stamp = datetime.fromisoformat(_text(game, value, name))
    except ValueError as error:
        raise InvalidImport(
            N_("Game %(game)s: %(name)s must be a date and time like %(example)s."),
            game=game,
            name=name,
            example=now(),
        ) from error
    if stamp.tzinfo is None:  # the app writes UTC; a stamp without a zone is read as UTC
        stamp = stamp.replace(tzinfo=UTC)
    if stamp > datetime.now(UTC) + CLOCK_SLACK:
        raise InvalidImport(
            N_("Game %(game)s: %(name)s (%(value)s) is in the future."),
            game=game,
            name=name,
            value=value,
        )
    return str(value)


def _string(game: str, value: Any, name: str) -> str:
    """Returns a name as it is; its rules (length, spaces, repeats) are the engine's."""
    if not isinstance(value, str):
        raise InvalidImport(N_("Game %(game)s: %(name)s must be text."), game=game, name=name)
    return value


def _raise(game: str, index: int, item: Any, target: int | None, after: int, hands: int) -> None:
    """Checks one raise of the target against the target and the hand before it."""
    name, keys = f"target_raises[{index}]", {"after_hand", "from_target", "to_target"}
    if not isinstance(item, dict) or set(item) != keys:
        fields = ", ".join(sorted(keys))
        refused = N_("Game %(game)s: %(name)s must have exactly %(fields)s.")
        raise InvalidImport(refused, game=game, name=name, fields=fields)
    if any(isinstance(v, bool) or not isinstance(v, int) for v in item.values()):
        refused = N_("Game %(game)s: %(name)s must hold whole numbers.")
        raise InvalidImport(refused, game=game, name=name)
    if target is None or item["from_target"] != target:
        refused = N_("Game %(game)s: %(name)s must be the target then (%(target)s).")
        # The target as the file writes it (5000, or None), not grouped as a page would.
        raise InvalidImport(refused, game=game, name=f"{name}.from_target", target=str(target))
    if not target < item["to_target"] <= MAX_TARGET or item["to_target"] % 5:
        refused = N_("Game %(game)s: %(name)s must be a higher target.")
        raise InvalidImport(refused, game=game, name=f"{name}.to_target")
    if not after <= item["after_hand"] <= hands:
        refused = N_("Game %(game)s: %(name)s must be a hand of the game.")
        raise InvalidImport(refused, game=game, name=f"{name}.after_hand")


def _raises(game: str, rules: Rules, hands: int, raw: Any) -> tuple[TargetRaise, ...]:
    """Checks the targets a game was raised to: each above the last, after a played hand."""
    if not isinstance(raw, list) or len(raw) > MAX_RAISES:
        raise InvalidImport(
            N_("Game %(game)s: %(name)s must be a list of at most %(most)s."),
            game=game,
            name="target_raises",
            most=MAX_RAISES,
        )
    raises, target, after = [], rules.ending.target, 0
    for i, item in enumerate(raw):
        _raise(game, i, item, target, after, hands)
        raises.append(TargetRaise(**item))
        target, after = item["to_target"], item["after_hand"]
    return tuple(raises)


def _sides(game: str, raw: Any) -> list[tuple[str, list[str]]]:
    if not isinstance(raw, list) or not raw or len(raw) > 8:
        refused = N_("Game %(game)s: %(name)s must be a list of 1 to 8 sides.")
        raise InvalidImport(refused, game=game, name="sides")
    sides = []
    for i, side in enumerate(raw):
        if not isinstance(side, dict) or set(side) != {"name", "players"}:
            refused = N_("Game %(game)s: %(name)s must have exactly a name and players.")
            raise InvalidImport(refused, game=game, name=f"sides[{i}]")
        if not isinstance(side["players"], list):
            refused = N_("Game %(game)s: %(name)s must be a list.")
            raise InvalidImport(refused, game=game, name=f"sides[{i}].players")
        players = [
            _string(game, p, f"sides[{i}].players[{j}]") for j, p in enumerate(side["players"])
        ]
        sides.append((_string(game, side["name"], f"sides[{i}].name"), players))
    return sides


def _totals(game: str, raw: Any) -> dict[str, int]:
    if not isinstance(raw, dict):
        refused = N_("Game %(game)s: %(name)s must map side names to points.")
        raise InvalidImport(refused, game=game, name="start_totals")
    for key, value in raw.items():
        if isinstance(value, bool) or not isinstance(value, int):
            refused = N_("Game %(game)s: %(name)s must be whole points.")
            raise InvalidImport(refused, game=game, name=f"start_totals[{key[:MAX_TEXT]!r}]")
    return {k: v for k, v in raw.items() if v}


def _hand_refused(game: str, number: int, problem: engine.Problem) -> InvalidImport:
    """Returns the refusal of a hand the engine found wrong, its problem worded by each edge."""
    # A hand's number is a label, never grouped (hand 1000), as on the sheet.
    refused = N_("Game %(game)s: hand %(hand)s: %(problem)s")
    return InvalidImport(refused, game=game, hand=str(number), problem=problem)


def _hands(
    game: str, book: RuleBook, setup: Setup, raw: Any, raises: tuple[TargetRaise, ...]
) -> tuple[tuple[Hand, ...], GameState]:
    """Parses every hand, replays them once, and validates each against the totals before it."""
    if not isinstance(raw, list) or len(raw) > MAX_HANDS:
        refused = N_("Game %(game)s: %(name)s must be a list of at most %(most)s hands.")
        raise InvalidImport(refused, game=game, name="hands", most=Grouped(MAX_HANDS))
    keys = [s.key for s in setup.sides]
    hands = []
    for number, entry in enumerate(raw, 1):
        problems: list[engine.Problem] = []
        rules = with_raises(book.rules_for(number), raises)
        hands.append(engine.parse_hand(rules, entry, keys, problems))
        # Checked before the replay: the engine scores only hands it has found possible.
        problems = problems or engine.validate_hand(rules, hands[-1])
        if problems:
            raise _hand_refused(game, number, problems[0])
    state = book.replay(setup, hands, lambda rules: with_raises(rules, raises))
    for problem in after_end_problems(state):  # the app refuses to record past the end
        refused = N_("Game %(game)s: %(name)s: %(problem)s")
        raise InvalidImport(refused, game=game, name=problem.field, problem=problem)
    for number in range(1, len(hands) + 1):  # what the hands could not check alone
        problems = engine.total_problems(state.totals_before(number))
        if problems:
            raise _hand_refused(game, number, problems[0])
    return tuple(hands), state


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
        fields = ", ".join(sorted(SEGMENT_KEYS))
        refused = N_("Game %(game)s: %(name)s must be an object with %(fields)s.")
        raise InvalidImport(refused, game=game, name=at, fields=fields)
    from_hand = raw.get("from_hand", 1)
    if isinstance(from_hand, bool) or not isinstance(from_hand, int) or from_hand < 1:
        refused = N_("Game %(game)s: %(name)s must be a hand number.")
        raise InvalidImport(refused, game=game, name=f"{at}: from_hand")
    document = _segment_document(game, at, raw)
    source = raw.get("source", HOUSE)
    if source not in (PRESET, HOUSE):
        refused = N_("Game %(game)s: %(name)s must be %(preset)s or %(house)s.")
        raise InvalidImport(refused, game=game, name=f"{at}: source", preset=PRESET, house=HOUSE)
    options = tuple(_texts(game, raw.get("options", []), f"{at}: options"))
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
        source_id=_text(game, raw.get("source_id", rules.id), f"{at}: source_id", 60),
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
    sides = _sides(game, raw["sides"])
    first_dealer = _string(game, raw["first_dealer"], "first_dealer")
    start = _totals(game, raw.get("start_totals", {}))
    _draft, problems = engine.check_setup(rules, sides, first_dealer, start)
    if problems:
        refused = N_("Game %(game)s: %(name)s: %(problem)s")
        problem = _setup_problem(problems[0])
        raise InvalidImport(refused, game=game, name=problems[0].field, problem=problem)
    seating = tuple(_texts(game, raw.get("seating", []), "seating"))
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
    format_id = _text(game, raw["format"], "format")
    options = _texts(game, raw.get("options", []), "options")
    _format(game, format_id, options)
    book = _rule_book(game, format_id, options, raw.get("rules"))
    setup = _setup(game, book.segments[0].rules, raw)
    if not isinstance(raw.get("reopened", False), bool):
        refused = N_("Game %(game)s: %(name)s must be true or false.")
        raise InvalidImport(refused, game=game, name="reopened")
    played = len(raw["hands"]) if isinstance(raw["hands"], list) else 0
    raises = _raises(game, book.current.rules, played, raw.get("target_raises", []))
    rules = with_raises(book.current.rules, raises)
    hands, state = _hands(game, book, setup, raw["hands"], raises)
    return Imported(
        format=format_id,
        rules=rules,
        book=book,
        setup=setup,
        hands=hands,
        state=state,
        reopened=raw.get("reopened", False),
        created_at=_stamp(game, raw.get("created_at"), "created_at"),
        updated_at=_stamp(game, raw.get("updated_at"), "updated_at"),
        raises=raises,
    )


def check(document: Mapping[str, Any], max_hands: int | None = None) -> list[Imported]:
    """Checks every game of a parsed export; the first problem raises InvalidImport."""
    max_hands = MAX_FILE_HANDS if max_hands is None else max_hands
    seen: set[str] = set()
    hands = 0
    for raw in document["games"]:
        game_id = raw.get("id") if isinstance(raw, dict) else None
        if isinstance(game_id, str) and game_id in seen:
            raise InvalidImport(N_("The game id %(id)r appears twice."), id=game_id[:MAX_TEXT])
        seen.add(game_id) if isinstance(game_id, str) else None
        played = raw.get("hands") if isinstance(raw, dict) else None
        hands += len(played) if isinstance(played, list) else 0
    if hands > max_hands:  # bounds the engine's work before any hand is replayed
        raise InvalidImport(
            N_("One file holds at most %(most)s hands in all; this one has %(count)s."),
            most=max_hands,
            count=hands,
        )
    return [check_game(i, raw) for i, raw in enumerate(document["games"])]


@dataclass(frozen=True)
class Rows:
    """One checked game as the rows it is saved as, built before the write lock is taken."""

    game_id: str
    tables: dict[str, list[dict[str, Any]]]
    figures: Any = None  # a group game's figures, kept with it (None outside a group)


TABLES = ("games", "game_rules", "sides", "players", "hands", "browser_games")


def _state(game: Imported) -> GameState:
    """Returns the game's hands replayed under its rules: kept from the check, or anew."""
    if game.state is not None:
        return game.state
    return game.book.replay(game.setup, game.hands, lambda rules: with_raises(rules, game.raises))


def _rows(game: Imported, owner: str | None, stamp: str) -> Rows:
    """Returns every row of one game under a new id and new links, its scores stored."""
    game_id = new_token()
    tokens = Tokens(new_token(), new_token(), new_token())
    state = _state(game)
    record = game_record(
        game_id,
        format_id=game.format,
        options=game.book.current.options,
        setup=game.setup,
        tokens=tokens,
        created_at=game.created_at,
        updated_at=game.updated_at,
        reopened=game.reopened,
        raises=game.raises,
    )
    running = scores.running_after(state)  # the head, as every hand's write stores it
    record.update(
        head=scores.head_json(state, running), hand_count=len(state.rows), ended_at=state.ended_at
    )
    sides, players = seat_records(game_id, game.setup)
    frozen = [
        frozen_row(
            game_id,
            from_hand=s.from_hand,
            source=s.source,
            source_id=s.source_id,
            options=s.options,
            document=s.document,
            stamp=stamp,
        )
        for s in game.book.segments
    ]
    hands = [
        {
            "game_id": game_id,
            "number": row.number,
            "entry": json.dumps(hand.as_dict(), ensure_ascii=False),
            "created_at": stamp,
            "updated_at": stamp,
            "result": scores.row_json(row),
        }
        for hand, row in zip(game.hands, state.rows, strict=True)
    ]
    mine = [
        {
            "browser_id": owner,
            "game_id": game_id,
            "role": "owner",
            "token": tokens.owner,
            "last_opened": stamp,
        }
    ]
    tables = {
        "games": [record],
        "game_rules": frozen,
        "sides": sides,
        "players": players,
        "hands": hands,
        "browser_games": mine if owner else [],
    }
    return Rows(game_id, tables)


def _with_figures(rows: Rows, game: Imported) -> Rows:
    """Returns a group game's rows with its figures, computed from the game in memory."""
    record = rows.tables["games"][0]
    state = _state(game)
    head = replace(state, rows=())
    running = scores.running_after(state)
    loaded = game_from(
        record,
        game.book,
        game.raises,
        game.setup,
        head,
        running,
        len(state.rows),
        lambda: Sheet(game.hands, state.rows, ()),
    )
    return replace(rows, figures=(loaded, figures_of(loaded)))


def _write(db: Database, prepared: Sequence[Rows]) -> None:
    """Writes the prepared rows, table by table, one executemany each; call inside write()."""
    for table in TABLES:
        insert_many(db, table, [r for rows in prepared for r in rows.tables[table]])


def import_games(
    db: Database,
    data: bytes | str,
    owner: str | None = None,
    max_bytes: int | None = None,
    max_hands: int | None = None,
) -> list[str]:
    """Checks an export file and saves every game in it in one transaction; returns new ids.

    The file's groups come too, with the owner as their member.
    """
    return import_document(
        db, data, owner=owner, member=owner, max_bytes=max_bytes, max_hands=max_hands
    )[0]


def import_document(
    db: Database,
    data: bytes | str,
    *,
    owner: str | None = None,
    member: str | None = None,
    max_bytes: int | None = None,
    demo: bool = False,
    max_hands: int | None = None,
) -> tuple[list[str], list[str]]:
    """Saves an export's games (owned by `owner`) and groups (`member` joins them), all or none.

    Returns the new game ids and the new group ids; `demo` marks the groups as deletable demos.
    """
    document = parse(data, max_bytes)
    games = check(document, max_hands)
    file_ids = [
        raw.get("id") if isinstance(raw.get("id"), str) else None for raw in document["games"]
    ]
    shapes = {
        file_id: [len(side.players) for side in game.setup.sides]
        for file_id, game in zip(file_ids, games, strict=True)
        if file_id is not None
    }
    try:
        groups = check_groups(document.get("groups"), shapes)
    except InvalidGroups as error:  # its template and params: each edge words it
        raise InvalidImport(error.message, **error.params) from None
    # Everything is checked, scored and made into rows before the write lock is taken: a
    # table saving a hand meanwhile waits only for the inserts, not for the engine.
    stamp = now()
    prepared = [_rows(game, owner, stamp) for game in games]
    in_groups = {game for group in groups for game, _seats in group.games}
    prepared = [
        _with_figures(rows, game) if file_id in in_groups else rows
        for rows, game, file_id in zip(prepared, games, file_ids, strict=True)
    ]
    ids = [rows.game_id for rows in prepared]
    new_ids = {f: new for f, new in zip(file_ids, ids, strict=True) if f is not None}
    with write(db):
        _write(db, prepared)
        group_ids = insert_groups(db, groups, new_ids, member, demo=demo)
        for rows in prepared:  # a group game's figures are stored now, not at its group's view
            if rows.figures is not None:
                store_figures(db, *rows.figures)
        return ids, group_ids
