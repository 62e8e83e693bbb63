// A computer player's plays in the browser's Python: the site's Pyodide runtime (npm
// pyodide, the WebAssembly CPython the live explorers run) under Node, this checkout's
// texas42 mounted read-only. Wall-clock ms per play with a choice (median and max), the
// player in seats 0+2 and rule-based players in 1+3, as bench/bench_player_speed.py.
//
//   node bench/bench_player_pyodide.mjs [HANDS] [PLAYER ...]   (default: 4 hybrid search)
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const [hands = "4", ...names] = process.argv.slice(2);
const players = names.length ? names : ["hybrid", "search"];
const { loadPyodide } = await import(path.join(root, "node_modules/pyodide/pyodide.mjs"));
const py = await loadPyodide({ indexURL: path.join(root, "node_modules/pyodide") + "/" });
py.FS.mkdirTree("/src");
py.FS.mount(py.FS.filesystems.NODEFS, { root }, "/src");
py.globals.set("HANDS", Number(hands));
py.globals.set("NAMES", players.join(","));
const out = await py.runPythonAsync(`
import sys, time, random, statistics
sys.path.insert(0, "/src")
from texas42 import Deal, Hand
from texas42.analysis.players import RuleBasedPlayer, make_player, play_hand
lines = []
for name in NAMES.split(","):
    p = make_player(name, seed=1)
    ask = p.play
    times = []
    def timed(view, ask=ask, times=times):
        t = time.perf_counter()
        d = ask(view)
        if len(view.legal_plays) > 1:
            times.append(time.perf_counter() - t)
        return d
    p.play = timed
    rng = random.Random(3)
    other = RuleBasedPlayer()
    for i in range(HANDS):
        play_hand(Hand(Deal.shake(rng), shaker=i % 4), [p, other, p, other])
    lines.append(f"{name}: {len(times)} plays, median {1000 * statistics.median(times):.0f} ms, "
                 f"max {1000 * max(times):.0f} ms")
f"{sys.version.split()[0]}: " + "; ".join(lines)
`);
console.log(out);
