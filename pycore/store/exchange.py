"""Export of everything as one JSON file, and import of such a file.

>>> from pycore.store.history import History
>>> from pycore.store.state import default_data
>>> text = export_text(History.new(default_data()), "2026-11-23T10:00:00+00:00")
>>> import_text(text).state["dice"]["expr"]
'3d6'
>>> import_text('{"hello": 1}')
Traceback (most recent call last):
...
pycore.errors.StorageError: not a Rulekeeper export: saved value belongs to None, not 'rulekeeper'
"""

from __future__ import annotations

from pycore.errors import StorageError
from pycore.store.envelope import decode, encode, migrate
from pycore.store.history import History
from pycore.store.persist import history_from_data
from pycore.validate import checked

MAX_IMPORT_CHARS = 20_000_000


@checked
def export_text(history: History, now: str) -> str:
    """Everything the app saved, as the same envelope it keeps in storage."""
    return encode(history.to_json(), now)


@checked
def import_text(text: str) -> History:
    """Read an export; a bad file raises :class:`StorageError` saying why, and changes nothing."""
    if len(text) > MAX_IMPORT_CHARS:
        raise StorageError(
            f"file too large: {len(text)} characters, at most {MAX_IMPORT_CHARS} allowed"
        )
    try:
        return history_from_data(migrate(decode(text)))
    except StorageError as exc:
        raise StorageError(f"not a Rulekeeper export: {exc}") from None
