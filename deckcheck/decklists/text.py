"""Plain-text decklists: MTGO `.txt`/`.dec`, MTG Arena exports, and lists typed by hand.

Understood line shapes: `4 Name`, `4x Name` (or `4× Name`), `Name x4` (or `Name (x4)`, `Name<TAB>4`), and `SB: 2 Name` sideboard lines,
each may follow a Markdown bullet (`* 4 Name`, `- 4 Name`);
a line that names a card and no count is one copy, with one warning a deck (`_uncounted`).
What deck sites add around a name is dropped: Arena/Moxfield `(SET) 123` and `*F*`/`*E*`,
Moxfield `#tags`, Archidekt `[Category]` and `^tag^`, MTGGoldfish `<variant> [SET]`,
Markdown's `[[Name]]` (Reddit's card fetcher) and `[Name](link)` (and the bold or italics of a whole line, `**Sideboard**`; a code block's fences and `> ` quote marks),
deckstats/MWS `[SET]` and XMage `[SET:123]` prefixes (and the `{6}` after the name a WoW TCG deck builder's .mwDeck adds:
the card's block), a price copied with the list (`$3.96`, `0,25 €`). A card listed beside its own back (`NAME Back`),
as such a .mwDeck lists the hero on `SB:` lines, is the WoW TCG hero. Where such a decoration says which zone
a card is in, it is honoured: TappedOut `*CMDR*`, deckstats `# !Commander`, Archidekt
`[Commander]`/`[Sideboard]`/`[Maybeboard]` (a `{noDeck}` category, `[Sideboard{noDeck}]` too, is
the maybeboard), a `[token]` flag
(taw's precon lists: a token, outside the deck).

Section headers switch zones: `Deck`/`Main`, `Sideboard`/`Side`, `Commander`, `Companion`,
`Extra` (Yu-Gi-Oh!), `Hero` (WoW TCG; also `Hero: Name`), `Maybeboard`, `Tokens`,
`Oathbreaker` and `Signature Spell` (the command zone; also `Commander: Name`, `CMDR: Name`,
`Companion: Name` on one line); each may name its first card after a colon
(`Sideboard: 2 Duress`), carry a count (`Sideboard (15)`) or a trailing colon, stand in a comment (`// Sideboard`) or
in brackets (`[Sideboard]`). Category headings such as `Creatures (20)` are ignored (and a
list's own above its cards, `Ramp (10)`; a count not theirs is a warning), as are
forum `[DECK]` tags, Arena's `About` / `Name ...` block and XMage's `NAME:`, `AUTHOR:` and
`LAYOUT ...:` lines (the name is the deck's). `#` and `//` start comment lines.
A `Commander` or `Companion` section ends at a blank line, a category heading or a comment
line (`// Ramp`) after its cards: what follows is the main deck (`Commander (1)` then `Creatures (30)`, as sites export
by card type, or a typed list without a `Deck` header).

Without any section header, category heading or `SB:` line (a `Companion` or `Hero` heading,
or a `Companion: Name` or `Hero: Name` line, names a card beside the deck, no section of it),
a blank line between cards starts the sideboard, as in MTGO text exports; with more than two blank-separated groups,
the last one is the sideboard. Such a sideboard is only a guess (`Deck.guessed_sideboard`):
checked against a format, a group that cannot be its sideboard is part of the main deck
(decklists/layout.py).

Written as `COUNT Name` lines under section headers: Yu-Gi-Oh! decks (passcodes or an Extra
Deck) get `Main`, `Extra` and `Side` sections; World of Warcraft decks a `Hero: Name` line,
then `Deck` and `Sideboard`; Magic decks `Commander` and `Companion` sections when they
have such cards, then the main deck (headed `Deck` only after another section), then
`Sideboard`.
"""
from __future__ import annotations

import re
from bisect import bisect_right
from functools import lru_cache
from itertools import chain, compress, count, repeat
from operator import itemgetter, not_

from ..lazy_pattern import lazy
from ..model import COMMANDER, COMPANION, EXTRA, HERO, MAIN, MAYBEBOARD, SIDEBOARD, CardEntry, Deck, GuessedSideboard, MaybeTitle, StatedLines
from ..names import display_name, nfkc
from ..problem import WARNING, LineProblems, Problem
from ..wording import counted as counted_words, lines_text
from .markdown_table import ROW_WITHOUT_HEADER, MarkdownTable, TotalRow, is_total, total_said
from .common import (
    MAX_LINE_CHARS, ZERO_COUNT, category_zone, companions_for_sideboard, counted, is_fence, make_entry, parse_error,
    split_lines, squeeze, too_long,
)

NAME = "text"
EXTENSIONS = (".txt", ".dec", ".mwdeck", ".deck", "")
DESCRIPTION = "plain text, MTGO .txt/.dec, MTG Arena export"
ZONES = (MAIN, SIDEBOARD, EXTRA, COMMANDER, COMPANION, HERO)  # what the format can hold (written)

_SECTION_ZONES = {
    "deck": MAIN, "main": MAIN, "main deck": MAIN, "maindeck": MAIN, "mainboard": MAIN,
    "sideboard": SIDEBOARD, "side": SIDEBOARD, "side deck": SIDEBOARD, "sb": SIDEBOARD,
    # As lists are typed: the board in two words, or hyphenated (`Side Board:`, `Main-board`).
    "main board": MAIN, "main-board": MAIN, "main-deck": MAIN,
    "side board": SIDEBOARD, "side-board": SIDEBOARD, "side-deck": SIDEBOARD,
    # Yu-Gi-Oh!'s zones in one word, as `Maindeck` above (German and Dutch players write
    # `Sidedeck`, `Extradeck`), or hyphenated as `Side-Deck` is.
    "sidedeck": SIDEBOARD, "extradeck": EXTRA, "extra-deck": EXTRA,
    # The main deck and sideboard as French and Spanish lists head them (the Magic Tournament
    # Rules in French call the sideboard `réserve`, Spanish judges and players `banquillo`).
    "deck principal": MAIN, "réserve": SIDEBOARD, "mazo": MAIN, "mazo principal": MAIN, "banquillo": SIDEBOARD,
    # As MTG Arena in Italian and Portuguese heads its export (`Mazzo`; `Reserva`, the sideboard
    # as Brazilian players call it), and Yu-Gi-Oh!'s decks as Italian and Spanish lists head them.
    "mazzo": MAIN, "mazzo principale": MAIN, "reserva": SIDEBOARD, "deck principale": MAIN, "deck extra": EXTRA,
    # The commander and the companion in Magic's own words for them in German, French, Spanish,
    # Italian and Portuguese (`Kommandeur`, `Gefährte`; `Commandant`, `Compagnon`; `Comandante`).
    "kommandeur": COMMANDER, "commandant": COMMANDER, "comandante": COMMANDER,
    "gefährte": COMPANION, "compagnon": COMPANION, "compañero": COMPANION, "compagno": COMPANION,
    "companheiro": COMPANION,
    "commander": COMMANDER, "commanders": COMMANDER, "command zone": COMMANDER,
    # Oathbreaker: the oathbreaker and its signature spell both start in the command zone.
    "oathbreaker": COMMANDER, "oathbreakers": COMMANDER, "signature spell": COMMANDER, "signature spells": COMMANDER,
    "companion": COMPANION, "companions": COMPANION,
    "extra": EXTRA, "extra deck": EXTRA,
    "hero": HERO,
    "maybeboard": MAYBEBOARD, "maybe": MAYBEBOARD, "considering": MAYBEBOARD,
    # Tokens a list mentions are not part of the deck (Cockatrice's `tokens` zone likewise).
    "tokens": MAYBEBOARD, "token": MAYBEBOARD,
    # The oversized copy of a commander a precon comes with is a display piece; a precon's
    # scheme or planar deck is a game piece beside the deck (Forge's sections likewise).
    "display commander": MAYBEBOARD, "display commanders": MAYBEBOARD,
    "scheme deck": MAYBEBOARD, "schemes": MAYBEBOARD, "planar deck": MAYBEBOARD, "planes": MAYBEBOARD,
    "attraction deck": MAYBEBOARD, "attractions": MAYBEBOARD, "contraptions": MAYBEBOARD, "stickers": MAYBEBOARD,
    # A Conspiracy draft's conspiracies start the game in the command zone, outside the deck
    # (Forge's `[Conspiracy]` likewise); the plural only: Conspiracy is a card's name too.
    "conspiracies": MAYBEBOARD,
}
_CATEGORY_HEADINGS = {
    "creature", "creatures", "land", "lands", "spell", "spells", "instant", "instants",
    "sorcery", "sorceries", "artifact", "artifacts", "enchantment", "enchantments",
    "planeswalker", "planeswalkers", "battle", "battles", "kindred", "tribal", "other", "others",
    "monster", "monsters", "trap", "traps", "ally", "allies", "ability", "abilities",
    # The sections of Konami's Yu-Gi-Oh! deck registration sheet, as players type them out,
    # and the card kinds a list is sorted by (`Xyz Monsters: 2`, `Quick-Play Spells (3)`).
    "monster cards", "spell cards", "trap cards",
    *(f"{kind} {card}{plural}"
      for kind, card in [
          *((kind, "monster") for kind in ("normal", "effect", "ritual", "fusion", "synchro", "xyz", "link",
                                           "pendulum", "tuner", "flip", "extra deck")),
          *((kind, "spell") for kind in ("normal", "quick-play", "continuous", "field", "equip", "ritual")),
          *((kind, "trap") for kind in ("normal", "continuous", "counter")),
      ]
      for plural in ("", "s")),
    "equipment", "quest", "quests", "location", "locations", "non-creature", "noncreature",
    # The WoW TCG's kinds of equipment, as lists of its era sort them, and its Master Heroes
    # (a card type of the deck, played from hand; the hero itself has its `Hero` heading).
    "armor", "weapon", "weapons", "item", "items", "master hero", "master heroes",
}
# `Commander(s)`: a plural written as Moxfield and Archidekt do is the word itself. The
# count may say what it counts and stand after a colon or dash, bare or in brackets, as
# players type a list out (`Side Deck: 15 cards`, `Main Deck (40 cards)`, `Extra Deck - 15`,
# `Sideboard: (15)`: read as a heading of the list's own, that put the sideboard's cards in
# the main deck).
# A header's word is in Latin letters, accented too (`Réserve`); not × or ÷, which Latin-1
# puts among its letters (`×` is a count's mark).
_LATIN = "A-Za-z\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f"
_HEADER = lazy(rf"^(?P<word>[{_LATIN}][{_LATIN} \-]*?)(?:\(s\))?\s*"
               r"(?:(?:[:\u2013\u2014]|\s-)?\s*(?:\(\s*\d+(?:\s+cards?)?\s*\)|\[\s*\d+\s*\]|\d+(?:\s+cards?)?))?\s*:?\s*$",
               re.IGNORECASE)
