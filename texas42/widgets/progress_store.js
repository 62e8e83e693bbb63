// The learner's progress kept in the browser (texas42/widgets/_progress.py): the page's
// localStorage under one key ("" when a file is the store instead). On first drawing it
// sends what is stored to Python ({stored: text}, "" when nothing is), once; afterwards
// each new value Python sets is written back. When Python could not read the stored save
// it sets "aside" to another key: the save is moved there before anything is written
// (never over a key already taken); if it cannot be, nothing is written over it
// ({aside_failed: key} tells Python). A "download" message from Python saves a file (the
// export), made here from the text: nothing is fetched.
function render({ model, el }) {
  el.classList.add("t42-progress-store");
  let blocked = false; // the unreadable save could not be moved: never write over it
  function read() {
    try {
      return window.localStorage.getItem(model.get("key")) || "";
    } catch (e) {
      return ""; // storage refused (a private window's policy): nothing kept
    }
  }
  function setAside() {
    const aside = model.get("aside");
    const key = model.get("key");
    if (!aside || !key) return;
    let store;
    try {
      store = window.localStorage;
      // Moved already (by another view of this store), or the key is taken: keep both.
      if (store.getItem(aside) !== null) return;
    } catch (e) {
      return; // no storage: nothing to move, nothing is written either
    }
    const old = store.getItem(key);
    if (old === null) return;
    try {
      store.removeItem(key); // first: the copy then fits where the original was
      store.setItem(aside, old);
    } catch (e) {
      try {
        store.setItem(key, old);
      } catch (e2) {
        // (it fitted a moment ago)
      }
      blocked = true;
      try {
        model.send({ aside_failed: aside, reason: String((e && e.name) || e) });
      } catch (e3) {
        // a saved picture: no Python to tell
      }
    }
  }
  function write() {
    setAside(); // always before a write: an unreadable save is never written over
    const text = model.get("data");
    const key = model.get("key");
    if (blocked || !key || !model.get("loaded") || !text) return; // never before Python read it
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
  model.on("change:aside", setAside);
  model.on("change:data", write);
  model.on("msg:custom", download);
  return () => {
    model.off("change:aside", setAside);
    model.off("change:data", write);
    model.off("msg:custom", download);
  };
}

export default { render };
