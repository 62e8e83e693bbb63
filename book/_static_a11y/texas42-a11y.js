/* texas42: accessibility helpers for every page of the book (html_js_files in _config.yml).
   Plain JavaScript, no Python and nothing fetched:
   - the "Large dominoes" switch (on pages with domino pictures or explorers), remembered
     in localStorage; texas42-a11y.css draws the pictures larger under html.t42-large;
   - each explorer slider's handle is named by the slider's label (the widget library
     leaves the handle unnamed);
   - the theme switch says which colour mode is on ("Color mode: dark");
   - decorative icons drawn by other extensions are hidden from screen readers;
   - the sidebar buttons work on phones: the theme wires only the first ".primary-toggle"
     and ".secondary-toggle" in the page (pydata-sphinx-theme issue 2451), a hidden copy in
     the top bar, so the buttons a reader sees would do nothing; a click on another copy
     is passed on to the wired one. */
(function () {
  "use strict";
  var KEY = "texas42-large-dominoes";
  var root = document.documentElement;

  function stored() {
    try {
      return window.localStorage.getItem(KEY) === "1";
    } catch (e) {
      return false;
    }
  }

  function apply(on) {
    root.classList.toggle("t42-large", on);
    document.querySelectorAll(".t42-large-switch").forEach(function (b) {
      b.setAttribute("aria-pressed", on ? "true" : "false");
    });
    if (document.body) markWide();
  }

  // Large dominoes: a picture wider than the page scrolls inside its box; the box says
  // so (texas42-a11y.css) and is a named region in the tab order, so that the keyboard
  // can scroll it as well as a finger.
  var WIDE = ".t42-picture, .t42-strips, .bd-article .widget-html-content";
  function markWide() {
    var large = root.classList.contains("t42-large");
    document.querySelectorAll(WIDE).forEach(function (box) {
      var wide = large && box.scrollWidth > box.clientWidth + 1 &&
        !box.parentElement.closest(".t42-scrolls");
      if (wide === box.classList.contains("t42-scrolls")) return;
      box.classList.toggle("t42-scrolls", wide);
      if (wide) {
        box.tabIndex = 0;
        box.setAttribute("role", "region");
        box.setAttribute("aria-label", "Picture wider than the screen: scroll sideways");
      } else {
        box.removeAttribute("tabindex");
        box.removeAttribute("role");
        box.removeAttribute("aria-label");
      }
    });
  }

  // A table wider than the screen (a phone) scrolls inside its box: the box says so
  // (texas42-a11y.css), whatever the size of the dominoes.
  var TABLES = ".t42-table-scroll, .pst-scrollable-table-container";
  function markTables() {
    document.querySelectorAll(TABLES).forEach(function (box) {
      var wide = box.scrollWidth > box.clientWidth + 1;
      if (wide !== box.classList.contains("t42-overflows")) {
        box.classList.toggle("t42-overflows", wide);
      }
    });
  }

  // Before the page is drawn: no jump from small to large pictures.
  apply(stored());

  function addSwitch() {
    var pictures = document.querySelector(
      ".t42-picture, svg.texas42, script[type='application/vnd.jupyter.widget-view+json']"
    );
    // The page's own title (not the copy in the print-only header).
    var heading = Array.prototype.find.call(
      document.querySelectorAll("article.bd-article h1, main h1"),
      function (h) {
        return !h.closest(".onlyprint");
      }
    );
    if (!pictures || !heading || document.querySelector(".t42-large-switch")) return;
    var box = document.createElement("p");
    box.className = "t42-large-box";
    var button = document.createElement("button");
    button.type = "button";
    button.className = "t42-large-switch";
    button.textContent = "Large dominoes";
    button.title = "Draw the domino pictures larger (remembered on this device)";
    button.addEventListener("click", function () {
      var on = !root.classList.contains("t42-large");
      try {
        window.localStorage.setItem(KEY, on ? "1" : "0");
      } catch (e) {
        /* private mode: the choice lasts for this page only */
      }
      apply(on);
    });
    box.appendChild(button);
    // The home page's Play button stays the first thing under the title.
    var door = heading.nextElementSibling;
    var after = door && door.classList.contains("t42-play-door") ? door : heading;
    after.insertAdjacentElement("afterend", box);
    apply(root.classList.contains("t42-large"));
  }

  var labelCount = 0;
  function nameSliders() {
    document.querySelectorAll(".widget-slider").forEach(function (slider) {
      var handle = slider.querySelector(".noUi-handle");
      if (!handle || handle.hasAttribute("aria-labelledby") || handle.hasAttribute("aria-label"))
        return;
      var label = slider.querySelector(".widget-label");
      if (label && label.textContent.trim()) {
        if (!label.id) label.id = "t42-slider-label-" + ++labelCount;
        handle.setAttribute("aria-labelledby", label.id);
      } else {
        handle.setAttribute("aria-label", "Slider");
      }
    });
  }

  function pictureWidths() {
    // --t42-w: the picture's own width, for the Large dominoes layout.
    document.querySelectorAll("svg.texas42").forEach(function (svg) {
      if (svg.style.getPropertyValue("--t42-w")) return;
      var w = parseFloat(svg.getAttribute("width"));
      if (w > 0) svg.style.setProperty("--t42-w", String(w));
    });
  }

  var MODES = { light: "light", dark: "dark", auto: "system setting" };
  function themeLabel() {
    var mode = MODES[root.dataset.mode || "auto"] || MODES.auto;
    document.querySelectorAll(".theme-switch-button").forEach(function (b) {
      b.setAttribute("aria-label", "Color mode: " + mode);
    });
  }

  function hideIcons() {
    // sphinx-togglebutton's chevron and sphinx-copybutton's icon: decoration inside a
    // button that has its own name.
    var icons = "svg.tb-icon:not([aria-hidden]), svg.icon-tabler:not([aria-hidden])";
    document.querySelectorAll(icons).forEach(function (svg) {
      var button = svg.closest("button");
      if (button && !button.getAttribute("aria-label")) {
        var tip = button.getAttribute("data-tooltip") || button.title;
        button.setAttribute("aria-label", tip || "Copy to clipboard");
      }
      svg.setAttribute("aria-hidden", "true");
    });
  }

  function update() {
    nameSliders();
    pictureWidths();
    hideIcons();
    markWide();
    markTables();
  }

  function forwardToggles() {
    // Delegated on the document, so it also holds for pages swapped in by a link.
    document.addEventListener("click", function (event) {
      var target = event.target;
      if (!(target instanceof Element)) return;
      ["primary-toggle", "secondary-toggle"].forEach(function (name) {
        var button = target.closest("." + name);
        var wired = document.querySelector("." + name);
        if (!button || !wired || button === wired) return;
        event.preventDefault();
        event.stopPropagation();
        wired.click();
      });
    }, true);
  }

  function start() {
    forwardToggles();
    addSwitch();
    update();
    themeLabel();
    var pending = null;
    // The explorers are drawn after the page loads (and redrawn as they change).
    new MutationObserver(function () {
      if (pending) return;
      pending = window.setTimeout(function () {
        pending = null;
        update();
      }, 50);
    }).observe(document.body, { childList: true, subtree: true });
    // A page swapped in without a full load (live_static/t42live-softnav.js).
    document.addEventListener("t42:pageswap", function () {
      addSwitch();
      update();
      themeLabel();
    });
    window.addEventListener("resize", function () {
      markWide();
      markTables();
    });
    new MutationObserver(themeLabel).observe(root, {
      attributes: true,
      attributeFilter: ["data-mode"],
    });
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
