"""A text box that applies every key in the order the keys arrived."""

from __future__ import annotations

from collections.abc import Callable

from textual import events
from textual.widgets import Input


class InOrderInput(Input):
    """An `Input` whose bound keys (Backspace, the arrows, Enter, Esc, F2 ...) take effect
    among the letters in the order they were typed.

    Why: Textual types a letter into the focused box at once, but runs a key's binding only
    once the key has bubbled up to the app, one message queue at a time. Keys that arrive
    together (a paste, `tmux send-keys`, a laggy SSH link) then overtake each other: with RAT
    typed, Backspace E left RAT (E went in, then Backspace took it out). Here a key the box
    does not type runs its binding as it reaches the box, through the app's own lookup (the
    same chain, focused widget first), so nothing queued behind it can go first.

    Enter is the same: with `on_submit`, the box hands what was typed straight to it, in
    place of an `Input.Submitted` message (a message would be handled after the keys behind
    Enter: RATE Enter Esc sold RATE, then took the Esc for clearing the box).
    """

    def __init__(self, *, id: str | None = None, placeholder: str = "", restrict: str,
                 on_submit: Callable[[str], object] | None = None) -> None:
        """A compact box taking what `restrict` allows; Enter calls `on_submit` with the
        text, if given."""
        super().__init__(id=id, placeholder=placeholder, restrict=restrict, compact=True)
        self.on_submit = on_submit

    async def action_submit(self) -> None:
        """Enter: what was typed, to `on_submit` at once (else Textual's Submitted)."""
        if self.on_submit is None:
            await super().action_submit()
            return
        self.on_submit(self.value)

    async def _on_key(self, event: events.Key) -> None:
        # The lookup App._on_key would do after the bubbling, done now instead. Private, but
        # the only way to honour check_action and the chain exactly as Textual does.
        if (not self.check_consume_key(event.key, event.character)
                and await self.app._check_bindings(event.key)):
            event.stop()
            event.prevent_default()
            return
        await super()._on_key(event)
