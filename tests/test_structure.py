"""The code's shape is checked like its behaviour: the layer and no-circle
contracts (import-linter, ``[tool.importlinter]`` in pyproject.toml), the
lint rule set (ruff, ``[tool.ruff]``) and the types (mypy, ``[tool.mypy]``)
must hold, so that the README's one test command also catches a new import
circle, a broken layer, a module reaching into another's private names or
a value of the wrong type."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _tool(name: str) -> str:
    here = Path(sys.executable).parent / name
    found = str(here) if here.exists() else shutil.which(name)
    assert found, f"{name} is not installed: pip install -e '.[test]' installs it"
    return found


def test_import_contracts_hold():
    done = subprocess.run([_tool("lint-imports"), "--no-cache"], cwd=ROOT, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert "BROKEN" not in done.stdout


def test_lint_is_clean():
    done = subprocess.run([_tool("ruff"), "check", "--no-cache", "."], cwd=ROOT, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]


def test_types_check():
    # mypy's own cache (.mypy_cache) keeps a second run quick; its verdict does not depend on it
    done = subprocess.run([_tool("mypy")], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert "Success: no issues found" in done.stdout
