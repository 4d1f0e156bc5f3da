"""`buyword history`: a table of the finished games kept in the data folder."""

from __future__ import annotations

import os
from datetime import datetime

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from buyword.engine.wording import dollars, visible
from buyword.store.outcomes import PastGame
from buyword.store.saves import SavedGame
from buyword.store.store import GAMES, Store


def when(saved: SavedGame) -> str:
    """When a game finished, to the minute ("2026-11-29 17:40")."""
    text = (saved.result or {}).get("finished_at") or saved.saved_at or saved.started_at
    try:
        return datetime.fromisoformat(text).strftime("%Y-%m-%d %H:%M")
    except (TypeError, ValueError):
        return "?"


def players_text(saved: SavedGame) -> str:
    """The players, with each computer player's level."""
    names = []
    for seat, name in enumerate(saved.players):
        level = saved.bot(seat)
        names.append(f"{name} ({level})" if level else name)
    return visible(", ".join(names))


def result_text(saved: SavedGame) -> str:
    """The result in a line: a solo's money and rating, or the winners and the standings."""
    result = saved.result or {}
    standings = result.get("standings") or []
    try:
        if saved.solo and standings:
            line = f"{dollars(standings[0]['money'])}"
            rating = result.get("rating")
            return visible(f"{line} ({rating})" if rating else line)
        money = ", ".join(f"{s['name']} {dollars(s['money'])}" for s in standings)
        winners = [str(s["name"]) for s in standings if s["place"] == 1]
        verb = "won" if len(winners) == 1 else "shared the win"
        return visible(f"{' and '.join(winners)} {verb}: {money}" if winners else "unfinished")
    except (KeyError, TypeError):
        return "result unreadable"


def games_table(games: list[PastGame]) -> Table:
    """The rich table `buyword history` prints.

    The file name is what `buyword replay` needs, so it is never broken: it sits under the
    game's date and seed in a column as wide as the longest name, and the players and the
    result fold into the room left (at 80 columns they get about 20 each).
    """
    table = Table(title="Past games", title_justify="left", show_lines=True)
    table.add_column("Game (date, seed, file)", no_wrap=True, overflow="fold")
    table.add_column("Players", overflow="fold")
    table.add_column("Result", overflow="fold")
    for past in games:
        file = escape(visible(os.path.basename(past.name)))
        saved = past.saved
        if saved is None:
            problem = escape(visible(past.problem or ""))
            table.add_row(f"?\n\n{file}", "", f"[red]could not be read: {problem}[/]")
            continue
        kind = " [dim](daily)[/]" if saved.daily else ""
        # Names are the players' own text: escaped so "[bold]" in a name is just text, and
        # control characters shown as symbols (`visible`), as the table screens show them.
        game = f"{when(saved)}\nseed {saved.record.seed}\n{file}"
        table.add_row(game, escape(players_text(saved)), escape(result_text(saved)) + kind)
    return table


def history_main(store: Store | None = None, console: Console | None = None) -> int:
    """Print the past games (newest first); returns the exit code (0)."""
    store = store or Store()
    console = console or Console()
    folder = store.data.path(GAMES)
    games = store.past_games()
    if not games:
        where = f" They are kept in {escape(str(folder))}." if folder else ""
        console.print(f"No finished games yet: play one with [bold]buyword[/].{where}",
                      highlight=False, markup=True)
        return 0
    console.print(games_table(games))
    if folder is not None:
        console.print(f"The records are in {escape(str(folder))}; watch one again with "
                      "[bold]buyword replay FILE[/].", highlight=False)
    if store.warning:
        console.print(f"[yellow]{escape(store.warning)}[/]")
    return 0
