"""A share as a file (for the system share sheet) and a share pasted as a whole link.

>>> text = file_text("1.abc", "Mara Voss")
>>> payload_of(text), payload_of("https://x.org/app/#/share/1.abc"), payload_of(" 1.abc ")
('1.abc', '1.abc', '1.abc')
>>> payload_of("See https://x.org/app/#/share/1.abc."), payload_of("<https://x.org/#/share/1.ab>")
('1.abc', '1.ab')
>>> payload_of("hello")
Traceback (most recent call last):
...
pycore.errors.StorageError: this is neither a Rulekeeper share link nor a shared file
"""

from __future__ import annotations

import json
import re

from pycore.errors import StorageError
from pycore.share.link import MAX_PAYLOAD_CHARS
from pycore.store.jsontext import parse
from pycore.validate import checked

FILE_KIND = "rulekeeper-share"
FILE_DEPTH = 4  # {"share": "..."}: a file nested deeper is not one
_PAYLOAD = re.compile(r"\d{1,3}\.[A-Za-z0-9_-]*")


@checked
def file_text(payload: str, name: str) -> str:
    """The file a share sheet sends: the same payload as the link, in a small JSON object."""
    return json.dumps({"app": "rulekeeper", "kind": FILE_KIND, "name": name, "share": payload})


@checked
def file_name(name: str) -> str:
    """``Mara Voss`` → ``mara-voss.rulekeeper.json``.

    >>> file_name("Mara Voss")
    'mara-voss.rulekeeper.json'
    """
    slug = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")[:40] or "record"
    return f"{slug}.rulekeeper.json"


@checked
def payload_of(text: str) -> str:
    """The payload in a pasted link, a bare payload or a shared file's text."""
    text = text.strip()
    if len(text) > MAX_PAYLOAD_CHARS * 2:
        raise StorageError(f"that text is longer than any share ({len(text)} characters)")
    if text.startswith("{"):
        try:  # depth checked before parsing: a shared file is one small object
            data = parse(text, what="the shared file", max_depth=FILE_DEPTH)
        except StorageError:
            data = None
        if isinstance(data, dict) and data.get("kind") == FILE_KIND:
            share = data.get("share")
            if isinstance(share, str):
                return share
    _, marker, rest = text.partition("#/share/")
    candidate = rest if marker else text
    if _PAYLOAD.fullmatch(candidate):
        return candidate
    # A link pasted from a message: the sentence's full stop, a bracket or a quote after it
    # (issue 31: a trailing "." was "neither a share link nor a file"). The payload's
    # alphabet (base64url) has none of them, so what follows it is not part of it.
    found = _PAYLOAD.match(candidate.lstrip())
    if marker and found and not candidate[found.end() :].strip(".,;:!?)>]}\"' \n"):
        return found.group()
    raise StorageError("this is neither a Rulekeeper share link nor a shared file")
