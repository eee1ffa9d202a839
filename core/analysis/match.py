"""A match analysed move by move for one seat: each decision's moves valued, the move played marked, summed up.

The record is replayed move by move; at each decision of the seat with more than one legal move, every legal
move is valued (:func:`cartas.core.analysis.valuation.value_moves`) on deals sampled from the seat's view at
that moment, with a seed made of the analysis seed and the move's number only, so the result depends on nothing
the seat did not know. The move played is compared with the best one, paired on the same deals; a loss whose
interval stays above zero is marked by its size (:func:`mark_for`), a smaller one is "too close to call".
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from .odds import win_chance
from .valuation import DecisionValues, Interval, MoveValue, value_moves
from ..bots.base import SeatView
from ..errors import CartasError, RecordError
from ..game import Game
from ..record import MatchRecord
from ..state import Action, State

DEFAULT_SAMPLES = 24
"""Sampled deals per decision: each is played out once per legal move."""

BEST, TOO_CLOSE, INACCURACY, MISTAKE, BLUNDER = "best", "too_close", "inaccuracy", "mistake", "blunder"
MARKS = (INACCURACY, MISTAKE, BLUNDER)
"""The marks of a real loss, smallest first."""

CHANCE_MISTAKE, CHANCE_BLUNDER = 0.04, 0.10
"""A real loss of this much chance of winning the match is an error (4 points in a hundred), a grave one (10)."""
POINTS_MISTAKE, POINTS_BLUNDER = 0.1, 0.3
"""A real loss of this fraction of the game's ``gain_scale`` in points of the hand is an error (a point in
truco, 3.3 in chinchón), a grave one (3 in truco, 10 in chinchón)."""

Progress = Callable[[int, int], None]
"""Told ``(decisions done, decisions in all)`` after each decision."""


@dataclass(frozen=True)
class Decision:
    """One decision of the seat: the moves best first, the move played, the best one, the loss and the mark."""

    move: int
    """The index of the move in the record's actions (0 first)."""
    hand: int
    """The hand it was played in, 1 first."""
    scores: tuple[int, ...]
    moves: list[MoveValue]
    played: Action
    best: Action
    by_chance: bool
    """Whether the moves are ranked by the chance of winning the match (the match is at stake) or by points."""
    loss_points: Interval | None
    loss_chance: Interval | None
    mark: str
    samples: int
    match_decides: bool = False
    """Valuing by the match changes the answer here (see :meth:`DecisionValues.match_decides`)."""

    @property
    def real_loss(self) -> bool:
        return self.mark in MARKS


@dataclass
class HandSummary:
    """One hand: the scores and chance after it, the seat's decisions in it and what they gave away."""

    hand: int
    scores_after: tuple[int, ...] | None = None
    chance_after: float | None = None
    decisions: int = 0
    marks: dict[str, int] = field(default_factory=lambda: {mark: 0 for mark in MARKS})
    lost_points: float = 0.0
    lost_chance: float = 0.0


@dataclass
class MatchAnalysis:
    """A whole match for one seat."""

    game: str
    seat: int
    samples: int
    seed: int
    start_chance: float | None
    decisions: list[Decision]
    hands: list[HandSummary]

    @property
    def lost_points(self) -> float:
        return sum(hand.lost_points for hand in self.hands)

    @property
    def lost_chance(self) -> float:
        return sum(hand.lost_chance for hand in self.hands)

    def marks(self) -> dict[str, int]:
        return {mark: sum(hand.marks[mark] for hand in self.hands) for mark in MARKS}

    def costliest_hands(self, count: int = 3) -> list[HandSummary]:
        """The hands where the most was given away (chance first, then points), the costliest first."""
        costly = [hand for hand in self.hands if hand.lost_points > 0 or hand.lost_chance > 0]
        return sorted(costly, key=lambda hand: (-hand.lost_chance, -hand.lost_points))[:count]


def mark_for(game: Game, points: Interval | None, chance: Interval | None, real: bool) -> str:
    """The mark of a move that is not the best: by the larger of its loss in chance and in points, when real.

    A measure whose loss lies inside its own ± interval does not raise the mark (a loss of "4.6 % ± 8.7" is
    not called a mistake): only a move that loses the match outright is judged on the means alone."""
    if not real:
        return TOO_CLOSE
    if (chance is not None and chance.real) or (points is not None and points.real):
        chance = chance if chance is not None and chance.real else None
        points = points if points is not None and points.real else None
    size = 0
    if chance is not None:
        size = max(size, 2 if chance.mean >= CHANCE_BLUNDER else 1 if chance.mean >= CHANCE_MISTAKE else 0)
    if points is not None:
        scale = game.gain_scale
        size = max(size, 2 if points.mean >= POINTS_BLUNDER * scale else 1 if points.mean >= POINTS_MISTAKE * scale
                   else 0)
    return MARKS[size]


def judge(game: Game, values: DecisionValues, played: Action) -> tuple[Action, Interval | None, Interval | None, str]:
    """The best move, the played move's losses against it (points, chance) and its mark."""
    order = values.ranking()
    best = order[0]
    index = values.legal.index(played)
    if index == best:
        return values.legal[best], None, None, BEST
    by_chance = values.by_match()
    points = values.difference(best, index, by_chance=False)
    chance = values.difference(best, index, by_chance=True) if values.chances is not None else None
    deciding = chance if by_chance and chance is not None else points
    real = deciding.real or played in values.losing
    return values.legal[best], points, chance, mark_for(game, points, chance, real)


def decisions_of(game: Game, record: MatchRecord, seat: int) -> int:
    """How many decisions of ``seat`` with a choice the record holds (for a progress bar's total)."""
    return sum(1 for _ in _walk(game, record, seat))


