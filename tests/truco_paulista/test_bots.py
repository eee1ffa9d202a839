"""The bots: legal, complete matches, sound mão de onze decisions, no raise once the match is decided."""

from __future__ import annotations

from typing import Any

import pytest

from cartas.core.bots.base import SeatView
from cartas.core.match import run_match
from cartas.core.bots.rollout import RolloutBot
from cartas.games.truco_paulista.actions import RAISES, Word
from cartas.games.truco_paulista.bots import EasyBot, MediumBot, QuickMediumBot
from cartas.games.truco_paulista.game import PaulistaGame
from cartas.games.truco_paulista.state import PaulistaState

GAME = PaulistaGame()


def start(hands: list[str], up: str, *, dealer: int = 1, scores: list[int] | None = None,
          **options: Any) -> PaulistaState:
    position: dict[str, Any] = {"hands": [h.split() for h in hands], "dealer": dealer, "up": up}
    if scores is not None:
        position["scores"] = scores
    state = GAME.start({"players": len(hands), **options}, seed=3, position=position)
    assert isinstance(state, PaulistaState)
    return state


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("options", [{}, {"manilhas": "fixas", "mao_de_ferro_blind": True}])
def test_bots_play_whole_matches(players: int, options: dict[str, Any]) -> None:
    for seed in range(2):
        state = GAME.start({"players": players, **options}, seed=seed)
        agents = {seat: (MediumBot(seed) if seat % 2 == 0 else EasyBot(seed)) for seat in range(players)}
        result = run_match(state, agents)
        assert state.is_over and result.winners
        assert not any(e.kind == "forfeit" for e in state.events), "bots never call truco in a mão de onze"


def test_medium_plays_a_strong_mao_de_onze() -> None:
    # Vira 7O: the 10s are manilhas; zap and copas plus a 3 is about as strong as a hand gets.
    state = start(["10B 10C 3E", "4C 5C 6C"], "7O", scores=[11, 6])
    assert MediumBot(1).choose(SeatView(state, 0)) is Word.JOGO


def test_medium_runs_from_a_weak_mao_de_onze() -> None:
    state = start(["4E 5B 6E", "3C 2C 10B"], "7O", scores=[11, 9])
    assert MediumBot(1).choose(SeatView(state, 0)) is Word.CORRO


def test_medium_counts_the_partners_seen_hand_in_a_four_player_mao_de_onze() -> None:
    hands = ["4E 5B 6E", "4C 5C 6C", "10B 10C 3E", "4O 5O 6O"]
    state = start(hands, "7O", dealer=3, scores=[11, 8])
    assert state.to_act == (0, 2)
    assert MediumBot(1).choose(SeatView(state, 0)) is Word.JOGO


@pytest.mark.parametrize("bot", [EasyBot, MediumBot])
def test_bots_never_raise_when_winning_the_hand_already_takes_the_match(bot: type) -> None:
    state = start(["10B 10C 3E", "4C 5C 6C"], "7O", scores=[9, 0])
    for move, seat in (("play 3E", 0), ("truco", 1), ("aceito", 0), ("play 4C", 1)):
        state.apply(move, seat)
    assert "seis" in [str(a) for a in state.legal_actions(0)], "9 + 3 reaches 12: seis is pointless but legal"
    for seed in range(10):
        assert bot(seed).choose(SeatView(state, 0)) not in RAISES


def test_medium_raises_with_a_near_certain_hand() -> None:
    state = start(["10B 10C 10E", "4C 5C 6C"], "7O", scores=[0, 0])
    assert MediumBot(2).choose(SeatView(state, 0)) is Word.TRUCO


def test_medium_accepts_with_a_strong_hand_and_runs_with_a_hopeless_one() -> None:
    strong = start(["4C 5C 6C", "10B 10C 3E"], "7O")
    strong.apply("truco", 0)
    assert MediumBot(1).choose(SeatView(strong, 1)) in (Word.ACEITO, Word.SEIS)
    weak = start(["10B 10C 3E", "4C 5C 6C"], "7O")
    weak.apply("truco", 0)
    assert MediumBot(1).choose(SeatView(weak, 1)) is Word.CORRO


def test_medium_offers_a_quicker_variant_of_itself_for_rollouts() -> None:
    """``hard`` looks ``for_rollouts`` up on the registered factory: the class, not an instance."""
    quick = getattr(MediumBot, "for_rollouts", None)
    assert quick is QuickMediumBot
    assert quick.SAMPLES < MediumBot.SAMPLES and quick.CARD_SAMPLES < MediumBot.CARD_SAMPLES


