"""The coach in the explorers (issue 13): hints and reviews judged from what the
learner's seat could see; hindsight only as a labelled extra line."""

from __future__ import annotations

from texas42.widgets import PlayExplorer
from texas42.widgets._coach import HINDSIGHT

from .helpers import check_clean


def _play_through(ex: PlayExplorer) -> None:
    for _ in range(60):
        s = ex.state
        if not s["your_turn"]:
            break
        if s["phase"] == "bidding":
            values = [v for _, v in ex.bid_picker.options]
            ex.bid_picker.value = 30 if 30 in values else values[0]
            ex.bid_button.click()
        elif s["phase"] == "contract":
            ex.name_button.click()
        else:
            ex.hint_button.click()
            check_clean(ex, "hint")
            assert ex.message.startswith("Hint: ")
            assert "guesses of the dominoes you cannot see" in ex.hint_box.value
            # A play in a hand bid for points: each choice's chance to make (or set) it.
            assert "chance your side makes" in ex.hint_box.value or (
                "chance your side sets" in ex.hint_box.value)
            ex.play(s["legal"][-1])
        assert ex.last_error is None, ex.last_error


def test_bidding_hint_is_the_coach() -> None:
    ex = PlayExplorer(seed=5, seat=0)
    ex.hint_button.click()
    check_clean(ex, "hint")
    assert ex.message.startswith("Hint: ")
    box = ex.hint_box.value
    assert "expected marks" in box and "pass" in box and "Traceback" not in box


def test_review_judges_every_decision_from_what_the_seat_saw() -> None:
    ex = PlayExplorer(seed=5, seat=0)
    _play_through(ex)
    assert ex.state["phase"] == "over"
    ex.review_button.click()
    check_clean(ex, "review")
    lines = ex.state["review"]
    assert lines and ex.message.startswith("Review: ")
    assert any(x.startswith("Bid 1: you bid 30") for x in lines)
    words = ("fine", "inaccuracy", "mistake", "blunder", "too close to call",
             "no difference to the mark")
    assert all(any(w in x for w in words) for x in lines)
    box = ex.review_box.value
    assert "guesses of the hidden dominoes" in box
    # The open-hands answer appears only labelled as hindsight.
    assert box.count("all hands open") == box.count(HINDSIGHT)
    assert ex.progress.layout.visibility != "visible"


def test_bidding_explorer_judges_each_bid_from_the_hand_alone() -> None:
    from texas42.widgets import BiddingExplorer

    ex = BiddingExplorer(seed=4)
    ex.sound_button.click()
    assert ex.message_kind == "warn" and ex.state["sound"] == []
    for _ in range(4):
        if ex.state["phase"] != "bidding":
            break
        ex.auto_button.click()
    ex.sound_button.click()
    check_clean(ex, "sound")
    lines = ex.state["sound"]
    assert len(lines) == len(ex.hand.bids)
    assert all(any(w in x for w in ("fine", "inaccuracy", "mistake", "blunder")) for x in lines)
    assert "Best from its own dominoes" in lines[0]
    if ex.state["phase"] == "playing":
        assert "Hindsight (all hands open)" in ex.result_box.value
    ex.undo_button.click()
    assert ex.state["sound"] == []


def test_replay_explorer_reviews_any_seat() -> None:
    from texas42.widgets import ReplayExplorer

    ex = ReplayExplorer(seed=2)
    for seat in (1, 2):
        ex.review_seat.value = seat
        ex.review_button.click()
        check_clean(ex, "review")
        assert ex.state["review"], seat
        assert ex.message.startswith(f"Review of Seat {seat}") or "Review of" in ex.message
        assert "guesses of the hidden dominoes" in ex.review_box.value
    ex.rules_picker.value = "moon"
    assert [v for _, v in ex.review_seat.options] == [0, 1, 2]
    assert ex.state["review"] == []


