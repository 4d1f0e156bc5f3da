"""The rules' form in files and messages: every field of `Rules`, the tile set in its file's
layout, read and written by the one typed codec (`buyword.store.codec`).

Apart from the codec itself because the tile set's reader (`buyword.store.tiles`) is built on
the codec, and the rules are built on both."""

from __future__ import annotations

import typing
from typing import Any

from buyword.engine import Rules
from buyword.store.codec import Plain, convert, form_of, given, plain, values_of
from buyword.store.tiles import tiles_data, tiles_from

#: The rules as a record writes them: every field of `Rules`, the tile set in its file's layout.
RulesForm = form_of(Rules, "RulesForm", {"tiles": Plain}, forbid_unknown_fields=True)


def rules_from(data: object, what: str = "the rule settings") -> Rules:
    """Rules from their plain form (`rules_data`); RecordError naming a bad field, or
    BuyWordError for settings no game can be played with. Missing fields are the box's."""
    return rules_of(convert(data, RulesForm, what))


def rules_of(form: Any) -> Rules:
    """The rules a decoded `RulesForm` holds (BuyWordError for impossible settings)."""
    values = given(form)
    if "tiles" in values:
        values["tiles"] = tiles_from(values["tiles"], "the record's tile set")
    return Rules(**values)


def rules_form(rules: Rules) -> Any:
    """The rules' form: every field, the tile set in its file's layout."""
    return RulesForm(**values_of(rules) | {"tiles": tiles_data(rules.tiles)})


def rules_data(rules: Rules) -> dict[str, Any]:
    """The rules as JSON-ready data (`rules_from` reads them back)."""
    return typing.cast(dict[str, Any], plain(rules_form(rules)))
