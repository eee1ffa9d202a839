"""One test per rule and option of truco paulista, with stacked hands and exact points."""

from __future__ import annotations

from collections.abc import Callable
import random
from typing import Any

import pytest

from cartas.core.cards import Card
from cartas.core.errors import ActionParseError, IllegalActionError, OptionsError, PositionError
from cartas.core.i18n import speaking
from cartas.core.plugins.manager import get_registry
from cartas.core.tricks import PARDA
from cartas.games.truco_paulista.actions import BLIND, HIDE, PLAY, BlindPlay, Word
from cartas.games.truco_paulista.cards import CYCLE, FIXED_TABLE, manilha_rank
from cartas.games.truco_paulista.game import PaulistaGame
from cartas.games.truco_paulista.state import PaulistaState
from cartas.testing import perft

GAME = PaulistaGame()
A, B = 0, 1
Start = Callable[..., PaulistaState]
Play = Callable[..., None]
Legal = Callable[..., list[str]]


# --- cards, vira and manilhas ------------------------------------------------------------------------


@pytest.mark.parametrize(("vira", "manilha"), [(4, 5), (5, 6), (6, 7), (7, 10), (10, 11), (11, 12), (12, 1), (1, 2),
                                                (2, 3), (3, 4)])
def test_the_manilha_is_the_next_rank_in_the_cycle(vira: int, manilha: int) -> None:
    assert manilha_rank(Card(vira, "E")) == manilha


@pytest.mark.parametrize("vira", CYCLE)
def test_manilhas_beat_everything_by_suit_and_common_cards_tie_by_rank(start: Start, vira: int) -> None:
    state = start(["4E 5E 6E", "4C 5C 6C"], f"{vira}O")
    ranks = state.ranks
    m = manilha_rank(Card(vira, "O"))
    manilhas = [ranks[Card(m, s)] for s in "BCEO"]
    assert manilhas == sorted(manilhas, reverse=True) and len(set(manilhas)) == 4
    common = [r for r in (3, 2, 1, 12, 11, 10, 7, 6, 5, 4) if r != m]
    assert min(manilhas) > max(ranks[Card(r, "B")] for r in common)
    for high, low in zip(common, common[1:]):
        assert ranks[Card(high, "O")] > ranks[Card(low, "B")]
        assert len({ranks[Card(high, s)] for s in "OCEB"}) == 1


def test_the_vira_is_public_and_is_turned_after_the_deal(start: Start) -> None:
    state = start(["4E 5E 6E", "4C 5C 6C"], "7O")
    assert state.vira == Card(7, "O")
    for seat in (A, B):
        table = state.observation(seat).table
        assert table["vira"] == "7O" and table["manilha"] == 10


def test_fixed_manilhas_order_and_no_vira(start: Start, play: Play) -> None:
    order = ["4B", "7C", "1E", "7O", "3E", "2E", "1B", "12E", "11E", "10E", "7E", "6E", "5E", "4E"]
    strengths = [FIXED_TABLE[Card.parse(c)] for c in order]
    assert strengths == sorted(strengths, reverse=True) and len(set(strengths)) == len(strengths)
    assert FIXED_TABLE[Card.parse("1B")] == FIXED_TABLE[Card.parse("1O")] == FIXED_TABLE[Card.parse("1C")]
    assert FIXED_TABLE[Card.parse("4C")] == FIXED_TABLE[Card.parse("4O")] == FIXED_TABLE[Card.parse("4E")]
    state = start(["7O 5E 6E", "3C 5C 6C"], manilhas="fixas")
    assert state.vira is None and len(state.stock) == 34
    play(state, "0 play 7O", "1 play 3C")
    assert state.results == [A]


def test_fixed_manilhas_refuse_a_stacked_vira(start: Start) -> None:
    with pytest.raises(PositionError):
        start(["7O 5E 6E", "3C 5C 6C"], "4O", manilhas="fixas")


