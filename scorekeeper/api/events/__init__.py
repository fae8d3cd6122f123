"""The club-night API: an event, its rounds and tables, the director's night, a side's hands."""
