"""Every installed cartas game as an OpenSpiel game: ``pyspiel.load_game("cartas_truco(players=4)")``.

:func:`register` (called on import) registers each game of the registry, plugins included, under the name
``cartas_<name>`` as a Python game. Its options are the game parameters, with the same names and defaults
(options that are not a bool, int, float or str are left at their defaults), plus ``seed``.

What each OpenSpiel notion is here:

- **Chance** is *sampled* (``ChanceMode.SAMPLED_STOCHASTIC``): a cartas match shuffles before every hand
  from its own seeded generator, so there are no chance nodes. Each new initial state is a match with a
  fresh seed; with the parameter ``seed`` set (``seed=7``), the game's initial states take their seeds
  in turn from a generator seeded with it, so a run replays. A clone carries the generator's state, so a
  clone's future deals are those of the original.
- **Actions** are the integers of :mod:`cartas.interop.actions`; ``action_to_string`` gives the canonical
  cartas text. When several seats may act at once (any partner may answer a truco), the first of them is
  the current player, as in the cartas match runner.
- **Information state**: the seat's cartas observation as JSON (its hand, the public table, this hand's
  events it may see, the scores). **Observation string**: the table as ``table_lines`` shows it, with the
  seat's hand. Both tensors are the vector of :mod:`cartas.interop.encoding`.
- ``resample_from_infostate(player, sampler)`` is cartas's own ``sample``: the cards hidden from the player
  redealt, and what the player must not learn (the real generator, others' private events) dropped.
- ``returns`` are the zero-sum returns of :mod:`cartas.interop.outcome`, paid when the match ends.
"""

from __future__ import annotations

import itertools
import random
from typing import Any

import numpy as np
import pyspiel

from cartas.core.deck import new_seed
from cartas.core.game import Game
from cartas.core.match import seat_to_ask
from cartas.core.options import GameOptions
from cartas.core.plugins.manager import get_registry
from cartas.core.state import State
from .actions import ActionSpace, ActionSpaceError, action_space
from .encoding import ObservationEncoder
from .outcome import lowest_return, sides_of_seats, zero_sum_returns

PREFIX = "cartas_"
MAX_GAME_LENGTH = 100_000
"""A bound on decisions in a match, not a tight one: matches last tens (truco) to thousands (remigio)."""
PARAMETER_TYPES = (bool, int, float, str)


def game_parameters(game: Game) -> dict[str, Any]:
    """The OpenSpiel parameters of ``game``: each option of a plain type with its default, and ``seed``."""
    defaults = game.options().model_dump()
    params = {key: value for key, value in defaults.items() if isinstance(value, PARAMETER_TYPES)}
    params["seed"] = -1
    return params


def game_type(game: Game) -> pyspiel.GameType:
    """The OpenSpiel description of ``game``; see the module's docstring for what each choice means."""
    counts = game.player_counts()
    return pyspiel.GameType(
        short_name=PREFIX + game.name,
        long_name=f"cartas {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(counts),
        min_num_players=min(counts),
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=game_parameters(game),
    )


class Bridge:
    """What every state of one OpenSpiel game shares: the cartas game, its options, spaces and seeds."""

    def __init__(self, game: Game, options: GameOptions, seed: int) -> None:
        self.game = game
        self.options = options
        self.actions: ActionSpace = action_space(game, options)
        self.encoder = ObservationEncoder(game, options)
        self.sides = sides_of_seats(game, options)
        self.seeds: random.Random | None = random.Random(seed) if seed >= 0 else None

    def start(self) -> State:
        """A new match, seeded from the game's ``seed`` parameter when it has one."""
        seed = self.seeds.getrandbits(63) if self.seeds is not None else new_seed()
        return self.game.start(self.options, seed=seed)


