"""The storage figure kept while writing (``pycore.store.sized``) always equals the figure read
back from the storage, whatever this tab and another tab write or remove (issue 33)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from pycore.store import MemoryStorage
from pycore.store.sized import SizedStorage, storage_used

KEYS = st.sampled_from(["rulekeeper:section:a", "rulekeeper:undo:t", "rulekeeper:meta", "other"])
ACTIONS = st.lists(
    st.tuples(
        st.sampled_from(["set", "remove", "elsewhere", "elsewhere_remove", "used"]),
        KEYS,
        st.text(max_size=20),
    ),
    max_size=30,
)


@given(ACTIONS)
def test_the_kept_figure_equals_the_storage_read_back(actions: list[tuple[str, str, str]]) -> None:
    inner = MemoryStorage()
    sized = SizedStorage(inner)
    for action, key, value in actions:
        if action == "set":
            sized.setItem(key, value)
        elif action == "remove":
            sized.removeItem(key)
        elif action == "elsewhere":  # another tab's write, then its storage event
            inner.setItem(key, value)
            sized.written_elsewhere(key)
        elif action == "elsewhere_remove":
            inner.removeItem(key)
            sized.written_elsewhere(key)
        else:
            assert sized.used() == storage_used(inner)
    assert sized.used() == storage_used(inner)
