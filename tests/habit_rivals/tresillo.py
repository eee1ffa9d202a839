"""Julepe's (the game ``tresillo``) always-X rivals: julepe's ``medium`` (a card-counting heuristic: it goes in
with a hand that expects 0.4 tricks, takes the cheapest winning card) with one habit, whatever its cards:

- ``juego``: goes in on every deal (never says ``paso``);
- ``viuda``: takes the viuda every time it is offered;
- ``obligo``: obliges with every turned figure (sota, caballo or rey), before seeing its cards;
- ``ciega``: deals every deal blind (``apuesta ciega``) when it is the dealer, so everyone must play unseen.

Julepe has no calls to bluff with; each habit is one of its questions always answered the same way, where both
answers are legal. Everything else is ``medium``'s own play, so against ``medium`` a rival measures the habit alone.
``RIVALS.bot("juego", seed)`` is one in process; ``benchmarks/bots/rival_program.py tresillo juego`` as a ``cmd:``
program (it reads the observation JSON through :class:`cartas.testing.rivals.JsonView`).
"""

from __future__ import annotations

from cartas.testing.rivals import Rivals, always, level_bot

RIVALS = Rivals("tresillo", lambda seed: level_bot("tresillo", "medium", seed), {
    "juego": always("juego", where_also="paso"),
    "viuda": always("tomo viuda", where_also="dejo viuda"),
    "obligo": always("obligo", where_also="no obligo"),
    "ciega": always("apuesta ciega", where_also="apuesta normal"),
})
