"""Yu-Gi-Oh! and WoW TCG card data in the card database: every importer, one file shared
with the Magic cards, atomic replacement, versioning, lookup and stats."""
from __future__ import annotations

import gzip
import json
import sqlite3
from pathlib import Path

import pytest

from conftest import SAMPLE_CARDS
from deckcheck.games.mtg.catalog import MtgCatalog
from deckcheck.games import GAMES
from deckcheck.cards.importer import import_file
from deckcheck.errors import CardDataError

# Two cards in the YGOPRODeck card JSON's shape (cardinfo.php?misc=yes), one with an
# alternate artwork in card_images.
YGOPRODECK = {"data": [
    {"id": 14558127, "name": "Ash Blossom & Joyous Spring", "type": "Tuner Monster", "frameType": "effect",
     "race": "Zombie", "card_images": [{"id": 14558127}, {"id": 14558128}, {"id": 14558129}],
     "misc_info": [{"konami_id": 12950, "formats": ["TCG", "OCG"]}]},
    {"id": 86066372, "name": "Accesscode Talker", "type": "Link Monster", "frameType": "link", "race": "Cyberse",
     "card_images": [{"id": 86066372}]},
    {"id": 73915052, "name": "Sheep Token", "type": "Token", "frameType": "token", "race": "Beast"},
    {"id": 24224830, "name": "Called by the Grave", "type": "Spell Card", "frameType": "spell", "race": "Quick-Play"},
    {"id": 16178681, "name": "Odd-Eyes Pendulum Dragon", "type": "Pendulum Effect Monster",
     "frameType": "effect_pendulum", "race": "Dragon"},
]}


def _write_json(path: Path, document, *, gz: bool = False) -> Path:
    data = json.dumps(document).encode()
    path.write_bytes(gzip.compress(data) if gz else data)
    return path


def test_ygoprodeck_json_types_and_alternate_artworks(tmp_path):
    db = tmp_path / "cards.sqlite"
    summary = import_file(_write_json(tmp_path / "cardinfo.json", YGOPRODECK), db)
    assert (summary.source, summary.cards) == ("YGOPRODeck card JSON", 7)
    catalog = GAMES["yugioh"].load_catalog(db)
    ash = catalog.by_code(14558128)
    assert (ash.name, ash.alias, ash.is_alternate_artwork) == ("Ash Blossom & Joyous Spring", 14558127, True)
    assert catalog.by_code(14558127).types == {"Monster", "Effect", "Tuner"}  # frameType "effect"
    assert catalog.by_code(86066372).is_extra_deck and "Link" in catalog.by_code(86066372).types
    assert "Token" in catalog.by_code(73915052).types
    assert catalog.by_code(24224830).types == {"Spell", "Quick-Play"}
    assert catalog.by_code(16178681).types == {"Pendulum", "Effect", "Monster"}
    assert not catalog.by_code(16178681).is_extra_deck


def test_cards_cdb_and_yaml_yugi_agree(tmp_path, shared_data):
    from_cdb, from_lines = tmp_path / "a.sqlite", tmp_path / "b.sqlite"
    import_file(shared_data / "ygo" / "cards_derived.cdb", from_cdb)
    import_file(shared_data / "ygo" / "cards.jsonl.gz", from_lines)
    a, b = GAMES["yugioh"].load_catalog(from_cdb), GAMES["yugioh"].load_catalog(from_lines)
    # The YAML Yugi lines also hold the 8 cards that print no passcode, read under the
    # number simulators give them (Obelisk the Tormentor 10000000); the derived cdb lacks
    # them and finds them in the built-in data behind it.
    assert len(a) == len(b) == 14218
    assert a.by_code(10000000).name == b.by_code(10000000).name == "Obelisk the Tormentor"
    for code in (14558127, 86066372, 46986414, 36996508, 27847700, 61257789):
        x, y = a.by_code(code), b.by_code(code)
        assert (x.name, x.type, x.alias, x.ot) == (y.name, y.type, y.alias, y.ot)
    assert a.by_code(36996508).alias == 46986414 and a.by_code(27847700).alias == 24094653


