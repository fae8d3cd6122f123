"""The groups room: a group's screens: its page, history, statistics, players and shared formats."""
