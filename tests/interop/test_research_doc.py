"""docs/research.md's examples run as written (doctest over the Markdown file)."""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

pytest.importorskip("pyspiel", reason="needs the openspiel extra: pip install 'cartas[openspiel]'")
pytest.importorskip("pettingzoo", reason="needs the pettingzoo extra: pip install 'cartas[pettingzoo]'")

pytestmark = pytest.mark.interop

GUIDE = Path(__file__).resolve().parents[2] / "docs" / "research.md"


def test_research_guide_examples_run_as_written() -> None:
    failures, tried = doctest.testfile(str(GUIDE), module_relative=False, optionflags=doctest.ELLIPSIS, verbose=False)
    assert tried > 20, f"only {tried} examples found in {GUIDE.name}"
    assert failures == 0, f"{failures} of {tried} examples in {GUIDE.name} failed (see the output above)"
