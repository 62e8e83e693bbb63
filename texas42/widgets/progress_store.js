// The learner's progress kept in the browser (texas42/widgets/_progress.py): the page's
// localStorage under one key ("" when a file is the store instead). On first drawing it
// sends what is stored to Python ({stored: text}, "" when nothing is), once; afterwards
// each new value Python sets is written back. When Python could not read the stored save
// it sets "aside" to another key: the save is moved there before anything is written
// (never over a key already taken); if it cannot be, nothing is written over it
// ({aside_failed: key} tells Python). A "download" message from Python saves a file (the
// export), made here from the text: nothing is fetched.
//
// Served by the classroom server (texas42/classroom/students.py: its pages carry the
// cookie texas42-classroom=1; elsewhere nothing is asked and nothing changes), the
// site's progress (class_copy: never another explorer's kept table) is also kept there,
// under the learner's name in the class: a small form
// registers (or, with the student code, logs in from another device); then each save is
// also sent (PUT /api/progress, at most one every few seconds, the latest), and on opening
// the server's copy wins when it is newer (the age of each, by its own clock). One status
// line says how it went; nothing else fails aloud.
const STUDENT_KEY = "texas42-student"; // {name, token} of this device in the class
const SAVED_AT = ".saved-at"; // (added to the key: when this browser last saved, in ms)
const SEND_AFTER_MS = 3000;

