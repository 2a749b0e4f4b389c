"""`deckcheck cards sync` against a local Scryfall-shaped server, and every network fault.

Each fault must give one clear line on stderr (exit 2), never a traceback, and leave the
database that was there before untouched; a hostile server is bounded (issue #18).
"""
from __future__ import annotations

import json
import os
import socket
import sqlite3
import ssl
import threading
import zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from conftest import SAMPLE_CARDS
from deckcheck.cards import http


def _closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture
def served(scryfall_server):
    scryfall_server.files["oracle-cards.json"] = SAMPLE_CARDS.read_bytes()
    return scryfall_server


def _one_line_error(done, *fragments: str) -> None:
    assert done.returncode == 2, done.stdout + done.stderr
    assert "Traceback" not in done.stderr
    errors = [line for line in done.stderr.splitlines() if line.startswith("deckcheck: error:")]
    assert len(errors) == 1, done.stderr
    for fragment in fragments:
        assert fragment in errors[0], errors[0]


def _names(path: Path) -> set[str]:
    with sqlite3.connect(path) as conn:
        return {row[0] for row in conn.execute("SELECT name FROM cards")}


def test_sync_removes_the_downloads_a_killed_sync_left_in_the_cache(cli, served, db):
    """A sync streams the bulk file into the cache's bulk folder and removes it in a
    `finally`, which SIGKILL (the OOM killer's, during an all_cards import) never runs: each
    such sync left 150 MB to 2.3 GB there for good. A download a day old is no running
    sync's; a younger one and files of other names stay."""
    import time

    from deckcheck.cards.paths import cache_dir
    from deckcheck.games.mtg.sync import ABANDONED_DOWNLOAD_SECONDS

    bulk = cache_dir() / "bulk"
    bulk.mkdir(parents=True)
    left, running, other = bulk / "all_cards-k1ll3d00.json", bulk / "oracle_cards-runn1ng0.json", bulk / "notes.json"
    now = time.time()
    for path, age in ((left, ABANDONED_DOWNLOAD_SECONDS + 60), (running, 60), (other, ABANDONED_DOWNLOAD_SECONDS + 60)):
        path.write_bytes(b"[]")
        os.utime(path, (now - age, now - age))
    done = cli("cards", "sync")
    assert done.returncode == 0, done.stderr
    assert not left.exists()
    assert running.exists() and other.exists()
    assert sorted(path.name for path in bulk.iterdir()) == ["notes.json", "oracle_cards-runn1ng0.json"]  # its own removed


def test_sync_builds_the_database_then_knows_it_is_current(cli, served, db):
    done = cli("cards", "sync")
    assert done.returncode == 0, done.stderr
    assert "17 cards from Scryfall oracle_cards of 2026-06-01\n" in done.stdout
    assert "Lightning Bolt" in _names(db)
    index, download = served.requests[0], served.requests[1]
    assert index.path == "/bulk-data" and download.path == "/files/oracle-cards.json"
    assert index.headers["User-Agent"].startswith("deckcheck/") and "+http" in index.headers["User-Agent"]
    assert "application/json" in index.headers["Accept"]
    stats = cli("cards", "stats", "-o", "json")
    info = json.loads(stats.stdout)
    assert info["source"] == "Scryfall oracle_cards" and info["source_updated_at"] == served.bulk_updated_at
    again = cli("cards", "sync")
    assert again.returncode == 0 and "already up to date" in again.stdout
    assert len(served.hits("/files/oracle-cards.json")) == 1  # not downloaded twice


def test_sync_of_the_shared_cards_in_scryfall_shape(cli, scryfall_server, db, shared_bulk_file):
    scryfall_server.files["default-cards.json"] = shared_bulk_file.read_bytes()
    done = cli("cards", "sync", "--type", "default_cards", env={"DECKCHECK_PROGRESS": "1"})
    assert done.returncode == 0, done.stderr
    assert "32,609 cards" in done.stdout
    assert "downloading [" in done.stderr and "importing Scryfall default_cards [" in done.stderr
    assert done.stdout.count("\n") == 1  # progress bars never reach stdout
    lookup = cli("cards", "lookup", "ragavan nimble pilferer", "--offline")
    assert lookup.stdout.startswith("Ragavan, Nimble Pilferer\n")


