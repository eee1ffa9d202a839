"""Every cartas game as a PettingZoo AEC environment: ``env("truco", players=4)``.

Agents are ``player_0`` to ``player_{n-1}``, one per seat. Each agent's action space is ``Discrete(A)``, the
game's numbered action texts (:mod:`cartas.interop.actions`); its observation is a dict, as in PettingZoo's
classic games, of ``observation`` (the float vector of :mod:`cartas.interop.encoding`) and ``action_mask``
(1 for each legal action number; all zero for an agent that may not act now). The info of the agent to
act (``env.last()``'s fifth value) holds ``observation``, the cartas
:class:`~cartas.core.observation.Observation` of its seat, and ``legal``, its legal action texts; the other
agents' infos are empty until their turn, because building every seat's observation on every step would
cost more than the step (a remigio hand has hundreds of events). At the end every agent gets its final one.

When several seats may act at once (any partner may answer a truco), the environment asks the first of them,
as the cartas match runner does. Rewards are zero until the match ends, then the zero-sum returns of
:mod:`cartas.interop.outcome`. ``reset(seed=s)`` starts the match cartas would start with seed ``s``; a
``reset()`` without a seed takes the next seed from the last seeded generator, so a seeded run of episodes
replays exactly. ``render()`` prints the table as the acting seat sees it (``game.table_lines``).
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from cartas.core.deck import new_seed
from cartas.core.game import Game
from cartas.core.match import seat_to_ask
from cartas.core.plugins.manager import get_registry
from cartas.core.state import State
from .actions import ActionSpaceError, action_space
from .encoding import ObservationEncoder
from .outcome import sides_of_seats, zero_sum_returns


def env(game: str | Game, render_mode: str | None = None, **options: Any) -> CartasEnv:
    """The AEC environment of ``game`` (a name or a :class:`Game`) with its ``options`` (``players=4``...)."""
    chosen = game if isinstance(game, Game) else get_registry().game(game)
    return CartasEnv(chosen, render_mode=render_mode, **options)


class CartasEnv(AECEnv):  # type: ignore[misc]
    """One cartas match per episode; see the module's docstring for the spaces and the rewards."""

    RENDER_MODES = ("human", "ansi")
    metadata = {"render_modes": list(RENDER_MODES), "is_parallelizable": False}

    def __init__(self, game: Game, render_mode: str | None = None, **options: Any) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.RENDER_MODES:
            raise ValueError(f"render_mode must be one of {', '.join(self.RENDER_MODES)}, not {render_mode!r}")
        self.game = game
        self.options = game.options(options)
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"cartas_{game.name}_v0"}
        self.actions = action_space(game, self.options)
        self.encoder = ObservationEncoder(game, self.options)
        self.sides = sides_of_seats(game, self.options)
        self.possible_agents = [f"player_{seat}" for seat in range(self.options.players)]
        self.agents = list(self.possible_agents)
        low, high = self.encoder.bounds()
        observation = spaces.Dict({
            "observation": spaces.Box(np.array(low, np.float32), np.array(high, np.float32), dtype=np.float32),
            "action_mask": spaces.Box(0, 1, (len(self.actions),), dtype=np.int8),
        })
        self.observation_spaces = {agent: observation for agent in self.possible_agents}
        self.action_spaces = {agent: spaces.Discrete(len(self.actions)) for agent in self.possible_agents}
        self._seeds = random.Random()
        self.state: State | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # --- the episode -----------------------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a match: cartas's match of seed ``seed``, or the next seed of the last seeded generator."""
        if seed is not None:
            self._seeds = random.Random(seed)
            match_seed = seed
        else:
            match_seed = self._seeds.getrandbits(63) if self.state is not None else new_seed()
        self.state = self.game.start(self.options, seed=match_seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._select()
        self._update_infos()

    def step(self, action: int | None) -> None:
        """Apply the selected agent's action number; a finished agent must step with ``None``."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self._state()
        if action is None:
            raise ActionSpaceError(f"{agent} is to act and must give an action number, not None")
        seat = self.possible_agents.index(agent)
        text = self.actions.text(int(action))
        legal = {str(a): a for a in state.legal_actions(seat)}
        if text not in legal:
            raise ActionSpaceError(f"{agent} may not play {text!r} ({int(action)}) now; legal: {', '.join(legal)}")
        state.apply(legal[text], seat)
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if state.is_over:
            for seat_number, reward in enumerate(zero_sum_returns(state, self.sides)):
                self.rewards[self.possible_agents[seat_number]] = reward
            self.terminations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()
        self._select()
        self._update_infos()
        if self.render_mode == "human":
            self.render()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.possible_agents.index(agent)
        state = self._state()
        observation = state.observation(seat)
        mask = self.actions.mask(state.legal_actions(seat)) if self._acting(seat) else [0] * len(self.actions)
        return {
            "observation": np.array(self.encoder.encode(observation), dtype=np.float32),
            "action_mask": np.array(mask, dtype=np.int8),
        }

    def render(self) -> str | None:
        """The table as the acting seat sees it: printed (``human``) or returned (``ansi``)."""
        if self.render_mode is None:
            return None
        state = self._state()
        seat = self.possible_agents.index(self.agent_selection) if self.agent_selection in self.possible_agents else 0
        lines = [f"{self.game.title}: seat {seat} sees", *self.game.presentation().table_lines(state.observation(seat))]
        text = "\n".join(lines)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass

    # --- helpers ---------------------------------------------------------------------------------------

    def _state(self) -> State:
        if self.state is None:
            raise RuntimeError("call reset() before using the environment")
        return self.state

    def _acting(self, seat: int) -> bool:
        state = self._state()
        return not state.is_over and bool(state.to_act) and seat_to_ask(state) == seat

    def _select(self) -> None:
        state = self._state()
        if state.is_over:
            self.agent_selection = self.agents[0] if self.agents else self.possible_agents[0]
        else:
            self.agent_selection = self.possible_agents[seat_to_ask(state)]

    def _update_infos(self) -> None:
        state = self._state()
        for agent in self.agents:
            seat = self.possible_agents.index(agent)
            if self._acting(seat) or state.is_over:
                self.infos[agent] = {
                    "observation": state.observation(seat),
                    "legal": [str(a) for a in state.legal_actions(seat)],
                }
            else:
                self.infos[agent] = {}
