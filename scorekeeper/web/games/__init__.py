"""The games room: a game's screens: the sheet, hands, names, sharing, paper and files."""
