"""A check the rival-reading tests of truco and truco paulista share (``tests/*/test_rivals.py``): a reader of
the rivals that has read nothing yet must weigh every world as the game's shared bidding model does, so a bot
that keeps a book plays as before against a rival it has not seen. Importable from every test folder, as
``benchmark_scripts`` is (the root ``conftest.py`` puts ``tests/`` on the path)."""

from __future__ import annotations

import random

import pytest

from cartas.core.bots.base import SeatView
from cartas.core.bots.inference import BiddingModel, rival_decisions


def assert_reads_as_shared(reader: BiddingModel, shared: BiddingModel, view: SeatView, *, seed: int,
                           worlds: int) -> int:
    """Every rival decision in ``worlds`` worlds sampled for ``view`` (from a generator seeded with ``seed``) has
    the same likelihood under ``reader`` as under ``shared``, to the last digit that counts; and at least one
    decision a world was compared, so a view with no rival words fails instead of passing on nothing. Returns
    how many were compared."""
    rng = random.Random(seed)
    checked = 0
    for _ in range(worlds):
        world = view.sample(rng)
        for decision in rival_decisions(world, view.seat, shared.kinds):
            assert reader.likelihood(world, decision) == pytest.approx(shared.likelihood(world, decision), abs=1e-12)
            checked += 1
    assert checked >= worlds
    return checked
