"""What every explorer shares: the error-safe callback wrapper, the pictures
(the engine's own SVG from :mod:`texas42.svg` when it is there, a built-in
drawing otherwise), keyboard-friendly controls and the :class:`Explorer` base.

Only this package imports ipywidgets; the engine never does.
"""

from __future__ import annotations

import contextlib
import functools
import html
import importlib
import math
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any, TypeVar, cast

try:
    import ipywidgets as W
except ImportError as exc:  # pragma: no cover - exercised only without the extra
    raise ImportError(
        "the texas42 explorers need ipywidgets: pip install 'texas42[widgets]'"
    ) from exc

from ..contracts import Contract, Suit
from ..dominoes import DOMINOES, Domino
from ..errors import NotationError, Texas42Error
from ..hand import allowed_contracts
from ..rules import PRESETS, STANDARD, Rules

F = TypeVar("F", bound=Callable[..., Any])

# -- colours and marks that survive colour blindness ---------------------------------------
#: Okabe-Ito colours; every highlight also has its own line style and a text mark,
#: so nothing is told by colour alone.
HIGHLIGHTS: dict[str, tuple[str, str, str]] = {
    # name: (colour, SVG dash pattern or "", text mark)
    "legal": ("#0072B2", "", "may play"),
    "winner": ("#E69F00", "", "wins"),
    "illegal": ("#D55E00", "6 4", "may not play"),
    "selected": ("#CC79A7", "2 3", "chosen"),
    "best": ("#009E73", "", "best"),
}
INK = "#1a1a1a"
FACE = "#fffdf6"
DIM_FACE = "#d9d9d9"
#: Default picture size: a horizontal domino is ``2 * SIZE`` wide and ``SIZE`` tall (px).
SIZE = 52
SEAT_NAMES = ("Seat 0", "Seat 1", "Seat 2", "Seat 3")

# Every contract a learner can pick in the explorers, by label.
CONTRACT_LABELS: dict[str, str] = {
    "sixes": "Sixes are trumps",
    "fives": "Fives are trumps",
    "fours": "Fours are trumps",
    "threes": "Threes are trumps",
    "twos": "Twos are trumps",
    "ones": "Ones are trumps",
    "blanks": "Blanks are trumps",
    "doubles": "Doubles are trumps",
    "follow-me": "Follow-me (no trumps), doubles high",
    "follow-me/doubles-low": "Follow-me, doubles low",
    "follow-me/doubles-own-suit": "Follow-me, doubles their own suit",
    "nello": "Nello, doubles high",
    "nello/doubles-low": "Nello, doubles low",
    "nello/doubles-own-suit": "Nello, doubles their own suit (6-6 high)",
    "nello/doubles-own-suit-low": "Nello, doubles their own suit (0-0 high)",
    "sevens": "Sevens",
}


def contract_options(keys: Iterable[str] | None = None) -> list[tuple[str, str]]:
    """(label, contract text) pairs for a Dropdown."""
    chosen = list(CONTRACT_LABELS) if keys is None else list(keys)
    return [(CONTRACT_LABELS.get(k, k), k) for k in chosen]


# -- rules profiles ----------------------------------------------------------------------------
#: Every option of the rules at once: the three places of doubles in follow-me, nello with
#: its four places, sevens, plunge and splash (a profile to look at every contract).
HOUSE = STANDARD.replace(
    name="house",
    source="every option of the rules",
    follow_me_doubles=("high", "low", "own-suit"),
    nello=("high", "low", "own-suit", "own-suit-low"),
    sevens=True,
    plunge_marks=4,
    splash_marks=3,
)
HOUSE_LABEL = "every option (house rules)"


