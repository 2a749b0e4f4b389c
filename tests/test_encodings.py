"""Byte-level variety of real deck files: encodings, byte-order marks, line endings, NULs.

One deck is written in every variant. It is built so that a wrong decoding shows up in the
verdict: `Lim-Dûl’s Vault` (accent, curly apostrophe) and `Æther Vial` only add up with their
plain spellings when the bytes were decoded right, and a parse error on line 5 and a
sideboard problem on line 8 pin the line numbering.
"""
from __future__ import annotations

import codecs
import json
import tracemalloc
from pathlib import Path

import pytest

from deckcheck import validate
from deckcheck.decklists import load_deck, parse_bytes
from deckcheck.limits import MAX_INPUT_BYTES
from deckcheck.textio import chinese_reading, decode, splits_latin_word

DECK = (
    "2 Lim-Dûl’s Vault\n"
    "2 Æther Vial\n"
    "3 Lim-Dul's Vault\n"
    "3 Aether Vial\n"
    "this is not a card\n"
    "50 Island\n"
    "\n"
    "5 Duress\n"
)
EXPECTED = [
    ("copy-limit", 1, "main", "Lim-Dûl’s Vault", 5),
    ("copy-limit", 2, "main", "Æther Vial", 5),
    ("parse-error", 5, "main", None, None),
    ("copy-limit", 8, "sideboard", "Duress", 5),
]
DEK = Path(__file__).parent / "decks" / "legal" / "mtg" / "constructed" / "burn-mtgo.dek"

VARIANTS: dict[str, bytes] = {
    "utf-8": DECK.encode("utf-8"),
    "utf-8-bom": codecs.BOM_UTF8 + DECK.encode("utf-8"),
    "utf-16-le-bom": codecs.BOM_UTF16_LE + DECK.encode("utf-16-le"),
    "utf-16-be-bom": codecs.BOM_UTF16_BE + DECK.encode("utf-16-be"),
    "utf-16-le-no-bom": DECK.encode("utf-16-le"),
    "cp1252": DECK.encode("cp1252"),
    "crlf": DECK.replace("\n", "\r\n").encode("utf-8"),
    "cr-only": DECK.replace("\n", "\r").encode("utf-8"),
    # Classic Mac OS wrote its line ends CR and its text in Mac Roman: read as Windows-1252,
    # `Lim-Dûl’s Vault` was `Lim-Džlés Vault` and `Æther Vial` `®ther Vial`, unknown cards.
    "mac-roman-cr-only": DECK.replace("\n", "\r").encode("mac_roman"),
    "cp1252-crlf-no-final-newline": DECK.rstrip("\n").replace("\n", "\r\n").encode("cp1252"),
    "no-final-newline": DECK.rstrip("\n").encode("utf-8"),
    "nul-bytes": DECK.replace("50 Island", "50 Isl\x00and").encode("utf-8") + b"\x00" * 64,
}


def _problems(problems) -> list[tuple]:
    rows = [(p["rule"], p.get("line"), p.get("zone"), p.get("card"), p.get("count")) for p in problems]
    return sorted(rows, key=lambda row: (row[1] or 0, row[0]))


def test_variants_really_differ():
    """Guard the fixture itself: cp1252 is not UTF-8, and each variant is distinct bytes."""
    assert len(set(VARIANTS.values())) == len(VARIANTS)
    with pytest.raises(UnicodeDecodeError):
        VARIANTS["cp1252"].decode("utf-8")


@pytest.fixture
def variant_files(tmp_path) -> dict[str, Path]:
    files = {}
    for name, data in VARIANTS.items():
        path = tmp_path / f"{name}.txt"
        path.write_bytes(data)
        files[name] = path
    utf16_dek = tmp_path / "burn-utf-16.dek"  # the declaration still says utf-8: bytes decide
    utf16_dek.write_bytes(codecs.BOM_UTF16_LE + DEK.read_bytes().decode("utf-8-sig").encode("utf-16-le"))
    files["dek-utf-16"] = utf16_dek
    return files


