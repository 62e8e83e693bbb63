// The learner's progress kept in the browser (texas42/widgets/_progress.py): the page's
// localStorage under one key. On first drawing it sends what is stored to Python
// ({stored: text}, "" when nothing is), once; afterwards each new value Python sets is
// written back. A "download" message from Python saves a file (the export), made here
// from the text: nothing is fetched.
function render({ model, el }) {
  el.classList.add("t42-progress-store");
  const key = model.get("key");
  function read() {
    try {
      return window.localStorage.getItem(key) || "";
    } catch (e) {
      return ""; // storage refused (a private window's policy): nothing kept
    }
  }
  function write() {
    const text = model.get("data");
    if (!model.get("loaded") || !text) return; // never overwrite before Python has read it
    try {
      window.localStorage.setItem(key, text);
    } catch (e) {
      // Storage full or refused: the game goes on, unsaved.
    }
  }
  function download(msg) {
    if (!msg || typeof msg.download !== "string") return;
    const blob = new Blob([msg.download], { type: "application/json" });
    const a = document.createElement("a");
    a.href = URL.createObjectURL(blob);
    a.download = typeof msg.name === "string" ? msg.name : "texas42-progress.json";
    el.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  }
  if (!model.get("loaded")) {
    try {
      model.send({ stored: read() });
    } catch (e) {
      // A saved picture (no Python behind it): nothing to load into.
    }
  }
  model.on("change:data", write);
  model.on("msg:custom", download);
  return () => {
    model.off("change:data", write);
    model.off("msg:custom", download);
  };
}

export default { render };