def house_options(rules: Rules) -> list[str]:
    """What a profile adds to straight 42, in a few words each."""
    if rules.players == 3:
        return ["Moon, for 3 players"]
    out = []
    if rules.first_bidder != "left-of-shaker":
        out.append("1-0 bids first")
    if rules.all_pass == "reshake":
        out.append("reshake if all pass")
    if rules.mark_raise_limit > 1:
        out.append(f"raises of up to {rules.mark_raise_limit} marks")
    if rules.max_marks is not None:
        out.append(f"at most {rules.max_marks} marks")
    if rules.set_marks == "one":
        out.append("a set costs 1 mark")
    if rules.nello:
        out.append("nello")
    if rules.sevens:
        out.append("sevens")
    if rules.plunge_marks:
        out.append("plunge")
    if rules.splash_marks:
        out.append("splash")
    if rules.follow_me_doubles != ("high",) and rules.follow_me_doubles:
        out.append("follow-me doubles " + "/".join(rules.follow_me_doubles))
    if rules.scoring == "points":
        out.append(f"points to {rules.target}")
    return out


def rules_label(key: str, rules: Rules) -> str:
    """How a rules dropdown shows a profile: its name, source and house options."""
    if key == "house":
        return HOUSE_LABEL
    extras = house_options(rules)
    head = f"{rules.name} ({rules.source})" if key != "custom" else f"{rules.name} (your rules)"
    return head + (": " + ", ".join(extras) if extras else "")


def rules_choices(players: int | None = 4) -> dict[str, Rules]:
    """The profiles an explorer offers, by dropdown value: the presets (those for
    ``players`` players, or all), then ``"house"`` (:data:`HOUSE`)."""
    out = {name: r for name, r in PRESETS.items() if players is None or r.players == players}
    out["house"] = HOUSE
    return out


def rules_key(rules: Rules | str, choices: Mapping[str, Rules]) -> str:
    """The dropdown value of ``rules`` (a preset name, ``"house"``, or a profile);
    ``"custom"`` for a profile that is not one of ``choices``."""
    if isinstance(rules, Rules):
        for key, r in choices.items():
            if r == rules:
                return key
        return "custom"
    text = str(rules).strip().lower().removesuffix(" preset").strip()
    if text in (HOUSE_LABEL, "every option", "house rules"):
        text = "house"
    if text not in choices:
        raise NotationError(
            f"{rules!r} is not a rules profile here: choose one of {', '.join(choices)}",
            rule="rules",
        )
    return text


class RulesPicker:
    """A ``Rules:`` dropdown of profiles (the presets and every option at once).

    ``players``: 4 for the explorers of a whole hand (Moon is for 3), ``None`` for
    the explorers of suits and ranks, which Moon shares.
    """

    def __init__(
        self, rules: Rules | str = "standard", *, players: int | None = 4, width: str = "26em"
    ) -> None:
        self.players = players
        self.choices = rules_choices(players)
        key = self._key(rules)
        self.dropdown = dropdown("Rules:", self._options(), key, width=width)

    def _key(self, rules: Rules | str) -> str:
        key = rules_key(rules, self.choices)
        if key == "custom":
            assert isinstance(rules, Rules)
            if self.players is not None and rules.players != self.players:
                raise NotationError(
                    f"the {rules.name} rules are for {rules.players} players; this explorer "
                    f"is for {self.players}",
                    rule="rules",
                )
            self.choices["custom"] = rules
        return key

    def _options(self) -> list[tuple[str, str]]:
        return [(rules_label(k, r), k) for k, r in self.choices.items()]

    def select(self, rules: Rules | str) -> None:
        """Show ``rules`` as chosen (a profile not offered is added as "custom")."""
        key = self._key(rules)
        options = self._options()
        if tuple(self.dropdown.options) != tuple(options):
            self.dropdown.options = options
        self.dropdown.value = key

    @property
    def rules(self) -> Rules:
        return self.choices[str(self.dropdown.value)]


def allowed_contract_keys(rules: Rules, bid: int | None = None) -> list[str]:
    """The contracts ``rules`` allows (after ``bid``, when given), as contract texts."""
    return [str(c) for c in allowed_contracts(rules, bid)]


def contract_label(contract: Contract | str) -> str:
    key = str(contract)
    return CONTRACT_LABELS.get(key, key)


def domino_options(dominoes: Iterable[Domino] | None = None) -> list[tuple[str, str]]:
    """(label, text) pairs of dominoes for a picker, highest first: ``("6-4 six-four", "6-4")``."""
    ds = sorted(DOMINOES if dominoes is None else dominoes, key=lambda d: d.display)
    return [(f"{d}  ({d.name})", str(d)) for d in ds]


