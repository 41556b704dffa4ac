"""Saved state: the versioned envelope, the undo history, quarantine, export and import.

Everything here is pure Python and takes the storage as a parameter (anything with ``getItem``,
``setItem``, ``removeItem``, ``key`` and ``length``, as the browser's ``localStorage`` has),
so the same code is tested in CPython with :class:`MemoryStorage` and runs against the real thing in the page.
"""

from pycore.store.envelope import APP, SCHEMA, Envelope, decode, encode, migrate
from pycore.store.exchange import export_text, import_text
from pycore.store.history import UNDO_LIMIT, Change, History
from pycore.store.persist import (
    DATA_KEY,
    QUARANTINE_PREFIX,
    LoadReport,
    MemoryStorage,
    Storage,
    StorageFullError,
    list_quarantine,
    load,
    save,
)
from pycore.store.state import default_data, validate_data

__all__ = [
    "APP",
    "DATA_KEY",
    "QUARANTINE_PREFIX",
    "SCHEMA",
    "UNDO_LIMIT",
    "Change",
    "Envelope",
    "History",
    "LoadReport",
    "MemoryStorage",
    "Storage",
    "StorageFullError",
    "decode",
    "default_data",
    "encode",
    "export_text",
    "import_text",
    "list_quarantine",
    "load",
    "migrate",
    "save",
    "validate_data",
]
