"""YAML the way deckcheck's own files read it (format files, deckcheck.yaml, manifests)."""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from .errors import FormatError


def load_yaml(text: str, *, source: str) -> Any:
    """YAML the way deckcheck's own files read it (format files, deckcheck.yaml): safe
    constructors, dates kept as text for the schema to check, a key given twice refused.
    Any fault is a FormatError naming the file and, when known, the line."""
    import yaml  # deferred: not needed for `deckcheck --help`

    try:
        return yaml.load(text, Loader=_format_loader())  # noqa: S506 - a SafeLoader subclass
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"line {mark.line + 1}, column {mark.column + 1}: " if mark else ""
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        raise FormatError(f"{where}invalid YAML ({problem})", path=source) from None
    except ValueError as exc:
        # PyYAML's constructors let a few conversions fail bare: an integer of thousands of
        # digits (Python's int limit), bad base64 in `!!binary`.
        raise FormatError(f"invalid YAML value ({str(exc).split(';')[0]})", path=source) from None
    except RecursionError:
        raise FormatError("invalid YAML (nested too deeply)", path=source) from None


@lru_cache(maxsize=1)
def _format_loader() -> type:
    """PyYAML's SafeLoader, stricter where format files need it.

    - Dates stay text: the schema checks them and names the key. (PyYAML would turn
      `2011-13-45` into a bare ValueError with no file, key or line.)
    - A key given twice in one mapping is an error: PyYAML keeps the last silently, so a
      second `banned:` would quietly drop the first list.
    """
    import yaml

    # libyaml's parser when PyYAML has it (same safe constructors, overridden below):
    # several times faster on the long dated ban lists every batch worker loads.
    class FormatLoader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):  # type: ignore[misc]
        pass

    FormatLoader.yaml_implicit_resolvers = {
        first: [(tag, regexp) for tag, regexp in resolvers if tag != "tag:yaml.org,2002:timestamp"]
        for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
    }

    def construct_mapping(loader: yaml.SafeLoader, node: yaml.MappingNode, deep: bool = False) -> dict:
        first_line: dict[Any, int] = {}
        for key_node, _value in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                continue  # `<<:` merges may override; that is what they are for
            key = loader.construct_object(key_node, deep=True)
            try:
                earlier = first_line.setdefault(key, key_node.start_mark.line + 1)
            except TypeError:
                continue  # unhashable key: SafeLoader reports it below
            if earlier != key_node.start_mark.line + 1:
                raise yaml.constructor.ConstructorError(
                    None, None, f"duplicate key {key!r}, first given on line {earlier}", key_node.start_mark
                )
        return yaml.SafeLoader.construct_mapping(loader, node, deep=deep)

    FormatLoader.add_constructor("tag:yaml.org,2002:map", construct_mapping)
    return FormatLoader
