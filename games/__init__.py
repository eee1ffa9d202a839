"""The built-in games of cartas, each a plugin."""
