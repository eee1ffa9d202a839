"""Seats, partnerships and turn order."""

from __future__ import annotations

import pytest

from cartas.core import Table


@pytest.mark.parametrize(("n_seats", "teams"), [(2, (0, 1)), (4, (0, 1, 0, 1)), (6, (0, 1, 0, 1, 0, 1))])
def test_partners_alternate_around_the_table(n_seats: int, teams: tuple[int, ...]) -> None:
    table = Table.partnership(n_seats)
    assert table.teams == teams
    assert table.n_teams == 2
    assert table.members(0) == tuple(range(0, n_seats, 2))
    assert table.members(1) == tuple(range(1, n_seats, 2))


def test_three_teams_of_two() -> None:
    table = Table.partnership(6, n_teams=3)
    assert table.teams == (0, 1, 2, 0, 1, 2)
    assert table.partners(4) == (1,)


def test_partners_and_team_of() -> None:
    table = Table.partnership(6)
    assert table.partners(2) == (0, 4)
    assert table.partners(1) == (3, 5)
    assert table.team_of(5) == 1


def test_everyone_for_himself_by_default() -> None:
    table = Table(3)
    assert table.teams == (0, 1, 2)
    assert table.n_teams == 3
    assert table.partners(1) == ()


def test_order_from_goes_round_from_the_seat() -> None:
    table = Table(4)
    assert table.order_from(0) == (0, 1, 2, 3)
    assert table.order_from(2) == (2, 3, 0, 1)
    assert table.order_from(3) == (3, 0, 1, 2)


@pytest.mark.parametrize(("n_seats", "dealer", "mano"), [(2, 0, 1), (2, 1, 0), (4, 3, 0), (6, 2, 3)])
def test_mano_is_the_dealers_right_and_the_deal_passes_to_it(n_seats: int, dealer: int, mano: int) -> None:
    table = Table(n_seats)
    assert table.mano(dealer) == mano
    assert table.next_dealer(dealer) == mano
    assert table.next_seat(dealer) == mano


def test_bad_tables_are_refused() -> None:
    with pytest.raises(ValueError, match="at least one seat"):
        Table(0)
    with pytest.raises(ValueError, match="4 seats need 4 team entries, got 3"):
        Table(4, [0, 1, 0])


def test_repr() -> None:
    assert repr(Table.partnership(4)) == "Table(4, [0, 1, 0, 1])"
