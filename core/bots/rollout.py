"""The rollout algorithm: one step of policy improvement over a game's own heuristic bot.

Tesauro and Galperin (1996) and Bertsekas (the *rollout algorithm*) turn a fair base policy into a better one:
at a decision, try every legal action, play the rest out with the base policy for everyone, and take the action
whose play-outs end best. Whatever the base policy, the improved policy is at least as good in expectation
(when the estimates are good enough), so a game's ``medium`` bot, rolled out, makes a stronger ``hard`` bot.

Hidden cards are handled as ISMCTS does (:mod:`cartas.core.bots.search`): each play-out starts from a complete state
*sampled* to fit the bot's own view. The same sampled states, with the same seeds for the base bots, serve every
action (common random numbers), so differences between actions are not drowned in the luck of the deal. States
are drawn one at a time and every action is played out on each one in turn, so a time budget that runs out
leaves every action with the same number of play-outs.

Budget. By default a decision plays out a fixed number of sampled states (:data:`DEFAULT_SAMPLES`, or the base
factory's ``rollout_samples``), so a seed gives the same match on a busy machine as on an idle one. A base
factory may also name ``rollout_playouts(view)`` (a :data:`Playouts`), the play-outs a decision at that table may
spend in all: a decision that compares few moves then plays out more states, ``playouts // moves`` and never
fewer than ``rollout_samples``, so the dearest decisions (many moves) cost what they did and the cheap ones (take
or refuse a truco) stop being decided on eight noisy play-outs each. A budget given to the bot itself
(``samples``) is a count of states and leaves it unused. A time
limit is for play, where someone waits for the move: it caps each decision on its own (fewer states this
decision, at least one), and the next decision starts with the full budget again. A base factory whose
``rollout_samples`` is 0 asks for no search at all: its move is played as it is (remigio's ``medium``, whose
rounds take a second to play out a few times, and where no other move was ever found clearly better). Each bot counts what it
searched in its match (:class:`cartas.core.bots.search.SearchCounts`), and the arena reports it.

A play-out stops at the same horizon as the search: the end of the hand or of the match, valued by
:func:`cartas.core.bots.search.linear_gain_value` (or any :data:`cartas.core.bots.search.Evaluator`; a base
factory with a ``rollout_evaluate`` attribute values its game's play-outs itself, for instance by the chance of
winning the match from the score reached rather than by the points gained).

A guard keeps the bot from doing worse than its base bot: it plays the base bot's own choice unless another
action beats it clearly on the shared states (see :meth:`RolloutBot.choose`; a base factory may set how clearly
with ``rollout_margin``, in standard errors), since a handful of noisy
play-outs would otherwise pick lucky actions; a decision cut to one state by a time limit therefore plays the
base bot's move. A factory with a ``for_rollouts`` attribute (a :data:`BotFactory` for a cheaper variant of the
same bot) is used inside play-outs in its place. It must play as the base bot does, only cheaper: play-outs by a
different bot (truco paulista's ``easy``, which gives up against a raise far more often than ``medium``) value
the moves for rivals who are not there, and ``hard`` then re-raises where ``medium`` rightly folds
(docs/notes/2026-11-hard-level.md has the runs).

Inference. A sampled state deals the hidden cards at random, as if the others' bids said nothing about their
hands; a player who went in is then given a random hand, and the bot overrates its own chances against him.
The bot draws its states from the posterior the base factory asks for (:func:`cartas.core.bots.inference.posterior_for`):
its ``bidding`` model (a :class:`cartas.core.bots.inference.BiddingModel`, the trick games' calls and answers),
else its ``plausible(world, view)`` rule (a :data:`Plausible`, kept or refused outright). A base factory with a
``rival_reader()`` makes a :class:`cartas.core.bots.inference.RivalReader` instead, one per bot and match: it
reads each finished hand into a book of every rival's habits (:mod:`cartas.core.bots.inference.rivals`), so an
always-envido rival stops being read as a strong tanto; the bot lends it to the base bot whose choice it
checks (the base bot's ``use_reader``), so both read the table alike. Up to
:data:`MAX_DRAWS` states are drawn for one play-out; after that the likeliest is kept, so a player who bids
unlike the model cannot stall the search.

Breadth. Where a hand offers many moves and play-outs are dear (a rummy discard: any of eight cards), a base
factory with a ``shortlist(view)`` attribute (a :data:`Shortlist`) names the few worth playing out; the bot
compares those and the base bot's own choice, and spends its budget on more states instead. A base factory with
a ``rollout_settled(view)`` attribute (a :data:`Settled`) names the decisions whose own choice is played without
play-outs: where the outcome turns on cards alone and the base bot has weighed it directly, eight play-outs of a
whole hand only add the tricks' noise (truco's ``hard`` once accepted a falta envido worth the match with a tanto
of 25 that ``medium`` refused, on its eight play-outs' luck). A base bot may also settle the choice it just made:
its ``choice_settled`` attribute true after ``choose`` (truco's ``medium`` when it called truco on a rival's folds
read in its book, which the play-outs' rivals, reading no book, would not make, or answered the envido of a rival
its book reads as calling it whatever his tanto).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from functools import partial
from typing import NamedTuple

from .base import Agent, BotFactory, RandomBot, SeatView
from ..errors import PluginError
from ..game import Game
from .inference import (
    Posterior, PosteriorCounts, RivalReader, bidding_weight, posterior_for, reader_for,
)
from .search import Estimate, Evaluator, SearchCounts, decision_budget, linear_gain_value
from ..state import Action, State

DEFAULT_MARGIN = 1.0
"""Standard errors by which an action must beat the base bot's choice: a one-sided test at about 84%."""

