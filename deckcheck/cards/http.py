"""Talking to the card servers (Scryfall; YGOPRODeck for `cards sync --game yugioh`)
politely and warily: one cached session, a rate limit, bounds on what a server may send,
and one-line errors.

Scryfall asks API clients for a real User-Agent and Accept header, at most about 10
requests a second (we keep to 2), and to back off on HTTP 429. Answers are cached by
requests-cache in SQLite under the user cache directory for 24 hours; when Scryfall
cannot be reached, an expired cached answer is used rather than failing
(stale-if-error). Only network requests are throttled: cache hits are free.

A card server is not trusted (docs/security.md): every request, redirects included, goes
only to Scryfall over https (`*.scryfall.com`, `*.scryfall.io`) or to the origin of the
configured API base (DECKCHECK_SCRYFALL_URL) or of a base the caller names (the
YGOPRODeck sync's DECKCHECK_YGOPRODECK_URL), so an answer cannot point deckcheck at an
internal host or downgrade it to http. An API answer is read whole before the cache sees
it, and refused past MAX_API_RESPONSE_BYTES decoded (or the session's own bound: the
YGOPRODeck card list's is MAX_WHOLE_CARD_FILE_BYTES; a gzip bomb stops there) or past
its time; the bulk file is streamed by `download_session`, outside the cache, under its
own bound (games/mtg/sync.py).

Every failure becomes a `NetworkError` whose message is one line naming the host and
the cause (DNS, refused, timeout, TLS verification, HTTP status, too big, bad JSON).
"""
from __future__ import annotations

import datetime as dt
import email.utils
import os
import re
import sqlite3
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from .. import __version__
from ..errors import NetworkError
from ..wording import escaped
from ..limits import (
    CONNECT_TIMEOUT,
    MAX_429_RETRIES,
    MAX_API_RESPONSE_BYTES,
    MAX_HTTP_TIMEOUT,
    MAX_REDIRECTS,
    MAX_RETRY_WAIT,
    MIN_REQUEST_INTERVAL,
    READ_TIMEOUT,
)
from .paths import cache_dir

if TYPE_CHECKING:
    import requests

API_ENV = "DECKCHECK_SCRYFALL_URL"
# The variables that name the card servers (the YGOPRODeck one is games/yugioh/sync.py's):
# a request to no web address (NoWebAddress) comes from one of them.
ADDRESS_VARIABLES = (API_ENV, "DECKCHECK_YGOPRODECK_URL")
DEFAULT_API = "https://api.scryfall.com"
TIMEOUT_ENV = "DECKCHECK_HTTP_TIMEOUT"
PROJECT_URL = "https://github.com/deckcheck/deckcheck"
USER_AGENT = f"deckcheck/{__version__} (+{PROJECT_URL})"
ACCEPT = "application/json;q=0.9,*/*;q=0.8"
CACHE_HOURS = 24
MIN_INTERVAL = MIN_REQUEST_INTERVAL
# Where deckcheck may fetch from over https, besides the configured API base's origin.
SCRYFALL_DOMAINS = ("scryfall.com", "scryfall.io")
_CHUNK = 1 << 16


class ResponseTooBig(NetworkError):
    """A server sent more than deckcheck accepts for that answer."""


class Refused(NetworkError):
    """deckcheck would not fetch from where an answer pointed it (docs/security.md)."""


class NoWebAddress(NetworkError):
    """A request's address is none deckcheck can fetch (no http(s) scheme, no host, a bad
    port): a server address variable mistyped, which no wait mends."""


def api_base() -> str:
    return os.environ.get(API_ENV, DEFAULT_API).rstrip("/")


def _origin(url: str) -> tuple[str, str, int | None]:
    try:
        parts = urlsplit(url)
    except ValueError:  # `https://[::1`: an origin of nothing, which nothing matches
        return "", "", -1
    default = {"https": 443, "http": 80}.get(parts.scheme.lower())
    try:
        port = parts.port or default
    except ValueError:
        port = -1
    return parts.scheme.lower(), (parts.hostname or "").lower(), port


def allowed(url: str, *, bases: tuple[str, ...] = ()) -> bool:
    """May deckcheck fetch `url`? Scryfall's hosts over https, or the origin (scheme, host
    and port) of the configured API base or one of `bases`."""
    scheme, host, port = _origin(url)
    if any((scheme, host, port) == _origin(base) for base in (api_base(), *bases)):
        return True
    return scheme == "https" and port == 443 and any(host == domain or host.endswith("." + domain) for domain in SCRYFALL_DOMAINS)