def test_every_variant_through_the_cli(cli, variant_files):
    names = [name for name in variant_files if name != "dek-utf-16"]
    # --no-cards: about decoding only (with card data the names would become the Oracle spelling).
    done = cli("validate", *(str(variant_files[n]) for n in names), str(variant_files["dek-utf-16"]), "-f", "mtg/constructed",
               "-o", "json", "--no-cards")
    assert done.returncode == 1, done.stderr
    assert "Traceback" not in done.stderr
    results = json.loads(done.stdout)["results"]
    for name, result in zip(names, results):
        assert result["counts"] == {"main": 60, "sideboard": 5}, name
        assert _problems(result["problems"]) == EXPECTED, name
    dek = results[-1]
    assert (dek["legal"], dek["counts"], dek["problems"]) == (True, {"main": 60, "sideboard": 15}, [])


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_every_variant_through_the_library(variant_files, name):
    result = validate(variant_files[name], "mtg/constructed", cards=False)
    assert _problems([p.to_dict() for p in result.problems]) == EXPECTED
    deck = load_deck(variant_files[name])
    assert [(e.name, e.line) for e in deck.entries][:2] == [("Lim-Dûl’s Vault", 1), ("Æther Vial", 2)]
    assert [e.line for e in deck.entries] == [1, 2, 3, 4, 6, 8]


def test_utf16_dek_through_the_library(variant_files):
    deck = load_deck(variant_files["dek-utf-16"])
    assert deck.input_format == "dek" and deck.problems == []
    assert ("Kari Zev's Expertise", 14) in [(e.name, e.line) for e in deck.entries]


def test_stdin_bytes_in_utf16(cli):
    done = cli("validate", "-", "-f", "mtg/constructed", "-o", "json", "--no-cards", input=VARIANTS["utf-16-le-bom"])
    assert done.returncode == 1
    (result,) = json.loads(done.stdout)["results"]
    assert result["deck"] == "<stdin>"
    assert _problems(result["problems"]) == EXPECTED


def test_parse_bytes_reports_a_bom_that_lies():
    """A UTF-16 BOM followed by an odd number of bytes cannot be UTF-16: one clear problem."""
    deck = parse_bytes(codecs.BOM_UTF16_LE + b"4\x00 \x00X", source="odd.txt")
    assert deck.unreadable
    assert [p.rule for p in deck.problems] == ["parse-error"]
    assert "utf-16" in deck.problems[0].message and "byte-order mark" in deck.problems[0].message


def test_a_shift_jis_list_is_read_as_japanese(tmp_path):
    """Notepad on Japanese Windows saves Shift-JIS: a card typed in Japanese is reported as
    typed, not as the Windows-1252 reading of its bytes."""
    path = tmp_path / "deck.txt"
    path.write_bytes("// 山田のデッキ\n4 稲妻\n56 Island\n".encode("cp932"))
    assert [(e.name, e.line) for e in load_deck(path).entries] == [("稲妻", 2), ("Island", 3)]


@pytest.mark.parametrize("text", [
    "山田\u3000太郎\n",  # kanji pairs apart, as a Japanese keyboard spaces them
    "1 大嵐・羽根\n",  # the middle dot, whose lead byte is the space's
    "1 大嵐\n1 ＆\n",  # a full-width ampersand alone
])
def test_shift_jis_whose_bytes_windows_1252_lacks_is_read_as_japanese(text):
    """Japanese punctuation and the full-width space start with a byte Windows-1252 leaves
    undefined (0x81): such bytes were never Windows-1252, whatever kana the text lacks."""
    assert decode(text.encode("cp932")) == text


@pytest.mark.parametrize("text", [
    "4 Réserve\n4 Œuvre\n4 Séance\n",  # one accented letter before a letter pairs into one kanji
    "Müller Jörg Café Crème São Paulo ÀÉÈÊ àéèê ß\n",
    "‘quoted’ “double” – — …\n",
])
def test_windows_1252_text_is_never_taken_for_shift_jis(text):
    assert decode(text.encode("cp1252")) == text


@pytest.mark.parametrize("text, codec", [
    ("4 闪电击\n56 山脉\n", "gb2312"),  # Notepad on Simplified Chinese Windows (GBK, whose GB2312 this is)
    ("4 閃電擊\n56 山脈\n", "big5"),  # and on Traditional Chinese Windows
    ("player,deck\n张伟,deck.txt\n", "gb2312"),  # an organiser's CSV from Excel on Chinese Windows
    ("3 灰流うらら\n", "gb2312"),  # GB2312 holds kana too
    ("4x闪电击\n闪电击x4\n", "gb2312"),  # the x of a count beside a name
    # A name ending in a Latin letter (Maxx "C" in Chinese), beside a word of ideographs: it
    # read as Windows-1252, '3 ÔöÖ³µÄG'.
    ("3 增殖的G\n3 灰流丽\n", "gb2312"),
    ("3 增殖的G\n", "big5"),
    ("player,deck\n孟静芳,d0.txt\n侯萍,d1.txt\n", "gb2312"),
])
@pytest.mark.parametrize("ends", ["\n", "\r"])
def test_a_chinese_windows_list_is_read_as_chinese(text, codec, ends):
    """A file from Chinese Windows is read as typed, not as the Windows-1252 reading of its
    bytes ('ÉÁµç»÷', which the unknown-card error called 'in Micro letters'); its lines
    ended CR alone (Excel for Mac's CSV) too, which read as Shift-JIS's half-width kana
    (`ﾃﾏｾｲｷｼ`) where a kanji was enough."""
    text = text.replace("\n", ends)
    assert decode(text.encode(codec)) == text


