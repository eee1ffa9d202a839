"""Which build of cartas runs: pure Python, or the engines compiled with mypyc, and why.

A compiled build (``CARTAS_COMPILE=1 pip install .``, setup.py) writes the list of its compiled modules next to
this file. Without that list the build is pure because it was never compiled. With it, each listed module must
have been loaded from an extension: Python falls back to the ``.py`` beside it when the extension is not for
this interpreter (a wheel built for another Python version), and an extension that fails to load stops the
import. Either way the build is then named pure, with the reason, rather than silently slow.
"""

from __future__ import annotations

import importlib
import importlib.machinery
from dataclasses import dataclass
from pathlib import Path

MARKER = Path(__file__).with_name("compiled-modules.txt")


@dataclass(frozen=True)
class BuildInfo:
    """``compiled`` and a one-line ``reason``, which :meth:`describe` joins for ``cartas --version`` and the logs."""

    compiled: bool
    reason: str

    def describe(self) -> str:
        return f"{'compiled' if self.compiled else 'pure'}: {self.reason}"


def build_info(marker: Path = MARKER) -> BuildInfo:
    """The running build, read from ``marker`` (the compiled build's list of modules) and the loaded modules."""
    try:
        listed = [line.strip() for line in marker.read_text(encoding="utf-8").splitlines() if line.strip()]
    except FileNotFoundError:
        return BuildInfo(False, "not built with CARTAS_COMPILE")
    interpreted = []
    for name in listed:
        try:
            module = importlib.import_module(name)
        except ImportError as error:
            return BuildInfo(False, f"compiled modules failed to import: {name}: {error}")
        origin = str(getattr(module, "__file__", "") or "")
        if not origin.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES)):
            interpreted.append(name)
    if interpreted:
        return BuildInfo(False, "compiled modules not loaded (built for another Python?): " + ", ".join(interpreted))
    return BuildInfo(True, f"{len(listed)} modules compiled with mypyc")
