"""Saved state: one codec per section, the undo history as patches, the page's store (one key
per section, shared between tabs), quarantine, export and import.

Everything here is pure Python and takes the storage as a parameter (anything with ``getItem``,
``setItem``, ``removeItem``, ``key`` and ``length``, as the browser's ``localStorage`` has), so the
same code is tested in CPython with :class:`MemoryStorage` and runs against the real thing in the
page.
"""

from pycore.store.envelope import APP, SCHEMA, Envelope, decode, encode, migrate
from pycore.store.exchange import Imported, export_text, import_text
from pycore.store.history import UNDO_LIMIT, Change, History
from pycore.store.persist import (
    DATA_KEY,
    QUARANTINE_PREFIX,
    SECTION_PREFIX,
    MemoryStorage,
    Storage,
    StorageFullError,
    list_quarantine,
    section_key,
)
from pycore.store.saving import SaveReport
from pycore.store.sections import SectionError, read_section
from pycore.store.session import LoadReport, Store
from pycore.store.state import default_data

__all__ = [
    "APP",
    "DATA_KEY",
    "QUARANTINE_PREFIX",
    "SCHEMA",
    "SECTION_PREFIX",
    "UNDO_LIMIT",
    "Change",
    "Envelope",
    "History",
    "Imported",
    "LoadReport",
    "MemoryStorage",
    "SaveReport",
    "SectionError",
    "Storage",
    "StorageFullError",
    "Store",
    "decode",
    "default_data",
    "encode",
    "export_text",
    "import_text",
    "list_quarantine",
    "migrate",
    "read_section",
    "section_key",
]
