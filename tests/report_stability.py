"""Every report of a fixed corpus, captured before a change and compared byte for byte after it.

    python tests/report_stability.py capture BEFORE/      # on the code before the change
    python tests/report_stability.py compare BEFORE/      # on the code after it: exit 1 on a difference
    python tests/report_stability.py compare BEFORE/ --only batch-   # runs whose name starts so

The corpus (built in a fresh folder each time, the folder's path replaced by `<ROOT>` in
what is kept) holds real tournament decks of ../shared/data (MTGO text with a blank line
before the sideboard, with a `Sideboard` header, Arena exports, the real files in other
formats, Yu-Gi-Oh! `.ydk` decks), the hostile cases of tests/ and scripts/hostile_cases.py
(terminal escapes, workflow commands and formulas in names, binary and broken files, typos),
team registrations (unified construction, 2HG, duplicate players, missing decks, unknown
formats) and sealed pools. Every reporter of `validate`, `batch` (a folder, a manifest with
teams and a deck-check sample, a zip, pools, `--report` files, `--jobs 1` and `2`),
`simulate` and `check` runs on it with fixed dates and seeds; stdout, stderr, the exit code
and the files written are kept. tests/test_report_stability.py runs a small part of it on
every test run against tests/reports/.
"""
from __future__ import annotations

import argparse
import csv
import io
import os
import shutil
import subprocess
import sys
import tempfile
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from real_decks import find_shared_data, format_id, mtgo_text, read_decks, registered_text  # noqa: E402

DATE = "2024-06-01"
BATCH_OUTPUTS = ("text", "json", "csv", "junit", "github", "sarif", "html")
DECK_OUTPUTS = ("text", "json", "junit", "github", "sarif")
LEGAL = "4 Lightning Bolt\n56 Mountain\n"
BURN = "4 Lightning Bolt\n56 Mountain\n\nSideboard\n2 Smash to Smithereens\n"
POOL = "3 Shock\n1 Lightning Bolt\n10 Goblin Piker\n10 Hill Giant\n"
POOL_LEGAL = "3 Shock\n10 Goblin Piker\n27 Mountain\n"
POOL_FOURTH = "4 Shock\n10 Goblin Piker\n26 Mountain\n"


@dataclass
class Run:
    """One command of the corpus: its name (the file names of what is kept), its arguments,
    extra environment, and the files it writes (kept too)."""

    name: str
    argv: list[str]
    env: dict[str, str] = field(default_factory=dict)
    writes: list[str] = field(default_factory=list)
    cwd: str = "."


def write(root: Path, files: dict[str, str | bytes]) -> None:
    for name, content in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))


# ---------------------------------------------------------------- the corpus


def real_decks(root: Path, shared: Path, count: int) -> None:
    """`count` real decks spread over the whole file (every format and year), in three
    shapes, with a manifest giving each its own format and player, teams of three among
    the Legacy rows, and a folder of the same files."""
    decks = list(read_decks(shared))
    step = max(1, len(decks) // count)
    chosen = decks[::step][:count]
    rows = [["player", "deck", "format", "team", "seat"]]
    legacy_seen = 0
    for index, deck in enumerate(chosen):
        if index % 3 == 0:
            text = mtgo_text(deck)
        elif index % 3 == 1:
            text = registered_text(deck)
        else:
            text = "Deck\n" + "\n".join(f"{c['count']} {c['name']}" for c in deck["mainboard"])
            text += "\n\nSideboard\n" + "\n".join(f"{c['count']} {c['name']}" for c in deck["sideboard"]) + "\n"
        name = f"real/decks/{index:04d}.txt"
        write(root, {name: text})
        team = seat = ""
        if format_id(deck) == "mtg/legacy" and legacy_seen < 12:
            team, seat = f"Legacy {legacy_seen // 3 + 1}", "ABC"[legacy_seen % 3]
            legacy_seen += 1
        rows.append([f"player {index:04d}", f"decks/{index:04d}.txt", format_id(deck), team, seat])
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="\n").writerows(rows)
    write(root, {"real/registrations.csv": buffer.getvalue()})


