"""The group API: a group, its history, statistics and ratings, by its API tokens."""
