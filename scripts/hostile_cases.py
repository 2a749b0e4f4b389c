"""The hostile inputs of issue #18 (and #14 items 10, 12, 13), one builder per case, for
scripts/hostile_inputs.py: each builds its files in a fresh folder and returns the runs to
make and what each must not do (a check returns why it failed, or None)."""
from __future__ import annotations

import os
import stat
import subprocess
import threading
import zipfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from hostile_server import HostileServer

SECRET = "SECRET-8f2e61"
FORGED = "FORGED-ANNOTATION"
LEGAL = "4 Lightning Bolt\n56 Mountain\n"
FORMAT = "mtg/constructed"


@dataclass
class Run:
    """One command to run and what it must not do."""

    argv: list[str]
    cwd: Path
    env: dict[str, str] = field(default_factory=dict)
    checks: list[Callable[[Outcome], str | None]] = field(default_factory=list)
    seconds: float | None = None
    umask: int | None = None


@dataclass
class Outcome:
    code: int | None
    seconds: float
    rss_mib: float
    stdout: Path
    stderr: Path
    killed: str | None

    def text(self) -> str:
        return (self.stdout.read_bytes()[:50_000_000] + self.stderr.read_bytes()[:5_000_000]).decode("utf-8", "replace")


# ---------------------------------------------------------------- cases


def library_call(call: str) -> str:
    """A Python snippet calling the library as a website would: its result printed, or the
    library's own error (a DeckcheckError is how the library says no)."""
    return (
        "from deckcheck import validate\nfrom deckcheck.errors import DeckcheckError\n"
        f"try:\n    print({call}.to_dict())\nexcept DeckcheckError as exc:\n    print('error:', exc)\n"
    )


def write(path: Path, data: str | bytes) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data if isinstance(data, bytes) else data.encode("utf-8"))
    return path


def outside(work: Path) -> Path:
    """A folder outside every tree the cases check, holding secrets."""
    folder = work / "outside"
    write(folder / "secret.txt", f"token = {SECRET}\n")
    write(folder / "secret.yaml", f"{SECRET}: 1\n")
    return folder


def unchanged(path: Path, before: bytes) -> Callable[[Outcome], str | None]:
    return lambda _: None if path.read_bytes() == before else f"{path.name} was overwritten through a link"


def absent(path: Path) -> Callable[[Outcome], str | None]:
    return lambda _: f"{path} was created" if path.exists() else None


def says(text: str) -> Callable[[Outcome], str | None]:
    return lambda outcome: None if text in outcome.text() else f"does not say {text!r}"


def exits(*codes: int) -> Callable[[Outcome], str | None]:
    return lambda outcome: None if outcome.code in codes else f"exit {outcome.code}, expected {codes}"


def under(max_bytes: int) -> Callable[[Outcome], str | None]:
    def check(outcome: Outcome) -> str | None:
        size = outcome.stdout.stat().st_size
        return f"{size:,} bytes of output" if size > max_bytes else None
    return check


def case_symlink_check(work: Path) -> list[Run]:
    repo = work / "repo"
    write(repo / ".git" / "config", f'[http]\n\textraheader = AUTHORIZATION: basic {SECRET}\n')
    write(repo / "deckcheck.yaml", f'format: {FORMAT}\ndecks: ["**"]\n')
    write(repo / "decks" / "ok.txt", LEGAL)
    os.symlink("../.git/config", repo / "decks" / "evil.txt")
    os.symlink(outside(work) / "secret.txt", repo / "decks" / "far.txt")
    actions = {"GITHUB_ACTIONS": "true"}
    return [
        Run(["deckcheck", "check"], repo, actions),
        Run(["deckcheck", "validate", "decks/evil.txt", "decks/ok.txt", "-f", FORMAT], repo, actions),
    ]