@pytest.fixture
def previous(cli, served, db, tmp_path, monkeypatch) -> bytes:
    """A database from an earlier sync, which every failure below must leave alone.

    The HTTP cache is then emptied (a new cache directory): a cached index would
    otherwise answer for a day and no request would reach the faulty server."""
    assert cli("cards", "sync").returncode == 0
    served.bulk_updated_at = "2026-07-01T09:00:00.000+00:00"  # the next sync would download
    served.requests.clear()
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "later-cache"))
    return db.read_bytes()


def test_the_index_is_cached_for_a_day_unless_forced(cli, served, db):
    assert cli("cards", "sync").returncode == 0
    served.bulk_updated_at = "2026-07-01T09:00:00.000+00:00"
    assert "already up to date" in cli("cards", "sync").stdout
    assert len(served.hits("/bulk-data")) == 1  # the second answer came from the cache
    forced = cli("cards", "sync", "--force")
    assert forced.returncode == 0 and "of 2026-07-01" in forced.stdout
    assert len(served.hits("/bulk-data")) == 2


def test_network_down(cli, previous, db):
    done = cli("cards", "sync", env={"DECKCHECK_SCRYFALL_URL": f"http://127.0.0.1:{_closed_port()}"})
    _one_line_error(done, "connection refused", "unchanged")
    assert db.read_bytes() == previous


def test_dns_failure(cli, previous, db):
    done = cli("cards", "sync", env={"DECKCHECK_SCRYFALL_URL": "http://nonexistent.invalid"})
    _one_line_error(done, "nonexistent.invalid", "DNS lookup failed")
    assert db.read_bytes() == previous


def test_timeout(cli, served, previous, db):
    served.fail("/bulk-data", 200, stall=3.0)
    done = cli("cards", "sync", env={"DECKCHECK_HTTP_TIMEOUT": "1"})
    _one_line_error(done, "did not answer in time")
    assert db.read_bytes() == previous


@pytest.mark.parametrize("value", ["inf", "1e12", "nan", "abc", "0", "-5"])
def test_a_timeout_that_is_no_usable_number_of_seconds_is_ignored(cli, previous, db, value):
    """DECKCHECK_HTTP_TIMEOUT is seconds (docs/contracts.md); `abc` and `0` were ignored, but
    `inf` or `1e12` reached the socket and stopped the sync with "internal error
    (OverflowError: timestamp out of range for platform time_t)"."""
    done = cli("cards", "sync", env={"DECKCHECK_HTTP_TIMEOUT": value,
                                     "DECKCHECK_SCRYFALL_URL": f"http://127.0.0.1:{_closed_port()}"})
    _one_line_error(done, "connection refused", "unchanged")
    assert "internal error" not in done.stderr
    assert db.read_bytes() == previous


def test_the_timeout_takes_seconds_up_to_its_bound(monkeypatch):
    assert http.MAX_HTTP_TIMEOUT >= http.READ_TIMEOUT  # the read default fits
    monkeypatch.setenv("DECKCHECK_HTTP_TIMEOUT", "2.5")
    assert http.timeouts() == (2.5, 2.5)
    monkeypatch.setenv("DECKCHECK_HTTP_TIMEOUT", str(http.MAX_HTTP_TIMEOUT))
    assert http.timeouts() == (http.MAX_HTTP_TIMEOUT, http.MAX_HTTP_TIMEOUT)
    monkeypatch.setenv("DECKCHECK_HTTP_TIMEOUT", str(http.MAX_HTTP_TIMEOUT * 2))
    assert http.timeouts() == (http.CONNECT_TIMEOUT, http.READ_TIMEOUT)


@pytest.mark.parametrize(("game", "variable"), [("mtg", "DECKCHECK_SCRYFALL_URL"), ("yugioh", "DECKCHECK_YGOPRODECK_URL")])
@pytest.mark.parametrize("address", ["https://[::1", "ftp://example.org", "api.scryfall.com", "http://127.0.0.1:99999"])
def test_a_server_address_that_is_no_web_address_says_so(cli, db, game, variable, address):
    """A mistyped address variable stopped the sync with "internal error (ValueError:
    Invalid IPv6 URL)", or said "request to example.org failed (InvalidSchema) ...; try again
    later", which no wait mends; it names the address and the variables to check."""
    done = cli("cards", "sync", "--game", game, env={variable: address})
    _one_line_error(done, "not an address deckcheck can fetch", "DECKCHECK_SCRYFALL_URL", "DECKCHECK_YGOPRODECK_URL")
    assert "internal error" not in done.stderr and "try again" not in done.stderr
    assert not db.exists()


