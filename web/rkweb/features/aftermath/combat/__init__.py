"""The Combat tab: one step on one screen (``view``, ``update``): the order strip (``strip``),
the attacker's panel (``panel``), one module per form (``missile``, ``hand``, ``thrown``) with
their shared pieces (``pieces``), the BCS preview (``preview``) and the result (``result``). The
attack itself is built and resolved by the core (``pycore.systems.aftermath.attack.worksheet``,
its forms in ``worksheet_forms``); the tab parses, shows and logs."""
