"""What a running Textual app still has to handle, for the suite's idle checks (no app of ours
imported: tests/conftest.py loads this before any test module)."""

from __future__ import annotations

from textual.app import App


def messages_waiting(app: App, *, callbacks: bool = False) -> bool:
    """Whether a message waits at `app` or at any node of the screen on top (with `callbacks`,
    or a callback waiting for the next message there)."""
    nodes = [app, *app.screen.walk_children(with_self=True)]
    return any(not node._message_queue.empty() or (callbacks and node._next_callbacks)
               for node in nodes)
