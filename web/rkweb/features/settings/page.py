"""Settings and data: storage used, persistence, export, import and quarantined items."""

from __future__ import annotations

from dataclasses import replace

from pycore.errors import StorageError
from pycore.store import import_text
from pycore.store.history import WHOLE_STATE
from rkweb.app.events import ImportFailed, ImportText
from rkweb.app.messages import Message, handle, handlers
from rkweb.app.model import Ctx, Model
from rkweb.app.saving import SECTION_WORDS, export_reminder, when_text
from rkweb.app.vdom import Msg, VNode, h
from rkweb.kit.buttons import button
from rkweb.kit.numbers import bytes_text


# The page's messages; the browser sends the import's two (it reads the file: app.events).
class QConfirm(Message, action="settings.q_confirm"):
    """Ask before deleting the quarantined item ``key``."""

    key: str


class QCancel(Message, action="settings.q_cancel"):
    """The delete not wanted."""


def _import_text(model: Model, msg: ImportText, ctx: Ctx) -> Model:
    try:
        imported = import_text(msg.text)
    except StorageError as exc:
        return model.with_ui(import_error=str(exc), import_done=None)
    # The import is one undoable change of the whole state: taking it back restores everything.
    history = model.history.apply(WHOLE_STATE, imported.sections, "Import data", ctx.now)
    return replace(
        model, history=history, ui={**model.ui, "import_error": None, "import_done": ctx.now}
    )


def _import_error(model: Model, msg: ImportFailed, ctx: Ctx) -> Model:
    return model.with_ui(import_error=msg.error, import_done=None)


def _q_confirm(model: Model, msg: QConfirm, ctx: Ctx) -> Model:
    return model.with_ui(q_confirm=msg.key)


def _q_cancel(model: Model, msg: QCancel, ctx: Ctx) -> Model:
    return model.with_ui(q_confirm=None)


#: Each message's handler, keyed by its message class's action: ``ACTIONS`` are its names.
HANDLERS = handlers(_import_text, _import_error, _q_confirm, _q_cancel)
ACTIONS = frozenset(HANDLERS)


def update(model: Model, msg: Msg, ctx: Ctx) -> Model:
    return handle(HANDLERS, model, msg, ctx)


def _persistence(model: Model) -> str:
    persisted = model.env.persisted
    if persisted is None:
        return "Unknown: this browser did not answer the request for persistent storage."
    if persisted:
        return "Granted: the browser will not clear Rulekeeper's data to free space."
    return (
        "Not granted: the browser may clear saved data when space runs low. "
        "Export your data now and then."
    )


def _backup(model: Model) -> VNode:
    """When the data was last saved and exported, and a reminder when the backup is old."""
    env = model.env
    reminder = export_reminder(env.last_export, env.last_saved, env.now)
    return h(
        "div",
        {},
        h(
            "dl",
            {"class": "facts"},
            h("dt", {}, "Last saved in this browser"),
            h("dd", {"data-testid": "last-saved"}, when_text(env.last_saved)),
            h("dt", {}, "Last exported"),
            h("dd", {"data-testid": "last-exported"}, when_text(env.last_export)),
        ),
        h("p", {"class": "banner-info reminder", "data-testid": "export-reminder"}, reminder)
        if reminder
        else None,
    )


def _quarantine(model: Model) -> VNode:
    items = model.env.quarantine
    if not items:
        return h(
            "p",
            {"class": "muted", "data-testid": "quarantine-empty"},
            "Nothing has been moved aside.",
        )
    rows = []
    for item in items:
        confirming = model.ui.get("q_confirm") == item.key
        rows.append(
            h(
                "li",
                {"class": "q-item", "data-testid": "quarantine-item", "data-key": item.key},
                h(
                    "details",
                    {},
                    h("summary", {}, f"{item.key} ({bytes_text(item.size)})"),
                    h("pre", {"class": "preview"}, item.preview),
                ),
                h(
                    "div",
                    {"class": "row"},
                    h(
                        "button",
                        {
                            "type": "button",
                            "data-testid": "quarantine-restore",
                            "on_click": ("app.q_restore", item.key),
                        },
                        f"Restore {SECTION_WORDS.get(item.section, item.section)}",
                    )
                    if item.section
                    else None,
                    h(
                        "button",
                        {
                            "type": "button",
                            "class": "secondary",
                            "on_click": ("app.q_download", item.key),
                        },
                        "Download",
                    ),
                    h(
                        "button",
                        {
                            "type": "button",
                            "class": "danger",
                            "on_click": ("app.q_delete", item.key),
                        },
                        "Yes, delete it",
                    )
                    if confirming
                    else h(
                        "button",
                        {
                            "type": "button",
                            "class": "secondary",
                            "on_click": QConfirm(item.key),
                        },
                        "Delete…",
                    ),
                    h(
                        "button",
                        {
                            "type": "button",
                            "class": "secondary",
                            "on_click": QCancel(),
                        },
                        "Keep",
                    )
                    if confirming
                    else None,
                ),
            )
        )
    return h("ul", {"class": "q-list"}, *rows)


