// The table you play by clicking (texas42/widgets/table_widget.py): the picture is the
// engine's SVG; its dominoes marked data-play are buttons (role, tabindex and spoken label
// come with the SVG). A click, Enter or Space sends {play: "6-4"} to Python. The arrow keys
// (and Home, End) move between the dominoes, as in a toolbar, so a keyboard user need not Tab
// through the whole hand. After each new picture the keyboard focus comes back to the same
// domino, or the first playable one.
function render({ model, el }) {
  el.classList.add("t42-table");
  // JupyterLab / Notebook 7: Enter and Space here are ours, not the notebook's shortcuts.
  el.setAttribute("data-lm-suppress-shortcuts", "true");
  const pic = document.createElement("div");
  pic.className = "t42-table-pic";
  pic.tabIndex = -1; // where focus waits when no domino is a button
  const note = document.createElement("p");
  note.className = "t42-table-note";
  note.setAttribute("role", "status");
  note.setAttribute("aria-live", "polite");
  el.append(pic, note);

  function draw() {
    const active = document.activeElement;
    const had = pic.contains(active);
    const was = had && active.closest ? active.closest("[data-play]") : null;
    const name = was ? was.getAttribute("data-play") : null;
    pic.innerHTML = model.get("value");
    if (!had) return;
    const buttons = Array.from(pic.querySelectorAll("[data-play]"));
    const next = buttons.find((b) => b.getAttribute("data-play") === name) ||
      buttons.find((b) => b.getAttribute("data-legal") === "true") || buttons[0];
    (next || pic).focus();
  }
  function say() {
    note.textContent = model.get("note") || "";
  }
  function choose(target) {
    const button = target && target.closest ? target.closest("[data-play]") : null;
    if (!button || !pic.contains(button)) return false;
    try {
      model.send({ play: button.getAttribute("data-play") });
    } catch (e) {
      // A saved picture (no Python behind it): nothing to do.
    }
    return true;
  }
  pic.addEventListener("click", (event) => { choose(event.target); });
  const STEPS = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
  function move(event) {
    const buttons = Array.from(pic.querySelectorAll("[data-play]"));
    const here = event.target && event.target.closest ? event.target.closest("[data-play]") : null;
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
    if (choose(event.target)) {
      event.preventDefault();
      event.stopPropagation();
    }
  });
  // The arrows are caught on the way down (window, capture phase): Jupyter Notebook 7 takes
  // them at the document for moving between cells before they would reach the table.
  function arrows(event) {
    if (!(event.key in STEPS || event.key === "Home" || event.key === "End")) return;
    if (!pic.contains(event.target)) return;
    if (move(event)) {
      event.preventDefault();
      event.stopPropagation();
    }
  }
  window.addEventListener("keydown", arrows, true);
  // The width it is drawn in: Python draws a compact table on a narrow page (a phone).
  // Sent when it settles, and only when it changed, so a resize is not a stream of redraws.
  let timer = null;
  function measure() {
    clearTimeout(timer);
    timer = setTimeout(() => {
      const width = Math.round(el.getBoundingClientRect().width);
      if (width > 0 && width !== model.get("width")) {
        try {
          model.set("width", width);
          model.save_changes();
        } catch (e) {
          // A saved picture (no Python behind it): it keeps the table it was saved with.
        }
      }
    }, 100);
  }
  const observer = typeof ResizeObserver === "function" ? new ResizeObserver(measure) : null;
  if (observer) observer.observe(el);
  model.on("change:value", draw);
  model.on("change:note", say);
  draw();
  say();
  measure();
  return () => {
    clearTimeout(timer);
    if (observer) observer.disconnect();
    window.removeEventListener("keydown", arrows, true);
    model.off("change:value", draw);
    model.off("change:note", say);
  };
}

export default { render };
