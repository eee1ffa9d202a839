"""Screens candidate chinchón bots against ``medium`` on duplicate deals (issue 32 item 4: a ``hard`` that beats it).

Each candidate is ``medium`` with one idea of a strong player's changed (see :data:`CANDIDATES` and the classes
below); the measured results are in docs/bots.md. ``arena`` plays a candidate against ``medium`` in process, each
deal ``seed + i`` once from each seat, bots seeded as ``cartas arena`` seeds them (``bot_seed(seed, index,
seat)``, index counted from 1 over the deals and seats), one JSON line a match; ``--shard K/N`` plays every N-th
deal from the K-th, so two processes share a run and their files together are the run. ``summary`` gives the
rate over whole deals with its Wilson 95% interval.

The candidates: ``upany``, ``upany2``, ``def0``, ``def5``, ``bonus5``, ``bonus30`` and ``cand8`` change one of
``medium``'s constants or its upcard rule (``upnever`` shows what the upcard is worth); ``exact_close``, ``caught``,
``race``, ``score_aware``, ``limit``, ``combo``, ``alarm``, ``patient`` and ``lookahead`` change one of ``medium``'s
measures or rules; ``reading`` and ``reading_heavy`` (remigio's reading bot), ``close_reading``
(``rummy_medium_reading.py``), ``close_feed``, ``close_guard`` and ``close_tiebreak`` (``rummy_close_feed.py``)
guess what the rival holds; ``medium`` is the control and ``oracle`` and ``oracle_close``
are bounds that look at the rival's hand (they cheat on purpose).
None beat ``medium`` (docs/bots.md, "A strong player's ideas, one at a time"). Under ``nice`` (the machine is
shared)::

    nice -n 10 python benchmarks/rummy_hard_screen.py arena lookahead --deals 50 --seed 9000 --shard 0/2 --out runs/a0.jsonl
    nice -n 10 python benchmarks/rummy_hard_screen.py arena lookahead --deals 50 --seed 9000 --shard 1/2 --out runs/a1.jsonl
    python benchmarks/rummy_hard_screen.py summary runs/a0.jsonl runs/a1.jsonl
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path

from cartas.core import Action, Card, EventView, Observation
from cartas.core.arena.runner import bot_seed
from cartas.core.bots import SeatView
from cartas.core.match import run_match
from cartas.core.plugins.manager import get_registry
from cartas.games.chinchon.actions import Discard
from cartas.games.chinchon.bots.levels import MediumBot, _taken_by_others, _without, rules_for
from cartas.games.chinchon.melds import MeldRules
from cartas.games.chinchon.bots.reading import melds_with
from cartas.games.chinchon.bots.reading_bot import ReadingBot, next_player
from cartas.games.chinchon.state import RummyState

sys.path.insert(0, str(Path(__file__).resolve().parent))
from rummy_close_feed import (  # noqa: E402
    CheapCloseFeedBot, CloseFeedBot, CloseGuardBot, DearCloseFeedBot, JumpyCloseGuardBot, TieBreakCloseGuardBot,
    WaryCloseGuardBot,
)
from rummy_medium_reading import CloseReadingBot  # noqa: E402


class ExactCloseBot(MediumBot):
    """``medium`` whose measure of a hand that could close counts what closing scores: a hand with nothing loose
    closes for -10 (menos diez) and leaves the rival nothing to lay off, not 0; ``medium`` counts it 5 points
    better than a close with 5 loose, where the score differs by 15."""

    MENOS_DIEZ = 10

    def _with_bonus(self, view: SeatView, best: int) -> float:
        if view.game_name == "chinchon" and best == 0:
            return -self.CLOSE_BONUS - self.MENOS_DIEZ
        return super()._with_bonus(view, best)


class CaughtBot(MediumBot):
    """``medium`` that also fears being caught before its next turn: a discard's worth is ``p`` times the loose
    points of the hand it keeps now (what the rival's close would charge) plus ``1 - p`` times ``medium``'s
    measure, ``p`` the chance the rival closes on his next turn (growing with the cards he took from the pile,
    each a meld he made)."""

    BASE = 0.12
    PER_TAKE = 0.08
    CAP = 0.5

    def _expected(self, view: SeatView, rules: MeldRules, hand: list[Card], unseen: Counter[Card]) -> float:
        later = super()._expected(view, rules, hand, unseen)
        if view.observation().table["phase"] != "discard":  # a draw weighs the hand before it: as medium does
            return later
        events = view.observation().events
        if not any(e.kind == "discard" for e in events if e.seat != view.seat):
            return later  # the rival may not close before his first turn
        p = min(self.CAP, self.BASE + self.PER_TAKE * len(_taken_by_others(view.seat, events)))
        return p * rules.deadwood(hand) + (1 - p) * later


class ScoreAwareBot(MediumBot):
    """``medium`` that plays the match, not only the round: when being caught with the loose points a discard keeps
    would put it over the limit, that discard costs :attr:`BUST` points times the chance the rival closes before
    its next turn; when the rival would go out on an ordinary catch, a hand that could close is worth more
    (:attr:`RACE_BONUS`), and when it would go out itself, less (its loose points matter more than speed)."""

    BUST = 40.0
    CLOSE_NEXT = 0.25
    """The chance the rival closes on his next turn, once he may (a round of two ``medium`` lasts four turns each)."""
    RACE_BONUS = 25
    CAUTIOUS_BONUS = 8
    TYPICAL_CATCH = 18
    """What a caught ``medium`` pays on average (self-play)."""

    def _rooms(self, view: SeatView) -> tuple[int, int]:
        observation = view.observation()
        limit = observation.table["limit"]
        scores = observation.scores
        rival = next(s for s in range(len(scores)) if s != view.seat and observation.table["active"][s])
        return limit - scores[view.seat], limit - scores[rival]

    def _with_bonus(self, view: SeatView, best: int) -> float:
        mine, theirs = self._rooms(view)
        if best <= view.options.max_cut:  # type: ignore[attr-defined]
            if theirs < self.TYPICAL_CATCH:
                return best - self.RACE_BONUS
            if mine < self.TYPICAL_CATCH:
                return best - self.CAUTIOUS_BONUS
        return super()._with_bonus(view, best)

    def _expected(self, view: SeatView, rules: MeldRules, hand: list[Card], unseen: Counter[Card]) -> float:
        later = super()._expected(view, rules, hand, unseen)
        observation = view.observation()
        if observation.table["phase"] != "discard":
            return later
        if not any(e.kind == "discard" for e in observation.events if e.seat != view.seat):
            return later
        mine, _ = self._rooms(view)
        return later + (self.BUST * self.CLOSE_NEXT if rules.deadwood(hand) > mine else 0.0)


class DefenceBot(MediumBot):
    """``medium`` that, at a discard, judges a hand :attr:`WEIGHT` by the loose points it keeps now (what the
    rival's close would charge) and the rest by ``medium``'s measure, whenever :meth:`_defends` says the rival
    is near closing; otherwise as ``medium`` judges it. The candidates below differ only in that test."""

    WEIGHT = 0.5

    def _defends(self, view: SeatView, rules: MeldRules, hand: list[Card], unseen: Counter[Card],
                 observation: Observation) -> bool:
        raise NotImplementedError

    def _expected(self, view: SeatView, rules: MeldRules, hand: list[Card], unseen: Counter[Card]) -> float:
        later = super()._expected(view, rules, hand, unseen)
        observation = view.observation()
        if observation.table["phase"] != "discard" or not self._defends(view, rules, hand, unseen, observation):
            return later
        return self.WEIGHT * rules.deadwood(hand) + (1 - self.WEIGHT) * later


class RaceBot(DefenceBot):
    """``medium`` that plays defence when it is losing the race: once the rival may close, a hand whose chance to
    close on the next draw is under :attr:`BEHIND` is judged half by the loose points it keeps now (what a catch
    would charge), half by ``medium``'s measure; a hand in the race is judged as ``medium`` judges it."""

    BEHIND = 0.2

    def _defends(self, view: SeatView, rules: MeldRules, hand: list[Card], unseen: Counter[Card],
                 observation: Observation) -> bool:
        if not any(e.kind == "discard" for e in observation.events if e.seat != view.seat):
            return False
        total = sum(unseen.values())
        if not total:
            return False
        limit = view.options.max_cut  # type: ignore[attr-defined]
        outcomes = rules.deadwood_after_draws(hand, unseen)
        close = sum(n for n, best in zip(unseen.values(), outcomes) if best <= limit) / total
        return close < self.BEHIND


class OracleBot(MediumBot):
    """Not a candidate: the bound. ``medium`` that looks at the rival's real hand and never throws a card that
    melds with it when another is open (docs/bots.md's perfect-information figure), to check this harness."""

    def feed_costs(self, view: SeatView, rules: MeldRules, cards: list[Card], events: list[EventView],
                   worth: list[float] | None = None) -> dict[Card, float]:
        state = view._state  # cheating on purpose
        assert isinstance(state, RummyState)
        rival = next_player(state, view.seat)
        return {card: 100.0 * melds_with(rules, card, state.hands[rival]) for card in cards}


class AlarmBot(DefenceBot):
    """``medium`` that reads the rival's last discard as an alarm: ``medium`` throws about its dearest loose card,
    so a cheap one (at most :attr:`CHEAP` points) says his loose cards are cheap too and he is near cortar (the
    strongest sign in ``rummy_close_feed.py``'s fit); then a discard is judged :attr:`WEIGHT` by the loose points
    it keeps now, what his close would charge."""

    CHEAP = 3
    WEIGHT = 0.6

    def _defends(self, view: SeatView, rules: MeldRules, hand: list[Card], unseen: Counter[Card],
                 observation: Observation) -> bool:
        theirs = [e for e in observation.events if e.kind == "discard" and e.seat != view.seat]
        return bool(theirs) and rules.points([Card.parse(theirs[-1].detail)]) <= self.CHEAP


def closing_turn(view: SeatView) -> tuple[list[Action], list[Discard], MeldRules, list[Card]] | None:
    """A chinchón turn on which the seat may close (cortar): its legal moves, the closing discards among them,
    the meld rules and its hand; ``None`` otherwise (remigio, or no close), which the candidates that judge a
    close themselves leave to ``medium``."""
    legal = view.legal_actions()
    closes = [a for a in legal if isinstance(a, Discard) and a.close]
    if view.game_name != "chinchon" or not closes:
        return None
    return legal, closes, rules_for(view), view.hand()


class PatientBot(MediumBot):
    """``medium`` that waits for the −10 when it is likely: able to cortar only with loose points, it plays on
    instead when some discard leaves a hand that melds all seven on at least :attr:`LIKELY` of the next draws
    (the −10 is worth 11 to 15 points more, and the rival can lay nothing off), unless the rival looks near
    cortar himself (his last discard cheap, :attr:`CHEAP` points or less) or the round is late."""

    LIKELY = 0.35
    CHEAP = 3
    LATE = 10

    def choose(self, view: SeatView) -> Action:
        turn = closing_turn(view)
        if turn is None:
            return super().choose(view)
        legal, closes, rules, hand = turn
        if any(rules.deadwood(_without(hand, a.card)) == 0 for a in closes):
            return super().choose(view)
        observation = view.observation()
        events = observation.events
        theirs = [e for e in events if e.kind == "discard" and e.seat != view.seat]
        if len(theirs) >= self.LATE or (theirs and rules.points([Card.parse(theirs[-1].detail)]) <= self.CHEAP):
            return super().choose(view)
        unseen = self._unseen(view, hand, events, observation.table["discard_pile"])
        total = sum(unseen.values())
        if not total:
            return super().choose(view)
        best, chance = None, 0.0
        for action in legal:
            if not isinstance(action, Discard) or action.close:
                continue
            outcomes = rules.deadwood_after_draws(_without(hand, action.card), unseen)
            share = sum(n for n, left in zip(unseen.values(), outcomes) if left == 0) / total
            if share > chance:
                best, chance = action, share
        if best is not None and chance >= self.LIKELY:
            return best
        return super().choose(view)


class EagerPatientBot(PatientBot):
    """:class:`PatientBot` waiting from a 20% chance of the −10 (screened as ``patient_20``)."""

    LIKELY = 0.2


class _WithoutCloses:
    """A seat's view whose legal moves leave out the closes (the rest is the view's)."""

    def __init__(self, view: SeatView) -> None:
        self._view = view

    def legal_actions(self) -> list[Action]:
        return [a for a in self._view.legal_actions() if not (isinstance(a, Discard) and a.close)]

    def __getattr__(self, name: str) -> object:
        return getattr(self._view, name)


class LimitBot(MediumBot):
    """``medium`` that does not close itself out of the match: a close whose loose points would take its total
    over the limit loses the match on the spot (two ``medium`` players end 13 matches of 200 that way), so it
    closes only within its room (or for -10), and otherwise plays on as if it could not close; a hand that
    could close only over the limit is not worth ``medium``'s close bonus. One exception: when the rival
    has less room than a close costs it, closing puts both out and the lower total wins, so it closes when its
    total would stay under his."""

    def _room(self, view: SeatView) -> tuple[int, int]:
        observation = view.observation()
        limit = observation.table["limit"]
        scores = observation.scores
        at_limit = 1 if view.options.eliminate_at_limit else 0  # type: ignore[attr-defined]
        rival = next(s for s in range(len(scores)) if s != view.seat and observation.table["active"][s])
        return limit - scores[view.seat] - at_limit, limit - scores[rival] - at_limit

    def choose(self, view: SeatView) -> Action:
        turn = closing_turn(view)
        if turn is None:
            return super().choose(view)
        legal, closes, rules, hand = turn
        mine, theirs = self._room(view)

        def cost(action: Discard) -> int:
            left = _without(hand, action.card)
            points = rules.deadwood(left)
            return -10 if points == 0 else points

        safe = [a for a in closes if cost(a) <= mine]
        if safe:
            return self._close(view, rules, hand, safe)
        best = min(closes, key=cost)
        scores = view.observation().scores
        rival = 1 - view.seat if len(scores) == 2 else None
        if rival is not None and theirs < 5 and scores[view.seat] + cost(best) < scores[rival] + 5:
            return best  # he goes out too with any catch over his room, and ends higher
        if len(legal) == len(closes):
            return best
        return super().choose(_WithoutCloses(view))  # type: ignore[arg-type]

    def _with_bonus(self, view: SeatView, best: int) -> float:
        if view.game_name == "chinchon" and 0 < best <= view.options.max_cut:  # type: ignore[attr-defined]
            mine, _ = self._room(view)
            if best > mine:
                return best
        return super()._with_bonus(view, best)


class CloseOracleBot(MediumBot):
    """Not a candidate: :class:`OracleBot` that avoids only the feeds that would let the rival close at once, to
    see how much of the bound those are."""

    def feed_costs(self, view: SeatView, rules: MeldRules, cards: list[Card], events: list[EventView],
                   worth: list[float] | None = None) -> dict[Card, float]:
        state = view._state  # cheating on purpose
        assert isinstance(state, RummyState)
        hand = state.hands[next_player(state, view.seat)]
        limit = view.options.max_cut  # type: ignore[attr-defined]
        return {card: 100.0 * (melds_with(rules, card, hand) and rules.deadwood_after_discard([*hand, card]) <= limit)
                for card in cards}


class LookaheadBot(MediumBot):
    """``medium`` that looks two draws ahead instead of one: a hand's worth is the average, over the next draw, of
    ``medium``'s one-draw measure of the best hand it could keep after it (the discard leaving the fewest loose
    points). Early in a round one draw rarely changes the loose points, so ``medium`` tells a hand with two ways
    to meld from one with none only by a tie-break; two draws see it."""

    KEEP = 1
    """Discards weighed after each first draw (those leaving the fewest loose points)."""

    _seen_unseen: Counter[Card]

    def _unseen(self, view: SeatView, hand: list[Card], events: list[EventView],  # type: ignore[override]
                pile: list[str]) -> Counter[Card]:
        self._seen_unseen = MediumBot._unseen(view, hand, events, pile)
        return self._seen_unseen

    def _worth(self, view: SeatView, rules: MeldRules, cards: list[Card]) -> float:
        """Taking the upcard: the best kept hand's one-draw measure, so it compares with two draws' blind."""
        best = rules.deadwood_after_discard(cards)
        if best <= view.options.max_cut:  # type: ignore[attr-defined]
            return self._with_bonus(view, best)
        options = sorted(set(cards), key=lambda c: rules.deadwood(_without(cards, c)))[: self.KEEP]
        return min(MediumBot._expected(self, view, rules, _without(cards, c), self._seen_unseen) for c in options)

    def _expected(self, view: SeatView, rules: MeldRules, hand: list[Card], unseen: Counter[Card]) -> float:
        total = sum(unseen.values())
        if not total:
            return rules.deadwood(hand)
        limit = view.options.max_cut  # type: ignore[attr-defined]
        worth = 0.0
        for card, n in unseen.items():
            eight = hand + [card]
            best = rules.deadwood_after_discard(eight)
            if best <= limit:  # it could close at once: medium's measure of that
                worth += n * self._with_bonus(view, best)
                continue
            rest = unseen.copy()
            rest[card] -= 1
            options = sorted(set(eight), key=lambda c: rules.deadwood(_without(eight, c)))[: self.KEEP]
            worth += n * min(super(LookaheadBot, self)._expected(view, rules, _without(eight, c), +rest)
                             for c in options)
        return worth / total


class ChinchonReadingBot(ReadingBot):
    """Remigio's ``hard`` (:mod:`cartas.games.chinchon.bots.reading_bot`) in chinchón: ``medium`` charged
    :attr:`FEED_COST` times the share of worlds drawn from the reading's posterior where a discard melds with the
    rival's hand, on top of ``medium``'s own guard."""

    FEED_COST = 6.0

    def feed_costs(self, view: SeatView, rules: MeldRules, cards: list[Card], events: list[EventView],
                   worth: list[float] | None = None) -> dict[Card, float]:
        if worth is None:  # ReadingBot's own call for the cards in contention: the reading alone
            return super().feed_costs(view, rules, cards, events)
        guard = MediumBot.feed_costs(self, view, rules, cards, events)
        read = super().feed_costs(view, rules, cards, events, worth)
        return {card: guard[card] + read[card] for card in cards}


class HeavyReadingBot(ChinchonReadingBot):
    """:class:`ChinchonReadingBot` with a feed worth three times as much (the perfect-information bound says a
    feed costs more than a few loose points)."""

    FEED_COST = 18.0


class UpcardAnyBot(MediumBot):
    """``medium`` that takes the upcard whenever the hand with it is worth :attr:`MARGIN` points more than a
    blind draw by ``medium``'s own measure, whether it melds or not (``medium`` takes only an upcard that melds:
    one that does not tells the rival what it collects)."""

    MARGIN = 0.0

    def takes_upcard(self, view: SeatView, rules: MeldRules, hand: list[Card], up: Card,
                     unseen: Counter[Card]) -> bool:
        return self._worth(view, rules, hand + [up]) + self.MARGIN <= self._expected(view, rules, hand, unseen)


class WaryUpcardBot(UpcardAnyBot):
    """:class:`UpcardAnyBot` only when the upcard is worth 2 points more than a blind draw."""

    MARGIN = 2.0


class NeverUpcardBot(MediumBot):
    """Not a candidate: ``medium`` that never takes the upcard, to show how much that decision matters."""

    def takes_upcard(self, view: SeatView, rules: MeldRules, hand: list[Card], up: Card,
                     unseen: Counter[Card]) -> bool:
        return False


class NoDefenceBot(MediumBot):
    """``medium`` that pays nothing for a card fitting one the rival took from the pile (``DEFENCE`` 2)."""

    DEFENCE = {**MediumBot.DEFENCE, "chinchon": 0.0}


class DefensiveBot(MediumBot):
    """``medium`` that pays 5 points for such a card."""

    DEFENCE = {**MediumBot.DEFENCE, "chinchon": 5.0}


class SmallBonusBot(MediumBot):
    """``medium`` whose hand that could close is worth 5 points more, not ``CLOSE_BONUS`` 15."""

    CLOSE_BONUS = 5


class BigBonusBot(MediumBot):
    """The same at 30 points."""

    CLOSE_BONUS = 30


class WideBot(MediumBot):
    """``medium`` weighing eight discards in depth, not ``CANDIDATES`` four."""

    CANDIDATES = 8


class ComboBot(LimitBot, RaceBot, ExactCloseBot):
    """The three ideas that did not lose on their own together: :class:`LimitBot`'s closes within the room,
    :class:`RaceBot`'s defence when behind, :class:`ExactCloseBot`'s worth of a −10."""


CANDIDATES: dict[str, Callable[[int], MediumBot]] = {
    "exact_close": ExactCloseBot,
    "upany": UpcardAnyBot,
    "upany2": WaryUpcardBot,
    "upnever": NeverUpcardBot,
    "def0": NoDefenceBot,
    "def5": DefensiveBot,
    "bonus5": SmallBonusBot,
    "bonus30": BigBonusBot,
    "cand8": WideBot,
    "caught": CaughtBot,
    "lookahead": LookaheadBot,
    "score_aware": ScoreAwareBot,
    "race": RaceBot,
    "limit": LimitBot,
    "combo": ComboBot,
    "alarm": AlarmBot,
    "patient": PatientBot,
    "patient_20": EagerPatientBot,
    "medium": MediumBot,
    "oracle": OracleBot,
    "close_reading": CloseReadingBot,
    "close_feed": CloseFeedBot,
    "close_guard": CloseGuardBot,
    "close_guard_20": WaryCloseGuardBot,
    "close_guard_12": JumpyCloseGuardBot,
    "close_tiebreak": TieBreakCloseGuardBot,
    "close_feed_8": CheapCloseFeedBot,
    "close_feed_50": DearCloseFeedBot,
    "oracle_close": CloseOracleBot,
    "reading": ChinchonReadingBot,
    "reading_heavy": HeavyReadingBot,
}


def arena(name: str, deals: int, seed: int, shard: tuple[int, int], out: Path) -> None:
    """``name`` against ``medium``, each deal from both seats, one JSON line a match."""
    registry = get_registry()
    game = registry.game("chinchon")
    medium = registry.bot("chinchon", "medium")
    candidate = CANDIDATES[name]
    k, n = shard
    with out.open("a") as handle:
        for deal in range(k, deals, n):
            for seat in (0, 1):
                index = 2 * deal + seat + 1
                state = game.start(game.options({}), seed=seed + deal)
                agents = {seat: candidate(bot_seed(seed, index, seat)),
                          1 - seat: medium(bot_seed(seed, index, 1 - seat))}
                winners = list(run_match(state, agents).winners)
                score = 1.0 if winners == [seat] else 0.0 if winners == [1 - seat] else 0.5
                handle.write(json.dumps({"deal": deal, "seat": seat, "score": score}) + "\n")
                handle.flush()


def wilson(won: float, n: int) -> tuple[float, float]:
    p, z = won / n, 1.96
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def summary(paths: list[Path]) -> None:
    """The candidate's rate over whole deals (both seats played) with the Wilson 95% interval."""
    rows = [{**json.loads(line), "file": str(path)}
            for path in paths for line in path.read_text().splitlines() if line.strip()]
    sides = Counter((row["file"], row["deal"]) for row in rows)
    rows = [row for row in rows if sides[row["file"], row["deal"]] == 2]
    if not rows:
        print("no whole deals")
        return
    won = sum(row["score"] for row in rows)
    low, high = wilson(won, len(rows))
    print(f"{won:g} of {len(rows)} = {100 * won / len(rows):.1f}% [{100 * low:.1f}, {100 * high:.1f}]")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    a = sub.add_parser("arena", help="a candidate against medium on duplicate deals")
    a.add_argument("candidate", choices=sorted(CANDIDATES))
    a.add_argument("--deals", type=int, default=50)
    a.add_argument("--seed", type=int, default=9000)
    a.add_argument("--shard", default="0/1", help="K/N: every N-th deal from the K-th")
    a.add_argument("--out", type=Path, required=True)
    m = sub.add_parser("summary", help="rate and Wilson 95%% interval of arena files")
    m.add_argument("results", type=Path, nargs="+")
    args = parser.parse_args()
    if args.command == "summary":
        summary(args.results)
        return
    k, n = (int(x) for x in args.shard.split("/"))
    if not 0 <= k < n:
        sys.exit(f"bad --shard {args.shard}: want K/N with 0 <= K < N")
    arena(args.candidate, args.deals, args.seed, (k, n), args.out)


if __name__ == "__main__":
    main()
