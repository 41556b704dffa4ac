"""The storage figure kept as the app writes, not read back (issue 33: after each save the app
used to read every key back, archive included, to show "storage used").

>>> from pycore.store import MemoryStorage
>>> inner = MemoryStorage()
>>> inner.setItem("rulekeeper:section:dice", "abc")
>>> sized = SizedStorage(inner)
>>> sized.used()  # read once
26
>>> sized.setItem("rulekeeper:section:dice", "abcdef"); sized.setItem("other", "x" * 99)
>>> sized.used(), storage_used(inner)
(29, 29)
>>> inner.setItem("rulekeeper:section:gurps", "zz")  # another tab wrote it
>>> sized.written_elsewhere("rulekeeper:section:gurps"); sized.used() == storage_used(inner)
True
"""

from __future__ import annotations

from pycore.store.persist import DATA_KEY, Storage, keys, storage_used

__all__ = ["SizedStorage", "storage_used"]


class SizedStorage:
    """``inner`` with the characters of this app's keys (key plus value) counted as they are
    written: the first :meth:`used` reads them once, every write after keeps the count."""

    def __init__(self, inner: Storage, prefix: str = DATA_KEY) -> None:
        self._inner = inner
        self._prefix = prefix
        self._sizes: dict[str, int] | None = None

    @property
    def length(self) -> int:
        return self._inner.length

    def key(self, index: int) -> str | None:
        return self._inner.key(index)

    def getItem(self, key: str) -> str | None:
        return self._inner.getItem(key)

    def setItem(self, key: str, value: str) -> None:
        self._inner.setItem(key, value)  # a refused write (storage full) changes no count
        if self._sizes is not None and key.startswith(self._prefix):
            self._sizes[key] = len(key) + len(value)

    def removeItem(self, key: str) -> None:
        self._inner.removeItem(key)
        if self._sizes is not None:
            self._sizes.pop(key, None)

    def used(self) -> int:
        """Characters used by this app's keys, as :func:`storage_used` counts them."""
        if self._sizes is None:
            self._sizes = {
                k: len(k) + len(self._inner.getItem(k) or "")
                for k in keys(self._inner, self._prefix)
            }
        return sum(self._sizes.values())

    def written_elsewhere(self, key: str | None) -> None:
        """Another tab wrote ``key`` (``None``: it cleared the storage): count it again."""
        if self._sizes is None:
            return
        if key is None:
            self._sizes = None
            return
        if key.startswith(self._prefix):
            raw = self._inner.getItem(key)
            if raw is None:
                self._sizes.pop(key, None)
            else:
                self._sizes[key] = len(key) + len(raw)
