"""Every problem code the engine and the store produce, with the params its sentence needs.

Codes are snake_case, one sentence each: a problem is its code and these params, nothing
else; `problem_table.TEXTS` holds the sentence (tests/test_problem_texts.py checks both agree).
A problem may carry more params than its sentence names (ids a client or a layer reads).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

_NAMES = {
    "side_name_blank": (),
    "player_name_blank": (),
    "name_too_long": ("most",),
    "name_surrogate": (),
    "name_bidi": (),
    "name_control": (),
    "name_spaces": (),
    "side_name_taken": (),
    "player_name_taken": (),
    "side_name_length": ("most",),  # `scorekeeper score`'s side keys
    "group_name_blank": (),
    "group_name_too_long": ("most",),
    "group_player_taken": ("name",),
    "same_player": (),
    "same_game": ("name", "other", "games"),
    "no_player": (),
    "no_member": (),
    "not_demo": (),
    "last_admin": (),
    "remove_self": (),
    "founder": (),
    "label_blank": (),
    "no_token": (),
    "too_many_tokens": ("most",),
}
_SETUP = {
    "side_count": ("format", "sides"),
    "side_range": ("format", "least", "most"),
    "player_count": ("format", "players"),
    "unknown_dealer": (),
    "unknown_start_side": ("side",),
    "start_not_multiple_of_5": (),
    "start_too_large": (),
    "start_below_target": ("target",),
}
_READING = {
    "not_whole": ("label",),
    "negative": ("label",),
    "too_large": ("label", "value"),
    "document_not_object": (),
    "options_not_object": (),
    "options_outside_format": (),
    "unknown_format": ("format",),
    "unknown_option": ("format", "option"),
    "clashing_options": ("first", "second", "path"),
    "hand_side_count": ("format", "sides", "given"),
    "hand_side_range": ("format", "least", "most", "given"),
    "totals_not_object": (),
    "total_not_whole": (),
    "unknown_total_side": ("side",),
    "bad_deal": ("most",),
    "bad_deal_open": (),
    "hand_not_object": (),
    "entry_not_object": (),
    "canastas_not_object": (),
    "unknown_field": ("format", "key"),
    "unknown_canasta": ("kind", "kinds"),
    "bad_going_out": (),
    "unknown_side": ("side",),
    "unknown_lone_hand": ("side",),
    "missing_sides": ("missing",),
    "no_lone_hand": ("format",),
    "hand_field_not_allowed": ("key",),  # the API's hand body: format and totals are the game's
}
_HAND = {
    "not_multiple_of_5": ("label", "value"),
    "total_not_multiple_of_5": ("value",),
    "more_than_pack": ("label", "value", "pack", "max"),
    "points_more_than_pack": ("value", "pack", "max"),
    "red_threes_more_than_pack": ("max", "value"),
    "black_threes_more_than_pack": ("max", "value"),
    "red_threes_in_pack": ("max", "value"),
    "black_threes_in_pack": ("max", "value"),
    "red_threes_not_scored": ("format",),
    "black_threes_not_scored": ("format",),
    "more_than_max": ("label", "max", "value"),
    "canasta_without_melds": (),
    "canastas_need_points": ("count", "least", "melded"),
    "kind_canastas_need_points": ("count", "kind", "least", "melded"),
    "canastas_need_cards": ("count", "cards", "pack"),
    "all_canastas_need_cards": ("count", "cards", "pack"),
    "out_without_melds": (),
    "out_needs_canastas": ("needed", "have"),
    "out_needs_kind": ("needed", "kind"),
    "concealed_without_canasta": (),
    "already_out": ("side",),
    "out_with_cards": (),
    # Modern American: special hands, penalties that block going out, scarce cards.
    "unknown_special_hand": ("hand", "hands"),
    "special_hand_with_melds": ("label",),
    "hand_needs_points": ("least", "hand"),
    "melds_need_points": ("least", "melded"),
    "out_with_unfinished": ("meld",),
    "more_than_pack_holds": ("max", "label", "used"),
    # Warnings: the hand is saved all the same.
    "opening_short": ("side", "needed", "melded"),
    "opening_short_exceed": ("side", "needed", "melded"),
    "red_threes_below_canastas": ("red_threes", "canastas"),
}
_END = {
    "start_at_target": ("side", "total", "target"),
    "hand_after_end": ("ended_at", "first"),
    "hands_after_end": ("ended_at", "first", "last"),
    "no_target": (),
    "not_over": (),
    "target_too_high": ("most",),
    "target_too_low": ("lead", "least"),
    "too_many_hands": ("most",),  # the store's limit, the same as import's
}
# A game's status after its last hand: not a problem, but the engine's words all the same.
_STATUS = {
    "deal_of": ("deal", "deals"),
    "first_to": ("target",),
    "winner": ("winner", "margin"),
    "draw": ("sides", "total"),
    "tie_play_on": ("sides", "total"),
}
# What a side's first meld must hold (engine.OpeningNeed), as the sheet and the contract say it.
_NEEDS = {
    "need_natural_canasta": (),
    "need_canasta_meld": ("points",),
    "need_canasta": (),
    "need_any_meld": (),
    "need_more_than": ("points",),
    "need_points": ("points",),
}
# A format document of an inline format that cannot be played: its own sentence, within.
_FORMATS = {"format_problem": ("problem",)}
# A club night (the store's checks of a new event, a late entrant; the pure VP bands).
_EVENTS = {
    "bad_format": ("problem",),  # a format document's own problem, worded by its template
    "no_house_format": (),
    "two_sides": (),
    "individual_pairs": (),
    "players_per_entrant": ("count",),
    "player_twice": ("name",),
    "player_named_twice": ("name",),
    "too_many_rounds": ("most",),
    "round_minutes": ("most",),
    "table_scores": ("most",),
    "table_sides": ("count",),
    "three_handed_count": ("count",),
    "adjust_kind": (),
    "adjust_round": ("most",),
    "adjust_played": (),
    "adjust_award": ("most",),
    "too_many_deals": ("most",),
    "event_date": (),
    "entrant_taken": ("name",),
    "entrant_name": ("most",),
    "player_name": ("most",),
    "table_refused": ("table", "sides", "problem"),  # a round's game its entrants cannot make
    "last_band_open": (),
    "band_edge": (),
    "bands_ascending": ("after",),
    "band_points": ("most",),
    "loser_above_winner": (),
    # A club night's refusals at the table (store: cards, confirmation, a closed event).
    "card_unknown": (),
    "event_closed": (),
    "round_moved_on": (),
    "table_token_unknown": (),
    "hand_not_at_table": (),
    "hand_confirmed": (),
    "hand_disputed": (),
    "hand_outside_sides": (),
    "hand_other_side": (),
}
# A season across nights (the pure rule's checks, the store's dates and nights).
_SEASONS = {
    "season_score": (),
    "season_by": (),
    "season_places": ("most",),
    "season_count": ("most",),
    "season_dates": (),
    "season_name": ("most",),
    "season_events": (),
}
CODES: Mapping[str, tuple[str, ...]] = {
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


class UnknownCode(ValueError):
    """A problem made with a code nobody declared, or without a param its sentence needs."""


def check(code: str, params: Mapping[str, Any]) -> None:
    """Raises UnknownCode unless `code` is declared and `params` hold every param it needs."""
    wanted = CODES.get(code)
    if wanted is None:
        raise UnknownCode(f"undeclared problem code {code!r}")
    missing = [name for name in wanted if name not in params]
    if missing:
        raise UnknownCode(f"problem {code!r} lacks {missing}")
