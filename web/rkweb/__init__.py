"""Rulekeeper's web layer: ``app`` (the glue, the shell and the registry of features), ``kit`` (the
widgets) and ``features`` (one package per page). Only ``app.browser`` and ``web/main.py`` import
``js``/``pyodide``; everything else runs in CPython tests. ``pycore`` never imports this package.
"""