def shown_url(url: str, most: int = 100) -> str:
    text = escaped(url)
    return text if len(text) <= most else text[:most] + "…"


@dataclass(frozen=True)
class Servers:
    """Where a session may fetch besides Scryfall and the configured API base: the origins
    of `bases`, the configured server that `source` names in a refusal (the YGOPRODeck card
    list and its variable). Made once per sync, carried by its sessions."""

    bases: tuple[str, ...] = ()
    source: str = ""

    @classmethod
    def of(cls, base: str | None, source: str = "") -> Servers:
        """`base` (None: Scryfall and the configured API base alone) and its name."""
        return cls((base,) if base else (), source)


SCRYFALL = Servers()  # Scryfall and the configured API base alone


def refuse_unless_allowed(url: str, servers: Servers = SCRYFALL) -> None:
    """Refused unless `url` is `allowed` (Scryfall, the configured API base, `servers`)."""
    if not allowed(url, bases=servers.bases):
        also = f", or {servers.source}" if servers.source else ""
        raise Refused(
            f"refusing to fetch {shown_url(url)}: deckcheck fetches card data only from Scryfall over https "
            f"(or the origin of {API_ENV}){also}"
        )


def timeouts() -> tuple[float, float]:
    """(connect, read) seconds; DECKCHECK_HTTP_TIMEOUT sets both (for slow links, tests).
    A value that is no number of seconds above 0 and up to MAX_HTTP_TIMEOUT (`abc`, `0`, `nan`,
    `inf`) is ignored: the defaults apply."""
    value = os.environ.get(TIMEOUT_ENV)
    if value:
        try:
            seconds = float(value)
        except ValueError:
            seconds = 0.0
        if 0 < seconds <= MAX_HTTP_TIMEOUT:  # false for nan too
            return seconds, seconds
    return CONNECT_TIMEOUT, READ_TIMEOUT


def retry_after_seconds(value: str | None, *, now: dt.datetime | None = None) -> float | None:
    """Seconds to wait from a Retry-After header: a number of seconds or an HTTP date."""
    if not value:
        return None
    value = value.strip()
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    now = now or dt.datetime.now(dt.timezone.utc)
    if when.tzinfo is None:
        when = when.replace(tzinfo=dt.timezone.utc)
    return max(0.0, (when - now).total_seconds())


class _Throttle:
    """At most one network request every `interval` seconds in this process."""

    def __init__(self, interval: float):
        self.interval = interval
        self._lock = threading.Lock()
        self._next = 0.0

    def wait(self, sleep: Callable[[float], None] = time.sleep) -> None:
        with self._lock:
            now = time.monotonic()
            delay = self._next - now
            if delay > 0:
                sleep(delay)
                now = time.monotonic()
            self._next = now + self.interval


THROTTLE = _Throttle(MIN_INTERVAL)


def _make_adapter(*, read_limit: int | None, servers: Servers) -> Any:
    from requests.adapters import HTTPAdapter

    class PoliteAdapter(HTTPAdapter):
        """Sends only to allowed origins, only as fast as THROTTLE allows, honours 429
        Retry-After, and (with `read_limit`) reads each answer whole within its bounds."""

        def send(self, request: Any, **kwargs: Any) -> Any:  # type: ignore[override]
            refuse_unless_allowed(request.url, servers)  # every hop of a redirect comes here
            for attempt in range(MAX_429_RETRIES + 1):
                THROTTLE.wait()
                started = time.monotonic()
                response = super().send(request, **kwargs)
                if read_limit is not None:
                    _read_whole(response, read_limit, started + _total_seconds(kwargs.get("timeout")))
                if response.status_code != 429 or attempt == MAX_429_RETRIES:
                    return response
                wait = retry_after_seconds(response.headers.get("Retry-After"))
                if wait is None:
                    wait = 2.0 ** (attempt + 1)  # no hint: back off 2, 4, 8 seconds
                if wait > MAX_RETRY_WAIT:
                    return response
                response.close()
                time.sleep(wait)
            return response

    return PoliteAdapter()


def _total_seconds(timeout: Any) -> float:
    """The time a whole answer may take: its connect and read timeouts together."""
    if isinstance(timeout, tuple):
        return sum(part or 0 for part in timeout) or sum(timeouts())
    return float(timeout) if timeout else sum(timeouts())