@pytest.mark.parametrize("text", [
    "3 하루 우라라\n2 무한포영\n",  # a Yu-Gi-Oh! list in Korean (Ash Blossom, Infinite Impermanence)
    "덱\n4 Lightning Bolt\n56 Mountain\n\n사이드보드\n2 Duress\n",  # a Magic list headed in Korean
    "player,deck\n김민준,deck.txt\n이서연,deck2.txt\n",  # an organiser's CSV from Excel on Korean Windows
    "메인 덱 (40장)\n3 Effect Veiler\n",
    "player,deck\n최예린,a.txt\n",  # ㅚ, ㅖ
])
@pytest.mark.parametrize("ends", ["\n", "\r"])
def test_a_korean_windows_list_is_read_as_korean(text, ends):
    """A file from Korean Windows (code page 949, Notepad's ANSI and Excel's CSV) is read as
    typed: its Hangul read as GB2312 (`3 窍风 快扼扼`), so a Korean heading was an unknown
    card in Chinese and the error said nothing a Korean player could read. Its lines ended
    CR alone too: `김민준` read as Shift-JIS's `ｱ雹ﾎﾁﾘ` where a kanji was enough."""
    text = text.replace("\n", ends)
    assert decode(text.encode("cp949")) == text


# review31c: two-ideograph Chinese names, 100 common surnames by 67 common given-name characters
# (刘强 read as 증퓻 in 930 of 7,000 such names), and Korean that was read as GB2312 (doubled and
# aspirated consonants were taken for rare syllables) or, past basic EUC-KR (박똠이), as Windows-1252.
_SURNAMES = ("王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜"
             "崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤")
_GIVEN = "伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚桂英华玉兰萍红鹏辉建国文斌宇浩凯晨婷雪琳晶欣颖慧佳琪子轩梓涵一诺博志雨杨俊帅飞林波宁云峰亮健"


@pytest.mark.parametrize("codec", ["gb2312", "big5"])
def test_common_two_character_chinese_names_are_not_read_as_korean(codec):
    names = [surname + given for surname in _SURNAMES for given in _GIVEN]
    read = []
    for name in names:
        try:
            read.append(decode(f"player,deck\n{name},a.txt\n".encode(codec)))
        except UnicodeEncodeError:
            continue  # a simplified character Big5 lacks
    korean = [text for text in read if any("\uac00" <= char <= "\ud7a3" for char in text)]
    assert len(read) > 2_500 and len(korean) * 200 <= len(read), korean[:10]


@pytest.mark.parametrize("text", [
    "3 하루 우라라\n", "사이드보드\n", "player,deck\n김민준,a.txt\n", "3 붉은 눈의 흑룡\n", "2 빛의 봉인검\n",
    "3 까마귀\n", "1 쌍둥이 용\n", "player,deck\n김빛나,a.txt\n",
    "player,deck\n김민준,a.txt\n박똠이,b.txt\n이서연,c.txt\n",  # 똠: code page 949 beyond EUC-KR
    "1 욕망과 겸허의 항아리\n1 블랙 매지션\n", "3 해피의 깃털\n2 크샤트리라\n", "3 스웜의 군주\n",
    "player,deck\n곽민재,a.txt\n맹지율,b.txt\n",
])
def test_common_korean_is_read_as_korean(text):
    assert decode(text.encode("cp949")) == text