# A heading in brackets (`[Sideboard]`), or in the lenticular ones Japanese and Chinese lists
# head their decks with (`【Extra Deck】`, as `【エクストラデッキ】`): the heading inside.
_BRACKETED = lazy(r"^[\[【](?P<inner>[^\[\]【】]+)[\]】]$")
# A heading of the list's own with its card count, as deck sites export their categories
# (Moxfield and Archidekt: `Ramp (10)`, `Card Draw (8)`, `+1/+1 Counters (12)`): read as a
# category heading when card lines follow it, with a warning when the count is not theirs
# (`_own_category`).
_OWN_CATEGORY = lazy(r"^(?P<title>[^\d\s].*?)\s*\(\s*(?P<count>\d{1,4})\s*\)\s*:?$")
_LEADING_COUNT = lazy(r"^(\d+)")
_CATEGORY_ENDS = "):"  # how such a heading ends: a cheap test before the pattern
_FORUM_TAG = lazy(r"^\[/?deck(?:=[^\]]*)?\]$", re.IGNORECASE)  # MTG Salvation `[DECK]...[/DECK]`
_NAMED_ZONES = {"commander": COMMANDER, "cmdr": COMMANDER, "companion": COMPANION}
# A section header with the section's first card on its line, as lists are typed
# (`Sideboard: 2 Duress`, `Extra Deck: 1 Accesscode Talker`): the header, then that card.
# No card name of any game starts with a section word and a colon (checked against the
# card data). `SB: 2 Name` is MTGO's mark of one sideboard line instead (_SB_PREFIX).
_HEADED_CARD = lazy(r"^(?P<header>[A-Za-z][A-Za-z \-]*?)\s*:\s*(?P<card>\S.*)$")
_NAME_COMMENT = lazy(r"^name\s*[:=]\s*(?P<name>.+?)(?:\s+from deckstats\.net)?$", re.IGNORECASE)
_ARENA_NAME = lazy(r"^name\s+(?P<name>.+)$", re.IGNORECASE)
_SB_PREFIX = lazy(r"^SB:\s*", re.IGNORECASE)
# A web page's first tag (`<!DOCTYPE html>`, `<html lang="en">`): a page saved as the list.
_HTML_START = lazy(r"<(?:!doctype\s+html|html)[\s>]", re.IGNORECASE)
_WEB_PAGE = "a web page (HTML), not a decklist: save the list from the deck site's text export instead"
# XMage's `.dck` metadata: `NAME:Burn` (the deck's name), `AUTHOR:...`, and the deck
# editor's `LAYOUT MAIN:(1,4)(CMC,false,50)|([M10:146],...)` piles, which list no card that
# the card lines do not.
_XMAGE_META = lazy(r"^(?:NAME:(?P<name>.*)|AUTHOR:.*|LAYOUT [A-Z]+:.*)$")
# The fields a registration form asks above its cards (Konami's deck list: First Name, Last
# Name, Konami Player ID, Event Name, Event Date; a Magic one's Name, DCI number, Event,
# Date, Deck Name, Deck Designer), typed as `Field: value`: no card, and no card name of
# any game starts with one and a colon. `Deck Name:` names the deck.
_FORM_FIELD = lazy(
    r"^(?:(?P<deck>deck\s*name)|(?:first|last|player|player's|full)\s+name|last\s+initial|"
    r"(?:konami|konami\s+player|card\s+game|cossy|player|wizards|dci)\s*(?:id|#|number|no\.?)|dci|"
    r"player|name|event(?:\s+(?:name|date|location))?|date|deck\s+designer|designer|country(?:\s+of\s+residence)?)"
    r"\s*:\s*(?P<value>.*)$",
    re.IGNORECASE,
)
# The count marker of `4x Name` and `Name x4`: x, the multiplication sign (U+00D7) some
# sites export (`4× Lightning Bolt`), or the full-width small x a Japanese keyboard types
# (`３ｘ Name`; no card name holds one: ＸＸ－セイバー's is a capital), or the Cyrillic х the
# x key types on a Russian keyboard (`4х Name`; card names are read in English).
_TIMES = "[xX\u00d7\uff58\u0445\u0425]"
# `Hero: Name`, also with the count the card lines give (`Hero: 1 Name`, `Hero: 1x Name`; a
# deck has one hero, and `Hero: 2 Name` is told so, as under a `Hero` heading: no WoW card's
# name starts with a number); also after a dash, as lists are typed (`Hero - Name`: no
# card name starts so).
_HERO_LINE = lazy(rf"^hero\s*(?::|\s[-\u2013\u2014])\s*(?:(?P<count>[1-9]\d{{0,3}})\s*{_TIMES}?\s+)?(?P<name>.+)$", re.IGNORECASE)
# The hero as wowtcg-decktools' `.deck` files name it, in a `#` comment above the card type
# comments (`# HERO  Fama'sin the Lifeseer`, then `# Allies`): in capitals and two blanks or
# a tab before the name, so a comment of words (`# Heroes I tried`, `# hero choice`) and a
# Yu-Gi-Oh! list's section of its HERO archetype (`# HERO Monsters`) stay comments.
# One tab or two blanks, then any more, then a name that starts with neither: the parts
# cannot share a run (`[ \t]{2,}[ \t]*` could, and a comment of 1,000 blanks and no name
# was tried at every split: quadratic). No possessive `*+`: Python 3.10 has none.
_HERO_COMMENT = lazy(r"^HERO(?:\t|[ \t]{2})[ \t]*(?P<name>[^\s:].*)$")
# A dash, colon or bar may stand between the count and the name, as forum posts and typed
# lists write them (`4 - Lightning Bolt`, `4: Lightning Bolt`, `4x | Lightning Bolt`): no card
# name of any game starts with one (_PLAIN_NAME leaves such a line to this pattern). The x
# of a count may touch a Japanese or Chinese name (`4x島`, `3×灰流うらら`), as it does after
# one (`島x4`): no blank is typed between the two scripts; never a Latin name (`4xName`).
# A name starts with kana (half-width katakana too: `3xｻｲｸﾛﾝ`), an ideograph, a full-width
# letter or digit, or the opening bracket a card is quoted in (`2ｘ「増殖するＧ」`); never with punctuation (`4x：島`, `4x、島`)
# nor a heading's 【 (`15x【サイドデッキ】` is no 15 copies of a card).
# (Tested by _cjk_name_start, not in the pattern: `re` builds a class of such ranges one
# character at a time, in Python, and this one cost 16 M instructions to compile, more
# than a 2,000-deck batch's every other use of the pattern.)
_CJK_NAME_RANGES = (("\u3041", "\u30fa"), ("\u3400", "\u4dbf"), ("\u4e00", "\u9fff"), ("\uf900", "\ufaff"),
                    ("\uff10", "\uff19"), ("\uff21", "\uff3a"), ("\uff41", "\uff5a"), ("\uff66", "\uff9d"))
_CJK_NAME_QUOTES = "\u3008\u300a\u300c\u300e\uff62"
# The count may carry the counter for flat things of Japanese, Korean or Chinese lists, as
# they write it before the name too (`3枚 灰流うらら`, `3장 Name`, `3张 Name`; `_COUNTERS`).
_COUNTERS = "\u679a\uc7a5\u5f20\u5f35"  # 枚 장 张 張
# 枚 may touch the name as an x does (`3枚灰流うらら`); 张, 張 and 장 start names and words
# themselves (張角, 장미: `3張角` may be 3 of 張角), so a blank stays between them and a name.
_COUNT_HEAD = rf"^(?P<count>[+-]?\d+)(?:\s*{_TIMES}|[{_COUNTERS}])?(?:\s*[-\u2013\u2014:|])?"
# The name after blanks, or touching the count's x or 枚 whatever it starts with: _count_first
# keeps the second only before a name _cjk_name_start allows, else reads the line as
# _COUNT_SPACED does (where the name touched an x, that is the one other way to read it).
_COUNT_FIRST = lazy(rf"{_COUNT_HEAD}(?:\s+|(?<={_TIMES})|(?<=\u679a))(?P<name>\S.*)$")
_COUNT_SPACED = lazy(rf"{_COUNT_HEAD}\s+(?P<name>\S.*)$")
# `Name x4` and `Name 4x` (no card name ends in either), also in parentheses (`Name (x4)`,
# `Name (4x)`), where it is no set code (_SET_SUFFIX), or after a dash (`Effect Veiler - 3`, as
# typed lists write it: no card name of any game ends in a dash and a number). Japanese lists
# write the count right after the name, with the multiplication sign or the counter for flat
# things, or both (`灰流うらら×3`, `灰流うらら 3枚`, `灰流うらら×3枚`; Korean and Chinese lists' 장 and 张, 張). After the closing bracket
# of a name in Japanese brackets (`_JAPANESE_QUOTES`) the name has ended: a count may follow
# it with no space, with an x or none, or in parentheses (`《灰流うらら》x3`, `《灰流うらら》3`,
# `《灰流うらら》(3)`).
# Japanese text quotes a card's name in brackets (《灰流うらら》, 「増殖するＧ」, an MTG list's
# 《稲妻》). Only a pair around the whole name is dropped: 『攻撃』封じ is printed so.
_JAPANESE_QUOTES = {"《": "》", "「": "」", "『": "』", "〈": "〉", "\uff62": "\uff63"}
_CLOSING_QUOTES = "".join(_JAPANESE_QUOTES.values())
_COUNT_LAST = lazy(rf"^(?P<name>\S.*?)(?:\s+(?:{_TIMES}\s*(?P<count>\d+)|(?P<count_after>\d{{1,3}})\s*{_TIMES}"
                   rf"|\(\s*(?:{_TIMES}\s*(?P<times_count>\d+)|(?P<count_times>\d+)\s*{_TIMES})\s*\)"
                   rf"|[-\u2013\u2014]\s*(?P<count_dash>\d{{1,3}}))"
                   rf"|\s*(?:\u00d7\s*(?P<count_sign>\d{{1,3}})\s*[{_COUNTERS}]?|(?P<count_sheets>\d{{1,3}})\s*[{_COUNTERS}])"
                   rf"|(?<=[{_CLOSING_QUOTES}])\s*(?:{_TIMES}\s*(?P<count_closed>\d{{1,3}})"
                   rf"|\(\s*(?P<count_bracketed>\d{{1,3}})\s*\)|(?P<count_bare>\d{{1,3}})))$")
_COUNT_LAST_GROUPS = ("count", "count_after", "times_count", "count_times", "count_dash", "count_sign", "count_sheets",
                      "count_closed", "count_bracketed", "count_bare")
# `Commander: Name` / `Commander(s): 1× Name` / `CMDR: Name` / `Companion: Name`: one card
# named on its header line, with the count marker and the `(s)` plural headers take (a count
# of 0 too, which adds no card and is warned of as a card line's is).
_NAMED_LINE = lazy(
    rf"^(?P<zone>commander|cmdr|companion)(?:\(s\))?\s*:\s*(?:(?P<count>[0-9]{{1,2}})\s*{_TIMES}?\s+)?(?P<name>\D.*)$",
    re.IGNORECASE,
)

# Decorations, removed in this order. No Magic card name contains `#`, `^`, `*`, `<` or `[`
# (checked against every Oracle name). Yu-Gi-Oh! names do (`Jinzo #7`, `Maliss <P> Dormouse`):
# a `#` followed by a number is part of the name, never a tag, and a `<...>` is a site's
# variant only at the end of the name (before other decorations), never inside it
# (tests/test_ygo_names.py reads every Yu-Gi-Oh! name back).
_TAGS = lazy(r"\s*\^[^^]*\^")                     # Archidekt `^Have,#37d67a^`
# A `#` and a number before a closing Japanese bracket is the name's too (`《Flying Kamakiri #1》×2`),
# and before a lenticular one (`【Jinzo #7】×1`: the brackets stay the name's, as `【Jinzo】` keeps them).
_COMMENT = lazy(rf"\s+#(?!\d+(?:[\s{_CLOSING_QUOTES}】]|$))(?P<text>.*)$")  # Moxfield `#tag`, deckstats `# !Commander`
# Not inside Markdown bold (`**Duress**` holds `*Duress*`): a marker stands alone.
_MARKER = lazy(r"\s*(?<!\*)\*(?P<marker>[A-Za-z]{1,6})\*(?!\*)")  # `*F*`, `*E*`, TappedOut `*CMDR*`
_VARIANT = lazy(r"\s*<[^<>]*>(?=\s*(?:$|[\[(]))")    # MTGGoldfish `<A>`, `<showcase>` (then `[SET]`)
# `(SET) 123`: a set code is all upper or all lower case, which keeps `Hazmat Suit (Used)` whole.
# A Yu-Gi-Oh! set number (`(MP23-EN001)`, `(LOB-005)`), as shops and collection exports add
# it, is one too: the set, the region letters and the card's number in it; and so are the
# WoW TCG's set codes of three letters, capitals around a small one (`(HoA)`, `(BoG)`, `(HfI)`).
# A finish typed as a word, as a sealed pool typed by hand marks its foils, goes too:
# `(Foil)`, `(Etched)` (`(foil)`, `(FOIL)` are of one case already).
# The word after the code is its collector number (`(M10) 146`), never a count (`(M19) x2`,
# `(Foil) 2x`, `(M19) ×2`), which _COUNT_LAST reads once the printing is left on the name.
# A finish a shop writes after the collector number (`141 F` foil, `141 E` etched, `NF`),
# never an `x`: `(M10) 4 x` is a count (_COUNT_LAST), not the number 4 in foil.
_FINISH_LETTERS = r"(?:\s+[A-WYZa-wyz]{1,2})?"
_SET_SUFFIX = lazy(rf"\s+\((?!(?:{_TIMES}\d{{1,4}}|\d{{1,4}}{_TIMES})\))"  # `(x4)` is a count (_COUNT_LAST)
                   r"(?:[A-Z0-9_]{2,8}|[a-z0-9_]{2,8}|[A-Z0-9]{2,5}-[A-Z]{0,2}\d{3}|[A-Z][a-z][A-Z]|Foil|Etched|Loot)\)"
                   rf"(?:\s+(?!(?:{_TIMES}\d{{1,4}}|\d{{1,4}}{_TIMES})(?:\s|$))[^\s()]+{_FINISH_LETTERS})?\s*$")
