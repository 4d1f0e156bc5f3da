"""`buyword sim`: play seeded games between computer players and measure them.

Game N of a run uses seed S+N-1, which fixes the bag and the die whatever the players decide, so
two levels run on the same seeds meet exactly the same tiles and can be compared game by game.
Each game is played at a table session (private hands), the computers seeded as at the app's
table (`buyword.table.computers.seat_seed`).
"""

from __future__ import annotations

import json
import math
import os
import statistics
import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from buyword.analysis.cluster import ClusterError, run_tasks
from buyword.bots import BOT_NAMES, MasterBot
from buyword.bots.master import PLAYING, Search
from buyword.engine import BuyWordError, Game, Phase, Rules, TileSet, TileSetError
from buyword.engine.rules import variant_names
from buyword.engine.wording import dollars
from buyword.store.setup import EACH_ROUND, GameSetup, load_tiles
from buyword.table.launch import computer_table
from buyword.table.runner import TableRunner
from buyword.table.services import Services
from buyword.table.session import TableSession, Thought
from buyword.table.views import Wait

if TYPE_CHECKING:

    from buyword.engine.dictionary import Dictionary
    from buyword.engine.themes import Themes
    from buyword.words.finder import WordFinder
    from buyword.words.lexicon import Lexicon

#: The word index's cache folder, as `Services.shared` takes it (None: build the index).
CacheDir = str | os.PathLike[str] | None
#: A report as JSON: figures by name, nested as `summarise` builds them and read by key.
Report = dict[str, Any]

#: The table played when no --players is given.
DEFAULT_TABLE = ("expert",)

#: Master's seconds a decision when `--budget` is not given.
DEFAULT_BUDGET = Search().budget

#: The most seconds `--budget` gives Master per decision (a game has about 80 decisions).
MAX_BUDGET = 60.0

#: The most rollouts `--rollouts` gives each of Master's options per decision.
MAX_ROLLOUTS = Search().max_rollouts

#: z for a two-sided 95% confidence interval of a mean (normal approximation; n is large).
Z95 = 1.96

#: The solo benchmarks of the rulebook, reported as shares of games reaching them.
SOLO_MARKS = tuple(sorted(threshold for threshold, _ in Rules().solo_ratings))


class SimError(ValueError):
    """A command-line argument the simulator cannot use (exit code 2)."""


@dataclass(frozen=True)
class GameResult:
    """One finished game: the seed, every seat's final money, the winners, decision times."""

    table: int
    seed: int
    money: tuple[int, ...]
    winners: tuple[int, ...]
    #: level -> seconds each of its decisions took
    times: dict[str, list[float]] = field(default_factory=dict)


# ---------------------------------------------------------------------- playing


def play_game(levels: Sequence[str], seed: int, finder: WordFinder, lexicon: Dictionary,
              table: int = 0, rules: Rules | None = None, themes: Themes | None = None,
              theme_finders: Callable[[str], WordFinder] | None = None,
              master: Search | None = None) -> GameResult:
    """Play one game of `levels` (one per seat) on `seed` to the end, at a table session with
    private hands (each computer sees what a person in its seat would); a Master searches as
    `master` says (None: its default search, 1 s a decision).

    A themed game (`rules.themes`) needs `themes` (a ThemeBook) and `theme_finders` (a
    ThemeFinders over `lexicon`), so that the players search only the round's theme.
    """
    session = computer_table(levels, seed, lexicon, finder, rules=rules, themes=themes,
                             theme_finders=theme_finders)
    game = session.game
    if master is not None:
        search_with(session, master)
    times: dict[str, list[float]] = {level: [] for level in levels}
    turn = None

    def timed(decision: Thought) -> None:
        """Count a decision's thinking, before it is played."""
        nonlocal turn
        seat = decision.seat
        # A decision is a whole turn (choose, buy or discard, a round's selling, a drop): the
        # time the table waits. Rolling, a forced discard and challenges involve no thinking.
        if session.awaiting().wait is not Wait.CHALLENGE and _is_decision(game):
            if (game.round, game.phase, seat) != turn:
                turn = (game.round, game.phase, seat)
                times[levels[seat]].append(0.0)
            times[levels[seat]][-1] += decision.seconds

    TableRunner(session, shared_screen=False, pace=False).play_out(timed)
    outcome = game.outcome()
    assert outcome is not None
    money = tuple(p.money for p in game.players)
    return GameResult(table, seed, money, outcome.winners, times)


