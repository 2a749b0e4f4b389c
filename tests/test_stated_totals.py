"""A list that states its own totals (decklists/stated.py): `Main Deck Total: 40`, `Total
Monster Cards: 15`, `合計：40枚`, `Deck (60)`, `Sideboard (15)`, `Total: 75`.

The shared data holds no list typed with its totals, so its real decks are typed here as
Konami's registration form, Japanese lists and deck sites lay them out: every one is read
with no stated-total warning (a correct list is never told it disagrees with itself), and a
copy with one number changed gets exactly one, on that line, naming the stated number and
the cards counted. The layouts hold what review32d found the first version false on: a
deck's name above the form, a blank-line sideboard, kind totals with and without their
headings, a commander before a blank line, a companion, a maybeboard."""
from __future__ import annotations

import gzip
import json
import random
import re
import time
from pathlib import Path

import pytest

from conftest import run_cli
from real_decks import format_id, read_decks

from deckcheck import check_deck, parse_deck, validate
from deckcheck.formats import load

_STATED = re.compile(r"^'(?P<text>.*)' states (?P<stated>\d+) cards?, but (?P<counted>.*): is a card line missing, or a count mistyped\?$")


def _stated(result) -> list:
    return [problem for problem in result.problems if problem.rule == "parse-error" and _STATED.match(problem.message)]


def _lines(cards: list[dict]) -> list[str]:
    return [f"{card['count']} {card['name']}" for card in cards]


def _total(cards: list[dict]) -> int:
    return sum(card["count"] for card in cards)


def _site(deck: dict) -> str:
    """A deck site's export: each zone headed with its count."""
    text = f"Deck ({_total(deck['mainboard'])})\n" + "\n".join(_lines(deck["mainboard"])) + "\n"
    if deck["sideboard"]:
        text += f"\nSideboard ({_total(deck['sideboard'])})\n" + "\n".join(_lines(deck["sideboard"])) + "\n"
    return text


def _blank_line_totals(deck: dict) -> str:
    """An MTGO export with a total under each group: no heading, the sideboard after a blank line."""
    text = "\n".join(_lines(deck["mainboard"])) + f"\nTotal: {_total(deck['mainboard'])}\n"
    if deck["sideboard"]:
        text += "\n" + "\n".join(_lines(deck["sideboard"])) + f"\nTotal: {_total(deck['sideboard'])}\n"
    return text


def _titled_form(deck: dict) -> str:
    """The deck's name above a typed form: `Main Deck: 60`, `Sideboard: 15`, a grand total."""
    title = f"{deck['format']} deck of {deck['player']}"
    text = f"{title}\n\nMain Deck: {_total(deck['mainboard'])}\n" + "\n".join(_lines(deck["mainboard"])) + "\n"
    if deck["sideboard"]:
        text += f"Sideboard: {_total(deck['sideboard'])}\n" + "\n".join(_lines(deck["sideboard"])) + "\n"
    return text + f"Total: {_total(deck['mainboard']) + _total(deck['sideboard'])}\n"


_MTG_LAYOUTS = (_site, _blank_line_totals, _titled_form)


@pytest.fixture(scope="module")
def mtg_decks(shared_data) -> list[dict]:
    # A player's name a card's name is near (or that is none) would stay a card, not a
    # title: the title layout needs one no card is named like, as a deck's name is.
    return [deck for deck in read_decks(shared_data) if deck["player"] and re.fullmatch(r"[A-Za-z][\w .'-]*", deck["player"])]


def _check(text: str, deck: dict, formats: dict):
    fmt = formats.get(deck["format"]) or formats.setdefault(deck["format"], load(format_id(deck)))
    return check_deck(parse_deck(text), fmt, date=deck["date"], offline=True)


def _changed(text: str, rng: random.Random) -> tuple[str, int, int, int]:
    """`text` with the number of one of its stated totals made one more: the new text, that
    line, the number it states now and the one it stated."""
    stated = [index for index, line in enumerate(text.split("\n"))
              if re.fullmatch(r"(?:Deck \(\d+\)|Sideboard \(\d+\)|Main Deck: \d+|Sideboard: \d+|Total: \d+)", line)]
    lines = text.split("\n")
    index = rng.choice(stated)
    number = int(re.search(r"\d+", lines[index]).group())
    lines[index] = lines[index].replace(str(number), str(number + 1))
    return "\n".join(lines), index + 1, number + 1, number


