"""cartas against compiled anchors, side by side: the table of issue 18 with the ratio now and its target.

Run: ``python benchmarks/engine/anchors.py [--rounds 3] [--seconds 1.0] [--only truco] [--compiled VENV]``. The
anchors (OpenSpiel, and pytrucoengine, a pure-Python truco engine) are installed in a virtualenv of their own
under the user's cache folder (``$XDG_CACHE_HOME/cartas/anchors``, or ``--cache``), created on the first run,
so they never mix with cartas' own environment.

How it measures: every measurement is a fresh process that works for ``--seconds`` of *CPU* time
(``time.process_time``, so a busy machine's waiting does not count) and prints a rate. Ours and the anchor's
run alternately, ``--rounds`` times, and a row shows the median of the per-round ratios: on a shared machine
the absolute rates wander by a factor of two, the ratio of neighbouring runs much less. Start-up and the arena
are wall-clock by nature (they are about waiting).

Each row has two ratios: the pure build (this interpreter) and the compiled build (docs/compiled.md), whose
venv's python runs the same code in the same round, right after the anchor, against that round's anchor rate.
Without a compiled venv (``python tools/compiled.py build``) the compiled column shows ``-``.

What each anchor is:

* OpenSpiel's ``euchre`` and ``oh_hell`` (4 players) and ``gin_rummy`` driven from a Python loop over their C++
  rules (``legal_actions``, ``apply_action``, chance outcomes sampled in Python): the same loop we run.
* ``gin_rummy``'s "C++ loop" is ``pyspiel.evaluate_bots`` with two C++ uniform random bots: the whole match,
  chance included, in C++. It reports no decision count, so its decisions/s are its games/s times the mean
  decisions of a game as the Python loop plays it. (``pyspiel.random_sim_test`` is no such loop: it checks
  every state as it goes and ran at a fifteenth of the Python loop's speed here.)
* pytrucoengine 1.0.1 (the only truco engine on PyPI we found) cannot deal as published: ``Cards`` starts with
  an empty deck (``prepararMaso`` is never called, and would give an undeletable ``dict_keys``). The driver
  fills the deck before each deal, the one change needed; its engine is otherwise as released (it recurses
  once per action and draws from the global ``random``). A hand is one of its rounds, as one of ours. Now and
  then a round ends in an ``AttributeError`` inside the engine (a tied second trick); the driver then counts
  the hands that match finished and starts another.
* OpenSpiel's C++ ISMCTS (``pyspiel.ISMCTSBot``, random rollouts, 100 simulations) at seat 0 of euchre against
  ours (:class:`cartas.core.bots.search.ISMCTSBot`, 100 simulations) at seat 0 of truco for 4, random players
  elsewhere: simulations per CPU second.
* ``clone``: a state at the first decision of a hand, truco for 4 against euchre; shown as how many times
  slower ours is.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
import venv
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))  # the compiled build's venv and python
from compiled import VENV as COMPILED_VENV  # noqa: E402
from compiled import python_in  # noqa: E402

ANCHOR_PACKAGES = ("open_spiel", "pytrucoengine")

RATE = """
def rate(step):
    done = 0
    started = time.process_time()
    while (spent := time.process_time() - started) < SECONDS:
        done += step()
    print(done / spent)
"""
"""Counts ``step``'s units over SECONDS of CPU time; both interpreters run it, so both are timed alike."""

OURS_PRELUDE = """
import itertools, random, sys, time
from cartas.core.plugins.manager import get_registry
from cartas.core.bench import random_playout
SECONDS = float(sys.argv[1])
registry = get_registry()
seeds = itertools.count(1)
""" + RATE + """def decisions(name, players):
    game = registry.games[name]
    options = game.options({"players": players})
    rng = random.Random(0)
    return lambda: random_playout(game.start(options, seed=next(seeds)), rng, record_events=False)
"""

