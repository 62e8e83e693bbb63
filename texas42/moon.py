"""Moon: the three-player game of 42's family (PAGAT, DOMRULES), as names.

The blanks are taken out except 0-0, leaving 22 dominoes: seven each and one
face down, the widow. Each player bids once, clockwise from the shaker's left:
pass, 4 to 7 tricks, or 21 ("shooting the moon": all seven tricks for 21
points). The high bidder takes the widow, discards one domino face down, names
trumps (a number, or follow-me; doubles are never trumps) and leads. Every
trick is worth 1 point and there is no count. Made: the bidder scores the
tricks taken (21 for a moon); set: the bidder loses the bid. Each opponent
scores the tricks they took. The first to 21 wins; if several reach it in the
same hand, the bidder wins ("bidder goes out").

There is no Moon engine here: Moon is the ``moon`` rules profile
(:data:`texas42.rules.MOON`) played by the one :class:`texas42.hand.Hand`. This
module keeps the names its callers use (the Moon analysis, the explorers, the
pictures): :class:`MoonHand` is a ``Hand`` with the Moon profile, :class:`MoonDeal`
a ``Deal`` of Moon's table (whose widow is one domino), :class:`MoonGame` the
tally to 21.

>>> hand = MoonHand(MoonDeal.from_seed(5), shaker=0)
>>> hand.to_act, hand.valid_bids()
(1, [0, 4, 5, 6, 7, 21])
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from .contracts import Contract
from .deals import Deal, Layout, decode_deal
from .dominoes import Domino, DominoLike, DominoSet, sorted_dominoes, to_domino
from .errors import NotationError, check_seed
from .game import Game
from .hand import Hand, Result, allowed_contracts
from .rules import MOON, Rules

PLAYERS = MOON.seats
_LAYOUT: Layout = MOON.layout
#: The 22 dominoes of Moon: every blank but 0-0 is taken out.
MOON_DOMINOES: tuple[Domino, ...] = _LAYOUT.dominoes
MOON_MASK = _LAYOUT.mask
MOON_BIDS = (*range(MOON.trick_min_bid, MOON.hand_size + 1), MOON.moon_bid)
SHOOT_THE_MOON = MOON.moon_bid
#: A Moon hand's result is the one :class:`texas42.hand.Result` (per seat).
MoonResult = Result


def moon_contracts(rules: Rules = MOON) -> list[Contract]:
    """What a Moon bidder may name: a number as trumps, or follow-me (doubles are never
    trumps in Moon).

    >>> [str(c) for c in moon_contracts()][-2:]
    ['blanks', 'follow-me']
    """
    return allowed_contracts(rules)


def is_moon_rules(rules: Rules) -> bool:
    """Whether ``rules`` are of Moon's table (three seats bidding in tricks), which the
    Moon analysis and explorers play: Moon's layout too, three hands of seven and a widow;
    another table of three bidding in tricks is read as any table is)."""
    return rules.seats == PLAYERS and rules.bidding == "tricks" and rules.layout == _LAYOUT


def hand_type(rules: Rules) -> type[Hand]:
    """The hands of ``rules``' table: :class:`MoonHand` at Moon's (the Moon players and
    coach read them), else :class:`~texas42.hand.Hand`. The one place this is decided."""
    return MoonHand if is_moon_rules(rules) else Hand


def new_game(rules: Rules, *, seed: int | None = None, first_shaker: int = 0,
             deal: Any = None) -> Game:
    """A game at ``rules``' table (:class:`MoonGame` at Moon's, its hands of
    :func:`hand_type`), shaken from ``seed``, ``deal`` its first hand's if given."""
    if is_moon_rules(rules):
        return MoonGame(rules, seed=seed, shaker=first_shaker, deal=deal)
    return Game(rules, first_shaker=first_shaker, seed=seed, deal=deal)


def is_moon_record(text: str | bytes) -> bool:
    """Whether a hand record (JSON) is of Moon: its rules are Moon's table.

    >>> is_moon_record('{"rules": "moon", "hands": []}'), is_moon_record('{"hands": []}')
    (True, False)
    """
    from .records import load_json

    try:
        return is_moon_data(load_json(text))
    except NotationError:
        return False  # the 42 reader reports the problem


def is_moon_data(data: Any) -> bool:
    """Whether parsed record data is of Moon (its rules are Moon's table)."""
    if not isinstance(data, dict):
        return False
    try:
        return is_moon_rules(Rules.from_json(data.get("rules", "standard")))
    except NotationError:
        return False  # the 42 reader reports the problem


