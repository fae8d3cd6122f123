"""The engine's problems in the reader's words, from each problem's code and parameters.

The engine writes an English sentence beside each code: English pages show it as it is. Every
other language words the problem here from its code, field and params, through the catalogue.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask_babel import gettext, ngettext

from scorekeeper import i18n, words
from scorekeeper.engine import MAX_NAME, Problem
from scorekeeper.engine.ending import EndProblem
from scorekeeper.format_checks import FormatProblem
from scorekeeper.store.end_words import explain
from scorekeeper.store.errors import StoreError

N = i18n.number


def _points_field(field: str) -> str:
    if field == "hand_points":
        return gettext("Points in hand")
    return gettext("Melded points")


def _pack(p: Mapping[str, Any], found: Problem) -> str:
    if p.get("all"):
        return gettext(
            "All sides together hold %(value)s card points, more than the %(pack)s-card pack's %(max)s.",
            value=N(p["value"]),
            pack=p["pack"],
            max=N(p["max"]),
        )
    if "pack" in p:
        return gettext(
            "%(field)s of %(value)s is more than the whole %(pack)s-card pack holds (%(max)s).",
            field=_points_field(found.field),
            value=N(p["value"]),
            pack=p["pack"],
            max=N(p["max"]),
        )
    if "label" in p:
        return gettext(
            "The pack has only %(max)s %(cards)s; got %(value)s.",
            max=N(p["max"]),
            cards=words.text(p["label"]),
            value=N(p["value"]),
        )
    cards = gettext("black threes") if p.get("card") == "black_three" else gettext("red threes")
    return gettext(
        "The pack has %(max)s %(cards)s, but %(value)s were entered in all.",
        max=N(p["max"]),
        cards=cards,
        value=N(p["value"]),
    )


def _multiple(p: Mapping[str, Any], found: Problem) -> str:
    if found.field == "totals_before":
        return gettext(
            "A running total is always a multiple of 5; got %(value)s.", value=p["value"]
        )
    return gettext(
        "%(field)s must be a multiple of 5 (every card is); got %(value)s.",
        field=_points_field(found.field),
        value=p["value"],
    )


def _name(found: Problem) -> str | None:
    """Returns a side's or player's name problem in words (engine/names.py and setup.py)."""
    p, code = found.params, found.code
    player = p.get("what") == "player"
    if code == "name-blank":
        return gettext("Enter the player's name.") if player else gettext("Enter the side's name.")
    if code == "name-taken":
        if player:
            return gettext("Another player already has this name.")
        return gettext("Another side already has this name.")
    simple = {
        "name-too-long": gettext("Names are at most %(most)s characters.", most=MAX_NAME),
        "name-surrogate": gettext("This name holds a broken character; type it again."),
        "name-bidi": gettext("Names cannot hold invisible text-direction characters."),
        "name-control": gettext("Names cannot hold control characters (like tabs or line breaks)."),
        "name-spaces": gettext("Names cannot start or end with spaces."),
    }
    return simple.get(code)


def _setup(found: Problem) -> str | None:
    """Returns a problem with a new game's starting totals or first dealer in words."""
    p, code = found.params, found.code
    if code == "unknown_dealer":
        return gettext("Choose who deals the first hand.")
    if not found.field.startswith("start_totals"):
        return None
    if code == "not_multiple_of_5":
        return gettext("A starting total is a whole multiple of 5, like 1250 or -120.")
    if code == "too_large":
        return gettext("A starting total that large cannot be right.")
    if code == "start_at_target":
        return gettext(
            "A starting total must be below the target (%(target)s).", target=N(p["target"])
        )
    return None


