"""The one schema checker of deckcheck's YAML files: format files, keep-policy files,
batch manifests and deckcheck.yaml each state their schema with the specs below.

A spec is a `Spec` object; `validate(data, spec)` (or `spec.check(value, keys)`) raises
`SchemaError`, which names the key at fault (`banned[0].since`), says what was expected
and what was found, and, given the parsed document, the line. It covers what these files
need (mappings with known keys, lists, scalars, dates, unions) and nothing more, so error
messages stay specific.
"""
from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from .record import Record
from .wording import yaml_quoted
from .lazy_pattern import lazy

# Where a value sits: mapping keys as text, list indexes as ints (`banned[0].since` is
# ("banned", 0, "since")).
Keys = tuple[str | int, ...]


_KEY_SHOWN = 40


def shown_key(key: str) -> str:
    """A key as messages show it: as written when short and printable, else quoted and cut
    (a file that is not what it should be must not have its content echoed as keys)."""
    if len(key) <= _KEY_SHOWN and key.isprintable() and key.strip() == key and key:
        return key
    return repr(key[:_KEY_SHOWN]) + ("…" if len(key) > _KEY_SHOWN else "")


def value_at(data: Any, keys: Sequence[Any]) -> Any:
    """The value under `keys` in nested mappings (a file as parsed), None where one is missing."""
    for key in keys:
        if not isinstance(data, Mapping):
            return None
        data = data.get(key)
    return data


def dotted(keys: Sequence[str | int]) -> str:
    """`banned[0].since` for ("banned", 0, "since")."""
    out = ""
    for key in keys:
        out += f"[{key}]" if isinstance(key, int) else (f".{shown_key(key)}" if out else shown_key(key))
    return out


class SchemaError(Exception):
    """`keys` locate the value at fault (`path` is them dotted); `wrong_type` says the
    value was not even of the expected kind (as opposed to the right kind with a wrong
    content); `line` is where the file says it, when `validate` was given the lines."""

    def __init__(self, keys: Keys, message: str, *, wrong_type: bool = False):
        self.keys = tuple(keys)
        self.wrong_type = wrong_type
        self.line: int | None = None
        super().__init__(message)

    @property
    def path(self) -> str:
        return dotted(self.keys)


def validate(data: Any, spec: Spec, *, line_of: Callable[[Keys], int | None] | None = None) -> None:
    """Check `data` against `spec`; a SchemaError carries the line of the key at fault
    when `line_of` (a parsed document's `YamlDocument.line_of`) is given."""
    try:
        spec.check(data, ())
    except SchemaError as exc:
        if line_of is not None:
            exc.line = line_of(exc.keys)
        raise


def _describe(value: Any) -> str:
    if value is None:
        return "nothing (null)"
    if isinstance(value, bool):
        return f"a boolean ({value})"
    if isinstance(value, (int, float)):
        return f"a number ({value})"
    if isinstance(value, str):
        shown = value if len(value) <= 40 else value[:40] + "…"
        return f"the text {shown!r}"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, Mapping):
        return "a mapping"
    if isinstance(value, dt.date):
        return f"a date ({value})"
    return type(value).__name__


class Spec:
    """What every spec does: `check` a value at `keys`, and say what it `expected`."""

    __slots__ = ()
    expected = "a value"

    def check(self, value: Any, keys: Keys) -> None:
        raise NotImplementedError

    def fail(self, value: Any, keys: Keys, *, among: Iterable[str] = ()) -> None:
        """`value` is not what this spec expects; `among`: the words a text was meant to be
        one of, the closest suggested ("did you mean")."""
        close = _closest(value, among, ignore_case=True) if among and isinstance(value, str) else None
        hint = f"; did you mean {close!r}?" if close else ""
        raise SchemaError(keys, f"expected {self.expected}, got {_describe(value)}{hint}", wrong_type=True)


