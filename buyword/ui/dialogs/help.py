"""Help: how to play in short, the key map, and the price list."""

from __future__ import annotations

from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Footer, Markdown, TabbedContent, TabPane

from buyword.ui.widgets.price_list import PriceList

HOW_TO_PLAY = """\
**Buy letters cheap, sell words dear.** Everything costs and pays the *square* of its pips:
a tile shows 1 to 4 pips, and 5 pips cost or pay $25.

Each round:

1. **Roll.** The leader rolls the die: 2, 3, 4 or 5 tiles each. On **CHOICE** the leader picks.
2. **Buy or discard.** Everyone draws that many tiles and, in turn, buys the whole draw for
   (its pips)² or discards it. No part-buys; if you can't afford it, it goes.
3. **Sell.** In turn, sell as many words as you like from your hand. A word may use **one**
   wild tile (1 pip, any letter) and pays (all its pips)². Sold tiles leave the game.
4. **Tile limit.** Hold at most 8 letter tiles (wilds don't count); drop the rest.
5. The die passes left (solo: you lead every round).

**The end.** When the bag can't give everyone their draw, that is the final round: nobody
draws, everyone sells one last time, and unsold tiles are worth nothing. Most money wins.

**Solo.** Start with $200 and 8 wilds. $800 is fair, $900 good, $1,000 outstanding.

**Strategy.** Price grows with the square: a 10-pip word pays $100, two 5-pip words only $50.
Buy small draws, sell long words, and keep an eye on the bag.

**Challenge mode** (2+ people): any word may be offered; before the next sale anyone may
challenge. A word that is not in the dictionary is taken back and its seller pays $20;
a good word costs the challenger $20.

**Undo** (Ctrl+Z): take back your own last buy, discard, sale (strict mode) or drop, as long as
nobody else has moved and nothing new is known: never across a roll or a draw, a challenge or
another player's move.
"""

KEY_MAP = """\
| key | where | does |
|---|---|---|
| **R** | roll | roll the die (any key skips the tumble) |
| **2**–**5** | CHOICE | how many tiles everyone draws |
| **B** / **D** | buy | buy the draw / discard it |
| *letters*, **Enter** | sell | type a word; Enter sells it |
| **Esc** | sell | clear the word typed; in an empty box, done selling this round |
| **F2** | sell | hints: the best words now (if on); **Enter** or a click puts one in the box |
| **F6** | your decision | the coach: what would Master do? (marks the game as coached) |
| **←↑→↓** / click | crossword, sell | the square the word starts on |
| **Tab** | crossword, sell | turn the word across or down |
| **F8** / **F4** | crossword | the log instead of the board / the board over the side column |
| *letters*, **Enter** | tile limit | choose tiles to drop; Enter drops them |
| **Space** | computer's turn | skip ahead to the next person |
| **Ctrl+L** | a puzzle | leave it unanswered (Esc too, except at a sale, where Esc answers) |
| **Ctrl+Z** | after your move | undo your last buy, discard, sale or drop (see How to play) |
| **F3** / **U** | anywhere | the unseen tiles: letter by letter, what you cannot see yet |
| **?** / **F1** | anywhere | this help (F1 at a table with variants: their rules) |
| **Ctrl+P** | anywhere | command palette (variants and colours too) |
| **Ctrl+Q** | anywhere | quit (asks during a game) |

**Window size.** Every screen works in a window of at least **60×18** cells (below 80×24 the
table leaves out the price list: it is under Prices here). In a smaller window a notice asks
for more room, and the game carries on when the window grows.
"""


def variants_parts() -> list[str]:
    """The Variants page in parts (from the variants registry): what each variant does, then
    each one's rules on a page of its own, after a rule."""
    from buyword.engine.rules import VARIANTS

    lines = ["Variants are turned on in the new-game form (or `buyword --variant NAMES`; F1 "
             "on a variant's box shows its rules); any combination may be played.", ""]
    for variant in VARIANTS:
        needs = " *(2 or more players)*" if variant.needs_table else ""
        lines.append(f"- **{variant.label}**{needs}: {variant.how}.")
    return ["\n".join(lines), *(f"---\n\n{variant.page}" for variant in VARIANTS)]


def variants_text() -> str:
    """The Variants page, whole."""
    return "\n\n".join(variants_parts())