def _wording(found: Problem) -> str | None:
    """Returns the problem in the reader's words, or None for a code not worded here."""
    p, code = found.params, found.code
    if code.startswith("name-"):
        return _name(found)
    if found.field.startswith("start_totals") or code == "unknown_dealer":
        return _setup(found)
    if code == "more_than_pack":
        return _pack(p, found)
    if code == "not_multiple_of_5" and "value" in p:
        return _multiple(p, found)
    if code == "not_scored":
        cards = gettext("black threes") if found.field == "black_threes" else gettext("red threes")
        return gettext(
            "%(format)s scores no %(cards)s.", format=words.text(p["format"]), cards=cards
        )
    if code == "more_than_max":
        return gettext(
            "%(label)s: at most %(max)s, got %(value)s.",
            label=words.text(p["label"]),
            max=N(p["max"]),
            value=N(p["value"]),
        )
    if code == "canasta_without_melds":
        return gettext("A side with no melded points cannot have a canasta.")
    if code == "canastas_need_points":
        return gettext(
            "%(count)s canastas hold at least %(least)s points of cards, but melded points are %(melded)s.",
            count=p["canastas"],
            least=N(p["least"]),
            melded=N(p["melded"]),
        )
    if code == "out_without_melds":
        return gettext("A side with no melds cannot go out.")
    if code == "out_needs_canastas":
        return ngettext(
            "Going out needs %(num)s canasta; this side has %(have)s.",
            "Going out needs %(num)s canastas; this side has %(have)s.",
            p["needed"],
            have=p["have"],
        )
    if code == "out_needs_kind":
        return gettext(
            "Going out needs at least %(needed)s × %(kind)s.",
            needed=p["needed"],
            kind=words.text(p["label"]),
        )
    if code == "concealed_without_canasta":
        return gettext("Going out concealed means melding a whole canasta at once.")
    if code == "already_out":
        return gettext("Only one side can go out; %(side)s already went out.", side=p["side"])
    if code == "out_with_cards":
        return gettext("A player who went out has no cards left in hand.")
    if code == "red_threes_below_canastas":
        return gettext(
            "To go out, a side usually lays down as many red threes as canastas (%(threes)s for %(canastas)s).",
            threes=p["red_threes"],
            canastas=p["canastas"],
        )
    return None


def _after_end(p: Mapping[str, Any]) -> str:
    """Returns that hands were entered after the hand that ended the game, in the reader's words."""
    if p["first"] == p["last"]:
        return gettext(
            "The game ended at hand %(end)s, but hand %(first)s came after it; "
            "the app never plays on past the end without a raised target.",
            end=p["ended_at"],
            first=p["first"],
        )
    return gettext(
        "The game ended at hand %(end)s, but hands %(first)s–%(last)s came after it; "
        "the app never plays on past the end without a raised target.",
        end=p["ended_at"],
        first=p["first"],
        last=p["last"],
    )


def end(found: EndProblem) -> str:
    """Returns a problem with where a game ends or how it plays on, in the reader's words."""
    p = found.params
    if i18n.current() == i18n.DEFAULT_LOCALE:
        return explain(found)
    if found.code == "start_at_target":
        return gettext(
            "The starting total of %(side)s (%(total)s) is already at the target (%(target)s): "
            "the game would be over before the first hand.",
            side=p["side"],
            total=N(p["total"]),
            target=N(p["target"]),
        )
    if found.code == "hands_after_end":
        return _after_end(p)
    if found.code == "no_target":
        return gettext("This format ends after a number of deals, not at a target.")
    if found.code == "not_over":
        return gettext("The game is not over yet: there is no target to raise.")
    if found.code == "target_too_high":
        return gettext("A target above %(most)s cannot be right.", most=N(p["most"]))
    if found.code == "target_too_low":
        return gettext(
            "The new target must be a multiple of 5 above %(lead)s: at least %(least)s.",
            lead=N(p["lead"]),
            least=N(p["least"]),
        )
    return explain(found)


def problem(found: Problem) -> str:
    """Returns a problem in the reader's words: the engine's own sentence in English."""
    if i18n.current() == i18n.DEFAULT_LOCALE:
        return found.message
    worded = _wording(found) if found.code else None
    return found.message if worded is None else worded


def format_problem(found: FormatProblem) -> str:
    """Returns a format document's problem in the reader's words: its own sentence in English.

    A problem without a template (an unreadable file's own error text) keeps its sentence.
    """
    if i18n.current() == i18n.DEFAULT_LOCALE or not found.template:
        return found.message
    params = {
        key: N(value) if isinstance(value, int) and not isinstance(value, bool) else value
        for key, value in found.params.items()
    }
    return gettext(found.template) % params


def _param(value: Any) -> Any:
    """Returns one param of a store's refusal as the reader reads it, problems worded."""
    if isinstance(value, int) and not isinstance(value, bool):
        return i18n.number(value)
    if isinstance(value, Problem):
        return problem(value)
    if isinstance(value, EndProblem):
        return end(value)
    if isinstance(value, FormatProblem):
        return format_problem(value)
    return value


def store_error(error: StoreError) -> str:
    """Returns a store's refusal in the reader's language, its numbers written as they read."""
    params = {key: _param(value) for key, value in error.params.items()}
    return gettext(error.message, **params)
