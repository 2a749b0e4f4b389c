"""`deckcheck cards import`: Scryfall and MTGJSON files, streamed, built atomically."""
from __future__ import annotations

import bz2
import gzip
import io
import json
import lzma
import random
import sqlite3
from pathlib import Path

import pytest

from deckcheck.games.mtg.catalog import MtgCatalog
from deckcheck.games.mtg.scryfall_import import card_from_scryfall
from deckcheck.games.mtg.db_writer import CardDbWriter
from deckcheck.cards.importer import import_file
from deckcheck.cards.jsonstream import JsonStream, JsonStreamError
from deckcheck.games.mtg.store import SCHEMA_VERSION
from deckcheck.errors import CardDataError

from conftest import SAMPLE_CARDS
from scryfall_shape import convert

# A small AtomicCards.json in MTGJSON's shape (faces listed per card name, no rarities).
ATOMIC = {
    "meta": {"date": "2024-05-01", "version": "5.2.2+20240501"},
    "data": {
        "Lightning Bolt": [{
            "name": "Lightning Bolt", "layout": "normal", "manaCost": "{R}", "manaValue": 1.0, "type": "Instant",
            "supertypes": [], "types": ["Instant"], "subtypes": [], "colors": ["R"], "colorIdentity": ["R"],
            "text": "Lightning Bolt deals 3 damage to any target.",
            "legalities": {"legacy": "Legal", "modern": "Legal", "pauper": "Legal", "vintage": "Legal"},
            "printings": ["LEA", "M10", "2XM"],
        }],
        "Fire // Ice": [
            {"name": "Fire // Ice", "faceName": "Fire", "side": "a", "layout": "split", "manaCost": "{1}{R}",
             "manaValue": 4.0, "type": "Instant", "types": ["Instant"], "colors": ["R"], "colorIdentity": ["R", "U"],
             "text": "Fire deals 2 damage divided as you choose among one or two targets.",
             "legalities": {"legacy": "Legal", "modern": "Legal"}, "printings": ["APC", "MH2"]},
            {"name": "Fire // Ice", "faceName": "Ice", "side": "b", "layout": "split", "manaCost": "{1}{U}",
             "manaValue": 4.0, "type": "Instant", "types": ["Instant"], "colors": ["U"], "colorIdentity": ["R", "U"],
             "text": "Tap target permanent.\nDraw a card.",
             "legalities": {"legacy": "Legal", "modern": "Legal"}, "printings": ["APC", "MH2"]},
        ],
        "Wastes": [{
            "name": "Wastes", "layout": "normal", "manaValue": 0.0, "type": "Basic Land", "supertypes": ["Basic"],
            "types": ["Land"], "subtypes": [], "colors": [], "colorIdentity": [], "text": "{T}: Add {C}.",
            "legalities": {"legacy": "Legal", "modern": "Legal", "pioneer": "Legal"}, "printings": ["OGW"],
        }],
    },
}


def _catalog(path: Path) -> MtgCatalog:
    return MtgCatalog(path)


def test_scryfall_file_with_tokens_faces_and_old_objects(tmp_path):
    db = tmp_path / "cards.sqlite"
    summary = import_file(SAMPLE_CARDS, db)
    assert summary.objects == 21  # every object of the file, the token too, which is read but not kept
    catalog = _catalog(db)
    assert catalog.get("Goblin") is None
    bolt = catalog.get("lightning bolt")
    assert bolt.name == "Lightning Bolt" and bolt.legalities["pioneer"] == "not_legal"
    assert [(p.set, p.rarity) for p in bolt.printings] == [("lea", "common"), ("m10", "common")]
    delver = catalog.get("Insectile Aberration")
    assert delver.name == "Delver of Secrets // Insectile Aberration"
    assert delver.face_names == ("Delver of Secrets", "Insectile Aberration")
    assert delver.colors == ("U",) and delver.layout == "transform"
    assert "Flying" in delver.oracle_text
    assert catalog.get("Snow-Covered Island").is_basic and catalog.get("Snow-Covered Island").supertypes == ("Basic", "Snow")
    assert catalog.get("Relentless Rats").deck_limit == "any"
    assert catalog.get("Nazgul").deck_limit == 9
    assert catalog.get("Grizzly Bears").legalities.get("pioneer") is None  # missing key stays missing
    assert catalog.meta["has_legalities"] == "1"


