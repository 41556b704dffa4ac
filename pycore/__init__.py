"""Rulekeeper's rules core: pure Python, no browser imports.

The same code runs under CPython (tests), Pyodide under node (tests) and the page.
"""

__version__ = "0.1.0"
