"""A tiny declarative checker for format YAML: says which key is wrong and what it expected.

A spec is a `Spec` object; `check(value, spec, path)` raises `SchemaError(path, expected,
got)`. It covers what format files need (mappings with known keys, lists, scalars, dates,
unions) and nothing more, so error messages stay specific.
"""
from __future__ import annotations

import datetime as dt
import difflib
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any


class SchemaError(Exception):
    """`path` is the dotted key at fault; `wrong_type` says the value was not even of the
    expected kind (as opposed to the right kind with a wrong content)."""

    def __init__(self, path: str, message: str, *, wrong_type: bool = False):
        self.path = path
        self.wrong_type = wrong_type
        super().__init__(message)


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
    expected = "a value"

    def check(self, value: Any, path: str) -> None:
        raise NotImplementedError

    def fail(self, value: Any, path: str) -> None:
        raise SchemaError(path, f"expected {self.expected}, got {_describe(value)}", wrong_type=True)


@dataclass
class Str(Spec):
    choices: tuple[str, ...] = ()

    @property
    def expected(self) -> str:  # type: ignore[override]
        if self.choices:
            return "one of " + ", ".join(repr(choice) for choice in self.choices)
        return "text"

    def check(self, value: Any, path: str) -> None:
        if not isinstance(value, str) or (self.choices and value not in self.choices):
            self.fail(value, path)


@dataclass
class Int(Spec):
    minimum: int | None = None

    @property
    def expected(self) -> str:  # type: ignore[override]
        return "a whole number" + (f" >= {self.minimum}" if self.minimum is not None else "")

    def check(self, value: Any, path: str) -> None:
        if isinstance(value, bool) or not isinstance(value, int):
            self.fail(value, path)
        if self.minimum is not None and value < self.minimum:
            self.fail(value, path)


@dataclass
class Number(Spec):
    expected = "a number"

    def check(self, value: Any, path: str) -> None:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            self.fail(value, path)


@dataclass
class Bool(Spec):
    expected = "true or false"

    def check(self, value: Any, path: str) -> None:
        if not isinstance(value, bool):
            self.fail(value, path)


_ISO_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")


@dataclass
class Date(Spec):
    expected = "a date YYYY-MM-DD"

    def check(self, value: Any, path: str) -> None:
        if isinstance(value, dt.date) and not isinstance(value, dt.datetime):
            return
        # The pattern first: newer Pythons' fromisoformat also takes `20110101` or `2011-W01`,
        # and a format file must mean the same on every supported Python.
        if isinstance(value, str) and _ISO_DATE.match(value):
            try:
                dt.date.fromisoformat(value)
                return
            except ValueError:
                pass
        self.fail(value, path)


@dataclass
class Const(Spec):
    value: Any

    @property
    def expected(self) -> str:  # type: ignore[override]
        return repr(self.value)

    def check(self, value: Any, path: str) -> None:
        if value != self.value or isinstance(value, bool) != isinstance(self.value, bool):
            self.fail(value, path)


@dataclass
class Null(Spec):
    expected = "null"

    def check(self, value: Any, path: str) -> None:
        if value is not None:
            self.fail(value, path)


@dataclass
class ListOf(Spec):
    item: Spec

    @property
    def expected(self) -> str:  # type: ignore[override]
        return f"a list of {self.item.expected}"

    def check(self, value: Any, path: str) -> None:
        if not isinstance(value, list):
            self.fail(value, path)
        for index, item in enumerate(value):
            self.item.check(item, f"{path}[{index}]")


@dataclass
class MapOf(Spec):
    value: Spec
    key: Spec = field(default_factory=Str)

    @property
    def expected(self) -> str:  # type: ignore[override]
        return f"a mapping of {self.key.expected} to {self.value.expected}"

    def check(self, value: Any, path: str) -> None:
        if not isinstance(value, Mapping):
            self.fail(value, path)
        for key, item in value.items():
            self.key.check(key, f"{path}.{key}")
            self.value.check(item, f"{path}.{key}")


@dataclass
class Struct(Spec):
    """A mapping with known keys; unknown keys are errors (they are usually typos)."""

    fields: dict[str, Spec]
    required: tuple[str, ...] = ()
    check_whole: Callable[[Mapping[str, Any], str], None] | None = None

    @property
    def expected(self) -> str:  # type: ignore[override]
        return "a mapping with keys " + ", ".join(self.fields)

    def check(self, value: Any, path: str) -> None:
        if not isinstance(value, Mapping):
            self.fail(value, path)
        prefix = f"{path}." if path else ""
        for key, item in value.items():
            if key not in self.fields:
                known = ", ".join(sorted(self.fields))
                close = difflib.get_close_matches(str(key), list(self.fields), n=1, cutoff=0.75)
                hint = f"did you mean {close[0]!r}? " if close else ""
                raise SchemaError(f"{prefix}{key}", f"unknown key; {hint}known keys here: {known}")
            self.fields[key].check(item, f"{prefix}{key}")
        for key in self.required:
            if key not in value:
                raise SchemaError(f"{prefix}{key}", "required key is missing")
        if self.check_whole:
            self.check_whole(value, path)


@dataclass
class AnyOf(Spec):
    options: tuple[Spec, ...]

    @property
    def expected(self) -> str:  # type: ignore[override]
        return " or ".join(option.expected for option in self.options)

    def check(self, value: Any, path: str) -> None:
        errors = []
        for option in self.options:
            try:
                option.check(value, path)
                return
            except SchemaError as exc:
                errors.append(exc)
        # A value that had the right kind for one option but broke inside it (a wrong key,
        # `min` over `max`): that option's own message says what is wrong.
        specific = [exc for exc in errors if exc.path != path or not exc.wrong_type]
        if specific:
            raise specific[0]
        self.fail(value, path)
