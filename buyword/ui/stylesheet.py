"""The app's stylesheet: each piece of CSS is parsed once per process, not once per screen.

Why: when a screen with its own CSS shows for the first time, Textual parses every source of
the stylesheet again (the default CSS of every widget used so far, the app's files) in a new
`Stylesheet` whose parse cache starts empty, and a new app starts from nothing as well. The
text of those sources never changes while the program runs, so their parsed rules are kept
for the whole process, keyed by everything the parse reads (the CSS variables included, so a
new theme still parses afresh).
"""

from __future__ import annotations

from typing import ClassVar

from textual.css.model import RuleSet
from textual.css.stylesheet import CSSLocation, Stylesheet


class SharedStylesheet(Stylesheet):
    """A Textual stylesheet whose parsed rules are shared by every stylesheet of the process."""

    #: Parsed rules by (css, where it was read from, defaults?, tie breaker, scope, variables).
    #: Bounded in practice by the sources the program has times the themes it showed.
    _parsed: ClassVar[dict[tuple[object, ...], list[RuleSet]]] = {}

    def __init__(self, *, variables: dict[str, str] | None = None) -> None:
        """A stylesheet with these CSS variables (as Textual's)."""
        super().__init__(variables=variables)
        self._variables_key: frozenset[tuple[str, str]] | None = None

    def set_variables(self, variables: dict[str, str]) -> None:
        """Set the CSS variables (as Textual's; later parses use the new ones)."""
        super().set_variables(variables)
        self._variables_key = None

    def _parse_rules(self, css: str, read_from: CSSLocation, is_default_rules: bool = False,
                     tie_breaker: int = 0, scope: str = "") -> list[RuleSet]:
        """Textual's parse of one source, done once per process for the same text and
        variables."""
        if self._variables_key is None:
            self._variables_key = frozenset(self._variables.items())
        key = (css, read_from, is_default_rules, tie_breaker, scope, self._variables_key)
        rules = self._parsed.get(key)
        if rules is None:
            rules = super()._parse_rules(css, read_from, is_default_rules, tie_breaker, scope)
            self._parsed[key] = rules
        return rules

    def reparse(self) -> None:
        """Parse every source again with the current variables (as Textual's `reparse`, which
        builds a plain `Stylesheet` and so would parse everything afresh)."""
        fresh = type(self)(variables=self._variables)
        for read_from, source in self.source.items():
            fresh.add_source(source.content, read_from=read_from,
                             is_default_css=source.is_defaults,
                             tie_breaker=source.tie_breaker, scope=source.scope)
        try:
            fresh.parse()
        except Exception:
            # As Textual does: remember the bad CSS so that it is not parsed again.
            self._invalid_css.update(fresh._invalid_css)  # noqa: SLF001
            raise
        self._rules = fresh.rules
        self._rules_map = None
        self.source = fresh.source
        self._require_parse = False