def suit_words(suit: int, contract: Contract) -> str:
    """A suit as players say it, trumps named: ``"trumps (fives)"``."""
    if suit == Suit.TRUMPS:
        return f"trumps ({contract.trump_label})"
    return Suit(suit).label


# -- the safe callback -------------------------------------------------------------------------
def safe(method: F) -> F:
    """Wrap an explorer's callback so no interaction can raise: a rules error
    (bad input, an illegal action) becomes a message in the widget, and any other
    error becomes a message that says it is a bug (the traceback is kept in
    ``explorer.last_error`` for tests and bug reports)."""

    @functools.wraps(method)
    def wrapper(self: Explorer, *args: Any, **kwargs: Any) -> Any:
        start = time.perf_counter()
        try:
            return method(self, *args, **kwargs)
        except Texas42Error as exc:
            self.last_error = exc
            self.show_message(exc.message, kind="error")
        except Exception as exc:
            self.last_error = exc
            self.show_message(
                f"Something went wrong ({type(exc).__name__}: {exc}). The explorer is still "
                "usable; please report this as a bug.",
                kind="error",
            )
        finally:
            self.last_seconds = time.perf_counter() - start
        return None

    return cast(F, wrapper)


# -- the base of every explorer --------------------------------------------------------------------
class Explorer:
    """A teaching widget: ``self.ui`` is the ipywidgets box shown in the notebook,
    ``self.message`` the line of feedback, ``self.state`` what it shows (for tests).

    Display it by making it the last expression of a cell, or with ``display()``.
    """

    title = "Explorer"

    def __init__(self) -> None:
        self.last_error: BaseException | None = None
        self.last_seconds = 0.0
        self.message_kind = "info"
        self._message = ""
        self.message_box = W.HTML(layout=W.Layout(min_height="2.2em"))
        self.message_box.add_class("t42-message")
        self.ui: W.Box = W.VBox()
        #: Controls shown only at some moments (tests drive them too).
        self.extra: list[Any] = []

    # The explorer displays as its box (JupyterLab, Voila, the book's static pages).
    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        bundle = self.ui._repr_mimebundle_(**kwargs)
        data = bundle[0] if isinstance(bundle, tuple) else bundle
        if isinstance(data, dict):
            # Where widgets cannot be drawn, a sentence instead of the box's long repr.
            data["text/plain"] = f"{self.title} explorer (live in Jupyter): {self.message}"
        return bundle

    @property
    def message(self) -> str:
        """The feedback line as plain text."""
        return self._message

    def show_message(self, text: str, *, kind: str = "info") -> None:
        """Show ``text``; ``kind`` is ``info``, ``good``, ``error`` or ``warn``."""
        self._message = text
        self.message_kind = kind
        self.message_box.value = message_html(text, kind)

    @property
    def state(self) -> dict[str, Any]:
        """What the explorer shows, as plain values."""
        return {"message": self.message}

    def controls(self) -> list[W.Widget]:
        """Every interactive control (tests drive each option of each)."""
        seen: dict[int, Any] = {}
        for root in (self.ui, *self.extra):
            for w in walk(root):
                if is_control(w):
                    seen.setdefault(id(w), w)
        return list(seen.values())


_KIND_STYLE = {
    "info": ("#0b3d91", "#eef4fb", "ℹ"),
    "good": ("#00573f", "#e8f6f0", "✔"),
    "error": ("#8a2a00", "#fdf0e8", "✖"),
    "warn": ("#5c4400", "#fff7dd", "!"),
}


def message_html(text: str, kind: str = "info") -> str:
    ink, bg, mark = _KIND_STYLE.get(kind, _KIND_STYLE["info"])
    if not text:
        return ""
    return (
        f'<div role="status" aria-live="polite" style="font-size:1.05em;line-height:1.4;'
        f"color:{ink};background:{bg};border-left:5px solid {ink};padding:6px 10px;"
        f'margin:4px 0"><b aria-hidden="true">{mark}</b> {html.escape(text)}</div>'
    )


def walk(widget: Any) -> Iterable[Any]:
    """Every widget inside ``widget`` (depth first)."""
    yield widget
    for child in getattr(widget, "children", ()) or ():
        yield from walk(child)


