"""Bots that read each rival as the match goes (issue 32): the book of habits, what a finished hand tells it, and
the posterior an always-envido rival and an honest one leave behind."""

from __future__ import annotations

import itertools
from collections.abc import Callable

import pytest
from habit_rivals.truco import RIVALS as TRUCO_RIVALS
from rival_reading import assert_reads_as_shared

from cartas.core.bots.base import Agent, SeatView
from cartas.core.bots.inference import Observed, RivalBook, Tendency
from cartas.core.bots.inference.rivals import PRIOR_MEAN, logistic
from cartas.core.events import Event
from cartas.core.state import Action
from cartas.games.truco.bidding import BLUFF, ENVIDO_BARS, TANTO_SPREAD, TrucoBidding
from cartas.games.truco.bots import EasyBot, MediumBot, Reading
from cartas.games.truco.envido import tanto
from cartas.games.truco.game import TrucoGame
from cartas.core.cards import Card
from cartas.games.truco.rivals import TrucoRivalReader, envido_rate, envido_rate_given, hand_observations
from cartas.games.truco.state import RANK, TrucoState

GAME = TrucoGame()
PlayHands = Callable[[Agent, int, int], MediumBot]
"""The ``play_hands`` fixture (tests/truco/conftest.py)."""

TANTOS = [tanto(hand) for hand in itertools.combinations(RANK, 3)]
UNCONDITIONAL = sum(TANTOS) / len(TANTOS)
"""The mean tanto of a random hand (17.4)."""


def envido_mean(likelihood: Callable[[int], float]) -> float:
    """The mean tanto of a random hand whose holder called envido, with ``P(envido | tanto) = likelihood``."""
    weights = [likelihood(points) for points in TANTOS]
    return sum(w * points for w, points in zip(weights, TANTOS)) / sum(weights)


def read_envido(book: RivalBook, seat: int) -> Callable[[int], float]:
    return lambda points: book.likelihood(seat, "envido", True, logistic(points, ENVIDO_BARS["envido"], TANTO_SPREAD))


TODAY = envido_mean(lambda points: BLUFF + (1 - 2 * BLUFF) * logistic(points, ENVIDO_BARS["envido"], TANTO_SPREAD))
"""What an envido said of the tanto before the bots read their rivals (25.3): the same for everyone."""


class AlwaysEnvido(MediumBot):
    """``medium`` that opens the envido on every hand it can, otherwise unchanged (the issue's bully)."""

    def choose(self, view: SeatView) -> Action:
        legal = {str(action): action for action in view.legal_actions()}
        if "envido" in legal and view.observation().table["pending"] is None:
            return legal["envido"]
        return super().choose(view)


def test_a_rival_not_yet_seen_is_read_as_before() -> None:
    """An empty book gives every decision the likelihood the shared model gave, to the last digit that counts."""
    state = GAME.start({"players": 2}, seed=3)
    for word in ("envido", "quiero"):
        state.apply(word, state.to_act[0])
    reader = TrucoRivalReader()
    assert_reads_as_shared(reader, TrucoBidding(), SeatView(state, 1 - state.events[-2].seat), seed=5, worlds=30)
    assert envido_mean(read_envido(reader.book, 1)) == pytest.approx(TODAY, abs=1e-9)


@pytest.mark.parametrize(
    "seed", [21, 22, 23]
)
def test_ten_hands_of_always_envido_make_its_envido_say_little(seed: int, play_hands: PlayHands) -> None:
    """The issue's test: after 10 hands against a rival who opens the envido on every hand, the mean tanto its
    next envido speaks for is within 2 points of a random hand's (it was 25.3, 7.9 above; these deals leave
    18.8 and 19.0 after 10 and 8 envidos). Seed 22 met the bound once the envido was sung in turn (a losing
    "son buenas" hides the tanto, so the bots sample other deals and the match runs differently)."""
    reader = play_hands(AlwaysEnvido(7), 10, seed)
    assert reader._reader is not None
    tendency = reader._reader.book.tendencies[1, "envido"]
    assert tendency.seen >= 5 and tendency.said_yes == tendency.seen
    assert abs(TODAY - UNCONDITIONAL) > 7
    assert abs(envido_mean(read_envido(reader._reader.book, 1)) - UNCONDITIONAL) <= 2.0


