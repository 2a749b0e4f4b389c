"""A Scryfall-shaped HTTP server on 127.0.0.1 for tests: the real client code talks to it.

Serves `GET /bulk-data` (the bulk-data index), `GET /files/<name>` (bulk files),
`POST /cards/collection` (looked up in `server.cards`, a name -> card object map, with
Scryfall's `not_found` list), and any other `GET` path in `server.pages` (path -> body:
the YGOPRODeck API's `/api/v7/checkDBVer.php` and `/api/v7/cardinfo.php`, query ignored). Faults are scripted per path: `server.fail(path, status,
...)` queues answers that are used up before the normal one, e.g. a 500, a 429 with
Retry-After, a stall longer than the client's timeout, a body cut short, or invalid JSON.
A fault may also be an endless body (`endless=True`). Every request is recorded (method,
path, monotonic time, headers, body).
"""
from __future__ import annotations

import json
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass
class Fault:
    status: int = 500
    body: bytes = b'{"object": "error", "status": 500, "details": "boom"}'
    headers: dict[str, str] = field(default_factory=dict)
    stall: float = 0.0          # seconds to wait before answering (timeouts)
    cut_after: int | None = None  # send only this many bytes of the body, then close
    endless: bool = False       # after the body, send spaces until the client hangs up


@dataclass
class Request:
    method: str
    path: str
    at: float
    headers: dict[str, str]
    body: bytes


class ScryfallServer:
    def __init__(self) -> None:
        self.files: dict[str, bytes] = {}
        self.bulk_updated_at = "2026-06-01T09:00:00.000+00:00"
        self.cards: dict[str, dict[str, Any]] = {}
        self.pages: dict[str, bytes] = {}
        self.faults: dict[str, list[Fault]] = {}
        self.requests: list[Request] = []
        self._lock = threading.Lock()
        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self.httpd.daemon_threads = True
        self.httpd.handle_error = self._handle_error  # type: ignore[method-assign]
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        host, port = self.httpd.server_address[:2]
        return f"http://{host}:{port}"

    def start(self) -> ScryfallServer:
        self.thread.start()
        return self

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()

    @staticmethod
    def _handle_error(request: object, address: object) -> None:
        """A client hanging up on an endless or too big answer is what the test wants;
        anything else is printed as the standard server does."""
        import sys
        import traceback

        if not isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            traceback.print_exc()

    def fail(self, path: str, status: int = 500, *, times: int = 1, **kwargs: Any) -> None:
        with self._lock:
            self.faults.setdefault(path, []).extend(Fault(status=status, **kwargs) for _ in range(times))

    def hits(self, path: str, method: str | None = None) -> list[Request]:
        return [r for r in self.requests if r.path == path and (method is None or r.method == method)]

    def bulk_index(self) -> dict[str, Any]:
        entries = []
        for name, data in self.files.items():
            kind = name.split(".")[0].replace("-", "_")
            entries.append({
                "object": "bulk_data", "type": kind, "updated_at": self.bulk_updated_at,
                "download_uri": f"{self.url}/files/{name}", "size": len(data),
                "content_type": "application/json", "content_encoding": "gzip",
                "name": kind.replace("_", " ").title(), "uri": f"{self.url}/bulk-data/{kind}",
            })
        return {"object": "list", "has_more": False, "data": entries}

    def collection(self, body: bytes) -> dict[str, Any]:
        identifiers = json.loads(body)["identifiers"]
        if len(identifiers) > 75:
            raise ValueError("more than 75 identifiers")
        data, missing = [], []
        lowered = {name.lower(): card for name, card in self.cards.items()}
        for ident in identifiers:
            card = lowered.get(ident["name"].lower())
            (data if card else missing).append(card or ident)
        return {"object": "list", "not_found": missing, "data": data}

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: Any) -> None:  # keep test output clean
                pass

            def _answer(self, status: int, body: bytes, headers: dict[str, str] | None = None, cut_after: int | None = None) -> None:
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                for key, value in (headers or {}).items():
                    self.send_header(key, value)
                if cut_after is not None:
                    self.send_header("Connection", "close")
                self.end_headers()
                self.wfile.write(body if cut_after is None else body[:cut_after])
                self.wfile.flush()
                if cut_after is not None:
                    self.close_connection = True

            def _endless(self, start: bytes) -> None:
                """A body that never ends (no length, spaces until the client hangs up)."""
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Connection", "close")
                self.end_headers()
                self.close_connection = True
                try:
                    self.wfile.write(start)
                    while True:
                        self.wfile.write(b" " * 65536)
                except OSError:
                    return

            def _serve(self, method: str) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length) if length else b""
                path = self.path.split("?")[0]
                with server._lock:
                    server.requests.append(Request(method, path, time.monotonic(), dict(self.headers), body))
                    queue = server.faults.get(path)
                    fault = queue.pop(0) if queue else None
                if fault is not None:
                    if fault.stall:
                        time.sleep(fault.stall)
                    if fault.endless:
                        self._endless(fault.body)
                    else:
                        self._answer(fault.status, fault.body, fault.headers, fault.cut_after)
                    return
                if method == "GET" and path == "/bulk-data":
                    self._answer(200, json.dumps(server.bulk_index()).encode())
                elif method == "GET" and path.startswith("/files/") and path[7:] in server.files:
                    self._answer(200, server.files[path[7:]])
                elif method == "GET" and path in server.pages:
                    self._answer(200, server.pages[path])
                elif method == "POST" and path == "/cards/collection":
                    try:
                        self._answer(200, json.dumps(server.collection(body)).encode())
                    except (ValueError, KeyError) as exc:
                        self._answer(400, json.dumps({"object": "error", "details": str(exc)}).encode())
                else:
                    self._answer(404, b'{"object": "error", "status": 404}')

            def do_GET(self) -> None:
                self._serve("GET")

            def do_POST(self) -> None:
                self._serve("POST")

        return Handler
