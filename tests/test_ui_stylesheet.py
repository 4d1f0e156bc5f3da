"""The app's stylesheet parses each piece of CSS once per process, and gives the same rules as
Textual's own (no Pilot: plain stylesheets)."""

from __future__ import annotations

from textual.css.stylesheet import Stylesheet

from buyword.ui.stylesheet import SharedStylesheet

CSS = "#bag { color: $accent; border: round $primary; }\nRack > Tile { width: 5; }"
WHERE = ("test_ui_stylesheet.py", "CSS")


def _sheet(cls: type[Stylesheet], accent: str = "red") -> Stylesheet:
    sheet = cls(variables={"accent": accent, "primary": "blue"})
    sheet.add_source(CSS, read_from=WHERE)
    sheet.parse()
    return sheet


def _css(sheet: Stylesheet) -> list[str]:
    return [rule.css for rule in sheet.rules]


def test_the_same_css_is_parsed_once_and_reads_as_textual_reads_it() -> None:
    first, second = _sheet(SharedStylesheet), _sheet(SharedStylesheet)
    assert first.rules and all(a is b for a, b in zip(first.rules, second.rules, strict=True))
    assert _css(first) == _css(_sheet(Stylesheet))


def test_other_variables_parse_afresh() -> None:
    red, green = _sheet(SharedStylesheet), _sheet(SharedStylesheet, accent="green")
    assert _css(green) == _css(_sheet(Stylesheet, accent="green")) != _css(red)
    red.set_variables({"accent": "green", "primary": "blue"})
    red.reparse()
    assert _css(red) == _css(green)


def test_reparse_keeps_every_source_and_reuses_the_parsed_rules() -> None:
    sheet = _sheet(SharedStylesheet)
    before = list(sheet.rules)
    sheet.add_source("Tile { height: 3; }", read_from=("other.tcss", ""))
    sheet.reparse()
    assert isinstance(sheet, SharedStylesheet) and set(sheet.source) == {WHERE, ("other.tcss", "")}
    assert all(a is b for a, b in zip(before, sheet.rules[: len(before)], strict=True))
    assert len(sheet.rules) == len(before) + 1
