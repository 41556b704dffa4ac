"""The browser glue: patch the DOM from view trees, delegate events, save to localStorage. The
only module of ``rkweb`` importing ``js`` and ``pyodide``: no rule, no state beyond its App."""

from __future__ import annotations

import asyncio
import gc
import secrets
from collections.abc import Callable
from dataclasses import replace
from datetime import datetime, timedelta, timezone
from functools import partial
from typing import Any

import js  # type: ignore[import-not-found]
from pyodide.ffi import create_once_callable, create_proxy  # type: ignore[import-not-found]

from pycore.errors import StorageError
from pycore.store import Store, export_text, list_quarantine
from pycore.store.conflicts import restored
from pycore.store.patch import ABSENT
from pycore.store.persist import restore_aside
from pycore.store.sized import SizedStorage
from rkweb.app import idle, in_place, precompiled, saving, shell
from rkweb.app.events import Copied, ImportFailed, ImportText, Odds, Update
from rkweb.app.messages import Action, UnknownMessage, wire
from rkweb.app.model import Banner, Ctx, Model
from rkweb.app.patcher import create, follow, patch
from rkweb.app.registry import players_feed
from rkweb.app.storage import LocalStorage, absent
from rkweb.app.vdom import EVENTS, Msg, VNode, message_from

SAVE_DELAY_MS = 300
# The GM's window tells the players' window (same device, same origin) each new public view.
FIGHT_CHANNEL = "rulekeeper-fight"
HELLO = "hello"  # a players' window that just (re)loaded asks for the view now
GM_HERE = "gm-here"  # a GM's window that just (re)started: an open players' window says hello
TAB_KEY = "rulekeeper:tab"
PERSIST_WAIT_S = 3  # Firefox's persist() waits on a prompt, possibly forever


# ---------------------------------------------------------------- storage


def tab_id() -> str:
    """This tab's name for its undo steps: kept in ``sessionStorage``, so a reload keeps it."""
    try:
        session = js.sessionStorage
        tab = session.getItem(TAB_KEY)
        if absent(tab):
            tab = secrets.token_hex(4)
            session.setItem(TAB_KEY, tab)
        return str(tab)
    except Exception:  # storage blocked: a name for this page only
        return secrets.token_hex(4)


def now_iso() -> str:
    zone = timezone(timedelta(minutes=-int(js.Date.new().getTimezoneOffset())))
    return datetime.now(zone).isoformat(timespec="seconds")


def download(filename: str, text: str, mime: str = "application/json") -> None:
    blob = js.Blob.new([text], js.Object.fromEntries([["type", mime]]))
    url = js.URL.createObjectURL(blob)
    link = js.document.createElement("a")
    link.href = url
    link.download = filename
    link.setAttribute("data-testid", "download-link")
    js.document.body.appendChild(link)
    link.click()
    link.remove()
    js.setTimeout(create_once_callable(lambda: js.URL.revokeObjectURL(url)), 10_000)


async def share_file(filename: str, text: str, url: str = "") -> None:
    """The share sheet with the file (and the link) where the browser has one; else a download."""
    file = js.File.new([text], filename, js.Object.fromEntries([["type", "application/json"]]))
    link = [["url", url]] if url else []
    data = js.Object.fromEntries([["files", js.Array.of(file)], ["title", filename], *link])
    can_share = getattr(js.navigator, "canShare", None)
    if absent(can_share) or not js.navigator.canShare(data):
        download(filename, text)
        return
    try:
        await js.navigator.share(data)
    except Exception as exc:  # the user closed the sheet (AbortError): nothing to do
        js.console.info(f"share sheet closed: {exc}")


# ---------------------------------------------------------------- the app


