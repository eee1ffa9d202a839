"""External ``cmd:`` bots that break the protocol: each stops the match with one line naming the bot, never a
traceback or a hang."""

from __future__ import annotations

import time
from pathlib import Path
from types import SimpleNamespace

import pytest
from click.testing import CliRunner
from minitrick import CartaAlta, HighCardBot

from cartas.cli.arena_command import arena_command
from cartas.core.bots.base import SeatView
from cartas.core.bots.external import ExternalBot, ExternalBotError, external_bot_factory
from cartas.core.plugins.registry import Registry
from cartas.core.state import State

GAME = CartaAlta()
OPTIONS = GAME.options({})


def program(tmp_path: Path, body: str) -> str:
    path = tmp_path / "bot.py"
    path.write_text("import json, sys, time\n" + body)
    return str(path)


READ_MESSAGES = "for line in sys.stdin:\n    message = json.loads(line)\n"
"""The loop of a test bot: ``message`` is each line the match sends, decoded."""


def started(tmp_path: Path, body: str) -> tuple[ExternalBot, State]:
    """The program ``body`` as an external bot at seat 0, and a fresh match for it."""
    return ExternalBot(0, command=program(tmp_path, body), timeout=10), GAME.start(OPTIONS, seed=0)


def first_decision(bot: ExternalBot) -> str:
    state = GAME.start(OPTIONS, seed=0)
    try:
        with pytest.raises(ExternalBotError) as caught:
            bot.choose(SeatView(state, state.to_act[0]))
    finally:
        bot.close()
    message = str(caught.value)
    assert "\n" not in message and len(message) < 400
    return message


ANSWER_EVERY_DECISION = (
    "for line in sys.stdin:\n"
    "    if json.loads(line)['type'] == 'decision':\n"
    "        sys.stdout.buffer.write({answer} + b'\\n'); sys.stdout.flush()\n"
)


@pytest.mark.parametrize(
    ("answer", "reason"),
    [
        ("b'[' * 100_000 + b']' * 100_000", "longer than the limit of 65536 bytes"),
        ("b'[' * 20_000 + b']' * 20_000", "nested more than 64 levels deep"),
        ("b'{\"action\": ' + b'9' * 5000 + b'}'", "an integer of more than 40 digits"),
        ("b'{\"action\": \"\\xff\"}'", "not valid UTF-8"),
    ],
)
def test_a_hostile_answer_is_refused_in_one_line(tmp_path: Path, answer: str, reason: str) -> None:
    bot = ExternalBot(0, command=program(tmp_path, ANSWER_EVERY_DECISION.format(answer=answer)), timeout=10)
    message = first_decision(bot)
    assert reason in message and "bot.py" in message


def test_a_bot_that_closes_its_output_but_keeps_running_is_stopped_at_once(tmp_path: Path) -> None:
    bot = ExternalBot(0, command=program(tmp_path, "sys.stdout.close()\nimport os; os.close(1)\ntime.sleep(30)\n"), timeout=20)
    started = time.monotonic()
    message = first_decision(bot)
    assert time.monotonic() - started < 5  # was: waiting for ever
    assert message.endswith("closed its output but is still running, without answering decision 1")
    assert "bot.py" in message


def test_a_bot_that_exits_says_its_exit_code(tmp_path: Path) -> None:
    bot = ExternalBot(0, command=program(tmp_path, "sys.stdin.readline()\nsys.exit(3)\n"), timeout=20)
    message = first_decision(bot)
    assert "exited (code 3)" in message


def test_a_silent_bot_times_out_per_decision(tmp_path: Path) -> None:
    bot = ExternalBot(0, command=program(tmp_path, "time.sleep(30)\n"), timeout=0.3)
    assert "did not answer decision 1 within 0.3 s (see --timeout)" in first_decision(bot)


def play_two_decisions(tmp_path: Path, body: str) -> str:
    """Let the program answer the first decision, then ask a second; the error of the second."""
    bot, state = started(tmp_path, body)
    try:
        seat = state.to_act[0]
        state.apply(bot.choose(SeatView(state, seat)), seat)
        time.sleep(0.3)  # let the extra line arrive, as it would while the other seats play
        with pytest.raises(ExternalBotError) as caught:
            bot.choose(SeatView(state, state.to_act[0]))
    finally:
        bot.close()
    return str(caught.value)


