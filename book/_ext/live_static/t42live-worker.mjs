// The browser's Python for the live explorers (book/_ext/live_in_place.py).
//
// One Pyodide for the whole visit: texas42-live.js starts this module as a SharedWorker
// with {extendedLifetime: true}, so it outlives the page and the next page of the site
// finds Python already running (see docs/LIVE_EXPLORERS.md). Where shared workers are not
// available it runs as a page's own dedicated Worker (the same code; a cold start per page).
//
// Messages from a page (each page is a "client"):
//   {type: "hello", client, pyodide, bridge}       -> progress..., then ready
//   {type: "run", id, client, setup, code, modulesURL, modules} -> ran {id, model_id} | failed
//   {type: "comm", client, comm_id, data, buffers, msg_id}      -> idle {msg_id, error}
//   {type: "bye", client}                          (the page is leaving: drop its widgets)
//   {type: "resources"}                            -> resources {urls} (every URL fetched)
// To a page: {type: "widget", message (JSON text), buffers} for each widget message.

const ports = new Map(); // client -> port
let python = null; // Promise of {pyodide, bridge, bootMs}
let stage = { stage: 0, text: "" };
const started = performance.now();
const dedicated = !(typeof SharedWorkerGlobalScope !== "undefined" && self instanceof SharedWorkerGlobalScope);

function broadcast(message) {
  for (const port of new Set(ports.values())) port.postMessage(message);
}

function progress(n, text) {
  stage = { stage: n, text };
  broadcast({ type: "progress", stage: n, stages: 3, text });
}

const PACKAGES = ["ipywidgets", "anywidget", "texas42"];
// Python that holds no JavaScript object yet (a memory snapshot can be made after it).
const PREPARE =
  "import sys\n" +
  "sys.path.insert(0, '/home/pyodide/t42live')\n" +
  "import live_bridge\n" +
  "live_bridge.install_stdlib_fallback(live_bridge.fetcher(STDLIB_URL), '/lib/python_stdlib_full.zip')\n" +
  "live_bridge.stand_in_for_ipython()\n" +
  "import ipywidgets, anywidget, texas42.widgets\n";

async function boot(pyodideURL, bridgeURL) {
  const t0 = performance.now();
  progress(1, "Loading Python");
  // Fetched side by side: the runtime's loader, the bridge, the saved snapshot's module.
  const [{ loadPyodide }, source, snapshots] = await Promise.all([
    import(pyodideURL + "pyodide.mjs"),
    fetch(bridgeURL).then((response) => response.text()),
    dedicated ? import("./t42live-snapshot.mjs") : null,
  ]);
  // The live path's own lock (no IPython, jedi, prompt-toolkit or pygments: the bridge
  // stands in for the few IPython names ipywidgets imports) and standard library (cut down
  // to what the explorers import; the rest is fetched whole on a first import of it).
  const options = {
    indexURL: pyodideURL,
    lockFileURL: pyodideURL + "t42live-lock.json",
    stdLibURL: pyodideURL + "python_stdlib_live.zip",
  };
  // A page's own worker (no shared workers: Chrome on Android) starts Python on every
  // page: it keeps a memory snapshot of Python with the explorers imported, made on the
  // first page, and later pages restore it (t42live-snapshot.mjs).
  const key = snapshots ? await snapshots.keyOf(pyodideURL, source) : null;
  let pyodide = null;
  let restored = false;
  if (snapshots) {
    const saved = await snapshots.read(key);
    if (saved) {
      try {
        // The packages' files (not in the snapshot) load while the runtime starts.
        pyodide = await snapshots.withRoomFor(saved, () =>
          loadPyodide({ ...options, _loadSnapshot: saved, packages: PACKAGES }));
        restored = true;
      } catch (error) {
        console.warn("texas42: the saved Python could not be restored:", String(error));
        await snapshots.forget();
        pyodide = null;
      }
    }
  }
  if (!pyodide) {
    pyodide = await loadPyodide({ ...options, packages: PACKAGES, _makeSnapshot: !!snapshots });
  }
  progress(2, "Loading the explorers");
  // The files are not in a snapshot (its modules are): the folder of the page modules too.
  pyodide.FS.mkdirTree("/home/pyodide/t42live");
  pyodide.FS.writeFile("/home/pyodide/t42live/live_bridge.py", source);
  if (!restored) {
    pyodide.runPython("STDLIB_URL = " + JSON.stringify(pyodideURL + "python_stdlib.zip") + "\n" + PREPARE);
    if (snapshots) {
      try {
        await snapshots.write(key, snapshots.make(pyodide));
      } catch (error) {
        console.warn("texas42: no snapshot of Python kept:", String(error));
      }
    }
  }
  pyodide.setStdout({ batched: (text) => console.log(text) });
  pyodide.setStderr({ batched: (text) => console.warn(text) });
  const send = (text, buffers) => {
    const message = JSON.parse(text);
    const port = ports.get(message.client);
    const copies = buffers.toJs().map((b) => b.slice().buffer);
    buffers.destroy();
    if (port) port.postMessage({ type: "widget", message: text, buffers: copies }, copies);
  };
  pyodide.globals.set("_t42_send", send);
  const bridge = pyodide.runPython("import live_bridge\nlive_bridge.install(_t42_send)\n");
  progress(3, "Python is ready");
  return { pyodide, bridge, restored, bootMs: Math.round(performance.now() - t0) };
}

