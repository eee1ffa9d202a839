"""A bot of this checkout against a bot of an earlier commit, on duplicate deals, one JSON line a match.

Issue 32 asked ``hard`` to keep its margin over ``medium`` while ``medium`` itself got stronger; whether ``hard``
lost strength or ``medium`` gained it is told only by playing one version's bot against the other's. Two
versions of ``cartas`` cannot share a process, so the earlier one runs as a child process (its own checkout and
virtual environment) holding its own copy of the match: every move either side makes is applied to both copies
by its text, and the child's bot decides on its copy. Before each decision the two copies' legal moves are
compared, so a rule that changed between the versions stops the run instead of skewing it::

    git worktree add --detach /tmp/old c5bf545 && python -m venv /tmp/old/.venv && /tmp/old/.venv/bin/pip install -e /tmp/old
    python benchmarks/bots/cross_version.py hard medium --old /tmp/old --games 400 --points 30 --seed 3200 \\
        --out runs/hard_vs_old_medium.jsonl
    python benchmarks/bots/habits_arena.py --summary runs/hard_vs_old_medium.jsonl

The first level is this checkout's, the second the earlier commit's; ``--old-first`` swaps which version plays
the first level. The schedule and bot seeds are ``habits_arena.py``'s (each deal ``seed + i`` once with each
bot at seat 0), so the rows sit beside its runs. Two-player games only.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from cartas.core.arena.runner import bot_seed
from cartas.core.bots.base import SeatView
from cartas.core.match import run_match
from cartas.core.plugins.manager import get_registry
from cartas.core.state import Action, State

CHILD = r"""
import json, sys
from cartas.core.bots.base import SeatView
from cartas.core.plugins.manager import get_registry
registry = get_registry()
state, agents = None, {}
for line in sys.stdin:
    message = json.loads(line)
    if "start" in message:
        game = registry.game(message["game"])
        state = game.start(game.options(message["options"]), seed=message["start"])
        agents = {int(seat): registry.bot(message["game"], level)(seed)
                  for seat, (level, seed) in message["bots"].items()}
        answer = {}
    elif "apply" in message:
        seat, text = message["apply"]
        state.apply({str(a): a for a in state.legal_actions(seat)}[text], seat)
        answer = {}
    else:
        seat = message["decide"]
        legal = sorted(str(a) for a in state.legal_actions(seat))
        action = str(agents[seat].choose(SeatView(state, seat))) if message.get("choose") else None
        answer = {"legal": legal, "action": action}
    print(json.dumps(answer), flush=True)
"""


class OldVersion:
    """The earlier commit's ``cartas`` in a child process, keeping its own copy of the match in step."""

    def __init__(self, checkout: Path) -> None:
        python = checkout / ".venv" / "bin" / "python"
        self.process = subprocess.Popen([str(python), "-c", CHILD], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        text=True, cwd=checkout)

    def ask(self, message: dict[str, Any]) -> dict[str, Any]:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps(message) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            raise SystemExit("the earlier version's process ended (see its error above)")
        answer: dict[str, Any] = json.loads(line)
        return answer


class InStep:
    """Wraps each seat's agent: before any decision, the two copies must offer the same moves; an old seat's
    move is chosen by the child on its copy."""

    def __init__(self, old: OldVersion, seat: int, agent: Any | None) -> None:
        self.old, self.seat, self.agent = old, seat, agent

    def choose(self, view: SeatView) -> Action:
        answer = self.old.ask({"decide": self.seat, "choose": self.agent is None})
        legal = {str(action): action for action in view.legal_actions()}
        if sorted(legal) != answer["legal"]:
            raise SystemExit(f"the versions differ on the legal moves: {sorted(legal)} against {answer['legal']}")
        if self.agent is None:
            return legal[answer["action"]]
        action: Action = self.agent.choose(view)
        return action


def play(bot_level: str, rival_level: str, old: OldVersion, *, game: str, games: int, points: int, seed: int,
         out: Path, old_first: bool) -> None:
    registry = get_registry()
    chosen = registry.game(game)
    options_json = {"points": points} if "points" in type(chosen.options({})).model_fields else {}
    rows = [json.loads(line) for line in out.read_text().splitlines()] if out.exists() else []
    done = {(row["deal"], row["bot_seat"]) for row in rows}
    index = 0
    for deal in range((games + 1) // 2):
        for bot_seat in (0, 1):
            index += 1
            if (deal, bot_seat) in done:
                continue
            seeds = {seat: bot_seed(seed, index, seat) for seat in (0, 1)}
            levels = {bot_seat: bot_level, 1 - bot_seat: rival_level}
            is_old = {bot_seat: old_first, 1 - bot_seat: not old_first}
            old.ask({"start": seed + deal, "game": game, "options": options_json,
                     "bots": {seat: [levels[seat], seeds[seat]] for seat in (0, 1) if is_old[seat]}})
            state: State = chosen.start(chosen.options(options_json), seed=seed + deal)
            agents = {seat: InStep(old, seat, None if is_old[seat] else registry.bot(game, levels[seat])(seeds[seat]))
                      for seat in (0, 1)}

            def forward(_state: State, seat: int, action: Action) -> None:
                old.ask({"apply": [seat, str(action)]})

            result = run_match(state, agents, on_step=forward)
            score = 1.0 if bot_seat in result.winners else 0.0
            tags = ("old", "new") if old_first else ("new", "old")
            row = {"deal": deal, "bot_seat": bot_seat, "bot": f"{bot_level} ({tags[0]})",
                   "rival": f"{rival_level} ({tags[1]})", "points": options_json.get("points"),
                   "game": game, "score": score, "scores": list(state.scores())}
            with out.open("a") as handle:
                handle.write(json.dumps(row) + "\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("bot", help="the level whose rate is counted")
    parser.add_argument("rival")
    parser.add_argument("--old", type=Path, required=True, help="the earlier commit's checkout, with .venv in it")
    parser.add_argument("--old-first", action="store_true", help="the first level plays the earlier version")
    parser.add_argument("--game", default="truco")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--points", type=int, default=30)
    parser.add_argument("--seed", type=int, default=3200)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    play(args.bot, args.rival, OldVersion(args.old), game=args.game, games=args.games, points=args.points,
         seed=args.seed, out=args.out, old_first=args.old_first)


if __name__ == "__main__":
    sys.exit(main())
