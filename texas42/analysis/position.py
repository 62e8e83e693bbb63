"""A position in the play of a hand with every holding known: what the solver searches.

>>> from texas42 import Deal
>>> p = Position.from_deal(Deal.from_seed(1), "sixes", leader=0)
>>> p.to_act, len(p.legal_plays()), p.remaining_points
(0, 7, 42)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from ..contracts import Contract
from ..deals import Deal
from ..dominoes import Domino, DominoLike, DominoSet, sorted_dominoes, to_domino
from ..errors import IllegalPlayError, NotationError
from ..hand import Hand, Phase
from ..records import HandRecord
from ..rules import SevensTie, sevens_tie_side
from ..tricks import explain_play
from ._tables import FastTables, fast_tables, mask_count


@dataclass(frozen=True)
class Position:
    """All four holdings, the contract, who led the trick in progress and what was played
    to it. ``points`` are what each side (seats 0+2, seats 1+3) took in completed tricks.

    ``out`` is the seat that sits out (the nello bidder's partner), else ``None``.
    ``bidder`` and ``bid`` are kept when known (for :func:`can_make`). ``sevens_tie``
    is the rules' ``sevens_tie`` (who wins a tie in sevens).
    """

    hands: tuple[int, int, int, int]
    contract: Contract
    leader: int
    trick: tuple[Domino, ...] = ()
    points: tuple[int, int] = (0, 0)
    bidder: int | None = None
    bid: int | None = None
    out: int | None = None
    sevens_tie: SevensTie = "bidder"
    _fast: FastTables = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_fast", fast_tables(self.contract))
        if self.out is not None and self.hands[self.out]:
            raise ValueError(f"seat {self.out} sits out but holds dominoes")

    # -- construction ---------------------------------------------------------------
    @classmethod
    def from_hand(cls, hand: Hand) -> Position:
        """The position of a hand in its play phase (or over: then nothing is left to play
        only if all seven tricks were played)."""
        if hand.contract is None:
            raise NotationError("the hand has no contract yet: there is no play to solve",
                                rule="contract-missing")
        # In nello the declarer's partner sits out: its dominoes are never played.
        masks = tuple(0 if s == hand.sitting_out else hand.holding(s).mask for s in range(4))
        return cls(
            hands=(masks[0], masks[1], masks[2], masks[3]),
            contract=hand.contract,
            leader=hand.leader,
            trick=tuple(hand.current_trick),
            points=(hand.points[0], hand.points[1]),
            bidder=hand.bidder,
            bid=hand.high_bid if hand.bidder is not None else None,
            out=hand.sitting_out,
            sevens_tie=hand.rules.sevens_tie,
        )

    @classmethod
    def from_record(cls, record: HandRecord) -> Position:
        """Replay ``record`` (checking every action) with every trick played out, so a
        record may go on after the result was decided."""
        return cls.from_hand(replay_full(record))

    @classmethod
    def from_deal(
        cls,
        deal: Deal | str,
        contract: Contract | str,
        *,
        leader: int = 0,
        plays: Iterable[DominoLike] = (),
        bidder: int | None = None,
        bid: int | None = None,
        out: int | None = None,
        sevens_tie: SevensTie = "bidder",
    ) -> Position:
        """The first lead of ``deal`` in ``contract`` by ``leader``, then ``plays``
        (checked). For nello, ``out`` (the partner of the bidder) defaults to
        ``leader``'s partner."""
        d = deal if isinstance(deal, Deal) else Deal.from_code(deal)
        c = contract if isinstance(contract, Contract) else Contract.parse(contract)
        if c.kind == "nello" and out is None:
            out = (leader + 2) % 4
        masks = list(d.masks)
        if out is not None:
            masks[out] = 0
        p = cls((masks[0], masks[1], masks[2], masks[3]), c, leader,
                bidder=leader if bidder is None else bidder, bid=bid, out=out,
                sevens_tie=sevens_tie)
        for x in plays:
            p = p.play(x)
        return p

    # -- reading --------------------------------------------------------------------
    @property
    def seats(self) -> tuple[int, ...]:
        """The seats in playing order from the leader (three in nello)."""
        return tuple(s for s in ((self.leader + i) % 4 for i in range(4)) if s != self.out)

    @property
    def bidding_team(self) -> int:
        """The bidding side (the bidder's; the leader's when no bidder is known): in
        sevens a tie goes to it."""
        return (self.bidder if self.bidder is not None else self.leader) % 2

    @property
    def tie_team(self) -> int | None:
        """The side a tie in sevens goes to (``None``: the first played), by the rules."""
        return sevens_tie_side(self.sevens_tie, self.bidding_team)

    @property
    def trick_size(self) -> int:
        return 3 if self.out is not None else 4

    @property
    def to_act(self) -> int:
        return self.seats[len(self.trick)]

    @property
    def is_over(self) -> bool:
        return not any(self.hands) and not self.trick

    @property
    def tricks_left(self) -> int:
        """Tricks still to complete, the one in progress included."""
        return max(h.bit_count() for h in self.hands)

    @property
    def remaining_points(self) -> int:
        """Points still to be won: one per trick left plus the count not yet taken (the
        count on the table in the trick in progress included)."""
        rest = self.hands[0] | self.hands[1] | self.hands[2] | self.hands[3]
        table = sum(d.count for d in self.trick)
        return self.tricks_left + mask_count(rest) + table

    def holding(self, seat: int) -> DominoSet:
        return DominoSet(self.hands[seat])

    def legal_mask(self) -> int:
        first = self.trick[0].index if self.trick else -1
        return self._fast.legal(self.hands[self.to_act], first)

    def legal_plays(self) -> list[Domino]:
        """The dominoes the player to act may play, as people hold them (6-6 first)."""
        if self.is_over:
            return []
        return sorted_dominoes(self.legal_mask())

    # -- moving ---------------------------------------------------------------------
    def play(self, domino: DominoLike) -> Position:
        """The position after the player to act plays ``domino`` (checked)."""
        d = to_domino(domino)
        if self.is_over:
            raise IllegalPlayError(f"{d} cannot be played: the hand is over", rule="play-timing")
        seat = self.to_act
        if not self.hands[seat] >> d.index & 1:
            raise IllegalPlayError(
                f"seat {seat} does not hold {d} (holds {self.holding(seat)})", rule="not-held"
            )
        if not self.legal_mask() >> d.index & 1:
            why = explain_play(d, self.hands[seat], list(self.trick), self.contract)
            raise IllegalPlayError(f"seat {seat} cannot play {d}: {why}", rule="follow-suit")
        hands = list(self.hands)
        hands[seat] ^= 1 << d.index
        trick = (*self.trick, d)
        leader, points = self.leader, self.points
        if len(trick) == self.trick_size:
            seats = self.seats
            pos = self._fast.winner_pos([x.index for x in trick], seats, self.tie_team)
            winner = seats[pos]
            won = 1 + sum(x.count for x in trick)
            pts = [points[0], points[1]]
            pts[winner & 1] += won
            points = (pts[0], pts[1])
            leader, trick = winner, ()
        return Position(
            (hands[0], hands[1], hands[2], hands[3]), self.contract, leader, trick, points,
            self.bidder, self.bid, self.out, self.sevens_tie,
        )

    def __str__(self) -> str:
        lines = [f"{self.contract}; seat {self.leader} led" + (
            f": {' '.join(str(d) for d in self.trick)}" if self.trick else ""
        ) + f"; seat {self.to_act if not self.is_over else '-'} to play"]
        for s in range(4):
            lines.append(f"seat {s}: {self.holding(s)}")
        return "\n".join(lines)


def replay_full(record: HandRecord) -> Hand:
    """Replay a record (checking every action); a hand that ended early is played on
    (see :meth:`texas42.Hand.play_out`), so the position is where the record stops."""
    hand = record.replay()
    if hand.phase not in (Phase.PLAYING, Phase.OVER):
        raise NotationError(
            f"the record stops in the {hand.phase.value} phase: give the bids and the contract "
            "to solve the play", rule="contract-missing")
    if hand.phase is Phase.OVER and len(hand.tricks) < 7:
        hand.play_out()
    return hand


def as_position(source: Position | Hand | HandRecord) -> Position:
    """A :class:`Position` from a position, a hand or a hand record."""
    if isinstance(source, Position):
        return source
    if isinstance(source, Hand):
        # A hand that stopped early is solved on to the seventh trick.
        return Position.from_hand(source)
    if isinstance(source, HandRecord):
        return Position.from_record(source)
    raise TypeError(f"cannot solve a {type(source).__name__}: give a Hand, HandRecord or Position")
