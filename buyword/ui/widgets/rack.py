"""A tile and a rack of tiles: letters over their pips; a click toggles a tile."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Static

from buyword.engine import TileSet
from buyword.ui.marks import WILD_MARK, pip_marks


class TileView(Static):
    """One tile: its letter over its pips. Clicking it asks the rack to toggle it."""

    @dataclass
    class Clicked(Message):
        """The player clicked this tile."""

        tile: TileView

    def __init__(self, letter: str, pips: int, index: int, *, classes: str = "") -> None:
        """A tile showing `letter` (or the wild mark, or a face-down back) with `pips` dots."""
        super().__init__(classes=classes)
        self.letter = letter
        self.pips = pips
        self.index = index

    def render(self) -> Text:
        """Letter on the first line, pips on the second."""
        if self.has_class("-back"):
            return Text("\n")
        return Text(f"{self.letter}\n{pip_marks(self.pips)}")

    def on_click(self, event: events.Click) -> None:
        """Tell the rack; it decides what a click means."""
        event.stop()
        self.post_message(self.Clicked(self))


class Rack(Widget):
    """A row of tiles (a hand or a draw), wrapping onto more rows when it is long.

    `marked` highlights tiles (the tiles a word would use, or tiles chosen to drop) by index
    into `tiles`; `wild_letter` shows the letter a wild tile would play.
    """

    tiles: reactive[str] = reactive("", recompose=True)
    wilds: reactive[int] = reactive(0, recompose=True)
    marked: reactive[frozenset[int]] = reactive(frozenset(), recompose=True)
    wild_letter: reactive[str | None] = reactive(None, recompose=True)
    face_down: reactive[bool] = reactive(False, recompose=True)
    empty_text: reactive[str] = reactive("", recompose=True)

    @dataclass
    class TileToggled(Message):
        """The player clicked the tile at `index` in `tiles`."""

        rack: Rack
        index: int

        @property
        def control(self) -> Rack:
            """The rack that was clicked (for `@on(Rack.TileToggled, "#id")`)."""
            return self.rack

    def __init__(self, tileset: TileSet, *, id: str | None = None, classes: str = "") -> None:
        """A rack drawing tiles with this tile set's pips."""
        super().__init__(id=id, classes=classes)
        self.tileset = tileset

    def compose(self) -> ComposeResult:
        """One TileView per letter tile, then the wild tiles."""
        if not self.tiles and not self.wilds:
            yield Static(self.empty_text, classes="rack-empty")
            return
        back = " -back" if self.face_down else ""
        for i, letter in enumerate(self.tiles):
            mark = " -marked" if i in self.marked else ""
            yield TileView(letter, self.tileset.pips[letter], i, classes=f"tile{mark}{back}")
        if self.wilds:
            # One wild tile stands for them all (the count is in the rack's subtitle); it
            # shows the letter it would play while a word is being typed.
            playing = self.wild_letter is not None
            letter = WILD_MARK if self.wild_letter is None else self.wild_letter.lower()
            classes = "tile -wild" + (" -marked" if playing else "") + back
            yield TileView(letter, self.tileset.wild_pips, len(self.tiles), classes=classes)

    def on_resize(self, event: events.Resize) -> None:
        """Fit as many tiles on a row as the width allows."""
        self._fit_columns(event.size.width)

    def on_mount(self) -> None:
        """Size the grid once the rack knows its width."""
        self._fit_columns(self.size.width)

    def _fit_columns(self, width: int) -> None:
        # A tile is 5 cells wide with a 1-cell gutter.
        self.styles.grid_size_columns = max(1, (width + 1) // 6)

    def on_tile_view_clicked(self, message: TileView.Clicked) -> None:
        """Turn a tile click into the rack's own message, up to the screen."""
        message.stop()
        if message.tile.index < len(self.tiles):
            self.post_message(self.TileToggled(self, message.tile.index))
