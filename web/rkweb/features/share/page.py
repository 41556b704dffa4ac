"""The share page: the panel for a record being shared (link, QR code, file), the preview of a
share link being opened (``#/share/<payload>``) with its import, and the player view's controls.

Encoding, decoding, checking and importing are the core's (:mod:`pycore.share`); the page stores
what it returns. Imports are undoable and never overwrite unless the user chose "Replace".
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from pycore.errors import RuleError, StorageError
from pycore.share import PLACES, decode, encode, import_record, same_record, share_record
from pycore.share.bundle import clashes, import_bundle, share_bundle
from pycore.share.files import payload_of
from pycore.share.link import MAX_PAYLOAD_CHARS
from pycore.share.places import Choice
from pycore.share.public_pick import check_choice
from pycore.share.records import FIGHT, KINDS, SHARED, ShareRecord, asked
from pycore.share.running import players_view
from pycore.systems.system import SYSTEM_KEYS
from rkweb.app.events import Copied
from rkweb.app.messages import handle, handlers
from rkweb.app.model import Ctx, Model
from rkweb.app.vdom import Msg, VNode, h
from rkweb.features.share import panel, preview
from rkweb.features.share.panel import FileText, OpenFight, Paste, PlayerFight
from rkweb.features.share.preview import Import, KeepAsked, OpenRecord, RefuseAsked
from rkweb.kit.share import Open

#: How the import went, in the words of its message.
DONE = {"add": "was added", "replace": "replaced the one here", "keep": "was added as a copy"}


def _open(model: Model, kind: Any, ref: Any, ctx: Ctx) -> Model:
    state = model.history.state
    moved = replace(model, route="share", route_arg="")
    if kind not in KINDS:
        return moved.with_ui(share_out={"error": f"{kind!r} cannot be shared"})
    try:
        if kind == "bundle":  # a party (``ref``: its system) or the whole campaign (``ref`` "")
            record, new_state = share_bundle(state, str(ref), ctx.now, ctx.fresh_seed)
        else:
            record, new_state = share_record(state, kind, ref, ctx.now, ctx.fresh_seed)
    except StorageError as exc:
        return moved.with_ui(share_out={"error": str(exc)})
    history = moved.history
    for section, value in new_state.items():
        if value != state.get(section):
            # The record's new id is kept quietly: a second share of it carries the same id.
            history = history.set_quietly(section, value)
    payload = encode(record)
    if len(payload) > MAX_PAYLOAD_CHARS:  # more than any link or file is read back
        return moved.with_ui(
            share_out={
                "error": f"{record.name} is {len(payload):,} characters packed, more than one "
                f"share carries ({MAX_PAYLOAD_CHARS:,}): share each system's records on their own"
            }
        )
    out = {"kind": record.kind, "name": record.name, "payload": payload}
    return replace(moved, history=history).with_ui(
        share_out=out, share_done=None, share_copied=None
    )


def _open_fight(model: Model, ctx: Ctx) -> Model:
    view = players_view(model.history.state, model.history)
    record = ShareRecord(FIGHT, "fight", ctx.now, 1, "Fight", view)
    out = {"kind": record.kind, "name": "The fight, as players see it", "payload": encode(record)}
    return replace(model, route="share", route_arg="").with_ui(share_out=out, share_copied=None)


def _player_fight(model: Model, choice: str) -> Model:
    """Which fight the players' view shows, kept in the settings (a preference: no undo step)."""
    try:
        choice = check_choice(choice)
    except RuleError as exc:
        return model.with_ui(share_player_error=str(exc))
    settings = {**model.section("settings"), "player_fight": choice}
    history = model.history.set_quietly("settings", settings)
    return replace(model, history=history).with_ui(share_player_error=None)


def _import(model: Model, choice: str, ctx: Ctx) -> Model:
    """Import the previewed record; its answer (asked, done, refused) is kept with the link it
    is for, so the next link opened starts a fresh preview (issue 31)."""
    here = model.route_arg
    state = model.history.state
    try:
        record = decode(here)
        # values the text implies otherwise (Percentile's Table #3-7.0 falling as the damage
        # rises) come in only once the GM keeps them: asked before anything else, kept in the
        # undo label
        said = asked(record)
        if said and model.ui.get("share_kept") != here:
            return model.with_ui(
                share_asked=said, share_clash=None, share_done=None, share_for=here
            )
        clash = _clash(state, record)
        if clash and choice == "add":
            return model.with_ui(share_clash=clash, share_done=None, share_for=here)
        how: Choice = "keep" if choice == "keep" else "replace" if clash else "add"
        if record.kind == "bundle":
            new_state = import_bundle(state, record, how, ctx.fresh_seed)
        else:
            new_state = import_record(state, record, how, ctx.fresh_seed)
    except StorageError as exc:
        return model.with_ui(share_import_error=str(exc), share_done=None, share_for=here)
    changed = {k: v for k, v in new_state.items() if v != state.get(k)}
    # One undo step, whichever sections a party or campaign touched.
    kept = f" (kept as typed: {said.partition(';')[0]})" if said else ""
    history = model.history.apply_many(changed, f"Import {record.name}{kept}", ctx.now)
    done = {
        "name": record.name,
        "kind": record.kind,
        "how": DONE[how],
        "at": _where(new_state, record, how),
        "system": record.data.get("system") if record.kind == "bundle" else None,
    }
    answered = dict.fromkeys(("share_clash", "share_import_error", "share_asked", "share_kept"))
    return replace(model, history=history).with_ui(share_done=done, share_for=here, **answered)


