"""One coach, one voice, in what the game scores (issue 38).

The hint before a decision and the verdict after it are one judgement, so a choice the hint
gave is never called a loss; under the marks rules every decision is judged in marks (a
play in a hand bid for points by the chance that the side makes, or sets, the bid); a play
once the bid is decided makes no difference to the mark; no total is larger than the hand
could swing.
"""

from __future__ import annotations

import pytest

from texas42 import Deal, Hand
from texas42.analysis import RuleBasedPlayer, decide, play_hand
from texas42.analysis.coach import (
    NO_DIFFERENCE,
    TOO_CLOSE,
    Advice,
    advise,
    chance_of,
    judge,
    review,
)
from texas42.errors import InputError, NotationError
from texas42.hand import Phase
from texas42.rules import POINTS

SAMPLES = 6  # small: the properties hold for any number of guesses
RULES = RuleBasedPlayer()


def _follow_the_hint(seed: int, learner: int = 0, samples: int = SAMPLES) -> Hand:
    """A hand where ``learner`` takes every choice the coach's hint gives (the first of
    the best when several tie) and rule-based players take the others."""
    hand = Hand(Deal.from_seed(seed), shaker=3)
    while not hand.is_over:
        if hand.to_act == learner and len(hand.legal_actions()) > 1:
            a = advise(hand, samples=samples, seed=seed)
            best = a.best.choice
            action = next(x for x in hand.legal_actions()
                          if _text(x.kind, x.value) == best)
            hand.apply((action.kind, action.value))
        else:
            hand.apply((hand.next_action or "", decide(RULES, hand).action))
    return hand


def _text(kind: str, value: object) -> str:
    from texas42.bidding import bid_text

    if kind == "bid":
        return value if isinstance(value, str) else bid_text(int(value))  # type: ignore[call-overload]
    return str(value)


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6])
def test_a_choice_the_hint_gave_is_never_called_a_loss(seed: int) -> None:
    hand = _follow_the_hint(seed)
    rv = review(hand, 0, samples=SAMPLES, seed=seed, hindsight=False)
    assert rv.decisions  # the learner had choices to make
    for d in rv.decisions:
        assert d.loss == 0, (d.where, d.chosen, d.label, d.reason)
        assert d.label in ("fine", TOO_CLOSE, NO_DIFFERENCE)
    assert rv.total_loss == 0


def test_the_hint_and_the_verdict_are_one_judgement() -> None:
    """Any choice: judge() gives the verdict from the same options the hint showed."""
    hand = Hand(Deal.from_seed(8), shaker=3)
    play_hand(hand, [RULES] * 4)
    for step in range(len(hand.actions)):
        before = hand.at(step)
        if len(before.legal_actions()) < 2:
            continue
        a = advise(before, samples=SAMPLES, seed=2)
        for o in a.options[:3]:
            j = judge(before, o.choice, samples=SAMPLES, seed=2)
            assert j.options == a.options and j.worlds == a.worlds
            assert j.loss == pytest.approx(a.loss(o.choice))
        if step > 20:
            break


def test_under_the_marks_rules_every_decision_is_judged_in_marks() -> None:
    hand = Hand(Deal.from_seed(5), shaker=3)
    play_hand(hand, [RULES] * 4)
    assert hand.high_bid < 42  # a hand bid for points
    for seat in range(4):
        rv = review(hand, seat, samples=SAMPLES, seed=1, hindsight=False)
        assert rv.unit == "marks"
        for d in rv.decisions:
            assert d.unit == "marks"
            if d.kind == "play" and d.label != NO_DIFFERENCE:
                # One mark a side: a play's options are worth -1..+1 marks.
                assert all(-1 - 1e-9 <= o.expected <= 1 + 1e-9 for o in d.options)
                bidders = (seat % 2) == (hand.bidder or 0) % 2
                assert d.goal == f"{'makes' if bidders else 'sets'} {hand.high_bid}"
                assert "in about" in d.reason and "of 10" in d.reason
        assert 0 <= rv.total_loss <= rv.most == 2


def test_the_old_points_judging_stays_a_named_option() -> None:
    hand = Hand(Deal.from_seed(5), shaker=3)
    play_hand(hand, [RULES] * 4)
    rv = review(hand, 1, samples=SAMPLES, seed=1, hindsight=False, unit="points")
    plays = [d for d in rv.decisions if d.kind == "play"]
    assert plays and all(d.unit == "points" and not d.goal for d in plays)
    with pytest.raises(NotationError) as e:
        review(hand, 1, samples=SAMPLES, unit="dollars")
    assert e.value.rule == "unit"


def test_under_the_points_rules_a_play_is_judged_in_points() -> None:
    hand = Hand(Deal.from_seed(5), shaker=3, rules=POINTS)
    play_hand(hand, [RULES] * 4)
    rv = review(hand, 0, samples=SAMPLES, seed=1, hindsight=False)
    assert {d.unit for d in rv.decisions} == {"points"}
    assert rv.total_loss <= rv.most == 2 * POINTS.total_points