def case_symlink_batch(work: Path) -> list[Run]:
    regs = work / "regs"
    write(regs / "ok.txt", LEGAL)
    os.symlink(outside(work) / "secret.txt", regs / "evil.txt")
    os.symlink(outside(work), regs / "linked-folder")
    return [Run(["deckcheck", "batch", "regs", "-f", FORMAT, "-o", "json", "-q"], work, checks=[says('"legal": true')])]


def case_fifo(work: Path) -> list[Run]:
    regs = work / "regs"
    write(regs / "ok.txt", LEGAL)
    os.mkfifo(regs / "wait.txt")
    os.mkfifo(work / "pipe.txt")
    return [
        Run(["deckcheck", "batch", "regs", "-f", FORMAT, "-q"], work, seconds=30, checks=[exits(0, 1), says("ok.txt")]),
        Run(["deckcheck", "validate", "pipe.txt", "-f", FORMAT], work, seconds=30, checks=[exits(2)]),
    ]


def junk_lines(size: int = (4 << 20) - 16) -> bytes:
    return b"a\n" * (size // 2)


def case_junk_lines(work: Path) -> list[Run]:
    write(work / "junk.txt", junk_lines())
    return [Run(["deckcheck", "validate", "junk.txt", "-f", FORMAT, "-o", "sarif"], work, checks=[under(1 << 20)])]


def case_junk_zip(work: Path) -> list[Run]:
    with zipfile.ZipFile(work / "regs.zip", "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for index in range(4):
            archive.writestr(f"junk{index}.txt", junk_lines())
        archive.writestr("ok.txt", LEGAL)
    print(f"    (junk zip: {(work / 'regs.zip').stat().st_size:,} bytes)")
    return [Run(["deckcheck", "batch", "regs.zip", "-f", FORMAT, "-o", "json", "-q"], work, checks=[under(1 << 20)])]


ALIAS_BOMB = "a: &a [x, x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join([f'*{chr(97 + i)}'] * 10)}]\n" for i in range(8)
) + "registrations:\n- {player: ann, deck: a.txt, team: *i}\n"


def case_alias_bomb_zip(work: Path) -> list[Run]:
    with zipfile.ZipFile(work / "bomb.zip", "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        archive.writestr("manifest.yaml", ALIAS_BOMB)
        archive.writestr("a.txt", LEGAL)
    print(f"    (alias bomb zip: {(work / 'bomb.zip').stat().st_size:,} bytes)")
    return [Run(["deckcheck", "batch", "bomb.zip", "-f", FORMAT, "-q"], work, checks=[exits(2)])]


def case_format_outside(work: Path) -> list[Run]:
    secret = outside(work) / "secret.yaml"
    relative = os.path.relpath(secret, work / "zipped")
    with zipfile.ZipFile(work / "regs.zip", "w") as archive:
        archive.writestr("manifest.csv", f"player,deck,format\nann,a.txt,{secret}\nbob,a.txt,{relative}\ncy,a.txt,{FORMAT}\n")
        archive.writestr("a.txt", LEGAL)
    write(work / "evil.yaml", f"name: Evil\ngame: mtg\nextends: {secret}\n")
    write(work / "evil-relative.yaml", f"name: Evil\ngame: mtg\nextends: {os.path.relpath(secret, work)}\n")
    write(work / "a.txt", LEGAL)
    library = library_call(f"validate({LEGAL!r}, {str(secret)!r})")
    return [
        Run(["deckcheck", "batch", "regs.zip", "-f", FORMAT, "-o", "json", "-q"], work, checks=[says('"player": "cy"')]),
        Run(["deckcheck", "validate", "a.txt", "-f", "./evil.yaml"], work, checks=[exits(2)]),
        Run(["deckcheck", "formats", "check", "evil-relative.yaml"], work, checks=[exits(2)]),
        Run(["python", "-c", library], work),
    ]


def case_quadratic_xml(work: Path) -> list[Run]:
    body = b'<?xml version="1.0"?><Deck><NetDeckID>' + b"\n" * (3_900_000) + b"</NetDeckID>" \
        + b'<Cards CatID="1" Quantity="60" Sideboard="false" Name="Island"/></Deck>'
    write(work / "slow.dek", body)
    return [Run(["deckcheck", "validate", "slow.dek", "-f", FORMAT], work, seconds=60)]


def case_nested_xml(work: Path) -> list[Run]:
    """31 nested `<deck>`s, 31 nested `<section>`s, then the cards: each card was read 961 times."""
    cards = '<card qty="1">Island</card>' * 10_000
    body = "<deck>" * 31 + '<section name="Main">' * 31 + cards + "</section>" * 31 + "</deck>" * 31
    write(work / "nested.o8d", '<?xml version="1.0"?>' + body)
    cod = '<zone name="main">' * 62 + '<card number="1" name="Island"/>' * 100_000 + "</zone>" * 62
    write(work / "nested.cod", f'<?xml version="1.0"?><cockatrice_deck>{cod}</cockatrice_deck>')
    library = library_call(f"validate(open('nested.o8d').read(), {FORMAT!r}, cards=False)")
    return [
        Run(["deckcheck", "validate", "nested.o8d", "nested.cod", "-f", FORMAT, "-o", "json"], work, seconds=30,
            checks=[exits(1), under(1 << 20)]),
        Run(["python", "-c", library], work, seconds=30, checks=[under(1 << 20)]),
    ]


def case_library_paths(work: Path) -> list[Run]:
    secret = outside(work) / "secret.txt"
    script = library_call(f"validate({str(secret)!r}, {FORMAT!r})")
    pool = library_call(f"validate({LEGAL!r}, 'mtg/limited', pool={str(secret)!r})")
    return [Run(["python", "-c", script], work), Run(["python", "-c", pool], work)]


def case_server(work: Path, server: HostileServer) -> list[Run]:
    base = {"DECKCHECK_SCRYFALL_URL": server.url, "DECKCHECK_CARDS_DB": str(work / "cards.sqlite")}
    bomb = {**base, "DECKCHECK_SCRYFALL_URL": server.url + "/bomb"}
    other = HostileServer()  # an internal service on another port

    def set_uri(uri: str) -> Callable[[], None]:
        return lambda: setattr(server, "download_uri", uri)

    def no_hits(_: Outcome) -> str | None:
        return f"the internal server was asked {sum(other.hits.values())} times" if other.hits else None

    runs = [
        (None, Run(["deckcheck", "cards", "sync"], work, bomb, checks=[exits(2)], seconds=60)),
        (set_uri(f"{server.url}/files/endless.json"), Run(["deckcheck", "cards", "sync"], work, base, checks=[exits(2)], seconds=30)),
        (set_uri(f"{server.url}/files/bomb.json"), Run(["deckcheck", "cards", "sync"], work, base, checks=[exits(2)], seconds=60)),
        (set_uri(f"{other.url}/internal"), Run(["deckcheck", "cards", "sync"], work, base, checks=[exits(2), no_hits])),
        (set_uri(f"{server.url}/redirect/{other.httpd.server_address[1]}"),
         Run(["deckcheck", "cards", "sync"], work, base, checks=[exits(2), no_hits])),
    ]
    return runs  # type: ignore[return-value]


def case_tls(work: Path) -> list[Run]:
    import http.server
    import ssl

    key, cert = work / "key.pem", work / "cert.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", str(key), "-out", str(cert),
                    "-days", "1", "-subj", "/CN=127.0.0.1"], check=True, capture_output=True)
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), http.server.BaseHTTPRequestHandler)
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key)
    httpd.socket = context.wrap_socket(httpd.socket, server_side=True)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    env = {"DECKCHECK_SCRYFALL_URL": f"https://127.0.0.1:{httpd.server_address[1]}", "DECKCHECK_CARDS_DB": str(work / "c.sqlite")}
    return [Run(["deckcheck", "cards", "sync"], work, env, checks=[exits(2), says("certificate")])]


