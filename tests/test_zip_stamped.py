"""The build's zip entries (tools/zip_stamped.py): the same sources give the same bytes."""

from __future__ import annotations

import io
import time
import zipfile
from unittest import mock

from build_tools import tool

zip_stamped = tool("zip_stamped")


def _zip_bytes(entries: dict[str, bytes], now: float) -> bytes:
    buffer = io.BytesIO()
    with mock.patch.object(time, "time", return_value=now), zip_stamped.open_zip(buffer, "w") as z:
        for name, data in entries.items():
            zip_stamped.write_entry(z, name, data)
    return buffer.getvalue()


def test_a_rebuild_at_another_time_writes_the_same_bytes() -> None:
    entries = {"rkweb/app/x.pyc": b"code" * 200, "tables/t.json": b'{"a": 1}' * 50}
    assert _zip_bytes(entries, 1e9) == _zip_bytes(entries, 2e9)


def test_every_entry_is_stamped_and_deflated() -> None:
    data = bytes(range(256)) * 40
    with zipfile.ZipFile(io.BytesIO(_zip_bytes({"a.bin": data}, 1e9))) as archive:
        (info,) = archive.infolist()
        assert info.date_time == zip_stamped.STAMP
        assert info.compress_type == zipfile.ZIP_DEFLATED
        assert archive.read("a.bin") == data
