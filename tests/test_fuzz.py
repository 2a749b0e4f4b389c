"""Fuzzing with Hypothesis: every decklist parser, format YAML loading, deckcheck.yaml,
batch manifests, keep-policy files and the rule language must turn any input into problems
or a clear error (DeckcheckError), never a traceback or a hang.

Each target runs QUICK_EXAMPLES examples in the normal suite and FUZZ_EXAMPLES (10,000)
under `pytest -m fuzz` (the long job; `-m "not fuzz"` is the default in pyproject.toml).
"""
from __future__ import annotations

import datetime as dt
import json
import string
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import yaml
from fuzzing import FUZZ_EXAMPLES, QUICK_EXAMPLES, mutated, run, seeds
from hypothesis import strategies as st

from deckcheck import decklists as parsers
from deckcheck.errors import DeckcheckError
from deckcheck.formats import check_file, load
from deckcheck.formats.schema import format_schema
from deckcheck.model import Deck
from deckcheck.pipeline import check_deck
from deckcheck import report as reporters
from deckcheck.result import Report

RUNS = [
    pytest.param(QUICK_EXAMPLES, id="quick"),
    pytest.param(FUZZ_EXAMPLES, id="fuzz", marks=pytest.mark.fuzz),
]
PARSER_NAMES = list(parsers.PARSERS)
FORMAT = load("mtg/constructed")
DAY = dt.date(2024, 6, 1)
SEEDS = seeds()


def check_deck_bytes(data: bytes, *, source: str = "fuzz.txt", input_format: str | None = None) -> None:
    """Parse, validate and report: nothing may raise, every report must stay well-formed."""
    deck = parsers.parse_bytes(data, source=source, input_format=input_format)
    assert isinstance(deck, Deck)
    result = check_deck(deck, FORMAT, date=DAY)
    assert all(problem.rule and isinstance(problem.message, str) for problem in result.problems)
    report = Report(results=[result])
    for name in reporters.names(reporters.DECKS):
        text = reporters.load(name).render(report, color=False)
        if name in ("json", "sarif"):
            json.loads(text)
        elif name == "junit":
            ET.fromstring(text.encode("utf-8", errors="surrogateescape"))


@pytest.mark.parametrize("examples", RUNS)
@pytest.mark.parametrize("parser", PARSER_NAMES)
def test_parser_arbitrary_bytes(parser, examples):
    run(st.binary(max_size=4096), lambda data: check_deck_bytes(data, input_format=parser), examples)


@pytest.mark.parametrize("examples", RUNS)
@pytest.mark.parametrize("parser", PARSER_NAMES)
def test_parser_mutated_real_files(parser, examples):
    run(mutated(SEEDS), lambda data: check_deck_bytes(data, input_format=parser), examples)


@pytest.mark.parametrize("examples", RUNS)
def test_sniffing_mutated_files(examples):
    suffixes = st.sampled_from(sorted(parsers.extensions()))
    run(st.tuples(suffixes, mutated(SEEDS)), lambda item: check_deck_bytes(item[1], source=f"deck{item[0]}"), examples)


DECK_ALPHABET = string.digits + "xX +-:/#*^<>[](){}|!=,.;\t\r\n" + "SBideckomanrsvtlyh" + "ÆûΩ\u00a0\u2019\x00\x0b\x0c\u2028"


@pytest.mark.parametrize("examples", RUNS)
def test_text_parser_decklist_alphabet(examples):
    run(st.text(alphabet=DECK_ALPHABET, max_size=2000), lambda text: check_deck_bytes(text.encode("utf-8")), examples)


# ---------------------------------------------------------------- format YAML

_SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(-10, 10**6), st.floats(allow_nan=True), st.text(max_size=20),
    st.sampled_from(["mtg/constructed", "mtg/modern", "../x.yaml", "2011-01-01", "2011-13-45", "any", "london", "main"]),
)
_VALUES = st.recursive(
    _SCALARS,
    lambda children: st.one_of(
        st.lists(children, max_size=4),
        st.dictionaries(st.sampled_from(["card", "since", "until", "min", "max", "zones", "default", "size", "code", "x"]), children, max_size=4),
    ),
    max_leaves=20,
)
_FORMAT_KEYS = sorted(format_schema().fields) + ["unknown_key"]
_FORMAT_DOCS = st.dictionaries(st.sampled_from(_FORMAT_KEYS), _VALUES, max_size=8)
_FORMAT_FILES = sorted((Path(__file__).resolve().parent.parent / "formats").rglob("*.yaml"))