# `[2XM] 141`: a set in brackets and the collector number after it, as shops' lists write a
# printing (a set in brackets at the very end is _trailing_brackets'). No card name of any
# game has a `]` before its last word (checked against the card data).
# The number is never a count (`[2XM] x4`, `[M10] 4x`), which _COUNT_LAST reads as after `(M10)`.
# The set is a set code's shape, capitals and digits, and no zone's word (_bracketed_printing):
# `[SB] 2`, `[Main] 1`, `[Burn] 2` are a zone or a category and a number no printing explains.
_BRACKETED_PRINTING = lazy(rf"\s+\[(?P<code>[A-Z0-9]{{2,5}})\]\s+(?!(?:{_TIMES}\d{{1,4}}|\d{{1,4}}{_TIMES})(?:\s|$))"
                           rf"[^\s\[\]()]{{1,8}}{_FINISH_LETTERS}\s*$")
# `- Foil`, `- Etched` after the name, as a shop's export or a hand-typed pool marks a
# finish (no card name ends in either word after a dash).
_DASHED_FINISH = lazy(r"\s+[-\u2013\u2014]\s*(?:foil|etched)\s*$", re.IGNORECASE)
# A price after the name (or after its set code), as a deck site's page or a shop's list
# shows it and players copy it: `$3.96`, `$ 3.96`, `US$2`, `0,25 €`, `£1.10`, after a
# dash, a bar or `@`, in parentheses, one or two of them (each and all copies). No card name
# of any game holds a currency sign (checked against the card data), so nothing else goes.
_CURRENCY = "$\u20ac\u00a3\u00a5"  # dollar, euro, pound, yen
_AMOUNT = r"\d{1,7}(?:[.,]\d{1,3}){0,3}"  # bounded: each try of the pattern costs little
_PRICE = lazy(rf"(?:\s+(?:[-\u2013\u2014|@]\s*)?\(?(?:[A-Z]{{0,3}}[{_CURRENCY}]\s?{_AMOUNT}|{_AMOUNT}\s?[{_CURRENCY}])\)?){{1,2}}\s*$")
_SET_PREFIX = lazy(r"^\[[A-Za-z0-9_]{0,8}(?:[:#][^\]\s]*)?\]\s*")  # `[M10]`, `[2XM#97]`, `[M10:146]`
# The back of a WoW TCG hero card, which exports list beside its front (`NAME Back` after
# `NAME`), as OCTGN's Hero section does (decklists/o8d.py): the hero's other side.
_HERO_BACK = " Back"
# A name as lists pasted from Markdown write it: Reddit's card-fetcher `[[Lightning Bolt]]`,
# a link `[Lightning Bolt](https://scryfall.com/card/m10/146)`. The name is what stays. A
# fetcher's closing bracket typed once (`[[Lightning Bolt]`) still closes it: read as a
# category, the name was `[`.
_MARKDOWN_NAME = lazy(r"^\[\[(?P<fetched>[^\[\]]+)\]\]?|^\[(?P<linked>[^\[\]]+)\]\((?:https?://|www\.)[^()\s]*\)")
# Archidekt's categories; `[token]` flags a token in the precon lists of taw/magic-preconstructed-decks.
_CATEGORY_ZONES = {
    "commander": COMMANDER, "sideboard": SIDEBOARD, "maybeboard": MAYBEBOARD, "companion": COMPANION,
    "token": MAYBEBOARD, "tokens": MAYBEBOARD,
}
_ARENA_ABOUT = "about"
# Zones a header opens for a card or two: a blank line or a category heading after their
# cards goes back to the main deck. The WoW TCG's `Hero` section is one (a deck has one
# hero): a typed list's deck follows it as a Commander deck follows its commander.
_COMMAND_ZONES = (COMMANDER, COMPANION, HERO)
# Zones of cards beside the deck whose heading (`Companion`, `Hero`, `Companion: Name`) is no
# section of the deck: a list that heads nothing else still has its last blank-line group
# for a sideboard, as an MTGO export has. A Commander deck has no sideboard: its heading
# keeps the list's blank lines spacing.
_BESIDE_DECK = (COMPANION, HERO)

_QUOTE_OPENERS = "".join(_JAPANESE_QUOTES)
# The middle dot Japanese lists put before each card as a bullet (`・《灰流うらら》×3`, also
# half-width): no card name starts with one. Before a name in brackets it goes too; before
# a bare name the card data's Japanese names pass over it (games/yugioh/japanese.py).
_JAPANESE_BULLETS = ("\u30fb", "\uff65")
_UNQUOTED_FIRST = frozenset(_JAPANESE_QUOTES) | frozenset(_JAPANESE_BULLETS)
# A whole list of nothing but `4 Name` lines (`_PLAIN_CARD`), empty lines and short lines
# that start with a letter and are a main-deck or sideboard header (`_PLAIN_HEADER`, read by
# `_section`) is an MTGO or Arena export, most files of a batch: read by `_parse_plain`
# without classifying each card line. Card lines start with a digit and headers with a
# letter, so a line is one or the other. Lines stay well under MAX_LINE_CHARS (the general
# path reports longer ones), and the characters that end a line for `split_lines` or
# `str.split` (CR, form feeds, NEL...) are in none: the line is the one an editor shows.
# `4 Lightning Bolt`: a count of 1..9999 and a name with no decoration character (see
# _DECORATION_CHARS: a full-width set code's `（` too, or the line's printing stays in the
# name; nor a Japanese bracket or bullet first, nor an underscore: `__Name__` is Markdown's
# emphasis, `_____ Goblin` Unfinity's blank) and no `x` count marker (`_plain_card` reads
# such a line, in the general path too: almost every line of a real list, to the entry
# `_card_line` would make).
_PLAIN_COUNT = rf"([1-9][0-9]{{0,3}}) {{1,8}}(?!{_TIMES}\s)"
_PLAIN_NAME = rf"([^\s#^*_<\[(\uff08{{{_CURRENCY}\-\u2013\u2014:|{_QUOTE_OPENERS}{''.join(_JAPANESE_BULLETS)}][^#^*<\[(\uff08{{{_CURRENCY}\t\n\r\x00\x0b\x0c\x1c-\x1e\x85\u2028\u2029]{{0,900}})"
# `1 0 obj` is a PDF object header, never a card: make_entry says so. (`_plain_card` asks
# this look-ahead in Python: in the pattern it cost as much as the rest.)
_PLAIN_NOT_PDF = r"(?![0-9]+ obj(?:\n|\Z))"
_PLAIN_HEADER_BODY = r"[A-Za-z][A-Za-z0-9 ():-]{0,63}"
_PLAIN_CARD = lazy(_PLAIN_COUNT + _PLAIN_NAME)  # and a name that is not _PLAIN_PDF_NAME
_PLAIN_PDF_NAME = lazy(r"[0-9]+ obj")
_PLAIN_HEADER = lazy(_PLAIN_HEADER_BODY)
# The same lines, every one of a whole text at once: what a text too long for a decklist
# must be before its lines are read one by one (`_PLAIN_CHECKED_CHARS`).
_PLAIN_LINE_BODY = f"{_PLAIN_COUNT}{_PLAIN_NOT_PDF}{_PLAIN_NAME}|{_PLAIN_HEADER_BODY}"
_PLAIN_LIST = rf"(?:(?:{_PLAIN_LINE_BODY})?\n)*(?:{_PLAIN_LINE_BODY})?\Z"  # compiled on first use (_plain_list)
# Characters of whole lines `_plain_list` matches at a time (a deck of 75 lines is 2 KB).
_PLAIN_SLICE_CHARS = 8192
# Texts longer than this (a 540-card cube list is about 12,000 characters) are checked by
# `_plain_list` first: a few hundred thousand lines that are all different (a hostile
# file) would each cost a reading of its own, then only the general path reads them.
_PLAIN_CHECKED_CHARS = 65536
_BLANK_RUN = lazy(r"\n\n+")
# Distinct lines `_plain_card` remembers: the 10,000 real lists of the batch benchmark
# hold about 11,000 (of 190,000 lines). Only lines at most _PLAIN_LINE_CHARS long (the
# longest `_PLAIN_CARD` matches: 4 digits, 8 spaces and 901 characters of name) are
# kept: about 30 MB at worst.
_PLAIN_LINES_KEPT = 16384
_PLAIN_LINE_CHARS = 913
# The name and the count of a `_plain_card` reading (mapped in C; a transposing zip makes
# an iterator per card, which a list of hundreds of thousands of lines makes costly).
_NAME, _COUNT = itemgetter(0), itemgetter(1)
# The zones the fast path's entries use (Deck.note_zone_counts), made once.
_MAIN_ONLY, _MAIN_AND_SIDEBOARD, _SIDEBOARD_ONLY = frozenset({MAIN}), frozenset({MAIN, SIDEBOARD}), frozenset({SIDEBOARD})


def sniff(text: str) -> bool:
    """Text is the fallback format: anything that is not XML or a known section file."""
    return True


# Lines looked at to tell a typed list from other text: a list says what it is early.
_LOOK_LINES = 200


def looks_like_list(text: str) -> bool:
    """Whether text reads as a decklist rather than notes or prose: among its first lines
    that are not blank, comments or section headers, card lines (`4 Name`, `Name x4`,
    `SB: 2 Name`) are at least as many as the others (XMage's `NAME:` and `LAYOUT` lines
    aside, as headers are). Used to pick decklists among the text
    files of a repository (`deckcheck check` without `decks` globs)."""
    cards = others = 0
    for raw in split_lines(text)[:_LOOK_LINES]:
        line = squeeze(_QUOTE.sub("", raw.strip()))
        if is_fence(line):
            continue
        if line:
            line = _unemphasized(line)
        if not line or line.startswith(("#", "//")) or _FORUM_TAG.match(line) or _HERO_LINE.match(line) or _XMAGE_META.match(line):
            continue
        if _section(line) is not None:
            continue
        if _SB_PREFIX.match(line) or _reads_as_card(line):
            cards += 1
        else:
            others += 1
    return cards > 0 and cards >= others


_CURRENCY_CHARS = frozenset(_CURRENCY)
# The characters every decoration the patterns below remove holds one of. Japanese
# brackets are none of them: a name in them (《灰流うらら》) needs none of those patterns,
# only `_unquoted`, which a name of any other first character never calls.
_DECORATION_CHARS = frozenset("#^*<[({\uff08") | _CURRENCY_CHARS  # and `（`, a full-width set code's


def _cjk_name_start(char: str) -> bool:
    """Whether a name touching its count's x or 枚 may start with `char` (_CJK_NAME_RANGES)."""
    return char in _CJK_NAME_QUOTES or any(low <= char <= high for low, high in _CJK_NAME_RANGES)


def _count_first(line: str) -> re.Match[str] | None:
    """`line` read as a count and the name after it (`4 Name`, `4x 島`, `4x島`), or None."""
    match = _COUNT_FIRST.match(line)
    if match is None:
        return None
    start = match.start("name")
    if line[start - 1].isspace() or _cjk_name_start(line[start]):
        return match
    # `4xName`: a Latin name touching the x is none; read as `4x Name` would be without it.
    return _COUNT_SPACED.match(line)


def _reads_as_card(line: str) -> bool:
    """Whether `line` reads as a card line with its count (`4 Name`, `Name x4`)."""
    return bool(_count_first(line) or _COUNT_LAST.match(_strip_decorations(line)[0]))


