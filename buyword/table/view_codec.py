"""A `TableView` (and a sale's preview) in its plain form, by the typed codec
(`buyword.store.codec`): what a host sends each seat's screen, and what the screen reads back.

The forms are derived from the dataclasses themselves (`form_of`), so a field added to
`SeatView`, `TableView` or `ResultsView` travels with no edit here; the rules and the crossword
grid take their written forms. A view whose form is not `VIEW_SCHEMA`, or with a value of the
wrong type anywhere, is refused with a BuyWordError naming the field.
"""

from __future__ import annotations

import typing
from typing import Annotated, Any

import msgspec
from msgspec import Meta

from buyword.bots.view import SeatView
from buyword.engine import BuyWordError
from buyword.store.codec import convert, form_of, plain, values_of
from buyword.store.records import GridForm, grid_form, grid_from
from buyword.store.rules_codec import RulesForm, rules_form, rules_of
from buyword.table.session import SalePreview
from buyword.table.views import ResultsView, TableView

#: The version of a view's plain form; a screen reads only this one. Form 2 added the results
#: of a finished game; form 3 is the codec's (each seat, log line and result a named object).
VIEW_SCHEMA = 3

_Index = Annotated[int, Meta(ge=0)]

#: A seat's view without its log (the table view carries the log as lines).
SeatForm = form_of(SeatView, "SeatForm", {"rules": RulesForm, "grid": GridForm},
                   written=True, exclude=frozenset({"log"}))
ResultsForm = form_of(ResultsView, "ResultsForm", {"rules": RulesForm, "grid": GridForm},
                      written=True)
#: The view with the log's lines from `log_from` on (a screen that has the earlier ones is
#: sent only the new), and how many lines the log holds in all.
ViewForm = form_of(
    TableView, "ViewForm",
    {"seat": SeatForm, "results": ResultsForm | None,
     "why_not": dict[str, str | None]},
    written=True, extra=(("schema", int), ("log_from", _Index), ("log_size", _Index)),
    # What only a screen on this computer is told: whom a shared screen is handed to, a
    # guided game's lesson (a hosted table has neither), and a joined seat's link.
    exclude=frozenset({"handing_to", "lesson", "link"}))
_VIEW = msgspec.json.Decoder(ViewForm)


def view_data(view: TableView, log_from: int = 0) -> dict[str, Any]:
    """The view as JSON-ready data, with the log's lines from `log_from` on."""
    seat = view.seat
    results = view.results
    form = ViewForm(**values_of(view, frozenset({"handing_to", "lesson", "link"})) | {
        "schema": VIEW_SCHEMA, "log_from": log_from, "log_size": len(view.log),
        "log": view.log[log_from:],
        "seat": SeatForm(**values_of(seat, frozenset({"log"})) | {
            "rules": rules_form(seat.rules), "grid": grid_form(seat.grid)}),
        "results": None if results is None else ResultsForm(**values_of(results) | {
            "rules": rules_form(results.rules), "grid": grid_form(results.grid)}),
    })
    return typing.cast(dict[str, Any], plain(form))


def view_from(data: object, earlier: TableView | None = None) -> TableView:
    """Read a view's plain form; a view sent with only its new log lines takes the earlier
    ones from `earlier`. Raises BuyWordError, naming the field, for anything else."""
    schema = data.get("schema") if isinstance(data, dict) else None
    if schema != VIEW_SCHEMA:
        raise BuyWordError(f"a table view of form {schema!r}: this screen reads form "
                           f"{VIEW_SCHEMA}")
    return view_of(convert(data, ViewForm, "the table's view"), earlier)


def decode_view(raw: bytes | str, earlier: TableView | None = None) -> TableView:
    """Read a view from its JSON text (as `view_from`)."""
    try:
        # A ViewForm: a class made at run time (`form_of`), so the checker knows no field.
        form: Any = _VIEW.decode(raw)
    except msgspec.DecodeError:  # the plain reader says which field (or the schema)
        return view_from(msgspec.json.decode(raw), earlier)
    if form.schema != VIEW_SCHEMA:
        raise BuyWordError(f"a table view of form {form.schema!r}: this screen reads form "
                           f"{VIEW_SCHEMA}")
    return view_of(form, earlier)


def view_of(form: Any, earlier: TableView | None = None) -> TableView:
    """The view a decoded `ViewForm` holds."""
    before = earlier.log[:form.log_from] if earlier is not None else ()
    if len(before) != form.log_from:
        raise BuyWordError("a table view continues a log this screen does not have")
    seat, results = form.seat, form.results
    try:
        return TableView(**values_of(form, _EXTRA) | {
            "log": (*before, *form.log),
            "seat": SeatView(**values_of(seat) | {"rules": rules_of(seat.rules),
                                                  "grid": grid_from(seat.grid)}),
            "results": None if results is None else ResultsView(**values_of(results) | {
                "rules": rules_of(results.rules), "grid": grid_from(results.grid)}),
        })
    except BuyWordError as error:  # impossible rules, a damaged tile set or grid
        raise BuyWordError(f"the table's view is damaged: {error}") from None


_EXTRA = frozenset({"schema", "log_from", "log_size"})


def preview_data(preview: SalePreview) -> dict[str, Any]:
    """A sale's preview as JSON-ready data (a host's answer to a seat's typed word)."""
    return typing.cast(dict[str, Any], plain(preview))


def preview_from(data: object) -> SalePreview:
    """Read a preview's plain form. Raises BuyWordError, naming the field, for anything else."""
    try:
        return msgspec.convert(data, SalePreview)
    except msgspec.ValidationError as error:
        from buyword.store.codec import refusal

        raise BuyWordError(refusal(error, "the table's preview")) from None
