"""What one seat may see of a hand: the only thing a computer player is given.

A :class:`SeatView` holds the seat's own dominoes (dealt and still held), the auction,
the contract, the completed tricks the rules let it look at
(:meth:`texas42.Hand.visible_tricks`) and the trick in progress. Nothing about the other
holdings is in it, so a player built on views cannot peek.

>>> from texas42 import Hand, Deal
>>> hand = Hand(Deal.from_seed(2), shaker=3)
>>> view = SeatView.of(hand)
>>> view.seat, view.phase.value, len(view.holding)
(0, 'bidding', 7)
"""

from __future__ import annotations

from dataclasses import dataclass

from ..bidding import PASS
from ..contracts import Contract, tables
from ..dominoes import Domino, DominoSet
from ..hand import Hand, Phase, Trick
from ..rules import Rules


@dataclass(frozen=True)
class SeatView:
    """One seat's view of a hand at the moment it is to act."""

    seat: int
    rules: Rules
    shaker: int
    phase: Phase
    #: The seven dominoes the seat was dealt, and those it still holds (bit masks).
    dealt: int
    held: int
    bidding_order: tuple[int, ...]
    #: Bids so far, in bidding order (``bids[i]`` by ``bidding_order[i]``).
    bids: tuple[int, ...]
    high_bid: int
    bidder: int | None
    #: Who named the contract and leads (the bidder, or its partner after a plunge).
    declarer: int | None
    contract: Contract | None
    #: The seat whose hand sits out (the declarer's partner in nello).
    sitting_out: int | None
    #: Completed tricks the seat may look at (all of them unless the rules turn them down).
    tricks: tuple[Trick, ...]
    #: How many tricks were completed, and how many each side won (public).
    tricks_played: int
    tricks_won: tuple[int, int]
    #: Leader and plays of the trick in progress.
    leader: int
    trick: tuple[Domino, ...]
    #: What the seat may do now.
    legal_bids: tuple[int, ...]
    #: Plunge or splash, when the house rules allow it here.
    legal_special_bids: tuple[str, ...]
    legal_contracts: tuple[Contract, ...]
    legal_plays: tuple[Domino, ...]

    @classmethod
    def of(cls, hand: Hand, seat: int | None = None) -> SeatView:
        """The view of ``seat`` (default: the seat to act)."""
        s = hand.to_act if seat is None else seat
        acting = s == hand.to_act
        return cls(
            seat=s,
            rules=hand.rules,
            shaker=hand.shaker,
            phase=hand.phase,
            dealt=hand.deal.masks[s],
            held=hand.holding(s).mask,
            bidding_order=tuple(hand.bidding_order),
            bids=tuple(hand.bids),
            high_bid=hand.high_bid,
            bidder=hand.bidder,
            declarer=hand.declarer,
            contract=hand.contract,
            sitting_out=hand.sitting_out,
            tricks=tuple(hand.visible_tricks()),
            tricks_played=len(hand.tricks),
            tricks_won=(hand.tricks_won[0], hand.tricks_won[1]),
            leader=hand.leader,
            trick=tuple(hand.current_trick),
            legal_bids=tuple(hand.valid_bids()) if acting else (),
            legal_special_bids=tuple(hand.valid_special_bids()) if acting else (),
            legal_contracts=tuple(hand.valid_contracts()) if acting else (),
            legal_plays=tuple(hand.legal_plays()) if acting else (),
        )

    # -- derived facts ----------------------------------------------------------------
    @property
    def holding(self) -> DominoSet:
        return DominoSet(self.held)

    @property
    def partner(self) -> int:
        return (self.seat + 2) % 4

    @property
    def team(self) -> int:
        return self.seat % 2

    @property
    def forced(self) -> bool:
        return self.phase is Phase.BIDDING and PASS not in self.legal_bids

    def bid_of(self, seat: int) -> int | None:
        """The bid ``seat`` made (``None`` if it has not bid yet)."""
        for i, b in enumerate(self.bids):
            if self.bidding_order[i] == seat:
                return b
        return None

    @property
    def trick_seats(self) -> tuple[int, ...]:
        """The seats in playing order for the trick in progress (three in nello)."""
        order = ((self.leader + i) % 4 for i in range(4))
        return tuple(s for s in order if s != self.sitting_out)

    def current(self) -> Trick:
        """The trick in progress as a :class:`~texas42.Trick` (no winner yet)."""
        seats = self.trick_seats[: len(self.trick)]
        return Trick(self.leader, self.trick, None, 0, seats)

    @property
    def seen(self) -> int:
        """Mask of every domino the seat knows is out of the other hands: its own dealt
        dominoes, those in the visible tricks and those on the table now."""
        mask = self.dealt
        for t in self.tricks:
            for d in t.plays:
                mask |= 1 << d.index
        for d in self.trick:
            mask |= 1 << d.index
        return mask

    def plays_seen(self) -> list[tuple[int, int, Domino]]:
        """(seat, position in its trick, domino) for every play in the tricks the seat
        may look at and in the trick in progress."""
        out = []
        for t in (*self.tricks, self.current()):
            for i, (s, d) in enumerate(zip(t.seats, t.plays, strict=True)):
                out.append((s, i, d))
        return out

    def voids(self) -> dict[int, int]:
        """For each other seat, the mask of suits (bit ``s`` for suit ``s``) it showed it
        cannot follow, in the tricks the seat can see."""
        out = {s: 0 for s in range(4)}
        if self.contract is None or self.contract.kind == "sevens":
            return out
        t = tables(self.contract)
        for trick in (*self.tricks, self.current()):
            if not trick.plays:
                continue
            suit = t.lead[trick.plays[0].index]
            for s, d in zip(trick.seats[1:], trick.plays[1:], strict=True):
                if not t.members[suit] >> d.index & 1:
                    out[s] |= 1 << suit
        return out

    def remaining_count(self, seat: int) -> int:
        """How many dominoes ``seat`` still holds in play (public: everyone sees the hands
        shrink; the hand that sits out in nello holds none in play)."""
        if seat == self.sitting_out:
            return 0
        played_now = seat in self.trick_seats[: len(self.trick)]
        return 7 - self.tricks_played - (1 if played_now else 0)

    @property
    def unseen(self) -> int:
        """Mask of the dominoes the seat has not seen: they are in other hands or were
        played in tricks it may not look at."""
        return ((1 << 28) - 1) & ~self.seen

    def describe(self) -> str:
        held = " ".join(str(d) for d in DominoSet(self.held))
        table = " ".join(str(d) for d in self.trick) or "-"
        return f"seat {self.seat} holds {held}; on the table: {table}"
