// The coach's review and hint in the browser's Python: the site's Pyodide runtime (npm
// pyodide, the same WebAssembly CPython the live explorers run) under Node, this checkout's
// texas42 mounted read-only. Wall-clock seconds; 6 seeded hands (42 and Moon).
//
// What a learner waits for (issue 38): each decision is judged while the hand goes on,
// in steps (coach.judge_steps as the page asks it: a play's hindsight included, a long
// exact search cut every SLICE_NODES boundaries; run in the page's idle slices): its
// longest single step is the most a click can wait behind it; the sum of its steps is
// the idle time the hand needs. "Review the hand" then only adds the bids' hindsight and
// the chart (review(known=...)). For comparison: the whole review judged at once, the hints, the
// Moon review, and "Look closer" (4 x the guesses) on a verdict too close to call.
//
//   node bench/bench_coach_pyodide.mjs [--continuation NAME] [--unsliced]
//
// --continuation: judge with another continuation (make_continuation's names, e.g. a
// candidate for the default) instead of the coach's default, in every 42 judgement.
// --unsliced: each guess (and a play's hindsight) one step, as before the slices.
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const { loadPyodide } = await import(path.join(root, "node_modules/pyodide/pyodide.mjs"));
const py = await loadPyodide({ indexURL: path.join(root, "node_modules/pyodide") + "/" });
py.FS.mkdirTree("/src");
py.FS.mount(py.FS.filesystems.NODEFS, { root }, "/src");
const at = process.argv.indexOf("--continuation");
py.globals.set("CONTINUATION", at > 0 ? process.argv[at + 1] : "");
py.globals.set("SLICED", !process.argv.includes("--unsliced"));
const out = await py.runPythonAsync(`
import sys, time, statistics
sys.path.insert(0, "/src")
from texas42 import Deal, Hand
from texas42.analysis import RuleBasedPlayer, play_hand, solver
from texas42.analysis.coach import CAP_FACTOR, TOO_CLOSE, advise, judge, judge_steps, review
from texas42.moon import MoonDeal, MoonHand
from texas42.svg import review_chart_svg
from texas42.analysis.continuation import DEFAULT_CONTINUATION, make_continuation
# Passed to every judgement of 42 (and so to its work bound); Moon's use its own playouts.
C = make_continuation(CONTINUATION) if CONTINUATION else DEFAULT_CONTINUATION

def med(xs): return f"median {statistics.median(xs):.2f} max {max(xs):.2f}"

whole, ready, idle, step_max, hb, hp, mr, closer = [], [], [], [], [], [], [], []
for k in range(6):
    seat = k % 4
    h = Hand(Deal.from_seed(1 + k), shaker=3); play_hand(h, [RuleBasedPlayer()] * 4)
    solver._SOLUTIONS.clear(); solver._SOLVERS.clear()
    t = time.perf_counter(); done = review(h, seat, samples=32, seed=0, continuation=C); whole.append(time.perf_counter() - t)
    # As the play explorer does: each decision judged step by step as it is made.
    known, counts, spent = {}, {}, 0.0
    solver._SOLUTIONS.clear(); solver._SOLVERS.clear()  # (the hindsight paid for again)
    for i, a in enumerate(h.actions):
        index = counts.get(a.kind, 0); counts[a.kind] = index + 1
        before = h.at(i)
        if a.seat != seat or len(before.legal_actions()) < 2:
            continue
        text = a.value if isinstance(a.value, str) else str(a.value)
        if a.kind == "bid":
            from texas42.bidding import bid_text
            text = a.value if isinstance(a.value, str) else bid_text(int(a.value))
        steps = judge_steps(before, text, samples=32, seed=0, continuation=C, hindsight=True,
                            sliced=SLICED)
        while True:
            t = time.perf_counter()
            try:
                next(steps)
            except StopIteration as end:
                known[(a.kind, index)] = end.value
                break
            finally:
                dt = time.perf_counter() - t; spent += dt; step_max.append(dt)
    idle.append(spent)
    solver._SOLUTIONS.clear(); solver._SOLVERS.clear()
    t = time.perf_counter()
    rv = review(h, seat, samples=32, seed=0, known=known, continuation=C)
    review_chart_svg(rv, hand=h, controls=True)
    ready.append(time.perf_counter() - t)
    assert rv == done
    first = next(i for i, a in enumerate(h.actions) if a.seat == seat)
    t = time.perf_counter(); advise(h.at(first), samples=32, seed=0, continuation=C); hb.append(time.perf_counter() - t)
    for i, a in enumerate(h.actions):  # every play hint of the seat (the explorers' 32)
        if a.kind == "play" and a.seat == seat and len(h.at(i).legal_actions()) > 1:
            t = time.perf_counter(); advise(h.at(i), samples=32, seed=0, continuation=C); hp.append(time.perf_counter() - t)
    close = [d for d in done.decisions if d.label == TOO_CLOSE]
    if close:
        d = close[0]
        i = [j for j, a in enumerate(h.actions) if a.seat == seat and a.kind == d.kind][0]
        steps_i = [j for j, a in enumerate(h.actions) if a.kind == d.kind]
        i = steps_i[d.index]
        t = time.perf_counter(); judge(h.at(i), d.chosen, samples=32, seed=0, max_samples=4 * CAP_FACTOR * 32, continuation=C); closer.append(time.perf_counter() - t)
    mh = MoonHand(MoonDeal.from_seed(1 + k), shaker=k % 3); play_hand(mh, [RuleBasedPlayer()] * 3)
    t = time.perf_counter(); review(mh, k % 3, samples=16, seed=k); mr.append(time.perf_counter() - t)
steps_sorted = sorted(step_max)
p99 = steps_sorted[int(0.99 * (len(steps_sorted) - 1))]
(f"{sys.version.split()[0]}, continuation {C.name}{'' if SLICED else ', unsliced'}: 42 review judged at the end (32 guesses, up to 96) {med(whole)}; "
 f"judged while the hand goes on: idle time a hand {med(idle)}, one step median {statistics.median(step_max)*1000:.0f} ms, "
 f"99th percentile {p99*1000:.0f} ms, max {max(step_max)*1000:.0f} ms over {len(step_max)} steps; "
 f"then Review the hand (the bids' hindsight and the chart) {med(ready)}; first-bid hint {med(hb)}; play hint {med(hp)}; "
 f"Look closer on a close call ({len(closer)} hands) {med(closer) if closer else '-'}; Moon review (16) {med(mr)}")
`);
console.log(out + `; load average ${os.loadavg()[0].toFixed(1)}`);