def test_one_file_for_every_game_and_each_import_keeps_the_others(tmp_path, shared_data):
    db = tmp_path / "cards.sqlite"
    import_file(shared_data / "ygo" / "cards_derived.cdb", db)
    import_file(shared_data / "wow" / "cards.json.gz", db)
    import_file(SAMPLE_CARDS, db)  # a Magic rebuild carries the other games' tables over
    assert MtgCatalog(db).get("lightning bolt") is not None
    assert len(GAMES["yugioh"].load_catalog(db)) == 14218  # with the built-in cards the cdb lacks
    assert GAMES["wow"].load_catalog(db).get("Ironforge Guards").deck_limit == "any"
    import_file(shared_data / "ygo" / "cards.jsonl.gz", db)  # and a game import keeps the Magic cards
    assert MtgCatalog(db).get("lightning bolt") is not None
    assert GAMES["wow"].load_catalog(db).get("Graccus") is not None
    meta = dict(sqlite3.connect(db).execute("SELECT key, value FROM meta"))
    assert meta["yugioh.source"] == "YAML Yugi cards" and meta["wow.source"] == "WoW TCG card data"
    assert meta["game"] == "mtg"


@pytest.mark.parametrize(
    "name, content, message",
    [
        ("cardinfo.json", b'{"data": [{"id": "x"}]}', "not a card"),
        ("cardinfo.json", b'{"data": [{"id": 1, "name": "A"}', "not valid JSON"),
        ("cards.jsonl", b'{"passcode": 1, "name": "A"}\nnot json\n', "line 2"),
        ("wow.csv", b"title,faction\nA,Horde\n", "name"),
        ("wow.yaml", b"cards: {a: 1}\n", "list of cards"),
        ("wow.yaml", b"- {name: A, colour: red}\n", "unknown column 'colour'"),
        # A misspelt faction made the card neutral, legal in every deck; a misspelt class
        # icon made it legal in none: both were imported without a word.
        ("wow.csv", b"name,type,faction\nA,Ally,Hord\n", r"line 2: faction 'Hord' is not one; write Alliance, Horde, Neutral or Both"),
        ("wow.yaml", b"- {name: A, class_icons: [Shaman, Shamn]}\n", r"card 1: class icon 'Shamn' is not a class; write Death Knight, Druid, .* or Warrior"),
    ],
)
def test_bad_game_files_leave_the_database_unchanged(tmp_path, shared_data, name, content, message):
    db = tmp_path / "cards.sqlite"
    import_file(shared_data / "ygo" / "cards_derived.cdb", db)
    before = db.read_bytes()
    bad = tmp_path / name
    bad.write_bytes(content)
    with pytest.raises(CardDataError, match=message):
        import_file(bad, db)
    assert db.read_bytes() == before
    assert not list(tmp_path.glob(".cards.sqlite.*"))  # no temporary file left behind


def test_game_tables_from_another_version_are_refused_with_a_hint(tmp_path):
    db = tmp_path / "cards.sqlite"
    import_file(_write_json(tmp_path / "cardinfo.json", YGOPRODECK), db)
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE meta SET value = '0' WHERE key = 'yugioh.schema_version'")
    with pytest.raises(CardDataError, match="import them again"):
        GAMES["yugioh"].load_catalog(db)
    with pytest.raises(CardDataError, match="holds no WoW TCG cards"):
        GAMES["wow"].load_catalog(db)


def test_a_database_that_is_not_one_is_refused(tmp_path):
    db = tmp_path / "cards.sqlite"
    db.write_text("not a database", encoding="utf-8")
    with pytest.raises(CardDataError, match="not a deckcheck card database"):
        import_file(_write_json(tmp_path / "cardinfo.json", YGOPRODECK), db)
    assert db.read_text(encoding="utf-8") == "not a database"


WOW_CSV = """name,type,class_icons,faction,tags,hero_traits,requires,rules
Tess Greymane,Hero,Rogue,Alliance,,Worgen;Rogue;Subtlety;Leatherworking,,
Shadowstep,Ability,Rogue,Neutral,,,,
Worgen Infiltrator,Ally,,Alliance,Unlimited,,,
Subtle Strike,Ability,Rogue,Neutral,,,,"<b>Subtlety Hero Required</b>;Deal 3 damage."
Combat Strike,Ability,Rogue,Neutral,,,Combat,
Orc Grunt,Ally,,Horde,,,,
"""