class MoonDeal(Deal):
    """A deal of Moon's table: three hands of seven and the widow (one domino)."""

    __slots__ = ()

    def __init__(
        self, hands: Sequence[Any], widow: DominoLike | None = None, *,
        layout: Layout = _LAYOUT,
    ) -> None:
        if not isinstance(hands, (list, tuple)):
            raise NotationError("a Moon deal has three hands and a widow", rule="deal")
        parts = list(hands)
        if widow is not None:
            parts.append(1 << to_domino(widow).index)
        super().__init__(parts, layout)

    @classmethod
    def from_seed(cls, seed: int | str | None = None, layout: Layout = _LAYOUT) -> MoonDeal:
        """As :meth:`texas42.deals.Deal.from_seed` (a negative seed is refused)."""
        check_seed(seed, optional=True, text=True)
        return cls.shake(random.Random(seed), layout)

    @classmethod
    def shake(cls, rng: random.Random, layout: Layout = _LAYOUT) -> MoonDeal:
        deal = super().shake(rng, layout)
        assert isinstance(deal, MoonDeal)
        return deal

    @classmethod
    def from_code(cls, code: str, layout: Layout = _LAYOUT) -> MoonDeal:
        return cls(decode_deal(code, layout.dominoes, layout.sizes), layout=layout)

    @property
    def widow(self) -> Domino:
        return sorted_dominoes(self.masks[PLAYERS])[0]

    def __repr__(self) -> str:
        return f"MoonDeal.from_code({self.code!r})"

    def __str__(self) -> str:
        lines = [f"seat {s}: {DominoSet(m)}" for s, m in enumerate(self.masks[:PLAYERS])]
        return "\n".join([*lines, f"widow: {self.widow}"])


class MoonHand(Hand):
    """One hand of Moon: the one :class:`~texas42.hand.Hand` with the Moon profile (bid,
    widow and discard, contract, seven tricks of three)."""

    deal: MoonDeal

    def __init__(
        self,
        deal: Deal | Sequence[Any] | str | None = None,
        *,
        shaker: int = 0,
        rules: Rules | str = MOON,
    ) -> None:
        profile = rules if isinstance(rules, Rules) else Rules.preset(rules)
        if not is_moon_rules(profile):
            raise NotationError(f"the {profile.name} rules are not Moon's", rule="rules")
        if type(deal) is Deal and deal.layout == profile.layout:
            deal = MoonDeal(deal.masks)
        super().__init__(deal, shaker=shaker, rules=profile)

    @classmethod
    def _deal_type(cls) -> Any:
        return MoonDeal

    def to_dict(self) -> dict[str, Any]:
        """The hand record (as :meth:`texas42.records.HandRecord.to_dict`)."""
        return self.record().to_dict()

    def to_json(self) -> str:
        return self.record().to_json()

    @classmethod
    def replay_dict(cls, data: Any) -> MoonHand:
        """Rebuild a Moon hand from its record, checking every field and action (see
        :meth:`texas42.records.HandRecord.replay`)."""
        from .records import HandRecord

        record = HandRecord.from_dict(data, default_rules="moon")
        if not is_moon_rules(record.rules):
            raise NotationError(f"the {record.rules.name} rules are not Moon's", rule="record")
        hand = record.replay(cls)
        assert isinstance(hand, MoonHand)
        return hand

    def __repr__(self) -> str:
        return f"<MoonHand {self.deal.code} shaker={self.shaker}: {self.status()}>"

    # (Its picture is Hand's: svg.table_svg hands any table but 42's to round_table_svg.)


class MoonGame(Game):
    """Moon hands until a player reaches 21 (the bidder goes out first): the one
    :class:`texas42.game.Game` with the Moon profile, its hands :class:`MoonHand`."""

    def __init__(
        self,
        rules: Rules | str = MOON,
        *,
        seed: int | None = None,
        shaker: int = 0,
        deal: MoonDeal | None = None,
    ) -> None:
        super().__init__(rules, first_shaker=shaker, seed=seed, deal=deal)

    def _new_hand(self, deal: Deal | None, shaker: int) -> MoonHand:
        return MoonHand(deal or MoonDeal.shake(self._rng), shaker=shaker, rules=self.rules)

    @property
    def hand(self) -> MoonHand:
        hand = self.hands[-1]
        assert isinstance(hand, MoonHand)
        return hand

    def next_hand(self, deal: Deal | None = None) -> MoonHand:
        """Shake again (or use ``deal``); the shake passes to the left."""
        hand = super().next_hand(deal)
        assert isinstance(hand, MoonHand)
        return hand
