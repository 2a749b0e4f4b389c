"""Strategies and runners shared by the fuzz tests (tests/test_fuzz.py).

Each target runs twice: a few hundred examples in the normal suite, and FUZZ_EXAMPLES in
the `fuzz` job (`pytest -m fuzz`). Inputs are arbitrary bytes and structured mutations of
real files (truncation, other encodings, huge/negative/zero counts, NUL bytes, very long
lines, deep XML nesting, entity expansion).
"""
from __future__ import annotations

import datetime as dt
import re
import time
from collections.abc import Callable
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

QUICK_EXAMPLES = 150
FUZZ_EXAMPLES = 10_000
# A hang detector, not a speed test: one example of a few kilobytes taking this long means
# something went quadratic (or worse).
DEADLINE = dt.timedelta(seconds=5)

ROOT = Path(__file__).resolve().parent
SEED_FILES = sorted(
    path for path in (ROOT / "decks").rglob("*") if path.is_file() and path.suffix in (".txt", ".dek", ".cod", ".dck")
)

HOSTILE_SEEDS = [
    # Billion laughs: entity expansion.
    b'<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">'
    b'<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;">]><Deck><Cards Quantity="1" Name="&lol3;"/></Deck>',
    # External entity.
    b'<?xml version="1.0"?><!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]>'
    b'<cockatrice_deck><zone name="main"><card number="1" name="&x;"/></zone></cockatrice_deck>',
    # Deep nesting.
    b"<Deck>" + b"<a>" * 5000 + b'<Cards Quantity="4" Name="Island"/>' + b"</a>" * 5000 + b"</Deck>",
    b"[metadata]\nName=x\n[Main]\n" + b"4 Island|M10\n" * 20,
    b"Deck\n4 Lightning Bolt (M10) 146\n56 Mountain\n\nSideboard\n2 Duress\n",
    b"\xef\xbb\xbf4x Lightning Bolt\r\n56 Mountain\r\nSB: 15 Duress\r\n",
    "4 Lim-Dûl's Vault\n56 Æther Vial // Fire/Ice\n".encode("cp1252", errors="replace"),
    "4 Island\n".encode("utf-16"),
    # A deck site's CSV export (read by its columns) and a Japanese list saved as Shift-JIS.
    b'Board,Qty,Name,Printing\nmain,4,Lightning Bolt,2XM\nside,3,"Kozilek, Butcher of Truth",\nmaybe,1,Shock,\n',
    "\u3010\u30e1\u30a4\u30f3\u30c7\u30c3\u30ad\u3011\uff0840\u679a\uff09\n\u7070\u6d41\u3046\u3089\u3089\u00d73\n"
    "\u30b5\u30a4\u30c9\u30c7\u30c3\u30ad\n3 \u7121\u9650\u6ce1\u5f71\n".encode("cp932"),
]

ODD_COUNTS = ["999999999999", "-3", "0", "00", "+4", "\u0663", "4294967296", "9" * 5000, "1.5", "0x10", " ", "-0"]
ENCODINGS = ["utf-16", "utf-16-le", "utf-16-be", "utf-32", "cp1252", "latin-1", "shift_jis", "utf-8-sig", "cp437"]


def seeds() -> list[bytes]:
    return [path.read_bytes() for path in SEED_FILES] + HOSTILE_SEEDS


@st.composite
def mutated(draw: st.DrawFn, base: list[bytes]) -> bytes:
    """A real (or hostile) file with one to four mutations applied."""
    data = bytearray(draw(st.sampled_from(base)))
    for _ in range(draw(st.integers(1, 4))):
        kind = draw(st.sampled_from(
            ["truncate", "insert", "delete", "count", "nul", "encoding", "repeat", "long", "nest", "entity", "swap"]
        ))
        position = draw(st.integers(0, len(data)))
        if kind == "truncate":
            data = data[:position]
        elif kind == "insert":
            data[position:position] = draw(st.binary(min_size=1, max_size=64))
        elif kind == "delete":
            data[position : position + draw(st.integers(1, 64))] = b""
        elif kind == "count":
            counts = list(re.finditer(rb"\d+", bytes(data)))
            if counts:
                match = draw(st.sampled_from(counts))
                data[match.start() : match.end()] = draw(st.sampled_from(ODD_COUNTS)).encode("utf-8")
        elif kind == "nul":
            data[position:position] = b"\x00" * draw(st.integers(1, 8))
        elif kind == "encoding":
            text = bytes(data).decode("utf-8", errors="replace")
            data = bytearray(text.encode(draw(st.sampled_from(ENCODINGS)), errors="replace"))
        elif kind == "repeat":
            lines = bytes(data).split(b"\n")
            line = draw(st.sampled_from(lines))
            data[position:position] = (line + b"\n") * draw(st.integers(2, 200))
        elif kind == "long":
            data[position:position] = draw(st.sampled_from([b"A", b" ", b"[x]", b"(AB) ", b"x", b"1", b"<", b"^"])) * draw(
                st.integers(500, 20_000)
            )
        elif kind == "nest":
            depth = draw(st.integers(10, 3000))
            data[position:position] = b"<n>" * depth + b"</n>" * depth
        elif kind == "entity":
            data[:0] = b'<!DOCTYPE d [<!ENTITY e "' + b"x" * 64 + b'">]>'
        elif kind == "swap" and data:
            lines = bytes(data).split(b"\n")
            i, j = draw(st.integers(0, len(lines) - 1)), draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
            data = bytearray(b"\n".join(lines))
    return bytes(data)


def run(strategy: st.SearchStrategy, check: Callable[[object], None], examples: int) -> None:
    """Run `check` on `examples` values of `strategy`. The quick run is derandomized so
    the normal suite is deterministic; the fuzz job explores fresh inputs each time."""
    quick = examples <= QUICK_EXAMPLES
    calls = [0]
    started = time.monotonic()

    @settings(
        max_examples=examples,
        deadline=DEADLINE,
        derandomize=quick,
        database=None,
        suppress_health_check=list(HealthCheck),
        print_blob=True,
    )
    @given(strategy)
    def property_holds(value: object) -> None:
        calls[0] += 1
        check(value)

    property_holds()
    # Hypothesis stops early only when a strategy runs out of distinct inputs; none of
    # these can, so every run really tried `examples` inputs.
    assert calls[0] >= examples, f"only {calls[0]} examples ran"
    if not quick:
        print(f"\n[fuzz] {calls[0]:,} examples in {time.monotonic() - started:.1f} s")