class _RecordSpec(Spec, Record):
    """A spec that compares and shows itself by its fields; not hashable, as its fields
    may be lists or mappings. A Record, not a dataclass: every command builds its schemas
    at start-up (deckcheck/record.py)."""

    __slots__ = ()
    __hash__ = None  # type: ignore[assignment]


class Str(_RecordSpec):
    """Text; `choices` limits it to those words, `pattern` (a regular expression the
    whole text matches) to that shape, `non_empty` refuses blank text, `longest` text of
    more characters (past it: "N characters; a value here holds at most `longest`")."""

    __slots__ = ("choices", "non_empty", "pattern", "longest")

    def __init__(self, choices: tuple[str, ...] = (), non_empty: bool = False, pattern: str | None = None,
                 longest: int | None = None):
        self.choices = choices
        self.non_empty = non_empty
        self.pattern = pattern
        self.longest = longest

    @property
    def expected(self) -> str:  # type: ignore[override]
        if self.choices:
            return "one of " + ", ".join(repr(choice) for choice in self.choices)
        if self.pattern:
            return f"text like {self.pattern}"
        return "non-empty text" if self.non_empty else "text"

    def check(self, value: Any, keys: Keys) -> None:
        if not isinstance(value, str):
            written = text_with_colon(value)
            if written is not None:
                raise SchemaError(keys, f"expected {self.expected}, got a mapping: YAML reads {written!r} as a key and "
                                        f"its value; put text holding ': ' in quotes: {yaml_quoted(written)}", wrong_type=True)
            self.fail(value, keys)
        if self.longest is not None and len(value) > self.longest:
            raise SchemaError(keys, f"{len(value):,} characters; a value here holds at most {self.longest:,}")
        if self.choices and value not in self.choices:
            self.fail(value, keys, among=self.choices)
        if (self.non_empty and not value.strip()) or (self.pattern and not re.fullmatch(self.pattern, value)):
            self.fail(value, keys)


def text_with_colon(value: Any) -> str | None:
    """The text an unquoted `Emrakul: the Promised End` was meant to be, when YAML read it
    as a mapping of one key to a text (or nothing): `KEY: VALUE`, cut to 80 characters;
    else None."""
    if not isinstance(value, Mapping) or len(value) != 1:
        return None
    [(key, item)] = value.items()
    if not isinstance(key, str) or not (item is None or isinstance(item, str)):
        return None
    return f"{key}: {item or ''}".rstrip()[:80]


def _closest(word: str, known: Iterable[str], *, ignore_case: bool = False) -> str | None:
    """The one of `known` a mistyped `word` most likely meant, or None ("did you mean")."""
    import difflib  # only for a word that is wrong

    by_form = {(choice.lower() if ignore_case else choice): choice for choice in known}
    close = difflib.get_close_matches(word.lower() if ignore_case else word, list(by_form), n=1, cutoff=0.75)
    return by_form[close[0]] if close else None


class Int(_RecordSpec):
    """An integer (never a bool), at least `minimum` and at most `maximum` when given.

    `thousands`: the number may run to thousands (a count of hands), so a decimal YAML made
    of a grouped thousand gets a hint (see `check`)."""

    __slots__ = ("minimum", "maximum", "thousands")

    def __init__(self, minimum: int | None = None, maximum: int | None = None, *, thousands: bool = False):
        self.minimum = minimum
        self.maximum = maximum
        self.thousands = thousands

    @property
    def expected(self) -> str:  # type: ignore[override]
        if self.minimum is not None and self.maximum is not None:
            return f"a whole number from {self.minimum} to {self.maximum:,}"
        return "a whole number" + (f" >= {self.minimum}" if self.minimum is not None else "")

    def check(self, value: Any, keys: Keys) -> None:
        # Below 1e300: a float near its largest (`1.0e+306`) times 1000 is infinity, which
        # round() refuses (an internal error), and is no thousand anyone grouped.
        if self.thousands and isinstance(value, float) and 1 <= value < 1e300 and value.is_integer() \
                and self._holds(thousands := round(value * 1000)):
            # `hands: 10.000`, ten thousand as German or Russian write it: YAML reads 10.0 (a
            # leading 0, `0.5`, groups no thousands). Only a whole-valued float: `1.5` may be
            # `1.500` too, but more likely a decimal, and "for 1,500 write 1500" misleads it.
            raise SchemaError(keys, f"expected {self.expected}, got a number ({value}); a whole number is written "
                                    f"without a point or separators: for {thousands:,} write {thousands}", wrong_type=True)
        if isinstance(value, bool) or not isinstance(value, int) or not self._holds(value):
            self.fail(value, keys)

    def _holds(self, number: int) -> bool:
        return (self.minimum is None or number >= self.minimum) and (self.maximum is None or number <= self.maximum)


