"""One hand at any table of the 42 family, from the shake to the score.

A :class:`Hand` is a state machine: bidding, the widow and discard (Moon), naming
the contract, then the tricks (or fewer, when the result is decided early). The
table comes from the rules profile (:mod:`texas42.rules`: seats, sides, dominoes in
play, widow, trick value, count, bids): 42, Moon and the other tables are the same
code. Every action is checked; an illegal one raises and leaves the hand exactly as
it was. The hand keeps its history, so it can be undone, copied, compared and replayed.

>>> hand = Hand(Deal.from_seed(7), shaker=3)
>>> hand.phase, hand.to_act
(<Phase.BIDDING: 'bidding'>, 0)
>>> for bid in ("30", "pass", "pass", "pass"):
...     hand.bid(bid)
>>> hand.name_contract("sixes")
>>> hand.phase, hand.to_act, hand.contract
(<Phase.PLAYING: 'playing'>, 0, Contract.parse('sixes'))
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple, Self, cast

from . import bidding
from .bidding import PASS, SPECIAL_BIDS, bid_marks, bid_text, parse_bid
from .contracts import Contract, Suit, _SuitTables, tables
from .deals import Deal, place_words, seat_name
from .dominoes import Domino, DominoLike, DominoSet, sorted_dominoes, to_domino
from .errors import (
    IllegalActionError,
    IllegalBidError,
    IllegalContractError,
    IllegalPlayError,
    InputError,
    NotationError,
    check_choice,
    check_count,
    check_items,
    check_kind,
    check_rules,
    check_seat,
    quote,
)
from .rules import STANDARD, Rules
from .scoring import SIDE_NAMES, Result, points_bid_made, score_points_bid, score_trick_bid
from .tricks import explain_play, explain_winner, sevens_winner

if TYPE_CHECKING:
    from .claims import ClaimCheck
    from .records import HandRecord

ONE_DOUBLE = Domino(1, 0)  # the seed's first bidder holds 1-0
_NO_TABLES = tables(Contract("follow-me"))  # placeholder until a contract is named


class Phase(enum.Enum):
    """Where a hand stands."""

    BIDDING = "bidding"
    CONTRACT = "contract"  # the winning bidder (takes the widow, discards and) names trumps
    PLAYING = "playing"
    OVER = "over"  # scored
    RESHAKE = "reshake"  # everyone passed and the rules say shake again: no score


#: The kinds of step a hand is made of (:class:`Action`).
ACTION_KINDS = ("bid", "discard", "contract", "play")


def choice_text(kind: str, value: object) -> str:
    """A choice as the learner and the coach name it: ``"30"``, ``"pass"``, ``"plunge"``
    (a bid), ``"sixes"`` (the contract), ``"6-4"`` (a domino played or discarded).

    >>> choice_text("bid", 0), choice_text("bid", 84), choice_text("play", Domino(6, 4))
    ('pass', '84', '6-4')
    """
    kind = check_choice(kind, "kind of step", ACTION_KINDS, rule="action")
    if kind == "bid":
        return value if isinstance(value, str) and value in SPECIAL_BIDS else bid_text(
            cast(int, value))
    needs = "a contract" if kind == "contract" else "a domino"
    return str(check_kind(value, Contract if kind == "contract" else Domino,
                          f"{needs} for a {kind}", rule="action"))


class Action(NamedTuple):
    """One step of a hand: a bid, the contract, or a domino played."""

    kind: str  # "bid" | "discard" | "contract" | "play"
    value: int | str | Contract | Domino  # str: a plunge or splash bid
    seat: int

    @property
    def choice(self) -> str:
        """What was chosen, as the learner and the coach name it (:func:`choice_text`)."""
        return choice_text(self.kind, self.value)

    def __str__(self) -> str:
        verb = {"bid": "bids", "contract": "names", "discard": "discards"}.get(self.kind, "plays")
        return f"seat {self.seat} {verb} {self.choice}"


class Claim(NamedTuple):
    """A hand laid down: ``seat`` claimed every trick left (in nello, to lose every
    trick left) when ``play`` dominoes had been played."""

    seat: int
    play: int


@dataclass(frozen=True)
class Trick:
    """A completed (or current) trick."""

    leader: int
    plays: tuple[Domino, ...]
    winner: int | None  # seat; None while the trick is in progress
    points: int
    #: The seat that played each domino (in nello the bidder's partner sits out).
    seats: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        check_seat(self.leader, 7, "leader")  # (7: the most seats of any table)
        if not isinstance(self.plays, tuple):
            object.__setattr__(self, "plays", tuple(
                to_domino(d) for d in check_items(self.plays, "plays", 7, rule="trick")))
        if not self.seats:  # (a trick of 42's table: four seats in turn)
            seats = tuple((self.leader + i) % 4 for i in range(len(self.plays)))
            object.__setattr__(self, "seats", seats)

    def __str__(self) -> str:
        plays = " ".join(str(d) for d in self.plays)
        won = f", won by seat {self.winner} for {self.points}" if self.winner is not None else ""
        return f"seat {self.leader} led: {plays}{won}"


class Hand:
    """The state of one hand: a deal, a shaker and the rules, then the actions.

    Seats are 0..N-1 clockwise (42: four; seats 0 and 2 play against 1 and 3). The
    deal must be for the rules' table (:attr:`Rules.layout`); without one the hand
    shakes its own.
    """

    def __init__(
        self,
        deal: Deal | Sequence[Any] | str | None = None,
        *,
        shaker: int = 0,
        rules: Rules | str = STANDARD,
    ) -> None:
        self.rules = rules = check_rules(rules)
        layout = rules.layout
        if deal is None:
            deal = self._deal_type().from_seed(None, layout)
        elif isinstance(deal, str):
            deal = self._deal_type().from_code(deal, layout)
        elif not isinstance(deal, Deal):
            deal = self._deal_type()(deal, layout=layout)
        assert isinstance(deal, Deal)
        if deal.layout is not layout and deal.layout != layout:
            raise NotationError(
                f"the deal is for a table of {deal.layout.seats} seats of "
                f"{deal.layout.hand_size}, and the {rules.name} rules are for "
                f"{layout.seats} of {layout.hand_size}: shake for the rules' table",
                rule="rules",
            )
        self.seats = seats = layout.seats
        check_seat(shaker, seats, "shaker")
        self.deal: Deal = deal
        self.shaker = shaker
        self._reset()

    @classmethod
    def at_play(
        cls,
        deal: Deal | Sequence[Any] | str | None,
        contract: Contract | str,
        *,
        leader: int | None = None,
        bid: int | str | None = None,
        rules: Rules | str | None = None,
        shaker: int | None = None,
        auction: Sequence[int | str] | None = None,
        discards: Iterable[DominoLike] | Callable[[Hand], DominoLike] | None = None,
    ) -> Self:
        """The hand of ``deal`` at the first lead of the play, ``contract`` named: the
        one way to start a hand in the play phase (the explorers, the analysis and the
        tests all start here).

        ``leader`` won the auction with ``bid`` and leads (in nello it plays alone); the
        seats to bid before it said ``auction`` (default: each passed; with an auction,
        ``leader`` bids next), every seat after it passed. ``bid`` defaults to the lowest
        bid that lets ``leader`` name ``contract`` (follow-me, nello and sevens may need a
        mark bid; at a table that bids in tricks, the lowest). ``shaker`` defaults to the
        seat that makes ``leader`` the next to bid after ``auction``; without ``leader``
        either, the shaker is seat 0 and the leader the seat to bid. At a table with a widow
        the bidder takes it and lays aside ``discards`` (dominoes, or a function of the hand
        that picks each one; default: the widow itself, so each seat plays what it was
        dealt); without a widow, none are laid aside (a function is never asked). The hand
        keeps these actions in its history, as if they were played: it replays, undoes and
        records like any other.

        Raises :class:`~texas42.errors.InputError` (``rule="seat"``, ``"bid"`` or
        ``"auction"``, ``"discard"``) for a leader or shaker that is not a seat, a plunge or
        splash as ``bid``, an auction that is not a list of bids, discards that are not the
        widow's count; the hand's own errors for a bid or contract the rules refuse
        (:class:`~texas42.errors.IllegalBidError`,
        :class:`~texas42.errors.IllegalContractError`, with the rule), and
        :class:`~texas42.errors.IllegalActionError` (``rule="leader"``) when the auction and
        shaker give the bid to another seat.

        >>> hand = Hand.at_play(Deal.from_seed(7), "fives", leader=2)
        >>> hand.phase, hand.to_act, hand.high_bid, hand.holding(2)
        (<Phase.PLAYING: 'playing'>, 2, 30, DominoSet('5-4 5-3 4-2 3-3 3-1 2-2 2-1'))
        >>> hand.play("5-4"); hand.to_act, hand.legal_plays()
        (3, [Domino(5, 5), Domino(5, 2), Domino(5, 1)])
        >>> hand.play("6-6")
        Traceback (most recent call last):
        ...
        texas42.errors.IllegalPlayError: seat 3 cannot play 6-6: ...
        >>> Hand.at_play(Deal.from_seed(7), "nello", leader=0)
        Traceback (most recent call last):
        ...
        texas42.errors.IllegalContractError: nello is not played under the standard rules
        """
        options: dict[str, Any] = {} if rules is None else {"rules": rules}
        hand = cls(deal, shaker=0 if shaker is None else shaker, **options)
        seats = hand.seats
        if leader is not None and (not isinstance(leader, int) or isinstance(leader, bool)
                                   or not 0 <= leader < seats):
            raise InputError(f"leader {quote(leader)} is not a seat 0..{seats - 1}", rule="seat")
        named = contract if isinstance(contract, Contract) else Contract.parse(contract)
        said = () if auction is None else auction
        if isinstance(said, (str, bytes)) or not isinstance(said, Sequence):
            raise InputError(f"auction {quote(auction)} is not a list of bids", rule="auction")
        if len(said) >= seats:
            raise InputError(f"an auction of {len(said)} bids leaves no seat of "
                             f"{seats} to win it", rule="auction")
        if shaker is None and leader is not None:
            hand.shaker = (leader - len(said) - 1) % seats  # the leader bids next
            hand._reset()
        for b in said:
            hand.bid(b)
        if auction is None and leader is not None:
            # (when the shaker or the rules put other seats first: they pass)
            while hand.phase is Phase.BIDDING and hand.to_act != leader and not hand.forced:
                hand.bid(PASS)
        if hand.phase is not Phase.BIDDING or (leader is not None and hand.to_act != leader):
            bidder = hand.to_act if hand.phase is Phase.BIDDING else None
            raise IllegalActionError(
                f"seat {leader} cannot win the auction here: "
                + ("the auction is over" if bidder is None else f"seat {bidder} bids next"),
                rule="leader",
            )
        if isinstance(bid, str) and bid.strip().lower() in SPECIAL_BIDS:
            raise InputError(f"a {bid.strip().lower()} gives the lead to the partner: bid it "
                             "with Hand.bid, not at_play", rule="bid")
        hand.bid(hand._lowest_bid_for(named) if bid is None else bid)
        while hand.phase is Phase.BIDDING:
            hand.bid(PASS)
        if hand.rules.widow:
            hand._lay_aside(discards)
        elif discards is not None and not callable(discards) and (
                isinstance(discards, (str, bytes)) or not isinstance(discards, Iterable)
                or next(iter(discards), None) is not None):  # (one read: it may be endless)
            # (a function that would pick them is never asked)
            raise InputError(f"the {hand.rules.name} rules have no widow: there is nothing "
                             "to discard", rule="discard")
        hand.name_contract(named)
        return hand

    def _lowest_bid_for(self, contract: Contract) -> int:
        """The lowest bid the seat to act may make that lets it name ``contract``."""
        for b in self.valid_bids():
            if b != PASS and _bid_allows(contract, self.rules, b):
                return b
        top = max(self.valid_bids(), default=PASS)
        raise IllegalContractError(contract_refusal(contract, self.rules, top),
                                   rule="contract-not-allowed")

    def _lay_aside(self, discards: Iterable[DominoLike] | Callable[[Hand], DominoLike] | None
                   ) -> None:
        """The bidder's discards after taking the widow (see :meth:`at_play`)."""
        widow = self.deal.masks[self.seats]
        if discards is None:
            chosen: Iterator[DominoLike] | None = iter(sorted_dominoes(widow))
        elif callable(discards):
            chosen = None
        elif isinstance(discards, (str, bytes)) or not isinstance(discards, Iterable):
            raise InputError(f"discards {quote(discards)} is not a list of dominoes",
                             rule="discard")
        else:
            chosen = iter(discards)
        while self.next_action == "discard":
            pick: DominoLike | None
            if chosen is None:
                assert callable(discards)
                pick = discards(self)
            else:
                pick = next(chosen, None)
                if pick is None:
                    raise InputError(f"the bidder lays aside {self.rules.widow} domino"
                                     f"{'es' if self.rules.widow != 1 else ''}: give as "
                                     "many discards", rule="discard")
            self.discard_domino(pick)
        if chosen is not None and next(chosen, None) is not None:
            raise InputError(f"the bidder lays aside only {self.rules.widow}: too many "
                             "discards", rule="discard")

    @classmethod
    def _deal_type(cls) -> Any:
        """The class of the deals this hand makes (Moon's names keep their own)."""
        return Deal

    def _reset(self) -> None:
        # (At most 29 attributes in all: past that CPython 3.11 stops sharing the
        # instance dicts' keys, and every hand is slower to make and to read.)
        rules = self.rules
        self.actions: list[Action] = []
        self.phase = Phase.BIDDING
        self._holdings = list(self.deal.masks[: self.seats])
        self.bidding_order = self._bidding_order()
        self.bids: list[int] = []
        #: Bids that were a plunge or splash, by their index in ``bids``.
        self.special_bids: dict[int, str] = {}
        self.high_bid = PASS
        self.bidder: int | None = None
        #: Who names the contract and leads: the bidder, or after a plunge or splash
        #: the bidder's partner. Once nello is named: the bidder, who plays it alone.
        self.declarer: int | None = None
        self.contract: Contract | None = None
        #: The seat whose hand sits out (the declarer's partner in nello).
        self.sitting_out: int | None = None
        #: What the bidder discarded after taking the widow, in order.
        self.discards: list[Domino] = []
        self._trick_size = self.seats
        self._trick_seats: list[int] = []
        self._tables: _SuitTables = _NO_TABLES  # the contract's, once named
        self.plays: list[Domino] = []
        self.tricks: list[Trick] = []
        self._trick: list[Domino] = []
        # Before the play, the leader is 0 at 42's tables and the first bidder at Moon's
        # (as each engine had it: the computer players' seeded choices read it).
        self.leader = self.bidding_order[0] if rules.bidding == "tricks" else 0
        self.to_act: int = self.bidding_order[0]
        #: Points and tricks taken by each side (see :class:`Result`).
        self.points = [0] * rules.side_count
        self.tricks_won = [0] * rules.side_count
        self.result: Result | None = None
        self._playing_out = False
        #: The claim, once a player has laid down (see :meth:`lay_down`).
        self.claim: Claim | None = None

    # -- bidding ------------------------------------------------------------------
    def _bidding_order(self) -> list[int]:
        seats = self.seats
        if self.rules.first_bidder == "holder-of-1-0":
            first = self.deal.holder(ONE_DOUBLE)
        else:
            first = (self.shaker + 1) % seats
        return [(first + i) % seats for i in range(seats)]

    @property
    def discard(self) -> Domino | None:
        """The bidder's discard once made (a widow of one; see :attr:`discards`)."""
        return self.discards[0] if self.discards and self.rules.widow == 1 else None

    @property
    def next_action(self) -> str | None:
        """What the seat to act does next: ``"bid"``, ``"discard"``, ``"contract"`` or
        ``"play"`` (``None`` once the hand is over)."""
        if self.phase is Phase.BIDDING:
            return "bid"
        if self.phase is Phase.CONTRACT:
            return "discard" if len(self.discards) < self.rules.widow else "contract"
        return "play" if self.phase is Phase.PLAYING else None

    @property
    def trick_bids(self) -> tuple[int, ...]:
        """The bids of a table that bids in tricks: the lowest to every trick, and
        shooting the moon (empty when bids are 42's points and marks)."""
        rules = self.rules
        if rules.bidding != "tricks":
            return ()
        return (*range(rules.trick_min_bid, rules.hand_size + 1), rules.moon_bid)

    @property
    def forced(self) -> bool:
        """Whether the player to bid must bid: under the forced-bid rule, the
        shaker once everyone else has passed. The shaker normally speaks last;
        when the holder of 1-0 bids first and the shaker has already passed, the
        shaker is asked again after the fourth pass (the seed: "the dealer must bid")."""
        return self.phase is Phase.BIDDING and bidding.must_bid(
            self.rules, self.high_bid, len(self.bids), self.seats, self.bidding_order[-1],
            self.shaker)

    def valid_bids(self) -> list[int]:
        """The bids the player to act may make (empty outside the auction)."""
        if self.phase is not Phase.BIDDING:
            return []
        if self.rules.bidding == "tricks":
            higher = [b for b in self.trick_bids if b > self.high_bid]
            return higher if self.forced else [PASS, *higher]
        try:
            self._check_partner_plunge()
        except IllegalBidError:
            return [PASS]  # over a partner's plunge, when the rules forbid raising it
        return bidding.valid_bids(self.high_bid, self.rules, forced=self.forced)

    def valid_special_bids(self) -> list[str]:
        """The plunge or splash the player to act may bid (house rules)."""
        if self.phase is not Phase.BIDDING:
            return []
        out = []
        for name in SPECIAL_BIDS:
            try:
                self._check_special_bid(name)
            except IllegalBidError:
                continue
            out.append(name)
        return out

    def bid(self, value: int | str) -> None:
        """The player to act bids (``"pass"``, 30..41, 42, 84 ..., or under house
        rules ``"plunge"`` / ``"splash"``)."""
        if self.phase is not Phase.BIDDING:
            raise IllegalBidError(
                f"bid {quote(value)} is out of turn: the auction is over ({self.phase.value})",
                rule="bidding-over",
            )
        seat = self.to_act
        if self.rules.bidding == "tricks":
            self._bid(self._check_trick_bid(value))
            return
        special = value.strip().lower() if isinstance(value, str) else None
        try:
            if special in SPECIAL_BIDS:
                assert special is not None
                amount = self._check_special_bid(special)
            else:
                special = None
                amount = parse_bid(value)
                bidding.check_bid(amount, self.high_bid, self.rules, forced=self.forced)
                if amount != PASS:
                    self._check_partner_plunge()
        except IllegalBidError as exc:
            message = f"seat {seat} cannot bid: {exc.message}"
            raise IllegalBidError(message, rule=exc.rule) from None
        self._bid(amount, special)

    def _check_trick_bid(self, value: object) -> int:
        """A bid in tricks (Moon's), or raise why it is none or too low."""
        bids = self.trick_bids
        if isinstance(value, int) and not isinstance(value, bool):
            amount = value if value in (PASS, *bids) else -1
        else:
            text = value.strip().lower() if isinstance(value, str) else ""
            plain_number = text.isascii() and text.isdigit() and len(text) <= 2
            amount = PASS if text in ("pass", "0") else int(text) if plain_number else -1
        if amount not in (PASS, *bids):
            low, high = self.rules.trick_min_bid, self.rules.hand_size
            raise NotationError(
                f"{quote(value)} is not a bid here: pass, {low} to {high} tricks, or "
                f"{self.rules.moon_bid} to shoot the moon",
                rule="bid-notation",
            )
        if amount and amount <= self.high_bid:
            raise IllegalBidError(
                f"seat {self.to_act} cannot bid {amount}: it does not beat {self.high_bid}",
                rule="bid-must-raise",
            )
        if amount == PASS and self.forced:
            raise IllegalBidError(
                f"seat {self.to_act} must bid: everyone else passed", rule="forced-bid"
            )
        return amount

    def _check_special_bid(self, name: str) -> int:
        """The amount of a plunge or splash by the player to act, or raise why not."""
        amount = bidding.special_bid_amount(name, self.high_bid, self.rules)
        need = bidding.special_bid_doubles(name, self.rules)
        held = self.holding(self.to_act).doubles
        if len(held) < need:
            raise IllegalBidError(
                f"a {name} needs {need} doubles or more, and seat {self.to_act} holds "
                f"{len(held)}{' (' + str(held) + ')' if held else ''}",
                rule=f"{name}-doubles",
            )
        self._check_partner_plunge()
        return amount

    def _check_partner_plunge(self) -> None:
        if (
            not self.rules.raise_partner_plunge
            and self.bidder is not None
            and self.bidder == (self.to_act + 2) % 4
            and self.bids
            and self.high_special is not None
        ):
            raise IllegalBidError(
                f"a player may not bid over their own partner's {self.high_special}",
                rule="partner-plunge",
            )

    @property
    def high_special(self) -> str | None:
        """``"plunge"`` or ``"splash"`` when the high bid is one, else ``None``."""
        for i in range(len(self.bids) - 1, -1, -1):
            if self.bids[i] != PASS:
                return self.special_bids.get(i)
        return None

    def _bid(self, amount: int, special: str | None = None) -> None:
        seat = self.to_act
        self.actions.append(Action("bid", special or amount, seat))
        if special:
            self.special_bids[len(self.bids)] = special
        self.bids.append(amount)
        if amount != PASS:
            self.high_bid, self.bidder = amount, seat
        # Shooting the moon cannot be beaten: the auction ends there.
        moon = self.rules.bidding == "tricks" and amount == self.rules.moon_bid
        if len(self.bids) < self.seats and not moon:
            self.to_act = self.bidding_order[len(self.bids)]
        elif self.bidder is None and self.rules.all_pass == "forced":
            self.to_act = self.shaker  # all passed, the shaker spoke earlier: must bid now
        elif self.bidder is None:
            self.phase = Phase.RESHAKE
        else:
            self.phase = Phase.CONTRACT
            # After a plunge or splash the partner names the contract and leads.
            partner_names = self.high_special is not None
            self.declarer = (self.bidder + 2) % 4 if partner_names else self.bidder
            self.to_act = self.declarer
            if self.rules.widow:
                # The bidder picks up the widow, then discards as many.
                self._holdings[self.declarer] |= self.deal.masks[self.seats]

    # -- widow and discard -------------------------------------------------------------
    def discard_domino(self, domino: DominoLike) -> None:
        """The bidder, holding the widow too, lays one domino aside face down (as many
        times as the widow held)."""
        d = to_domino(domino)
        if self.next_action != "discard":
            raise IllegalActionError(f"{d} cannot be discarded now", rule="discard-timing")
        seat = self.to_act
        if not self._holdings[seat] >> d.index & 1:
            raise IllegalActionError(f"seat {seat} does not hold {d}", rule="not-held")
        self._holdings[seat] ^= 1 << d.index
        self.discards.append(d)
        self.actions.append(Action("discard", d, seat))

    # -- naming the contract --------------------------------------------------------
    def valid_contracts(self) -> list[Contract]:
        """The contracts the declarer may name under these rules for this bid."""
        if self.next_action != "contract":
            return []
        return list(_contracts_for_bid(self.rules, self.high_bid))

    def name_contract(self, contract: Contract | str) -> None:
        """The declarer names trumps (a suit, ``"doubles"``, ``"follow-me"``, and
        under house rules ``"nello"`` or ``"sevens"``)."""
        if self.phase is not Phase.CONTRACT:
            why = "the auction is not over" if self.phase is Phase.BIDDING else "it is named"
            raise IllegalContractError(
                f"contract {quote(str(contract) if isinstance(contract, Contract) else contract)}"
                f" cannot be named now: {why}",
                rule="contract-timing",
            )
        c = contract if isinstance(contract, Contract) else Contract.parse(contract)
        if self.next_action == "discard":
            raise IllegalContractError(
                f"{c} cannot be named now: the bidder first takes the widow and discards",
                rule="contract-timing",
            )
        if c not in _contracts_for_bid(self.rules, self.high_bid):
            raise IllegalContractError(
                contract_refusal(c, self.rules, self.high_bid), rule="contract-not-allowed"
            )
        self._name_contract(c)

    def _name_contract(self, contract: Contract) -> None:
        assert self.declarer is not None
        self.actions.append(Action("contract", contract, self.declarer))
        self.contract = contract
        t = tables(contract)
        self._tables = t
        if contract.kind == "nello":
            # Nello: the bidder plays alone and leads; the partner's hand sits out. After
            # a plunge or splash the partner named it, and still the original bidder
            # plays it (LECHNER II.B.1.d): the bidder is the declarer again.
            assert self.bidder is not None
            self.declarer = self.bidder
            self.sitting_out = (self.bidder + 2) % self.seats
            self._trick_size = self.seats - 1
        self.phase = Phase.PLAYING
        self.leader = self.to_act = self.declarer

    # -- play ---------------------------------------------------------------------
    @property
    def current_trick(self) -> list[Domino]:
        """The dominoes played to the trick in progress, in order."""
        return list(self._trick)

    def holding(self, seat: int) -> DominoSet:
        """The dominoes ``seat`` still holds (a seat not at the table raises
        :class:`~texas42.errors.InputError`, ``rule="seat"``)."""
        return DominoSet(self._holdings[check_seat(seat, self.seats)])

    def legal_plays(self) -> list[Domino]:
        """The dominoes the player to act may play (empty outside play)."""
        if self.phase is not Phase.PLAYING:
            return []
        return sorted_dominoes(self._legal_mask())

    def _legal_mask(self) -> int:
        trick = self._trick
        return self._tables.legal(self._holdings[self.to_act], trick[0] if trick else None)

    def play(self, domino: DominoLike) -> None:
        """The player to act plays ``domino``."""
        d = domino if isinstance(domino, Domino) else to_domino(domino)
        if self.phase is not Phase.PLAYING:
            raise IllegalPlayError(
                f"{d} cannot be played now: the hand is in the {self.phase.value} phase",
                rule="play-timing",
            )
        seat = self.to_act
        held = self._holdings[seat]
        bit = 1 << d.index
        if not held & bit:
            raise IllegalPlayError(
                f"seat {seat} does not hold {d} (holds {DominoSet(held)})", rule="not-held"
            )
        if not self._legal_mask() & bit:
            contract = self._contract_or_raise()
            why = explain_play(d, held, self._trick, contract)
            rule = "sevens" if contract.kind == "sevens" else "follow-suit"
            raise IllegalPlayError(f"seat {seat} cannot play {d}: {why}", rule=rule)
        self._play(d)

    def _contract_or_raise(self) -> Contract:
        assert self.contract is not None
        return self.contract

    def _play(self, d: Domino) -> None:
        """Apply a play known to be legal (the fast path used by :meth:`play`)."""
        seat = self.to_act
        self._holdings[seat] ^= 1 << d.index
        self.actions.append(Action("play", d, seat))
        self.plays.append(d)
        trick = self._trick
        trick.append(d)
        self._trick_seats.append(seat)
        if len(trick) < self._trick_size:
            nxt = (seat + 1) % self.seats
            self.to_act = (nxt + 1) % self.seats if nxt == self.sitting_out else nxt
            return
        if self._tables.sevens:
            best = sevens_winner(trick, self._trick_seats, self.sevens_tie_side)
        else:
            best = self._tables.best(trick)
        winner = self._trick_seats[best]
        rules = self.rules
        points = rules.trick_points
        if rules.count:
            for x in trick:
                points += x.count
        seats = tuple(self._trick_seats)
        self.tricks.append(Trick(self.leader, tuple(trick), winner, points, seats))
        self._trick = []
        self._trick_seats = []
        team = rules.share_of(winner)
        self.points[team] += points
        self.tricks_won[team] += 1
        self.leader = self.to_act = winner
        if self.result is None:
            self._check_decided()
        if len(self.tricks) == rules.hand_size or (
            self.result is not None and self.rules.early_end and not self._playing_out
        ):
            self.phase = Phase.OVER

    @property
    def sevens_tie_side(self) -> int | None:
        """The side a tie in sevens goes to, by the rules (``None``: the first played)."""
        if self.bidder is None:
            return None
        return self.rules.sevens_tie_side(self.rules.share_of(self.bidder))

    def _check_decided(self) -> None:
        assert self.bidder is not None and self.contract is not None
        rules = self.rules
        n_tricks = rules.hand_size
        if rules.bidding == "tricks":
            # Every trick counts for every seat: a hand bid in tricks is played out.
            if len(self.tricks) == n_tricks:
                self._score_tricks()
            return
        team = rules.share_of(self.bidder)
        bid = self.high_bid
        points = self.points
        ours = points[team]
        won = self.tricks_won[team]
        made = points_bid_made(rules, self.contract.kind, bid, ours, sum(points) - ours, won,
                               len(self.tricks) - won, len(self.tricks))
        if made is None:
            return
        self.result = score_points_bid(
            self.bidder, bid, self.contract, self.points, made, len(self.tricks), self.rules,
            self.tricks_won,
        )

    def _score_tricks(self) -> None:
        """A hand bid in tricks, played out (:func:`texas42.scoring.score_trick_bid`)."""
        assert self.bidder is not None and self.contract is not None
        self.result = score_trick_bid(self.bidder, self.high_bid, self.contract,
                                      self.points, self.tricks_won, self.rules)

    def play_out(self) -> None:
        """Go on playing after the result was decided early (for practice, or to
        replay a record that played every trick). The result stays as decided."""
        if self.phase is not Phase.OVER or len(self.tricks) == self.rules.hand_size:
            raise IllegalActionError(
                "only a hand that ended early can be played out", rule="play-out"
            )
        self.phase = Phase.PLAYING
        self._playing_out = True

    # -- laying down ----------------------------------------------------------------------
    def lay_down(self, seat: int) -> ClaimCheck:
        """``seat``, the player to act, lays down its hand: it claims that its side
        takes every trick left (in nello, the declarer: that it loses every trick left).
        At every table: the side is the seat's by the rules (:meth:`Rules.side_of`; the
        seat alone when each plays for themselves), so the claim fixes every trick left.

        The engine verifies the claim against every arrangement of the dominoes
        ``seat`` cannot see (:func:`texas42.claims.verify_claim`). A valid claim is
        played out at once: the claimant follows its plan (two people: with its partner's
        hand too), the others play their lowest legal dominoes, until the hand is over
        (every trick, or the early end). A claim that is not sure raises
        ``IllegalActionError(rule="claim-not-sure")`` with the reason, and the hand is
        left exactly as it was.
        """
        from .claims import ClaimPlayer, lowest_legal

        check_seat(seat, self.seats)
        if self.claim is not None:
            raise IllegalActionError(
                f"seat {seat} cannot lay down: seat {self.claim.seat} already laid down",
                rule="claim-timing",
            )
        check, player = ClaimPlayer.checked(self, seat)
        if not check.valid:  # (too long to check: "claim-unchecked", play it out)
            raise IllegalActionError(
                check.explain(), rule="claim-not-sure" if check.checked else "claim-unchecked"
            )
        mine = self.rules.controlled_seats(seat)  # (two people: the partner's hand too)
        before = self.copy()
        try:
            self.claim = Claim(seat, len(self.plays))
            while self.phase is Phase.PLAYING:
                self.play(player.play(self) if self.to_act in mine else lowest_legal(self))
        except BaseException:
            self.__dict__.update(before.__dict__)  # nothing is left half-changed
            raise
        return check

    def _keep_claim(self, claim: Claim | None) -> None:
        """Keep ``claim`` in a rebuilt history when it reaches past the claim."""
        if claim is not None and len(self.plays) > claim.play:
            self.claim = claim

    # -- generic actions and history -------------------------------------------------
    def apply(self, action: Action | tuple[str, Any]) -> None:
        """Apply an action ``(kind, value)``: ``("bid", 30)``, ``("contract", "fives")``,
        ``("play", "6-4")`` (with a widow also ``("discard", "6-4")``). A refused action
        changes nothing."""
        kind, value = action_parts(action, self._kinds())
        before = self.copy()
        try:
            self._apply(kind, value)
        except BaseException:
            self.__dict__.update(before.__dict__)  # whatever failed, nothing half-changed
            raise

    def _kinds(self) -> tuple[str, ...]:
        if self.rules.widow:
            return ("bid", "discard", "contract", "play")
        return ("bid", "contract", "play")

    def _apply(self, kind: str, value: Any) -> None:
        if kind == "bid":
            self.bid(cast(int | str, value))
        elif kind == "contract":
            self.name_contract(cast(Contract | str, value))
        elif kind == "discard":
            self.discard_domino(cast(DominoLike, value))
        elif kind == "play":
            d = to_domino(value)  # read before anything changes
            if (self.phase is Phase.OVER and self.result is not None
                    and len(self.tricks) < self.rules.hand_size):
                # A recorded play after the early end: play the hand out (apply restores
                # the ended hand if the play is illegal).
                self.play_out()
            self.play(d)

    def legal_actions(self) -> list[Action]:
        """Every action the player to act may take now."""
        seat = self.to_act
        if self.phase is Phase.BIDDING:
            specials = [Action("bid", b, seat) for b in self.valid_special_bids()]
            return [Action("bid", b, seat) for b in self.valid_bids()] + specials
        if self.phase is Phase.CONTRACT:
            if self.next_action == "discard":
                return [Action("discard", d, seat) for d in self.holding(seat)]
            return [Action("contract", c, seat) for c in self.valid_contracts()]
        if self.phase is Phase.PLAYING:
            return [Action("play", d, seat) for d in self.legal_plays()]
        return []

    def undo(self) -> Action:
        """Take back the last action and return it."""
        if not self.actions:
            raise IllegalActionError("nothing to undo: no action has been taken", rule="undo")
        last = self.actions[-1]
        claim = self.claim
        self.replay(self.actions[:-1])
        self._keep_claim(claim)
        return last

    def replay(self, actions: Iterable[Action | tuple[str, Any]]) -> None:
        """Start the hand again from the deal and apply ``actions`` in order (a claim
        is not an action: it is forgotten; see :meth:`HandRecord.replay`).
        If one is illegal, the hand is left as it was and the error is raised."""
        fresh = type(self)(self.deal, shaker=self.shaker, rules=self.rules)
        if isinstance(actions, (str, bytes, dict)) or not isinstance(actions, Iterable):
            raise InputError(f"{quote(actions)} is not a list of actions", rule="action")
        kinds = self._kinds()
        for action in actions:
            # No snapshot per action: a refusal throws the fresh hand away whole.
            fresh._apply(*action_parts(action, kinds))
        self.__dict__.update(fresh.__dict__)

    def at(self, step: int) -> Self:
        """A new hand showing the state after the first ``step`` actions."""
        check_step(step, len(self.actions))
        h = type(self)(self.deal, shaker=self.shaker, rules=self.rules)
        for action in self.actions[:step]:
            h._apply(action.kind, action.value)  # our own history: legal, no snapshot needed
        h._keep_claim(self.claim)
        return h

    def copy(self) -> Self:
        """An independent copy."""
        h = type(self).__new__(type(self))
        h.__dict__.update(self.__dict__)
        h.actions = list(self.actions)
        h._holdings = list(self._holdings)
        h.bids = list(self.bids)
        h.plays = list(self.plays)
        h.tricks = list(self.tricks)
        h._trick = list(self._trick)
        h._trick_seats = list(self._trick_seats)
        h.special_bids = dict(self.special_bids)
        h.points = list(self.points)
        h.tricks_won = list(self.tricks_won)
        h.bidding_order = list(self.bidding_order)
        h.discards = list(self.discards)
        return h

    __copy__ = copy

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Hand):
            return NotImplemented
        return (
            self.deal == other.deal
            and self.shaker == other.shaker
            and self.rules == other.rules
            and [a[:2] for a in self.actions] == [a[:2] for a in other.actions]
            and self.claim == other.claim
        )

    __hash__ = None  # type: ignore[assignment]  # mutable

    # -- what the players see ---------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.phase in (Phase.OVER, Phase.RESHAKE)

    @property
    def tricks_hidden(self) -> bool:
        """Whether played tricks are turned face down (mark bids, see the rules)."""
        return self.bidder is not None and self.high_bid >= self.rules.hide_tricks_from

    def visible_tricks(self) -> list[Trick]:
        """The completed tricks a player may look at now."""
        if not self.tricks_hidden or self.rules.review == "all":
            return list(self.tricks)
        if self.rules.review == "last":
            return self.tricks[-1:]
        return []

    def known_voids(self) -> dict[int, set[Suit]]:
        """For each seat, the suits it has shown it cannot follow (from the
        tricks played, open to everyone who watched them)."""
        current = Trick(self.leader, tuple(self._trick), None, 0, tuple(self._trick_seats))
        return shown_voids([*self.tricks, current], self.contract, self.seats)

    def trick_explanation(self, index: int = -1) -> str:
        """Why the trick ``index`` was won by who won it."""
        n = len(self.tricks)
        if not n:
            raise InputError("no trick has been played yet", rule="trick")
        trick = self.tricks[check_count(index, "trick", -n, n - 1, rule="trick")]
        return explain_winner(trick.plays, self._contract_or_raise(), seats=trick.seats,
                              bidding_team=self.sevens_tie_side)

    def status(self, seen_by: int | None = None, plain: bool = False) -> str:
        """Where the hand stands, in one sentence (``seen_by``: the result in that seat's
        words; ``plain``: without the word "mark"; see
        :meth:`texas42.scoring.Result.describe`)."""
        if seen_by is not None:
            check_seat(seen_by, self.seats, "seen_by")
        if self.rules.bidding == "tricks":
            return self._trick_bid_status()

        def who(seat: int) -> str:
            return self._who(seat, seen_by)

        if self.phase is Phase.BIDDING:
            said = bid_text(self.high_bid)
            if self.high_special:
                said = f"a {self.high_special} ({said})"
            high = ("no bid yet" if self.bidder is None
                    else f"high bid {said} by {who(self.bidder)}")
            must = " and must bid" if self.forced else ""
            return f"Bidding: {who(self.to_act)} to bid{must} ({high})."
        if self.phase is Phase.CONTRACT:
            bid = bid_text(self.high_bid)
            special = self.high_special
            assert self.bidder is not None
            bidder = who(self.bidder)
            won = f"{bidder[0].upper()}{bidder[1:]} won the bid with"
            if special is not None:
                assert self.declarer is not None
                declarer = who(self.declarer)
                if declarer == seat_name(self.declarer):  # no places: the engine's words
                    declarer = f"the partner, {declarer},"
                return (f"{won} a {special} ({bid}); {declarer} {_agree(declarer, 'name')} "
                        f"the contract and {_agree(declarer, 'lead')} (in nello {bidder} "
                        f"{_agree(bidder, 'lead')} and {_agree(bidder, 'play')} alone).")
            if self.next_action == "discard":
                return f"{won} {bid}, took the widow and {_agree(bidder, 'discard')}."
            return f"{won} {bid} and {_agree(bidder, 'name')} trumps."
        if self.phase is Phase.PLAYING:
            n = len(self.tricks) + 1
            action = "to lead" if not self._trick else "to play"
            if self.rules.sides != "partners":
                each = ", ".join(f"seat {s} {p}" for s, p in enumerate(self.points))
                return f"Trick {n}: seat {self.to_act} {action}. Points: {each}."
            if seen_by is not None:
                mine = seen_by & 1
                return (f"Trick {n}: {who(self.to_act)} {action}. Points: {SIDE_NAMES[0]} "
                        f"{self.points[mine]}, {SIDE_NAMES[1]} {self.points[1 - mine]}.")
            return (
                f"Trick {n}: seat {self.to_act} {action}. Points: {self.points[0]} (seats 0+2) "
                f"to {self.points[1]} (seats 1+3)."
            )
        if self.phase is Phase.RESHAKE:
            return "Everyone passed: the dominoes are shaken again by the next player."
        assert self.result is not None
        return self.result.describe(seen_by, plain) + self._laid_down(seen_by)

    def _who(self, seat: int, seen_by: int | None) -> str:
        """A seat mid-sentence: seen by a seat at 42's table of four, a place at the
        table ("your partner"), the words of the Play page and of the table picture."""
        if seen_by is not None and self.rules.seats == 4 and self.rules.sides == "partners":
            return place_words(seat, seen_by)
        return seat_name(seat)

    def _laid_down(self, seen_by: int | None = None) -> str:
        """After the result, who laid the hand down and when (empty without a claim)."""
        if self.claim is None:
            return ""
        trick = self.claim.play // max(len(self.tricks[0].plays), 1) + 1 if self.tricks else 1
        who = self._who(self.claim.seat, seen_by)
        return f" {who[0].upper()}{who[1:]} laid the hand down at trick {trick}."

    def _trick_bid_status(self) -> str:
        """Where a hand bid in tricks (Moon's) stands."""
        if self.phase is Phase.BIDDING:
            return f"Bidding: seat {self.to_act} to bid (high bid {self.high_bid or 'none'})."
        if self.phase is Phase.CONTRACT:
            if not self.rules.widow:
                return f"Seat {self.bidder} won the bid with {self.high_bid} and names trumps."
            step = "discards one domino" if self.next_action == "discard" else "names trumps"
            return f"Seat {self.bidder} took the widow and {step}."
        if self.phase is Phase.PLAYING:
            return f"Trick {len(self.tricks) + 1}: seat {self.to_act} to play."
        if self.phase is Phase.RESHAKE:
            return "Everyone passed: the dominoes are shaken again."
        assert self.result is not None
        return self.result.describe() + self._laid_down()

    # -- records ----------------------------------------------------------------------
    def record(self) -> HandRecord:
        """The hand record (deal, bids, contract, plays) of this hand so far."""
        from .records import HandRecord

        return HandRecord.from_hand(self)

    def __repr__(self) -> str:
        return (
            f"<Hand {self.deal.code} shaker={self.shaker} rules={self.rules.name!r} "
            f"phase={self.phase.value} actions={len(self.actions)}>"
        )

    def _repr_svg_(self) -> str:
        from .svg import table_svg

        return table_svg(self)

    def __iter__(self) -> Iterator[Action]:
        return iter(self.actions)


