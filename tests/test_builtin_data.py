"""The built-in card data (deckcheck/data/cards.sqlite): what it holds, that it is what
scripts/build_card_data.py builds, that the wheel carries it, and what happens when a
database or the built-in file itself is damaged, outdated or missing a game."""
from __future__ import annotations

import datetime as dt
import shutil
import sqlite3
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from deckcheck import cards as card_data
from deckcheck import validate
from deckcheck.cards import builtin, catalog_for
from deckcheck.errors import CardDataError

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def fresh_catalogs(monkeypatch):
    """Each test opens its catalogs anew (catalog_for keeps them by file)."""
    monkeypatch.setattr(card_data, "_OPEN", {})
    builtin.holds.cache_clear()
    yield
    builtin.holds.cache_clear()


def test_every_game_has_built_in_cards():
    counts = {}
    for game in ("mtg", "yugioh", "wow"):
        catalog, note = catalog_for(game)
        assert note is None and catalog.path == builtin.BUILTIN_FILE
        counts[game] = len(catalog) if hasattr(catalog, "__len__") else int(catalog.meta["cards"])
    assert counts == {"mtg": 32609, "yugioh": 14218, "wow": 5400}
    mtg, _ = catalog_for("mtg")
    assert mtg.builtin and mtg.online is None and mtg.legalities_date is None
    bolt = mtg.get("lightning bolt")
    assert (bolt.name, bolt.mana_cost, bolt.types, bolt.color_identity) == ("Lightning Bolt", "{R}", ("Instant",), ("R",))
    assert {p.rarity for p in bolt.printings} >= {"common", "uncommon"}


def test_yugioh_and_wow_facts_the_other_issues_need():
    ygo, _ = catalog_for("yugioh")
    maxx = ygo.by_code(23434538)
    assert maxx.name == 'Maxx "C"' and maxx.ot == 3  # printed in the OCG and the TCG
    wow, _ = catalog_for("wow")
    skeleton = wow.get("Skeleton")
    assert skeleton.is_token and not wow.get("Ironforge Guards").is_token


def test_meld_back_faces_are_in_the_data():
    catalog, _ = catalog_for("mtg")
    for half in ("Bruna, the Fading Light", "Gisela, the Broken Blade"):
        card = catalog.get(half)
        assert card.layout == "meld" and "Brisela, Voice of Nightmares" in card.face_names


