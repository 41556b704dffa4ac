"""Sections the store knows in one test only, beside the app's."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from pycore.store import sections
from pycore.store.sections import SectionCodec


@contextmanager
def known_sections(*extra: SectionCodec) -> Iterator[None]:
    """Within this block the store reads ``extra`` too: ``sections.codecs`` is a cached pure
    function of the code (each system's ``CODECS``), so a test swaps it, never adds to it."""
    known = {**sections.codecs(), **{codec.name: codec for codec in extra}}
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(sections, "codecs", lambda: known)
        yield