# --- tricks and ties ---------------------------------------------------------------------------------


def test_two_tricks_win_the_hand_and_the_winner_leads_the_next_trick(start: Start, play: Play) -> None:
    state = start(["4E 2E 5E", "3C 5C 6C"], "7O")
    play(state, "0 play 4E", "1 play 3C")
    assert state.results == [B] and state.to_act == (B,)
    play(state, "1 play 5C", "0 play 2E")
    assert state.to_act == (A,)
    play(state, "0 play 5E", "1 play 6C")
    assert state.scores() == (0, 1)


def test_a_tie_in_the_second_trick_goes_to_the_first_trick_winner(start: Start, play: Play) -> None:
    state = start(["3E 2E 5E", "4C 2C 6C"], "7O")
    play(state, "0 play 3E", "1 play 4C", "0 play 2E", "1 play 2C")
    assert state.scores() == (1, 0) and state.hands_played == 1


def test_a_tie_in_the_third_trick_goes_to_the_first_trick_winner(start: Start, play: Play) -> None:
    state = start(["3E 4E 2E", "4C 2C 2B"], "7O")
    play(state, "0 play 3E", "1 play 4C", "0 play 4E", "1 play 2C")
    assert state.results == [A, B]
    play(state, "1 play 2B", "0 play 2E")
    assert state.scores() == (1, 0)


def test_two_ties_then_the_third_trick_decides(start: Start, play: Play) -> None:
    state = start(["3E 2E 4E", "3C 2C 5C"], "7O")
    play(state, "0 play 3E", "1 play 3C", "0 play 2E", "1 play 2C")
    assert state.results == [PARDA, PARDA] and state.to_act == (A,)
    play(state, "0 play 4E", "1 play 5C")
    assert state.scores() == (0, 1)


def test_three_ties_pay_nothing_same_dealer_and_stake_back_to_one(start: Start, play: Play) -> None:
    state = start(["3E 2E 12E", "3C 2C 12C"], "4O")
    play(state, "0 truco", "1 aceito")
    play(state, "0 play 3E", "1 play 3C", "0 play 2E", "1 play 2C", "0 play 12E", "1 play 12C")
    assert state.scores() == (0, 0)
    assert state.dealer == B and state.mano == A
    assert state.ladder.worth == 1 and state.ladder.level == 0
    assert state.hands_played == 1
    assert [e.detail for e in state.events if e.kind == "hand"] == ["empate"]


def test_the_deal_passes_to_the_mao(start: Start, play: Play) -> None:
    state = start(["3E 2E 5E", "4C 2C 6C"], "7O")
    play(state, "0 play 3E", "1 play 4C", "0 play 2E", "1 play 2C")
    assert state.dealer == A and state.mano == B and state.to_act == (B,)
    assert all(len(hand) == 3 for hand in state.hands)


# --- truco, seis, nove, doze -------------------------------------------------------------------------


def test_truco_refused_gives_the_caller_one(start: Start, play: Play, legal: Legal) -> None:
    state = start(["3E 2E 5E", "4C 2C 6C"], "7O")
    play(state, "0 truco")
    assert state.to_act == (B,)
    assert legal(state, B) == ["aceito", "corro", "seis"]
    play(state, "1 corro")
    assert state.scores() == (1, 0)


@pytest.mark.parametrize(("calls", "refuser", "points"), [
    (["0 truco", "1 seis"], A, (0, 3)),
    (["0 truco", "1 seis", "0 nove"], B, (6, 0)),
    (["0 truco", "1 seis", "0 nove", "1 doze"], A, (0, 9)),
])
def test_refusing_a_raise_gives_the_value_before_it(start: Start, play: Play, calls: list[str], refuser: int, points: tuple[int, int]) -> None:
    state = start(["3E 2E 5E", "4C 2C 6C"], "7O")
    play(state, *calls)
    state.apply("corro", refuser)
    assert state.scores() == points


