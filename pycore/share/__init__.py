"""Sharing without a server: one record in a link (``#/share/<payload>``) or a QR code, checked by
its system's loader when it comes back, and the players' public view of a fight."""

from pycore.share.link import FORMAT, MAX_DEPTH, MAX_JSON_BYTES, MAX_PAYLOAD_CHARS, decode, encode
from pycore.share.places import IMPORTABLE, PLACES, import_record, same_record, share_record
from pycore.share.public import PublicFight
from pycore.share.qr import SCANNABLE_VERSION, QrCode, qr_code
from pycore.share.records import KIND_NAMES, KINDS, Kind, ShareRecord, validate

__all__ = [
    "FORMAT",
    "IMPORTABLE",
    "KINDS",
    "KIND_NAMES",
    "MAX_DEPTH",
    "MAX_JSON_BYTES",
    "MAX_PAYLOAD_CHARS",
    "PLACES",
    "SCANNABLE_VERSION",
    "Kind",
    "PublicFight",
    "QrCode",
    "ShareRecord",
    "decode",
    "encode",
    "import_record",
    "qr_code",
    "same_record",
    "share_record",
    "validate",
]
