"""The suite's Pilot speed-ups (tests/conftest.py) lean on Textual's private names; where a
Textual release has moved one, they step aside for Textual's own behaviour instead of failing
every Pilot test."""

from __future__ import annotations

from conftest import APPS, nothing_pending


class _Screen:
    """A screen without any of the private names the idle check reads."""


class _App:
    """A running app whose screen is such a screen."""

    is_running = True
    screen = _Screen()


def test_the_idle_check_waits_as_textual_does_where_its_names_are_gone() -> None:
    app = _App()
    APPS.add(app)  # type: ignore[arg-type]
    try:
        assert nothing_pending() is False  # "not known to be idle": Textual's 20 ms apply
    finally:
        APPS.discard(app)  # type: ignore[arg-type]
