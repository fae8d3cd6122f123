"""The example bodies the OpenAPI document shows, and tests and docs send."""

from __future__ import annotations

from typing import Any

EXAMPLE_HAND: dict[str, Any] = {
    "hand": {
        "We": {
            "melded_points": 120,
            "hand_points": 0,
            "red_threes": 1,
            "canastas": {"natural": 1},
            "went_out": "out",
        },
        "They": {"melded_points": 90, "hand_points": 35, "canastas": {}, "went_out": "no"},
    }
}
EXAMPLE_GAME: dict[str, Any] = {
    "format": "classic",
    "options": [],
    "sides": [
        {"name": "We", "players": ["Ann", "Bob"]},
        {"name": "They", "players": ["Cy", "Di"]},
    ],
    "first_dealer": "Ann",
    "start_totals": {},
}
EXAMPLE_FORMAT: dict[str, Any] = {
    "name": "Grandma's Classic",
    "base": "classic",
    "set": {"going_out.bonus": 200, "ending.target": 7500},
}
EXAMPLE_EVENT: dict[str, Any] = {
    "name": "Tuesday club",
    "format": "classic",
    "entrants": [
        {"name": "Aces", "players": ["Ann", "Bob"]},
        {"name": "Kings", "players": ["Cy", "Di"]},
        {"name": "Queens", "players": ["Ed", "Flo"]},
        {"name": "Jacks", "players": ["Gus", "Hal"]},
    ],
    "movement": "round_robin",
    "rounds": 3,
    "deals_per_round": 3,
    "victory_points": {
        "bands": [
            {"up_to": 150, "winner": 10, "loser": 10},
            {"up_to": 1500, "winner": 14, "loser": 6},
            {"up_to": None, "winner": 20, "loser": 0},
        ]
    },
}
