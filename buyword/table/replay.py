"""Replay: a saved game stepped through round by round, as the `TableView`s a screen draws.

`load_replay(path)` reads a game file (a finished game's record, an autosave or a bare engine
record) and replays it: one frame at the start and one at the end of each round, each the
table as somebody watching it sees it. A finished game shows every hand; a game still being
played at a table of several (watched from another window) shows each hand as a count, and
its log hides the letters drawn, exactly as the players' own table hides them from a
watcher. No Textual.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass

from buyword.engine import GameRecord
from buyword.engine import events as ev
from buyword.store import read_game_file
from buyword.store.setup import Seat
from buyword.store.stats import RecordedWords
from buyword.table.session import TableSession
from buyword.table.views import TableView
from buyword.words.finder import WordFinder


@dataclass(frozen=True)
class Frame:
    """The table at one round boundary, the face that round's die was rolled on (the engine
    puts the die away at a round's end; None before the first roll), and how many moves the
    game had seen by then."""

    view: TableView
    die: int | str | None
    moves: int


@dataclass(frozen=True)
class Replay:
    """A game's frames: its start, then the end of each round (and where an unfinished game
    stopped)."""

    seed: int
    frames: tuple[Frame, ...]

    @property
    def over(self) -> bool:
        """Whether the game was played to its end."""
        return self.frames[-1].view.outcome is not None


def load_replay(path: str, *, watching: bool = False) -> Replay:
    """Read the game file at `path` and replay it (`watching`: a game still being played
    elsewhere, whose hands stay hidden while it is on).

    Raises RecordError (a BuyWordError) saying what is wrong with a bad file.
    """
    return replay_of(read_game_file(path).record, watching=watching)


def replay_of(record: GameRecord, *, watching: bool = False) -> Replay:
    """The frames of `record`'s game (see `load_replay`). RecordError, naming the action, if
    it does not replay."""
    # Challenges replay from the verdicts written in the record, so no dictionary is needed.
    words = RecordedWords()
    end = record.replay(words, themes=words)
    hidden = watching and end.outcome() is None and end.seats > 1
    game = record.replay(words, upto=0, themes=words)
    games = [copy.deepcopy(game)]
    # One pass, keeping a copy at each round's end (replaying once per round would be slow).
    for action in record.actions:
        if any(isinstance(e, ev.RoundEnded) for e in game.apply(action)):
            games.append(copy.deepcopy(game))
    if games[-1].actions != game.actions:  # an unfinished game: show where it stopped
        games.append(game)
    seats = [Seat(name) for name in record.players]
    nobody = WordFinder((), record.rules.tiles)  # no computer plays and nobody asks for hints
    frames = []
    for each in games:
        view = TableSession(each, seats, nobody, private_hands=hidden).table_view(None)
        die = each.die if each.die is not None else next(
            (e.face for e in reversed(each.log) if isinstance(e, ev.Rolled)), None)
        frames.append(Frame(view, die, len(each.actions)))
    return Replay(record.seed, tuple(frames))
