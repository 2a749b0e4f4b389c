"""deckcheck.record.Record: the plain records on the start-up path behave as the
dataclasses they replace (equality, hash, repr, replace, field order)."""
from __future__ import annotations

import pickle

import pytest

from deckcheck.record import Record


class Span(Record):
    __slots__ = ("since", "until")

    def __init__(self, since: str | None = None, until: str | None = None):
        self.since = since
        self.until = until


class Named(Span):
    __slots__ = ("name", "notes")
    NOT_COMPARED = frozenset({"notes"})

    def __init__(self, since: str | None = None, until: str | None = None, name: str = "", notes: str = ""):
        super().__init__(since, until)
        self.name = name
        self.notes = notes


class Memoised(Record):
    __slots__ = ("name", "_memo")
    NOT_FIELDS = frozenset({"_memo"})

    def __init__(self, name: str):
        self.name = name
        self._memo: dict[str, int] = {}


class Mutable(Record):
    __slots__ = ("items",)
    __hash__ = None  # type: ignore[assignment]

    def __init__(self, items: list[int]):
        self.items = items


def test_fields_are_the_slots_bases_first():
    assert Named.record_fields() == ("since", "until", "name", "notes")


def test_equality_and_hash_follow_the_compared_fields():
    a = Named("2020-01-01", None, "Bolt", notes="one")
    b = Named("2020-01-01", None, "Bolt", notes="another")
    assert a == b and hash(a) == hash(b)
    assert a != Named("2020-01-02", None, "Bolt")
    assert Span("2020-01-01") != Named("2020-01-01")  # another class is never equal
    assert {a: 1}[b] == 1


def test_repr_names_every_field():
    assert repr(Named("x", None, "Bolt")) == "Named(since='x', until=None, name='Bolt', notes='')"


def test_replace_builds_a_new_record_through_init():
    a = Named("x", None, "Bolt")
    b = a.replace(name="Shock")
    assert (b.name, b.since, a.name) == ("Shock", "x", "Bolt") and type(b) is Named
    with pytest.raises(TypeError, match="no field colour"):
        a.replace(colour="red")


def test_a_slot_that_is_not_a_field_is_left_out_and_starts_afresh_in_a_copy():
    a = Memoised("Bolt")
    a._memo["x"] = 1
    b = a.replace()
    assert Memoised.record_fields() == ("name",) and b == a and b._memo == {} and repr(a) == "Memoised(name='Bolt')"


def test_a_mutable_record_is_not_hashable():
    with pytest.raises(TypeError):
        hash(Mutable([1]))
    assert Mutable([1]) == Mutable([1])


def test_records_pickle():
    a = Named("x", None, "Bolt", "n")
    assert pickle.loads(pickle.dumps(a)) == a


# deckcheck.record.NamedTuple: typing.NamedTuple's class, without compiling each field's
# annotation (text, with `from __future__ import annotations`).
import typing  # noqa: E402

from deckcheck.record import NamedTuple  # noqa: E402


class Fast(NamedTuple):
    """A pick."""

    name: str
    count: int = 1
    zone: str | None = None

    def doubled(self) -> int:
        return self.count * 2

    @property
    def shown(self) -> str:
        return f"{self.count} {self.name}"


class Typed(typing.NamedTuple):
    """A pick."""

    name: str
    count: int = 1
    zone: str | None = None

    def doubled(self) -> int:
        return self.count * 2

    @property
    def shown(self) -> str:
        return f"{self.count} {self.name}"


def test_a_named_tuple_is_typing_s_class():
    for kind in (Fast, Typed):
        pick = kind("Bolt", zone="main")
        assert (pick, tuple(pick), pick.doubled(), pick.shown) == (kind("Bolt", 1, "main"), ("Bolt", 1, "main"), 2, "1 Bolt")
        assert repr(pick) == f"{kind.__name__}(name='Bolt', count=1, zone='main')"
        assert pick._replace(count=4) == kind("Bolt", 4, "main") and pick._asdict() == {"name": "Bolt", "count": 1, "zone": "main"}
        assert (kind._fields, kind._field_defaults, kind.__doc__) == (("name", "count", "zone"), {"count": 1, "zone": None}, "A pick.")
        assert kind.__mro__[1:] == (tuple, object) and kind.__module__ == __name__
        assert pickle.loads(pickle.dumps(pick)) == pick
    assert set(dir(Fast)) == set(dir(Typed)) - {"__orig_bases__"}
    assert Fast.__annotations__ == {"name": "str", "count": "int", "zone": "str | None"}  # as written, not compiled


def test_a_named_tuple_refuses_what_typing_refuses():
    with pytest.raises(TypeError, match="follows one with a default"):
        class Unordered(NamedTuple):
            a: int = 1
            b: int
    with pytest.raises(AttributeError, match="Cannot overwrite NamedTuple attribute _replace"):
        class Clash(NamedTuple):
            a: int

            def _replace(self) -> None:
                pass
