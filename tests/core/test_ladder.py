"""The raise ladder: call, accept, refuse, raise, and who holds el quiero."""

from __future__ import annotations

from cartas.core.ladder import RaiseLadder

A, B = 0, 1


def truco() -> RaiseLadder:
    return RaiseLadder((1, 2, 3, 4))


def test_nothing_called_is_worth_the_first_value_and_either_side_may_call() -> None:
    ladder = truco()
    assert ladder.worth == 1
    assert ladder.may_call(A) and ladder.may_call(B)
    assert not ladder.may_raise(A)
    assert ladder.next_level == 1


def test_a_pending_call_is_not_worth_anything_until_accepted() -> None:
    ladder = truco()
    ladder.call(A)
    assert ladder.pending and ladder.caller == A
    assert ladder.worth == 1
    assert not ladder.may_call(A) and not ladder.may_call(B)
    assert ladder.may_raise(B) and not ladder.may_raise(A)
    assert ladder.next_level == 2


def test_accepting_sets_the_value_and_gives_el_quiero_to_the_acceptor() -> None:
    ladder = truco()
    ladder.call(A)
    ladder.accept(B)
    assert (ladder.level, ladder.worth, ladder.holder, ladder.pending) == (1, 2, B, False)
    assert ladder.may_call(B)
    assert not ladder.may_call(A), "only the side holding el quiero may raise"


def test_refusing_gives_the_caller_the_value_before_the_call() -> None:
    ladder = truco()
    ladder.call(A)
    assert ladder.refuse() == 1
    assert not ladder.pending
    ladder = truco()
    ladder.call(A)
    ladder.accept(B)
    ladder.call(B)
    assert ladder.refuse() == 2


def test_raising_as_a_reply_accepts_the_pending_call_first() -> None:
    ladder = truco()
    ladder.call(A)
    ladder.call(B)  # retruco in reply to truco
    assert (ladder.level, ladder.pending, ladder.caller) == (1, True, B)
    assert ladder.worth == 2
    assert ladder.may_raise(A) and not ladder.may_raise(B)
    assert ladder.refuse() == 2, "refusing the retruco still pays the accepted truco"


def test_the_top_of_the_ladder_cannot_be_raised() -> None:
    ladder = truco()
    ladder.call(A)
    ladder.call(B)
    assert not ladder.top
    ladder.call(A)  # vale cuatro in reply to retruco
    assert ladder.top
    assert not ladder.may_raise(B)
    ladder.accept(B)
    assert (ladder.worth, ladder.holder) == (4, B)
    assert not ladder.may_call(B) and not ladder.may_call(A)


def test_paulista_values() -> None:
    ladder = RaiseLadder((1, 3, 6, 9, 12))
    for team in (A, B, A, B):
        ladder.call(team)
        ladder.accept(1 - team)
    assert ladder.worth == 12 and ladder.top


def test_copy_is_independent() -> None:
    ladder = truco()
    ladder.call(A)
    other = ladder.copy()
    other.accept(B)
    assert (ladder.level, ladder.pending, ladder.holder) == (0, True, -1)
    assert (other.level, other.pending, other.holder) == (1, False, B)
    assert other.values is ladder.values
