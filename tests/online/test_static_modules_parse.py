"""Every script the pages load parses as an ES module.

The pages load each file under online/static/ with `<script type="module">`, and a module that fails to parse
leaves its page blank with nothing on the server side to notice. Node parses a module without running it
(`--check`); it must be told the input is a module, because a script's grammar accepts what a module's refuses
(an imported name declared again, for one).
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

STATIC = Path(__file__).resolve().parents[2] / "online" / "static"
MODULES = sorted(STATIC.rglob("*.js"))
NODE = shutil.which("node")


def test_the_static_folder_has_modules() -> None:
    assert len(MODULES) > 10 and STATIC / "profile.js" in MODULES


@pytest.mark.skipif(NODE is None, reason="node is not installed: the static modules' syntax is not checked")
@pytest.mark.parametrize("module", MODULES, ids=lambda path: str(path.relative_to(STATIC)))
def test_the_module_parses(module: Path) -> None:
    assert NODE is not None
    checked = subprocess.run(
        [NODE, "--input-type=module", "--check"], input=module.read_bytes(), capture_output=True, timeout=60
    )
    assert checked.returncode == 0, checked.stderr.decode(errors="replace")
