"""Build each hostile input of issue #18 (and #14 items 10, 12, 13) and run the installed
deckcheck command (and library) under memory, CPU, file-size and wall-time limits, the
way a judge would; print what each run did.

    python scripts/hostile_inputs.py [--deckcheck PATH] [--memory MIB] [--seconds S] [CASE...]

`--deckcheck` is the installed command (default: the one beside this Python); library
cases run the Python of that installation. For each run: exit code, wall time, peak
memory (max RSS), bytes written to stdout and stderr, and the checks that failed:

    secret      a planted secret from outside the tree appears in the output
    forged      a workflow command planted in a name reached stdout/stderr as a command
    limit       killed by a limit (memory, CPU, wall time) or a MemoryError
    traceback   a Python traceback instead of a one-line error
    <case>      what the case itself requires (nothing written through a link, ...)
"""
from __future__ import annotations

import argparse
import os
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from hostile_cases import CASES, FORGED, SECRET, Outcome, Run  # noqa: E402
from hostile_server import HostileServer  # noqa: E402


# ---------------------------------------------------------------- running


def run(spec: Run, *, deckcheck: Path, memory: int, seconds: float, out: Path) -> Outcome:
    argv = [str(deckcheck) if spec.argv[0] == "deckcheck" else str(deckcheck.parent / "python"), *spec.argv[1:]]
    env = {**os.environ, "NO_COLOR": "1", "XDG_CACHE_HOME": str(out / "cache"), "XDG_DATA_HOME": str(out / "data"),
           "DECKCHECK_SCRYFALL_URL": "http://127.0.0.1:9", **spec.env}
    for name in ("GITHUB_ACTIONS", "DECKCHECK_OFFLINE", "DECKCHECK_CARDS_DB"):
        if name not in spec.env:
            env.pop(name, None)
    limit = spec.seconds or seconds

    def limits() -> None:
        os.setsid()
        resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
        resource.setrlimit(resource.RLIMIT_CPU, (int(limit) + 1, int(limit) + 1))
        resource.setrlimit(resource.RLIMIT_FSIZE, (1 << 30, 1 << 30))
        if spec.umask is not None:
            os.umask(spec.umask)

    stdout, stderr = out / "stdout", out / "stderr"
    started = time.monotonic()
    with open(stdout, "wb") as sink, open(stderr, "wb") as errors:
        process = subprocess.Popen(argv, cwd=spec.cwd, env=env, stdout=sink, stderr=errors,
                                   stdin=subprocess.DEVNULL, preexec_fn=limits)
        timed_out = threading.Event()

        def kill() -> None:
            timed_out.set()
            try:
                os.killpg(process.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass

        timer = threading.Timer(limit, kill)
        timer.start()
        _, status, usage = os.wait4(process.pid, 0)
        timer.cancel()
        process.returncode = os.waitstatus_to_exitcode(status)
    elapsed = time.monotonic() - started
    killed = None
    if timed_out.is_set():
        killed = f"wall time over {limit:.0f} s"
    elif process.returncode < 0:
        killed = f"signal {signal.Signals(-process.returncode).name}"
    return Outcome(process.returncode, elapsed, usage.ru_maxrss / 1024, stdout, stderr, killed)


def common_checks(outcome: Outcome) -> list[str]:
    text = outcome.text()
    failed = []
    if SECRET in text:
        failed.append("secret")
    # A planted command starts a line; inside one of deckcheck's own commands it is data.
    if any(line.lstrip().startswith((f"::error::{FORGED}", "::stop-commands")) or "##[" in line for line in text.splitlines()):
        failed.append("forged")
    if outcome.killed or "MemoryError" in text:
        failed.append("limit")
    if "Traceback" in text:
        failed.append("traceback")
    return failed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deckcheck", type=Path, default=Path(sys.executable).parent / "deckcheck")
    parser.add_argument("--memory", type=int, default=2048, help="address-space limit in MiB (default 2048)")
    parser.add_argument("--seconds", type=float, default=120, help="wall and CPU time limit per run (default 120)")
    parser.add_argument("cases", nargs="*", choices=[[], *CASES], metavar="CASE", help=f"some of: {', '.join(CASES)}")
    args = parser.parse_args()
    server = HostileServer()
    failures = 0
    print(f"{'case':<16} {'run':<4} {'exit':>4} {'seconds':>8} {'MiB':>7} {'stdout':>12} {'stderr':>9}  failed checks")
    for name in args.cases or CASES:
        work = Path(tempfile.mkdtemp(prefix=f"hostile-{name}-"))
        try:
            make = CASES[name]
            extra = {"server": server} if "server" in make.__code__.co_varnames[:make.__code__.co_argcount] else {}
            if "deckcheck" in make.__code__.co_varnames[:make.__code__.co_argcount]:
                extra["deckcheck"] = args.deckcheck
            for number, item in enumerate(make(work, **extra), start=1):
                prepare, spec = item if isinstance(item, tuple) else (None, item)
                if prepare is not None:
                    prepare()
                scratch = Path(tempfile.mkdtemp(prefix="out-", dir=work))
                outcome = run(spec, deckcheck=args.deckcheck, memory=args.memory << 20, seconds=args.seconds, out=scratch)
                failed = common_checks(outcome) + [why for check in spec.checks if (why := check(outcome))]
                failures += bool(failed)
                print(f"{name:<16} {number:<4} {outcome.code if outcome.code is not None else '-':>4} {outcome.seconds:8.2f} "
                      f"{outcome.rss_mib:7.0f} {outcome.stdout.stat().st_size:12,} {outcome.stderr.stat().st_size:9,}  "
                      f"{'; '.join(failed) or 'ok'}{' (' + outcome.killed + ')' if outcome.killed else ''}", flush=True)
                first = outcome.stderr.read_bytes()[:160].decode("utf-8", "replace").splitlines()
                if first and os.environ.get("HOSTILE_VERBOSE"):
                    print(f"{'':<22}stderr: {first[0]}")
        finally:
            shutil.rmtree(work, ignore_errors=True)
    server.stop()
    print(f"\n{failures} run(s) with failed checks")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
