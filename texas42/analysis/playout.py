"""Fast playouts: a whole hand played by rule-based players on bit masks.

This is :class:`~texas42.analysis.players.RuleBasedPlayer` without the objects: the same
choices (:func:`~texas42.analysis.rules_of_thumb.play_choice`, or the nello and sevens
rules) on the same facts (a seat knows its own dominoes and every domino played, as when
played tricks stay face up), so a playout gives exactly the hand those players would play
through the engine (the tests check it). The hand evaluator runs thousands of these.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..contracts import Contract
from ..dominoes import DOMINOES
from ..rules import Rules, SevensTie, sevens_tie_side
from ._tables import COUNT, fast_tables
from .rules_of_thumb import nello_choice, play_choice, play_settings, seat_settings


def rule_playout(hands: list[int] | tuple[int, ...], contract: Contract, bidder: int,
                 leader: int | None = None, every_trick: bool = False, *,
                 declarer: int | None = None, trick: Sequence[int] = (),
                 points: tuple[int, int] = (0, 0),
                 sevens_tie: SevensTie = "bidder") -> tuple[int, int]:
    """Play all seven tricks with rule-based players; returns the points each side
    (seats 0+2, seats 1+3) took. ``bidder``'s side is the bidding side; ``leader`` (the
    declarer) leads the first trick (default: the bidder). In nello the leader's partner
    sits out. ``every_trick``: a mark bid, played as the players play one (every trick
    counts, not the count).

    From the middle of a hand (the coach's playouts): ``hands`` hold what is left,
    ``leader`` led the trick in progress, ``trick`` its dominoes so far (indices),
    ``points`` what each side took already, ``declarer`` who named the contract (for
    nello: its partner sits out); the tricks left are played to the end. ``sevens_tie``:
    the rules' option (who wins a tie in sevens)."""
    ft = fast_tables(contract)
    h = list(hands)
    lead = bidder if leader is None else leader
    bid_team = bidder & 1
    settings = seat_settings(contract, bid_team, every_trick)
    took = list(points)
    sevens = ft.sevens
    nello = contract.kind == "nello"
    declarer = lead if declarer is None else declarer
    out = (declarer + 2) & 3 if nello else -1
    if nello:
        h[out] = 0
    seat_power = ft.seat_power(sevens_tie_side(sevens_tie, bid_team))
    members, lead_of = ft.members, ft.lead
    size = 3 if nello else 4
    held_now = (h[0] | h[1] | h[2] | h[3]).bit_count() + len(trick)
    for t in range(-(-held_now // size)):
        plays: list[int] = list(trick) if t == 0 else []
        seats = [s for s in ((lead + i) & 3 for i in range(4)) if s != out]
        for k in range(len(plays), size):
            p = seats[k]
            held = h[p]
            if sevens:
                legal = ft.legal(held, -1)
                m = max((i for i in range(28) if legal >> i & 1),
                        key=lambda i: (DOMINOES[i].count, i))
                h[p] = held ^ (1 << m)
                plays.append(m)
                continue
            legal = (held & members[lead_of[plays[0]]] or held) if k else held
            if nello:
                m = nello_choice(ft, legal, plays, p == declarer)[0]
            else:
                unknown = (h[0] | h[1] | h[2] | h[3]) & ~held
                partner_pos = k - 2 if k >= 2 else -1
                m = play_choice(settings[p], held, legal, unknown, plays, k == 3,
                                partner_pos)[0]
            h[p] = held ^ (1 << m)
            plays.append(m)
        best = 0
        suit = lead_of[plays[0]]
        for i in range(1, size):
            if seat_power[seats[i]][suit][plays[i]] > seat_power[seats[best]][suit][plays[best]]:
                best = i
        winner = seats[best]
        won = 1
        for x in plays:
            won += COUNT[x]
        took[winner & 1] += won
        lead = winner
    return (took[0], took[1])


def table_playout(hands: Sequence[int], contract: Contract, rules: Rules, bidder: int,
                  leader: int, trick: Sequence[int] = (), high_bid: int = 0,
                  ) -> tuple[int, int]:
    """Any other table (not 42's four seats of partners): play the tricks left with
    rule-based players; returns the points (at a table bidding in tricks: the tricks)
    the bidder's side and everyone else take from here. ``hands`` hold what is left by
    seat, ``leader`` led the trick in progress and ``trick`` holds its dominoes so far.

    At a table bidding in points it plays 42's rules of thumb, each seat's partner the
    one :meth:`~texas42.rules.Rules.side_of` gives (possibly nobody); at a table bidding
    in tricks the Moon rules of thumb (:func:`~.trick_thumb.trick_play_choice`). A seat
    knows its own dominoes and every domino played."""
    from .trick_thumb import trick_play_choice

    ft = fast_tables(contract)
    seats = rules.seats
    h = list(hands)
    in_tricks = rules.bidding == "tricks"
    in_play = rules.layout.mask
    every_trick = high_bid >= 42 and not in_tricks
    side = [0 if rules.side_of(s, bidder) == rules.side_of(bidder, bidder) else 1
            for s in range(seats)]
    settings = [play_settings(contract, side[s] == 0, every_trick) for s in range(seats)]
    partner = [-1] * seats
    for s in range(seats):
        mates = [t for t in range(seats) if t != s and rules.side_of(t, bidder)
                 == rules.side_of(s, bidder)]
        partner[s] = mates[0] if len(mates) == 1 else -1
    members, lead_of = ft.members, ft.lead
    took = [0, 0]
    lead = leader
    left = sum(x.bit_count() for x in h) + len(trick)
    for t in range(-(-left // seats)):
        plays: list[int] = list(trick) if t == 0 else []
        order = [(lead + i) % seats for i in range(seats)]
        for k in range(len(plays), seats):
            p = order[k]
            held = h[p]
            legal = (held & members[lead_of[plays[0]]] or held) if k else held
            unknown = 0
            for q in range(seats):
                if q != p:
                    unknown |= h[q]
            if in_tricks:
                options = [i for i in range(28) if legal >> i & 1]
                m = trick_play_choice(contract, in_play, options, unknown, plays, order, p,
                                      bidder)[0]
            else:
                mate = partner[p]
                partner_pos = order.index(mate) if mate in order[:k] else -1
                m = play_choice(settings[p], held, legal, unknown, plays, k == seats - 1,
                                partner_pos)[0]
            h[p] = held ^ (1 << m)
            plays.append(m)
        winner = order[ft.winner_pos(plays)]
        won = rules.trick_points
        if rules.count:
            for x in plays:
                won += COUNT[x]
        took[side[winner]] += won
        lead = winner
    return (took[0], took[1])