class Number(_RecordSpec):
    """An integer or a decimal number (never a bool)."""

    __slots__ = ()
    expected = "a number"

    def check(self, value: Any, keys: Keys) -> None:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            self.fail(value, keys)


class Bool(_RecordSpec):
    """true or false."""

    __slots__ = ()
    expected = "true or false"

    def check(self, value: Any, keys: Keys) -> None:
        if not isinstance(value, bool):
            self.fail(value, keys)


# ASCII digits: \d is any script's, and fromisoformat then refuses the text it matched.
ISO_DATE = lazy(r"^[0-9]{4}-[0-9]{2}-[0-9]{2}\Z")  # \Z: `$` would also end before a final line feed


def year_first(value: str) -> str | None:
    """The YYYY-MM-DD of a day written year first without dashes or with other marks
    (`20240601`, `2024/06/01`, `2024.06.01`: a spreadsheet's or a country's way; Japanese
    and Chinese `2024年6月1日`, Korean `2024년 6월 1일` and `2024. 6. 1.`), or of a day written
    first where no month has its number (`15.06.2024`, as most of Europe writes it), or None.
    Other day-first and month-first forms (`01.06.2024`) are left unread: each is the other's too."""
    value = value.strip()
    meant = day_of(_YEAR_FIRST.match(value)) or day_of(_YEAR_FIRST_IN_WORDS.match(value))
    if meant is None and (day_first := _DAY_FIRST.match(value)) is not None and int(day_first.group(1)) > 12:
        day, month, year = map(int, day_first.groups())
        try:
            meant = dt.date(year, month, day).isoformat()
        except ValueError:
            pass
    return meant


_YEAR_FIRST = lazy(r"^([0-9]{4})[./_]?([0-9]{2})[./_]?([0-9]{2})$")
# The year, month and day each followed by its word (年月日; Korean 년월일) or by a point
# (`2024. 6. 1.`, as Korean writes a date), the month and day in one or two digits.
_YEAR_FIRST_IN_WORDS = lazy(r"^([0-9]{4})(?:年|년|\.) ?([0-9]{1,2})(?:月|월|\.) ?([0-9]{1,2})(?:日|일|\.)?$")
_DAY_FIRST = lazy(r"^([0-9]{1,2})[./-]([0-9]{1,2})[./-]([0-9]{4})$")


def day_of(match: re.Match[str] | None) -> str | None:
    """The YYYY-MM-DD of a pattern's year, month and day groups, in that order, or None
    when there is no match or the parts name no day (`20241301`)."""
    if match is None:
        return None
    try:
        return dt.date(*map(int, match.groups())).isoformat()
    except ValueError:
        return None


def no_such_day(value: str) -> str:
    """Why a YYYY-MM-DD text names no day: `there is no month 13`, `February 2011 has 28 days`."""
    import calendar

    year, month, day = (int(part) for part in value.split("-"))
    if year < 1:
        return "there is no year 0"
    if not 1 <= month <= 12:
        return f"there is no month {month}"
    if day < 1:
        return "there is no day 0"
    return f"{calendar.month_name[month]} {year} has {calendar.monthrange(year, month)[1]} days"