# review31f: short Korean was read as Chinese whenever its bytes also read plainly so (every
# Hangul lead byte is in GB2312's common rows): two-syllable names never read as Korean, and
# one syllable outside the frequent ones flipped a short file (김동욱 as 辫悼宽).
_KOREAN_SURNAMES = "김이박최정강조윤장임한오서신권황안송류전홍고문양손배백허유남심노하곽성차주우구민진나지엄채원천방공현"
_KOREAN_GIVEN = ("민준 서준 도윤 예준 시우 하준 주원 지호 지후 준우 준서 건우 도현 현우 지훈 우진 서진 민재 현준 연우 유준 정우 "
                 "승우 승현 시윤 준혁 은우 지환 승민 유찬 민성 준영 시후 진우 수현 재윤 시현 동현 태윤 민규 재원 한결 민우 재민 "
                 "은찬 윤호 시원 민혁 하율 지안 서연 서윤 지우 서현 민서 하은 하윤 윤서 지유 지민 채원 수아 지아 지윤 다은 은서 "
                 "예은 수빈 소율 예린 하린 지원 동욱 상욱 려원 민섭 봄이 윤희 영희 철수 영수 정희 혜진 은정 성민 상훈 경민 동훈 "
                 "재훈 광수 용호 성호 승훈 혜원 은영 수진 미영").split()
_KOREAN_CARDS = ("챔피언", "섀도우", "브레이크 스루 스킬", "스킬", "봄의 정령", "갤럭시", "슈팅 스타", "퀵 스타트", "썬 디바이더")


def _korean_names() -> list[str]:
    return [*_KOREAN_GIVEN, *(surname + given for surname in _KOREAN_SURNAMES[:20] for given in _KOREAN_GIVEN),
            *(surname + given for surname in _KOREAN_SURNAMES for given in ("민준", "동욱", "려원", "민섭"))]


@pytest.mark.parametrize("form", ["player,deck\n{},decks/a.txt\n", "4 {}\n", "decks/{}.txt\n"])
def test_common_korean_names_are_read_as_korean(form):
    """Two- and three-syllable names (민준, 김동욱, 이려원, 박민섭), in a manifest, as a
    card line and as a file name, each read as typed in code page 949."""
    names = _korean_names()
    misread = [name for name in names if decode(form.format(name).encode("cp949")) != form.format(name)]
    assert len(names) > 2_000 and not misread, misread[:20]


@pytest.mark.parametrize("card", _KOREAN_CARDS)
def test_korean_card_names_of_loanwords_are_read_as_korean(card):
    for text in (f"3 {card}\n", f"3 {card}\r"):
        assert decode(text.encode("cp949")) == text


@pytest.mark.parametrize("text", [
    "李明\n", "3 灰流丽\n", "player,deck\n李明,deck.txt\n",  # each also a strict reading of Korean bytes
    "player,deck\n李娜,a.txt\n刘强,b.txt\n", "备牌\n2 否决\n",  # three of four read as common syllables
])
@pytest.mark.parametrize("ends", ["\n", "\r"])
def test_a_short_chinese_list_whose_bytes_read_as_hangul_stays_chinese(text, ends):
    """GB2312's common ideographs share their bytes with Korean's Hangul syllables: a Chinese
    text that reads as rare syllables (`쟀츠`, `뿍직쟝`) stays Chinese, its lines ended CR
    alone too."""
    text = text.replace("\n", ends)
    assert decode(text.encode("gb2312")) == text


@pytest.mark.parametrize("text", [
    "4 Réserve\n4 Œuvre\n4 Séance\n",
    "Müller Jörg Café Crème São Paulo ÀÉÈÊ àéèê ß\n",
    "‘quoted’ “double” – — …\n",
    "4 Jötun Grunt\n4 Lim-Dûl’s Vault\n",
    "ÀÉ\n",  # two accented capitals read as one ideograph, but no run of two
])
def test_windows_1252_text_is_never_taken_for_chinese(text):
    assert decode(text.encode("cp1252")) == text


def test_no_card_name_in_windows_1252_is_taken_for_chinese():
    """Every card name of the three games that Windows-1252 can hold, saved so, reads back
    as itself: the Chinese readings take no Western list."""
    import sqlite3

    from deckcheck.cards.builtin import builtin_path

    with sqlite3.connect(f"file:{builtin_path()}?mode=ro", uri=True) as db:
        names = [name for query in ("select name from cards", "select name from ygo_cards", "select name from wow_cards")
                 for (name,) in db.execute(query)]
    wrong = []
    for name in names:
        try:
            data = f"4 {name}\r\n".encode("cp1252")
        except UnicodeEncodeError:
            continue
        if not data.isascii() and decode(data) != data.decode("cp1252"):
            wrong.append(name)
    assert wrong == []


