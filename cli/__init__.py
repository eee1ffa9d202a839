"""The cartas command line."""