def test_no_real_deck_typed_with_its_totals_is_told_they_differ(mtg_decks):
    """Every real deck of the shared data (6,024 lists), typed in one of the layouts by
    turns: not one stated-total warning."""
    formats: dict = {}
    false = []
    for index, deck in enumerate(mtg_decks):
        text = _MTG_LAYOUTS[index % len(_MTG_LAYOUTS)](deck)
        found = _stated(_check(text, deck, formats))
        if found:
            false.append((deck["deck_id"], _MTG_LAYOUTS[index % len(_MTG_LAYOUTS)].__name__, [p.message for p in found]))
    assert len(mtg_decks) > 5000
    assert false == []


def test_a_real_deck_whose_stated_number_is_changed_is_told_on_that_line(mtg_decks):
    """A seeded sample of the real decks in each layout, one stated number made one more:
    one warning, on its line, with the number it states and the number of cards it counts
    (the number it stated before)."""
    rng = random.Random(33)
    formats: dict = {}
    for layout in _MTG_LAYOUTS:
        for deck in rng.sample(mtg_decks, 60):
            text, line, stated, counted = _changed(layout(deck), rng)
            found = _stated(_check(text, deck, formats))
            assert [(problem.line, problem.severity) for problem in found] == [(line, "warning")], (layout.__name__, text)
            match = _STATED.match(found[0].message)
            assert int(match["stated"]) == stated
            assert re.match(rf"(?:{counted} are |the \w[\w ]* holds {counted}$)", match["counted"]), found[0].message


# The ten companions (Ikoria, Lurrus to Zirda): a real deck holding one in its sideboard.
_COMPANIONS = ("Gyruda, Doom of Depths", "Jegantha, the Wellspring", "Kaheera, the Orphanguard", "Keruga, the Macrosage",
               "Lurrus of the Dream-Den", "Lutri, the Spellchaser", "Obosh, the Preypiercer", "Umori, the Collector",
               "Yorion, Sky Nomad", "Zirda, the Dawnwaker")


def _arena_with_companion(deck: dict, companion: str) -> str:
    """Arena's export with a grand total: the companion under `Companion` and again among
    the sideboard's cards, the total counting it once."""
    return (f"Companion\n1 {companion}\n\nDeck\n" + "\n".join(_lines(deck["mainboard"])) + "\n\nSideboard\n"
            + "\n".join(_lines(deck["sideboard"])) + f"\nTotal: {_total(deck['mainboard']) + _total(deck['sideboard'])}\n")


def test_a_real_deck_with_its_companion_written_twice_and_a_grand_total_is_not_told(mtg_decks):
    """Every real deck whose sideboard holds a companion, written as Arena writes it with a
    grand total under it: no warning (review of session 33, finding 1: the companion's two
    lines were both counted, 76 for a 75-card list); the total one more or one less is told."""
    formats: dict = {}
    false, checked, told = [], 0, 0
    for deck in mtg_decks:
        companion = next((card["name"] for card in deck["sideboard"] if card["name"] in _COMPANIONS), None)
        if companion is None:
            continue
        text = _arena_with_companion(deck, companion)
        if _stated(_check(text, deck, formats)):
            false.append(deck["deck_id"])
        checked += 1
        if checked % 10 == 0:  # a sample told of a total two more or two less
            stated = _total(deck["mainboard"]) + _total(deck["sideboard"])
            wrong = text.replace(f"Total: {stated}\n", f"Total: {stated + (2 if told % 2 else -2)}\n")
            told += len(_stated(_check(wrong, deck, formats)))
    assert checked > 500
    assert told == checked // 10
    assert false == []


# ---------------------------------------------------------------- Yu-Gi-Oh!: Konami's form


@pytest.fixture(scope="module")
def ygo_decks(shared_data) -> list[tuple[str, dict[str, list[tuple[int, str, str]]]]]:
    """The shared .ydk decks as (file name, zone -> [(count, name, kind)]), named and kinded
    by the shared card data."""
    cards = {}
    with gzip.open(shared_data / "ygo" / "cards.jsonl.gz", "rt", encoding="utf-8") as handle:
        for line in handle:
            card = json.loads(line)
            cards[card["passcode"]] = (card["name"], card["card_type"])
    decks = []
    for path in sorted((shared_data / "ygo" / "decks").glob("*.ydk")):
        parsed = parse_deck(path)
        zones: dict[str, dict[str, list]] = {"main": {}, "extra": {}, "sideboard": {}}
        known = True
        for entry in parsed.entries:
            if entry.code not in cards:
                known = False
                break
            name, kind = cards[entry.code]
            slot = zones[entry.zone].setdefault(name, [0, name, kind])
            slot[0] += entry.count
        if known and zones["main"]:
            decks.append((path.name, {zone: [tuple(row) for row in rows.values()] for zone, rows in zones.items()}))
    return decks