def search_with(session: TableSession, master: Search) -> None:
    """Every Master at the session's table searches as `master` says."""
    for bot in session.bots.values():
        if isinstance(bot, MasterBot):
            bot.search, bot.budget = master, master.budget


def _is_decision(game: Game) -> bool:
    """True when the player to act has a real choice to think about."""
    if game.phase is Phase.ROLL:
        return False
    return not (game.phase is Phase.BUY and len(game.legal_actions()) == 1)


def _load_words(tiles: TileSet | None = None, themes: tuple[str, ...] = (),
                cache_dir: CacheDir = None) -> tuple[WordFinder, Lexicon]:
    """This process's word finder for `tiles` and the bundled dictionary (`Services.shared`),
    each theme of `themes` searched ready."""
    services = Services.shared(cache_dir)
    finder, lexicon = services.words(tiles)
    if themes:
        finders = services.theme_finders(lexicon, tiles or finder.tiles)
        for theme in themes:
            finders(theme)
    return finder, lexicon


def _play_task(task: tuple[int, tuple[str, ...], int, Rules, CacheDir, Search | None]
               ) -> GameResult:
    table, levels, seed, rules, cache_dir, master = task
    finder, lexicon = _load_words(rules.tiles, cache_dir=cache_dir)
    if not rules.themes:
        return play_game(levels, seed, finder, lexicon, table, rules, master=master)
    services = Services.shared()
    return play_game(levels, seed, finder, lexicon, table, rules, services.themes,
                     services.theme_finders(lexicon, rules.tiles), master)


def theme_rules(theme: str | None, tiles: TileSet | None = None) -> Rules:
    """The rules `--theme` asks for, with `tiles` (None: the bundled set), as a game set up
    with that theme plays them: a named theme all game, `each-round` for a new theme each
    round (of all of them), or none. SimError for an unknown theme."""
    name = ""
    if theme is not None and theme.strip().lower() == EACH_ROUND:
        name = EACH_ROUND
    elif theme is not None:
        from buyword.words.themes import ThemeError, theme_named

        try:
            name = theme_named(theme).name
        except ThemeError as error:
            raise SimError(f"--theme: {error}, or {EACH_ROUND}") from None
    return GameSetup(theme=name, tiles=tiles).rules()


def run_games(tables: Sequence[tuple[str, ...]], games: int, seed: int,
              jobs: int = 1, rules: Rules | None = None,
              ray: str | None = None, cache_dir: CacheDir = None,
              master: Search | None = None) -> Iterator[GameResult]:
    """Play `games` seeded games of each table (under `rules`, the box's by default),
    yielding results as they finish: in `jobs` processes, or as Ray tasks when `ray` names
    a cluster (`buyword.analysis.cluster.run_tasks`), whose workers read the word index from
    `cache_dir` (a folder they can all reach) rather than build it. A Master searches as
    `master` says (None: its default search)."""
    rules = rules or Rules()
    # In the parent, so forked workers share the finders instead of rebuilding them.
    finder, _ = _load_words(rules.tiles, rules.themes)
    if ray is not None and cache_dir is not None:
        finder.save_cache(cache_dir)
    tasks = [(t, levels, seed + i, rules, cache_dir, master) for t, levels in enumerate(tables)
             for i in range(games)]
    yield from run_tasks(_play_task, tasks, jobs, ray)


# ---------------------------------------------------------------------- statistics


