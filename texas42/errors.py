"""The few errors the engine raises, and the one check for each kind of argument.

Every error is a :class:`ValueError`, so ``except ValueError`` catches them all.
Messages quote the input that was wrong and name the rule that was broken;
:attr:`Texas42Error.rule` holds that rule's short name so programs (and the
widgets) can react to it without parsing the sentence.

One kind of mistake is one exception type, wherever it is made:

- :class:`InputError`: an argument of the wrong type or out of range (a seat not at
  the table, a count out of its range, a number that is not a whole number, a hand
  where none is given); :class:`UnreadableFileError`, a file that cannot be read;
- :class:`NotationError`: text that does not spell what it should (a domino, a bid,
  a name among a few);
- :class:`IllegalActionError` and its kinds: a well-formed action the rules forbid here;
- :class:`BudgetError`: work that would pass its bound (a position too big to solve
  exactly in time).

The checks below are the only place each kind of argument is checked: every public
function uses them, so the same mistake reads the same everywhere.

>>> check_seat(2, 4)
2
>>> check_seat(True, 4)
Traceback (most recent call last):
...
texas42.errors.InputError: seat True is not a seat 0..3
>>> check_count(3.5, "samples", 1, 100, unit=" deals", rule="samples")
Traceback (most recent call last):
...
texas42.errors.InputError: samples 3.5 is out of range: 1 to 100 deals

An action that raises never changes any state.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from itertools import islice
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the checks import these lazily: they import this module
    from .contracts import Suit
    from .dominoes import DominoSet
    from .rules import Rules

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
    # repr() escapes control characters in str, but not inside other objects' reprs
    # (escaped here, the head only: a million characters are not walked one by one).
    size = len(value) if isinstance(value, str) else len(text)  # text: as given
    shown = "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in text[:limit + 1])
    if len(text) > limit or len(shown) > limit:
        return f"{shown[:limit]}... ({size} characters)"
    return shown


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


class UnreadableFileError(InputError):
    """A file the commands were given that cannot be read (missing, a folder, no
    permission): the input was never seen, so ``texas42`` exits 1, not 2."""

    def __init__(self, message: str, *, rule: str = "file") -> None:
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


class BudgetError(Texas42Error):
    """Work that would pass its bound: a position too big to solve exactly within the
    solver's budget (:data:`texas42.analysis.solver.SOLVE_BUDGET`). Refused at once, so
    a strange table answers in seconds instead of running for minutes."""

    def __init__(self, message: str, *, rule: str = "budget") -> None:
        super().__init__(message, rule=rule)


# -- the one check for each kind of argument ----------------------------------------------
def is_whole(value: object) -> bool:
    """Whether ``value`` is a whole number (an ``int``; a bool is not one)."""
    return isinstance(value, int) and not isinstance(value, bool)


def check_seat(value: object, seats: int, name: str = "seat") -> int:
    """``value`` when it is a seat of a table of ``seats`` (a whole number
    ``0..seats-1``); else :class:`InputError` ``rule="seat"``, naming it ``name``
    (``"seat"``, ``"shaker"``, ``"leader"`` ...)."""
    if not is_whole(value) or not 0 <= value < seats:  # type: ignore[operator]
        raise InputError(f"{name} {quote(value)} is not a seat 0..{seats - 1}", rule="seat")
    return value  # type: ignore[return-value]


def check_count(value: object, name: str, low: int = 1, high: int | None = None, *,
                unit: str = "", rule: str = "count") -> int:
    """``value`` when it is a whole number in ``low..high`` (no top when ``high`` is
    None); else :class:`InputError` with ``rule``. ``unit`` follows the range in the
    message (``" deals"``)."""
    if is_whole(value) and value >= low and (high is None or value <= high):  # type: ignore[operator]
        return value  # type: ignore[return-value]
    top = f"{low} to {high}{unit}" if high is not None else f"at least {low}{unit}"
    raise InputError(f"{name} {quote(value)} is out of range: {top}", rule=rule)


def check_whole(value: object, name: str, rule: str = "number") -> int:
    """``value`` when it is a whole number of any size (a target, a seed); else
    :class:`InputError` with ``rule`` (NaN, a float, text ... are refused at once)."""
    if not is_whole(value):
        raise InputError(f"{name} {quote(value)} is not a whole number", rule=rule)
    return value  # type: ignore[return-value]


#: The largest seed: 30 digits (the command line's limit too), so a seed is hashed and
#: printed at once (a seed of thousands of digits cannot even be turned into text).
MAX_SEED = 10**30 - 1


def check_seed(value: object, name: str = "seed", *, optional: bool = False,
               text: bool = False) -> Any:
    """``value`` when it is a seed: a whole number ``0..MAX_SEED`` (``None`` too when
    ``optional``: an unseeded run; text too when ``text``: a deal's seed may be a word);
    else :class:`InputError` ``rule="seed"``. Any other object is refused: ``object()``
    would seed differently on every run, and Python's generator shakes -N as N."""
    if (value is None and optional) or (text and isinstance(value, str)):
        return value
    if not is_whole(value) or not 0 <= value <= MAX_SEED:  # type: ignore[operator]
        raise InputError(f"{name} {quote(value)} is not a seed: a whole number 0 to "
                         f"{MAX_SEED} (30 digits){' or text' if text else ''}", rule="seed")
    return value


def check_text(value: object, name: str, longest: int = 200, rule: str = "input") -> str:
    """``value`` when it is text of at most ``longest`` characters (a name, an option,
    a choice); else :class:`InputError` with ``rule`` (quoting it short)."""
    if not isinstance(value, str) or len(value) > longest:
        what = ("not text" if not isinstance(value, str)
                else f"longer than {longest} characters")
        raise InputError(f"{name} {quote(value)} is {what}", rule=rule)
    return value


def check_items(value: object, name: str, longest: int, rule: str = "input") -> list[Any]:
    """``value``'s items, as a list, when it is a list, tuple or other iterable (not text)
    of at most ``longest`` items; else :class:`InputError` with ``rule``. An endless
    iterator is read no further than ``longest + 1`` items."""
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise InputError(f"{name} {quote(value)} is not a list", rule=rule)
    items = list(islice(value, longest + 1))
    if len(items) > longest:
        raise InputError(f"{name} has more than {longest} items", rule=rule)
    return items


def check_suit(value: object) -> Suit:
    """``value`` as a :class:`~texas42.contracts.Suit` (a suit or its number 0..8); else
    :class:`InputError` ``rule="suit"``."""
    from .contracts import Suit

    if not is_whole(value) or not 0 <= value <= max(Suit):  # type: ignore[operator]
        raise InputError(f"suit {quote(value)} is not a suit 0..{int(max(Suit))} "
                         "(6 sixes ... 0 blanks, 7 doubles, 8 trumps)", rule="suit")
    return Suit(value)  # type: ignore[arg-type]


def check_progress(progress: object) -> Any:
    """``progress`` when it is ``None`` or a function to call; else
    :class:`InputError` (``rule="progress"``)."""
    if progress is not None and not callable(progress):
        raise InputError(f"progress {quote(progress)} is not a function to call",
                         rule="progress")
    return progress


def check_choice(value: object, name: str, choices: Collection[str], rule: str) -> str:
    """``value`` when it is one of the names ``choices``; else :class:`NotationError`
    with ``rule``, listing them."""
    if not isinstance(value, str) or value not in choices:
        raise NotationError(f"{quote(value)} is not a {name}: {', '.join(choices)}", rule=rule)
    return value


def check_kind(value: object, kinds: type | tuple[type, ...], needs: str,
               rule: str = "input") -> Any:
    """``value`` when it is an instance of ``kinds`` (a hand, a player, rules ...); else
    :class:`InputError` with ``rule``: ``needs`` says what was wanted (``"a Hand,
    HandRecord or Position to solve"``)."""
    if not isinstance(value, kinds):
        raise InputError(f"give {needs}, not {_kind_of(value)}", rule=rule)
    return value


def _kind_of(value: object) -> str:
    return "None" if value is None else f"{type(value).__name__} {quote(value)}"


def check_rules(value: object) -> Rules:
    """``value`` as rules: a :class:`~texas42.rules.Rules` profile as it is, a preset's
    name as that preset; else :class:`NotationError` ``rule="rules"``."""
    from .rules import Rules

    return value if isinstance(value, Rules) else Rules.preset(value)  # type: ignore[arg-type]


def check_dominoes(value: object, name: str = "hand", size: int | None = None) -> DominoSet:
    """``value`` as a set of dominoes (text like ``"6-4 5-5"``, a list of dominoes or a
    mask: :class:`~texas42.dominoes.DominoSet`), of exactly ``size`` dominoes if given;
    else :class:`NotationError` (``rule="domino"``, or ``"hand"`` for the wrong number)."""
    from .dominoes import DominoSet

    got = value if isinstance(value, DominoSet) else DominoSet(value)  # type: ignore[arg-type]
    if size is not None and len(got) != size:
        raise NotationError(f"a {name} has {size} dominoes, got {len(got)}", rule="hand")
    return got
