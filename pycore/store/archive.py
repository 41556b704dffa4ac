"""The archive: log entries older than their log's stated cap, kept for the export.

Every log is newest first and capped (its codec's :class:`~pycore.store.sections.LogSpec`). When
a page's change pushes entries off the end of a log, or a log is saved over its cap, those
entries move to the ``archive`` section under the log's name (``"gurps.log"``), newest first, at
most :data:`ARCHIVE_LIMIT` per log; the export carries them. A cleared log is not archived: Undo
brings it back.

>>> fell_off([{"n": 3}, {"n": 2}, {"n": 1}], [{"n": 4}, {"n": 3}])
[{'n': 2}, {'n': 1}]
>>> fell_off([{"n": 2}, {"n": 1}], [])
[]
>>> with_archived({"gurps.log": [{"n": 1}]}, {"gurps.log": [{"n": 2}]})
{'gurps.log': [{'n': 2}, {'n': 1}]}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pycore.errors import StorageError
from pycore.store.patch import same
from pycore.store.sections import SectionCodec, codec_for, log_at
from pycore.store.shape import Anything, ListOf, MapOf, Text
from pycore.validate import checked, exact

SECTION = "archive"
ARCHIVE_LIMIT = 2_000  # entries per log; the oldest go first past it

ARCHIVE = SectionCodec(
    SECTION,
    1,
    MapOf(ListOf(Anything(), ARCHIVE_LIMIT), 100, Text(120)),
    checked_on_save=False,  # its entries were checked in their logs; with_archived keeps the cap
)
CODECS = (ARCHIVE,)


@checked
def fell_off(before: list[Any] | None, after: list[Any] | None) -> list[Any]:
    """Entries at the end of ``before`` that are gone from ``after`` because newer ones pushed
    them out (``after`` ends with an entry of ``before``, and what followed it is gone)."""
    if not before or not after:
        return []
    last = after[-1]
    for index in range(len(before) - 1, -1, -1):
        if same(before[index], last):
            return list(before[index + 1 :])
    return []


@checked
def overflow(name: str, before: Any, after: Any) -> dict[str, list[Any]]:
    """Per log of section ``name``: the entries a change from ``before`` to ``after`` pushed out."""
    codec = codec_for(name)
    found: dict[str, list[Any]] = {}
    for spec in codec.logs if codec else ():
        gone = fell_off(log_at(before, spec), log_at(after, spec))
        if gone:
            found[f"{name}.{spec.name}"] = gone
    return found


@checked
def with_archived(archive: Any, added: Mapping[str, list[Any]]) -> dict[str, list[Any]]:
    """``archive`` with ``added`` entries (newest first) put ahead of each log's older ones; an
    entry already at the head (a log entry undone and pushed out again) is not kept twice."""
    out = dict(archive) if isinstance(archive, dict) else {}
    for log, entries in added.items():
        kept = out.get(log, [])
        kept = kept if isinstance(kept, list) else []
        fresh = [e for e in entries if not any(same(e, k) for k in kept[: len(entries) + 5])]
        out[log] = [*fresh, *kept][:ARCHIVE_LIMIT]
    return out


def entries(archive: Any) -> int:
    return (
        sum(len(v) for v in archive.values() if isinstance(v, list))
        if isinstance(archive, dict)
        else 0
    )


@checked
def trimmed(archive: Any, keep_fraction: float) -> tuple[dict[str, list[Any]], int]:
    """The archive with only the newest ``keep_fraction`` of each log; and the entries dropped."""
    share = exact(keep_fraction, "share of the archive kept", 0, 1, StorageError)
    out: dict[str, list[Any]] = {}
    dropped = 0
    logs = archive if isinstance(archive, dict) else {}
    for log, kept in logs.items():
        if not isinstance(kept, list):
            continue
        keep = int(len(kept) * share)
        out[log] = kept[:keep]
        dropped += len(kept) - keep
    return out, dropped