def test_the_artifact_is_what_the_script_builds(shared_data):
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "build_card_data.py"), "--check", "--data", str(shared_data)],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_wheel_carries_the_card_data_and_stays_small(tmp_path):
    done = subprocess.run([sys.executable, "-m", "hatchling", "build", "-t", "wheel", "-d", str(tmp_path)],
                          cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    (wheel,) = tmp_path.glob("*.whl")
    assert wheel.stat().st_size <= 25 * 1024 * 1024
    with zipfile.ZipFile(wheel) as archive:
        info = archive.getinfo("deckcheck/data/cards.sqlite")
        archive.getinfo("deckcheck/py.typed")  # a library user's type checker reads the package (PEP 561)
    assert info.file_size == builtin.BUILTIN_FILE.stat().st_size


def _database(tmp_path: Path) -> Path:
    from deckcheck.cards.importer import import_file

    path = tmp_path / "cards.sqlite"
    import_file(Path(__file__).parent / "cards" / "sample_cards.json", path)
    return path


def test_a_truncated_database_is_one_error_naming_the_file_and_the_fix(tmp_path):
    path = _database(tmp_path)
    path.write_bytes(path.read_bytes()[: path.stat().st_size // 2])
    with pytest.raises(CardDataError) as caught:
        validate("4 Lightning Bolt\n56 Mountain\n", "mtg/modern", cards=path)
    message = str(caught.value)
    assert "\n" not in message and str(path) in message and "truncated" in message
    assert "deckcheck cards sync" in message


def test_a_damaged_built_in_file_says_to_reinstall(tmp_path, monkeypatch):
    broken = tmp_path / "cards.sqlite"
    broken.write_bytes(builtin.BUILTIN_FILE.read_bytes()[:4096])
    monkeypatch.setattr(builtin, "BUILTIN_FILE", broken)
    with pytest.raises(CardDataError) as caught:
        catalog_for("mtg")
    message = str(caught.value)
    assert "\n" not in message and str(broken) in message and "reinstall deckcheck" in message


def test_a_missing_built_in_file_says_to_reinstall(tmp_path, monkeypatch):
    monkeypatch.setattr(builtin, "BUILTIN_FILE", tmp_path / "nothing.sqlite")
    with pytest.raises(CardDataError, match="built-in card data .* is missing; reinstall deckcheck"):
        catalog_for("mtg")


@pytest.mark.parametrize("immutable", [True, False], ids=["built-in", "synced"])
def test_opening_a_card_database_never_creates_or_writes_it(tmp_path, immutable):
    """The built-in data is opened `immutable=1`, which alone left SQLite's default of
    read-write-create: a file gone between the check for it and the open (a reinstall under
    a running job) came back as an empty cards.sqlite in the installed package, which every
    later run called damaged. Both modes open the file read-only and never make one."""
    from deckcheck.cards.tables import open_read_only

    gone = tmp_path / "cards.sqlite"
    with pytest.raises(CardDataError):
        open_read_only(gone, immutable=immutable)
    assert not gone.exists()
    path = _database(tmp_path)
    path.chmod(0o444)
    try:
        db = open_read_only(path, immutable=immutable)
        with pytest.raises(sqlite3.OperationalError, match="readonly"):
            db.execute("CREATE TABLE written (x)")
        db.close()
    finally:
        path.chmod(0o644)


def test_an_outdated_database_falls_back_to_the_built_in_data_with_a_note(tmp_path):
    path = _database(tmp_path)
    with sqlite3.connect(path) as db:
        db.execute("UPDATE meta SET value = '1' WHERE key = 'schema_version'")
    catalog, note = catalog_for("mtg", path)
    assert catalog.builtin
    assert "older deckcheck" in note and "built-in card data is used" in note


def test_a_database_without_a_games_cards_leaves_that_game_to_the_built_in_data(tmp_path, shared_data):
    from deckcheck.cards.importer import import_file

    path = tmp_path / "ygo-only.sqlite"
    import_file(shared_data / "ygo" / "cards_derived.cdb", path)
    ygo, _ = catalog_for("yugioh", path)
    mtg, note = catalog_for("mtg", path)
    assert ygo.path == path and mtg.builtin and note is None


def test_a_synced_database_takes_precedence(tmp_path):
    path = _database(tmp_path)
    catalog, _ = catalog_for("mtg", path)
    assert not catalog.builtin and catalog.path == path
    # Names the database lacks come from the built-in data behind it.
    assert catalog.get("Ragavan, Nimble Pilferer").name == "Ragavan, Nimble Pilferer"


def test_a_copied_database_keeps_working_read_only(tmp_path):
    """Opening never writes: the built-in file is opened immutable, a database read-only."""
    copy = tmp_path / "copy.sqlite"
    shutil.copy(builtin.BUILTIN_FILE, copy)
    copy.chmod(0o444)
    catalog, _ = catalog_for("mtg", copy)
    assert catalog.get("Island").is_basic


# Spellings `get` treats each its own way: exact names, another case and accents, a double-faced
# card by its front face and whole, a split card, a melded back face (no card), an Alchemy
# name, a name only the loose key finds, a lone surrogate, unknown names, one name twice.
_SPELLINGS = [
    "Lightning Bolt", "lightning bolt", "Lim-Dûl's Vault", "Lim Duls Vault", "Delver of Secrets",
    "Delver of Secrets // Insectile Aberration", "Fire // Ice", "Fire/Ice", "Brisela, Voice of Nightmares",
    "Bruna, the Fading Light", "A-Luminarch Aspirant", "Luminarch Aspirant", "Mountain", "Mountain",
    "Jace, the Mind Sculptor", "Not A Card At All", "Lightning Bolt\udcff", "", "  Counterspell  ",
]


def test_names_looked_up_together_are_the_cards_looked_up_one_by_one():
    """`prefetch` (a deck's new names in one query, as a batch resolves them) leaves every
    name as `get` alone answers it, card for card."""
    from deckcheck.games.mtg.catalog import MtgCatalog

    alone = MtgCatalog(builtin.BUILTIN_FILE, builtin=True)
    together = MtgCatalog(builtin.BUILTIN_FILE, builtin=True)
    together.prefetch(_SPELLINGS)
    assert "Lightning Bolt" in together._cards  # looked up by the prefetch, not left to `get`
    assert "Brisela, Voice of Nightmares" not in together._cards  # a melded face is left to `get`
    for name in _SPELLINGS:
        one, other = alone.get(name), together.get(name)
        assert (one is None) == (other is None), name
        if one is not None:
            assert (one.name, one.printings, one.types, one.oracle_text) == \
                (other.name, other.printings, other.types, other.oracle_text), name


def test_a_catalogs_dates_are_read_once_and_travel_with_it(sample_cards_db):
    """The dates a batch asks of the catalog for every deck (cached: `meta` never changes),
    the same after a trip to a batch worker."""
    import pickle

    from deckcheck.games.mtg.catalog import MtgCatalog

    catalog = MtgCatalog(sample_cards_db)
    day = dt.date.fromisoformat((catalog.meta.get("source_date") or catalog.meta["imported_at"])[:10])
    assert (catalog.source_date, catalog.data_date, catalog.has_legalities, catalog.legalities_date) == (day, day, True, day)
    copied = pickle.loads(pickle.dumps(catalog))
    assert (copied.source_date, copied.data_date, copied.has_legalities, copied.legalities_date) == (day, day, True, day)
    builtin_catalog = MtgCatalog(builtin.BUILTIN_FILE, builtin=True)
    assert builtin_catalog.has_legalities is False and builtin_catalog.legalities_date is None


def test_ampersands_in_rules_text_are_ampersands():
    # The card file writes "&" in rules text as a quote mark between spaces (an OCTGN export
    # artifact): Rocksteady's "Partner with Bebop, Skull " Crossbones" named no card, so the
    # pair was refused. A real quotation never has a space on both sides of its mark.
    db = sqlite3.connect(f"file:{ROOT / 'deckcheck' / 'data' / 'cards.sqlite'}?mode=ro&immutable=1", uri=True)
    garbled = db.execute("select name from cards where oracle_text glob '*[A-Za-z0-9] \" [A-Za-z0-9]*'").fetchall()
    assert garbled == []
    text = db.execute("select oracle_text from cards where name = 'Rocksteady, Mutant Marauder'").fetchone()[0]
    assert text.startswith("Partner with Bebop, Skull & Crossbones ")


def test_bebop_and_rocksteady_partner_with_the_built_in_data(tmp_path):
    from conftest import run_cli

    deck = tmp_path / "turtles.txt"
    deck.write_text("Commander\n1 Bebop, Skull & Crossbones\n1 Rocksteady, Mutant Marauder\n\n"
                    "Deck\n49 Swamp\n49 Forest\n", encoding="utf-8")
    done = run_cli("validate", str(deck), "-f", "mtg/commander", "--date", "2026-07-01")
    assert done.returncode == 0, done.stdout + done.stderr
    assert ": LEGAL" in done.stdout
