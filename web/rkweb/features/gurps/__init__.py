"""The gurps pages, one module per tab. Imports ``app``, ``kit`` and ``pycore.systems.gurps`` only."""