DEFAULT_SAMPLES = 8
"""Sampled states per decision when no budget is given and the base factory names no ``rollout_samples``."""

MAX_DRAWS = 30
"""Sampled states drawn for one play-out at most while looking for one the posterior keeps."""

Plausible = Callable[[State, SeatView], bool]
"""Whether a sampled complete state fits the others' public choices in the view, by the base bot's rules."""

Shortlist = Callable[[SeatView], list[Action]]
"""The legal actions a base bot thinks worth comparing (its own choice among them), fewer than all of them."""

Settled = Callable[[SeatView], bool]
"""Whether the base bot's own choice is to be played as it is: a decision it judges better than a handful of
play-outs can (truco's answer to an envido, weighed on the tantos alone over twice as many sampled deals)."""

Playouts = Callable[[SeatView], int]
"""The play-outs a decision in this view may spend over all the moves it compares (0: just the sample count)."""

BASE_LEVELS = ("medium", "easy")
"""The levels a rollout bot plays out with, best first, when a game registers them (else random play)."""


class Gain(NamedTuple):
    """How much better an action's play-outs ended than the base bot's own choice's, on the same sampled states."""

    mean: float
    error: float
    """The standard error of ``mean`` (infinite with a single state)."""


def base_policy(game_name: str) -> BotFactory | None:
    """The game's own best heuristic bot among :data:`BASE_LEVELS`, or ``None`` if it registers neither.

    Only the game's own levels count: levels registered for every game (``*``) are search bots or random play.
    """
    from ..plugins.manager import get_registry  # the registry imports the plugins, this module's users among them

    own = get_registry().bots.get(game_name, {})
    for level in BASE_LEVELS:
        factory = own.get(level)
        if factory is not None:
            return factory
    return None


def _known_game(game_name: str) -> Game | None:
    """The registered game of that name, or ``None`` (a game made up for a test has no entry)."""
    from ..plugins.manager import get_registry

    try:
        return get_registry().game(game_name)
    except PluginError:
        return None


def score_sign(game_name: str) -> int:
    """The game's ``score_sign`` (-1 when its points are penalties); 1 for a game the registry does not know."""
    game = _known_game(game_name)
    return 1 if game is None else game.score_sign


def rollout_depth(game_name: str) -> int | None:
    """The game's ``rollout_depth`` (play-outs cut short and scored); ``None`` for a game the registry does not know."""
    game = _known_game(game_name)
    return None if game is None else game.rollout_depth


def gain_valuation(game_name: str) -> Evaluator:
    """:func:`cartas.core.bots.search.linear_gain_value` in the game's score direction and on its ``gain_scale``."""
    game = _known_game(game_name)
    if game is None:
        return linear_gain_value
    return partial(linear_gain_value, sign=game.score_sign, scale=game.gain_scale)


