"""An import file, read: its bounds, the JSON parsed safely, and each plain field checked.

Every bound is read when a function is called, so a test may set it here for one case.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import Any

from scorekeeper.basics import safe_json
from scorekeeper.engine.ending import MAX_TARGET, TargetRaise
from scorekeeper.rules.model import Rules
from scorekeeper.sentences.marked import N_
from scorekeeper.store.errors import StoreError
from scorekeeper.store.portable.export import KIND, VERSION
from scorekeeper.store.stamps import now

MAX_BYTES = 8 * 1024 * 1024
MAX_GAMES = 2_000
WEB_MAX_BYTES = 2 * 1024 * 1024  # a body sent in chunks; web imports up to this run side by side
MAX_FILE_HANDS = 3_000  # hands in one file, all games together: bounds the CPU per import
MAX_KEYS = 40 * MAX_FILE_HANDS + 400 * MAX_GAMES  # a hand has about 16 keys, rules about 300
# file > games > game > rules > segment > document > options > option > set > opening >
# tiers > tier: Modern American's "three_deals" sets {"opening": {"tiers": [...]}}, not
# "opening.tiers", so its games export twelve deep (the import refused them at 11).
MAX_DEPTH = 12
# The command line takes what `export` makes: a 2,000-game group exports as about 11 MB.
# Its owner imports their own file; the parse (about 10 bytes of memory per byte) bounds it.
CLI_MAX_BYTES = 48 * 1024 * 1024
CLI_MAX_HANDS = 100_000  # about half a minute of the engine's checking, outside the lock
# The web import takes the same, so whatever the app exports comes back through a browser
# too; files over WEB_MAX_BYTES are imported one at a time (web/games/portable.py).
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


def limits_for(max_bytes: int) -> safe_json.Limits:
    """Returns the JSON limits of a file of at most max_bytes."""
    # A larger file than the web's may hold keys in proportion (a key is at least "":0,).
    keys = max(MAX_KEYS, max_bytes // 5) if max_bytes > MAX_BYTES else MAX_KEYS
    return replace(LIMITS, max_bytes=max_bytes, max_keys=keys)


def too_large(max_bytes: int) -> InvalidImport:
    """Returns the refusal of a file over max_bytes."""
    return InvalidImport(N_("The file is larger than %(mb)s MB."), mb=max_bytes // (1024 * 1024))


def refusal(refused: safe_json.JsonRefused, max_bytes: int) -> InvalidImport:
    """Returns safe_json's refusal of a file as the import's, worded as an export's."""
    if refused.code == "too_large":
        return too_large(max_bytes)
    if refused.code in NOT_AN_EXPORT:
        return InvalidImport(NOT_AN_EXPORT[refused.code], **refused.params)
    return InvalidImport(refused.message)  # a JSON parser's own words


def parse(data: bytes | str, max_bytes: int | None = None) -> dict[str, Any]:
    """Reads an export file's bytes into a document; InvalidImport says what is wrong.

    `max_bytes` is MAX_BYTES unless given (the bounds are read when called, not defined).
    """
    max_bytes = MAX_BYTES if max_bytes is None else max_bytes
    if len(data) > max_bytes:
        raise too_large(max_bytes)
    try:  # size, depth and keys are counted in one linear pass before anything is parsed
        document = safe_json.loads(data, limits_for(max_bytes), what="The file")
    except safe_json.JsonRefused as refused:
        raise refusal(refused, max_bytes) from None
    if not isinstance(document, dict):
        raise not_an_export()
    games = document.get("games")
    check_top(document, len(games) if isinstance(games, list) else None)
    return document


def not_an_export() -> InvalidImport:
    """Returns the refusal of a file that is no export of this app."""
    return InvalidImport(
        N_('This is not a Canasta Scorekeeper export (no "kind": "%(kind)s").'), kind=KIND
    )


def check_top(document: Mapping[str, Any], games: int | None) -> None:
    """Checks an export's top-level fields and its count of games (None: "games" no list)."""
    if document.get("kind") != KIND:
        raise not_an_export()
    if document.get("version") != VERSION:
        raise InvalidImport(N_("Only export version %(version)s can be imported."), version=VERSION)
    if set(document) - TOP_KEYS:
        extra = sorted(set(document) - TOP_KEYS)
        raise InvalidImport(N_("Unknown field %(field)r in the file."), field=extra[0][:MAX_TEXT])
    if not games:
        raise InvalidImport(N_('The file has no games ("games" must be a list of games).'))
    if games > MAX_GAMES:
        raise InvalidImport(N_("One file holds at most %(most)s games."), most=MAX_GAMES)


# Every refusal of one game starts "Game %(game)s: ", where `game` is the game's place in
# the file and, when it has one, its id: "1 (k3J9x)". Field paths (sides[0].name) are code, so
# they are params too; engine and format problems ride as params and each edge words them.


def text_field(game: str, value: Any, name: str, limit: int = MAX_TEXT) -> str:
    if not isinstance(value, str) or not 1 <= len(value) <= limit:
        raise InvalidImport(
            N_("Game %(game)s: %(name)s must be text of 1 to %(limit)s characters."),
            game=game,
            name=name,
            limit=limit,
        )
    return value


def text_list(game: str, value: Any, name: str) -> list[str]:
    if not isinstance(value, list):
        raise InvalidImport(N_("Game %(game)s: %(name)s must be a list."), game=game, name=name)
    return [text_field(game, item, f"{name}[{i}]") for i, item in enumerate(value)]


def stamp_field(game: str, value: Any, name: str) -> str:
    if value is None:
        return now()
    try:
        stamp = datetime.fromisoformat(text_field(game, value, name))
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


def name_field(game: str, value: Any, name: str) -> str:
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


def target_raises(game: str, rules: Rules, hands: int, raw: Any) -> tuple[TargetRaise, ...]:
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


def side_list(game: str, raw: Any) -> list[tuple[str, list[str]]]:
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
            name_field(game, p, f"sides[{i}].players[{j}]") for j, p in enumerate(side["players"])
        ]
        sides.append((name_field(game, side["name"], f"sides[{i}].name"), players))
    return sides


def start_totals(game: str, raw: Any) -> dict[str, int]:
    if not isinstance(raw, dict):
        refused = N_("Game %(game)s: %(name)s must map side names to points.")
        raise InvalidImport(refused, game=game, name="start_totals")
    for key, value in raw.items():
        if isinstance(value, bool) or not isinstance(value, int):
            refused = N_("Game %(game)s: %(name)s must be whole points.")
            raise InvalidImport(refused, game=game, name=f"start_totals[{key[:MAX_TEXT]!r}]")
    return {k: v for k, v in raw.items() if v}
