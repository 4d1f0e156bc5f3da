"""What a table screen draws: a table source, local (a `TableSession`) or remote.

The table screen reads the game and asks whose turn it is through these two protocols only, so
the same screen draws a game played here (`TableSession`, which holds the one `Game`) and a seat
at a table someone else hosts (`buyword.net.remote.RemoteTable`, fed by the server's views of
that seat). They list exactly what the screen uses; a remote source answers from what its seat
may see, so another seat's hidden tiles are never in it to draw.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from buyword.engine import Action, Rules
    from buyword.engine.crossword import Grid
    from buyword.engine.variants import AuctionState, TradeOffer
    from buyword.store.setup import Seat
    from buyword.table.session import (
        Answer,
        Awaiting,
        Decision,
        Played,
        Refused,
        SalePreview,
        Undone,
    )
    from buyword.words.finder import Candidate


class TablePlayer(Protocol):
    """One player as the screen draws them (a hidden hand is only ever drawn face down)."""

    @property
    def seat(self) -> int: ...
    @property
    def name(self) -> str: ...
    @property
    def money(self) -> int: ...
    @property
    def wilds(self) -> int: ...
    @property
    def hand(self) -> str: ...
    @property
    def drawn(self) -> str: ...


class TableGame(Protocol):
    """The game as the table screen reads it: `Game` itself, or a remote seat's picture of it."""

    @property
    def rules(self) -> Rules: ...
    @property
    def names(self) -> tuple[str, ...]: ...
    @property
    def players(self) -> Sequence[TablePlayer]: ...
    @property
    def seed(self) -> int | None: ...
    @property
    def current(self) -> int | None: ...
    @property
    def leader(self) -> int: ...
    @property
    def die(self) -> int | str | None: ...
    @property
    def round(self) -> int: ...
    @property
    def bag_size(self) -> int: ...
    @property
    def draw_count(self) -> int | None: ...
    @property
    def final_round(self) -> bool: ...
    @property
    def nobody_draws(self) -> bool: ...
    @property
    def theme(self) -> str | None: ...
    @property
    def draft_tiles(self) -> str: ...
    @property
    def auction(self) -> AuctionState | None: ...
    @property
    def trade_offer(self) -> TradeOffer | None: ...
    @property
    def grid(self) -> Grid: ...

    def player(self, seat: int) -> TablePlayer:
        """One seat's player."""

    def offer_price(self, seat: int | None = None) -> int:
        """The price of a seat's draw (the current player's by default)."""

    def over_limit(self, seat: int) -> int:
        """How many letter tiles a seat holds beyond the tile limit."""

    def why_not(self, action: Action | str) -> str | None:
        """None if `action` is legal now, else the reason in a player's words."""


class TableSource(Protocol):
    """A table as the screen plays it: the game to draw, whose turn it is, and the way in."""

    @property
    def game(self) -> TableGame: ...
    @property
    def seats(self) -> tuple[Seat, ...]: ...
    @property
    def people(self) -> tuple[int, ...]: ...
    @property
    def hand_off(self) -> bool: ...
    @property
    def hints_allowed(self) -> bool: ...

    def awaiting(self) -> Awaiting:
        """Who must act now, with what kind of input."""

    def act(self, seat: int, answer: Answer | str) -> Played | Refused:
        """A seat's answer."""

    def may_see(self, viewer: int | None, seat: int) -> bool:
        """Whether `viewer` may see `seat`'s hand and draw."""

    def visible_to(self, viewer: int | None) -> frozenset[int]:
        """The seats whose hands and draws `viewer` may see."""

    def log_for(self, viewer: int | None) -> Sequence[object]:
        """The log as `viewer` may read it (each entry's `str` is its line)."""

    def preview(self, seat: int, typed: str) -> SalePreview:
        """What selling `typed` from `seat`'s hand now would do."""

    def hints(self, seat: int, limit: int = 8) -> list[Candidate]:
        """The best words `seat`'s hand can sell now."""

    def think(self) -> Decision:
        """The computer to act decides (a local table only)."""

    def play(self, decision: Decision) -> Played | Refused:
        """Apply a computer's decision (a local table only)."""

    def pause(self, decision: Decision) -> float:
        """How long a computer's decision stays unshown."""

    def skip_ahead(self) -> None:
        """Play the computers' moves at once."""

    def unseen(self, seat: int) -> str:
        """The tiles `seat` cannot see yet (the unseen-tiles panel)."""

    def addressed(self, seat: int | None) -> bool:
        """Whether the screen speaks to `seat` as "you"."""

    def last_mover(self) -> int | None:
        """The seat whose move undo would take back, if any."""

    def can_undo(self, seat: int) -> bool:
        """Whether `seat` may take back its last move now."""

    def why_not_undo(self, seat: int) -> str | None:
        """Why `seat` may not take back its last move now, in a player's words."""

    def undo(self, seat: int) -> Undone | Refused:
        """Take back `seat`'s last move."""
