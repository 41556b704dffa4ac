"""A share link's payload: one record, versioned, compressed (zlib) and written in decimal
digits, so it fits in a URL fragment (``#/share/<payload>``) that never reaches a server, and in
a QR code: a QR code holds digits at 3.3 bits each (its numeric mode) where a letter costs 8, so
a record's code takes a quarter fewer modules than with format 1's base64url (issue 31: a filled
Simply character's link was too much for a code a phone reads). Format 1 links still open.

Decoding is bounded (link length, inflated size, nesting depth, format version) and refuses a
tampered or truncated link with a :class:`~pycore.errors.StorageError` naming the problem; a record
that decodes is then checked by its system's own loader (:func:`pycore.share.records.validate`).

>>> from pycore.share.records import ShareRecord
>>> record = ShareRecord("simply.character", "r-1", "2026-11-23T10:00:00+00:00", 1, "Ana",
...                      {"name": "Ana", "strength": 6})
>>> payload = encode(record)
>>> payload[:2], payload[2:].isdigit(), decode(payload) == record
('2.', True, True)
>>> decode(payload[:36])  # the first 14 bytes of it
Traceback (most recent call last):
...
pycore.errors.StorageError: the share link is damaged or cut short: its data does not unpack (its data ends too early)
>>> decode("7." + payload[2:])
Traceback (most recent call last):
...
pycore.errors.StorageError: the share link has format 7, newer than this app reads (2); update Rulekeeper
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib

from pycore.errors import StorageError
from pycore.share.records import ShareRecord, record_from_json, record_to_json, validate
from pycore.share.zdict import ZDICT_V1
from pycore.store.jsontext import JsonTextError, nesting_depth, parse
from pycore.validate import checked

#: The payload format; bump it with a reader for the old one. 1: base64url; 2: decimal digits.
FORMAT = 2
#: Format 2 writes each 7 bytes as 17 digits; a last, shorter run of k bytes as DIGITS[k].
CHUNK = 7
DIGITS = (0, 3, 5, 8, 10, 13, 15, 17)
#: Longest payload read: far past a QR code's capacity, well inside every browser's URL limit.
MAX_PAYLOAD_CHARS = 32_000
#: Longest link offered to copy or scan: mail and message apps cut or refuse longer ones, so a
#: bigger share (a whole campaign) goes as a file, which carries up to MAX_PAYLOAD_CHARS.
LINK_CHARS = 8_000
#: Largest record after inflating; stops a small link that unpacks into a huge one.
MAX_JSON_BYTES = 256_000
#: Deepest nesting of objects and lists in a record (a Simply character needs 4).
MAX_DEPTH = 12
_BASE64URL = re.compile(r"[A-Za-z0-9_-]*")
_CUT = "the share link is damaged or cut short: its data does not unpack"
_UNREADABLE = "the share link is damaged: the record in it cannot be read"


@checked
def encode(record: ShareRecord) -> str:
    """The link payload of ``record``: ``"2." + digits(zlib(compact JSON, preset dictionary))``."""
    text = json.dumps(record_to_json(record), separators=(",", ":"), ensure_ascii=False)
    deflater = zlib.compressobj(9, zdict=ZDICT_V1)
    packed = deflater.compress(text.encode("utf-8")) + deflater.flush()
    return f"{FORMAT}." + to_digits(packed)


@checked
def to_digits(data: bytes) -> str:
    """``data`` in decimal digits: each run of 7 bytes as one 17-digit number.

    >>> to_digits(bytes([1, 2])), from_digits("00258")
    ('00258', b'\\x01\\x02')
    """
    return "".join(
        str(int.from_bytes(data[i : i + CHUNK], "big")).zfill(DIGITS[len(data[i : i + CHUNK])])
        for i in range(0, len(data), CHUNK)
    )


@checked
def from_digits(body: str) -> bytes:
    """The bytes :func:`to_digits` wrote; a length or a number no run of bytes gives is
    a :class:`StorageError` (a link cut short, or digits changed)."""
    full, rest = divmod(len(body), DIGITS[CHUNK])
    if not body.isascii() or not body.isdigit() or rest not in DIGITS:
        raise StorageError(_CUT)
    step = DIGITS[CHUNK]
    runs = [(body[i * step : (i + 1) * step], CHUNK) for i in range(full)]
    if rest:
        runs.append((body[full * step :], DIGITS.index(rest)))
    out = bytearray()
    for digits, size in runs:
        number = int(digits)
        if number >= 256**size:
            raise StorageError(_CUT)
        out += number.to_bytes(size, "big")
    return bytes(out)


def _base64(body: str) -> bytes:
    """Format 1's base64url data."""
    if not _BASE64URL.fullmatch(body):
        raise StorageError("the share link is damaged: it has characters a share link never has")
    if len(body) % 4 == 1:
        raise StorageError(_CUT)
    try:
        return base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    except (binascii.Error, ValueError):
        raise StorageError(_CUT) from None


def _unpack(version: int, body: str) -> bytes:
    if version == 1:
        packed = _base64(body)
    elif not body.isascii() or not body.isdigit():
        raise StorageError("the share link is damaged: it has characters a share link never has")
    else:
        packed = from_digits(body)
    inflater = zlib.decompressobj(zdict=ZDICT_V1)
    try:
        raw = inflater.decompress(packed, MAX_JSON_BYTES)
    except zlib.error:  # zlib's own words ("Error -3 while decompressing") mean nothing here
        raise StorageError(_CUT) from None
    if inflater.unconsumed_tail:
        raise StorageError(
            f"the shared record is larger than {MAX_JSON_BYTES} bytes, the most a link may carry"
        )
    if not inflater.eof:
        raise StorageError(f"{_CUT} (its data ends too early)")
    if inflater.unused_data:
        raise StorageError("the share link is damaged: it has data after its end")
    return raw


def decode(payload: str) -> ShareRecord:
    """The record in a link payload, checked; anything wrong is a :class:`StorageError`."""
    if not isinstance(payload, str):
        raise StorageError("the share link is empty")
    if len(payload) > MAX_PAYLOAD_CHARS:
        raise StorageError(
            f"the share link is {len(payload)} characters long; at most {MAX_PAYLOAD_CHARS} are read"
        )
    version, dot, body = payload.partition(".")
    if not dot or not version.isascii() or not version.isdigit() or len(version) > 3:
        raise StorageError("this is not a Rulekeeper share link (it has no format number)")
    if int(version) > FORMAT:
        raise StorageError(
            f"the share link has format {int(version)}, newer than this app reads ({FORMAT}); "
            "update Rulekeeper"
        )
    if int(version) < 1:
        raise StorageError(f"the share link has format {int(version)}; formats start at 1")
    raw = _unpack(int(version), body)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise StorageError(_UNREADABLE) from None
    # Depth and size are checked on the text before it is parsed (jsontext): a link of a
    # hundred characters can unpack into lists nested 10,000 deep, which stop Pyodide's parser.
    try:
        data = parse(text, what="the shared record", max_chars=MAX_JSON_BYTES, max_depth=MAX_DEPTH)
    except JsonTextError as exc:
        if exc.problem != "too_deep":
            raise StorageError(_UNREADABLE) from None
        raise StorageError(
            "the share link holds something that is not a Rulekeeper record: lists or groups nested "
            f"{nesting_depth(text):,} levels deep, where a record has at most {MAX_DEPTH}"
        ) from None
    return validate(record_from_json(data))