@st.composite
def format_texts(draw: st.DrawFn) -> str:
    choice = draw(st.integers(0, 2))
    if choice == 0:
        doc = draw(_FORMAT_DOCS)
        doc.setdefault("name", "Fuzz")
        doc.setdefault("game", "mtg")
        return yaml.safe_dump(doc, allow_unicode=True)
    if choice == 1:
        base = draw(st.sampled_from(_FORMAT_FILES)).read_text(encoding="utf-8")
        cut = draw(st.integers(0, len(base)))
        return base[:cut] + draw(st.text(max_size=40)) + base[cut:]
    return draw(st.text(max_size=400))


@pytest.mark.parametrize("examples", RUNS)
def test_format_yaml_loading(examples, tmp_path_factory):
    folder = tmp_path_factory.mktemp("formats")
    path = folder / "fuzz.yaml"

    def check(text: str) -> None:
        path.write_text(text, encoding="utf-8", errors="surrogateescape")
        try:
            fmt = check_file(path)
        except DeckcheckError as exc:
            assert str(exc)
            return
        check_deck(parsers.parse_text("4 Island\n"), fmt, date=DAY)

    run(format_texts(), check, examples)


# ---------------------------------------------------------------- the rule language

_TOKENS = [
    "lands", "spells", "keep7", "keep6", "mulligan", "expected_lands", "count", "distinct", "p_by_turn",
    "(", ")", ",", "and", "or", "not", "true", "false", "<", "<=", ">", ">=", "==", "!=", "+", "-",
    "0", "1", "2", "7", "0.85", '"Lightning Bolt"', '"Mountain"', "'x", "=", "&&", "!", "1e9", "99999999999999999999999",
]


@st.composite
def expressions(draw: st.DrawFn) -> str:
    if draw(st.booleans()):
        return " ".join(draw(st.lists(st.sampled_from(_TOKENS), max_size=40)))
    return draw(st.text(alphabet=string.printable + "\u201c\u201d", max_size=120))


DECK_FOR_RULES = parsers.parse_text("4 Lightning Bolt\n4 Lava Spike\n24 Mountain\n28 Grizzly Bears\n")


@pytest.mark.parametrize("examples", RUNS)
def test_keep_policy_and_assertion_parser(examples):
    from deckcheck.engine.assertions import parse_assertion
    from deckcheck.engine.policy import parse_rule
    from deckcheck.engine.simulation import simulate

    def check(text: str) -> None:
        try:
            parse_assertion(text)
        except DeckcheckError:
            pass
        try:
            parse_rule(text, origin="--keep")
        except DeckcheckError:
            return
        # A rule that parses must also run (Monte Carlo, few hands: this is about crashes).
        try:
            simulate(DECK_FOR_RULES, FORMAT, keep=text, hands=64, seed=1, keep_by_size={5: "true"})
        except DeckcheckError:
            pass

    run(expressions(), check, examples)


# ---------------------------------------------------------------- deckcheck.yaml

_CONFIG_VALUES = st.one_of(
    _VALUES,
    st.dictionaries(st.sampled_from(["*.txt", "decks/**", "[", "**/x"]), st.one_of(
        st.sampled_from(["mtg/modern", "mtg/nope", "x.yaml"]),
        st.dictionaries(st.sampled_from(["assert", "keep", "on", "hands", "seed", "turns", "exact", "policy", "bad"]),
                        st.one_of(_SCALARS, st.lists(st.sampled_from(["keep7 >= 0.5", "keep7 >=", "x"]), max_size=3)), max_size=4),
    ), max_size=3),
)
_CONFIG_DOCS = st.dictionaries(
    st.sampled_from(["format", "date", "output", "decks", "exclude", "formats", "simulate", "extra"]), _CONFIG_VALUES, max_size=6
)


