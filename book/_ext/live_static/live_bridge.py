"""The Python half of the site's live explorers: ipywidgets without a Jupyter kernel.

Runs inside the browser's Python (Pyodide, in ``t42live-worker.mjs``); plain CPython in the
tests (tests/test_live_bridge.py). ipywidgets talks to its front end through the ``comm``
package: this module points ``comm.create_comm`` / ``comm.get_comm_manager`` at comms whose
messages go to a ``send(message_json, buffers)`` function given by the host, and delivers
the front end's messages back to the widgets. Each page (a *client*) has its own namespace,
its own comms and its own widgets; a client that leaves is dropped with all its widgets.
"""

from __future__ import annotations

import ast
import json
import traceback
from collections.abc import Callable
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
