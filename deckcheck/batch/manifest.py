"""Registration manifests: a CSV (or tab-separated `.tsv`; Excel's `sep=;` line above the
header names the delimiter: find_header) or YAML table of `player`,
`deck` and optional `team`, `seat`, `format`, `pool`, `platform`, `id` (other columns are
ignored; `date` and `event`, settings of the whole batch, with a warning: EVENT_SETTINGS;
a Commander league's `commander` column too: COMMAND_ZONE_COLUMN).

`platform` is where that player's event is played (`paper`, `mtgo`, `arena`; default the
batch's `--platform`): an unknown value is a `registration` problem of the row.

`pool` is a limited event's registered pool, a decklist file relative to the manifest like
`deck` (the same file for every member of a team that shares one).

`deck` is a `ydke://` URL (the deck itself, named in reports as on the command line) or a
path relative to the manifest (`\\` separates folders as `/` does), and stays
inside the manifest's folder (inside the archive for a zip): an absolute path, a `..` that
leaves the folder, a link out of it (tree.py) or a Windows drive letter is a problem of its
row, unless the organiser trusts the manifest (`batch --allow-outside-paths`, never for a
zip; a drive letter stays a problem where there are no drives: manifest_paths.py). A row that cannot be
taken as it is (no player, no deck, a cell that is a list, a path no file can have, NUL
bytes: manifest_text.py, a table cell over MAX_MANIFEST_CELL_CHARS) still becomes a
registration, carrying a `registration` problem that names its line, so the other rows
are checked and nobody disappears from the report; a cell that is a list or mapping is that column's problem, the row's other cells stand
(its deck is checked), and in a column deckcheck ignores it does not matter. A manifest
that cannot be read at all (bad YAML, anchors or aliases, no `player`/`deck` column, a
column deckcheck reads given twice in any case) is an error: exit 2.
"""
from __future__ import annotations

import csv
import io
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..record import NamedTuple
from .. import tree
from ..decklists import inline_name, inline_text, is_inline, web_address, web_address_advice
from ..errors import FormatError, InputError
from ..limits import MAX_MANIFEST_CELL_CHARS
from ..names import nfkc, shows_nothing
from ..registered_pools import PASTED_POOL
from ..schema import AnyOf, Bool, Described, MapOf, Null, Number, SchemaError, Str, Unchecked, shown_key, validate
from ..textio import MAX_INPUT_BYTES, read_bounded
from ..wording import counted
from .manifest_paths import Place, drive_letter_reason, file_path, posix, shown_path
from .manifest_text import ManifestText, decode_manifest
from .registration import NO_ANSWER, NO_DECK_NAMED, SEATS, Registration, RegistrationSet, registration_problem

if TYPE_CHECKING:
    from ..formats import FormatRef

# A table manifest's delimiter by suffix (None: told from the header line), and YAML's.
TABLE_DELIMITERS: dict[str, str | None] = {".csv": None, ".tsv": "\t"}
YAML_SUFFIXES = (".yaml", ".yml")
MANIFEST_SUFFIXES = (*TABLE_DELIMITERS, *YAML_SUFFIXES)
REQUIRED = ("player", "deck")
OPTIONAL = ("team", "seat", "format", "pool", "platform", "id")
# Columns that name a setting of the whole batch, not of a row: an organiser who writes
# one means it to take effect, so it is not passed over silently (the other columns
# deckcheck ignores, a sign-up sheet's e-mail or timestamp, are). A YAML manifest's
# top-level keys other than `registrations` are never read, and each is said so.
EVENT_SETTINGS = {
    "date": "the event's day is one for the whole batch: give it with --date",
    "event": "the event's name goes on the sheets with --event",
}
# The same settings as sheets in other languages name them (German, French, Spanish,
# Portuguese, Italian, Japanese: `Datum` holding 31.08.2026, `Turnier`, `日付`): said as
# `date` and `event` are. (Portuguese `data` is left out: an English sheet may mean data.)
_EVENT_SETTING_WORDS = {
    **dict.fromkeys(("datum", "fecha", "日付", "開催日"), "date"),
    **dict.fromkeys(("turnier", "veranstaltung", "événement", "evenement", "evento", "torneo", "torneio",
                     "大会", "大会名", "イベント", "イベント名"), "event"),
}
# Settings of a row written once above `registrations:` (one format for the whole event, as
# a reader would guess): not read, and each says where it goes instead.
ROW_SETTINGS_AT_TOP = {
    "format": "every row is checked against -f FORMAT, or against the format in its own `format` key",
    "platform": "every row is played on --platform, or on the platform in its own `platform` key",
}
_DELIMITERS = (",", ";", "\t")  # spreadsheets in many locales export `;` or tabs
# A manifest is a table of names and paths: 4 MiB is some 80,000 rows.
MAX_MANIFEST_BYTES = MAX_INPUT_BYTES


def is_manifest(path: Path) -> bool:
    return path.suffix.lower() in MANIFEST_SUFFIXES