def test_decisions_judged_while_the_hand_goes_on_are_the_review() -> None:
    """Each decision of the learner is queued for judging as it is made; run in idle
    moments (as the live page's worker does), the review takes those verdicts, and they
    are the verdicts the review would give itself. Where nobody runs idle work (a
    notebook kernel), nothing is queued."""
    from texas42.analysis import coach
    from texas42.widgets._background import BACKGROUND

    BACKGROUND.clear()
    idle = PlayExplorer(seed=5, seat=0)
    idle.bid_picker.value = 30
    idle.bid_button.click()
    assert not BACKGROUND.driven and not BACKGROUND.pending()
    BACKGROUND.driven = True  # as in the browser, where the page's worker runs idle slices
    try:
        ex = PlayExplorer(seed=5, seat=0)
        for _ in range(60):  # the learner plays; idle moments come between the clicks
            s = ex.state
            if not s["your_turn"]:
                break
            if s["phase"] == "bidding":
                ex.bid_picker.value = 30 if 30 in [v for _, v in ex.bid_picker.options] else 0
                ex.bid_button.click()
            elif s["phase"] == "contract":
                ex.name_button.click()
            else:
                ex.play(s["legal"][-1])
            while BACKGROUND.step(0.01):
                pass
    finally:
        BACKGROUND.driven = False
        BACKGROUND.clear()
    assert ex.state["phase"] == "over" and ex.judging.judged
    fresh = coach.review(ex.hand, 0, samples=32, seed=0)
    assert sorted(ex.judging.judged) == sorted((d.kind, d.index) for d in fresh.decisions)
    ex.review_button.click()
    check_clean(ex, "review")
    shown = ex.review_box.reviews[0][1]
    assert shown == fresh  # the same verdicts, hindsight included


def test_the_play_pages_hint_speaks_a_beginners_language() -> None:
    """The guided Play page's hint names the best choice and how the coach found it,
    without "guesses", "marks" or "count" (taught later): its figures are folded under
    "Show the full figures" (issue 34)."""
    import re

    from texas42.widgets._coach import FULL_FIGURES
    from texas42.widgets.play_explorer import PlayExplorer

    ex = PlayExplorer(seed=3, guided=True)
    ex.hint_button.click()
    body = ex.hint_box.value
    shown, _, folded = body.partition("<details")
    words = re.sub("<[^>]+>", " ", shown) + " " + ex.message
    assert ex.message.startswith("Hint: Bid ") or ex.message.startswith("Hint: Pass")
    for word in ("guess", "mark", "count"):
        assert word not in words.lower(), words
    assert f"<summary>{FULL_FIGURES}</summary>" in folded and "guesses" in folded
    # Elsewhere (a chapter after the course taught the words) the full hint, as before.
    full = PlayExplorer(seed=3)
    full.hint_button.click()
    assert "<details" not in full.hint_box.value and "guesses" in full.message


def test_the_log_names_seats_as_places_at_the_table() -> None:
    from texas42.deals import PLACES
    from texas42.widgets.play_explorer import PlayExplorer

    ex = PlayExplorer(seed=3, seat=1)
    ex.table.handle({"bid": "30"})
    who = [line.split(" ")[0:2] for line in ex.log]
    assert ex.log[0].startswith("You bid 30")
    names = {" ".join(w) for w in who[1:]}
    assert names <= set(PLACES[1:]) and names, ex.log
    assert not any("Seat" in line for line in ex.log)


def _unfolded_words(html_text: str) -> str:
    """The words of ``html_text`` a reader sees before opening any fold."""
    import re

    shown = re.sub(r"<details.*?</details>", " ", html_text, flags=re.S)
    return re.sub("<[^>]+>", " ", shown)


def test_the_play_pages_score_is_in_a_beginners_words() -> None:
    """The guided Play page's score line says what each side has and what wins, without
    "marks" (issue 34); elsewhere, and when asked for (plain=False), the game's own words."""
    from texas42.widgets.play_explorer import PlayExplorer

    guided = PlayExplorer(seed=3, guided=True)
    said = _unfolded_words(guided.score_box.value)
    assert "mark" not in said.lower()
    assert ("Hand 1. Score: you and your partner 0, the opponents 0. "
            "The first side to 7 wins the game.") in said
    full = PlayExplorer(seed=3)
    assert "Game to 7 marks, hand 1" in full.score_box.value
    assert "Game to 7 marks" in PlayExplorer(seed=3, guided=True, plain=False).score_box.value
    # plain without the guide: a chapter before the course taught the words.
    chapter = PlayExplorer(seed=3, plain=True)
    chapter.hint_button.click()
    assert "guess" not in _unfolded_words(chapter.hint_box.value).lower()
    assert "<details" in chapter.hint_box.value


def test_a_plain_bidding_explorer_folds_the_coachs_figures() -> None:
    """plain=True (a chapter before the one that teaches the coach's "guesses"): the judged
    bids say how the coach found them in plain words, the figures folded."""
    from texas42.widgets import BiddingExplorer
    from texas42.widgets._coach import FULL_FIGURES

    for plain in (True, False):
        ex = BiddingExplorer(seed=4, plain=plain)
        ex.auto_button.click()
        ex.sound_button.click()
        box = ex.sound_box.value
        seen = _unfolded_words(box).lower()
        assert ("guess" not in seen) is plain, seen
        assert (f"<summary>{FULL_FIGURES}</summary>" in box) is plain
        assert "expected" in box  # the figures are there, folded or not
