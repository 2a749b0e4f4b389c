"""Fuzzing the card importers (`deckcheck cards import`, issue #18): whatever a card file
holds, the import builds a database or refuses with one clear line (CardDataError), never a
traceback or a hang, and a refused file leaves the database as it was.

Targets, each through `cards.importer.import_file` (the game that recognises the file
imports it): Magic bulk JSON (Scryfall arrays and MTGJSON AtomicCards, plain or gzipped),
Yu-Gi-Oh! cards.cdb (SQLite) and JSON (YGOPRODeck, YAML Yugi lines), WoW TCG JSON, CSV and
YAML. Inputs are real-shaped records with their values swapped for any JSON value, keys
dropped or added, names made hostile, and the serialized file cut or garbled. QUICK_EXAMPLES
run in the normal suite, FUZZ_EXAMPLES (10,000) each under `pytest -m fuzz`.
"""
from __future__ import annotations

import csv
import gzip
import io
import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest
import yaml
from fuzzing import FUZZ_EXAMPLES, QUICK_EXAMPLES, run
from hypothesis import strategies as st

from deckcheck.cards.importer import import_file
from deckcheck.errors import DeckcheckError

RUNS = [
    pytest.param(QUICK_EXAMPLES, id="quick"),
    pytest.param(FUZZ_EXAMPLES, id="fuzz", marks=pytest.mark.fuzz),
]
SAMPLES = Path(__file__).parent / "cards"
MAGIC_SEEDS = json.loads((SAMPLES / "sample_cards.json").read_text(encoding="utf-8"))

NAMES = st.one_of(
    st.sampled_from(["Lightning Bolt", "Fire // Ice", "", " ", "A" * 3000, "\x00", "\x1b]0;x\x07", "name\nwith\nlines",
                     "Ash Blossom & Joyous Spring", "ブラック・マジシャン", "\ud800", "Blue-Eyes White Dragon"]),
    st.text(max_size=40),
)
SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(-(2**70), 2**70), st.floats(allow_nan=True), NAMES,
    st.sampled_from([0, -1, 2**31, 2**63 - 1, 2**64, "1993-08-05", "9999-99-99", "x", "legal", "Spell Card", "Trap Card",
                     "Synchro Tuner Monster", "effect_pendulum", "Quick-Play", "Hero", "x", "Mage", "Horde"]),
)
VALUES = st.recursive(SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.one_of(NAMES, st.sampled_from(["id", "name", "type"])), inner, max_size=4),
), max_leaves=12)


@st.composite
def mutated_record(draw: st.DrawFn, base: dict[str, Any], keys: list[str]) -> dict[str, Any]:
    """A real-shaped record: some values replaced by anything, some keys dropped or added."""
    record = dict(base)
    for _ in range(draw(st.integers(0, 4))):
        action = draw(st.sampled_from(["replace", "drop", "add"]))
        key = draw(st.sampled_from(keys + list(record) or keys))
        if action == "replace":
            record[key] = draw(VALUES)
        elif action == "drop":
            record.pop(key, None)
        else:
            record[draw(NAMES)] = draw(VALUES)
    return record


@st.composite
def garbled(draw: st.DrawFn, data: bytes) -> bytes:
    """The serialized file, sometimes cut, sometimes with bytes inserted, sometimes gzipped."""
    kind = draw(st.sampled_from(["as is", "as is", "as is", "cut", "insert", "gzip", "gzip cut"]))
    if kind == "cut":
        return data[: draw(st.integers(0, len(data)))]
    if kind == "insert":
        at = draw(st.integers(0, len(data)))
        return data[:at] + draw(st.binary(min_size=1, max_size=16)) + data[at:]
    if kind.startswith("gzip"):
        packed = gzip.compress(data)
        return packed[: draw(st.integers(0, len(packed)))] if kind == "gzip cut" else packed
    return data


def _dumps(document: Any) -> bytes:
    return json.dumps(document, ensure_ascii=False).encode("utf-8", errors="surrogatepass")


def check_import(path: Path, db: Path) -> None:
    """The property every target checks: a database or one clear line."""
    before = db.read_bytes() if db.exists() else None
    try:
        summary = import_file(path, db)
    except DeckcheckError as exc:
        message = str(exc)
        assert message and "\n" not in message and "Traceback" not in message
        assert (db.read_bytes() if db.exists() else None) == before, "a refused file changed the database"
        return
    assert summary.cards >= 1 and db.exists()


