"""Talking to Scryfall politely: one cached session, a rate limit, and one-line errors.

Scryfall asks API clients for a real User-Agent and Accept header, at most about 10
requests a second (we keep to 2), and to back off on HTTP 429. Answers are cached by
requests-cache in SQLite under the user cache directory for 24 hours; when Scryfall
cannot be reached, an expired cached answer is used rather than failing
(stale-if-error). Only network requests are throttled: cache hits are free.

Every failure becomes a `NetworkError` whose message is one line naming the host and
the cause (DNS, refused, timeout, HTTP status, bad JSON).
"""
from __future__ import annotations

import datetime as dt
import email.utils
import os
import sqlite3
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from .. import __version__
from ..errors import NetworkError
from .paths import cache_dir

if TYPE_CHECKING:
    import requests

API_ENV = "DECKCHECK_SCRYFALL_URL"
DEFAULT_API = "https://api.scryfall.com"
TIMEOUT_ENV = "DECKCHECK_HTTP_TIMEOUT"
PROJECT_URL = "https://github.com/deckcheck/deckcheck"
USER_AGENT = f"deckcheck/{__version__} (+{PROJECT_URL})"
ACCEPT = "application/json;q=0.9,*/*;q=0.8"
CACHE_HOURS = 24
MIN_INTERVAL = 0.5          # seconds between network requests: at most 2 a second
MAX_429_RETRIES = 3
MAX_RETRY_WAIT = 120.0      # a longer Retry-After is reported, not slept through
CONNECT_TIMEOUT = 5.0
READ_TIMEOUT = 60.0


def api_base() -> str:
    return os.environ.get(API_ENV, DEFAULT_API).rstrip("/")


def timeouts() -> tuple[float, float]:
    """(connect, read) seconds; DECKCHECK_HTTP_TIMEOUT sets both (for slow links, tests)."""
    value = os.environ.get(TIMEOUT_ENV)
    if value:
        try:
            seconds = float(value)
            if seconds > 0:
                return seconds, seconds
        except ValueError:
            pass
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


def _make_adapter() -> Any:
    from requests.adapters import HTTPAdapter

    class PoliteAdapter(HTTPAdapter):
        """Sends only as fast as THROTTLE allows and honours 429 Retry-After."""

        def send(self, request: Any, **kwargs: Any) -> Any:  # type: ignore[override]
            for attempt in range(MAX_429_RETRIES + 1):
                THROTTLE.wait()
                response = super().send(request, **kwargs)
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


def _cache_backend(directory: Path | None, warn: Callable[[str], None]) -> Any:
    """The SQLite cache, or an in-memory one when the cache directory cannot be written."""
    from requests_cache import SQLiteCache

    folder = directory or cache_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        return SQLiteCache(folder / "http-cache.sqlite", wal=False)
    except (OSError, sqlite3.Error) as exc:
        reason = getattr(exc, "strerror", None) or str(exc)
        warn(f"cannot use the HTTP cache in {folder} ({reason}); continuing without a cache")
        return "memory"


def make_session(*, directory: Path | None = None, warn: Callable[[str], None] | None = None) -> requests.Session:
    """A requests-cache session with deckcheck's headers, cache and rate limit."""
    from requests_cache import CachedSession

    session = CachedSession(
        backend=_cache_backend(directory, warn or (lambda message: None)),
        expire_after=dt.timedelta(hours=CACHE_HOURS),
        stale_if_error=True,
        allowable_methods=("GET", "HEAD", "POST"),
        allowable_codes=(200,),
    )
    session.headers.update({"User-Agent": USER_AGENT, "Accept": ACCEPT})
    adapter = _make_adapter()
    session.mount("http://", adapter)
    session.mount("https://", adapter)
    return session


def describe_failure(url: str, exc: BaseException) -> str:
    """One line saying why a request to `url` failed."""
    import requests

    host = urlsplit(url).netloc or url
    text = str(exc)
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


def request_json(session: requests.Session, method: str, url: str, **kwargs: Any) -> tuple[Any, Any]:
    """(decoded JSON, response) of a request; every failure is a one-line NetworkError."""
    import requests

    try:
        response = session.request(method, url, timeout=timeouts(), **kwargs)
    except requests.exceptions.RequestException as exc:
        raise NetworkError(describe_failure(url, exc)) from None
    except sqlite3.Error as exc:  # the cache file broke under us: say so, do not crash
        raise NetworkError(f"the HTTP cache failed ({exc}); delete {cache_dir()} and retry") from None
    check_status(response)
    try:
        return response.json(), response
    except ValueError:
        raise NetworkError(f"{urlsplit(url).netloc} sent an answer that is not valid JSON") from None


def stale_note(response: Any) -> str | None:
    """A note when requests-cache answered with an expired copy because the network failed."""
    if getattr(response, "from_cache", False) and getattr(response, "is_expired", False):
        created = getattr(response, "created_at", None)
        when = f" from {created:%Y-%m-%d %H:%M} UTC" if created else ""
        return f"Scryfall could not be reached; using the cached answer{when}"
    return None
