"""Says what is wrong with a game's end in a player's words, from the engine's codes."""

from __future__ import annotations

from scorekeeper.engine.ending import EndProblem


def explain(problem: EndProblem) -> str:
    """Returns one sentence about a problem with where a game ends or how it plays on."""
    p = problem.params
    if problem.code == "start_at_target":
        return (
            f"The starting total of {p['side']} ({p['total']:,}) is already at the target "
            f"({p['target']:,}): the game would be over before the first hand."
        )
    if problem.code == "hands_after_end":
        later = (
            f"hand {p['first']}" if p["first"] == p["last"] else f"hands {p['first']}–{p['last']}"
        )
        return (
            f"The game ended at hand {p['ended_at']}, but {later} came after it; "
            "the app never plays on past the end without a raised target."
        )
    if problem.code == "no_target":
        return "This format ends after a number of deals, not at a target."
    if problem.code == "not_over":
        return "The game is not over yet: there is no target to raise."
    if problem.code == "target_too_high":
        return f"A target above {p['most']:,} cannot be right."
    if problem.code == "target_too_low":
        return (
            f"The new target must be a multiple of 5 above {p['lead']:,}: at least {p['least']:,}."
        )
    return f"The game's end is not right ({problem.code})."
