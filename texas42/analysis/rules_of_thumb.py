"""The rule-based player's judgement, on bit masks (fast enough for thousands of playouts).

Bidding counts what a club player counts: trumps (and how many of the top ones are held),
doubles outside trumps (they usually win their suit once trumps are gone) and count.
Play follows the club rules: the bidders lead trumps to pull them (under the top one
only with three or more); anyone leads a sure winner when they have one, else a double; a
partner who is sure to win the trick gets the count; a trick that can be won is won as
cheaply as possible; otherwise play low and keep the count.

Every choice comes with a short code and the dominoes involved, turned into one line of
English by :func:`play_reason` (only when somebody asks).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from ..contracts import Contract
from ..dominoes import DOMINOES, SUIT_NAMES
from ._tables import COUNT, FastTables, fast_tables, mask_count

DOUBLES_MASK = sum(1 << d.index for d in DOMINOES if d.is_double)


@functools.lru_cache(maxsize=64)
def _above(contract: Contract) -> tuple[tuple[int, ...], ...]:
    """``above[s][x]``: the dominoes that beat ``x`` in a trick led in suit ``s``."""
    ft = fast_tables(contract)
    out = []
    for s in range(9):
        row = ft.power[s]
        out.append(tuple(
            sum(1 << o for o in range(28) if row[o] > row[x]) for x in range(28)
        ))
    return tuple(out)


@functools.lru_cache(maxsize=64)
def _trump_order(contract: Contract) -> tuple[int, ...]:
    ft = fast_tables(contract)
    row = ft.power[8]
    return tuple(sorted((i for i in range(28) if ft.trump_mask >> i & 1), key=lambda i: -row[i]))


@dataclass(frozen=True, slots=True)
class PlayTables:
    """What the play rules read of one contract, built once (:func:`play_tables`): its
    suit tables on masks, ``above[s][x]`` (the dominoes that beat ``x`` in a trick led in
    suit ``s``) and ``tops`` (the trumps from the highest down)."""

    ft: FastTables
    above: tuple[tuple[int, ...], ...]
    tops: tuple[int, ...]


@functools.lru_cache(maxsize=64)
def play_tables(contract: Contract) -> PlayTables:
    """The :class:`PlayTables` of ``contract`` (cached: the playouts ask for them often)."""
    return PlayTables(fast_tables(contract), _above(contract), _trump_order(contract))


@dataclass(frozen=True, slots=True)
class PlaySettings:
    """How one seat plays a hand by the rules of thumb, fixed for the whole hand: the
    contract's :class:`PlayTables`, whether the seat's side won the bid, and whether
    every trick counts (a mark bid, where the bidders must take every trick:
    :func:`mark_choice`). :func:`play_settings` gives the cached ones.

    >>> s = play_settings(Contract.parse("sixes"), bidding_side=True)
    >>> s.bidding_side, s.every_trick, [str(DOMINOES[x]) for x in s.tables.tops[:3]]
    (True, False, ['6-6', '6-5', '6-4'])
    """

    tables: PlayTables
    bidding_side: bool
    every_trick: bool = False


@functools.lru_cache(maxsize=256)
def play_settings(contract: Contract, bidding_side: bool, every_trick: bool = False
                  ) -> PlaySettings:
    """The :class:`PlaySettings` of a seat in ``contract`` (cached: four per contract)."""
    return PlaySettings(play_tables(contract), bidding_side, every_trick)


@functools.lru_cache(maxsize=256)
def seat_settings(contract: Contract, bid_team: int, every_trick: bool = False
                  ) -> tuple[PlaySettings, ...]:
    """The :class:`PlaySettings` of 42's four seats (partners 0+2 against 1+3) when team
    ``bid_team`` won the bid, by seat (cached: the playouts ask once a hand)."""
    return tuple(play_settings(contract, (p & 1) == bid_team, every_trick) for p in range(4))


# -- bidding ------------------------------------------------------------------------------
@dataclass(frozen=True)
class Strength:
    """What the rule-based bidder sees in a hand for one contract."""

    contract: Contract
    trumps: int
    top_trumps: int
    has_trump_double: bool
    off_doubles: int
    count: int
    tricks: float
    points: int

    def describe(self) -> str:
        """``"4 sixes with the 6-6 (2 from the top), 2 other doubles, 15 count"``."""
        c = self.contract
        parts = []
        if c.kind == "trumps":
            assert c.trump is not None
            name = SUIT_NAMES[c.trump]
            if self.trumps:
                dbl = f" with the {c.trump}-{c.trump}" if self.has_trump_double else ""
                top = f", {self.top_trumps} from the top" if self.top_trumps > 1 else ""
                parts.append(f"{self.trumps} {name}{dbl}{top}")
            else:
                parts.append(f"no {name}")
        elif c.kind == "doubles":
            parts.append(f"{self.trumps} doubles" + (
                f", {self.top_trumps} from the top" if self.top_trumps else ""))
        else:
            parts.append(f"{self.off_doubles} doubles for {c}")
        if c.kind == "trumps" and self.off_doubles:
            parts.append(f"{self.off_doubles} other double{'s' if self.off_doubles > 1 else ''}")
        if self.count:
            parts.append(f"{self.count} count")
        return ", ".join(parts)


@functools.lru_cache(maxsize=64)
def _shape(contract: Contract) -> tuple[int, tuple[int, ...], bool]:
    """(trump mask, trumps from the top, whether a trump suit) for the bidding estimate."""
    ft = fast_tables(contract)
    return (ft.trump_mask, _trump_order(contract), contract.kind == "trumps")


def _tricks(held: int, contract: Contract) -> tuple[float, int, int, int]:
    """(estimated tricks, trumps, top trumps, other doubles) of ``held`` in ``contract``."""
    tm, tops, _ = _shape(contract)
    return _tricks_of(held, tm, tops)


def _tricks_of(held: int, tm: int, tops: tuple[int, ...]) -> tuple[float, int, int, int]:
    """:func:`_tricks` for a contract of trump mask ``tm`` (0: no trump suit) and trumps
    from the top ``tops``."""
    if tm:
        trumps = held & tm
        n = trumps.bit_count()
        top = 0
        for t in tops:
            if trumps >> t & 1:
                top += 1
            else:
                break
        off = (held & DOUBLES_MASK & ~tm).bit_count()
        tricks = top + (n - top) * (0.55 if top else 0.35) + 0.8 * off + 0.25 * max(0, n - 4)
    else:
        n = top = 0
        off = (held & DOUBLES_MASK).bit_count()
        tricks = 0.85 * off
    return (min(tricks, 7.0), n, top, off)


def _points(tricks: float) -> int:
    """About 6 points a trick, counting on the partner for most of one more."""
    if tricks >= 7.0:
        return 42
    return min(41, round(6 * (tricks + 0.8)))


def strength(held: int, contract: Contract) -> Strength:
    """Estimate what ``held`` is worth as the bidder's hand in ``contract``: sure trump
    tricks from the top, later trumps at a bit over half a trick (more when long), other
    doubles at most of a trick, plus the partner's usual help; about 6 points a trick."""
    tricks, n, top, off = _tricks(held, contract)
    tm, _, suit = _shape(contract)
    has_double = bool(held & tm & DOUBLES_MASK) if suit else n > 0
    return Strength(contract, n, top, has_double, off, mask_count(held), tricks,
                    _points(tricks))