def test_shared_card_file_in_scryfall_shape(shared_cards_db, shared_data):
    catalog = _catalog(shared_cards_db)
    assert int(catalog.meta["cards"]) == 32609
    assert catalog.meta["has_legalities"] == "0"
    assert catalog.get("Claim/Fame").name == "Claim // Fame"
    assert catalog.get("Scavenger Regent // Exude Toxin // Scavenger Regent") is not None
    assert catalog.get("Lim Duls Vault").name == "Lim-Dûl's Vault"
    assert catalog.get("Insectile Aberration").name == "Delver of Secrets // Insectile Aberration"
    # The real card wins its front face over a playtest card that shares it.
    assert catalog.get("Bind").name == "Bind"
    assert catalog.get("Bind // Liberate").name == "Bind // Liberate"
    assert "cmb1" not in catalog.get("Bind").set_codes
    assert catalog.availability.sets["lea"].released == "1993-08-05"


def test_mtgjson_atomic_cards(tmp_path):
    source = tmp_path / "AtomicCards.json.gz"
    source.write_bytes(gzip.compress(json.dumps(ATOMIC).encode()))
    db = tmp_path / "cards.sqlite"
    summary = import_file(source, db)
    assert summary.source == "MTGJSON AtomicCards" and summary.cards == 3
    catalog = _catalog(db)
    assert catalog.meta["source_date"] == "2024-05-01"
    fire = catalog.get("Ice")
    assert fire.name == "Fire // Ice" and fire.face_names == ("Fire", "Ice")
    assert fire.legalities["modern"] == "legal" and fire.legalities["pioneer"] == "not_legal"
    assert {p.set for p in fire.printings} == {"apc", "mh2"}
    assert catalog.get("Wastes").is_basic


def test_scryfall_sample_of_real_2019_objects(shared_data, tmp_path):
    db = tmp_path / "cards.sqlite"
    import_file(shared_data / "mtg" / "scryfall_sample.json", db)
    catalog = _catalog(db)
    assert catalog.get("Relentless Rats").deck_limit == "any"
    assert catalog.get("Commit // Memory").face_names == ("Commit", "Memory")
    assert catalog.get("Black Lotus").legalities["vintage"] == "restricted"
    assert catalog.get("Wastes").is_basic


@pytest.mark.parametrize(
    "content, message",
    [
        (b'[{"object": "card", "name": "A", "set": "lea"}, {"object": "card", "na', "truncated"),
        (b'[{"object": "card", "name": "A"},, ]', "invalid JSON"),
        (b'{"object": "list", "data": []}', "`data` is not an object"),
        (b'[{"object": "set", "code": "lea"}]', "not a Scryfall card object"),
        (b'[1, 2, 3]', "not a JSON object"),
        (b"[]", "no cards found"),
        (b"", "empty file"),
        (b"\xff\xfe\x00garbage", "not UTF-8"),
        (b"\x1f\x8b\x08\x00garbage-that-is-not-gzip", "cannot read"),
        # The shared card file's shape (cards.jsonl.gz): one card object a line.
        (b'{"name": "A", "type_line": "Instant"}\n{"name": "B", "type_line": "Instant"}\n',
         "one JSON object a line \\(JSON Lines\\): deckcheck reads a Scryfall bulk file \\(a JSON array of cards\\)"),
        # A list of sets (../shared/data/mtg/sets.json) is not a list of cards.
        (b'[{"code": "lea", "name": "Limited Edition Alpha", "release_date": "1993-08-05", "card_count": 295}]',
         "item 1 is not a Scryfall card object \\(none of a card's keys"),
    ],
    ids=["truncated", "invalid", "wrong-object", "sets-not-cards", "numbers", "empty-array", "empty-file", "binary", "bad-gzip",
         "json-lines", "a-list-of-sets"],
)
def test_bad_files_leave_the_previous_database(tmp_path, content, message):
    db = tmp_path / "cards.sqlite"
    import_file(SAMPLE_CARDS, db)
    before = db.read_bytes()
    bad = tmp_path / "bad.json"
    bad.write_bytes(content)
    with pytest.raises(CardDataError, match=message) as raised:
        import_file(bad, db)
    assert "\n" not in str(raised.value) and "not changed" in str(raised.value)
    assert db.read_bytes() == before
    assert _catalog(db).get("Lightning Bolt") is not None
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []


