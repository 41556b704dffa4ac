"""Parser of dice expressions: every form the rule texts use, every error, and fuzzing."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pycore.dice import (
    MAX_CONSTANT,
    MAX_DICE,
    MAX_EXPR_LENGTH,
    MAX_FACES,
    Constant,
    Dice,
    DiceExpr,
    Keep,
    Scale,
    Term,
    parse,
    validate,
)
from pycore.errors import DiceError, RulekeeperError


def dice(count: int, faces: int, keep: Keep | None = None, text: str = "") -> Dice:
    return Dice(count, faces, keep, text)


def only_term(expr: str) -> Term:
    parsed = parse(expr)
    assert len(parsed.terms) == 1
    return parsed.terms[0]


def test_limits() -> None:
    assert (MAX_DICE, MAX_FACES, MAX_EXPR_LENGTH, MAX_CONSTANT) == (1000, 1000, 200, 1_000_000)


@pytest.mark.parametrize(
    ("expr", "count", "faces", "keep"),
    [
        ("3d6", 3, 6, None),
        ("d20", 1, 20, None),
        ("D20", 1, 20, None),
        ("1d10", 1, 10, None),
        ("d%", 1, 100, None),
        ("2d%", 2, 100, None),
        ("d100", 1, 100, None),
        ("3d", 3, 6, None),  # GURPS: a bare d has six faces
        ("d", 1, 6, None),
        ("4d6kh3", 4, 6, Keep(True, 3)),
        ("4D6KH3", 4, 6, Keep(True, 3)),
        ("4d6k3", 4, 6, Keep(True, 3)),
        ("4d6kl1", 4, 6, Keep(False, 1)),
        ("2d20kh1", 2, 20, Keep(True, 1)),
        ("2d%kl1", 2, 100, Keep(False, 1)),
        ("3dk2", 3, 6, Keep(True, 2)),
        ("1:100sd", 1, 100, None),  # the percentile text's N:Msd
        ("1:10sd", 1, 10, None),
        ("3:10SD", 3, 10, None),
        ("1000d1000", 1000, 1000, None),
        ("0003d06", 3, 6, None),  # leading zeros are only zeros
    ],
)
def test_dice_forms(expr: str, count: int, faces: int, keep: Keep | None) -> None:
    term = only_term(expr)
    assert isinstance(term.atom, Dice)
    assert (term.atom.count, term.atom.faces, term.atom.keep) == (count, faces, keep)
    assert term.atom.text == expr
    assert (term.sign, term.scales) == (1, ())


def test_gurps_bare_d_then_modifier() -> None:
    # "2d-1" is 2d6 minus 1, not a die with -1 faces.
    assert parse("2d-1").terms == (
        Term(1, dice(2, 6, text="2d"), ()),
        Term(-1, Constant(1), ()),
    )
    assert parse("1d+2").terms == (Term(1, dice(1, 6, text="1d"), ()), Term(1, Constant(2), ()))
    assert parse("6d-1").terms[0].atom == dice(6, 6, text="6d")


def test_percentile_with_modifier() -> None:
    assert parse("1:10sd+13").terms == (
        Term(1, dice(1, 10, text="1:10sd"), ()),
        Term(1, Constant(13), ()),
    )
    assert parse("4:10sd+7").terms[0].atom == dice(4, 10, text="4:10sd")


def test_signs_and_constants() -> None:
    assert parse("-1d4+2-3").terms == (
        Term(-1, dice(1, 4, text="1d4"), ()),
        Term(1, Constant(2), ()),
        Term(-1, Constant(3), ()),
    )
    assert parse("+5").terms == (Term(1, Constant(5), ()),)
    assert parse("0").terms == (Term(1, Constant(0), ()),)
    assert parse(str(MAX_CONSTANT)).terms[0].atom == Constant(MAX_CONSTANT)


@pytest.mark.parametrize("op", ["*", "×", "x", "X"])
def test_multiply_spellings(op: str) -> None:
    assert only_term(f"2d6{op}3").scales == (Scale(True, 3),)


@pytest.mark.parametrize("op", ["/", "÷"])
def test_divide_spellings(op: str) -> None:
    assert only_term(f"1d10{op}2").scales == (Scale(False, 2),)


def test_scales_chain_left_to_right() -> None:
    assert only_term("1d10/2*3").scales == (Scale(False, 2), Scale(True, 3))
    assert only_term("5*2").atom == Constant(5)


def test_whitespace_is_ignored_between_tokens() -> None:
    parsed = parse("  4 d 6 k h 3 +\t1 : 10 s d * 2 ")
    assert parsed.text == "4 d 6 k h 3 +\t1 : 10 s d * 2"
    assert parsed.terms == (
        Term(1, dice(4, 6, Keep(True, 3), "4d6kh3"), ()),
        Term(1, dice(1, 10, text="1:10sd"), (Scale(True, 2),)),
    )
    assert parse("2d6\u00a0+\u20033") == DiceExpr("2d6\u00a0+\u20033", parse("2d6+3").terms)


def test_dice_count_property() -> None:
    assert parse("4d6kh3+2d8-1+1:10sd").dice_count == 7
    assert parse("7").dice_count == 0


def test_validate() -> None:
    assert validate("2d6+3") is None
    assert validate("2d6+") == "the expression ends with '+'; put a number or dice after it"


# --- errors -------------------------------------------------------------------------------


def error(expr: object) -> str:
    with pytest.raises(DiceError) as caught:
        parse(expr)  # type: ignore[arg-type]
    assert isinstance(caught.value, RulekeeperError)
    assert isinstance(caught.value, ValueError)
    return str(caught.value)


@pytest.mark.parametrize("expr", ["", "   ", "\t\n"])
def test_empty(expr: str) -> None:
    assert error(expr) == "enter a dice expression, e.g. 3d6+2"


def test_not_text() -> None:
    assert error(None) == "a dice expression must be text, got NoneType"
    assert error(36) == "a dice expression must be text, got int"


def test_too_long() -> None:
    ok = "+".join(["1"] * 100)  # 199 characters
    assert parse(ok).terms[-1].atom == Constant(1)
    message = error(ok + "+1")
    assert message == "the expression is 201 characters long; the limit is 200"
    assert error("1" * 4000) == "the expression is 4000 characters long; the limit is 200"
    assert "limit is 200" in error(str(10**400))


@pytest.mark.parametrize(
    ("expr", "message"),
    [
        ("1d0", "a die needs 1 to 1000 faces, got 0 in '1d0'"),
        ("2d1001", "a die needs 1 to 1000 faces, got 1001 in '2d1001'"),
        ("1:0sd", "a die needs 1 to 1000 faces, got 0 in '1:0sd'"),
        ("0d6", "dice count must be 1 to 1000, got 0 in '0d6'"),
        ("1001d6", "dice count must be 1 to 1000, got 1001 in '1001d6'"),
        ("0:10sd", "dice count must be 1 to 1000, got 0 in '0:10sd'"),
        (
            "600d6+401d4",
            "too many dice: 1001 in all; an expression may roll 1 to 1000 dice",
        ),
        (
            "4d6kh5",
            "cannot keep 5 of 4 dice in '4d6kh5'; the keep count must be 1 to 4",
        ),
        (
            "4d6kh0",
            "cannot keep 0 of 4 dice in '4d6kh0'; the keep count must be 1 to 4",
        ),
        ("d20k2", "cannot keep 2 of 1 dice in 'd20k2'; the keep count must be 1 to 1"),
        ("1d6/0", "cannot divide by 0 at position 5; a divisor must be 1 to 1000000"),
        ("1d6 ÷ 0", "cannot divide by 0 at position 7; a divisor must be 1 to 1000000"),
        ("1d6*0", "a multiplier must be 1 to 1000000, got 0"),
        ("1d6*1000001", "a multiplier must be 1 to 1000000, got 1000001"),
        ("1d6/1000001", "a divisor must be 1 to 1000000, got 1000001"),
        ("1000001", "a number must be 0 to 1000000, got 1000001"),
    ],
)
def test_range_errors(expr: str, message: str) -> None:
    assert error(expr) == message


@pytest.mark.parametrize(
    ("expr", "message"),
    [
        ("2d6+", "the expression ends with '+'; put a number or dice after it"),
        ("2d6-", "the expression ends with '-'; put a number or dice after it"),
        ("-", "the expression ends with '-'; put a number or dice after it"),
        ("2d6*", "the expression ends with '*'; put a whole number after it"),
        ("1d10/", "the expression ends with '/'; put a whole number after it"),
        (
            "2d6++3",
            "two operators in a row: '+' at position 5 follows '+'; "
            "put a number or dice between them",
        ),
        (
            "1d6 + - 2",
            "two operators in a row: '-' at position 7 follows '+'; "
            "put a number or dice between them",
        ),
        (
            "--3",
            "two operators in a row: '-' at position 2 follows '-'; "
            "put a number or dice between them",
        ),
        ("*3", "expected a number or dice at position 1, got '*'"),
        ("2d6*d4", "expected a whole number after '*' at position 5, got 'd'"),
        (
            "2d6 3",
            "a space separates two numbers at position 4; join the digits or put an "
            "operator (+, -, × or ÷) between them",
        ),
        (
            "1 0d6",
            "a space separates two numbers at position 2; join the digits or put an "
            "operator (+, -, × or ÷) between them",
        ),
        ("2dd6", "expected an operator (+, -, × or ÷) at position 3, got 'd'"),
        ("4d6kh", "expected how many dice to keep, e.g. 4d6kh3, but the expression ends"),
        ("4d6kx3", "expected how many dice to keep, e.g. 4d6kh3 at position 5, got 'x'"),
        ("1:10", "expected 'sd' after '1:10', e.g. 1:10sd, but the expression ends"),
        ("1:10s", "expected 'sd' after '1:10', e.g. 1:10sd, but the expression ends"),
        ("1:10d", "expected 'sd' after '1:10', e.g. 1:10sd at position 5, got 'd'"),
        ("1:sd", "expected the number of faces after '1:', e.g. 1:10sd at position 3, got 's'"),
        ("X:10sd+3", "expected a number or dice at position 1, got 'X'"),
        ("5%", "expected an operator (+, -, × or ÷) at position 2, got '%'"),
        ("h", "expected a number or dice at position 1, got 'h'"),
    ],
)
def test_syntax_errors(expr: str, message: str) -> None:
    assert error(expr) == message


@pytest.mark.parametrize(
    ("expr", "char", "position"),
    [
        ("1d6 $", "'$'", 5),
        ("2d6+3!", "'!'", 6),
        ("(2d6)", "'('", 1),
        ("2d6^2", "'^'", 4),
        ("\x00", "'\\x00'", 1),
        ("٣d6", "'٣'", 1),  # int() would accept this Arabic-Indic three: only ASCII digits count
        ("1d²", "'²'", 3),  # str.isdigit() is true here but int() rejects it
        ("1d6 + é", "'é'", 7),
    ],
)
def test_unknown_characters(expr: str, char: str, position: int) -> None:
    message = error(expr)
    assert message.startswith(f"unknown character {char} at position {position}; ")
    assert "digits, d, %, k/kh/kl, N:Msd" in message


@pytest.mark.parametrize(
    "expr",
    [
        "9" * 150,
        "9" * 20 + "d6",
        "1d" + "9" * 30,
        "4d6kh" + "9" * 50,
        "1d6*" + "9" * 60,
        "1:" + "9" * 60 + "sd",
    ],
)
def test_absurdly_long_numbers(expr: str) -> None:
    message = error(expr)
    assert "is too large; no number in a dice expression may exceed 1000000" in message
    assert "…" in message  # the number is shortened, not echoed whole


# --- fuzzing ------------------------------------------------------------------------------

# Pieces the grammar is made of, plus near misses: large and zero numbers, stray letters.
TOKENS = [
    *"0123456789",
    "10",
    "20",
    "100",
    "1000",
    "1001",
    "0",
    "9" * 9,
    "d",
    "D",
    "%",
    "k",
    "kh",
    "kl",
    "K",
    "h",
    "l",
    ":",
    "sd",
    "s",
    "+",
    "-",
    "*",
    "x",
    "×",
    "/",
    "÷",
    " ",
    "\t",
    "(",
    "!",
    "٣",
    "²",
]


@st.composite
def near_valid(draw: st.DrawFn) -> str:
    """Mostly well-formed expressions, some with a token dropped, doubled or swapped."""
    terms = []
    for _ in range(draw(st.integers(1, 4))):
        kind = draw(st.sampled_from(["dice", "gurps", "pct", "const", "percent"]))
        n = draw(st.integers(0, 1200))
        m = draw(st.integers(0, 1200))
        if kind == "dice":
            term = f"{n}d{m}" + draw(st.sampled_from(["", "kh2", "kl1", "k3", "kh0", "kh9"]))
        elif kind == "gurps":
            term = f"{n}d"
        elif kind == "pct":
            term = f"{n}:{m}sd"
        elif kind == "percent":
            term = "d%"
        else:
            term = str(n * 1000)
        term += draw(st.sampled_from(["", "*2", "/2", "/0", "x3", "÷4", "*"]))
        terms.append(term)
    text = draw(st.sampled_from(["", "-", "+"])) + draw(st.sampled_from(["+", "-"])).join(terms)
    mutation = draw(st.integers(0, 3))
    if mutation and text:
        at = draw(st.integers(0, len(text) - 1))
        token = draw(st.sampled_from(TOKENS))
        if mutation == 1:
            text = text[:at] + text[at + 1 :]
        elif mutation == 2:
            text = text[:at] + token + text[at:]
        else:
            text = text[:at] + token + text[at + 1 :]
    return text


def parses_or_dice_error(expr: str) -> None:
    try:
        parsed = parse(expr)
    except DiceError as caught:
        assert str(caught)
        assert validate(expr) == str(caught)
        return
    assert validate(expr) is None
    assert parsed.text == expr.strip()
    assert 0 <= parsed.dice_count <= MAX_DICE
    for term in parsed.terms:
        assert term.sign in (1, -1)
        if isinstance(term.atom, Dice):
            assert 1 <= term.atom.count <= MAX_DICE
            assert 1 <= term.atom.faces <= MAX_FACES
            keep = term.atom.keep
            assert keep is None or 1 <= keep.count <= term.atom.count
        else:
            assert 0 <= term.atom.value <= MAX_CONSTANT
        assert all(1 <= s.factor <= MAX_CONSTANT for s in term.scales)


@settings(max_examples=300)
@given(st.text())
def test_any_text_parses_or_raises_dice_error(expr: str) -> None:
    parses_or_dice_error(expr)


@settings(max_examples=300)
@given(st.lists(st.sampled_from(TOKENS), max_size=30).map("".join))
def test_token_soup_parses_or_raises_dice_error(expr: str) -> None:
    parses_or_dice_error(expr)


@settings(max_examples=300)
@given(near_valid())
def test_near_valid_parses_or_raises_dice_error(expr: str) -> None:
    parses_or_dice_error(expr)