const loadedModules = new Set();

async function ensureModules(pyodide, baseURL, names) {
  for (const name of names || []) {
    if (loadedModules.has(name)) continue;
    const response = await fetch(baseURL + name + ".py");
    if (!response.ok) throw new Error("cannot load " + name + ".py (" + response.status + ")");
    pyodide.FS.writeFile("/home/pyodide/t42live/" + name + ".py", await response.text());
    loadedModules.add(name);
  }
}

function plain(error) {
  // The last line of a Python traceback says what went wrong; the page shows only that.
  const text = String((error && error.message) || error).trim();
  const lines = text.split("\n").filter((line) => line.trim());
  return lines.length ? lines[lines.length - 1] : "unknown error";
}

// Idle work (the coach judging the learner's decisions while the hand goes on): slices of
// IDLE_SLICE_S seconds between messages, so a click waits at most one slice.
const IDLE_SLICE_S = 0.025;
let idleTimer = null;

function scheduleIdle(py) {
  if (idleTimer !== null) return;
  idleTimer = setTimeout(() => {
    idleTimer = null;
    let more = false;
    try {
      more = py.bridge.idle(IDLE_SLICE_S);
    } catch (error) {
      console.warn(String(error));
    }
    if (more) scheduleIdle(py);
  }, 0);
}

async function handle(port, data) {
  if (data.type === "hello") {
    ports.set(data.client, port);
    if (data.probe && python === null) {
      port.postMessage({ type: "cold" });
      return;
    }
    const reused = python !== null;
    if (!python) python = boot(data.pyodide, data.bridge);
    else port.postMessage({ type: "progress", stage: stage.stage, stages: 3, text: stage.text });
    try {
      const py = await python;
      port.postMessage({
        type: "ready",
        reused,
        restored: py.restored,
        bootMs: py.bootMs,
        aliveMs: Math.round(performance.now() - started),
      });
    } catch (error) {
      python = null; // the next page tries again
      port.postMessage({ type: "broken", message: plain(error) });
    }
    return;
  }
  if (data.type === "resources") {
    // Every URL this worker fetched (the tests check that all are the site's own).
    port.postMessage({ type: "resources", urls: performance.getEntriesByType("resource").map((e) => e.name) });
    return;
  }
  const py = await python;
  if (data.type === "run") {
    const t0 = performance.now();
    try {
      await ensureModules(py.pyodide, data.modulesURL, data.modules);
      const setup = py.pyodide.toPy(data.setup);
      let modelId;
      try {
        modelId = py.bridge.run(data.client, setup, data.code);
      } finally {
        setup.destroy();
      }
      port.postMessage({ type: "ran", id: data.id, model_id: modelId, ms: Math.round(performance.now() - t0) });
    } catch (error) {
      console.warn(String(error));
      port.postMessage({ type: "failed", id: data.id, message: plain(error) });
    }
  } else if (data.type === "comm") {
    const pyData = py.pyodide.toPy(data.data);
    const buffers = py.pyodide.toPy((data.buffers || []).map((b) => new Uint8Array(b)));
    let error = null;
    try {
      error = py.bridge.deliver(data.comm_id, pyData, buffers, data.msg_id);
    } finally {
      pyData.destroy();
      buffers.destroy();
    }
    if (error) console.warn(error);
    port.postMessage({ type: "idle", msg_id: data.msg_id, error: error ? plain(error) : null });
    scheduleIdle(py);
  } else if (data.type === "bye") {
    if (ports.get(data.client) === port) ports.delete(data.client);
    py.bridge.drop(data.client);
  }
}

function attach(port) {
  // One page's messages are handled in order: a widget update never overtakes the run
  // that created the widget.
  let queue = Promise.resolve();
  port.onmessage = (event) => {
    queue = queue.then(() => handle(port, event.data)).catch((error) => console.error(error));
  };
  if (port.start) port.start();
}

if (!dedicated) {
  self.onconnect = (event) => attach(event.ports[0]);
} else {
  attach(self);
}
