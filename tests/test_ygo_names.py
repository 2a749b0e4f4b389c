"""Every Yu-Gi-Oh! card name reads back from a `1 NAME` line of a text decklist (#14 item 3).

Names such as `Maliss <P> Dormouse` and `Jinzo #7` hold what deck sites add around a Magic
name (`<variant>`, `#tag`): the text parser must not cut them. A bundled sample of such
names always runs; every name of the shared card file runs when the shared data is there.
"""
from __future__ import annotations

import gzip
import json

import pytest

from conftest import SHARED_DATA
from deckcheck.decklists import parse_text
from deckcheck.decklists.convert import convert
from deckcheck.names import display_name

YGO_CARDS = SHARED_DATA / "ygo" / "cards.jsonl.gz"

# Names with the characters of site decorations (`<`, `>`, `#`, `[`, `(`, `*`, `!`, `"`),
# and the Magic exports those decorations come from, which must still lose them.
SAMPLE_NAMES = [
    "Maliss <P> Dormouse", "Maliss <P> White Rabbit", "Maliss <C> GWC-06", "Maliss <C> MTP-07",
    "Maliss <Q> Red Ransom", "Maliss <Q> Hearts Crypter", "Fiend Reflection #1", "Jinzo #7",
    "GMX Applied Experiment #55", "GMX Lab #5", "Winged Dragon, Guardian of the Fortress #1",
    "M-Warrior #2", "Sasuke Samurai #4", 'Maxx "C"', "D/D/D Flame King Genghis",
    "Danger!? Jackalope?", "Number 39: Utopia", "Evil★Twin Ki-sikil", "Live☆Twin Lil-la",
    "Nekroz of Brionac", "Ash Blossom & Joyous Spring", "Dark Magician",
]
SITE_EXPORTS = {
    "4 Lightning Bolt <A> [M10]": "Lightning Bolt",
    "1 Sol Ring (CMR) 472 *F* #Ramp": "Sol Ring",
    "1 Sol Ring #Ramp #1": "Sol Ring",
    "4 Lightning Bolt <showcase>": "Lightning Bolt",
    "1 Jinzo #7 #Staple": "Jinzo #7",
    "1 Maliss <P> Dormouse (MP24) 12": "Maliss <P> Dormouse",
}


def _read_back(name: str) -> tuple[list[str], list[str]]:
    deck = parse_text(f"1 {name}\n", source="deck.txt")
    return [entry.name for entry in deck.entries], [problem.message for problem in deck.problems]


@pytest.mark.parametrize("name", SAMPLE_NAMES)
def test_a_tricky_name_reads_back(name):
    assert _read_back(name) == ([display_name(name)], [])


@pytest.mark.parametrize(("line", "name"), SITE_EXPORTS.items())
def test_site_decorations_still_go(line, name):
    deck = parse_text(line + "\n", source="deck.txt")
    assert [entry.name for entry in deck.entries] == [name]


def test_every_name_of_the_card_data_reads_back():
    if not YGO_CARDS.is_file():
        pytest.skip(f"shared Yu-Gi-Oh! card data not found at {YGO_CARDS} (set DECKCHECK_SHARED_DATA)")
    names = set()
    with gzip.open(YGO_CARDS, "rt", encoding="utf-8") as handle:
        for line in handle:
            names.add(json.loads(line)["name"])
    assert len(names) > 13000
    wrong = {name: got for name in sorted(names) if (got := _read_back(name)) != ([display_name(name)], [])}
    assert not wrong, f"{len(wrong)} names do not read back: {list(wrong.items())[:10]}"


def test_ydk_to_text_to_ydk_keeps_maliss_and_numbered_cards(cli, ygo_cards_db, tmp_path):
    """The round trip of the issue: a .ydk of these cards, written as text and read back."""
    ydk = "#created by ...\n#main\n32061192\n32809211\n74378580\n#extra\n!side\n"
    (tmp_path / "deck.ydk").write_text(ydk, encoding="utf-8")
    text = cli("convert", str(tmp_path / "deck.ydk"), "--to", "text", "--cards-db", str(ygo_cards_db))
    assert text.returncode == 0, text.stderr
    assert "1 Maliss <P> Dormouse\n1 Jinzo #7\n1 GMX Lab #5\n" in text.stdout
    (tmp_path / "deck.txt").write_text(text.stdout, encoding="utf-8")
    back = cli("convert", str(tmp_path / "deck.txt"), "--to", "ydk", "--cards-db", str(ygo_cards_db))
    assert back.returncode == 0, back.stderr
    assert back.stdout == ydk


def test_text_writer_output_reads_back_unchanged():
    deck = parse_text("Main\n" + "".join(f"1 {name}\n" for name in SAMPLE_NAMES), source="deck.txt")
    again = parse_text(convert(deck, "text"), source="again.txt")
    assert [entry.name for entry in again.entries] == [entry.name for entry in deck.entries]
