"""The Python half of the site's live explorers: ipywidgets without a Jupyter kernel.

Runs inside the browser's Python (Pyodide, in ``t42live-worker.mjs``); plain CPython in the
tests (tests/test_live_bridge.py). ipywidgets talks to its front end through the ``comm``
package: this module points ``comm.create_comm`` / ``comm.get_comm_manager`` at comms whose
messages go to a ``send(message_json, buffers)`` function given by the host, and delivers
the front end's messages back to the widgets. Each page (a *client*) has its own namespace,
its own comms and its own widgets; a client that leaves is dropped with all its widgets.

The live path loads no kernel: the worker's lock (``t42live-lock.json``) leaves out IPython
and what only a kernel uses (jedi, prompt-toolkit, pygments, stack-data...). ipywidgets
still imports a few names from IPython, and the book's setup cells ``HTML``:
``stand_in_for_ipython`` provides exactly those, doing what IPython does when no shell runs.
The worker's standard library may be cut down to what the explorers import
(``python_stdlib_live.zip``); ``StdlibFallback`` fetches the whole one the first time a
module it left out is imported.
"""

from __future__ import annotations

import ast
import importlib.abc
import importlib.machinery
import importlib.util
import json
import sys
import traceback
import types
from collections.abc import Callable, Sequence
from typing import Any

import comm
from comm.base_comm import BaseComm, CommManager

Send = Callable[[str, list[bytes]], None]
VIEW_MIME = "application/vnd.jupyter.widget-view+json"


class Bridge:
    """Routes widget messages between Python and the pages (clients) of one visit."""

    def __init__(self, send: Send) -> None:
        self.send = send
        self.manager = CommManager()
        self.namespaces: dict[str, dict[str, Any]] = {}
        self.setup_done: dict[str, int] = {}  # client -> setup cells already run
        self.owner: dict[str, str] = {}  # comm id -> client
        self.client: str | None = None  # the client whose code or message runs now
        self.parent: str | None = None  # the front end message being handled
        bridge = self

        class LiveComm(BaseComm):
            def publish_msg(
                self,
                msg_type: str,
                data: Any = None,
                metadata: Any = None,
                buffers: list[Any] | None = None,
                **keys: Any,
            ) -> None:
                bridge.publish(self.comm_id, msg_type, data, metadata, buffers, keys)

        self.comm_class = LiveComm

    def install(self) -> None:
        """Make every new widget open its comm through this bridge."""
        comm.create_comm = lambda **kwargs: self.comm_class(**kwargs)
        comm.get_comm_manager = lambda: self.manager

    # ------------------------------------------------------------------ to the page
    def publish(
        self,
        comm_id: str,
        msg_type: str,
        data: Any,
        metadata: Any,
        buffers: list[Any] | None,
        keys: dict[str, Any],
    ) -> None:
        client = self.owner.get(comm_id)
        if client is None:
            if self.client is None:  # a comm of a page that left: nobody to tell
                return
            client = self.owner[comm_id] = self.client
        message = {
            "client": client,
            "msg_type": msg_type,
            "comm_id": comm_id,
            "data": data if data is not None else {},
            "metadata": metadata if metadata is not None else {},
            "parent": self.parent,
            **{k: v for k, v in keys.items() if isinstance(v, (str, int, float, bool))},
        }
        self.send(json.dumps(message), [bytes(b) for b in (buffers or [])])
        if msg_type == "comm_close":
            self.owner.pop(comm_id, None)

    # ------------------------------------------------------------------ from the page
    def run(self, client: str, setup: list[str], code: str) -> str:
        """Run the setup cells not yet run for ``client``, then ``code``; return the model id
        of the widget that ``code`` evaluates to. Errors are raised as RuntimeError with the
        cell's traceback (the page shows a plain message, never the traceback)."""
        namespace = self.namespaces.setdefault(client, {"__name__": "__main__"})
        self.client, self.parent = client, None
        try:
            done = self.setup_done.get(client, 0)
            for source in setup[done:]:
                self._execute(source, namespace)
                done += 1
                self.setup_done[client] = done
            result = self._execute(code, namespace)
        finally:
            self.client = None
        model_id = view_model_id(result)
        if model_id is None:
            raise RuntimeError(f"the cell's result is not a widget: {type(result).__name__}")
        return model_id

    @staticmethod
    def _execute(source: str, namespace: dict[str, Any]) -> Any:
        """Run a cell; return the value of its last expression (as a notebook shows it)."""
        tree = ast.parse(source, mode="exec")
        last = None
        final = tree.body[-1] if tree.body else None
        if isinstance(final, ast.Expr):
            tree.body.pop()
            last = ast.Expression(final.value)
        exec(compile(tree, "<cell>", "exec"), namespace)
        return eval(compile(last, "<cell>", "eval"), namespace) if last is not None else None

    def deliver(self, comm_id: str, data: Any, buffers: list[bytes], msg_id: str) -> str | None:
        """A front-end message for one comm; returns an error text (or None when fine)."""
        target = self.manager.comms.get(comm_id)
        if target is None:
            return f"no widget {comm_id}"
        self.client, self.parent = self.owner.get(comm_id), msg_id
        try:
            target.handle_msg(
                {
                    "header": {"msg_id": msg_id, "msg_type": "comm_msg"},
                    "parent_header": {},
                    "metadata": {},
                    "content": {"comm_id": comm_id, "data": data},
                    "buffers": [memoryview(b) for b in buffers],
                }
            )
        except Exception:
            return traceback.format_exc()
        finally:
            self.client, self.parent = None, None
        return None

    def idle(self, seconds: float) -> bool:
        """Nothing from the page is waiting: run the explorers' idle work (the coach
        judging the learner's decisions as the hand goes on, ``texas42.widgets._background``)
        for about ``seconds``. Returns whether work is left (the worker calls again)."""
        background = sys.modules.get("texas42.widgets._background")
        if background is None:
            return False
        return bool(background.BACKGROUND.step(seconds))

    def drop(self, client: str) -> int:
        """The page left: close its widgets and forget its namespace. Returns how many."""
        from ipywidgets.widgets.widget import _instances

        mine = {c for c, owner in self.owner.items() if owner == client}
        for comm_id in mine:
            self.owner.pop(comm_id)  # closing tells nobody: the page is gone
        closed = 0
        for widget in list(_instances.values()):
            if getattr(widget.comm, "comm_id", None) in mine:
                widget.close()
                closed += 1
        for comm_id in mine:
            stale = self.manager.comms.get(comm_id)
            if stale is not None:
                self.manager.unregister_comm(stale)
        self.namespaces.pop(client, None)
        self.setup_done.pop(client, None)
        return closed