def interval_text(values: Sequence[int], *, signed: bool = False, places: int = 0) -> str:
    """The 95% confidence interval of the mean of `values` as the reports write it: of money,
    "(95% CI $1,515–$1,546)"; `signed`, of a difference, "(95% CI +59 to +92)" (to `places`
    decimals). Empty for fewer than two values, which give no interval."""
    if len(values) < 2:
        return ""
    low, high = ci95(values)
    if signed:
        return f"(95% CI {low:+,.{places}f} to {high:+,.{places}f})"
    return f"(95% CI ${low:,.{places}f}–${high:,.{places}f})"


def ci95(values: Sequence[int]) -> tuple[float, float]:
    """The 95% confidence interval of the mean of `values` (normal approximation; one value
    gives the value itself)."""
    n = len(values)
    mean = statistics.fmean(values)
    half = Z95 * statistics.stdev(values) / math.sqrt(n) if n > 1 else 0.0
    return mean - half, mean + half


def money_stats(values: Sequence[int]) -> Report:
    """Mean, median, standard deviation and the 95% confidence interval of the mean."""
    n = len(values)
    stdev = statistics.stdev(values) if n > 1 else 0.0
    low, high = ci95(values)
    return {
        "games": n,
        "mean": round(statistics.fmean(values), 1),
        "median": statistics.median(values),
        "stdev": round(stdev, 1),
        "ci95": [round(low, 1), round(high, 1)],
        "min": min(values),
        "max": max(values),
    }


def percentile(sorted_values: Sequence[float], q: float) -> float:
    """The q-th percentile (0-100) of sorted values, by nearest rank."""
    if not sorted_values:
        return 0.0
    rank = max(0, math.ceil(q / 100 * len(sorted_values)) - 1)
    return sorted_values[rank]


def time_stats(seconds: Sequence[float]) -> Report:
    """Decision-time percentiles in milliseconds."""
    values = sorted(seconds)
    return {
        "decisions": len(values),
        "median_ms": round(percentile(values, 50) * 1000, 2),
        "p90_ms": round(percentile(values, 90) * 1000, 2),
        "p95_ms": round(percentile(values, 95) * 1000, 2),
        "p99_ms": round(percentile(values, 99) * 1000, 2),
        "max_ms": round((values[-1] if values else 0.0) * 1000, 2),
    }


def summarise(tables: Sequence[tuple[str, ...]], results: Sequence[GameResult],
              games: int, seed: int) -> Report:
    """Every table's per-seat statistics and every level's decision times, JSON-ready."""
    report: Report = {"games": games, "seeds": [seed, seed + games - 1], "tables": []}
    times: dict[str, list[float]] = {}
    for t, levels in enumerate(tables):
        played = sorted((r for r in results if r.table == t), key=lambda r: r.seed)
        seats = []
        for seat, level in enumerate(levels):
            money = [r.money[seat] for r in played]
            entry = {"seat": seat + 1, "level": level, **money_stats(money)}
            if len(levels) == 1:
                for mark in SOLO_MARKS:
                    entry[f"share_{mark}"] = round(sum(m >= mark for m in money) / len(money), 4)
            else:
                # A shared win counts as a fraction, so the win rates of a table add up to 1.
                wins = sum(1 / len(r.winners) for r in played if seat in r.winners)
                entry["win_rate"] = round(wins / len(played), 4)
            seats.append(entry)
        for r in played:
            for level, spent in r.times.items():
                times.setdefault(level, []).extend(spent)
        report["tables"].append({"players": list(levels), "seats": seats})
    report["decision_time"] = {level: time_stats(spent) for level, spent in times.items()}
    return report


# ---------------------------------------------------------------------- the command


def parse_tables(players: Sequence[str] | None) -> list[tuple[str, ...]]:
    """Read --players values ("expert", "expert,hard") into tables of level names."""
    if not players:
        return [DEFAULT_TABLE]
    tables = []
    for text in players:
        levels = tuple(name.strip().lower() for name in text.split(","))
        unknown = [name for name in levels if name not in BOT_NAMES]
        if unknown or not levels:
            raise SimError(f"--players {text!r}: {', '.join(map(repr, unknown)) or 'nothing'} "
                           f"is not a level; use {', '.join(BOT_NAMES)}")
        if not 1 <= len(levels) <= Rules().max_players:
            raise SimError(f"--players {text!r}: a table seats 1 to {Rules().max_players} players")
        tables.append(levels)
    return tables


