"""What the command line lets slip about a match in progress: the seed, the save's path, hidden hands.

Each test here reproduces a leak found on the command line (issue 15) and checks it is closed.
"""

from __future__ import annotations

import json
import random
import re
import stat
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from cartas_tiny import Alta
from click.testing import CliRunner, Result

from cartas.cli.main import make_cli
from cartas.core.plugins.manager import get_registry
from cartas.core.record import load_record, record_of, replay, save_record
from cartas.core.seat_messages import decision_message, event_message, hello_message, result_message


def messages(result: Result) -> list[dict[str, Any]]:
    return [json.loads(line) for line in result.stdout.splitlines()]  # stderr may have the seat flags' note


def test_hello_saved_and_result_name_the_match_but_carry_no_seed_and_no_path(
    run: Callable[..., Result], home: Path, saves: Callable[[], list[Path]]
) -> None:
    stopped = messages(run("play", "alta", "--json", "--seed", "4242", "--players", "3", input=""))
    finished = messages(run("play", "alta", "--json", "--seed", "4243", input="0\n" * 40))
    hello, saved = stopped[0], stopped[-1]
    result = finished[-1]
    assert (hello["type"], saved["type"], result["type"]) == ("hello", "saved", "result")
    for message in (hello, saved, result, finished[0]):
        text = json.dumps(message)
        assert "seed" not in message and "save" not in message
        assert "4242" not in text and "4243" not in text and str(home) not in text and "/" not in text
    assert saved["match"] == hello["match"] and result["match"] == finished[0]["match"] != hello["match"]
    paths = {path.stem: path for path in saves()}
    assert set(paths) == {hello["match"], result["match"]}
    assert load_record(paths[hello["match"]]).seed == 4242  # the save keeps it: it is needed to continue


def test_resume_and_replay_accept_the_match_id(run: Callable[..., Result]) -> None:
    hello = messages(run("play", "alta", "--json", "--seed", "5", input=""))[0]
    resumed = messages(run("resume", hello["match"], "--json", input="0\n" * 40))
    assert resumed[0]["resumed"] and resumed[0]["match"] == hello["match"] and resumed[-1]["type"] == "result"
    replayed = run("replay", hello["match"], "--ascii")
    assert replayed.exit_code == 0 and "Final scores" in replayed.output
    for bad in ("../saves/" + hello["match"], "no-such-match"):
        refused = run("resume", bad)
        assert refused.exit_code == 1 and "cannot read" in refused.output


def test_saves_are_private_to_the_user(run: Callable[..., Result], home: Path, saves: Callable[[], list[Path]]) -> None:
    (home / "saves").mkdir(parents=True, mode=0o755)
    (home / "saves").chmod(0o755)
    run("play", "alta", "--json", "--seed", "6", input="")
    assert stat.S_IMODE((home / "saves").stat().st_mode) == 0o700
    [save] = saves()
    assert stat.S_IMODE(save.stat().st_mode) == 0o600


def test_replay_reveal_of_a_match_not_over_keeps_the_hand_in_progress_hidden(
    run: Callable[..., Result], saves: Callable[[], list[Path]]
) -> None:
    # Seat 0 is mano in the first hand (dealer 1) and plays 1E; the bot answers and the hand is over. In the
    # second hand the bot leads, and the person quits at the decision.
    run("play", "alta", "--ascii", "--seed", "9", "--dealer", "1", "--deal=1E 4C / 7O 5B", input="1\nquit\n")
    [path] = saves()
    out = run("replay", str(path), "--ascii", "--reveal").output
    assert "seat 0 gets 1E 4C" in out and "seat 1 gets 7O 5B" in out  # the first hand is over: revealed
    assert out.count(" gets ") == 2  # the second hand's deal is not
    assert "seed 9" not in out and "the hand in progress is shown as the table saw it" in out
    assert "  Bot 2 (easy): 7O 5B" in out
    record = load_record(path)
    assert not record.finished and [text for _, text in record.actions][:2] == ["1E", "7O"]
    final = replay(record, Alta())
    held = {str(card) for seat in (0, 1) for card in final.hand_of(seat)}
    assert len(held) >= 3 and not held & set(re.findall(r"\b(?:1[0-2]|[1-9])[OCEB]\b", out))
    second_hand_line = [line for line in out.splitlines() if line.startswith("  Player 1: ")]
    assert second_hand_line == ["  Player 1: 1E 4C"]  # hands are listed only for the first deal
    finished = run("replay", str(path), "--ascii").output
    assert "seed 9" not in finished


