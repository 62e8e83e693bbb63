"""texas42: Texas 42, the partnership domino game, as a small exact engine.

>>> import texas42
>>> d = texas42.Domino.parse("4-6")
>>> str(d), d.count, d.is_double
('6-4', 10, False)
>>> fours = texas42.Contract.parse("fours")
>>> texas42.led_suit(d, fours)
<Suit.TRUMPS: 8>
>>> [str(x) for x in texas42.legal_plays(["4-4", "6-0", "3-1"], ["6-4"], fours)]
['4-4']
"""

from .bidding import (
    PASS,
    bid_marks,
    bid_text,
    check_bid,
    explain_bid,
    is_mark_bid,
    parse_bid,
    valid_bids,
)
from .claims import ClaimCheck, verify_claim
from .contracts import TRUMPS, Contract, Suit
from .deals import DEAL_COUNT, Deal, Layout, partner_of, team_of
from .dominoes import COUNT_DOMINOES, DOMINOES, DOUBLES, Domino, DominoSet
from .errors import (
    IllegalActionError,
    IllegalBidError,
    IllegalContractError,
    IllegalPlayError,
    InputError,
    NotationError,
    Texas42Error,
)
from .game import Game, tally
from .hand import Action, Hand, Phase, Result, Trick, allowed_contracts, choice_text
from .records import HandRecord, ReplayError
from .rules import ALL_PRESETS, PRESETS, STANDARD, TABLE_PRESETS, Rules
from .tricks import (
    check_play,
    explain_lead,
    explain_play,
    explain_winner,
    follows,
    led_suit,
    legal_plays,
    rank_in_suit,
    suit_dominoes,
    suits_of,
    trick_points,
    trick_winner,
)

__version__ = "0.1.0"

__all__ = [
    "ALL_PRESETS",
    "COUNT_DOMINOES",
    "DEAL_COUNT",
    "DOMINOES",
    "DOUBLES",
    "PASS",
    "PRESETS",
    "STANDARD",
    "TABLE_PRESETS",
    "TRUMPS",
    "Action",
    "ClaimCheck",
    "Contract",
    "Deal",
    "Domino",
    "DominoSet",
    "Game",
    "Hand",
    "HandRecord",
    "IllegalActionError",
    "IllegalBidError",
    "IllegalContractError",
    "IllegalPlayError",
    "InputError",
    "Layout",
    "NotationError",
    "Phase",
    "ReplayError",
    "Result",
    "Rules",
    "Suit",
    "Texas42Error",
    "Trick",
    "allowed_contracts",
    "bid_marks",
    "bid_text",
    "check_bid",
    "check_play",
    "choice_text",
    "explain_bid",
    "explain_lead",
    "explain_play",
    "explain_winner",
    "follows",
    "is_mark_bid",
    "led_suit",
    "legal_plays",
    "parse_bid",
    "partner_of",
    "rank_in_suit",
    "suit_dominoes",
    "suits_of",
    "tally",
    "team_of",
    "trick_points",
    "trick_winner",
    "valid_bids",
    "verify_claim",
]
