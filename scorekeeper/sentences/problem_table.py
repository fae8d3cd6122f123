"""The one table from a problem's code to its sentence, English included: each written once.

The engine and the store produce codes and params only (`problem_codes.CODES`); every sentence
a reader sees about them is a template here, a gettext message that the catalogues translate.
`problem_texts` fills them in.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from scorekeeper.sentences.marked import N_, Np_


@dataclass(frozen=True)
class Template:
    """One sentence: its English text and, when it has one, its plural chosen by `count`."""

    text: str
    plural: str = ""
    count: str = ""  # the param whose number picks singular or plural


def _t(text: str) -> Template:
    return Template(text)


def _p(forms: tuple[str, str], count: str) -> Template:
    return Template(forms[0], forms[1], count)


_NAMES = {
    "side_name_blank": _t(N_("Enter the side's name.")),
    "player_name_blank": _t(N_("Enter the player's name.")),
    "name_too_long": _t(N_("Names are at most %(most)s characters.")),
    "name_surrogate": _t(N_("This name holds a broken character; type it again.")),
    "name_bidi": _t(N_("Names cannot hold invisible text-direction characters.")),
    "name_control": _t(N_("Names cannot hold control characters (like tabs or line breaks).")),
    "name_spaces": _t(N_("Names cannot start or end with spaces.")),
    "side_name_taken": _t(N_("Another side already has this name.")),
    "player_name_taken": _t(N_("Another player already has this name.")),
    "side_name_length": _t(N_("Side names are 1 to %(most)s characters.")),
    "group_name_blank": _t(N_("Give the group a name, like “Tuesday table”.")),
    "group_name_too_long": _t(N_("A group name has at most %(most)s characters.")),
    "group_player_taken": _t(
        N_("%(name)s is already a player of this group: merge the two instead.")
    ),
    "same_player": _t(N_("Choose two different players to merge.")),
    "same_game": _p(
        Np_(
            "%(name)s and %(other)s sat at the same table in %(games)s game, so they are two "
            "people: merging them would count that game twice.",
            "%(name)s and %(other)s sat at the same table in %(games)s games, so they are two "
            "people: merging them would count those games twice.",
        ),
        "games",
    ),
    "no_player": _t(N_("This group has no such player.")),
    "no_member": _t(N_("That phone is no longer a member of this group.")),
    "not_demo": _t(N_("Only a demo group can be deleted.")),
    "last_admin": _t(N_("Hand the admin role on to another member before leaving.")),
    "remove_self": _t(N_("Choose another member: to leave the group, use Leave the group.")),
    "founder": _t(N_("Nobody can remove the phone that made the group.")),
    "label_blank": _t(N_("Give the token a label, like “Club display”.")),
    "no_token": _t(N_("That API token was already revoked.")),
    "too_many_tokens": _t(N_("A group has at most %(most)s API tokens: revoke one first.")),
}
_SETUP = {
    "side_count": _p(
        Np_("%(format)s is played by %(sides)s side.", "%(format)s is played by %(sides)s sides."),
        "sides",
    ),
    "side_range": _t(N_("%(format)s is played by %(least)s to %(most)s sides.")),
    "player_count": _p(
        Np_(
            "This side of %(format)s has %(players)s player.",
            "This side of %(format)s has %(players)s players.",
        ),
        "players",
    ),
    "unknown_dealer": _t(N_("Choose who deals the first hand.")),
    "unknown_start_side": _t(N_("%(side)r is not a side here.")),
    "start_not_multiple_of_5": _t(
        N_("A starting total is a whole multiple of 5, like 1250 or -120.")
    ),
    "start_too_large": _t(N_("A starting total that large cannot be right.")),
    "start_below_target": _t(N_("A starting total must be below the target (%(target)s).")),
}
_READING = {
    "not_whole": _t(N_("%(label)s must be a whole number.")),
    "negative": _t(N_("%(label)s cannot be negative.")),
    "too_large": _t(N_("%(label)s of %(value)s is far more than a hand holds.")),
    "document_not_object": _t(N_("Expected one JSON object.")),
    "options_not_object": _t(N_("Options must map option names to true/false.")),
    "options_outside_format": _t(
        N_('Put options inside the format: {"base": ..., "options": [...]}.')
    ),
    "unknown_format": _t(N_("There is no format %(format)r.")),
    "unknown_option": _t(N_("%(format)s has no house option %(option)r.")),
    "clashing_options": _t(N_("House options %(first)r and %(second)r both set %(path)s.")),
    "hand_side_count": _p(
        Np_(
            "%(format)s has %(sides)s side; the hand gives %(given)s.",
            "%(format)s has %(sides)s sides; the hand gives %(given)s.",
        ),
        "sides",
    ),
    "hand_side_range": _t(
        N_("%(format)s has %(least)s to %(most)s sides; the hand gives %(given)s.")
    ),
    "totals_not_object": _t(N_("Totals must map each side to a number.")),
    "total_not_whole": _t(N_("A running total must be a whole number.")),
    "unknown_total_side": _t(N_("%(side)r is not a side of this hand.")),
    "bad_deal": _t(N_("The deal number must be 1 to %(most)s.")),
    "bad_deal_open": _t(N_("The deal number must be 1 or more.")),
    "hand_not_object": _t(N_("The hand must give an entry for each side.")),
    "entry_not_object": _t(N_("Each side's entry must be an object of fields.")),
    "canastas_not_object": _t(N_("Canastas must map each kind to a count.")),
    "unknown_field": _t(N_("%(format)s has no field %(key)r.")),
    "unknown_canasta": _t(N_("Unknown canasta kind %(kind)r (kinds: %(kinds)s).")),
    "bad_going_out": _t(N_("Going out must be no, out or concealed.")),
    "unknown_side": _t(N_("%(side)r is not a side of this game.")),
    "unknown_lone_hand": _t(N_("The lone hand %(side)r is not a player here.")),
    "missing_sides": _t(N_("No entry for %(missing)s.")),
    "no_lone_hand": _t(N_("%(format)s has no lone hand.")),
    "hand_field_not_allowed": _t(
        N_("A hand has no field %(key)r; the game sets format and totals.")
    ),
}
_HAND = {
    "not_multiple_of_5": _t(
        N_("%(label)s must be a multiple of 5 (every card is); got %(value)s.")
    ),
    "total_not_multiple_of_5": _t(N_("A running total is always a multiple of 5; got %(value)s.")),
    "more_than_pack": _t(
        N_("%(label)s of %(value)s is more than the whole %(pack)s-card pack holds (%(max)s).")
    ),
    "points_more_than_pack": _t(
        N_(
            "All sides together hold %(value)s card points, more than the %(pack)s-card pack's %(max)s."
        )
    ),
    "red_threes_more_than_pack": _t(N_("The pack has only %(max)s red threes; got %(value)s.")),
    "black_threes_more_than_pack": _t(N_("The pack has only %(max)s black threes; got %(value)s.")),
    "red_threes_in_pack": _t(
        N_("The pack has %(max)s red threes, but %(value)s were entered in all.")
    ),
    "black_threes_in_pack": _t(
        N_("The pack has %(max)s black threes, but %(value)s were entered in all.")
    ),
    "red_threes_not_scored": _t(N_("%(format)s scores no red threes.")),
    "black_threes_not_scored": _t(N_("%(format)s scores no black threes.")),
    "more_than_max": _t(N_("%(label)s: at most %(max)s, got %(value)s.")),
    "canasta_without_melds": _t(N_("A side with no melded points cannot have a canasta.")),
    "canastas_need_points": _p(
        Np_(
            "%(count)s canasta holds at least %(least)s points of cards, but melded points are %(melded)s.",
            "%(count)s canastas hold at least %(least)s points of cards, but melded points are %(melded)s.",
        ),
        "count",
    ),
    "kind_canastas_need_points": _p(
        Np_(
            "%(count)s %(kind)s holds at least %(least)s points of cards, but melded points are %(melded)s.",
            "%(count)s × %(kind)s hold at least %(least)s points of cards, but melded points are %(melded)s.",
        ),
        "count",
    ),
    "canastas_need_cards": _p(
        Np_(
            "%(count)s canasta needs at least %(cards)s cards; the pack has %(pack)s.",
            "%(count)s canastas need at least %(cards)s cards; the pack has %(pack)s.",
        ),
        "count",
    ),
    "all_canastas_need_cards": _p(
        Np_(
            "All sides together have %(count)s canasta: at least %(cards)s cards, but the pack has %(pack)s.",
            "All sides together have %(count)s canastas: at least %(cards)s cards, but the pack has %(pack)s.",
        ),
        "count",
    ),
    "out_without_melds": _t(N_("A side with no melds cannot go out.")),
    "out_needs_canastas": _p(
        Np_(
            "Going out needs %(needed)s canasta; this side has %(have)s.",
            "Going out needs %(needed)s canastas; this side has %(have)s.",
        ),
        "needed",
    ),
    "out_needs_kind": _t(N_("Going out needs at least %(needed)s × %(kind)s.")),
    "concealed_without_canasta": _t(
        N_("Going out concealed means melding a whole canasta at once.")
    ),
    "already_out": _t(N_("Only one side can go out; %(side)s already went out.")),
    "out_with_cards": _t(N_("A player who went out has no cards left in hand.")),
    "unknown_special_hand": _t(N_("Unknown special hand %(hand)r (hands: %(hands)s).")),
    "special_hand_with_melds": _t(
        N_("A side that lays down a special hand (%(label)s) has melded nothing else.")
    ),
    "hand_needs_points": _t(
        N_(
            "What the side holds in hand is at least %(least)s points of cards, but points in hand are %(hand)s."
        )
    ),
    "melds_need_points": _t(
        N_(
            "The side's canastas and unfinished melds hold at least %(least)s points of cards, but melded points are %(melded)s."
        )
    ),
    "out_with_unfinished": _t(N_("A side cannot go out with an unfinished meld (%(meld)s).")),
    "more_than_pack_holds": _t(
        N_("The pack has %(max)s × %(label)s, but this takes at least %(used)s in all.")
    ),
    "opening_short": _t(N_("%(side)s needed %(needed)s to open; %(melded)s melded — check?")),
    "opening_short_exceed": _t(
        N_("%(side)s needed more than %(needed)s to open; %(melded)s melded — check?")
    ),
    "red_threes_below_canastas": _t(
        N_(
            "To go out, a side usually lays down as many red threes as canastas "
            "(%(red_threes)s for %(canastas)s)."
        )
    ),
}
_END = {
    "start_at_target": _t(
        N_(
            "The starting total of %(side)s (%(total)s) is already at the target (%(target)s): "
            "the game would be over before the first hand."
        )
    ),
    "hand_after_end": _t(
        N_(
            "The game ended at hand %(ended_at)s, but hand %(first)s came after it; "
            "the app never plays on past the end without a raised target."
        )
    ),
    "hands_after_end": _t(
        N_(
            "The game ended at hand %(ended_at)s, but hands %(first)s–%(last)s came after it; "
            "the app never plays on past the end without a raised target."
        )
    ),
    "no_target": _t(N_("This format ends after a number of deals, not at a target.")),
    "not_over": _t(N_("The game is not over yet: there is no target to raise.")),
    "target_too_high": _t(N_("A target above %(most)s cannot be right.")),
    "target_too_low": _t(
        N_("The new target must be a multiple of 5 above %(lead)s: at least %(least)s.")
    ),
    "too_many_hands": _p(
        Np_(
            "A game holds at most %(most)s hand; start a new game to play on.",
            "A game holds at most %(most)s hands; start a new game to play on.",
        ),
        "most",
    ),
}
_STATUS = {
    "deal_of": _t(N_("Deal %(deal)s of %(deals)s.")),
    "first_to": _t(N_("First to %(target)s after a hand.")),
    "winner": _t(N_("Winner: %(winner)s, by %(margin)s.")),
    "draw": _t(N_("%(sides)s tie at %(total)s: the game is a draw.")),
    "tie_play_on": _t(N_("%(sides)s tie at %(total)s: play another hand.")),
}
_NEEDS = {
    "need_natural_canasta": _t(N_("a natural canasta")),
    "need_canasta_meld": _t(N_("a canasta in a meld of %(points)s")),
    "need_canasta": _t(N_("a canasta")),
    "need_any_meld": _t(N_("any meld")),
    "need_more_than": _t(N_("more than %(points)s")),
    "need_points": _t("%(points)s"),  # a bare number: nothing to translate
}
_FORMATS = {"format_problem": _t("%(problem)s")}  # its own sentence, worded by its template
_EVENTS = {
    "bad_format": _t("%(problem)s"),  # the format's own sentence, worded by its template
    "no_house_format": _t(N_("There is no such house format.")),
    "two_sides": _t(N_("An event's tables play two sides: choose a partnership format.")),
    "individual_pairs": _t(N_("Rotating partners needs a format played in pairs.")),
    "players_per_entrant": _t(N_("Each entrant needs %(count)s player names.")),
    "player_twice": _t(N_("%(name)s plays for two entrants.")),
    "player_named_twice": _t(N_("%(name)s is named twice: give each player once.")),
    "too_many_rounds": _p(
        Np_(
            "This movement plays at most %(most)s round with these entrants.",
            "This movement plays at most %(most)s rounds with these entrants.",
        ),
        "most",
    ),
    "event_date": _t(N_("Give the event's date as YYYY-MM-DD, a day of the calendar.")),
    "round_minutes": _t(N_("Give 0 to %(most)s minutes a round.")),
    "table_scores": _t(N_("Type both sides' scores as whole numbers, at most %(most)s each.")),
    "table_sides": _t(N_("This table has %(count)s sides: give a score for each.")),
    "three_handed_count": _t(
        N_("Tables of three cannot seat %(count)s players: choose sit-outs or tables of five.")
    ),
    "adjust_kind": _t(N_("Choose the average, a fixed award or the bye's award.")),
    "adjust_round": _t(N_("Choose a round that has started: 1 to %(most)s.")),
    "adjust_played": _t(N_("This entrant has a result that round: a table that counts, or a bye.")),
    "adjust_award": _t(
        N_("A fixed award is 0 to %(most)s victory points and a whole-number margin.")
    ),
    "too_many_deals": _t(N_("This format plays at most %(most)s deals.")),
    "entrant_taken": _t(N_("“%(name)s” is given twice: each entrant needs a name of its own.")),
    "entrant_name": _t(N_("Each entrant needs a name of its own, 1 to %(most)s letters.")),
    "player_name": _t(N_("Players are a list of names, 1 to %(most)s letters each.")),
    "table_refused": _t(
        N_(
            "Table %(table)s (%(sides)s) cannot start: %(problem)s Withdraw the entrant at "
            "fault, then start the round again."
        )
    ),
    "last_band_open": _t(N_('The last band has "up_to": null (any larger margin).')),
    "band_edge": _t(N_("Give each band but the last the largest margin it covers, 0 or more.")),
    "bands_ascending": _t(N_("Each band starts above the one before (%(after)s).")),
    "band_points": _t(N_("Victory points are whole numbers from 0 to %(most)s.")),
    "loser_above_winner": _t(N_("The loser cannot get more victory points than the winner.")),
    "card_unknown": _t(N_("That card does not open anything.")),
    "event_closed": _t(N_("The event is closed: nothing changes until its director reopens it.")),
    "round_moved_on": _t(
        N_(
            "The next round has started: this table takes no more hands. "
            "The director can still set its result."
        )
    ),
    "table_token_unknown": _t(N_("That token does not open any table.")),
    "hand_not_at_table": _t(N_("There is no such hand at this table.")),
    "hand_confirmed": _t(N_("This hand is already confirmed.")),
    "hand_disputed": _t(N_("This hand is disputed: the director resolves it.")),
    "hand_outside_sides": _t(
        N_("This hand was not saved from a side's card: the director confirms it.")
    ),
    "hand_other_side": _t(N_("The other side confirms a hand; a phone of theirs taps Confirm.")),
}
_SEASONS = {
    "season_score": _t(
        N_("Score a night by victory_points, average_victory_points or place_points.")
    ),
    "season_by": _t(N_('Count the season by "entrant" or by "player".')),
    "season_places": _t(
        N_("Give the points of each place, first place first: up to %(most)s whole numbers.")
    ),
    "season_count": _t(N_("Give a whole number of nights from 0 to %(most)s (best: from 1).")),
    "season_dates": _t(N_("Give two dates as YYYY-MM-DD, the first not after the second.")),
    "season_name": _t(N_("Give the season a name of 1 to %(most)s characters.")),
    "season_events": _t(N_("Choose only closed events of this group.")),
}
TEXTS: Mapping[str, Template] = {
    **_NAMES,
    **_SETUP,
    **_READING,
    **_HAND,
    **_END,
    **_STATUS,
    **_NEEDS,
    **_FORMATS,
    **_EVENTS,
    **_SEASONS,
}
