"""Does reading the rivals' draws and discards tell a feed from a safe card? Measures the rummy games' posterior.

Run: ``python benchmarks/bots/rummy_reading.py [GAME] [--rounds 6] [--samples 40]``. ``medium`` plays every seat of
two-player rounds; at each discard of seat 0, every card it could throw is scored by how often it melds with
the rival's hand (:func:`cartas.games.chinchon.reading.melds_with`) in sampled worlds: drawn plainly (the
prior), through ``plausible`` alone, and through the reading (:class:`cartas.games.chinchon.reading.RummyReading`).
The script prints each score's AUC against the truth, the rival's real hand: 0.5 tells nothing, 1 tells every
feed from every safe card.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable, Iterator

from cartas.core.bots.base import SeatView
from cartas.core.bots.inference import Posterior
from cartas.core.bots.inference.posterior import bidding_weight, rule_weight
from cartas.core.bots.base import BotFactory
from cartas.core.plugins.manager import get_registry
from cartas.core.state import Action, State
from cartas.games.chinchon.actions import Discard
from cartas.games.chinchon.bots import plausible, weighed_discard
from cartas.games.chinchon.reading import RummyReading, melds_with
from cartas.games.chinchon.state import RummyState


def auc(scored: list[tuple[float, bool]]) -> float:
    """The chance that a random feed scores above a random safe card (ties count half)."""
    feeds = [s for s, truth in scored if truth]
    safe = [s for s, truth in scored if not truth]
    if not feeds or not safe:
        return float("nan")
    wins = sum((f > s) + 0.5 * (f == s) for f in feeds for s in safe)
    return wins / (len(feeds) * len(safe))


def medium_discards(game_name: str, rounds: int, seed: int) -> Iterator[tuple[RummyState, SeatView, list[Action], random.Random]]:
    """Seat 0's discards from its second turn on, in the first round of each of ``rounds`` two-player matches
    of ``medium`` against itself: the state, seat 0's view, its legal moves and the round's own generator (for
    the sampling the caller does). The caller reads; the loop then plays ``medium``'s move."""
    registry = get_registry()
    game = registry.game(game_name)
    medium: BotFactory = registry.bot(game_name, "medium")
    for index in range(rounds):
        state = game.start({"players": 2}, seed=seed + index)
        assert isinstance(state, RummyState)
        bots = [medium(seed * 100 + index * 2 + seat) for seat in range(2)]
        rng = random.Random(seed + index)
        while not state.is_over and state.hands_played == 0:
            seat = state.to_act[0]
            view = SeatView(state, seat)
            legal = view.legal_actions()
            if seat == 0 and isinstance(legal[0], Discard) and state.turn >= 2:
                yield state, view, legal, rng
            state.apply(bots[seat].choose(view), seat)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("game", nargs="?", default="chinchon")
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--samples", type=int, default=40, help="sampled worlds per decision and method")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    samplers: dict[str, Callable[[SeatView, random.Random], State]] = {
        "prior": lambda view, rng: view.sample(rng),
        "plausible": Posterior(rule_weight(plausible), tries=30).sample,
        "reading": Posterior(bidding_weight(RummyReading(weighed_discard)), tries=30).sample,
    }
    scored: dict[str, list[tuple[float, bool]]] = {name: [] for name in samplers}
    for state, view, legal, rng in medium_discards(args.game, args.rounds, args.seed):
        rules = state.rules
        cards = sorted({action.card for action in legal if isinstance(action, Discard)}, key=str)
        truth = {card: melds_with(rules, card, list(state.hands[1])) for card in cards}
        for name, sample in samplers.items():
            worlds = [sample(view, rng) for _ in range(args.samples)]
            for card in cards:
                hits = sum(melds_with(rules, card, list(w.hands[1])) for w in worlds)  # type: ignore[attr-defined]
                scored[name].append((hits / args.samples, truth[card]))
    n = len(scored["prior"])
    feeds = sum(truth for _, truth in scored["prior"])
    print(f"{args.game}: {n} candidate discards, {feeds} of them feeds")
    for name, pairs in scored.items():
        print(f"  {name:10} AUC {auc(pairs):.3f}")


if __name__ == "__main__":
    main()
