"""The game master's tables: every table the text names but does not print, entered once.

Tables are typed in as CSV (a header of column names, one row per line), checked by the core's
schema (row, column, value and allowed range in every message), and exported or imported as a
JSON file, one table or the whole set. Nothing is pre-filled. Tables are shown by the text's own
names; the inventory IDs they are saved under appear only in the "Why" a user opens.
"""

from __future__ import annotations

from typing import Any

from pycore.errors import RulekeeperError
from pycore.systems.percentile import gmtables, table_rise
from pycore.systems.percentile.gm_schemas import words
from rkweb.app.messages import Action, Message, entered, handle, handlers, wire
from rkweb.app.model import Ctx, Model
from rkweb.app.vdom import VNode, h
from rkweb.features.percentile import state as S
from rkweb.kit.buttons import button
from rkweb.kit.fields import error_of, select, with_error
from rkweb.kit.results import card, why
from rkweb.kit.share import share_button


class GmPick(Message, action="percentile.gm_pick"):
    """The table to show (the select's value)."""

    table: str = entered(default="")


class GmCsv(Message, action="percentile.gm_csv"):
    """A table's rows as typed (a draft until saved)."""

    table: str
    text: str = entered(default="")


class GmSave(Message, action="percentile.gm_save"):
    """Check the table's draft and save it (one undo step)."""

    table: str


class GmKeep(Message, action="percentile.gm_keep"):
    """Save the draft the GM keeps against the check that Table #3-7.0 only grows with the
    damage (one undo step, said in its label)."""

    table: str


class GmClear(Message, action="percentile.gm_clear"):
    """Clear one table (one undo step)."""

    table: str


class GmImport(Message, action="percentile.gm_import"):
    """A GM tables file's text (the glue reads the file and appends it)."""

    text: str = entered(default="")


class GmImportKeep(Message, action="percentile.gm_import_keep"):
    """Import the file read last, whose Table #3-7.0 the GM keeps against the check that it
    only grows with the damage (one undo step, said in its label)."""


class GmImportRefuse(Message, action="percentile.gm_import_refuse"):
    """Leave the file read last out: nothing here changes."""


def _table_id(model: Model) -> str:
    key = str(model.ui.get("percentile_gm_table", "PCT-M01"))
    return key if key in gmtables.GM_TABLES else "PCT-M01"


def _name(tid: str) -> str:
    spec = gmtables.GM_TABLES.get(tid)
    return spec.name if spec else tid


def _drafts(model: Model) -> dict[str, str]:
    return dict(model.ui.get("percentile_gm_drafts", {}))


#: The table whose draft goes against the rise of Table #3-7.0, for the "Keep" beside its error.
GM_AGAINST = "percentile_gm_against"


def _save_table(model: Model, tid: str, ctx: Ctx, *, keep: bool = False) -> Model:
    """Check the draft and save it; rows said against the rise of Table #3-7.0 (PCT-11, 28) stay
    in the box with the message and a "Keep" until the GM keeps them (said in the undo label)."""
    st = S.state(model)
    text = _drafts(model).get(tid)
    if text is None:
        text = gmtables.rows_to_csv(tid, st["gm"].get(tid, []))
    against: str | None = None
    try:
        rows = gmtables.rows_from_csv(tid, str(text))
        if keep:
            against = table_rise.against_the_rise(tid, rows)
        else:
            table_rise.check_rise(tid, rows)
    except table_rise.Falling as exc:
        return with_error(model, S.FEATURE, "percentile-gm", str(exc)).with_ui(**{GM_AGAINST: tid})
    except RulekeeperError as exc:
        return with_error(model, S.FEATURE, "percentile-gm", str(exc)).with_ui(**{GM_AGAINST: None})
    st["gm"] = {**st["gm"], tid: rows}
    if not rows:
        st["gm"].pop(tid, None)
    kept = f" (kept as typed: {against.partition(';')[0]})" if against else ""
    model = S.save(model, st, ctx, f"Enter GM table {_name(tid)}{kept}")
    note = f"{_name(tid)} saved: {len(rows)} row(s){kept}."
    return with_error(model, S.FEATURE, "percentile-gm", None).with_ui(
        percentile_gm_note=note, **{GM_AGAINST: None}
    )


#: The text of a GM tables file whose import asks the GM first, kept until they answer.
GM_IMPORT_ASKED = "percentile_gm_import_asked"


