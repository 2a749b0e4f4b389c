"""Issue #18 items 7, 10 and 12: a hostile card server, against local servers on
127.0.0.1 only. Answers are bounded decoded, the bulk file goes around the HTTP cache into a
fresh temporary file, only Scryfall's hosts over https (or the configured base's origin) are
ever asked, TLS failures say so, and online lookups are off in the library and bounded in
the CLI (docs/security.md)."""
from __future__ import annotations

import json
import os
import shutil
import ssl
import threading
import zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from conftest import SAMPLE_CARDS
from deckcheck import validate
from deckcheck.cards import http

# The limits of deckcheck/limits.py (docs/security.md), as the tests expect them.
MAX_API_RESPONSE_BYTES = 16 * 1024 * 1024
MAX_ONLINE_NAMES_PER_DECK = 225
MAX_ONLINE_REQUESTS_PER_RUN = 10

CERTS = Path(__file__).parent / "certs"


@pytest.fixture
def db(tmp_path, monkeypatch) -> Path:
    path = tmp_path / "data" / "cards.sqlite"
    monkeypatch.setenv("DECKCHECK_CARDS_DB", str(path))
    return path


@pytest.fixture
def served(scryfall_server):
    scryfall_server.files["oracle-cards.json"] = SAMPLE_CARDS.read_bytes()
    return scryfall_server


@pytest.fixture
def sample_db(sample_cards_db, tmp_path, monkeypatch) -> Path:
    path = tmp_path / "cards.sqlite"
    shutil.copy(sample_cards_db, path)
    monkeypatch.setenv("DECKCHECK_CARDS_DB", str(path))
    return path


def gzip_bomb(decoded: int) -> bytes:
    compressor = zlib.compressobj(9, zlib.DEFLATED, 31)
    return b"".join(compressor.compress(b" " * (1 << 20)) for _ in range(decoded >> 20)) + compressor.flush()


def _error(done) -> str:
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
    (line,) = [line for line in done.stderr.splitlines() if line.startswith("deckcheck: error:")]
    return line


def _index(download_uri: str, size: int = 4096) -> bytes:
    entry = {"object": "bulk_data", "type": "oracle_cards", "updated_at": "2026-06-01T09:00:00.000+00:00",
             "download_uri": download_uri, "size": size, "content_encoding": "gzip"}
    return json.dumps({"object": "list", "data": [entry]}).encode()


# ---------------------------------------------------------------- bounded answers


def test_a_gzip_bomb_for_an_index_stops_at_the_bound(cli, served, db):
    bomb = gzip_bomb(4 * MAX_API_RESPONSE_BYTES)
    assert len(bomb) < 200_000
    served.fail("/bulk-data", 200, body=bomb, headers={"Content-Encoding": "gzip"})
    line = _error(cli("cards", "sync"))
    assert line.endswith(f"sent more than {MAX_API_RESPONSE_BYTES:,} bytes for one answer; refusing it")
    assert not db.exists()


@pytest.mark.parametrize("fault", [
    {"body": gzip_bomb(64 << 20), "headers": {"Content-Encoding": "gzip"}},
    {"body": b"[", "endless": True},
])
def test_a_bulk_file_bigger_than_its_index_says_stops_at_the_bound(cli, served, db, fault):
    served.fail("/files/oracle-cards.json", 200, **fault)
    line = _error(cli("cards", "sync"))
    assert "bytes for the bulk file (more than the index says it holds); refusing it" in line
    assert not db.exists()
    leftovers = [path for path in Path(os.environ["XDG_CACHE_HOME"]).rglob("*") if path.is_file() and "bulk" in str(path)]
    assert leftovers == []


def test_the_bulk_file_is_not_kept_in_the_http_cache(cli, served, db):
    assert cli("cards", "sync").returncode == 0
    from requests_cache import SQLiteCache

    cache = SQLiteCache(next(Path(os.environ["XDG_CACHE_HOME"]).rglob("http-cache.sqlite")))
    assert [response.url for response in cache.responses.values()] == [f"{served.url}/bulk-data"]


# ---------------------------------------------------------------- where requests may go


@pytest.fixture
def internal():
    """An internal service on another port of this machine, which must never be asked."""
    from scryfall_server import ScryfallServer

    server = ScryfallServer().start()
    yield server
    server.stop()


def test_download_uri_to_another_host_is_refused_before_any_request(cli, served, db, internal):
    served.fail("/bulk-data", 200, body=_index(f"{internal.url}/latest/meta-data"))
    line = _error(cli("cards", "sync"))
    assert f"refusing to fetch {internal.url}/latest/meta-data" in line
    assert internal.requests == []


def test_a_redirect_to_another_host_is_refused(cli, served, db, internal):
    served.fail("/files/oracle-cards.json", 302, body=b"", headers={"Location": f"{internal.url}/secret"})
    line = _error(cli("cards", "sync"))
    assert f"refusing to fetch {internal.url}/secret" in line
    assert internal.requests == []


