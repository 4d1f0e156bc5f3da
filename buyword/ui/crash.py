"""An error nobody foresaw, in any of BuyWord's apps (the game, a served game, `host`,
`join`): save, write a crash report, and say so in one calm screen, not a traceback.

Textual stops an app on an unhandled error and prints its traceback. An app built on
`ReportsCrashes` instead keeps the game (it is saved after every move; the app saves it once
more), writes a report to the data folder (`buyword.store.crashes`), and shows what happened,
where the report is and how to resume; the app stops when the person closes that screen, and
the same words are left on the terminal. A second error while that screen is up gets
Textual's own handling.
"""

from __future__ import annotations

from pathlib import Path

from textual.app import App, ReturnType
from textual.message import Message

from buyword.store.crashes import crash_message, kept_save, write_crash_report
from buyword.store.places import locate


class ReportsCrashes(App[ReturnType]):
    """A Textual app that reports an unforeseen error calmly (see the module's docstring)."""

    #: What was running, for the report.
    CRASH_WHERE = "the app"
    #: The words shown once an error stopped the app (None until then).
    crash_said: str | None = None
    #: Where the report went (None: none written).
    crash_report: Path | None = None

    def crash_folder(self) -> Path | None:
        """The data folder, where the report goes."""
        return locate().data

    def crash_record(self) -> str | None:
        """Save the game in progress now; its save's text for the report (None: no game).
        By default, the game saved in the data folder (a hosted game saves there itself)."""
        return kept_save(self.crash_folder())

    def crash_resume(self, record: str | None) -> str | None:
        """How the person goes on, in a sentence (None: there was no game to go on with)."""
        if record is None:
            return None
        return "Your game is saved: start BuyWord again and choose Continue to resume it."

    async def _dispatch_message(self, message: Message) -> None:
        """The app's own messages (every key binding's action runs here): an error in one
        would end the app's message loop, and with it the screen that says what happened,
        so the first is reported here and the loop goes on."""
        try:
            await super()._dispatch_message(message)
        except Exception as error:
            if self.crash_said is not None:
                raise
            self._handle_exception(error)

    def _handle_exception(self, error: Exception) -> None:
        """Textual's hook for an unhandled error: the calm way the first time."""
        if self.crash_said is not None:  # a second error: Textual's own way out
            super()._handle_exception(error)
            return
        try:
            record = self.crash_record()
        except Exception:  # the report must be written, with or without the game's record
            record = None
        self.crash_report = write_crash_report(self.crash_folder(), error,
                                               where=self.CRASH_WHERE, record=record)
        said = self.crash_said = crash_message(self.crash_report, self.crash_resume(record))
        # As Textual does: the app ends with status 1, and a test (Pilot) re-raises the error
        # when it closes the app, so no test passes over one.
        self._return_code = 1
        if self._exception is None:
            self._exception = error
            self._exception_event.set()
        from buyword.ui.dialogs.crash import CrashScreen

        try:
            self.push_screen(CrashScreen(said), lambda _: self.exit(return_code=1, message=said))
        except Exception:  # the screens themselves are broken: the words on the terminal
            self.exit(return_code=1, message=said)