def view_model_id(value: Any) -> str | None:
    """The model id of the widget view that ``value`` displays as (as Jupyter shows it)."""
    shown = getattr(value, "_repr_mimebundle_", None)
    if callable(shown):
        bundle = shown()
        data = bundle[0] if isinstance(bundle, tuple) else bundle
        view = data.get(VIEW_MIME) if isinstance(data, dict) else None
        if isinstance(view, dict) and isinstance(view.get("model_id"), str):
            return str(view["model_id"])
    model_id = getattr(value, "model_id", None)
    return model_id if isinstance(model_id, str) else None


def install(send: Send) -> Bridge:
    """Create the bridge of this Python and route every new widget through it."""
    bridge = Bridge(send)
    bridge.install()
    return bridge


# ---------------------------------------------------------------------- without a kernel
class _DisplayObject:
    """IPython.display's DisplayObject, as far as the book uses it: data shown as one MIME."""

    mime = "text/plain"

    def __init__(
        self, data: Any = None, url: str | None = None, filename: str | None = None,
        metadata: Any = None,
    ) -> None:
        self.data, self.url, self.filename, self.metadata = data, url, filename, metadata

    def __repr__(self) -> str:
        return f"<{type(self).__module__}.{type(self).__name__} object>"

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, Any]:
        return {self.mime: self.data, "text/plain": repr(self)}


class _HTML(_DisplayObject):
    mime = "text/html"

    def _repr_html_(self) -> Any:
        return self.data


def _display(*objs: Any, **kwargs: Any) -> None:
    """IPython's display() with no shell running: print the objects."""
    print(*objs)