def other_files(root: Path, shared: Path) -> None:
    """The real files in other decklist formats, and the repository's own test decks."""
    for source in sorted((shared / "mtg" / "deck_formats").glob("*/*")):
        write(root, {f"formats/{source.parent.name}/{source.name}": source.read_bytes()})
    for source in sorted((HERE / "decks").glob("*/*/*/*")):
        if source.suffix != ".yaml":
            write(root, {f"formats/tests/{source.parent.parent.parent.name}-{source.name}": source.read_bytes()})
    for source in sorted((shared / "ygo" / "decks").glob("*.ydk"))[:25]:
        write(root, {f"ygo/{source.name}": source.read_bytes()})


def hostile(root: Path) -> None:
    """Names and files that reporters must make harmless, and inputs that are broken."""
    write(root, {
        "hostile/escapes.txt": "4 Lightning Bolt\x1b]0;owned\x07\n56 Mountain\x1b[2J\x1b[8m\n1 Black\x9b31mLotus\n",
        "hostile/photo.txt": b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 20,
        "hostile/scan.txt": b"%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n" * 5,
        "hostile/utf16.txt": "4 Lightning Bolt\n56 Mountain\n".encode("utf-16"),
        "hostile/garbage.txt": "this is not\na decklist at all\n",
        "hostile/bad.dek": "<?xml version='1.0'?><Deck><Cards Quantity='x'",
        "hostile/typos.txt": "4 Lightnig Bolt\n4 Counterspel\n4 Brainstrom\n1 Black Lotus\n47 Island\n\n15 Mountian\n",
        "hostile/markup.txt": '4 <script>alert(1)</script>\n4 "Quoted", Card\n52 Island\n',
        "hostile/formula.txt": "4 =HYPERLINK(\"http://x\")\n56 Island\n",
        "hostile/commands.txt": "4 ::error::forged\n4 ##[warning]old\n52 Island\n",
        "hostile/invisible.txt": "4 Light\u200bning Bolt\n56 Moun\u202etain\n",
        "hostile/counts.txt": "999999999999 Island\n0 Mountain\n-3 Forest\n4x Lightning Bolt\n",
        "hostile/crlf.txt": "4 Lightning Bolt\r\n56 Mountain\r\n\r\nSideboard\r\n15 Island\r\n",
        "hostile/sideboard-only.txt": "\n\nSideboard\n15 Island\n",
        "hostile/empty.txt": "",
        "hostile/five-bolts.txt": "5 Lightning Bolt\n55 Mountain\n",
        "hostile/manifest.yaml": (
            '- {player: "ann\\n::error::FORGED", deck: five-bolts.txt}\n'
            '- {player: "=HYPERLINK(\\"x\\")", deck: formula.txt}\n'
            '- {player: "<b>bob</b>", deck: markup.txt, team: "<i>T</i>"}\n'
            '- {player: "cy\\u001b[2J", deck: escapes.txt, team: "<i>T</i>"}\n'
            '- {player: "dee", deck: missing.txt}\n'
            '- {player: "eve", deck: typos.txt, format: mtg/nonsense}\n'
        ),
    })


def teams(root: Path) -> None:
    """tests/test_batch_cli.py's team set, a YAML manifest with seats, and 2HG teams."""
    write(root, {
        "teams/decks/ann.txt": "4 Brainstorm\n56 Island\n",
        "teams/decks/bob.txt": "1 Brainstorm\n59 Island\n",
        "teams/decks/cy.txt": "60 Island\n",
        "teams/decks/dee.txt": BURN,
        "teams/decks/eve.txt": "4 Opt\n56 Island\n",
        "teams/decks/fay.txt": BURN,
        "teams/decks/gus.txt": BURN,
        "teams/decks/hal.txt": BURN,
        "teams/registrations.csv": (
            "Player,Deck,Team,Seat,Format,Pool\n"
            "ann,decks/ann.txt,T1,A,,\nbob,decks/bob.txt,T1,B,,\ncy,decks/cy.txt,T1,C,,\n"
            "dee,decks/dee.txt,T2,A,,\neve,decks/eve.txt,T2,B,,\nfay,decks/missing.txt,T3,A,,\n"
            "gus,decks/gus.txt,T3,B,,\nhal,decks/hal.txt,,,mtg/nonsense,\nAnn,decks/eve.txt,T2,C,,\n"
        ),
        "teams/seats.yaml": (
            "- {player: ann, deck: decks/ann.txt, team: Red, seat: a}\n"
            "- {player: bob, deck: decks/bob.txt, team: Red, seat: B}\n"
            "- {player: cy, team: Blue}\n"
            "- {player: dee, deck: decks/dee.txt, team: 2HG, format: mtg/2hg-modern}\n"
            "- {player: eve, deck: decks/eve.txt, team: 2HG, format: mtg/2hg-modern}\n"
            "- {player: fay, deck: decks/fay.txt, format: mtg/2hg-modern}\n"
        ),
    })


