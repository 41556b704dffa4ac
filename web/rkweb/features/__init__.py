"""One package per page, listed in ``app.registry``: ``dice``, ``settings``, ``about`` and one per
rule system, mirroring ``pycore/systems/``. A feature imports ``app``, ``kit`` and its own
``pycore.systems.<system>``, never another feature."""
