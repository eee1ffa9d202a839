"""One name per player: what each viewer's screen calls every seat and side (core/naming.viewer_names)."""

from __future__ import annotations

from cartas.core.naming import TableNames, viewer_names


def test_two_players_from_the_person_and_from_a_watcher() -> None:
    assert viewer_names(2, 0, bots={1: "medium"}, teams=(0, 1)) == TableNames(
        ("You", "Bot 2 (medium)"), ("You", "Bot 2 (medium)")
    )
    assert viewer_names(2, 1, bots={0: "hard"}, teams=(0, 1)) == TableNames(
        ("Bot 1 (hard)", "You"), ("Bot 1 (hard)", "You")
    )
    assert viewer_names(2, None, bots={0: "easy", 1: "hard"}) == TableNames(
        ("Bot 1 (easy)", "Bot 2 (hard)"), ("Bot 1 (easy)", "Bot 2 (hard)")
    )


def test_four_players_in_teams_from_each_seat() -> None:
    bots = {1: "medium", 2: "hard", 3: "easy"}
    assert viewer_names(4, 0, bots=bots, teams=(0, 1, 0, 1)) == TableNames(
        ("You", "Bot 2 (medium)", "Partner", "Bot 4 (easy)"), ("Us", "Them")
    )
    people = {0: "Ana", 2: "Beto"}
    assert viewer_names(4, 1, bots={3: "medium"}, people=people, teams=(0, 1, 0, 1)) == TableNames(
        ("Ana", "You", "Beto", "Partner"), ("Them", "Us")
    )
    assert viewer_names(4, 3, bots={0: "easy", 2: "easy"}, teams=(0, 1, 0, 1)) == TableNames(
        ("Bot 1 (easy)", "Partner", "Bot 3 (easy)", "You"), ("Them", "Us")
    )
    assert viewer_names(4, 0, bots={1: "easy"}, teams=(0, 1, 0, 1)).seats == ("You", "Bot 2 (easy)", "Partner", "Player 4")
    assert viewer_names(4, None, bots=dict.fromkeys(range(4), "medium"), teams=(0, 1, 0, 1)).sides == (
        "Team 1", "Team 2",
    )


def test_four_players_each_for_himself_have_no_partner() -> None:
    names = viewer_names(4, 2, bots={0: "easy", 1: "easy", 3: "hard"}, teams=(0, 1, 2, 3))
    assert names == TableNames(
        ("Bot 1 (easy)", "Bot 2 (easy)", "You", "Bot 4 (hard)"), ("Bot 1 (easy)", "Bot 2 (easy)", "You", "Bot 4 (hard)")
    )


def test_six_players_name_two_partners_apart() -> None:
    names = viewer_names(6, 0, bots=dict.fromkeys(range(1, 6), "medium"), teams=(0, 1, 0, 1, 0, 1))
    assert names.seats == ("You", "Bot 2 (medium)", "Partner 1", "Bot 4 (medium)", "Partner 2", "Bot 6 (medium)")
    assert names.sides == ("Us", "Them")
