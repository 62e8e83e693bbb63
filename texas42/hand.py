"""One hand of 42, from the shake to the score.

A :class:`Hand` is a state machine: bidding, naming the contract, then seven
tricks (or fewer, when the result is decided early). Every action is checked;
an illegal one raises and leaves the hand exactly as it was. The hand keeps its
history, so it can be undone, copied, compared and replayed.

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
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple, cast

from . import bidding
from .bidding import MARK, PASS, SPECIAL_BIDS, bid_marks, bid_text, parse_bid
from .contracts import Contract, Suit, _SuitTables, tables
from .deals import SEATS, Deal, team_of
from .dominoes import Domino, DominoLike, DominoSet, sorted_dominoes, to_domino
from .errors import (
    IllegalActionError,
    IllegalBidError,
    IllegalContractError,
    IllegalPlayError,
    InputError,
    NotationError,
    quote,
)
from .rules import STANDARD, Rules
from .tricks import explain_play, explain_winner, sevens_winner

if TYPE_CHECKING:
    from .claims import ClaimCheck
    from .records import HandRecord

ONE_DOUBLE = Domino(1, 0)  # the seed's first bidder holds 1-0
_NO_TABLES = tables(Contract("follow-me"))  # placeholder until a contract is named


class Phase(enum.Enum):
    """Where a hand stands."""

    BIDDING = "bidding"
    CONTRACT = "contract"  # the winning bidder names trumps
    PLAYING = "playing"
    OVER = "over"  # scored
    RESHAKE = "reshake"  # everyone passed and the rules say shake again: no score


class Action(NamedTuple):
    """One step of a hand: a bid, the contract, or a domino played."""

    kind: str  # "bid" | "contract" | "play"
    value: int | str | Contract | Domino  # str: a plunge or splash bid
    seat: int

    def __str__(self) -> str:
        if self.kind == "bid":
            value = self.value if isinstance(self.value, str) else bid_text(cast(int, self.value))
            return f"seat {self.seat} bids {value}"
        if self.kind == "contract":
            return f"seat {self.seat} names {self.value}"
        return f"seat {self.seat} plays {self.value}"


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
        if not self.seats:
            seats = tuple((self.leader + i) % SEATS for i in range(len(self.plays)))
            object.__setattr__(self, "seats", seats)

    def __str__(self) -> str:
        plays = " ".join(str(d) for d in self.plays)
        won = f", won by seat {self.winner} for {self.points}" if self.winner is not None else ""
        return f"seat {self.leader} led: {plays}{won}"


@dataclass(frozen=True)
class Result:
    """How a hand ended."""

    bidder: int
    bid: int
    contract: Contract
    #: Points taken by each team (seats 0+2, seats 1+3) when the hand ended.
    points: tuple[int, int]
    made: bool
    #: Marks won by each team in a marks game (zeros in a points game).
    marks: tuple[int, int]
    #: Game points scored by each team in a points game (zeros in a marks game).
    score: tuple[int, int]
    #: Tricks played when the result was decided.
    decided_after: int

    @property
    def bidding_team(self) -> int:
        return team_of(self.bidder)

    def describe(self) -> str:
        """The result in one sentence."""
        team = self.bidding_team
        verb = "made" if self.made else "was set on"
        text = (
            f"Seat {self.bidder}'s side {verb} {bid_text(self.bid)} in {self.contract}, "
            f"taking {self.points[team]} of 42 points"
        )
        if any(self.marks):
            winner = 0 if self.marks[0] else 1
            n = self.marks[winner]
            text += f"; team {winner} scores {n} mark{'s' if n != 1 else ''}."
        else:
            text += f"; the score is {self.score[0]} to {self.score[1]}."
        return text


class Hand:
    """The state of one hand: a deal, a shaker and the rules, then the actions.

    Seats are 0..3 clockwise; seats 0 and 2 play against 1 and 3.
    """

    def __init__(
        self,
        deal: Deal | Sequence[Any] | str | None = None,
        *,
        shaker: int = 0,
        rules: Rules | str = STANDARD,
    ) -> None:
        if deal is None:
            deal = Deal.from_seed(None)
        elif isinstance(deal, str):
            deal = Deal.from_code(deal)
        elif not isinstance(deal, Deal):
            deal = Deal(deal)
        if not isinstance(shaker, int) or isinstance(shaker, bool) or not 0 <= shaker < SEATS:
            raise InputError(f"shaker {quote(shaker)} is not a seat 0..3", rule="seat")
        self.deal = deal
        self.shaker = shaker
        self.rules = rules if isinstance(rules, Rules) else Rules.preset(rules)
        if self.rules.players != SEATS:
            raise NotationError(
                f"the {self.rules.name} rules are for {self.rules.players} players: "
                "use texas42.moon.MoonHand",
                rule="rules",
            )
        self._reset()

    def _reset(self) -> None:
        self.actions: list[Action] = []
        self.phase = Phase.BIDDING
        self._holdings = list(self.deal.masks)
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
        self._trick_size = SEATS
        self._trick_seats: list[int] = []
        self._tables: _SuitTables = _NO_TABLES  # the contract's, once named
        self.plays: list[Domino] = []
        self.tricks: list[Trick] = []
        self._trick: list[Domino] = []
        self.leader = 0
        self.to_act: int = self.bidding_order[0]
        self.points = [0, 0]
        self.tricks_won = [0, 0]
        self.result: Result | None = None
        self._playing_out = False
        #: The claim, once a player has laid down (see :meth:`lay_down`).
        self.claim: Claim | None = None

    # -- bidding ------------------------------------------------------------------
    def _bidding_order(self) -> list[int]:
        if self.rules.first_bidder == "holder-of-1-0":
            first = self.deal.holder(ONE_DOUBLE)
        else:
            first = (self.shaker + 1) % SEATS
        return [(first + i) % SEATS for i in range(SEATS)]

    @property
    def forced(self) -> bool:
        """Whether the player to bid must bid: under the forced-bid rule, the
        shaker once everyone else has passed. The shaker normally speaks last;
        when the holder of 1-0 bids first and the shaker has already passed, the
        shaker is asked again after the fourth pass (the seed: "the dealer must bid")."""
        if (
            self.phase is not Phase.BIDDING
            or self.rules.all_pass != "forced"
            or self.high_bid != PASS
        ):
            return False
        n = len(self.bids)
        return n == SEATS or (n == SEATS - 1 and self.bidding_order[-1] == self.shaker)

    def valid_bids(self) -> list[int]:
        """The bids the player to act may make (empty outside the auction)."""
        if self.phase is not Phase.BIDDING:
            return []
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
            and self.bidder == (self.to_act + 2) % SEATS
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
        if len(self.bids) < SEATS:
            self.to_act = self.bidding_order[len(self.bids)]
        elif self.bidder is None and self.rules.all_pass == "forced":
            self.to_act = self.shaker  # all passed, the shaker spoke earlier: must bid now
        elif self.bidder is None:
            self.phase = Phase.RESHAKE
        else:
            self.phase = Phase.CONTRACT
            # After a plunge or splash the partner names the contract and leads.
            partner_names = self.high_special is not None
            self.declarer = (self.bidder + 2) % SEATS if partner_names else self.bidder
            self.to_act = self.declarer

    # -- naming the contract --------------------------------------------------------
    def valid_contracts(self) -> list[Contract]:
        """The contracts the declarer may name under these rules for this bid."""
        if self.phase is not Phase.CONTRACT:
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
            self.sitting_out = (self.bidder + 2) % SEATS
            self._trick_size = SEATS - 1
        self.phase = Phase.PLAYING
        self.leader = self.to_act = self.declarer

    # -- play ---------------------------------------------------------------------
    @property
    def current_trick(self) -> list[Domino]:
        """The dominoes played to the trick in progress, in order."""
        return list(self._trick)

    def holding(self, seat: int) -> DominoSet:
        """The dominoes ``seat`` still holds."""
        return DominoSet(self._holdings[seat])

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
            nxt = (seat + 1) % SEATS
            self.to_act = (nxt + 1) % SEATS if nxt == self.sitting_out else nxt
            return
        if self._tables.sevens:
            best = sevens_winner(trick, self._trick_seats, self.sevens_tie_side)
        else:
            best = self._tables.best(trick)
        winner = self._trick_seats[best]
        points = 1
        for x in trick:
            points += x.count
        seats = tuple(self._trick_seats)
        self.tricks.append(Trick(self.leader, tuple(trick), winner, points, seats))
        self._trick = []
        self._trick_seats = []
        team = winner & 1
        self.points[team] += points
        self.tricks_won[team] += 1
        self.leader = self.to_act = winner
        if self.result is None:
            self._check_decided()
        if len(self.tricks) == 7 or (
            self.result is not None and self.rules.early_end and not self._playing_out
        ):
            self.phase = Phase.OVER

    @property
    def sevens_tie_side(self) -> int | None:
        """The side a tie in sevens goes to, by the rules (``None``: the first played)."""
        return None if self.bidder is None else self.rules.sevens_tie_side(self.bidder & 1)

    def _check_decided(self) -> None:
        assert self.bidder is not None and self.contract is not None
        team = self.bidder & 1
        bid = self.high_bid
        ours, theirs = self.points[team], self.points[1 - team]
        kind = self.contract.kind
        if kind == "nello":
            # Nello: set by the first trick the declarer wins, made by losing all seven.
            if self.tricks_won[team]:
                made = False
            elif len(self.tricks) == 7:
                made = True
            else:
                return
        elif kind == "sevens":
            # Sevens: set by the first trick an opponent wins (closer to 7, or a tie
            # the rules give it).
            if self.tricks_won[1 - team]:
                made = False
            elif len(self.tricks) == 7:
                made = True
            else:
                return
        elif self.rules.scoring == "points":
            if len(self.tricks) < 7:
                return
            made = ours >= bid
        elif bid >= MARK:
            # A mark bid promises every trick: set by the first one the opponents win.
            if self.tricks_won[1 - team]:
                made = False
            elif len(self.tricks) == 7:
                made = True
            else:
                return
        elif ours >= bid:
            made = True
        elif theirs > 42 - bid:
            made = False
        else:
            return
        self.result = _score(
            self.bidder, bid, self.contract, self.points, made, len(self.tricks), self.rules
        )

    def play_out(self) -> None:
        """Go on playing after the result was decided early (for practice, or to
        replay a record that played every trick). The result stays as decided."""
        if self.phase is not Phase.OVER or len(self.tricks) == 7:
            raise IllegalActionError(
                "only a hand that ended early can be played out", rule="play-out"
            )
        self.phase = Phase.PLAYING
        self._playing_out = True

    # -- laying down ----------------------------------------------------------------------
    def lay_down(self, seat: int) -> ClaimCheck:
        """``seat``, the player to act, lays down its hand: it claims that its side
        takes every trick left (in nello, the declarer: that it loses every trick left).

        The engine verifies the claim against every arrangement of the dominoes
        ``seat`` cannot see (:func:`texas42.claims.verify_claim`). A valid claim is
        played out at once: the claimant follows its plan, the others play their lowest
        legal dominoes, until the hand is over (seven tricks, or the early end). A
        claim that is not sure raises ``IllegalActionError(rule="claim-not-sure")``
        with the reason, and the hand is left exactly as it was.
        """
        from .claims import ClaimPlayer, lowest_legal

        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < SEATS:
            raise InputError(f"seat {quote(seat)} is not a seat 0..3", rule="seat")
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
        before = self.copy()
        try:
            self.claim = Claim(seat, len(self.plays))
            while self.phase is Phase.PLAYING:
                self.play(player.play(self) if self.to_act == seat else lowest_legal(self))
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
        ``("play", "6-4")``. A refused action changes nothing."""
        kind, value = action_parts(action, ("bid", "contract", "play"))
        before = self.copy()
        try:
            self._apply(kind, value)
        except BaseException:
            self.__dict__.update(before.__dict__)  # whatever failed, nothing half-changed
            raise

    def _apply(self, kind: str, value: Any) -> None:
        if kind == "bid":
            self.bid(cast(int | str, value))
        elif kind == "contract":
            self.name_contract(cast(Contract | str, value))
        elif kind == "play":
            d = to_domino(value)  # read before anything changes
            if self.phase is Phase.OVER and self.result is not None and len(self.tricks) < 7:
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
        fresh = Hand(self.deal, shaker=self.shaker, rules=self.rules)
        if isinstance(actions, (str, bytes, dict)) or not isinstance(actions, Iterable):
            raise InputError(f"{quote(actions)} is not a list of actions", rule="action")
        kinds = ("bid", "contract", "play")
        for action in actions:
            # No snapshot per action: a refusal throws the fresh hand away whole.
            fresh._apply(*action_parts(action, kinds))
        self.__dict__.update(fresh.__dict__)

    def at(self, step: int) -> Hand:
        """A new hand showing the state after the first ``step`` actions."""
        check_step(step, len(self.actions))
        h = Hand(self.deal, shaker=self.shaker, rules=self.rules)
        for action in self.actions[:step]:
            h._apply(action.kind, action.value)  # our own history: legal, no snapshot needed
        h._keep_claim(self.claim)
        return h

    def copy(self) -> Hand:
        """An independent copy."""
        h = Hand.__new__(Hand)
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
        return shown_voids([*self.tricks, current], self.contract, SEATS)

    def trick_explanation(self, index: int = -1) -> str:
        """Why the trick ``index`` was won by who won it."""
        trick = self.tricks[index]
        return explain_winner(trick.plays, self._contract_or_raise(), seats=trick.seats,
                              bidding_team=self.sevens_tie_side)

    def status(self) -> str:
        """Where the hand stands, in one sentence."""
        if self.phase is Phase.BIDDING:
            said = bid_text(self.high_bid)
            if self.high_special:
                said = f"a {self.high_special} ({said})"
            high = "no bid yet" if self.bidder is None else f"high bid {said} by seat {self.bidder}"
            must = " and must bid" if self.forced else ""
            return f"Bidding: seat {self.to_act} to bid{must} ({high})."
        if self.phase is Phase.CONTRACT:
            bid = bid_text(self.high_bid)
            special = self.high_special
            if special is not None:
                return (
                    f"Seat {self.bidder} won the bid with a {special} ({bid}); "
                    f"the partner, seat {self.declarer}, names the contract and leads "
                    f"(in nello seat {self.bidder} leads and plays alone)."
                )
            return f"Seat {self.bidder} won the bid with {bid} and names trumps."
        if self.phase is Phase.PLAYING:
            n = len(self.tricks) + 1
            action = "to lead" if not self._trick else "to play"
            return (
                f"Trick {n}: seat {self.to_act} {action}. Points: {self.points[0]} (seats 0+2) "
                f"to {self.points[1]} (seats 1+3)."
            )
        if self.phase is Phase.RESHAKE:
            return "Everyone passed: the dominoes are shaken again by the next player."
        assert self.result is not None
        if self.claim is not None:
            trick = self.claim.play // max(len(self.tricks[0].plays), 1) + 1 if self.tricks else 1
            return (f"{self.result.describe()} Seat {self.claim.seat} laid the hand down "
                    f"at trick {trick}.")
        return self.result.describe()

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
    """Refuse a step that is not an int 0..steps (for ``at``)."""
    if not isinstance(step, int) or isinstance(step, bool) or not 0 <= step <= steps:
        raise InputError(f"step {quote(step)} is outside 0..{steps}", rule="step")


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
    if bid is None:
        return list(_all_contracts(rules))
    return list(_contracts_for_bid(rules, bid))


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


def _score(
    bidder: int,
    bid: int,
    contract: Contract,
    points: Sequence[int],
    made: bool,
    tricks: int,
    rules: Rules,
) -> Result:
    """Marks or game points for a decided hand (one source for every scoring rule)."""
    team = bidder & 1
    marks = [0, 0]
    score = [0, 0]
    if rules.scoring == "marks":
        if made:
            marks[team] = bid_marks(bid)
        else:
            marks[1 - team] = 1 if rules.set_marks == "one" else bid_marks(bid)
    elif made:
        # Points game: made, each side scores what it took ...
        score = [points[0], points[1]]
    else:
        # ... set, the bidders score nothing and the opponents the bid plus their points.
        score[1 - team] = bid + points[1 - team]
    return Result(
        bidder, bid, contract, (points[0], points[1]), made, (marks[0], marks[1]),
        (score[0], score[1]), tricks,
    )


__all__ = [
    "ONE_DOUBLE", "Action", "Claim", "Hand", "Phase", "Result", "Trick", "allowed_contracts",
]