def test_replay_shows_the_seed_of_a_finished_match(run: Callable[..., Result], saves: Callable[[], list[Path]]) -> None:
    run("play", "alta", "--ascii", "--seed", "9", input="1\n" * 20)
    out = run("replay", str(saves()[0]), "--ascii", "--reveal").output
    assert "seed 9 · " in out and "hand in progress" not in out


def random_match_file(tmp_path: Path, name: str, seed: int) -> tuple[Path, list[tuple[int, str]]]:
    """A finished random match of an installed game, saved; and its moves."""
    game = get_registry().game(name)
    state = game.start({}, seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        seat = rng.choice(state.to_act)
        state.apply(rng.choice(state.legal_actions(seat)), seat)
    path = tmp_path / f"{name}.json"
    save_record(record_of(state, {seat: "random" for seat in range(state.table.n_seats)}), path)
    return path, [(seat, str(action)) for seat, action in state.history]


def _move_block(output: str, number: int) -> str:
    """The lines a replay printed for move ``number``: its numbered line and the indented ones under it."""
    lines = output.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(f"{number}. "))
    block = [lines[start]]
    for line in lines[start + 1:]:
        if not line.startswith("    "):
            break
        block.append(line)
    return "\n".join(block)


def _card_words(card: Any) -> set[str]:
    """Ways a replay may write ``card``: its notation and its name in English, in either deck."""
    from cartas.core.decks import FRENCH, SPANISH, deck_named
    from cartas.core.i18n import speaking

    with speaking("en"):
        return {text for deck in (SPANISH, FRENCH) for text in (deck_named(deck).label(card), deck_named(deck).name_of(card))}


@pytest.mark.parametrize(("name", "seed", "verb"), [("truco_paulista", 0, "hide"), ("tresillo", 1, "discard")])
def test_a_public_replay_does_not_print_cards_played_face_down(
    tmp_path: Path, home: Path, name: str, seed: int, verb: str
) -> None:
    path, moves = random_match_file(tmp_path, name, seed)
    secret = [(number, seat, text) for number, (seat, text) in enumerate(moves, 1) if text.startswith(f"{verb} ")]
    assert secret  # the seed was chosen for it: paulista's encoberta, julepe's dealer's discard
    cli = make_cli()
    public = CliRunner().invoke(cli, ["replay", str(path), "--ascii", "--lang", "en"]).output
    revealed = CliRunner().invoke(cli, ["replay", str(path), "--ascii", "--lang", "en", "--reveal"]).output
    game = get_registry().game(name)
    for number, seat, text in secret:
        card = game.parse_action(text).card  # type: ignore[attr-defined]
        assert f"{number}. Bot {seat + 1} (random): (a move not seen)" in public
        shown = _move_block(revealed, number)
        assert shown.startswith(f"{number}. Bot {seat + 1} (random): ") and "(a move not seen)" not in shown
        assert any(word in shown for word in _card_words(card))  # revealed: the card itself, in the game's words
        mine = CliRunner().invoke(cli, ["replay", str(path), "--ascii", "--lang", "en", "--seat", str(seat)]).output
        other_seat = (seat + 1) % 2
        other = CliRunner().invoke(cli, ["replay", str(path), "--ascii", "--lang", "en", "--seat", str(other_seat)]).output
        assert _move_block(mine, number).startswith(f"{number}. You: ")
        assert any(word in _move_block(mine, number) for word in _card_words(card))
        hidden = _move_block(other, number)
        assert hidden.startswith(f"{number}. Bot {seat + 1} (random): ")
        assert not any(word in hidden for word in _card_words(card))  # the other seat never reads the card
    assert public.count("(a move not seen)") == len(secret)  # every other move is printed as it was made


def test_the_protocol_sends_the_messages_the_conformance_check_reads(run: Callable[..., Result], home: Path) -> None:
    """``cartas.testing.check_hidden_information`` builds a seat's messages with ``cartas.core.seat_messages``;
    the command line must send exactly those, or the check would be checking something else."""
    sent = messages(run("play", "alta", "--json", "--seat", "0", "--seat", "1", "--seed", "8", input="0\n" * 40))
    record = load_record(home / "saves" / f"{sent[0]['match']}.json")
    game = Alta()
    state = game.start(record.options, seed=record.seed)
    assert sent[0] == hello_message(state, [0, 1], {0: "program", 1: "program"}, sent[0]["match"], resumed=False)
    decisions = []
    for number, (seat, text) in enumerate(record.actions, start=1):
        decisions.append(decision_message(state.observation(seat), state.legal_actions(seat), number))
        state.apply(text, seat)
    assert [m for m in sent if m["type"] == "decision"] == decisions
    assert [m for m in sent if m["type"] == "event"] == [event_message(game, e, [0, 1]) for e in state.events]
    assert sent[-1] == result_message(state.result(), sent[0]["match"])
