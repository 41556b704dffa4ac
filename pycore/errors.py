"""The typed errors of the core. Every one is a ``ValueError``, so callers can catch one class.

>>> issubclass(DiceError, RulekeeperError) and issubclass(RulekeeperError, ValueError)
True
"""


class RulekeeperError(ValueError):
    """Base of every error the core raises on bad input or bad data.

    ``rules`` names the rules the refusal applies, as data: the message says its words
    without rule IDs, and a page shows ``rules`` only inside the explanation a user opens.

    >>> e = RuleError("luck points 3 is outside 5 to 1000", rules=("SIM-10",))
    >>> str(e), e.rules, RuleError("no rule").rules
    ('luck points 3 is outside 5 to 1000', ('SIM-10',), ())
    """

    def __init__(self, *args: object, rules: tuple[str, ...] = ()) -> None:
        super().__init__(*args)
        self.rules = tuple(rules)


class DiceError(RulekeeperError):
    """A dice expression that cannot be parsed or is out of the allowed range."""


class TableError(RulekeeperError):
    """A rule table file that is missing, malformed, out of range or newer than this code."""


class StorageError(RulekeeperError):
    """Saved data that cannot be decoded, belongs to another app or has an unknown schema."""


class RuleError(RulekeeperError):
    """A rule applied to values outside the range the rule text allows."""


class FieldError(RuleError):
    """A value of one field of a form refused: ``field`` names the field (its key in the form),
    so a page shows the refusal beside it; the message names it in the game's words with the
    allowed range."""

    def __init__(self, field: str, message: str, *, rules: tuple[str, ...] = ()) -> None:
        super().__init__(message, rules=rules)
        self.field = field
