"""The codebase stays `ruff check` clean (the style rules are in pyproject.toml)."""

from __future__ import annotations

import shutil
import subprocess
import sys
import tomllib
from importlib.metadata import version
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_ruff_check_is_clean() -> None:
    ruff = shutil.which("ruff") or str(Path(sys.executable).with_name("ruff"))
    result = subprocess.run([ruff, "check", "."], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_is_pinned_to_the_installed_version() -> None:
    """The test extras pin ruff exactly, so its verdict cannot drift between machines."""
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"][
        "optional-dependencies"]["test"]
    pins = [spec for spec in extras if spec.startswith("ruff")]
    assert pins == [f"ruff=={version('ruff')}"]