def _agree(subject: str, verb: str) -> str:
    """``verb`` agreeing with ``subject``: "you name", "your partner names"."""
    return verb if subject == "you" else f"{verb}s"


def action_parts(action: Any, kinds: Sequence[str]) -> tuple[str, Any]:
    """``(kind, value)`` of an action given as a pair (or an :class:`Action`), else an
    :class:`IllegalActionError` (``rule="action"``) saying what an action looks like."""
    if not isinstance(action, (tuple, list)) or len(action) not in (2, 3) or action[0] not in kinds:
        raise IllegalActionError(
            f"{quote(action)} is not an action: give (kind, value) with kind one of "
            f"{', '.join(kinds)}, like ('play', '6-4')",
            rule="action",
        )
    return action[0], action[1]


def check_step(step: Any, steps: int) -> None:
    """Refuse a step that is not a whole number 0..steps (for ``at``):
    :class:`~texas42.errors.InputError` ``rule="step"``."""
    check_count(step, "step", 0, steps, rule="step")


def shown_voids(
    tricks: Iterable[Trick], contract: Contract | None, seats: int
) -> dict[int, set[Suit]]:
    """For each of ``seats`` seats, the suits it showed it cannot follow in ``tricks``
    (complete or in progress): a domino that does not follow the suit led."""
    voids: dict[int, set[Suit]] = {s: set() for s in range(seats)}
    if contract is None or contract.kind == "sevens":
        return voids  # in sevens nobody follows suit
    t = tables(contract)
    for trick in tricks:
        if not trick.plays:
            continue
        suit = t.lead[trick.plays[0].index]
        for seat, d in zip(trick.seats[1:], trick.plays[1:], strict=True):
            if not t.members[suit] >> d.index & 1:
                voids[seat].add(Suit(suit))
    return voids


