"""The game master's table editor (PCT-M01–M18) and the campaign settings (R-D).

Tables are typed in as CSV (a header of column names, one row per line), checked by the core's
schema (row, column, value and allowed range in every message), and exported or imported as a
JSON file, one table or the whole set. Nothing is pre-filled: the text does not print them.
"""

from __future__ import annotations

from typing import Any

from pycore.errors import RulekeeperError
from pycore.systems.percentile import combat, gmtables
from rkweb.app.model import Ctx, Model
from rkweb.app.vdom import Msg, VNode, h
from rkweb.features.percentile import state as S
from rkweb.features.percentile.ui import button, card, field, select, with_error

SETTING_LABELS = {
    "surprise": "Surprise procedure",
    "order": "Order of attack",
    "ap": "Agility points",
    "to_hit": "To-hit procedure (grenades always d4)",
    "damage": "Damage procedure",
    "graze_record": "Damage recorded after grazing",
    "grazing": "Grazing shots (PCT-44)",
    "descriptions": "Description tables (PCT-49)",
    "organ_damage": "Organ damage (PCT-52)",
    "pieces": "Deci-percentage pieces (PCT-26)",
    "piece_fraction": "Piece size",
    "borrowing": "Borrowing AP (PCT-27)",
    "stun": "Damage stun (PCT-28)",
}


def _table_id(model: Model) -> str:
    key = str(model.ui.get("percentile_gm_table", "PCT-M01"))
    return key if key in gmtables.GM_TABLES else "PCT-M01"


def update(model: Model, msg: Msg, ctx: Ctx) -> Model:
    kind = msg[0]
    st = S.state(model)
    if kind == "percentile.gm_pick":
        return model.with_ui(percentile_gm_table=str(msg[1]))
    if kind == "percentile.gm_csv":
        drafts = {**model.ui.get("percentile_gm_drafts", {}), str(msg[1]): str(msg[2])}
        return model.with_ui(percentile_gm_drafts=drafts)
    if kind == "percentile.gm_save":
        tid = str(msg[1])
        text = model.ui.get("percentile_gm_drafts", {}).get(tid)
        if text is None:
            text = gmtables.rows_to_csv(tid, st["gm"].get(tid, []))
        try:
            rows = gmtables.rows_from_csv(tid, str(text))
        except RulekeeperError as exc:
            return with_error(model, "percentile-gm", str(exc))
        st["gm"] = {**st["gm"], tid: rows}
        if not rows:
            st["gm"].pop(tid, None)
        model = S.save(model, st, ctx, f"Enter GM table {tid}")
        return with_error(model, "percentile-gm", None).with_ui(
            percentile_gm_note=f"{tid} saved: {len(rows)} row(s)."
        )
    if kind == "percentile.gm_clear":
        tid = str(msg[1])
        st["gm"] = {k: v for k, v in st["gm"].items() if k != tid}
        drafts = {k: v for k, v in model.ui.get("percentile_gm_drafts", {}).items() if k != tid}
        return S.save(model, st, ctx, f"Clear GM table {tid}").with_ui(percentile_gm_drafts=drafts)
    if kind == "percentile.gm_import":
        try:
            tables = gmtables.import_tables(str(msg[-1]))
        except RulekeeperError as exc:
            return with_error(model, "percentile-gm-file", str(exc))
        st["gm"] = {**st["gm"], **tables}
        drafts = {
            k: v for k, v in model.ui.get("percentile_gm_drafts", {}).items() if k not in tables
        }
        model = S.save(model, st, ctx, "Import GM tables").with_ui(percentile_gm_drafts=drafts)
        return with_error(model, "percentile-gm-file", None).with_ui(
            percentile_gm_note=f"Imported {', '.join(sorted(tables)) or 'nothing'}."
        )
    if kind == "percentile.setting":
        key, value = str(msg[1]), str(msg[2])
        raw: dict[str, Any] = dict(st["settings"])
        raw[key] = {"on": True, "off": False}.get(value, value) if key in combat.TOGGLES else value
        try:
            settings = combat.settings_from_json(raw)
        except RulekeeperError as exc:
            return with_error(model, f"percentile-setting-{key}", str(exc))
        st["settings"] = settings.to_json()
        model = S.save(model, st, ctx, f"Setting: {SETTING_LABELS.get(key, key)}")
        return with_error(model, f"percentile-setting-{key}", None)
    return model


def waiting_view(st: dict[str, Any]) -> VNode:
    rows = [
        h(
            "tr",
            {},
            h("td", {}, spec.id),
            h("td", {}, spec.title),
            h("td", {}, spec.rules),
            h("td", {}, spec.fallback),
        )
        for spec in gmtables.waiting(st["gm"])
    ]
    return h(
        "table",
        {"class": "data", "data-testid": "percentile-gm-waiting"},
        h(
            "thead",
            {},
            h(
                "tr",
                {},
                *[
                    h("th", {"scope": "col"}, t)
                    for t in ("Table", "Name", "Rules waiting", "Asked for meanwhile")
                ],
            ),
        ),
        h("tbody", {}, *rows),
    )


