"""No module of a package imports, however indirectly, a module that imports it back: the
checker in scripts/import_cycles.py reads every import (lazy and TYPE_CHECKING ones too)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

def _checker():
    spec = importlib.util.spec_from_file_location("import_cycles",
                                                  ROOT / "scripts" / "import_cycles.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("import_cycles", module)
    spec.loader.exec_module(module)
    return module


def test_no_package_has_an_import_cycle() -> None:
    """Screens reach the app only through `buyword.ui.tabletop`, so ui has no cycle either."""
    checker = _checker()
    assert checker.cycles(checker.graph()) == []


def test_the_checker_finds_a_cycle_through_a_lazy_import(tmp_path: Path) -> None:
    package = tmp_path / "buyword" / "pack"
    package.mkdir(parents=True)
    (tmp_path / "buyword" / "__init__.py").write_text("")
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("from buyword.pack import b\n")
    (package / "b.py").write_text("def f():\n    from .c import g\n")
    (package / "c.py").write_text("from typing import TYPE_CHECKING\n"
                                  "if TYPE_CHECKING:\n    import buyword.pack.a\n")
    (package / "d.py").write_text("import buyword.pack.a\n")
    checker = _checker()
    assert checker.cycles(checker.graph(tmp_path / "buyword")) == [
        ["buyword.pack.a", "buyword.pack.b", "buyword.pack.c"]]
