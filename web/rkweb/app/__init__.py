"""The glue around the features: ``browser`` (the only module that imports ``js``), the ``vdom``,
the ``model``, the ``shell`` (navigation, undo, banners, message routing), ``messages`` and
``registry``, the one list of features. May import ``pycore`` and ``kit``; features import it."""