def gm_view(model: Model) -> VNode:
    st = S.state(model)
    tid = _table_id(model)
    spec = gmtables.GM_TABLES[tid]
    rows = st["gm"].get(tid, [])
    draft = model.ui.get("percentile_gm_drafts", {}).get(tid)
    text = (
        draft
        if draft is not None
        else (gmtables.rows_to_csv(tid, rows) if rows else ",".join(spec.columns) + "\n")
    )
    errors = model.ui.get("percentile_errors", {})
    picker = select(
        "percentile-gm-pick",
        "Table",
        tid,
        [
            (k, f"{k} {s.title}{' ✓' if st['gm'].get(k) else ''}")
            for k, s in gmtables.GM_TABLES.items()
        ],
        ("percentile.gm_pick",),
    )
    entered = None
    if rows:
        entered = h(
            "table",
            {"class": "data", "data-testid": "percentile-gm-rows"},
            h("thead", {}, h("tr", {}, *[h("th", {"scope": "col"}, c) for c in spec.columns])),
            h(
                "tbody",
                {},
                *[
                    h(
                        "tr",
                        {},
                        *[
                            h("td", {}, "" if r.get(c) is None else str(r.get(c)))
                            for c in spec.columns
                        ],
                    )
                    for r in rows
                ],
            ),
        )
    try:
        whole = gmtables.export_tables(st["gm"])
        one = gmtables.export_tables({tid: rows}) if rows else ""
    except RulekeeperError:
        whole, one = "", ""
    editor = card(
        "pct-gm-h",
        "Game master's tables",
        h(
            "p",
            {},
            "The text names these tables but does not print them. Enter each once; every rule that needs it looks it up here. Until then the worksheet asks for the single value.",
        ),
        picker,
        h("h3", {}, f"{spec.id} {spec.title} (line {spec.lines}; rules {spec.rules})"),
        h(
            "p",
            {"class": "muted small", "data-testid": "percentile-gm-columns"},
            "Columns: " + "; ".join(spec.column_help()),
        ),
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
                "aria-invalid": "true" if errors.get("percentile-gm") else "false",
                "on_change": ("percentile.gm_csv", tid),
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
            errors.get("percentile-gm", ""),
        ),
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
                ("percentile.gm_save", tid),
                primary=True,
            ),
            button(
                "percentile-gm-clear",
                "Clear table",
                ("percentile.gm_clear", tid),
                disabled=not rows,
            ),
            button(
                "percentile-gm-export-one",
                "Export this table",
                ("app.download", f"percentile-{tid}.json", one),
                disabled=not one,
            ),
        ),
        entered,
    )
    files = card(
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
            h(
                "input",
                {
                    "id": "percentile-gm-file",
                    "type": "file",
                    "accept": ".json,application/json",
                    "class": "visually-hidden",
                    "data-testid": "percentile-gm-file",
                    "on_change": ("app.read_file", "percentile.gm_import"),
                },
            ),
        ),
        h(
            "p",
            {"class": "field-error", "role": "alert", "data-testid": "percentile-gm-file-error"},
            errors.get("percentile-gm-file", ""),
        ),
    )
    waiting = card("pct-gmwait-h", "Rules waiting for a table", waiting_view(st))
    return h("div", {"class": "page"}, editor, files, waiting)


def settings_view(model: Model) -> VNode:
    st = S.state(model)
    s = S.settings_of(st)
    titles = combat.procedure_titles()
    fields: list[VNode] = []
    for key, choices in combat.CHOICES.items():
        options = [
            (c, f"{c}: {titles[c][1]} (line {titles[c][2]})" if c in titles else c) for c in choices
        ]
        fields.append(
            select(
                f"percentile-setting-{key}",
                SETTING_LABELS[key],
                str(getattr(s, key)),
                options,
                ("percentile.setting", key),
            )
        )
    for key in combat.TOGGLES:
        fields.append(
            select(
                f"percentile-setting-{key}",
                SETTING_LABELS[key],
                "on" if getattr(s, key) else "off",
                [("on", "on"), ("off", "off")],
                ("percentile.setting", key),
            )
        )
    fields.append(
        select(
            "percentile-setting-piece_fraction",
            SETTING_LABELS["piece_fraction"],
            s.piece_fraction,
            [(p, p) for p in combat.PIECE_FRACTIONS]
            + (
                []
                if s.piece_fraction in combat.PIECE_FRACTIONS
                else [(s.piece_fraction, s.piece_fraction)]
            ),
            ("percentile.setting", "piece_fraction"),
        )
    )
    custom = field(
        model,
        "percentile-setting-custom-piece",
        "Or a smaller piece size (a fraction from 1/100, e.g. 1/20)",
        "" if s.piece_fraction in combat.PIECE_FRACTIONS else s.piece_fraction,
        ("percentile.setting", "piece_fraction"),
        error_key="percentile-setting-piece_fraction",
    )
    fields.append(custom)
    return h(
        "div",
        {"class": "page"},
        card(
            "pct-settings-h",
            "Campaign settings",
            h(
                "p",
                {},
                "The text offers a choice at each step and ends: use only the rules you and your players enjoy (line 164). Defaults are the project's choice.",
            ),
            h("p", {"class": "explain", "data-testid": "percentile-settings-summary"}, s.summary()),
            h("div", {"class": "grid2"}, *fields),
        ),
        card(
            "pct-procs-h",
            "The procedures (PCT-T09)",
            h(
                "dl",
                {"class": "facts", "data-testid": "percentile-procedures"},
                *[
                    node
                    for key, (step, title, lines) in titles.items()
                    for node in (
                        h("dt", {}, f"{step.replace('_', '-')} {key}"),
                        h("dd", {}, f"{title} (line {lines})"),
                    )
                ],
            ),
        ),
    )
