"""The dictionaries and word finders the app builds once (see `buyword.table.services`)."""

from __future__ import annotations

from buyword.table.services import Services, bots_available

__all__ = ["Services", "bots_available"]
