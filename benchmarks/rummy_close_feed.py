"""A learned chance that a chinchón discard lets the rival close at once, and ``medium`` that pays for it.

Why this one: a ``medium`` that sees the rival's hand and avoids only the discards that would let him close at
once wins 67 of 100 matches against ``medium`` (``rummy_hard_screen.py oracle_close``; avoiding every feed, 68):
nearly all of what the rival's hand is worth. Sampled worlds, weighed by the games' reading or by replaying the
rival's last discard, tell those discards from the others with an AUC of about 0.6
(``rummy_medium_reading.py auc --close``). This fits the chance directly, by logistic regression on features
of the card and the round as the seat sees them (:func:`features`), on labels that carry no play-out noise: in
``medium`` self-play the rival's real hand says whether each discard ``medium`` weighs would have let him close.

    nice -n 10 python benchmarks/rummy_close_feed.py collect --matches 300 --seed 4000 --out runs/close_feed.jsonl
    python benchmarks/rummy_close_feed.py fit runs/close_feed.jsonl --weights runs/close_feed_weights.json

``fit`` prints the AUC on the held-out half (odd matches) and on the training half. :class:`CloseFeedBot`
(``rummy_hard_screen.py close_feed``) charges :attr:`CloseFeedBot.FEED_COST` times the chance.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import tempfile
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from rummy_value_fit import solve  # noqa: E402  (the same small Gaussian elimination)

from cartas.core import Card, EventView
from cartas.core.bots import SeatView
from cartas.games.chinchon.actions import Discard
from cartas.games.chinchon.bots.levels import MediumBot, _taken_by_others
from cartas.games.chinchon.melds import MeldRules
from cartas.games.chinchon.bots.reading import melds_with

NAMES = (
    "bias", "points", "joker", "rank_unseen", "near_unseen", "turn", "rival_takes", "fits_taken",
    "rank_of_rival_discard", "near_rival_discard", "near_refused", "jokers_unseen", "turn_x_rank", "turn_x_near",
    "rival_last_points", "rival_low", "low_x_rank", "low_x_near", "below_rival_last",
)


def features(view: SeatView, rules: MeldRules, card: Card, events: list[EventView], unseen: Counter[Card]) -> list[float]:
    """What the seat sees of throwing ``card``: how many cards that would meld with it could be in the rival's hand,
    how late the round is, and what the rival did with cards like it."""
    seat = view.seat
    ranks = rules.ranks
    joker = 1.0 if card.is_joker else 0.0
    if card.is_joker:
        rank_unseen = near_unseen = 0.0
    else:
        rank_unseen = sum(unseen[Card(card.rank, s)] for s in "OCEB" if s != card.suit) / 3
        at = ranks.index(card.rank)
        near = [Card(ranks[p], card.suit) for p in (at - 2, at - 1, at + 1, at + 2) if 0 <= p < len(ranks)]
        near_unseen = sum(unseen[c] for c in near) / 4
    turn = min(sum(1 for e in events if e.kind == "discard"), 20) / 10
    taken = _taken_by_others(seat, events)
    rival_discards = [Card.parse(e.detail) for e in events if e.kind == "discard" and e.seat != seat]
    refused = []
    for i, event in enumerate(events):
        if event.kind == "discard" and event.seat == seat:
            after = next((e for e in events[i + 1:] if e.kind == "draw"), None)
            if after is not None and after.detail == "stock":
                refused.append(Card.parse(event.detail))

    def close(other: Card) -> bool:
        if card.is_joker or other.is_joker:
            return False
        return other.rank == card.rank or (other.suit == card.suit and abs(ranks.index(other.rank) - ranks.index(card.rank)) <= 2)

    jokers_unseen = sum(n for c, n in unseen.items() if c.is_joker) / 2
    # medium throws about its dearest loose card: a cheap last discard says the rest of his loose cards are cheap
    # too, so he is near cortar and a card that melds with them may be the one he waits for.
    last = rules.points([rival_discards[-1]]) / 10 if rival_discards else 1.2
    low = 1.0 if last <= 0.4 else 0.0
    return [
        1.0, rules.points([card]) / 10, joker, rank_unseen, near_unseen, turn, float(len(taken)),
        float(any(close(c) for c in taken)),
        float(any(not c.is_joker and not card.is_joker and c.rank == card.rank for c in rival_discards)),
        float(any(close(c) and c.rank != card.rank for c in rival_discards)),
        float(any(close(c) for c in refused)), jokers_unseen, turn * rank_unseen, turn * near_unseen,
        last, low, low * rank_unseen, low * near_unseen, float(rules.points([card]) / 10 <= last),
    ]


def unseen_of(view: SeatView, hand: list[Card], events: list[EventView], pile: list[str]) -> Counter[Card]:
    return MediumBot._unseen(view, hand, events, pile)


def collect(matches: int, seed: int, out: Path) -> None:
    from cartas.core.plugins.manager import get_registry
    from cartas.games.chinchon.bots.reading_bot import next_player
    from cartas.games.chinchon.state import RummyState

    registry = get_registry()
    game = registry.game("chinchon")
    medium = registry.bot("chinchon", "medium")
    with out.open("a") as handle:
        for index in range(matches):
            state = game.start(game.options({}), seed=seed + index)
            assert isinstance(state, RummyState)
            bots = [medium(seed * 1000 + index * 2 + s) for s in (0, 1)]
            while not state.is_over:
                seat = state.to_act[0]
                view = SeatView(state, seat)
                legal = view.legal_actions()
                if isinstance(legal[0], Discard) and not any(a.close for a in legal if isinstance(a, Discard)):
                    rules = state.rules
                    hand = view.hand()
                    observation = view.observation()
                    events = observation.events
                    unseen = unseen_of(view, hand, events, observation.table["discard_pile"])
                    rival = list(state.hands[next_player(state, seat)])
                    limit = state.options.max_cut  # type: ignore[attr-defined]
                    rows = []
                    for action in MediumBot.candidates(rules, hand, [a for a in legal if isinstance(a, Discard)]):
                        card = action.card
                        label = melds_with(rules, card, rival) and rules.deadwood_after_discard([*rival, card]) <= limit
                        rows.append(features(view, rules, card, events, unseen) + [float(label)])
                    handle.write(json.dumps({"match": index, "rows": rows}) + "\n")
                state.apply(bots[seat].choose(view), seat)


def predict(weights: list[float], row: list[float]) -> float:
    z = sum(w * x for w, x in zip(weights, row))
    return 1 / (1 + math.exp(-z)) if z > -40 else 0.0


def fit_logistic(rows: list[list[float]], ridge: float = 1.0, iterations: int = 12) -> list[float]:
    """Newton's method on the penalised log-likelihood (pure Python: the system is small)."""
    k = len(rows[0]) - 1
    w = [0.0] * k
    for _ in range(iterations):
        grad = [-ridge * x for x in w]
        grad[0] = 0.0
        hess = [[0.0] * k for _ in range(k)]
        for i in range(1, k):
            hess[i][i] = ridge
        for row in rows:
            x, y = row[:k], row[k]
            p = predict(w, x)
            r = y - p
            s = p * (1 - p)
            for i in range(k):
                grad[i] += r * x[i]
                si = s * x[i]
                if si:
                    hi = hess[i]
                    for j in range(k):
                        hi[j] += si * x[j]
        step = solve(hess, grad)
        w = [a + b for a, b in zip(w, step)]
    return w