def parse_variants(text: str, tables: Sequence[tuple[str, ...]],
                   rules: Rules | None = None) -> Rules:
    """Read --variant ("auction,trade-money") into rules every table can play: `rules` (the
    box's by default) with those variants on."""
    try:
        names = variant_names(text)
    except BuyWordError as error:
        raise SimError(f"--variant {text!r}: {error}") from None
    rules = (rules or Rules()).with_variants(names)
    for levels in tables:
        problem = rules.table_problem(len(levels))
        if problem:
            raise SimError(f"--variant {text!r}: {problem}, and --players "
                           f"{','.join(levels)!r} seats {len(levels)}")
    return rules


def rollout_search(rollouts: int) -> Search:
    """Master's search counted in rollouts rather than seconds: each option is played out
    `rollouts` times at most (racing still drops those clearly behind), with no clock at all,
    so a game depends only on its seed, never on how busy the machine is. Below
    `Search.min_rollouts` no option is dropped and Master keeps Expert's favourite."""
    return replace(Search(), budget=math.inf, max_rollouts=rollouts)


def _check_counts(games: int, jobs: int, budget: float | None = None,
                  rollouts: int | None = None) -> None:
    if games < 1:
        raise SimError(f"--games {games}: play at least one game")
    if jobs < 1:
        raise SimError(f"--jobs {jobs}: use at least one process")
    if budget is not None and not (0 < budget <= MAX_BUDGET):
        raise SimError(f"--budget {budget:g}: give Master more than 0 and at most "
                       f"{MAX_BUDGET:g} seconds a decision")
    if rollouts is not None and not (1 <= rollouts <= MAX_ROLLOUTS):
        raise SimError(f"--rollouts {rollouts}: give Master 1 to {MAX_ROLLOUTS} rollouts "
                       "an option")
    if budget is not None and rollouts is not None:
        raise SimError("--budget and --rollouts: give Master seconds or rollouts, not both")


def master_search(budget: float | None, rollouts: int | None) -> Search | None:
    """The search `--budget SECONDS` or `--rollouts N` asks for (None: Master's default)."""
    if rollouts is not None:
        return rollout_search(rollouts)
    return None if budget is None else replace(PLAYING, budget=budget)


def master_label(report: Report) -> str:
    """How Master searched in a report: '1 s a decision' or '48 rollouts an option'."""
    if "master_rollouts" in report:
        return f"{report['master_rollouts']} rollouts an option"
    return f"{report['master_budget']:g} s a decision"


@dataclass(frozen=True)
class SimOptions:
    """`buyword sim`'s options (the command line builds them: `buyword.cli`)."""

    #: One entry a table: its seats' levels, comma-separated (none: one table of expert).
    players: tuple[str, ...] = ()
    games: int = 100  # games per table
    seed: int = 1  # the first game's seed; game N uses seed + N - 1
    jobs: int = 1
    json: bool = False  # a JSON report instead of tables
    budget: float | None = None  # Master's seconds a decision
    rollouts: int | None = None  # instead: Master's rollouts an option
    theme: str | None = None  # a theme every word must fit, or each-round
    tiles: str | None = None  # a tile-set file
    variant: str = ""  # table variants, comma-separated
    ray: str | None = None  # play the games as Ray tasks, at this address ("local")
    cache_dir: Path | None = None  # where the word index is kept