def _strip_decorations(name: str) -> tuple[str, str | None]:
    """The bare card name, and the zone its decorations name (None when they name none)."""
    if name[-4:].lower() in ("foil", "ched"):  # cheap: few names end so
        name = _DASHED_FINISH.sub("", name)
    if _DECORATION_CHARS.isdisjoint(name):
        # The common case (MTGO, .dec, a Japanese list's 《Name》): nothing to strip.
        name = name.strip()
        if name[:1] == "_" and (inner := _unemphasized(name)) is not name:
            # `__Name__`, `_Opt_`: Markdown's underscore emphasis, as `**Name**` below (not
            # a decoration character: Unfinity's `_____ Goblin` holds one and is no emphasis).
            return _strip_decorations(inner)
        return (_unquoted(name) if name[:1] in _UNQUOTED_FIRST else name), None
    zone = None
    if name[:1] == "*" and (wrapped := name.strip()) and (inner := _unemphasized(wrapped)) is not wrapped:
        # `**Name**`, `*Opt*`: a name in Markdown emphasis (a post bolds the cards it
        # names) is the name inside, before a marker (`*F*`) is looked for: one follows a name.
        return _strip_decorations(inner)
    if not _CURRENCY_CHARS.isdisjoint(name):  # a name without one never pays for the pattern
        name = _without_price(name)
        if _DECORATION_CHARS.isdisjoint(name):
            return _unquoted(name.strip()), None  # a price was all (a shop's list)
    if name[:1] == "[" and (markdown := _MARKDOWN_NAME.match(name)) is not None:
        name = (markdown.group("fetched") or markdown.group("linked")) + name[markdown.end():]
    # Each pattern only where its character is (a search in C): each tries every position
    # of the line, and 4 MiB of lines with a bracket cost a second in them (sec33).
    if "^" in name:
        name = _TAGS.sub("", name)
    comment = _COMMENT.search(name) if "#" in name else None
    if comment:
        if "!commander" in comment.group("text").lower():
            zone = COMMANDER
        name = name[: comment.start()]
    if "*" in name:
        for marker in _MARKER.finditer(name):
            if marker.group("marker").upper() == "CMDR":
                zone = COMMANDER
        name = _MARKER.sub("", name)
    if "<" in name:
        name = _VARIANT.sub("", name)
    if "[" in name:
        name = _without_bracketed_printing(name)
    name, categories = _trailing_brackets(name)
    if categories and "[" in name:
        name = _without_bracketed_printing(name)  # `Sol Ring [C21] 263 [Ramp]`: the category came after it
    name = _without_set_suffix(name)
    if name.rstrip().endswith("]"):
        # `Fire // Ice [MH2] (foil)`: the set in brackets before the finish in parentheses.
        name, more = _trailing_brackets(name)
        categories += more
    for inner in categories:
        zone = zone or _category_zone(inner)
    name = _SET_PREFIX.sub("", _without_block(name) if "{" in name else name)
    return _unquoted(name.strip()), zone


# The full-width forms of ASCII (U+FF01 to U+FF5E) and the ideographic space, each as the
# one character it stands for: a Japanese keyboard types a printing so (`（ＭＨ２） ２５９`,
# `(MH２) ２５９`). Only the set code is looked for through them; the name keeps its own
# characters (`増殖するＧ`), which card data reads as it is.
_HALF_WIDTH = {code: code - 0xFEE0 for code in range(0xFF01, 0xFF5F)} | {0x3000: 0x20}


# The last characters of a count written after a printing (`x2`, `2x`, `×2`): a line with
# a count before its name (`4 Shock (M19) x2`) keeps that count and drops the printing and
# the second count, as it read when the word after a set code was taken for its number.
TIMES_CHARS = _TIMES[1:-1]  # the count markers of _TIMES, out of its brackets
_PRINTING_COUNT_ENDS = frozenset("0123456789" + TIMES_CHARS)  # a digit, or the x of _TIMES


def _without_count_after_printing(name: str) -> str:
    """`name` without a printing and a count after it (`Shock (M19) x2` -> `Shock`); as it
    is when no printing stands before the count (`Lightning Bolt x4` stays whole)."""
    counted = _COUNT_LAST.match(name)
    if counted is None:
        return name
    before = counted.group("name")
    bare = _strip_decorations(before)[0]
    return bare if bare != before.strip() else name


def _without_bracketed_printing(name: str) -> str:
    """`name` without a printing in brackets after it (`[2XM] 141`), if its code is no zone's word."""
    printing = _BRACKETED_PRINTING.search(name)
    if printing is None or printing.group("code").lower() in _SECTION_ZONES:
        return name
    return name[: printing.start()]


def _without_set_suffix(name: str) -> str:
    """`name` without the printing after it (`_SET_SUFFIX`), written in ASCII or full-width."""
    if ")" not in name and "\uff09" not in name:  # no printing's closing bracket, ASCII or full-width
        return name
    if max(name) < "\u3000":
        return _SET_SUFFIX.sub("", name)
    suffix = _SET_SUFFIX.search(name.translate(_HALF_WIDTH))  # one character for one: its start is the name's
    return name if suffix is None else name[: suffix.start()]


def _without_block(name: str) -> str:
    """`name` without the block a WoW TCG deck builder's .mwDeck export writes after it as
    well as before it (`2 [6] As Hyjal Burns {6}`): no card name of any game holds a brace.
    Read from the end, not by a pattern: a line of spaces costs no more than its length."""
    body = name.rstrip()
    opening = body.rfind("{")
    block = body[opening + 1:-1]
    if body.endswith("}") and opening > 0 and body[opening - 1].isspace() and block.isdigit() and len(block) <= 3:
        return body[:opening]
    return name


def _unquoted(name: str) -> str:
    """`name` without the Japanese brackets around all of it (`_JAPANESE_QUOTES`), and
    without the bullet before them (`_JAPANESE_BULLETS`)."""
    if name[:1] in _JAPANESE_BULLETS and name[1:].lstrip()[:1] in _JAPANESE_QUOTES:
        name = name[1:].lstrip()
    closing = _JAPANESE_QUOTES.get(name[:1])
    if closing is None or len(name) < 3 or name[-1] != closing:
        return name
    inner = name[1:-1]
    return name if name[0] in inner or closing in inner else inner.strip()


# Two prices and what stands between them fit in this many characters at the end of a
# name: only they are searched, so a line of a thousand `$1`s costs no more than a price.
_PRICE_CHARS = 64


def _without_price(name: str) -> str:
    """`name` without the price(s) at its end (`_PRICE`)."""
    start = max(0, len(name) - _PRICE_CHARS)
    price = _PRICE.search(name, start)
    return name if price is None else name[: price.start()]


def _trailing_brackets(name: str) -> tuple[str, list[str]]:
    """`name` without its trailing `[...]` groups (Archidekt categories, MTGGoldfish sets),
    and their contents, rightmost first. A group at the very start stays (it is a set
    prefix or the whole name). One pass from the right: a line of hundreds of groups costs
    no more than its length."""
    end = len(name.rstrip())
    found: list[str] = []
    while end > 0 and name[end - 1] == "]":
        start = name.rfind("[", 0, end - 1)
        if start == -1 or "]" in name[start + 1 : end - 1]:
            break
        before = start
        while before > 0 and name[before - 1].isspace():
            before -= 1
        if before == 0:
            break
        found.append(name[start + 1 : end - 1])
        end = before
    return name[:end], found


def _category_zone(inner: str) -> str | None:
    """Archidekt categories: `[Commander{top}]`, `[Maybeboard{noDeck}{noPrice},Ramp]`.
    The first category picks the zone, and a later one a commander's or companion's only
    (`common.category_zone`, as the CSV export's Category cell is read): a commander also
    sorted as a creature is `[Creature,Commander{top}]`, a Krenko sorted beside its tokens
    `[Creature,Tokens]`, a deck card.
    `{noDeck}` is Archidekt's flag for a category left out of the deck: its cards are
    neither deck nor sideboard (`[Sideboard{noDeck}]`, `[Considering{noDeck}]`) but the
    maybeboard. A commander or companion keeps its zone: the command zone and the companion
    are outside the deck's count, so a player may flag them so."""
    zone = category_zone((re.sub(r"\{[^}]*\}", "", category).strip().lower() for category in inner.split(",")),
                         _CATEGORY_ZONES.get)
    if zone not in _COMMAND_ZONES and "{nodeck}" in inner.lower():
        zone = MAYBEBOARD
    return zone


_MAX_HEADER_CHARS = 64  # `Sideboard (15):`, `Creatures (20)`: headers are short
_CARDS_WORDS = ("card", "cards")  # what a zone's heading may add (`Side Deck Cards`)


def _section(line: str) -> str | None:
    """The zone a header line switches to, `""` for a category heading, None otherwise."""
    if len(line) > _MAX_HEADER_CHARS:
        return None
    if line.startswith(_BRACKET_STARTS) and (
            in_brackets := _BRACKET_HEADER.match(squeeze(line if line.isascii() else nfkc(line)))) is not None:
        line = in_brackets.group("inner")  # `[Sideboard] (15)`, `【Extra Deck】15枚`: the heading inside, without its count
    bracketed = _BRACKETED.match(line)
    if bracketed:
        line = bracketed.group("inner").strip()
    match = _HEADER.match(line)
    if not match:
        return None if line.isascii() else _japanese_section(line)
    word = match.group("word").strip().lower()
    if word in _SECTION_ZONES:
        return _SECTION_ZONES[word]
    if word in _CATEGORY_HEADINGS or word == _ARENA_ABOUT:
        return ""
    # A zone's heading that says its cards are cards (`Side Deck Cards (15)`, `Sideboard
    # Cards`): read as a heading of the list's own, it left them in the zone above.
    zone_word, _, cards = word.rpartition(" ")
    if cards in _CARDS_WORDS and zone_word.rstrip() in _SECTION_ZONES:
        return _SECTION_ZONES[zone_word.rstrip()]
    return None


# Yu-Gi-Oh!'s decks and card kinds as Japanese lists head them (Konami's Japanese deck
# registration sheet and deck sites): `メインデッキ`, `【エクストラデッキ】` (or `EXデッキ`), `サイドデッキ (15枚)`,
# `モンスターカード：13枚`, after NFKC has made full-width brackets, colons and digits ASCII.
# The word holds no digit, so a count right after it (`メインデッキ40枚`) is the count: a word
# that could also end in the count's digits let the pattern try every split of a line of
# digits (`ア⑳⑳⑳...(`, 64 characters, NFKC'd to 125: 0.6 ms a line, 28 s for a pasted
# text of them), and no heading's word has a digit. A mark may stand first, as posts mark
# their headings (`◆モンスター`, `■ 魔法`): only a heading's word follows it here.
# The count may stand inside the brackets too (`【モンスター：9枚】`), read by a pattern of its
# own: one pattern taking a count on either side of an optional bracket tried every split of
# a line of digits between the two counts (the `ア⑳⑳⑳...(` text above: 23 s, not 2).
_HEADING_MARKS = "◆◇■□●○▼▽▲△★☆◎♦※"
_HEADING_START = rf"^(?:[{_HEADING_MARKS}]\s*)?"
_HEADING_WORD = r"(?P<word>[^\s\d【】()\[\]:]+)"
_COUNTER = f"[{_COUNTERS}]?"  # the counter of flat things: Japanese 枚, Korean 장, Chinese 张 (張)
_JAPANESE_COUNT = rf"(?::?\s*(?:\(\s*\d+\s*{_COUNTER}\s*\)|\[\s*\d+\s*{_COUNTER}\s*\]|\d+\s*{_COUNTER}))?"
_JAPANESE_HEADER = lazy(rf"{_HEADING_START}【?{_HEADING_WORD}】?\s*{_JAPANESE_COUNT}\s*:?$")
_JAPANESE_BRACKETED_HEADER = lazy(rf"{_HEADING_START}【{_HEADING_WORD}\s*{_JAPANESE_COUNT}\s*】\s*:?$")
# A heading in square or lenticular brackets in any language, its count (Japanese or plain,
# `N cards` as `Side Deck: 15 cards` is) inside them or after them, after NFKC:
# `[Sideboard] (15)`, `【Extra Deck】15枚`, `【Side Deck：15枚】`, `【Extra Deck】 15 cards` (the
# heading inside is read as any: `[Sideboard] (15)` was a category heading of the list's own,
# the sideboard's cards counted in the main deck, and `【Extra Deck】15枚` 15 copies of a card
# '【Extra Deck】'). Only for a line starting with a bracket, which no card line does
# (`【灰流うらら】3枚` is read on as a card: its inside heads nothing). Its inside holds no digit
# (no heading's word does), so a count's digits are tried from one place only.
_BRACKET_COUNT = rf"(?::?\s*(?:\(\s*\d+\s*(?:{_COUNTER}|cards?)\s*\)|\[\s*\d+\s*{_COUNTER}\s*\]|\d+\s*(?:{_COUNTER}|cards?)))?"
_BRACKET_HEADER = lazy(rf"^[\[【](?P<inner>[^\[\]【】\d]+?)\s*{_BRACKET_COUNT}\s*[\]】]\s*{_BRACKET_COUNT}\s*:?$",
                       re.IGNORECASE)
