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
    if "label" in p:  # threes on one side: the words inside a sentence, not the field's label
        return gettext(
            "The pack has only %(max)s %(cards)s; got %(value)s.",
            max=N(p["max"]),
            cards=_threes(found.field),
            value=N(p["value"]),
        )
    return gettext(
        "The pack has %(max)s %(cards)s, but %(value)s were entered in all.",
        max=N(p["max"]),
        cards=_threes("black_threes" if p.get("card") == "black_three" else "red_threes"),
        value=N(p["value"]),
    )


def _threes(field: str) -> str:
    """Returns red or black threes as a sentence says them (German: "rote Dreien")."""
    return gettext("black threes") if field == "black_threes" else gettext("red threes")


def _canastas_need_cards(p: Mapping[str, Any]) -> str:
    """Returns that more canastas were entered than the pack has cards for, seven each."""
    numbers = {"count": N(p["canastas"]), "cards": N(p["cards"]), "pack": N(p["pack"])}
    if p.get("all"):
        return ngettext(
            "All sides together have %(count)s canasta: at least %(cards)s cards, but the pack has %(pack)s.",
            "All sides together have %(count)s canastas: at least %(cards)s cards, but the pack has %(pack)s.",
            p["canastas"],
            **numbers,
        )
    return ngettext(
        "%(count)s canasta needs at least %(cards)s cards; the pack has %(pack)s.",
        "%(count)s canastas need at least %(cards)s cards; the pack has %(pack)s.",
        p["canastas"],
        **numbers,
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
    if code == "unknown_side":
        return gettext("%(side)r is not a side here.", side=p["side"])
    if code == "not_multiple_of_5":
        return gettext("A starting total is a whole multiple of 5, like 1250 or -120.")
    if code == "too_large":
        return gettext("A starting total that large cannot be right.")
    if code == "start_at_target":
        return gettext(
            "A starting total must be below the target (%(target)s).", target=N(p["target"])
        )
    return None


def _table(found: Problem) -> str:
    """Returns a problem with a new game's sides or their players in words (setup.py)."""
    p, code = found.params, found.code
    name = words.text(p["format"])
    if code == "side_count" and p["min"] == p["max"]:
        return ngettext(
            "%(format)s is played by %(num)s side.",
            "%(format)s is played by %(num)s sides.",
            p["min"],
            format=name,
        )
    if code == "side_count":
        return gettext(
            "%(format)s is played by %(least)s to %(most)s sides.",
            format=name,
            least=p["min"],
            most=p["max"],
        )
    return ngettext(
        "This side of %(format)s has %(num)s player.",
        "This side of %(format)s has %(num)s players.",
        p["players"],
        format=name,
    )


def _entry_field(found: Problem) -> str:
    """Returns the name of a hand's number field in the reader's words."""
    if found.field in ("melded_points", "hand_points"):
        return _points_field(found.field)
    return words.text(found.params["label"])  # a preset's own label: threes, a canasta, extras


def _number(found: Problem) -> str:
    """Returns why a number of a hand's entry cannot be read, in words (engine/hand.py)."""
    label = _entry_field(found)
    if found.code == "not_whole":
        return gettext("%(label)s must be a whole number.", label=label)
    if found.code == "negative":
        return gettext("%(label)s cannot be negative.", label=label)
    return gettext(
        "%(label)s of %(value)s is far more than a hand holds.",
        label=label,
        value=N(found.params["value"]),
    )


def _shape(found: Problem) -> str | None:
    """Returns why a hand's entry is not the shape of one, in words (engine/hand.py)."""
    # One code, three places: the hand, one side's entry in it, and that entry's canastas.
    if found.field == "canastas":
        return gettext("Canastas must map each kind to a count.")
    if found.field == "hand" and found.side is None:
        return gettext("The hand must give an entry for each side.")
    if found.field == "hand":
        return gettext("Each side's entry must be an object of fields.")
    return None


def _unknown_side(found: Problem) -> str | None:
    """Returns that a hand names a side or lone hand the game does not have, in words."""
    if found.field == "hand":
        return gettext("%(side)r is not a side of this game.", side=found.params["side"])
    if found.field == "lone_hand":
        return gettext("The lone hand %(side)r is not a player here.", side=found.params["side"])
    return None


def _reading(found: Problem) -> str | None:
    """Returns a problem with how a hand was written (engine/hand.py) in words."""
    p, code = found.params, found.code
    # `scorekeeper score` reads running totals too: their problems carry no label.
    if code in ("not_whole", "negative", "too_large") and "label" in p:
        return _number(found)
    if code == "not_object":
        return _shape(found)
    if code == "unknown_side":
        return _unknown_side(found)
    if code == "unknown_field":
        return gettext(
            "%(format)s has no field %(key)r.", format=words.text(p["format"]), key=p["key"]
        )
    if code == "unknown_canasta":
        kinds = ", ".join(p["kinds"]) or gettext("none")  # ids, as the file writes them
        return gettext(
            "Unknown canasta kind %(kind)r (kinds: %(kinds)s).", kind=p["kind"], kinds=kinds
        )
    if code == "missing_sides":
        return gettext("No entry for %(sides)s.", sides=", ".join(map(repr, p["sides"])))
    if code == "bad_going_out":
        return gettext("Going out must be no, out or concealed.")
    if code == "no_lone_hand":
        return gettext("%(format)s has no lone hand.", format=words.text(p["format"]))
    return None


def opening_short(p: Mapping[str, Any], side: str | None) -> str:
    """Returns the warning that a side melded less than it needed to open, in words."""
    # The hand page says it in every language (notes.warning), problem() in all but English.
    needed = N(p["needed"])
    if p.get("must_exceed"):
        needed = gettext("more than %(points)s", points=needed)
    return gettext(
        "%(side)s needed %(needed)s to open; %(melded)s melded — check?",
        side=side,
        needed=needed,
        melded=N(p["melded"]),
    )


def _group_name(found: Problem) -> str | None:
    """Returns a group name's problem in words: an import file's group names ride as problems."""
    if found.code == "group-name-blank":
        return gettext("Give the group a name, like “Tuesday table”.")
    if found.code == "group-name-too-long":
        most = found.params["most"]
        return gettext("A group name has at most %(most)s characters.", most=most)
    return None


def _modern_american(found: Problem) -> str | None:
    """Returns the problems of special hands, penalties and scarce cards (MAC) in words."""
    p, code = found.params, found.code
    if code == "unknown_special_hand":
        return gettext(
            "Unknown special hand %(hand)r (hands: %(hands)s).",
            hand=p["hand"],
            hands=", ".join(p["hands"]),
        )
    if code == "special_hand_with_melds":
        return gettext(
            "A side that lays down a special hand (%(hand)s) has melded nothing else.",
            hand=words.text(p["label"]),
        )
    if code == "hand_needs_points":
        return gettext(
            "What the side holds in hand is at least %(least)s points of cards, but points in hand are %(hand)s.",
            least=N(p["least"]),
            hand=N(p["hand"]),
        )
    if code == "melds_need_points":
        return gettext(
            "The side's canastas and unfinished melds hold at least %(least)s points of cards, but melded points are %(melded)s.",
            least=N(p["least"]),
            melded=N(p["melded"]),
        )
    if code == "out_with_unfinished":
        return gettext(
            "A side cannot go out with an unfinished meld (%(meld)s).",
            meld=words.text(p["label"]),
        )
    if code == "more_than_pack_holds":
        cards = gettext("Wild cards") if p["card"] == "wild" else words.text(p["label"])
        return gettext(
            "The pack has %(max)s × %(cards)s, but this takes at least %(used)s in all.",
            max=N(p["max"]),
            cards=cards,
            used=N(p["used"]),
        )
    return None


def _wording(found: Problem) -> str | None:
    """Returns the problem in the reader's words, or None for a code not worded here."""
    p, code = found.params, found.code
    if code.startswith("name-"):
        return _name(found)
    if code.startswith("group-name-"):
        return _group_name(found)
    if found.field.startswith("start_totals") or code == "unknown_dealer":
        return _setup(found)
    if code in ("side_count", "player_count") and "format" in p:
        return _table(found)
    if (reading := _reading(found)) is not None:
        return reading
    if code == "opening_short":
        return opening_short(p, found.side)
    if code == "more_than_pack":
        return _pack(p, found)
    if code == "not_multiple_of_5" and "value" in p:
        return _multiple(p, found)
    if code == "not_scored":
        return gettext(
            "%(format)s scores no %(cards)s.",
            format=words.text(p["format"]),
            cards=_threes(found.field),
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
        return ngettext(
            "%(count)s canasta holds at least %(least)s points of cards, but melded points are %(melded)s.",
            "%(count)s canastas hold at least %(least)s points of cards, but melded points are %(melded)s.",
            p["canastas"],
            count=N(p["canastas"]),
            least=N(p["least"]),
            melded=N(p["melded"]),
        )
    if code == "canastas_need_cards":
        return _canastas_need_cards(p)
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
    if code == "too_many_hands":  # the store's limit on hands per game, not the engine's
        return ngettext(
            "A game holds at most %(most)s hand; start a new game to play on.",
            "A game holds at most %(most)s hands; start a new game to play on.",
            p["most"],
            most=N(p["most"]),
        )
    if (mac := _modern_american(found)) is not None:
        return mac
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
