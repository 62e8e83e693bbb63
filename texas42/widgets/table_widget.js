// The table you play by clicking (texas42/widgets/table_widget.py): the picture is the
// engine's SVG; its dominoes marked data-play are buttons (role, tabindex and spoken label
// come with the SVG). A click, Enter or Space sends {play: "6-4"} to Python. The arrow keys
// (and Home, End) move between the dominoes, as in a toolbar, so a keyboard user need not Tab
// through the whole hand. After each new picture the keyboard focus comes back to the same
// domino, or the first playable one.
// Under the picture: a row of real buttons (a bid, a contract: {bid: "30"}, {contract: ...}),
// the line of what just happened (read out, aria-live) and the note (why not).
// A click on another domino (not a button) sends {tap: "6-4"} ("" for a face-down one): Python
// says whose turn it is. The computer's actions come as frames (a picture and a line each),
// shown one at a time pause_ms apart before the final picture; a click, Enter or Space
// during them shows the end at once. Whether the learner turned that pause off is kept in
// this browser (localStorage): a table that pauses asks Python to turn it off again.
// A play (or a bid, a contract) shows at once, before Python answers: the domino is
// lifted out of the hand, the table is busy (aria-busy, "thinking"), and further plays are
// ignored until Python has answered it ("answered" grows): no double plays. Each message
// carries the "answered" it was sent at, so Python ignores one from an older picture.
function render({ model, el }) {
  el.classList.add("t42-table");
  // JupyterLab / Notebook 7: Enter and Space here are ours, not the notebook's shortcuts.
  el.setAttribute("data-lm-suppress-shortcuts", "true");
  el.dataset.animating = "false";
  const pic = document.createElement("div");
  pic.className = "t42-table-pic";
  pic.tabIndex = -1; // where focus waits when no domino is a button
  const actions = document.createElement("div");
  actions.className = "t42-table-actions";
  actions.setAttribute("role", "group");
  const said = document.createElement("p");
  said.className = "t42-table-said";
  said.setAttribute("aria-live", "polite");
  const note = document.createElement("p");
  note.className = "t42-table-note";
  note.setAttribute("role", "status");
  note.setAttribute("aria-live", "polite");
  el.append(pic, actions, said, note);

  let anim = null; // { frames, at, timer, focus } while the computer's actions are shown
  let serial = model.get("serial");
  let pending = null; // { said } from a play sent until Python has answered it
  const THINKING = " Thinking…";

  function focusedName() {
    const active = document.activeElement;
    if (!el.contains(active)) return null;
    const was = active.closest ? active.closest("[data-play]") : null;
    if (was) return { play: was.getAttribute("data-play") };
    return { inside: true };
  }
  function refocus(where) {
    if (!where) return;
    const buttons = Array.from(pic.querySelectorAll("[data-play]"));
    const acts = Array.from(actions.querySelectorAll("button"));
    const next = (where.play && buttons.find((b) => b.getAttribute("data-play") === where.play)) ||
      acts[0] || buttons.find((b) => b.getAttribute("data-legal") === "true") || buttons[0];
    (next || pic).focus();
  }
  function drawActions() {
    actions.textContent = "";
    const items = anim ? [] : model.get("actions") || [];
    const label = model.get("actions_label") || "";
    actions.setAttribute("aria-label", label || "Actions");
    if (items.length && label) {
      const head = document.createElement("span");
      head.className = "t42-table-actions-label";
      head.setAttribute("aria-hidden", "true");
      head.textContent = label + ":";
      actions.append(head);
    }
    for (const item of items) {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "t42-act";
      b.textContent = item.text || item.value;
      if (item.label) b.setAttribute("aria-label", item.label);
      if (item.title) b.title = item.title;
      b.dataset.send = item.send;
      b.dataset.value = item.value;
      actions.append(b);
    }
    actions.hidden = !actions.childElementCount;
  }
  function frameWords() {
    return (model.get("frames") || []).map((f) => f.words).filter(Boolean);
  }
  function drawFinal(where) {
    pic.innerHTML = model.get("value");
    drawActions();
    el.dataset.animating = "false";
    refocus(where);
  }
  function finish() {
    if (!anim) return;
    clearTimeout(anim.timer);
    const where = anim.focus;
    const words = frameWords();
    anim = null;
    said.textContent = words.length ? words[words.length - 1] : "";
    drawFinal(where);
  }
  function step() {
    const frames = anim.frames;
    if (anim.at >= frames.length - 1) {
      finish();
      return;
    }
    const frame = frames[anim.at];
    pic.innerHTML = frame.svg;
    said.textContent = frame.words || "";
    anim.at += 1;
    anim.timer = setTimeout(step, model.get("pause_ms"));
  }
  function update() {
    const fresh = model.get("serial") !== serial;
    serial = model.get("serial");
    const frames = model.get("frames") || [];
    const where = anim ? anim.focus : focusedName();
    if (anim) {
      clearTimeout(anim.timer);
      anim = null;
    }
    if (fresh) said.textContent = frameWords().join(" ");
    if (fresh && model.get("pause_ms") > 0 && frames.length > 1 && frames[0].svg) {
      anim = { frames, at: 0, timer: null, focus: where };
      el.dataset.animating = "true";
      drawActions();
      if (where) pic.focus(); // keys still come here (Enter shows the end)
      step();
      return;
    }
    drawFinal(where);
    markSide();
  }
  // The play explorer's column beside the table scrolls when it is long (a review, the
  // log on a phone): a region with a name, in the tab order, so the keyboard can scroll it.
  function markSide() {
    const play = el.closest ? el.closest(".t42-play") : null;
    const side = play ? play.querySelector(".t42-play-side") : null;
    if (!side || side.hasAttribute("tabindex")) return;
    side.tabIndex = 0;
    side.setAttribute("role", "region");
    side.setAttribute("aria-label", "What happened, the hint and the review");
    // On a phone it opens under the table ("Details"): brought into view as it opens,
    // not left below the screen.
    if (typeof MutationObserver !== "function") return;
    let open = side.classList.contains("t42-open");
    sideWatch = new MutationObserver(() => {
      const now = side.classList.contains("t42-open");
      if (now && !open && side.getBoundingClientRect().height > 0) {
        side.scrollIntoView({ block: "nearest" });
      }
      open = now;
    });
    sideWatch.observe(side, { attributes: true, attributeFilter: ["class"] });
  }
  let sideWatch = null;
  function say() {
    note.textContent = model.get("note") || "";
  }
  function choose(target) {
    if (anim) {
      finish();
      return true;
    }
    const button = target && target.closest ? target.closest("[data-play]") : null;
    if (!button || !pic.contains(button)) {
      const domino = target && target.closest ? target.closest(".domino") : null;
      if (!domino || !pic.contains(domino)) return false;
      send({ tap: domino.getAttribute("data-domino") || "" });
      return true;
    }
    const name = button.getAttribute("data-play");
    if (button.getAttribute("data-legal") === "true") {
      move({ play: name }, button, (button.getAttribute("aria-label") || name) + "." + THINKING);
    } else if (!pending) {
      send({ play: name }); // Python says why not (no picture comes: nothing to show)
    }
    return true;
  }
  function send(content) {
    try {
      model.send(content);
      return true;
    } catch (e) {
      return false; // A saved picture (no Python behind it): nothing to do.
    }
  }
  // A move: shown at once as made (the domino or button marked, the table busy), sent
  // with the count of answers it was made at; none other until Python answers it.
  function move(content, shown, words) {
    if (pending) return;
    content.answered = model.get("answered");
    if (!send(content)) return;
    pending = { said: said.textContent };
    shown.classList.add("t42-moved");
    shown.setAttribute("aria-disabled", "true");
    el.setAttribute("aria-busy", "true");
    el.dataset.thinking = "true";
    said.textContent = words;
  }
  function answered() {
    if (!pending) return;
    const was = pending;
    pending = null;
    el.removeAttribute("aria-busy");
    el.dataset.thinking = "false";
    // Refused (no new picture): the domino goes back, and the line says what it said.
    for (const m of el.querySelectorAll(".t42-moved")) {
      m.classList.remove("t42-moved");
      m.removeAttribute("aria-disabled");
    }
    if (said.textContent.endsWith(THINKING)) said.textContent = was.said;
  }
  pic.addEventListener("click", (event) => { choose(event.target); });
  actions.addEventListener("click", (event) => {
    const b = event.target && event.target.closest ? event.target.closest("button") : null;
    if (!b || !actions.contains(b)) return;
    move({ [b.dataset.send]: b.dataset.value }, b,
         (b.getAttribute("aria-label") || b.textContent) + "." + THINKING);
  });
  const STEPS = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
  function stepTo(event, within, selector) {
    const buttons = Array.from(within.querySelectorAll(selector));
    const here = event.target && event.target.closest ? event.target.closest(selector) : null;
    const at = buttons.indexOf(here);
    if (!buttons.length || at < 0) return false;
    let to;
    if (event.key === "Home") to = 0;
    else if (event.key === "End") to = buttons.length - 1;
    else to = (at + STEPS[event.key] + buttons.length) % buttons.length; // wraps round
    buttons[to].focus();
    return true;
  }
  pic.addEventListener("keydown", (event) => {
    if (event.key !== "Enter" && event.key !== " ") return;
    if (anim || event.target.closest("[data-play]")) {
      choose(event.target);
      event.preventDefault();
      event.stopPropagation();
    }
  });
  actions.addEventListener("keydown", (event) => {
    // Enter and Space press the focused button (the browser's own); not the notebook's.
    if (event.key === "Enter" || event.key === " ") event.stopPropagation();
  });
  // The arrows are caught on the way down (window, capture phase): Jupyter Notebook 7 takes
  // them at the document for moving between cells before they would reach the table.
  function arrows(event) {
    if (!(event.key in STEPS || event.key === "Home" || event.key === "End")) return;
    const moved = pic.contains(event.target) ? stepTo(event, pic, "[data-play]")
      : actions.contains(event.target) ? stepTo(event, actions, "button") : false;
    if (moved) {
      event.preventDefault();
      event.stopPropagation();
    }
  }
  window.addEventListener("keydown", arrows, true);
  // The width it is drawn in: Python draws a compact table on a narrow page (a phone).
  // Sent when it settles, and only when it changed, so a resize is not a stream of redraws.
  let timer = null;
  function sendWidth() {
    const width = Math.round(el.getBoundingClientRect().width);
    if (width > 0 && width !== model.get("width")) {
      try {
        model.set("width", width);
        model.save_changes();
      } catch (e) {
        // A saved picture (no Python behind it): it keeps the table it was saved with.
      }
    }
  }
  function measure() {
    clearTimeout(timer);
    timer = setTimeout(sendWidth, 100);
  }
  const observer = typeof ResizeObserver === "function" ? new ResizeObserver(measure) : null;
  if (observer) observer.observe(el);
  // One handler for every change of a message: the frames, the picture and the buttons
  // come together (Python sends them in one message).
  // (The proxy anywidget hands us has no changedAttributes: compare with what was drawn.)
  const KEYS = ["value", "serial", "actions", "actions_label"];
  let drawn = KEYS.map((k) => model.get(k));
  let noted = model.get("note");
  let answers = model.get("answered");
  function changed() {
    const now = KEYS.map((k) => model.get(k));
    if (now.some((v, i) => v !== drawn[i])) {
      drawn = now;
      update();
    }
    if (model.get("answered") !== answers) {
      answers = model.get("answered");
      answered();
    }
    if (model.get("note") !== noted) {
      noted = model.get("note");
      say();
    }
  }
  model.on("change", changed);
  pic.innerHTML = model.get("value");
  drawActions();
  said.textContent = frameWords().join(" ");
  say();
  // The page's "Large dominoes" switch (html.t42-large, book/_static_a11y): Python
  // draws a compact table's dominoes larger.
  const root = document.documentElement;
  function sendLarge() {
    const large = root.classList.contains("t42-large");
    if (large === model.get("large")) return;
    try {
      model.set("large", large);
      model.save_changes();
    } catch (e) {
      // A saved picture: it keeps the size it was saved with.
    }
  }
  // The pause: the learner's last choice in this browser, kept (Python's pause_ms only
  // changes when the learner turns the pause on or off).
  const PAUSE_KEY = "texas42-pause";
  function keepPause() {
    try {
      if (model.get("pause_ms") > 0) window.localStorage.removeItem(PAUSE_KEY);
      else window.localStorage.setItem(PAUSE_KEY, "off");
    } catch (e) {
      // storage refused (a private window's policy): the choice lasts this page only
    }
  }
  model.on("change:pause_ms", keepPause);
  let pauseKeptOff = false;
  try {
    pauseKeptOff = window.localStorage.getItem(PAUSE_KEY) === "off";
  } catch (e) {
    // storage refused: the pause as Python set it
  }
  if (pauseKeptOff && model.get("pause_ms") > 0 && !model.get("pause_off")) {
    try {
      model.set("pause_off", true);
      model.save_changes();
    } catch (e) {
      // A saved picture: nothing to turn off.
    }
  }
  const largeWatch = typeof MutationObserver === "function" ? new MutationObserver(sendLarge) : null;
  if (largeWatch) largeWatch.observe(root, { attributes: true, attributeFilter: ["class"] });
  // Once the view is in the page: its width at once (a phone then gets its compact table
  // before the learner has looked, not a tenth of a second later), and its side.
  requestAnimationFrame(() => {
    sendLarge();
    sendWidth();
    markSide();
  });
  return () => {
    clearTimeout(timer);
    if (anim) clearTimeout(anim.timer);
    if (observer) observer.disconnect();
    if (sideWatch) sideWatch.disconnect();
    if (largeWatch) largeWatch.disconnect();
    window.removeEventListener("keydown", arrows, true);
    model.off("change", changed);
    model.off("change:pause_ms", keepPause);
  };
}

export default { render };