def _import(model: Model, text: str, ctx: Ctx, *, keep: bool = False) -> Model:
    """Import a GM tables file; one whose Table #3-7.0 falls as the damage rises (PCT-11, 28)
    is asked about as typed rows are, and comes in only when the GM keeps it (said in the undo
    label); until then nothing here changes and the file waits for their answer."""
    st = S.state(model)
    try:
        tables = gmtables.import_tables(text)
        said = table_rise.asked_on_import(tables)
    except RulekeeperError as exc:
        return with_error(model, S.FEATURE, "percentile-gm-file", str(exc)).with_ui(
            **{GM_IMPORT_ASKED: None}
        )
    if said is not None and not keep:
        return with_error(model, S.FEATURE, "percentile-gm-file", said).with_ui(
            percentile_gm_note="", **{GM_IMPORT_ASKED: text}
        )
    st["gm"] = {**st["gm"], **tables}
    drafts = {k: v for k, v in _drafts(model).items() if k not in tables}
    kept = f" (kept as typed: {said.partition(';')[0]})" if said else ""
    model = S.save(model, st, ctx, f"Import GM tables{kept}").with_ui(percentile_gm_drafts=drafts)
    names = ", ".join(_name(t) for t in sorted(tables)) or "nothing"
    return with_error(model, S.FEATURE, "percentile-gm-file", None).with_ui(
        percentile_gm_note=f"Imported {names}{kept}.", **{GM_IMPORT_ASKED: None}
    )


def _clear(model: Model, msg: GmClear, ctx: Ctx) -> Model:
    tid = msg.table
    st = S.state(model)
    st["gm"] = {k: v for k, v in st["gm"].items() if k != tid}
    drafts = {k: v for k, v in _drafts(model).items() if k != tid}
    return S.save(model, st, ctx, f"Clear GM table {_name(tid)}").with_ui(
        percentile_gm_drafts=drafts
    )


def _pick(model: Model, msg: GmPick, ctx: Ctx) -> Model:
    return model.with_ui(percentile_gm_table=msg.table)


def _csv(model: Model, msg: GmCsv, ctx: Ctx) -> Model:
    # rows typed again are checked again: a "Keep" said for the old draft goes
    return model.with_ui(
        percentile_gm_drafts={**_drafts(model), msg.table: msg.text}, **{GM_AGAINST: None}
    )


def _save(model: Model, msg: GmSave, ctx: Ctx) -> Model:
    return _save_table(model, msg.table, ctx)


def _keep(model: Model, msg: GmKeep, ctx: Ctx) -> Model:
    return _save_table(model, msg.table, ctx, keep=True)


def _imported(model: Model, msg: GmImport, ctx: Ctx) -> Model:
    return _import(model, msg.text, ctx)


def _import_keep(model: Model, msg: GmImportKeep, ctx: Ctx) -> Model:
    text = model.ui.get(GM_IMPORT_ASKED)
    return model if text is None else _import(model, str(text), ctx, keep=True)


def _import_refuse(model: Model, msg: GmImportRefuse, ctx: Ctx) -> Model:
    return with_error(model, S.FEATURE, "percentile-gm-file", None).with_ui(
        percentile_gm_note="The file was not imported: nothing changed.", **{GM_IMPORT_ASKED: None}
    )


#: Each GM tables message's handler, keyed by its class's action (``percentile.gm_<name>``).
HANDLERS = handlers(_pick, _csv, _save, _keep, _clear, _imported, _import_keep, _import_refuse)
ACTIONS = frozenset(HANDLERS)


def update(model: Model, msg: Action, ctx: Ctx) -> Model:
    return handle(HANDLERS, model, msg, ctx)


def waiting_view(st: dict[str, Any]) -> VNode:
    rows = [
        h(
            "tr",
            {},
            h("td", {}, spec.name),
            h("td", {}, spec.fallback),
            h(
                "td",
                {},
                why([f"{spec.id}: line {spec.lines}; rules {spec.rules}"], summary="Rules"),
            ),
        )
        for spec in gmtables.waiting(st["gm"])
    ]
    heads = ("Table", "Asked for meanwhile", "")
    return h(
        "table",
        {"class": "data", "data-testid": "percentile-gm-waiting"},
        h("thead", {}, h("tr", {}, *[h("th", {"scope": "col"}, t) for t in heads])),
        h("tbody", {}, *rows),
    )


def _rows_table(spec: gmtables.GMTable, rows: list[dict[str, Any]]) -> VNode:
    def cell(r: dict[str, Any], c: str) -> VNode:
        return h("td", {}, "" if r.get(c) is None else str(r.get(c)))

    return h(
        "table",
        {"class": "data", "data-testid": "percentile-gm-rows"},
        h("thead", {}, h("tr", {}, *[h("th", {"scope": "col"}, words(c)) for c in spec.columns])),
        h("tbody", {}, *[h("tr", {}, *[cell(r, c) for c in spec.columns]) for r in rows]),
    )


def _csv_box(tid: str, text: str, error: str, against: bool) -> list[VNode | None]:
    box: list[VNode | None] = [
        h(
            "label",
            {"for": "percentile-gm-csv"},
            "Rows as CSV: the header line, then one row per line",
        ),
        h(
            "textarea",
            {
                "id": "percentile-gm-csv",
                "class": "csv-box",
                "data-testid": "percentile-gm-csv",
                "rows": "8",
                "value": text,
                "aria-describedby": "percentile-gm-error",
                "aria-invalid": "true" if error else "false",
                "on_change": GmCsv(tid),
            },
        ),
        h(
            "p",
            {
                "id": "percentile-gm-error",
                "class": "field-error",
                "role": "alert",
                "data-testid": "percentile-gm-error",
            },
            error,
        ),
    ]
    if not (against and error):
        return box
    # rows said against the rise of Table #3-7.0: the GM's to keep, as the fight page asks, in
    # the warning's colours with both answers (keep them, or change them)
    keep = h(
        "div",
        {"class": "row keep-row"},
        button("percentile-gm-keep", "Keep these rows (GM; logged)", GmKeep(tid)),
        h("span", {"class": "muted"}, "or change them above and save again"),
        why([table_rise.RISE_WHY]),
    )
    return [h("div", {"class": "keep-asked"}, *box, keep)]


