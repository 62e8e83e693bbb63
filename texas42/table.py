"""One table in play, outside any widget: the rules of the flow, written once.

A :class:`TableInPlay` holds the engine's game (:class:`texas42.game.Game`, Moon's
:class:`texas42.moon.MoonGame`), which seats people play (:attr:`TableInPlay.people`;
the rest are the computer's) and the computer's players. It says whose turn it is,
applies a person's action (checked by the engine: a refused one changes nothing), runs
the computer's turns one at a time (a view paces them: the play explorer shows each, the
classroom server sends each), deals the next hand or starts a new game, and plays on from
a position (a lesson's, a kept mistake played again). It keeps the learner's decisions
judged while the hand goes on (:class:`Judging`), so the review takes them as they are.

The views are the play explorer (:class:`texas42.widgets.PlayExplorer`: pictures,
buttons, words, the progress kept), the classroom's tables
(:class:`texas42.classroom.tables.Table`: places held by tokens, a grace period, what each
place may see) and the replay of a kept mistake (:meth:`TableInPlay.play_on`). Pure
Python: it runs in the browser's Python too.

>>> from texas42.rules import STANDARD
>>> table = TableInPlay.new(STANDARD, people=(0,), seed=5, first_shaker=3)
>>> table.seat_to_act, table.persons_turn()
(0, True)
>>> table.act((0,), "bid", 30).value
30
>>> [turn.kind for turn in table.computer_turns()]
['bid', 'bid', 'bid']
>>> table.persons_turn() or table.hand.is_over
True
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Generator, Iterator
from dataclasses import dataclass, field
from typing import Any, Protocol

from .analysis.players import Player, default_player
from .analysis.players import decide as _decide
from .bidding import PASS, bid_text
from .claims import ClaimCheck
from .contracts import Contract
from .dominoes import Domino
from .errors import IllegalActionError, IllegalPlayError, InputError, Texas42Error, check_kind
from .game import Game
from .hand import Action, Hand
from .moon import MoonHand, hand_type, new_game
from .records import HandRecord
from .rules import Rules
from .tricks import explain_play

#: The most computer actions :meth:`TableInPlay.computer_turns` takes at once (a hand
#: has far fewer: it only guards against a table where nobody is a person).
MAX_TURNS = 200
#: A person's action in words, for a refusal ("you cannot bid now: ...").
ACTION_VERBS = {"bid": "bid", "discard": "lay a domino aside", "contract": "name trumps",
                "play": "play"}


@dataclass(frozen=True)
class ComputerTurn:
    """One computer action and why (in one line, the action said already)."""

    seat: int
    kind: str  # "bid" | "discard" | "contract" | "play"
    value: int | str | Contract | Domino  # str: a plunge or splash
    reason: str
    tricks: bool = False  # a bid in tricks (Moon's), not in points

    def apply(self, hand: Hand) -> None:
        hand.apply((self.kind, self.value))

    @property
    def text(self) -> str:
        if self.kind == "bid" and isinstance(self.value, int):
            return trick_bid_words(self.value) if self.tricks else bid_text(self.value)
        return str(self.value)


def trick_bid_words(bid: int) -> str:
    """A bid in tricks in words: ``"pass"``, ``"5 tricks"``, ``"21: shoot the moon"``."""
    if bid == PASS:
        return "pass"
    return f"{bid}: shoot the moon" if bid > 7 else f"{bid} trick{'s' if bid != 1 else ''}"


#: The explorers' default player of each kind of bidding ("points", "tricks"), made once.
_SHARED: dict[str, Player] = {}


def decide(hand: Hand, player: Player | None = None) -> ComputerTurn:
    """THE computer's action for the seat to act at any table (``player``, default the
    explorers' :func:`~texas42.analysis.players.default_player`; it sees only that seat)."""
    if player is None:
        kind = hand.rules.bidding
        if kind not in _SHARED:
            _SHARED[kind] = default_player(rules=hand.rules)
        player = _SHARED[kind]
    seat = hand.to_act
    d = _decide(player, hand)
    value, reason = d.action, d.reason
    in_tricks = hand.rules.bidding == "tricks"
    # "6-0: leads a trump ..." -> "leads a trump ..." (the action is said already)
    head, sep, rest = reason.partition(": ")
    said = bid_text(value) if isinstance(value, int) and not in_tricks else (
        "pass" if value == 0 else str(value))
    if sep and head.strip() == said:
        reason = rest
    return ComputerTurn(seat, d.kind, value, reason.rstrip("."), tricks=in_tricks)


