"""Whole numbers as the screen, the log and the printed sheet show them: a negative with the true
minus sign (U+2212), as every modifier in the explanations ("stunned −4"), in every system.

Only for what is read: saved data, a field's value, a refusal that echoes what the user typed and
the codecs keep the ASCII "-" they are typed and read back with.

>>> figure(-43), figure(5), signed(-2), signed(3)
('−43', '5', '−2', '+3')
"""

from __future__ import annotations

from pycore.validate import checked

#: The true minus sign a reader expects in front of a negative number.
MINUS = "\N{MINUS SIGN}"


@checked
def figure(value: int) -> str:
    """``value`` as read: ``-5`` shows as ``−5``; zero and positives as ``str`` gives them.

    >>> figure(-5), figure(4), figure(0)
    ('−5', '4', '0')
    """
    return str(value).replace("-", MINUS)


@checked
def signed(value: int, zero: str = "+0") -> str:
    """A modifier as read, always with its sign: ``+3``, ``−3``; zero as ``zero`` (``+0``, as
    Python's ``{:+d}`` gives it, unless the caller's explanation reads better with ``0``).

    >>> signed(3), signed(-3), signed(0), signed(0, zero="0")
    ('+3', '−3', '+0', '0')
    """
    if value == 0:
        return zero
    return f"+{value}" if value > 0 else figure(value)