def best_strength(held: int, contracts: tuple[Contract, ...]) -> Strength:
    """The contract the rule-based bidder likes best for ``held`` (ties: the first)."""
    return strength(held, contracts[best_index(held, contracts)])


@functools.lru_cache(maxsize=4096)  # (the coach's guesses ask it of the same hands again)
def best_index(held: int, contracts: tuple[Contract, ...]) -> int:
    best, at = -1.0, 0
    for i, (tm, tops) in enumerate(_shapes(contracts)):  # (one cache lookup, not one a contract)
        t = _tricks_of(held, tm, tops)[0]
        if t > best + 1e-9:
            best, at = t, i
    return at


@functools.lru_cache(maxsize=64)
def _shapes(contracts: tuple[Contract, ...]) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """(trump mask, trumps from the top) of each contract, for :func:`worth`."""
    return tuple(_shape(c)[:2] for c in contracts)


def worth(held: int, contracts: tuple[Contract, ...]) -> int:
    """Points the rule-based bidder thinks ``held`` is worth in its best contract: the
    points of :func:`best_strength`, without building the :class:`Strength` (the guesses
    of the hidden hands ask it thousands of times a decision)."""
    best = 0.0
    for tm, tops in _shapes(contracts):
        t = _tricks_of(held, tm, tops)[0]
        if t > best:
            best = t
    return _points(best)