@pytest.mark.parametrize("url, ok", [
    ("https://api.scryfall.com/bulk-data", True),
    ("https://data.scryfall.io/oracle-cards/x.json", True),
    ("https://cards.scryfall.io:443/x", True),
    ("http://data.scryfall.io/x.json", False),          # a downgrade to http
    ("https://data.scryfall.io:8443/x.json", False),
    ("https://scryfall.io.evil.example/x", False),
    ("https://evilscryfall.io/x", False),
    ("https://169.254.169.254/latest", False),
    ("http://localhost/", False),
    ("file:///etc/passwd", False),
])
def test_only_scryfall_over_https_with_the_default_base(monkeypatch, url, ok):
    monkeypatch.delenv("DECKCHECK_SCRYFALL_URL")
    assert http.allowed(url) is ok


def test_the_configured_base_is_allowed_by_its_whole_origin(monkeypatch):
    monkeypatch.setenv("DECKCHECK_SCRYFALL_URL", "http://127.0.0.1:8123/api")
    assert http.allowed("http://127.0.0.1:8123/files/x.json")
    assert not http.allowed("http://127.0.0.1:8124/files/x.json")
    assert not http.allowed("https://127.0.0.1:8123/files/x.json")


@pytest.fixture
def tls_server():
    """An https server with a certificate nobody trusts (tests/certs, made for 127.0.0.1)."""
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), BaseHTTPRequestHandler)
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(CERTS / "localhost.pem", CERTS / "localhost-key.pem")
    httpd.socket = context.wrap_socket(httpd.socket, server_side=True)
    httpd.handle_error = lambda request, address: None  # the client refusing the certificate is the point
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"https://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()


def test_a_tls_failure_says_what_failed(cli, db, tls_server):
    line = _error(cli("cards", "sync", env={"DECKCHECK_SCRYFALL_URL": tls_server}))
    assert "the TLS certificate of 127.0.0.1:" in line and "could not be verified (self-signed certificate)" in line
    assert "network unreachable" not in line


def test_the_bulk_download_never_writes_through_a_predictable_temporary_name(served, db, tmp_path):
    """The download went to `<cache>/bulk/oracle_cards-<pid>.json.part`: a link planted
    there by another user was written through. Now it is a fresh mkstemp file."""
    from deckcheck.cards.paths import cache_dir
    from deckcheck.games.mtg.sync import sync

    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n", encoding="utf-8")
    bulk = cache_dir() / "bulk"
    bulk.mkdir(parents=True)
    for name in (f"oracle_cards-{os.getpid()}.json", f"oracle_cards-{os.getpid()}.json.part"):
        os.symlink(victim, bulk / name)
    assert sync(db, base_url=served.url).updated
    assert victim.read_text(encoding="utf-8") == "precious\n"


# ---------------------------------------------------------------- online lookups (#18 item 10)


def test_the_library_never_goes_online_unless_asked(sample_db, scryfall_server):
    result = validate("4 Brand New Card\n56 Island\n", "mtg/constructed")
    assert [problem.rule for problem in result.problems] == ["unknown-card"]
    assert scryfall_server.requests == []


def test_the_cli_looks_up_a_bounded_number_of_names_per_deck(cli, sample_db, scryfall_server, tmp_path):
    deck = tmp_path / "unknown.txt"
    deck.write_text("".join(f"1 Unknown Card {index}\n" for index in range(1000)), encoding="utf-8")
    done = cli("validate", str(deck), "-f", "mtg/constructed", "-o", "json")
    posts = scryfall_server.hits("/cards/collection")
    assert sum(len(json.loads(post.body)["identifiers"]) for post in posts) == MAX_ONLINE_NAMES_PER_DECK
    assert f"1,000 names are not in the card database; only the first {MAX_ONLINE_NAMES_PER_DECK} are looked up online" in done.stderr


def test_the_cli_makes_a_bounded_number_of_requests_per_run(cli, sample_db, scryfall_server, tmp_path):
    decks = []
    for deck in range(5):
        path = tmp_path / f"d{deck}.txt"
        path.write_text("".join(f"1 Unknown {deck} {index}\n" for index in range(200)), encoding="utf-8")
        decks.append(str(path))
    done = cli("validate", *decks, "-f", "mtg/constructed", "-o", "json")
    assert len(scryfall_server.hits("/cards/collection")) == MAX_ONLINE_REQUESTS_PER_RUN
    assert f"online lookups stopped after {MAX_ONLINE_REQUESTS_PER_RUN} requests" in done.stderr
    assert len(json.loads(done.stdout)["results"]) == 5


def test_online_lookups_stop_when_the_run_s_time_is_spent(sample_db, scryfall_server, monkeypatch):
    from deckcheck.games.mtg import online

    monkeypatch.setattr(online, "MAX_ONLINE_SECONDS_PER_RUN", 1.0)
    scryfall_server.fail("/cards/collection", 200, body=b'{"object": "list", "data": [], "not_found": []}', stall=0.7, times=5)
    lookup = online.OnlineLookup()
    lookup.fetch([f"Unknown {index}" for index in range(200)])
    assert len(scryfall_server.hits("/cards/collection")) == 2
    assert lookup.stopped == "online lookups stopped after 1 s (the most one run spends)"
