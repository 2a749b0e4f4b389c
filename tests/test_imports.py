"""Every deckcheck module imports on its own, and no import cycle runs through module-level imports.

An import cycle is what made `import deckcheck.commands.cards` fail in a fresh interpreter
(`partially initialized module`): a module that needs a name from a module still being
initialized. So the graph below has an edge from a module to each module whose
initialization its own module-level imports need: `import a.b` and `from a import b`
(b a submodule) need a.b; `from a import name` needs a itself. Imports inside functions
(deferred on purpose) and under `if TYPE_CHECKING:` are not edges. A package's
__init__ that imports its submodules (a registry) is no cycle by itself: a submodule
importing a sibling does not need the package's own names.
"""
from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from functools import lru_cache
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "deckcheck"


def _modules() -> dict[str, tuple[Path, bool]]:
    """Module name -> (file, is a package), `__main__` left out (running it runs the CLI)."""
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        is_package = parts[-1] == "__init__"
        if is_package:
            parts.pop()
        if parts[-1] != "__main__":
            found[".".join(parts)] = (path, is_package)
    return found


MODULES = _modules()


# Imports each module named on its command line in a child forked from a process that has
# imported no deckcheck module, so each import starts from nothing of deckcheck, as in a
# fresh interpreter, without paying an interpreter start per module. The libraries
# deckcheck uses (standard and third-party: what a scout child that imports every module
# finds loaded) are loaded once first: they are not what is being tested.
DRIVER = """
import json, os, shutil, sys, tempfile, traceback

# Compiled modules go to a folder of their own (never next to the sources), so the scout
# compiles each module once for all the children, whatever PYTHONDONTWRITEBYTECODE says.
sys.dont_write_bytecode = False
sys.pycache_prefix = tempfile.mkdtemp(prefix="deckcheck-pyc-")

def in_child(work):
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read_end)
        try:
            code, message = 0, work()
        except BaseException:
            code, message = 1, traceback.format_exc()
        os.write(write_end, message.encode())
        os._exit(code)
    os.close(write_end)
    with os.fdopen(read_end, "rb") as pipe:
        message = pipe.read().decode()
    return os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]), message

def libraries():
    for name in sys.argv[1:]:
        try:
            __import__(name)
        except BaseException:
            pass
    return json.dumps([name for name in sys.modules if name.split(".")[0] != "deckcheck"])

for library in json.loads(in_child(libraries)[1]):
    try:
        __import__(library)
    except BaseException:
        pass
assert not any(name.split(".")[0] == "deckcheck" for name in sys.modules)

def import_each(names):
    return json.dumps({name: in_child(lambda: __import__(name) and "") for name in names})

# Two workers (forked once the libraries are loaded) share the modules: two cores.
workers = []
for part in (sys.argv[1::2], sys.argv[2::2]):
    read_end, write_end = os.pipe()
    if os.fork() == 0:
        os.close(read_end)
        os.write(write_end, import_each(part).encode())
        os._exit(0)
    os.close(write_end)
    workers.append(read_end)
results = {}
for read_end in workers:
    with os.fdopen(read_end, "rb") as pipe:
        results.update(json.loads(pipe.read().decode()))
print(json.dumps(results))
shutil.rmtree(sys.pycache_prefix, ignore_errors=True)
"""


