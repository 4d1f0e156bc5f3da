"""`buyword serve` played in a real headless Chromium, driven by Playwright.

The server runs as `python -m buyword serve` on a free loopback port with its own BUYWORD_HOME.
The browser is Debian's chromium (installed by .ci/run); Playwright never downloads one. What
the page shows is read from the terminal output the game sends over the tab's websocket (the
page draws it on a canvas); what the player did is checked in the saved game,
BUYWORD_HOME/current.json. Screenshots go to tests/output/ for a person to look at.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from web_helpers import (
    CHROMIUM,
    CHROMIUM_ARGS,
    OUTPUT,
    POLL,
    Served,
    alive,
    bundled_lexicon,
    saved,
    saved_game,
    wait_for_save,
)
from words_helpers import index_cache

from buyword.engine import Phase
from buyword.words.finder import WordFinder

playwright_api = pytest.importorskip("playwright.sync_api", reason="the test extra brings it")

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="needs chromium (.ci/run installs it)"),
]

#: Escape sequences in the terminal output: CSI (cursor, colour), OSC, and two-byte ones.
_ESCAPES = re.compile(r"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[@-Z\\-_])")


class Tab:
    """One browser tab on the game, with the text the game has drawn in it so far."""

    def __init__(self, page: playwright_api.Page) -> None:
        self.page = page
        self._frames: list[str] = []
        page.on("websocket", self._listen)

    def _listen(self, websocket: playwright_api.WebSocket) -> None:
        def received(payload: str | bytes) -> None:
            text = payload.decode("utf-8", "replace") if isinstance(payload, bytes) else payload
            self._frames.append(text)

        websocket.on("framereceived", received)

    def drawn(self, since: int = 0) -> str:
        """Everything drawn so far (after `since`, a `mark()`), escape sequences removed."""
        return _ESCAPES.sub("", "".join(self._frames[since:]))

    def open(self, url: str) -> None:
        """Open the page and wait for the terminal to show the game's first screen."""
        self.page.goto(url)
        self.page.wait_for_selector("body.-first-byte .xterm-screen", timeout=60_000)
        # Keys go to the terminal once it has the focus, as after a click on it.
        self.page.focus("textarea.xterm-helper-textarea")

    def mark(self) -> int:
        """A point in the output, for `wait_for(..., since=mark)`."""
        return len(self._frames)

    def wait_for(self, text: str, since: int = 0, timeout: float = 60.0) -> None:
        """Wait until the game has drawn `text` in this tab (after `since`, a `mark()`)."""
        deadline = time.monotonic() + timeout
        while text not in self.drawn(since):
            if time.monotonic() > deadline:
                raise AssertionError(f"{text!r} never appeared; the tab showed: "
                                     f"{self.drawn(since)[-2000:]!r}")
            self.page.wait_for_timeout(25)  # lets Playwright deliver websocket frames

    def keys(self, *keys: str) -> None:
        """Press keys in the terminal, as a player would."""
        for key in keys:
            self.page.keyboard.press(key)

    def screenshot(self, name: str) -> Path:
        """Save what the tab shows as tests/output/NAME.png."""
        OUTPUT.mkdir(exist_ok=True)
        path = OUTPUT / f"{name}.png"
        self.page.screenshot(path=str(path))
        return path


@pytest.fixture(scope="module")
def browser() -> Iterator[playwright_api.Browser]:
    """Headless Debian chromium, shared by the tests of this module."""
    with playwright_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS
        )
        yield chromium
        chromium.close()


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Served]:
    """`buyword serve` on a free loopback port, with a fresh data folder."""
    server = Served(tmp_path)
    try:
        server.wait_until_serving()
        yield server
    finally:
        server.stop()


def _new_tab(browser: playwright_api.Browser) -> Tab:
    # 1280x800 CSS pixels: the terminal is sized to fit (about 130x40 cells).
    return Tab(browser.new_page(viewport={"width": 1280, "height": 800}))


def _stop(served: Served, games: set[int], tabs: list[Tab]) -> None:
    """Ctrl+C the server: it exits with status 0, no game is left and each tab says so."""
    served.interrupt()
    assert served.process.wait(timeout=60) == 0, served.output()
    assert not any(alive(pid) for pid in games), served.output()
    for tab in tabs:
        tab.page.wait_for_selector("body.-closed", timeout=60_000)
        assert "Session ended" in tab.page.inner_text("body")


