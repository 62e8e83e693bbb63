"""What one seat may see of a hand: the only thing a computer player is given.

A :class:`SeatView` holds the seat's own dominoes (dealt and still held; for the bidder
also the widow it took and what it discarded), the auction, the contract, the completed
tricks the rules let it look at (:meth:`texas42.Hand.visible_tricks`) and the trick in
progress, at any table of the rules profiles. Nothing about the other holdings is in it
(nor the widow or the dominoes laid aside, unless the seat took the widow), so a player
built on views cannot peek.

>>> from texas42 import Hand, Deal
>>> hand = Hand(Deal.from_seed(2), shaker=3)
>>> view = SeatView.of(hand)
>>> view.seat, view.phase.value, len(view.holding)
(0, 'bidding', 7)
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from ..bidding import PASS
from ..contracts import Contract, tables
from ..dominoes import Domino, DominoSet
from ..errors import check_count, check_kind, check_seat
from ..hand import Hand, Phase, Trick
from ..rules import Rules


@functools.lru_cache(maxsize=32)
def _in_play(rules: Rules) -> int:
    return rules.layout.mask  # asked for every play: once per profile


@dataclass(frozen=True)
class SeatView:
    """One seat's view of a hand at the moment it is to act."""

    seat: int
    rules: Rules
    shaker: int
    phase: Phase
    #: The dominoes the seat was dealt, and those it still holds (bit masks).
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
    #: How many tricks were completed, and how many each side won (public; one entry per
    #: side of the hand's results: two for partners, else one per seat).
    tricks_played: int
    tricks_won: tuple[int, ...]
    #: Leader and plays of the trick in progress.
    leader: int
    trick: tuple[Domino, ...]
    #: What the seat may do now.
    legal_bids: tuple[int, ...]
    #: Plunge or splash, when the house rules allow it here.
    legal_special_bids: tuple[str, ...]
    legal_contracts: tuple[Contract, ...]
    legal_plays: tuple[Domino, ...]
    #: Only the bidder sees these, once it took the widow: the widow and its discards.
    widow: tuple[Domino, ...] = ()
    discards: tuple[Domino, ...] = ()
    #: The dominoes the bidder may discard now (all it holds, with the widow).
    legal_discards: tuple[Domino, ...] = ()
    #: The points each side (as :attr:`tricks_won`) took in the completed tricks: the
    #: table's score of the hand so far, public.
    points: tuple[int, ...] = ()

    @classmethod
    def of(cls, hand: Hand, seat: int | None = None) -> SeatView:
        """The view of ``seat`` (default: the seat to act)."""
        check_kind(hand, Hand, "a Hand (or a MoonHand) to view", rule="hand")
        s = hand.to_act if seat is None else check_seat(seat, hand.seats)
        acting = s == hand.to_act
        rules = hand.rules
        took_widow = bool(rules.widow) and s == hand.bidder and hand.phase is not Phase.BIDDING
        widow = tuple(DominoSet(hand.deal.masks[hand.seats])) if took_widow else ()
        discarding = acting and hand.next_action == "discard"
        return cls(
            seat=s,
            rules=rules,
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
            tricks_won=tuple(hand.tricks_won),
            leader=hand.leader,
            trick=tuple(hand.current_trick),
            legal_bids=tuple(hand.valid_bids()) if acting else (),
            legal_special_bids=tuple(hand.valid_special_bids()) if acting else (),
            legal_contracts=tuple(hand.valid_contracts()) if acting else (),
            legal_plays=tuple(hand.legal_plays()) if acting else (),
            widow=widow,
            discards=tuple(hand.discards) if took_widow else (),
            legal_discards=tuple(hand.holding(s)) if discarding else (),
            points=tuple(hand.points),
        )

    # -- derived facts ----------------------------------------------------------------
    @property
    def seats(self) -> int:
        return self.rules.seats

    @property
    def holding(self) -> DominoSet:
        return DominoSet(self.held)

    @property
    def kind(self) -> str:
        """What the seat does now: ``"bid"``, ``"discard"``, ``"contract"`` or ``"play"``."""
        if self.phase is Phase.BIDDING:
            return "bid"
        if self.phase is Phase.CONTRACT:
            return "discard" if self.legal_discards else "contract"
        return "play"

    @property
    def team(self) -> int:
        """The seat's side (:meth:`texas42.rules.Rules.side_of`: at 42 seat % 2; each
        for themselves: the seat; the bidder against the rest once there is a bidder)."""
        return self.rules.side_of(self.seat, self.bidder)

    def side(self, seat: int) -> int:
        return self.rules.side_of(seat, self.bidder)

    @property
    def partners(self) -> tuple[int, ...]:
        """The other seats of the seat's side (none when each plays for themselves)."""
        me = self.team
        return tuple(s for s in range(self.seats) if s != self.seat and self.side(s) == me)

    @property
    def partner(self) -> int | None:
        """The seat's one partner (42: across the table), or ``None``."""
        if self.rules.sides == "partners" and self.rules.seats == 4:
            return (self.seat + 2) % 4  # 42's table (asked for every play)
        p = self.partners
        return p[0] if len(p) == 1 else None

    @property
    def is_bidder(self) -> bool:
        return self.seat == self.bidder

    @property
    def bidding_side(self) -> bool:
        """Whether the seat plays on the bidder's side."""
        return self.bidder is not None and self.side(self.bidder) == self.team

    @property
    def forced(self) -> bool:
        return self.phase is Phase.BIDDING and PASS not in self.legal_bids

    def bid_of(self, seat: int) -> int | None:
        """The bid ``seat`` made (``None`` if it has not bid yet)."""
        for i, b in enumerate(self.bids):
            if self.bidding_order[i] == seat:
                return b
        return None

    def bidder_at(self, i: int) -> int:
        """The seat that made ``bids[i]`` (a bid past the round is the forced shaker's)."""
        check_count(i, "bid number", 0, 64, rule="bid")
        return self.bidding_order[i] if i < len(self.bidding_order) else self.shaker

    @property
    def trick_seats(self) -> tuple[int, ...]:
        """The seats in playing order for the trick in progress (in nello the seat that
        sits out is passed over)."""
        n = self.seats
        order = ((self.leader + i) % n for i in range(n))
        return tuple(s for s in order if s != self.sitting_out)

    def current(self) -> Trick:
        """The trick in progress as a :class:`~texas42.Trick` (no winner yet)."""
        seats = self.trick_seats[: len(self.trick)]
        return Trick(self.leader, self.trick, None, 0, seats)

    @property
    def seen(self) -> int:
        """Mask of every domino the seat knows is out of the other hands: its own dealt
        dominoes (the bidder: the widow and its discards too), those in the visible
        tricks and those on the table now."""
        mask = self.dealt
        for d in (*self.widow, *self.discards, *self.trick):
            mask |= 1 << d.index
        for t in self.tricks:
            for d in t.plays:
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
        """For each seat, the mask of suits (bit ``s`` for suit ``s``) it showed it
        cannot follow, in the tricks the seat can see."""
        out = {s: 0 for s in range(self.seats)}
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
        return self.rules.hand_size - self.tricks_played - (1 if played_now else 0)

    @property
    def in_play(self) -> int:
        """Mask of the dominoes of the table (those not taken out)."""
        return _in_play(self.rules)

    @property
    def unseen(self) -> int:
        """Mask of the dominoes of the table the seat has not seen: in other hands, in
        the widow or laid aside, or played in tricks it may not look at."""
        return self.in_play & ~self.seen

    @property
    def tricks_left(self) -> int:
        """Tricks still to be completed (the one in progress included)."""
        return self.rules.hand_size - self.tricks_played

    def describe(self) -> str:
        held = " ".join(str(d) for d in DominoSet(self.held))
        table = " ".join(str(d) for d in self.trick) or "-"
        return f"seat {self.seat} holds {held}; on the table: {table}"


def check_view(view: object) -> SeatView:
    """``view`` when it is a :class:`SeatView` (what a player decides from); else
    :class:`~texas42.errors.InputError` (``rule="view"``)."""
    return check_kind(view, SeatView, "a SeatView (SeatView.of(hand))", rule="view")  # type: ignore[no-any-return]
