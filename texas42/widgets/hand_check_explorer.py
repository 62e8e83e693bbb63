"""The course's last check, played: the play explorer, and under it a **Check my hand**
button that reads the hand the learner played back in plain words
(:func:`texas42.lessons.hand_check.check_hand`): the bids, the trumps named, each domino
followed or not, the count and the score; what went well and what to look at. The check
is passed once the hand is played to its score.

The play explorer is used as it is (its own layout). There is one message line, the play
explorer's: the check's verdict is said there too, and again above the report under the
button. What the check needs that the hand does not keep, the plays the table refused the
learner (a domino that did not follow suit), it notes from the explorer's messages: each
refusal is a rules error the explorer shows (``last_error`` with its ``.rule``)."""

from __future__ import annotations

from typing import Any

import ipywidgets as W

from ..errors import Texas42Error
from ..hand import Hand
from ..lessons.hand_check import HandCheck, check_hand
from ._base import Explorer, safe
from ._controls import button, html_box
from ._html import p, page, ul
from .play_explorer import PlayExplorer

PROMPT = "Play the hand to its score, then press Check my hand."
OVER = "The hand is over: press Check my hand to see how you played."
CHECK_WHAT = "read back the hand you played: what went well, what to look at"


class HandCheckExplorer(Explorer):
    """Play a whole hand, then check it.

    >>> ex = HandCheckExplorer(seed=5, seat=0)
    >>> ex.check_button.click()
    >>> ex.state["passed"], ex.message.startswith("Not yet")
    (False, True)
    """

    title = "Play a hand and check it"

    def __init__(self, seed: int = 5, seat: int = 0, **options: Any) -> None:
        super().__init__()
        self.player = PlayExplorer(seed=seed, seat=seat, **options)
        self.message_box = self.player.message_box  # one message line: the explorer's
        self.check_button = button("Check my hand", PROMPT, style="primary")
        self.report_box = html_box()
        self.check_button.on_click(self._on_check)
        self.player.message_box.observe(self._on_player_message, names="value")
        self.ui = W.VBox([self.player.ui, W.HBox([self.check_button]), self.report_box])
        self.ui.add_class("t42-hand-check")
        self.extra = self.player.extra
        self.refused: list[str] = []  # the rules of the plays refused in this hand
        self._refusals_of: Hand = self.player.hand
        self._last_error_seen: BaseException | None = None
        self.report: HandCheck | None = None
        self._speaking = False  # the check's own words in the message line
        self._note(PROMPT)
        self._able()

    def _able(self) -> None:
        """Check my hand acts once the hand is over: until then it is disabled, and its
        description is the reason (also the line under it, PROMPT)."""
        over = self.player.hand.is_over
        self.check_button.disabled = not over
        self.check_button.tooltip = CHECK_WHAT if over else PROMPT

    @property
    def message(self) -> str:
        return self.player.message

    def show_message(self, text: str, *, kind: str = "info") -> None:
        self._speaking = True
        try:
            self.player.show_message(text, kind=kind)
        finally:
            self._speaking = False
        self.message_kind = kind

    def _note(self, text: str) -> None:
        """A line by the button that says what to do (the message line keeps the table's)."""
        self.report_box.value = page(p(text))

    # -- what the check reads -----------------------------------------------------------------
    def _same_hand(self) -> None:
        """A new hand (Next hand, a new deal, another seat) starts with no refusals."""
        if self.player.hand is not self._refusals_of:
            self._refusals_of = self.player.hand
            self.refused = []
            self.report = None
            self._note(PROMPT)
        self._able()

    @safe
    def _on_player_message(self, _change: Any = None) -> None:
        if self._speaking:
            return
        self._same_hand()
        error = self.player.last_error
        if error is not self._last_error_seen:
            self._last_error_seen = error
            if isinstance(error, Texas42Error) and error.rule == "follow-suit":
                self.refused.append(error.rule)
        over = self.player.hand.is_over
        self._able()
        if self.report is not None and not self.report.passed:
            self.report = None  # the hand went on: an early "Not yet" is out of date
            self._note(OVER if over else PROMPT)
        elif over and self.report is None:
            self._note(OVER)

    @safe
    def _on_check(self, _b: Any = None) -> None:
        self._same_hand()
        report = check_hand(self.player.hand, self.player.seat, self.refused)
        self.report = report
        self.show_message(report.verdict, kind="good" if report.passed else "warn")
        parts = [p(report.verdict)]
        if report.well:
            parts += [p("What went well:"), ul(list(report.well))]
        if report.look_at:
            parts += [p("What to look at next time:"), ul(list(report.look_at))]
        self.report_box.value = page(*parts)

    # -- state ---------------------------------------------------------------------------------
    @property
    def state(self) -> dict[str, Any]:
        report = self.report
        return {
            "player": self.player.state,
            "refused": list(self.refused),
            "passed": bool(report and report.passed),
            "well": list(report.well) if report else [],
            "look_at": list(report.look_at) if report else [],
            "message": self.message,
        }
