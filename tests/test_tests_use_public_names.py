"""The tests use the package as any caller would: no test imports a private name of buyword
(`from buyword.x import _y`) or reaches into a module for one (`module._y`), so a private
helper can change without a test holding it in place."""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parent


def private_uses(source: str) -> list[str]:
    """Each private buyword name a test module's `source` imports or reads off a module."""
    tree = ast.parse(source)
    modules: set[str] = set()
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("buyword"):
            for alias in node.names:
                if alias.name.startswith("_") and not alias.name.startswith("__"):
                    found.append(f"from {node.module} import {alias.name}")
                elif alias.name[:1].islower():  # a module (or a function) bound by name
                    modules.add(alias.asname or alias.name)
        elif isinstance(node, ast.Import):
            modules |= {alias.asname or alias.name.partition(".")[0] for alias in node.names
                        if alias.name.startswith("buyword")}
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr.startswith("_") and not (
                node.attr.startswith("__")):
            base = node.value
            while isinstance(base, ast.Attribute):
                base = base.value
            if isinstance(base, ast.Name) and base.id in modules:
                found.append(ast.unparse(node))
    return found


def test_no_test_uses_a_private_name_of_the_package() -> None:
    found = {path.name: uses for path in sorted(TESTS.glob("*.py"))
             if (uses := private_uses(path.read_text(encoding="utf-8")))}
    assert found == {}


def test_the_check_finds_both_kinds_of_private_use() -> None:
    source = ("from buyword.analysis.sim import _load_words, play_game\n"
              "import buyword.cli\nimport buyword.store.files as files\n"
              "from buyword.ui import saving\n"
              "files._kept(1)\nsaving.setup_of(2)\nbuyword.cli._parser()\n")
    assert private_uses(source) == ["from buyword.analysis.sim import _load_words", "files._kept",
                                    "buyword.cli._parser"]
