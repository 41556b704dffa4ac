"""The versioned envelope every saved value and export file sits in.

``{"app": "rulekeeper", "schema": N, "saved": "<ISO time>", "data": ...}``. A value that cannot be
parsed, belongs to another app or has a newer schema than this code knows is refused with a
:class:`~pycore.errors.StorageError` whose ``reason`` says which, so the caller can move it aside.
The text is checked for size and depth before it is parsed (:mod:`pycore.store.jsontext`).

Schema 1 kept everything in one value ``{"state": {...}, "undo": [...], "redo": [...]}`` whose
undo steps held two full copies of a section each. Schema 2 keeps each section under its own key
with the section's version (:mod:`pycore.store.sections`); an export is
``{"state": {...}, "versions": {...}}``. :data:`MIGRATIONS` turns schema-1 data into that shape:
its sections are then read at their legacy version and its undo steps become patches.

>>> raw = encode({"x": 1}, "2026-11-23T10:00:00+00:00")
>>> decode(raw).data
{'x': 1}
>>> decode('{"app": "other", "schema": 1, "saved": "", "data": {}}')
Traceback (most recent call last):
...
pycore.store.envelope.EnvelopeError: saved value was not written by Rulekeeper (it names 'other')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from pycore.errors import StorageError
from pycore.store.jsontext import MAX_CHARS, JsonTextError, dump, parse
from pycore.validate import checked, is_whole

APP = "rulekeeper"
# Bump with a migration in MIGRATIONS and a test that loads the previous schema's fixture.
SCHEMA = 2

Reason = Literal["unparseable", "foreign", "newer", "invalid"]

Migration = Callable[[Any], Any]


def schema_1_to_2(data: Any) -> Any:
    """Schema-1 data (one value holding every section and full-copy undo steps) as schema 2:
    the sections with no stored version (each codec reads its legacy version) and the old steps
    kept aside under ``legacy_steps`` for :func:`pycore.store.persist.steps_from_legacy`."""
    if not isinstance(data, dict) or not isinstance(data.get("state"), dict):
        raise EnvelopeError("invalid", "saved data must be an object with a 'state' object")
    steps = {"undo": data.get("undo", []), "redo": data.get("redo", [])}
    return {"state": data["state"], "versions": {}, "legacy_steps": steps}


# Schema N -> N+1.
MIGRATIONS: Mapping[int, Migration] = {1: schema_1_to_2}


class EnvelopeError(StorageError):
    """A stored value that is not a usable envelope; ``reason`` says why."""

    def __init__(self, reason: Reason, message: str) -> None:
        super().__init__(message)
        self.reason: Reason = reason


@dataclass(frozen=True)
class Envelope:
    """A decoded envelope: who wrote it, with which schema and when."""

    app: str
    schema: int
    saved: str
    data: Any
    meta: Mapping[str, Any] = field(default_factory=dict)  # the envelope's other fields


@checked
def encode(data: Any, saved: str, schema: int = SCHEMA) -> str:
    """Wrap ``data`` in the envelope and serialise it as compact JSON.

    >>> encode([1, 2], "2026-01-01T00:00:00+00:00")
    '{"app":"rulekeeper","schema":2,"saved":"2026-01-01T00:00:00+00:00","data":[1,2]}'
    """
    return dump({"app": APP, "schema": schema, "saved": saved, "data": data})


@checked
def decode(raw: str | None, known_schema: int = SCHEMA, max_chars: int = MAX_CHARS) -> Envelope:
    """Parse and check an envelope; raise :class:`EnvelopeError` with the reason.

    >>> decode('{"app": "rulekeeper", "schema": 99, "saved": "", "data": {}}').schema
    Traceback (most recent call last):
    ...
    pycore.store.envelope.EnvelopeError: saved value has schema 99, newer than this app knows (2)
    """
    if raw is None:
        raise EnvelopeError("unparseable", "no saved value")
    try:
        parsed = parse(raw, what="saved value", max_chars=max_chars)
    except JsonTextError as exc:
        raise EnvelopeError("unparseable", str(exc)) from None
    if not isinstance(parsed, dict):
        raise EnvelopeError("unparseable", "saved value was not written by Rulekeeper")
    app = parsed.get("app")
    if app != APP:
        named = f" (it names {app[:40]!r})" if isinstance(app, str) and app else ""
        raise EnvelopeError("foreign", f"saved value was not written by Rulekeeper{named}")
    schema = parsed.get("schema")
    if not is_whole(schema) or schema < 1:
        raise EnvelopeError(
            "invalid", f"saved value has schema {schema!r}; expected 1 to {known_schema}"
        )
    if schema > known_schema:
        raise EnvelopeError(
            "newer",
            f"saved value has schema {schema}, newer than this app knows ({known_schema})",
        )
    saved = parsed.get("saved")
    if not isinstance(saved, str) or len(saved) > 60:
        raise EnvelopeError("invalid", "saved value has no 'saved' time")
    if "data" not in parsed:
        raise EnvelopeError("invalid", "saved value has no 'data'")
    meta = {k: v for k, v in parsed.items() if k not in ("app", "schema", "saved", "data")}
    return Envelope(app=APP, schema=schema, saved=saved, data=parsed["data"], meta=meta)


@checked
def migrate(
    envelope: Envelope,
    migrations: Mapping[int, Migration] = MIGRATIONS,
    target: int = SCHEMA,
) -> Any:
    """Bring an envelope's data up to ``target`` schema, one step at a time.

    >>> old = Envelope(APP, 1, "", {"n": 1})
    >>> migrate(old, {1: lambda d: {**d, "m": 2}}, target=2)
    {'n': 1, 'm': 2}
    >>> migrate(Envelope(APP, 1, "", {"state": {}}))["versions"]
    {}
    """
    data = envelope.data
    for schema in range(envelope.schema, target):
        step = migrations.get(schema)
        if step is None:
            raise EnvelopeError("invalid", f"no migration from schema {schema} to {schema + 1}")
        data = step(data)
    return data