class App:
    def __init__(self, root: Any) -> None:
        self.root = root
        # The storage figure is kept as the app writes (issue 33), never read back whole.
        self.storage = SizedStorage(LocalStorage(js.localStorage))
        self.store = Store(self.storage, tab_id())
        report = self.store.load(now_iso())
        route, arg = shell.route_parts(str(js.location.hash))
        # The players' window shows the GM's fight and must never save over the GM's data.
        self.player = route == "player"
        self.read_only = self.player
        self.model = Model(report.history, route, arg, banners=saving.banners_after_load(report))
        self.saved_history = report.history
        self.timer: Any = None
        self.tree: VNode | None = None
        self._proxies: list[Any] = []
        self._tasks: set[Any] = set()
        self.channel: Any = None
        self.posted_fight: Any = None
        self.players_open = False  # until a players' window says hello, nothing is posted
        self.worker_active = False  # register-sw.js: a service worker is active (all cached)
        # Chromium and Firefox keep what the GM sees in place when content above it changes
        # (CSS scroll anchoring); WebKit (iPad Safari) does not: there the glue does (in_place.held).
        self.anchored = bool(js.CSS.supports("overflow-anchor", "auto"))
        self.refresh_env()

    def ctx(self) -> Ctx:
        return Ctx(now=now_iso(), fresh_seed=secrets.token_hex(6))

    def spawn(self, coroutine: Any) -> None:
        # Keep a reference until done, or the task may be collected mid-flight.
        task = asyncio.ensure_future(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # -- events
    def listen(self) -> None:
        for event in EVENTS:
            proxy = create_proxy(self.on_event)
            self._proxies.append(proxy)
            self.root.addEventListener(event, proxy)
        for target, event, handler in (
            (
                js.window,
                "hashchange",
                lambda e: self.dispatch(shell.Route(str(js.location.hash))),
            ),
            (js.window, "pagehide", lambda e: self.close()),
            (js.window, "storage", self.on_storage),
            (js.document, "visibilitychange", self.on_visibility),
        ):
            proxy = create_proxy(handler)
            self._proxies.append(proxy)
            target.addEventListener(event, proxy)

    def open_channel(self) -> None:
        if absent(getattr(js, "BroadcastChannel", None)):
            return
        self.channel = js.BroadcastChannel.new(FIGHT_CHANNEL)
        proxy = create_proxy(self.on_channel)
        self._proxies.append(proxy)
        self.channel.addEventListener("message", proxy)
        self.channel.postMessage(HELLO if self.player else GM_HERE)

    def on_channel(self, event: Any) -> None:
        data = str(event.data)
        if data == HELLO and not self.player:
            self.players_open, self.posted_fight = True, None
            self.post_fight()
        elif data == GM_HERE and self.player:
            self.channel.postMessage(HELLO)
        elif data not in (HELLO, GM_HERE) and self.player:
            self.dispatch(Update(data))

    def post_fight(self) -> None:
        """Send an open players' window the public view of the fight shown, when it changed."""
        if not self.players_open:  # set by a players' window's hello, so the channel is open
            return  # no one to show it to: every system's fight is not even imported (issue 20)
        history = self.model.history
        self.posted_fight, text = players_feed()(history.state, history, self.posted_fight)
        if text is not None:
            self.channel.postMessage(text)

    async def copy(self, text: str) -> None:
        try:
            await js.navigator.clipboard.writeText(text)
        except Exception as exc:  # no clipboard here (a page not over https), or refused
            js.console.info(f"not copied: {exc}")
            return self.dispatch(Copied(False))
        self.dispatch(Copied(True))

    def on_visibility(self, event: Any) -> None:
        if str(js.document.visibilityState) == "hidden":
            self.flush()

    def close(self) -> None:
        self.flush()
        self.store.close(self.model.history, now_iso())

    def on_storage(self, event: Any) -> None:
        """Another tab wrote a key: take its sections into the model (pycore.store merges)."""
        self.storage.written_elsewhere(None if absent(event.key) else str(event.key))
        if absent(event.key):
            return
        raw = None if absent(event.newValue) else str(event.newValue)
        history, changed = self.store.external(str(event.key), raw, self.model.history)
        races = self.store.take_races()  # issue 32: two saves at the same moment, said
        if races:
            self.model = replace(self.model, banners=saving.race_banners(self.model, races))
            self.render()
        newer = tuple(sorted(self.store.newer))
        if newer and not any(b.kind == "newer" for b in self.model.banners):
            banners = saving.newer_banners(self.model, newer, kept=False)
            self.model = replace(self.model, banners=banners)
            self.render()
        if history is self.model.history:
            return
        self.model = saving.after_external(replace(self.model, history=history), changed)
        self.schedule_save()
        self.refresh_env()
        self.render()

    def on_event(self, event: Any) -> None:
        kind = str(event.type)
        origin = event.target
        if absent(origin) or absent(getattr(origin, "closest", None)):
            return
        target = origin.closest(f"[data-on-{kind}]")
        if absent(target):
            return
        if kind == "submit" or (kind == "click" and str(target.tagName) == "SUMMARY"):
            # A summary with a message is a fold the page opens (rkweb.kit.folds): the browser
            # toggling it too would close what the page just opened.
            event.preventDefault()
        msg = message_from(str(target.getAttribute(f"data-on-{kind}")))
        if msg[0] == "app.import_file":
            files = target.files
            if files.length:
                self.spawn(self.import_file(files.item(0)))
            target.value = ""
            return
        if msg[0] == "app.read_file":
            # Any page: ("app.read_file", page_msg...) dispatches (page_msg..., file text).
            files = target.files
            if files.length:
                self.spawn(self.read_file(files.item(0), tuple(msg[1:])))
            target.value = ""
            return
        if kind in ("input", "change"):
            # A field's message carries its value; handlers that do not need it ignore it.
            msg = (*msg, str(target.value))
        shown = in_place.outcomes(js.window) if kind != "input" else None  # not on every keystroke
        steps = in_place.steps(js.window) if shown is not None else {}
        # Read before the page changes (its layout is the last frame's: nothing is forced).
        bottom = js.window.scrollY + js.window.innerHeight if shown is not None else 0
        held = in_place.held(js.window, target) if shown is not None and not self.anchored else []
        self.dispatch(msg)
        if kind == "change" and str(target.tagName) == "SELECT":
            follow(target)  # the pick shows what the view renders from state, not the browser's
        if shown is not None:
            in_place.hold_page_end(js.window, shown, bottom)
            # Measured in the next frame, not here: reading a box in the handler forces a
            # layout inside the tap (15 ms at a fight's log cap, issue 33); the frame lays out
            # once, the tapped control is put back where it was, and the result is brought
            # into view before it is painted.
            js.requestAnimationFrame(
                create_once_callable(partial(in_place.next_frame, js.window, held, shown, steps))
            )

    def dispatch(self, msg: Action) -> None:
        # The glue's own effects (``app.*``, from a page's tuple) read their values by place;
        # every other message goes to the shell as it is, typed or not.
        sent = wire(msg)
        kind = sent[0]
        before = shell.hash_of(self.model)
        if kind == "app.export":
            self.export()
        elif kind == "app.print":
            js.window.print()
        elif kind == "app.fullscreen":
            # The players' screen fills the display (a tap: browsers allow it only on one).
            js.document.documentElement.requestFullscreen()
        elif kind == "app.persist_ask":
            self.spawn(self.ask_storage(again=True))
        elif kind == "app.download":
            # Any page: ("app.download", filename, text) saves the text as a file.
            download(str(sent[1]), str(sent[2]))
        elif kind == "app.q_download":
            stored = self.storage.getItem(str(sent[1])) or ""
            download(str(sent[1]).replace(":", "_") + ".txt", stored, "text/plain")
        elif kind == "app.share_file":
            # ("app.share_file", filename, text[, url]): the share sheet, or a download.
            self.spawn(share_file(*map(str, sent[1:4])))
        elif kind == "app.copy":  # ("app.copy", text): the clipboard; the share page says so
            self.spawn(self.copy(str(sent[1])))
        elif kind == "app.share_everything":
            self.flush()
            stamp = now_iso()[:19].replace(":", "-")
            text = export_text(self.model.history, now_iso())
            self.spawn(share_file(f"rulekeeper-{stamp}.json", text))
        elif kind == "app.open_window":
            # ("app.open_window", "#/player"): the same app in a second window (a second screen).
            base = str(js.location.href).split("#")[0]
            js.window.open(base + str(sent[1]), "rulekeeper-player")
        elif kind == "app.reload":
            # A new version waits (the update banner): save, then register-sw.js switches to it.
            self.flush()
            js.window.dispatchEvent(js.CustomEvent.new("rulekeeper:update"))
            return
        elif kind == "app.q_restore":
            # A change kept aside (a newer build's section was in the way, issue 32): played
            # onto its section as it is now, one undoable change, then no longer listed.
            found = restore_aside(self.storage.getItem(str(sent[1])))
            if found is not None:
                name, value, base = found
                current = self.model.history.state.get(name, ABSENT)
                kept = restored(name, value, base, current)
                self.model = saving.after_restore(self.model, kept, now_iso())
                if not kept.stale:
                    self.store.forget(str(sent[1]))
                    self.schedule_save()
            self.refresh_env()
        elif kind == "app.q_delete":
            self.store.forget(str(sent[1]))
            self.refresh_env()
            self.model = self.model.with_ui(q_confirm=None)
        else:
            try:
                self.model = shell.update(self.model, msg, self.ctx())
            except UnknownMessage as exc:
                # A message no feature takes is a bug; in the page it is ignored, never rerouted.
                js.console.warn(f"ignored: {exc}")
                return
        if self.model.history is not self.saved_history:
            self.schedule_save()
        wanted = shell.hash_of(self.model)
        if kind != "shell.route" and wanted != before:
            # A page moved to another (Share opens the share page): the address follows, and
            # Back returns to where the user was.
            js.history.pushState(None, "", wanted)
        if not self.player:
            self.post_fight()
        self.render()

    async def import_file(self, file: Any) -> None:
        if int(file.size) > 20_000_000:
            self.dispatch(ImportFailed("File too large: at most 20 MB can be imported."))
            return
        text = await file.text()
        self.dispatch(ImportText(str(text)))

    async def read_file(self, file: Any, msg: Msg) -> None:
        if int(file.size) > 20_000_000:
            self.dispatch((*msg, ""))
            return
        text = await file.text()
        self.dispatch((*msg, str(text)))

    def export(self) -> None:
        self.flush()
        now = now_iso()
        try:
            text = export_text(self.model.history, now)
        except StorageError as exc:
            banner = Banner("error", f"Export failed: {exc}")
            self.model = replace(self.model, banners=(*self.model.banners, banner))
            return
        download(f"rulekeeper-{now[:19].replace(':', '-')}.json", text)
        self.store.mark_exported(now)
        self.refresh_env()

    # -- saving
    def schedule_save(self) -> None:
        if self.timer is not None:
            js.clearTimeout(self.timer)
        self.timer = js.setTimeout(create_once_callable(self.flush), SAVE_DELAY_MS)

    def flush(self) -> None:
        if self.timer is not None:
            js.clearTimeout(self.timer)
            self.timer = None
        before = self.model
        if before.history is self.saved_history or self.read_only:
            return
        report = self.store.save(before.history, now_iso())
        self.model = saving.after_save(before, report)
        self.saved_history = self.model.history
        self.refresh_env(render=False)
        if self.model.history is not before.history or self.model.banners != before.banners:
            self.render()

    # -- environment
    def refresh_env(self, render: bool = False) -> None:
        env = replace(
            self.model.env,
            storage_used=self.storage.used(),
            quarantine=tuple(list_quarantine(self.storage, tuple(sorted(self.store.stuck)))),
            read_only=self.read_only,
            base_url=str(js.location.href).split("#")[0],
            last_saved=self.store.last_saved,
            last_export=self.store.last_export,
            now=now_iso(),
            offline_ready=self.worker_active
            or (
                not absent(getattr(js.navigator, "serviceWorker", None))
                and not absent(js.navigator.serviceWorker.controller)
            ),
        )
        self.model = replace(self.model, env=env)
        if render:
            self.render()

    def worker_ready(self) -> None:
        """Called by register-sw.js once a service worker is active: the app is cached, so
        Settings says it works offline now, not only after a reload (issue 31)."""
        self.worker_active = True
        self.refresh_env(render=True)

    async def ask_storage(self, again: bool = False) -> None:
        """Ask once at the first start; ``again``: the user asked from Settings (after
        installing the app, a browser may grant what it refused before)."""
        storage: Any = getattr(js.navigator, "storage", None)
        if absent(storage):
            return
        settings = self.model.section("settings")
        persisted: bool | None = None
        try:
            if again or not settings.get("persist_asked"):
                try:
                    persisted = bool(await asyncio.wait_for(storage.persist(), PERSIST_WAIT_S))
                except TimeoutError:
                    # Firefox settles persist() only when the user answers its prompt, maybe
                    # never: it counts as asked (not again at every start), and the browser's
                    # present answer is read below.
                    js.console.info(f"storage.persist() gave no answer in {PERSIST_WAIT_S} s")
                history = self.model.history.set_quietly(
                    "settings", {**settings, "persist_asked": True, "persist_granted": persisted}
                )
                self.model = replace(self.model, history=history)
                self.schedule_save()
            if persisted is None:
                persisted = bool(await storage.persisted())
            estimate = await storage.estimate()
            env = replace(
                self.model.env,
                persisted=persisted,
                estimate_usage=int(estimate.usage),
                estimate_quota=int(estimate.quota),
            )
            self.model = replace(self.model, env=env)
        except Exception as exc:  # a browser without the Storage API: say so, do not crash
            js.console.warn(f"storage API unavailable: {exc}")
        self.refresh_env(render=True)

    def offer_update(self) -> None:
        """Called by register-sw.js when a new version has installed and waits."""
        if not any(b.kind == "update" for b in self.model.banners):
            banner = Banner(
                "update",
                "A new version is ready: reload to use it (other Rulekeeper tabs reload with "
                "it). Your data is kept.",
                offer_reload=True,
            )
            self.model = replace(self.model, banners=(*self.model.banners, banner))
            self.render()

    def render(self) -> None:
        tree = shell.view(self.model)
        if self.tree is None:
            self.root.replaceChildren(create(js.document, tree))
        else:
            patch(self.root.firstChild, self.tree, tree)
        self.tree = tree


def in_idle_time(steps: list[Callable[[], object]]) -> None:
    """Run the steps in idle periods, the quick ones several to a period (idle.run_while; a
    timer and one step each where the browser has no idle periods: Safari)."""

    def run(deadline: Any = None, *_: Any) -> None:
        left = (lambda: 0.0) if absent(deadline) else deadline.timeRemaining
        # A tap between two periods comes first. What each step loaded is left out of later
        # collections at once (idle.keep_loaded): none goes through it again during the steps.
        rest = idle.run_while(steps, left, js.performance.now, _named_slow_step, gc.freeze)
        if rest:
            in_idle_time(rest)

    request: Any = getattr(js, "requestIdleCallback", None)
    if absent(request):
        js.setTimeout(create_once_callable(run), 50)
    else:
        request(create_once_callable(run), js.Object.fromEntries([["timeout", 2000]]))


def _named_slow_step(name: str, start: float, end: float) -> None:
    """A step over idle.SLOW_MS, in the page's timeline (tools/bench.py names it)."""
    options = js.Object.fromEntries([["start", start], ["end", end], ["detail", name]])
    try:
        js.performance.measure("rulekeeper-idle-slow", options)
    except Exception:  # an engine without measure options: nothing named
        return


def _idle_codes_released() -> None:
    lookup = precompiled.release()
    if lookup is not None:  # how many of the idle steps' classes still compiled (0: none)
        js.document.documentElement.dataset.idleDataclassesCompiled = str(lookup.compiled)


def start() -> App:
    app = App(js.document.getElementById("app"))
    app.listen()
    app.render()
    in_place.resume_in_view(
        js.window
    )  # before data-ready: a test (or the GM) finds the step where it was
    app.open_channel()
    app.spawn(app.ask_storage())
    # The start's classes are made (compiled at start: 0 unless the build's codes are stale).
    # A fresh start's idle steps take their classes' methods from the build too, from a file of
    # their own, read in the first step: compiling them was 60 % of those steps' time.
    root = js.document.documentElement
    lookup = precompiled.release()
    fresh = lookup is not None
    if lookup is not None:
        root.dataset.dataclassesCompiled = str(lookup.compiled)
    root.dataset.ready = "1"
    # In idle time after the first paint, one step each (a tap waits for one at most): icepool's
    # import, the saved expression's odds, then each system's page drawn once, unseen (issue 20);
    # then data-idle (the start-up snapshot no longer waits for it: boot.mjs, issue 33).
    # With the build's recorded import order (rkweb.app.idle), one module body per step.
    steps = shell.idle_steps(lambda: app.model, [partial(app.dispatch, Odds())])
    codes = [precompiled.install_idle] if fresh else []
    released = [_idle_codes_released] if fresh else []
    done = partial(setattr, root.dataset, "idle", "done")
    in_idle_time(idle.page_steps([*codes, *steps, *released, done]))
    return app