def pools(root: Path) -> None:
    """tests/test_pool_batch.py's sealed event: good, missing, binary and empty pools, a team."""
    write(root, {
        "pools/pools/ann.txt": POOL, "pools/pools/bob.txt": POOL, "pools/pools/binary.txt": b"\x00\x01\x02" * 50,
        "pools/pools/empty.txt": "\n", "pools/pools/bad.txt": "3 Shock\nthree Hill Giant\n",
        "pools/decks/ann.txt": POOL_LEGAL, "pools/decks/bob.txt": POOL_FOURTH, "pools/decks/cy.txt": POOL_LEGAL,
        "pools/decks/dee.txt": POOL_LEGAL, "pools/decks/eve.txt": "1 Lightning Bolt\n39 Mountain\n",
        "pools/decks/fay.txt": "1 Lightning Bolt\n39 Mountain\n",
        "pools/reg.csv": (
            "player,deck,pool,team\n"
            "ann,decks/ann.txt,pools/ann.txt,\nbob,decks/bob.txt,pools/bob.txt,\ncy,decks/cy.txt,pools/missing.txt,\n"
            "dee,decks/dee.txt,pools/binary.txt,\ngus,decks/dee.txt,pools/empty.txt,\nhal,decks/dee.txt,pools/bad.txt,\n"
            "eve,decks/eve.txt,pools/ann.txt,Sealers\nfay,decks/fay.txt,pools/ann.txt,Sealers\n"
        ),
    })


def archives(root: Path) -> None:
    """The team set and the hostile folder zipped, with an entry that leaves the archive."""
    with zipfile.ZipFile(root / "teams.zip", "w") as zipped:
        for path in sorted((root / "teams").rglob("*")):
            if path.is_file() and path.suffix != ".yaml":
                zipped.write(path, path.relative_to(root / "teams").as_posix())
    with zipfile.ZipFile(root / "folder.zip", "w") as zipped:
        for path in sorted((root / "hostile").rglob("*")):
            if path.is_file() and path.suffix != ".yaml":
                zipped.write(path, "decks/" + path.name)
        zipped.writestr("../evil.txt", LEGAL)
        zipped.writestr("notes.pdf", "not a deck")


def repository(root: Path) -> None:
    """A repository checked by `deckcheck check` as its deckcheck.yaml says."""
    write(root, {
        "repo/deckcheck.yaml": (
            "format: mtg/modern\ndate: 2024-06-01\nformats:\n  \"decks/legacy/**\": mtg/legacy\n"
            "exclude: [\"decks/archive/**\"]\nsimulate:\n  \"burn*.txt\":\n    keep: \"2 <= lands <= 5\"\n"
            "    assert: [\"keep7 >= 0.5\", \"keep7 >= 0.99\"]\n"
        ),
        "repo/decks/modern/burn.txt": (HERE.parent / "examples" / "burn-modern.txt").read_text(encoding="utf-8"),
        "repo/decks/modern/bolt.txt": "5 Lightning Bolt\n55 Mountain\n",
        "repo/decks/legacy/blue.txt": "4 Brainstorm\n56 Island\n",
        "repo/decks/archive/old.txt": "not a deck at all\n",
    })