class _Match:
    """Holds a state's cartas match; copied by ``clone`` through the state's ``__dict__``.

    OpenSpiel clones a Python state by making a new initial state and deep-copying its attributes, so
    copying goes through here: the match is cloned with its own cheap ``clone`` and the shared parts are
    not copied at all. The match starts lazily, so the initial state a clone makes never draws a seed.
    """

    __slots__ = ("bridge", "_state")

    def __init__(self, bridge: Bridge, state: State | None = None) -> None:
        self.bridge = bridge
        self._state = state

    @property
    def state(self) -> State:
        if self._state is None:
            self._state = self.bridge.start()
        return self._state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Match:
        return _Match(self.bridge, self.state.clone())


class CartasGame(pyspiel.Game):  # type: ignore[misc]
    """One cartas game with its options, as OpenSpiel sees it; made by ``pyspiel.load_game``."""

    cartas_game: Game

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        values = dict(params or {})
        seed = int(values.pop("seed", -1))
        options = self.cartas_game.options(values)
        self.bridge = Bridge(self.cartas_game, options, seed)
        info = pyspiel.GameInfo(
            num_distinct_actions=len(self.bridge.actions),
            max_chance_outcomes=0,
            num_players=options.players,
            min_utility=lowest_return(self.bridge.sides),
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(_TYPES[self.cartas_game.name], info, params or {})

    def new_initial_state(self) -> CartasState:
        return CartasState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> CartasObserver:
        return CartasObserver(self.bridge, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params)


class CartasState(pyspiel.State):  # type: ignore[misc]
    """A cartas match as an OpenSpiel state."""

    def __init__(self, game: CartasGame, match: State | None = None) -> None:
        super().__init__(game)
        self.match = _Match(game.bridge, match)

    @property
    def cartas(self) -> State:
        """The cartas match behind this state (the whole truth: use ``observation`` for a seat's view)."""
        return self.match.state

    def current_player(self) -> int:
        state = self.match.state
        if state.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        return seat_to_ask(state)

    def _legal_actions(self, player: int) -> list[int]:
        state = self.match.state
        if state.is_over or player != seat_to_ask(state):
            return []
        return self.match.bridge.actions.numbers(state.legal_actions(player))

    def _apply_action(self, action: int) -> None:
        state = self.match.state
        seat = seat_to_ask(state)
        text = self.match.bridge.actions.text(action)
        for legal in state.legal_actions(seat):
            if str(legal) == text:
                state.apply(legal, seat)
                return
        raise ActionSpaceError(f"{text!r} ({action}) is not legal now for seat {seat}")

    def _action_to_string(self, player: int, action: int) -> str:
        return self.match.bridge.actions.text(action)

    def is_terminal(self) -> bool:
        return self.match.state.is_over

    def returns(self) -> list[float]:
        state = self.match.state
        if not state.is_over:
            return [0.0] * state.table.n_seats
        return zero_sum_returns(state, self.match.bridge.sides)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any = None) -> CartasState:
        """A state ``player_id`` cannot tell from this one, from cartas's ``sample``; see the module's docstring."""
        return self.resample(player_id, random.Random(f"{_draw(probability_sampler)}/{next(_RESAMPLES)}"))

    def resample(self, player: int, rng: random.Random) -> CartasState:
        """``resample_from_infostate`` drawing from ``rng``, so that a seeded bot replays its searches."""
        sampled = seat_sample(self.match.state, player, rng)
        copy: CartasState = self.clone()
        copy.match = _Match(self.match.bridge, sampled)
        return copy

    # OpenSpiel reaches these through the game's observer; Python callers (ISMCTS asks for the information
    # state on every step of every simulation) get them directly, which skips building an observer.

    def information_state_string(self, player: int | None = None) -> str:
        return self.match.state.observation(self._player(player)).model_dump_json()

    def observation_string(self, player: int | None = None) -> str:
        return observation_text(self.match.bridge, self.match.state, self._player(player))

    def information_state_tensor(self, player: int | None = None) -> list[float]:
        return self.match.bridge.encoder.encode(self.match.state.observation(self._player(player)))

    observation_tensor = information_state_tensor

    def _player(self, player: int | None) -> int:
        return self.current_player() if player is None else player

    def __str__(self) -> str:
        state = self.match.state
        hands = " | ".join(" ".join(map(str, state.hand_of(seat))) for seat in range(state.table.n_seats))
        return f"{state.game.name} seed {state.seed}: hands {hands}; scores {list(state.scores())}; to act {list(state.to_act)}"


