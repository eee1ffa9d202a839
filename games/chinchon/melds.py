"""The meld engine shared by chinchón and remigio: what a meld is, and the best arrangement of a hand.

A *meld* (combinación) is a run (escalera: one suit, consecutive ranks) or a set (cartas iguales: one rank)
of at least three cards, where comodines may stand in for missing cards. The two games differ only in
parameters, collected in :class:`MeldRules`: which ranks follow which (with 40 cards the 7 and the sota
are neighbours), whether the ace may also follow the rey, how many comodines a meld may hold, how big a
set may grow and what each loose card costs.

The solver finds the arrangement with the fewest unmatched points, exactly. It runs on every turn of every
random playout and inside the bots, so it is built for speed:

- cards are small integers (``suit * 16 + rank position``; the comodín is :data:`JOKER_ID`), a suit's ranks
  a bitmask;
- cards that cannot belong to any meld (no neighbour in their suit, too few of their rank) are counted as
  loose at once with a few bit operations, and only the remaining *core* is searched;
- the core's best value is memoised, keyed on its sorted card ids, so a core seen before costs one lookup;
- the search itself is a depth-first pass over the lowest card left, each meld indexed by its lowest card,
  memoised on (cards left, comodines left, target melds used).

Lay-offs (chinchón: the other players add cards to the closer's melds) enter the same search as extra
"melds" that attach a group of the hand's cards to one of the closer's melds; each closer's meld takes
at most one such group, and the group is valid when the meld with the added cards is still a meld.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import NamedTuple

from cartas.core import JOKER, SUITS, Card

JOKER_ID = 64
"""The comodín's id; natural cards are ``suit index * 16 + rank position`` (below 64)."""

JOKER_POINTS = 25
"""What an unmatched comodín costs, in both games."""

_CACHE_LIMIT = 200_000
"""Past this many memoised cores the cache starts again, so long runs do not grow without bound."""


class Arrangement(NamedTuple):
    """How a hand is laid down: its melds, the groups laid off on other melds, the loose cards and their points.

    ``layoffs`` pairs the index of the target meld (in the list given to the solver) with the cards added.
    """

    melds: tuple[tuple[Card, ...], ...]
    layoffs: tuple[tuple[int, tuple[Card, ...]], ...]
    loose: tuple[Card, ...]
    points: int


# A candidate meld inside the search: (natural cards as a bitmask over the hand, comodines used, points
# covered, target meld index or -1 for a meld of the player's own).
_Meld = tuple[int, int, int, int]