def is_control(w: Any) -> bool:
    return isinstance(
        w,
        (
            W.Button,
            W.Dropdown,
            W.ToggleButtons,
            W.Select,
            W.SelectMultiple,
            W.RadioButtons,
            W.Checkbox,
            W.ToggleButton,
            W.IntSlider,
            W.IntText,
            W.BoundedIntText,
            W.Text,
            W.Textarea,
        ),
    )


# -- keyboard-friendly controls (all are native buttons, selects or inputs) ------------------------
BIG = W.Layout(width="auto")


#: Background colours for the button styles with white text at a contrast of at least
#: 4.5:1 (WCAG AA): ipywidgets' own (``info`` #00bcd4 is 2.3:1, ``primary`` 3.1:1) are
#: too pale. Set as the button's colour, so they hold in the book, JupyterLab and Voila.
BUTTON_COLOURS: dict[str, str] = {
    "primary": "#1565c0",
    "success": "#2e7d32",
    "info": "#00696f",
    "warning": "#8a4b00",
    "danger": "#b3261e",
}


def _button_colour(change: Mapping[str, Any]) -> None:
    b = change["owner"]
    b.style.button_color = BUTTON_COLOURS.get(str(change["new"]))


def button(label: str, tooltip: str = "", *, style: str = "", width: str = "auto") -> W.Button:
    b = W.Button(
        description=label,
        tooltip=tooltip or label,
        button_style=style,
        # flex 0 0 auto: in a narrow row the button keeps its label whole (the row wraps).
        layout=W.Layout(width=width, height="2.4em", flex="0 0 auto", max_width="100%"),
    )
    b.style.font_size = "16px"
    b.style.button_color = BUTTON_COLOURS.get(style)
    b.observe(_button_colour, names="button_style")
    return b


def dropdown(
    label: str, options: Sequence[Any], value: Any = None, width: str = "22em"
) -> W.Dropdown:
    d = W.Dropdown(
        description=label,
        options=options,
        layout=W.Layout(width=width),
        style={"description_width": "initial"},
    )
    if value is not None:
        d.value = value
    return d


def toggles(
    label: str, options: Sequence[Any], value: Any = None, *, width: str = "auto"
) -> W.ToggleButtons:
    t = W.ToggleButtons(
        description=label,
        options=options,
        style={"description_width": "initial", "button_width": width, "font_weight": "bold"},
    )
    if value is not None:
        t.value = value
    return t


def wrap_row(children: Sequence[Any]) -> W.HBox:
    """A row of controls that wraps onto the next line when the page is narrow."""
    return W.HBox(list(children), layout=W.Layout(flex_flow="row wrap"))


def progress_bar(label: str) -> W.IntProgress:
    """A progress bar, hidden until :func:`showing` shows it during slow work."""
    return W.IntProgress(
        value=0, min=0, max=1, description=label, layout=W.Layout(visibility="hidden")
    )


@contextlib.contextmanager
def showing(bar: W.IntProgress, total: int = 1) -> Iterator[W.IntProgress]:
    """Show ``bar`` (from 0 to ``total``) while the block runs; hide it after,
    even if the work fails."""
    bar.max, bar.value = max(total, 1), 0
    bar.layout.visibility = "visible"
    try:
        yield bar
    finally:
        bar.layout.visibility = "hidden"


def html_box(value: str = "", **layout: str) -> W.HTML:
    return W.HTML(value=value, layout=W.Layout(**layout))


def heading(text: str) -> W.HTML:
    return W.HTML(f'<h3 style="margin:6px 0 2px 0">{html.escape(text)}</h3>')


def p(text: str) -> str:
    """A paragraph of text for an HTML widget (escaped)."""
    return f'<p style="font-size:1.05em;line-height:1.45;margin:4px 0">{html.escape(text)}</p>'


def ul(items: Iterable[str]) -> str:
    rows = "".join(f"<li>{html.escape(t)}</li>" for t in items)
    return f'<ul style="font-size:1.05em;line-height:1.45;margin:4px 0">{rows}</ul>'


