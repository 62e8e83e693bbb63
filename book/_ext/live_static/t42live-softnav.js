// Soft navigation between the site's pages where shared workers are missing (Chrome on
// Android). Loaded by texas42-live.js only there (docs/LIVE_EXPLORERS.md).
//
// Without a SharedWorker, Python runs in the page's own dedicated Worker and dies with the
// page. Once the reader has started Python, a click on a link to another page of the site
// does not load a new document: this script fetches the page, swaps the parts of the
// document that differ (the article, the navigation's current page, the page's table of
// contents, the title), adds the scripts and stylesheets the new page needs that are not
// loaded yet, and the new page's explorers start on the same worker, Python already warm.
// The theme's own script keeps working because the elements it is bound to (the header,
// the sidebars and their dialogs, the search and colour buttons) are kept; what it binds
// per page (the table of contents' scrollspy) is done here again. Any failure: a normal
// navigation.
//
// For the tests: window.T42SoftNav.count (soft navigations so far), .last ({url, ms}),
// T42Live.navStart (the click), document.documentElement.dataset.t42Soft ("ready").
(function () {
  "use strict";
  var T42Live = window.T42Live;
  if (!T42Live || window.T42SoftNav) return;
  var script = document.currentScript;
  var STATIC = new URL("../", script.src).href; // .../_static/
  var ROOT = new URL("../", STATIC).href; // the site's root
  var EXCLUDED = [ROOT + "lite/", STATIC, ROOT + "_sources/", ROOT + "_images/"];
  var FULL_PAGES = [ROOT + "search.html", ROOT + "index.html"]; // own start-up scripts
  var VIEW = 'script[type="application/vnd.jupyter.widget-view+json"]';
  var STATE = 'script[type="application/vnd.jupyter.widget-state+json"]';
  var SoftNav = (window.T42SoftNav = { count: 0, last: null, busy: false });
  var shown = withoutHash(location.href); // the page the document shows now
  var announcer = null;
  var toc = null; // the scrollspy of a swapped-in table of contents

  function withoutHash(url) {
    var u = new URL(url, location.href);
    u.hash = "";
    return u.href;
  }

  // ------------------------------------------------------------------ which clicks
  function softTarget(event) {
    if (event.defaultPrevented || event.button !== 0) return null;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
    var link = event.target && event.target.closest && event.target.closest("a[href]");
    if (!link || link.hasAttribute("download")) return null;
    var target = link.getAttribute("target");
    if (target && target !== "_self") return null;
    if (link.closest("svg")) return null;
    var url = new URL(link.href, location.href);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    if (url.origin !== location.origin || url.href.indexOf(ROOT) !== 0) return null;
    if (EXCLUDED.some(function (p) { return url.href.indexOf(p) === 0; })) return null;
    var path = withoutHash(url.href);
    if (FULL_PAGES.indexOf(path.split("?")[0]) >= 0) return null;
    if (!/(\.html|\/)$/.test(url.pathname)) return null;
    if (path === shown) return null; // an anchor of this page: the browser scrolls
    // Only once Python runs in this tab (else a full load costs the reader nothing).
    if (!T42Live.runtime) return null;
    return url;
  }

  document.addEventListener("click", function (event) {
    var url = softTarget(event);
    if (!url) return;
    event.preventDefault();
    go(url.href, true, null, performance.now());
  });

  window.addEventListener("popstate", function (event) {
    if (withoutHash(location.href) === shown) return; // a #anchor of the page shown
    go(location.href, false, event.state, performance.now());
  });

  // ------------------------------------------------------------------ one navigation
  async function go(href, push, state, t0) {
    if (SoftNav.busy) { location.assign(href); return; }
    SoftNav.busy = true;
    var pushed = false;
    try {
      var response = await fetch(withoutHash(href), { credentials: "same-origin" });
      var type = response.headers.get("content-type") || "";
      if (!response.ok || type.indexOf("text/html") < 0) throw new Error("not a page: " + response.status);
      var finalURL = new URL(response.url || href);
      finalURL.hash = new URL(href, location.href).hash;
      var doc = new DOMParser().parseFromString(await response.text(), "text/html");
      var base = doc.createElement("base");
      base.href = finalURL.href; // the new page's relative URLs, resolved from where it lives
      doc.head.insertBefore(base, doc.head.firstChild);
      var parts = check(doc);
      if (push) {
        // Remember where the reader was on the page being left (for the back button);
        // on Back/Forward the history is already at the new entry.
        history.replaceState(Object.assign({}, history.state || {}, { t42: true, scroll: window.scrollY }), "");
        history.pushState({ t42: true, scroll: 0 }, "", finalURL.href);
        pushed = true;
      }
      if ("scrollRestoration" in history) history.scrollRestoration = "manual";
      shown = withoutHash(finalURL.href);
      T42Live.leavePage();
      swap(doc, parts);
      arrive(finalURL, state, push);
      // The explorers first (Python is warm), then what the page's head adds.
      T42Live.enterPage(t0);
      // The pictures; a page that adds the widget manager's embed-amd.js draws them itself.
      if (window.require) renderSnapshots();
      await headAssets(doc);
      reinitialise();
      SoftNav.count += 1;
      SoftNav.last = { url: finalURL.href, ms: Math.round(performance.now() - t0) };
    } catch (error) {
      console.warn("texas42: a full page load instead:", String(error && error.message || error));
      if (pushed || !push) location.replace(href);
      else location.assign(href);
      return;
    } finally {
      SoftNav.busy = false;
    }
  }

  // The parts swapped, in the current document and in the new page: all must be there.
  function check(doc) {
    function both(selector) {
      var now = document.querySelector(selector);
      var next = doc.querySelector(selector);
      if (!now || !next) throw new Error("no " + selector);
      return { now: now, next: next };
    }
    var parts = {
      nav: both("#pst-primary-sidebar nav.bd-docs-nav"),
      container: both("main#main-content .bd-article-container"),
      headerNow: document.querySelector(".bd-header-article"),
      headerNext: doc.querySelector(".bd-header-article"),
      tocNow: document.getElementById("pst-secondary-sidebar"),
      tocNext: doc.getElementById("pst-secondary-sidebar"),
    };
    if (!doc.querySelector("article.bd-article")) throw new Error("no article");
    // A table of contents needs the element the theme's dialog is bound to.
    if (parts.tocNext && !parts.tocNow) throw new Error("no place for the table of contents");
    return parts;
  }

  function adopt(nodes) {
    // A copy first: adopting a node takes it out of a live childNodes list.
    return Array.prototype.slice.call(nodes).map(function (n) { return document.adoptNode(n); });
  }

  function swap(doc, parts) {
    // Open dialogs (the sidebars on a phone, the search) give their contents back first.
    document.querySelectorAll("dialog[open]").forEach(function (d) { d.close(); });
    document.querySelectorAll("body > .tooltip").forEach(function (t) { t.remove(); }); // Bootstrap's
    if (toc) { toc.disconnect(); toc = null; }
    document.title = doc.title;
    var root = doc.documentElement;
    ["data-content_root", "lang"].forEach(function (name) {
      if (root.hasAttribute(name)) document.documentElement.setAttribute(name, root.getAttribute(name));
    });
    // The widget state of the page's pictures (the widget manager reads it from the head).
    document.querySelectorAll(STATE).forEach(function (s) { s.remove(); });
    doc.querySelectorAll(STATE).forEach(function (s) { document.head.appendChild(document.adoptNode(s)); });
    // The navigation: its links mark the current page.
    parts.nav.now.replaceChildren.apply(parts.nav.now, adopt(parts.nav.next.childNodes));
    // The article and what sits beside it, except the article's header (its buttons are
    // the theme's): of that only the download menu changes.
    var keep = parts.container.now.querySelector(":scope > .bd-header-article");
    var fresh = Array.prototype.filter.call(parts.container.next.children, function (c) {
      return !c.classList.contains("bd-header-article");
    });
    Array.prototype.slice.call(parts.container.now.children).forEach(function (c) {
      if (c !== keep) c.remove();
    });
    adopt(fresh).forEach(function (c) { parts.container.now.appendChild(c); });
    if (parts.headerNow && parts.headerNext) {
      var menuNow = parts.headerNow.querySelector(".dropdown-download-buttons .dropdown-menu");
      var menuNext = parts.headerNext.querySelector(".dropdown-download-buttons .dropdown-menu");
      if (menuNow && menuNext) menuNow.replaceChildren.apply(menuNow, adopt(menuNext.childNodes));
    }
    // The page's table of contents, in the element the theme's dialog is bound to; a page
    // without one hides it and its toggles.
    var hasToc = !!parts.tocNext;
    if (parts.tocNow) {
      parts.tocNow.replaceChildren.apply(parts.tocNow, hasToc ? adopt(parts.tocNext.childNodes) : []);
      parts.tocNow.style.display = hasToc ? "" : "none";
    }
    document.querySelectorAll(".secondary-toggle").forEach(function (b) { b.style.display = hasToc ? "" : "none"; });
    document.documentElement.dataset.t42Soft = "swapped";
  }

  // ------------------------------------------------------------------ the new page's head
  function loaded(selector, attr) {
    var seen = new Set();
    document.querySelectorAll(selector).forEach(function (n) { if (n[attr]) seen.add(n[attr].split("?")[0]); });
    return seen;
  }

  function addScript(src) {
    return new Promise(function (resolve, reject) {
      var s = document.createElement("script");
      s.src = src;
      s.async = false;
      s.onload = resolve;
      s.onerror = function () { reject(new Error("cannot load " + src)); };
      document.head.appendChild(s);
    });
  }

  function runInline(text) {
    var s = document.createElement("script");
    s.textContent = text;
    document.head.appendChild(s);
    mathjaxHub();
  }

  // ipywidgets typesets labels with MathJax 2's MathJax.Hub.Queue; the site's MathJax 3
  // has none. require-config.js (scripts/copy_widget_js.py) adds one at a page's load; a
  // MathJax configured or loaded by a soft navigation gets the same here.
  function mathjaxHub() {
    var mj = window.MathJax;
    if (!mj || mj.Hub) return;
    mj.Hub = { Queue: function (job) {
      var now = window.MathJax, element = job && job[2];
      if (!element || !now || !now.typesetPromise) return;
      var ready = (now.startup && now.startup.promise) || Promise.resolve();
      ready.then(function () { return now.typesetPromise([element]); })
        .catch(function (err) { console.warn("MathJax typeset failed", err); });
    } };
  }

  async function headAssets(doc) {
    var sheets = loaded('link[rel="stylesheet"]', "href");
    doc.querySelectorAll('head link[rel="stylesheet"]').forEach(function (link) {
      if (sheets.has(link.href.split("?")[0])) return;
      var copy = document.createElement("link");
      copy.rel = "stylesheet";
      copy.href = link.href;
      document.head.appendChild(copy);
    });
    var scripts = loaded("script[src]", "src");
    var inline = new Set();
    document.querySelectorAll("head script:not([src]):not([type])").forEach(function (s) { inline.add(s.textContent.trim()); });
    var pending = [];
    doc.querySelectorAll("head script").forEach(function (s) {
      var type = s.getAttribute("type");
      if (type && type !== "text/javascript") return; // data (the widget state is swapped above)
      if (s.src) {
        if (!scripts.has(s.src.split("?")[0])) pending.push({ src: s.src });
        return;
      }
      var text = s.textContent.trim();
      var page = /^DOCUMENTATION_OPTIONS\.pagename = '([^']*)';$/.exec(text);
      // (a const of documentation_options.js: in global scope, not on window)
      if (page && typeof DOCUMENTATION_OPTIONS !== "undefined") DOCUMENTATION_OPTIONS.pagename = page[1];
      else if (!inline.has(text) && !/^(let|const)\s/.test(text)) pending.push({ text: text });
    });
    // In the page's order (a configuration before the script that reads it).
    var added = [];
    for (var i = 0; i < pending.length; i++) {
      if (pending[i].src) {
        added.push(pending[i].src);
        await addScript(pending[i].src);
        mathjaxHub();
      } else {
        runInline(pending[i].text);
      }
    }
    SoftNav.added = (SoftNav.added || []).concat(added);
    return added;
  }

  // ------------------------------------------------------------------ the new page's life
  function renderSnapshots() {
    // As a fresh load does (embed-amd.js at load): the pictures from the page's state.
    if (!window.require || !document.querySelector(VIEW)) return;
    window.require(["@jupyter-widgets/html-manager/dist/libembed-amd"], function (embed) {
      embed.renderWidgets(document.documentElement);
    }, function (error) { console.warn("texas42: the pictures could not be drawn:", String(error)); });
  }

  function call(name) {
    // The book's other extensions set up a page once, from functions in global scope.
    try {
      var fn = (0, eval)("typeof " + name + " === 'function' ? " + name + " : null");
      if (fn) fn();
    } catch (error) {
      console.warn("texas42: " + name + " after a soft navigation:", String(error));
    }
  }

  function reinitialise() {
    var article = document.querySelector("article.bd-article");
    mathjaxHub();
    if (window.MathJax && MathJax.startup && MathJax.startup.promise) MathJax.startup.promise.then(mathjaxHub);
    call("addCopyButtonToCodeCells"); // sphinx-copybutton
    call("initToggleItems"); // sphinx-togglebutton (the exercises' solutions)
    if (window.MathJax && MathJax.typesetPromise && article.querySelector(".math")) {
      MathJax.typesetPromise([article]).catch(function (e) { console.warn("texas42: MathJax:", String(e)); });
    }
    // Bootstrap's tooltips of the new parts (pydata-sphinx-theme makes them at load).
    if (window.bootstrap && bootstrap.Tooltip) {
      document.querySelectorAll('main [data-bs-toggle="tooltip"], .bd-docs-nav [data-bs-toggle="tooltip"]')
        .forEach(function (el) { if (!bootstrap.Tooltip.getInstance(el)) new bootstrap.Tooltip(el, { delay: { show: 500, hide: 100 } }); });
    }
    toc = scrollspy();
    // The book's own scripts (course checks, the Large dominoes switch) set the page up again.
    document.dispatchEvent(new CustomEvent("t42:pageswap", { detail: { url: location.href } }));
  }

  // pydata-sphinx-theme's table of contents highlights the section in view; its observer
  // is bound to the first page's headings, so a swapped-in table gets the same here.
  function scrollspy() {
    var nav = document.querySelector("#pst-page-toc-nav");
    if (!nav || !window.IntersectionObserver) return null;
    var links = Array.prototype.slice.call(nav.querySelectorAll("a[href^='#']"));
    var entries = Array.prototype.slice.call(nav.querySelectorAll(".toc-entry"));
    var byHeading = new Map();
    links.forEach(function (a) {
      var target = document.getElementById(decodeURIComponent(a.hash.slice(1)));
      if (!target) return;
      byHeading.set(target.querySelector("h1,h2,h3,h4,h5,h6") || target, a);
    });
    function activate(link) {
      links.forEach(function (a) {
        a.classList.toggle("active", a === link);
        if (a === link) a.setAttribute("aria-current", "true"); else a.removeAttribute("aria-current");
      });
      entries.forEach(function (e) { e.classList.toggle("active", e.contains(link)); });
    }
    var header = document.querySelector("#pst-header");
    var top = header ? header.getBoundingClientRect().height : 0;
    var observer = new IntersectionObserver(function (seen) {
      var entry = seen.filter(function (e) { return e.isIntersecting; }).pop();
      if (entry) activate(byHeading.get(entry.target));
    }, { rootMargin: "-" + top + "px 0px -70% 0px", threshold: 0 });
    byHeading.forEach(function (_, heading) { observer.observe(heading); });
    function onHash() {
      var link = links.find(function (a) { return a.hash === location.hash; });
      if (link) activate(link);
    }
    window.addEventListener("hashchange", onHash);
    onHash();
    return { disconnect: function () { observer.disconnect(); window.removeEventListener("hashchange", onHash); } };
  }

  function arrive(url, state, pushed) {
    // Scroll: to the #anchor, back to where the reader was (back/forward), or to the top.
    var target = url.hash ? document.getElementById(decodeURIComponent(url.hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, !pushed && state && state.scroll ? state.scroll : 0);
    // Focus the page's main heading (or the anchor's) and say which page this is: a
    // screen reader gets no load event from a soft navigation.
    var heading = target || Array.prototype.find.call(
      document.querySelectorAll("article.bd-article h1"), function (h) { return !h.closest(".onlyprint"); });
    if (heading) {
      if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
      heading.focus({ preventScroll: true });
    }
    if (!announcer) {
      announcer = document.createElement("div");
      announcer.className = "t42-softnav-announcer";
      announcer.setAttribute("role", "status");
      announcer.setAttribute("aria-live", "polite");
      // Visually hidden, read by screen readers.
      announcer.style.cssText = "position:absolute;width:1px;height:1px;margin:-1px;padding:0;" +
        "overflow:hidden;clip:rect(0 0 0 0);clip-path:inset(50%);white-space:nowrap;border:0";
      document.body.appendChild(announcer);
    }
    announcer.textContent = "";
    setTimeout(function () { announcer.textContent = "Page loaded: " + document.title; }, 100);
    document.documentElement.dataset.t42Soft = "ready";
  }
})();