# -- play -----------------------------------------------------------------------------
# Reason codes of the play core.
ONLY = "only"
PULL_TOP = "pull-top"
PULL = "pull"
WALK = "walk"
LEAD_LOW = "lead-low"
LEAD_DOUBLE = "lead-double"
FEED = "feed"
WIN_LAST = "win-last"
WIN_SAFE = "win-safe"
WIN_TRY = "win-try"
LOW = "low"
NELLO_DUCK = "nello-duck"
NELLO_LOW = "nello-low"
NELLO_PUSH = "nello-push"
SEVENS = "sevens"
# Reason codes of mark bids (every trick counts, count does not).
MARK_LEAD = "mark-lead"
MARK_HIGH = "mark-high"
MARK_WIN = "mark-win"
MARK_LOW = "mark-low"
MARK_SHED = "mark-shed"


def nello_choice(ft: FastTables, legal: int, plays: list[int], declarer: bool
                 ) -> tuple[int, str, int]:
    """Nello: the declarer must lose every trick, so it ducks under the domino winning
    the trick with its highest domino that stays under (else plays its lowest); the
    opponents play low, to leave the trick to the declarer."""
    if not legal & (legal - 1):
        return (legal.bit_length() - 1, ONLY, -1)
    moves = [i for i in range(28) if legal >> i & 1]
    if not plays:
        m = min(moves, key=lambda x: (ft.power[ft.lead[x]][x], x))
        return (m, NELLO_LOW if declarer else NELLO_PUSH, -1)
    row = ft.power[ft.lead[plays[0]]]
    best = max(plays, key=lambda x: row[x])
    if declarer:
        under = [m for m in moves if row[m] < row[best]]
        if under:
            return (max(under, key=lambda x: (row[x], x)), NELLO_DUCK, best)
        return (min(moves, key=lambda x: (row[x], x)), NELLO_LOW, best)
    return (min(moves, key=lambda x: (row[x], x)), NELLO_PUSH, best)


