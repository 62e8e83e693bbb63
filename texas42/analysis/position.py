"""A position in the play of a hand with every holding known: what the solver searches.

>>> from texas42 import Deal
>>> p = Position.from_deal(Deal.from_seed(1), "sixes", leader=0)
>>> p.to_act, len(p.legal_plays()), p.remaining_points
(0, 7, 42)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from ..contracts import Contract
from ..deals import Deal
from ..dominoes import Domino, DominoLike, DominoSet, sorted_dominoes, to_domino
from ..errors import (
    IllegalActionError,
    IllegalPlayError,
    InputError,
    NotationError,
    check_choice,
    check_items,
    check_kind,
    check_seat,
    check_whole,
    is_whole,
    quote,
)
from ..hand import Hand, Phase
from ..moon import MoonHand, is_moon_rules
from ..records import HandRecord
from ..rules import SevensTie, sevens_tie_side
from ..tricks import explain_play
from ._tables import FastTables, fast_tables, mask_count
from .shape import FORTY_TWO, TableShape, moon_shape, shape_of


@dataclass(frozen=True)
class Position:
    """Every holding, the contract, who led the trick in progress and what was played
    to it, at a table of any shape (``table``: 42's four seats unless said). ``points``
    are what each side took in completed tricks (in 42: seats 0+2, seats 1+3; see
    :class:`~texas42.analysis.shape.TableShape`).

    ``out`` is the seat that sits out (the nello bidder's partner), else ``None``.
    ``bidder`` and ``bid`` are kept when known (for :func:`can_make`). ``sevens_tie``
    is the rules' ``sevens_tie`` (who wins a tie in sevens).
    """

    hands: tuple[int, ...]
    contract: Contract
    leader: int
    trick: tuple[Domino, ...] = ()
    points: tuple[int, int] = (0, 0)
    bidder: int | None = None
    bid: int | None = None
    out: int | None = None
    table: TableShape = FORTY_TWO
    sevens_tie: SevensTie = "bidder"
    _fast: FastTables = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        self._check_fields()
        object.__setattr__(self, "_fast", fast_tables(self.contract))
        n = self.table.seats
        if len(self.hands) != n:
            raise InputError(f"a table of {n} seats needs {n} holdings, not "
                             f"{quote(len(self.hands))}", rule="table")
        check_seat(self.leader, n, "leader")
        for name in ("bidder", "out"):
            if getattr(self, name) is not None:
                check_seat(getattr(self, name), n, name)
        if self.out is not None and self.hands[self.out]:
            raise InputError(f"seat {self.out} sits out but holds dominoes", rule="table")
        if sum(self.hands) & ~self.table.dominoes:
            raise InputError("not in play at this table: "
                             f"{DominoSet(sum(self.hands) & ~self.table.dominoes)}", rule="table")

    def _check_fields(self) -> None:
        """Each field of its kind (a few isinstance checks: a position is built once a
        guess, never a node of the search)."""
        check_kind(self.contract, Contract, "a Contract", rule="contract")
        check_kind(self.table, TableShape, "a TableShape (FORTY_TWO, moon_shape ...)",
                   rule="table")
        for name, most in (("hands", 7), ("points", 7)):
            value = getattr(self, name)
            if not isinstance(value, tuple) or len(value) > most or not all(
                    is_whole(x) and 0 <= x < 1 << 28 for x in value):
                raise InputError(f"{name} {quote(value)} is not a tuple of whole numbers "
                                 "(masks of dominoes, points)", rule="table")
        if not isinstance(self.trick, tuple) or len(self.trick) > 7 or not all(
                isinstance(d, Domino) for d in self.trick):
            raise InputError(f"trick {quote(self.trick)} is not a tuple of dominoes",
                             rule="trick")
        if self.bid is not None:
            check_whole(self.bid, "bid", rule="bid")
        check_choice(self.sevens_tie, "sevens tie", ("bidder", "first"), rule="sevens-tie")

    # -- construction ---------------------------------------------------------------
    @classmethod
    def from_hand(cls, hand: Hand | MoonHand) -> Position:
        """The position of a hand in its play phase (or over: then nothing is left to play
        only if all seven tricks were played). A Moon hand must be in its play phase
        (else :class:`~texas42.errors.IllegalActionError`); a hand still in its auction
        raises :class:`~texas42.errors.NotationError`."""
        check_kind(hand, Hand, "a Hand (or a MoonHand) to solve", rule="hand")
        if is_moon_rules(hand.rules):
            return cls._from_moon_hand(hand)
        if hand.contract is None:
            raise NotationError("the hand has no contract yet: there is no play to solve",
                                rule="contract-missing")
        if hand.seats != 4 or hand.rules.sides != "partners":
            return cls._from_table_hand(hand)
        # In nello the declarer's partner sits out: its dominoes are never played.
        masks = tuple(0 if s == hand.sitting_out else hand.holding(s).mask for s in range(4))
        return cls(
            hands=masks,
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
    def _from_table_hand(cls, hand: Hand) -> Position:
        """Any other table: its shape comes from the rules (:func:`shape.shape_of`); the
        bidder is side 0, and the points so far are the bidder's and everyone else's."""
        assert hand.contract is not None and hand.bidder is not None
        if hand.phase is not Phase.PLAYING and hand.phase is not Phase.OVER:
            raise IllegalActionError(
                f"there is no play to solve: the hand is in its {hand.phase.value} phase",
                rule="solve-timing")
        bidder, rules = hand.bidder, hand.rules
        table = shape_of(rules, bidder)
        mine = hand.points[rules.share_of(bidder)]  # a hand's points are kept by side
        theirs = sum(hand.points) - mine
        return cls(tuple(hand.holding(s).mask for s in range(hand.seats)), hand.contract,
                   hand.leader, tuple(hand.current_trick), (mine, theirs), bidder,
                   hand.high_bid, hand.sitting_out, table, rules.sevens_tie)

    @classmethod
    def _from_moon_hand(cls, hand: Hand) -> Position:
        if hand.phase is not Phase.PLAYING:
            raise IllegalActionError(
                f"there is no play to solve: the Moon hand is in its {hand.phase.value} phase "
                "(the solver needs the contract named and tricks left to play)",
                rule="solve-timing",
            )
        assert hand.contract is not None and hand.bidder is not None
        return cls.moon(tuple(hand.holding(s).mask for s in range(len(hand.tricks_won))),
                        hand.contract, bidder=hand.bidder, bid=hand.high_bid,
                        leader=hand.leader, trick=tuple(hand.current_trick),
                        taken=hand.tricks_won)

    @classmethod
    def moon(cls, hands: tuple[int, ...], contract: Contract, *, bidder: int, bid: int,
             leader: int, trick: tuple[Domino, ...] = (),
             taken: Sequence[int] = (0, 0, 0)) -> Position:
        """A Moon position: the bidder (side 0) against the two others, ``taken`` the
        tricks each seat won so far."""
        taken = check_items(taken, "taken", 3, rule="taken")
        if len(taken) != 3 or not all(is_whole(t) for t in taken):
            raise InputError(f"taken {quote(taken)} is not the three seats' tricks",
                             rule="taken")
        won = taken[check_seat(bidder, 3, "bidder")]
        return cls(hands, contract, leader, trick, (won, sum(taken) - won), bidder, bid,
                   table=moon_shape(bidder))

    @classmethod
    def from_record(cls, record: HandRecord) -> Position:
        """Replay ``record`` (checking every action) with every trick played out, so a
        record may go on after the result was decided. A record that does not replay
        raises its :class:`~texas42.records.ReplayError`."""
        check_kind(record, HandRecord, "a HandRecord", rule="record")
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
        ``leader``'s partner. A seat not at the table raises
        :class:`~texas42.errors.InputError` (``rule="seat"``)."""
        d = deal if isinstance(deal, Deal) else Deal.from_code(deal)
        check_seat(leader, d.layout.seats, "leader")
        c = contract if isinstance(contract, Contract) else Contract.parse(contract)
        if out is not None:
            check_seat(out, d.layout.seats, "out")
        if c.kind == "nello" and out is None:
            out = (leader + 2) % 4
        masks = list(d.masks)
        if out is not None:
            masks[out] = 0
        p = cls(tuple(masks), c, leader,
                bidder=leader if bidder is None else bidder, bid=bid, out=out,
                sevens_tie=sevens_tie)
        for x in check_items(plays, "plays", 28, rule="plays"):
            p = p.play(x)
        return p

    # -- reading --------------------------------------------------------------------
    @property
    def seats(self) -> tuple[int, ...]:
        """The seats in playing order from the leader (one fewer with a seat out)."""
        n = len(self.hands)
        return tuple(s for s in ((self.leader + i) % n for i in range(n)) if s != self.out)

    @property
    def bidding_team(self) -> int:
        """The bidding side (the bidder's; the leader's when no bidder is known): in
        sevens a tie goes to it."""
        return self.table.sides[self.bidder if self.bidder is not None else self.leader]

    @property
    def tie_team(self) -> int | None:
        """The side a tie in sevens goes to (``None``: the first played), by the rules."""
        return sevens_tie_side(self.sevens_tie, self.bidding_team)

    @property
    def trick_size(self) -> int:
        return len(self.hands) - (self.out is not None)

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
        """Points still to be won: each trick left's worth plus (when the count scores)
        the count not yet taken (the count on the table in the trick in progress
        included)."""
        t = self.table
        if not t.count:
            return self.tricks_left * t.trick_value
        table = sum(d.count for d in self.trick)
        return self.tricks_left * t.trick_value + mask_count(sum(self.hands)) + table

    def holding(self, seat: int) -> DominoSet:
        return DominoSet(self.hands[check_seat(seat, len(self.hands))])

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
        """The position after the player to act plays ``domino`` (checked: text that is
        not a domino raises :class:`~texas42.errors.NotationError`, a domino that may not
        be played :class:`~texas42.errors.IllegalPlayError`)."""
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
            sides = self.table.sides
            pos = self._fast.winner_pos([x.index for x in trick], seats, self.tie_team,
                                        sides)
            winner = seats[pos]
            won = self.table.trick_points(sum(x.count for x in trick))
            pts = [points[0], points[1]]
            pts[sides[winner]] += won
            points = (pts[0], pts[1])
            leader, trick = winner, ()
        return Position(tuple(hands), self.contract, leader, trick, points,
                        self.bidder, self.bid, self.out, self.table, self.sevens_tie)

    def __str__(self) -> str:
        lines = [f"{self.contract}; seat {self.leader} led" + (
            f": {' '.join(str(d) for d in self.trick)}" if self.trick else ""
        ) + f"; seat {self.to_act if not self.is_over else '-'} to play"]
        for s in range(len(self.hands)):
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
    if hand.phase is Phase.OVER and len(hand.tricks) < hand.rules.hand_size:  # ended early
        hand.play_out()
    return hand


def as_position(source: Position | Hand | MoonHand | HandRecord) -> Position:
    """A :class:`Position` from a position, a hand (42 or Moon) or a hand record; anything
    else raises :class:`~texas42.errors.InputError` (``rule="source"``)."""
    check_kind(source, (Position, Hand, MoonHand, HandRecord),
               "a Hand, HandRecord or Position to solve", rule="source")
    if isinstance(source, Position):
        return source
    if isinstance(source, (Hand, MoonHand)):
        # A hand that stopped early is solved on to the seventh trick.
        return Position.from_hand(source)
    return Position.from_record(source)