def auc(scored: list[tuple[float, bool]]) -> float:
    scored = sorted(scored)
    positives = sum(1 for _, t in scored if t)
    negatives = len(scored) - positives
    if not positives or not negatives:
        return float("nan")
    rank_sum, i = 0.0, 0
    while i < len(scored):
        j = i
        while j < len(scored) and scored[j][0] == scored[i][0]:
            j += 1
        mean_rank = (i + j + 1) / 2
        rank_sum += mean_rank * sum(1 for _, t in scored[i:j] if t)
        i = j
    return (rank_sum - positives * (positives + 1) / 2) / (positives * negatives)


def fit(path: Path, weights_path: Path, ridge: float) -> None:
    train: list[list[float]] = []
    test: list[list[float]] = []
    for line in path.read_text().splitlines():
        if line.strip():
            record = json.loads(line)
            (test if record["match"] % 2 else train).extend(record["rows"])
    k = len(NAMES)
    w = fit_logistic(train, ridge)
    for name, rows in (("training", train), ("held-out", test)):
        scored = [(predict(w, r[:k]), bool(r[k])) for r in rows]
        print(f"{name}: {len(rows)} discards, {sum(t for _, t in scored)} let the rival close; AUC {auc(scored):.3f}")
    print("  " + ", ".join(f"{n} {x:+.2f}" for n, x in zip(NAMES, w)))
    w_all = fit_logistic(train + test, ridge)
    data = {"features": list(NAMES), "weights": [round(x, 4) for x in w_all], "rows": len(train) + len(test)}
    fd, tmp = tempfile.mkstemp(dir=weights_path.parent, suffix=".tmp")
    with os.fdopen(fd, "w") as handle:
        json.dump(data, handle, indent=1)
        handle.write("\n")
    os.replace(tmp, weights_path)


WEIGHTS = Path(__file__).resolve().parent / "rummy_close_feed_weights.json"