def test_user_wow_card_files_csv_and_yaml(tmp_path, cli):
    db = tmp_path / "cards.sqlite"
    csv_file = tmp_path / "my-cards.csv"
    csv_file.write_text(WOW_CSV, encoding="utf-8")
    done = cli("cards", "import", str(csv_file), "--cards-db", str(db))
    assert done.returncode == 0, done.stderr
    assert "6 cards from WoW TCG card file (CSV)" in done.stdout
    deck = tmp_path / "deck.txt"
    deck.write_text("Hero: Tess Greymane\nDeck\n20 Worgen Infiltrator\n4 Shadowstep\n4 Subtle Strike\n4 Combat Strike\n"
                    "4 Orc Grunt\n24 Worgen Infiltrator\n", encoding="utf-8")
    done = cli("validate", str(deck), "-f", "wow/constructed", "--cards-db", str(db), "-o", "json")
    result = json.loads(done.stdout)["results"][0]
    assert sorted((p["rule"], p["card"]) for p in result["problems"]) == [
        ("class-faction", "Combat Strike"), ("class-faction", "Orc Grunt"),
    ]
    yaml_file = tmp_path / "my-cards.yaml"
    yaml_file.write_text("cards:\n  - name: Tess Greymane\n    type: Hero\n    class_icons: [Rogue]\n    faction: Alliance\n"
                         "    hero_traits: [Worgen, Rogue, Combat]\n  - {name: Combat Strike, type: Ability,"
                         " class_icons: Rogue, requires: Combat}\n", encoding="utf-8")
    assert cli("cards", "import", str(yaml_file), "--cards-db", str(db)).returncode == 0
    deck.write_text("Hero: Tess Greymane\n4 Combat Strike\n56 Shadowstep\n", encoding="utf-8")
    done = cli("validate", str(deck), "-f", "wow/limited", "--cards-db", str(db), "-o", "json")
    problems = json.loads(done.stdout)["results"][0]["problems"]
    # The YAML file replaced the CSV's cards: Shadowstep is the built-in data's card behind
    # it now (Subtlety Hero Required), which the YAML's Combat Tess cannot play; her own
    # Combat Strike passes, so the file's Tess, not the built-in one, is the hero.
    assert [(p["rule"], p["severity"], p["card"]) for p in problems] == [("class-faction", "error", "Shadowstep")]
    assert "Subtlety" in problems[0]["message"]
    assert done.returncode == 1


WOW_DECKBUILDING_CSV = """name,type,class_icons,faction,tags,hero_traits,requires,rules
Gruul the Tester,Hero,,Neutral,Monster,Ogre;Monster,,"Smash;;<b>Deckbuilding:</b> You can't put [Horde] or Scourge cards in your deck. You can't put Talent cards in your deck."
Long Text,Hero,,Neutral,,Ogre,,"Deckbuilding: {long}"
Ogre Brute,Ally,,Neutral,,,,
Ogre Might,Ability,,Neutral,Arms;Talent,,,
Ogre Rally,Ability,,Horde,,,,
"""


def test_a_user_card_files_hero_deckbuilding_text_is_read_bounded_and_quoted(tmp_path, cli):
    """The sentence whose kinds deckcheck knows (Talent) is checked; the one naming a kind it
    does not (Scourge) stays unchecked, whole, in the warning; a text longer than
    MAX_DECKBUILDING_CHARS is kept cut."""
    from deckcheck.limits import MAX_DECKBUILDING_CHARS

    db = tmp_path / "cards.sqlite"
    csv_file = tmp_path / "heroes.csv"
    csv_file.write_text(WOW_DECKBUILDING_CSV.format(long="You can't put " * 5000), encoding="utf-8")
    assert cli("cards", "import", str(csv_file), "--cards-db", str(db)).returncode == 0
    deck = tmp_path / "deck.txt"
    deck.write_text("Hero: Gruul the Tester\nDeck\n4 Ogre Might\n4 Ogre Rally\n22 Ogre Brute\n", encoding="utf-8")
    done = cli("validate", str(deck), "-f", "wow/limited", "--cards-db", str(db), "-o", "json")
    problems = [(p["rule"], p["severity"], p.get("card"), p["message"]) for p in json.loads(done.stdout)["results"][0]["problems"]]
    quoted = ("Gruul the Tester's Deckbuilding: \"You can't put [Horde] or Scourge cards in your deck. "
              "You can't put Talent cards in your deck.\"")
    assert ("hero", "error", "Ogre Might", f"Ogre Might is a Talent card; {quoted}") in problems
    assert ("hero", "warning", "Gruul the Tester", "Gruul the Tester's Deckbuilding text is not checked: \"You can't "
            "put [Horde] or Scourge cards in your deck.\"; check the deck against it by hand") in problems
    assert not any(card == "Ogre Rally" and rule == "hero" for rule, _, card, _ in problems)  # its sentence is unread
    done = cli("cards", "lookup", "Long Text", "--game", "wow", "--cards-db", str(db), "-o", "json")
    text = json.loads(done.stdout)["printings"][0]["deckbuilding"]
    assert len(text) == MAX_DECKBUILDING_CHARS and text.endswith("…")