def test_http_500_without_a_cached_index(cli, served, db, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "empty-cache"))
    served.fail("/bulk-data", 500)
    done = cli("cards", "sync")
    _one_line_error(done, "answered HTTP 500")
    assert not db.exists()


def test_http_500_on_the_download(cli, served, previous, db):
    served.fail("/files/oracle-cards.json", 500)
    done = cli("cards", "sync")
    _one_line_error(done, "HTTP 500", "unchanged")
    assert db.read_bytes() == previous


def test_429_is_honoured_with_a_back_off(cli, served, db):
    served.fail("/bulk-data", 429, headers={"Retry-After": "1"}, body=b'{"object": "error", "status": 429}')
    done = cli("cards", "sync")
    assert done.returncode == 0, done.stderr
    first, second = served.hits("/bulk-data")
    assert second.at - first.at >= 0.95  # waited as told
    assert len(served.requests) == 3  # 429, index, download: no hammering


def test_429_that_persists_stops_after_a_few_polite_tries(cli, served, previous, db):
    served.fail("/bulk-data", 429, times=10, headers={"Retry-After": "1"})
    done = cli("cards", "sync")
    _one_line_error(done, "rate-limiting", "HTTP 429", "try again in 1 s")
    tries = served.hits("/bulk-data")
    assert len(tries) == 4
    assert all(later.at - earlier.at >= 0.95 for earlier, later in zip(tries, tries[1:]))
    assert db.read_bytes() == previous


def test_download_cut_short(cli, served, previous, db, tmp_path):
    served.fail("/files/oracle-cards.json", 200, body=SAMPLE_CARDS.read_bytes(), cut_after=3000)
    done = cli("cards", "sync")
    _one_line_error(done, "download", "unchanged")
    assert db.read_bytes() == previous
    cache = Path(tmp_path)  # no partial download left anywhere under the test's folders
    assert not [p for p in cache.parent.rglob("*.part")]


def test_invalid_json_in_the_index(cli, served, previous, db):
    served.fail("/bulk-data", 200, body=b'{"object": "list", "data": [')
    done = cli("cards", "sync")
    _one_line_error(done, "not valid JSON")
    assert db.read_bytes() == previous


def test_truncated_bulk_file(cli, served, previous, db):
    served.files["oracle-cards.json"] = SAMPLE_CARDS.read_bytes()[:5000]
    done = cli("cards", "sync")
    _one_line_error(done, "truncated", "not changed")
    assert db.read_bytes() == previous


def test_bulk_file_of_the_wrong_shape(cli, served, previous, db):
    served.files["oracle-cards.json"] = json.dumps({"object": "list", "data": [{"name": "x"}]}).encode()
    done = cli("cards", "sync")
    _one_line_error(done, "not changed")
    assert db.read_bytes() == previous


def test_index_without_the_wanted_file(cli, scryfall_server, db):
    scryfall_server.files["rulings.json"] = b"[]"
    done = cli("cards", "sync")
    _one_line_error(done, "lists no oracle_cards file", "rulings")


def test_unwritable_cache_directory_still_syncs(cli, served, db, tmp_path):
    blocker = tmp_path / "cache-is-a-file"
    blocker.write_text("", encoding="utf-8")
    done = cli("cards", "sync", env={"XDG_CACHE_HOME": str(blocker)})
    assert done.returncode == 0, done.stderr
    warnings = [line for line in done.stderr.splitlines() if line.startswith("deckcheck: warning:")]
    assert len(warnings) == 1 and "cannot use the HTTP cache" in warnings[0]
    assert "Lightning Bolt" in _names(db)


def test_missing_cache_directory_is_created(cli, served, db, tmp_path):
    cache = tmp_path / "deep" / "er" / "cache"
    done = cli("cards", "sync", env={"XDG_CACHE_HOME": str(cache)})
    assert done.returncode == 0, done.stderr
    assert (cache / "deckcheck" / "http-cache.sqlite").is_file()


def test_older_schema_database(cli, served, db):
    assert cli("cards", "sync").returncode == 0
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE meta SET value = '0' WHERE key = 'schema_version'")
    stats = cli("cards", "stats")
    _one_line_error(stats, "older deckcheck", "re-run `deckcheck cards import FILE` or `deckcheck cards sync`")
    deck = db.parent / "deck.txt"
    deck.write_text("4 Lightning Bolt\n56 Island\n", encoding="utf-8")
    done = cli("validate", str(deck), "-f", "mtg/constructed")
    assert done.returncode == 0, done.stderr  # validation goes on without card data
    assert "older deckcheck" in done.stderr and len(done.stderr.strip().splitlines()) == 1
    again = cli("cards", "sync")  # an unusable database is rebuilt
    assert again.returncode == 0 and "already up to date" not in again.stdout
    assert cli("cards", "stats").returncode == 0