def build(root: Path, shared: Path | None, *, decks: int) -> None:
    """The corpus in `root`; without `shared` (the test suite's part) no real decks."""
    if shared is not None:
        real_decks(root, shared, decks)
        other_files(root, shared)
    hostile(root)
    teams(root)
    pools(root)
    archives(root)
    repository(root)
    for name in ("burn-modern.txt", "burn-policy.yaml", "karsten-policy.yaml"):
        shutil.copy(HERE.parent / "examples" / name, root / name)


# ---------------------------------------------------------------- the runs


def runs(root: Path, *, small: bool = False) -> list[Run]:
    """Every run of the corpus; `small`: the part the test suite runs."""
    found: list[Run] = []
    date = ["--date", DATE]
    hostile_files = sorted(str(path.relative_to(root)) for path in (root / "hostile").glob("*.txt"))
    hostile_files += ["hostile/bad.dek"]
    for output in DECK_OUTPUTS:
        found.append(Run(f"validate-hostile-{output}", ["validate", *hostile_files, "-f", "mtg/modern", *date, "-o", output]))
        if small:
            continue
        real_files = sorted(str(path.relative_to(root)) for path in (root / "real" / "decks").glob("*.txt"))[:40]
        other = sorted(str(path.relative_to(root)) for path in (root / "formats").rglob("*") if path.is_file())
        found.append(Run(f"validate-real-{output}", ["validate", *real_files, "-f", "mtg/legacy", *date, "-o", output]))
        found.append(Run(f"validate-other-{output}", ["validate", *other, "-f", "mtg/vintage", *date, "-o", output]))
        ygo = sorted(str(path.relative_to(root)) for path in (root / "ygo").glob("*.ydk"))
        found.append(Run(f"validate-ygo-{output}", ["validate", *ygo, "-f", "yugioh/advanced-tcg", *date, "-o", output]))
    found.append(Run("validate-one-text", ["validate", "burn-modern.txt", "-f", "mtg/modern", *date]))
    found.append(Run("validate-one-again", ["validate", "burn-modern.txt", "-f", "mtg/modern", *date, "-o", "json"]))
    found.append(Run("validate-no-cards", ["validate", "hostile/typos.txt", "-f", "mtg/legacy", *date, "--no-cards"]))
    quiet = ["-q"]
    for output in BATCH_OUTPUTS:
        found.append(Run(f"batch-teams-{output}", ["batch", "teams/registrations.csv", "-f", "mtg/legacy", *date, *quiet, "-o", output]))
        found.append(Run(f"batch-hostile-manifest-{output}", ["batch", "hostile/manifest.yaml", "-f", "mtg/modern", *date, *quiet, "-o", output]))
        if small:
            continue
        found.append(Run(f"batch-real-manifest-{output}", [
            "batch", "real/registrations.csv", "-f", "mtg/legacy", *date, *quiet, "-o", output,
            "--deck-check", "5%", "--seed", "7"]))
        found.append(Run(f"batch-real-folder-{output}", ["batch", "real/decks", "-f", "mtg/legacy", *date, *quiet, "-o", output]))
        found.append(Run(f"batch-hostile-folder-{output}", ["batch", "hostile", "-f", "mtg/modern", *date, *quiet, "-o", output]))
        found.append(Run(f"batch-seats-{output}", ["batch", "teams/seats.yaml", "-f", "mtg/legacy", *date, *quiet, "-o", output]))
        found.append(Run(f"batch-teams-zip-{output}", ["batch", "teams.zip", "-f", "mtg/legacy", *date, *quiet, "-o", output]))
        found.append(Run(f"batch-folder-zip-{output}", ["batch", "folder.zip", "-f", "mtg/modern", *date, *quiet, "-o", output]))
        found.append(Run(f"batch-pools-{output}", ["batch", "pools/reg.csv", "-f", "mtg/limited", *date, *quiet, "-o", output,
                                                   "--deck-check", "3", "--seed", "1"]))
        found.append(Run(f"batch-ygo-{output}", ["batch", "ygo", "-f", "yugioh/advanced-tcg", *date, *quiet, "-o", output]))
        found.append(Run(f"batch-real-report-{output}", [
            "batch", "real/registrations.csv", "-f", "mtg/legacy", *date, *quiet, "-o", output,
            "--report", f"out/report-{output}"], writes=[f"out/report-{output}"]))
    if not small:
        for jobs in ("1", "2"):
            found.append(Run(f"batch-real-jobs{jobs}", [
                "batch", "real/registrations.csv", "-f", "mtg/legacy", *date, *quiet, "-o", "json", "--jobs", jobs]))
        found.append(Run("batch-no-unified", ["batch", "teams/registrations.csv", "-f", "mtg/legacy", *date, *quiet, "--no-unified"]))
        found.append(Run("batch-no-cards", ["batch", "real/registrations.csv", "-f", "mtg/legacy", *date, *quiet, "--no-cards", "-o", "json"]))
        found.append(Run("batch-actions-auto", ["batch", "hostile/manifest.yaml", "-f", "mtg/modern", *date, *quiet, "-o", "auto"],
                         env={"GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": "out/summary.md"}, writes=["out/summary.md"]))
        found.append(Run("batch-actions-text", ["batch", "hostile/manifest.yaml", "-f", "mtg/modern", *date, *quiet, "-o", "csv"],
                         env={"GITHUB_ACTIONS": "true"}))
        found.append(Run("validate-actions-auto", ["validate", *hostile_files, "-f", "mtg/modern", *date],
                         env={"GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": "out/summary-validate.md"},
                         writes=["out/summary-validate.md"]))
    simulate = ["simulate", "burn-modern.txt", "-f", "mtg/modern"]
    asserts = ["--assert", "keep7 >= 0.85", "--assert", "p_by_turn('Lightning Bolt', 1) >= 0.99"]
    for output in ("text", "json", "csv", "junit", "github", "sarif"):
        if small and output not in ("text", "json"):
            continue
        found.append(Run(f"simulate-policy-{output}", [*simulate, "--policy", "burn-policy.yaml", "--hands", "20000", "--seed", "3",
                                                        *asserts, "-o", output]))
        if small:
            continue
        found.append(Run(f"simulate-exact-{output}", [*simulate, "--keep", "2 <= lands <= 5", *asserts, "-o", output]))
    if not small:
        found.append(Run("simulate-cast", [*simulate, "--cast", "Lightning Bolt", "--cast", "Boros Charm", "--turns", "4", "--on", "draw"]))
        found.append(Run("simulate-cast-json", [*simulate, "--cast", "Lightning Bolt", "--hands", "5000", "--seed", "1", "-o", "json"]))
        for output in ("text", "json", "csv"):
            found.append(Run(f"simulate-compare-{output}", [*simulate, "--compare", "burn-policy.yaml", "karsten-policy.yaml", "-o", output]))
        found.append(Run("simulate-exact-flag", [*simulate, "--keep", "lands >= 2", "--exact", "-o", "json"]))
        found.append(Run("simulate-monte-carlo", [*simulate, "--hands", "30000", "--seed", "9", "-o", "json"]))
    for output in DECK_OUTPUTS:
        found.append(Run(f"check-{output}", ["check", "-o", output], cwd="repo"))
        if small:
            break
    return found