def test_hero_required_text_of_a_hostile_card_file_is_read_in_linear_time():
    """`[^;]+?` then `\\s+` tried every run of spaces again at each step: 16,000 spaces in
    one card's text took 0.9 s, a card file of such cards minutes."""
    import time

    from deckcheck.games.wow.cards import requirements_from_text

    started = time.perf_counter()
    found = requirements_from_text("a" + " " * 1_000_000 + "x; [Horde]   or  [Alliance]  Hero Required")
    assert time.perf_counter() - started < 2  # 0.001 s here; quadratic, hours
    assert found == (frozenset({"horde", "alliance"}),)


def test_lookup_and_stats_through_the_cli(cli, tmp_path, shared_data):
    db = tmp_path / "cards.sqlite"
    assert cli("cards", "import", str(shared_data / "ygo" / "cards_derived.cdb"), "--cards-db", str(db)).returncode == 0
    assert cli("cards", "import", str(shared_data / "wow" / "cards.json.gz"), "--cards-db", str(db)).returncode == 0
    done = cli("cards", "lookup", "36996508", "--cards-db", str(db), "-o", "json")
    assert done.returncode == 0, done.stderr
    info = json.loads(done.stdout)
    assert (info["name"], info["alias"], info["counts_as"]) == ("Dark Magician", 46986414, "Dark Magician")
    done = cli("cards", "lookup", "d/d/d wave oblivion king caesar ragnarok", "--game", "yugioh", "--cards-db", str(db))
    assert done.stdout.startswith("D/D/D Wave Oblivion King Caesar Ragnarok\n  passcode:   27873305")
    done = cli("cards", "lookup", "ironforge guards", "--game", "wow", "--cards-db", str(db))
    assert "any number (Unlimited)" in done.stdout
    assert cli("cards", "lookup", "99999999", "--cards-db", str(db)).returncode == 1
    done = cli("cards", "stats", "--cards-db", str(db))
    assert "yugioh:" in done.stdout and "14,210 rows" in done.stdout and "wow:" in done.stdout
    assert "no cards" in done.stdout  # no Magic cards yet


@pytest.mark.parametrize("kept", [100_000, 4_096])
def test_a_cards_cdb_cut_short_is_called_a_damaged_database(cli, tmp_path, shared_data, kept):
    """It said "not UTF-8 text, so not a card file": the Magic importer's words for a file
    no other game took, which sent the user looking at the wrong thing."""
    cut = tmp_path / "cards.cdb"
    cut.write_bytes((shared_data / "ygo" / "cards_derived.cdb").read_bytes()[:kept])
    db = tmp_path / "cards.sqlite"
    done = cli("cards", "import", str(cut), "--cards-db", str(db))
    assert done.returncode == 2 and "Traceback" not in done.stderr
    (line,) = done.stderr.splitlines()
    assert "an SQLite database" in line and "damaged or cut short" in line and "not changed" in line, line
    assert "UTF-8" not in line
    assert not db.exists()


@pytest.mark.parametrize("source, cut_name", [("wow/cards.json.gz", "wow.json"), ("ygo/cards.jsonl.gz", "cards.jsonl")])
def test_a_game_card_file_cut_short_says_it_looks_truncated(cli, tmp_path, shared_data, source, cut_name):
    """A cut WoW TCG file said "not valid JSON (line 1: Unterminated string starting at)",
    the parser's words without their position; a cut YAML Yugi file the same for its line."""
    import gzip

    cut = tmp_path / cut_name
    cut.write_bytes(gzip.decompress((shared_data / source).read_bytes())[:30_000])
    done = cli("cards", "import", str(cut), "--cards-db", str(tmp_path / "cards.sqlite"))
    assert done.returncode == 2 and "Traceback" not in done.stderr
    (line,) = done.stderr.splitlines()
    assert "truncated?" in line and "column" in line and "starting at)" not in line, line


