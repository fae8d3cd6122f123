"""The seasons API: a group's seasons and their public results."""
