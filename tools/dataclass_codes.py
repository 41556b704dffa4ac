"""Run inside a fresh Pyodide by tools/pyc.mjs, after tools/pycompile.py: start the app as a
first visit does and ship what its dataclasses' methods compiled to (rkweb.app.precompiled).

A first visit imports the page's glue, loads the (empty) saved data, which imports every
system's section codecs, and draws the default page; this does the same without a DOM, in the
Python that will load the codes, so each source is the very text the page's Python writes.
"""

import os
import sys
import zipfile
from pathlib import Path

APP_ZIP = Path("/dist/py/rulekeeper.zip")
HOME = Path("/home/pyodide")  # where the page puts the app (web/snapshot.mjs)
STAMP = (2020, 1, 1, 0, 0, 0)  # as tools/pycompile.py: a rebuild of the same sources is the same


def first_start() -> None:
    from rkweb.app import browser, shell  # noqa: F401 (the glue's imports are the start's)
    from rkweb.app.model import Model

    from pycore.store import MemoryStorage, Store

    report = Store(MemoryStorage(), "build").load("2020-01-01T00:00:00+00:00")
    route, arg = shell.route_parts("")
    shell.view(Model(report.history, route, arg))


def main() -> None:
    import marshal

    local = HOME / APP_ZIP.name
    local.write_bytes(APP_ZIP.read_bytes())
    with zipfile.ZipFile(local) as app:
        app.extractall(HOME, [n for n in app.namelist() if not n.endswith((".pyc", "/"))])
    os.chdir(HOME)
    sys.path.insert(0, str(local))
    from rkweb.app import precompiled

    with precompiled.recording() as codes:
        first_start()
    name = f"rkweb/app/{precompiled.CODES_FILE}"
    with zipfile.ZipFile(APP_ZIP, "a", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        if name in archive.namelist():
            sys.exit(f"dataclass_codes: {name} is in the app's zip already")
        info = zipfile.ZipInfo(name, STAMP)
        info.compress_type = zipfile.ZIP_DEFLATED
        archive.writestr(info, marshal.dumps(codes), compresslevel=9)
    print(f"pyc: the first start's {len(codes)} dataclass method sets precompiled")


if __name__ == "__main__":
    main()