def play_choice(
    settings: PlaySettings,
    held: int,
    legal: int,
    unknown: int,
    plays: list[int],
    last: bool,
    partner_pos: int,
) -> tuple[int, str, int]:
    """The rule-based play: (domino index, reason code, the domino it is about or -1).

    ``settings``: how the seat plays this hand (:class:`PlaySettings`); ``held``: its
    dominoes; ``legal``: those it may play; ``unknown``: the dominoes that may be in other
    hands; ``plays``: the trick so far; ``last``: whether the player plays last to it;
    ``partner_pos``: position of the partner's play in ``plays`` (``-1`` if the partner
    has not played)."""
    if not legal & (legal - 1):
        return (legal.bit_length() - 1, ONLY, -1)
    if settings.every_trick:
        return mark_choice(settings, held, legal, unknown, plays, last, partner_pos)
    tables = settings.tables
    ft, above, tops = tables.ft, tables.above, tables.tops
    bidding_side = settings.bidding_side
    moves = [i for i in range(28) if legal >> i & 1]
    if not plays:
        trumps_out = unknown & ft.trump_mask
        my_trumps = held & ft.trump_mask
        if bidding_side and trumps_out and my_trumps:
            top_out = next(x for x in tops if trumps_out >> x & 1)
            top_mine = next(x for x in tops if my_trumps >> x & 1)
            if ft.power[8][top_mine] > ft.power[8][top_out]:
                return (top_mine, PULL_TOP, -1)
            if my_trumps.bit_count() >= 3:
                # The top trump is out: lead a cheap trump to draw it, not the count
                # (with only two, both are kept to trump a suit: measured better).
                t = min((x for x in tops if my_trumps >> x & 1),
                        key=lambda x: (COUNT[x], ft.power[8][x]))
                return (t, PULL, top_out)
            # One or two trumps under the top one only feed it: keep them to trump a suit.
        # A sure winner: nothing unseen beats it in its suit (trumps included).
        walkers = [m for m in moves if not unknown & above[ft.lead[m]][m]]
        if walkers:
            m = max(walkers, key=lambda x: (COUNT[x], ft.power[ft.lead[x]][x]))
            return (m, WALK, -1)
        # Else a double outside trumps: the highest of its suit, only a trump takes it,
        # and everyone holding its suit must follow (measured: better than a low lead).
        tops_of_suit = [m for m in moves if DOUBLES_MASK >> m & 1
                        and not ft.trump_mask >> m & 1
                        and not unknown & above[ft.lead[m]][m] & ~ft.trump_mask]
        if tops_of_suit:
            m = min(tops_of_suit, key=lambda x: (COUNT[x], ft.power[ft.lead[x]][x]))
            return (m, LEAD_DOUBLE, -1)
        m = min(moves, key=lambda x: (COUNT[x], ft.trump_mask >> x & 1,
                                      ft.power[ft.lead[x]][x]))
        return (m, LEAD_LOW, -1)
    s = ft.lead[plays[0]]
    row = ft.power[s]
    best = ft.winner_pos(plays)
    bp = row[plays[best]]
    on_table = 0
    for x in plays:
        on_table += COUNT[x]
    if best == partner_pos and (last or not unknown & above[s][plays[best]]):
        # Partner has the trick: give the count, without taking the trick over.
        under = [m for m in moves if row[m] <= bp] or moves
        m = max(under, key=lambda x: (COUNT[x], -row[x]))
        if COUNT[m]:
            return (m, FEED, plays[best])
        m = min(under, key=lambda x: (row[x], x))
        return (m, LOW, plays[best])
    winners = [m for m in moves if row[m] > bp]
    if winners:
        if last:
            m = min(winners, key=lambda x: (-COUNT[x], row[x]))
            return (m, WIN_LAST, plays[best])
        safe = [m for m in winners if not unknown & above[s][m]]
        if safe:
            m = min(safe, key=lambda x: (-COUNT[x], row[x]))
            return (m, WIN_SAFE, plays[best])
        if on_table or best == partner_pos:
            m = min(winners, key=lambda x: (COUNT[x], row[x]))
            if best != partner_pos:
                return (m, WIN_TRY, plays[best])
    if legal & ft.members[s] and not ft.sevens:
        # Following suit: the lowest that follows, count kept back.
        m = min(moves, key=lambda x: (COUNT[x], row[x] > bp, row[x], x))
    else:
        # Off suit: throw the least useful domino, keeping count, trumps and winners.
        m = min(moves, key=lambda x: (
            COUNT[x], row[x] > bp, ft.trump_mask >> x & 1,
            not unknown & above[ft.lead[x]][x], ft.power[ft.lead[x]][x], x,
        ))
    return (m, LOW, plays[best])


def _beaters(ft: FastTables, above: tuple[tuple[int, ...], ...], unknown: int, x: int
              ) -> int:
    """How many unseen dominoes beat ``x`` when it is led."""
    return (unknown & above[ft.lead[x]][x]).bit_count()