def test_older_schema_is_refused_with_a_way_out(tmp_path):
    db = tmp_path / "cards.sqlite"
    import_file(SAMPLE_CARDS, db)
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE meta SET value = ? WHERE key = 'schema_version'", (str(SCHEMA_VERSION - 1),))
    with pytest.raises(CardDataError, match="older deckcheck.*re-run `deckcheck cards import FILE` or `deckcheck cards sync`"):
        _catalog(db)


def test_an_older_database_named_by_a_library_caller_is_refused_not_set_aside_in_silence(tmp_path, monkeypatch):
    """`validate(..., cards=PATH)` with a database of an older deckcheck went on with the
    built-in card data and said nothing (the command line says so in a note, which the
    library has no place for): the caller named that database, as one that is missing is
    an error. The default database (DECKCHECK_CARDS_DB, a runner's restored cache) still
    falls back to the built-in data, as documented."""
    from deckcheck import validate
    from deckcheck.errors import OutdatedCardData

    db = tmp_path / "cards.sqlite"
    import_file(SAMPLE_CARDS, db)
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE meta SET value = ? WHERE key = 'schema_version'", (str(SCHEMA_VERSION - 1),))
    deck = "4 Lightning Bolt\n56 Mountain\n"
    for cards in (db, str(db)):
        with pytest.raises(OutdatedCardData, match="built by an older deckcheck.*re-run `deckcheck cards import FILE`"):
            validate(deck, "mtg/modern", cards=cards)
    monkeypatch.setenv("DECKCHECK_CARDS_DB", str(db))
    assert validate(deck, "mtg/modern").legal


def test_a_file_that_is_not_a_database(tmp_path):
    db = tmp_path / "cards.sqlite"
    db.write_text("hello", encoding="utf-8")
    with pytest.raises(CardDataError, match="not a deckcheck card database"):
        _catalog(db)