_BRACKET_STARTS = ("[", "【")
# A count with its counter alone on a line (`40枚`, `（15枚）`, `【3장】`): the count of the deck or
# section headed above, as a heading carries it (`メインデッキ40枚`); it names no card (it was
# 0 copies of a card `4`). The counter is required: a bare `40` stays a parse error.
_COUNTER_ALONE = lazy(rf"^[(\[【]?\s*\d+\s*[{_COUNTERS}]\s*[)\]】]?$")
# A line's first and last characters as written that _COUNTER_ALONE may match after NFKC (the
# full-width brackets too): the quick test before it, in parse's loop.
_COUNT_ALONE_STARTS = frozenset("(\uff08[\uff3b【")
_COUNT_ALONE_ENDS = frozenset(_COUNTERS + ")\uff09]\uff3d】")
_JAPANESE_SECTIONS = {
    "メインデッキ": MAIN, "メイン": MAIN, "エクストラデッキ": EXTRA, "エクストラ": EXTRA, "exデッキ": EXTRA,
    "サイドデッキ": SIDEBOARD, "サイド": SIDEBOARD,
    **dict.fromkeys(("モンスター", "モンスターカード", "魔法", "魔法カード", "罠", "罠カード"), ""),
    # Magic's deck and sideboard as Japanese lists head them, and as Chinese ones do (主牌,
    # 备牌; 備牌 in traditional characters), read by the same pattern.
    "デッキ": MAIN, "サイドボード": SIDEBOARD, "主牌": MAIN, "备牌": SIDEBOARD, "備牌": SIDEBOARD,
    # And the other languages whose headings are not in Latin letters, keyed without their
    # spaces (the heading's word holds none): Magic's deck and sideboard as MTG Arena's Korean
    # client and Russian lists head them, Yu-Gi-Oh!'s decks as Konami's Korean cards (`메인 덱`,
    # `엑스트라 덱`, `사이드 덱`) and YGOPro's Chinese (`主卡组`, `额外卡组`, `副卡组`; 牌組 in
    # traditional characters) word them.
    "덱": MAIN, "사이드보드": SIDEBOARD, "메인덱": MAIN, "엑스트라덱": EXTRA, "사이드덱": SIDEBOARD,
    "колода": MAIN, "основнаяколода": MAIN, "сайдборд": SIDEBOARD, "сайд": SIDEBOARD,
    "主卡组": MAIN, "额外卡组": EXTRA, "副卡组": SIDEBOARD, "主牌組": MAIN, "額外牌組": EXTRA, "副牌組": SIDEBOARD,
    # Magic's commander and companion in Japanese (統率者, 相棒), Korean, Russian and Chinese.
    "統率者": COMMANDER, "相棒": COMPANION, "사령관": COMMANDER, "командир": COMMANDER, "指挥官": COMMANDER,
    "指揮官": COMMANDER,
}


def _japanese_section(line: str) -> str | None:
    """`_section` of a heading in Japanese, else None."""
    # Squeezed again: NFKC may make spaces of other characters, and the pattern's runs of
    # `\s*` side by side would try every split of a run.
    line = squeeze(nfkc(line))
    if _COUNTER_ALONE.match(line):
        return ""  # passed over as a category heading is: the zone stays
    match = _JAPANESE_HEADER.match(line) or _JAPANESE_BRACKETED_HEADER.match(line)
    if match is None and " " in line:
        # A heading of two words (`메인 덱 (40장)`, `Основная колода`), keyed without its space.
        unspaced = line.replace(" ", "")
        match = _JAPANESE_HEADER.match(unspaced) or _JAPANESE_BRACKETED_HEADER.match(unspaced)
    return _JAPANESE_SECTIONS.get(match.group("word").casefold()) if match else None


# A list pasted into a post: between a code block's fences (common.is_fence), or quoted line
# by line (`> 4 Lightning Bolt`, Reddit). No card line starts with either.
_QUOTE = lazy(r"^(?:>\s?)+")


# A whole line in Markdown's bold or italics, as Reddit and Discord posts write their
# headings (`**Creatures (4)**`, `__Sideboard__`, `*Spells*`): the line it wraps. The text
# inside starts and ends with neither a space nor the marker, so Unfinity's blank names
# (`_____`, `_____ Goblin`) stay as written.
_EMPHASIS = "*_"
_EMPHASIZED = lazy(r"^(?P<mark>\*\*|__|\*|_)(?P<inner>[^\s*_](?:.*[^\s*_])?)(?P=mark)$")


def _unemphasized(line: str) -> str:
    """`line` (squeezed, not empty) without the Markdown emphasis wrapping all of it."""
    if line[0] in _EMPHASIS and (inner := _EMPHASIZED.match(line)) is not None:
        return inner.group("inner")
    return line


# A bullet before a counted card line, as lists are pasted from Markdown (Reddit, Discord,
# a site's Markdown export): `* 4 Lightning Bolt`, `- 4 Lightning Bolt`, `• 4 ...`; the
# white circle and small square a web page's nested lists copy as (`◦`, `▪`), the middle
# dot, triangle and hyphen bullets of typed lists and word processors (`·`, `‣`, `⁃`) and
# the black circle and square (`●`, `■`). Only before a count: `-4 Name` is a count of its
# own, and a bullet before a name alone stays unread (no card name starts so, but a
# sentence may).
_BULLETS = "*-+\u2022\u25e6\u25aa\u00b7\u2023\u2043\u25cf\u25a0"
_BULLET = lazy(rf"^[{re.escape(_BULLETS)}]\s+(?=\d)")
# A numbered list's number before a counted card line, as a web page's or Markdown's
# numbered list is copied (`1. 4 Lightning Bolt`, `2) 4 Chain Lightning`): no count is
# written with a full stop or a closing parenthesis after it, nor any card name so. Only
# before a count, as a bullet: `1. Lightning Bolt` may be a count typed wrong.
_NUMBERED = lazy(r"^\d{1,4}[.)]\s+(?=\d)")
_NUMBER_ENDS = frozenset(".)")  # a cheap test before the pattern: few counted lines hold one so early
# A list number before anything (`1. Lightning Bolt`, `2) Counterspell`): dropped before a
# name only where the numbers run as a list's do (_numbered_list).
_LIST_NUMBER = lazy(r"^(\d{1,4})[.)]\s+")


def _numbered_list(groups: list[list[tuple[int, str | tuple[str, int], str | None]]]) -> frozenset[int]:
    """The lines of a numbered list whose numbers stand before names with no count (a
    singleton list copied from a web page or Markdown: `1. Lightning Bolt`): the card lines
    numbered so run 1, 2, 3 one after another (across headings and blank lines), a run
    starting from 1 again where it likes; at least two of them. None (empty) when a numbered
    line breaks its run (`1.`, `3.`) or one alone is numbered: such a number may be anything,
    and the line is read as written."""
    numbered: list[int] = []
    previous = 0  # the number of the card line before, 0 when it had none
    for group in groups:
        for number, line, _ in group:
            found = _LIST_NUMBER.match(line) if line.__class__ is str else None
            if found is None:
                previous = 0
                continue
            value = int(found.group(1))
            if value not in (1, previous + 1):
                return frozenset()
            previous = value
            numbered.append(number)
    return frozenset(numbered) if len(numbered) > 1 else frozenset()


def _card_line(line: str, *, zone: str, number: int, listed: bool = False) -> CardEntry | Problem:
    """The entry of a card line (or its problem); `listed`: the line is one of a numbered
    list (_numbered_list), its number dropped."""
    written = line
    if line[0] in _BULLETS and (bullet := _BULLET.match(line)) is not None:
        line = line[bullet.end():]
    elif listed:
        line = line[_LIST_NUMBER.match(line).end():]  # type: ignore[union-attr]
    elif line[0].isdigit() and _NUMBER_ENDS.intersection(line[1:5]) and (numbered := _NUMBERED.match(line)):
        line = line[numbered.end():]
    match = _count_first(line)
    if match:
        name, hinted = _strip_decorations(match.group("name"))
        if name[-1:] in _PRINTING_COUNT_ENDS and ("(" in name or "[" in name):
            name = _without_count_after_printing(name)
        return make_entry(match.group("count"), name, zone=hinted or zone, line=number, raw=written)
    bare, hinted = _strip_decorations(line)
    match = _COUNT_LAST.match(bare) if _may_end_in_a_count(bare) else None
    if match:
        # Decorations may also stand before the count: `Lightning Bolt (M10) 146 x4`.
        name, inner = _strip_decorations(match.group("name"))
        count = next(filter(None, match.group(*_COUNT_LAST_GROUPS)))
        return make_entry(count, name, zone=hinted or inner or zone, line=number, raw=written)
    return _uncounted(bare, line, zone=hinted or zone, number=number) or parse_error(
        ROW_WITHOUT_HEADER if written[:1] == "|" else _YDKE_IN_TEXT if _is_ydke(written) else _expected_count(written),
        line=number, text=written, zone=zone,
    )


# The last character (but blanks) of every line _COUNT_LAST reads: a count's digit, an `x`
# after one (`4x`), a closing bracket (`(x4)`, `(4)`) or a counter (`3枚`).
_COUNT_LAST_ENDS = frozenset(")" + _TIMES[1:-1] + _COUNTERS)


def _may_end_in_a_count(bare: str) -> bool:
    """Whether `bare` may be a card line with its count last (`_COUNT_LAST`), told from its
    last character: the pattern tries its count at every position of the line, so on 4 MiB
    of lines that end in no count (a heading, a name alone) it cost a second in linear time."""
    last = bare.rstrip()[-1:]
    return last.isdigit() or last in _COUNT_LAST_ENDS


def _expected_count(written: str) -> str:
    """The parse error of a line with no count to read: a bullet before a name alone (`- Sol
    Ring`, a singleton list pasted from Reddit), which _BULLET reads only before a count, is
    told how a bulleted card line is written."""
    if written[0] in _BULLETS and written[1:2].isspace():
        return f"expected `COUNT Card Name` (a bullet is read before a count only: `{written[0]} 4 Name`)"
    return "expected `COUNT Card Name`"


# A spreadsheet's two columns pasted, the name then its count, part them with a tab
# (`Lightning Bolt<TAB>4`): no card name holds a tab, so the number after one is a count
# (squeeze would make it `Lightning Bolt 4`, an unknown card).
_TAB_COUNT = lazy(r"^(?P<name>[^\t]*\S)\t[\t ]*(?P<count>[0-9]{1,3})$")


# What _count_after_tab gives the row that sums the list (`Total<TAB>60`): no line at all.
_SUMS_THE_LIST = ""


def _tab_row(line: str) -> tuple[str, str] | None:
    """(name, count) of a line `Name<TAB>4`; None for any other line. The name cell is read
    as a Markdown table's card cell is (`**Name**`: the name it wraps), and without a colon
    after it (`Name:`, `Name：`, a label's; no card name ends in one)."""
    match = _TAB_COUNT.match(line)
    if match is None:
        return None
    name = _unemphasized(squeeze(match["name"]))
    if name[-1] in _CELL_COLONS and len(name) > 1:
        name = name[:-1].rstrip()
    return name, match["count"]


_CELL_COLONS = ":\uff1a"


def _count_after_tab(line: str) -> str | None:
    """`Name x4` for a line `Name<TAB>4` (the count after the name, where a label before
    it, `SB: Name`, `Commander: Name`, leaves it read), _SUMS_THE_LIST for the sheet's total
    row (as a Markdown table's, markdown_table.is_total); None for any other line."""
    row = _tab_row(line)
    if row is None:
        return None
    name, count = row
    if is_total(name):
        return _SUMS_THE_LIST
    return f"{name} x{count}"


def _is_ydke(line: str) -> bool:
    from . import ydke  # only for a line no reading took: a list's start-up needs none of it

    return ydke.sniff(line)


# A ydke:// URL under a line of text (a Discord message copied whole) makes the file a text
# list; the URL is read only as the whole file or the argument (decklists/ydke.py).
_YDKE_IN_TEXT = ("a ydke:// deck URL inside a text list: write the URL alone in its file (or give it as the "
                 "argument itself) to have it read")