def fuzz_card_files(strategy: st.SearchStrategy[bytes], name: str, examples: int, tmp_path_factory) -> None:  # type: ignore[no-untyped-def]
    """Import each file `strategy` makes, saved as `name`, into one database."""
    folder = tmp_path_factory.mktemp("cards")
    path, db = folder / name, folder / "cards.sqlite"

    def check(data: bytes) -> None:
        path.write_bytes(data)
        check_import(path, db)

    run(strategy, check, examples)


# ---------------------------------------------------------------- Magic


MAGIC_KEYS = sorted({key for card in MAGIC_SEEDS for key in card})


@st.composite
def scryfall_files(draw: st.DrawFn) -> bytes:
    cards = [draw(mutated_record(draw(st.sampled_from(MAGIC_SEEDS)), MAGIC_KEYS)) for _ in range(draw(st.integers(0, 4)))]
    if draw(st.booleans()):
        cards.append(draw(VALUES))  # something that is not a card object at all
    return draw(garbled(_dumps(cards)))


@st.composite
def mtgjson_files(draw: st.DrawFn) -> bytes:
    data: dict[str, Any] = {}
    for _ in range(draw(st.integers(0, 3))):
        seed = draw(st.sampled_from(MAGIC_SEEDS))
        face = {"name": seed["name"], "type": seed.get("type_line", ""), "types": ["Instant"], "manaValue": 1,
                "legalities": seed.get("legalities", {}), "printings": ["LEA"], "colorIdentity": ["R"]}
        data[draw(NAMES)] = [draw(mutated_record(face, list(face))) for _ in range(draw(st.integers(0, 2)))]
    document: Any = {"meta": {"date": draw(st.sampled_from(["2024-06-01", "x", None])), "version": "5"}, "data": data}
    if draw(st.integers(0, 9)) == 0:
        document = draw(VALUES)
    return draw(garbled(_dumps(document)))


@pytest.mark.parametrize("examples", RUNS)
@pytest.mark.parametrize("shape", ["scryfall", "mtgjson"])
def test_magic_bulk_json_import(shape, examples, tmp_path_factory):
    fuzz_card_files(scryfall_files() if shape == "scryfall" else mtgjson_files(), "cards.json", examples, tmp_path_factory)


# ---------------------------------------------------------------- Yu-Gi-Oh!


CDB_VALUES = st.one_of(st.none(), st.integers(-(2**63), 2**63 - 1), NAMES.filter(lambda text: "\ud800" not in text),
                       st.binary(max_size=8), st.floats(allow_nan=False))


@st.composite
def cdb_rows(draw: st.DrawFn) -> list[tuple[Any, ...]]:
    rows = []
    for _ in range(draw(st.integers(0, 5))):
        code = draw(st.one_of(st.integers(1, 99_999_999), CDB_VALUES))
        rows.append((code, draw(CDB_VALUES), draw(st.one_of(st.integers(0, 2**27), CDB_VALUES)),
                     draw(st.one_of(st.just(0), CDB_VALUES)), draw(st.one_of(st.integers(0, 3), CDB_VALUES)),
                     draw(st.one_of(NAMES.filter(lambda text: "\ud800" not in text), CDB_VALUES))))
    return rows


@pytest.mark.parametrize("examples", RUNS)
def test_yugioh_cdb_import(examples, tmp_path_factory):
    folder = tmp_path_factory.mktemp("cdb")
    path, db = folder / "cards.cdb", folder / "cards.sqlite"

    def check(rows: list[tuple[Any, ...]]) -> None:
        path.unlink(missing_ok=True)
        with sqlite3.connect(path) as conn:
            # YGOPro's tables, without type affinity: a cell may hold anything, as in a broken file.
            conn.execute("CREATE TABLE datas (id, ot, alias, setcode, type, atk, def, level, race, attribute, category)")
            conn.execute("CREATE TABLE texts (id, name, desc)")
            for code, ot, bits, alias, _unused, name in rows:
                conn.execute("INSERT INTO datas VALUES (?, ?, ?, 0, ?, 0, 0, 0, 0, 0, 0)", (code, ot, alias, bits))
                conn.execute("INSERT INTO texts VALUES (?, ?, '')", (code, name))
        conn.close()
        check_import(path, db)

    run(cdb_rows(), check, examples)