TWO_ANSWERS = (
    READ_MESSAGES + "    if message['type'] == 'decision':\n"
    "        print(json.dumps({{'action': 0{echo}}}), flush=True)\n"
    "        print(json.dumps({{'action': 1{echo}}}), flush=True)\n"
)


def test_a_second_answer_to_one_decision_is_never_played_later(tmp_path: Path) -> None:
    message = play_two_decisions(tmp_path, TWO_ANSWERS.format(echo=""))
    assert "sent a line while no decision was asked" in message and "one answer per decision" in message


def test_an_answer_that_echoes_an_earlier_decision_is_refused(tmp_path: Path) -> None:
    body = (
        "answers = []\n" +
        READ_MESSAGES + "    if message['type'] == 'decision':\n"
        "        print(json.dumps({'action': 0, 'id': 1}), flush=True)\n"
    )
    assert "answered decision 1 while decision 2 was asked" in play_two_decisions(tmp_path, body)


def test_decisions_are_numbered_and_an_echoed_id_is_accepted(tmp_path: Path) -> None:
    body = (
        READ_MESSAGES + "    if message['type'] == 'decision':\n"
        "        print(json.dumps({'action': 0, 'id': message['id']}), flush=True)\n"
    )
    bot, state = started(tmp_path, body)
    try:
        for _ in range(3):
            seat = state.to_act[0]
            state.apply(bot.choose(SeatView(state, seat)), seat)
    finally:
        bot.close()
    assert bot._decisions == 3


def test_an_unbalanced_quote_in_the_command_is_one_line() -> None:
    with pytest.raises(ExternalBotError, match=r"^cannot read the external bot command \"'x\": No closing quotation$"):
        external_bot_factory("'x")


def registry() -> SimpleNamespace:
    reg = Registry()
    reg.add_game(GAME)
    reg.add_bot("carta_alta", "high", HighCardBot)
    return SimpleNamespace(registry=reg)


def test_the_arena_command_reports_a_broken_bot_in_one_line(tmp_path: Path) -> None:
    runner = CliRunner()
    quote = runner.invoke(arena_command, ["carta_alta", "high", "cmd:'x", "-n", "2", "-j", "1", "-q"], obj=registry())
    assert quote.exit_code == 1 and quote.output == "Error: cannot read the external bot command \"'x\": No closing quotation\n"
    closed = program(tmp_path, "import os; os.close(1)\ntime.sleep(30)\n")
    started = time.monotonic()
    hung = runner.invoke(arena_command, ["carta_alta", "high", f"cmd:{closed}", "-n", "2", "-j", "1", "-q"], obj=registry())
    assert time.monotonic() - started < 10
    assert hung.exit_code == 1 and hung.output.count("\n") == 1
    assert "bot.py' closed its output but is still running" in hung.output


def test_an_id_that_is_not_a_number_is_a_bad_answer_not_another_decision(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    """An external bot echoing ``"1"`` was stopped for answering "decision '1' while decision 1 was asked"; now
    it is told what ``id`` must be, and its next answer is played."""
    body = (
        "sent = 0\n" +
        READ_MESSAGES + "    if message['type'] == 'error':\n"
        "        print(message['message'], file=sys.stderr, flush=True)\n"
        "    if message['type'] == 'decision':\n"
        "        sent += 1\n"
        "        echoed = str(message['id']) if sent == 1 else message['id']\n"
        "        print(json.dumps({'action': 0, 'id': echoed}), flush=True)\n"
    )
    bot, state = started(tmp_path, body)
    seat = state.to_act[0]
    try:
        assert bot.choose(SeatView(state, seat)) == state.legal_actions(seat)[0]
    finally:
        bot.close()
    told = capfd.readouterr().err.splitlines()  # the bot wrote the error it was sent to its standard error
    assert told == ['the answer\'s "id" must be the number of the decision it answers, 1, not "1"']
