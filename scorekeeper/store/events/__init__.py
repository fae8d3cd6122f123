"""A club night as stored: the event, its entrants, rounds, draw, checks, handicaps and cards."""
