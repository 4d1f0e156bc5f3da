"""The table at the 60-column minimum the README promises (60x18 and 60x24): a draw of five
tiles and a hand of five show every tile whole, on one row, with the draw's title whole."""

from __future__ import annotations

import pytest
from ui_helpers import TABLE, make_app, settle, table

from buyword.ui.widgets.rack import Rack, TileView

#: Slow: Pilot drives the app.
pytestmark = pytest.mark.slow


def letters_shown(rack: Rack) -> str:
    """The letters of the rack's tiles that are whole inside its box, on its first row."""
    inside = rack.content_region
    tiles = list(rack.query(TileView))
    first_row = tiles[0].region.y if tiles else 0
    return "".join(
        tile.letter for tile in tiles
        if tile.region.width == 5 and tile.region.y == first_row
        and inside.x <= tile.region.x and tile.region.right <= inside.right
    )


@pytest.mark.parametrize("size", [(60, 18), (60, 24)], ids=["60x18", "60x24"])
async def test_five_tiles_show_whole_at_60_columns(size) -> None:
    app = make_app(TABLE)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        await pilot.press("r", "5")  # Ann draws TEASR
        await pilot.pause()
        drawn = table(app).query_one("#drawn", Rack)
        assert letters_shown(drawn) == "TEASR"
        assert str(drawn.border_title) == "Ann drew 5"
        assert str(drawn.border_subtitle) == "5 pips · $25"
        assert drawn.region.right <= 60
        await pilot.press("b", "d", "b")  # Ann buys, Bob discards, Cy buys: Ann sells first
        await pilot.pause()
        assert sorted(letters_shown(table(app).query_one("#hand", Rack))) == sorted("TEASR")


@pytest.mark.parametrize("size", [(60, 18), (60, 24)], ids=["60x18", "60x24"])
async def test_a_replays_hands_show_five_tiles_a_row_at_60_columns(tmp_path, size) -> None:
    from test_ui_replay import _played, _saved

    from buyword.table.replay import load_replay
    from buyword.ui.app import BuyWordApp
    from buyword.ui.options import Opening

    app = BuyWordApp(opening=Opening.replaying(load_replay(_saved(_played(finish=True),
                                                                   tmp_path))))
    async with app.run_test(size=size) as pilot:
        await pilot.press("right", "right", "right")  # round 3: four tiles and a wild each
        await pilot.pause()
        racks = [rack for rack in app.screen.query(Rack) if len(rack.query(TileView)) >= 5]
        assert racks
        for rack in racks:
            assert len(letters_shown(rack)) == 5
