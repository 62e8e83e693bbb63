// Every page of the book (book/_ext/offline_app.py): the service worker that keeps the site
// for offline use (sw.js at the site root), the note when a new version is ready, the
// "print the hand sheets only" button, and the teacher's guide's addresses to share.
(function () {
  "use strict";
  var ROOT = new URL(document.documentElement.getAttribute("data-content_root") || "./", location.href);

  // ------------------------------------------------------------------ service worker
  var reloading = false;

  function updateNote(registration) {
    var box = document.getElementById("t42-update");
    if (!box || box.childNodes.length) return;
    var text = document.createElement("span");
    text.textContent = "A new version of this site is ready.";
    var reload = document.createElement("button");
    reload.type = "button";
    reload.textContent = "Reload";
    reload.addEventListener("click", function () {
      reloading = true;
      reload.disabled = true;
      if (registration.waiting) registration.waiting.postMessage({ type: "skip-waiting" });
      else location.reload();
    });
    var later = document.createElement("button");
    later.type = "button";
    later.className = "t42-update-later";
    later.textContent = "Later";
    later.addEventListener("click", function () {
      box.hidden = true;
    });
    box.hidden = false;
    box.append(text, " ", reload, " ", later);
  }

  function keepLoaded(worker) {
    // Files this page fetched before the service worker controlled it.
    var urls = performance.getEntriesByType("resource").map(function (e) { return e.name; });
    urls.push(location.href.split("#")[0]);
    // Set by texas42-live.js once this tab's Python is ready: its files were all loaded.
    var ran = false;
    try { ran = sessionStorage.getItem("texas42-python-started") === "1"; } catch (e) { ran = false; }
    worker.postMessage({ type: "keep", urls: urls, pythonRan: ran });
  }

  // The offline copy is filled when this page no longer needs the network for itself,
  // so that it never slows the first explorer down: once the page is idle after its load
  // (a page without explorers, or a later visit, which the site's worker controlled from
  // the start), or once an explorer is live and the page is idle again.
  var controlledAtLoad = !!(navigator.serviceWorker && navigator.serviceWorker.controller);

  function whenIdle(then) {
    if (window.requestIdleCallback) window.requestIdleCallback(then, { timeout: 10000 });
    else setTimeout(then, 1000);
  }

  function anyLive() {
    return !!document.querySelector('.t42-live[data-state="live"]');
  }

  function keepWhenFree(worker) {
    var explorers = !!document.getElementById("t42-live-page");
    if (controlledAtLoad || !explorers || anyLive()) {
      whenIdle(function () { keepLoaded(worker); });
      return;
    }
    document.addEventListener("t42-live-ready", function () {
      whenIdle(function () { keepLoaded(worker); });
    }, { once: true });
  }

  function register() {
    // An empty live region first, so that the note is announced when it is filled.
    var box = document.createElement("div");
    box.id = "t42-update";
    box.className = "t42-update";
    box.setAttribute("role", "status");
    box.setAttribute("aria-live", "polite");
    box.hidden = true;
    document.body.appendChild(box);
    navigator.serviceWorker.addEventListener("controllerchange", function () {
      if (reloading) location.reload();
    });
    navigator.serviceWorker
      .register(new URL("sw.js", ROOT).href, { scope: ROOT.pathname })
      .then(function (registration) {
        if (registration.waiting && navigator.serviceWorker.controller) updateNote(registration);
        registration.addEventListener("updatefound", function () {
          var next = registration.installing;
          if (!next) return;
          next.addEventListener("statechange", function () {
            if (next.state === "installed" && navigator.serviceWorker.controller) {
              updateNote(registration);
            }
          });
        });
        return navigator.serviceWorker.ready;
      })
      .then(function (registration) {
        if (registration.active) keepWhenFree(registration.active);
      })
      .catch(function (err) {
        console.warn("texas42: offline copy unavailable:", err && err.message);
      });
  }

  // ------------------------------------------------------------------ hand sheets
  function printSheets() {
    document.documentElement.classList.add("t42-print-sheets");
    window.addEventListener(
      "afterprint",
      function () { document.documentElement.classList.remove("t42-print-sheets"); },
      { once: true }
    );
    window.print();
  }

  // ------------------------------------------------------------------ room addresses
  function showRoom(box) {
    var list = box.querySelector(".t42-room-list");
    var note = box.querySelector(".t42-room-note");
    function entry(url, svg) {
      var item = document.createElement("figure");
      item.className = "t42-room-address";
      if (svg) {
        var picture = document.createElement("div");
        picture.className = "t42-room-qr";
        picture.setAttribute("role", "img");
        picture.setAttribute("aria-label", "QR code of " + url);
        picture.innerHTML = svg; // drawn by texas42/classroom (segno), same server
        item.appendChild(picture);
      }
      var caption = document.createElement("figcaption");
      var code = document.createElement("code");
      code.textContent = url;
      caption.appendChild(code);
      item.appendChild(caption);
      list.appendChild(item);
    }
    function own() {
      var here = ROOT.href;
      entry(here, null);
      var loopback = /^(localhost|127\.|\[::1\])/.test(ROOT.host);
      note.textContent = loopback
        ? "This address works on this computer only. To share the site with the room, " +
          "stop the server and start it again with HOST=0.0.0.0 make serve."
        : "This page's own address: give it to the class.";
    }
    fetch(new URL("room.json", ROOT).href, { cache: "no-store" })
      .then(function (response) { return response.ok ? response.json() : { addresses: [] }; })
      .then(function (room) {
        var addresses = (room && room.addresses) || [];
        if (!addresses.length) return own();
        addresses.forEach(function (a) { entry(a.url, a.qr); });
        note.textContent =
          addresses.length > 1
            ? "Each address is this computer on one of its networks: use the one of the room's network."
            : "Scan the code or type the address on each device.";
      })
      .catch(own);
  }

  function start() {
    document.querySelectorAll("[data-t42-print-sheets]").forEach(function (button) {
      button.hidden = false;
      button.addEventListener("click", printSheets);
    });
    var room = document.getElementById("t42-room");
    if (room) showRoom(room);
    if (!("serviceWorker" in navigator) || !/^https?:$/.test(location.protocol)) return;
    // After the page's own files: the worker's install then finds them in the HTTP cache
    // instead of fetching them a second time beside the page.
    if (document.readyState === "complete") register();
    else window.addEventListener("load", register, { once: true });
  }

  window.t42PrintSheets = printSheets;
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