@pytest.mark.parametrize("spell, land, codec, told", [
    ("闪电击", "山脉", "gb2312", "'山脉' is Chinese for Mountain"),
    ("Молния", "Гора", "cp1251", "'Гора' is Russian for Mountain"),
])
def test_a_list_from_chinese_or_russian_windows_names_its_basic_land_in_its_language(cli, tmp_path, spell, land, codec, told):
    path = tmp_path / "deck.txt"
    path.write_bytes(f"4 {spell}\n56 {land}\n".encode(codec))
    done = cli("validate", str(path), "-f", "mtg/modern", "--date", "2026-05-01")
    assert done.returncode == 1
    assert told in done.stdout
    letters = "CJK letters" if codec == "gb2312" else "Cyrillic letters"
    assert f"unknown card '{spell}'" in done.stdout and letters in done.stdout


@pytest.mark.parametrize("text", ["56 Гора\n", "20 Лес\n", "4 Молния\n56 Гора\n"])
def test_windows_1251_text_is_never_taken_for_chinese(text):
    """Russian Windows' code page 1251: its letters pair into ideographs GB2312 and Big5 use
    rarely (`56 Гора` read as `56 妙疣`); Chinese text is mostly of the common ones."""
    assert chinese_reading(text.encode("cp1251")) is None


@pytest.mark.parametrize("text", [
    "4 Молния\n56 Гора\n",  # Notepad on Russian Windows (code page 1251)
    "20 Лес\n",
    "player,deck\nИван Петров,deck.txt\n",  # an organiser's CSV from Excel on Russian Windows
    "4 Удар молнии\n// Сайдборд — 15\n3 «Путь в изгнание»\n",
])
def test_a_russian_windows_list_is_read_as_russian(text):
    """Read as Windows-1252, `56 Гора` was `56 Ãîðà`, which no error could tell is Russian for
    Mountain."""
    assert decode(text.encode("cp1251")) == text


@pytest.mark.parametrize("text", [
    "4 Réserve\n4 Œuvre\n4 Séance\n", "Müller Jörg Café Crème São Paulo ÀÉÈÊ àéèê ß\n", "4 Dandân\n4 Jötun Grunt\n",
    "Chicken à la King\n",
])
def test_windows_1252_text_is_never_taken_for_russian(text):
    assert decode(text.encode("cp1252")) == text


@pytest.mark.parametrize("ends", ["\n", "\r\n"])
def test_windows_1252_card_names_are_never_taken_for_mac_roman(ends):
    """Mac Roman is read where it is plain (lines ended CR alone, or Windows-1252 reading a
    sign after a letter): the old MTGO and hand-typed files in Windows-1252 stay so."""
    text = ends.join(["4 Æther Vial", "4 Lim-Dûl's Vault", "4 Jötun Grunt", "4 Dandân", "1 Séance", "4 Urza’s Saga", ""])
    assert decode(text.encode("cp1252")) == text


@pytest.mark.parametrize("text", [
    # `ö` (0xF6) is `ˆ` in Mac Roman, a modifier letter, and `™` after a letter a sign Mac
    # Roman's `ô` reads as: read as Mac Roman, the list's card was 'Jˆtun Grunt'.
    "// Magic™ Online export\r\n4 Jötun Grunt\r\n4 Séance\r\n52 Plains\r\n",
    # French writes `œ` between letters (`cœur`, `sœur`): read as Mac Roman, `Réserve` was
    # 'RÈserve', the sideboard a card.
    "// Mon deck cœur\r\nDeck principal\r\n4 Lightning Bolt\r\n56 Mountain\r\n\r\nRéserve\r\n2 Duress\r\n",
])
def test_windows_1252_text_with_its_own_signs_after_letters_is_never_taken_for_mac_roman(text):
    assert decode(text.encode("cp1252")) == text


@pytest.mark.parametrize("text", [
    # Mac Roman's ç (0x8D) pairs with the letter after it into a kanji: `Fran腔is`.
    "4 Lightning Bolt\r1 François\r56 Mountain\r",
    # É (0x83) at a word's start pairs with the letter after it into a kana: `バmer`.
    "4 Lightning Bolt\r1 Éomer, King of Rohan\r56 Mountain\r",
    "1 Éowyn, Shieldmaiden\r1 Éric\r",
    # A two-letter word starting with an accent pairs into one kanji standing alone as a
    # word, which a list of lines ended CR alone took for Shift-JIS: `4 四 Bolt`.
    "4 él Bolt\r", "4 Lightning Bolt\r1 Ír Bolt\r", "1 Óg Bolt\r", "1 Ál Bolt\r", "1 ìa Bolt\r",
])
def test_a_mac_roman_list_read_as_shift_jis_only_by_its_split_words_is_mac_roman(text):
    """A Shift-JIS reading that splits a Latin word, or puts a lone kana or kanji at one's
    start, gives way to a plain Mac Roman one, as a manifest's does: the cards were
    'Fran腔is' and 'バmer, King of Rohan'."""
    assert decode(text.encode("mac_roman")) == text


