"""OpenSpiel's search bots as cartas agents, for ``cartas arena``: ``openspiel:ismcts?simulations=100``.

A spec is ``openspiel:ALGORITHM`` with optional ``?key=value&key=value`` parameters:

``ismcts``
    OpenSpiel's information-set MCTS (``open_spiel.python.algorithms.ismcts``). At each decision it searches
    from a world sampled from the seat's view, and its own resampling is cartas's ``sample`` drawn from
    the bot's seeded generator, so a bot replays with its seed.
``mcts``
    OpenSpiel's plain MCTS on *one* world sampled from the seat's view per decision (a single
    determinisation: it plays as if that guess of the hidden cards, and of the later shuffles, were true).

Parameters, for both: ``simulations`` (100), ``uct_c`` (2.0), ``rollouts`` (random rollouts per leaf, 1).
Leaves are valued by random play to the end of the *match*, with the zero-sum returns of
:mod:`cartas.interop.outcome`. The bot only ever sees ``view.sample``, never the real hidden cards.
"""

from __future__ import annotations

import random
from functools import partial
from typing import Any
from urllib.parse import parse_qsl

from cartas.core.bots.base import BotFactory, SeatView
from cartas.core.errors import CartasError
from cartas.core.state import Action

PREFIX = "openspiel:"
ALGORITHMS = ("ismcts", "mcts")
DEFAULTS: dict[str, float] = {"simulations": 100, "uct_c": 2.0, "rollouts": 1}


class OpenSpielBotError(CartasError):
    """A bad ``openspiel:`` spec, or the openspiel extra missing."""


def parse_spec(spec: str) -> tuple[str, dict[str, float]]:
    """The algorithm and parameters of ``openspiel:ALGORITHM?key=value&...`` (the prefix is optional)."""
    body = spec[len(PREFIX):] if spec.startswith(PREFIX) else spec
    algorithm, _, query = body.partition("?")
    if algorithm not in ALGORITHMS:
        raise OpenSpielBotError(f"no OpenSpiel bot {algorithm!r}; bots: {', '.join(PREFIX + a for a in ALGORITHMS)}")
    params = dict(DEFAULTS)
    for key, value in parse_qsl(query, keep_blank_values=True, strict_parsing=False):
        if key not in DEFAULTS:
            raise OpenSpielBotError(f"{PREFIX}{algorithm} has no parameter {key!r}; parameters: {', '.join(DEFAULTS)}")
        try:
            number = float(value)
        except ValueError:
            raise OpenSpielBotError(f"{PREFIX}{algorithm}: {key} must be a number, not {value!r}") from None
        if key != "uct_c" and (number < 1 or number != int(number)):
            raise OpenSpielBotError(f"{PREFIX}{algorithm}: {key} must be a whole number of at least 1, not {value!r}")
        params[key] = number
    if query and not parse_qsl(query):
        raise OpenSpielBotError(f"cannot read the parameters {query!r}; write them as key=value&key=value")
    return algorithm, params


def openspiel_bot_factory(spec: str) -> BotFactory:
    """A picklable factory of the bot ``spec``; refuses a bad spec, or a missing extra, before any match."""
    algorithm, params = parse_spec(spec)
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        raise OpenSpielBotError(f"{spec} needs OpenSpiel: pip install 'cartas[openspiel]'") from None
    return partial(OpenSpielAgent, algorithm=algorithm, params=params)


class OpenSpielAgent:
    """A cartas agent that asks an OpenSpiel bot, on a world sampled from its seat's view."""

    def __init__(self, seed: int = 0, *, algorithm: str = "ismcts", params: dict[str, float] | None = None) -> None:
        self.seed = seed
        self.algorithm = algorithm
        self.params = {**DEFAULTS, **(params or {})}
        self.rng = random.Random(seed)
        self._bot: Any = None
        self._game: Any = None

    def choose(self, view: SeatView) -> Action:
        from .openspiel import UNKNOWN_SEED, CartasState

        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        game = self._openspiel_game(view)
        world = view.sample(self.rng, whole_match=True)  # OpenSpiel's search plays on past this hand
        world.seed = UNKNOWN_SEED  # the real seed would replay the real deal; see openspiel.seat_sample
        state = CartasState(game, world)
        if state.current_player() != view.seat:
            raise OpenSpielBotError(f"seat {view.seat} was asked, but OpenSpiel would ask seat {state.current_player()}")
        number = self._engine(game).step(state)
        text = game.bridge.actions.text(int(number))
        for action in legal:
            if str(action) == text:
                return action
        raise OpenSpielBotError(f"{PREFIX}{self.algorithm} chose {text!r}, which is not legal now")

    def _openspiel_game(self, view: SeatView) -> Any:
        if self._game is None:
            from .openspiel import load

            self._game = load(view.game_name, **view.options.model_dump())
        return self._game

    def _engine(self, game: Any) -> Any:
        if self._bot is not None:
            return self._bot
        import numpy as np
        from open_spiel.python.algorithms import ismcts, mcts

        numbers = np.random.RandomState(self.rng.getrandbits(32))
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=int(self.params["rollouts"]), random_state=numbers)
        simulations = int(self.params["simulations"])
        if self.algorithm == "mcts":
            self._bot = mcts.MCTSBot(game, self.params["uct_c"], simulations, evaluator, random_state=numbers)
        else:
            self._bot = ismcts.ISMCTSBot(
                game=game, evaluator=evaluator, uct_c=self.params["uct_c"], max_simulations=simulations,
                random_state=numbers,
            )
            self._bot.set_resampler(lambda state, player: state.resample(player, self.rng))
        return self._bot
