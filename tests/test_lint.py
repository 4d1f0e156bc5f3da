"""The codebase stays `ruff check` clean and `mypy --strict` clean (both set in pyproject.toml)."""

from __future__ import annotations

import shutil
import subprocess
import sys
import tomllib
from importlib.metadata import version
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_ruff_check_is_clean() -> None:
    ruff = shutil.which("ruff") or str(Path(sys.executable).with_name("ruff"))
    result = subprocess.run([ruff, "check", "."], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.parametrize("tool", ["ruff", "mypy"])
def test_checker_is_pinned_to_the_installed_version(tool: str) -> None:
    """The test extras pin each checker exactly, so its verdict cannot drift between machines."""
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"][
        "optional-dependencies"]["test"]
    pins = [spec for spec in extras if spec.split("=")[0] == tool]
    assert pins == [f"{tool}=={version(tool)}"]


@pytest.mark.slow  # a cold cache (a clean clone) reads every module and Textual: about 9 s
def test_mypy_strict_is_clean() -> None:
    """`python -m mypy` (strict, over buyword/, as [tool.mypy] says) finds no error. The cache
    stays in .mypy_cache, so a second run takes well under a second."""
    result = subprocess.run([sys.executable, "-m", "mypy"], cwd=ROOT, capture_output=True,
                            text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_checks_every_module_strictly() -> None:
    """No module of buyword is excused: the check is strict over the whole package, and an
    override only names a module without type information (buyword.data holds no code; a
    third-party package without stubs), never silences a module's errors."""
    mypy = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mypy"]
    assert mypy["files"] == ["buyword"] and mypy["strict"] and mypy["warn_unused_ignores"]
    for override in mypy["overrides"]:
        assert set(override) == {"module", "ignore_missing_imports"}, override
        assert all(name == "buyword.data" or not name.startswith("buyword")
                   for name in override["module"]), override


def test_ci_runs_the_readme_test_command_and_prints_its_wall_time() -> None:
    """.ci/run runs the README quick start's second command verbatim, then says how long."""
    readme = (ROOT / "README.md").read_text()
    quick_start = readme.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    commands = [block.strip() for block in quick_start.split("```sh")[1:]]
    second = commands[1].split("```")[0].strip()
    ci = (ROOT / ".ci" / "run").read_text().splitlines()
    run = next(line for line in ci if line.startswith(second))
    assert run == f"{second} || status=$?"  # the exit status is kept, not lost to set -e
    assert any("wall time" in line for line in ci[ci.index(run):])
    assert ci[-1] == 'exit "$status"'
