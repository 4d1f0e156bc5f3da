"""End to end in a real terminal: the installed `buyword` command under tmux at 80x24.

Starts a solo game, buys, sells a word (typed with a slip that a burst of keys corrects) and
quits (confirming). Skipped without tmux.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import time
import uuid
from collections.abc import Callable
from pathlib import Path

import pytest

TMUX = shutil.which("tmux")
BUYWORD = Path(sys.executable).with_name("buyword")

pytestmark = [
    pytest.mark.slow,  # the real program under tmux
    pytest.mark.skipif(TMUX is None, reason="tmux is not installed (CI installs the tmux package)"),
    pytest.mark.skipif(not BUYWORD.exists(), reason=f"the buyword command is not installed "
                                                    f"next to {sys.executable}"),
]


class Terminal:
    """One detached tmux session running a command."""

    def __init__(self, command: str) -> None:
        self.name = f"buyword-e2e-{uuid.uuid4().hex[:8]}"
        subprocess.run(
            [TMUX, "new-session", "-d", "-s", self.name, "-x", "80", "-y", "24", command],
            check=True,
        )

    def keys(self, *keys: str) -> None:
        subprocess.run([TMUX, "send-keys", "-t", self.name, *keys], check=True)

    def screen(self) -> str:
        result = subprocess.run([TMUX, "capture-pane", "-p", "-t", self.name],
                                capture_output=True, text=True)
        return result.stdout

    def wait_for(self, text: str, timeout: float = 60.0) -> str:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            screen = self.screen()
            if text in screen:
                return screen
            time.sleep(0.03)
        raise AssertionError(f"{text!r} never appeared; the screen was:\n{self.screen()}")

    def wait_until(self, shown: Callable[[str], bool], read: Callable[[str], str],
                   timeout: float = 60.0) -> str:
        """What `read` finds on the screen once `shown` says the screen shows it."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            screen = self.screen()
            if shown(screen):
                return read(screen)
            time.sleep(0.03)
        raise AssertionError(f"the screen never showed it; the screen was:\n{self.screen()}")

    def alive(self) -> bool:
        return subprocess.run([TMUX, "has-session", "-t", self.name],
                              capture_output=True).returncode == 0

    def close(self) -> None:
        if self.alive():
            subprocess.run([TMUX, "kill-session", "-t", self.name], capture_output=True)


def test_solo_game_buy_sell_quit(tmp_path: Path) -> None:
    # Seed 12: the first roll is CHOICE; choosing 5 draws the bag's first five tiles.
    # BUYWORD_HOME keeps the autosave and settings out of the real user folders.
    term = Terminal(f"TEXTUAL_ANIMATIONS=none BUYWORD_HOME={tmp_path} {BUYWORD} --solo --seed 12")
    try:
        term.wait_for("Roll the die")
        term.keys("r")
        term.wait_for("How many tiles")
        term.keys("5")
        # Under load tmux may capture a frame painted only in part (the prompt new, the bag
        # count not yet): wait for a whole frame; a wrong count still fails, at the timeout.
        term.wait_until(lambda screen: "Buy these tiles" in screen and "Bag 103 tiles" in screen,
                        lambda screen: screen)
        term.keys("b")
        term.wait_for("Sell words")
        # The five bought tiles: under load tmux may capture a frame painted only in part.
        hand = term.wait_until(lambda screen: len(_hand_letters(screen)) >= 5, _hand_letters)
        word = _a_word_from(hand)
        # A slip and its correction in one burst, as a paste or a laggy link delivers them:
        # the Backspace must go before the letter after it (it once went last).
        term.keys(word[:-1] + "q")
        term.keys("BSpace", word[-1])
        term.wait_for("Enter sells")
        term.keys("Enter")
        term.wait_for(f"You sold {word.upper()}")
        term.keys("C-q")
        term.wait_for("Quit this game?")
        term.keys("y")
        deadline = time.monotonic() + 60  # generous: a loaded machine exits slowly
        while term.alive() and time.monotonic() < deadline:
            time.sleep(0.03)
        assert not term.alive(), "buyword did not exit after confirming quit"
    finally:
        term.close()


def _hand_letters(screen: str) -> str:
    """The letters on the hand's tiles (the row under 'Your hand')."""
    lines = screen.splitlines()
    row = next((i for i, line in enumerate(lines) if "Your hand" in line), len(lines)) + 1
    if row >= len(lines):
        return ""
    part = lines[row].split("│")[-2] if "│" in lines[row] else lines[row]
    return "".join(c for c in part if c.isalpha() and c.isupper())


def _a_word_from(hand: str) -> str:
    """A two- or three-letter word the hand can spell with at most one wild."""
    from collections import Counter

    from buyword.words.lexicon import Lexicon

    lexicon = Lexicon.bundled()
    held = Counter(hand)
    for word in ("at", "ta", "ate", "eat", "tea", "ear", "are", "art", "rat", "tar", "sat",
                 "set", "ser", "res", "as", "es", "er", "re"):
        missing = Counter(word.upper()) - held
        if sum(missing.values()) <= 1 and lexicon.is_word(word):
            return word
    raise AssertionError(f"no test word fits the hand {hand!r}")