def _decided_with_a_choice() -> Hand:
    """A hand bid for points that ended early (the bid made or set), played on to a play
    with a choice."""
    for seed in range(1, 80):
        hand = Hand(Deal.from_seed(seed), shaker=3)
        play_hand(hand, [RULES] * 4)
        if len(hand.tricks) == 7 or hand.result is None or hand.high_bid >= 42:
            continue
        hand.play_out()
        while hand.phase is Phase.PLAYING and len(hand.legal_actions()) < 2:
            hand.apply(("play", decide(RULES, hand).action))
        if hand.phase is Phase.PLAYING:
            return hand
    raise AssertionError("no hand of these seeds ended early with a choice left")


def test_a_play_once_the_bid_is_decided_makes_no_difference_to_the_mark() -> None:
    hand = _decided_with_a_choice()
    assert hand.result is not None
    a = advise(hand, samples=SAMPLES, seed=1)
    assert a.decided and a.worlds == 0 and "already" in a.reason
    assert len({o.expected for o in a.options}) == 1
    j = judge(hand, a.options[-1].choice, samples=SAMPLES, seed=1)
    assert j.label == NO_DIFFERENCE and j.loss == 0


def test_a_chance_is_read_from_the_expected_marks() -> None:
    assert chance_of(1.0) == 1 and chance_of(-1.0) == 0 and chance_of(0.2) == pytest.approx(0.6)
    assert chance_of(2.0, stake=2) == 1 and chance_of(0.0, stake=2) == 0.5
    a = Advice("play", 0, (), "marks", 0, "", goal="makes 30")
    assert a.goal == "makes 30" and a.stake == 1


def test_max_samples_below_samples_is_refused() -> None:
    hand = Hand(Deal.from_seed(5), shaker=3)
    with pytest.raises(InputError) as e:
        advise(hand, samples=8, max_samples=4)
    assert e.value.rule == "samples" and "below samples" in str(e.value)


def test_a_decision_judged_step_by_step_is_the_reviews_verdict() -> None:
    """judge_steps yields after each guess and returns what review() gives; a review that
    is handed those verdicts (``known``) is the same review."""
    from texas42.analysis.coach import judge_steps, run_steps

    hand = Hand(Deal.from_seed(9), shaker=3)
    play_hand(hand, [RULES] * 4)
    rv = review(hand, 0, samples=SAMPLES, seed=3, hindsight=False)
    known = {}
    counts: dict[str, int] = {}
    for step, action in enumerate(hand.actions):
        index = counts.get(action.kind, 0)
        counts[action.kind] = index + 1
        before = hand.at(step)
        if action.seat != 0 or len(before.legal_actions()) < 2:
            continue
        steps = judge_steps(before, _text(action.kind, action.value), samples=SAMPLES, seed=3)
        before.apply((action.kind, action.value))  # the hand goes on meanwhile: no matter
        got = run_steps(steps)
        known[(action.kind, index)] = got
    assert [known[(d.kind, d.index)] for d in rv.decisions] == list(rv.decisions)
    assert review(hand, 0, samples=SAMPLES, seed=3, hindsight=False, known=known) == rv
    # With the hindsight judged along (a play's: the open-hands solve, one more step).
    full = review(hand, 0, samples=SAMPLES, seed=3)
    with_after = {}
    for (kind, index), j in known.items():
        d = next(x for x in full.decisions if (x.kind, x.index) == (kind, index))
        step = next(i for i, a in enumerate(hand.actions) if a.kind == kind and sum(
            1 for b in hand.actions[:i] if b.kind == kind) == index)
        got = run_steps(judge_steps(hand.at(step), j.chosen, samples=SAMPLES, seed=3,
                                    hindsight=True))
        assert got.hindsight == (d.hindsight if kind == "play" else None)
        with_after[(kind, index)] = got
    assert review(hand, 0, samples=SAMPLES, seed=3, known=with_after) == full
    # Unsliced, each guess is one step: a judgement of many guesses takes many steps.
    first = next(d for d in rv.decisions if d.worlds > 1)
    step = next(i for i, a in enumerate(hand.actions) if a.seat == 0
                and a.kind == first.kind and sum(1 for b in hand.actions[:i]
                                                 if b.kind == a.kind) == first.index)
    n = sum(1 for _ in judge_steps(hand.at(step), first.chosen, samples=SAMPLES, seed=3,
                                   sliced=False))
    assert n == first.worlds  # (sliced, a long search is cut further: test_coach_slices)


def test_the_review_command_judges_in_the_unit_asked(
        tmp_path: pytest.TempPathFactory, capsys: pytest.CaptureFixture[str]) -> None:
    import json
    from pathlib import Path

    from texas42.analysis.cli import main

    hand = Hand(Deal.from_seed(5), shaker=3)
    play_hand(hand, [RULES] * 4)
    path = Path(str(tmp_path)) / "hand.json"
    path.write_text(hand.record().to_json())
    units = {}
    for unit in ("game", "points"):
        assert main(["review", str(path), "--seat", "1", "--json", "--samples", "4",
                     "--unit", unit]) == 0
        data = json.loads(capsys.readouterr().out)
        units[unit] = {d["unit"] for d in data["decisions"] if d["kind"] == "play"}
    assert units == {"game": {"marks"}, "points": {"points"}}
    with pytest.raises(SystemExit) as e:  # argparse refuses it, naming the choices
        main(["review", str(path), "--seat", "1", "--unit", "dollars"])
    assert e.value.code == 2 and "invalid choice: 'dollars'" in capsys.readouterr().err
