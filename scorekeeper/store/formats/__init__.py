"""House formats as stored: a table's own rules, and the groups they are shared with."""
