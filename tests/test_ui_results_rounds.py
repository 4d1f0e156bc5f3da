"""The results screen's round-by-round table: every round a row, the largest swings marked."""

from __future__ import annotations

import io

from rich.console import Console
from test_table_compare import _random_solo

from buyword.analysis.compare import compare_games
from buyword.ui.screens.results import rounds_table


def test_every_round_is_a_row_and_the_marked_rounds_carry_the_mark() -> None:
    pairs = compare_games(_random_solo(1, 1), _random_solo(1, 7))
    table = rounds_table(pairs, "Expert")
    assert table.row_count == len(pairs)
    out = io.StringIO()
    Console(file=out, width=80, color_system=None).print(table)
    text = out.getvalue()
    marked = [p.round for p in pairs if p.marked]
    assert marked and text.count("▲") == len(marked) + 1  # one more in the title
    for number in marked:
        assert f"▲{number}" in text
    assert all(len(line) <= 80 for line in text.splitlines())