def sim_main(options: SimOptions) -> int:
    """Run `buyword sim`; returns the exit code."""
    budget, rollouts = options.budget, options.rollouts
    try:
        tables = parse_tables(options.players)
        games, seed, jobs = options.games, options.seed, options.jobs
        _check_counts(games, jobs, budget, rollouts)
        tiles = load_tiles(options.tiles or "")
        rules = theme_rules(options.theme, tiles)
        rules = parse_variants(options.variant, tables, rules)
    except (SimError, TileSetError) as error:
        print(f"buyword sim: {error}", file=sys.stderr)
        return 2
    as_json = options.json
    # In the parent, before any worker forks: the index comes from the cache folder.
    _load_words(rules.tiles, rules.themes, options.cache_dir)
    try:
        results = _collect(tables, games, seed, jobs, rules, progress=not as_json,
                           ray=options.ray, cache_dir=options.cache_dir,
                           master=master_search(budget, rollouts))
    except ClusterError as error:
        print(f"buyword sim: {error}", file=sys.stderr)
        return 2
    report = summarise(tables, results, games, seed)
    if rules.themes:
        report["theme"] = EACH_ROUND if rules.theme_each_round else rules.themes[0]
    report["variants"] = list(rules.variants())
    if any("master" in levels for levels in tables):
        if rollouts is not None:
            report["master_rollouts"] = rollouts
        else:
            report["master_budget"] = budget if budget is not None else DEFAULT_BUDGET
    if as_json:
        print(json.dumps(report, indent=2))
    else:
        print_report(report)
    return 0


def _collect(tables: list[tuple[str, ...]], games: int, seed: int, jobs: int, rules: Rules,
             progress: bool, ray: str | None = None,
             cache_dir: CacheDir = None, master: Search | None = None) -> list[GameResult]:
    """Play every game (as Ray tasks if `ray` names a cluster), with a progress bar on stderr
    when asked."""
    stream = run_games(tables, games, seed, jobs, rules, ray, cache_dir, master)
    if not progress:
        return list(stream)
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    results = []
    columns = ("[progress.description]{task.description}", BarColumn(), MofNCompleteColumn(),
               TimeRemainingColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task("playing", total=games * len(tables))
        for result in stream:
            results.append(result)
            bar.advance(task)
    return results


def print_report(report: Report) -> None:
    """The report as rich tables on stdout."""
    from rich.console import Console
    from rich.table import Table

    console = Console()
    # Piped output defaults to 80 columns, too narrow for a whole row of the table.
    console.width = max(console.width, 120)
    first, last = report["seeds"]
    for entry in report["tables"]:
        solo = len(entry["players"]) == 1
        title = f"{', '.join(entry['players'])} — {report['games']} games, seeds {first}..{last}"
        if "theme" in report:
            title += f", theme {report['theme']}"
        if report.get("variants"):
            title += f" — {', '.join(report['variants'])}"
        if "master" in entry["players"]:
            title += f" — Master {master_label(report)}"
        table = Table(title=title)
        for column in ("seat", "level", "mean", "95% CI", "median", "stdev"):
            table.add_column(column, justify="left" if column == "level" else "right")
        extra = [f"≥ {dollars(mark)}" for mark in SOLO_MARKS] if solo else ["wins"]
        for column in extra:
            table.add_column(column, justify="right")
        for seat in entry["seats"]:
            low, high = seat["ci95"]
            cells = [str(seat["seat"]), seat["level"], f"${seat['mean']:,.1f}",
                     f"${low:,.0f}–${high:,.0f}", f"${seat['median']:,.0f}",
                     f"{seat['stdev']:,.1f}"]
            if solo:
                cells += [f"{seat[f'share_{mark}']:.1%}" for mark in SOLO_MARKS]
            else:
                cells.append(f"{seat['win_rate']:.1%}")
            table.add_row(*cells)
        console.print(table)
    timing = Table(title="decision time per level, per turn (ms)")
    for column in ("level", "decisions", "median", "p90", "p95", "p99", "max"):
        timing.add_column(column, justify="left" if column == "level" else "right")
    for level, t in report["decision_time"].items():
        timing.add_row(level, f"{t['decisions']:,}", f"{t['median_ms']:.2f}", f"{t['p90_ms']:.1f}",
                       f"{t['p95_ms']:.1f}", f"{t['p99_ms']:.1f}", f"{t['max_ms']:.1f}")
    console.print(timing)
