"""The format model: every rule of one format as frozen dataclasses, and the choices a document may make."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from types import MappingProxyType
from typing import Any

from scorekeeper.rules.checks import FormatProblem
from scorekeeper.sentences.marked import N_

GOING_OUT_CHOICES = ("no", "out", "concealed")
RED_THREE_SIGN_RULES = {
    # rule name -> canastas a side needs for its threes to count plus (0: any meld will do)
    "no_meld": 0,
    "no_canasta": 1,
    "under_two_canastas": 2,
}
# The codes a document may choose between, by key: the loader refuses any other, and the
# house format editor offers these as a list, each in words (web/house/house_words.py).
CHOICES: dict[str, tuple[str, ...]] = {
    "by": ("score", "deal", "none"),
    "needs": ("", "canasta", "natural_canasta"),
    "minus_when": (*RED_THREE_SIGN_RULES, "never"),
    "when": ("always", "someone_out", "other_side_out"),
    "partnership": ("fixed", "lone_hand"),
    "tie": ("another_hand", "draw"),
    "zero_when": ("", *RED_THREE_SIGN_RULES),
    "holds": ("", "melded", "hand"),
}
WILD = "wild"  # in `uses`: every card class marked wild together (jokers and deuces)
WILD_LABEL = N_("Wild cards")  # WILD's label in a problem: no card class is named so
CORE_SIDE_FIELDS = frozenset(
    {"melded_points", "hand_points", "red_threes", "black_threes", "canastas", "went_out"}
    | {"special_hand"}
)


class FormatChoiceError(KeyError):
    """A format or house options that cannot be chosen; `code` says which, `message` why."""

    def __init__(self, code: str, message: str, **params: str) -> None:
        super().__init__(message)
        self.code = code  # unknown_format, unknown_option or clashing_options
        self.message = message
        self.params = params  # the ids the message names, for a layer that words it itself

    def __str__(self) -> str:
        return self.message  # KeyError's own str() quotes the message


class PresetError(ValueError):
    """A format document is malformed; the message names the file and the field."""

    def __init__(self, message: str, problems: Iterable[FormatProblem] = ()) -> None:
        super().__init__(message)
        self.problems = list(problems) or [FormatProblem("", "invalid", message)]


@dataclass(frozen=True)
class CardClass:
    """A class of cards with the same point value, as counted at the table."""

    id: str
    label: str
    count: int
    melded: int | None  # None: worth the card it stands for (Oklahoma's deuces)
    in_hand: int
    wild: bool = False  # counts toward WILD in a canasta's or penalty's `uses`


@dataclass(frozen=True)
class CanastaKind:
    """A kind of canasta or special meld, with its bonus and the fewest points it can hold."""

    id: str
    label: str
    bonus: int
    min_points: int
    help: str = ""
    # The scarce cards one such canasta takes from the pack (MAC: a sevens canasta takes 7 of
    # the 8 sevens), by card class id or WILD; the whole deal's use is checked against the pack.
    uses: Mapping[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class OpeningTier:
    """One band of the opening-minimum table; `below` is the band's exclusive upper score."""

    points: int
    below: int | None = None
    needs: str = ""  # "", "canasta" or "natural_canasta" (Brazilian)


@dataclass(frozen=True)
class Opening:
    """How the opening minimum is found: by cumulative score, by deal number, or not at all."""

    by: str  # "score", "deal" or "none"
    tiers: tuple[OpeningTier, ...] = ()
    must_exceed: bool = False
    help: str = ""  # what the opening must hold besides points (MAC's clean triple): a note only


@dataclass(frozen=True)
class Threes:
    """Red threes (or Cuban black threes): their value by count and when they count minus."""

    label: str
    max: int
    scale: tuple[int, ...]  # total value for 1, 2, 3 ... threes held by one owner
    minus_when: str  # a key of RED_THREE_SIGN_RULES, or "never"
    # Counted as 0 (neither plus nor minus) when the side, past minus_when, still falls short of
    # this rule (MAC: threes are worth nothing with exactly one canasta); "" never.
    zero_when: str = ""

    def value(self, count: int) -> int:
        """Returns the unsigned value of `count` threes held by one owner."""
        return self.scale[count - 1] if count else 0


