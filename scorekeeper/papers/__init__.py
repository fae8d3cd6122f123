"""What downloads and `scorekeeper score` print: event papers, CSV text, the score contract."""
