"""The app icons the build draws: a maskable icon keeps its die face inside the safe zone."""

from __future__ import annotations

import json
import types
import zlib
from pathlib import Path

from build_tools import tool

ROOT = Path(__file__).resolve().parent.parent


def _build() -> types.ModuleType:
    return tool("build")


def _pixels(data: bytes, size: int) -> list[bytes]:
    start = data.index(b"IDAT") + 4
    length = int.from_bytes(data[start - 8 : start - 4], "big")
    raw = zlib.decompress(data[start : start + length])
    stride = 1 + 3 * size
    return [raw[y * stride + 1 : (y + 1) * stride] for y in range(size)]


def test_the_maskable_icons_face_lies_inside_the_safe_circle() -> None:
    build = _build()
    size = 96
    rows = _pixels(build.png(size, True), size)
    face = bytes((0xF6, 0xF4, 0xEF))
    centre = (size - 1) / 2
    for y, row in enumerate(rows):
        for x in range(size):
            if row[3 * x : 3 * x + 3] == face:
                distance = ((x - centre) ** 2 + (y - centre) ** 2) ** 0.5
                assert distance <= build.SAFE_RADIUS * size, (x, y)


def test_the_manifest_names_the_app_with_an_id() -> None:
    manifest = json.loads((ROOT / "web" / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert manifest["id"] == "rulekeeper"
