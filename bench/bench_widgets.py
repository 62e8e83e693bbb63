"""How long the Python work behind each explorer interaction takes (the budget: 50 ms;
solver-backed views may take longer and then show progress after 0.5 s).

Run: python bench/bench_widgets.py [--repeat N] [--tables]
Prints, per interaction, the median and the worst time in milliseconds, and marks any
non-solver interaction over the budget. A benchmark, never a timed test.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from typing import Any

from texas42 import widgets
from texas42.widgets.bidding_explorer import ODDS_SAMPLES

BUDGET_MS = 50.0
Rows = list[tuple[str, str, list[float], bool]]


def timed(action: Callable[[], Any]) -> float:
    start = time.perf_counter()
    action()
    return (time.perf_counter() - start) * 1000


def measure(
    rows: Rows, explorer: str, name: str, actions: list[Callable[[], Any]], *, solver: bool = False
) -> None:
    rows.append((explorer, name, [timed(a) for a in actions], solver))


def bench(repeat: int) -> Rows:
    rows: Rows = []
    r = range(repeat)

    ex1 = widgets.suits()
    contracts = [v for _, v in ex1.contract_picker.options]
    dominoes = [v for _, v in ex1.domino_picker.options]
    measure(
        rows,
        "1 suits",
        "choose a contract",
        [lambda c=c: setattr(ex1.contract_picker, "value", c) for c in contracts * repeat],
    )
    measure(
        rows,
        "1 suits",
        "choose a domino",
        [lambda d=d: setattr(ex1.domino_picker, "value", d) for d in dominoes * repeat],
    )
    measure(
        rows,
        "1 suits",
        "type a wrong domino",
        [lambda i=i: setattr(ex1.typed, "value", f"9-{i % 10}") for i in r],
    )

    ex2 = widgets.trumps()
    measure(
        rows,
        "2 trumps",
        "choose the trump number",
        [lambda n=n: setattr(ex2.number_picker, "value", n % 7) for n in range(7 * repeat)],
    )
    kinds = ["doubles", "follow-me", "trumps"]
    measure(
        rows,
        "2 trumps",
        "choose trumps / doubles / follow-me",
        [lambda k=k: setattr(ex2.kind_picker, "value", k) for k in kinds * repeat],
    )
    rules = [value for _label, value in ex2.rules_picker.options]
    measure(
        rows,
        "2 trumps",
        "choose a rules profile",
        [lambda x=x: setattr(ex2.rules_picker, "value", x) for x in rules * repeat],
    )

    ex3 = widgets.count()
    measure(
        rows,
        "3 count",
        "count one more trick",
        [
            lambda i=i: setattr(
                ex3.trick_toggles[i % 7], "value", not ex3.trick_toggles[i % 7].value
            )
            for i in range(7 * repeat)
        ],
    )
    measure(rows, "3 count", "all tricks", [ex3.all_button.click for _ in r])
    measure(rows, "3 count", "shake and play a new hand", [ex3.new_button.click for _ in r])

    ex4 = widgets.tricks()
    plays: list[Callable[[], Any]] = []
    for _ in range(min(repeat, 28)):
        plays.append(lambda: ex4.try_play(ex4.state["legal"][0]))
    measure(rows, "4 tricks", "play a domino", plays)
    measure(rows, "4 tricks", "undo", [ex4.undo_button.click for _ in range(min(repeat, 20))])
    measure(rows, "4 tricks", "refuse a domino not held", [lambda: ex4.try_play("0-0") for _ in r])
    measure(
        rows,
        "4 tricks",
        "change the contract",
        [
            lambda c=c: setattr(ex4.contract_picker, "value", c)
            for c in [v for _, v in ex4.contract_picker.options] * repeat
        ],
    )

    ex5 = widgets.bidding()
    values = [v for _, v in ex5.bid_picker.options]
    measure(
        rows,
        "5 bidding",
        "choose a bid (what it means)",
        [lambda v=v: setattr(ex5.bid_picker, "value", v) for v in values * repeat],
    )

    def auction() -> None:
        ex5.source.load_button.click()

    measure(rows, "5 bidding", "deal again", [auction for _ in r])
    bids: list[float] = []
    for _ in r:
        ex5.source.load_button.click()
        bids.append(timed(ex5.bid_button.click))
        bids.append(timed(ex5.auto_button.click))
        bids.append(timed(ex5.auto_button.click))
    rows.append(("5 bidding", "bid / computer bids", bids, False))
    naming: list[float] = []
    for seed in range(1, 1 + min(repeat, 5)):
        ex5.source.seed.value = seed
        ex5.source.load_button.click()
        while ex5.hand.phase.value == "bidding":
            ex5.auto_button.click()
        naming.append(timed(ex5.name_button.click))
    rows.append(("5 bidding", "name trumps (solves the hand)", naming, True))

    ex6 = widgets.replay()
    measure(
        rows,
        "6 replay",
        "move the slider one step",
        [
            lambda i=i: setattr(ex6.slider, "value", i % (ex6.slider.max + 1))
            for i in range(ex6.slider.max + 1)
        ]
        * max(1, repeat // 10),
    )
    measure(
        rows,
        "6 replay",
        "change the view",
        [lambda v=v: setattr(ex6.view_picker, "value", v) for v in [0, 1, 2, 3, -1] * repeat],
    )
    measure(
        rows,
        "6 replay",
        "deal and play a new hand",
        [ex6.source.load_button.click for _ in range(min(repeat, 10))],
    )
    ex6.solver_box.value = True
    measure(
        rows,
        "6 replay",
        "step with the solver on (first visit)",
        [lambda i=i: setattr(ex6.slider, "value", i) for i in range(ex6.slider.max + 1)],
        solver=True,
    )
    measure(
        rows,
        "6 replay",
        "step with the solver on (visited)",
        [lambda i=i: setattr(ex6.slider, "value", i) for i in range(ex6.slider.max + 1)],
        solver=True,
    )

    ex7 = widgets.play(seed=5)
    turns: list[float] = []
    for seed in range(5, 5 + min(repeat, 6)):
        ex7.source.seed.value = seed
        turns.append(timed(ex7.source.load_button.click))
        while ex7.your_turn:
            s = ex7.state
            if s["phase"] == "bidding":
                turns.append(timed(ex7.bid_button.click))
            elif s["phase"] == "contract":
                turns.append(timed(ex7.name_button.click))
            else:
                turns.append(timed(lambda s=s: ex7.play(s["legal"][0])))
    rows.append(("7 play", "your action + the computer's turns", turns, False))
    measure(rows, "7 play", "review the hand (solver)", [ex7.review_button.click], solver=True)
    nexts: list[float] = []
    ex7.source.seed.value = 5
    ex7.source.load_button.click()
    for _ in range(min(repeat, 6)):
        while not ex7.hand.is_over and ex7.your_turn:
            s = ex7.state
            if s["phase"] == "bidding":
                ex7.bid_button.click()
            elif s["phase"] == "contract":
                ex7.name_button.click()
            else:
                ex7.play(s["legal"][0])
        if ex7.game.is_over:
            break
        nexts.append(timed(ex7.next_button.click))
    rows.append(("7 play", "next hand of the game (+ computer turns)", nexts, False))

    ex8 = widgets.lessons()
    answers: list[float] = []
    for _ in range(min(repeat, 19)):
        wrong = [o for o in ex8.state["options"] if o not in ex8.state["accepted"]]
        if wrong:
            answers.append(timed(lambda w=wrong[0]: ex8.answer(w)))
        answers.append(timed(lambda: ex8.answer(ex8.state["accepted"][0])))
        answers.append(timed(ex8.continue_button.click))
        if ex8.step.question["type"] == "best":
            break
    rows.append(("8 lessons", "answer / continue", answers, False))
    measure(
        rows,
        "8 lessons",
        "choose a chapter",
        [lambda c=c: setattr(ex8.chapter_picker, "value", c % 6) for c in range(repeat)],
    )

    rows.append(("9 moon", "your action + the computer's turns",
                 table_turns(widgets.moon(seed=3), repeat), False))
    measure(rows, "9 moon", "bidding hint (odds from 600 deals)",
            [lambda: (widgets.moon(seed=3).hint_button.click())], solver=True)
    return rows


def table_turns(ex: Any, repeat: int) -> list[float]:
    """The play explorer at its table: each learner action (bid, lay aside, name, play:
    the first choice offered) with the computer's turns after it, hand after hand."""
    turns: list[float] = []
    for _ in range(min(repeat, 4)):
        while ex.your_turn:
            s = ex.state
            if s["bids"]:
                turns.append(timed(ex.bid_button.click))
            elif s["discarding"]:
                turns.append(timed(lambda s=s: ex.play(s["hand"][0])))
            elif s["contracts"]:
                turns.append(timed(ex.name_button.click))
            else:
                turns.append(timed(lambda s=s: ex.play(s["legal"][0])))
        if ex.game.is_over:
            break
        turns.append(timed(ex.next_button.click))
    return turns


