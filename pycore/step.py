"""One step of a fight as every system logs it (shared/FIGHT.md): the GM's line, the line the
players may see, and the rules the step applied, kept as data beside the text.

The players' side (their window and the phone snapshot) reads only ``public``: a line built from
the step's values by an allow list (names, what was done, hit or miss), never by taking numbers
out of the GM's text. A step with nothing for the players has an empty ``public``.

>>> step = Step("Ana attacks Bo: 2d10 (3, 9) = 12 vs TN 14: success by 2 → hit",
...             public="Ana attacks Bo → hit", rules=("SIM-09",))
>>> entry = log_entry(step, at="2026-01-01T10:00:00Z", seed="")
>>> entry["public"], "SIM-09" in entry["text"]
('Ana attacks Bo → hit', False)
>>> log_entry(Step("Bo holds (TN 12)"))
{'text': 'Bo holds (TN 12)'}
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from pycore.errors import RulekeeperError
from pycore.validate import checked

#: The longest public line kept (a log entry's text has its own, longer limit).
MAX_PUBLIC: Final = 200


@dataclass(frozen=True)
class Step:
    """A logged step: ``text`` for the GM (with its numbers), ``public`` for the players (an
    allow list of what anyone at the table sees; "" for nothing), and ``rules``, the rule IDs
    the step applied, shown only inside the explanation a user opens."""

    text: str
    public: str = ""
    rules: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not isinstance(self.text, str) or not isinstance(self.public, str):
            raise RulekeeperError("a step's text and public line must be words")

    def __str__(self) -> str:
        return self.text


@checked
def log_entry(step: Step, **when: Any) -> dict[str, Any]:
    """The saved log entry of ``step``: its text, its public line (when it has one), its rules
    (when any) and ``when`` (the time, the seed, the turn: each system's own keys)."""
    entry: dict[str, Any] = {"text": step.text, **when}
    if step.public:
        entry["public"] = step.public[:MAX_PUBLIC]
    if step.rules:
        entry["rules"] = list(step.rules)
    return entry


@checked
def verdict(hit: bool, yes: str = "hit", no: str = "miss") -> str:
    """The word players hear for an outcome.

    >>> verdict(True), verdict(False, "success", "failure")
    ('hit', 'failure')
    """
    return yes if hit else no


@checked
def seen(words: str) -> str:
    """A condition or effect as anyone at the table sees it: its name, without the reason in
    brackets; "" when numbers are left (a threshold, a roll), which players do not hear.

    >>> seen("crippled arm (injury over HP/2)"), seen("major wound"), seen("HP 5 → 2")
    ('crippled arm', 'major wound', '')
    """
    name = words.split("(")[0].split(";")[0].strip()
    return "" if any(c.isdigit() for c in name) else name