@pytest.mark.parametrize("seed", [21, 22, 23])
def test_ten_hands_of_an_honest_rival_leave_the_reading_as_it_was(seed: int, play_hands: PlayHands) -> None:
    """Against ``easy``, which opens the envido from a tanto of 28 and never bluffs, the reading stays within
    2 points of today's (it moves up a little: 26.9, 26.0 and 26.7 on these deals)."""
    reader = play_hands(EasyBot(7), 10, seed)
    assert reader._reader is not None
    tendency = reader._reader.book.tendencies[1, "envido"]
    assert tendency.seen >= 5 and tendency.said_yes < tendency.seen
    assert abs(envido_mean(read_envido(reader._reader.book, 1)) - TODAY) <= 2.0


def test_the_book_moves_toward_the_rivals_own_frequency() -> None:
    """Calls with low tantos shown move the mass to 'yes whatever the cards'; passes with low tantos and calls
    with high ones (an honest player) keep the prior's mean; nothing seen, the prior itself."""
    loose, honest = Tendency(), Tendency()
    rate = envido_rate(27.0)
    for points in (20, 5, 23, 7, 30, 21, 4, 25, 6, 33):
        loose.record(True, logistic(points, 27.0, TANTO_SPREAD), rate)
        said = points >= 27
        honest.record(said, logistic(points, 27.0, TANTO_SPREAD), rate)
    assert loose.modes().yes > 0.5
    assert honest.modes().yes < PRIOR_MEAN[0] + 0.02
    assert RivalBook().modes(1, "envido") == PRIOR_MEAN


def _hand(*events: tuple[str, int, str]) -> list[Event]:
    return [Event(kind, seat, detail, None) for kind, seat, detail in events]


def test_a_finished_hand_tells_the_calls_and_passes_it_saw() -> None:
    """Seat 1 opened the envido with a tanto of 21 that its three cards played show, and it was refused; then
    it played without calling truco, and refused seat 0's truco."""
    events = _hand(
        ("deal", 0, ""), ("envido", 1, "envido"), ("no_quiero", 0, ""), ("play", 1, "1C"), ("play", 0, "4O"),
        ("trick", 1, "1"), ("play", 1, "12C"), ("truco", 0, "truco"), ("no_quiero", 1, ""),
    )
    seen = hand_observations(events, 0, [0, 1])
    assert [(o.seat, o.key, o.said_yes, o.honest is None) for o in seen] == [
        (1, "envido", True, False), (1, "truco", False, True), (1, "truco", False, True),
        (1, "truco answer", False, True),
    ]
    # two of its three cards came to light: the envido is weighed over the hands they leave possible (a 1 and a
    # 12 of copas: a tanto of 21, 27 or 28 with a third copa), not over a random hand: less likely an honest call
    assert seen[0].honest == pytest.approx(envido_rate_given(27.0, (Card.parse("1C"), Card.parse("12C")), None))
    assert logistic(21, 27.0, TANTO_SPREAD) < seen[0].honest < envido_rate(27.0) / 2
    whole = events + _hand(("play", 1, "5C"))  # its third card comes to light: a tanto of 26 (1C and 5C)
    told = hand_observations(whole, 0, [0, 1])
    assert told[0].honest == pytest.approx(logistic(26, 27.0, TANTO_SPREAD))
    assert told[0].base_rate == pytest.approx(envido_rate(27.0))
    assert all(o.honest is not None for o in told)


def test_medium_mixes_its_envido_call_at_the_bar() -> None:
    """Mixed strategies: with the same cards at the same score, different bot seeds open the envido at a rate
    that follows the tanto (not a fixed threshold), and a seed always makes the same choice."""
    rates: dict[int, float] = {}
    for seed in range(600):
        state = GAME.start({"players": 2, "points": 30}, seed=seed)
        view = SeatView(state, state.to_act[0])
        points = Reading.of(view).tanto
        if points in rates or points not in (31, 28, 27, 5):
            continue
        calls = [str(MediumBot(bot).choose(view)) in ("envido", "real envido") for bot in range(60)]
        rates[points] = sum(calls) / len(calls)
        again = [str(MediumBot(bot).choose(view)) in ("envido", "real envido") for bot in range(60)]
        assert calls == again
        if len(rates) == 4:
            break
    assert set(rates) == {31, 28, 27, 5}
    assert rates[31] >= 0.95
    assert 0.3 <= rates[28] <= 0.9  # the mano's bar: sometimes yes, sometimes no
    assert rates[27] <= rates[28] and rates[27] < 0.5
    assert rates[5] <= 0.2