def mark_choice(
    settings: PlaySettings,
    held: int,
    legal: int,
    unknown: int,
    plays: list[int],
    last: bool,
    partner_pos: int,
) -> tuple[int, str, int]:
    """The play in a mark bid (``legal`` holds two or more; the arguments as in
    :func:`play_choice`): one lost trick sets the bid, so count does not matter. The
    bidders pull trumps and lead sure winners as in a points bid, else the domino the
    fewest unseen ones beat; both sides try to win every trick not already sure for their
    side, with the domino least likely to be beaten; what cannot win is the least useful
    domino (never a sure winner or a trump)."""
    tables = settings.tables
    ft, above, tops = tables.ft, tables.above, tables.tops
    moves = [i for i in range(28) if legal >> i & 1]
    if not plays:
        trumps_out = unknown & ft.trump_mask
        my_trumps = held & ft.trump_mask
        if settings.bidding_side and trumps_out and my_trumps:
            top_out = next(x for x in tops if trumps_out >> x & 1)
            top_mine = next(x for x in tops if my_trumps >> x & 1)
            if ft.power[8][top_mine] > ft.power[8][top_out]:
                return (top_mine, PULL_TOP, -1)
            t = min((x for x in tops if my_trumps >> x & 1), key=lambda x: ft.power[8][x])
            return (t, PULL, top_out)
        walkers = [m for m in moves if not unknown & above[ft.lead[m]][m]]
        if walkers:
            return (max(walkers, key=lambda x: (ft.power[ft.lead[x]][x], x)), WALK, -1)
        m = min(moves, key=lambda x: (_beaters(ft, above, unknown, x),
                                      -ft.power[ft.lead[x]][x], x))
        return (m, MARK_LEAD, -1)
    s = ft.lead[plays[0]]
    row = ft.power[s]
    best = ft.winner_pos(plays)
    bp = row[plays[best]]
    ours = best == partner_pos
    if not (ours and (last or not unknown & above[s][plays[best]])):
        winners = [m for m in moves if row[m] > bp]
        if winners:
            safe = [m for m in winners if last or not unknown & above[s][m]]
            if safe:
                return (min(safe, key=lambda x: (row[x], x)), MARK_WIN, plays[best])
            top = max(winners, key=lambda x: (row[x], x))
            # Over a partner only when that leaves fewer dominoes out to beat the trick.
            if not ours or (unknown & above[s][top]).bit_count() < (
                    unknown & above[s][plays[best]]).bit_count():
                return (top, MARK_HIGH, plays[best])
    if legal & ft.members[s]:
        m = min(moves, key=lambda x: (row[x], x))
        return (m, MARK_LOW, plays[best])
    # Off suit: keep trumps and sure winners; shed the domino most dominoes out beat.
    m = min(moves, key=lambda x: (
        ft.trump_mask >> x & 1, not unknown & above[ft.lead[x]][x],
        -_beaters(ft, above, unknown, x), ft.power[ft.lead[x]][x], x,
    ))
    return (m, MARK_SHED, plays[best])


def _name(i: int) -> str:
    return str(DOMINOES[i])


def explain(code: str, played: int, about: int, contract: Contract) -> str:
    """One line of English for a play choice."""
    d = _name(played)
    a = _name(about) if about >= 0 else ""
    trump = contract.trump_label
    if code == ONLY:
        return f"{d}: the only legal play."
    if code == PULL_TOP:
        return f"{d}: leads the top trump to pull the opponents' {trump}."
    if code == PULL:
        return f"{d}: leads a trump to draw out the {a} and pull {trump}."
    if code == WALK:
        pts = DOMINOES[played].count
        count = f" and takes its {pts} count home" if pts else ""
        return f"{d}: a sure winner (nothing out beats it){count}."
    if code == LEAD_DOUBLE:
        return (f"{d}: no sure winner; a double is the highest of its suit, so only a trump "
                "can take it.")
    if code == LEAD_LOW:
        return f"{d}: no sure winner, so it leads low and keeps its count back."
    if code == FEED:
        return f"{d}: partner's {a} is winning the trick, so it gives partner the count."
    if code == WIN_LAST:
        return f"{d}: plays last and wins the trick as cheaply as it can."
    if code == WIN_SAFE:
        return f"{d}: beats the {a} and nothing out can beat it."
    if code == WIN_TRY:
        return f"{d}: tries to win the trick from the {a} (count is on it)."
    if code == NELLO_DUCK:
        return f"{d}: nello must lose every trick, so it ducks under the {a}."
    if code == NELLO_LOW:
        return f"{d}: nello must lose every trick, so it plays its lowest."
    if code == NELLO_PUSH:
        return f"{d}: plays low, to leave the trick to the nello bidder."
    if code == MARK_LEAD:
        return (f"{d}: no sure winner; in a mark bid it leads the domino the fewest "
                "dominoes out can beat.")
    if code == MARK_WIN:
        return f"{d}: a mark bid needs every trick, so it takes this one from the {a} for sure."
    if code == MARK_HIGH:
        return (f"{d}: a mark bid is won or lost on one trick, so it plays its highest over "
                f"the {a}.")
    if code == MARK_LOW:
        return f"{d}: cannot win the trick (or partner has it), so it follows with its lowest."
    if code == MARK_SHED:
        return (f"{d}: cannot follow or win; in a mark bid count does not matter, so it "
                "throws its weakest domino and keeps trumps and sure winners.")
    if code == SEVENS:
        return f"{d}: sevens: it must play the domino closest to 7 pips."
    if about >= 0 and code == LOW:
        return f"{d}: cannot win the trick profitably, so it plays low and saves its count."
    return f"{d}: plays low."