def read_manifest(path: Path, *, root: Path | None = None, shown: str | None = None, confine: bool = True) -> RegistrationSet:
    """The registrations a manifest lists, in file order, as a `manifest` source named
    `shown` (default: the path).

    Deck and pool paths must stay inside `root` (a zip's extracted folder; default: the
    manifest's folder), unless `confine` is False (an organiser's own manifest, never a
    zip's); `shown` is the manifest's name in messages. The set's `notes` hold a warning
    for each column or top-level key that names a setting of the whole batch
    (EVENT_SETTINGS), which a manifest does not read; `unread` the text and line of a YAML
    manifest's top-level `format:`, for the error of rows that name no format; `files`
    what checking the rows' paths saw of their files (tree.RealFolders.files).
    """
    shown = shown or str(path)
    read = _read(path, shown)
    suffix = path.suffix.lower()
    found = RegistrationSet(source=shown, kind="manifest", manifest=shown)
    if suffix in YAML_SUFFIXES:
        rows = _yaml_rows(read.text, shown, found.notes, found.unread)
    else:
        rows = _csv_rows(read, shown, TABLE_DELIMITERS[suffix], found.notes)
    place = Place(base=path.parent, root=root if root is not None else path.parent, confine=confine or root is not None,
                   archive=root is not None, folders=tree.RealFolders(found.files))
    if not read.nul_lines and not read.odd_lines:  # as nearly every manifest: no notes to look for
        found.registrations = [_registration(line, row, place) for line, _span, row in rows]
    else:
        found.registrations = [_line_notes(_registration(line, row, place), span, read) for line, span, row in rows]
    return found


def _read(path: Path, shown: str) -> ManifestText:
    try:
        data = read_bounded(path, limit=MAX_MANIFEST_BYTES, what="a manifest")
    except InputError as exc:
        raise InputError(shown + str(exc)[len(str(path)):] if str(exc).startswith(str(path)) else str(exc)) from None
    # The encodings spreadsheets export (BOMs, UTF-8, Windows-1252, a file mixing the last
    # two), and the lines whose NUL bytes were left out.
    return decode_manifest(data, source=shown)


def _line_notes(registration: Registration, span: range, read: ManifestText) -> Registration:
    """The row with what reading its lines (`span`) left out or guessed (manifest_text.py)."""
    for message, severity in read.row_notes(span, registration.line):
        registration = registration.with_problem(message, severity=severity)
    return registration


_NO_COMMENT_LINES = "; a manifest has no comment lines: its first line names the columns"


def is_own_report(names: Iterable[str]) -> bool:
    """Whether a table's header `names` are those of the report `deckcheck batch -o csv`
    writes (one row per problem, `scope` first): it names `player` and `deck` columns, but
    its rows are a run's verdicts, not registrations."""
    from ..report.csv import COLUMNS  # only for a table's header

    return tuple(name.strip().strip('"').lstrip("\ufeff").strip().lower() for name in names) == COLUMNS


OWN_REPORT = "a report deckcheck wrote (batch -o csv), not a manifest: its rows are a run's verdicts, not registrations"


def _header(names: list[str], shown: str, line: int) -> list[str]:
    """The column names of a header written on `line` (a CSV's first line that is not
    blank), lower case; InputError when a required one is missing or one is given twice,
    or when it is deckcheck's own CSV report's."""
    if is_own_report(names):
        raise InputError(f"{shown}: {OWN_REPORT}; give the manifest of the registrations, or their folder")
    spelled = [name.strip().lstrip("\ufeff") for name in names]
    header = [name.lower() for name in spelled]
    _refuse_twice(spelled, f"{shown} line {line}")
    missing = [name for name in REQUIRED if name not in header]
    if missing:
        have = ", ".join(name for name in header if name) or "none"
        # A note above the header (`# Spring Open`) is read as the header: say so.
        noted = spelled and spelled[0].startswith("#")
        comment = _NO_COMMENT_LINES if noted else ""
        raise InputError(
            f"{shown} line {line}: missing required column{'s' if len(missing) > 1 else ''} "
            f"{', '.join(repr(name) for name in missing)} (columns found: {have}){comment}{_renames(missing, spelled)}"
        )
    return header


# The words a registration form's questions put in the columns deckcheck reads (`Player
# Name`, `Your name`, `Decklist`, `Paste your deck list`), and those that mean another
# question (`Deck Name`, `Team name`: a list's title, a team; a Commander league's
# `Commander name`, `Companion name`: a card). A column is named for renaming only when it
# says one and none of the others.
_COLUMN_WORDS = {
    "player": (("player", "name"), ("deck", "team", "event", "format", "id", "email", "e-mail", "archetype",
                                    "commander", "commanders", "partner", "companion", "oathbreaker", "card")),
    "deck": (("deck", "decklist", "list", "decklists"), ("name", "archetype", "player", "team", "format")),
}
# The same words in the languages of Europe's and Latin America's forms (German, French,
# Spanish, Portuguese, Italian) and Russia's: `Spieler`, `Nom`, `Nome do jogador`, `Игрок`;
# `Deckliste`, `Liste`, `Mazo`, `Lista do baralho`, `Колода`; a deck's or a team's name (`Nom du
# deck`, `Nombre del equipo`, `Название колоды`) is none.
_FOREIGN_COLUMN_WORDS = {
    "player": (("spieler", "spielername", "teilnehmer", "joueur", "joueuse", "jugador", "jogador", "giocatore",
                "nom", "nombre", "nome", "игрок", "участник", "имя", "фио"),
               ("deckliste", "liste", "lista", "mazo", "baralho", "mazzo", "équipe", "equipe", "equipo", "squadra",
                "mannschaft", "time", "courriel", "correo", "колода", "колоды", "список", "команда", "команды",
                "почта")),
    "deck": (("deckliste", "liste", "lista", "mazo", "baralho", "mazzo", "колода", "список", "деклист"),
             ("nom", "nombre", "nome", "spieler", "joueur", "jugador", "jogador", "giocatore", "équipe", "equipe",
              "equipo", "squadra", "mannschaft", "название", "имя", "игрок", "игрока", "команда", "команды")),
}