ANCHOR_PRELUDE = """
import itertools, random, sys, time
SECONDS = float(sys.argv[1])
rng = random.Random(0)
""" + RATE + """def to_decision(state):
    while state.is_chance_node():
        actions, probs = zip(*state.chance_outcomes())
        state.apply_action(rng.choices(actions, probs)[0])
def playout(game):
    state = game.new_initial_state()
    count = 0
    while not state.is_terminal():
        if state.is_chance_node():
            to_decision(state)
            continue
        state.apply_action(rng.choice(state.legal_actions()))
        count += 1
    return count
def spiel(name, **params):
    import pyspiel
    return pyspiel.load_game(name, params)
"""

CLONE_RATE = """def step():
    for _ in range(1000):
        state.clone()
    return 1000
rate(step)
"""
"""Clones ``state`` (set by the code before it) a thousand at a time: both clone rows time the same loop."""

PYTRUCO = """
from pyTrucoEngine import cards as engine_cards
from pyTrucoEngine.controllers.game_controller import game_controller
from pyTrucoEngine.handlers.signals import signals
from pyTrucoEngine.player import Player
from pyTrucoEngine.team import Team
sys.setrecursionlimit(100_000)
plain_init = engine_cards.Cards.__init__
def filled_deck(self):
    plain_init(self)
    self.clon_cards = list(engine_cards.cards_dict.keys())
engine_cards.Cards.__init__ = filled_deck
class RandomPlayers(signals):
    def __init__(self, players):
        super().__init__(players)
        self.hands = 0
    def start_new_round(self):
        self.hands += 1
    def get_action(self, player, actions):
        name = rng.choice(actions)
        if name == "jugar_carta":
            free = [i for i, card in enumerate(player.cartas) if card not in player.cartasJugadas]
            return f"jugar_carta,{rng.choice(free)}"
        return name
def quiet(self, *args, **kwargs):
    return None
for name in dir(signals):
    if not name.startswith("_") and name not in ("get_action", "start_new_round"):
        setattr(RandomPlayers, name, quiet)
def match():
    random.seed(rng.getrandbits(32))
    players = [Player(i) for i in range(2)]
    teams = [Team(0), Team(1)]
    for player, team in zip(players, teams):
        team.add_player(player)
        player.setTeam(team)
    table = RandomPlayers(players)
    try:
        game_controller(teams=set(teams), players=players, signals=table).start()
    except AttributeError:  # its second-trick parda handling fails now and then: count the hands finished
        return table.hands - 1
    return table.hands
rate(match)
"""

OURS: dict[str, str] = {
    "truco4": "rate(decisions('truco', 4))",
    "paulista4": "rate(decisions('truco_paulista', 4))",
    "tresillo4": "rate(decisions('tresillo', 4))",
    "chinchon2": "rate(decisions('chinchon', 2))",
    "remigio2": "rate(decisions('remigio', 2))",
    "truco2_hands": """
game = registry.games['truco']; options = game.options({'players': 2}); rng = random.Random(0)
def match():
    state = game.start(options, seed=next(seeds))
    random_playout(state, rng, record_events=False)
    return state.hands_played
rate(match)
""",
    "clone": """
state = registry.games['truco'].start({'players': 4}, seed=3)
""" + CLONE_RATE,
    "ismcts": """
from cartas.core.bots.base import SeatView
from cartas.core.bots.search import ISMCTSBot
game = registry.games['truco']; options = game.options({'players': 4}); rng = random.Random(0)
box = {}
def fresh():
    box['state'] = game.start(options, seed=next(seeds))
    box['bot'] = ISMCTSBot(next(seeds), simulations=100)
fresh()
def step():
    while True:
        state = box['state']
        if state.is_over:
            fresh()
            continue
        seat = state.to_act[0] if len(state.to_act) == 1 else rng.choice(state.to_act)
        legal = state.legal_actions(seat)
        if seat == 0 and len(legal) > 1:
            bot = box['bot']
            state.apply(bot.choose(SeatView(state, 0)), 0)
            return bot.last_simulations
        state.apply(rng.choice(legal), seat)
rate(step)
""",
    "search150": """
from cartas.core.bots.base import SeatView
from cartas.core.bots.search_bot import SearchBot
game = registry.games['chinchon']; options = game.options({'players': 2}); rng = random.Random(0)
state = game.start(options, seed=1)
bot = SearchBot(1, time_limit=0.15)
counts = []
while len(counts) < 6:
    if state.is_over:
        state = game.start(options, seed=next(seeds)); bot = SearchBot(next(seeds), time_limit=0.15)
        continue
    seat = state.to_act[0]
    legal = state.legal_actions(seat)
    if seat == 0 and len(legal) > 1:
        before = bot.search_counts.samples
        state.apply(bot.choose(SeatView(state, 0)), 0)
        counts.append(bot.search_counts.samples - before)
    else:
        state.apply(rng.choice(legal), seat)
print(statistics.median(counts))
""",
}