def position_hand(position: object) -> Hand:
    """The hand to play on from ``position`` (a part-played hand or its record; a copy of
    its own, replayed by the engine). Not a hand, or a hand that is over:
    :class:`~texas42.errors.InputError` (``rule="position"``)."""
    check_kind(position, (Hand, MoonHand, HandRecord), "a hand or a hand record to play "
               "on from", rule="position")
    assert isinstance(position, (Hand, HandRecord))
    record = position if isinstance(position, HandRecord) else HandRecord.from_hand(position)
    hand = record.replay(hand_type(record.rules))
    if hand.is_over:
        raise InputError("the position is a hand that is over: nothing is left to play",
                         rule="position")
    return hand


@dataclass
class TableInPlay:
    """A game in play: whose turn, the people's seats and the computer's, the flow."""

    game: Game
    #: The seats people play now (the view sets it: the learner's seats, the places
    #: held); every other seat is the computer's.
    people: frozenset[int] = frozenset()
    #: The computer's player of a seat (a seat not here: the default player).
    players: dict[int, Player] = field(default_factory=dict)
    #: The default player's seed (None: the explorers' shared default player).
    player_seed: int | None = None
    #: Playing on from a position (:meth:`play_on`): a hand to practise, not a game to keep.
    practice: bool = False
    _default: Player | None = field(default=None, repr=False)

    @classmethod
    def new(cls, rules: Rules, *, people: Collection[int] = (), seed: int | None = None,
            first_shaker: int = 0, deal: Any = None, player_seed: int | None = None
            ) -> TableInPlay:
        """A new game at ``rules``' table (its first hand ``deal`` if given)."""
        return cls(new_game(rules, seed=seed, first_shaker=first_shaker, deal=deal),
                   people=frozenset(people), player_seed=player_seed)

    @property
    def rules(self) -> Rules:
        return self.game.rules

    @property
    def hand(self) -> Hand:
        """The hand in play: the game's latest."""
        return self.game.hand

    # -- whose turn ---------------------------------------------------------------------
    @property
    def seat_to_act(self) -> int | None:
        """The seat to act, None once the hand is over."""
        return None if self.hand.is_over else self.hand.to_act

    def persons_turn(self, seats: Collection[int] | None = None) -> bool:
        """Whether one of ``seats`` (default: the people's) is to act."""
        to_act = self.seat_to_act
        return to_act is not None and to_act in (self.people if seats is None else seats)

    def computer_to_act(self) -> bool:
        """Whether the seat to act is the computer's."""
        to_act = self.seat_to_act
        return to_act is not None and to_act not in self.people

    # -- a person's action --------------------------------------------------------------
    def check_turn(self, seats: Collection[int], kind: str) -> None:
        """Refuse (``rule="turn"``, or ``"hand-over"``) an action ``kind`` by a person
        who plays ``seats`` when it is not theirs to take now."""
        hand = self.hand
        what = ACTION_VERBS.get(kind, kind)
        if hand.is_over:
            raise IllegalActionError(f"you cannot {what} now: the hand is over",
                                     rule="hand-over")
        if hand.to_act not in seats:
            raise IllegalActionError(f"you cannot {what} now: it is not your turn "
                                     f"({hand.status()})", rule="turn")
        if hand.next_action != kind:
            raise IllegalActionError(f"you cannot {what} now: it is not your turn to {what} "
                                     f"({hand.status()})", rule="turn")

    def act(self, seats: Collection[int], kind: str, value: Any) -> Action:
        """The person who plays ``seats`` takes the action ``(kind, value)`` for the seat
        to act; the engine checks it. Refused: an error naming the rule (a play against
        the suit rules: ``"Not allowed: "`` and why), the table unchanged."""
        self.check_turn(seats, kind)
        hand = self.hand
        if kind == "play":
            try:
                d: Domino | None = value if isinstance(value, Domino) else Domino.parse(value)
            except Texas42Error:
                d = None  # the engine says why
            held = hand.holding(hand.to_act)
            if d is not None and d in held and d not in hand.legal_plays():
                assert hand.contract is not None
                raise IllegalPlayError(
                    "Not allowed: " + explain_play(d, held, hand.current_trick, hand.contract),
                    rule="sevens" if hand.contract.kind == "sevens" else "follow-suit")
        hand.apply((kind, value))
        return hand.actions[-1]

    def may_lay_down(self, seats: Collection[int]) -> bool:
        """Whether the person who plays ``seats`` may lay their hand down now: their turn
        to play, no claim yet, and in nello only the declarer."""
        hand = self.hand
        return (self.persons_turn(seats) and hand.next_action == "play"
                and (hand.sitting_out is None or hand.declarer == hand.to_act)
                and hand.claim is None)

    def lay_down(self, seats: Collection[int]) -> ClaimCheck:
        """The person who plays ``seats`` lays down the hand to act (the engine checks the
        claim and plays the rest; not sure: ``rule="claim-not-sure"``, nothing changed)."""
        if not self.may_lay_down(seats):
            raise IllegalActionError(
                "you may lay down only when it is your turn to play"
                + (" and you bid nello" if self.hand.sitting_out is not None else ""),
                rule="turn")
        return self.hand.lay_down(self.hand.to_act)

    # -- the computer's turns -------------------------------------------------------------
    def player_of(self, seat: int) -> Player | None:
        """The computer's player of ``seat`` (None: the explorers' shared default)."""
        if seat in self.players:
            return self.players[seat]
        if self.player_seed is None:
            return None
        if self._default is None:
            self._default = default_player(self.player_seed, self.rules)
        return self._default

    def computer_decision(self, hand: Hand | None = None) -> ComputerTurn:
        """The computer's action for the seat to act in ``hand`` (default this table's; a
        copy lets a server think in another thread while the table goes on). The player
        sees only that seat's view."""
        hand = self.hand if hand is None else hand
        return decide(hand, self.player_of(hand.to_act))

    def apply_computer(self, turn: ComputerTurn) -> Action:
        """Take the computer's action (checked by the engine like any other)."""
        self.hand.apply((turn.kind, turn.value))
        return self.hand.actions[-1]

    def computer_turn(self) -> ComputerTurn | None:
        """If the seat to act is the computer's, its action (taken); else None."""
        if not self.computer_to_act():
            return None
        turn = self.computer_decision()
        self.apply_computer(turn)
        return turn

    def computer_turns(self, limit: int = MAX_TURNS) -> Iterator[ComputerTurn]:
        """The computer's actions until a person is to act or the hand is over, each
        taken as it is yielded (a view shows or sends each before the next is asked)."""
        for _ in range(limit):
            turn = self.computer_turn()
            if turn is None:
                return
            yield turn

    # -- hands and games ----------------------------------------------------------------
    def next_hand(self) -> None:
        """The game's next hand (shaken by the next seat). Refused while the hand is
        played (``rule="hand-not-over"``) or once the game is won (``"game-over"``)."""
        if not self.hand.is_over:
            raise IllegalActionError("finish this hand first", rule="hand-not-over")
        if self.game.is_over:
            raise IllegalActionError("the game is over: start a new game", rule="game-over")
        self.game.next_hand()

    def new_game(self, rules: Rules | None = None, *, seed: int | None = None,
                 first_shaker: int = 0, deal: Any = None) -> None:
        """A new game (at ``rules``' table, default this one's). A bad deal raises before
        anything changes."""
        self.resume(new_game(self.rules if rules is None else rules, seed=seed,
                             first_shaker=first_shaker, deal=deal))

    def resume(self, game: Game) -> None:
        """Go on with ``game`` (a kept game brought back)."""
        if game.rules != self.rules:
            self._default = None  # (the default player is the table's)
        self.game = game
        self.practice = False

    def play_on(self, position: Hand | HandRecord) -> Hand:
        """Play on from ``position`` (:func:`position_hand`: a hand part-played, or its
        record) to the end of its hand: a hand to practise (:attr:`practice`), not a game
        to keep. A bad position raises before anything changes. The hand played."""
        hand = position_hand(position)
        record = HandRecord.from_hand(hand)
        game = new_game(record.rules, first_shaker=record.shaker, seed=None, deal=record.deal)
        game.hands[-1] = hand
        self.resume(game)
        self.practice = True
        return hand

    def coach_seed(self) -> int:
        """The coach's seed for this game's hands: one judgement for the hint, the
        judging as the hand goes on and the review."""
        return len(self.game.hands) if self.rules.bidding == "tricks" else 0