def _konami_form(name: str, zones: dict) -> str:
    """Konami's deck registration sheet typed out, the deck's name above it: a box per card
    kind with its total, the Main Deck's total, then the Side and Extra Decks'."""
    text = [f"Deck list of {name.split('.')[0].replace('_', ' ')}", ""]
    for kind, heading in (("Monster", "Monster Cards"), ("Spell", "Spell Cards"), ("Trap", "Trap Cards")):
        rows = [row for row in zones["main"] if row[2] == kind]
        text += [heading, *(f"{count} {card}" for count, card, _ in rows), f"Total {heading}: {sum(row[0] for row in rows)}"]
    text.append(f"Main Deck Total: {sum(row[0] for row in zones['main'])}")
    for zone, heading in (("sideboard", "Side Deck"), ("extra", "Extra Deck")):
        text += [heading, *(f"{count} {card}" for count, card, _ in zones[zone]), f"Total {heading}: {sum(row[0] for row in zones[zone])}"]
    return "\n".join(text) + "\n"


def _kind_totals_under_one_heading(name: str, zones: dict) -> str:
    """The form's totals typed under one `Main Deck` heading, the kinds not headed: the kind
    totals cannot be checked (only card data knows which cards are monsters)."""
    main = zones["main"]
    kinds = {kind: sum(row[0] for row in main if row[2] == kind) for kind in ("Monster", "Spell", "Trap")}
    text = ["Main Deck", *(f"{count} {card}" for count, card, _ in main),
            *(f"Total {kind} Cards: {number}" for kind, number in kinds.items()),
            f"Main Deck Total: {sum(row[0] for row in main)}"]
    if zones["extra"]:
        text += ["Extra Deck", *(f"{count} {card}" for count, card, _ in zones["extra"])]
    return "\n".join(text) + "\n"


def _japanese(name: str, zones: dict) -> str:
    """A Japanese list: each deck in 【】 with its count under it, its sum after its cards, each
    card quoted in 《》 (`7 Colored Fish ×1` unquoted is read as 7 copies of 'Colored Fish ×1':
    its totals then tell the list holds 46, not 40)."""
    text = []
    for zone, heading in (("main", "【メインデッキ】"), ("extra", "【エクストラデッキ】"), ("sideboard", "【サイドデッキ】")):
        number = sum(row[0] for row in zones[zone])
        text += [heading, f"（{number}枚）", *(f"《{card}》×{count}" for count, card, _ in zones[zone]), f"合計：{number}枚"]
    return "\n".join(text) + "\n"


_YGO_LAYOUTS = (_konami_form, _kind_totals_under_one_heading, _japanese)


def test_no_real_yugioh_deck_typed_as_konamis_form_is_told_its_totals_differ(ygo_decks):
    assert len(ygo_decks) > 150
    false = []
    for layout in _YGO_LAYOUTS:
        for name, zones in ygo_decks:
            result = validate(layout(name, zones), "yugioh/advanced-tcg", offline=True)
            found = _stated(result)
            if found:
                false.append((name, layout.__name__, [problem.message for problem in found]))
    assert false == []


def test_a_real_yugioh_deck_with_a_card_line_lost_is_told_which_totals_it_breaks(ygo_decks):
    """Konami's form with one card line of a kind box lost: that box's total and the Main
    Deck's, each naming what it states and what is counted."""
    rng = random.Random(33)
    for name, zones in rng.sample(ygo_decks, 40):
        lines = _konami_form(name, zones).split("\n")
        spells = lines.index("Spell Cards")
        if lines[spells + 1].startswith("Total "):
            continue  # no spell to lose
        lost = int(lines[spells + 1].split(" ", 1)[0])
        del lines[spells + 1]
        result = validate("\n".join(lines), "yugioh/advanced-tcg", offline=True)
        found = {problem.message.split("'")[1]: problem.message for problem in _stated(result)}
        main = sum(row[0] for row in zones["main"])
        spell_total = sum(row[0] for row in zones["main"] if row[2] == "Spell")
        assert sorted(found) == [f"Main Deck Total: {main}", f"Total Spell Cards: {spell_total}"], found
        assert f"but the Main Deck holds {main - lost}:" in found[f"Main Deck Total: {main}"]
        assert f"but {spell_total - lost} are listed under 'Spell Cards' above it:" in found[f"Total Spell Cards: {spell_total}"] \
            or f"but {spell_total - lost} is listed under 'Spell Cards' above it:" in found[f"Total Spell Cards: {spell_total}"]


