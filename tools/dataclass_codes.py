"""Run inside a fresh Pyodide by tools/pyc.mjs, after tools/pycompile.py: start the app as a
first visit does, then run its idle steps, and ship what each one's dataclasses' methods
compiled to (rkweb.app.precompiled: two files, the start's and the idle steps').

A first visit imports the page's glue, loads the (empty) saved data, which imports every
system's section codecs, and draws the default page; this does the same without a DOM, in the
Python that will load the codes, so each source is the very text the page's Python writes.
"""

import os
import sys
import time
import zipfile
from pathlib import Path
from typing import Any

import zip_stamped  # beside this file: tools/pyc.mjs puts it on Pyodide's path

APP_ZIP = Path("/dist/py/rulekeeper.zip")
HOME = Path("/home/pyodide")  # where the page puts the app (web/snapshot.mjs)
# What the page's INSTALL leaves in the zip (web/snapshot.mjs): the modules, folders, and the
# rkweb data read from the zip itself.
NOT_UNPACKED = (".pyc", "/", ".marshal")


def first_start() -> Any:
    """The start's model, made as the page's start makes it."""
    from rkweb.app import browser, shell  # noqa: F401 (the glue's imports are the start's)
    from rkweb.app.model import Model

    from pycore.store import MemoryStorage, Store

    report = Store(MemoryStorage(), "build").load("2020-01-01T00:00:00+00:00")
    route, arg = shell.route_parts("")
    model = Model(report.history, route, arg)
    shell.view(model)
    return model


def idle_time(model: Any) -> None:
    """The page's idle steps after that start (rkweb.app.shell.idle_steps), run in one go."""
    from rkweb.app import idle, shell

    steps = shell.idle_steps(lambda: model)
    while steps:  # no idle period left: a step at a time, as the page's run_while
        steps = idle.run_while(steps, lambda: 0.0, time.perf_counter)


def main() -> None:
    import marshal

    local = HOME / APP_ZIP.name
    local.write_bytes(APP_ZIP.read_bytes())
    with zipfile.ZipFile(local) as app:
        app.extractall(HOME, [n for n in app.namelist() if not n.endswith(NOT_UNPACKED)])
    os.chdir(HOME)
    sys.path.insert(0, str(local))
    from rkweb.app import precompiled

    with precompiled.recording() as codes:
        model = first_start()
    with precompiled.recording() as later:
        idle_time(model)
    idle = {source: code for source, code in later.items() if source not in codes}
    with zip_stamped.open_zip(APP_ZIP, "a") as archive:
        shipped = (
            (precompiled.CODES_FILE, codes),
            (precompiled.IDLE_CODES_FILE, precompiled.chunked(idle)),
        )
        for file, data in shipped:
            name = f"rkweb/app/{file}"
            if name in archive.namelist():
                sys.exit(f"dataclass_codes: {name} is in the app's zip already")
            zip_stamped.write_entry(archive, name, marshal.dumps(data))
    print(
        f"pyc: dataclass methods precompiled, {len(codes)} sets for the first start "
        f"and {len(idle)} for its idle steps"
    )


if __name__ == "__main__":
    main()
