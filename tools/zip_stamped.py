"""Zip entries written alike on every build, by tools/pycompile.py and tools/dataclass_codes.py
(both run inside Pyodide by tools/pyc.mjs, which puts this file beside them).

A fixed date, so a rebuild of the same sources gives the same bytes and the service worker's
content hashes change only when code does; and the archive's own compression level on every
entry, which a ``ZipInfo`` does not take from its archive.
"""

from __future__ import annotations

import zipfile
from pathlib import Path
from typing import Literal

STAMP = (2020, 1, 1, 0, 0, 0)
LEVEL = 9  # against zipfile's 6: 40 KB less on the app's zip


def open_zip(path: Path, mode: Literal["w", "a"]) -> zipfile.ZipFile:
    """``path`` opened to write (``"w"``) or add to (``"a"``), deflated at LEVEL."""
    return zipfile.ZipFile(path, mode, zipfile.ZIP_DEFLATED, compresslevel=LEVEL)


def write_entry(archive: zipfile.ZipFile, name: str, data: bytes) -> None:
    """``data`` as ``name``, stamped and deflated at LEVEL."""
    info = zipfile.ZipInfo(name, STAMP)
    info.compress_type = zipfile.ZIP_DEFLATED
    archive.writestr(info, data, compresslevel=LEVEL)