def allowed_contracts(rules: Rules, bid: int | None = None) -> list[Contract]:
    """Every contract the declarer may name under ``rules`` (after a bid of
    ``bid``, when given: follow-me, nello and sevens may need a mark bid)."""
    rules = check_rules(rules)
    if bid is None:
        return list(_all_contracts(rules))
    return list(_contracts_for_bid(rules, parse_bid(bid)))


@functools.lru_cache(maxsize=64)
def _all_contracts(rules: Rules) -> tuple[Contract, ...]:
    out = [Contract.suit(n) for n in range(6, -1, -1)]
    if rules.doubles_trump:
        out.append(Contract("doubles"))
    out.extend(Contract("follow-me", None, place) for place in rules.follow_me_doubles)  # type: ignore[arg-type]
    out.extend(Contract("nello", None, place) for place in rules.nello)  # type: ignore[arg-type]
    if rules.sevens:
        out.append(Contract("sevens"))
    return tuple(out)


@functools.lru_cache(maxsize=1024)
def _contracts_for_bid(rules: Rules, bid: int) -> tuple[Contract, ...]:
    return tuple(c for c in _all_contracts(rules) if _bid_allows(c, rules, bid))


def _bid_allows(contract: Contract, rules: Rules, bid: int) -> bool:
    if contract.kind == "follow-me":
        return bid >= rules.follow_me_min_bid
    if contract.kind in ("nello", "sevens"):
        if bid < rules.special_min_bid:
            return False
        limit = rules.nello_max_marks
        return contract.kind != "nello" or limit is None or bid_marks(bid) <= limit
    return True


def contract_refusal(contract: Contract, rules: Rules, bid: int) -> str:
    """Why ``contract`` may not be named after ``bid`` under ``rules``."""
    if contract not in _all_contracts(rules):
        return f"{contract} is not played under the {rules.name} rules"
    if contract.kind == "follow-me":
        return f"follow-me needs a bid of at least {rules.follow_me_min_bid} under these rules"
    if bid < rules.special_min_bid:
        return f"{contract.kind} needs a bid of at least {rules.special_min_bid} (a mark bid)"
    return f"nello may be bid at most {rules.nello_max_marks} marks under these rules"



__all__ = [
    "ACTION_KINDS", "ONE_DOUBLE", "Action", "Claim", "Hand", "Phase", "Result", "Trick",
    "allowed_contracts", "choice_text",
]