def test_a_wow_heros_deckbuilding_text_is_read_once_per_catalog(wow_cards_db, monkeypatch):
    """The hero rule and class-faction both ask a hero's deck_restriction for every deck:
    the text was read again each time (a batch of 1,000 Hogger decks read it 2,000 times).
    The card, which its catalog keeps, remembers what was read; a copy starts without it."""
    from deckcheck import validate
    from deckcheck.games.wow import deckbuilding

    reads = []
    real = deckbuilding.restriction
    monkeypatch.setattr(deckbuilding, "restriction", lambda text: reads.append(text) or real(text))
    catalog = GAMES["wow"].load_catalog(wow_cards_db)
    hogger = catalog.get("Hogger")
    deck = "Hero: Hogger\nDeck\n4 Into the Fray\n" + "".join(f"4 {name}\n" for name in ("Smash", "Deafening Shout"))
    verdicts = [validate(deck, "wow/constructed", cards=catalog, offline=True) for _ in range(3)]
    assert len(reads) == 1 and reads[0].startswith("You can't put [Horde] or [Alliance] cards")
    assert all(problem.message.endswith("Hogger's Deckbuilding: \"You can't put [Horde] or [Alliance] cards in your deck.\"")
               for verdict in verdicts for problem in verdict.problems if problem.card == "Into the Fray")
    assert hogger.deck_restriction() is hogger.deck_restriction()
    assert hogger.replace().deck_restriction() == hogger.deck_restriction() and len(reads) == 2


@pytest.mark.parametrize(
    ("name", "content", "what"),
    [
        ("wow.csv", b"name,type,faction\nA,Ally," + b"H" * 100_000 + b"\n", "faction"),
        ("wow.csv", b"name,type,class_icons\nA,Ally," + b"W" * 100_000 + b"\n", "class icon"),
        ("wow.csv", b"name,type," + b"c" * 100_000 + b"\nA,Ally,1\n", "unknown column"),
    ],
)
def test_a_card_files_wrong_value_is_quoted_cut_short(tmp_path, name, content, what):
    """A stranger's card file's misspelt faction, class icon or column was quoted whole in
    the error (a value of 100,000 characters, 100 KB of message for a library caller or a
    log), where every other message quotes a value at most MAX_QUOTED_CHARS long."""
    from deckcheck.limits import MAX_QUOTED_CHARS

    bad = tmp_path / name
    bad.write_bytes(content)
    with pytest.raises(CardDataError, match=what) as raised:
        import_file(bad, tmp_path / "cards.sqlite")
    assert len(str(raised.value)) < MAX_QUOTED_CHARS + 300


@pytest.mark.parametrize("rules, reputation", [
    ("<b>Aldor Reputation;Inspire</b>: Quest; ...", "Aldor"),
    ("Aldor Repuation <i>(Can't put Scryer cards in your deck.)</i>", "Aldor"),  # sic, five Aldor allies
    ("<b>Scryer Reputation</b>When Athan is destroyed, ...", "Scryer"),  # Retainer Athan
    ("[Paladin] <b>Hero Required ; Argent Crusade Reputation</b>;Unique allies ...", "Argent Crusade"),
    ("Nerubian Reputation (You can't put cards with other repuations in your deck.)", "Nerubian"),
    # A clause that only speaks of a reputation, or of a name before one, is none.
    ("<b>Aldor Reputation</b>; Cards in play with reputation other than Aldor lose ...", "Aldor"),
    ("Cards in play with reputation other than Aldor lose and can't have powers.", ""),
    ("Target Aldor Reputation ally gets +1 ATK.", ""),
    ("Sons of Hodir Reputation", ""),  # no such card in the card data: no reputation deckcheck knows
])
def test_a_cards_reputation_is_one_the_card_data_prints(rules, reputation):
    from deckcheck.games.wow.cards import reputation_from_text

    assert reputation_from_text(rules) == reputation


def test_every_printing_naming_a_reputation_in_the_shared_data_has_it(shared_data):
    """Every printing whose text prints the keyword (capitalised, as a clause opens with it;
    misprinted "Repuation" too) has a reputation, one of the four the data knows, and no
    other printing has one: "Cards in play with reputation other than Aldor" is not one."""
    import re

    from deckcheck.games.wow.cards import REPUTATIONS, reputation_from_text

    cards = json.loads(gzip.decompress((shared_data / "wow" / "cards.json.gz").read_bytes()))
    printed = {(card.get("name"), card.get("setcode")): card.get("rules") or "" for card in cards}
    keyword = {key for key, rules in printed.items() if re.search(r"Reput?ation", rules)}
    read = {key: reputation_from_text(rules) for key, rules in printed.items() if reputation_from_text(rules)}
    assert set(read) == keyword
    assert set(read.values()) == set(REPUTATIONS)
    assert read[("Retainer Athan", "SoB")] == "Scryer" and read[("Eadric the Pure", "ICE")] == "Argent Crusade"
