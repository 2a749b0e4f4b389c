"""A hostile card server on 127.0.0.1 for scripts/hostile_inputs.py: what a compromised or
spoofed Scryfall could answer.

Routes (GET unless said):
    /bulk-data            an index whose entry points at `server.download_uri` (default: /files/cards.json)
    /bomb/bulk-data       the index as a gzip bomb (`Content-Encoding: gzip`, gigabytes once decoded)
    /files/cards.json     a small valid bulk file
    /files/endless.json   an endless body (`[` then spaces, forever, at a bounded rate)
    /files/bomb.json      a gzip bomb as the bulk file
    /redirect/<port>      302 to http://127.0.0.1:<port>/internal (another origin)
    POST /cards/collection  "not found" for every name, after `delay` seconds
Every request is counted in `server.hits` (path -> count).
"""
from __future__ import annotations

import json
import threading
import time
import zlib
from collections import Counter
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

CARD = {
    "object": "card", "id": "00000000-0000-4000-8000-000000000001", "oracle_id": "10000000-0000-4000-8000-000000000001",
    "name": "Island", "lang": "en", "released_at": "1993-08-05", "layout": "normal", "mana_cost": "", "cmc": 0,
    "type_line": "Basic Land — Island", "colors": [], "color_identity": ["U"], "set": "lea", "set_name": "Alpha",
    "rarity": "common", "collector_number": "1", "digital": False, "oracle_text": "({T}: Add {U}.)",
    "legalities": {"modern": "legal"}, "games": ["paper"],
}


def gzip_bomb(decoded_bytes: int, filler: bytes = b" ") -> bytes:
    """A gzip member that inflates to `decoded_bytes` of `filler` (about 1000:1)."""
    compressor = zlib.compressobj(9, zlib.DEFLATED, 31)
    block = filler * (1 << 20)
    parts = [compressor.compress(block) for _ in range(decoded_bytes >> 20)]
    parts.append(compressor.flush())
    return b"".join(parts)


class HostileServer:
    def __init__(self, *, bomb_bytes: int = 3 << 30, endless_rate: int = 16 << 20, delay: float = 0.5):
        self.hits: Counter[str] = Counter()
        self.download_uri: str | None = None
        self.delay = delay
        self.endless_rate = endless_rate
        self._bomb_bytes = bomb_bytes
        self._bomb: bytes | None = None
        self._lock = threading.Lock()
        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self.httpd.daemon_threads = True
        self.httpd.handle_error = lambda request, address: None  # clients hanging up is the point
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}"

    @property
    def bomb(self) -> bytes:
        with self._lock:
            if self._bomb is None:
                self._bomb = gzip_bomb(self._bomb_bytes)
            return self._bomb

    def index(self) -> bytes:
        entry = {
            "object": "bulk_data", "type": "oracle_cards", "updated_at": f"2026-01-01T00:00:{time.time() % 60:06.3f}+00:00",
            "download_uri": self.download_uri or f"{self.url}/files/cards.json", "size": 4096,
            "content_type": "application/json", "content_encoding": "gzip",
        }
        return json.dumps({"object": "list", "has_more": False, "data": [entry]}).encode()

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: Any) -> None:
                pass

            def _send(self, status: int, body: bytes, **headers: str) -> None:
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                for key, value in headers.items():
                    self.send_header(key.replace("_", "-"), value)
                self.end_headers()
                self.wfile.write(body)

            def _endless(self) -> None:
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Connection", "close")
                self.end_headers()
                chunk = b"[" + b" " * ((1 << 20) - 1)
                started, sent = time.monotonic(), 0
                try:
                    while True:
                        self.wfile.write(chunk)
                        chunk = b" " * (1 << 20)
                        sent += len(chunk)
                        ahead = sent / server.endless_rate - (time.monotonic() - started)
                        if ahead > 0:
                            time.sleep(ahead)
                except OSError:
                    return

            def do_GET(self) -> None:
                path = self.path.split("?")[0]
                server.hits[path] += 1
                if path == "/bulk-data":
                    self._send(200, server.index())
                elif path == "/bomb/bulk-data":
                    self._send(200, server.bomb, Content_Encoding="gzip")
                elif path == "/files/cards.json":
                    self._send(200, json.dumps([CARD]).encode())
                elif path == "/files/bomb.json":
                    self._send(200, server.bomb, Content_Encoding="gzip")
                elif path == "/files/endless.json":
                    self._endless()
                elif path.startswith("/redirect/"):
                    self.send_response(302)
                    self.send_header("Location", f"http://127.0.0.1:{path.rsplit('/', 1)[1]}/internal")
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                else:
                    self._send(404, b'{"object": "error"}')

            def do_POST(self) -> None:
                path = self.path.split("?")[0]
                server.hits[path] += 1
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                time.sleep(server.delay)
                try:
                    names = json.loads(body)["identifiers"]
                except (ValueError, KeyError):
                    names = []
                self._send(200, json.dumps({"object": "list", "not_found": names, "data": []}).encode())

        return Handler