# -- special contracts (house rules): nello, sevens, plunge/splash -------------------------
# Measured (bench/bench_special_bids.py): a nello hand with no dangerous domino is made by
# the rule-based bidder about 60-70% of the time (any doubles option), against about 17%
# for all hands; a sevens hand with none about 80%, against 27%.
SEVENS_DIST: tuple[int, ...] = tuple(abs(d.pips - 7) for d in DOMINOES)
_SUIT_WORD = (*SUIT_NAMES, "doubles", "trumps")


@dataclass(frozen=True)
class SpecialEstimate:
    """How safe a hand is for nello or sevens: its dangerous dominoes, each with why."""

    contract: Contract
    #: (domino index, one-line reason) for each dangerous domino.
    dangerous: tuple[tuple[int, str], ...]

    @property
    def safe(self) -> bool:
        return not self.dangerous

    def describe(self) -> str:
        """Why the hand is (or is not) a nello or sevens hand, in a few words."""
        if self.contract.kind == "nello":
            if self.safe:
                return ("every domino has more higher ones than lower ones of its suits "
                        "still out")
        elif self.safe:
            return ("every domino is close enough to 7 (for its k-th closest, fewer than "
                    "2k unseen dominoes are closer)")
        n = len(self.dangerous)
        return f"{n} dangerous domino{'es' if n > 1 else ''}: " + "; ".join(
            why for _, why in self.dangerous)


def nello_estimate(held: int, contract: Contract) -> SpecialEstimate:
    """Dangerous dominoes of ``held`` for the nello bidder, under ``contract``'s doubles.

    A domino is dangerous when, in one of its suits, more of the dominoes still out rank
    below it than above it: when that suit is led it is likely to be the highest.

    >>> from texas42.dominoes import to_mask
    >>> e = nello_estimate(to_mask("6-5 1-0 2-0 3-0 2-1 3-1 4-0"), Contract("nello"))
    >>> [why for _, why in e.dangerous]
    ['6-5: in the fives 1 out is higher, 5 lower']
    """
    ft = fast_tables(contract)
    out = []
    for x in range(28):
        if not held >> x & 1:
            continue
        for s in range(9):
            if not ft.members[s] >> x & 1:
                continue
            row = ft.power[s]
            others = ft.members[s] & ~held
            above = sum(1 for o in range(28) if others >> o & 1 and row[o] > row[x])
            below = sum(1 for o in range(28) if others >> o & 1 and row[o] < row[x])
            if below > above:
                out.append((x, f"{DOMINOES[x]}: in the {_SUIT_WORD[s]} {above} out is "
                               f"higher, {below} lower"))
                break
    return SpecialEstimate(contract, tuple(out))


def sevens_estimate(held: int) -> SpecialEstimate:
    """Dangerous dominoes of ``held`` for sevens.

    Everyone plays their dominoes from the closest to 7 pips outwards, so the bidder's
    k-th closest meets each opponent's k-th closest. An opponent beats it there only by
    holding k of the unseen dominoes that are closer to 7; with 2k or more of those unseen
    that is likely, and the domino is dangerous.

    >>> from texas42.dominoes import to_mask
    >>> e = sevens_estimate(to_mask("6-1 5-2 4-3 6-0 5-1 4-2 0-0"))
    >>> [why for _, why in e.dangerous]
    ['0-0: 7 from 7, 21 unseen dominoes are closer (14 would be enough to fear)']
    """
    dist = sorted((SEVENS_DIST[i], i) for i in range(28) if held >> i & 1)
    out = []
    for k, (d, x) in enumerate(dist, 1):
        closer = sum(1 for i in range(28) if not held >> i & 1 and SEVENS_DIST[i] < d)
        if closer >= 2 * k:
            out.append((x, f"{DOMINOES[x]}: {d} from 7, {closer} unseen dominoes are closer "
                           f"({2 * k} would be enough to fear)"))
    return SpecialEstimate(Contract("sevens"), tuple(out))


def best_nello(held: int, places: tuple[str, ...]) -> SpecialEstimate:
    """The nello (one per allowed place of doubles) with the fewest dangerous dominoes
    (ties: the first allowed)."""
    return min((nello_estimate(held, Contract("nello", None, p))  # type: ignore[arg-type]
                for p in places), key=lambda e: len(e.dangerous))