# A line that names a card and no count (`Lightning Bolt`): players paste lists so, and a
# singleton deck's list needs no counts. Read as one copy, and said so once a deck
# (`_uncounted_warning`). Only a line that could be a card name is read so: one of at most
# _NAME_WORDS words (every legal card of the card data has fewer; Unfinity's 25-word joke
# is legal nowhere) and _NAME_CHARS characters, starting with a capital, digit or quote and
# holding no character that no card name holds. Text that is clearly something else stays
# a parse error: a link, a `Total: 60` label, a line that ends in a colon, a sentence, a
# line that ends in a heading's count.
_NAME_WORDS = 12
_NAME_CHARS = 150
_NOT_IN_NAMES = frozenset("{}|\\;~`$^*[]\t")
# `Ramp (10)`, `Anti-Graveyard [1]`: a heading's count (no card name ends in one), where no
# card lines follow to make it a heading; read as a card, the count would be lost unseen.
_HEADING_COUNT = lazy(r"[(\[]\s*\d+\s*[)\]]\s*:?$")
# `Total: 60`, `Cards: 75 cards`; `SB 2 Duress`, a sideboard line without its colon.
_LABEL = lazy(r"^(?:[^:]*:\s*\d[\d\s]*(?:cards?)?|sb\s+\d.*)$", re.IGNORECASE)
# A full stop after a word of three or more small letters ends a sentence (`Vol. VII`,
# `vs.` and `Esq.` are a card's; `Danger! Zone` too, so `!` and `?` end none).
_SENTENCE = lazy(r"[a-z]{3}\.(?:\s+[A-Z]|$)|\b(?:https?://|www\.)")


# Sections that hold one copy of each card they name, by the game's rules (a hero, a
# commander, a companion): a name there with no count is that one copy, as sure as `1 Name`,
# and no warning asks whether 1 is right.
_ONE_COPY_ZONES = frozenset((HERO, COMMANDER, COMPANION))


class _Uncounted(Problem):
    """A line read as one copy of the card it names (its `entry`): no problem of its own,
    but returned where `_card_line` returns its problems, so that lines with a count pay
    nothing for it (parse counts these lines for one warning)."""

    __slots__ = ("entry",)

    def __init__(self, entry: CardEntry) -> None:
        super().__init__(rule="parse-error", message="", severity="info", line=entry.line)
        self.entry = entry


def _uncounted(bare: str, line: str, *, zone: str, number: int) -> _Uncounted | None:
    """One copy of the card `bare` names (`line` as written, its decorations kept), when it
    could be a card name (above)."""
    # A name starts with a capital (of a cased script), a digit (`8-Claws Scorpion`, when
    # no count could be read there) or a quote: `this is not a list` is prose.
    if not bare or len(bare) > _NAME_CHARS or bare.isdigit() or bare[0].islower():
        return None
    if bare[-1] in TIMES_CHARS and bare[:-1].rstrip().isdigit():
        return None  # `4x`: a count and its x, the name lost (a file cut there), as `4` alone
    if not (bare[0].isalnum() or bare[0] in "\"'_"):
        return None
    if len(bare.split()) > _NAME_WORDS or not _NOT_IN_NAMES.isdisjoint(bare) or bare.endswith(":"):
        return None
    if _LABEL.match(bare) or _SENTENCE.search(bare) or _HEADING_COUNT.search(line):
        return None
    name = display_name(bare)
    return _Uncounted(CardEntry(name=name, count=1, zone=zone, line=number)) if name else None


def _uncounted_warning(lines: list[int], first: str) -> Problem:
    """The one warning of a deck whose `lines` named a card with no count (`first` the
    first such card): they were read as one copy each."""
    if len(lines) == 1:
        what = f"no count on this line: read as 1 copy of {first!r}; write `1 {first}` if that is right"
    else:
        what = (f"no count on {lines_text(lines)}: each was read as 1 copy; "
                "write the count before each name (`1 Card Name`) if that is right")
    return parse_error(what, line=lines[0], severity=WARNING)


def _name_on(entries: list[CardEntry], line: int) -> str:
    return next(entry.name for entry in entries if entry.line == line)


def _maybe_title(
    groups: list[list[tuple[int, str | tuple[str, int], str | None]]], uncounted: list[int],
    entries: list[CardEntry], warning: Problem,
) -> MaybeTitle | None:
    """The list's first card line, when it is named with no count (the first of
    `uncounted`) and under no header, as a title it may be (MaybeTitle): when it stands
    alone above the other cards (a blank line after it) or above a counted card, and no
    card came before it (a `Commander:` line, a hero). A list whose lines are all
    uncounted (a singleton list) starts with a card, not a title."""
    first = groups[0]
    line, text, explicit = first[0]
    if line != uncounted[0] or explicit is not None:
        return None
    if any(entry.line is not None and entry.line < line for entry in entries):
        return None
    alone = len(first) == 1
    if alone:
        if len(groups) == 1:
            return None
    elif first[1][0] in uncounted:
        return None
    others = uncounted[1:]
    rest = _uncounted_warning(others, _name_on(entries, others[0])) if others else None
    # The title as written (`Burn by u/someone`), not as a card's name reads it (a slash
    # joins two faces there).
    return MaybeTitle(line, str(text), _name_on(entries, line), alone, warning, rest)


