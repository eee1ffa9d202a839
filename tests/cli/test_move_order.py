"""The move list names the cards in the order "Your cards" shows them, so the list reads like the hand above it:
``Tus cartas: 1B 11B 12B`` then ``1. tiro el 1 de bastos, 2. ... 11 ..., 3. ... 12 ...``, and the number typed
plays the card listed under it."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from cartas.cli.human import in_hand_order
from cartas.cli.main import make_cli
from cartas.core.record import load_record
from cartas.games.truco.actions import PLAYS, WORDS, parse_action


def test_card_moves_follow_the_hand_and_the_rest_keep_their_places() -> None:
    legal = [parse_action(text) for text in ("play 11B", "play 12B", "play 1B", "truco", "mazo")]
    assert [str(a) for a in in_hand_order(legal, ["1B", "11B", "12B"])] == [
        "play 1B", "play 11B", "play 12B", "truco", "mazo"]
    assert PLAYS and WORDS  # the moves above are truco's own


def test_the_four_player_table_lists_the_hand_in_order_and_plays_the_number(home: Path) -> None:
    runner = CliRunner()
    played = runner.invoke(make_cli(), ["play", "truco", "--players", "4", "--points", "15", "--no-lobby",
                                        "--seed", "7", "--ascii", "--lang", "es"], input="1\nquit\n")
    out = played.output
    assert "Tus cartas: 1B 11B 12B" in out
    assert ("  1. tiro el 1 de bastos\n  2. tiro el 11 de bastos\n  3. tiro el 12 de bastos\n  4. truco\n") in out
    saves = sorted((home / "saves").glob("*.json"))
    assert load_record(saves[0]).actions[0] == (0, "play 1B")
