"""The settings page. Imports ``app``, ``kit`` and ``pycore``'s shared pieces."""