def analyse(
    game: Game,
    record: MatchRecord,
    seat: int,
    *,
    samples: int = DEFAULT_SAMPLES,
    seed: int = 0,
    progress: Progress | None = None,
) -> MatchAnalysis:
    """Analyse ``record`` for ``seat``; a record that does not replay is refused with :class:`RecordError`."""
    if samples < 1:
        raise ValueError("samples must be at least 1")
    total = decisions_of(game, record, seat) if progress is not None else 0
    state = _seat_start(game, record, seat)
    decisions: list[Decision] = []
    for number, (who, text) in enumerate(record.actions):
        decision = _decision(game, state, seat, number, who, text, samples, seed)
        if decision is not None:
            decisions.append(decision)
            if progress is not None:
                progress(len(decisions), total)
        _apply(state, number, who, text)
    return summarise(game, record, seat, decisions, samples=samples, seed=seed)


def decision_moves(game: Game, record: MatchRecord, seat: int) -> list[int]:
    """The record's move numbers where ``seat`` chose among several legal moves: the decisions :func:`analyse`
    values, one by one with :func:`decision_at` where the work is spread out (the server's bot pool)."""
    return _walk(game, record, seat)


def decision_at(
    game: Game, record: MatchRecord, seat: int, number: int, *, samples: int = DEFAULT_SAMPLES, seed: int = 0
) -> Decision | None:
    """The decision of ``seat`` at move ``number`` alone, exactly as :func:`analyse` values it (the same deals,
    the same seed); ``None`` where the seat had no choice to make."""
    state = _seat_start(game, record, seat)
    for index, (who, text) in enumerate(record.actions[:number]):
        _apply(state, index, who, text)
    who, text = record.actions[number]
    return _decision(game, state, seat, number, who, text, samples, seed)


def summarise(
    game: Game, record: MatchRecord, seat: int, decisions: list[Decision], *, samples: int, seed: int
) -> MatchAnalysis:
    """The analysis of ``seat`` from its valued ``decisions``: the hands' scores and chances after them (from the
    record's public score), and what each hand's decisions gave away."""
    state = _seat_start(game, record, seat)
    start_chance = win_chance(state, seat)
    hands: dict[int, HandSummary] = {}
    for number, (who, text) in enumerate(record.actions):
        hand = state.hands_played + 1
        summary = hands.setdefault(hand, HandSummary(hand))
        _apply(state, number, who, text)
        if state.hands_played + 1 != hand or state.is_over:
            summary.scores_after = tuple(state.scores())
            summary.chance_after = win_chance(state, seat)
    for decision in decisions:
        summary = hands.setdefault(decision.hand, HandSummary(decision.hand))
        summary.decisions += 1
        if decision.real_loss:
            summary.marks[decision.mark] += 1
            if decision.loss_points is not None:
                summary.lost_points += max(decision.loss_points.mean, 0.0)
            if decision.loss_chance is not None:
                summary.lost_chance += max(decision.loss_chance.mean, 0.0)
    return MatchAnalysis(game.name, seat, samples, seed, start_chance, decisions, [hands[h] for h in sorted(hands)])


def _decision(
    game: Game, state: State, seat: int, number: int, who: int, text: str, samples: int, seed: int
) -> Decision | None:
    """The decision at ``state`` (before move ``number``, ``who`` playing ``text``), valued, or ``None``."""
    if who != seat or state.is_over:
        return None
    legal = state.legal_actions(seat)
    played = _parse(state, text, who, number)
    if len(legal) <= 1 or played not in legal:
        return None
    view = SeatView(state, seat)
    values = value_moves(game, view, samples=samples, seed=seed * 1_000_003 + number)
    best, loss_points, loss_chance, mark = judge(game, values, played)
    return Decision(number, state.hands_played + 1, tuple(state.scores()),
                    [values.moves()[i] for i in values.ranking()], played, best, values.by_match(), loss_points,
                    loss_chance, mark, values.samples, values.match_decides())


def _seat_start(game: Game, record: MatchRecord, seat: int) -> State:
    start = _start(game, record)
    if not 0 <= seat < start.table.n_seats:
        raise RecordError(f"there is no seat {seat}: the match has seats 0 to {start.table.n_seats - 1}")
    return start


def _apply(state: State, number: int, who: int, text: str) -> None:
    try:
        state.apply(text, who)
    except CartasError as error:
        raise RecordError(f"move {number + 1} ({text!r} by seat {who}) does not replay: {error}") from None


def _start(game: Game, record: MatchRecord) -> State:
    if record.game != game.name:
        raise RecordError(f"the record is of {record.game!r}, not {game.name!r}")
    try:
        return game.start(record.options, seed=record.seed, position=record.position)
    except CartasError as error:
        raise RecordError(f"the record's match cannot start again: {error}") from None


def _parse(state: State, text: str, seat: int, number: int) -> Action:
    for action in state.legal_actions(seat):
        if str(action) == text:
            return action
    try:
        return state.game.parse_action(text)
    except CartasError as error:
        raise RecordError(f"move {number + 1} ({text!r} by seat {seat}) does not replay: {error}") from None


def _walk(game: Game, record: MatchRecord, seat: int) -> list[int]:
    """The record's move numbers where ``seat`` chose among several legal moves."""
    state = _start(game, record)
    out = []
    for number, (who, text) in enumerate(record.actions):
        if who == seat and not state.is_over:
            legal = state.legal_actions(seat)
            if len(legal) > 1 and _parse(state, text, who, number) in legal:
                out.append(number)
        _apply(state, number, who, text)
    return out
