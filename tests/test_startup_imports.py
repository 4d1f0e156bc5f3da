"""Start-up loads only what the title screen needs: the table, the computer players, the words
and the charts wait until a game or a screen asks for them (see benchmarks/bench_startup.py)."""

from __future__ import annotations

import json
import subprocess
import sys

#: Modules the title screen does not need; importing any of them at start-up costs time.
NOT_AT_START = ("buyword.engine.game", "buyword.engine.actions", "buyword.engine.variants",
                "buyword.table.session", "buyword.bots", "buyword.words", "buyword.words.lexicon",
                "buyword.ui.table", "buyword.ui.results", "buyword.ui.stats",
                "textual_plotext", "plotext", "wordfreq")


def test_the_command_line_and_the_title_load_no_table_computers_words_or_charts() -> None:
    probe = ("import json, sys; import buyword.cli, buyword.ui.app, buyword.ui.title; "
             "print(json.dumps(sorted(sys.modules)))")
    loaded = set(json.loads(subprocess.run([sys.executable, "-c", probe], check=True,
                                           capture_output=True, text=True).stdout))
    assert "buyword.ui.title" in loaded  # the probe ran
    assert loaded.isdisjoint(NOT_AT_START), sorted(loaded & set(NOT_AT_START))


def test_the_table_package_still_offers_every_name_on_first_use() -> None:
    import buyword.table as table

    for name in table.__all__:
        assert getattr(table, name) is not None, name


def test_the_engine_package_still_offers_every_name_on_first_use() -> None:
    import buyword.engine as engine

    for name in engine.__all__:
        assert getattr(engine, name) is not None, name
