"""The Combat tab: the attack worksheet (``view``, ``update``), one module per form (``missile``,
``hand``, ``thrown``) with their shared pieces (``pieces``), the BCS preview (``preview``) and the
combat clock (``clock``). The attack itself is built and resolved by the core
(``pycore.systems.aftermath.worksheet``); the tab parses, shows and logs."""