class Date(_RecordSpec):
    """A date written YYYY-MM-DD."""

    __slots__ = ()
    expected = "a date YYYY-MM-DD"

    def check(self, value: Any, keys: Keys) -> None:
        if isinstance(value, dt.date) and not isinstance(value, dt.datetime):
            return
        # The pattern first: newer Pythons' fromisoformat also takes `20110101` or `2011-W01`,
        # and a format file must mean the same on every supported Python.
        if isinstance(value, str) and ISO_DATE.match(value):
            try:
                dt.date.fromisoformat(value)
                return
            except ValueError:
                # Written YYYY-MM-DD already: "expected a date YYYY-MM-DD" told its writer
                # nothing; say why it names no day, as --date does (pipeline.parse_date).
                raise SchemaError(keys, f"{value!r} is not a date: {no_such_day(value)}") from None
        # A day written year first another way (`2024/06/01`, YAML's number 20240601) is
        # refused, naming the YYYY-MM-DD it means, as --date does (pipeline.parse_date).
        meant = year_first(str(value)) if isinstance(value, (str, int)) and not isinstance(value, bool) else None
        hint = f"; write {meant}" if meant else ""
        if isinstance(value, str):
            # Text meant as a date: this message is the one to show, also among alternatives
            # (a date, or a date per platform).
            raise SchemaError(keys, f"expected {self.expected}, got {_describe(value)}{hint}")
        if meant:
            raise SchemaError(keys, f"expected {self.expected}, got {_describe(value)}{hint}")
        self.fail(value, keys)


class Const(_RecordSpec):
    """Exactly `value`."""

    __slots__ = ("value",)

    def __init__(self, value: Any):
        self.value = value

    @property
    def expected(self) -> str:  # type: ignore[override]
        return repr(self.value)

    def check(self, value: Any, keys: Keys) -> None:
        if value != self.value or isinstance(value, bool) != isinstance(self.value, bool):
            self.fail(value, keys)


class Null(_RecordSpec):
    """No value (`~` or nothing)."""

    __slots__ = ()
    expected = "null"

    def check(self, value: Any, keys: Keys) -> None:
        if value is not None:
            self.fail(value, keys)


class ListOf(_RecordSpec):
    """A list whose every item is an `item`; of at most `most` items when given (past it:
    "N `things`; `holder` has at most `most`")."""

    __slots__ = ("item", "most", "things", "holder")

    def __init__(self, item: Spec, *, most: int | None = None, things: str = "items", holder: str = "a list"):
        self.item = item
        self.most = most
        self.things = things
        self.holder = holder

    @property
    def expected(self) -> str:  # type: ignore[override]
        return f"a list of {self.item.expected}"

    def check(self, value: Any, keys: Keys) -> None:
        if not isinstance(value, list):
            self.fail(value, keys)
        if self.most is not None and len(value) > self.most:
            raise SchemaError(keys, f"{len(value):,} {self.things}; {self.holder} has at most {self.most:,}")
        for index, item in enumerate(value):
            self.item.check(item, (*keys, index))


def _refuse_listed_entries(expected: str, value: Any, keys: Keys) -> None:
    """A SchemaError when a mapping (`expected`, a MapOf's or a Struct's) is written as a list
    of mappings: `- glob: format` lines, as a GitHub workflow writes its steps. It says what
    to take out, where "got a list" alone leaves the reader to guess."""
    if isinstance(value, list) and value and all(isinstance(item, Mapping) for item in value):
        under = f" under {shown_key(str(keys[-1]))}" if keys else ""
        raise SchemaError(keys, f"expected {expected}, got a list of mappings; write each entry without the "
                                f"'- ' before it, as `KEY: VALUE` lines{under}", wrong_type=True)


class MapOf(_RecordSpec):
    """A mapping whose keys are `key`s (any text when not given) and whose values are `value`s."""

    __slots__ = ("value", "key")

    def __init__(self, value: Spec, key: Spec | None = None):
        self.value = value
        self.key = Str() if key is None else key

    @property
    def expected(self) -> str:  # type: ignore[override]
        return f"a mapping of {self.key.expected} to {self.value.expected}"

    def check(self, value: Any, keys: Keys) -> None:
        _refuse_listed_entries(self.expected, value, keys)
        if not isinstance(value, Mapping):
            self.fail(value, keys)
        for key, item in value.items():
            self.key.check(key, (*keys, str(key)))
            self.value.check(item, (*keys, str(key)))