def _read_whole(response: Any, limit: int, deadline: float) -> None:
    """Read `response` now (decoded), refusing more than `limit` bytes or past `deadline`,
    so that neither requests-cache nor a caller ever holds more."""
    chunks, size = [], 0
    try:
        for chunk in response.iter_content(_CHUNK):
            size += len(chunk)
            if size > limit:
                raise ResponseTooBig(
                    f"{urlsplit(response.url).netloc} sent more than {limit:,} bytes for one answer; refusing it"
                )
            if time.monotonic() > deadline:
                raise NetworkError(f"{urlsplit(response.url).netloc} took too long to send its answer")
            chunks.append(chunk)
    except BaseException:
        response.close()
        raise
    response._content = b"".join(chunks)
    response._content_consumed = True


def _cache_backend(directory: Path | None, warn: Callable[[str], None]) -> Any:
    """The SQLite cache, or an in-memory one when the cache directory cannot be written."""
    from requests_cache import SQLiteCache

    folder = directory
    try:
        # Asked inside the `try`: no user folder at all (NoUserFolder, an OSError) is one
        # more folder that cannot be used, not a reason to stop a sync that needs none.
        folder = folder or cache_dir()
        folder.mkdir(parents=True, exist_ok=True)
        return SQLiteCache(folder / "http-cache.sqlite", wal=False)
    except (OSError, sqlite3.Error) as exc:
        reason = getattr(exc, "strerror", None) or str(exc)
        where = f" in {folder}" if folder is not None else ""
        warn(f"cannot use the HTTP cache{where} ({reason}); continuing without a cache")
        return "memory"


def make_session(
    *, directory: Path | None = None, warn: Callable[[str], None] | None = None, servers: Servers = SCRYFALL,
    read_limit: int = MAX_API_RESPONSE_BYTES,
) -> requests.Session:
    """A requests-cache session with deckcheck's headers, cache, rate limit and bounds;
    `servers`: where it may fetch besides Scryfall and the configured API base;
    `read_limit`: the most bytes one answer may have, decoded."""
    from requests_cache import CachedSession

    session = CachedSession(
        backend=_cache_backend(directory, warn or (lambda message: None)),
        expire_after=dt.timedelta(hours=CACHE_HOURS),
        stale_if_error=True,
        allowable_methods=("GET", "HEAD", "POST"),
        allowable_codes=(200,),
    )
    return _equip(session, read_limit=read_limit, servers=servers)


def download_session(*, servers: Servers = SCRYFALL) -> requests.Session:
    """A plain session (no cache) for streaming a bulk file: the same headers, rate limit
    and allowed origins; the caller bounds what it reads."""
    import requests

    return _equip(requests.Session(), read_limit=None, servers=servers)


def _equip(session: requests.Session, *, read_limit: int | None, servers: Servers) -> requests.Session:
    session.headers.update({"User-Agent": USER_AGENT, "Accept": ACCEPT})
    session.max_redirects = MAX_REDIRECTS
    session.trust_env = True  # proxies and CA bundles from the environment still apply
    adapter = _make_adapter(read_limit=read_limit, servers=servers)
    session.mount("http://", adapter)
    session.mount("https://", adapter)
    return session


def describe_failure(url: str, exc: BaseException) -> str:
    """One line saying why a request to `url` failed."""
    import requests

    try:
        host = urlsplit(url).netloc or shown_url(url)
    except ValueError:  # `https://[::1`
        host = shown_url(url)
    text = str(exc)
    if isinstance(exc, requests.exceptions.SSLError):
        return _tls_failure(host, text)
    if isinstance(exc, requests.exceptions.TooManyRedirects):
        return f"{host} redirected more than {MAX_REDIRECTS} times"
    if isinstance(exc, requests.exceptions.Timeout):
        return f"{host} did not answer in time ({timeouts()[1]:.0f} s timeout)"
    if isinstance(exc, requests.exceptions.ConnectionError):
        lowered = text.lower()
        if any(mark in lowered for mark in ("name or service not known", "nodename nor servname", "getaddrinfo",
                                            "name resolution", "no address associated", "resolve")):
            return f"cannot find host {host} (DNS lookup failed; are you offline?)"
        if "refused" in lowered:
            return f"cannot connect to {host} (connection refused)"
        if "timed out" in lowered:
            return f"{host} did not answer in time ({timeouts()[0]:.0f} s timeout)"
        return f"cannot connect to {host} (network unreachable or connection dropped)"
    if "IncompleteRead" in text or "Connection broken" in text:
        return f"{host} closed the connection before sending everything"
    return f"request to {host} failed ({type(exc).__name__})"


