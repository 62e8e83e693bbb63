"""The few errors the engine raises.

Every error is a :class:`ValueError`, so ``except ValueError`` catches them all.
Messages quote the input that was wrong and name the rule that was broken;
:attr:`Texas42Error.rule` holds that rule's short name so programs (and the
widgets) can react to it without parsing the sentence.

An action that raises never changes any state.
"""

from __future__ import annotations


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