class RolloutBot:
    """Chooses the legal action whose play-outs by the base bot end best, on shared sampled states.

    :param seed: seeds the bot's own generator; with a sample budget and no time limit, the same seed and the
        same views give the same choices.
    :param base: the bot playing every seat in the play-outs; by default the game's own ``medium`` bot, else
        its ``easy`` bot, else random play (see :func:`base_policy`).
    :param samples: sampled states per decision, each played out once per legal action; ``None`` for no limit.
    :param time_limit: seconds per decision; ``None`` for no limit. With neither budget, the base factory's
        ``rollout_samples`` (else :data:`DEFAULT_SAMPLES`) states a decision. No new sampled state is begun when
        the time its play-outs are expected to take would overrun the limit, and one overrunning it is dropped,
        but the first one is always played out; the limit binds each decision alone.
    :param evaluate: values a play-out at its horizon; by default :func:`cartas.core.bots.search.linear_gain_value`
        in the game's score direction and on its ``gain_scale`` (see :func:`gain_valuation`).
    :param margin: how many standard errors an action's advantage over the base bot's own choice must exceed
        for the bot to play it instead (see :meth:`choose`); 0 plays the best mean. ``None`` (the default) takes
        the base factory's ``rollout_margin``, else :data:`DEFAULT_MARGIN`.
    """

    def __init__(
        self,
        seed: int = 0,
        *,
        base: BotFactory | None = None,
        samples: int | None = None,
        time_limit: float | None = None,
        evaluate: Evaluator | None = None,
        margin: float | None = None,
    ) -> None:
        self.rng = random.Random(seed)
        self.base = base
        decision_budget("samples", samples, time_limit, DEFAULT_SAMPLES)  # refuses a bad budget at once
        self.samples = samples
        """Sampled states per decision (at least); ``None`` until the first decision when no budget was given."""
        self._playouts: Playouts | None = None
        """The base factory's ``rollout_playouts`` when no budget was given: a decision comparing ``n`` moves
        plays out ``max(samples, playouts(view) // n)`` states."""
        self.time_limit = time_limit
        self.evaluate = evaluate
        self.margin = margin
        """Standard errors an action must win by; ``None`` until the first decision when none was given."""
        self._game: str | None = None
        self._player: BotFactory = RandomBot
        self._posterior: Posterior | None = None
        self._reader: RivalReader | None = None
        self._shortlist: Shortlist | None = None
        self._settled: Settled | None = None
        self._values: list[list[float]] = []
        """The last decision's play-out values: one row per sampled state, one column per legal action."""
        self.last_samples = 0
        """How many sampled states the last decision played out (for benchmarks and ``hint``)."""
        self.search_counts = SearchCounts()
        """What the bot searched in its match: decisions, those searched, and sampled states in all."""

    def choose(self, view: SeatView) -> Action:
        """The base bot's own choice, unless another action's play-outs beat it clearly; a lone action at once.

        Clearly: on the same sampled states, the mean of the other action's value less the base choice's exceeds
        ``margin`` standard errors of that mean (see :meth:`gains`). Play-outs are few and noisy, and the best of
        several noisy means is biased upwards, so without this guard the bot would leave a sound choice for a
        lucky one.
        """
        default, gains = self.gains(view)
        self.search_counts.record(self.last_samples)
        if not gains:
            return default
        best = max(gains, key=lambda action: gains[action].mean)
        gain = gains[best]
        margin = DEFAULT_MARGIN if self.margin is None else self.margin
        if best != default and gain.mean > 0 and gain.mean > margin * gain.error:
            return best
        return default

    def remember(self, view: SeatView) -> None:
        """Read an earlier match at this table into the book of the rivals this bot lends its base bot, when
        the base bot keeps one that can (:func:`cartas.core.bots.remember_matches`)."""
        self._prepare(view.game_name)
        remember = getattr(self._reader, "remember", None)
        if remember is not None:
            remember(view)

    def gains(self, view: SeatView) -> tuple[Action, dict[Action, Gain]]:
        """The base bot's own choice, and what each action compared played out better than it on the same
        sampled states (the choice itself gains 0); no gains when nothing was played out: a lone legal action
        or a shortlist of one.

        This is the evidence :meth:`choose` weighs; with a points evaluator it measures how much one step of
        policy improvement could gain over the base bot (``benchmarks/bots/rollout_headroom.py``).
        """
        legal = view.legal_actions()
        if len(legal) == 1:
            self.last_samples = 0
            return legal[0], {}
        self._prepare(view.game_name)
        assert self.base is not None
        base_bot = self.base(self.rng.getrandbits(63))
        reader = self._reader
        if reader is not None:
            reader.observe(view)
            lend = getattr(base_bot, "use_reader", None)
            if lend is not None:
                lend(reader)
        default = base_bot.choose(view)
        settled = self._settled is not None and self._settled(view) or getattr(base_bot, "choice_settled", False)
        if self.samples == 0 or settled:
            self.last_samples = 0
            return default, {}
        candidates = self._candidates(view, legal)
        if default not in candidates:
            candidates.append(default)
        if len(candidates) == 1:
            self.last_samples = 0
            return default, {}
        self._estimate(view, candidates)
        base = candidates.index(default)
        return default, {action: self._gain(index, base) for index, action in enumerate(candidates)}

    def _gain(self, challenger: int, default: int) -> Gain:
        """The mean and standard error of the challenger's value less the default's over the last states."""
        diffs = [values[challenger] - values[default] for values in self._values]
        n = len(diffs)
        mean = sum(diffs) / n
        if n < 2:
            return Gain(mean, math.inf)
        variance = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        return Gain(mean, math.sqrt(variance / n))

    def estimates(self, view: SeatView) -> dict[Action, Estimate]:
        """Play every legal action (or the base bot's shortlist) out on the same sampled states: the mean
        value of each and the number of play-outs (on one state at least, even where :meth:`choose` plays
        the base bot's move without a search)."""
        self._prepare(view.game_name)
        if self._reader is not None:
            self._reader.observe(view)
        return self._estimate(view, self._candidates(view, view.legal_actions()))

    def _candidates(self, view: SeatView, legal: list[Action]) -> list[Action]:
        """The legal actions worth playing out: the base bot's shortlist when it offers one, else all."""
        shortlist = self._shortlist
        if shortlist is None:
            return list(legal)
        chosen = [action for action in shortlist(view) if action in legal]
        return chosen or list(legal)

    def _estimate(self, view: SeatView, legal: list[Action]) -> dict[Action, Estimate]:
        """Play each of ``legal`` out on the same sampled states, as many as the budget allows."""
        evaluate = self.evaluate
        assert evaluate is not None
        seat = view.seat
        root_scores = view.scores()
        totals = [0.0] * len(legal)
        self._values = []
        begun = time.perf_counter()
        deadline = None if self.time_limit is None else begun + self.time_limit
        done = 0
        wanted = self._states_for(view, len(legal))
        while wanted is None or done < wanted:
            if done and deadline is not None:
                now = time.perf_counter()
                if now + (now - begun) / done > deadline:  # the next state would likely overrun
                    break
            world = self._sample(view)
            hand = world.hands_played  # read now: the last action is applied to ``world`` itself
            seed = self.rng.getrandbits(63)
            values = []
            for index, action in enumerate(legal):
                if done and deadline is not None and time.perf_counter() > deadline:
                    break  # a state not played out for every action would unbalance the comparison: drop it
                state = world.clone() if index < len(legal) - 1 else world
                state.apply(action, seat)
                self._play_out(state, hand, seed)
                values.append(evaluate(state, root_scores)[seat])
            if len(values) < len(legal):
                break
            totals = [total + value for total, value in zip(totals, values)]
            self._values.append(values)
            done += 1
        self.last_samples = done
        return {action: Estimate(total / done, done) for action, total in zip(legal, totals)}

    def _states_for(self, view: SeatView, moves: int) -> int | None:
        """Sampled states for a decision comparing ``moves`` moves: the sample budget, raised to spend the
        play-out budget when there is one; ``None`` for no count (a time limit alone)."""
        if self.samples is None:
            return None
        states = max(self.samples, 1)
        if self._playouts is not None:
            states = max(states, self._playouts(view) // max(moves, 1))
        return states

    def _prepare(self, game_name: str) -> None:
        """Find the base bot and the evaluator on the first decision, once the game is known."""
        if self._game == game_name:
            return
        self._game = game_name
        if self.base is None:
            self.base = base_policy(game_name) or RandomBot
        self._player = getattr(self.base, "for_rollouts", self.base)
        self._reader = reader_for(self.base)
        if self._reader is not None:
            self._posterior = Posterior(bidding_weight(self._reader), tries=MAX_DRAWS)
        else:
            self._posterior = posterior_for(self.base, tries=MAX_DRAWS)
        self._shortlist = getattr(self.base, "shortlist", None)
        self._settled = getattr(self.base, "rollout_settled", None)
        if self.samples is None and self.time_limit is None:
            self.samples = getattr(self.base, "rollout_samples", DEFAULT_SAMPLES)
            if self.samples:
                self._playouts = getattr(self.base, "rollout_playouts", None)
        if self.margin is None:
            self.margin = getattr(self.base, "rollout_margin", DEFAULT_MARGIN)
        if self.evaluate is None:
            self.evaluate = getattr(self.base, "rollout_evaluate", None) or gain_valuation(game_name)

    def _sample(self, view: SeatView) -> State:
        """A sampled state, from the posterior the base bot asks for when it asks for one."""
        posterior = self._posterior
        return view.sample(self.rng) if posterior is None else posterior.sample(view, self.rng)

    @property
    def inference(self) -> PosteriorCounts | None:
        """What drawing from the posterior cost in this match (``None`` when the base bot asks for none)."""
        return None if self._posterior is None else self._posterior.counts

    def _play_out(self, state: State, hand: int, seed: int) -> None:
        """Every seat plays the play-out bot (its own instance, seeded alike for every action) to the horizon."""
        play_out_hand(state, hand, self._player, seed)



def play_out_hand(state: State, hand: int, policy: BotFactory, seed: int) -> None:
    """Play ``state`` to the end of hand number ``hand`` (or of the match) with every seat played by its own
    ``policy`` bot seeded ``seed + seat``, so every move compared from one state meets the same play-outs."""
    agents: dict[int, Agent] = {}
    while not state.is_over and state.hands_played == hand:
        seat = state.to_act[0]
        agent = agents.get(seat)
        if agent is None:
            agent = agents[seat] = policy(seed + seat)
        state.apply(agent.choose(SeatView(state, seat)), seat)