@pytest.mark.parametrize("text", [
    "1 E・HERO エアーマン\r\n3 D・D・D\r\n", "4x島\r56 島\rの\r",
    # No kana nor word of kanji, lines ended CR alone as classic Mac OS's Japanese text ends
    # them: `4xìá`, `20 éR` read as Mac Roman for the line ends alone.
    "4x島\r56 島\r", "20 島\r20 山\r20 平地\r", "4 稲妻\r56 Island\r",
    # A one-kanji word whose second byte is a small Latin letter (浜, 北: Mac Roman's `ïl`,
    # `ñk`) among kanji or counts alone is a Japanese name or card, not a Latin line's
    # accented word (review31f): these were read as Mac Roman.
    "player,deck\r浜 翔,a.txt\r鈴木 翔,b.txt\r", "4 北\r20 山\r", "player,deck\r浜 翔,a.txt\r",
])
def test_a_shift_jis_list_that_mac_roman_reads_as_letters_stays_shift_jis(text):
    """Katakana and the middle dot are bytes Mac Roman reads as accented letters: a list that
    only looks like a split word (`E・HERO`, `4x島`) must not give way to it, nor a list of
    kanji alone whose lines end CR alone."""
    assert decode(text.encode("cp932")) == text


@pytest.mark.parametrize("text, split", [
    ("1 バmer, King of Rohan", True),
    ("Fran腔is", True),
    ("4 稲妻\n56 Island\n", False),
    ("1 SRベイゴマックス\n3 灰流うらら\n", False),  # a run of kana after a Latin letter: a Japanese name
    ("3x 増殖するＧ\n1 Gゴーレム・スタバン\n", False),
    ("20 島\n4x島\n島x4\n", False),  # the x of a count
    ("1 E・HERO エアーマン\n3 D・D・D\n", False),  # Japanese punctuation between Latin letters
])
def test_splits_latin_word(text, split):
    assert splits_latin_word(text) is split


@pytest.mark.parametrize("text", [
    "4 Jötun Grunt\n4 Lim-Dûl's Vault\n",
    "4 Lightning Bolt\nHåkan Côté\n",  # `HŒkan C™tŽ`: `™` between letters is Mac Roman's ô
])
def test_a_mac_roman_list_with_an_accent_after_a_letter_is_read_as_mac_roman(text):
    """Excel for Mac's plain "CSV" (LF ends): `Jötun` was `Jštun` read as Windows-1252."""
    assert decode(text.encode("mac_roman")) == text


def test_a_chinese_list_is_never_taken_for_russian():
    text = "4 闪电击\n56 山脉\n4 树林\n张伟\n"
    assert decode(text.encode("gb2312")) == text


@pytest.mark.parametrize("line", ["\x00 \x00", " \x00\t\x00 ", "\x00  \x00\x00"])
def test_a_line_of_nul_bytes_between_spaces_is_a_blank_line(line):
    """A line of NUL bytes and spaces (a pasted buffer's padding) left a space once its NUL
    bytes were dropped, which no blank-line test caught: an IndexError from the Markdown
    emphasis check (a file's bytes lose their NUL bytes before the lines are read)."""
    text = f"4 Lightning Bolt\n{line}\n56 Mountain\n"
    result = validate(text, "mtg/modern", "2024-06-01")
    assert result.legal and result.counts["main"] == 60
    assert parse_bytes(text.encode("utf-8"), source="padded.txt").entries[1].line == 3


