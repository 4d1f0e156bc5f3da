"""The layers hold: `lint-imports` checks the contracts in pyproject.toml, and would fail on a
broken one (shown on a copy of the package with a computer player that peeks at the game, a
screen that reads the live game, an engine module that imports a package from outside the
standard library, ...). Two checks import-linter cannot make are made here on the source: the
engine imports the standard library only, and the screens take no `Game` or `GameRecord` from
the engine package."""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")

needs_lint_imports = pytest.mark.skipif(not LINT_IMPORTS.exists(),
                                        reason="import-linter not installed")

#: What the engine may import besides the standard library: itself, and the bundled data
#: files' package (data only: the tile set).
INSIDE = frozenset({"buyword.engine", "buyword.data"})


def imports_in(root: Path, package: str) -> list[tuple[str, ast.Import | ast.ImportFrom]]:
    """Every import statement in `package` (a folder under `root`), with its module's name."""
    found = []
    for path in sorted((root / package.replace(".", "/")).rglob("*.py")):
        parts = path.relative_to(root).with_suffix("").parts
        module = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import | ast.ImportFrom):
                found.append((module, node))
    return found


def outside_the_standard_library(root: Path) -> list[str]:
    """The engine's imports of anything but the standard library and the engine itself."""
    wrong = []
    for module, node in imports_in(root, "buyword.engine"):
        if isinstance(node, ast.ImportFrom) and node.level:
            continue  # relative: inside the engine
        names = [node.module or ""] if isinstance(node, ast.ImportFrom) else [
            alias.name for alias in node.names]
        for name in names:
            top = name.partition(".")[0]
            if top in sys.stdlib_module_names or name in INSIDE or name.startswith(
                    "buyword.engine."):
                continue
            wrong.append(f"{module} imports {name}")
    return wrong


def game_names_in_screens(root: Path) -> set[tuple[str, str]]:
    """(module, name) for each name of buyword.engine.game or .record that a ui module takes
    from the engine package (which import-linter sees as an import of the package only)."""
    import buyword.engine as engine

    homes = {"buyword.engine.game", "buyword.engine.record"}
    banned = {name for name in engine.__all__
              if getattr(getattr(engine, name), "__module__", None) in homes}
    return {(module, alias.name) for module, node in imports_in(root, "buyword.ui")
            if isinstance(node, ast.ImportFrom) and node.module == "buyword.engine"
            for alias in node.names if alias.name in banned}


def test_the_engine_imports_only_the_standard_library() -> None:
    assert outside_the_standard_library(ROOT) == []


def test_an_engine_import_from_outside_the_standard_library_is_found(tmp_path: Path) -> None:
    engine = tmp_path / "buyword" / "engine"
    engine.mkdir(parents=True)
    (engine / "__init__.py").write_text("import json\nfrom . import rules\n")
    (engine / "rules.py").write_text("from buyword.engine.tiles import price\n"
                                     "def f():\n    import websockets.client\n")
    (engine / "words.py").write_text("from buyword.words import finder\n")
    assert outside_the_standard_library(tmp_path) == [
        "buyword.engine.rules imports websockets.client",
        "buyword.engine.words imports buyword.words"]


def test_no_screen_takes_the_game_or_a_record_from_the_engine() -> None:
    assert game_names_in_screens(ROOT) == set()


def test_a_screen_taking_the_game_from_the_engine_package_is_found(tmp_path: Path) -> None:
    ui = tmp_path / "buyword" / "ui"
    ui.mkdir(parents=True)
    (ui / "peek.py").write_text("from buyword.engine import Buy, Game\n")
    assert game_names_in_screens(tmp_path) == {("buyword.ui.peek", "Game")}


def test_the_net_package_hides_no_imports_from_lint_imports() -> None:
    # A package `__getattr__` that imports on first use is an edge import-linter cannot see.
    tree = ast.parse((ROOT / "buyword" / "net" / "__init__.py").read_text())
    assert [type(node).__name__ for node in tree.body] == ["Expr"]  # its docstring only


def lint_imports(root: Path) -> subprocess.CompletedProcess[str]:
    """Run lint-imports on the package under `root` with the project's contracts."""
    env = {**os.environ, "PYTHONPATH": str(root)}
    return subprocess.run([str(LINT_IMPORTS), "--config", str(root / "pyproject.toml")],
                          cwd=root, env=env, capture_output=True, text=True, check=False)


@needs_lint_imports
def test_every_import_contract_is_kept() -> None:
    result = lint_imports(ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "6 kept, 0 broken" in result.stdout


@needs_lint_imports
@pytest.mark.slow
@pytest.mark.parametrize(("module", "line", "contract"), [
    ("bots/peek.py", "from buyword.engine import Game", "never reach a live Game"),
    ("engine/up.py", "import buyword.words.finder", "Layers"),
    ("ui/down.py", "import buyword.cli", "Layers"),
    ("table/screen.py", "import textual", "Only the screens import Textual"),
    ("engine/online.py", "import websockets", "The engine is the standard library only"),
    ("engine/cluster.py", "import ray", "The engine is the standard library only"),
    ("ui/peek.py", "import buyword.engine.game", "The screens never read the live Game"),
    ("ui/record.py", "from buyword.engine.record import GameRecord",
     "The screens never read the live Game"),
    ("web/screens.py", "import buyword.ui.app", "Layers"),
    ("ui/browser.py", "import buyword.web.server", "Layers"),
    ("net/up.py", "import buyword.web", "Layers"),
    ("table/study.py", "import buyword.analysis.review", "Layers"),
    ("net/study.py", "from buyword.analysis import sim", "Layers"),
    ("analysis/up.py", "import buyword.ui.app", "Layers"),
    ("analysis/online.py", "import buyword.net.server", "never net"),
    ("analysis/screen.py", "import textual", "Only the screens import Textual"),
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