class MeldRules:
    """The meld rules of one variant, with the tables and the memo the solver keeps for it.

    ``ranks`` lists the deck's ranks in run order (with a 40-card deck the 7 is followed by the 10);
    ``ace_high`` lets the ace also follow the last rank (remigio's 11-12-1); ``one_joker`` limits a meld to
    one comodín (chinchón), otherwise a meld may not hold more comodines than natural cards (remigio);
    ``max_set`` caps a set's size (``None``: no cap); ``values`` gives each rank's loose points.
    """

    __slots__ = (
        "ranks", "ace_high", "one_joker", "max_set", "n_ranks", "card_id", "card_of", "value", "_cache",
        "_perfect", "_reach_tables", "_whole",
    )

    def __init__(
        self,
        ranks: Sequence[int],
        *,
        ace_high: bool,
        one_joker: bool,
        max_set: int | None,
        values: dict[int, int],
    ) -> None:
        self.ranks = tuple(ranks)
        self.ace_high = ace_high
        self.one_joker = one_joker
        self.max_set = max_set
        self.n_ranks = len(self.ranks)
        self.card_id: dict[Card, int] = {JOKER: JOKER_ID}
        self.card_of: dict[int, Card] = {JOKER_ID: JOKER}
        self.value = [0] * (JOKER_ID + 1)
        self.value[JOKER_ID] = JOKER_POINTS
        for s, suit in enumerate(SUITS):
            for p, rank in enumerate(self.ranks):
                card = Card(rank, suit)
                self.card_id[card] = s * 16 + p
                self.card_of[s * 16 + p] = card
                self.value[s * 16 + p] = values[rank]
        self._cache: dict[tuple[int, ...], int] = {}
        self._whole: dict[tuple[int, ...], int] = {}
        self._perfect: dict[tuple[tuple[int, ...], int], bool] = {}
        self._reach_tables: dict[int, list[int]] = {}

    # --- single melds --------------------------------------------------------------------------------

    def ids(self, cards: Iterable[Card]) -> list[int]:
        """The solver's ids of ``cards``; a card not in this variant's deck raises ``KeyError``."""
        card_id = self.card_id
        return [card_id[c] for c in cards]

    def points(self, cards: Iterable[Card]) -> int:
        """The loose points of ``cards`` if none of them were melded."""
        value, card_id = self.value, self.card_id
        return sum(value[card_id[c]] for c in cards)

    def is_meld(self, cards: Sequence[Card]) -> bool:
        """Whether ``cards`` together form one valid meld (a run or a set) under these rules."""
        return self._is_meld_ids(self.ids(cards))

    def is_run(self, cards: Sequence[Card]) -> bool:
        """Whether ``cards`` form one valid run (escalera), comodines included."""
        ids = self.ids(cards)
        naturals = [i for i in ids if i != JOKER_ID]
        return len({i & 15 for i in naturals}) == len(naturals) > 1 and self._is_meld_ids(ids)

    def _is_meld_ids(self, ids: Sequence[int]) -> bool:
        naturals = [i for i in ids if i != JOKER_ID]
        k, size = len(naturals), len(ids)
        jokers = size - k
        if size < 3 or k == 0 or jokers > (1 if self.one_joker else k):
            return False
        positions = {i & 15 for i in naturals}
        if len(positions) == 1:
            return self.max_set is None or size <= self.max_set
        if len({i >> 4 for i in naturals}) != 1 or len(positions) != k or size > self.n_ranks:
            return False
        ordered = sorted(positions)
        if ordered[-1] - ordered[0] + 1 - k <= jokers:
            return True
        if self.ace_high and ordered[0] == 0:
            high = ordered[1:] + [self.n_ranks]
            return high[-1] - high[0] + 1 - k <= jokers
        return False

    # --- the solver ----------------------------------------------------------------------------------

    def deadwood(self, cards: Iterable[Card]) -> int:
        """The fewest unmatched points ``cards`` can be left with, melding as well as possible."""
        card_id = self.card_id
        return self.deadwood_ids([card_id[c] for c in cards])

    def deadwood_ids(self, ids: Sequence[int]) -> int:
        """:meth:`deadwood` on card ids: loose cards are counted at once, the rest solved and memoised.

        Whole hands are memoised too: the bots weigh the same cards in many orders (each discard, then each draw,
        in each play-out of an analysis), so about two hands in three asked for were asked before, and the
        lookup costs less than splitting the loose cards off again."""
        key = tuple(sorted(ids))
        whole = self._whole
        known = whole.get(key)
        if known is None:
            if len(whole) >= _CACHE_LIMIT:
                whole.clear()
            known = whole[key] = self._solve(ids)
        return known

    def _solve(self, ids: Sequence[int]) -> int:
        loose, core = self._split(ids)
        if not core:
            return loose
        key = tuple(sorted(core))
        cache = self._cache
        best = cache.get(key)
        if best is None:
            if len(cache) >= _CACHE_LIMIT:
                cache.clear()
            naturals = [i for i in key if i != JOKER_ID]
            jokers = len(key) - len(naturals)
            covered = _search(naturals, jokers, self._melds(naturals, jokers), [], None)
            best = sum(self.value[i] for i in key) - covered
            cache[key] = best
        return loose + best

    def deadwood_after_discard(self, cards: Sequence[Card]) -> int:
        """The fewest unmatched points left after throwing away the best one of ``cards``.

        The bots weigh every possible draw by this, so it avoids one solve per card: throwing a card worth ``v``
        leaves at least ``deadwood(cards) - v`` (else that card, kept loose, would beat the best arrangement),
        and a loose card of the best arrangement leaves exactly that. Cards are tried from the dearest down
        until that bound can no longer beat the best found; the result is exact.
        """
        ids = self.ids(cards)
        return self._after_discard_ids(ids, self.deadwood_ids(ids))

    def _after_discard_ids(self, ids: list[int], whole: int) -> int:
        """:meth:`deadwood_after_discard` on card ids, given their ``whole`` :meth:`deadwood_ids`."""
        value = self.value
        best: int | None = None
        for k in sorted(range(len(ids)), key=lambda k: -value[ids[k]]):
            if best is not None and whole - value[ids[k]] >= best:
                break
            left = self.deadwood_ids(ids[:k] + ids[k + 1:])
            if best is None or left < best:
                best = left
        if best is None:
            raise ValueError("a hand with no card has nothing to discard")
        return best

    def deadwood_after_draws(self, hand: Sequence[Card], draws: Iterable[Card]) -> list[int]:
        """:meth:`deadwood_after_discard` of ``hand`` plus each card of ``draws`` in turn, sharing the work.

        A drawn card that can join no meld with ``hand`` stays loose whatever is thrown, so the best is either
        to throw it back (``deadwood(hand)``) or to keep it and throw the best card of ``hand``
        (``deadwood_after_discard(hand)`` plus its points); only the other draws need a solve of their own.
        Whether a drawn card is loose is read from the hand's profile with that one card added (what
        :meth:`loose_cards` would say of it, without redoing the other cards).
        """
        ids = self.ids(hand)
        whole = self.deadwood_ids(ids)
        suit_masks, counts, jokers = _profile(ids)
        table = self._reach_table(jokers)
        need = 3 if jokers == 0 else 2
        keep_best: int | None = None
        results = []
        for card in draws:
            drawn_id = self.card_id[card]
            if drawn_id != JOKER_ID:
                suit, at = drawn_id >> 4, drawn_id & 15
                loose = not ((table[suit_masks[suit] | (1 << at)] >> at) & 1 or counts[at] + 1 >= need)
            else:
                loose = False
            if loose:
                if keep_best is None:
                    keep_best = self._after_discard_ids(ids, whole)
                results.append(min(whole, keep_best + self.value[drawn_id]))
            else:
                drawn = ids + [drawn_id]
                results.append(self._after_discard_ids(drawn, self.deadwood_ids(drawn)))
        return results

    def all_melded_ids(self, ids: Sequence[int], spare: int = 0) -> bool:
        """Whether every card of ``ids``, comodines included, fits into melds (remigio's close).

        With ``spare=1`` at most one card may stay out: a necessary condition for *some* discard to leave the
        rest all melded, answered in one search instead of one per discard. Cheaper than :meth:`deadwood_ids` for this yes-or-no question:
        the search only leaves a card out while it has a spare, so it mostly follows the melds of the lowest
        card left, built as it goes.
        """
        if spare:
            out = [at for at, flag in enumerate(self.loose_cards(ids)) if flag]
            if len(out) > 1:
                return False
            if out:
                return self.all_melded_ids([i for at, i in enumerate(ids) if at != out[0]])
        loose, core = self._split(ids)
        if loose:
            return False
        key = tuple(sorted(core))
        cache = self._perfect
        hit = cache.get((key, spare))
        if hit is None:
            if len(cache) >= _CACHE_LIMIT:
                cache.clear()
            naturals = tuple(i for i in key if i != JOKER_ID)
            hit = self._cover(naturals, len(key) - len(naturals), spare, {})
            cache[(key, spare)] = hit
        return hit

    def _cover(self, naturals: tuple[int, ...], jokers: int, spare: int,
               memo: dict[tuple[tuple[int, ...], int, int], bool]) -> bool:
        """Exact cover: the lowest card goes into a set or a run with some of the others (or, while there is
        a spare, stays out), then the rest."""
        if not naturals:
            return jokers <= spare
        key = (naturals, jokers, spare)
        hit = memo.get(key)
        if hit is not None:
            return hit
        first, rest = naturals[0], naturals[1:]
        if spare and self._cover(rest, jokers, spare - 1, memo):
            memo[key] = True
            return True
        per_meld = 1 if self.one_joker else len(naturals) + jokers
        found = False
        # Sets: the first card with any group of the others of its rank.
        same = [at for at, i in enumerate(rest) if i & 15 == first & 15]
        cap = self.max_set if self.max_set is not None else len(naturals) + jokers
        for choice in range(1 << len(same)):
            picked = {same[b] for b in range(len(same)) if (choice >> b) & 1}
            k = len(picked) + 1
            if k < 2 or k > cap:
                continue
            left = tuple(i for at, i in enumerate(rest) if at not in picked)
            for m in range(max(0, 3 - k), min(jokers, k, per_meld, cap - k) + 1):
                if self._cover(left, jokers - m, spare, memo):
                    memo[key] = True
                    return True
        # Runs: the first card is the lowest of its suit left, so it starts the run (or ends it as a high ace).
        suit = first >> 4
        mates = [(i & 15, at) for at, i in enumerate(rest) if i >> 4 == suit]
        found = self._runs(rest, jokers, spare, memo, [(p - (first & 15), at) for p, at in mates], per_meld)
        if not found and self.ace_high and first & 15 == 0:
            # The ace above the rey: the run grows downwards from it, so measure distances from the top.
            high = sorted((self.n_ranks - p, at) for p, at in mates if p)
            found = self._runs(rest, jokers, spare, memo, high, per_meld)
        memo[key] = found
        return found

    def _runs(self, rest: tuple[int, ...], jokers: int, spare: int,
              memo: dict[tuple[tuple[int, ...], int, int], bool], line: list[tuple[int, int]], per_meld: int) -> bool:
        """Try every run from the first card through cards of ``line``: (distance from it, index in ``rest``),
        sorted by distance; the run may not repeat a distance, and comodines fill the gaps and the ends."""
        longest = self.n_ranks
        limit = min(jokers, per_meld)

        def extend(after: int, last: int, used: frozenset[int], k: int) -> bool:
            gaps = last + 1 - k
            if k >= 2:
                left = tuple(i for at, i in enumerate(rest) if at not in used)
                for m in range(max(gaps, 3 - k), min(jokers, k, per_meld, longest - k) + 1):
                    if self._cover(left, jokers - m, spare, memo):
                        return True
            previous = last
            for step in range(after, len(line)):
                distance, at = line[step]
                if distance == previous:
                    continue
                if distance >= longest or distance - last - 1 + gaps > limit:
                    break
                previous = distance
                if extend(step + 1, distance, used | {at}, k + 1):
                    return True
            return False

        return extend(0, 0, frozenset(), 1)

    def loose_cards(self, ids: Sequence[int]) -> list[bool]:
        """For each card of ``ids``, whether it can belong to no meld of this hand (a cheap test, no search)."""
        suit_masks, counts, jokers = _profile(ids)
        reach, need = self._reach(suit_masks, jokers)
        return [
            i != JOKER_ID and not ((reach[i >> 4] >> (i & 15)) & 1 or counts[i & 15] >= need)
            for i in ids
        ]

    def _split(self, ids: Sequence[int]) -> tuple[int, list[int]]:
        """Count the cards that cannot meld as loose points; return them and the rest (the core)."""
        suit_masks, counts, jokers = _profile(ids)
        reach, need = self._reach(suit_masks, jokers)
        value = self.value
        loose = 0
        core = []
        for i in ids:
            if i == JOKER_ID:
                continue
            if (reach[i >> 4] >> (i & 15)) & 1 or counts[i & 15] >= need:
                core.append(i)
            else:
                loose += value[i]
        if jokers:
            if core:
                core.extend([JOKER_ID] * jokers)
            else:
                loose += JOKER_POINTS * jokers
        return loose, core

    def _reach(self, suit_masks: list[int], jokers: int) -> tuple[list[int], int]:
        """Per suit, the ranks that have run partners; and how many of a rank a set needs without more help.

        Without comodines a card needs two neighbours forming three in a row. With them it needs one other
        card of its suit close enough for the comodines to bridge the gap (one comodín per meld in
        chinchón; in remigio as many as the hand holds, since more natural cards may come along).
        """
        table = self._reach_table(jokers)
        return [table[m] for m in suit_masks], 3 if jokers == 0 else 2

    def loose_bound(self, ids: Sequence[int]) -> tuple[int, int, int]:
        """The points of the cards of ``ids`` that can belong to no meld, the dearest of them and their number.

        The same cards as :meth:`loose_cards` in one pass without building lists: chinchón asks on every
        discard whether a close is possible, and in random play this bound says no to most hands at once.
        """
        suit_masks, counts, jokers = _profile(ids)
        table = self._reach_tables.get(jokers) or self._reach_table(jokers)
        reach = [table[m] for m in suit_masks]
        need = 3 if jokers == 0 else 2
        value = self.value
        total = dearest = count = 0
        for i in ids:
            if i != JOKER_ID and not ((reach[i >> 4] >> (i & 15)) & 1 or counts[i & 15] >= need):
                v = value[i]
                total += v
                count += 1
                if v > dearest:
                    dearest = v
        return total, dearest, count

    def _reach_table(self, jokers: int) -> list[int]:
        """For every rank mask of one suit, the ranks with run partners when the hand holds ``jokers`` comodines.

        Worked out once per variant and number of comodines (a few thousand masks) instead of on every call:
        the bit arithmetic per suit was most of the cheap close bound.
        """
        table = self._reach_tables.get(jokers)
        if table is None:
            table = self._reach_tables[jokers] = [self._reach_of(m, jokers) for m in range(1 << self.n_ranks)]
        return table

    def _reach_of(self, m: int, jokers: int) -> int:
        top = self.n_ranks
        if self.ace_high:
            m |= (m & 1) << top
        if jokers == 0:
            t = m & (m >> 1) & (m >> 2)
            r = t | (t << 1) | (t << 2)
        else:
            distance = 2 if self.one_joker else jokers + 1
            near = 0
            for d in range(1, distance + 1):
                near |= (m >> d) | (m << d)
            r = m & near
        if self.ace_high:
            r = (r | (r >> top)) & ((1 << top) - 1)
        return r

    def _melds(self, naturals: list[int], jokers: int) -> list[list[_Meld]]:
        """Every meld the cards can form, indexed by its lowest card (``naturals`` sorted, ids ascending)."""
        n = len(naturals)
        by_low: list[list[_Meld]] = [[] for _ in range(n)]
        value = self.value
        max_gap = min(jokers, 1) if self.one_joker else jokers
        longest = self.n_ranks
        # Runs: per suit, every choice of cards with increasing ranks whose gaps the comodines can fill.
        by_suit: dict[int, list[tuple[int, int]]] = {}
        for index, i in enumerate(naturals):
            entries = by_suit.setdefault(i >> 4, [])
            entries.append((i & 15, index))
            if self.ace_high and i & 15 == 0:
                entries.append((self.n_ranks, index))
        for entries in by_suit.values():
            entries.sort()
            count = len(entries)

            def extend(at: int, first: int, last: int, mask: int, k: int, points: int, low: int) -> None:
                gaps = last - first + 1 - k
                if k >= 2:
                    top_jokers = min(jokers, 1) if self.one_joker else min(jokers, k)
                    for m in range(max(gaps, 3 - k), top_jokers + 1):
                        if k + m <= longest:
                            by_low[low].append((mask, m, points + JOKER_POINTS * m, -1))
                for nxt in range(at + 1, count):
                    vpos, index = entries[nxt]
                    if vpos == last or (mask >> index) & 1:
                        continue
                    if vpos - first + 1 > longest or vpos - last - 1 + gaps > max_gap:
                        break
                    extend(nxt, first, vpos, mask | (1 << index), k + 1, points + value[naturals[index]],
                           min(low, index))

            for start in range(count):
                vpos, index = entries[start]
                extend(start, vpos, vpos, 1 << index, 1, value[naturals[index]], index)
        # Sets: every group of cards of one rank, with the comodines it may take.
        by_rank: dict[int, list[int]] = {}
        for index, i in enumerate(naturals):
            by_rank.setdefault(i & 15, []).append(index)
        cap = self.max_set if self.max_set is not None else n + jokers
        for members in by_rank.values():
            size = len(members)
            if size + min(jokers, 1 if self.one_joker else size) < 3:
                continue
            for choice in range(1, 1 << size):
                picked = [members[b] for b in range(size) if (choice >> b) & 1]
                k = len(picked)
                if k > cap:
                    continue
                mask = 0
                for index in picked:
                    mask |= 1 << index
                points = value[naturals[picked[0]]] * k
                top_jokers = min(jokers, 1 if self.one_joker else k, cap - k)
                for m in range(max(0, 3 - k), top_jokers + 1):
                    by_low[picked[0]].append((mask, m, points + JOKER_POINTS * m, -1))
        return by_low

    def arrange(self, cards: Sequence[Card], targets: Sequence[Sequence[Card]] = ()) -> Arrangement:
        """The best arrangement of ``cards``, laying off onto ``targets`` (other players' melds) if any."""
        ids = self.ids(cards)
        naturals = sorted(i for i in ids if i != JOKER_ID)
        jokers = len(ids) - len(naturals)
        by_low = self._melds(naturals, jokers)
        target_ids = [self.ids(t) for t in targets]
        joker_targets = []
        for t, meld_ids in enumerate(target_ids):
            self._add_layoffs(by_low, naturals, jokers, t, meld_ids)
            if jokers and self._is_meld_ids(meld_ids + [JOKER_ID]):
                joker_targets.append(t)
        plan: list[_Meld] = []
        _search(naturals, jokers, by_low, joker_targets, plan)
        melds: list[tuple[Card, ...]] = []
        layoffs: list[tuple[int, tuple[Card, ...]]] = []
        used = 0
        for mask, m, _points, target in plan:
            group = tuple(self.card_of[naturals[b]] for b in range(len(naturals)) if (mask >> b) & 1)
            group += (JOKER,) * m
            used |= mask
            if target < 0:
                melds.append(group)
            else:
                layoffs.append((target, group))
        jokers_used = sum(m for _mask, m, _p, _t in plan)
        loose = tuple(self.card_of[naturals[b]] for b in range(len(naturals)) if not (used >> b) & 1)
        loose += (JOKER,) * (jokers - jokers_used)
        return Arrangement(tuple(melds), tuple(layoffs), loose, self.points(loose))

    def _add_layoffs(self, by_low: list[list[_Meld]], naturals: list[int], jokers: int, target: int,
                     target_ids: list[int]) -> None:
        """Add, as search moves, every group of the hand's cards that the meld ``target_ids`` can take."""
        suits = {i >> 4 for i in target_ids if i != JOKER_ID}
        positions = {i & 15 for i in target_ids if i != JOKER_ID}
        candidates = [b for b, i in enumerate(naturals) if i >> 4 in suits or i & 15 in positions]
        for choice in range(1, 1 << len(candidates)):
            picked = [candidates[b] for b in range(len(candidates)) if (choice >> b) & 1]
            group = [naturals[b] for b in picked]
            mask = 0
            for b in picked:
                mask |= 1 << b
            points = sum(self.value[i] for i in group)
            for m in range(0, jokers + 1):
                if self._is_meld_ids(target_ids + group + [JOKER_ID] * m):
                    by_low[picked[0]].append((mask, m, points + JOKER_POINTS * m, target))