# The same in Japanese and Chinese, whose words are not spaced apart, and Korean: parts of the
# question (`プレイヤー名`, `氏名`, `デッキリスト`; `选手`, `姓名`, `卡组`; `이름`, `플레이어`, `덱`),
# and those of another (`デッキ名`, `卡组名`, `덱 이름`: the deck's name; `チーム名`, `队名`, `팀`).
_JAPANESE_COLUMN_PARTS = {
    "player": (("プレイヤー", "氏名", "名前", "选手", "選手", "玩家", "姓名", "名字", "플레이어", "선수", "이름", "성명"),
               ("デッキ", "チーム", "メール", "ID", "卡组", "卡組", "牌组", "牌組", "套牌", "队", "隊", "邮箱",
                "덱", "팀", "이메일")),
    "deck": (("デッキ", "レシピ", "卡组", "卡組", "牌组", "牌組", "套牌", "덱"),
             ("名", "チーム", "プレイヤー", "队", "隊", "选手", "選手", "玩家", "이름", "팀", "플레이어", "선수")),
}


def _asks_for(name: str, column: str) -> bool:
    """Whether the header cell `name` plainly asks for deckcheck's `column` (see above)."""
    words = set(re.findall(r"[\w-]+", name.lower()))
    wanted, other = _COLUMN_WORDS[column]
    foreign_wanted, foreign_other = _FOREIGN_COLUMN_WORDS[column]
    if words & {*wanted, *foreign_wanted} and not words & {*other, *foreign_other}:
        return True
    wanted, other = _JAPANESE_COLUMN_PARTS[column]
    return any(part in name for part in wanted) and not any(part in name for part in other)


def _renames(missing: list[str], spelled: list[str]) -> str:
    """What to rename for the `missing` columns, when one column of the header (`spelled`)
    plainly asks for each (`; rename column 'Player Name' to 'player'`), and what to join
    for a player's name asked in two (`First Name`, `Last Name`); "" otherwise."""
    split = _split_name(spelled) if "player" in missing else None
    said = []
    for column in missing:
        named = [name for name in spelled if _asks_for(name, column)]
        if len(named) == 1 and not (split and column == "player"):
            said.append(f"{named[0]!r} to {column!r}")
    told = f"; rename column {' and '.join(said)}" if said else ""
    if split:
        told += (f"; the player's name is in two columns, {split[0]!r} and {split[1]!r}: "
                 "join them into one column named 'player'")
    players = [name for name in spelled if _asks_for(name, "player")] if "player" in missing and not split else []
    if len(players) > 1:
        # A team's sign-up form, one answer a team (`Player A`, `Deck A`, `Player B`, ...):
        # no column to rename, the rows themselves are to be written out a player each.
        shown = ", ".join(players[:3]) + (f" and {len(players) - 3} more" if len(players) > 3 else "")
        told += (f"; one row asks for several players ({shown}): a manifest has a row for each player, with their "
                 "deck and, for a team, its name in a 'team' column and their seat in a 'seat' column")
    return told


# A sign-up sheet's two questions for a name, given name and family name, in the languages
# above (`First Name`, `Vorname`, `Prénom`, `Nombre`, `Nome`, `Имя`, `이름`, `名`; `Last Name`,
# `Nachname`, `Nom`, `Apellidos`, `Sobrenome`, `Cognome`, `Фамилия`, `성`, `姓`): a manifest
# needs the two in one `player` column. (`이름` alone is a whole name; beside `성`, the given one.)
_GIVEN_NAME_WORDS = frozenset({"first", "given", "forename", "vorname", "prénom", "prenom", "nombre", "nome",
                               "имя", "이름", "名"})
_FAMILY_NAME_WORDS = frozenset({"last", "family", "surname", "nachname", "familienname", "nom", "apellido",
                                "apellidos", "sobrenome", "cognome", "фамилия", "성", "姓", "姓氏"})


def _split_name(spelled: list[str]) -> tuple[str, str] | None:
    """(the given-name column, the family-name column) of a header that asks for a player's
    name in two and for nothing else in either (`Team first name` is another question);
    None unless there is exactly one of each."""
    other = {*_COLUMN_WORDS["player"][1], *_FOREIGN_COLUMN_WORDS["player"][1]}
    given, family = [], []
    for name in spelled:
        words = set(re.findall(r"[\w-]+", name.lower()))
        if words & other:
            continue
        if words & _GIVEN_NAME_WORDS:
            given.append(name)
        elif words & _FAMILY_NAME_WORDS:
            family.append(name)
    return (given[0], family[0]) if len(given) == 1 and len(family) == 1 else None


def _refuse_twice(spelled: list[str], where: str) -> None:
    """InputError (exit 2) when a column deckcheck reads is named twice, in any case: which
    cell is meant cannot be told (a YAML row's duplicate key, same spelling, is invalid YAML)."""
    first: dict[str, tuple[int, str]] = {}  # column -> its first place (from 1) and spelling
    for place, name in enumerate(spelled, 1):
        column = name.lower()
        if column in first and column in REQUIRED + OPTIONAL:
            earlier, spelling = first[column]
            if spelling == name:
                # Spelled alike (a table's header only: YAML refuses a key given twice), so
                # only their places tell the two apart.
                raise InputError(
                    f"{where}: column {column!r} is given twice, as columns {earlier} and {place} "
                    f"({_letters(earlier)} and {_letters(place)} in a spreadsheet); keep one"
                )
            raise InputError(
                f"{where}: column {column!r} is given twice ({spelling!r} and {name!r}; "
                "column names are case-insensitive); keep one"
            )
        first.setdefault(column, (place, name))


