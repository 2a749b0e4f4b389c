"""Names with bytes no UTF-8 can read (a file name of another system, an argument typed in
Latin-1) reach deckcheck as lone surrogates (os.fsdecode): they are shown in messages as
`\\udcff` and looked up or written as the replacement character, never an encoding error
(docs/security.md). Each command runs through the installed `deckcheck` with raw bytes."""
from __future__ import annotations

import os
import subprocess

import pytest

from conftest import deckcheck_executable

DECK = b"4 Lightning Bolt\n56 Mountain\n"

# (arguments, exit code, what the output says); 0xff is the undecodable byte.
CASES = [
    ([b"validate", b"missing\xff.txt", b"-f", b"mtg/modern"], 2, "parse-error      missing?.txt: no such file"),  # a report: replaced
    ([b"formats", b"check", b"missing\xff.yaml"], 2, "deckcheck: error: missing\\udcff.yaml: no such file"),
    ([b"validate", b"deck\xff.txt", b"-f", b"mtg/modern\xff"], 2, "unknown format 'mtg/modern\\udcff'"),
    ([b"cards", b"import", b"missing\xff.json", b"--cards-db", b"cards.sqlite"], 2, "cannot read missing\\udcff.json"),
    ([b"cards", b"lookup", b"Lightning Bolt\xff"], 1, "deckcheck: no card named 'Lightning Bolt\\udcff'; did you mean"),
    ([b"simulate", b"deck\xff.txt", b"-f", b"mtg/modern", b"--cast", b"Lightning Bolt\xff"], 2,
     "--cast 'Lightning Bolt\\udcff': no such card in the main deck or the card data; did you mean"),
    ([b"sheet", b"deck\xff.txt", b"-f", b"mtg/modern", b"--player", b"Ann\xff", b"--event", b"Friday\xff",
      b"--out", b"sheet\xff.pdf"], 0, "player 'Ann\\udcff': the sheet's fonts cannot draw U+DCFF"),
]


@pytest.mark.parametrize("args, code, says", CASES, ids=[" ".join(os.fsdecode(arg) for arg in case[0][:2]).encode("ascii", "backslashreplace").decode() for case in CASES])
@pytest.mark.parametrize("locale", ["C.UTF-8", "C"])
def test_an_undecodable_name_is_shown_never_an_encoding_error(tmp_path, args, code, says, locale):
    (tmp_path / os.fsdecode(b"deck\xff.txt")).write_bytes(DECK)
    env = {**os.environ, "NO_COLOR": "1", "LC_ALL": locale, "DECKCHECK_OFFLINE": "1"}
    env.pop("PYTHONIOENCODING", None)
    done = subprocess.run([os.fsencode(deckcheck_executable()), *args], capture_output=True, cwd=tmp_path, env=env,
                          timeout=300)
    shown = (done.stdout + done.stderr).decode("utf-8", "replace")
    assert "internal error" not in shown and "Traceback" not in shown, shown
    assert done.returncode == code, shown
    assert says in shown


def test_a_batch_report_file_writes_an_undecodable_name_as_a_question_mark(tmp_path):
    """`--report` writes the spooled report's UTF-8 bytes as they are; a lone surrogate (a
    file name's undecodable byte) is still `?`, never bytes no UTF-8 reader takes."""
    (tmp_path / "decks").mkdir()
    (tmp_path / "decks" / os.fsdecode(b"deck\xff.txt")).write_bytes(DECK)
    env = {**os.environ, "NO_COLOR": "1", "LC_ALL": "C.UTF-8", "DECKCHECK_OFFLINE": "1"}
    done = subprocess.run([deckcheck_executable(), "batch", "decks", "-f", "mtg/modern", "--date", "2024-06-01",
                           "-o", "json", "--report", "r.json", "--no-cards"], capture_output=True, cwd=tmp_path, env=env,
                          timeout=300)
    assert done.returncode in (0, 1), done.stderr
    written = (tmp_path / "r.json").read_bytes().decode("utf-8")  # strict: every byte UTF-8
    assert '"deck": "deck?.txt"' in written
