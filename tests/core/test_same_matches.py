"""The determinism guard: the same seed plays exactly the same match, whatever the engines do inside.

Speed work reorganises how states deal, copy their random generator and record events; none of it may change
what a seed plays. Seeded random playouts of every built-in game (and the first levels of every perft file's
tree) are digested and compared with digests recorded from the engines as they were before that work
(``same_matches.json`` beside this file). Each playout is also played a second time through clones: every
few decisions the state is replaced by its clone and the abandoned original plays on, so a clone that shared
anything it must not (the random generator first of all) would change the digest.

To record the digests again after a deliberate rule change: ``python tests/core/test_same_matches.py --record``.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest

from cartas.core.plugins.manager import get_registry
from cartas.core.state import State

DIGESTS = Path(__file__).parent / "same_matches.json"
TESTS = Path(__file__).parent.parent
PERFT_FILES = {
    "truco": TESTS / "truco" / "perft.json",
    "truco_paulista": TESTS / "truco_paulista" / "perft.json",
    "chinchon": TESTS / "chinchon" / "perft.json",
    "tresillo": TESTS / "tresillo" / "perft.json",
}
PERFT_DEPTH = 2
"""How deep the perft trees are digested: the counts themselves are checked by each game's perft test."""

PLAYOUTS: list[tuple[str, dict[str, Any]]] = [
    ("truco", {"players": 2}),
    ("truco", {"players": 2, "flor": True}),
    ("truco", {"players": 4}),
    ("truco", {"players": 4, "flor": True, "senas_caught": 0.5}),
    ("truco", {"players": 6}),
    ("truco_paulista", {"players": 2}),
    ("truco_paulista", {"players": 4}),
    ("chinchon", {"players": 2}),
    ("chinchon", {"players": 3, "deck": 48}),
    ("remigio", {"players": 2}),
    ("tresillo", {"players": 4}),
    ("tresillo", {"players": 5, "ciega": "always"}),
]
SEEDS = (0, 1, 2, 17)
CLONE_EVERY = 7


def _key(name: str, options: dict[str, Any], seed: int) -> str:
    return f"{name} {json.dumps(options, sort_keys=True)} seed {seed}"


def playout_digest(name: str, options: dict[str, Any], seed: int, *, through_clones: bool = False) -> str:
    """A digest of every (seat, action) of a seeded random match, its hands played and its final score."""
    state: State = get_registry().games[name].start(options, seed=seed)
    choices = random.Random(seed * 7919 + 1)
    other_choices = random.Random(seed)
    digest = hashlib.sha256()
    decisions = 0
    while not state.is_over:
        if decisions > 20_000:
            raise AssertionError(f"{name} seed {seed}: no end within 20000 decisions")
        if through_clones and decisions % CLONE_EVERY == 0:
            original, state = state, state.clone()
            _play_a_little(original, other_choices)
        seat = state.to_act[0] if len(state.to_act) == 1 else choices.choice(state.to_act)
        action = choices.choice(state.legal_actions(seat))
        digest.update(f"{seat}:{action};".encode())
        state.apply(action, seat)
        decisions += 1
    digest.update(f"hands {state.hands_played} scores {state.scores()} winners {state.result().winners}".encode())
    return digest.hexdigest()


def _play_a_little(state: State, rng: random.Random) -> None:
    """Play the abandoned original on a few decisions (with a different generator), past a deal if it can."""
    for _ in range(3 * CLONE_EVERY):
        if state.is_over:
            return
        seat = rng.choice(state.to_act)
        state.apply(rng.choice(state.legal_actions(seat)), seat)


def tree_digest(name: str, entry: dict[str, Any]) -> str:
    """A digest of the ordered action tree of a perft entry to :data:`PERFT_DEPTH` decisions."""
    state = get_registry().games[name].start(entry["options"], seed=entry["seed"])
    digest = hashlib.sha256()

    def walk(node: State, depth: int) -> None:
        digest.update(f"[{node.to_act}".encode())
        if depth and not node.is_over:
            for seat in node.to_act:
                for action in node.legal_actions(seat):
                    child = node.clone()
                    child.apply(action, seat)
                    digest.update(f"{seat}:{action}".encode())
                    walk(child, depth - 1)
        digest.update(b"]")

    walk(state, min(PERFT_DEPTH, entry["depth"]))
    return digest.hexdigest()


def perft_entries() -> list[tuple[str, int, dict[str, Any]]]:
    entries = []
    for name, path in PERFT_FILES.items():
        for index, entry in enumerate(json.loads(path.read_text(encoding="utf-8"))):
            entries.append((name, index, entry))
    return entries


def record() -> dict[str, str]:
    digests = {}
    for name, options in PLAYOUTS:
        for seed in SEEDS:
            digests[_key(name, options, seed)] = playout_digest(name, options, seed)
    for name, index, entry in perft_entries():
        digests[f"perft {name} {index}"] = tree_digest(name, entry)
    return digests


RECORDED: dict[str, str] = json.loads(DIGESTS.read_text(encoding="utf-8")) if DIGESTS.exists() else {}


@pytest.mark.parametrize(("name", "options"), PLAYOUTS, ids=[f"{n}-{o['players']}p" for n, o in PLAYOUTS])
def test_same_seed_same_match(name: str, options: dict[str, Any]) -> None:
    for seed in SEEDS:
        expected = RECORDED[_key(name, options, seed)]
        assert playout_digest(name, options, seed) == expected, f"{name} {options} seed {seed} plays differently"
        assert playout_digest(name, options, seed, through_clones=True) == expected, (
            f"{name} {options} seed {seed} plays differently through clones"
        )


@pytest.mark.parametrize(("name", "index", "entry"), perft_entries())
def test_same_perft_tree(name: str, index: int, entry: dict[str, Any]) -> None:
    assert tree_digest(name, entry) == RECORDED[f"perft {name} {index}"]


def test_the_digests_cover_every_built_in_game() -> None:
    assert {name for name, _ in PLAYOUTS} == {"truco", "truco_paulista", "chinchon", "remigio", "tresillo"}
    assert len(RECORDED) == len(PLAYOUTS) * len(SEEDS) + len(perft_entries())


if __name__ == "__main__" and sys.argv[1:] == ["--record"]:
    DIGESTS.write_text(json.dumps(record(), indent=1, sort_keys=True) + "\n", encoding="utf-8")
