"""The browser's values as Python sees them, without importing ``js``: JavaScript's null and
undefined, and ``localStorage`` with its quota error turned into the store's."""

from __future__ import annotations

from typing import Any

from pycore.store import StorageFullError


def absent(value: Any) -> bool:
    """JavaScript's null (a ``JsNull`` in Pyodide 314, not ``None``) or undefined."""
    return value is None or type(value).__name__ in ("JsNull", "JsUndefined")


class LocalStorage:
    """``localStorage`` with the browser's quota error turned into :class:`StorageFullError`."""

    def __init__(self, storage: Any) -> None:
        self._s = storage

    @property
    def length(self) -> int:
        return int(self._s.length)

    def key(self, index: int) -> str | None:
        value = self._s.key(index)
        return None if absent(value) else str(value)

    def getItem(self, key: str) -> str | None:
        value = self._s.getItem(key)
        return None if absent(value) else str(value)

    def setItem(self, key: str, value: str) -> None:
        try:
            self._s.setItem(key, value)
        except Exception as exc:  # pyodide.ffi.JsException
            name = str(getattr(exc, "name", ""))
            if name == "QuotaExceededError" or "QuotaExceededError" in str(exc):
                raise StorageFullError("this browser's storage is full") from None
            raise

    def removeItem(self, key: str) -> None:
        self._s.removeItem(key)