ANCHORS: dict[str, str] = {
    "euchre": "game = spiel('euchre'); rate(lambda: playout(game))",
    "oh_hell4": "game = spiel('oh_hell', players=4); rate(lambda: playout(game))",
    "gin_python": "game = spiel('gin_rummy'); rate(lambda: playout(game))",
    "gin_cpp": """
import pyspiel
game = spiel('gin_rummy')
mean = sum(playout(game) for _ in range(30)) / 30
bots = [pyspiel.make_uniform_random_bot(player, rng.getrandbits(31)) for player in range(2)]
def step():
    pyspiel.evaluate_bots(game.new_initial_state(), bots, rng.getrandbits(31))
    return mean
rate(step)
""",
    "pytruco_hands": PYTRUCO,
    "euchre_clone": """
game = spiel('euchre'); state = game.new_initial_state(); to_decision(state)
""" + CLONE_RATE,
    "euchre_ismcts": """
import pyspiel
game = spiel('euchre')
def fresh():
    global state, bot
    state = game.new_initial_state()
    bot = pyspiel.ISMCTSBot(rng.getrandbits(31), pyspiel.RandomRolloutEvaluator(1, rng.getrandbits(31)), 2.0, 100)
fresh()
def step():
    while True:
        if state.is_terminal():
            fresh()
            continue
        if state.is_chance_node():
            to_decision(state)
            continue
        legal = state.legal_actions()
        if state.current_player() == 0 and len(legal) > 1:
            state.apply_action(bot.step(state))
            return 100
        state.apply_action(rng.choice(legal))
rate(step)
""",
}


@dataclass(frozen=True)
class Row:
    """One line of the table: what is compared, how, the ratio the issue measured and its target."""

    work: str
    ours: str
    anchor: str
    now: str
    target: str
    lower_is_better: bool = False
    """The ratio is anchor-rate / our-rate (``clone``: how many times slower), so lower is better."""


ROWS = [
    Row("truco 4p decisions/s vs euchre (Python loop, C++ rules)", "truco4", "euchre", "0.51", ">= 1.0"),
    Row("truco 2p hands/s vs pytrucoengine", "truco2_hands", "pytruco_hands", "2.66", ">= 5"),
    Row("paulista 4p decisions/s vs euchre", "paulista4", "euchre", "0.82", ">= 1.5"),
    Row("tresillo 4p decisions/s vs oh_hell (Python loop)", "tresillo4", "oh_hell4", "1.00", ">= 1.5"),
    Row("chinchón 2p decisions/s vs gin_rummy C++ loop", "chinchon2", "gin_cpp", "1.6", ">= 3"),
    Row("remigio 2p decisions/s vs gin_rummy (Python loop)", "remigio2", "gin_python", "1.40", ">= 2.5"),
    Row("ISMCTS simulations/s truco 4p vs C++ ISMCTS euchre", "ismcts", "euchre_ismcts", "0.10", ">= 0.2"),
    Row("clone vs euchre's clone() (x slower)", "clone", "euchre_clone", "49", "<= 20", lower_is_better=True),
]


def cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "cartas" / "anchors"


def anchor_python(cache: Path) -> Path:
    """The anchors' interpreter, creating their virtualenv and installing them on the first run."""
    python = cache / "venv" / "bin" / "python"
    check = [str(python), "-c", "import pyspiel, pyTrucoEngine"]
    if python.exists() and subprocess.run(check, capture_output=True).returncode == 0:
        return python
    print(f"installing the anchors ({', '.join(ANCHOR_PACKAGES)}) in {cache / 'venv'} ...", flush=True)
    venv.EnvBuilder(with_pip=True, clear=python.exists()).create(cache / "venv")
    subprocess.run([str(python), "-m", "pip", "install", "-q", *ANCHOR_PACKAGES], check=True)
    subprocess.run(check, check=True)
    return python


QUIET_FOLDER = tempfile.mkdtemp(prefix="cartas-anchors-")
"""Where the measurements run: an empty folder, so no ``cartas`` or ``core`` folder there shadows the installed
package (a stray ``/cartas/core`` made ``cwd="/"`` import another checkout's core)."""


def measure(python: Path | str, prelude: str, code: str, seconds: float) -> float:
    out = subprocess.run(
        [str(python), "-c", prelude + code, str(seconds)], capture_output=True, text=True, cwd=QUIET_FOLDER,
        check=False,
    )
    if out.returncode != 0:
        raise RuntimeError(f"a measurement failed:\n{out.stderr[-2000:]}")
    return float(out.stdout.strip().splitlines()[-1])


@dataclass(frozen=True)
class Comparison:
    """The medians of one row's rounds: our rates (pure, compiled) and the anchor's, and the two ratios."""

    pure: float
    compiled: float | None
    anchor: float
    pure_ratio: float
    compiled_ratio: float | None


def compare(row: Row, anchor: Path, compiled: Path | None, rounds: int, seconds: float) -> Comparison:
    """``rounds`` runs of ours (pure), the anchor and ours (compiled), alternating; each ratio is taken
    against the same round's anchor rate, and the row keeps the medians."""
    pure_rates, compiled_rates, anchor_rates = [], [], []
    pure_ratios, compiled_ratios = [], []

    def ratio(ours: float, theirs: float) -> float:
        return theirs / ours if row.lower_is_better else ours / theirs

    for _ in range(rounds):
        pure = measure(sys.executable, OURS_PRELUDE, OURS[row.ours], seconds)
        theirs = measure(anchor, ANCHOR_PRELUDE, ANCHORS[row.anchor], seconds)
        pure_rates.append(pure)
        anchor_rates.append(theirs)
        pure_ratios.append(ratio(pure, theirs))
        if compiled is not None:
            fast = measure(compiled, OURS_PRELUDE, OURS[row.ours], seconds)
            compiled_rates.append(fast)
            compiled_ratios.append(ratio(fast, theirs))
    median = statistics.median
    return Comparison(
        median(pure_rates), median(compiled_rates) if compiled_rates else None, median(anchor_rates),
        median(pure_ratios), median(compiled_ratios) if compiled_ratios else None,
    )


def _cell(value: float | None, width: int, form: str) -> str:
    return f"{value:{width}{form}}" if value is not None else f"{'-':>{width}}"


def _ratio_row(label: str, ratio: float, issue: str, target: str) -> None:
    """A row with one ratio and no rates (start-up, the arena), in the table's columns."""
    print(f"{label:58} {'-':>9} {'-':>10} {'-':>9} {ratio:6.2f} {'-':>8} {issue:>6} {target:>7}", flush=True)


def wall(command: list[str]) -> float:
    started = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return time.perf_counter() - started


def startup_ratio(arguments: list[str], rounds: int) -> float:
    """``cartas ARGUMENTS`` against ``python -c pass``, alternating, median of the per-round ratios."""
    cartas = [sys.executable, "-c", "from cartas.cli.main import main; main()", *arguments]
    bare = [sys.executable, "-c", "pass"]
    ratios = []
    for _ in range(rounds * 3):
        ratios.append(wall(cartas) / wall(bare))
    return statistics.median(ratios)