def _clear_output(wait: bool = False) -> None:
    """IPython's clear_output() with no shell running: clear the terminal line."""
    print("\033[2K\r", end="", flush=True)


class _InteractiveShell:
    """No shell runs here (ipywidgets' Output widget asks)."""

    @classmethod
    def initialized(cls) -> bool:
        return False


STAND_IN_MARK = "__t42_stand_in__"


def stand_in_for_ipython() -> bool:
    """Where IPython is not installed (the live worker), provide the few names ipywidgets
    and the book's setup cells import from it. Returns True if the stand-in was installed;
    a real IPython is always preferred."""
    try:
        if "IPython" in sys.modules or importlib.util.find_spec("IPython") is not None:
            return False
    except (ImportError, ValueError):
        pass
    parts: dict[str, dict[str, Any]] = {
        "IPython": {"get_ipython": lambda: None, "version_info": (0, 0, 0, "stand-in")},
        "IPython.display": {
            "display": _display, "clear_output": _clear_output, "HTML": _HTML,
            "DisplayObject": _DisplayObject,
        },
        "IPython.core": {},
        "IPython.core.interactiveshell": {"InteractiveShell": _InteractiveShell},
    }
    for name, names in parts.items():
        module = types.ModuleType(name, "A stand-in for IPython: no kernel runs here.")
        module.__spec__ = importlib.machinery.ModuleSpec(name, None, is_package=name.count(".") < 2
                                                          and name != "IPython.display")
        if module.__spec__.submodule_search_locations is not None:
            module.__path__ = []
        module.__dict__.update(names)
        setattr(module, STAND_IN_MARK, True)
        sys.modules[name] = module
        parent, _, child = name.rpartition(".")
        if parent:
            setattr(sys.modules[parent], child, module)
    return True


class StdlibFallback(importlib.abc.MetaPathFinder):
    """The last finder on ``sys.meta_path``: a top-level standard-library module that the
    cut-down zip left out is imported from the whole standard library, fetched (by
    ``fetch``, which returns its bytes) and written to ``path`` on first need."""

    def __init__(self, missing: Sequence[str], fetch: Callable[[], Any], path: str) -> None:
        self.missing = frozenset(missing)
        self.fetch = fetch
        self.path = path
        self.loaded = False

    def find_spec(
        self, fullname: str, path: Sequence[str] | None = None, target: Any = None
    ) -> importlib.machinery.ModuleSpec | None:
        if path is not None or fullname not in self.missing:
            return None  # a submodule: its package's own path finds it
        if not self.loaded:
            data = self.fetch()
            to_bytes = getattr(data, "to_bytes", None)  # a JavaScript Uint8Array in Pyodide
            with open(self.path, "wb") as handle:
                handle.write(to_bytes() if callable(to_bytes) else bytes(data))
            sys.path.append(self.path)
            importlib.invalidate_caches()
            self.loaded = True
        return importlib.machinery.PathFinder.find_spec(fullname, [self.path])


def fetcher(url: str) -> Callable[[], bytes]:
    """A function that fetches ``url`` synchronously in the browser's worker (an import
    cannot wait). It holds no JavaScript object until it is called, so a memory snapshot
    of Python can be made with it installed."""

    def fetch() -> bytes:
        from js import Uint8Array, XMLHttpRequest  # type: ignore[import-not-found]

        request = XMLHttpRequest.new()
        request.open("GET", url, False)
        request.responseType = "arraybuffer"  # allowed for synchronous requests in workers
        request.send()
        if request.status != 200:
            raise ImportError(f"cannot load {url} ({request.status})")
        data: bytes = Uint8Array.new(request.response).to_bytes()
        return data

    return fetch


def install_stdlib_fallback(fetch: Callable[[], Any], path: str) -> StdlibFallback | None:
    """Add a StdlibFallback when the standard library is the cut-down one (it holds
    ``_t42_stdlib_rest``, the names it left out); None otherwise."""
    try:
        import _t42_stdlib_rest  # type: ignore[import-not-found]
    except ImportError:
        return None
    finder = StdlibFallback(_t42_stdlib_rest.MISSING, fetch, path)
    sys.meta_path.append(finder)
    return finder
