"""The aftermath pages, one module per tab. Imports ``app``, ``kit`` and ``pycore.systems.aftermath`` only."""
