"""The simply pages, one module per tab. Imports ``app``, ``kit`` and ``pycore.systems.simply`` only."""