# -- pictures ------------------------------------------------------------------------------------
def _svg_module() -> Any:
    """texas42.svg when it exists (it is the engine's own drawing), else None."""
    try:
        return importlib.import_module("texas42.svg")
    except ImportError:
        return None


_PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    0: (),
    1: ((0.5, 0.5),),
    2: ((0.25, 0.25), (0.75, 0.75)),
    3: ((0.25, 0.25), (0.5, 0.5), (0.75, 0.75)),
    4: ((0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)),
    5: ((0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)),
    6: ((0.25, 0.22), (0.75, 0.22), (0.25, 0.5), (0.75, 0.5), (0.25, 0.78), (0.75, 0.78)),
}


def _own_domino_svg(
    d: Domino,
    *,
    size: int = SIZE,
    vertical: bool = False,
    highlight: str | None = None,
    dim: bool = False,
    show_count: bool = False,
) -> str:
    """A domino drawn as inline SVG with a text alternative (fallback drawing)."""
    s = size
    w, h = (s, 2 * s) if vertical else (2 * s, s)
    pad = 5
    colour, dash, mark = HIGHLIGHTS.get(highlight or "", (INK, "", ""))
    stroke_w = 5 if highlight else 1.5
    face = DIM_FACE if dim else FACE
    label = f"{d} ({d.name})"
    if d.count and show_count:
        label += f", count {d.count}"
    if mark:
        label += f", {mark}"
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w + 2 * pad}" height="{h + 2 * pad}" '
        f'viewBox="{-pad} {-pad} {w + 2 * pad} {h + 2 * pad}" role="img" '
        f'aria-label="{html.escape(label)}" style="vertical-align:middle">',
        f"<title>{html.escape(label)}</title>",
        f'<rect x="0" y="0" width="{w}" height="{h}" rx="{s * 0.14:.1f}" fill="{face}" '
        f'stroke="{colour}" stroke-width="{stroke_w}"'
        + (f' stroke-dasharray="{dash}"' if dash else "")
        + "/>",
    ]
    if vertical:
        parts.append(
            f'<line x1="{s * 0.12:.1f}" y1="{s}" x2="{s * 0.88:.1f}" y2="{s}" stroke="{INK}" '
            'stroke-width="1.5"/>'
        )
    else:
        parts.append(
            f'<line x1="{s}" y1="{s * 0.12:.1f}" x2="{s}" y2="{s * 0.88:.1f}" stroke="{INK}" '
            'stroke-width="1.5"/>'
        )
    r = s * 0.085
    pip_ink = "#555" if dim else INK
    for half, n in enumerate((d.high, d.low)):
        ox, oy = (0, half * s) if vertical else (half * s, 0)
        for fx, fy in _PIPS[n]:
            parts.append(
                f'<circle cx="{ox + fx * s:.1f}" cy="{oy + fy * s:.1f}" r="{r:.1f}" '
                f'fill="{pip_ink}"/>'
            )
    if show_count and d.count:
        parts.append(
            f'<text x="{w - 3}" y="{h - 4}" font-size="{s * 0.3:.0f}" text-anchor="end" '
            f'font-family="sans-serif" font-weight="bold" fill="#0b3d91">{d.count}</text>'
        )
    parts.append("</svg>")
    return "".join(parts)


def domino_pic(
    d: Domino,
    *,
    size: int = SIZE,
    vertical: bool = False,
    highlight: str | None = None,
    dim: bool = False,
    show_count: bool = False,
) -> str:
    """One domino as SVG: the engine's :func:`texas42.svg.domino_svg` when it exists."""
    svg = _svg_module()
    if svg is not None and hasattr(svg, "domino_svg"):
        try:
            return str(
                svg.domino_svg(
                    d,
                    size=size,
                    vertical=vertical,
                    highlight=highlight,
                    dim=dim,
                    show_count=show_count,
                )
            )
        except Exception:
            pass
    return _own_domino_svg(
        d, size=size, vertical=vertical, highlight=highlight, dim=dim, show_count=show_count
    )


def caption(text: str) -> str:
    return (
        f'<div style="font-size:15px;text-align:center;margin-top:2px;color:{INK}">'
        f"{html.escape(text)}</div>"
    )