def _editor(model: Model, st: dict[str, Any], tid: str, one: str) -> VNode:
    spec = gmtables.GM_TABLES[tid]
    rows = st["gm"].get(tid, [])
    draft = _drafts(model).get(tid)
    text = (
        draft
        if draft is not None
        else (gmtables.rows_to_csv(tid, rows) if rows else ",".join(spec.columns) + "\n")
    )
    error = error_of(model, S.FEATURE, "percentile-gm")
    options = [
        (k, f"{s.name}{' ✓' if st['gm'].get(k) else ''}") for k, s in gmtables.GM_TABLES.items()
    ]
    return card(
        "pct-gm-h",
        "Game master's tables",
        h(
            "p",
            {},
            "The text names these tables but does not print them. Enter each once; every rule "
            "that needs it looks it up here. Until then the worksheet asks for the single value.",
        ),
        select("percentile-gm-pick", "Table", tid, options, GmPick()),
        h("h3", {}, spec.name),
        why([f"{spec.id}: seed line {spec.lines}; rules {spec.rules}"]),
        h(
            "p",
            {"class": "muted small", "data-testid": "percentile-gm-columns"},
            "Columns: " + "; ".join(spec.column_help()),
        ),
        # the CSV's own header keys are a file format, not words: shown where the GM looks
        why(["The header line: " + ",".join(spec.columns)], summary="How to type the rows"),
        *_csv_box(tid, text, error, model.ui.get(GM_AGAINST) == tid),
        h(
            "p",
            {"class": "ok", "role": "status", "data-testid": "percentile-gm-note"},
            model.ui.get("percentile_gm_note") or "",
        ),
        h(
            "div",
            {"class": "row"},
            button(
                "percentile-gm-save",
                "Check and save table",
                GmSave(tid),
                primary=True,
            ),
            button(
                "percentile-gm-clear",
                "Clear table",
                GmClear(tid),
                disabled=not rows,
            ),
            button(
                "percentile-gm-export-one",
                "Export this table",
                ("app.download", f"percentile-{tid}.json", one),
                disabled=not one,
            ),
        ),
        _rows_table(spec, rows) if rows else None,
    )


def _files(model: Model, st: dict[str, Any], whole: str) -> VNode:
    return card(
        "pct-gmfiles-h",
        "Files",
        h(
            "div",
            {"class": "row"},
            button(
                "percentile-gm-export",
                "Export all GM tables",
                ("app.download", "percentile-gm-tables.json", whole),
                disabled=not st["gm"],
            ),
            h(
                "label",
                {"class": "button secondary", "for": "percentile-gm-file"},
                "Import GM tables file…",
            ),
            share_button("percentile.gm_tables", 0, "the GM tables", "share-tables")
            if st["gm"]
            else None,
            h(
                "input",
                {
                    "id": "percentile-gm-file",
                    "type": "file",
                    "accept": ".json,application/json",
                    "class": "visually-hidden",
                    "data-testid": "percentile-gm-file",
                    "on_change": ("app.read_file", *wire(GmImport())),
                },
            ),
        ),
        _file_error(model),
    )


def _file_error(model: Model) -> VNode:
    error = error_of(model, S.FEATURE, "percentile-gm-file")
    said = h(
        "p",
        {"class": "field-error", "role": "alert", "data-testid": "percentile-gm-file-error"},
        error,
    )
    if not (error and model.ui.get(GM_IMPORT_ASKED) is not None):
        return said
    # a file whose Table #3-7.0 falls as the damage rises: the GM's to keep or leave out, as
    # rows typed in the box are
    return h(
        "div",
        {"class": "keep-asked"},
        said,
        h(
            "div",
            {"class": "row keep-row"},
            button("percentile-gm-import-keep", "Keep these rows (GM; logged)", GmImportKeep()),
            button("percentile-gm-import-refuse", "Don't import the file", GmImportRefuse()),
            why([table_rise.RISE_WHY]),
        ),
    )


def view(model: Model) -> VNode:
    st = S.state(model)
    tid = _table_id(model)
    rows = st["gm"].get(tid, [])
    try:
        whole = gmtables.export_tables(st["gm"])
        one = gmtables.export_tables({tid: rows}) if rows else ""
    except RulekeeperError:
        whole, one = "", ""
    waiting = card("pct-gmwait-h", "Rules waiting for a table", waiting_view(st))
    return h(
        "div", {"class": "page"}, _editor(model, st, tid, one), _files(model, st, whole), waiting
    )