def test_hard_keeps_one_book_and_lends_it_to_the_bot_it_checks() -> None:
    from cartas.core.bots.search_bot import HardBot

    state = GAME.start({"players": 2, "points": 30}, seed=4)
    hard = HardBot(3)
    agents: dict[int, Agent] = {0: hard, 1: AlwaysEnvido(5)}
    while not state.is_over and state.hands_played < 3:
        seat = state.to_act[0]
        state.apply(agents[seat].choose(SeatView(state, seat)), seat)
    engine = hard.engine("truco")
    reader = getattr(engine, "_reader")
    assert isinstance(reader, TrucoRivalReader)
    reader.observe(SeatView(state, 0))
    assert reader.book.tendencies, "three finished hands and nothing read"
    assert all(seat == 1 for seat, _ in reader.book.tendencies)


def test_a_decision_in_play_is_weighed_by_the_book() -> None:
    """The book's habits reach the likelihood of the hand in progress: an always-yes rival's envido weighs a
    low tanto nearly as a high one."""
    book = RivalBook()
    for _ in range(20):
        book.record(Observed(1, "envido", True, None, envido_rate(27.0)))
    low, high = read_envido(book, 1)(5), read_envido(book, 1)(31)
    assert low / high > 0.7  # from 0.09 for a rival not yet seen
    fresh = RivalBook()
    assert read_envido(fresh, 1)(5) / read_envido(fresh, 1)(31) < 0.1


def test_no_falta_envido_worth_the_match_is_accepted_with_25() -> None:
    """Issue 32's first named blunder (seed 11, hand 2): as mano with a tanto of 25, at 0-1 in a match to 15,
    a falta envido (worth the match) is refused, by ``medium`` and by ``hard``, whatever the bot's seed."""
    from cartas.core.bots.search_bot import HardBot

    state = GAME.start({"players": 2, "points": 15}, seed=11, position={
        "dealer": 1, "scores": [0, 1], "hands": [["5E", "12E", "4O"], ["1E", "7C", "6C"]],
    })
    assert Reading.of(SeatView(state, 0)).tanto == 25
    state.apply("play 4O", 0)
    state.apply("falta envido", 1)
    view = SeatView(state, 0)
    assert {str(MediumBot(seed).choose(view)) for seed in range(40)} == {"no quiero"}
    assert {str(HardBot(seed).choose(view)) for seed in range(6)} == {"no quiero"}


def test_a_rival_not_yet_seen_is_read_as_before_for_a_falta_envido() -> None:
    state = GAME.start({"players": 2, "points": 15}, seed=11, position={"dealer": 1, "scores": [0, 1]})
    state.apply("falta envido", 0)
    view = SeatView(state, 1)
    assert assert_reads_as_shared(TrucoRivalReader(), TrucoBidding(), view, seed=2, worlds=20) == 20  # the falta each


@pytest.mark.parametrize("habit", ["envido", "truco", "refuse", "bluff"])
def test_the_always_rivals_play_whole_matches_with_their_habit(habit: str) -> None:
    from cartas.core.match import run_match
    from cartas.games.truco.bots import EasyBot

    state = GAME.start({"players": 2, "points": 15}, seed=9)
    run_match(state, {0: TRUCO_RIVALS.bot(habit, 1), 1: EasyBot(2)})
    assert state.is_over
    said = [event for event in state.events if event.seat == 0 and event.kind in ("envido", "truco", "no_quiero")]
    kinds = {event.kind for event in said}
    expected = {"envido": "envido", "truco": "truco", "refuse": "no_quiero", "bluff": "envido"}[habit]
    assert expected in kinds
    if habit == "envido":
        deals = sum(1 for event in state.events if event.kind == "deal")
        assert sum(1 for event in said if event.kind == "envido") >= deals // 2