def _letters(place: int) -> str:
    """A spreadsheet's name of the column at `place` (from 1): A, ..., Z, AA, AB, ..."""
    letters = ""
    while place:
        place, rest = divmod(place - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


def header_delimiter(first_line: str) -> str:
    """The delimiter of a CSV manifest whose header is `first_line`: the one it holds most
    of, a comma on a tie (a `.tsv` says tabs by its name)."""
    return max(_DELIMITERS, key=first_line.count)


class Header(NamedTuple):
    """A table manifest's header line as found (`text` "" and `line` 0 when there is none)
    and the delimiter a `sep=` line above it names (None without one)."""

    text: str
    line: int
    named: str | None


def find_header(lines: Iterable[str], skip: Callable[[str], bool] | None = None) -> Header:
    """The header of a table manifest written as `lines`: its first line that is not blank
    (nor one `skip` passes over), or the next one when that line is Excel's `sep=;`, which
    names the delimiter on a line of its own above the header (Excel writes it for a
    locale whose lists use another, and reads it back as no row)."""
    named: str | None = None
    first = True  # only the first line that is not blank can be a `sep=` line
    for number, line in enumerate(lines, 1):
        if not line.strip() or (skip is not None and skip(line)):
            continue
        if first:
            first = False
            named = sep_delimiter(line)
            if named is not None:
                continue
        return Header(line, number, named)
    return Header("", 0, named)


def sep_delimiter(line: str) -> str | None:
    """The delimiter a `sep=;` line names (`sep=,`, a tab after `sep=`; in any case), None
    when `line` is not one. A quote cannot delimit cells: such a line is no `sep=` line."""
    line = line.rstrip(" ")
    if len(line) == 5 and line[:4].lower() == "sep=" and line[4] != '"':
        return line[4]
    return None


def _unread_settings(names: Iterable[str], shown: str, what: str) -> list[str]:
    """A warning for each of `names` (columns or keys, lower case) that is an EVENT_SETTINGS,
    names a deck's command zone (COMMAND_ZONE_COLUMN), marks drops (DROP_COLUMN) or is a column deckcheck reads as a
    sign-up sheet words it (`Team Name`: _renamed)."""
    names = list(dict.fromkeys(names))
    present = frozenset(names)
    notes = []
    for name in names:
        setting = name if name in EVENT_SETTINGS else _EVENT_SETTING_WORDS.get(name)
        if setting is not None:
            notes.append(f"{shown}: {what} {name!r} is not read; {EVENT_SETTINGS[setting]}")
        elif _names_command_zone(name):
            notes.append(f"{shown}: {what} {name!r} is not read; {COMMAND_ZONE_COLUMN}")
        elif _names_hero(name):
            notes.append(f"{shown}: {what} {name!r} is not read; {HERO_COLUMN}")
        elif _marks_drops(name):
            notes.append(f"{shown}: {what} {name!r} is not read; {DROP_COLUMN}")
        elif (column := _renamed(name, present)) is not None:
            notes.append(f"{shown}: {what} {name!r} is not read; rename it {column!r} to read each row's "
                         f"{_OPTIONAL_WORDS[column][2]}")
    return notes


# The optional columns as a sign-up sheet may word them: words that name the column, and
# words that may stand beside them (`Team Name`, `team_name`, `Teams`, `Team #`, `Team number`, `Seat letter`,
# `Pool file`, `Player ID`, `DCI number`, `CARD GAME ID`), and what the column holds. A
# column of other words (`Team captain`, `Team ID`, `Deck name`) is another question.
# Passed over silently, a renamed `team` left every team of a Team Unified Construction
# event unchecked, and the run passed.
_OPTIONAL_WORDS: dict[str, tuple[frozenset[str], frozenset[str], str]] = {
    "team": (frozenset({"team", "teams"}), frozenset({"name", "names", "number", "no", "nr", "your", "the"}), "team"),
    "seat": (frozenset({"seat", "seats"}), frozenset({"letter", "position", "your", "the"}), "seat"),
    "pool": (frozenset({"pool", "pools"}),
             frozenset({"file", "path", "list", "sealed", "registered", "card", "cards", "your", "the"}), "registered pool"),
    "format": (frozenset({"format", "formats"}), frozenset({"name", "event", "game", "your", "the"}), "format"),
    "platform": (frozenset({"platform"}), frozenset({"name", "game", "your", "the"}), "platform"),
    "id": (frozenset({"id", "dci"}),
           frozenset({"player", "players", "wizards", "account", "number", "no", "konami", "card", "game", "member",
                      "dci", "your", "the"}), "player ID"),
}


def _renamed(name: str, present: frozenset[str]) -> str | None:
    """The optional column deckcheck reads that the unread column `name` (lower case) plainly
    is under another name (_OPTIONAL_WORDS), when the manifest has no column of that name
    (`present`); None otherwise."""
    if name in _READ:
        return None
    words = set(re.findall(r"[a-z]+", name))
    for column, (naming, beside, _holds) in _OPTIONAL_WORDS.items():
        if column not in present and words & naming and words <= naming | beside:
            return column
    return None


# A Commander league's sign-up sheet names each player's commander (and companion) in a
# column of its own. What is checked is the command zone the deck's own list names; such a
# column is not compared with it, and an organiser who wrote one would expect it to be (a
# deck leading with another commander passes, a flat list is told it names none), so it is
# said, as EVENT_SETTINGS are. A column of links to the lists is no such column.
COMMAND_ZONE_COLUMN = (
    "each deck is checked with the command zone and companion its own list names (a `Commander` or "
    "`Companion` section, or as its file format names them), and the column is not compared with them"
)
# An organiser marks a player who dropped (`Dropped`, `Drop?`, `Withdrawn`) in a column of
# its own: not read, so the row is still checked, counted and given its sheet, which is said.
# One such word, with at most the answers it takes or `out` beside it (`Dropped (Y/N)`,
# `Dropped out`): `Drop-off point` is another question. A sheet is made only by --sheets.
DROP_COLUMN = ("every row is checked and counted (and given its sheet by --sheets): delete the row of a player "
               "who dropped")
_DROP_WORDS = frozenset({"drop", "dropped", "drops", "withdrawn", "withdrew", "withdraw"})
_DROP_BESIDE = frozenset({"y", "n", "yes", "no", "out"})


def _marks_drops(name: str) -> bool:
    """Whether the column `name` (lower case) marks the players who dropped (_DROP_WORDS)."""
    words = re.findall(r"[^\W\d_]+", name)
    return sum(word in _DROP_WORDS for word in words) == 1 and all(
        word in _DROP_WORDS or word in _DROP_BESIDE for word in words)


# Not `partner`: a Two-Headed Giant sheet's `Partner` column names the teammate.
_COMMAND_ZONE_WORDS = frozenset({"commander", "commanders", "cmdr", "companion", "oathbreaker", "oathbreakers"})
_NOT_A_CARD_WORDS = frozenset({"deck", "decklist", "list", "link", "url", "player"})


def _names_command_zone(name: str) -> bool:
    """Whether the column `name` (lower case) asks for a deck's commander, companion or
    oathbreaker (`Commander`, `Commander(s)`, `Partner commander`, `Companion`, `統率者`)."""
    words = set(re.findall(r"[^\W\d_]+", name))
    return (bool(words & _COMMAND_ZONE_WORDS) or "統率者" in name) and not words & _NOT_A_CARD_WORDS


# A WoW TCG sign-up sheet may ask for each player's hero in a column of its own: read as
# nothing, every list without a `Hero:` line was "no hero" and the column went unmentioned.
HERO_COLUMN = ("each deck is checked with the hero its own list names (a `Hero:` line or a `Hero` section), "
               "and the column is not compared with it; name the hero in each list")
_HERO_WORDS = frozenset({"hero", "heroes"})


def _names_hero(name: str) -> bool:
    """Whether the column `name` (lower case) asks for a deck's WoW TCG hero (`Hero`, `Heroes`, `Hero card`)."""
    words = set(re.findall(r"[^\W\d_]+", name))
    return bool(words & _HERO_WORDS) and not words & _NOT_A_CARD_WORDS


def _quoted(key: str) -> str:
    """A key of the manifest's own as a warning quotes it: cut when long (shown_key)."""
    shown = shown_key(key)
    return shown if shown != key else repr(key)


def _csv_rows(
    read: ManifestText, shown: str, delimiter: str | None, notes: list[str],
) -> Iterator[tuple[int, range, dict[str, Any]]]:
    """The rows of a table manifest, each with its line (the last, for a cell running over
    several) and the lines it spans; `delimiter` None: the one the header line uses most.
    InputError when the header cannot be read (a missing column, NUL bytes in it)."""
    text = read.text
    first, _line, named = find_header(text.splitlines())
    if not first:
        if named is not None:
            raise InputError(f"{shown}: the manifest has no header after its line {'sep=' + named!r} "
                             "(expected a header with columns player, deck)")
        raise InputError(f"{shown}: the manifest is empty (expected a header with columns player, deck)")
    # A `sep=` line's delimiter is the file's own word, over its suffix's and a guess.
    delimiter = named or delimiter or header_delimiter(first)
    above = named is not None  # the `sep=` line, still to be passed over: it is no row
    # csv's own field limit (process-wide, only ever raised here) would stop the whole read
    # at one long cell: no cell can be longer than the text, which MAX_MANIFEST_BYTES bounds,
    # and a cell past MAX_MANIFEST_CELL_CHARS is a problem of its row (`_table_cells`).
    if csv.field_size_limit() < len(text) + 1:
        csv.field_size_limit(len(text) + 1)
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    header: list[str] | None = None
    previous = 0
    span = range(0)
    try:
        for cells in reader:
            end = reader.line_num
            span, previous = range(previous + 1, end + 1), end
            line = span.start  # where the row starts: a quoted cell may hold line breaks (a pasted list)
            # `_blank(cells)`, with the joined text kept: no cell is longer than it (`_table_cells`).
            joined = "".join(cells)
            if not joined or joined.isspace():
                continue
            if above:
                # The first row that is not blank, as `find_header` found the line: csv
                # counts lines as it does, so the header's line and every row's stay right.
                above = False
                continue
            if header is None:
                damaged = read.header_error(span, line)
                if damaged:
                    raise InputError(f"{shown} line {line}: {damaged}")
                try:
                    header = _header(cells, shown, line)
                except InputError as exc:
                    raise _with_header_below(exc, text, line) from None
                notes += _unread_settings(header, shown, "column")
                continue
            if len(cells) > len(header) and not _blank(cells[len(header):]):
                # Cells past the header: an unquoted delimiter inside a cell (`Smith, John`)
                # moved every later cell one column on, so no cell of the row can be trusted
                # (or the sheet has a column of notes with no name: the header names it).
                held = "a tab" if delimiter == "\t" else f"{delimiter!r} (\"Smith{delimiter} John\")"
                why = (f"{len(cells)} cells, but the header names {len(header)} columns; quote a cell that holds {held}, "
                       "or name the extra column in the header")
                yield line, span, {"_error": why}
                continue
            yield line, span, _table_cells(header, cells, within=len(joined) <= MAX_MANIFEST_CELL_CHARS)
    except csv.Error as exc:
        raise InputError(f"{shown} line {reader.line_num}: not valid CSV ({exc})") from None
    _refuse_unclosed_quote(text, span, delimiter, shown)


# How far below a header that lacks the columns a line naming them is looked for: a
# sheet's title and a blank row or two, not a whole file.
_HEADER_LOOKED_FOR_LINES = 10


def _with_header_below(error: InputError, text: str, line: int) -> InputError:
    """`error` (the header on `line` lacks player or deck) saying which line below names
    them, when one of the next few does: a sheet's title row above its header ("Spring
    Open registrations"). A `# ...` line's error says already that a manifest has no
    comment lines."""
    if str(error).endswith(_NO_COMMENT_LINES):
        return error
    below = text.splitlines()[line:line + _HEADER_LOOKED_FOR_LINES]
    for number, candidate in enumerate(below, line + 1):
        cells = next(csv.reader([candidate], delimiter=header_delimiter(candidate)), [])
        if set(REQUIRED) <= {cell.strip().lower() for cell in cells}:
            above = "the line above it" if number == line + 1 else "the lines above it"
            return InputError(f"{error}; line {number} names them: remove {above}, as a manifest's first line names its columns")
    return error


def _refuse_unclosed_quote(text: str, last: range, delimiter: str, shown: str) -> None:
    """InputError when the table's last row (on the lines `last`) holds a quote that is
    never closed: csv reads every line after it into that cell, so the rows there would be
    lost without a word (and the cell taken for a decklist pasted in its place). Only the
    last row can be at fault (an open quote runs to the end of the file), so only its
    lines are read again, strictly; a quote closed with text after it (`"bob" x`) stays
    what csv makes of it."""
    if not last or '"' not in text:
        return
    lines = io.StringIO(text, newline="").readlines()[last.start - 1:last.stop - 1]
    try:
        for _ in csv.reader(lines, delimiter=delimiter, strict=True):
            pass
    except csv.Error as exc:
        if "unexpected end of data" not in str(exc):
            return
        # The quote opens on the row's first line that is not blank.
        start = next((number for number, text_line in zip(last, lines) if text_line.strip()), last.start)
        after = last.stop - 1 - start
        read_into = ("" if not after else ", so the line after it was read into its cell" if after == 1
                     else f", so the {counted(after, 'line')} after it were read into its cell")
        raise InputError(f"{shown} line {start}: not valid CSV (a quote opened on this line is never closed{read_into}); "
                         "close the quote, or remove it") from None


def _blank(cells: list[str]) -> bool:
    """Whether every cell is empty or white space: `any(cell.strip() ...)`, without a
    generator per row (str.strip and str.isspace agree on what white space is)."""
    joined = "".join(cells)
    return not joined or joined.isspace()


def _table_cells(header: list[str], cells: list[str], *, within: bool = False) -> dict[str, Any]:
    """A table row by column name; a cell longer than MAX_MANIFEST_CELL_CHARS is left out.
    `within`: the caller knows every cell is within that bound (their joined text is)."""
    if within or max(map(len, cells), default=0) <= MAX_MANIFEST_CELL_CHARS:
        # Every cell taken, as nearly every row's are: `_row_of` with nothing to leave out,
        # in one `dict` (a column with no name has its comprehension) instead of a
        # generator and a check per cell.
        if "" not in header:
            return dict(zip(header, cells))
        return {column: cell for column, cell in zip(header, cells) if column}

    def refused(cell: str) -> str | None:
        if len(cell) <= MAX_MANIFEST_CELL_CHARS:
            return None
        return f"{len(cell):,} characters, more than a manifest cell may hold ({MAX_MANIFEST_CELL_CHARS:,}); shorten it"

    return _row_of((column, cell, refused(cell)) for column, cell in zip(header, cells) if column)


def _row_of(cells: Iterable[tuple[str, Any, str | None]]) -> dict[str, Any]:
    """A row by column name from (column, value, why it cannot be taken or None): a cell
    that cannot be taken is left out, and noted (CELL_ERRORS, BAD_COLUMNS) when its column
    is one deckcheck reads."""
    row: dict[str, Any] = {}
    errors: list[str] = []
    bad: set[str] = set()
    for column, value, why in cells:
        if why is None:
            row[column] = value
        elif column in REQUIRED + OPTIONAL:
            errors.append(f"column {column!r}: {why}")
            bad.add(column)
    if errors:
        row[CELL_ERRORS], row[BAD_COLUMNS] = errors, bad
    return row


# A YAML manifest's row: column -> one value (text as written, or nothing; a number or
# true/false only when tagged `!!int`, `!!bool`).
# Cells are scalars: a list or mapping where a name or path belongs is a mistake of that
# cell (a `registration` problem naming its column; the rest of the row stands), and in a
# column deckcheck ignores it does not matter.
CELL = Described(AnyOf((Str(), Number(), Bool(), Null())), "text or a number")
ROW = Described(MapOf(Unchecked(), key=CELL), "a mapping with player and deck")
# In a row as read: the problems of its cells that could not be taken, and their columns.
CELL_ERRORS, BAD_COLUMNS = "_cell_errors", "_bad_columns"


def _yaml_rows(
    text: str, shown: str, notes: list[str], unread: dict[str, tuple[str, int | None]],
) -> Iterator[tuple[int, range, dict[str, Any]]]:
    """The rows of a YAML manifest, each with its line and the lines up to the next row's;
    `unread` gets the top-level `format:` as written, with its line."""
    from ..yamlload import YamlError, load_yaml_rows  # here: a CSV manifest's batch needs no YAML

    try:
        # Anchors and aliases refused: a few hundred bytes of nested aliases would stand
        # for gigabytes of rows (docs/batch.md). Each row is built as it is read, so the
        # rows take the memory a CSV manifest's take (load_yaml_rows).
        # Cells as written: a player `true` or a seat `007` is shown so, never as True or 7.
        document = load_yaml_rows(text, source=shown, rows_key="registrations", what="manifest", scalars_as_text=True)
    except YamlError as exc:
        raise InputError(str(exc)) from None
    data = document.data
    # A bare list of rows, or `registrations:` holding one (room for event-wide keys).
    prefix: tuple[str, ...] = ()
    if isinstance(data, Mapping) and "registrations" in data:
        items, prefix = data["registrations"], ("registrations",)
        hints = {**EVENT_SETTINGS, **ROW_SETTINGS_AT_TOP}
        notes += [
            f"{shown}: key {_quoted(key)} is not read (a manifest's only top-level key is `registrations`)"
            + (f"; {hints[key]}" if key in hints else "")
            for key in dict.fromkeys(str(key).strip().lower() for key in data) if key != "registrations"
        ]
        for key, value in data.items():
            setting = str(key).strip().lower()
            if setting == "format" and isinstance(value, str):  # the one an error quotes (check_source)
                unread.setdefault(setting, (value, document.line_of((str(key),))))
    else:
        items = data
    if not isinstance(items, list):
        raise InputError(f"{shown}: expected a list of registrations ({', '.join(REQUIRED + OPTIONAL)})")
    lines = document.row_lines if document.row_lines is not None else \
        [document.line_of((*prefix, index)) for index in range(len(items))]
    keys: set[str] = set()
    for item in items:
        if isinstance(item, Mapping):
            keys.update(str(key).strip().lower() for key in item)
    if items and not keys:
        # No row is a mapping (a spreadsheet's rows written as lists, names as text): no
        # column is missing, the rows are of another kind, which the error says.
        _refuse_rows_of_another_kind(items[0], shown, lines[0] or 1)
    if items and not keys & set(REQUIRED):
        _header(sorted(keys), shown, lines[0] or 1)
    notes += _unread_settings(sorted(keys), shown, "column")
    ends = [*lines[1:], len(text) + 2]  # past the last line
    for line, end, item in zip(lines, ends, items):
        span = range(line, max(end, line + 1))  # rows written on one line share it
        try:
            validate(item, ROW)
        except SchemaError as exc:
            column = f"column {exc.keys[0]!r}: " if exc.keys else ""
            yield line, span, {"_error": f"{column}{exc}"}
            continue
        _refuse_twice([str(key).strip() for key in item], f"{shown} line {line}")
        yield line, span, _cells(item)


def _refuse_rows_of_another_kind(first: Any, shown: str, line: int) -> None:
    """InputError for a YAML manifest none of whose rows is a mapping, naming what its
    first row (on `line`) is instead and how a registration is written."""
    try:
        validate(first, ROW)
    except SchemaError as exc:
        raise InputError(
            f"{shown} line {line}: {exc}; each registration is a mapping of its columns, as "
            "`- {player: ann, deck: decks/ann.txt}`"
        ) from None


def _cells(item: Mapping[Any, Any]) -> dict[str, Any]:
    """A YAML row by column name; a cell that is not one value is left out (`_row_of`)."""
    def refused(value: Any) -> str | None:
        try:
            validate(value, CELL)
        except SchemaError as exc:
            return str(exc)
        return None

    return _row_of((str(key).strip().lower(), value, refused(value)) for key, value in item.items())


_READ = frozenset(REQUIRED + OPTIONAL)
# What every deck given as a URL holds (`ydke://...`: decklists.is_inline), and a path
# to a file seldom does (tests/test_manifest_rows.py).
_URL_MARK = ":"


def _texts(row: Mapping[str, Any]) -> dict[str, str]:
    """The columns deckcheck reads of `row` that hold text, stripped: a column that is
    missing, empty, white space, null or characters that show as nothing (a zero-width
    space a form kept, a control: a player of that name had a blank box on the sheet) is
    not there.
    One pass over the row's few cells, not a look-up of each column deckcheck reads (most
    rows have three of eight)."""
    return {
        key: text for key, value in row.items()
        if key in _READ and value is not None and (text := str(value).strip()) and not shows_nothing(text)
    }


def _registration(line: int, row: dict[str, Any], place: Place) -> Registration:
    cell = _texts(row).get
    player, deck, seat = cell("player"), cell("deck"), _answered(cell("seat"))
    # A row that is no mapping (`_error`), or cells that are not one value: said once, not
    # again as a missing player or deck.
    if "_error" in row:
        problems, said = [row["_error"]], {"player", "deck"}
    else:
        problems, said = list(row.get(CELL_ERRORS, ())), row.get(BAD_COLUMNS, ())
    if player is None and "player" not in said:
        problems.append("no player name")
    path, inline, as_written, refused = None, False, False, False
    if deck is None:
        if "deck" not in said:
            problems.append(NO_DECK_NAMED)
        refused = True  # no list to read: NOT CHECKED, not ILLEGAL (no card broke a rule)
    elif _URL_MARK in deck and is_inline(deck):  # most rows name a file, with no `:`: one search, not the parsers'
        # A `ydke://` URL is the deck itself, as on the command line: registrations
        # gathered by a web form hold the URL a player pasted, not a file.
        path, deck, inline = inline_text(deck), inline_name(deck), True
    elif _several_lines(deck):
        # The list itself, as a registration form's paragraph answer holds it ("paste your
        # decklist"): no file has a line break in its name.
        path, deck, inline = _pasted_text(deck), pasted_list_name(line), True
    elif _URL_MARK in deck and web_address(deck):
        # A deck site's link, as a form collects it: no file, and named as written (a
        # path's `//` would fold).
        problems.append("deck " + web_address_advice(deck, "name that file in the deck column"))
        as_written = refused = True  # never downloaded, so never read: NOT CHECKED
    else:
        deck = deck.replace("\\", "/")
        path, why = file_path(deck, place)
        if why:
            problems.append(why)
            refused = True  # never read: NOT CHECKED, as a deck that could not be read
    format_ref, format_refused = None, "format" in row.get(BAD_COLUMNS, ())
    format_text = _answered(cell("format"))
    if format_text is not None:
        format_ref, why = _format_ref(format_text, place)  # one string per format cell: `place.formats`
        if why:
            problems.append(why)
            format_refused = True
    platform = _answered(cell("platform"))
    if platform is not None:
        from ..games.mtg.cards import PLATFORMS, platform_meant

        written, platform = platform, platform.lower()
        if platform not in PLATFORMS:
            meant = platform_meant(written)
            hint = f"; write {meant} for {written}" if meant is not None else ""
            problems.append(f"platform {written!r} is not one of {', '.join(PLATFORMS)}{hint}")  # as the cell says it
            platform = None
    pool, pool_path = cell("pool"), None
    if pool is not None and pool.casefold() in NO_POOL:
        pool = None  # no pool, as an empty cell: a team's member plays from the team's (team_pools.assign_pools)
    if pool is not None and _several_lines(pool):
        # The pool's list itself, pasted as a deck cell's may be: read as its text
        # (Registration.pool_pasted), named by the row's line.
        pool_path, pool = _pasted_text(pool), pasted_pool_name(line)
    elif pool is not None and _URL_MARK in pool and web_address(pool):
        # A pool site's link (sealeddeck.tech), as a form collects it: no file, and named
        # as written, as a deck's link is; the deck is checked without a pool.
        problems.append("pool " + web_address_advice(pool, "name that file in the pool column"))
    elif pool is not None:
        pool = pool.replace("\\", "/")
        pool_path, why = file_path(pool, place, what="pool")
        if why:
            problems.append(why)
        pool = posix(pool)
    registration = Registration(
        deck=(deck if inline or as_written else posix(deck)) if deck else "",
        path=path,
        player=player,
        team=_team(cell("team")),
        seat=_seat(seat) if seat else None,
        format_id=format_ref,
        format_refused=format_refused,
        format_written=format_text if format_refused else None,
        line=line,
        problems=tuple(registration_problem(message, line) for message in problems) if problems else (),
        pool=pool,
        pool_path=pool_path,
        platform=platform,
        inline=inline,
        player_id=cell("id"),
        not_read=refused,
    )
    return registration


def _several_lines(cell: str) -> bool:
    """Whether a deck or pool cell holds a pasted list: no file has a line break in its name."""
    return "\n" in cell or "\r" in cell


def _pasted_text(cell: str) -> str:
    """A pasted list's text with its line breaks as `\n`, as registration.is_pasted tells it."""
    return cell.replace("\r\n", "\n").replace("\r", "\n")


def pasted_list_name(line: int | None) -> str:
    """The name reports give a deck pasted into a manifest's deck cell: where it is."""
    return _pasted_name("pasted list", line)


def pasted_pool_name(line: int | None) -> str:
    """The name reports give a pool pasted into a manifest's pool cell: where it is."""
    return _pasted_name(PASTED_POOL, line)


def _pasted_name(what: str, line: int | None) -> str:
    return what if line is None else f"{what}, manifest line {line}"


# A registration form's answer for none (registration.NO_ANSWER), as an empty cell is: for
# the Team answer no team (read as a team, every such player was one team, `N/A`: ann,
# bob, cy, ..., with false team-copy-limit errors across strangers' decks), for the Pool
# answer no pool (a member who plays from the pool a teammate's row names).
NO_TEAM = NO_ANSWER | {"no team"}
NO_POOL = NO_ANSWER | {"no pool"}


def _seat(written: str) -> str:
    """The seat a cell names: its letter in either case and either width (`b` and the `Ｂ` a
    Japanese keyboard types are B); anything else as written, for its problem."""
    letter = nfkc(written).upper()
    return letter if letter in SEATS else written


def _answered(text: str | None) -> str | None:
    """A row's seat, format or platform as its cell gives it; None for a form's answer for
    none (NO_ANSWER: `-`, `N/A`), as an empty cell is (a solo player's optional Seat
    answered `N/A` was "seat 'N/A' is not one of A, B, C", an ILLEGAL row)."""
    return None if text is None or text.casefold() in NO_ANSWER else text


def _team(text: str | None) -> str | None:
    """A row's team as its `team` cell names it; None for no team (NO_TEAM)."""
    if text is None or text.casefold() in NO_TEAM:
        return None
    return text


def _format_ref(text: str, place: Place) -> tuple[FormatRef | None, str | None]:
    """A row's format: an id (`mtg/legacy`) or a format file relative to the manifest
    (inside its folder or archive unless trusted), or why it cannot be used."""
    found = place.formats.get(text)
    if found is None:
        found = place.formats[text] = _read_format_ref(text, place)
    return found


def _read_format_ref(text: str, place: Place) -> tuple[FormatRef | None, str | None]:
    """`_format_ref`, worked out."""
    from ..formats import confined_ref, is_file_name, load, reference

    if is_file_name(text):  # Event.YAML too; a format file's path: `\` and drive letters as for a deck
        text = text.replace("\\", "/")
        drive = drive_letter_reason(text, place)
        if drive:
            return None, f"format {shown_path(text)}: {drive}"
    if not place.confine:
        return reference(text, base=place.base) if is_file_name(text) else text, None
    ref, why = confined_ref(text, base=place.base, root=place.root, where=place.label)
    if why:
        hint = "" if place.archive or "a symbolic link" in why else " (batch --allow-outside-paths accepts it for a manifest you wrote)"
        return None, f"format {shown_path(text)}: {why}{hint}"
    try:
        if place.archive and isinstance(ref, Path):
            # Its `extends:` chain must stay in the archive too: loaded later without a
            # root, a chain is confined to the working folder when that holds the file,
            # and run from /tmp that holds the archive's temporary folder and far more.
            load(ref, root=place.root, keep=False)  # the archive's temporary folder goes after the run
        return ref, None
    except FormatError as exc:
        return None, f"format {shown_path(text)}: {exc}"
