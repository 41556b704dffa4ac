"""The QR code of a share link, as a matrix the page draws (one SVG path) and a verdict on
whether a phone reads it readily.

``segno`` (pure Python, shipped into the page as a wheel) makes the code; error correction M
survives a smudged screen, and L is used when M would pass :data:`SCANNABLE_VERSION` (a lit
screen is not a worn sticker). A link's digits (a share payload, :mod:`pycore.share.link`) go
in the code's numeric mode, at 3.3 bits a digit; the address before them as bytes. Past
:data:`SCANNABLE_VERSION` the modules get too fine to read off a tablet at arm's length, so the
page says so in words and offers the link or a file instead.

>>> code = qr_code("https://example.org/#/share/1.abc")
>>> code.version, code.size, code.scannable
(3, 29, True)
>>> qr_code("https://example.org/#/share/2." + "1234567890" * 60).version  # 600 digits
12
>>> code.path()[:14]
'M4 4h7v1h-7zM1'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pycore.validate import checked

#: Version 20 (97 × 97 modules) reads reliably from a tablet screen held up to a phone.
SCANNABLE_VERSION = 20
#: The largest version QR codes have (40: 2,331 bytes at error correction M).
MAX_VERSION = 40
QUIET_ZONE = 4  # modules of white margin the standard asks for
#: Fewest trailing digits put in a segment of their own (a segment's header costs ~20 bits).
MIN_DIGITS = 12


@dataclass(frozen=True)
class QrCode:
    """The dark modules of a QR code, row by row, and its version (1 to 40)."""

    text: str
    version: int
    rows: tuple[tuple[bool, ...], ...]

    @property
    def size(self) -> int:
        return len(self.rows)

    @property
    def scannable(self) -> bool:
        return self.version <= SCANNABLE_VERSION

    def path(self) -> str:
        """An SVG path drawing every dark run of modules, offset by the quiet zone."""
        parts = []
        for y, row in enumerate(self.rows):
            x = 0
            while x < len(row):
                if row[x]:
                    start = x
                    while x < len(row) and row[x]:
                        x += 1
                    parts.append(
                        f"M{start + QUIET_ZONE} {y + QUIET_ZONE}h{x - start}v1h-{x - start}z"
                    )
                else:
                    x += 1
        return "".join(parts)

    def __str__(self) -> str:
        verdict = "readily scanned" if self.scannable else "too dense to scan readily"
        return f"QR version {self.version} ({self.size}×{self.size} modules), {verdict}"


def _segments(text: str) -> list[tuple[str, None]]:
    """``text`` as the code's segments: a long run of digits at its end apart (segno gives
    each segment its most compact mode: numeric for the digits)."""
    head = text.rstrip("0123456789")
    if len(text) - len(head) < MIN_DIGITS or not head:
        return [(text, None)]
    return [(head, None), (text[len(head) :], None)]


@checked
def qr_code(text: str) -> QrCode | None:
    """The QR code of ``text``, or None when even version 40 cannot hold it."""
    import segno  # imported on first share: not needed to start the app

    made = None
    # segno takes a list of segments (its encoder.prepare_data), though its types say one text
    segments: Any = _segments(text)
    for error in ("m", "l"):
        try:
            made = segno.make_qr(segments, error=error, boost_error=False)
        except segno.DataOverflowError:
            continue
        if int(made.version) <= SCANNABLE_VERSION:
            break
    if made is None:
        return None
    rows = tuple(tuple(bool(cell) for cell in row) for row in made.matrix)
    return QrCode(text, int(made.version), rows)
