"""The explorers: ipywidgets that teach the rules of 42 step by step.

Each is one line in a notebook and draws with the engine's own SVG and HTML (no
plotting library), so it runs in JupyterLab, in Voila and in a browser kernel::

    from texas42 import widgets
    widgets.suits()          # 1. which suit a domino leads and follows
    widgets.trumps()         # 2. trump ranking, doubles high / low / own suit
    widgets.count()          # 3. the count dominoes; points of any set of tricks
    widgets.tricks()         # 4. play a trick seat by seat; illegal plays refused
    widgets.bidding()        # 5. an auction bid by bid, then naming trumps
    widgets.replay()         # 6. step through a whole hand
    widgets.play()           # 7. play one seat against the computer
    widgets.lessons()        # 8. lessons and quizzes
    widgets.moon()           # 9. Moon, the three-player game: the play explorer at Moon's table
    widgets.hand_check()     # the course's last check: play a whole hand, then check it

Every explorer keeps what it shows in ``.state`` (a dict) and its feedback line
in ``.message``, so tests can drive it from Python. Install the extra first:
``pip install 'texas42[widgets]'``.
"""

from __future__ import annotations

from typing import Any

# Only this package imports ipywidgets (the engine never does): say how to get it.
try:
    import ipywidgets  # noqa: F401
except ImportError as exc:  # pragma: no cover - exercised only without the extra
    raise ImportError(
        "the texas42 explorers need ipywidgets: pip install 'texas42[widgets]'"
    ) from exc

from ._base import Explorer
from .bidding_explorer import BiddingExplorer
from .count_explorer import CountExplorer
from .hand_check_explorer import HandCheckExplorer
from .lessons_explorer import LessonExplorer
from .play_explorer import PlayExplorer
from .replay_explorer import ReplayExplorer
from .suits_explorer import SuitsExplorer
from .tricks_explorer import TrickExplorer
from .trumps_explorer import TrumpsExplorer

EXPLORERS: tuple[type[Explorer], ...] = (
    SuitsExplorer,
    TrumpsExplorer,
    CountExplorer,
    TrickExplorer,
    BiddingExplorer,
    ReplayExplorer,
    PlayExplorer,
    LessonExplorer,
)


def suits(**options: Any) -> SuitsExplorer:
    """Explorer 1: pick a contract and a domino; see the suits it leads and follows."""
    return SuitsExplorer(**options)


def trumps(**options: Any) -> TrumpsExplorer:
    """Explorer 2: pick what is trumps; see every suit ranked high to low."""
    return TrumpsExplorer(**options)


def count(**options: Any) -> CountExplorer:
    """Explorer 3: the count dominoes; the points of any set of tricks."""
    return CountExplorer(**options)


def tricks(**options: Any) -> TrickExplorer:
    """Explorer 4: play tricks seat by seat; illegal plays are refused with the rule."""
    return TrickExplorer(**options)


def bidding(**options: Any) -> BiddingExplorer:
    """Explorer 5: step through an auction and name trumps."""
    return BiddingExplorer(**options)


def replay(**options: Any) -> ReplayExplorer:
    """Explorer 6: step forward and back through a whole hand."""
    return ReplayExplorer(**options)


def play(**options: Any) -> PlayExplorer:
    """Explorer 7: play one seat with computer partners and opponents."""
    return PlayExplorer(**options)


def lessons(**options: Any) -> LessonExplorer:
    """Explorer 8: lessons and quizzes, checked by the engine."""
    return LessonExplorer(**options)


def moon(**options: Any) -> PlayExplorer:
    """Explorer 9: Moon for three players, to 21 against the computer: the play
    explorer set to Moon's table (``rules="moon"``; any other table may be chosen)."""
    options.setdefault("rules", "moon")
    return PlayExplorer(**options)


def hand_check(**options: Any) -> HandCheckExplorer:
    """The course's last check: play a whole hand in the play explorer, then **Check my
    hand** reads it back in plain words (what went well, what to look at)."""
    return HandCheckExplorer(**options)


__all__ = [
    "EXPLORERS",
    "BiddingExplorer",
    "CountExplorer",
    "Explorer",
    "HandCheckExplorer",
    "LessonExplorer",
    "PlayExplorer",
    "ReplayExplorer",
    "SuitsExplorer",
    "TrickExplorer",
    "TrumpsExplorer",
    "bidding",
    "count",
    "hand_check",
    "lessons",
    "moon",
    "play",
    "replay",
    "suits",
    "tricks",
    "trumps",
]
