// A memory snapshot of the browser's Python, kept in IndexedDB (t42live-worker.mjs).
//
// Where shared workers are missing (Chrome on Android), each page has its own worker and
// Python would start from nothing on every page. The first page's worker saves a snapshot
// of Python's memory once the explorers are imported (before Python holds any JavaScript
// object); a later page restores it (Pyodide's loadPyodide({_loadSnapshot})) and only
// unpacks the wheels' files again. The snapshot is keyed by the build: the runtime's URL,
// the live lock (it names each wheel by its checksum) and the bridge's source, so a new
// build never restores an old Python; Pyodide itself refuses a snapshot of another build.

const DB = "texas42-python";
const STORE = "snapshots";
const ENTRY = "live";

function hash(text) {
  // FNV-1a, 2 x 32 bits: a version key, not a secret (crypto.subtle needs a secure context,
  // which a classroom's http://192.168... is not).
  let a = 0x811c9dc5, b = 0x01000193 ^ text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193) >>> 0;
    b = Math.imul(b ^ c ^ (i & 0xff), 0x01000193) >>> 0;
  }
  return a.toString(16).padStart(8, "0") + b.toString(16).padStart(8, "0");
}

export async function keyOf(pyodideURL, bridgeSource) {
  const lock = await (await fetch(pyodideURL + "t42live-lock.json")).text();
  return hash(pyodideURL + "\n" + lock + "\n" + bridgeSource);
}

function open() {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

function done(request) {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** The snapshot saved for ``key`` (a Uint8Array), or null. */
export async function read(key) {
  try {
    const db = await open();
    const entry = await done(db.transaction(STORE).objectStore(STORE).get(ENTRY));
    db.close();
    return entry && entry.key === key ? entry.bytes : null;
  } catch (error) {
    return null; // no IndexedDB (private mode): start from nothing
  }
}

/** Keep ``bytes`` as the one snapshot (any older build's is replaced). */
export async function write(key, bytes) {
  const db = await open();
  await done(db.transaction(STORE, "readwrite").objectStore(STORE).put({ key, bytes }, ENTRY));
  db.close();
}

export async function forget() {
  try {
    const db = await open();
    await done(db.transaction(STORE, "readwrite").objectStore(STORE).delete(ENTRY));
    db.close();
  } catch (error) {
    /* nothing kept */
  }
}

/** ``load()`` (loadPyodide with ``bytes`` as ``_loadSnapshot``) with room for the snapshot.
 * Pyodide 314.0.6's WebAssembly module declares its own memory (30 MB) and ignores the
 * INITIAL_MEMORY that its loader sets to the snapshot's size, so a Python whose memory grew
 * past 30 MB before its snapshot was made could not be restored ("offset is out of bounds":
 * the snapshot's memory is copied into a smaller one). While ``load`` runs, each new
 * instance's exported memory is grown to the snapshot's before Pyodide reads it. */
export async function withRoomFor(bytes, load) {
  const header = new Uint32Array(bytes.buffer, bytes.byteOffset, 4)[1];
  const need = bytes.length - header; // the memory's bytes in the snapshot
  const grow = (result) => {
    const instance = result instanceof WebAssembly.Instance ? result : result.instance;
    for (const value of Object.values(instance.exports)) {
      if (value instanceof WebAssembly.Memory && value.buffer.byteLength < need) {
        value.grow(Math.ceil((need - value.buffer.byteLength) / 65536));
      }
    }
    return result;
  };
  const { instantiate, instantiateStreaming } = WebAssembly;
  WebAssembly.instantiate = (...args) => instantiate.apply(WebAssembly, args).then(grow);
  WebAssembly.instantiateStreaming = (...args) =>
    instantiateStreaming.apply(WebAssembly, args).then(grow);
  try {
    return await load();
  } finally {
    WebAssembly.instantiate = instantiate;
    WebAssembly.instantiateStreaming = instantiateStreaming;
  }
}

/** Pyodide's memory snapshot. Pyodide 314.0.6 expects an empty object at its JavaScript
 * reference table's index 6, which holds the map of loaded packages once packages are
 * loaded (as here, before any of our own references): accept the entry that is there. */
export function make(pyodide) {
  const api = pyodide._api;
  const expected = api.getExpectedKeys;
  api.getExpectedKeys = function () {
    const keys = expected.call(this);
    keys[6] = pyodide._module.__hiwire_get(6);
    return keys;
  };
  try {
    return pyodide.makeMemorySnapshot();
  } finally {
    api.getExpectedKeys = expected;
  }
}