async function classFetch(path, options, token) {
  const headers = Object.assign({}, options && options.headers);
  if (token) headers["X-Student-Token"] = token;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), 8000);
  try {
    const answer = await fetch(path, Object.assign({}, options, { headers,
      cache: "no-store", signal: controller.signal }));
    let told = null;
    try {
      told = await answer.json();
    } catch (e) {
      // not JSON: not the classroom server
    }
    return { status: answer.status, told: told || {} };
  } finally {
    clearTimeout(timer);
  }
}

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
      if (model.get("class_copy")) {
        window.localStorage.setItem(key + SAVED_AT, String(Date.now()));
      }
    } catch (e) {
      // Storage full or refused: the game goes on, unsaved.
    }
    classSoon();
  }

  // -- the class server ---------------------------------------------------------------
  let student = null; // {name, token}, once this device is in the class
  let sendTimer = null;
  let status = null;
  function remembered() {
    try {
      const kept = JSON.parse(window.localStorage.getItem(STUDENT_KEY) || "null");
      return kept && typeof kept.token === "string" ? kept : null;
    } catch (e) {
      return null;
    }
  }
  function say(text) {
    if (status) status.textContent = text;
  }
  function classSoon() {
    // At most one send every SEND_AFTER_MS, the latest save then (a game played fast
    // never keeps putting it off).
    if (!student || blocked || sendTimer) return;
    sendTimer = setTimeout(() => {
      sendTimer = null;
      classSend();
    }, SEND_AFTER_MS);
  }
  async function classSend() {
    const text = model.get("data");
    if (!student || !text) return;
    try {
      const { status: code, told } = await classFetch("/api/progress", {
        method: "PUT", headers: { "Content-Type": "application/json" }, body: text,
      }, student.token);
      if (code === 200) say(`Saved to the class server, as ${student.name}.`);
      else if (code === 429) classSoon(); // (too soon: the next try sends the latest)
      else say(`Not saved to the class server: ${told.message || `it answered ${code}`}.`);
    } catch (e) {
      say("Not saved to the class server: it cannot be reached (kept in this browser).");
    }
  }
  function showForm() {
    el.style.cssText = "width:auto;height:auto;overflow:visible;margin:6px 0";
    const form = document.createElement("form");
    form.className = "t42-class-form";
    form.innerHTML =
      '<label>Your name in the class <input name="name" maxlength="24" required ' +
      'autocomplete="nickname"></label> <label>Your student code (from another device; ' +
      'leave empty the first time) <input name="code" maxlength="24" autocomplete="off" ' +
      'autocapitalize="characters" spellcheck="false"></label> <button type="submit">' +
      "Keep my progress on the class server</button>";
    status = document.createElement("p");
    status.setAttribute("role", "status");
    status.className = "t42-class-status";
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const name = form.elements.name.value;
      const code = form.elements.code.value.trim();
      try {
        const { status: answer, told } = code
          ? await classFetch("/api/students/login", { method: "POST",
              headers: { "Content-Type": "application/json" },
              body: JSON.stringify({ name, code }) })
          : await classFetch("/api/students", { method: "POST",
              headers: { "Content-Type": "application/json" }, body: JSON.stringify({ name }) });
        if (answer !== 200 && answer !== 201) {
          say(`Not in the class yet: ${told.message || `the server answered ${answer}`}.`);
          return;
        }
        student = { name: told.name, token: told.token };
        window.localStorage.setItem(STUDENT_KEY, JSON.stringify(student));
        form.remove();
        if (code) {
          // Another device: the class server's copy, when it is newer, replaces this one.
          if (await classLoad(true)) return;
        }
        say(`You are ${told.name} in the class. Your student code is ${told.code}: ` +
            "write it down to go on from another device.");
        classSend();
      } catch (e) {
        say("The class server cannot be reached: try again in a moment.");
      }
    });
    el.append(form, status);
  }
  // The class server's copy, if newer than this browser's: kept here (this browser's is
  // set aside first, under KEY.before-class), then given to Python (on opening) or the page
  // reloaded (after logging in, once Python has read the other). True when it was taken.
  async function classLoad(afterLogin) {
    const { status: code, told } = await classFetch("/api/progress", {}, student.token);
    if (code !== 200 || !told.progress) return false;
    const key = model.get("key");
    const local = read();
    const savedAt = Number(window.localStorage.getItem(key + SAVED_AT) || 0);
    const localAge = local && savedAt ? (Date.now() - savedAt) / 1000 : Infinity;
    const text = JSON.stringify(told.progress);
    if (told.age >= localAge || text === same(local)) return false;
    try {
      // (one copy only, the last one: the browser's storage is small)
      if (local) window.localStorage.setItem(`${key}.before-class`, local);
      window.localStorage.setItem(key, text);
      window.localStorage.setItem(key + SAVED_AT, String(Date.now() - told.age * 1000));
    } catch (e) {
      return false; // (storage full: this browser's copy stays)
    }
    if (afterLogin) window.location.reload();
    return true;
  }
  function same(local) {
    try {
      return JSON.stringify(JSON.parse(local)); // (the server's copy, written the same way)
    } catch (e) {
      return local;
    }
  }
  async function classStart() {
    student = remembered();
    try {
      const { status: code, told } = await classFetch("/api/students/me", {},
                                                      student && student.token);
      if (code === 200 && told.name === null) {
        student = null; // nobody in the class yet, on this device
        showForm();
      } else if (code === 200 && typeof told.name === "string" && student) {
        el.style.cssText = "width:auto;height:auto;overflow:visible";
        status = document.createElement("p");
        status.setAttribute("role", "status");
        status.className = "t42-class-status";
        el.append(status);
        student.name = told.name;
        const taken = await classLoad(false);
        say(taken ? `Your progress from the class server, as ${told.name}.`
                  : `Kept on the class server, as ${told.name}.`);
        if (!taken) classSoon();
      } else {
        student = null; // not the classroom server
      }
    } catch (e) {
      student = null; // no server to ask (a file, a static host offline)
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
  function firstSend() {
    try {
      model.send({ stored: read() });
    } catch (e) {
      // A saved picture (no Python behind it): nothing to load into.
    }
  }
  const served = model.get("key") && model.get("class_copy")
    && /(^|;\s*)texas42-classroom=1(;|$)/.test(document.cookie);
  if (!model.get("loaded")) {
    if (served) classStart().finally(firstSend);
    else firstSend();
  } else if (served) {
    classStart();
  }
  model.on("change:aside", setAside);
  model.on("change:data", write);
  model.on("msg:custom", download);
  return () => {
    clearTimeout(sendTimer);
    model.off("change:aside", setAside);
    model.off("change:data", write);
    model.off("msg:custom", download);
  };
}

export default { render };