def test_unwritable_database_folder(tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("", encoding="utf-8")
    with pytest.raises(CardDataError, match="cannot write the card database"):
        import_file(SAMPLE_CARDS, blocker / "cards.sqlite")


@pytest.mark.parametrize("chunk", [1, 2, 5, 17, 4096])
def test_stream_reader_across_chunk_boundaries(chunk):
    items = [{"name": "Æther Vial", "n": 1.5e-3, "t": True, "x": None, "faces": [{"a": "b // c"}]}, "s", 12345, [], {}]
    text = json.dumps(items)
    assert list(JsonStream(io.StringIO(text), chunk_chars=chunk).items()) == items


@pytest.mark.parametrize("chunk", [1, 7, 64, 4096])
@pytest.mark.parametrize("layout", ["compact", "line-after-comma", "line-before-comma", "indented"])
def test_stream_reader_of_bulk_file_layouts(chunk, layout):
    # Objects one after another, as Scryfall (`},\n{`) and other writers lay them out: the
    # reader's quick path for objects and its general path must agree.
    items = [{"name": f"card {n}", "faces": [{"name": "a"}], "cmc": n / 2} for n in range(30)] + ["s", 1, {}]
    text = {
        "compact": json.dumps(items, separators=(",", ":")),
        "line-after-comma": "[\n" + ",\n".join(json.dumps(item) for item in items) + "\n]",
        "line-before-comma": "[\n" + "\n,".join(json.dumps(item) for item in items) + "\n]\n",
        "indented": json.dumps(items, indent=2),
    }[layout]
    stream = JsonStream(io.StringIO(text), chunk_chars=chunk)
    assert list(stream.items()) == items
    stream.expect_end()


def test_stream_reader_reports_position_of_trailing_garbage():
    stream = JsonStream(io.StringIO('[{"a": 1}] ]'))
    assert list(stream.items()) == [{"a": 1}]
    with pytest.raises(JsonStreamError, match="at character 11"):
        stream.expect_end()


# The `cards.printings` column as SQLite orders it: oldest first (a printing without a
# date of its own by its set's date), then set code; the writer builds it in Python
# (games/mtg/printings.py) and must agree with this reading of the two tables.
_PRINTINGS_BY_SQL = (
    "SELECT card_id, group_concat(text, ',') FROM (SELECT card_id, set_code || ':' || rarity || CASE WHEN"
    " printings.released = '' AND platforms = '' THEN '' ELSE ':' || printings.released || CASE WHEN platforms = ''"
    " THEN '' ELSE ':' || platforms END END AS text FROM printings LEFT JOIN sets ON sets.code = printings.set_code"
    " ORDER BY card_id, COALESCE(NULLIF(printings.released, ''), sets.released), set_code) GROUP BY card_id"
)


def _printings_columns_agree(db_path: Path) -> int:
    db = sqlite3.connect(db_path)
    try:
        by_sql = dict(db.execute(_PRINTINGS_BY_SQL).fetchall())
        stored = dict(db.execute("SELECT id, printings FROM cards WHERE printings <> ''").fetchall())
    finally:
        db.close()
    assert stored == by_sql
    return len(stored)


def test_printings_column_agrees_with_the_tables(shared_data, shared_cards_db, sample_cards_db, tmp_path):
    real_2019 = tmp_path / "cards.sqlite"  # objects with `games`: printings with platforms
    import_file(shared_data / "mtg" / "scryfall_sample.json", real_2019)
    atomic = tmp_path / "AtomicCards.json"  # printings without dates: ordered by their sets' at the end
    atomic.write_text(json.dumps(ATOMIC), encoding="utf-8")
    import_file(atomic, tmp_path / "atomic.sqlite")
    assert _printings_columns_agree(shared_cards_db) == 32609
    assert _printings_columns_agree(sample_cards_db) > 10
    assert _printings_columns_agree(real_2019) > 10
    assert _printings_columns_agree(tmp_path / "atomic.sqlite") == 3


def _cards_by_name(db_path: Path) -> tuple[dict[str, tuple], list[tuple]]:
    db = sqlite3.connect(db_path)
    try:
        cards = {row[0]: row for row in db.execute("SELECT name, faces, type_line, printings FROM cards")}
        printings = sorted(db.execute("SELECT name, set_code, rarity, released FROM printings JOIN cards ON id = card_id"))
    finally:
        db.close()
    return cards, printings


def test_order_of_the_objects_does_not_change_the_cards(shared_data, tmp_path, monkeypatch):
    # Shuffled, a card's printings come long after its row is written (more so with rows
    # written every few cards): its printings column is written again at the end.
    in_order = tmp_path / "default-cards.json"
    convert(shared_data / "mtg", in_order, limit=1500)
    objects = json.loads(in_order.read_text(encoding="utf-8"))
    random.Random(15).shuffle(objects)
    shuffled = tmp_path / "shuffled.json"
    shuffled.write_text(json.dumps(objects), encoding="utf-8")
    import_file(in_order, tmp_path / "in-order.sqlite")
    monkeypatch.setattr(CardDbWriter, "BATCH_ROWS", 7)
    import_file(shuffled, tmp_path / "shuffled.sqlite")
    assert _cards_by_name(tmp_path / "shuffled.sqlite") == _cards_by_name(tmp_path / "in-order.sqlite")
    assert _printings_columns_agree(tmp_path / "shuffled.sqlite") > 1000


def test_reader_fills_every_field_from_the_object(shared_data):
    # What the reader builds, checked against the Scryfall objects themselves: a field it
    # forgot would keep the record's default and fail here.
    objects = json.loads((shared_data / "mtg" / "scryfall_sample.json").read_text(encoding="utf-8"))
    read = [(obj, found[0]) for index, obj in enumerate(objects) if (found := card_from_scryfall(obj, index)) is not None]
    assert len(read) > 10
    with_stats = 0
    for obj, card in read:
        box = obj if "power" in obj or not obj.get("card_faces") else obj["card_faces"][0]
        assert card.name == obj["name"]
        assert (card.power, card.toughness) == (box.get("power"), box.get("toughness")), card.name
        assert card.color_identity == tuple(obj.get("color_identity") or ())
        assert card.mana_value == obj.get("cmc")
        assert dict(card.legalities or {}) == obj.get("legalities", {})
        assert card.type_line and card.types, card.name
        assert [printing.set for printing in card.printings] == [obj["set"]], card.name
        with_stats += card.power is not None
    assert with_stats > 5  # creatures of both shapes are among them

def test_a_named_pipe_is_refused_without_reading_it(tmp_path):
    """A pipe would block the import's first read for ever (docs/security.md); run in a
    child with a timeout, so a regression fails instead of hanging the suite."""
    import os
    import subprocess
    import sys

    db = tmp_path / "cards.sqlite"
    import_file(SAMPLE_CARDS, db)
    before = db.read_bytes()
    pipe = tmp_path / "cards.json"
    os.mkfifo(pipe)
    code = f"from deckcheck.cards.importer import import_file\nimport_file({str(pipe)!r}, __import__('pathlib').Path({str(db)!r}))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode != 0
    assert "is a named pipe, not a card file; the card database was not changed" in done.stderr
    assert db.read_bytes() == before


# A few bytes of each compression that stand for MiB of spaces: a stream of one member
# repeated (gzip, bzip2 and xz all read concatenated members as one file).
_COMPRESS = {"gzip": gzip.compress, "bzip2": bz2.compress, "xz": lzma.compress}
_MIB_OF_SPACES = {name: compress(b" " * (1 << 20)) for name, compress in _COMPRESS.items()}


def _bomb(compression: str, head: bytes, mib: int) -> bytes:
    return _COMPRESS[compression](head) + _MIB_OF_SPACES[compression] * mib


@pytest.mark.parametrize("compression", sorted(_COMPRESS))
@pytest.mark.parametrize("head", [b'{"data": [', b'[{"cardid": 1, "setcode": "X"}'], ids=["ygoprodeck", "wow"])
def test_a_decompression_bomb_read_whole_is_refused_before_it_fills_memory(tmp_path, cli, compression, head):
    """A card file read whole (Yu-Gi-Oh!, WoW) is refused past MAX_WHOLE_CARD_FILE_BYTES
    decoded (64 MiB, docs/security.md): 65 MiB of spaces made 2 GB of memory before."""
    db = tmp_path / "cards.sqlite"
    import_file(SAMPLE_CARDS, db)
    before = db.read_bytes()
    bomb = tmp_path / "cards.json.bin"
    bomb.write_bytes(_bomb(compression, head, 65))
    done = cli("cards", "import", str(bomb), "--cards-db", str(db))
    assert done.returncode == 2, done.stderr
    assert done.stderr == ("deckcheck: error: cards.json.bin: its text (decompressed) is over 67,108,864 bytes, "
                           "bigger than any card file deckcheck reads; the card database was not changed\n")
    assert db.read_bytes() == before


@pytest.mark.parametrize("compression", sorted(_COMPRESS))
def test_a_streamed_magic_file_is_bounded_like_a_download(tmp_path, monkeypatch, compression):
    """The Magic file is streamed, under the bulk download's bound (MAX_BULK_BYTES, 4 GiB:
    lowered here to 2 MiB so the test reads little)."""
    import deckcheck.cards.importer as importer

    monkeypatch.setattr(importer, "MAX_BULK_BYTES", 2 << 20)
    db = tmp_path / "cards.sqlite"
    import_file(SAMPLE_CARDS, db)
    before = db.read_bytes()
    bomb = tmp_path / "cards.json.gz"
    bomb.write_bytes(_bomb(compression, b"[", 3))
    with pytest.raises(CardDataError, match=r"^cards.json.gz: its text \(decompressed\) is over 2,097,152 bytes"):
        import_file(bomb, db)
    assert db.read_bytes() == before


DEEP = 100_000  # levels of nesting: Python's JSON decoder recurses once per level


@pytest.mark.parametrize("text", [
    "[" + "[" * DEEP + "]" * DEEP + "]",                                        # a Magic (Scryfall) array, streamed
    '[{"name": "x", "a": ' + '{"b":' * DEEP + "1" + "}" * DEEP + "}]",
    '{"data": [' + "[" * DEEP + "]" * DEEP + "]}",                              # a YGOPRODeck list, read whole
    '{"passcode": 1, "name": "x", "a": ' + "[" * DEEP + "]" * DEEP + "}\n",      # YAML Yugi, a card a line
])
def test_json_nested_past_the_decoders_depth_is_a_broken_file_not_an_internal_error(tmp_path, text):
    """A card file, or a card server's answer, nested deeper than Python's JSON decoder
    recurses was a RecursionError: `cards import` said "internal error", and a library
    caller's online lookup raised no DeckcheckError."""
    source = tmp_path / "cards.json"
    source.write_text(text, encoding="utf-8")
    with pytest.raises(CardDataError) as refused:
        import_file(source, tmp_path / "cards.sqlite")
    assert "nested too deeply" in str(refused.value)


def test_a_card_server_answer_nested_too_deeply_is_a_network_error():
    import requests

    from deckcheck.cards.http import request_json
    from deckcheck.errors import NetworkError

    class Session:
        def request(self, method, url, **kwargs):
            response = requests.Response()
            response.status_code, response._content = 200, b"[" * DEEP + b"]" * DEEP
            return response

    with pytest.raises(NetworkError) as refused:
        request_json(Session(), "GET", "https://api.scryfall.com/cards/collection")
    assert str(refused.value) == "api.scryfall.com sent an answer that is not valid JSON (nested too deeply)"