@pytest.mark.parametrize("lines, codec", [
    ("4 Молния\n56 Гора\n// Сайдборд — 15\n", "cp1251"),
    ("4 闪电击\n56 山脉\n4 树林\n", "gb2312"),
    ("4 閃電擊\n56 山脈\n", "big5"),
])
def test_reading_a_big_national_file_takes_memory_in_proportion_to_its_bytes(lines, codec):
    """A 4 MiB code page 1251 file took 285 MB to validate (111 MB before Russian was read),
    and 2.45 s to decode: every small and capital letter was listed to be counted, every
    ideograph listed and encoded one by one. Counted in C or over a bounded part of the text,
    the peak is the decoded text and a copy or two, whatever the file's size."""
    text = lines * ((MAX_INPUT_BYTES - 4096) // len(lines.encode(codec)))
    data = text.encode(codec)
    tracemalloc.start()
    try:
        read = decode(data)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert read == text
    assert peak < 6 * len(data), f"{peak:,} bytes at most for {len(data):,} bytes read"


def _cyrillic_by_patterns(data: bytes) -> bool:
    """The reading of code page 1251 as it was first written, with patterns over the decoded
    text: what `textio.cyrillic_text` must still decide, in a fraction of the time."""
    import re

    try:
        text = data.decode("cp1251")
    except UnicodeDecodeError:
        return False
    odd = "[^\x00-\x7f\u0400-\u04ff\u00ab\u00bb\u2013\u2014\u2116\u201e\u201c\u201d\u2019\u2026\u00a0]"
    if re.search(odd, text) or re.search("[A-Za-z][\u0400-\u04ff]|[\u0400-\u04ff][A-Za-z]", text):
        return False
    if not re.search("[\u0400-\u04ff]{3}", text):
        return False
    small = sum("\u0430" <= c <= "\u045f" for c in text)
    return small > sum("\u0400" <= c <= "\u042f" for c in text)


CYRILLIC_OR_NOT = [
    "4 Молния\n56 Гора\n", "20 Лес\n", "4 Удар молнии\n// Сайдборд — 15\n3 «Путь в изгнание»\n", "56 Го\n",
    "Séance", "4 Séance\n", "ГОРА гор\n", "4 Молния№\n", "Молния\u2026 «a»\n", "aМолния\n", "Молнияa\n", "Мол ния\n",
    "ЁЖИК ёж\n", "4 Молния\t\n", "\u0490ора гора\n", "", "plain ascii\n",
]


@pytest.mark.parametrize("text", CYRILLIC_OR_NOT)
def test_code_page_1251_is_decided_as_the_patterns_decided(text):
    from deckcheck.textio import cyrillic_text

    data = text.encode("cp1251", "replace")
    assert (cyrillic_text(data) is not None) is _cyrillic_by_patterns(data)


def test_code_page_1251_is_decided_as_the_patterns_decided_on_random_bytes():
    import random

    from deckcheck.textio import cyrillic_text

    pieces = [bytes((byte,)) for byte in range(256)] + [word.encode("cp1251") for word in ("Гора", "лес", "A", " ")]
    chooser = random.Random(1251)
    for _ in range(3000):
        data = b"".join(chooser.choice(pieces) for _ in range(chooser.randint(0, 12)))
        assert (cyrillic_text(data) is not None) is _cyrillic_by_patterns(data), data


def test_a_big_code_page_1251_file_is_decided_in_a_few_passes_over_its_bytes():
    """Deciding that 4 MiB of code page 1251 is Russian took 0.3 s, forty times decoding it:
    three patterns ran over the whole decoded text. Each byte's class is now looked up and
    searched in C: the Python lines run and the calls made are the same for 4 MiB as for a
    few lines, and no pattern runs (counted, not timed: a loaded machine moves a ratio of
    times)."""
    import re
    import sys

    from deckcheck.textio import cyrillic_text

    def work_done(data: bytes) -> tuple[int, int, str | None]:
        lines = calls = 0

        def trace(frame, event, arg):
            nonlocal lines
            if event == "line":
                lines += 1
            return trace

        def profile(frame, event, arg):
            nonlocal calls
            if event == "c_call":
                calls += 1
                assert not isinstance(getattr(arg, "__self__", None), re.Pattern), f"a pattern ran: {arg}"

        sys.settrace(trace)
        sys.setprofile(profile)
        try:
            answer = cyrillic_text(data)
        finally:
            sys.setprofile(None)
            sys.settrace(None)
        return lines, calls, answer

    for lines in ("4 Молния\n56 Гора\n// Сайдборд — 15\n", "4 Молния\n56 Гора\n// Sideboard — 15\n"):
        small = (lines * 3).encode("cp1251")
        big = (lines * ((MAX_INPUT_BYTES - 4096) // len(lines))).encode("cp1251")
        cyrillic_text(small)  # the byte classes' table is built on the first file (once a process)
        small_lines, small_calls, small_answer = work_done(small)
        big_lines, big_calls, big_answer = work_done(big)
        assert small_answer is not None and big_answer is not None
        assert (big_lines, big_calls) == (small_lines, small_calls)




def _starts_with_a_class_beyond_ascii(source: str | bytes) -> bool:
    """Whether the pattern `source` starts with one character of a class that holds no
    ASCII character, as `re` parses it: `re` then looks for that class in C and leaves
    every run of ASCII behind at once, where a pattern that starts otherwise (`[A-Za-z]...`,
    `a|b`) is tried at each character of the text."""
    try:
        from re import _parser as parser  # type: ignore[attr-defined]  # Python 3.11+
    except ImportError:  # Python 3.10
        import sre_parse as parser  # type: ignore[no-redef]
    first = list(parser.parse(source))[0]
    if str(first[0]) != "IN":
        return False
    negated = any(str(op) == "NEGATE" for op, _ in first[1])

    def held(code: int) -> bool:
        for op, value in first[1]:
            if str(op) == "LITERAL" and value == code or str(op) == "RANGE" and value[0] <= code <= value[1]:
                return True
            if str(op) == "CATEGORY":
                return True  # `\w`, `\d`: ASCII among them
        return False

    return not any(held(code) != negated for code in range(128))


def test_the_patterns_that_guess_an_encoding_skip_ascii_in_c():
    """Guessing the encoding of 4 MiB of Windows-1252 (`decode`, `national_text`) took 0.4 to
    0.8 s on a list of English names with one accent: five patterns over the whole text
    started with a Latin letter or two choices, so `re` tried each at every character (0.2
    to 0.7 s each). Each now starts with the character beyond ASCII it needs, which `re`
    looks for in C (session 30's note: national_text took 0.18 s). Checked on each pattern
    rather than timed: a loaded machine moves a ratio of times."""
    from deckcheck import textio

    patterns = [textio._NOT_JAPANESE, textio._JAPANESE_WORD, textio._NOT_CHINESE, textio._LATIN_BESIDE_IDEOGRAPH,
                textio._CHINESE_WORD, textio._IDEOGRAPH, textio._LATIN_MISREAD, textio._HALF_WIDTH_KANA, textio._LONE_KANJI_WORD,
                *textio._mac_roman_patterns()]
    slow = [pattern.pattern for pattern in patterns if not _starts_with_a_class_beyond_ascii(pattern.pattern)]
    assert not slow


@pytest.mark.parametrize("source, starts", [
    ("[^\x00-\x7f]", True), ("[\u3400-\u9fff](?=[\u3400-\u9fff])", True), (b"[\x80-\xff]x", True),
    ("[\u3400-\u9fff]{2}", False),  # a repeat: `re` looks for no class first (twice the time)
    ("[A-Za-z][\u3400-\u9fff]", False), ("[\u3001]|[\u4e00]{3}", False), ("[^\x00-\x40]", False), (r"[\w]x", False),
])
def test_what_counts_as_a_class_beyond_ascii(source, starts):
    assert _starts_with_a_class_beyond_ascii(source) is starts


def test_the_accented_short_word_check_reads_only_a_sample(monkeypatch):
    """`_accented_short_word` ran a Python step per match over the whole text (4 MiB of
    `4 山` lines: 0.61 -> 2.08 s to decode, review31f finding 5a). It now looks at the first
    _SAMPLE_CHARACTERS only: counted by the text the pattern is given, not timed."""
    from deckcheck import textio

    pattern = textio._LONE_KANJI_WORD
    lengths: list[int] = []

    class Counting:
        def search(self, text, *args):
            lengths.append(len(text))
            return pattern.search(text, *args)

        def finditer(self, text, *args):
            lengths.append(len(text))
            return pattern.finditer(text, *args)

    monkeypatch.setattr(textio, "_LONE_KANJI_WORD", Counting())
    data = ("4 山\r" * (MAX_INPUT_BYTES // 8)).encode("cp932")
    assert decode(data).startswith("4 山\r")
    assert lengths and max(lengths) <= textio._SAMPLE_CHARACTERS
    # A Latin line with an accented two-letter word past the sample is not looked for.
    assert textio._accented_short_word("4 山\r" * textio._SAMPLE_CHARACTERS + "4 四 Bolt\r") is False
    assert textio._accented_short_word("4 四 Bolt\r") is True


@pytest.mark.parametrize("text", ["刘磊\n", "player,deck\n刘明,a.txt\n"])  # each a strict reading of two frequent syllables
def test_a_short_chinese_text_is_read_as_chinese_once(monkeypatch, text):
    """`korean_text` read the bytes as Chinese to refuse Korean, and `national_reading` read
    them so again right after (review31f finding 5b): one reading now, counted."""
    from deckcheck import textio

    calls = []
    real = textio.chinese_reading
    monkeypatch.setattr(textio, "chinese_reading", lambda data: calls.append(data) or real(data))
    assert textio.national_reading(text.encode("gb2312")) == ("gb2312", text)
    assert len(calls) == 1