YGOPRODECK_CARD = {
    "id": 14558127, "name": "Ash Blossom & Joyous Spring", "type": "Tuner Monster", "frameType": "effect",
    "race": "Zombie", "card_images": [{"id": 14558127}, {"id": 14558128}],
    "misc_info": [{"konami_id": 12950, "formats": ["TCG", "OCG"]}], "card_sets": [{"set_code": "MACR-EN036"}],
}
YAML_YUGI_CARD = {
    "passcode": 483, "konami_id": 21470, "name": "Parallel Teleport", "ygopro_type": 65538,
    "tcg_set_numbers": ["X-EN001"], "ocg_set_numbers": [],
}


@st.composite
def ygoprodeck_files(draw: st.DrawFn) -> bytes:
    cards = [draw(mutated_record(YGOPRODECK_CARD, list(YGOPRODECK_CARD))) for _ in range(draw(st.integers(0, 4)))]
    return draw(garbled(_dumps({"data": cards})))


@st.composite
def yaml_yugi_files(draw: st.DrawFn) -> bytes:
    lines = [_dumps(draw(mutated_record(YAML_YUGI_CARD, list(YAML_YUGI_CARD)))) for _ in range(draw(st.integers(1, 4)))]
    if draw(st.booleans()):
        lines.insert(draw(st.integers(1, len(lines))), _dumps(draw(VALUES)))
    return draw(garbled(b"\n".join(lines) + b"\n"))


@pytest.mark.parametrize("examples", RUNS)
@pytest.mark.parametrize("shape", ["ygoprodeck", "yaml-yugi"])
def test_yugioh_json_import(shape, examples, tmp_path_factory):
    fuzz_card_files(ygoprodeck_files() if shape == "ygoprodeck" else yaml_yugi_files(), "cards.json", examples, tmp_path_factory)


# ---------------------------------------------------------------- World of Warcraft TCG


WOW_CARD = {
    "cardid": 33, "name": "Arcane Intuition", "type": "Ability", "faction": "Neutral", "setcode": "AGM",
    "rules": "<b>Ongoing:</b> [Mage] Hero Required", "Mage": "x", "subtype": "Arena", "subtype2": "Arcane",
}
WOW_HERO = {"cardid": 1, "name": "Varimathras", "type": "Hero", "faction": "Horde", "setcode": "HOA", "class": "Warlock",
            "race": "Demon", "profession": "Tailoring", "subtype": "Demonology"}
USER_ROW = {"name": "Fireball", "type": "Ability", "class_icons": "Mage; Shaman", "faction": "Neutral", "tags": "Fire",
            "hero_traits": "", "requires": "Mage|Fire", "rules": "[Mage] Hero Required"}


@st.composite
def wow_json_files(draw: st.DrawFn) -> bytes:
    cards = [draw(mutated_record(draw(st.sampled_from([WOW_CARD, WOW_HERO])), list(WOW_CARD) + list(WOW_HERO)))
             for _ in range(draw(st.integers(1, 4)))]
    cards[0].update(cardid=1, setcode="X")  # so that it is recognised as the shared data, then read whatever it holds
    return draw(garbled(_dumps(cards)))


@st.composite
def wow_user_rows(draw: st.DrawFn) -> list[dict[Any, Any]]:
    return [draw(mutated_record(USER_ROW, list(USER_ROW))) for _ in range(draw(st.integers(0, 4)))]


def _csv(rows: list[dict[Any, Any]]) -> bytes:
    columns = list(dict.fromkeys(str(key) for row in rows for key in row)) or ["name"]
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow(columns)
    for row in rows:
        writer.writerow(["" if row.get(column) is None else str(row.get(column)) for column in columns])
    return buffer.getvalue().encode("utf-8", errors="surrogatepass")


def _yaml(rows: list[dict[Any, Any]], wrapped: bool) -> bytes:
    text = yaml.safe_dump({"cards": rows} if wrapped else rows, allow_unicode=True)
    return text.encode("utf-8", errors="surrogatepass")


@pytest.mark.parametrize("examples", RUNS)
@pytest.mark.parametrize("shape", ["json", "csv", "yaml"])
def test_wow_card_file_import(shape, examples, tmp_path_factory):
    if shape == "json":
        strategy = wow_json_files()
    elif shape == "csv":
        strategy = wow_user_rows().flatmap(lambda rows: garbled(_csv(rows)))
    else:
        strategy = st.tuples(wow_user_rows(), st.booleans()).flatmap(lambda pair: garbled(_yaml(*pair)))
    fuzz_card_files(strategy, f"wow.{shape}", examples, tmp_path_factory)
