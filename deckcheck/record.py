"""Plain record classes for what every command builds at start-up.

A `@dataclass` writes and compiles its methods each time the program starts (about 0.3 to
0.5 ms a class on the development machine) and its module imports `inspect`: for the forty
or so record classes one `deckcheck validate` defines, that was a third of its start-up
(docs/speed.md). The classes on that path derive from `Record` instead: each lists its
fields in `__slots__` (in `__init__` order, a base class's first, as dataclasses order
them) and writes its own `__init__`; `Record` gives equality, a hash, a repr and
`replace` from those fields, the way a dataclass would. Classes off that path (the
engine, batch planning, paperwork) stay dataclasses.

Records are treated as immutable, as the frozen dataclasses they replace were: change one
with `replace`. A mutable record (a deck, a result) sets `__hash__ = None`, as a dataclass
with `eq=True` and `frozen=False` does. A field left out of `==` and the hash (dataclasses'
`compare=False`) is named in `NOT_COMPARED`.
"""
from __future__ import annotations

from typing import Any, ClassVar, TypeVar

_R = TypeVar("_R", bound="Record")
_NOT_FIELDS = frozenset({"__dict__", "__weakref__"})


class Record:
    __slots__ = ()
    NOT_COMPARED: ClassVar[frozenset[str]] = frozenset()

    @classmethod
    def fields(cls) -> tuple[str, ...]:
        """The field names, base classes' first (the `__slots__` of the class and its bases)."""
        found = cls.__dict__.get("_fields")
        if found is None:
            names: list[str] = []
            for klass in reversed(cls.__mro__):
                slots = klass.__dict__.get("__slots__", ())
                names += [name for name in ((slots,) if isinstance(slots, str) else slots) if name not in _NOT_FIELDS]
            found = tuple(names)
            type.__setattr__(cls, "_fields", found)
        return found

    @classmethod
    def _compared(cls) -> tuple[str, ...]:
        found = cls.__dict__.get("_compared_fields")
        if found is None:
            found = tuple(name for name in cls.fields() if name not in cls.NOT_COMPARED)
            type.__setattr__(cls, "_compared_fields", found)
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
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.fields())
        return f"{type(self).__name__}({shown})"

    def replace(self: _R, **changes: Any) -> _R:
        """A copy with `changes`, built through `__init__` like `dataclasses.replace`."""
        unknown = set(changes) - set(self.fields())
        if unknown:
            raise TypeError(f"{type(self).__name__} has no field {', '.join(sorted(unknown))}")
        values = {name: getattr(self, name) for name in self.fields()}
        values.update(changes)
        return type(self)(**values)
