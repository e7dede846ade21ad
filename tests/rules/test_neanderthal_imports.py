"""Neanderthal's modules import one another one way (issue 14): the phase flow
(engine) imports the move builders (choices, negotiation), never the reverse,
and no import, at module level or inside a function, closes a circle."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "rules" / "neanderthal"


def _local_imports(path: Path) -> set[str]:
    """Sibling modules a file imports, wherever the import statement sits."""
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            if node.module:
                out.add(node.module.split(".")[0])
            else:
                out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("rules.neanderthal."):
            out.add(node.module.split(".")[2])
    return out


def _graph() -> dict[str, set[str]]:
    return {p.stem: _local_imports(p) for p in PACKAGE.glob("*.py")}


def test_no_import_circle():
    graph = _graph()
    state: dict[str, str] = {}

    def visit(mod, path):
        if state.get(mod) == "done":
            return
        assert state.get(mod) != "open", "import circle: " + " -> ".join(path + [mod])
        state[mod] = "open"
        for dep in sorted(graph.get(mod, ())):
            visit(dep, path + [mod])
        state[mod] = "done"

    for mod in sorted(graph):
        visit(mod, [])


def test_builders_do_not_import_the_engine_or_the_moves():
    graph = _graph()
    for builder in ("choices", "negotiation", "queries", "model"):
        assert not graph[builder] & {"engine", "moves", "game"}, builder
    assert {"choices", "negotiation"} <= graph["engine"]
