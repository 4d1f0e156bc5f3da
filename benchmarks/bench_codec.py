"""The typed codec: which library decodes saves, records and table views, and how fast.

    python benchmarks/bench_codec.py [--repeats 200] [--compare]

Plays a seeded four-seat table (two people answering at random, two computers) to its end and
times, in CPU seconds (`time.process_time`, medians of REPEATS), decoding from JSON text:
- the full game record (`decode_record`), and the save holding it (`read_save`);
- the finished table's `TableView` as a host sends it (the biggest view: it carries the log
  and the results), from its text and, as a joined screen reads it, from the parsed message.

Run it from an older tree (`PYTHONPATH=old-tree python benchmarks/bench_codec.py`, from
outside this one) for the hand-written codecs' figures: it falls back to their names.

With --compare it also decodes the same record with the two candidate libraries, msgspec and
cattrs, into the same frozen dataclasses (the record's form as written: rules, tile set, grid),
and shows what each says of a bad field and of hostile input (deep nesting, a huge number).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from buyword.store.setup import GameSetup, Seat
from buyword.table import TableSession, Wait
from buyword.words.lexicon import Lexicon

WORDS = ("at", "ate", "eat", "tea", "seat", "east", "eats", "sat", "rat", "tar", "art", "star",
         "rate", "tears", "stare", "one", "eon", "note", "tone", "stone", "diet", "edit",
         "tide", "quiz", "qi", "zit", "it", "ti", "za", "ta", "cat", "tie", "ties", "in", "on")


def finished_table(seed: int = 3) -> TableSession:
    """A four-seat table (Ann and Bob people, two computers) played to its end."""
    lexicon = Lexicon(WORDS, "the benchmark's words")
    setup = GameSetup(seats=(Seat("Ann"), Seat("Bob"), Seat("Cy", "medium"),
                             Seat("Di", "easy")), seed=seed, private_hands=True)
    from buyword.table.services import Services

    session = TableSession.new(setup, lexicon, Services(lexicon).finder(
        lexicon, setup.rules().tiles))
    rng = random.Random(seed)
    while (awaiting := session.awaiting()).wait is not Wait.OVER:
        if awaiting.computer:
            session.step()
            continue
        seat = awaiting.seats[0]
        if awaiting.wait is Wait.CHALLENGE:
            session.act(seat, "pass")
            continue
        player = session.game.player(seat)
        hints = session.finder.find(player.hand, player.wilds)
        if awaiting.wait is Wait.SELL and hints:
            session.act(seat, f"sell {hints[0].notation}")
            continue
        legal = [str(a) for a in session.game.legal_actions()]
        session.act(seat, "buy" if "buy" in legal else rng.choice(legal))
    return session


def cpu_median(decode: Callable[[], object], repeats: int) -> float:
    """The median CPU seconds of one call of `decode`, over `repeats` calls."""
    times = []
    for _ in range(repeats):
        start = time.process_time()
        decode()
        times.append(time.process_time() - start)
    return statistics.median(times)


# ------------------------------------------------------- the candidates, on the record's form


@dataclass(frozen=True)
class TileCount:
    """One letter of a recorded tile set."""

    tiles: int
    pips: int


@dataclass(frozen=True)
class TilesForm:
    """A recorded tile set."""

    letters: dict[str, TileCount]
    wild: TileCount = TileCount(9, 1)
    name: str = "custom"


@dataclass(frozen=True)
class RulesForm:
    """Recorded rules (every field optional: missing ones are the box's)."""

    starting_money: int = 200
    wilds_per_player: tuple[int, ...] = (8, 4, 3, 2)
    die_faces: tuple[int | str, ...] = (2, 3, 4, 5, "choice", "choice")
    draw_choices: tuple[int, ...] = (2, 3, 4, 5)
    tile_limit: int | None = 8
    min_word_length: int = 2
    challenge_mode: bool = False
    challenge_penalty: int = 20
    solo_ratings: tuple[tuple[int, str], ...] = ()
    tiles: TilesForm | None = None
    themes: tuple[str, ...] = ()
    theme_each_round: bool = False
    auction: bool = False
    trade: bool = False
    trade_money: bool = False
    draft: bool = False
    crossword: bool = False


@dataclass(frozen=True)
class RecordForm:
    """A recorded game, as written."""

    format: int
    players: tuple[str, ...]
    seed: int
    bag: str
    actions: tuple[str, ...]
    rules: RulesForm = RulesForm()
    leader: int = 0
    rulings: dict[str, bool] = field(default_factory=dict)
    meta: dict[str, Any] = field(default_factory=dict)
    themes: tuple[str, ...] = ()
    theme_rulings: dict[str, bool] = field(default_factory=dict)


def compare(record_text: str, repeats: int) -> None:
    """Both candidates on the record: time, a bad field's error, hostile input."""
    import cattrs
    import msgspec
    from cattrs.strategies import configure_union_passthrough

    converter = cattrs.Converter(forbid_extra_keys=False)
    configure_union_passthrough(int | str, converter)  # the die's faces: 2-5 or "choice"
    decoder = msgspec.json.Decoder(RecordForm)

    def with_cattrs(text: str) -> RecordForm:
        return converter.structure(json.loads(text), RecordForm)

    def with_msgspec(text: str) -> RecordForm:
        return decoder.decode(text)

    assert with_cattrs(record_text) == with_msgspec(record_text)
    for name, decode in (("msgspec", with_msgspec), ("cattrs", with_cattrs)):
        seconds = cpu_median(lambda d=decode: d(record_text), repeats)  # type: ignore[misc]
        print(f"{name:8} the record into dataclasses: {seconds * 1e3:.3f} ms")
    data = json.loads(record_text)
    data["rules"]["tiles"]["letters"]["Q"]["pips"] = "four"
    bad = json.dumps(data)
    deep = '{"format": 1, "players": [], "seed": 1, "bag": "", "actions": [], "meta": ' + \
        "[" * 100_000 + "]" * 100_000 + "}"
    huge = record_text.replace('"seed": ', '"seed": 1' + "0" * 4000, 1)
    for what, text in (("a bad field", bad), ("nested 100,000 deep", deep),
                       ("a 4,000-digit seed", huge)):
        for name, decode in (("msgspec", with_msgspec), ("cattrs", with_cattrs)):
            try:
                decode(text)
                said = "accepted"
            except Exception as error:  # what each library raises is the point
                said = f"{type(error).__name__}: {_said(error)}"
            print(f"{name:8} {what}: {said[:160]}")


def _said(error: Exception) -> str:
    """An error's message; cattrs' nested errors as its own `transform_error` words them."""
    if type(error).__name__ == "ClassValidationError":
        import cattrs

        return "; ".join(cattrs.transform_error(error))  # type: ignore[arg-type]
    return str(error)


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeats", type=int, default=200)
    parser.add_argument("--compare", action="store_true")
    args = parser.parse_args()
    sys.setrecursionlimit(10_000)
    session = finished_table()
    game = session.game
    from buyword.engine import GameRecord
    from buyword.store import SavedGame
    from buyword.store.saves import read_save

    record = GameRecord.of(game)
    saved = SavedGame(record=record, game_id="bench", bots=(None, None, "medium", "easy"))
    record_text = _record_json(record)
    save_raw = saved.to_json().encode()  # the same save before and after the codec
    view = session.table_view(0, own_screen=True)
    view_text = json.dumps(_view_dict(view))
    print(f"{len(game.actions)} actions; record {len(record_text):,} bytes, "
          f"view {len(view_text):,} bytes")
    for what, decode in (
            ("the record", lambda: _decode_record(record_text)),
            ("the save", lambda: read_save(save_raw)),
            ("the TableView", lambda: _decode_view(view_text)),
            ("the TableView from a parsed message", lambda: _view_from(view_text))):
        print(f"decoding {what}: {cpu_median(decode, args.repeats) * 1e3:.3f} ms")
    if args.compare:
        compare(record_text, args.repeats)


def _record_json(record: Any) -> str:
    try:
        from buyword.store.records import encode_record
    except ImportError:  # before the codec
        return str(record.to_json())
    return encode_record(record)


def _decode_record(text: str) -> object:
    try:
        from buyword.store.records import decode_record
    except ImportError:  # before the codec: the engine read its own records
        from buyword.engine import GameRecord

        return getattr(GameRecord, "from_json")(text)  # noqa: B009 - gone since the codec
    return decode_record(text)


def _view_dict(view: Any) -> Any:
    try:
        from buyword.table.view_codec import view_data
    except ImportError:  # before the codec
        return view.to_dict()  # the view's own writer, before the codec
    return view_data(view)


def _decode_view(text: str) -> object:
    try:
        from buyword.table.view_codec import decode_view
    except ImportError:  # before the codec
        from buyword.table import TableView

        return getattr(TableView, "from_dict")(json.loads(text))  # noqa: B009 - gone since
    return decode_view(text)


def _view_from(text: str) -> object:
    """The view as a joined screen reads it: the message parsed, then its view read."""
    try:
        from buyword.table.view_codec import view_from
    except ImportError:  # before the codec: the same as `_decode_view`
        return _decode_view(text)
    return view_from(json.loads(text))


if __name__ == "__main__":
    main()