def _tls_failure(host: str, text: str) -> str:
    """A TLS failure said as one: what could not be verified, and what to look at."""
    lowered = text.lower()
    if "certificate verify failed" in lowered or "certificate" in lowered:
        found = re.search(r"certificate verify failed: ([^(')\]]+)", text)
        why = f" ({found.group(1).strip()})" if found else ""
        return (f"the TLS certificate of {host} could not be verified{why}; a proxy or a wrong clock? "
                "(REQUESTS_CA_BUNDLE names extra trusted certificates)")
    return f"the TLS connection to {host} failed ({text[:160]})"


def check_status(response: Any) -> None:
    """Raise NetworkError for an HTTP error answer, naming status and host."""
    if response.status_code < 400:
        return
    host = urlsplit(response.url).netloc
    reason = response.reason or ""
    if response.status_code == 429:
        wait = retry_after_seconds(response.headers.get("Retry-After"))
        hint = f"; try again in {wait:.0f} s" if wait is not None else "; try again later"
        raise NetworkError(f"{host} is rate-limiting requests (HTTP 429){hint}")
    raise NetworkError(f"{host} answered HTTP {response.status_code} {reason}".rstrip())


def request(session: requests.Session, method: str, url: str, **kwargs: Any) -> Any:
    """The response to a request, an HTTP error status included; every failure is a
    one-line NetworkError."""
    import requests

    kwargs.setdefault("timeout", timeouts())
    try:
        response = session.request(method, url, **kwargs)
    except (requests.exceptions.InvalidURL, requests.exceptions.MissingSchema, requests.exceptions.InvalidSchema):
        raise NoWebAddress(
            f"{shown_url(url)}: not an address deckcheck can fetch (http:// or https://, a host name, a port up "
            f"to 65535); check the server address given in {' or '.join(ADDRESS_VARIABLES)}"
        ) from None
    except requests.exceptions.RequestException as exc:
        raise NetworkError(describe_failure(url, exc)) from None
    except sqlite3.Error as exc:  # the cache file broke under us: say so, do not crash
        raise NetworkError(f"the HTTP cache failed ({exc}); delete {cache_dir()} and retry") from None
    check_status(response)
    return response


def request_json(session: requests.Session, method: str, url: str, **kwargs: Any) -> tuple[Any, Any]:
    """(decoded JSON, response) of a request; every failure is a one-line NetworkError."""
    response = request(session, method, url, **kwargs)
    try:
        return response.json(), response
    except ValueError:
        raise NetworkError(f"{urlsplit(url).netloc} sent an answer that is not valid JSON") from None
    except RecursionError:  # nested deeper than Python's decoder recurses: a hostile server's
        raise NetworkError(f"{urlsplit(url).netloc} sent an answer that is not valid JSON (nested too deeply)") from None


def sync_step(session: requests.Session, url: str, step: str, *, force: bool, warn: Callable[[str], None],
              server: str = "Scryfall", decode: bool = True) -> Any:
    """One GET of a `cards sync`: the decoded JSON (the response itself when not `decode`),
    from the HTTP cache unless `force`; a failure named by the sync's `step` first (its
    reason may end in what to do); a note on `warn` when an expired cached copy stood in
    because `server` could not be reached."""
    try:
        if decode:
            answer, response = request_json(session, "GET", url, force_refresh=force)
        else:
            answer = response = request(session, "GET", url, force_refresh=force)
    except NetworkError as exc:
        raise type(exc)(f"{step}: {exc}") from None
    note = stale_note(response, server)
    if note:
        warn(note)
    return answer


def stale_note(response: Any, server: str = "Scryfall") -> str | None:
    """A note when requests-cache answered with an expired copy because `server` could not
    be reached."""
    if getattr(response, "from_cache", False) and getattr(response, "is_expired", False):
        created = getattr(response, "created_at", None)
        when = f" from {created:%Y-%m-%d %H:%M} UTC" if created else ""
        return f"{server} could not be reached; using the cached answer{when}"
    return None
