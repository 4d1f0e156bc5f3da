"""The shell every app that shows a table shares: playing here (`BuyWordApp`), hosting
(`HostApp`) and joining (`JoinApp`). The same keys work on each (? shows the key map, F1
how to play, or a variant table's own rules), and the command palette offers the same game
commands: the table's actions legal now, the help's pages, each variant's rules, and Textual's
own under the game's names ("Colours" for the colour scheme, a Quit that says what it does).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import partial
from typing import Any, ClassVar

from textual.app import ReturnType, SystemCommand
from textual.binding import Binding, BindingType
from textual.screen import Screen

from buyword.ui.crash import ReportsCrashes

#: The size classes of every screen that draws a table: below 80x24 a compact layout
#: (-narrow, -short), down to the 60x18 minimum.
WIDTHS = [(0, "-narrow"), (80, "-wide")]
HEIGHTS = [(0, "-short"), (24, "-tall")]


class TableShell(ReportsCrashes[ReturnType]):
    """An app that shows a table (see the module's docstring)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("question_mark", "help('keys')", "Keys", priority=True),
        Binding("f1", "help('rules')", "Help", show=False),
    ]
    # At a joined or a hosting table as at a table played here.
    HORIZONTAL_BREAKPOINTS = WIDTHS
    VERTICAL_BREAKPOINTS = HEIGHTS
    #: What the palette's Quit says it does, in this app.
    QUIT_SAYS = "Leave BuyWord"

    def use_colours(self, theme: str | None) -> bool:
        """Show the colour scheme `theme` (the player's setting); False, changing nothing,
        for one this version does not have (a hand-edited settings file)."""
        if theme is None:
            return False
        try:
            self.theme = theme
        except Exception:  # an unknown colour scheme is not fatal: the default stays
            return False
        return True

    def action_help(self, tab: str = "rules") -> None:
        """How to play, the variants, the key map and the price list."""
        from buyword.ui.dialogs.help import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen(tab))

    def table_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """The table's actions a person may take now, on a table screen."""
        from buyword.ui.screens.table import TableScreen

        if isinstance(screen, TableScreen):
            for action, title in screen.palette_actions():
                yield SystemCommand(title, "Table action", partial(screen.run_action, action))

    def help_commands(self) -> Iterable[SystemCommand]:
        """The help's pages: how to play, the key map, the price list."""
        yield SystemCommand("How to play", "The rules in short", self.action_help)
        yield SystemCommand("Keys", "The key map", partial(self.action_help, "keys"))
        yield SystemCommand("Price list", "Pips to dollars", partial(self.action_help, "prices"))

    def variant_commands(self) -> Iterable[SystemCommand]:
        """A palette entry for each variant: what it does, opening help's Variants page."""
        from buyword.engine.rules import VARIANTS

        for variant in VARIANTS:
            needs = " (2 or more players)" if variant.needs_table else ""
            yield SystemCommand(f"Variant: {variant.label}",
                                f"{variant.how.capitalize()}{needs}",
                                partial(self.action_help, "variants"))

    def textual_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """Textual's own commands, in the game's words: its "Keys" panel would list Keys
        twice (the help's key map is ours); its "Theme" is the colour scheme ("Theme" is the
        words a themed game accepts); its Quit says "as soon as possible" where ours asks
        first."""
        for command in super().get_system_commands(screen):
            if command.title == "Theme":
                yield SystemCommand("Colours", "Change the colour scheme", command.callback)
            elif command.title == "Quit":
                yield SystemCommand("Quit", self.QUIT_SAYS, command.callback)
            elif command.title != "Keys":
                yield command

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """The command palette: the table's actions, the help, the variants, then Textual's
        own (an app adds its own commands by overriding this)."""
        yield from self.table_commands(screen)
        yield from self.help_commands()
        yield from self.variant_commands()
        yield from self.textual_commands(screen)