# ---------------------------------------------------------------- the cases review32d found


@pytest.mark.parametrize(("text", "fmt"), [
    # A commander, a blank line, the deck: its total counts the commander, the deck's does not.
    ("Commander\n1 Atraxa, Praetors' Voice\n\n1 Sol Ring\n98 Forest\nTotal: 100\nMain Deck Total: 99\n", "mtg/commander"),
    # The commander alone above a blank line, no heading (MTGO's layout): the same totals.
    ("1 Atraxa, Praetors' Voice\n\n1 Sol Ring\n98 Forest\nTotal: 99\n", "mtg/commander"),
    # A companion listed on its own line (its sideboard copy counted once), a maybeboard
    # (no part of the list's total), each zone's count and the sideboard's with or without it.
    ("Companion\n1 Lurrus of the Dream-Den\n\nDeck (60)\n4 Lightning Bolt\n56 Mountain\n\nSideboard (14)\n14 Island\n"
     "Sideboard total: 15\n\nMaybeboard (3)\n3 Shock\nTotal: 75\n", "mtg/modern"),
    # Arena: the companion in its section and in the sideboard's 15.
    ("Companion\n1 Lurrus of the Dream-Den\n\nDeck (60)\n4 Lightning Bolt\n56 Mountain\n\nSideboard (15)\n1 Lurrus of the Dream-Den\n"
     "14 Island\n", "mtg/modern"),
    # Arena's with a grand total: the companion counted once (75), or both its lines (76).
    ("Companion\n1 Lurrus of the Dream-Den\n\nDeck\n4 Lightning Bolt\n56 Mountain\n\nSideboard\n1 Lurrus of the Dream-Den\n"
     "14 Island\nTotal: 75\n", "mtg/modern"),
    ("Companion\n1 Lurrus of the Dream-Den\n\nDeck\n4 Lightning Bolt\n56 Mountain\n\nSideboard\n1 Lurrus of the Dream-Den\n"
     "14 Island\nTotal: 76\n", "mtg/modern"),
    # A commander section run on into the deck (no `Deck` line): the command zone is one card.
    ("Commander (1)\n1 Atraxa, Praetors' Voice\n1 Sol Ring\n98 Forest\n", "mtg/commander"),
    # A category heading's count of card lines, as some sites count (3 lines, 8 cards).
    ("Creatures (3)\n4 Goblin Guide\n2 Monastery Swiftspear\n2 Eidolon of the Great Revel\nLands (52)\n52 Mountain\n", "mtg/modern"),
])
def test_a_correct_list_in_the_shapes_review32d_found_is_not_told(text, fmt):
    assert [problem.message for problem in _stated(validate(text, fmt, offline=True))] == []


@pytest.mark.parametrize("title", ["Blue-Eyes Burn Deck", "Dark Magician"])
@pytest.mark.parametrize("cards", [None, False])
def test_a_deck_name_above_the_form_is_no_card_of_its_totals(title, cards):
    """A deck's name above Konami's form: no card (the title, by card data), a card the
    data knows (`Dark Magician`, a deck named after it: it stays one copy, with the no-count
    warning) or any name without card data: the form's totals hold with or without it."""
    form = (f"{title}\n\nMonster Cards\n3 Ash Blossom & Joyous Spring\n3 Effect Veiler\nTotal Monster Cards: 6\n"
            "Spell Cards\n3 Pot of Desires\n31 Called by the Grave\nTotal Spell Cards: 34\nMain Deck Total: 40\nTotal: 40\n")
    result = validate(form, "yugioh/advanced-tcg", "2024-06-01", cards=cards, offline=True)
    assert [problem.message for problem in _stated(result)] == []
    assert result.counts["main"] in (40, 41)


