"""Trick-taking machinery shared by the trick games: rank tables, trick winners, pardas and best-of-three.

A rank table maps each card to a strength (higher wins). Games build theirs once (or once per hand when it
depends on a turned card) and the functions here are plain loops over small lists.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from .cards import Card

PARDA = -1
"""A trick (or hand) tied between opposing sides."""

UNDECIDED = -2
"""A hand whose tricks so far do not yet decide it."""


def rank_table(order: Iterable[Iterable[Card]]) -> dict[Card, int]:
    """A rank table from groups of equal cards listed strongest first."""
    groups = list(order)
    return {card: len(groups) - i for i, group in enumerate(groups) for card in group}


def trick_winner_by_rank(
    plays: Sequence[tuple[int, Card]], ranks: Mapping[Card, int], team_of: Sequence[int]
) -> tuple[int, int]:
    """The winning team and seat of a trick where the highest card wins whatever its suit (truco's rule).

    Equal top cards of *opposing* teams make a parda: ``(PARDA, seat)`` where ``seat`` played the first of
    the tied cards. Equal top cards of one team win for that team, and the first of them played leads next.
    ``plays`` is ``(seat, card)`` in the order played; a card missing from ``ranks`` (played face down) ranks
    below every other card.
    """
    best = -1
    seat_first = plays[0][0]
    teams: set[int] = set()
    for seat, card in plays:
        strength = ranks.get(card, 0)
        if strength > best:
            best, seat_first, teams = strength, seat, {team_of[seat]}
        elif strength == best:
            teams.add(team_of[seat])
    if len(teams) > 1:
        return PARDA, seat_first
    return team_of[seat_first], seat_first


def trick_winner_follow_suit(plays: Sequence[tuple[int, Card]], trump: str | None, ranks: Mapping[int, int]) -> int:
    """The seat winning a trick with suits: the best trump, else the best card of the suit led.

    ``ranks`` maps a rank to its strength within a suit; ``trump`` is a suit letter or ``None``.
    """
    led = plays[0][1].suit
    best_seat, best_key = plays[0][0], (plays[0][1].suit == trump, ranks[plays[0][1].rank])
    for seat, card in plays[1:]:
        if card.suit == trump:
            key = (True, ranks[card.rank])
        elif card.suit == led:
            key = (False, ranks[card.rank])
        else:
            continue
        if key > best_key:
            best_seat, best_key = seat, key
    return best_seat


def best_of_three(results: Sequence[int], mano_team: int, *, third_tie_to_first: bool, all_tied: int) -> int:
    """Who wins a hand of up to three tricks, from each trick's winning team (or :data:`PARDA`).

    Returns a team, :data:`UNDECIDED` when more tricks are needed, or ``all_tied`` when three tricks were all
    pardas (truco gives it to the mano's team, paulista replays the hand: pass ``PARDA``).

    - two tricks won by one team win;
    - a first trick won, then a parda: the first trick's winner;
    - a first parda: the first later trick won decides;
    - one trick each and a third parda: the first trick's winner when ``third_tie_to_first`` else the mano.
    """
    if not results:
        return UNDECIDED
    first = results[0]
    if first == PARDA:
        for later in results[1:]:
            if later != PARDA:
                return later
        return all_tied if len(results) == 3 else UNDECIDED
    if len(results) == 1:
        return UNDECIDED
    second = results[1]
    if second == PARDA or second == first:
        return first
    if len(results) == 2:
        return UNDECIDED
    third = results[2]
    if third != PARDA:
        return third
    return first if third_tie_to_first else mano_team
