"""The documentation keeps up with the code: every hook is documented with its exact signature, and the game
guide names every method a game must implement."""

from __future__ import annotations

import ast
import inspect
import re
from pathlib import Path

import pytest

from cartas.core import Game, State
from cartas.core.plugins import hookspecs
from cartas.core.state import STATE_METHODS

ROOT = Path(__file__).resolve().parents[2]
HOOKS_DOC = (ROOT / "docs" / "hooks.md").read_text(encoding="utf-8")
HOOKS = sorted(name for name, value in vars(hookspecs).items()
               if inspect.isfunction(value) and hasattr(value, "cartas_spec"))


def signature_text(name: str) -> str:
    """``name(arg: Type, ...) -> Return``, as written in the spec (annotations are kept as text)."""
    signature = inspect.signature(getattr(hookspecs, name))
    params = ", ".join(f"{p.name}: {p.annotation}" for p in signature.parameters.values())
    return f"{name}({params}) -> {signature.return_annotation}"


def test_hooks_are_found() -> None:
    assert {"register_games", "register_bots", "match_finished"} <= set(HOOKS)


@pytest.mark.parametrize("name", HOOKS)
def test_every_hook_is_documented_with_its_signature(name: str) -> None:
    assert re.search(rf"^#+ {name}$", HOOKS_DOC, re.MULTILINE), f"docs/hooks.md has no heading for {name}"
    assert signature_text(name) in HOOKS_DOC, f"docs/hooks.md should show {signature_text(name)}"


def test_every_documented_hook_exists() -> None:
    documented = re.findall(r"^### (\w+)$", HOOKS_DOC, re.MULTILINE)
    assert sorted(documented) == HOOKS


def test_the_guide_names_the_real_example_files() -> None:
    guide = (ROOT / "docs" / "writing-a-game.md").read_text(encoding="utf-8")
    for path in re.findall(r"`(examples/siete_y_medio/[\w/.]+)`", guide):
        assert (ROOT / path).exists(), path


def test_the_guide_names_every_method_a_game_must_implement() -> None:
    guide = (ROOT / "docs" / "writing-a-game.md").read_text(encoding="utf-8")
    for name in sorted({*STATE_METHODS} | Game.__abstractmethods__ | {"table_view", "language"}):
        assert f"`{name}" in guide, f"docs/writing-a-game.md does not name {name}"


def abstract_methods(path: Path, class_name: str) -> set[str]:
    """The methods ``class_name`` in the source file ``path`` marks ``@abstractmethod``."""
    [node] = [node for node in ast.parse(path.read_text(encoding="utf-8")).body
              if isinstance(node, ast.ClassDef) and node.name == class_name]
    return {
        item.name for item in node.body if isinstance(item, ast.FunctionDef)
        and any(isinstance(mark, ast.Name) and mark.id == "abstractmethod" for mark in item.decorator_list)
    }


def test_the_state_methods_are_those_marked_abstract() -> None:
    """STATE_METHODS stands in for ``State.__abstractmethods__``, which a compiled State does not have: the
    source's decorators say what it must hold, on either build (and the pure one's ABC agrees)."""
    marked = abstract_methods(ROOT / "core" / "state.py", "State")
    assert len(marked) == 11 and set(STATE_METHODS) == marked
    assert getattr(State, "__abstractmethods__", marked) == marked
