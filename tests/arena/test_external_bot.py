"""External ``cmd:`` bots that break the protocol: each stops the match with one line naming the bot, never a
traceback or a hang."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from minitrick import CartaAlta

from cartas.core.bots import SeatView
from cartas.core.external_bot import ExternalBot, ExternalBotError

GAME = CartaAlta()
OPTIONS = GAME.options({})


def program(tmp_path: Path, body: str) -> str:
    path = tmp_path / "bot.py"
    path.write_text("import json, sys, time\n" + body)
    return str(path)


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


ANSWER_EVERY_LINE = "for line in sys.stdin:\n    sys.stdout.buffer.write({answer} + b'\\n'); sys.stdout.flush()\n"


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
    bot = ExternalBot(0, command=program(tmp_path, ANSWER_EVERY_LINE.format(answer=answer)), timeout=10)
    message = first_decision(bot)
    assert reason in message and "bot.py" in message