def test_doze_accepted_is_the_top_and_pays_twelve(start: Start, play: Play, legal: Legal) -> None:
    state = start(["3E 2E 5E", "4C 1C 6C"], "7O")
    play(state, "0 truco", "1 seis", "0 nove", "1 doze")
    assert legal(state, A) == ["aceito", "corro"]
    play(state, "0 aceito")
    assert state.ladder.worth == 12
    assert not any(a in legal(state, A) for a in ("truco", "seis", "nove", "doze"))
    play(state, "0 play 3E", "1 play 4C", "0 play 2E", "1 play 1C")
    assert state.is_over and state.scores() == (12, 0) and state.result().winners == (A,)


def test_the_caller_may_not_raise_after_acceptance_but_the_accepting_side_may(start: Start, play: Play, legal: Legal) -> None:
    state = start(["3E 2E 5E", "4C 2C 6C"], "7O")
    play(state, "0 truco", "1 aceito")
    assert legal(state, A) == ["play 3E", "play 2E", "play 5E"]
    play(state, "0 play 5E")
    assert "seis" in legal(state, B)
    play(state, "1 play 4C")
    assert state.to_act == (A,)
    assert legal(state, A) == ["play 3E", "play 2E", "hide 3E", "hide 2E"]
    play(state, "0 play 2E")
    assert legal(state, B) == ["play 2C", "play 6C", "hide 2C", "hide 6C", "seis"]


def test_raising_only_at_own_turn(start: Start) -> None:
    state = start(["3E 2E 5E", "4C 2C 6C"], "7O")
    assert state.legal_actions(B) == []
    with pytest.raises(IllegalActionError):
        state.apply("truco", B)


def test_after_an_accepted_call_play_resumes_with_the_seat_whose_turn_it_was(start: Start, play: Play, legal: Legal) -> None:
    state = start(["3E 2E 5E", "4C 2C 6C"], "7O")
    play(state, "0 play 5E", "1 truco", "0 seis", "1 aceito")
    assert state.ladder.worth == 6
    assert state.to_act == (B,)
    assert legal(state, B) == ["play 4C", "play 2C", "play 6C", "nove"], "the side that accepted may raise"


def test_four_players_either_partner_may_answer(start: Start, play: Play, legal: Legal) -> None:
    hands = ["1O 4B 5B", "3E 4E 5E", "2B 4C 5C", "3C 4O 6B"]
    state = start(hands, "5O", dealer=0)
    play(state, "1 truco")
    assert legal(state, 0) == legal(state, 2) == ["aceito", "corro", "seis"]
    state = start(hands, "5O", dealer=0)
    answering = []
    for move in ("1 truco", "0 seis", "3 aceito"):
        play(state, move)
        answering.append(state.to_act)
    assert answering == [(2, 0), (1, 3), (1,)], "the nearer opponent first; play resumes with seat 1"
    assert state.ladder.worth == 6


def test_no_useless_raise_forbids_raising_when_the_stake_already_wins(start: Start, play: Play, legal: Legal) -> None:
    hands = ["3E 2E 5E", "4C 2C 6C"]
    free = start(hands, "7O", scores=[3, 10])
    play(free, "0 truco")
    assert "seis" in legal(free, B)
    strict = start(hands, "7O", scores=[3, 10], no_useless_raise=True)
    play(strict, "0 truco")
    assert legal(strict, B) == ["aceito", "corro"]
    near = start(hands, "7O", scores=[10, 3], no_useless_raise=True)
    assert "truco" in legal(near, A), "10 + 1 does not reach 12"
    play(near, "0 truco", "1 aceito", "0 play 3E")
    assert "seis" in legal(near, B)


# --- the encoberta -----------------------------------------------------------------------------------


def test_a_face_down_card_ranks_below_even_a_four(start: Start, play: Play) -> None:
    state = start(["3E 2E 5E", "4C 2C 1C"], "7O")
    play(state, "0 play 3E", "1 play 4C", "0 hide 2E", "1 play 2C")
    assert state.results == [A, B]