@pytest.mark.parametrize("examples", RUNS)
def test_project_config_loading(examples, tmp_path_factory):
    from deckcheck.project.check import run_check
    from deckcheck.project.config import load_config

    folder = tmp_path_factory.mktemp("project")
    (folder / "a.txt").write_text("4 Lightning Bolt\n56 Mountain\n", encoding="utf-8")
    path = folder / "deckcheck.yaml"

    def check(doc: object) -> None:
        text = yaml.safe_dump(doc, allow_unicode=True) if not isinstance(doc, str) else doc
        path.write_text(text, encoding="utf-8", errors="surrogateescape")
        try:
            config = load_config(path)
            run_check(config, [str(folder / "a.txt")], date=DAY)
        except DeckcheckError as exc:
            assert str(exc)

    run(st.one_of(_CONFIG_DOCS, st.text(max_size=200)), check, examples)


# ---------------------------------------------------------------- manifests and policy files

_CELLS = st.one_of(_VALUES, st.sampled_from(["a.txt", "../a.txt", "/etc/passwd", "A", "Z", "mtg/modern", "x.yaml", ""]))
_MANIFEST_ROWS = st.lists(
    st.dictionaries(st.sampled_from(["player", "deck", "team", "seat", "format", "pool", "Player", "extra"]), _CELLS, max_size=6),
    max_size=6,
)
# Anchors, aliases and merge keys, which a manifest refuses wherever they are.
_YAML_NOISE = st.sampled_from(["&a ", "*a", "<<: *a\n", "- &r {player: x, deck: a.txt}\n- *r\n", "!!python/object:os.system\n",
                               "? [a]\n: b\n", "player: a\nplayer: b\n", "\t", "---\n", "registrations:\n"])


@st.composite
def manifest_texts(draw: st.DrawFn) -> str:
    text = yaml.safe_dump(draw(_MANIFEST_ROWS), allow_unicode=True)
    if draw(st.booleans()):
        text = f"registrations:\n{text}" if draw(st.booleans()) else text
        cut = draw(st.integers(0, len(text)))
        text = text[:cut] + draw(_YAML_NOISE) + text[cut:]
    return text


def _has_anchors(text: str) -> bool:
    try:
        return any(isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None) for event in yaml.parse(text))
    except yaml.YAMLError:
        return False


@pytest.mark.parametrize("examples", RUNS)
def test_manifest_loading(examples, tmp_path_factory):
    """Any YAML manifest gives registrations (a row that cannot be taken carries a
    problem) or one clear error; anchors and aliases never get past the loader."""
    from deckcheck.batch.manifest import read_manifest

    folder = tmp_path_factory.mktemp("manifest")
    (folder / "a.txt").write_text("4 Lightning Bolt\n56 Mountain\n", encoding="utf-8")
    path = folder / "registrations.yaml"

    def check(text: str) -> None:
        path.write_text(text, encoding="utf-8", errors="surrogateescape")
        try:
            rows = read_manifest(path).registrations
        except DeckcheckError as exc:
            assert str(exc) and "\n" not in str(exc)
            return
        assert not _has_anchors(text), "an anchor or alias got through"
        for row in rows:
            assert all(isinstance(problem.message, str) for problem in row.problems)
            assert row.player is None or isinstance(row.player, str)

    run(manifest_texts(), check, examples)


_POLICY_DOCS = st.dictionaries(
    st.sampled_from(["keep", "lands", "tags", "cards", "description", "kep"]),
    st.one_of(
        _VALUES,
        st.dictionaries(st.sampled_from([7, 6, "keep5", "seven", -1, "removal", "lands", "bad-name"]),
                        st.one_of(_SCALARS, st.sampled_from(["2 <= lands <= 5", "count(removal) >= 1", "lands >="]),
                                  st.lists(st.sampled_from(["Opt", "", "Lightning Bolt"]), max_size=3)), max_size=4),
    ),
    max_size=5,
)


@pytest.mark.parametrize("examples", RUNS)
def test_policy_file_loading(examples, tmp_path_factory):
    from deckcheck.engine.keep import build_policy

    path = tmp_path_factory.mktemp("policy") / "policy.yaml"

    def check(doc: object) -> None:
        text = yaml.safe_dump(doc, allow_unicode=True) if not isinstance(doc, str) else doc
        path.write_text(text, encoding="utf-8", errors="surrogateescape")
        try:
            policy = build_policy(hand_size=7, policy_file=path)
        except DeckcheckError as exc:
            assert str(exc).startswith(str(path)) and "\n" not in str(exc)
            return
        assert policy.rule_for(7) is not None

    run(st.one_of(_POLICY_DOCS, st.text(max_size=200)), check, examples)