def arena_ratio(rounds: int, games: int, level: str = "random") -> float:
    """Speed of ``-j 2`` over ``-j 1`` on truco matches between two ``level`` bots (wall-clock), median of the
    rounds. Random matches are short, so they show what sending the work to a second process costs; medium
    matches (tenths of a second each) show the speed-up a real run gets, which the issue asks of an idle machine."""
    from cartas.core.arena.runner import Contestant, run_arena
    from cartas.core.plugins.manager import get_registry

    registry = get_registry()
    game = registry.games["truco"]
    options = game.options({})
    bots = [Contestant("a", registry.bot("truco", level)), Contestant("b", registry.bot("truco", level))]
    ratios = []
    for _ in range(rounds):
        one = _timed(lambda: run_arena(game, options, bots, games=games, seed=1, jobs=1))
        two = _timed(lambda: run_arena(game, options, bots, games=games, seed=1, jobs=2))
        ratios.append(one / two)
    return statistics.median(ratios)


def _timed(work: Callable[[], object]) -> float:
    started = time.perf_counter()
    work()
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=3, help="alternating pairs per row (median taken)")
    parser.add_argument("--seconds", type=float, default=1.0, help="CPU seconds per measurement")
    parser.add_argument("--cache", type=Path, default=None, help="where the anchors' virtualenv lives")
    parser.add_argument("--only", default="", help="only the rows whose work contains this text")
    parser.add_argument("--compiled", type=Path, default=COMPILED_VENV, help="the compiled build's venv")
    args = parser.parse_args()
    anchor = anchor_python(args.cache or cache_dir())
    compiled: Path | None = python_in(args.compiled)
    if not compiled.exists():
        print(f"no compiled build in {args.compiled} (python tools/compiled.py build): its column is empty")
        compiled = None
    print(f"{'work':58} {'pure/s':>9} {'compiled/s':>10} {'anchor/s':>9} {'pure':>6} {'compiled':>8} "
          f"{'issue':>6} {'target':>7}")
    for row in ROWS:
        if args.only not in row.work:
            continue
        c = compare(row, anchor, compiled, args.rounds, args.seconds)
        print(f"{row.work:58} {c.pure:9,.0f} {_cell(c.compiled, 10, ',.0f')} {c.anchor:9,.0f} {c.pure_ratio:6.2f} "
              f"{_cell(c.compiled_ratio, 8, '.2f')} {row.now:>6} {row.target:>7}", flush=True)
    if args.only in "search simulations per 150 ms in chinchón":
        sims = measure(sys.executable, OURS_PRELUDE + "import statistics\n", OURS["search150"], 0)
        fast = measure(compiled, OURS_PRELUDE + "import statistics\n", OURS["search150"], 0) if compiled else None
        label = "search simulations per 150 ms in chinchón (median of 6)"
        print(f"{label:58} {sims:9,.0f} {_cell(fast, 10, ',.0f')} {'-':>9} {'-':>6} {'-':>8} {'11':>6} "
              f"{'>= 100':>7}")
    for arguments in (["--help"], ["list"]):
        if args.only in f"cartas {arguments[0]} vs python -c pass":
            _ratio_row(f"cartas {arguments[0]} vs python -c pass (x, wall)",
                       startup_ratio(arguments, args.rounds), "11", "<= 4")
    if args.only in "arena -j 2 vs -j 1, random truco":
        _ratio_row("arena -j 2 vs -j 1, random truco (wall)", arena_ratio(args.rounds, 200), "0.54", ">= 1.0")
    if args.only in "arena -j 2 vs -j 1, medium truco":
        _ratio_row("arena -j 2 vs -j 1, medium truco (wall; idle machine)",
                   arena_ratio(args.rounds, 40, "medium"), "-", ">= 1.8")


if __name__ == "__main__":
    main()
