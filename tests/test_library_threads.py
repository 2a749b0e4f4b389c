"""A website's server calls the library from several threads at once (docs/security.md,
"A website or bot that calls the library on pasted text"): each call gets the answer it
gets alone, from a cold start (the card data, the formats and their caches first loaded
while other threads use them)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

# Decks that differ in what the checks find: legal, banned, unknown and misspelt names,
# a copy-limit break, another format, another game.
DECKS = [
    ("4 Lightning Bolt\n56 Mountain\n", "mtg/modern"),
    ("1 Mox Opal\n59 Island\n", "mtg/modern"),
    ("4 Lightening Bolt\n4 Unknown Card {n}\n52 Mountain\n", "mtg/modern"),
    ("5 Brainstorm\n55 Island\n", "mtg/legacy"),
    ("1 Black Lotus\n1 Sol Ring\n58 Island\n", "mtg/vintage"),
    ("4 Oko, Thief of Crowns\n56 Forest\n", "mtg/pioneer"),
    ("#main\n89631139\n89631139\n89631139\n89631139\n", "yugioh/advanced-tcg"),
]

SCRIPT = textwrap.dedent("""
    import json, sys, threading
    from deckcheck import validate
    decks = json.loads(sys.argv[1])
    calls = [(text.replace("{n}", str(n)), fmt) for n in range(6) for text, fmt in decks]
    answers = [None] * len(calls)

    def answer(text, fmt):
        result = validate(text, fmt, "2024-06-01")
        return [result.legal, [[p.rule, p.card, p.message] for p in result.problems]]

    def work(first):
        for index in range(first, len(calls), 8):
            try:
                answers[index] = answer(*calls[index])
            except Exception as exc:  # the test compares: an exception is a different answer
                answers[index] = repr(exc)

    threads = [threading.Thread(target=work, args=(first,)) for first in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    alone = [answer(*call) for call in calls]  # the same calls again, one at a time
    print(json.dumps({"threads": answers, "alone": alone}))
""")


def test_calls_from_several_threads_answer_as_each_alone():
    done = subprocess.run([sys.executable, "-c", SCRIPT, json.dumps(DECKS)], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout)
    assert found["threads"] == found["alone"]
    verdicts = {legal for legal, _ in found["alone"]}
    assert verdicts == {True, False}  # the decks do differ in what they get


def test_overlapping_batches_leave_the_environment_as_it_was(monkeypatch):
    # check_source sets PYTHONSAFEPATH for the life of its worker pool (batch/worker_pool.py)
    # and put back what it found on leaving. Two batches in two threads of one server
    # overlapped: the first to end removed the variable while the second's workers were
    # still to start (they could import a `multiprocessing/` folder of the working folder),
    # and the last to end put back the "1" it had found, so PYTHONSAFEPATH=1 stayed in the
    # server's environment for good, for every process it starts after.
    from deckcheck.batch.worker_pool import _no_working_folder_on_path

    monkeypatch.delenv("PYTHONSAFEPATH", raising=False)
    first, second = _no_working_folder_on_path(), _no_working_folder_on_path()
    first.__enter__()
    second.__enter__()
    first.__exit__(None, None, None)
    assert os.environ.get("PYTHONSAFEPATH") == "1"  # the second batch's workers are still to start
    second.__exit__(None, None, None)
    assert "PYTHONSAFEPATH" not in os.environ
    monkeypatch.setenv("PYTHONSAFEPATH", "x")  # one the caller set is left as it was
    with _no_working_folder_on_path():
        assert os.environ["PYTHONSAFEPATH"] == "1"
    assert os.environ["PYTHONSAFEPATH"] == "x"


def threaded(script: str, calls: int, threads: int) -> str:
    """`script` (which defines answer(index)) followed by `calls` answers shared out among
    `threads` threads, then the same answers one by one, printed as JSON: the test compares
    the two. An exception other than the script's own answers is a bug, shown as such."""
    return script + textwrap.dedent(f"""
        answers = [None] * {calls}

        def work(first):
            for index in range(first, {calls}, {threads}):
                try:
                    answers[index] = answer(index)
                except Exception as exc:  # the test compares: any other exception is a bug
                    answers[index] = "BUG " + repr(exc)

        threads = [threading.Thread(target=work, args=(first,)) for first in range({threads})]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        alone = [answer(index) for index in range({calls})]
        print(json.dumps({{"threads": answers, "alone": alone}}))
    """)


def answered_alike(script: str, calls: int, threads: int) -> dict:
    """The answers of `threaded(script, ...)` run in a fresh interpreter (a cold start),
    once it is shown that it printed nothing else and the threads answered as each alone."""
    done = subprocess.run([sys.executable, "-c", threaded(script, calls, threads)], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""  # the library prints nothing
    found = json.loads(done.stdout)
    assert found["threads"] == found["alone"]
    return found


# What a deck website's worker threads call on uploads beside validate: parse_bytes and
# check_deck on files of every kind (a photo, a zip, a file of NULs, UTF-16, a list over
# the size limit), convert and lookup_card, 200 calls from a cold start.
UPLOADS_SCRIPT = textwrap.dedent("""
    import io, json, sys, threading, zipfile
    from deckcheck import check_deck, convert, lookup_card, parse_bytes
    from deckcheck.errors import DeckcheckError
    archive = io.BytesIO()
    with zipfile.ZipFile(archive, "w") as folder:
        folder.writestr("deck.txt", "4 Lightning Bolt\\n56 Mountain\\n")
    uploads = [b"4 Lightning Bolt\\n56 Mountain\\n", archive.getvalue(), b"\\x89PNG\\r\\n\\x1a\\n" + bytes(64), bytes(500),
               "4 Lightning Bolt\\n56 Mountain\\n".encode("utf-16"), b"1 Island\\n" * 470_000,
               "1 Atraxa, Praetors' Voice\\n\\n1 Sol Ring\\n98 Forest\\n1 Lightnig Bolt\\n".encode("cp1252"),
               b"#main\\n14558127\\n14558127\\n!side\\n"]
    names = ["deck.txt", "deck.zip", "scan.png", "zeros.txt", "utf16.txt", "big.txt", "edh.txt", "deck.ydk"]
    formats = ["mtg/modern", "mtg/commander", "mtg/legacy", "yugioh/advanced-tcg"]
    cards = ["Lightning Bolt", "ash blossom", "Sol Ring", "14558127", "Lightnig Bolt"]

    def answer(index):
        upload, name = uploads[index % len(uploads)], names[index % len(names)]
        kind = index % 3
        try:
            if kind == 0:
                return check_deck(parse_bytes(upload, name=name), formats[index % len(formats)], date="2024-06-01").to_dict()
            if kind == 1:
                converted = convert(parse_bytes(upload, name=name), "arena")
                return [converted.text, converted.warnings]
            return lookup_card(cards[index % len(cards)], formats=["mtg/modern", "mtg/commander"] if index % 2 else None,
                               date="2024-06-01").to_dict()
        except DeckcheckError as error:  # a documented kind, with a message a page can show
            return [type(error).__name__, str(error), error.setting]

""")


def test_uploads_conversions_and_lookups_from_threads_answer_as_each_alone():
    found = answered_alike(UPLOADS_SCRIPT, 200, 8)
    assert not any(isinstance(answer, str) and answer.startswith("BUG") for answer in found["alone"])
    errors = [answer for answer in found["alone"] if isinstance(answer, list) and answer and answer[0] == "DeckcheckError"]
    assert errors and all("\n" not in message for _, message, _ in errors)  # unreadable uploads can't be converted


# simulate from a website's worker threads: exact and seeded Monte Carlo runs, a card the
# deck lacks (an error with its setting), three games, from a cold start.
SIMULATE_SCRIPT = textwrap.dedent("""
    import json, threading
    from deckcheck import simulate
    from deckcheck.errors import DeckcheckError
    burn = "4 Lightning Bolt\\n4 Goblin Guide\\n20 Mountain\\n32 Lava Spike\\n"
    runs = [(burn, "mtg/modern", dict(keep="2 <= lands <= 4", assertions=["keep7 >= 0.5"], cast=["Lightning Bolt"])),
            (burn, "mtg/modern", dict(keep="distinct(spells) >= 2", hands=2000, seed=7)),
            ("3 Ash Blossom & Joyous Spring\\n37 Maxx \\"C\\"\\n", "yugioh/advanced-tcg",
             dict(assertions=['p_by_turn("Ash Blossom & Joyous Spring", 1) > 0.3'])),
            ("Hero: Graccus\\n4 Aura of Accuracy\\n56 Ironforge Guards\\n", "wow/constructed", dict(keep='count("Aura of Accuracy") >= 1')),
            (burn, "mtg/modern", dict(cards=["Lightnig Bolt"]))]

    def answer(index):
        text, fmt, settings = runs[index % len(runs)]
        try:
            result = simulate(text, fmt, **settings)
            return [result.to_dict(), result.warnings]
        except DeckcheckError as error:
            return [type(error).__name__, str(error), error.setting]

""")


def test_simulations_from_threads_answer_as_each_alone():
    found = answered_alike(SIMULATE_SCRIPT, 20, 4)
    assert not any(isinstance(answer, str) for answer in found["alone"])
    assert found["alone"][4][2] == "cards"  # the misspelt card: an error naming its setting