def parse(text: str, source: str = "<text>") -> Deck:
    deck = Deck(source=source, input_format=NAME)
    start = text.lstrip("\ufeff \t\r\n")
    if start.startswith("<"):
        # An XML file no parser claimed (a broken .dek, another program's XML): one clear problem
        # instead of a parse error on every line. A deck site's page saved as the list is
        # said to be one: the XML exports named would send its owner the wrong way.
        message = (_WEB_PAGE if _HTML_START.match(start)
                   else "XML of a kind deckcheck does not read (it reads MTGO .dek, Cockatrice .cod and OCTGN .o8d)")
        deck.problems.append(parse_error(message, line=1))
        return deck
    if "\r" in text and "\r" not in text.replace("\r\n", "\n"):
        plain_text = text.replace("\r\n", "\n")  # Windows line ends: the same lines
    else:
        plain_text = text
    if _parse_plain(plain_text, deck):
        return deck
    from . import csv_export  # only a list the fast path did not read: `validate` of a plain list skips it

    csv_header = csv_export.find_header(text)
    if csv_header is not None:
        # Stray NULs go, as from a typed list's lines below (`has_nul`): its rows kept them
        # (`Light\0ning Bolt` no card; Python 3.10's csv refuses a row that holds one).
        csv_export.read(text.replace("\x00", "") if "\x00" in text else text, csv_header, deck, _SECTION_ZONES.get)
        _companion_in_sideboard(deck)  # a `companions` board's card is a sideboard card too
        return deck
    headerless = csv_export.find_headerless(text) if "," in text else None
    if headerless is not None:
        header, title = headerless
        csv_export.read(text.replace("\x00", "") if "\x00" in text else text, header, deck, _SECTION_ZONES.get)
        deck.name = deck.name or title or None
        return deck
    # Pass 1 classifies lines; zones from blank lines are decided once the whole shape is known.
    # (line no, text or an already read (name, count), explicit zone)
    groups: list[list[tuple[int, str | tuple[str, int], str | None]]] = [[]]
    zone: str | None = None  # None until a header names one
    saw_header = False
    in_about = False
    table: MarkdownTable | None = None  # the Markdown table whose rows are being read
    # Each section heading: its line, the zone after it, its text, whether it heads a zone
    # (`Sideboard`) rather than a category (`Creatures`).
    headings: list[tuple[int, str | None, str, bool]] = []
    # The totals the list states (`Main Deck Total: 40`, `Sideboard (15)`): line, text, what
    # it is (STATED_*), the first card line of the blank-line group a total closes.
    stated: list[tuple[int, str, str, int | None]] = []
    has_nul = "\x00" in text
    plain_card = _plain_card
    lines = split_lines(text)
    # Not a decklist at all (limits.py): when the first lines that should be cards are all
    # unreadable and none is a card, the rest is counted, not read.
    unread = 0
    hopeless = _Hopeless(deck.problems)
    may_be_numbered = False  # a line that a list's number may start (_numbered_list): few lists hold one
    for number, raw in enumerate(lines, start=1):
        if hopeless.check(groups):
            unread = len(lines) - number + 1
            break
        line = raw.strip()
        if has_nul:
            line = line.replace("\x00", "").strip()  # `\x00 \x00` is a blank line too
        if line[:1] == ">":
            line = _QUOTE.sub("", line)  # `> 4 Lightning Bolt`: a list quoted in a post
        if "|" in line:
            # A Markdown table (decklists/markdown_table.py), its outer bars written or not: its
            # header and separator are no cards, and each row is read as the line `COUNT Name`.
            # A row longer than any line is such a line (too_long below), never split into
            # cells: 4 MiB of `x |` made a million of them (120 MB for one pasted text).
            # A header with its separator below starts a table, also right under another's
            # rows (two tables with no blank line between: the second's header was a card).
            following = lines[number].strip() if number < len(lines) else None
            if following and following[0] == ">":
                following = _QUOTE.sub("", following)  # a table quoted in a post, as its header is
            if MarkdownTable.starts(line, following):
                table = MarkdownTable(line)
                if not table.readable:
                    deck.problems.append(parse_error(table.problem(), line=number))
                continue
            if table is not None and len(line) <= MAX_LINE_CHARS:
                cells = table.row(line) if table.readable else None
                if cells is None:
                    continue
                if cells.__class__ is TotalRow:
                    # `| **Total** | 60 |`: the number its two cells state (not a price's sum beside them).
                    stated.append((number, total_said(cells), STATED_TOTAL, _group_start(groups)))
                    continue
                name = _unemphasized(squeeze(cells[1]))  # `| 4 | **Mountain** |`
                line = f"{cells[0]} {name}" if cells[0] else name
        else:
            table = None  # any other line ends the table
        if not line:
            in_about = False
            if groups[-1]:
                if zone in _COMMAND_ZONES and groups[-1][-1][2] == zone:
                    # The command zone's cards, then a blank line: a typed list's deck follows
                    # without a `Deck` header (its layout says where its sideboard is when
                    # only cards beside the deck were headed: _BESIDE_DECK).
                    zone = MAIN if saw_header else None
                groups.append([])
            continue
        if len(line) > MAX_LINE_CHARS:
            deck.problems.append(too_long(line, number))  # type: ignore[arg-type]
            continue
        if line[-1] in _COUNT_ALONE_ENDS and (line[0].isdigit() or line[0] in _COUNT_ALONE_STARTS) \
                and _COUNTER_ALONE.match(nfkc(line)):
            # `40枚`, `（40枚）`: the count of the deck or section above (_COUNTER_ALONE), no
            # heading, so a list with no other keeps its blank-line sideboard.
            stated.append((number, line, STATED_ALONE, _group_start(groups)))
            continue
        if line[0].isdigit() and not in_about:
            # `4 Name`, the shape of almost every line: no header, comment, hero or SB: line starts so.
            # Read as the fast path reads it: what _card_line would make of it, without its detours.
            plain = plain_card(line) if len(line) <= _PLAIN_LINE_CHARS else None
            if plain is None and "\t" in line and (row := _tab_row(line)) is not None:
                # `7 Colored Fish<TAB>2`: a spreadsheet's name that starts with a number
                # (7 Colored Fish, 1996 World Champion), its count after the tab.
                plain = f"{row[1]} {row[0]}"
            if plain is None and not may_be_numbered:
                may_be_numbered = bool(_NUMBER_ENDS.intersection(line[1:5]))  # `1. Lightning Bolt`
            groups[-1].append((number, plain or squeeze(line), zone))
            continue
        # `Name<TAB>4`, a spreadsheet's columns: read as `Name x4` by the lines that name a
        # card (a card line, `SB:`, `Commander:`, `Hero:`, `Sideboard: Name`), once no
        # heading took the row as written (`Sideboard<TAB>15`, `Creatures<TAB>20`; a total
        # row, `Total<TAB>60`, is no line at all).
        tabbed = _count_after_tab(line) if "\t" in line else None
        if tabbed == _SUMS_THE_LIST:
            stated.append((number, line, STATED_TOTAL, _group_start(groups)))  # `Total<TAB>60`
            continue
        line = squeeze(line)
        if "\uff1a" in line:
            # The full-width colon Japanese and Chinese input types (`Main Deck：`): no card
            # name holds one, and every header and `Name:` line is read with `:`.
            line = line.replace("\uff1a", ":")
        if is_fence(line):
            continue  # a code block's fence around a list pasted into a post
        line = _unemphasized(line)  # `**Sideboard**`: the heading Markdown made bold
        if line.startswith("#") or line.startswith("//"):
            comment = line.lstrip("#/").strip()
            named = _NAME_COMMENT.match(comment)
            if named:
                deck.name = deck.name or named.group("name").strip()
                continue
            # Matched as written: squeezed, `# HERO  Name` would be `# HERO Name`, as a
            # Yu-Gi-Oh! section comment of its HERO archetype is (`# HERO Monsters`).
            hero = _HERO_COMMENT.match(raw.strip().lstrip("#").lstrip()) if line.startswith("#") else None
            if hero:
                name = _strip_decorations(squeeze(hero.group("name")))[0]
                deck.entries.append(CardEntry(name=name, count=1, zone=HERO, line=number))
                continue
            section = _section(comment) if comment else None
            if section is not None:
                zone = _zone_after(section, zone)
                # A category heading also means groups are not MTGO's sideboard.
                saw_header = saw_header or zone not in _BESIDE_DECK
                headings.append((number, zone, line, bool(section)))
                if _has_digit(comment):
                    stated.append((number, line, STATED_HEADING, None))  # `// Sideboard (15)`
            elif comment and zone in _COMMAND_ZONES and groups[-1] and groups[-1][-1][2] == zone:
                # A comment after the command zone's cards heads a category of the list's own
                # (`// Commander`, its card, then `// Ramp`): the deck follows, not more commanders.
                zone = MAIN if saw_header else None
            continue
        if line[0] == "!":
            # `!side`: the .ydk's Side Deck header, above cards by name in a list some tools
            # write out with YGOPro's headers (`#main`, `#extra`, `!side`), the first two
            # read above as headers in comments. No card name starts with `!`.
            section = _section(line[1:].strip())
            if section is not None:
                saw_header = True
                zone = _zone_after(section, zone)
                headings.append((number, zone, line, True))
                continue
        hero = _HERO_LINE.match(tabbed or line)
        if hero:
            # The hero beside the deck, not a header of it: a WoW TCG list needs this line, so
            # its last blank-line group may still be the side deck, as an MTGO export's is.
            name, after = _count_after(_strip_decorations(hero.group("name"))[0])
            if after not in (None, 1):  # `Hero: Name x2` is no hero's count: the name as written
                name = _strip_decorations(hero.group("name"))[0]
            deck.entries.append(CardEntry(name=name, count=int(hero.group("count") or 1), zone=HERO, line=number))
            continue
        named = _NAMED_LINE.match(tabbed or line)
        if named:
            name, after = _count_after(_strip_decorations(named.group("name"))[0])
            name = display_name(name)
            count = int(named.group("count") or after or 1)
            named_zone = _NAMED_ZONES[named.group("zone").lower()]
            if count == 0:  # `Commander: 0 Name`: the card was read as named '0 Name'
                deck.problems.append(parse_error(ZERO_COUNT, line=number, text=line, zone=named_zone, severity=WARNING))
            else:
                deck.entries.append(CardEntry(name=name, count=count, zone=named_zone, line=number))
            # The companion beside the deck, as a `Hero:` line names the hero, marks no
            # section: a typed list's last blank-line group may still be its sideboard, as
            # an MTGO export's is. A Commander deck has no sideboard, so a `Commander:`
            # line keeps its list's blank lines spacing.
            saw_header = saw_header or named_zone not in _BESIDE_DECK
            continue
        if _FORUM_TAG.match(line):
            continue
        xmage = _XMAGE_META.match(line)
        if xmage:
            deck.name = deck.name or (xmage.group("name") or "").strip() or None
            continue
        if ":" in line and len(groups) == 1 and not groups[0] and not deck.entries \
                and (field := _FORM_FIELD.match(line)) is not None and not _reads_as_card(field.group("value")):
            # Only a form's header, above its cards, and no card line after the colon:
            # `Event: Lightning Bolt x4`, or `Name: Shock` below the cards, is read as any line.
            if field.group("deck"):
                deck.name = deck.name or field.group("value").strip() or None
            continue
        section = _section(line)
        if section is not None:
            if line.strip().lower().rstrip(":") == _ARENA_ABOUT:
                in_about = True
            else:
                zone = _zone_after(section, zone)
                saw_header = saw_header or zone not in _BESIDE_DECK
                headings.append((number, zone, line, bool(section)))
                if _has_digit(line):
                    stated.append((number, line, STATED_HEADING, None))  # `Sideboard (15)`, `Creatures (24)`
            continue
        if in_about:
            arena_name = _ARENA_NAME.match(line)
            if arena_name:
                deck.name = deck.name or arena_name.group("name").strip()
            continue  # Arena's metadata block
        if ("otal" in line or "OTAL" in line or "\u8a08" in line or "\u8ba1" in line) and is_total(line):
            # `Total Monster Cards: 15`, `Main Deck Total: 40`: Konami's Yu-Gi-Oh! form sums
            # each box, and a list typed as it is keeps the sums (a Japanese one's `合計：40枚`,
            # a Chinese one's `合计：40张`: 計 or 计 its last character); like a table's total
            # row, no card (Total War goes on), and no error in a legal deck; compared with
            # the cards once the deck's zones are final (decklists/stated.py).
            stated.append((number, raw.strip(), STATED_TOTAL, _group_start(groups)))
            continue
        headed = _headed_card(tabbed or line)
        if headed is not None:
            section, card = headed
            saw_header = saw_header or section not in _BESIDE_DECK  # `Companions: Name`, as `Companion: Name`
            if section in _COMMAND_ZONES:
                groups[-1].append((number, card, section))  # one card, as `Commander: Name`
            else:
                zone = section
                headings.append((number, zone, line, True))  # a heading, though a card follows it on its line
                groups[-1].append((number, card, zone))
            continue
        if _SB_PREFIX.match(tabbed or line):
            saw_header = True  # the file marks its sideboard itself; blank lines are just spacing
            groups[-1].append((number, _SB_PREFIX.sub("", tabbed or line), SIDEBOARD))
        elif line[-1] in _CATEGORY_ENDS and (category := _own_category(line, lines, number)) is not None:
            saw_header = True
            zone = _zone_after("", zone)
            headings.append((number, zone, line, False))  # its count is checked here (_own_category)
            if category:
                deck.problems.append(parse_error(category, line=number, text=line, zone=zone, severity=WARNING))
        else:
            groups[-1].append((number, tabbed or line, zone))
    groups = [group for group in groups if group]
    # The groups the layout places: not a companion's or hero's alone, headed beside the deck.
    placed = [] if saw_header else [
        index for index, group in enumerate(groups) if any(explicit is None for _, _, explicit in group)]
    blank_line_sideboard = not saw_header and len(placed) > 1
    entries = deck.entries
    last = placed[-1] if blank_line_sideboard else len(groups) - 1
    problems = deck.problems
    guessed = {number for number, _, explicit in groups[last] if explicit is None} if blank_line_sideboard else set()
    uncounted: list[int] = []  # lines that named a card with no count, read as one copy
    listed = _numbered_list(groups) if may_be_numbered else frozenset()
    for index, group in enumerate(groups):
        default_zone = SIDEBOARD if blank_line_sideboard and index == last else MAIN
        for position, (number, line, explicit) in enumerate(group):
            line_zone = default_zone if explicit is None else explicit
            if line.__class__ is tuple:  # already read as a plain `4 Name` line in pass 1
                entries.append(CardEntry(line[0], line[1], line_zone, number))
                continue
            result = _card_line(line, zone=line_zone, number=number, listed=number in listed)
            if isinstance(result, Problem):
                if result.__class__ is _Uncounted:
                    entries.append(result.entry)  # type: ignore[attr-defined]
                    if line_zone not in _ONE_COPY_ZONES:
                        uncounted.append(number)
                    continue
                problems.append(result)
                if not entries and isinstance(problems, LineProblems) and problems.full:
                    # Not one card among the first lines that should be cards: this is
                    # not a decklist (limits.py); stop instead of reading millions of lines.
                    rest = len(group) - position - 1 + sum(len(later) for later in groups[index + 1:])
                    problems.close(not_read=rest + unread)
                    return deck
            else:
                entries.append(result)
    if uncounted:
        warning = _uncounted_warning(uncounted, _name_on(entries, uncounted[0]))
        problems.append(warning)
        deck.maybe_title = _maybe_title(groups, uncounted, entries, warning)
    _guess_sideboard(deck, guessed, len(placed))
    _companion_in_sideboard(deck)
    _hero_beside_its_back(deck)
    deck.empty_command_heading = _empty_command_heading(headings, deck)
    deck.headed = saw_header
    if stated:
        # Compared only by a check (decklists/stated.py builds the boxes then).
        deck.stated_totals = StatedLines(stated, headings, deck.maybe_title.line if deck.maybe_title is not None else None)
    return deck


# What a line that states a number of cards is (decklists/stated.py): a heading with its
# count, a total line, a count alone on its line.
STATED_HEADING, STATED_TOTAL, STATED_ALONE = "heading", "total", "alone"


def _has_digit(line: str) -> bool:
    """Whether a heading holds a digit (`Sideboard (15)`, `メインデッキ（４０枚）`): its count."""
    return any(map(str.isdigit, line))


def _group_start(groups: list[list[tuple[int, str | tuple[str, int], str | None]]]) -> int | None:
    """The first card line of the blank-line group a total under it closes: the group being
    read, or the one above the blank line it follows."""
    if groups[-1]:
        return groups[-1][0][0]
    return groups[-2][0][0] if len(groups) > 1 else None


def _hero_beside_its_back(deck: Deck) -> None:
    """A card listed beside its own back (`Fama'sin the Lifeseer`, then `Fama'sin the
    Lifeseer Back`, as a WoW TCG deck builder's .mwDeck export puts the hero on `SB:` lines)
    is the hero, and the back no card. Only the pair says so: `Fall Back` alone is a card.
    A list that names its hero already keeps its other zones as they are."""
    entries = deck.entries
    if not any(entry.name.endswith(_HERO_BACK) for entry in entries):
        return  # nearly every list: no name ends so
    named = {(entry.zone, entry.name) for entry in entries}
    backs = {(entry.zone, entry.name) for entry in entries if entry.name.endswith(_HERO_BACK)
             and (entry.zone, entry.name[: -len(_HERO_BACK)].rstrip()) in named}
    if not backs:
        return
    fronts = {(zone, name[: -len(_HERO_BACK)].rstrip()) for zone, name in backs}
    has_hero = any(entry.zone == HERO for entry in entries)
    kept = []
    for entry in entries:
        if (entry.zone, entry.name) in backs:
            continue  # the hero card's other side
        if not has_hero and (entry.zone, entry.name) in fronts:
            entry = entry.replace(zone=HERO)
        kept.append(entry)
    entries[:] = kept


def _empty_command_heading(headings: list[tuple[int, str | None, str, bool]], deck: Deck) -> tuple[int, str] | None:
    """The line and text of the first command-zone heading (`Commander`, `// Oathbreaker`)
    with no line of the list read under it, before the next heading or the end: a card, or a
    line that could not be read (its problem says more), or a card line left out with a
    warning (`0 Name`: the list wrote the line there, and is not to be told to add it)."""
    if not any(heading[1] == COMMANDER for heading in headings):
        return None
    used = {entry.line for entry in deck.entries} | {
        problem.line for problem in deck.problems if problem.is_error or problem.zone is not None}
    used.discard(None)
    # In order, so each heading finds the first line read below it by bisection: searching
    # every line read for each heading made 20,000 headings with a card each take 17 s.
    in_order = sorted(used)  # type: ignore[type-var]
    for index, (number, zone, text, _) in enumerate(headings):
        if zone != COMMANDER:
            continue
        end = headings[index + 1][0] if index + 1 < len(headings) else None
        below = bisect_right(in_order, number)
        if below == len(in_order) or (end is not None and in_order[below] >= end):
            return number, text
    return None


def _own_category(line: str, lines: list[str], number: int) -> str | None:
    """Whether `line` (line `number`, not a card and no header deckcheck knows) heads a
    category of the list's own (`Ramp (2)`, as Moxfield and Archidekt export them) with
    card lines under it, up to the next blank line or line that is no `COUNT Name` card:
    None when it does not; "" when its count is theirs (their copies, or their lines); else
    the warning to give, since the line is read as a heading all the same (a count left as
    it was when a card was cut; `Sol Ring (1)` typed above the deck is told how a card is
    written)."""
    if len(line) > _MAX_HEADER_CHARS:
        return None
    heading = _OWN_CATEGORY.match(line)
    if heading is None:
        return None
    total = cards = 0
    # `number` counts from 1: the line after this one. By index, not a slice: a slice
    # copied the rest of the list for each heading (20,000 headings of a hostile list).
    for index in range(number, len(lines)):
        count = _LEADING_COUNT.match(lines[index].strip())
        if count is None:
            break
        total += int(count.group(1))
        cards += 1
    if not cards:
        return None
    said = int(heading.group("count"))
    if said in (total, cards):
        return ""
    return (f"read as a category heading, though it counts {counted_words(said, 'card')} and {total} follow "
            f"(a card is written `COUNT Card Name`)")


