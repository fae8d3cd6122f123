"""The ratings room: a group's ratings table, a player's rating history, the help page, and the
expected result and balanced partners on a group's new-game form."""
