"""Canasta Scorekeeper: the We/They score sheet for every Canasta format."""


def create_app(config=None):  # replaced by the web app factory
    raise NotImplementedError