def case_report_links(work: Path) -> list[Run]:
    victim = write(outside(work) / "victim.txt", "precious\n")
    write(work / "regs" / "ok.txt", LEGAL)
    os.symlink(victim, work / "out.json")
    os.symlink(outside(work), work / "linked")
    write(work / "m.csv", "player,deck\nann,regs/ok.txt\n")
    manifest = (work / "m.csv").read_bytes()
    mode: dict[str, int] = {}

    def private(_: Outcome) -> str | None:
        found = stat.S_IMODE((work / "fresh.json").stat().st_mode) if (work / "fresh.json").exists() else None
        mode["mode"] = found or 0
        return None if found == 0o600 else f"report mode {found and oct(found)}, expected 0o600"

    return [
        Run(["deckcheck", "batch", "regs", "-f", FORMAT, "-o", "json", "-q", "--report", "out.json"], work,
            checks=[unchanged(victim, b"precious\n"), exits(2)]),
        Run(["deckcheck", "batch", "regs", "-f", FORMAT, "-o", "json", "-q", "--report", "linked/new/r.json"], work,
            checks=[absent(outside(work) / "new"), exits(2)]),
        Run(["deckcheck", "batch", "m.csv", "-f", FORMAT, "-o", "csv", "-q", "--report", "m.csv"], work,
            checks=[unchanged(work / "m.csv", manifest), exits(2)]),
        Run(["deckcheck", "batch", "regs", "-f", FORMAT, "-o", "json", "-q", "--report", "fresh.json"], work,
            checks=[private], umask=0),
    ]