def test_a_trick_of_face_down_cards_only_is_a_tie(start: Start, play: Play) -> None:
    state = start(["3E 2E 5E", "4C 2C 1C"], "7O")
    play(state, "0 play 3E", "1 play 4C", "0 hide 2E", "1 hide 2C")
    assert [e.detail for e in state.events if e.kind == "trick"] == ["0", "parda"]
    assert state.scores() == (1, 0), "a tie after a won first trick gives the hand to its winner"


def test_a_face_down_card_stays_hidden_from_the_others_but_its_owner_knows_it(start: Start, play: Play) -> None:
    hands = ["1O 4B 5B", "3E 4E 5E", "2B 4C 5C", "3C 4O 6B"]
    state = start(hands, "5O", dealer=0)
    play(state, "1 play 3E", "2 play 2B", "3 play 4O", "0 play 1O", "1 hide 4E")
    for seat in (0, 2, 3):
        assert Card.parse("4E") in state.hidden_from(seat)
        observation = state.observation(seat)
        assert "4E" not in observation.model_dump_json()
        assert observation.table["current_trick"] == [{"seat": 1, "card": None, "face_down": True}]
    own = state.observation(1)
    assert Card.parse("4E") not in state.hidden_from(1)
    assert own.table["current_trick"] == [{"seat": 1, "card": "4E", "face_down": True}]
    sample = state.sample(0, random.Random(3))
    assert sample.observation(0) == state.observation(0)


# --- mão de onze -------------------------------------------------------------------------------------


def test_mao_de_onze_played_is_worth_three_and_has_no_raises(start: Start, play: Play, legal: Legal) -> None:
    state = start(["3E 2E 5E", "4C 2C 6C"], "7O", scores=[11, 4])
    play(state, "0 jogo")
    assert legal(state, A) == ["play 3E", "play 2E", "play 5E", "truco"]
    play(state, "0 play 5E")
    assert legal(state, B) == ["play 4C", "play 2C", "play 6C", "truco"]
    play(state, "1 play 6C", "1 play 2C", "0 play 2E")
    assert state.scores() == (11, 7), "the side on 11 lost the hand: the opponents score 3"


def test_mao_de_onze_played_and_won_wins_the_match(start: Start, play: Play) -> None:
    state = start(["3E 2E 5E", "10B 2C 6C"], "7O", scores=[4, 11], dealer=0)
    assert state.to_act == (B,)
    play(state, "1 jogo", "1 play 10B", "0 play 3E", "1 play 2C", "0 play 5E")
    assert state.is_over and state.scores() == (4, 14) and state.result().winners == (B,)


@pytest.mark.parametrize("caller", [A, B])
def test_truco_in_a_mao_de_onze_loses_the_match(start: Start, play: Play, caller: int) -> None:
    state = start(["3E 2E 5E", "4C 2C 6C"], "7O", scores=[11, 4])
    play(state, "0 jogo")
    if caller == B:
        play(state, "0 play 5E")
    state.apply("truco", caller)
    assert state.is_over
    assert state.result().winners == (1 - caller,)
    assert state.scores() == (11, 4)


def test_mao_de_onze_four_players_both_partners_decide_and_see_each_other(start: Start, play: Play) -> None:
    hands = ["1O 4B 5B", "3E 4E 5E", "2B 4C 5C", "3C 4O 6B"]
    state = start(hands, "5O", dealer=0, scores=[2, 11])
    assert state.to_act == (1, 3)
    assert state.observation(1).table["partner_hand"] == ["3C", "4O", "6B"]
    assert state.observation(3).table["partner_hand"] == ["3E", "4E", "5E"]
    assert Card.parse("3C") not in state.hidden_from(1)
    assert "partner_hand" not in state.observation(0).table
    assert Card.parse("2B") in state.hidden_from(0) and Card.parse("2B") in state.hidden_from(1)
    sample = state.sample(1, random.Random(5))
    assert sample.hands[3] == state.hands[3]
    assert sample.observation(1) == state.observation(1)
    play(state, "3 corro")
    assert state.scores() == (3, 11)