@lru_cache(maxsize=1)
def _imported_alone() -> dict[str, tuple[int, str]]:
    """(exit code, traceback) of importing each module alone."""
    names = list(MODULES)
    if not hasattr(os, "fork"):  # no fork: one interpreter per module
        run = lambda name: subprocess.run([sys.executable, "-c", f"import {name}"], capture_output=True, text=True)
        with ThreadPoolExecutor(max_workers=2) as pool:
            return {name: (done.returncode, done.stderr) for name, done in zip(names, pool.map(run, names))}
    done = subprocess.run([sys.executable, "-c", DRIVER, *names], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    return {name: (code, message) for name, (code, message) in json.loads(done.stdout).items()}


@pytest.mark.parametrize("name", list(MODULES))
def test_module_imports_alone(name):
    code, message = _imported_alone()[name]
    assert code == 0, f"`import {name}` with no other deckcheck module loaded:\n{message}"


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _module_level(body: list[ast.stmt]) -> list[ast.stmt]:
    """The statements run when the module is imported (into try/else blocks, not into
    `if TYPE_CHECKING:`, functions or classes)."""
    out: list[ast.stmt] = []
    for node in body:
        if isinstance(node, ast.If):
            if not _is_type_checking(node.test):
                out += _module_level(node.body) + _module_level(node.orelse)
        elif isinstance(node, ast.Try):
            out += _module_level(node.body + [s for h in node.handlers for s in h.body] + node.orelse + node.finalbody)
        else:
            out.append(node)
    return out


def _absolute(module: str, is_package: bool, level: int, name: str | None) -> str:
    base = module.split(".")
    if not is_package:
        base.pop()
    base = base[: len(base) - (level - 1)] if level > 1 else base
    return ".".join(base + ([name] if name else []))


def import_graph() -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {name: set() for name in MODULES}
    for name, (path, is_package) in MODULES.items():
        for node in _module_level(ast.parse(path.read_text(encoding="utf-8")).body):
            needed: list[str] = []
            if isinstance(node, ast.Import):
                needed = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                source = _absolute(name, is_package, node.level, node.module) if node.level else (node.module or "")
                for alias in node.names:
                    submodule = f"{source}.{alias.name}"
                    needed.append(submodule if submodule in MODULES else source)
            graph[name].update(target for target in needed if target in MODULES and target != name)
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle of the graph (its modules in order, the first repeated at the end), or None."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for target in sorted(graph[node]):
            if state.get(target) == 1:
                return path[path.index(target):] + [target]
            if target not in state:
                found = visit(target)
                if found:
                    return found
        path.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return None


def test_no_import_cycle():
    cycle = find_cycle(import_graph())
    assert cycle is None, "import cycle through module-level imports: " + " -> ".join(cycle or ())


def test_the_cycle_finder_finds_cycles():
    """The check above could pass by finding nothing at all: it must see a real cycle,
    and the graph must hold the edges deckcheck really has."""
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None
    graph = import_graph()
    assert "deckcheck.rules.context" in graph["deckcheck.rules"]  # the registry's one import of its own (its rules: on use)
    assert "deckcheck.formats" in graph["deckcheck.rules.banned"]  # `from ..formats import Format`
    assert "deckcheck.rules" not in graph["deckcheck.formats.schema"]  # deferred into format_schema()


# What a batch of a CSV manifest leaves unimported: a zip's extraction, YAML (once the format
# comes from the format cache: the first run reads the format's YAML), the deck-check
# sample's arithmetic and OpenSSL (hashlib loads it for the one BLAKE2 digest a batch takes)
# are imported by the runs that need them, not by every batch's start-up.
PLAIN_BATCH = """
import sys
from deckcheck.batch import check_source
batch = check_source(sys.argv[1], "mtg/constructed", date="2024-06-01", jobs=1)
assert batch.exit_code == 0, batch.report
print(" ".join(sorted(sys.modules)))
"""


def test_a_plain_manifest_batch_imports_no_archive_yaml_or_sampling(tmp_path):
    (tmp_path / "a.txt").write_text("4 Lightning Bolt\n56 Mountain\n", encoding="utf-8")
    (tmp_path / "regs.csv").write_text("player,deck\nAnn,a.txt\n", encoding="utf-8")
    for _run in ("fills the format cache", "reads it"):
        done = subprocess.run([sys.executable, "-c", PLAIN_BATCH, str(tmp_path / "regs.csv")], capture_output=True,
                              text=True, timeout=120)
        assert done.returncode == 0, done.stderr
    loaded = set(done.stdout.split())
    assert "deckcheck.batch.runner" in loaded
    assert loaded & {"zipfile", "deckcheck.batch.archive", "deckcheck.batch.deck_checks", "fractions", "decimal", "_hashlib",
                     "yaml", "deckcheck.yamlload"} == set()
    # Its records are deckcheck.record.Records: importing dataclasses (and inspect, ast, dis
    # and tokenize with it) cost a 2,000-deck batch 1.7% of its instructions (docs/speed.md).
    assert loaded & {"dataclasses", "inspect"} == set()