@dataclass(frozen=True)
class Extra:
    """A per-side counted item worth fixed points each: a penalty or a format's special card."""

    id: str
    label: str
    points: int
    max: int
    when: str = "always"  # "always", "someone_out" or "other_side_out"
    help: str = ""
    card: str = ""  # the card it counts ("red_three" or a card class id), capped by the pack
    holds: str = ""  # "melded" or "hand": where each one's cards are counted (MAC penalties)
    min_points: int = 0  # the fewest card points each one holds there (three aces: 60)
    blocks_going_out: bool = False  # an unfinished meld that forbids going out (MAC)
    uses: Mapping[str, int] = field(default_factory=dict)  # scarce cards each takes, as canastas

    @property
    def personal(self) -> bool:
        """Tells whether it belongs to its holder alone, as red threes do in cutthroat."""
        return self.card == "red_three"


@dataclass(frozen=True)
class SpecialHand:
    """A hand laid down whole by a side that has not melded; its value replaces the side's score."""

    id: str
    label: str
    points: int
    help: str = ""
    source: str = ""


@dataclass(frozen=True)
class GoingOut:
    """The going-out bonuses and what a side needs before it may go out."""

    bonus: int
    concealed_bonus: int
    canastas: int
    requires: Mapping[str, int] = field(default_factory=dict)
    red_threes_match_canastas: bool = False  # Mexicana: advisory only


@dataclass(frozen=True)
class Table:
    """Who plays: players per side in seating order, and how partnerships form."""

    players_per_side: tuple[int, ...]
    min_sides: int
    max_sides: int
    partnership: str  # "fixed" or "lone_hand" (cutthroat)
    seats_per_side: int | None = None  # Five-hand: 2 of the side of 3 play each hand
    seating: str = ""
    hand_label: str = "Points left in hands"  # where unmelded cards wait: Hand and Foot's foot too

    @property
    def individual(self) -> bool:
        """Tells whether every score column is one player."""
        return all(n == 1 for n in self.players_per_side)


@dataclass(frozen=True)
class Ending:
    """When the game ends and what a tie for the lead means."""

    target: int | None
    deals: int | None
    tie: str  # "another_hand" or "draw"
    winner_bonus: int = 0


@dataclass(frozen=True)
class Option:
    """A named house rule that patches the preset's data."""

    id: str
    label: str
    description: str
    source: str
    changes: Mapping[str, Any]


@dataclass(frozen=True)
class Rules:
    """Everything the engine needs to score one format, with house options applied."""

    id: str
    name: str
    description: str
    pack: int
    table: Table
    cards: tuple[CardClass, ...]
    canastas: tuple[CanastaKind, ...]
    opening: Opening
    red_threes: Threes | None
    black_threes: Threes | None
    going_out: GoingOut
    extras: tuple[Extra, ...]
    ending: Ending
    options: tuple[Option, ...]
    active_options: tuple[str, ...] = ()
    special_hands: tuple[SpecialHand, ...] = ()
    # The sign rule under which a side's melded cards count minus (MAC: "no_canasta"): a key
    # of RED_THREE_SIGN_RULES, or "never" for every format where melds always count plus.
    melded_minus_when: str = "never"

    @cached_property  # the engine reads these for every entry: once per Rules, not per hand
    def entry_fields(self) -> frozenset[str]:
        """Returns the fields a hand's column may hold under these rules."""
        known = {"melded_points", "hand_points", "red_threes", "canastas", "went_out"}
        known |= {"black_threes"} if self.black_threes else set()
        known |= {e.id for e in self.extras}
        known |= {"special_hand"} if self.special_hands else set()
        return frozenset(known)

    @cached_property
    def extra_ids(self) -> frozenset[str]:
        """Returns the ids of the extras a hand's column may count under these rules."""
        return frozenset(e.id for e in self.extras)

    @cached_property
    def canasta_kinds(self) -> Mapping[str, CanastaKind]:
        """Returns the canasta kinds by id, in the preset's order."""
        return MappingProxyType({k.id: k for k in self.canastas})

    @cached_property
    def card_points_max(self) -> int:
        """Returns the most card points the whole pack can hold, red threes excluded."""
        return sum(c.count * max(c.melded or 0, c.in_hand) for c in self.cards)

    def cards_in_pack(self, card: str) -> int:
        """Returns how many of a card the pack holds: "red_three" or a card class id."""
        if card == "red_three":
            return self.red_threes.max if self.red_threes else 0
        if card == WILD:
            return sum(c.count for c in self.cards if c.wild)
        return next((c.count for c in self.cards if c.id == card), 0)

    def canasta(self, kind: str) -> CanastaKind:
        """Returns the canasta kind with this id."""
        return next(k for k in self.canastas if k.id == kind)

    def special_hand(self, hand_id: str) -> SpecialHand:
        """Returns the special hand with this id."""
        return next(h for h in self.special_hands if h.id == hand_id)

    def option(self, option_id: str) -> Option:
        """Returns the house option with this id."""
        return next(o for o in self.options if o.id == option_id)
