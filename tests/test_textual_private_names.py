"""The screens use Textual's public names, but for the few pinned here (no Pilot).

Each pinned name is checked to still be where Textual keeps it, so a Textual release that
moves one fails here, loudly, naming it, rather than breaking screens at once; and a census of
`buyword/ui` finds no private Textual name that is not pinned. `pyproject.toml` pins Textual's
version to the releases these names were checked with.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import sys
from pathlib import Path

import pytest
import textual

UI = Path(__file__).resolve().parent.parent / "buyword" / "ui"

#: Each private Textual name the screens still use: (module, class or None, name) and why.
PINNED: dict[tuple[str, str | None, str], str] = {
    ("textual.widgets._footer", None, "FooterKey"):
        "footer.py, keys_footer.py: the footer's key widget (not exported by textual.widgets)",
    ("textual.widgets._footer", "Footer", "_bindings_ready"):
        "footer.py, keys_footer.py: a footer rebuilt once per burst of binding changes",
    ("textual.dom", "DOMNode", "_reactive_connect"):
        "footer.py: the footer's keys start as compact as the footer",
    ("textual.widgets._footer", "FooterKey", "_disabled"):
        "keys_footer.py: a key greyed out in place instead of the footer built again",
    ("textual.command", "CommandPalette", "_watch__list_visible"):
        "palette.py: the palette's crash when its search ends after it closed",
    ("textual.command", "CommandPalette", "_action_command_list"):
        "palette.py: the palette's crash on Page Down before its list is laid out",
    ("textual.app", "App", "_check_bindings"):
        "in_order_input.py: a bound key runs as it reaches the box, in the order keys came",
    ("textual.widgets", "Input", "_on_key"):
        "in_order_input.py: the box's own key handling, after that binding lookup",
    ("textual.app", "App", "_handle_exception"):
        "app.py: Textual's hook for an unhandled error, answered with the calm crash screen",
    ("textual.message_pump", "MessagePump", "_dispatch_message"):
        "app.py: an error in a key's action is reported and the app's loop goes on",
    ("textual.app", "App", "_return_code"):
        "app.py: a crashed app ends with status 1, as Textual's own handling does",
    ("textual.app", "App", "_exception"):
        "app.py: Pilot re-raises the error when it closes the app, so no test passes over one",
    ("textual.app", "App", "_exception_event"):
        "app.py: as `_exception`",
    ("textual.widgets._rich_log", "RichLog", "_size_known"):
        "game_log.py: a wrapped log line's rows reused",
    ("textual.widgets._rich_log", "RichLog", "_widest_line_width"):
        "game_log.py: a wrapped log line's rows reused",
}

#: Names of our own that Textual happens to use too, on other objects (not Textual's state).
OURS = {"_composed", "_layout", "_line", "_lines", "_prompt", "_reveal", "_rows", "_style"}


def _textual_private_names() -> set[str]:
    """Every single-underscore name Textual's source defines or sets on `self`."""
    names: set[str] = set()
    for path in Path(textual.__file__).parent.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                names.add(node.name)
            elif (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                  and node.value.id in ("self", "cls")):
                names.add(node.attr)
    return {name for name in names if name.startswith("_") and not name.startswith("__")}


def census() -> set[str]:
    """The private Textual names `buyword/ui` uses: modules and names imported from Textual
    with a leading underscore, and Textual's own private names read, set or overridden."""
    textual_names = _textual_private_names()
    found: set[str] = set()
    for path in UI.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("textual"):
                module = node.module or ""
                for alias in node.names:
                    if any(part.startswith("_") for part in (*module.split("."), alias.name)):
                        found.add(f"{module}.{alias.name}")
            elif isinstance(node, ast.Import):
                found |= {alias.name for alias in node.names if alias.name.startswith("textual")
                          and any(p.startswith("_") for p in alias.name.split("."))}
            elif isinstance(node, ast.Attribute) and node.attr in textual_names:
                found.add(node.attr)
            elif (isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
                  and node.name in textual_names):
                found.add(node.name)
    return found - OURS


@pytest.mark.slow  # it reads all of Textual's source: about a second
def test_the_screens_use_no_private_textual_name_but_the_pinned_ones() -> None:
    pinned = {name for _, _, name in PINNED} | {f"{module}.{name}"
                                                for module, owner, name in PINNED if not owner}
    assert census() - pinned == set()  # a new one: use a public name, or pin it here


@pytest.mark.parametrize(("module", "owner", "name"), list(PINNED), ids=lambda part: part or "")
def test_each_pinned_textual_name_is_still_where_textual_keeps_it(
        module: str, owner: str | None, name: str) -> None:
    found = importlib.import_module(module)
    if owner is None:
        assert hasattr(found, name), f"Textual moved {module}.{name}: {PINNED[module, owner, name]}"
        return
    cls = getattr(found, owner)
    # The modules that define the class and its Textual bases: an attribute set in __init__
    # is in no class's namespace, only in the source.
    homes = {base.__module__ for base in cls.__mro__ if base.__module__.startswith("textual")}
    sources = "".join(inspect.getsource(sys.modules[home]) for home in homes)
    assert name in dir(cls) or f"self.{name} " in sources or f"self.{name}:" in sources, \
        f"Textual moved {owner}.{name}: {PINNED[module, owner, name]}"


def test_the_app_imports_no_private_textual_module() -> None:
    app = (UI / "app.py").read_text(encoding="utf-8")
    assert "textual._" not in app and "_parse_rules" not in app
