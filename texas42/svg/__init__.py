"""Pictures: one function per object of the game, each returning its SVG picture.

============================  =====================================================
:func:`domino_svg`            a domino
:func:`dominoes_svg`          a row of dominoes: a hand, a suit, the legal plays
:func:`trick_svg`             a trick, each domino before the seat that played it
:func:`table_svg`             a hand at 42's table (any other: :func:`round_table_svg`)
:func:`round_table_svg`       a hand at a table of any number of seats, drawn round
:func:`deal_svg`              a deal: every hand, the widow, the dominoes laid aside
:func:`tally_svg`             the score sheet's tally of marks
:func:`review_chart_svg`      the coach's review of a hand, as a chart
============================  =====================================================

Each returns an :class:`SvgWrapper`: the SVG document as a ``str`` (join it, search it,
put it in a page as it is) that a notebook shows as the picture. Every document is
well-formed XML with ``role="img"``, a ``<title>`` (the short text form) and a
``<desc>`` (the same in words, for screen readers), an explicit width, height and
viewBox, and ids unique to the call, so several pictures can sit in one HTML page. All
options are keyword-only. Pure Python and no dependencies: it runs in Pyodide too. The
drawing they share is :mod:`texas42.svg.draw`.

>>> from texas42 import Domino
>>> svg = domino_svg(Domino(6, 4))
>>> svg.startswith("<svg") and svg.count('class="pip') == 10
True
>>> svg.split("</title>")[0].rsplit(">", 1)[1], svg.split("</desc>")[0].rsplit(">", 1)[1]
('6-4', 'six-four, count 10')
>>> svg._repr_svg_() == svg
True

Highlights (``highlight=``) are drawn with a colour-blind-safe (Okabe-Ito)
colour *and* a cue that needs no colour:

============  ===============  =================================
kind          outline          marker (top-right corner)
============  ===============  =================================
``legal``     thin solid       none
``selected``  thick solid      triangle pointing at the domino
``winner``    double line      star
``illegal``   dashed           cross
``best``      dotted           diamond
============  ===============  =================================

Bad options raise a :class:`~texas42.errors.InputError` (a seat, a size, a highlight
or a trick position that is not one) or a :class:`~texas42.errors.NotationError` (text
that does not spell dominoes), each with its ``.rule``.
"""

from __future__ import annotations

from ._table_parts import COMPACT_WIDTH
from ._tiles import HIGHLIGHTS, ControlSpec, DimSpec, HighlightSpec
from .deal import deal_svg
from .dominoes import domino_svg, dominoes_svg, play_labels
from .draw import SvgWrapper
from .review_chart import review_chart_svg
from .round_table import round_table_svg
from .table import table_svg
from .tally import tally_svg
from .trick import trick_svg

__all__ = [
    "COMPACT_WIDTH",
    "HIGHLIGHTS",
    "ControlSpec",
    "DimSpec",
    "HighlightSpec",
    "SvgWrapper",
    "deal_svg",
    "domino_svg",
    "dominoes_svg",
    "play_labels",
    "review_chart_svg",
    "round_table_svg",
    "table_svg",
    "tally_svg",
    "trick_svg",
]
