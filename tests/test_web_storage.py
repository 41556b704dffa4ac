"""The page's localStorage wrapper (rkweb/app/storage.py), with a stand-in for the browser's."""

from __future__ import annotations

import pytest
from rkweb.app.storage import LocalStorage, absent

from pycore.store import StorageFullError


class QuotaExceededError(Exception):
    name = "QuotaExceededError"


class Browser:
    """localStorage as a browser has it: full past ``room`` characters."""

    def __init__(self, room: int) -> None:
        self.items: dict[str, str] = {}
        self.room = room

    @property
    def length(self) -> int:
        return len(self.items)

    def key(self, index: int) -> str | None:
        return list(self.items)[index] if index < len(self.items) else None

    def getItem(self, key: str) -> str | None:
        return self.items.get(key)

    def setItem(self, key: str, value: str) -> None:
        if sum(map(len, self.items.values())) + len(value) > self.room:
            raise QuotaExceededError("the quota has been exceeded")
        self.items[key] = value

    def removeItem(self, key: str) -> None:
        self.items.pop(key, None)


def test_a_full_storage_is_the_stores_error_and_keeps_what_was_saved() -> None:
    storage = LocalStorage(Browser(room=10))
    storage.setItem("a", "12345")
    with pytest.raises(StorageFullError, match="storage is full"):
        storage.setItem("b", "1234567")
    assert (storage.length, storage.key(0), storage.getItem("a")) == (1, "a", "12345")
    assert storage.getItem("b") is None and storage.key(5) is None
    storage.removeItem("a")
    assert storage.length == 0


def test_null_and_undefined_are_absent_and_nothing_else_is() -> None:
    JsNull = type("JsNull", (), {})
    JsUndefined = type("JsUndefined", (), {})
    assert absent(None) and absent(JsNull()) and absent(JsUndefined())
    assert not absent(0) and not absent("") and not absent([])
