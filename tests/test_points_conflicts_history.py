"""Whether a format's `points` gives a card two values (formats/points_conflicts.py) is
a fact of the format and the card data, whatever decks one process checked before (a
server validating its users' lists): a passcode the data lacks but 1 to 20 above a
card's is that card's alternate artwork, asked before or after a deck held it."""
from __future__ import annotations

from pathlib import Path

from deckcheck import validate
from deckcheck.formats import load
from deckcheck.formats.points_conflicts import points_conflicts
from deckcheck.pipeline import card_catalog

ARTWORK = "#main\n14558128\n#extra\n!side\n"  # Ash Blossom & Joyous Spring is 14558127
OTHER = "#main\n89631139\n#extra\n!side\n"


def _format(tmp_path: Path):
    path = tmp_path / "genesys.yaml"
    path.write_text("name: Org Genesys\nextends: yugioh/genesys\npoints:\n  Ash Blossom & Joyous Spring: 10\n"
                    "  14558128: 20\n", encoding="utf-8")
    return load(path)


def _answers(fmt, order: str) -> list[list[object]]:
    catalog = card_catalog(fmt, None, offline=True)
    catalog._inferred.clear()  # what earlier tests of this process inferred
    answers = []
    for deck in order:
        validate(ARTWORK if deck == "a" else OTHER, fmt, "2025-06-01")
        answers.append(points_conflicts(fmt.option("points"), catalog))
    return answers


def test_points_conflicts_do_not_depend_on_the_decks_checked_before(tmp_path):
    fmt = _format(tmp_path)
    first = _answers(fmt, "oa")
    second = _answers(fmt, "ao")
    assert first[0] == first[1] == second[0] == second[1]
    (conflict,) = first[0]
    assert (conflict.code, conflict.name, conflict.by_code, conflict.by_name) == (
        14558128, "Ash Blossom & Joyous Spring", 20, 10)


def test_the_catalog_answers_a_passcode_alike_before_and_after_a_deck_held_it(tmp_path):
    fmt = _format(tmp_path)
    catalog = card_catalog(fmt, None, offline=True)
    catalog._inferred.clear()
    before = catalog.by_code(14558128)
    validate(ARTWORK, fmt, "2025-06-01")
    assert before is not None and before == catalog.by_code(14558128)
    assert before.name == "Ash Blossom & Joyous Spring" and catalog.is_inferred(before)