def figure(picture: str, text: str, *, item: bool = False) -> str:
    """A picture with its caption, as an inline block (``item``: one item of a list)."""
    role = ' role="listitem"' if item else ""
    return (
        f'<div{role} style="display:inline-block;margin:3px 6px;vertical-align:top">'
        f"{picture}{caption(text)}</div>"
    )


def row(
    dominoes: Sequence[Domino],
    *,
    highlight: Mapping[Domino, str] | Callable[[Domino], str | None] | None = None,
    dim: Iterable[Domino] = (),
    captions: Mapping[Domino, str] | None = None,
    size: int = SIZE,
    vertical: bool = False,
    show_count: bool = False,
    label: str = "",
) -> str:
    """Dominoes side by side, each with its text under it (so nothing is told by the
    picture alone)."""
    dimmed = set(dim)
    cells = []
    for d in dominoes:
        if callable(highlight):
            hl = highlight(d)
        elif highlight is not None:
            hl = highlight.get(d)
        else:
            hl = None
        text = str(d)
        if captions is not None and d in captions:
            text = f"{d} {captions[d]}"
        elif hl:
            text = f"{d} {HIGHLIGHTS[hl][2]}" if hl in HIGHLIGHTS else text
        pic = domino_pic(
            d, size=size, vertical=vertical, highlight=hl, dim=d in dimmed, show_count=show_count
        )
        cells.append(figure(pic, text, item=True))
    head = (
        '<div style="font-weight:bold;font-size:1.05em;margin:6px 0 0 0">'
        f"{html.escape(label)}</div>"
        if label
        else ""
    )
    if not cells:
        return f'{head}<div style="font-style:italic">(none)</div>'
    # A list of dominoes: each picture with its caption is one item of it. On a narrow
    # page the book's stylesheet lays the row out in --t42-cols columns, so a hand of
    # seven wraps 4 + 3 (never 6 + 1); elsewhere the cells simply flow.
    aria = f' aria-label="{html.escape(label)}"' if label else ""
    cols = math.ceil(len(cells) / math.ceil(len(cells) / 4))
    return (
        f'{head}<div role="list"{aria} class="t42-row" '
        f'style="line-height:1;--t42-n:{len(cells)};--t42-cols:{cols}">{"".join(cells)}</div>'
    )


def trick_pic(
    plays: Sequence[Domino],
    leader: int,
    contract: Contract | None,
    winner: int | None = None,
    *,
    size: int = SIZE,
    sitting_out: int | None = None,
) -> str:
    """A trick: who played what, the winner marked (``winner`` is a position in the trick;
    ``sitting_out``: the seat that sits the hand out, in nello)."""
    svg = _svg_module()
    if svg is not None and hasattr(svg, "trick_svg") and contract is not None and plays:
        try:
            return str(
                svg.trick_svg(
                    list(plays),
                    leader=leader,
                    contract=contract,
                    winner=winner,
                    sitting_out=sitting_out,
                )
            )
        except Exception:
            pass
    seats = [s for s in (leader, leader + 1, leader + 2, leader + 3) if s % 4 != sitting_out]
    cells = []
    for i, d in enumerate(plays):
        seat = seats[i] % 4
        hl = "winner" if winner is not None and i == winner else None
        who = SEAT_NAMES[seat] + (" led" if i == 0 else "")
        text = f"{who}: {d}" + (" — wins" if hl else "")
        cells.append(
            figure(domino_pic(d, size=size, vertical=True, highlight=hl), text, item=True)
        )
    if not cells:
        return '<div style="font-style:italic;font-size:1.05em">No domino played yet.</div>'
    return f'<div role="list">{"".join(cells)}</div>'


def page(*parts: str) -> str:
    return '<div style="font-family:sans-serif;color:#1a1a1a">' + "".join(parts) + "</div>"


def points(n: int) -> str:
    """``"1 point"``, ``"16 points"``."""
    return f"{n} point" if n == 1 else f"{n} points"


def seat_label(seat: int, *, you: int | None = None) -> str:
    team = "seats 0+2" if seat % 2 == 0 else "seats 1+3"
    who = " (you)" if you is not None and seat == you else ""
    return f"{SEAT_NAMES[seat]}{who}, team {team}"