def test_stale_cache_is_used_when_scryfall_fails(served, tmp_path):
    """requests-cache's stale-if-error: an expired cached index beats an outage."""
    import datetime as dt

    from deckcheck.cards import http
    from deckcheck.games.mtg.sync import sync

    notes: list[str] = []
    session = http.make_session(directory=tmp_path / "cache")
    session.settings.expire_after = dt.timedelta(seconds=1)
    target = tmp_path / "cards.sqlite"
    assert sync(target, base_url=served.url, session=session).updated
    import time

    time.sleep(1.2)
    served.fail("/bulk-data", 500)
    result = sync(target, base_url=served.url, session=session, warn=notes.append)
    assert not result.updated  # the stale index says nothing changed
    assert len(served.hits("/bulk-data")) == 2  # it did try the network first
    assert notes and "using the cached answer" in notes[0]


# ---------------------------------------------------------------- a hostile card server (#18 items 7, 12)
#
# Answers are bounded decoded, the bulk file goes around the HTTP cache into a fresh
# temporary file, only Scryfall's hosts over https (or the configured base's origin) are
# asked, TLS failures say so (docs/security.md).

CERTS = Path(__file__).parent / "certs"
MAX_API_RESPONSE_BYTES = 16 * 1024 * 1024  # limits.py, as this test expects it (test_limits.py checks)


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


# ---------------------------------------------------------------- what a failed sync tells the user
#
# A failed sync says what went wrong, at which step (the index or the download), that the
# data in use stays usable (the old database, or the built-in data when there is none), and
# what to do about a passing fault; once each.


def test_a_500_on_the_index_names_the_step_keeps_the_database_and_says_to_retry(cli, served, previous, db):
    served.fail("/bulk-data", 500)
    line = _error(cli("cards", "sync"))
    assert "bulk-data index" in line and "HTTP 500" in line
    assert line.endswith(f"the card database {db} is unchanged; try again later")
    assert db.read_bytes() == previous
    deck = db.parent / "deck.txt"
    deck.write_text("4 Lightning Bolt\n56 Island\n", encoding="utf-8")
    assert cli("validate", str(deck), "-f", "mtg/constructed").returncode == 0  # the old data still answers


def test_a_failed_first_sync_says_the_built_in_data_stays_in_use(cli, served, db, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "empty-cache"))
    served.fail("/files/oracle-cards.json", 200, body=SAMPLE_CARDS.read_bytes(), cut_after=3000)
    line = _error(cli("cards", "sync"))
    assert f"the download of {served.url}/files/oracle-cards.json" in line
    assert line.endswith("deckcheck goes on with its built-in card data; try again later")
    assert not db.exists()


def test_a_500_on_the_download_names_the_step(cli, served, previous, db):
    served.fail("/files/oracle-cards.json", 500)
    line = _error(cli("cards", "sync"))
    assert f"the download of {served.url}/files/oracle-cards.json: " in line and "HTTP 500" in line
    assert line.endswith("is unchanged; try again later")


def test_garbage_for_a_bulk_file_says_where_it_came_from_and_that_nothing_changed_once(cli, served, previous, db):
    served.fail("/files/oracle-cards.json", 200, body=b"<html>Service unavailable</html>")
    line = _error(cli("cards", "sync"))
    assert f"{served.url}/files/oracle-cards.json" in line
    assert line.count("unchanged") + line.count("not changed") == 1, line
    assert db.read_bytes() == previous


def test_the_help_and_the_contract_name_every_bulk_file_sync_takes(cli):
    """`--type` takes each of Scryfall's bulk files deckcheck imports (sync.BULK_TYPES);
    its help and docs/contracts.md's synopsis named two of the four, so a user read of two
    choices and an error listed four."""
    from deckcheck.games.mtg.sync import BULK_TYPES

    helped = " ".join(cli("cards", "sync", "--help").stdout.split())
    synopsis = next(line for line in (Path(__file__).parent.parent / "docs" / "contracts.md").read_text(
        encoding="utf-8").splitlines() if line.startswith("deckcheck cards sync "))
    for bulk_type in BULK_TYPES:
        assert bulk_type in helped, bulk_type
    assert f"[--type {'|'.join(BULK_TYPES)}]" in synopsis, synopsis