class Queue(Protocol):
    """Where work waits for idle moments (:data:`texas42.widgets._background.BACKGROUND`)."""

    driven: bool

    def add(self, owner: object, task: Generator[None, None, Any],
            done: Callable[[Any], None]) -> None: ...

    def drop(self, owner: object) -> None: ...


class _Ahead:
    """One decision's advice worked out ahead, in steps, shared by whoever needs it first:
    the queue (idle moments), the hint (at once, the rest of it) and the verdict."""

    def __init__(self, hand: Hand, step: int, steps: Generator[None, None, Any]) -> None:
        self.hand = hand
        self.step = step  # the position: ``hand`` before its action ``step``
        self._steps = steps
        self.advice: Any = None
        #: The work raised an error: whoever needs the advice asks the coach again.
        self.failed = False

    def run(self) -> Generator[None, None, Any]:
        """The advice, one step at a time (several runs share the work)."""
        while self.advice is None:
            if self.failed:
                raise InputError("the advice worked out ahead for this decision failed: "
                                 "the coach is asked again", rule="judge")
            try:
                next(self._steps)
            except StopIteration as done:
                self.advice = done.value
                break
            except Exception:
                self.failed = True
                raise
            yield
        return self.advice


class Judging:
    """The person's decisions judged while the hand goes on, by ``(kind, index)``: each
    queued as it is made (the coach's :func:`~texas42.analysis.coach.judge_steps`, in
    short steps run in idle moments), so the review takes what is done and judges the
    rest itself. Verdicts belong to one hand: a new hand starts afresh. The advice on the
    person's decision is worked out ahead, while they think (:meth:`prepare`): the hint
    takes it (:meth:`advice_now`), and the verdict starts from it."""

    def __init__(self, queue: Queue, on_verdict: Callable[[], None] = lambda: None,
                 owner: object = None) -> None:
        self.queue = queue
        #: Whose work it is in the queue (the view's, so it can ask what is pending).
        self.owner: object = self if owner is None else owner
        #: Told after each verdict that belongs to the hand still judged (to save it).
        self.on_verdict = on_verdict
        self.judged: dict[tuple[str, int], Any] = {}
        self.hand: Hand | None = None
        #: The advice on the person's decision now, being worked out ahead.
        self.ahead: _Ahead | None = None

    def verdicts(self, hand: Hand) -> dict[tuple[str, int], Any]:
        """What was judged of ``hand`` (nothing when the verdicts are another hand's)."""
        return self.judged if self.hand is hand else {}

    def take(self, hand: Hand, judged: dict[tuple[str, int], Any]) -> None:
        """``hand``'s verdicts judged before (a game brought back); nothing queued."""
        self.queue.drop(self.owner)
        self.judged, self.hand = dict(judged), hand

    def stop(self) -> None:
        """Nothing more is judged in the background (the review does the rest now)."""
        self.queue.drop(self.owner)

    def prepare(self, table: TableInPlay, seats: Collection[int]) -> None:
        """When one of ``seats`` is to act with a choice: queue the coach's advice on it
        (the hint's and the verdict's judgement), so it is ready when asked."""
        h = table.hand
        step = len(h.actions)
        if (not self.queue.driven or h.is_over or h.to_act not in seats
                or len(h.legal_actions()) < 2
                or (self.ahead is not None and self.ahead.hand is h
                    and self.ahead.step == step)):
            return
        from .analysis import coach
        from .review_words import REVIEW_SAMPLES, coach_samples

        try:
            steps = coach.advise_steps(h, samples=coach_samples(h, None, REVIEW_SAMPLES),
                                       seed=table.coach_seed())
        except Texas42Error:
            return  # the hint will say why itself
        self.ahead = _Ahead(h, step, steps)
        self.queue.add(self.owner, self.ahead.run(), lambda _advice: None)

    def advice_now(self, table: TableInPlay) -> Any:
        """The advice on the decision to make now, the rest of it worked out at once, or
        ``None`` when it was not prepared (the caller asks the coach itself)."""
        ahead = self._ahead_at(table.hand, len(table.hand.actions))
        if ahead is None:
            return None
        from .analysis.coach import run_steps

        try:
            return run_steps(ahead.run())
        except Exception:  # (as the queue would: the caller asks the coach itself)
            return None

    def _ahead_at(self, hand: Hand, step: int) -> _Ahead | None:
        ahead = self.ahead
        if ahead is None or ahead.failed or ahead.hand is not hand or ahead.step != step:
            return None
        return ahead

    def later(self, table: TableInPlay, step: int | None = None) -> None:
        """Queue the decision just made in ``table``'s hand (or the one at ``step``)."""
        h = table.hand
        if not h.actions or not self.queue.driven:
            return  # nobody runs idle work here (a notebook kernel): the review does it all
        step = len(h.actions) - 1 if step is None else step
        action = h.actions[step]
        before = h.at(step)
        if len(before.legal_actions()) < 2:
            return  # forced: nothing to judge
        if self.hand is not h:  # a new hand: what was judged belongs to the old
            self.take(h, {})
        from .analysis import coach
        from .review_words import REVIEW_SAMPLES, coach_samples

        key = (action.kind, sum(1 for a in h.actions[:step] if a.kind == action.kind))
        try:
            samples = coach_samples(h, None, REVIEW_SAMPLES)
            ahead = self._ahead_at(h, step)
            steps = coach.judge_steps(before, action.choice, samples=samples,
                                      seed=table.coach_seed(), hindsight=True,
                                      advice=ahead.run() if ahead is not None else None)
        except Texas42Error:
            return  # no verdict to give: the review says so itself
        judged = self.judged

        def done(verdict: Any) -> None:
            judged[key] = verdict
            if judged is self.judged:  # (still this hand's)
                self.on_verdict()

        self.queue.add(self.owner, steps, done)

    def rest(self, table: TableInPlay, seats: Collection[int]) -> None:
        """Queue every decision of ``seats`` in the hand not judged yet (after a reload:
        those judged before it came back with the game)."""
        counts: dict[str, int] = {}
        for step, action in enumerate(table.hand.actions):
            index = counts.get(action.kind, 0)
            counts[action.kind] = index + 1
            if action.seat in seats and (action.kind, index) not in self.judged:
                self.later(table, step)


__all__ = ["ComputerTurn", "Judging", "TableInPlay", "decide", "position_hand",
           "trick_bid_words"]