# --- mão de ferro ------------------------------------------------------------------------------------


def test_blind_ferro_cards_are_unseen_and_played_by_place(start: Start, play: Play, legal: Legal) -> None:
    state = start(["3E 2E 5E", "4C 2C 6C"], "7O", scores=[11, 11], mao_de_ferro_blind=True)
    assert state.hand_of(A) == []
    assert legal(state, A) == ["play 1st", "play 2nd", "play 3rd"]
    observation = state.observation(A)
    assert observation.hand == [] and observation.table["blind"]
    assert not any(c in observation.model_dump_json() for c in ("3E", "2E", "5E"))
    assert Card.parse("3E") in state.hidden_from(A)
    play(state, "0 play 2nd")
    assert state.trick == [(A, Card.parse("2E"))]
    assert "2E" in state.observation(B).model_dump_json()
    play(state, "1 play 1st", "0 play 1st", "1 play 1st")
    assert state.is_over and state.scores() == (12, 11)


def test_blind_is_only_for_the_mao_de_ferro(start: Start, play: Play, legal: Legal) -> None:
    state = start(["3E 2E 5E", "4C 2C 6C"], "7O", scores=[10, 11], mao_de_ferro_blind=True)
    play(state, "1 jogo")
    assert legal(state, A)[:3] == ["play 3E", "play 2E", "play 5E"]


# --- actions, options, positions ---------------------------------------------------------------------


@pytest.mark.parametrize(("text", "action"), [
    ("play 3E", PLAY[Card(3, "E")]), ("3e", PLAY[Card(3, "E")]), ("jogar 12C", PLAY[Card(12, "C")]),
    ("hide 3E", HIDE[Card(3, "E")]), ("esconder 4b", HIDE[Card(4, "B")]), ("play 1st", BLIND[0]),
    ("play 3rd", BLIND[2]), ("jogar 2ª", BLIND[1]), ("truco", Word.TRUCO), ("TRUCO!", Word.TRUCO),
    ("seis", Word.SEIS), ("nove", Word.NOVE), ("doze", Word.DOZE), ("aceito", Word.ACEITO),
    ("Aceitó", Word.ACEITO), ("quero", Word.ACEITO), ("accept", Word.ACEITO), ("corro", Word.CORRO),
    ("fold", Word.CORRO), ("jogo", Word.JOGO), ("eu jogo", Word.JOGO),
])
def test_actions_parse_from_canonical_text_and_aliases(text: str, action: object) -> None:
    assert GAME.parse_action(text) == action
    assert GAME.parse_action(str(action)) == action


@pytest.mark.parametrize("text", ["", "play", "play 8E", "hide 13C", "retruco", "play 4th", "envido"])
def test_unreadable_actions_are_refused_with_the_forms(text: str) -> None:
    with pytest.raises(ActionParseError):
        GAME.parse_action(text)


def test_options_defaults_and_errors() -> None:
    options = GAME.options({})
    assert options.model_dump() == {
        "players": 2, "manilhas": "vira", "no_useless_raise": False, "mao_de_ferro_blind": False, "deck": "french",
    }
    with pytest.raises(OptionsError, match="2, 4"):
        GAME.options({"players": 3})
    with pytest.raises(OptionsError, match="vira, fixas"):
        GAME.options({"manilhas": "mineiro"})


@pytest.mark.parametrize("position", [
    {"hands": [["3E", "2E"], ["4C", "2C"]]},
    {"scores": [12, 3]},
    {"scores": [1, 2, 3]},
    {"up": "7O"},
    {"hands": [["3E", "2E", "5E"], ["3E", "2C", "6C"]]},
    {"hands": [["8E", "2E", "5E"], ["4C", "2C", "6C"]]},
])
def test_impossible_positions_are_refused(position: dict[str, Any]) -> None:
    with pytest.raises(PositionError):
        GAME.start({"players": 2}, seed=1, position=position)