def case_smuggling(work: Path) -> list[Run]:
    write(work / "a.txt", "5 Lightning Bolt\n55 Mountain\n")  # illegal: every output then names the players
    write(work / "m.yaml", f'- {{player: "ann\\n::error::{FORGED}", deck: a.txt}}\n'
                           f'- {{player: "bob\\n::stop-commands::x", deck: a.txt}}\n')
    repo = work / "repo"
    write(repo / "decks" / "a.txt", LEGAL)
    write(repo / "deckcheck.yaml", f'format: {FORMAT}\nsimulate:\n  "x\\n::error::{FORGED}":\n    assert: ["keep7 >= 0"]\n')
    actions = {"GITHUB_ACTIONS": "true"}
    return [
        Run(["deckcheck", "batch", "m.yaml", "-f", FORMAT, "-q"], work, actions),
        Run(["deckcheck", "batch", "m.yaml", "-f", FORMAT, "-q", "-o", "github", "--report", "r.txt"], work, actions),
        Run(["deckcheck", "batch", "m.yaml", "-f", FORMAT, "-q", "-o", "csv"], work, actions),
        Run(["deckcheck", "check"], repo, actions),
    ]


def case_online(work: Path, server: HostileServer, deckcheck: Path) -> list[Run]:
    db = work / "cards.sqlite"
    sample = Path(__file__).resolve().parent.parent / "tests" / "cards" / "sample_cards.json"
    subprocess.run([str(deckcheck), "cards", "import", str(sample), "--cards-db", str(db)], check=True, capture_output=True,
                   env={**os.environ, "DECKCHECK_PROGRESS": "0"})
    names = "".join(f"1 Unknown Card Number {index:05d}\n" for index in range(2800))  # about 66 KB
    write(work / "unknown.txt", names)
    env = {"DECKCHECK_SCRYFALL_URL": server.url, "DECKCHECK_CARDS_DB": str(db)}
    library = library_call(f"validate(open('unknown.txt').read(), {FORMAT!r})")

    def requests_at_most(most: int) -> Callable[[Outcome], str | None]:
        def check(_: Outcome) -> str | None:
            asked = server.hits.pop("/cards/collection", 0)
            return f"{asked} online requests" if asked > most else None
        return check

    return [
        Run(["python", "-c", library], work, env, checks=[requests_at_most(0)]),
        Run(["deckcheck", "validate", "unknown.txt", "-f", FORMAT], work, env, checks=[requests_at_most(3)]),
    ]


