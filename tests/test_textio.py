"""Reading decklist files: the size limit holds for files, growing files and devices."""
from __future__ import annotations

import os

import pytest

from deckcheck.errors import InputError
from deckcheck.textio import MAX_INPUT_BYTES, read_text


def test_small_file_read_whole(tmp_path):
    path = tmp_path / "deck.txt"
    path.write_text("4 Lightning Bolt\n56 Mountain\n", encoding="utf-8")
    assert read_text(path) == "4 Lightning Bolt\n56 Mountain\n"


def test_file_at_the_limit_is_read_and_one_byte_more_is_refused(tmp_path):
    at_limit = tmp_path / "big.txt"
    at_limit.write_bytes(b"1 Island\n" * (MAX_INPUT_BYTES // 9) + b"x" * (MAX_INPUT_BYTES % 9))
    assert len(read_text(at_limit)) == MAX_INPUT_BYTES
    over = tmp_path / "over.txt"
    over.write_bytes(at_limit.read_bytes() + b"y")
    with pytest.raises(InputError, match="limit"):
        read_text(over)


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero on this system")
def test_endless_device_stops_at_the_limit():
    # fstat reports size 0 for a device: reading must still stop one byte past the limit.
    with pytest.raises(InputError, match="limit"):
        read_text("/dev/zero")