def _count_after(name: str) -> tuple[str, int | None]:
    """A header line's card (`Hero: Graccus x1`, `Commander: Name (x1)`) without the count
    written after it, as a card line's (`Name x4`), and that count; the name and None when
    it has none."""
    match = _COUNT_LAST.match(name)
    if match is None:
        return name, None
    return _strip_decorations(match.group("name"))[0], int(next(filter(None, match.group(*_COUNT_LAST_GROUPS))))


def _headed_card(line: str) -> tuple[str, str] | None:
    """The zone and the card line of a section header that names its first card
    (`Sideboard: 2 Duress`); None for any other line."""
    if ":" not in line:
        return None
    match = _HEADED_CARD.match(line)
    if match is None:
        return None
    header = match.group("header").strip()
    if header.lower() == "sb":
        return None  # MTGO's `SB: 2 Name` marks its own line only (_SB_PREFIX)
    # The header as a line of its own would read (`Side Deck Cards: 1 Name` too); a category
    # heading (`Creatures: 4 Goblin Guide`) names no zone.
    section = _section(header)
    return (section, match.group("card")) if section else None


def _zone_after(section: str, zone: str | None) -> str | None:
    """The zone after a header line: the zone it names, or for a category heading
    (`Creatures (20)`) the zone it sits in, except the command zone's: a site's export by
    card type heads the commander `Commander (1)`, then the deck's cards by type."""
    if section:
        return section
    return MAIN if zone in _COMMAND_ZONES else zone


class _Hopeless:
    """Tells, once, whether the first lines that should be cards are all unreadable and no
    card came before them: then the file is not a decklist (limits.py)."""

    def __init__(self, problems: list[Problem]):
        self.limit = problems.limit if isinstance(problems, LineProblems) else 0
        self.done = not self.limit

    def check(self, groups: list[list[tuple[int, str | tuple[str, int], str | None]]]) -> bool:
        if self.done:
            return False
        waiting = [item for group in groups for item in group]  # at most `limit` lines
        if any(item[1].__class__ is tuple for item in waiting):
            self.done = True  # a card: this is a decklist
            return False
        if len(waiting) < self.limit:
            return False
        self.done = True
        # A line read as one copy of a card it names (`_Uncounted`) is a card line here.
        return all(
            isinstance(read := _card_line(line, zone=MAIN, number=number), Problem) and read.__class__ is not _Uncounted  # type: ignore[arg-type]
            for number, line, _ in waiting
        )


def _guess_sideboard(deck: Deck, lines: set[int], groups: int) -> None:
    """Record that the sideboard on `lines` was read from blank lines alone, so the format's
    sizes can still make it part of the main deck (decklists/layout.py). The fast path
    (`_parse_plain`) records the same from the lines and counts it read."""
    sideboard = [entry for entry in deck.entries if entry.zone == SIDEBOARD and entry.line in lines]
    # A list, not a generator: summed in one go (a guess is recorded for most MTGO lists).
    cards = sum([entry.count for entry in sideboard])
    if cards:
        deck.guessed_sideboard = GuessedSideboard(lines=frozenset(lines), cards=cards, groups=groups)


class _LongLine(Exception):
    """A line longer than any card or header line (_PLAIN_LINE_CHARS): its list is no
    plain list. Raised, not returned, so that `_plain_card` keeps no such line."""


@lru_cache(maxsize=_PLAIN_LINES_KEPT)
def _plain_card(line: str) -> tuple[str, int] | None:
    """The (name, count) of a `4 Name` line the fast path reads (without its line break),
    as the general path reads it; None for any other line (_LongLine for one too long to
    be any). Remembered: the lines of a batch's lists repeat (`4 Lightning Bolt`), and the
    answer depends on the line alone."""
    if len(line) > _PLAIN_LINE_CHARS:
        raise _LongLine  # (lru_cache keeps no exception)
    card = _PLAIN_CARD.fullmatch(line)
    if card is None:
        return None
    name = card[2]
    if name.endswith(" obj") and _PLAIN_PDF_NAME.fullmatch(name):
        return None
    if name[-4:].lower() in ("foil", "ched") and _DASHED_FINISH.search(name):
        return None  # `Name - Foil`: the general path drops the finish (_strip_decorations)
    if "  " in name or "/" in name or name[-1] == " " or not name.isprintable():
        # Spacing to tidy or faces to join (a name printable but for single spaces, with
        # no slash, is its own display_name: isprintable is false for every other space).
        name = display_name(name)
    return name, int(card[1])


@lru_cache(maxsize=256)
def _plain_header(line: str) -> str | None:
    """The zone of a main-deck or sideboard header the fast path reads (`Sideboard`,
    `Deck:`); None for any other line that is not a card: another zone, a category
    heading, Arena's `About`, or no header at all (the general path reads those)."""
    if _PLAIN_HEADER.fullmatch(line):
        section = _section(squeeze(line))
        if section == MAIN or section == SIDEBOARD:
            return section
    return None


def _plain_list(text: str) -> bool:
    """Whether `_PLAIN_LIST` matches `text`, matched a slice of whole lines at a time: its
    pattern is one line's, repeated, so the slices together match just when the whole does.
    Python's re keeps a backtracking point for each repetition: over 4 MiB of blank lines
    pasted into a deck site, one match took 814 MB; a slice takes a few. Compiled here, not
    at import: only a text over _PLAIN_CHECKED_CHARS asks, and the pattern takes about a
    millisecond to compile, a sixtieth of a whole `validate`."""
    plain_list = re.compile(_PLAIN_LIST)  # re's own cache keeps it after the first
    start = 0
    while start < len(text):
        end = text.find("\n", start + _PLAIN_SLICE_CHARS)
        end = len(text) if end == -1 else end + 1  # the slice ends with its line's break
        if not plain_list.match(text, start, end):
            return False
        start = end
    return True


def _parse_plain(text: str, deck: Deck) -> bool:
    """A list of `4 Name` lines, empty lines and maybe `Deck`/`Sideboard` headers: the
    general parser's result, faster, added to `deck`. False (and `deck` untouched) when a
    line is none of these: the general parser reads such a list.

    Without headers the MTGO rule decides the zones: with more than one group of lines,
    the last group (after the last blank line between cards) is the sideboard, a guess
    (recorded as `_guess_sideboard` records it). With headers, each header sets the zone of the lines after it
    (the main deck before the first) and blank lines are only spacing."""
    if len(text) > _PLAIN_CHECKED_CHARS and not _plain_list(text):
        return False
    lines = text.split("\n")
    # The lines' cards read at once (map, zip and compress loop in C). A text that gets
    # here is at most _PLAIN_CHECKED_CHARS long: reading all its lines costs little even
    # when its first is no card.
    kept = list(filter(None, lines))
    try:
        cards = list(map(_plain_card, kept))
    except _LongLine:
        return False
    if not all(cards):  # a line that is no card (None): a header, or a line only the general path reads
        others = compress(kept, map(not_, cards))
        return all(map(_plain_header, others)) and _parse_plain_sections(lines, deck)
    if not cards:
        return True
    names, counts = map(_NAME, cards), map(_COUNT, cards)
    # The numbers of the lines that are not empty: the cards' lines, in order.
    numbers = compress(count(1), lines)
    stripped = text.rstrip("\n")
    first_card = len(stripped) - len(stripped.lstrip("\n"))
    cut = stripped.rfind("\n\n", first_card)
    seeded = not deck.entries  # (a fresh deck, as `parse` gives: its entries are the lines' alone)
    if cut == -1:
        deck.entries += map(CardEntry, names, counts, repeat(MAIN), numbers)
        if seeded:
            deck.note_zone_counts({MAIN: sum(map(_COUNT, cards)), SIDEBOARD: 0}, _MAIN_ONLY)
        return True
    # The last group, after the last blank line between cards, has no empty line: its
    # cards stand on the last lines (before any final line breaks), one a line.
    side_cards = stripped.count("\n", cut + 2) + 1
    main_cards = len(cards) - side_cards
    zones = chain(repeat(MAIN, main_cards), repeat(SIDEBOARD, side_cards))
    deck.entries += map(CardEntry, names, counts, zones, numbers)
    last_line = len(lines) - (len(text) - len(stripped))
    # One blank line between the main deck and the sideboard (an MTGO export): two groups.
    one_run = stripped.find("\n\n", first_card) == cut
    groups = 2 if one_run else len(_BLANK_RUN.findall(stripped, first_card)) + 1
    sideboard_lines = frozenset(range(last_line - side_cards + 1, last_line + 1))
    side = sum(map(_COUNT, cards[main_cards:]))
    deck.guessed_sideboard = GuessedSideboard(sideboard_lines, side, groups)
    if seeded:
        # The zones' cards, summed here in C: the check counts them first thing (rules/context.py).
        deck.note_zone_counts({MAIN: sum(map(_COUNT, cards[:main_cards])), SIDEBOARD: side}, _MAIN_AND_SIDEBOARD)
    return True


def _parse_plain_sections(lines: list[str], deck: Deck) -> bool:
    """`_parse_plain` of a list whose lines that are no card are all headers it reads
    (see there): each header sets the zone of the cards after it."""
    entries = []
    zone = MAIN
    counted_heading = False  # a header with its count (`Sideboard (15)`): a stated total
    cards = {MAIN: 0, SIDEBOARD: 0}  # each zone's cards (note_zone_counts): a header reads as one of these
    for number, line in enumerate(lines, start=1):
        if line:
            card = _plain_card(line)
            if card is not None:
                entries.append(CardEntry(card[0], card[1], zone, number))
                cards[zone] += card[1]
            else:
                zone = _plain_header(line)  # type: ignore[assignment]  # a header: _parse_plain asked
                counted_heading = counted_heading or _has_digit(line)
    seeded = entries and not deck.entries  # (a fresh deck, as `parse` gives)
    deck.entries += entries
    if seeded:
        # A zone holds cards just when it holds an entry: every count read is at least 1.
        used = (_MAIN_AND_SIDEBOARD if cards[MAIN] else _SIDEBOARD_ONLY) if cards[SIDEBOARD] else _MAIN_ONLY
        deck.note_zone_counts(cards, used)
    deck.headed = True  # a header above cards, as the general path's saw_header
    if counted_heading:
        # Its headers, read again (a list of thousands of headers and no count keeps none).
        headings = [(number, _plain_header(line), line, True) for number, line in enumerate(lines, start=1)
                    if line and _plain_card(line) is None]
        deck.stated_totals = StatedLines(
            [(number, line, STATED_HEADING, None) for number, _, line, _ in headings if _has_digit(line)], headings, None)
    return True


def _companion_in_sideboard(deck: Deck) -> None:
    """A companion is a sideboard card; Arena lists it in both places, others only once."""
    deck.entries.extend(companions_for_sideboard(deck.entries))


# ---------------------------------------------------------------- writing


def _written_section(title: str | None, rows: list[tuple[int, str]]) -> list[str]:
    lines = [title] if title else []
    return lines + [f"{count} {name}" for count, name in rows]


def write(deck: Deck) -> str:
    yugioh = any(entry.code is not None for entry in deck.entries) or bool(deck.zone(EXTRA))
    blocks: list[list[str]] = []
    if yugioh:
        titles: tuple[tuple[str, str | None], ...] = ((MAIN, "Main"), (EXTRA, "Extra"), (SIDEBOARD, "Side"))
    else:
        heroes = counted(deck, HERO)
        if heroes:
            blocks.append([f"Hero: {name}" for _, name in heroes])
        # The main deck needs its header once another section has come before it.
        headed = bool(heroes or deck.zone(COMMANDER) or deck.zone(COMPANION))
        # A hero makes it a WoW TCG list, whose rules call the sideboard the side deck.
        titles = ((COMMANDER, "Commander"), (COMPANION, "Companion"), (MAIN, "Deck" if headed else None),
                  (SIDEBOARD, "Side deck" if heroes else "Sideboard"))
    for zone, title in titles:
        rows = counted(deck, zone)
        if rows or (zone == MAIN and yugioh):
            blocks.append(_written_section(title, rows))
    return "\n\n".join("\n".join(block) for block in blocks) + "\n"