# ---------------------------------------------------------------- running and keeping


def deckcheck_command() -> str:
    found = shutil.which("deckcheck", path=str(Path(sys.executable).parent)) or shutil.which("deckcheck")
    if not found:
        sys.exit("the deckcheck command is not installed beside this interpreter")
    return found


def environment(home: Path) -> dict[str, str]:
    """Isolated user folders, no colour, no network, no GitHub Actions."""
    env = {key: value for key, value in os.environ.items()
           if key not in ("GITHUB_ACTIONS", "GITHUB_STEP_SUMMARY", "DECKCHECK_CARDS_DB", "DECKCHECK_PROGRESS", "DECKCHECK_OFFLINE",
                          "FORCE_COLOR", "CLICOLOR", "CLICOLOR_FORCE")}
    env.update({
        "NO_COLOR": "1", "XDG_CACHE_HOME": str(home / "cache"), "XDG_DATA_HOME": str(home / "data"),
        "XDG_CONFIG_HOME": str(home / "config"), "DECKCHECK_SCRYFALL_URL": "http://127.0.0.1:9", "COLUMNS": "100",
    })
    return env


def outputs(root: Path, run_list: list[Run], deckcheck: str, home: Path) -> dict[str, bytes]:
    """What each run printed and wrote, the corpus folder written as `<ROOT>`."""
    kept: dict[str, bytes] = {}
    marker = str(root).encode()
    (root / "out").mkdir(exist_ok=True)
    for run in run_list:
        env = {**environment(home), **{key: (str(root / value) if value.startswith("out/") else value) for key, value in run.env.items()}}
        done = subprocess.run([deckcheck, *run.argv], cwd=root / run.cwd, env=env, capture_output=True, timeout=600)
        kept[f"{run.name}.stdout"] = done.stdout.replace(marker, b"<ROOT>")
        kept[f"{run.name}.stderr"] = done.stderr.replace(marker, b"<ROOT>")
        kept[f"{run.name}.code"] = str(done.returncode).encode()
        for name in run.writes:
            path = root / name
            kept[f"{run.name}.{Path(name).name}"] = path.read_bytes().replace(marker, b"<ROOT>") if path.exists() else b"(not written)"
            path.unlink(missing_ok=True)
    return kept