def distinct_places(ids: Sequence[int]) -> Iterator[tuple[int, int]]:
    """Each distinct card id with the place it first stands at in ``ids``, in order: a hand holding two of a
    card (two decks) offers one move for them, not two."""
    seen: set[int] = set()
    for at, i in enumerate(ids):
        if i not in seen:
            seen.add(i)
            yield at, i


def _profile(ids: Sequence[int]) -> tuple[list[int], list[int], int]:
    """Each suit's rank bitmask, each rank position's count, and the number of comodines."""
    suit_masks = [0, 0, 0, 0]
    counts = [0] * 16
    jokers = 0
    for i in ids:
        if i == JOKER_ID:
            jokers += 1
        else:
            suit_masks[i >> 4] |= 1 << (i & 15)
            counts[i & 15] += 1
    return suit_masks, counts, jokers


def _search(naturals: list[int], jokers: int, by_low: list[list[_Meld]], joker_targets: list[int],
            plan: list[_Meld] | None) -> int:
    """The most points the melds (and lay-offs) can cover; fills ``plan`` with the chosen moves if given.

    Depth-first on the lowest card left: it stays loose, or goes into one of the moves whose lowest card it
    is. Lay-off moves carry a target index; each target takes one move, tracked in a bitmask. Comodines left
    when the natural cards are done go, one each, to unused targets that accept a lone comodín.
    """
    memo: dict[tuple[int, int, int], tuple[int, _Meld | None]] = {}

    def best(mask: int, j: int, used: int) -> int:
        if mask == 0:
            free = sum(1 for t in joker_targets if not (used >> t) & 1)
            return JOKER_POINTS * min(j, free)
        key = (mask, j, used)
        hit = memo.get(key)
        if hit is not None:
            return hit[0]
        low = mask & -mask
        result = best(mask ^ low, j, used)
        choice: _Meld | None = None
        for move in by_low[low.bit_length() - 1]:
            mm, mj, points, target = move
            if mm & mask != mm or mj > j:
                continue
            if target >= 0:
                if (used >> target) & 1:
                    continue
                value = points + best(mask ^ mm, j - mj, used | (1 << target))
            else:
                value = points + best(mask ^ mm, j - mj, used)
            if value > result:
                result, choice = value, move
        memo[key] = (result, choice)
        return result

    full = (1 << len(naturals)) - 1
    total = best(full, jokers, 0)
    if plan is not None:
        mask, j, used = full, jokers, 0
        while mask:
            _value, move = memo[(mask, j, used)]
            if move is None:
                mask ^= mask & -mask
                continue
            plan.append(move)
            mask ^= move[0]
            j -= move[1]
            if move[3] >= 0:
                used |= 1 << move[3]
        for t in joker_targets:
            if j and not (used >> t) & 1:
                plan.append((0, 1, JOKER_POINTS, t))
                j -= 1
    return total
