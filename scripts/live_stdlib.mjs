// What the live explorers import from the standard library, found with the browser's Python.
//
//   node scripts/live_stdlib.mjs <pyodide dir> <lock file> <live_bridge.py> <book modules> <driver.py> [stdlib zip modules.json]
//
// <book modules>: bookkit.py and the book modules it imports, joined by the path delimiter.
//
// Called by scripts/build_lite.py (prepare / live) to cut the standard library of the live
// path down (python_stdlib_live.zip). Runs the Pyodide of <pyodide dir> under Node with the
// live path's own lock (no IPython: the bridge's stand-in), loads what the worker loads,
// installs the bridge as the worker does, imports the book's helpers (bookkit) and then
// builds every explorer and drives every option of every control (<driver.py>, the widget
// tests' driver) through the bridge's comms, so lazy imports of any explorer action count.
// With [stdlib zip] (the cut-down one) and [modules.json] (the first run's answer) it checks
// the cut library: the bridge's fallback to the whole python_stdlib.zip is installed, every
// module the first run imported is imported again (the same modules, without driving every
// explorer a second time), and "fetched" says whether the fallback was needed.
// Prints JSON: {"modules": [names of the modules imported], "fetched": bool, "seconds": ...}.

import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, lockFile, bridgeFile, bookFiles, driverFile, stdlib, modulesFile] =
  process.argv.slice(2);
if (!driverFile) {
  console.error("usage: node live_stdlib.mjs <pyodide dir> <lock> <live_bridge.py> <book modules> <driver.py>");
  process.exit(2);
}
const t0 = Date.now();
const indexURL = path.resolve(pyodideDir) + path.sep;
const { loadPyodide } = await import(pathToFileURL(path.join(indexURL, "pyodide.mjs")).href);
const pyodide = await loadPyodide({
  indexURL,
  lockFileURL: path.resolve(lockFile),
  packages: ["ipywidgets", "anywidget", "texas42"],
  ...(stdlib ? { stdLibURL: path.resolve(stdlib) } : {}),
  stdout: () => {},
  stderr: (s) => console.error(s),
});
pyodide.FS.mkdirTree("/home/pyodide/t42live");
pyodide.FS.writeFile("/home/pyodide/t42live/live_bridge.py", fs.readFileSync(bridgeFile, "utf8"));
for (const file of bookFiles.split(path.delimiter)) {
  pyodide.FS.writeFile(`/home/pyodide/t42live/${path.basename(file)}`, fs.readFileSync(file, "utf8"));
}
pyodide.FS.writeFile("/home/pyodide/t42live/t42_drive.py", fs.readFileSync(driverFile, "utf8"));
pyodide.globals.set("_t42_send", (text, buffers) => buffers.destroy());
let fetched = false;
pyodide.globals.set("_t42_fetch_stdlib", () => {
  fetched = true;
  return fs.readFileSync(path.join(indexURL, "python_stdlib.zip"));
});
pyodide.runPython(String.raw`
import sys, warnings
warnings.simplefilter("ignore")
sys.path.insert(0, '/home/pyodide/t42live')
import live_bridge
live_bridge.install_stdlib_fallback(_t42_fetch_stdlib, "/lib/python_stdlib_full.zip")
assert live_bridge.stand_in_for_ipython(), "IPython is in the live lock"
import ipywidgets, anywidget, texas42.widgets
bridge = live_bridge.install(_t42_send)
from IPython.display import HTML
import bookkit
bridge.run("warm-up", ["import texas42\nfrom texas42 import widgets"], "widgets.tricks()")
for name in ("deal_pic", "table_pic", "say"):
    assert hasattr(bookkit, name)
`);
if (modulesFile) {
  pyodide.globals.set("_t42_modules", JSON.parse(fs.readFileSync(modulesFile, "utf8")));
  pyodide.runPython(String.raw`
import importlib
for name in _t42_modules.to_py():
    try:
        importlib.import_module(name)
    except Exception:  # an alias in sys.modules (os.path ...): not a module to find
        pass
`);
} else {
  pyodide.runPython(String.raw`
import t42_drive
from texas42 import widgets
for explorer in widgets.EXPLORERS:
    ex = explorer()  # built with the explorers' own players: their imports count
    try:
        # The drive deals a hand at each option: rule-based computer players, for time.
        with t42_drive.rule_based_computer():
            t42_drive.drive(ex, rounds=1)
    except Exception as error:  # a driver's own check: the imports have happened
        print(type(error).__name__, error, file=sys.stderr)
`);
}
const modules = pyodide.runPython("import json, sys; json.dumps(sorted(sys.modules))");
console.log(JSON.stringify({ modules: JSON.parse(modules), fetched, seconds: (Date.now() - t0) / 1000 }));
