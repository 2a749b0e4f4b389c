"""Reading decklist bytes as text, whatever encoding the exporting program chose.

Deck files come from many programs: UTF-8 with or without a byte-order mark, UTF-16 with a
BOM (some Windows tools), and Windows-1252 (old MTGO and hand-edited files). A file is read
as the first of those that decodes, so no real file is rejected for its encoding. UTF-16
that lost its BOM is recognised by its NUL bytes; other NUL bytes are dropped.
"""
from __future__ import annotations

import codecs
import os
import sys
from pathlib import Path

from .errors import InputError

# Real decklists are a few kilobytes; a cube or a whole collection is well under 1 MiB.
# Anything bigger is not a decklist, and refusing it early keeps a stray file from
# costing memory and time.
MAX_INPUT_BYTES = 4 * 1024 * 1024

_BOMS = (
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF32_LE, "utf-32"),
    (codecs.BOM_UTF32_BE, "utf-32"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)


def decode(data: bytes, *, source: str = "<input>") -> str:
    """Decode deck bytes: BOM first, then strict UTF-8, then Windows-1252."""
    if len(data) > MAX_INPUT_BYTES:
        raise InputError(too_big(source, len(data)))
    for bom, encoding in _BOMS:
        if data.startswith(bom):
            try:
                return data.decode(encoding)
            except UnicodeDecodeError as exc:
                raise InputError(f"{source}: not valid {encoding} despite its byte-order mark ({exc.reason})") from None
    if b"\x00" in data:
        utf16 = _utf16_without_bom(data)
        if utf16 is not None:
            return utf16
        # Stray NUL bytes (a file padded after a crash, a copy from a binary buffer) mean
        # nothing in any deck format; drop them instead of failing every line they touch.
        data = data.replace(b"\x00", b"")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        # Windows-1252 leaves five bytes undefined; replace them rather than refuse the file.
        return data.decode("cp1252", errors="replace")


def too_big(source: str, size: int | None = None) -> str:
    amount = f"{size:,} bytes is over" if size is not None and size != MAX_INPUT_BYTES + 1 else "over"
    return f"{source}: {amount} the {MAX_INPUT_BYTES:,}-byte limit for a decklist; is this the right file?"


def read_stdin() -> bytes:
    """Standard input, but never more than the limit (plus one byte, to tell it was more):
    `cat /dev/zero | deckcheck validate -` must stop with the size error, not fill memory."""
    stream = getattr(sys.stdin, "buffer", None)
    if stream is None:  # no standard input at all (a closed or text-only stdin)
        return b""
    chunks: list[bytes] = []
    size = 0
    while size <= MAX_INPUT_BYTES:
        chunk = stream.read(MAX_INPUT_BYTES + 1 - size)
        if not chunk:
            break
        chunks.append(chunk)
        size += len(chunk)
    return b"".join(chunks)


def _utf16_without_bom(data: bytes) -> str | None:
    """UTF-16 text that lost its BOM: mostly-ASCII text has a NUL in every other byte."""
    head = data[:4096]
    if len(head) < 4:
        return None
    even_nuls = head[0::2].count(0) / len(head[0::2])
    odd_nuls = head[1::2].count(0) / len(head[1::2])
    if odd_nuls > 0.5 and even_nuls == 0:
        encoding = "utf-16-le"
    elif even_nuls > 0.5 and odd_nuls == 0:
        encoding = "utf-16-be"
    else:
        return None
    try:
        return data.decode(encoding)
    except UnicodeDecodeError:
        return None


def read_text(path: str | Path) -> str:
    """Read a decklist file as text, with a one-line error when it cannot be read."""
    try:
        # One open and one fstat: a batch reads thousands of files, and stat-then-read
        # costs twice the system calls.
        with open(path, "rb") as handle:
            size = os.fstat(handle.fileno()).st_size
            if size > MAX_INPUT_BYTES:
                raise InputError(too_big(str(path), size))
            # Ask for one byte more than fstat says: read(n) allocates n bytes up front, so
            # asking for the limit every time cost more than reading a small deck. A file
            # that grows while we read, or a device (`/dev/zero`) whose size fstat reports
            # as 0, is read on, but never past one byte over the limit.
            want = size + 1 if 0 < size <= MAX_INPUT_BYTES else MAX_INPUT_BYTES + 1
            data = handle.read(want)
            if len(data) == want and want <= MAX_INPUT_BYTES:
                data += handle.read(MAX_INPUT_BYTES + 1 - want)
    except FileNotFoundError:
        raise InputError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise _is_directory(path) from None
    except PermissionError:
        if os.path.isdir(path):  # Windows refuses to open a folder with "permission denied"
            raise _is_directory(path) from None
        raise InputError(f"{path}: permission denied") from None
    except OSError as exc:
        raise InputError(f"{path}: cannot read ({exc.strerror or exc})") from None
    return decode(data, source=str(path))


def _is_directory(path: str | Path) -> InputError:
    return InputError(f"{path}: is a directory, not a decklist (use `deckcheck batch` for folders)")
