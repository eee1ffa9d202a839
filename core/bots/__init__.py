"""Bots: the seat's view every bot decides from, the built-in random, rollout and search bots, the inference
that reads rivals' calls, and bots that are external programs."""
