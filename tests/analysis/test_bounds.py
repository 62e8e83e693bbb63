"""The caps on the analysis' work: sample counts, guesses per sampled deal, and the
honest words when an unlikely auction leaves only close guesses."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from texas42.analysis import bounds
from texas42.analysis.bounds import MAX_SAMPLES, check_samples, guesses_allowed
from texas42.analysis.evaluator import evaluate_hand
from texas42.analysis.players import SamplingPlayer, make_player
from texas42.errors import Texas42Error

HAND = "6-6 6-5 6-4 6-2 5-5 4-4 3-1"


@given(st.one_of(st.integers(max_value=0), st.integers(min_value=MAX_SAMPLES + 1),
                 st.booleans(), st.floats(), st.text(max_size=3)))
def test_samples_out_of_range_are_refused_naming_the_rule(n: object) -> None:
    with pytest.raises(Texas42Error) as info:
        check_samples(n)
    assert info.value.rule == "samples" and "out of range: 1 to" in info.value.message
    assert len(info.value.message) < 120  # a huge input is quoted cut short


@given(st.integers(1, MAX_SAMPLES))
def test_samples_in_range_are_kept(n: int) -> None:
    assert check_samples(n) == n


@pytest.mark.parametrize("samples", [0, -3, MAX_SAMPLES + 1, 100_000])
def test_every_entry_point_refuses_a_sample_count_out_of_range(samples: int) -> None:
    for call in (lambda: evaluate_hand(HAND, samples=samples),
                 lambda: evaluate_hand(HAND, samples=samples, rules="moon")):
        with pytest.raises(Texas42Error) as info:
            call()
        assert info.value.rule == "samples"
    with pytest.raises(Texas42Error):
        SamplingPlayer(samples)  # one sampling player for every table
    with pytest.raises(ValueError):
        make_player(f"sampling:{samples}")


@given(st.lists(st.booleans(), min_size=1, max_size=400), st.integers(1, 96))
def test_guesses_are_bounded_per_deal_and_on_average(fits: list[bool], used: int) -> None:
    """Whatever each deal's luck, no deal takes more than MAX_TRIES guesses and the
    whole evaluation at most TRIES_PER_DEAL a deal on average (plus one deal's cap)."""
    tries = fitted = 0
    for done, fit in enumerate(fits):
        allowed = guesses_allowed(done, fitted, tries)
        assert 2 <= allowed <= bounds.MAX_TRIES or allowed == bounds.UNLIKELY_TRIES
        spent = min(allowed, used) if fit else allowed  # a fit stops the guessing early
        tries += spent
        fitted += fit
        assert tries <= bounds.TRIES_PER_DEAL * (done + 1) + bounds.MAX_TRIES


def test_an_unlikely_auction_is_said_and_still_gives_odds() -> None:
    ev = evaluate_hand(HAND, seat=1, auction=["84"], contracts=["sixes"], samples=60, seed=1)
    assert ev.relaxed == 60 and ev.fitted == 0
    assert ev.tries <= bounds.TRIES_PER_DEAL * 25 + bounds.UNLIKELY_TRIES * 35
    assert ("60 of 60 deals only come close to the auction (none of the guesses allowed "
            "fitted): the auction is unlikely, so read these odds loosely.") in ev.summary()
    assert ev.to_json()["relaxed"] == 60
    o = ev.odds("sixes", 30)
    assert 0.0 <= o.lo <= o.p <= o.hi + 1e-9 and o.hi <= 1.0 and o.n == 60  # (hi: rounding)


def test_a_likely_auction_fits_and_says_nothing_more() -> None:
    ev = evaluate_hand(HAND, seat=2, auction=["pass", "30"], contracts=["sixes"], samples=60,
                       seed=3)
    assert ev.relaxed <= 2 and ev.fitted + ev.relaxed == 60
    assert "unlikely" not in ev.summary()


def test_odds_report_progress() -> None:
    seen: list[tuple[int, int]] = []
    evaluate_hand(HAND, contracts=["sixes"], samples=60, seed=1,
                  progress=lambda done, total: seen.append((done, total)))
    assert seen == [(0, 60), (25, 60), (50, 60)]