class Struct(_RecordSpec):
    """A mapping with known keys; unknown keys are errors (they are usually typos)."""

    __slots__ = ("fields", "required", "check_whole")

    def __init__(
        self,
        fields: dict[str, Spec],
        required: tuple[str, ...] = (),
        check_whole: Callable[[Mapping[str, Any], Keys], None] | None = None,
    ):
        self.fields = fields
        self.required = required
        self.check_whole = check_whole

    @property
    def expected(self) -> str:  # type: ignore[override]
        return "a mapping with keys " + ", ".join(self.fields)

    def check(self, value: Any, keys: Keys) -> None:
        _refuse_listed_entries(self.expected, value, keys)
        if not isinstance(value, Mapping):
            self.fail(value, keys)
        for key, item in value.items():
            if key not in self.fields:
                known = ", ".join(sorted(self.fields))
                close = _closest(str(key), self.fields)
                hint = f"did you mean {close!r}? " if close else ""
                raise SchemaError((*keys, str(key)), f"unknown key; {hint}known keys here: {known}")
            self.fields[key].check(item, (*keys, key))
        for key in self.required:
            if key not in value:
                raise SchemaError((*keys, key), "required key is missing")
        if self.check_whole:
            self.check_whole(value, keys)


class AnyOf(_RecordSpec):
    """A value that one of `options` accepts."""

    __slots__ = ("options",)

    def __init__(self, options: tuple[Spec, ...]):
        self.options = options

    @property
    def expected(self) -> str:  # type: ignore[override]
        return " or ".join(option.expected for option in self.options)

    def check(self, value: Any, keys: Keys) -> None:
        errors = []
        for option in self.options:
            try:
                option.check(value, keys)
                return
            except SchemaError as exc:
                errors.append(exc)
        # A value that had the right kind for one option but broke inside it (a wrong key,
        # `min` over `max`): that option's own message says what is wrong.
        specific = [exc for exc in errors if exc.keys != tuple(keys) or not exc.wrong_type]
        if specific:
            raise specific[0]
        self.fail(value, keys)


class Described(_RecordSpec):
    """`spec` under a name the reader knows ("a list of card names"): a value of the
    wrong kind anywhere inside is reported as not being that, at this key."""

    __slots__ = ("spec", "description")

    def __init__(self, spec: Spec, description: str):
        self.spec = spec
        self.description = description

    @property
    def expected(self) -> str:  # type: ignore[override]
        return self.description

    def check(self, value: Any, keys: Keys) -> None:
        try:
            self.spec.check(value, keys)
        except SchemaError as exc:
            if not exc.wrong_type or exc.keys != tuple(keys):
                raise  # something inside is wrong: its own message names it
            self.fail(value, keys)


class Checked(_RecordSpec):
    """A value `spec` accepts that must also pass `test` (which returns what is wrong, or
    None): for constraints a type cannot say (a tag name's letters, a reserved word)."""

    __slots__ = ("spec", "test")

    def __init__(self, spec: Spec, test: Callable[[Any], str | None]):
        self.spec = spec
        self.test = test

    @property
    def expected(self) -> str:  # type: ignore[override]
        return self.spec.expected

    def check(self, value: Any, keys: Keys) -> None:
        self.spec.check(value, keys)
        wrong = self.test(value)
        if wrong:
            raise SchemaError(keys, wrong)


class Unchecked(_RecordSpec):
    """Any value: for a key whose value the code that uses it checks, with a message of
    its own (a keep policy's `bottom:`, which lists the strategies)."""

    __slots__ = ()
    expected = "any value"

    def check(self, value: Any, keys: Keys) -> None:
        return None