@pytest.mark.parametrize(("rows", "warned"), [
    ("| 4 | Lightning Bolt | $1.20 |\n| 56 | Mountain | $3.00 |\n| **Total** | 60 | $123.45 |\n", []),
    ("| 4 | Lightning Bolt | $1.20 |\n| 55 | Mountain | $3.00 |\n| 60 | **Total** | $123.45 |\n",
     ["'Total 60' states 60 cards, but 59 are listed in the blank-line group above it: is a card line missing, or a count mistyped?"]),
])
def test_a_markdown_tables_total_row_is_compared_by_its_count_cell(rows, warned):
    """A table's total row (`| **Total** | 60 |`, the word in either column) states its count
    cell's number: not the sum of a price column beside it."""
    result = validate("| Qty | Card | Price |\n|---|---|---|\n" + rows, "mtg/modern", offline=True)
    assert [problem.message for problem in _stated(result)] == warned


def test_the_warning_through_the_installed_command(tmp_path):
    """`deckcheck validate` of a form whose Main Deck total the cards do not make: the
    warning on its line in the text report and in JSON (rule parse-error, severity warning,
    the deck's zone), beside the deck's own problems."""
    deck = tmp_path / "form.txt"
    deck.write_text("Monster Cards\n3 Ash Blossom & Joyous Spring\n3 Effect Veiler\nTotal Monster Cards: 6\nSpell Cards\n"
                    "3 Pot of Desires\n31 Called by the Grave\nTotal Spell Cards: 34\nMain Deck Total: 41\n", encoding="utf-8")
    args = ("validate", str(deck), "-f", "yugioh/advanced-tcg", "--date", "2024-06-01")
    shown = run_cli(*args)
    assert shown.returncode == 1, shown.stderr  # 31 copies of Called by the Grave: the deck's own error
    assert ("  line 9    Main Deck  parse-error      warning: 'Main Deck Total: 41' states 41 cards, but the Main Deck holds 40: "
            "is a card line missing, or a count mistyped?\n") in shown.stdout
    assert "1 problem; 1 warning)" in shown.stdout
    report = json.loads(run_cli(*args, "-o", "json").stdout)
    problems = report["results"][0]["problems"]
    assert problems[0] == {"rule": "parse-error", "severity": "warning", "zone": "main", "line": 9,
                           "message": "'Main Deck Total: 41' states 41 cards, but the Main Deck holds 40: "
                                      "is a card line missing, or a count mistyped?"}
    assert [problem["rule"] for problem in problems[1:]] == ["card-limit"]


def test_a_box_holding_an_unreadable_line_is_not_compared():
    """`four Goblin Guide` cannot be read: how many cards its box holds is not known, so
    `Deck (8)` is not told it differs (the line's own error says what to fix)."""
    result = validate("Deck (8)\n4 Lightning Bolt\nfour Goblin Guide\nSideboard (2)\n1 Duress\n", "mtg/modern", offline=True)
    assert [problem.line for problem in _stated(result)] == [4]  # the sideboard's box holds no such line
    assert any(problem.rule == "parse-error" and problem.line == 3 and problem.is_error for problem in result.problems)


@pytest.mark.parametrize(("blocks", "wrong", "warned"), [
    (28, None, []),  # 28 unreadable lines, 3 of them unlisted: their boxes are no more compared
    (28, 5, [13]),  # a box before the last listed unreadable line is still compared
    (10, 5, [13]),
])
def test_a_box_past_the_listed_unreadable_lines_is_not_compared(blocks, wrong, warned):
    """Only the first 25 unreadable lines are listed (limits.py): the boxes holding the 26th
    to 28th were compared as if they held 4 cards, 3 false warnings (review of session 33,
    finding 4). A box reaching past the last listed one, when more went unlisted, is not
    compared; one holding a readable card line less is still told."""
    text = "Creatures (5)\n4 Lightning Bolt\nfour Shock\n" * blocks
    if wrong is not None:  # block `wrong` (line 13) states 5 and holds 4 readable cards only
        lines = text.split("\n")
        lines[3 * (wrong - 1) + 2] = "1 Shock"
        lines[3 * (wrong - 1)] = "Creatures (6)"
        text = "\n".join(lines)
    result = validate(text, "mtg/vintage", offline=True)
    assert [problem.line for problem in _stated(result)] == warned


