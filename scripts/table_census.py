"""Count what issue 52 measures about the table's structure, from the source (an `ast` census):

- turn loops: the functions outside the table session and its runner that make a computer's
  turn happen (they reach a session's `think` or `step`), one line each with where they are;
- the table screen's subclasses, and the methods defined on the table screen itself;
- the Textual app classes;
- lines of Python in `buyword/ui/` and `buyword/table/`.

    python scripts/table_census.py          # figures, then the turn loops found
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "buyword"
#: Where a computer's turn is defined, not driven elsewhere: the session's own `step`, the
#: tutorial's delegation of `think` to its session (a policy, not a loop), and the runner,
#: the one turn loop.
DEFINES_TURNS = {"table/session.py", "table/lessons.py", "table/runner.py"}


def _modules() -> list[tuple[str, ast.Module]]:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        name = path.relative_to(PACKAGE).as_posix()
        found.append((name, ast.parse(path.read_text(encoding="utf-8"))))
    return found


def _drives(node: ast.Attribute) -> bool:
    """Whether `node` is a session's (or a source's) `think`, or a session's `step`."""
    owner = ast.unparse(node.value)
    if owner == "self" or not isinstance(node.ctx, ast.Load):
        return False
    return node.attr == "think" or (node.attr == "step" and owner.endswith("session"))


def turn_loops(modules: list[tuple[str, ast.Module]]) -> list[str]:
    """The functions outside the session that reach a session's `think` or `step`."""
    loops = []
    for name, tree in modules:
        if name in DEFINES_TURNS:
            continue
        for node in ast.walk(tree):
            if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            for inner in ast.walk(node):
                if isinstance(inner, ast.Attribute) and _drives(inner):
                    loops.append(f"{name}:{node.lineno} {node.name}")
                    break
    # A function inside another (a worker's body) counts with the outer one only.
    outer = {loop.split()[0].split(":")[0] + ":" + loop.split()[1]: loop for loop in loops}
    return sorted(set(outer.values()))


def classes(modules: list[tuple[str, ast.Module]]) -> dict[str, list[str]]:
    """Every class in the package, by name: its bases' names."""
    found: dict[str, list[str]] = {}
    for _name, tree in modules:
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                found[node.name] = [ast.unparse(base).split("[")[0].split(".")[-1]
                                    for base in node.bases]
    return found


def descendants(of: str, bases: dict[str, list[str]]) -> set[str]:
    """The classes that derive from `of`, at any depth."""
    found: set[str] = set()
    grew = True
    while grew:
        grew = False
        for name, parents in bases.items():
            if name not in found and (of in parents or found & set(parents)):
                found.add(name)
                grew = True
    return found


def table_screen_methods(modules: list[tuple[str, ast.Module]]) -> int:
    """The methods defined in the body of `TableScreen` itself."""
    for name, tree in modules:
        if name != "ui/screens/table.py":
            continue
        for node in tree.body:
            if isinstance(node, ast.ClassDef) and node.name == "TableScreen":
                return sum(isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef)
                           for item in node.body)
    return 0


def lines(folder: str) -> int:
    """Lines of Python under `buyword/<folder>`."""
    return sum(len(path.read_text(encoding="utf-8").splitlines())
               for path in (PACKAGE / folder).rglob("*.py"))


def main() -> int:
    """Print the figures, then the turn loops found."""
    modules = _modules()
    bases = classes(modules)
    loops = turn_loops(modules)
    screens = sorted(descendants("TableScreen", bases))
    every_app = descendants("App", bases)
    # An app class others derive from is a shared base (a shell), not an app of its own.
    shells = sorted(name for name in every_app if any(name in bases[other] for other in every_app))
    apps = sorted(every_app - set(shells))
    print(f"turn loops: {len(loops)}")
    print(f"TableScreen subclasses: {len(screens)} ({', '.join(screens)})")
    print(f"methods on TableScreen: {table_screen_methods(modules)}")
    print(f"app classes: {len(apps)} ({', '.join(apps)}); shared bases: {', '.join(shells)}")
    print(f"lines in ui/: {lines('ui')}")
    print(f"lines in table/: {lines('table')}")
    for loop in loops:
        print(f"  turn loop: {loop}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
