"""A YAML manifest's rows are built one at a time (yamlload.load_yaml_rows): the whole
node tree, two marks a node, took 250 MB of a 4 MiB manifest (388 MB for the batch),
where a CSV manifest of the same rows takes a fifth. Reading row by row gives what
reading the document whole gives, data, lines and errors alike."""
from __future__ import annotations

from pathlib import Path

import pytest

from deckcheck.batch.manifest import read_manifest
from deckcheck.yamlload import YamlError, load_yaml_document, load_yaml_rows
from memory import traced_peak

DOCUMENTS = [
    "- {player: a, deck: d.txt}\n- {player: b, deck: e.txt, registrations: [1]}\n",  # a row's own key is a cell
    "registrations:\n  - player: a\n    deck: d\n  - [x, y]\nformat: mtg/modern\n",
    "format: mtg/modern\nregistrations: [{player: a, deck: d}, {player: b, deck: d}]\n",
    "\n\n- player: 007\n  seat: true\n\n- player: ~\n  deck: ''\n",
    "!!seq [ {player: a} ]\n",
    "{registrations: [{player: x}], <<: {format: y}}\n",
    "- player: a\n  <<: {deck: d}\n",
    "[[registrations, [1]]]\n",
    "registrations: []\n",
    "",
    "# nothing\n",
    "hello\n",
    "registrations: hello\n",
    "registrations: !!set {a, b}\n",
    "rows:\n  - player: a\n",
]
FAULTY = [
    "registrations:\n- player: a\n  player: b\n",           # a key twice in a row
    "registrations:\n- player: a\nregistrations: []\n",     # the table twice
    "- player: a\n- player: [b\n",                          # a bracket left open
    "- a\n---\n- b\n",                                      # two documents
    "- &x {player: a}\n- *x\n",                             # anchors refused
    "- player: a\n\t- deck: b\n",                           # a tab
]


def _whole(text: str):
    return load_yaml_document(text, source="m.yaml", aliases=False, what="manifest", scalars_as_text=True)


def _by_rows(text: str):
    return load_yaml_rows(text, source="m.yaml", rows_key="registrations", what="manifest", scalars_as_text=True)


@pytest.mark.parametrize("text", DOCUMENTS, ids=repr)
def test_rows_read_one_at_a_time_are_the_document_read_whole(text):
    whole, by_rows = _whole(text), _by_rows(text)
    assert by_rows.data == whole.data
    if by_rows.row_lines is not None:
        prefix = ("registrations",) if isinstance(whole.data, dict) else ()
        rows = whole.data[prefix[0]] if prefix else whole.data
        assert by_rows.row_lines == [whole.line_of((*prefix, index)) for index in range(len(rows))]
    if isinstance(whole.data, dict):
        for key in whole.data:
            assert by_rows.line_of((key,)) == whole.line_of((key,))


@pytest.fixture
def without_libyaml(monkeypatch):
    """PyYAML without libyaml, whose pure-Python loader is a Composer already."""
    import yaml

    from deckcheck import yamlload

    monkeypatch.delattr(yaml, "CSafeLoader", raising=False)
    yamlload._loader.cache_clear()
    yamlload._rows_loader.cache_clear()
    yield
    monkeypatch.undo()
    yamlload._loader.cache_clear()
    yamlload._rows_loader.cache_clear()


@pytest.mark.parametrize("text", DOCUMENTS[:4], ids=repr)
def test_rows_read_one_at_a_time_without_libyaml_too(without_libyaml, text):
    test_rows_read_one_at_a_time_are_the_document_read_whole(text)


@pytest.mark.parametrize("text", FAULTY, ids=repr)
def test_a_faulty_table_is_the_error_the_whole_document_gives(text):
    with pytest.raises(YamlError) as whole:
        _whole(text)
    with pytest.raises(YamlError) as by_rows:
        _by_rows(text)
    assert (str(by_rows.value), by_rows.value.line) == (str(whole.value), whole.value.line)


def test_a_long_yaml_manifest_takes_the_memory_of_its_rows(tmp_path: Path):
    (tmp_path / "d.txt").write_text("4 Lightning Bolt\n56 Mountain\n")
    rows = [f"- player: p{index}\n  deck: d.txt\n" for index in range(20_000)]
    manifest = tmp_path / "m.yaml"
    manifest.write_text("".join(rows))
    size = manifest.stat().st_size
    found, peak = traced_peak(lambda: read_manifest(manifest))
    assert [(registration.line, registration.player) for registration in found.registrations[-2:]] == [
        (2 * 20_000 - 3, "p19998"), (2 * 20_000 - 1, "p19999")]
    # The node tree took 72 times the text; the rows and their registrations take some 20.
    assert peak < 32 * size, f"{peak:,} bytes for a manifest of {size:,}"