def switch_times(picker: Any, key: str, home: str, repeat: int) -> list[float]:
    """Choosing the table ``key`` in an explorer's list (from ``home``, 42's table, and
    back untimed): the new game or deal it starts."""
    times = []
    for _ in range(min(repeat, 3)):
        times.append(timed(lambda: setattr(picker, "value", key)))
        picker.value = home
    return times


def bench_tables(repeat: int) -> Rows:
    """The play explorer at every table but 42's four (measured above) and Moon's."""
    rows: Rows = []
    for key in ("two-hand", "three-hand", "moon-4", "moon-5", "moon-6", "moon-7"):
        rows.append((f"7 {key}", "your action + the computer's turns",
                     table_turns(widgets.play(seed=3, rules=key), repeat), False))
        picker = widgets.play(seed=5).table_picker
        rows.append((f"7 {key}", "choose this table (a new game)",
                     switch_times(picker, key, "42", repeat), False))
    return rows


def bench_bidding_tables(repeat: int) -> Rows:
    """The bidding explorer at every table but 42's four: the learner's bid (the lowest),
    the computer's bids, the discard, naming trumps, then the hindsight (the solver)."""
    rows: Rows = []
    for key in ("moon", "three-hand", "moon-4", "moon-5", "moon-6", "moon-7"):
        ex = widgets.bidding(seed=1, rules=key)
        turns: list[float] = []
        hindsight: list[float] = []
        for seed in range(1, 1 + min(repeat, 5)):
            ex.source.seed.value = seed
            ex.source.load_button.click()
            ex.bid_picker.value = min(b for b in ex.hand.valid_bids() if b)
            turns.append(timed(ex.bid_button.click))
            while ex.hand.phase.value != "playing":
                turns.append(timed(ex.auto_button.click))
            hindsight.append(timed(ex.hindsight_button.click))
        rows.append((f"5 {key}", "bid / computer bids, lays aside, names", turns, False))
        rows.append((f"5 {key}", "hindsight (solves the hand)", hindsight, True))
        ex.source.load_button.click()
        rows.append((f"5 {key}", f"the odds ({ODDS_SAMPLES} deals)",
                     [timed(ex.odds_button.click)], True))
        picker = widgets.bidding(seed=5).rules_picker
        rows.append((f"5 {key}", "choose this table (a new deal)",
                     switch_times(picker, key, "standard", repeat), False))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--tables", action="store_true",
                        help="only the play and bidding explorers at the other tables "
                        "(issue 14)")
    args = parser.parse_args()
    tables = bench_tables(args.repeat) + bench_bidding_tables(args.repeat)
    rows = tables if args.tables else bench(args.repeat) + tables
    over = 0
    print(f"{'explorer':10} {'interaction':42} {'median ms':>10} {'worst ms':>10} {'n':>5}")
    for explorer, name, times, solver in rows:
        worst = max(times)
        flag = ""
        if solver:
            flag = "  (solver: progress shown after 0.5 s)"
        elif worst > BUDGET_MS:
            flag = "  OVER 50 ms"
            over += 1
        print(
            f"{explorer:10} {name:42} {statistics.median(times):10.1f} {worst:10.1f} "
            f"{len(times):5}{flag}"
        )
    print(f"\n{over} non-solver interaction(s) over the {BUDGET_MS:.0f} ms budget (worst case).")


if __name__ == "__main__":
    main()
