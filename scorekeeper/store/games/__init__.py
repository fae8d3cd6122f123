"""One game as stored: its record, rules, hands, stored scores, end, names, links and shelf."""
