"""Plain record classes for what every command builds at start-up.

A `@dataclass` writes and compiles its methods each time the program starts (about 0.3 to
0.5 ms a class on the development machine) and its module imports `inspect`: for the forty
or so record classes one `deckcheck validate` defines, that was a third of its start-up
(docs/speed.md). The classes on that path derive from `Record` instead: each lists its
fields in `__slots__` (in `__init__` order, a base class's first, as dataclasses order
them) and writes its own `__init__`; `Record` gives equality, a hash, a repr and
`replace` from those fields, the way a dataclass would. A slot that is not a field (a
memo a copy starts without: dataclasses' `init=False, compare=False, repr=False`) is named
in `NOT_FIELDS`. Classes off that path (the
engine, batch planning, paperwork) stay dataclasses.

Records are treated as immutable, as the frozen dataclasses they replace were: change one
with `replace`. A mutable record (a deck, a result) sets `__hash__ = None`, as a dataclass
with `eq=True` and `frozen=False` does. A field left out of `==` and the hash (dataclasses'
`compare=False`) is named in `NOT_COMPARED`.
"""
from __future__ import annotations

from collections import namedtuple
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

if TYPE_CHECKING:
    # For the type checker only: a bound written as text makes typing compile it at run time
    # (see NamedTuple below).
    _R = TypeVar("_R", bound="Record")
_NEVER_FIELDS = frozenset({"__dict__", "__weakref__"})


class Record:
    __slots__ = ()
    NOT_COMPARED: ClassVar[frozenset[str]] = frozenset()
    NOT_FIELDS: ClassVar[frozenset[str]] = frozenset()

    # Named record_* so that no class's own field (a schema's `fields`) can hide them.
    @classmethod
    def record_fields(cls) -> tuple[str, ...]:
        """The field names, base classes' first (the `__slots__` of the class and its
        bases, less NOT_FIELDS), worked out once per class."""
        found = cls.__dict__.get("_record_fields")
        if found is None:
            names: list[str] = []
            for klass in reversed(cls.__mro__):
                slots = klass.__dict__.get("__slots__", ())
                names += [name for name in ((slots,) if isinstance(slots, str) else slots)
                          if name not in _NEVER_FIELDS and name not in cls.NOT_FIELDS]
            found = tuple(names)
            type.__setattr__(cls, "_record_fields", found)
        return found

    @classmethod
    def _compared(cls) -> tuple[str, ...]:
        found = cls.__dict__.get("_record_compared")
        if found is None:
            found = tuple(name for name in cls.record_fields() if name not in cls.NOT_COMPARED)
            type.__setattr__(cls, "_record_compared", found)
        return found

    def _key(self) -> tuple[Any, ...]:
        return tuple([getattr(self, name) for name in self._compared()])

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._key() == other._key()  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.record_fields())
        return f"{type(self).__name__}({shown})"

    def replace(self: _R, **changes: Any) -> _R:
        """A copy with `changes`, built through `__init__` like `dataclasses.replace`."""
        values = {name: getattr(self, name) for name in self.record_fields()}
        if not changes.keys() <= values.keys():
            unknown = ", ".join(sorted(changes.keys() - values.keys()))
            raise TypeError(f"{type(self).__name__} has no field {unknown}")
        values.update(changes)
        return type(self)(**values)


# `class Name(NamedTuple)` as typing.NamedTuple makes it (`collections.namedtuple` with the
# class's fields, defaults, docstring and methods), without typing's check of each field's
# annotation: with `from __future__ import annotations` every annotation is text, which
# typing turns into a ForwardRef by `compile()`, and a process's first `compile()` sets up
# the parser's syntax-tree types, about 10 M instructions (4% of one `validate`; no other
# compile is on that path). The annotations are kept as written (typing kept ForwardRefs).
# Type checkers are given typing's own NamedTuple.
if TYPE_CHECKING:
    from typing import NamedTuple as NamedTuple
else:
    # The names typing refuses in a NamedTuple's body, and those it does not copy.
    _REFUSED = frozenset({"__new__", "__init__", "__slots__", "__getnewargs__", "_fields", "_field_defaults", "_make",
                          "_replace", "_asdict", "_source"})
    _NOT_COPIED = frozenset({"__module__", "__name__", "__annotations__"})

    class _NamedTupleType(type):
        def __new__(mcs, typename: str, bases: tuple[type, ...], namespace: dict[str, Any]) -> type:
            if bases != (NamedTuple,):
                raise TypeError("a NamedTuple derives from NamedTuple alone")
            fields = dict(namespace.get("__annotations__", {}))
            defaulted = [name for name in fields if name in namespace]
            if defaulted and list(fields)[-len(defaulted):] != defaulted:
                raise TypeError(f"{typename}: a field without a default follows one with a default")
            made = namedtuple(typename, fields, defaults=[namespace[name] for name in defaulted],
                              module=namespace["__module__"])
            made.__annotations__ = made.__new__.__annotations__ = fields
            for key, value in namespace.items():
                if key in _REFUSED:
                    raise AttributeError(f"Cannot overwrite NamedTuple attribute {key}")
                if key not in _NOT_COPIED and key not in made._fields:
                    setattr(made, key, value)
            return made

    NamedTuple = type.__new__(_NamedTupleType, "NamedTuple", (), {})
