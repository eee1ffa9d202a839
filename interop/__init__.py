"""Bridges from cartas to the research libraries: OpenSpiel games and PettingZoo environments for every game.

Nothing here is imported by the rest of cartas, and each bridge imports its library only when it is used,
so cartas runs without them. Install the extras to use them: ``pip install 'cartas[openspiel]'`` for
:mod:`cartas.interop.openspiel`, ``pip install 'cartas[pettingzoo]'`` for :mod:`cartas.interop.pettingzoo`.
The integer action space (:mod:`~cartas.interop.actions`) and the observation vector
(:mod:`~cartas.interop.encoding`) are shared by both, so an agent trained in one reads the other's input.
"""
