"""A group as stored: its members, API tokens, players and each game's figures."""
