// Live explorers (book/_ext/live_explorers.py): on a click, open the notebook in
// JupyterLite (same site, Pyodide kernel, offline) in an iframe, run every cell once the
// kernel is up, and scroll to the first explorer drawn. The box's data-state goes
// idle -> loading -> running -> drawn -> ready (or error); data-drawn-ms and
// data-ready-ms hold the times since the click (the browser tests read them).
(function () {
  "use strict";
  var TIMEOUT_MS = 240000;
  var POLL_MS = 100;

  function sleep(ms) {
    return new Promise(function (resolve) { setTimeout(resolve, ms); });
  }

  async function waitFor(what, test, timeoutMs) {
    var deadline = performance.now() + (timeoutMs || TIMEOUT_MS);
    for (;;) {
      var value = null;
      try { value = test(); } catch (e) { value = null; }
      if (value) return value;
      if (performance.now() > deadline) throw new Error("timed out waiting for " + what);
      await sleep(POLL_MS);
    }
  }

  function setStatus(box, state, text) {
    box.dataset.state = state;
    var status = box.querySelector(".texas42-live-status");
    if (status) status.textContent = text;
  }

  function seconds(ms) { return (ms / 1000).toFixed(1) + " s"; }

  function firstExplorer(doc) {
    var views = doc.querySelectorAll(".jp-OutputArea-output .jupyter-widgets");
    for (var i = 0; i < views.length; i++) {
      if (views[i].offsetHeight > 0 && views[i].children.length > 0) return views[i];
    }
    return null;
  }

  function cellErrors(panel) {
    var errors = [];
    panel.content.widgets.forEach(function (cell, index) {
      if (cell.model.type !== "code") return;
      cell.model.outputs.toJSON().forEach(function (out) {
        if (out.output_type === "error") errors.push("cell " + index + ": " + out.ename + ": " + out.evalue);
      });
    });
    return errors;
  }

  function scrollToExplorer(panel, view, focus) {
    var cells = panel.content.widgets;
    if (focus === "top") {
      panel.content.activeCellIndex = 0;
      panel.content.scrollToItem(0, "start").catch(function () {});
      return;
    }
    for (var i = 0; i < cells.length; i++) {
      if (cells[i].node.contains(view)) {
        panel.content.activeCellIndex = i;
        panel.content.scrollToItem(i, "start").catch(function () {});
        return;
      }
    }
    view.scrollIntoView({ block: "start" });
  }

  async function start(box) {
    if (box.dataset.state && box.dataset.state !== "idle" && box.dataset.state !== "error") return;
    var t0 = performance.now();
    var old = box.querySelector("iframe");
    if (old) old.remove();
    var button = box.querySelector(".texas42-live-start");
    if (button) button.disabled = true;
    setStatus(box, "loading", "Starting Python in your browser\u2026");
    var iframe = document.createElement("iframe");
    iframe.className = "texas42-live-frame";
    iframe.title = "Live explorer: " + (box.dataset.notebook || "notebook");
    iframe.style.height = box.dataset.height || "760px";
    iframe.src = box.dataset.liteSrc;
    try {
      // The lite site's contents index lists the notebook, or the page says so at once.
      var dir = (box.dataset.notebook || "").split("/").slice(0, -1).join("/");
      var index = box.dataset.liteRoot + "api/contents/" + (dir ? dir + "/" : "") + "all.json";
      var listing = await fetch(index).then(function (r) { return r.ok ? r.json() : null; });
      var listed = listing && (listing.content || []).some(function (item) {
        return item.path === box.dataset.notebook;
      });
      if (!listed) throw new Error(box.dataset.notebook + " is not in this site's live notebooks");
      box.appendChild(iframe);
      var app = await waitFor("JupyterLite", function () {
        return iframe.contentWindow && iframe.contentWindow.jupyterapp;
      });
      var panel = await waitFor("the notebook", function () {
        var w = app.shell.currentWidget;
        return w && w.sessionContext && w.content && w.context ? w : null;
      });
      await panel.context.ready;
      await panel.sessionContext.ready;
      setStatus(box, "running", "Python is up; running the notebook\u2026");
      var doc = iframe.contentDocument;
      fitPictures(doc);
      var ran = app.commands.execute("notebook:run-all-cells");
      var view = await waitFor("the first explorer", function () {
        var errors = cellErrors(panel);
        if (errors.length) throw new Error(errors.join("; "));
        return firstExplorer(doc);
      });
      box.dataset.drawnMs = String(Math.round(performance.now() - t0));
      setStatus(box, "drawn", "Explorer drawn in " + seconds(performance.now() - t0) + "; running the rest\u2026");
      scrollToExplorer(panel, view, box.dataset.focus);
      await ran;
      await waitFor("the last cell", function () {
        var kernel = panel.sessionContext.session && panel.sessionContext.session.kernel;
        return kernel && kernel.status === "idle";
      });
      var errors = cellErrors(panel);
      if (errors.length) throw new Error(errors.join("; "));
      scrollToExplorer(panel, view, box.dataset.focus);
      box.dataset.readyMs = String(Math.round(performance.now() - t0));
      setStatus(box, "ready", "Live: every control runs Python in your browser (ready in " +
        seconds(performance.now() - t0) + ").");
      if (button) button.textContent = "\u25CF Live";
    } catch (err) {
      box.dataset.error = String(err && err.message ? err.message : err);
      setStatus(box, "error", "The live explorer did not start: " + box.dataset.error);
      if (button) {
        button.disabled = false;
        button.textContent = "\u25B6 Try again";
      }
    }
  }

  // JupyterLab draws an SVG output (a hand's table, 750 px) as an image at its own width,
  // wider than the notebook in the page's frame (seat 3 was cut off at 1280 px): the
  // pictures shrink to the output's width instead, keeping their proportions.
  function fitPictures(doc) {
    if (!doc || doc.getElementById("texas42-fit-pictures")) return;
    var style = doc.createElement("style");
    style.id = "texas42-fit-pictures";
    style.textContent = ".jp-RenderedSVG img, .jp-RenderedSVG svg, .jp-RenderedImage img " +
      "{ max-width: 100% !important; height: auto !important; }";
    doc.head.appendChild(style);
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest(".texas42-live-start");
    if (!button) return;
    var box = button.closest(".texas42-live");
    if (box) start(box);
  });
  document.querySelectorAll(".texas42-live").forEach(function (box) {
    box.dataset.state = "idle";
  });
})();