def _finished_match(rival: Agent, seed: int) -> TrucoState:
    """A whole match to 15 between ``medium`` at seat 0 and ``rival`` at seat 1."""
    state = GAME.start({"players": 2, "points": 15}, seed=seed)
    agents: dict[int, Agent] = {0: MediumBot(seed + 1), 1: rival}
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(agents[seat].choose(SeatView(state, seat)), seat)
    return state


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_a_rematch_bot_remembers_the_rivals_habits(level: str) -> None:
    """Issue 32: a person's tendencies carry across a table's matches. A bot made for the rematch and given the
    finished match (:func:`remember_matches`) starts with the book a bot at the end of that match had: the
    always-envido rival's envidos, every one of them a yes, and its next envido read as a weak tanto. A bot
    not given it starts as a stranger would (the prior)."""
    from cartas.core.bots import remember_matches
    from cartas.core.bots.search_bot import HardBot

    earlier = _finished_match(AlwaysEnvido(7), seed=31)
    make = MediumBot if level == "medium" else HardBot
    fresh, rematch = make(5), make(5)
    assert remember_matches(rematch, [SeatView(earlier, 0)])

    def book_of(bot: Agent) -> RivalBook | None:
        holder = bot.engine("truco") if isinstance(bot, HardBot) else bot
        reader = getattr(holder, "_reader")
        return None if reader is None else reader.book

    book = book_of(rematch)
    assert book is not None
    tendency = book.tendencies[1, "envido"]
    whole = TrucoRivalReader()
    whole.observe(SeatView(earlier, 0))
    assert tendency.seen == whole.book.tendencies[1, "envido"].seen >= 5
    assert tendency.said_yes == tendency.seen
    assert abs(envido_mean(read_envido(book, 1)) - UNCONDITIONAL) <= 3.0
    assert book_of(fresh) is None or not book_of(fresh).tendencies  # type: ignore[union-attr]
    assert envido_mean(read_envido(RivalBook(), 1)) == pytest.approx(TODAY, abs=1e-9)


def test_the_last_hand_of_a_finished_match_is_remembered_too() -> None:
    """A finished match's last hand is over: the seat's view hands it out with the others."""
    earlier = _finished_match(AlwaysEnvido(7), seed=31)
    events, end = SeatView(earlier, 0).finished_events(0)
    assert end == len(earlier.events)
    assert events[-1] == [e for e in earlier.events if e.visible(0)][-1]


def test_a_bot_that_keeps_no_book_does_not_remember() -> None:
    from cartas.core.bots import remember_matches

    earlier = _finished_match(AlwaysEnvido(7), seed=31)
    assert not remember_matches(EasyBot(1), [SeatView(earlier, 0)])


def test_the_terminals_rematch_bots_remember_the_match_before() -> None:
    """At the terminal, the rematch's bots are made with the finished match (``make_bots(..., earlier)``), so
    the medium bot at seat 0 starts with seat 1's always-envido habit in its book."""
    from types import SimpleNamespace

    from cartas.cli.session import make_bots
    from cartas.core.plugins.manager import get_registry

    earlier = _finished_match(AlwaysEnvido(7), seed=31)
    registry = get_registry()
    app = SimpleNamespace(registry=registry)
    again = GAME.start({"players": 2, "points": 15}, seed=32)
    remembering = make_bots(app, again, {0: "medium", 1: "human"}, earlier=[earlier])  # type: ignore[arg-type]
    forgetting = make_bots(app, again, {0: "medium", 1: "human"})  # type: ignore[arg-type]
    book = remembering[0].agent._reader.book  # type: ignore[attr-defined]
    assert book.tendencies[1, "envido"].seen >= 5
    assert forgetting[0].agent._reader is None  # type: ignore[attr-defined]


def test_a_son_buenas_bounds_the_tanto_it_hides() -> None:
    """The rival opened the envido, seat 0 raised, the rival accepted; seat 0 sang 30 and the rival said "son
    buenas": his tanto is at most 30, so his call is weighed over the hands with a tanto of 30 or less, and his
    first card played (a 4 de bastos) narrows them further."""
    events = _hand(
        ("deal", 0, ""), ("envido", 1, "envido"), ("envido", 0, "real envido"), ("quiero", 1, ""),
        ("tanto", 0, "30"), ("son_buenas", 1, "envido"), ("play", 1, "4B"),
    )
    call = hand_observations(events, 0, [0, 1])[0]
    assert (call.key, call.said_yes) == ("envido", True)
    assert call.honest == pytest.approx(envido_rate_given(27.0, (Card.parse("4B"),), 30))
    assert call.honest < envido_rate_given(27.0, (Card.parse("4B"),), None) < 1
    assert envido_rate_given(27.0, (), None) == pytest.approx(envido_rate(27.0))