# iPad keeps a Safari tab's storage apart from the installed app's: say how to move across.
MOVING_NOTE = (
    "On iPad, the Safari tab and the app added to the Home Screen keep separate data: share "
    "everything as a file from one and import it in the other."
)


def _exchange(model: Model) -> VNode:
    """Export and import, with when the data was last saved and exported."""
    return h(
        "section",
        {"class": "card", "aria-labelledby": "data-h"},
        h("h2", {"id": "data-h"}, "Export and import"),
        h(
            "p",
            {},
            "Export saves everything (rolls, characters, settings, and the older log "
            "entries kept aside) as one JSON file. Import replaces it all; Undo takes an "
            "import back.",
        ),
        _backup(model),
        h(
            "div",
            {"class": "row"},
            button("export", "Export all data", ("app.export",), primary=True),
            button("share-everything", "Share everything as a file", ("app.share_everything",)),
            h("label", {"class": "button secondary", "for": "import-file"}, "Import a file…"),
            h(
                "input",
                {
                    "id": "import-file",
                    "type": "file",
                    "accept": ".json,application/json",
                    "class": "visually-hidden",
                    "data-testid": "import-file",
                    "on_change": ("app.import_file",),
                },
            ),
        ),
        h(
            "p",
            {"class": "field-error", "role": "alert", "data-testid": "import-error"},
            model.ui.get("import_error") or "",
        ),
        h(
            "p",
            {"class": "ok", "role": "status", "data-testid": "import-done"},
            "Imported." if model.ui.get("import_done") else "",
        ),
        h("p", {"class": "muted", "data-testid": "moving-note"}, MOVING_NOTE),
    )


def view(model: Model) -> VNode:
    env = model.env
    storage = h(
        "section",
        {"class": "card", "aria-labelledby": "storage-h"},
        h("h2", {"id": "storage-h"}, "Storage"),
        h(
            "dl",
            {"class": "facts"},
            h("dt", {}, "Rulekeeper's saved data"),
            h("dd", {"data-testid": "storage-used"}, bytes_text(env.storage_used * 2)),
            h("dt", {}, "This site's storage in use"),
            h("dd", {}, bytes_text(env.estimate_usage)),
            h("dt", {}, "Available to this site"),
            h("dd", {}, bytes_text(env.estimate_quota)),
            h("dt", {}, "Persistent storage"),
            h(
                "dd",
                {},
                h("span", {"data-testid": "persist-status"}, _persistence(model)),
                None if env.persisted else button("persist-ask", "Ask again", ("app.persist_ask",)),
            ),
            h("dt", {}, "Works offline"),
            h(
                "dd",
                {"data-testid": "offline-status"},
                "Yes: the app is cached on this device."
                if env.offline_ready
                else "Not yet: keep this page open once until the app is cached.",
            ),
        ),
    )
    exchange = _exchange(model)
    quarantine = h(
        "section",
        {"class": "card", "aria-labelledby": "q-h"},
        h("h2", {"id": "q-h"}, "Moved aside"),
        h(
            "p",
            {"class": "muted"},
            "Saved data that could not be read (damaged, from another app "
            "or from a newer version) is kept here, never overwritten.",
        ),
        _quarantine(model),
    )
    return h("div", {"class": "page settings-page"}, storage, exchange, quarantine)
