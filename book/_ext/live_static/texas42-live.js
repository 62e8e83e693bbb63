// Live explorers in place (book/_ext/live_in_place.py; design in docs/LIVE_EXPLORERS.md).
//
// Each explorer of a page is first its build-time picture (the ipywidgets snapshot). This
// script labels it as a picture, makes its controls plainly inactive, and gives it a Start
// control. Started, the page's own code for that explorer (from <script id="t42-live-page">)
// runs in the browser's Python (t42live-worker.mjs, one Pyodide per visit in a shared
// worker) and the live explorer replaces the picture in the same spot. Once Python runs,
// the explorers of every later page come alive by themselves as they scroll into view.
//
// For the tests and the benchmark: each box has data-state picture -> loading -> live (or
// error | offline), data-ready-ms (from Start, or from the page's start when automatic);
// window.T42Live holds the timings and the last interaction's round trip.
(function () {
  "use strict";
  var script = document.currentScript;
  var STATIC = new URL(".", script.src).href;
  var ROOT = new URL("../", STATIC).href;
  var WORKER = STATIC + "t42live/t42live-worker.mjs";
  var BRIDGE = STATIC + "t42live/live_bridge.py";
  var MODULES = STATIC + "t42live/modules/";
  var PYODIDE = ROOT + "lite/static/pyodide/";
  var VIEW = 'script[type="application/vnd.jupyter.widget-view+json"]';
  var STAGES = 4;
  var STARTED_KEY = "texas42-python-started";
  // Measured by bench/bench_live_site.py on a 2-core machine (see the README).
  var FIRST_START = "about 5 to 10 seconds";

  var T42Live = (window.T42Live = {
    client: (self.crypto && crypto.randomUUID) ? crypto.randomUUID() : String(Math.random()).slice(2),
    pageStart: performance.now(),
    navStart: 0, // when this page's navigation began (0: the document's own load)
    boxes: [],
    runtime: null,
    ready: null, // {reused, bootMs, aliveMs} once Python answers
    interactions: [], // round trips of widget messages, ms
    lastSentAt: 0,
    lastIdleAt: 0,
    pending: 0,
  });

  function pageData() {
    var tag = document.getElementById("t42-live-page");
    if (!tag) return null;
    try { return JSON.parse(tag.textContent); } catch (e) { return null; }
  }

  function el(tag, attrs, text) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { node.setAttribute(k, attrs[k]); });
    if (text) node.textContent = text;
    return node;
  }

  // ------------------------------------------------------------------ the picture
  function setState(box, state, text) {
    box.node.dataset.state = state;
    if (text !== undefined) box.status.textContent = text;
  }

  function quiet(box) {
    // The snapshot's controls do nothing: make them look and act inactive.
    box.node.querySelectorAll(".t42-live-picture button, .t42-live-picture select, " +
                              ".t42-live-picture input, .t42-live-picture textarea")
      .forEach(function (c) {
        if (c.disabled) return;
        c.disabled = true;
        c.setAttribute("tabindex", "-1");
      });
    // The table's dominoes drawn as buttons (the table widget): out of the tab order too.
    box.node.querySelectorAll(".t42-live-picture [data-play]").forEach(function (c) {
      c.setAttribute("tabindex", "-1");
      c.setAttribute("aria-disabled", "true");
    });
  }

  function decorate(data, script, modelId, index) {
    var output = script.parentElement;
    var cell = data.cells[modelId];
    // The page (client id and code) the box belongs to: a soft navigation replaces both.
    var box = { id: index, modelId: modelId, cell: cell, node: output, started: false,
                client: T42Live.client, data: data };
    output.classList.add("t42-live");
    output.setAttribute("role", "region");
    output.setAttribute("aria-label", "Explorer " + (index + 1) + " of this page");
    // The snapshot (drawn next to the script by the widget manager) goes in a wrapper.
    // The widget manager draws the snapshot next to its script: put both in the picture.
    var picture = el("div", { class: "t42-live-picture" });
    output.insertBefore(picture, script);
    while (picture.nextSibling) picture.appendChild(picture.nextSibling);
    var bar = el("div", { class: "t42-live-bar" });
    var button = el("button", { type: "button", class: "t42-live-start" }, "\u25B6 Start this explorer");
    var status = el("p", { class: "t42-live-status", role: "status", "aria-live": "polite" });
    var meter = el("progress", { class: "t42-live-progress", max: String(STAGES), value: "0" });
    meter.hidden = true;
    bar.appendChild(button);
    bar.appendChild(status);
    bar.appendChild(meter);
    output.insertBefore(bar, output.firstChild);
    // The whole picture is a start control too (for the mouse; the button is the one that
    // keyboards and screen readers use).
    var cover = el("div", { class: "t42-live-cover", "aria-hidden": "true", title: "Start this explorer" });
    picture.appendChild(cover);
    box.button = button; box.status = status; box.meter = meter; box.picture = picture; box.cover = cover;
    button.addEventListener("click", function () { start(box, true); });
    cover.addEventListener("click", function () { start(box, false); });
    new MutationObserver(function () { if (box.node.dataset.state !== "live") quiet(box); })
      .observe(picture, { childList: true, subtree: true });
    quiet(box);
    if (location.protocol === "file:") {
      button.hidden = true;
      cover.remove();
      setState(box, "offline",
        "This is a picture of the explorer. Opened as a file, the page cannot run Python: " +
        "serve the site (run `make site` and open http://127.0.0.1:8000/) to use the live explorers.");
    } else {
      setState(box, "picture",
        "This is a picture of the explorer: its controls do nothing yet. Press Start to run it " +
        "here, in your browser (" + FIRST_START + " the first time; then every explorer of the " +
        "site starts at once).");
    }
    return box;
  }

  // ------------------------------------------------------------------ the browser's Python
  function runtime() {
    if (T42Live.runtime) return T42Live.runtime;
    var rt = { listeners: [], resourceRequests: [], comms: new Map(), callbacks: new Map(), runs: new Map(), nextRun: 1 };
    var worker, port;
    try {
      worker = new SharedWorker(WORKER, { type: "module", name: "texas42-python", extendedLifetime: true });
      port = worker.port;
      rt.kind = "shared";
    } catch (e) {
      worker = new Worker(WORKER, { type: "module", name: "texas42-python" });
      port = worker;
      rt.kind = "dedicated";
    }
    rt.port = port;
    port.onmessage = function (event) { onWorkerMessage(rt, event.data); };
    if (port.start) port.start();
    T42Live.runtime = rt;
    return rt;
  }

  function hello(rt, probe) {
    // probe: only ask whether Python already runs (a later page of a visit); never boots it.
    return new Promise(function (resolve) {
      rt.listeners.push(resolve);
      rt.port.postMessage({ type: "hello", client: T42Live.client, pyodide: PYODIDE, bridge: BRIDGE, probe: !!probe });
    });
  }

  function onWorkerMessage(rt, data) {
    if (data.type === "progress") {
      T42Live.boxes.forEach(function (box) {
        if (box.node.dataset.state !== "loading") return;
        box.stage = data.stage;
        box.meter.value = data.stage;
        box.stageText = data.text;
        showProgress(box);
      });
    } else if (data.type === "ready" || data.type === "broken" || data.type === "cold") {
      if (data.type === "ready") {
        T42Live.ready = data;
        try { sessionStorage.setItem(STARTED_KEY, "1"); } catch (e) { /* private mode */ }
      }
      var waiting = rt.listeners.splice(0);
      waiting.forEach(function (resolve) { resolve(data); });
    } else if (data.type === "widget") {
      onWidgetMessage(rt, JSON.parse(data.message), data.buffers || []);
    } else if (data.type === "idle") {
      var cbs = rt.callbacks.get(data.msg_id);
      rt.callbacks.delete(data.msg_id);
      T42Live.pending = Math.max(0, T42Live.pending - 1);
      T42Live.lastIdleAt = performance.now();
      if (cbs && cbs.sentAt) T42Live.interactions.push(Math.round(T42Live.lastIdleAt - cbs.sentAt));
      var status = cbs && cbs.callbacks && cbs.callbacks.iopub && cbs.callbacks.iopub.status;
      if (status) status({ header: { msg_type: "status" }, parent_header: { msg_id: data.msg_id },
                           metadata: {}, content: { execution_state: "idle" } });
      if (data.error) console.warn("texas42 live explorer:", data.error);
    } else if (data.type === "resources") {
      var asked = rt.resourceRequests.splice(0);
      asked.forEach(function (resolve) { resolve(data.urls); });
    } else if (data.type === "ran" || data.type === "failed") {
      var run = rt.runs.get(data.id);
      rt.runs.delete(data.id);
      if (run) run(data);
    }
  }

  // A comm as the ipywidgets manager expects it, carried by the worker's messages.
  function LiveComm(rt, commId, targetName) {
    this.rt = rt; this.comm_id = commId; this.target_name = targetName;
    this._onMsg = null; this._onClose = null; this._early = [];
  }
  LiveComm.prototype.open = function () { throw new Error("live explorer comms open in Python"); };
  LiveComm.prototype.send = function (data, callbacks, metadata, buffers) {
    var id = T42Live.client + "-" + Math.random().toString(36).slice(2);
    var copies = (buffers || []).map(function (b) {
      var view = b.buffer ? new Uint8Array(b.buffer, b.byteOffset, b.byteLength) : new Uint8Array(b);
      return view.slice().buffer;
    });
    var now = performance.now();
    this.rt.callbacks.set(id, { callbacks: callbacks, sentAt: now });
    T42Live.lastSentAt = now;
    T42Live.pending += 1;
    this.rt.port.postMessage({ type: "comm", client: T42Live.client, comm_id: this.comm_id,
                               data: data, buffers: copies, msg_id: id }, copies);
    return id;
  };
  LiveComm.prototype.close = function () {
    if (this._onClose) this._onClose({ content: { comm_id: this.comm_id, data: {} } });
    return "";
  };
  LiveComm.prototype.on_msg = function (cb) {
    this._onMsg = cb;
    var early = this._early.splice(0);
    early.forEach(function (msg) { cb(msg); });
  };
  LiveComm.prototype.on_close = function (cb) { this._onClose = cb; };

  function onWidgetMessage(rt, m, buffers) {
    var msg = {
      header: { msg_type: m.msg_type, msg_id: m.comm_id + "-" + Math.random().toString(36).slice(2) },
      parent_header: m.parent ? { msg_id: m.parent } : {},
      metadata: m.metadata || {},
      content: { comm_id: m.comm_id, target_name: m.target_name, data: m.data },
      buffers: buffers.map(function (b) { return new DataView(b); }),
    };
    if (m.msg_type === "comm_open") {
      var comm = new LiveComm(rt, m.comm_id, m.target_name);
      rt.comms.set(m.comm_id, comm);
      rt.manager.then(function (manager) {
        return manager.handle_comm_open(comm, msg);
      }).catch(function (e) { console.error("texas42 live explorer:", e); });
      return;
    }
    var target = rt.comms.get(m.comm_id);
    if (!target) return;
    if (m.msg_type === "comm_close") {
      rt.comms.delete(m.comm_id);
      if (target._onClose) target._onClose(msg);
    } else if (target._onMsg) {
      target._onMsg(msg);
    } else {
      target._early.push(msg);
    }
  }

  function widgetManager() {
    return new Promise(function (resolve, reject) {
      if (!window.require) { reject(new Error("the widget manager is not on this page")); return; }
      // With the embedder's loader, models of other modules load through require.js:
      // the table widget's "anywidget" (mapped to this site's copy by require-config.js).
      window.require(["@jupyter-widgets/html-manager", "@jupyter-widgets/html-manager/dist/libembed-amd"],
        function (hm, embed) {
          resolve(new hm.HTMLManager({ loader: embed.requireLoader }));
        }, reject);
    });
  }

  // ------------------------------------------------------------------ starting an explorer
  function showProgress(box) {
    var secs = Math.round((performance.now() - box.t0) / 1000);
    box.status.textContent = "Starting the explorer, step " + (box.stage || 1) + " of " + STAGES +
      ": " + (box.stageText || "Loading Python") + "\u2026 (" + secs + " s)";
  }

  function runCell(rt, box) {
    return new Promise(function (resolve) {
      var id = rt.nextRun++;
      rt.runs.set(id, resolve);
      var data = box.data;
      rt.port.postMessage({ type: "run", id: id, client: box.client,
                            setup: data.setup.slice(0, box.cell.setup), code: box.cell.code,
                            modulesURL: MODULES, modules: data.modules || [] });
    });
  }

  function pictureDrawn(box, timeoutMs) {
    var drawn = function () {
      return !!box.picture.querySelector(".widget-html-content, .widget-label, button, select, input");
    };
    return new Promise(function (resolve) {
      var waited = 0;
      (function poll() {
        if (drawn() || waited >= timeoutMs) return resolve(drawn());
        waited += 50;
        setTimeout(poll, 50);
      })();
    });
  }

  // ------------------------------------------------------------------ focus and view
  // An explorer with a table to play at (the Play page): its first choice is the first bid
  // button, or else the first domino that may be played; any other explorer: its first
  // control.
  var TABLE = ".t42-play-table, .t42-table";
  var FIRST_CHOICE = ".t42-table .t42-act:not(:disabled), .t42-table [data-play][data-legal='true']";
  var FIRST_CONTROL = "select, button, input, textarea, [tabindex='0']";
  function sleep(ms) { return new Promise(function (r) { setTimeout(r, ms); }); }

  // The view's children are drawn a moment after the view itself, and the explorer's first
  // messages may draw them again: wait until the same target has stood for a moment.
  // table: the explorer has a table to play at (its picture showed one), so its first
  // choice is awaited (a while: the table's own script loads after the other controls).
  async function settled(area, table) {
    var last = null, stable = 0;
    for (var waited = 0; waited < 6000; waited += 50) {
      var target = area.querySelector(FIRST_CHOICE) ||
        (table && waited < 4000 ? null : area.querySelector(FIRST_CONTROL));
      if (target && target === last && target.isConnected && !T42Live.pending) {
        if (++stable >= 4) return target;
      } else {
        stable = 0;
      }
      last = target;
      await sleep(50);
    }
    return last && last.isConnected ? last : null;
  }

  function headerHeight() {
    var header = document.querySelector(".bd-header");
    if (!header) return 0;
    var position = getComputedStyle(header).position;
    return position === "sticky" || position === "fixed" ? header.getBoundingClientRect().height : 0;
  }

  // The table's column from its top (Hint, the message) down to the learner's hand and the
  // first choice: scrolled to just under the theme's header bar.
  async function showTable(area) {
    var choice = await settled(area, true);
    var column = area.querySelector(".t42-play-table") || area.querySelector(".t42-table");
    if (!column) return;
    window.scrollBy(0, column.getBoundingClientRect().top - headerHeight() - 8);
    if (choice) {
      var below = choice.getBoundingClientRect().bottom - (window.innerHeight - 8);
      if (below > 0) window.scrollBy(0, below);
    }
  }

  // A reader who has meanwhile put the focus somewhere (clicked into the box and begun
  // typing) keeps it: moving it then sent their next keys nowhere.
  async function focusFirst(area, resting, table) {
    var first = await settled(area, table);
    var free = function () {
      var now = document.activeElement;
      return now === resting || now === document.body || now === null;
    };
    if (!first || !free() || area.contains(resting)) return;
    first.focus({ preventScroll: true });
    // A redraw in the next moments (the page's saved game read back) may take the focus
    // away with the old button: give it to the new first choice.
    for (var waited = 0; waited < 1500; waited += 100) {
      await sleep(100);
      var now = document.activeElement;
      if (now && now !== document.body) continue;
      var again = area.querySelector(FIRST_CHOICE) || area.querySelector(FIRST_CONTROL);
      if (again) again.focus({ preventScroll: true });
    }
  }

  async function start(box, byKeyboardOrButton, automatic) {
    if (box.started) return;
    box.started = true;
    // automatic: from the navigation (the page's start, or the click of a soft navigation)
    box.t0 = automatic ? T42Live.navStart : performance.now();
    // Asked now: disabling the button below moves the focus to the page's body.
    var focusAfter = byKeyboardOrButton && box.node.contains(document.activeElement);
    box.button.disabled = true;
    box.meter.hidden = false;
    box.stage = 1; box.stageText = "Loading Python";
    setState(box, "loading");
    showProgress(box);
    var ticker = setInterval(function () { if (box.node.dataset.state === "loading") showProgress(box); }, 500);
    try {
      var rt = runtime();
      if (!rt.manager) rt.manager = widgetManager();
      var answer = await hello(rt, false);
      if (answer.type !== "ready") throw new Error(answer.message || "Python did not start");
      if (box.client !== T42Live.client) return; // the page was swapped away meanwhile
      box.stage = 4; box.stageText = "Running this explorer"; box.meter.value = 4; showProgress(box);
      var manager = await rt.manager;
      var ran = await runCell(rt, box);
      if (ran.type !== "ran") throw new Error(ran.message);
      var model = await manager.get_model(ran.model_id);
      var view = await manager.create_view(model);
      var area = el("div", { class: "t42-live-area" });
      box.node.insertBefore(area, box.picture);
      await manager.display_view(view, area);
      // By itself (a later page) it can be ready before the page's widget manager has
      // drawn the picture: the picture is shown first, then replaced.
      if (automatic) await pictureDrawn(box, 3000);
      var hadFocus = focusAfter || box.node.contains(document.activeElement);
      var table = !!box.picture.querySelector(TABLE); // the picture shows what is coming
      box.picture.remove();
      box.meter.hidden = true;
      box.button.hidden = true;
      box.readyMs = Math.round(performance.now() - box.t0);
      box.node.dataset.readyMs = String(box.readyMs);
      setState(box, "live", "Live: this explorer runs in your browser. Its controls work now.");
      // (t42-app.js fills the offline copy once the page is idle after this)
      document.dispatchEvent(new CustomEvent("t42-live-ready", { detail: { index: box.id } }));
      // Started by the reader (not by itself): a table to play at comes into view.
      var resting = document.activeElement;
      if (!automatic && table) await showTable(area);
      if (byKeyboardOrButton && hadFocus) await focusFirst(area, resting, table);
    } catch (error) {
      box.started = false;
      box.button.disabled = false;
      box.button.textContent = "\u21BB Try again";
      box.meter.hidden = true;
      setState(box, "error", "The explorer could not start (" + String(error && error.message || error) +
        "). The picture stays; press Try again, or reload the page.");
    } finally {
      clearInterval(ticker);
    }
  }

  // For the tests: every URL the Python worker has fetched.
  T42Live.workerResources = function () {
    var rt = runtime();
    return new Promise(function (resolve) {
      rt.resourceRequests.push(resolve);
      rt.port.postMessage({ type: "resources" });
    });
  };

  // ------------------------------------------------------------------ the page
  var listensForPagehide = false;
  function sayBye() {
    // The page's widgets in the worker are dropped (a page leaving, or swapped away).
    if (T42Live.runtime) T42Live.runtime.port.postMessage({ type: "bye", client: T42Live.client });
  }

  function init() {
    var data = pageData();
    T42Live.data = data;
    if (!data) return;
    var scripts = Array.prototype.slice.call(document.querySelectorAll(VIEW));
    scripts.forEach(function (s) {
      var id = null;
      try { id = JSON.parse(s.textContent).model_id; } catch (e) { id = null; }
      if (id && data.cells[id]) T42Live.boxes.push(decorate(data, s, id, T42Live.boxes.length));
    });
    if (!T42Live.boxes.length || location.protocol === "file:") return;
    if (!listensForPagehide) {
      listensForPagehide = true;
      window.addEventListener("pagehide", function (event) {
        if (!event.persisted) sayBye();
      });
    }
    // A later page of a visit: when Python already runs, every explorer of the page comes
    // alive by itself, those in view first; otherwise the pictures wait for Start. Only a
    // tab that started Python asks (a reader who never pressed Start gets no worker).
    var started = false;
    try { started = sessionStorage.getItem(STARTED_KEY) === "1"; } catch (e) { started = false; }
    if (!started) return;
    var rt = runtime();
    rt.manager = rt.manager || widgetManager(); // made while Python starts or answers
    var boxes = T42Live.boxes;
    hello(rt, true).then(async function (answer) {
      // A page's own (dedicated) worker always starts cold; the reader started Python
      // earlier in this tab, so start it again at once (the runtime and wheels come from
      // the HTTP cache). A shared worker that is not running waits for Start.
      if (answer.type === "cold" && rt.kind === "dedicated") answer = await hello(rt, false);
      if (answer.type !== "ready") return;
      rt.manager = rt.manager || widgetManager();
      function inView(box) {
        var r = box.node.getBoundingClientRect();
        return r.bottom > 0 && r.top < window.innerHeight;
      }
      var order = boxes.filter(inView).concat(boxes.filter(function (b) { return !inView(b); }));
      // A soft navigation may swap the page away meanwhile: its boxes are then left alone.
      for (var i = 0; i < order.length && T42Live.boxes === boxes; i++) await start(order[i], false, true);
    });
  }

  // Without shared workers (Chrome on Android) each page's own worker would start Python
  // again; there, the tab moves between the site's pages without a full load once Python
  // runs (t42live-softnav.js), so the same dedicated worker serves every page. It swaps
  // the page and calls these two: leave (the worker drops the old page's widgets) and
  // enter (the new page's explorers, started by themselves as on a later page).
  T42Live.leavePage = function () {
    sayBye();
    T42Live.boxes = [];
    T42Live.client = (self.crypto && crypto.randomUUID) ? crypto.randomUUID() : String(Math.random()).slice(2);
  };
  T42Live.enterPage = function (navStart) {
    T42Live.navStart = navStart;
    init();
  };
  T42Live.SOFTNAV = STATIC + "t42live/t42live-softnav.js";
  if (typeof window.SharedWorker === "undefined" && location.protocol !== "file:" && window.fetch &&
      window.history && history.pushState && !window.T42SoftNav) {
    var nav = document.createElement("script");
    nav.src = T42Live.SOFTNAV;
    nav.defer = true;
    document.head.appendChild(nav);
  }

  // The snapshot is drawn by the widget manager at window load; decorate before that.
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
