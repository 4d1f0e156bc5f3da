"""The layers hold: `lint-imports` checks the contracts in pyproject.toml, and would fail on a
broken one (shown on a copy of the package with a computer player that peeks at the game)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")

pytestmark = pytest.mark.skipif(not LINT_IMPORTS.exists(), reason="import-linter not installed")


def lint_imports(root: Path) -> subprocess.CompletedProcess[str]:
    """Run lint-imports on the package under `root` with the project's contracts."""
    env = {**os.environ, "PYTHONPATH": str(root)}
    return subprocess.run([str(LINT_IMPORTS), "--config", str(root / "pyproject.toml")],
                          cwd=root, env=env, capture_output=True, text=True, check=False)


def test_every_import_contract_is_kept() -> None:
    result = lint_imports(ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "4 kept, 0 broken" in result.stdout


@pytest.mark.slow
@pytest.mark.parametrize(("module", "line", "contract"), [
    ("bots/peek.py", "from buyword.engine import Game", "never reach a live Game"),
    ("engine/up.py", "import buyword.words.finder", "Layers"),
    ("ui/down.py", "import buyword.cli", "Layers"),
    ("table/screen.py", "import textual", "Only the screens import Textual"),
])
def test_a_broken_contract_fails(tmp_path: Path, module: str, line: str, contract: str) -> None:
    shutil.copytree(ROOT / "buyword", tmp_path / "buyword",
                    ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    (tmp_path / "buyword" / module).write_text(f'"""A wrong turn."""\n\n{line}\n')
    result = lint_imports(tmp_path)
    assert result.returncode != 0
    broken = result.stdout.split("Broken contracts", 1)[-1]
    assert contract in broken, result.stdout
