// The coach's review and hint in the browser's Python: the site's Pyodide runtime (npm
// pyodide, the same WebAssembly CPython the live explorers run) under Node, this checkout's
// texas42 mounted read-only. Wall-clock seconds; 6 seeded hands (42 and Moon). The review
// adds guesses until the chosen option and the best separate (up to 3 x 32); its chart
// (texas42/svg/review_chart.py) is what the review view draws once the review is done.
// "Judge it again, slowly" (the review view's button): the seat's first and last play with
// a choice judged again by the own-view continuation, 8 guesses up to 16, as
// texas42/widgets/_review_view.py does (ipywidgets is not loaded here).
//
//   node bench/bench_coach_pyodide.mjs
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const { loadPyodide } = await import(path.join(root, "node_modules/pyodide/pyodide.mjs"));
const py = await loadPyodide({ indexURL: path.join(root, "node_modules/pyodide") + "/" });
py.FS.mkdirTree("/src");
py.FS.mount(py.FS.filesystems.NODEFS, { root }, "/src");
const out = await py.runPythonAsync(`
import sys, time, statistics
sys.path.insert(0, "/src")
from texas42 import Deal, Hand
from texas42.analysis import RuleBasedPlayer, play_hand, solver
from texas42.analysis.coach import review, advise
from texas42.moon import MoonDeal, MoonHand
from texas42.svg import review_chart_svg
from texas42.analysis.coach import judge
from texas42.analysis.continuation import make_continuation
CAREFUL, CAREFUL_SAMPLES = make_continuation("own-view"), 8  # as the review view's
rv, hb, hp, mr, ch, ja, jz = [], [], [], [], [], [], []
for k in range(6):
    h = Hand(Deal.from_seed(1 + k), shaker=3); play_hand(h, [RuleBasedPlayer()] * 4)
    solver._SOLUTIONS.clear(); solver._SOLVERS.clear()
    t = time.perf_counter(); done = review(h, k % 4, samples=32, seed=k); rv.append(time.perf_counter() - t)
    t = time.perf_counter(); review_chart_svg(done, hand=h, controls=True); ch.append(time.perf_counter() - t)
    first = next(i for i, a in enumerate(h.actions) if a.seat == k % 4)
    t = time.perf_counter(); advise(h.at(first), samples=32, seed=k); hb.append(time.perf_counter() - t)
    for i, a in enumerate(h.actions):  # every play hint of the seat (the explorers' 32)
        if a.kind == "play" and a.seat == k % 4 and len(h.at(i).legal_actions()) > 1:
            t = time.perf_counter(); advise(h.at(i), samples=32, seed=k); hp.append(time.perf_counter() - t)
    plays = [i for i, a in enumerate(h.actions)
             if a.kind == "play" and a.seat == k % 4 and len(h.at(i).legal_actions()) > 1]
    for i, out in ((plays[0], ja), (plays[-1], jz)):
        t = time.perf_counter()
        judge(h.at(i), str(h.actions[i].value), samples=CAREFUL_SAMPLES, max_samples=2 * CAREFUL_SAMPLES, seed=k, continuation=CAREFUL)
        out.append(time.perf_counter() - t)
    mh = MoonHand(MoonDeal.from_seed(1 + k), shaker=k % 3); play_hand(mh, [RuleBasedPlayer()] * 3)
    t = time.perf_counter(); review(mh, k % 3, samples=16, seed=k); mr.append(time.perf_counter() - t)
f"{sys.version.split()[0]}: 42 review (32, hindsight) median {statistics.median(rv):.2f} max {max(rv):.2f}; its chart median {statistics.median(ch):.3f} max {max(ch):.3f}; first-bid hint median {statistics.median(hb):.2f} max {max(hb):.2f}; play hint median {statistics.median(hp):.2f} max {max(hp):.2f}; Moon review (16) median {statistics.median(mr):.2f} max {max(mr):.2f}; judged again slowly, the first play with a choice median {statistics.median(ja):.1f} max {max(ja):.1f}, the last median {statistics.median(jz):.2f} max {max(jz):.2f}"
`);
console.log(out);
