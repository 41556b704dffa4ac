"""The versioned envelope every saved value sits in.

``{"app": "rulekeeper", "schema": N, "saved": "<ISO time>", "data": ...}``. A value that cannot be
parsed, belongs to another app or has a newer schema than this code knows is refused with a
:class:`~pycore.errors.StorageError` whose ``reason`` says which, so the caller can move it aside.

>>> raw = encode({"x": 1}, "2026-11-23T10:00:00+00:00")
>>> decode(raw).data
{'x': 1}
>>> decode('{"app": "other", "schema": 1, "saved": "", "data": {}}')
Traceback (most recent call last):
...
pycore.store.envelope.EnvelopeError: saved value belongs to 'other', not 'rulekeeper'
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from pycore.errors import StorageError
from pycore.validate import checked

APP = "rulekeeper"
# Bump with a migration in MIGRATIONS and a test that loads the previous schema's fixture.
SCHEMA = 1

Reason = Literal["unparseable", "foreign", "newer", "invalid"]

# Schema N -> N+1. Empty while schema 1 is the only one that ever existed.
Migration = Callable[[Any], Any]
MIGRATIONS: Mapping[int, Migration] = {}


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


@checked
def encode(data: Any, saved: str, schema: int = SCHEMA) -> str:
    """Wrap ``data`` in the envelope and serialise it as compact JSON.

    >>> encode([1, 2], "2026-01-01T00:00:00+00:00")
    '{"app":"rulekeeper","schema":1,"saved":"2026-01-01T00:00:00+00:00","data":[1,2]}'
    """
    envelope = {"app": APP, "schema": schema, "saved": saved, "data": data}
    try:  # NaN and ∞ would be written as bare NaN/Infinity: no longer JSON (issue 19)
        return json.dumps(envelope, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError, RecursionError) as exc:
        raise StorageError(f"data cannot be saved as JSON: {exc}") from None


@checked
def decode(raw: str | None, known_schema: int = SCHEMA) -> Envelope:
    """Parse and check an envelope; raise :class:`EnvelopeError` with the reason.

    >>> decode('{"app": "rulekeeper", "schema": 99, "saved": "", "data": {}}').schema
    Traceback (most recent call last):
    ...
    pycore.store.envelope.EnvelopeError: saved value has schema 99, newer than this app knows (1)
    """
    if raw is None:
        raise EnvelopeError("unparseable", "no saved value")
    try:
        parsed = json.loads(raw)
    except (ValueError, RecursionError) as exc:
        raise EnvelopeError("unparseable", f"saved value is not JSON: {exc}") from None
    if not isinstance(parsed, dict):
        raise EnvelopeError("unparseable", "saved value is not a JSON object")
    app = parsed.get("app")
    if app != APP:
        raise EnvelopeError("foreign", f"saved value belongs to {app!r}, not {APP!r}")
    schema = parsed.get("schema")
    if not isinstance(schema, int) or isinstance(schema, bool) or schema < 1:
        raise EnvelopeError(
            "invalid", f"saved value has schema {schema!r}; expected 1 to {known_schema}"
        )
    if schema > known_schema:
        raise EnvelopeError(
            "newer",
            f"saved value has schema {schema}, newer than this app knows ({known_schema})",
        )
    saved = parsed.get("saved")
    if not isinstance(saved, str):
        raise EnvelopeError("invalid", "saved value has no 'saved' time")
    if "data" not in parsed:
        raise EnvelopeError("invalid", "saved value has no 'data'")
    return Envelope(app=APP, schema=schema, saved=saved, data=parsed["data"])


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
    """
    data = envelope.data
    for schema in range(envelope.schema, target):
        step = migrations.get(schema)
        if step is None:
            raise EnvelopeError("invalid", f"no migration from schema {schema} to {schema + 1}")
        data = step(data)
    return data