@pytest.mark.parametrize(("text", "fmt", "warned"), [
    # A heading counting the sub-headings under it: its own box is empty (review of session 33, finding 2).
    ("Deck (60)\nSpells (28)\nInstants (12)\n12 Lightning Bolt\nSorceries (16)\n16 Rift Bolt\n"
     "Lands (32)\n32 Mountain\n", "mtg/vintage", []),
    ("Deck (60)\nSpells (28)\n\nInstants (12)\n12 Lightning Bolt\nSorceries (16)\n16 Rift Bolt\n"
     "Lands (32)\n32 Mountain\n", "mtg/vintage", []),
    ("Main Deck (40)\nMonsters (14)\nEffect Monsters\n3 Ash Blossom & Joyous Spring\n3 Effect Veiler\n"
     "Tuner Monsters\n8 Jet Synchron\nSpells (26)\nQuick-Play Spells\n3 Called by the Grave\n23 Pot of Desires\n",
     "yugioh/advanced-tcg", []),
    # A sub-heading's own count is still told.
    ("Deck (60)\nSpells (28)\nInstants (13)\n12 Lightning Bolt\nSorceries (16)\n16 Rift Bolt\n"
     "Lands (32)\n32 Mountain\n", "mtg/vintage", [3]),
])
def test_a_heading_counting_the_headings_under_it_is_not_told_it_holds_none(text, fmt, warned):
    """`Spells (28)` above `Instants (12)` and `Sorceries (16)`, Konami's `Monsters (14)`
    above `Effect Monsters`: the heading's own box (up to the next heading) holds no card, and
    which later headings its number covers the list does not say, so it is not compared."""
    result = validate(text, fmt, "2024-06-01", offline=True, cards=False)
    assert [problem.line for problem in _stated(result)] == warned


def _boxes_built(text: str, monkeypatch, check: bool) -> int:
    """How many boxes (stated.Box) reading `text`, and checking it when `check`, builds."""
    from deckcheck.decklists import stated

    built = []
    real = stated.Box
    monkeypatch.setattr(stated, "Box", lambda *args: built.append(1) or real(*args))
    deck = parse_deck(text)
    if check:
        check_deck(deck, "mtg/vintage", cards=False)
    monkeypatch.setattr(stated, "Box", real)
    return len(built)


def test_a_list_full_of_totals_builds_its_boxes_only_when_checked_and_in_number_linear(monkeypatch):
    """Headings and totals by the thousand: reading the list builds no box (convert and diff
    never compare; review of session 33, finding 6, about 12 built per total while parsing),
    and a check builds twice as many for a list twice as long."""
    block = "Creatures (4)\n4 Lightning Bolt\nTotal: 4\nSpells (2)\n2 Shock\nTotal: 6\n"
    assert [_boxes_built(block * n, monkeypatch, check=False) for n in (1_000, 2_000)] == [0, 0]
    once, twice = (_boxes_built(block * n, monkeypatch, check=True) for n in (1_000, 2_000))
    assert once > 1_000 and abs(twice - 2 * once) < 10  # (each block the same boxes; the first total fewer)


def test_totals_cost_a_list_linear_time():
    """10,000 cards and 29,000 `Total: 1` lines (460 KB): the first version compared each
    total with every card (72 s); box by box with prefix sums it is a bisection each."""
    text = "1 Mountain\nTotal: 1\nTotal: 1\nTotal: 1\n" * 10_000
    started = time.perf_counter()
    result = validate(text, "mtg/vintage", offline=True)
    assert time.perf_counter() - started < 15
    assert result.counts["main"] == 10_000


@pytest.mark.parametrize(("stated", "counted"), [(74, 75), (73, 75), (77, 76), (78, 76)])
def test_a_wrong_grand_total_over_a_companion_listed_twice_names_the_reading_nearest_it(stated, counted):
    """Arena's list with its companion under `Companion` and among the sideboard's 15, a
    grand total that neither reading makes: the warning names the count nearest the stated
    one (75, the companion once, as docs/decklists.md counts it, for a total under it; 76 for
    one over it). `Total: 74` said '76 are listed above it' (review of session 33, finding 4)."""
    text = ("Companion\n1 Lurrus of the Dream-Den\n\nDeck\n4 Lightning Bolt\n56 Mountain\n\nSideboard\n"
            f"1 Lurrus of the Dream-Den\n14 Island\nTotal: {stated}\n")
    found = [_STATED.match(problem.message) for problem in _stated(validate(text, "mtg/modern", offline=True))]
    assert len(found) == 1 and found[0] is not None
    assert found[0].group("stated") == str(stated)
    assert found[0].group("counted").startswith(f"{counted} are "), found[0].group("counted")
