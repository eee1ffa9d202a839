"""No refusal of the server is an English-only literal: every ``Refused(status, ...)``, ``error(status, ...)``,
lobby or seating error, ``PlainTextResponse`` and websocket error frame takes its words from the framework's
catalog (``_("...")``, or a ``mark``-ed constant said in the reader's language), so a person reads them in es,
es-AR, pt-BR or en (docs/naming.md, "The language of the lobby's answers"). A plain string or an f-string there
is what the scan catches; ``str(error)`` of an exception whose text is already translated passes."""

from __future__ import annotations

import ast
from pathlib import Path

import cartas.online

ONLINE = Path(cartas.online.__file__).parent

MESSAGE_ARGUMENT = {"Refused": 1, "error": 1, "LobbyError": 0, "SeatingError": 0, "PlainTextResponse": 0}
"""The calls that carry a refusal, and the position of its text."""

PROTOCOL_ONLY = {
    ("socket.py", "no such table"),
    ("socket.py", 'the first frame must be {"type": "hello", ...}'),
}
"""Websocket frames only a program meets before its hello (the page asks for the table over HTTP first, and
always says hello): the protocol's words, in English like the protocol's field names."""


def _literal(node: ast.expr) -> str | None:
    """The text of a plain string, an f-string or a concatenation of them; None for anything computed."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return ast.unparse(node)
    if isinstance(node, ast.BinOp) and (_literal(node.left) is not None or _literal(node.right) is not None):
        return ast.unparse(node)
    return None


def _name(func: ast.expr) -> str | None:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute) and func.attr != "error":  # log.error(...) is the operator's log
        return func.attr
    return None


def literal_refusals(source: str, where: str) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call):
            position = MESSAGE_ARGUMENT.get(_name(node.func) or "")
            if position is not None and len(node.args) > position:
                text = _literal(node.args[position])
                if text is not None:
                    found.append(f"{where}:{node.lineno}: {text}")
        elif isinstance(node, ast.Dict):
            fields = {k.value: v for k, v in zip(node.keys, node.values, strict=True)
                      if isinstance(k, ast.Constant) and isinstance(k.value, str)}
            kind = fields.get("type")
            if isinstance(kind, ast.Constant) and kind.value == "error" and "message" in fields:
                text = _literal(fields["message"])
                if text is not None and (Path(where).name, text) not in PROTOCOL_ONLY:
                    found.append(f"{where}:{node.lineno}: {text}")
    return found


def test_no_refusal_of_the_server_is_a_bare_string() -> None:
    found = []
    for path in sorted(ONLINE.rglob("*.py")):
        found += literal_refusals(path.read_text(encoding="utf-8"), str(path.relative_to(ONLINE)))
    assert found == []


def test_the_scan_catches_a_literal_an_fstring_and_an_error_frame() -> None:
    source = '''
raise Refused(400, "the table is full")
raise Refused(400, f"seat {n} is taken")
return error(429, "too many " + what)
raise LobbyError(f"{what} must be text")
connection.send(dumps({"type": "error", "message": "a chat line needs some text"}))
raise Refused(400, _("the table is full"))
raise Refused(400, str(error))
log.error("the operator's own line")
'''
    assert [line.split(": ", 1)[1] for line in literal_refusals(source, "x.py")] == [
        "the table is full", "f'seat {n} is taken'", "'too many ' + what", "f'{what} must be text'",
        "a chat line needs some text",
    ]
