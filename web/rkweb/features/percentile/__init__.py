"""The percentile pages, one module per tab. Imports ``app``, ``kit`` and ``pycore.systems.percentile`` only."""