class VariantsPage(VerticalScroll):
    """Help's Variants page: what each variant does at once, then each variant's rules a
    frame after the one before.

    Why: it is help's longest page, about 700 widgets of Markdown, and filled in at once it
    kept the tab blank for half a second of CPU (over a second on a busy machine). Now the
    list shows first and the rules follow below it while it is read
    (benchmarks/bench_dialogs.py)."""

    def __init__(self) -> None:
        """The page, its first part composed and the rest to follow."""
        super().__init__()
        self.parts = variants_parts()

    def compose(self) -> ComposeResult:
        """What each variant does."""
        yield Markdown(self.parts[0])

    def on_mount(self) -> None:
        """Begin on the rules once the list has been drawn."""
        self.call_after_refresh(self._reveal, 1)

    def _reveal(self, part: int) -> None:
        """Add one variant's rules, and the next after the next refresh (unless End has
        added them all already)."""
        if part == len(self.children) < len(self.parts) and self.is_attached:
            self.mount(Markdown(self.parts[part]))
            self.call_after_refresh(self._reveal, part + 1)

    def reveal_all(self) -> None:
        """Add every variant's rules not yet shown, at once."""
        rest = self.parts[len(self.children):]
        if rest:
            self.mount_all([Markdown(part) for part in rest])

    @property
    def revealed(self) -> bool:
        """Whether every part of the page is there."""
        return len(self.children) == len(self.parts)

    def scroll_end(self, **kwargs: Any) -> None:
        """To the page's end: the last variant's rules, adding every part not yet there first
        (else End pressed early stops short of them)."""
        if self.revealed:
            super().scroll_end(**kwargs)
            return
        self.reveal_all()
        self.call_after_refresh(super().scroll_end, **kwargs)


#: The arrows and page keys scroll a page of rules, wherever the focus is.
PAGE_KEYS = [
    Binding("down", "scroll('down')", "Scroll", show=False),
    Binding("up", "scroll('up')", "Scroll", show=False),
    Binding("pagedown,space", "scroll('page_down')", "Scroll", show=False),
    Binding("pageup", "scroll('page_up')", "Scroll", show=False),
]


#: The help's tabs: id -> title, in order.
TABS = {"rules": "How to play", "variants": "Variants", "keys": "Keys", "prices": "Prices"}


def page_of(tab: str) -> Widget:
    """The page of one of the help's tabs (`TABS`)."""
    if tab == "prices":
        return PriceList(rows=10, id="help-prices")
    if tab == "variants":
        return VariantsPage()
    return VerticalScroll(Markdown({"rules": HOW_TO_PLAY, "keys": KEY_MAP}[tab]))


class HelpScreen(ModalScreen[None]):
    """Four tabs: how to play, variants, keys, prices. Esc closes."""

    CSS_PATH = "dialogs.tcss"
    # The arrows and page keys scroll the page shown, wherever the focus is (the tabs take
    # it first, and they only use left and right).
    BINDINGS = [
        Binding("escape,q", "close", "Close"),
        *PAGE_KEYS,
        Binding("home", "scroll('home')", "Scroll", show=False),
        Binding("end", "scroll('end')", "Scroll", show=False),
    ]

    def __init__(self, tab: str = "rules") -> None:
        """Open on `tab`: rules, variants, keys or prices."""
        super().__init__()
        self.tab = tab

    def compose(self) -> ComposeResult:
        """The tabs, with only the page opened on filled in (see `_fill`)."""
        with Vertical(classes="dialog", id="help"), TabbedContent(initial=self.tab):
            for tab, title in TABS.items():
                with TabPane(title, id=tab):
                    if tab == self.tab:
                        yield page_of(tab)
        yield Footer()

    @on(TabbedContent.TabActivated)
    def _fill(self, event: TabbedContent.TabActivated) -> None:
        """A tab is opened: fill in its page the first time.

        Why: a page of Markdown is a widget per paragraph, list item and table cell, and
        with the four pages filled in every ? styled about 1,500 widgets and took over a
        second of CPU; help on How to play now takes about a third of that, on Prices a
        seventh (benchmarks/bench_dialogs.py).
        """
        pane = event.pane
        if pane.id in TABS and not pane.children:
            pane.mount(page_of(pane.id))

    def action_scroll(self, how: str) -> None:
        """Scroll the page shown (a line, a page, or to its top or end)."""
        pane = self.query_one(TabbedContent).active_pane
        pages = pane.query(VerticalScroll) if pane is not None else None
        if not pages:
            return
        getattr(pages.first(), f"scroll_{how}")(animate=False)

    def action_close(self) -> None:
        """Back to where help was opened."""
        self.dismiss(None)