def test_a_stacked_position_sets_hands_vira_dealer_and_scores(start: Start) -> None:
    state = start(["3E 2E 5E", "4C 2C 6C"], "7O", scores=[5, 9], dealer=0)
    assert state.hands == [[Card.parse(c) for c in "3E 2E 5E".split()], [Card.parse(c) for c in "4C 2C 6C".split()]]
    assert state.vira == Card(7, "O") and state.dealer == 0 and state.mano == 1 and state.scores() == (5, 9)


def test_blind_plays_are_not_offered_outside_a_blind_ferro(start: Start) -> None:
    state = start(["3E 2E 5E", "4C 2C 6C"], "7O")
    assert not any(isinstance(a, BlindPlay) for a in state.legal_actions(A))
    with pytest.raises(IllegalActionError):
        state.apply("play 1st", A)


def test_describe_speaks_portuguese(start: Start, play: Play) -> None:
    state = start(["3E 2E 5E", "4C 2C 6C"], "7O")
    play(state, "0 truco", "1 aceito", "0 play 3E")
    with speaking("pt-BR"):
        lines = [GAME.describe(e) for e in state.events]
        table = GAME.table_lines(state.observation(A))
    assert "Jogador 1: Truco!" in lines and "Jogador 2: Aceito!" in lines and "Jogador 1 joga o 3 de espadas" in lines
    assert "Vira: o 7 de ouros" in lines and any(line.startswith("Vira: o 7 de ouros   manilhas:") for line in table)


def test_an_observation_shows_its_own_hand_and_the_vira_and_no_other_hand(start: Start) -> None:
    hands = ["1O 4B 5B", "3E 4E 5E", "2B 4C 5C", "3C 4O 6B"]
    state = start(hands, "5O", dealer=0)
    for seat, hand in enumerate(hands):
        text = state.observation(seat).model_dump_json()
        assert all(card in text for card in hand.split())
        others = {card for other, cards in enumerate(hands) if other != seat for card in cards.split()}
        assert not any(f'"{card}"' in text for card in others)
        assert state.observation(seat).hand == hand.split()
        assert set(map(str, state.hidden_from(seat))) >= others


def test_the_identity_of_an_encoberta_is_an_event_for_its_owner_only(start: Start, play: Play) -> None:
    state = start(["3E 2E 5E", "4C 2C 1C"], "7O")
    play(state, "0 play 3E", "1 play 4C", "0 hide 2E")
    mine = [(e.kind, e.detail) for e in state.visible_events(A)]
    theirs = [(e.kind, e.detail) for e in state.visible_events(B)]
    assert ("hide", "2E") in mine and ("hide", "") not in mine
    assert ("hide", "") in theirs and ("hide", "2E") not in theirs


def test_perft_small_depths_by_hand(start: Start) -> None:
    state = start(["3E 2E 5E", "4C 2C 6C"], "7O")
    # The mão: three cards or truco. After a card: three cards or truco; after truco: aceito, corro, seis.
    assert perft(state, 1) == 4
    assert perft(state, 2) == 3 * 4 + 3
    blind = start(["3E 2E 5E", "4C 2C 6C"], "7O", scores=[11, 11], mao_de_ferro_blind=True)
    # Only cards, by place: 3 x 3 in the first rodada, then 2 x 2; the third rodada is forced or not played.
    assert perft(blind, 6) == 36


def test_the_plugin_registers_the_game_its_alias_and_bots() -> None:
    registry = get_registry()
    game = registry.game("paulista")
    assert game.name == "truco_paulista" and game.title == "Truco paulista"
    assert {"easy", "medium"} <= set(registry.bot_levels("truco_paulista"))
    assert "mao_de_ferro_blind" in game.rules_text() and "no_useless_raise" in game.rules_text()
