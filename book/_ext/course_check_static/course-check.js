/* {check} questions of the course (book/_ext/course_check.py): choose an answer, press
   Check (or Enter), and read its feedback in the form's aria-live region.

   Each chapter page's checks answered are kept in localStorage["texas42-checks"]: per page,
   its title, how many checks it has, and per check (a hash of its question) whether the
   first answer checked was right. On the classroom server (its pages carry the cookie
   texas42-classroom=1), a student of the class (texas42/widgets/progress_store.js keeps
   their token under "texas42-student") also sends that record, PUT /api/checks
   (texas42/classroom/checks.py), so the teacher's page shows it; nothing fails aloud. */
(function () {
  "use strict";
  var STORE_KEY = "texas42-checks";
  var STUDENT_KEY = "texas42-student";
  var MOST_CHECKS = 32; /* (a chapter's checks the server keeps: checks.py) */
  var sendTimer = null;

  /* A check's key: "q" and the 32-bit FNV-1a hash of its question, in hex (no crypto
     here: the room's plain-http address is not a secure context). */
  function checkKey(form) {
    var legend = form.querySelector("legend");
    var text = (legend ? legend.textContent : form.id).replace(/\s+/g, " ").trim();
    var h = 0x811c9dc5;
    for (var i = 0; i < text.length; i++) {
      h ^= text.charCodeAt(i);
      h = Math.imul(h, 0x01000193) >>> 0;
    }
    return "q" + ("0000000" + h.toString(16)).slice(-8);
  }
  function chapterKey() {
    var path = window.location.pathname.replace(/^\/+/, "");
    if (path === "" || /\/$/.test(path)) path += "index";
    return path.replace(/\.html$/, "").replace(/[^A-Za-z0-9._\/-]/g, "_").slice(0, 100);
  }
  function chapterTitle() {
    var h1 = document.querySelector("main h1, article h1, h1");
    var title = "";
    if (h1) {
      var copy = h1.cloneNode(true);
      var links = copy.querySelectorAll(".headerlink");
      for (var i = 0; i < links.length; i++) links[i].remove();
      title = copy.textContent;
    }
    title = (title || document.title).replace(/\p{C}/gu, "").replace(/\s+/g, " ").trim();
    return title.slice(0, 80).trim() || "Chapter";
  }
  function load() {
    try {
      var data = JSON.parse(window.localStorage.getItem(STORE_KEY) || "null");
      if (data && data.format === "texas42-checks" && data.version === 1 && data.chapters
          && typeof data.chapters === "object" && !Array.isArray(data.chapters)) {
        return data;
      }
    } catch (e) {
      /* unreadable: begun again */
    }
    return { format: "texas42-checks", version: 1, chapters: {} };
  }
  /* The first answer checked of each check of this page: kept, never changed after. */
  function note(form, right) {
    var forms = Array.prototype.slice.call(
      document.querySelectorAll("form.course-check"), 0, MOST_CHECKS);
    var here = {};
    forms.forEach(function (f) { here[checkKey(f)] = true; });
    var key = checkKey(form);
    if (!here[key]) return;
    var data = load();
    var page = chapterKey();
    var before = (data.chapters[page] && data.chapters[page].checks) || {};
    var checks = {};
    Object.keys(before).forEach(function (k) {
      if (here[k] && typeof before[k] === "boolean") checks[k] = before[k];
    });
    if (!(key in checks)) checks[key] = right;
    data.chapters[page] = { title: chapterTitle(), total: forms.length, checks: checks };
    try {
      window.localStorage.setItem(STORE_KEY, JSON.stringify(data));
    } catch (e) {
      return; /* storage refused or full: the check still answers */
    }
    sendSoon(1000);
  }
  function student() {
    if (!/(^|;\s*)texas42-classroom=1(;|$)/.test(document.cookie)) return null;
    try {
      var kept = JSON.parse(window.localStorage.getItem(STUDENT_KEY) || "null");
      return kept && typeof kept.token === "string" ? kept : null;
    } catch (e) {
      return null;
    }
  }
  function sendSoon(delay) {
    if (sendTimer || !student()) return;
    sendTimer = setTimeout(function () {
      sendTimer = null;
      send();
    }, delay);
  }
  function send() {
    var who = student();
    var text;
    try {
      text = window.localStorage.getItem(STORE_KEY);
    } catch (e) {
      return;
    }
    if (!who || !text) return;
    fetch("/api/checks", {
      method: "PUT", cache: "no-store", body: text,
      headers: { "Content-Type": "application/json", "X-Student-Token": who.token },
    }).then(function (answer) {
      if (answer.status === 429) sendSoon(3000); /* (too soon: the latest, a moment later) */
    }).catch(function () {
      /* the server cannot be reached: the next answer sends it all again */
    });
  }
  function setUp(form) {
    var button = form.querySelector(".course-check-button");
    var out = form.querySelector(".course-check-feedback");
    if (!button || !out || form.hasAttribute("data-ready")) {
      return;
    }
    form.setAttribute("data-ready", "");
    button.hidden = false;
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      var chosen = form.querySelector("input[type=radio]:checked");
      var text;
      var state;
      if (!chosen) {
        text = "Choose an answer first, then press Check.";
        state = "none";
      } else if (chosen.getAttribute("data-right") === "true") {
        text = "Right. " + chosen.getAttribute("data-feedback");
        state = "right";
      } else {
        text = "Not quite. " + chosen.getAttribute("data-feedback");
        state = "wrong";
      }
      if (chosen) note(form, state === "right");
      form.setAttribute("data-state", state);
      var answers = form.querySelectorAll(".course-check-answer");
      for (var i = 0; i < answers.length; i++) {
        answers[i].classList.remove("course-check-chosen");
      }
      if (chosen && chosen.parentNode) {
        chosen.parentNode.classList.add("course-check-chosen");
      }
      out.textContent = text;
    });
    form.addEventListener("change", function () {
      form.removeAttribute("data-state");
      out.textContent = "";
    });
  }
  function init() {
    var forms = document.querySelectorAll("form.course-check");
    for (var i = 0; i < forms.length; i++) {
      setUp(forms[i]);
    }
    /* Answered before joining the class (or offline): the server gets it all now. */
    if (forms.length && Object.keys(load().chapters).length) sendSoon(1000);
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
  /* A page swapped in without a full load (live_static/t42live-softnav.js). */
  document.addEventListener("t42:pageswap", init);
})();
