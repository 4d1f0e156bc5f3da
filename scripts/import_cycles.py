"""Import cycles inside each package of buyword, found from the source with `ast`.

Every `import` and `from ... import` of a module in the same package counts (at module level,
inside functions, or under TYPE_CHECKING alike: a cycle is a cycle in the design). Prints one
line per cycle and the count; exits 1 if any is found. `python scripts/import_cycles.py`.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent / "buyword"


def module_name(path: Path, root: Path = ROOT) -> str:
    """buyword/ui/app.py -> buyword.ui.app; a package's __init__ is the package."""
    parts = ("buyword", *path.relative_to(root).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(path: Path, name: str, modules: set[str]) -> set[str]:
    """The buyword modules `path` (module `name`) imports, resolved to known modules."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")
                up = up[: len(up) - node.level + 1]
                base = ".".join([*up, base] if base else up)
            targets = [f"{base}.{alias.name}" for alias in node.names] + [base]
        for target in targets:
            while target and target not in modules:
                target = target.rpartition(".")[0]
            if target and target != name:
                found.add(target)
    return found


def graph(root: Path = ROOT) -> dict[str, set[str]]:
    """Each module's imports of modules in its own package (subpackages included)."""
    paths = {module_name(p, root): p for p in root.rglob("*.py")}
    modules = set(paths)
    edges: dict[str, set[str]] = {}
    for name, path in paths.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        edges[name] = {m for m in imports_of(path, name, modules)
                       if m.startswith(package + ".") and m != package}
    return edges


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of two or more modules (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on.add(node)
        for nxt in sorted(edges.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                top = stack.pop()
                on.discard(top)
                group.append(top)
                if top == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return sorted(found)


def main() -> int:
    """Print each cycle and the count; 1 if there is any."""
    found = cycles(graph())
    for group in found:
        print(" <-> ".join(group))
    print(f"{len(found)} import cycles inside packages")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
