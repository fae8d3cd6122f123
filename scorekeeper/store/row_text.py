"""A hand's stored JSON (its entry, its scored row), written as json.dumps writes it, faster.

An import writes thousands of these at once, and building each one's dicts for json.dumps
cost about as much as the engine's scoring of the hand. The text here is json.dumps's,
character for character (`tests/test_row_text.py` holds it to json.dumps over every preset's
hands and over generated ones): text through json's own escaping (kept for the names and
labels every row repeats), whole numbers as json writes them. A value of any other type
(never made by the engine) sends the whole row the old way: its dicts through json.dumps.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from json.encoder import encode_basestring  # json.dumps's escaping when ensure_ascii=False
from typing import Any, NoReturn

from scorekeeper.engine import Hand, Item, OpeningNeed, Row, SideEntry

UNREAD = "unread"  # in a hand's `result`: its entry has problems under its rules (row_json)

_COMPACT = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), check_circular=False)
_SPACED = json.JSONEncoder(ensure_ascii=False, check_circular=False)
_WRITTEN: dict[str, str] = {}  # text as JSON: side names and item labels recur in every row
_known = _WRITTEN.get


class _NotPlain(Exception):
    """A value the fast writer does not write: the row goes through json.dumps instead."""


def _odd() -> NoReturn:
    raise _NotPlain


def _new(text: Any) -> str:
    """Returns a text as JSON, kept for the rows to come (a bounded room)."""
    if type(text) is not str:
        raise _NotPlain
    if len(_WRITTEN) > 4_096:
        _WRITTEN.clear()
    written = _WRITTEN[text] = encode_basestring(text)
    return written


def _need(need: OpeningNeed | None) -> str:
    if need is None:
        return "null"
    points, needs, exceed = need.points, need.needs, need.must_exceed
    points_ = points if type(points) is int else _odd()
    exceed_ = "true" if exceed is True else "false" if exceed is False else _odd()
    return f"[{points_},{_known(needs) or _new(needs)},{exceed_}]"


def _item(item: Item) -> str:
    points, count, reason = item.points, item.count, item.reason
    text = (
        f'{{"item":{_known(item.key) or _new(item.key)},'
        f'"label":{_known(item.label) or _new(item.label)},'
        f'"points":{points if type(points) is int else _odd()}'
    )
    if count is not None:
        text += f',"count":{count if type(count) is int else _odd()}'
    if reason:
        text += f',"reason":{_known(reason) or _new(reason)}'
    return text + "}"


def _row(row: Row, unread: bool) -> str:
    return (
        ('{"unread":true,' if unread else "{")
        + _placing(row)
        + f'"minimums":{{{_minimums(row)}}},"scores":{{{_scores(row)}}},'
        + f'"totals":{{{_totals(row)}}}}}'
    )


def _placing(row: Row) -> str:
    """Returns the row's dealer, who sat out, who played alone and whether it came after the end."""
    away, lone, after = row.sitting_out, row.lone_hand, row.after_end
    return (
        f'"dealer":{_known(row.dealer) or _new(row.dealer)},'
        + f'"sitting_out":{"null" if away is None else _known(away) or _new(away)},'
        + f'"lone_hand":{"null" if lone is None else _known(lone) or _new(lone)},'
        + f'"after_end":{"true" if after is True else "false" if after is False else _odd()},'
    )


def _minimums(row: Row) -> str:
    return ",".join([f"{_known(k) or _new(k)}:{_need(n)}" for k, n in row.minimums.items()])


def _scores(row: Row) -> str:
    return ",".join(
        [
            f"{_known(k) or _new(k)}:[{s.score if type(s.score) is int else _odd()},"
            f"[{','.join([_item(i) for i in s.items])}]]"
            for k, s in row.scores.items()
        ]
    )


def _totals(row: Row) -> str:
    return ",".join(
        [f"{_known(k) or _new(k)}:{v if type(v) is int else _odd()}" for k, v in row.totals.items()]
    )


def _row_dict(row: Row, unread: bool) -> dict[str, Any]:
    """Returns the row as the dicts json.dumps writes (the way every row went before)."""
    need = {
        k: None if n is None else [n.points, n.needs, n.must_exceed]
        for k, n in row.minimums.items()
    }
    return {
        **({UNREAD: True} if unread else {}),
        "dealer": row.dealer,
        "sitting_out": row.sitting_out,
        "lone_hand": row.lone_hand,
        "after_end": row.after_end,
        "minimums": need,
        "scores": {k: [s.score, [i.as_dict() for i in s.items]] for k, s in row.scores.items()},
        "totals": dict(row.totals),
    }


def row_json(row: Row, unread: bool = False) -> str:
    """Returns a scored row as the JSON kept in its hand's `result` (see scores.row_json)."""
    try:
        return _row(row, unread)
    except (_NotPlain, TypeError):  # TypeError: a value no dict may hold as a key
        return _COMPACT.encode(_row_dict(row, unread))


_FIXED = {"melded_points", "hand_points", "red_threes", "canastas", "went_out"}
_FIXED |= {"black_threes", "special_hand"}


def _counts(counts: Mapping[str, int]) -> str:
    return ", ".join(
        [f"{_known(k) or _new(k)}: {v if type(v) is int else _odd()}" for k, v in counts.items()]
    )


def _side(entry: SideEntry) -> str:
    """Returns one column's entry as json.dumps writes SideEntry.as_dict (default spacing)."""
    if not _FIXED.isdisjoint(entry.extras):  # an extra named like a fixed field: as_dict's way
        raise _NotPlain
    melded, held, reds, out = (
        entry.melded_points,
        entry.hand_points,
        entry.red_threes,
        entry.went_out,
    )
    text = (
        f'{{"melded_points": {melded if type(melded) is int else _odd()}, '
        f'"hand_points": {held if type(held) is int else _odd()}, '
        f'"red_threes": {reds if type(reds) is int else _odd()}, '
        f'"canastas": {{{_counts(entry.canastas)}}}, '
        f'"went_out": {_known(out) or _new(out)}'
    )
    if blacks := entry.black_threes:
        text += f', "black_threes": {blacks if type(blacks) is int else _odd()}'
    if entry.extras:
        text += ", " + _counts(entry.extras)
    if special := entry.special_hand:
        text += f', "special_hand": {_known(special) or _new(special)}'
    return text + "}"


def entry_json(hand: Hand) -> str:
    """Returns a hand's entry as the JSON kept in its `entry`: json.dumps of Hand.as_dict."""
    try:
        sides = ", ".join([f"{_known(k) or _new(k)}: {_side(e)}" for k, e in hand.entries.items()])
        lone = hand.lone_hand
        lone_ = "" if lone is None else f', "lone_hand": {_known(lone) or _new(lone)}'
    except (_NotPlain, TypeError):
        return _SPACED.encode(hand.as_dict())
    return f'{{"hand": {{{sides}}}{lone_}}}'
