"""Export of everything as one JSON file, and import of such a file.

An export is the envelope (schema 2) around ``{"state": {...}, "versions": {...}}``: every
section with its version, the archived log entries included (section ``archive``). Import reads
schema 1 files (today's and older exports) through the migration, and checks every section with
its codec: a bad file is refused with a message naming the section and the field, and nothing
changes.

>>> from pycore.store.history import History
>>> from pycore.store.state import default_data
>>> text = export_text(History.new(default_data()), "2026-11-23T10:00:00+00:00")
>>> import_text(text).sections["dice"]["expr"]
'3d6'
>>> import_text('{"hello": 1}')
Traceback (most recent call last):
...
pycore.errors.StorageError: not a Rulekeeper export: saved value was not written by Rulekeeper
>>> import_text(text.replace('"target":10', '"target":"ten"'))
Traceback (most recent call last):
...
pycore.errors.StorageError: import refused: section 'dice', field target: 'ten' is not a whole number from -1000000 to 1000000
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pycore.errors import StorageError
from pycore.store.envelope import EnvelopeError, decode, encode, migrate
from pycore.store.history import History
from pycore.store.persist import sections_in, steps_from_legacy
from pycore.store.sections import SectionError, current_version, join_sections, read_section
from pycore.validate import checked

MAX_IMPORT_CHARS = 20_000_000


@dataclass(frozen=True)
class Imported:
    """The sections of an import file, checked and at their current versions."""

    sections: dict[str, Any]
    saved: str


@checked
def export_text(history: History, now: str) -> str:
    """Everything the app saved (the sections and the archive; not the undo steps) as JSON."""
    state = history.state
    data = {"state": state, "versions": {name: current_version(name) for name in state}}
    return encode(data, now)


@checked
def import_text(text: str) -> Imported:
    """Read an export; a bad file raises :class:`StorageError` saying why, and changes nothing."""
    if len(text) > MAX_IMPORT_CHARS:
        raise StorageError(
            f"file too large: {len(text):,} characters, at most {MAX_IMPORT_CHARS:,} allowed"
        )
    try:
        envelope = decode(text, max_chars=MAX_IMPORT_CHARS)
        data = migrate(envelope)
        found = list(sections_in(data))
    except EnvelopeError as exc:
        raise StorageError(f"not a Rulekeeper export: {exc}") from None
    except StorageError as exc:
        raise StorageError(f"not a Rulekeeper export: {exc}") from None
    sections = {}
    try:
        for name, version, value in found:
            sections[name] = read_section(name, version, value)
        if envelope.schema == 1:  # schema 1 carried its undo steps: refused when not ours
            steps_from_legacy(data.get("legacy_steps", {}))
    except SectionError as exc:
        raise StorageError(f"import refused: {exc}") from None
    except StorageError as exc:
        raise StorageError(f"import refused: undo history: {exc}") from None
    return Imported(join_sections(sections), envelope.saved)
