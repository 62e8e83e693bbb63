// Precompile the Python that the live explorers import, with the browser's own Python.
//
//   node scripts/lite_pycompile.mjs <pyodide dir>
//
// Called by scripts/build_lite.py (prepare) once <pyodide dir> holds the runtime, the
// wheels and pyodide-lock.json. The wheels from PyPI and Pyodide's python_stdlib.zip
// hold .py sources only, so in the browser every import compiles its module first:
// seconds of the kernel's start (IPython alone takes several). This runs the Pyodide of
// <pyodide dir> under Node (the same runtime, hence the same bytecode), loads every
// package of the lock, imports what the kernel and the explorers import (WARM_UP), and
// adds to each archive an unchecked-hash .pyc (PEP 552: used without comparing it to its
// source) for each module that was imported: in wheels at the importlib cache path
// (pkg/__pycache__/mod.cpython-314.pyc, listed in RECORD), in the stdlib zip beside the
// module (mod.pyc, where zipimport looks). Only imported modules: a .pyc for everything
// would make the archives much bigger and slower to unpack. The sources stay, so
// tracebacks and completion still show them. The archives are rewritten in place; the
// caller then recomputes their checksums. Exits non-zero on any failure.

import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir] = process.argv.slice(2);
if (!pyodideDir) {
  console.error("usage: node lite_pycompile.mjs <pyodide dir>");
  process.exit(2);
}

// What a session imports: every explorer drawn once (with comm's default, so no
// frontend is needed), then the kernel itself (pyodide_kernel: IPython's shell app) and
// one cell run by it, micropip and piplite.
const WARM_UP = String.raw`
import sys, warnings
warnings.simplefilter("ignore")
import asyncio, json, micropip, packaging.version, comm, jedi, piplite.piplite
import ipywidgets
import texas42
from texas42 import widgets
for explorer in widgets.EXPLORERS:
    explorer()
_streams = sys.stdout, sys.stderr
import pyodide_kernel
sys.stdout, sys.stderr = _streams
`;

const COMPILE = String.raw`
import base64, hashlib, importlib.util, io, os, sys, warnings, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

SITE = "/lib/python%d.%d/site-packages/" % sys.version_info[:2]
STDLIB = "/lib/python%d%d.zip/" % sys.version_info[:2]

def imported_files():
    files = set()
    for module in list(sys.modules.values()):
        name = getattr(module, "__file__", None)
        if name and name.endswith(".py"):
            files.add(name)
    return files

def _record_line(name, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return "%s,sha256=%s,%d" % (name, digest, len(data))

def precompile(archive, wanted):
    stdlib = os.path.basename(archive) == "python_stdlib.zip"
    prefix = STDLIB if stdlib else SITE
    with zipfile.ZipFile(archive) as zin:
        items = [(info, zin.read(info.filename)) for info in zin.infolist()]
    out = io.BytesIO()
    added = 0
    record_name, record, extra = None, b"", []
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zout:
        for info, data in items:
            if info.filename.endswith(".dist-info/RECORD"):
                record_name, record = info.filename, data
                continue
            zout.writestr(info, data)
            if prefix + info.filename not in wanted:
                continue
            if stdlib:
                target = info.filename[:-3] + ".pyc"
            else:
                target = importlib.util.cache_from_source(info.filename)
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                code = compile(data, prefix + info.filename, "exec", dont_inherit=True)
            pyc = _code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)
            entry = zipfile.ZipInfo(target, date_time=info.date_time)
            entry.compress_type = zipfile.ZIP_DEFLATED
            entry.external_attr = info.external_attr
            zout.writestr(entry, pyc)
            extra.append(_record_line(target, pyc))
            added += 1
        if record_name is not None:
            lines = record.decode().rstrip("\n").split("\n") + extra
            zout.writestr(record_name, "\n".join(lines) + "\n")
        elif not stdlib:
            raise RuntimeError(archive + " has no RECORD: not a wheel?")
    with open(archive, "wb") as handle:
        handle.write(out.getvalue())
    return added
`;

const indexURL = path.resolve(pyodideDir) + path.sep;
const lock = JSON.parse(fs.readFileSync(path.join(indexURL, "pyodide-lock.json"), "utf8"));
const { loadPyodide } = await import(pathToFileURL(path.join(indexURL, "pyodide.mjs")).href);
const pyodide = await loadPyodide({
  indexURL,
  stdout: () => {},
  stderr: (s) => console.error(s),
});
await pyodide.loadPackage(Object.keys(lock.packages), {
  messageCallback: () => {},
  errorCallback: (s) => console.error(s),
});
pyodide.runPython(WARM_UP);
await pyodide.runPythonAsync("await pyodide_kernel.kernel_instance.run('x = 1 + 1')");
pyodide.runPython(COMPILE);
const wanted = pyodide.runPython("imported_files()");
const precompile = pyodide.globals.get("precompile");

pyodide.FS.mkdirTree("/host");
pyodide.mountNodeFS("/host", indexURL);
const archives = [
  ...Object.values(lock.packages).map((entry) => entry.file_name),
  "python_stdlib.zip",
];
let total = 0;
for (const name of archives) {
  total += precompile(`/host/${name}`, wanted);
}
console.log(`lite_pycompile: ${total} imported modules precompiled in ${archives.length} archives`);