def _play_hand(seed: int, players: int) -> list[str]:
    """One mão played by the quick variant at every seat, each move checked legal; the moves as text."""
    state = GAME.start({"players": players}, seed=seed)
    bots = {seat: QuickMediumBot(seed + seat) for seat in range(players)}
    moves = []
    while not state.is_over and state.hands_played == 0:
        seat = state.to_act[0]
        action = bots[seat].choose(SeatView(state, seat))
        assert action in state.legal_actions(seat)
        moves.append(str(action))
        state.apply(action, seat)
    assert state.hands_played == 1 or state.is_over
    return moves


@pytest.mark.parametrize("players", [2, 4])
def test_quick_medium_plays_legal_moves_and_repeats_itself_for_a_seed(players: int) -> None:
    for seed in range(4):
        assert _play_hand(seed, players) == _play_hand(seed, players)


def test_quick_medium_keeps_mediums_judgement_where_it_is_clear() -> None:
    strong = start(["10B 10C 3E", "4C 5C 6C"], "7O", scores=[11, 6])
    weak = start(["4E 5B 6E", "3C 2C 10B"], "7O", scores=[11, 9])
    for seed in range(5):
        assert QuickMediumBot(seed).choose(SeatView(strong, 0)) is Word.JOGO
        assert QuickMediumBot(seed).choose(SeatView(weak, 0)) is Word.CORRO


def test_rollouts_of_medium_play_out_with_the_quick_variant(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = []

    def counted(bot: QuickMediumBot, view: SeatView) -> object:
        calls.append(view.seat)
        return MediumBot.choose(bot, view)

    monkeypatch.setattr(QuickMediumBot, "choose", counted)
    state = start(["10B 4C 3E", "5C 6C 7E"], "7O")
    rollout = RolloutBot(0, base=MediumBot, samples=2)
    assert rollout.choose(SeatView(state, 0)) in state.legal_actions(0)
    assert rollout.last_samples == 2 and set(calls) == {0, 1}, "both seats played out by the quick variant"


def test_quick_medium_plays_the_heuristic_card_without_sampling(monkeypatch: pytest.MonkeyPatch) -> None:
    """Its card is :func:`choose_card`'s, not the best of play-outs on sampled states (over half of ``hard``'s
    time, and on six states mostly the luckiest card)."""
    from cartas.games.truco_paulista.bots import levels as bots

    def refused(*args: object, **kwargs: object) -> object:
        raise AssertionError("the quick variant sampled states to choose a card")

    state = start(["10B 4C 3E", "5C 6C 7E"], "7O")
    state.apply("truco", 0)
    state.apply("aceito", 1)  # nothing left to bet on: the next move is a card
    view = SeatView(state, 0)
    monkeypatch.setattr(bots, "samples_of", refused)
    observation = view.observation()
    cards = [a for a in view.legal_actions() if not isinstance(a, Word)]
    assert QuickMediumBot(1).choose(view) == bots._heuristic_card(view, observation, cards)


def test_the_cached_strengths_are_those_of_the_rank_tables() -> None:
    """``common_strength`` and ``is_manilha`` read the game's tables from a cache (for ``hard``'s time); they
    answer as the table itself does, for every table, and for a table the cache has never seen."""
    from cartas.core import Card
    from cartas.games.truco_paulista.bots.levels import SUITS, common_strength, is_manilha
    from cartas.games.truco_paulista.cards import COMMON_ORDER, FIXED_TABLE, VIRA_TABLES

    for table in (*VIRA_TABLES.values(), FIXED_TABLE, dict(VIRA_TABLES[7]), dict(VIRA_TABLES[2])):
        for rank in COMMON_ORDER:
            assert common_strength(table, rank) == min(table[Card(rank, suit)] for suit in SUITS)
    assert common_strength(VIRA_TABLES[7], 2) == common_strength(dict(VIRA_TABLES[7]), 2)


@pytest.mark.parametrize("vira", [4, 5, 6, 7, 10, 11, 12, 1, 2, 3])
def test_the_manilhas_are_the_four_cards_after_the_vira(vira: int) -> None:
    """With a vira of 2 the treses are the manilhas; ``is_manilha`` used to name none then (it compared a card
    with the best three, the zap itself), so ``easy`` played that mão as if it held no manilha."""
    from cartas.core import Card
    from cartas.games.truco_paulista.bots.levels import is_manilha
    from cartas.games.truco_paulista.cards import FIXED_MANILHAS, FIXED_TABLE, VIRA_TABLES, manilha_rank

    table = VIRA_TABLES[vira]
    rank = manilha_rank(Card(vira, "O"))
    assert {card for card in table if is_manilha(table, card)} == {card for card in table if card.rank == rank}
    assert {card for card in table if is_manilha(dict(table), card)} == {c for c in table if c.rank == rank}
    assert {card for card in FIXED_TABLE if is_manilha(FIXED_TABLE, card)} == set(FIXED_MANILHAS)