def test_a_solo_game_in_the_browser(browser: playwright_api.Browser, served: Served) -> None:
    tab = _new_tab(browser)
    tab.open(served.url)
    assert tab.page.title() == "BuyWord"
    tab.wait_for("New solo game")
    tab.screenshot("browser-title")

    # S: new solo game; the form opens on the seed. Seed 12's first roll is CHOICE.
    tab.keys("s")
    tab.wait_for("Seed")
    tab.keys("1", "2", "Enter")
    tab.wait_for("Roll")
    # Each key is pressed once its question is on the screen, as a player presses it: an
    # action is saved before the table has shown what follows it.
    asked = tab.mark()
    tab.keys("r")
    save = wait_for_save(served.home, lambda actions: len(actions) >= 1)
    assert save.record.seed == 12 and save.record.actions[0].startswith("roll")
    if saved_game(served.home).phase is Phase.CHOOSE:
        tab.wait_for("does everyone draw", since=asked)
        asked = tab.mark()
        tab.keys("5")
        wait_for_save(served.home, lambda actions: actions[-1] == "choose 5")

    game = saved_game(served.home)
    assert game.phase is Phase.BUY
    drawn = game.players[0].drawn
    buying = game.why_not("buy") is None
    tab.wait_for("discard", since=asked)  # the buy prompt: "B buys, D discards" or "D to discard"
    tab.keys("b" if buying else "d")
    save = wait_for_save(served.home, lambda actions: actions[-1] in ("buy", "discard"))
    assert save.record.actions[-1] == ("buy" if buying else "discard")
    game = saved_game(served.home)
    assert game.phase is Phase.SELL
    if buying:
        assert sorted(drawn) == sorted(game.players[0].hand)

    # The richest word the saved hand can sell, as the project's word finder sees it.
    player = game.players[0]
    money = player.money
    finder = WordFinder(bundled_lexicon(), cache_dir=index_cache())
    best = finder.find("".join(player.hand), player.wilds, game.rules.min_word_length)[0]
    mark = tab.mark()
    tab.keys(*best.notation)
    # The word's price shows as it is typed, before it is sold.
    tab.wait_for(f"{best.pips} pips · ${best.price} — Enter sells", since=mark)
    tab.screenshot("browser-table")
    tab.keys("Enter")
    save = wait_for_save(served.home, lambda actions: actions[-1].startswith("sell"))
    assert save.record.actions[-1].upper() == f"SELL {best.word}"
    game = saved_game(served.home)
    assert game.players[0].money == money + best.price
    tab.wait_for(f"You sold {best.word}")
    tab.screenshot("browser-sold")

    _stop(served, served.games(), [tab])


def test_two_tabs_at_once_each_run_their_own_game(
        browser: playwright_api.Browser, served: Served) -> None:
    tabs = [_new_tab(browser), _new_tab(browser)]
    first, second = tabs
    first.open(served.url)
    first.wait_for("New solo game")
    # The first tab starts a game: its save is locked by that tab's process.
    first.keys("s")
    first.wait_for("Seed")
    first.keys("1", "2", "Enter")
    first.wait_for("Roll")
    first.keys("r")
    wait_for_save(served.home, lambda actions: len(actions) >= 1)
    mine = saved(served.home).record.actions

    # The second tab, on the same data folder, is told and may start a game of its own.
    second.open(served.url)
    second.wait_for("A game is open in another window")
    games = served.wait_for_games(2)
    second.screenshot("browser-second-tab")
    second.keys("Enter")  # the first choice: a separate solo game
    second.wait_for("Seed")
    second.keys("Enter")
    second.wait_for("Roll")
    second.keys("r")
    deadline = time.monotonic() + 60
    while not list((served.home / "slots").glob("*.json")):
        assert time.monotonic() < deadline, "the second tab's game was never saved apart"
        time.sleep(POLL)
    # The first tab's save is untouched by the second tab's game.
    assert saved(served.home).record.actions == mine

    # Closing a tab ends its game (saved after every move); the other tab plays on.
    second.page.close()
    left = served.wait_for_games(1)
    assert left < games
    mark = first.mark()
    first.keys("?")  # the keys: the remaining tab still answers
    first.wait_for("Keys", since=mark)
    _stop(served, games, tabs[:1])


#: A page on another site: its script tries to open a game on the BuyWord server.
_FOREIGN_PAGE = """<!doctype html><title>waiting</title><script>
const socket = new WebSocket("ws://127.0.0.1:{port}/ws?width=80&height=24");
socket.onopen = () => {{ document.title = "opened"; }};
socket.onmessage = () => {{ document.title = "game"; }};
socket.onclose = () => {{ if (document.title === "waiting") document.title = "refused"; }};
</script>"""


def test_a_page_from_another_origin_cannot_open_a_game(
        browser: playwright_api.Browser, served: Served) -> None:
    import http.server
    import threading

    from web_helpers import free_port

    body = _FOREIGN_PAGE.format(port=served.port).encode()

    class Foreign(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 - the http.server name
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: object) -> None:
            pass

    site = http.server.ThreadingHTTPServer(("127.0.0.1", free_port()), Foreign)
    threading.Thread(target=site.serve_forever, daemon=True).start()
    try:
        page = browser.new_page()
        page.goto(f"http://127.0.0.1:{site.server_address[1]}/")
        page.wait_for_function("document.title !== 'waiting'", timeout=60_000)
        assert page.title() == "refused"
        page.close()
    finally:
        site.shutdown()
        site.server_close()
    assert served.games() == set()  # no game was started for it
    assert "Refused GET /ws" in served.output() and "is not this server's page" in served.output()
    assert "Traceback" not in served.output()
    # The server's own page still plays.
    tab = _new_tab(browser)
    tab.open(served.url)
    tab.wait_for("Solo")