# -- where a deal comes from: a hand number, a deal code or dominoes typed in -----------------
class DealSource:
    """Three ways to give a deal, as one row of controls.

    ``deal()`` reads the chosen one and raises :class:`texas42.NotationError` with
    a message for the learner when the input is wrong.
    """

    MODES = (("Hand number", "seed"), ("Deal code", "code"), ("Type the hands", "typed"))

    def __init__(self, seed: int = 1) -> None:
        self.mode = toggles("Deal from:", self.MODES, "seed")
        self.seed = W.BoundedIntText(
            value=seed,
            min=0,
            max=10**9,
            description="Hand number:",
            style={"description_width": "initial"},
            layout=W.Layout(width="14em"),
        )
        self.code = W.Text(
            description="Deal code:",
            placeholder="like 1A2B-3C4D-5E6",
            style={"description_width": "initial"},
            layout=W.Layout(width="18em"),
        )
        self.typed = W.Textarea(
            description="Hands:",
            placeholder="one line per seat, seat 0 first:\n6-6 6-5 6-4 ...",
            layout=W.Layout(width="30em", height="7em"),
        )
        self.load_button = button("Deal", "shake (or read) the dominoes and start")
        self.box = W.VBox([W.HBox([self.mode, self.load_button]), self.seed])
        #: The input fields, displayed one at a time.
        self.fields = [self.seed, self.code, self.typed]
        self.mode.observe(self._on_mode, names="value")

    def _on_mode(self, change: Any) -> None:
        field = {"seed": self.seed, "code": self.code, "typed": self.typed}[change["new"]]
        self.box.children = [self.box.children[0], field]

    def deal(self) -> Any:
        from ..deals import Deal
        from ..errors import NotationError

        mode = self.mode.value
        if mode == "seed":
            return Deal.from_seed(int(self.seed.value))
        if mode == "code":
            text = str(self.code.value).strip()
            if not text:
                raise NotationError("type a deal code first (like 1A2B-3C4D-5E6)", rule="deal-code")
            return Deal.from_code(text)
        lines = [ln for ln in str(self.typed.value).splitlines() if ln.strip()]
        if len(lines) != 4:
            raise NotationError(
                f"type four lines, one per seat (seat 0 first), each with 7 dominoes; "
                f"there {'is' if len(lines) == 1 else 'are'} {len(lines)}",
                rule="deal",
            )
        hands = [ln.split(":", 1)[1] if ":" in ln else ln for ln in lines]
        return Deal(hands)

    def describe(self) -> str:
        return {
            "seed": f"hand number {self.seed.value}",
            "code": f"deal code {self.code.value}",
            "typed": "the hands typed in",
        }[self.mode.value]


def table_pic(
    hand: Any,
    *,
    seat: int | None = None,
    show_all: bool | None = None,
    highlight: Mapping[Domino, str] | None = None,
    size: int = 40,
    controls: bool = False,
) -> str:
    """The whole table of a hand (the engine's :func:`texas42.svg.table_svg` when it
    exists, else rows of dominoes), seen from ``seat`` or with every hand open;
    ``controls``: ``seat``'s dominoes are buttons when it is to play (the table widget)."""
    svg = _svg_module()
    if svg is not None and hasattr(svg, "table_svg"):
        try:
            return str(
                svg.table_svg(
                    hand, seat=seat, show_all=show_all, highlight=highlight or None, size=size,
                    controls=controls,
                )
            )
        except Exception:
            pass
    open_all = seat is None if show_all is None else show_all
    parts = [p(hand.status())]
    for s in range(4):
        held = list(hand.holding(s))
        if open_all or s == seat:
            parts.append(
                row(
                    held,
                    highlight=highlight,
                    size=max(24, size - 12),
                    label=seat_label(s, you=seat),
                )
            )
        else:
            parts.append(p(f"{seat_label(s)}: {len(held)} dominoes, face down."))
    if hand.contract is not None and hand.current_trick:
        parts.append(trick_pic(hand.current_trick, hand.leader, hand.contract))
    return page(*parts)
