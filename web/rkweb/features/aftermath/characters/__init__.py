"""The Characters tab: the sheets of characters and creatures (``view``, ``update``), their
attributes (``attributes``), gear (``gear``) and damage and conditions (``conditions``, also
shown for the target on the Combat tab). Imports ``app``, ``kit``, the feature's ``state`` and
``words``, and ``pycore.systems.aftermath`` only."""
