"""Hostile JSON for the codecs' tests: any value, and every place in a document to put it."""

from __future__ import annotations

from hypothesis import strategies as st

#: Any JSON value: what a hand edit, a damaged disk or a hostile peer can put in place of a
#: field's value.
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats(allow_nan=False)
    | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner,
                                                               max_size=3),
    max_leaves=8)


def places(value: object, at: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    """Every place in a JSON document: each key of a table, each entry of a list."""
    found = [at] if at else []
    if isinstance(value, dict):
        for key, item in value.items():
            found += places(item, (*at, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += places(item, (*at, index))
    return found
