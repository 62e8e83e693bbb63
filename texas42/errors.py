"""The few errors the engine raises.

Every error is a :class:`ValueError`, so ``except ValueError`` catches them all.
Messages quote the input that was wrong and name the rule that was broken;
:attr:`Texas42Error.rule` holds that rule's short name so programs (and the
widgets) can react to it without parsing the sentence.

An action that raises never changes any state.
"""

from __future__ import annotations

from typing import Any

#: How much of an input a message quotes (longer input is cut, its length said).
QUOTE_LIMIT = 60


def quote(value: Any, limit: int = QUOTE_LIMIT) -> str:
    r"""The one way messages quote input: ``repr``-like, control characters and
    terminal escapes shown escaped, cut to ``limit`` characters with the length said.

    >>> print(quote("6-4"), quote({"\x1b[2J": 1}))
    '6-4' {'\x1b[2J': 1}
    >>> print(quote("x" * 100))
    'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx... (100 characters)
    >>> print(quote(10**5000), "/", quote(list(range(1000))))
    an integer of 5001 digits / a list of 1000 items
    """
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 200:
        # repr() of a huge int is slow, and refused past 4300 digits.
        digits = len(str(abs(value))) if value.bit_length() < 14000 else _digits(value)
        return f"an integer of {digits} digits"
    if isinstance(value, (list, tuple, dict, set)) and len(value) > limit:
        kind = type(value).__name__
        return f"a {kind} of {len(value)} items"
    try:
        text = repr(value)
    except (ValueError, RecursionError):  # a nested or huge structure
        return f"a {type(value).__name__} too large to show"
    # repr() escapes control characters in str, but not inside other objects' reprs.
    text = "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in text)
    if len(text) > limit:
        size = len(value) if isinstance(value, str) else len(text)  # text: as given
        return f"{text[:limit]}... ({size} characters)"
    return text


def _digits(value: int) -> int:
    """Decimal digits of a huge int without converting it (off by at most one)."""
    from math import log10

    return int(abs(value).bit_length() * log10(2)) + 1



class Texas42Error(ValueError):
    """Base class of every error raised by :mod:`texas42`.

    ``rule`` is a short, stable name of the rule involved (``"follow-suit"``,
    ``"bid-too-low"``, ``"notation"`` ...).
    """

    def __init__(self, message: str, *, rule: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.rule = rule


class NotationError(Texas42Error):
    """Text that does not spell what it should: a domino, a bid, a contract, a
    deal code or a hand record."""

    def __init__(self, message: str, *, rule: str = "notation") -> None:
        super().__init__(message, rule=rule)


class InputError(Texas42Error):
    """A value of the wrong type or out of range given to the API: a step past the
    history, a seat that is not at the table, a mask of no dominoes."""

    def __init__(self, message: str, *, rule: str = "input") -> None:
        super().__init__(message, rule=rule)


class IllegalActionError(Texas42Error):
    """An action that is well formed but not allowed at this point of the hand."""

    kind = "action"


class IllegalBidError(IllegalActionError):
    """A bid the auction does not allow here."""

    kind = "bid"


class IllegalContractError(IllegalActionError):
    """A contract (trumps) the bidder may not name here."""

    kind = "contract"


class IllegalPlayError(IllegalActionError):
    """A domino that may not be played here."""

    kind = "play"