def _keep_asked(model: Model, ctx: Ctx) -> Model:
    """ "Keep these rows": the import goes on with what was asked about, kept for this link."""
    return _import(model.with_ui(share_kept=model.route_arg, share_asked=None), "add", ctx)


def _refuse_asked(model: Model) -> Model:
    """ "Don't import": nothing here changes; the link can still be imported later."""
    return model.with_ui(
        share_asked=None, share_kept=None, share_refused=True, share_for=model.route_arg
    )


def _clash(state: dict[str, Any], record: ShareRecord) -> str | None:
    """What here an import would replace, named: one record, or a party's records."""
    if record.kind != "bundle":
        return same_record(state, record)
    names = clashes(state, record)
    if len(names) > 3:
        return f"{', '.join(names[:3])} and {len(names) - 3} more"
    return " and ".join(names) or None


def _where(state: dict[str, Any], record: ShareRecord, how: str) -> Any:
    """The imported record's place in its list: an index, or a 3d6 fighter's or Percentile
    character's id (None: the one record of its kind, or a party). A copy kept beside the same
    record is the list's last."""
    place = PLACES.get(record.kind)
    if place is None or not place.is_list:
        return None
    items = state[place.section][place.key]
    index = next(
        (i for i, item in enumerate(items) if item.get("uid") == record.id and how != "keep"),
        len(items) - 1,
    )
    local = SHARED[record.kind].local_id  # a kind whose page finds a record by its id
    return items[index].get("id") if local else index


def _open_record(model: Model) -> Model:
    """ "Open it": the imported record's page, on its tab, with the record chosen."""
    done = model.ui.get("share_done") or {}
    kind = str(done.get("kind") or "")
    if kind == "bundle":  # a party: its system's page; the whole campaign: the first system's
        return replace(model, route=done.get("system") or SYSTEM_KEYS[0], route_arg="")
    if kind not in SHARED:
        return model
    place, shared = PLACES[kind], SHARED[kind]
    moved = replace(model, route=place.route, route_arg="").with_ui(
        **{f"{place.route}_tab": shared.tab}
    )
    if done.get("at") is None:
        return moved
    if shared.chosen_by:  # the page follows a UI choice (percentile.sheet: the chosen id)
        return moved.with_ui(**{shared.chosen_by: done["at"]})
    section = {**moved.section(place.section), "selected": done["at"]}
    return replace(moved, history=moved.history.set_quietly(place.section, section))


def _paste(model: Model, text: str) -> Model:
    try:
        payload = payload_of(text)
    except StorageError as exc:
        return model.with_ui(share_paste_error=str(exc))
    return replace(model, route="share", route_arg=payload).with_ui(
        share_paste_error=None, share_done=None, share_clash=None, share_out=None
    )


# The messages sent from outside the page's views are the kit's Share buttons' (kit.share.Open)
# and the glue's answer (app.events.Copied).


def _on_open(model: Model, msg: Open, ctx: Ctx) -> Model:
    return _open(model, msg.kind, msg.ref, ctx)


def _on_open_fight(model: Model, msg: OpenFight, ctx: Ctx) -> Model:
    return _open_fight(model, ctx)


def _on_player_fight(model: Model, msg: PlayerFight, ctx: Ctx) -> Model:
    return _player_fight(model, msg.choice)


def _on_copied(model: Model, msg: Copied, ctx: Ctx) -> Model:
    return model.with_ui(share_copied=msg.done)


def _on_open_record(model: Model, msg: OpenRecord, ctx: Ctx) -> Model:
    return _open_record(model)


def _on_import(model: Model, msg: Import, ctx: Ctx) -> Model:
    return _import(model, msg.how, ctx)


def _on_keep_asked(model: Model, msg: KeepAsked, ctx: Ctx) -> Model:
    return _keep_asked(model, ctx)


def _on_refuse_asked(model: Model, msg: RefuseAsked, ctx: Ctx) -> Model:
    return _refuse_asked(model)


def _on_paste(model: Model, msg: Paste, ctx: Ctx) -> Model:
    return _paste(model, msg.text)


def _on_file_text(model: Model, msg: FileText, ctx: Ctx) -> Model:
    return _paste(model, msg.text)


#: Each message's handler, keyed by its message class's action: ``ACTIONS`` are its names.
HANDLERS = handlers(
    _on_open,
    _on_open_fight,
    _on_player_fight,
    _on_copied,
    _on_open_record,
    _on_import,
    _on_keep_asked,
    _on_refuse_asked,
    _on_paste,
    _on_file_text,
)
ACTIONS = frozenset(HANDLERS)


def update(model: Model, msg: Msg, ctx: Ctx) -> Model:
    return handle(HANDLERS, model, msg, ctx)


def view(model: Model) -> VNode:
    if model.route_arg:
        body = preview.view(model)
    elif model.ui.get("share_out"):
        body = panel.view(model)
    else:
        body = None
    return h(
        "div",
        {"class": "page share-page"},
        h("h2", {"class": "page-title"}, "Share and import"),
        body,
        panel.open_card(model),
        panel.campaign_card(),
        panel.player_card(model),
    )
