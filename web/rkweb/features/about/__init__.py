"""The about page. Imports ``app``, ``kit`` and ``pycore``'s shared pieces."""