UNKNOWN_SEED = -1
"""The seed a sampled state shows: the real one would let its holder replay the real deal."""


def seat_sample(state: State, seat: int, rng: random.Random) -> State:
    """A state ``seat`` cannot tell from ``state``, holding nothing it may not know.

    cartas's ``sample`` and ``forget_hidden`` redeal the hidden cards and drop the generator, the history
    and others' events, but the copy keeps the match's seed, from which the real deal can be replayed;
    OpenSpiel bots may read a state's ``__str__``, so the seed goes too.
    """
    sampled = state.sample(seat, rng)
    sampled.forget_hidden(seat, rng, whole_match=True)  # OpenSpiel's searches play on past this hand
    sampled.seed = UNKNOWN_SEED
    return sampled


_RESAMPLES = itertools.count()
"""Distinguishes resamples made with a sampler that repeats itself (OpenSpiel's ISMCTS makes a fresh one per
call, which would otherwise give the same world every time)."""


def _draw(sampler: Any) -> float:
    if sampler is None:
        return random.random()
    try:
        return float(sampler())
    except TypeError:
        return float(sampler.sample())


class CartasObserver:
    """Tensors and strings of one seat's view, the PyObserver interface of OpenSpiel's Python games."""

    def __init__(self, bridge: Bridge, iig_obs_type: Any, params: Any) -> None:
        if params:
            raise ValueError(f"cartas observers take no parameters; got {params}")
        self.bridge = bridge
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        self.tensor = np.zeros(bridge.encoder.size, np.float32)
        self.dict: dict[str, np.ndarray] = {}
        for name, size in bridge.encoder.pieces:
            at = bridge.encoder.offsets[name]
            self.dict[name] = self.tensor[at:at + size]

    def set_from(self, state: CartasState, player: int) -> None:
        self.tensor[:] = self.bridge.encoder.encode(state.match.state.observation(player))

    def string_from(self, state: CartasState, player: int) -> str:
        if self.perfect_recall:
            return state.match.state.observation(player).model_dump_json()
        return observation_text(self.bridge, state.match.state, player)


def observation_text(bridge: Bridge, state: State, player: int) -> str:
    """The observation string: the seat's hand, then the table as the game lays it out."""
    observation = state.observation(player)
    lines = [f"seat {player} holds {' '.join(observation.hand) or '-'}", *bridge.game.presentation().table_lines(observation)]
    return "\n".join(lines)


_TYPES: dict[str, pyspiel.GameType] = {}


def register(games: list[Game] | None = None) -> list[str]:
    """Register ``games`` (every game of the registry by default) with OpenSpiel; returns the names used.

    Registering the same game twice is harmless: it is registered once per process.
    """
    chosen = list(get_registry().games.values()) if games is None else games
    names = []
    for game in chosen:
        name = PREFIX + game.name
        if game.name not in _TYPES:
            _TYPES[game.name] = game_type(game)
            cls = type(f"Cartas_{game.name}_Game", (CartasGame,), {"cartas_game": game})
            pyspiel.register_game(_TYPES[game.name], cls)
        names.append(name)
    return names


def load(game: str, **options: Any) -> pyspiel.Game:
    """The OpenSpiel game of the cartas game ``game`` with ``options``, registering the games first."""
    register()
    chosen = get_registry().game(game)
    return pyspiel.load_game(PREFIX + chosen.name, options)


register()
