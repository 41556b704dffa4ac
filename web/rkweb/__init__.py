"""Rulekeeper's web layer: pure views (``vdom``, ``pages``) and the thin browser glue (``browser``).

Only ``browser`` and ``web/main.py`` import ``js``/``pyodide``; everything else runs in CPython
tests.
"""