class CloseFeedBot(MediumBot):
    """``medium`` charged :attr:`FEED_COST` times the learned chance that a discard lets the rival close at once."""

    FEED_COST = 20.0
    _weights: list[float] | None = None

    def feed_costs(self, view: SeatView, rules: MeldRules, cards: list[Card], events: list[EventView],
                   worth: list[float] | None = None) -> dict[Card, float]:
        costs = super().feed_costs(view, rules, cards, events, worth)
        if view.game_name != "chinchon":
            return costs
        if CloseFeedBot._weights is None:
            data = json.loads(WEIGHTS.read_text())
            if tuple(data["features"]) != NAMES:
                raise ValueError(f"{WEIGHTS} names other features than rummy_close_feed.features computes")
            CloseFeedBot._weights = [float(x) for x in data["weights"]]
        observation = view.observation()
        unseen = unseen_of(view, view.hand(), events, observation.table["discard_pile"])
        for card in cards:
            costs[card] += self.FEED_COST * predict(CloseFeedBot._weights, features(view, rules, card, events, unseen))
        return costs


class CloseGuardBot(CloseFeedBot):
    """Acts only on a confident alarm: when the learned chance reaches :attr:`ALARM` for one of the discards within
    :attr:`MARGIN` of ``medium``'s best, it throws the one of those with the lowest chance; otherwise it plays
    ``medium``. (Paying the chance on every discard spent the hand's worth where there was nothing to fear: in
    four decisions of five none of the weighed discards would let the rival cortar.)"""

    ALARM = 0.3
    MARGIN = 4.0

    def feed_costs(self, view: SeatView, rules: MeldRules, cards: list[Card], events: list[EventView],
                   worth: list[float] | None = None) -> dict[Card, float]:
        costs = MediumBot.feed_costs(self, view, rules, cards, events, worth)
        if view.game_name != "chinchon" or worth is None:
            return costs
        best = min(w + costs[c] for c, w in zip(cards, worth))
        contending = [c for c, w in zip(cards, worth) if w + costs[c] <= best + self.MARGIN]
        if len(contending) < 2:
            return costs
        weights = self._loaded()
        unseen = unseen_of(view, view.hand(), events, view.observation().table["discard_pile"])
        chance = {c: predict(weights, features(view, rules, c, events, unseen)) for c in contending}
        if max(chance.values()) < self.ALARM:
            return costs
        # medium adds these to the worths and throws the least: the contending cards all come to ``best`` plus
        # their chance, the others far above.
        return {c: best - worth[at] + chance[c] if c in chance else 1000.0 for at, c in enumerate(cards)}

    @staticmethod
    def _loaded() -> list[float]:
        if CloseFeedBot._weights is None:
            data = json.loads(WEIGHTS.read_text())
            if tuple(data["features"]) != NAMES:
                raise ValueError(f"{WEIGHTS} names other features than rummy_close_feed.features computes")
            CloseFeedBot._weights = [float(x) for x in data["weights"]]
        return CloseFeedBot._weights


class WaryCloseGuardBot(CloseGuardBot):
    """:class:`CloseGuardBot` alarmed from a chance of 0.2 (screened as ``close_guard_20``)."""

    ALARM = 0.2


class JumpyCloseGuardBot(CloseGuardBot):
    """:class:`CloseGuardBot` alarmed from a chance of 0.12 (screened as ``close_guard_12``)."""

    ALARM = 0.12


class TieBreakCloseGuardBot(CloseGuardBot):
    """:class:`CloseGuardBot` always alarmed but within 1 point of ``medium``'s best only: the learned chance
    breaks near ties (screened as ``close_tiebreak``)."""

    ALARM = 0.0
    MARGIN = 1.0


class CheapCloseFeedBot(CloseFeedBot):
    """:class:`CloseFeedBot` paying less, so it only breaks near ties (screened as ``close_feed_8``)."""

    FEED_COST = 8.0


class DearCloseFeedBot(CloseFeedBot):
    """:class:`CloseFeedBot` paying more, nearer the oracle's never (screened as ``close_feed_50``)."""

    FEED_COST = 50.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    c = sub.add_parser("collect", help="medium self-play: features and labels of every discard medium weighs")
    c.add_argument("--matches", type=int, default=300)
    c.add_argument("--seed", type=int, default=4000)
    c.add_argument("--out", type=Path, required=True)
    f = sub.add_parser("fit", help="logistic regression, AUC on held-out matches, weights written")
    f.add_argument("data", type=Path)
    f.add_argument("--ridge", type=float, default=1.0)
    f.add_argument("--weights", type=Path, default=WEIGHTS)
    args = parser.parse_args()
    if args.command == "collect":
        collect(args.matches, args.seed, args.out)
    else:
        fit(args.data, args.weights, args.ridge)


if __name__ == "__main__":
    main()