def case_policy(work: Path) -> list[Run]:
    write(work / "a.txt", LEGAL)
    os.mkfifo(work / "policy.yaml")
    return [
        Run(["deckcheck", "simulate", "a.txt", "-f", FORMAT, "--policy", "/dev/zero"], work, checks=[exits(2)]),
        Run(["deckcheck", "simulate", "a.txt", "-f", FORMAT, "--policy", "policy.yaml"], work, seconds=30, checks=[exits(2)]),
    ]


def case_manifest_paths(work: Path) -> list[Run]:
    secret = outside(work) / "secret.txt"
    event = work / "event"
    write(event / "a.txt", LEGAL)
    write(event / "m.csv", f"player,deck\nann,a.txt\nbob,{secret}\ncy,../outside/secret.txt\n")
    write(event / "bad.yaml", '- {player: ann, deck: a.txt}\n- {player: bob, deck: "b\\0.txt"}\n'
                              '- {player: cy, deck: "c\\0.txt"}\n- {player: dee, deck: a.txt, pool: "p\\0.txt"}\n')
    return [
        Run(["deckcheck", "batch", "event/m.csv", "-f", FORMAT, "-o", "json", "-q"], work, checks=[says('"player": "ann"')]),
        Run(["deckcheck", "batch", "event/bad.yaml", "-f", FORMAT, "-o", "json", "-q"], work,
            checks=[exits(1), says('"player": "ann"')]),
    ]


def case_terminal(work: Path) -> list[Run]:
    write(work / "a.txt", "4 Lightning Bolt\x1b]0;owned\x07\n56 Mountain\x1b[2J\x1b[8m\n1 Black\x9b31mLotus\n")

    def no_escape(outcome: Outcome) -> str | None:
        data = outcome.stdout.read_bytes() + outcome.stderr.read_bytes()
        return "escape sequence in the output" if b"\x1b" in data or "\x9b".encode() in data else None

    return [Run(["deckcheck", "validate", "a.txt", "-f", FORMAT, "-o", "text"], work, checks=[no_escape])]


def case_binary(work: Path) -> list[Run]:
    png = b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 200
    pdf = b"%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n2 0 obj\n<< >>\nendobj\n" * 50
    write(work / "photo.txt", png)
    write(work / "scan.txt", pdf)

    def one_problem(outcome: Outcome) -> str | None:
        import json

        try:
            results = json.loads(outcome.stdout.read_text())["results"]
        except ValueError:
            return "no JSON report"
        counts = [len(result["problems"]) for result in results]
        return None if counts == [1, 1] else f"problems per file {counts}, expected one each"

    return [Run(["deckcheck", "validate", "photo.txt", "scan.txt", "-f", FORMAT, "-o", "json"], work, checks=[one_problem])]


CASES: dict[str, Callable[..., list[Run]]] = {
    "symlink-check": case_symlink_check,
    "symlink-batch": case_symlink_batch,
    "fifo": case_fifo,
    "junk-lines": case_junk_lines,
    "junk-zip": case_junk_zip,
    "alias-bomb-zip": case_alias_bomb_zip,
    "format-outside": case_format_outside,
    "quadratic-xml": case_quadratic_xml,
    "nested-xml": case_nested_xml,
    "library-paths": case_library_paths,
    "card-server": case_server,
    "tls": case_tls,
    "report-links": case_report_links,
    "smuggling": case_smuggling,
    "online": case_online,
    "policy": case_policy,
    "manifest-paths": case_manifest_paths,
    "terminal": case_terminal,
    "binary": case_binary,
}


