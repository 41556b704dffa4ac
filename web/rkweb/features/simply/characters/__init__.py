"""Simply characters: the list (``roster``), the builder (``builder``, ``gear``), the GM's
campaign settings (``campaign``), the printable Character Record (``record``); ``edit`` takes the
messages and ``state`` reads the saved section. Imports ``app``, ``kit``, the feature's ``words``
and ``pycore.systems.simply``; imported by ``simply/page.py``."""

from rkweb.features.simply.characters.edit import update
from rkweb.features.simply.characters.roster import view

__all__ = ["update", "view"]