def collect(*, decks: int, small: bool, only: str | None) -> dict[str, bytes]:
    """Build the corpus in a fresh folder and run it (`small`: the test suite's part, which
    needs no shared data)."""
    shared = None if small else find_shared_data()
    if shared is not None and not (shared / "mtg" / "decklists" / "decks.jsonl.gz").is_file():
        sys.exit(f"the shared real data is not at {shared} (set DECKCHECK_SHARED_DATA)")
    with tempfile.TemporaryDirectory(prefix="deckcheck-reports-") as folder:
        root = Path(folder) / "corpus"
        root.mkdir()
        build(root, shared, decks=decks)
        run_list = [run for run in runs(root, small=small) if only is None or run.name.startswith(only)]
        return outputs(root, run_list, deckcheck_command(), Path(folder) / "home")


def without_rule_docs(name: str, data: bytes) -> bytes:
    """A SARIF report with its `rules` list (every rule module's docstring) cut out: the
    test suite's capture must not change whenever a rule's documentation does."""
    if not name.endswith(".stdout") or b'"$schema"' not in data:
        return data
    start = data.find(b'"rules": [')
    close = b"\n          ]"  # the list's end, at its own indentation
    end = data.find(close, start)
    return data if start < 0 or end < 0 else data[:start] + b'"rules": "(rule docs)"' + data[end + len(close):]


def keep(folder: Path, kept: dict[str, bytes]) -> None:
    """Write what was kept to `folder` (empty outputs are not written: absent means empty)."""
    folder.mkdir(parents=True, exist_ok=True)
    for name, data in kept.items():
        if data:
            (folder / name).write_bytes(data)


def differences(folder: Path, kept: dict[str, bytes]) -> list[str]:
    """One line per output that differs from the one kept in `folder`."""
    differ = []
    for name, data in kept.items():
        before = folder / name
        old = before.read_bytes() if before.exists() else b""
        if old != data:
            differ.append(f"{name}: differs ({len(old)} bytes before, {len(data)} now)")
    return differ


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("action", choices=("capture", "compare"))
    parser.add_argument("folder", type=Path)
    parser.add_argument("--decks", type=int, default=300, help="real decks in the corpus (300)")
    parser.add_argument("--only", help="only the runs whose name starts with this")
    parser.add_argument("--small", action="store_true", help="only the test suite's part (tests/reports/ is its capture)")
    args = parser.parse_args()
    kept = collect(decks=args.decks, small=args.small, only=args.only)
    if args.small:
        kept = {name: without_rule_docs(name, data) for name, data in kept.items()}
    if args.action == "capture":
        keep(args.folder, kept)
        print(f"{len(kept)} outputs of {len(kept) // 3} runs kept in {args.folder}")
        return
    differ = differences(args.folder, kept)
    for line in differ:
        print(line)
    print(f"{len(kept) - len(differ)} of {len(kept)} outputs byte-identical")
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
