"""The one YAML loader: format files, keep-policy files, batch manifests, deckcheck.yaml
and YAML card files are all read here.

- Safe: PyYAML's SafeLoader (libyaml's parser when PyYAML has it): plain data, never
  Python objects.
- A key given twice in one mapping is an error naming both lines: PyYAML would keep the
  last silently, so a second `banned:` would quietly drop the first list.
- Dates stay text: the schema checks them and names the key (PyYAML would turn
  `2011-13-45` into a bare ValueError with no file, key or line).
- Anchors and aliases (`&name`, `*name`) can be refused (`aliases=False`). Batch manifests,
  deckcheck.yaml and policy files refuse them: a few hundred bytes of nested aliases stand
  for gigabytes of rows, one list of assertions named under every glob for hundreds of
  thousands, one list of names under every tag for millions. Where they are allowed (format
  files), what they stand for written out is bounded as a file is (MAX_INPUT_BYTES
  characters): a format file's lists are checked, merged and cached as written out.
- A whole number written with leading zeros is that number in decimal, as YAML 1.2 reads
  it: a Yu-Gi-Oh! passcode as a card prints it (`05318639`, `00027551`) is that passcode.
  PyYAML (YAML 1.1) read `00027551` as octal (12137) and `05318639` as text.
- Every fault is a `YamlError` naming the file and, when known, the line.
- Plain scalars can be kept as the text written (`scalars_as_text=True`): a batch
  manifest's `true`, `007` or `1.50` is a player's or a seat's text, not True, 7 or 1.5.

`read_yaml_file` adds what every file deckcheck reads gets: a size bound and UTF-8 with
an optional BOM. A `YamlDocument` keeps the parsed node tree, so a schema error found
later can name the line of the key at fault (`line_of`).
"""
from __future__ import annotations

import os
import re
import stat
import zlib
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from typing import Any

from .errors import DeckcheckError
from .limits import NumberTooLong, one_line
from .textio import MAX_INPUT_BYTES
from .wording import yaml_quoted


class YamlError(DeckcheckError):
    """A YAML file that cannot be read. `detail` is the message without the file name
    (callers that name the file their own way reuse it); `line` when known."""

    def __init__(self, detail: str, *, source: str, line: int | None = None):
        self.detail = detail
        self.source = source
        self.line = line
        super().__init__(f"{one_line(source)}: {detail}")


@dataclass(frozen=True)
class YamlDocument:
    """Parsed YAML: `data` as plain Python values, `node` the tree it was built from
    (None for an empty document), which knows where each key and value was written."""

    data: Any
    node: Any = None
    # A table read by `load_yaml_rows`: the line of each of its rows, whose nodes `node`
    # no longer holds (None for a document read whole).
    row_lines: list[int] | None = None
    # A CRC-32 of the file's bytes, for a document read from a file (`read_yaml_file`): the
    # bytes that were parsed, which the disk cache of formats records (formats/disk_cache.py).
    crc: int | None = None
    # The file's (modification time in ns, size) from the stat before it was read: what the
    # in-process cache of formats stamps it with (formats/stamps.py), so an edit during the
    # parse has a newer stamp than the data it kept.
    stamp: tuple[int, int] | None = None
    # Each mapping node's pairs by key text (id of the node -> {key: pair}), made when a
    # line in it is first asked: `formats check` asks the line of every passcode a file of
    # 90,000 writes, and a search of the mapping per question took minutes.
    _pairs: dict[int, dict[str, Any]] = field(default_factory=dict, init=False, repr=False, compare=False)

    def line_of(self, keys: Sequence[str | int]) -> int | None:
        """The line of the value at `keys` (mapping keys as text, list indexes as ints): the
        line of its key in a mapping, of the item in a list. Where the path leaves the
        document (a required key that is missing), the line of the deepest part found;
        None for the document itself."""
        import yaml

        node, line = self.node, None
        for key in keys:
            if isinstance(node, yaml.MappingNode):
                found = self._pairs_of(node).get(str(key))
                if found is None:
                    break
                line = found[0].start_mark.line + 1
                node = found[1]
            elif isinstance(node, yaml.SequenceNode) and isinstance(key, int) and 0 <= key < len(node.value):
                node = node.value[key]
                line = node.start_mark.line + 1
            else:
                break
        return line

    def boolean_keys(self, keys: Sequence[str | int]) -> list[str]:
        """The keys of the mapping at `keys` that YAML read as booleans, as written: YAML
        1.1 reads `on`, `yes` and `true` alike as true, and only this text tells which one
        a file wrote. Empty when `keys` is no mapping."""
        import yaml

        node = self.node
        for key in keys:
            found = self._pairs_of(node).get(str(key)) if isinstance(node, yaml.MappingNode) else None
            if found is None:
                return []
            node = found[1]
        if not isinstance(node, yaml.MappingNode):
            return []
        return [key.value for key, _ in node.value if isinstance(key, yaml.ScalarNode) and key.tag == "tag:yaml.org,2002:bool"]

    def _pairs_of(self, node: Any) -> dict[str, Any]:
        """`node`'s (key, value) pairs by key text, the first of a key written twice."""
        pairs = self._pairs.get(id(node))
        if pairs is None:
            pairs = {}
            for pair in node.value:
                text = _key_text(pair[0])
                if text is not None:
                    pairs.setdefault(text, pair)
            self._pairs[id(node)] = pairs
        return pairs


def _key_text(node: Any) -> str | None:
    value = getattr(node, "value", None)
    return value if isinstance(value, str) else None


def load_yaml(text: str, *, source: str, aliases: bool = True, what: str = "YAML file") -> Any:
    """The data of a YAML text (see the module docstring); `what` names the kind of file
    in messages ("manifest"). Raises YamlError."""
    return load_yaml_document(text, source=source, aliases=aliases, what=what).data


def load_yaml_document(
    text: str, *, source: str, aliases: bool = True, what: str = "YAML file", scalars_as_text: bool = False,
) -> YamlDocument:
    """`load_yaml`, keeping the node tree for line numbers; with `scalars_as_text`, plain
    scalars other than null (`~`, `null`, nothing) are the text written. Raises YamlError."""

    loader_class = _loader(scalars_as_text)
    with _as_yaml_errors(text, source):
        if not aliases:
            _refuse_aliases(text, loader_class, source, what)
        loader = loader_class(text)
        try:
            node = loader.get_single_node()
            # No alias without a `*`. The node tree shares an anchored value among its
            # aliases, so what they stand for is sized without a second parse; only a
            # document past the bound is parsed again, to name the alias where it passes.
            if aliases and node is not None and "*" in text and _written_out(node) > MAX_INPUT_BYTES:
                _bound_aliases(text, loader_class, source)
            data = loader.construct_document(node) if node is not None else None
        finally:
            loader.dispose()
    return YamlDocument(data=data, node=node)


@contextmanager
def _as_yaml_errors(text: str, source: str) -> Iterator[None]:
    """What PyYAML raises while reading `text` as a YamlError that says where."""
    import yaml

    try:
        yield
    except yaml.YAMLError as exc:
        raise _syntax_error(exc, text, source) from None
    except ValueError as exc:
        # PyYAML's constructors let a few conversions fail bare: bad base64 in `!!binary`
        # (an integer past Python's int() limit is said, with its line, by construct_int).
        raise YamlError(f"invalid YAML value ({str(exc).split(';')[0]})", source=source) from None
    except RecursionError:
        raise YamlError("invalid YAML (nested too deeply)", source=source) from None


def load_yaml_rows(
    text: str, *, source: str, rows_key: str, what: str = "YAML file", scalars_as_text: bool = False,
) -> YamlDocument:
    """`load_yaml_document` for a table, anchors and aliases refused: a document that is a
    list of rows, or a mapping whose `rows_key` holds one. Each row is built as soon as it
    is read and its nodes let go, so a long table takes the memory of its data, not of its
    node tree (a 4 MiB manifest of 134,000 rows held 250 MB of nodes, each with its two
    marks, where its rows take 50 MB). `row_lines` holds each row's line; `node` the rest
    of the document (the list of rows left empty), for `line_of` a top-level key. Raises
    YamlError."""
    loader_class = _loader(scalars_as_text)
    with _as_yaml_errors(text, source):
        _refuse_aliases(text, loader_class, source, what)
        loader = _rows_loader(scalars_as_text)(text, rows_key)
        try:
            node = loader.get_single_node()
            data = loader.construct_document(node) if node is not None else None
        finally:
            loader.dispose()
    if loader.rows is None:  # no list of rows where one belongs: the caller says what it found
        return YamlDocument(data=data, node=node)
    if isinstance(data, list):
        data = loader.rows
    else:
        data[rows_key] = loader.rows
    return YamlDocument(data=data, node=node, row_lines=loader.row_lines)


@lru_cache(maxsize=2)
def _rows_loader(scalars_as_text: bool) -> type:
    """The loader of `load_yaml_rows`: PyYAML's own composer (libyaml's builds the whole
    tree in one call) over libyaml's events, which builds each row of the table as it is
    composed; the rest of the document is composed as ever."""
    import yaml

    base = _loader(scalars_as_text)
    # PyYAML's pure-Python loader is a Composer already; libyaml's is put after it.
    bases = (base,) if issubclass(base, yaml.composer.Composer) else (yaml.composer.Composer, base)

    class RowsLoader(*bases):  # type: ignore[misc]
        def __init__(self, text: str, rows_key: str):
            base.__init__(self, text)
            yaml.composer.Composer.__init__(self)
            self.rows_key = rows_key
            self.rows: list[Any] | None = None
            self.row_lines: list[int] = []
            self.depth = 0

        def compose_node(self, parent: Any, index: Any) -> Any:
            # The table: the document itself, or the value of its top-level `rows_key`.
            if self.rows is None and self.check_event(yaml.SequenceStartEvent) and self.peek_event().tag in _PLAIN_LIST \
                    and (self.depth == 0 or (self.depth == 1 and isinstance(index, yaml.ScalarNode)
                                             and index.value == self.rows_key)):
                return self.compose_rows()
            self.depth += 1
            try:
                return yaml.composer.Composer.compose_node(self, parent, index)
            finally:
                self.depth -= 1

        def compose_rows(self) -> Any:
            """The table's node, left empty: its rows go to `rows` as they are read."""
            start = self.get_event()
            node = yaml.SequenceNode("tag:yaml.org,2002:seq", [], start.start_mark, None, flow_style=start.flow_style)
            rows = self.rows = []  # set first: a row's own `rows_key` is a cell, not the table
            self.depth += 1
            try:
                while not self.check_event(yaml.SequenceEndEvent):
                    row = yaml.composer.Composer.compose_node(self, node, len(rows))
                    self.row_lines.append(row.start_mark.line + 1)
                    rows.append(self.construct_document(row))
            finally:
                self.depth -= 1
            node.end_mark = self.get_event().end_mark
            return node

    return RowsLoader


# A list written without a tag, or tagged as one (`!!seq`): a table of rows.
_PLAIN_LIST = frozenset({None, "!", "tag:yaml.org,2002:seq"})


# The constructs a parser can run off the end of, by the context PyYAML and libyaml both
# name: a flow list or mapping (its opening bracket) and a quoted scalar (its quote).
_OPENED_BY = {"while parsing a flow sequence": "]", "while parsing a flow mapping": "}", "while scanning a quoted scalar": ""}
_QUOTES = {"'": "single quote", '"': "double quote"}
_CLOSED_BY = {"'['": "']'", "'{'": "'}'", "single quote": "a single quote", "double quote": "a double quote"}
# The context of an entry a flow list or mapping lacks (`[1,` cut by the end of the file,
# `[1,,2]`): the parser's mark is where the entry should be, not the bracket.
_IN_FLOW_NODE = "while parsing a flow node"


def _syntax_error(exc: Exception, text: str, source: str) -> YamlError:
    """The YamlError for PyYAML's (or libyaml's) syntax error `exc` in `text`. The parser
    names where it gave up (`problem_mark`); for a bracket or a quote left open that is
    often the end of the file, far from the mistake, so the message leads with where the
    open construct began (`context_mark`, or the bracket `_open_bracket` finds) and says both."""
    mark = getattr(exc, "problem_mark", None)
    problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
    if mark is None:
        return YamlError(f"invalid YAML ({problem})", source=source)
    line, where = _place(text, mark)
    plain = _in_plain_words(exc, text, mark, problem)
    if plain is not None:
        start, detail = plain
        line, where = _place(text, start)
        return YamlError(f"{where}: invalid YAML: {detail}", source=source, line=line)
    unclosed = _unclosed(exc, text, mark, problem)
    if unclosed is not None:
        opened, start = unclosed
        at_end = mark.index >= len(text)
        found = f"the end of the file at line {line}" if at_end else f"{one_line(repr(text[mark.index]))} at {where}"
        # At the end of the file nothing else was expected: say what closes it. Before it, the
        # parser's own words say what it expected there (a ',' or the closing bracket).
        detail = f"the {opened} opened here is never closed; found {found}; close it with {_CLOSED_BY[opened]}" \
            if at_end else f"the {opened} opened here is not closed before {found} ({problem})"
        return YamlError(
            f"line {start.line + 1}, column {start.column + 1}: invalid YAML: {detail}", source=source, line=start.line + 1)
    if text[mark.index:mark.index + 1] == "\t":  # an editor's tab: PyYAML only says it cannot start a token
        problem += "; a tab: YAML indents with spaces"
    return YamlError(f"{where}: invalid YAML ({problem})", source=source, line=line)


def _in_plain_words(exc: Exception, text: str, mark: Any, problem: str) -> tuple[Any, str] | None:
    """Where and what, in plain words, for the faults whose parser wording says neither (libyaml:
    `did not find expected alphabetic or numeric character`, `but found another document`,
    `did not find expected node content`), else None:
    - a value that starts with `*` or `&` (an unquoted glob, `exclude: *.md`), read as an
      alias or an anchor, or as an alias that names no anchor (`banned: [*Lotus]`): put it
      in quotes;
    - a ': ' inside a value (`mapping values are not allowed here`): a key indented too
      deep, a key that holds ': ' unquoted (a card's name), or a value that does;
    - a second document (`---`) in a file that holds one;
    - an empty entry of a flow list or mapping (`[a,, b]`): the ',' to remove."""
    context = getattr(exc, "context", None)
    start = getattr(exc, "context_mark", None)
    if context in _NAME_STARTS and start is not None and start.index < len(text):
        written = _written(text, start.index)
        what = "an alias (*name)" if written.startswith("*") else "an anchor (&name)"
        return start, f"{one_line(repr(written))} starts {what}, not text; put the value in quotes: {one_line(yaml_quoted(written))}"
    if problem.startswith(("found undefined alias", "found unknown alias")) and text[mark.index:mark.index + 1] == "*":
        written = _written(text, mark.index)
        return mark, (f"{one_line(repr(written))} is an alias (*name) of no anchor, not text; put the value in quotes: "
                      f"{one_line(yaml_quoted(written))}")
    if problem.startswith("mapping values are not allowed"):
        # `Number 39: Utopia: 10`: a key holding ': ' (a card's name) ends at the second one.
        line_start = text.rfind("\n", 0, mark.index) + 1
        key = text[line_start:mark.index].strip().removeprefix("- ").strip()
        quote_key = (f"if {one_line(repr(key[:80]))} is one key (a card's name holding ': '), put it in quotes: "
                     f"{one_line(yaml_quoted(key[:80]))}; ") if ": " in key and key[:1] not in "\"'{[" else ""
        return mark, (f"a ': ' inside a value: {quote_key}if this line is a key of its own, indent it as the key "
                      "above it; if the ': ' belongs to the value, put the value in quotes")
    if context == "expected a single document in the stream":
        return mark, "a second YAML document starts here; the file holds one: remove this line or what follows it"
    if context == _IN_FLOW_NODE and text[mark.index:mark.index + 1] == ",":
        bracket = _open_bracket(text, mark.index)
        if bracket is not None:
            return mark, (f"an empty entry (a ',' with nothing before it) in the '{text[bracket.index]}' opened at line "
                          f"{bracket.line + 1}, column {bracket.column + 1}; remove the extra ','")
    return None


# The contexts of a `*` or `&` that names no alias or anchor, and where such a name ends.
_NAME_STARTS = frozenset({"while scanning an alias", "while scanning an anchor"})
_STOPS = re.compile(r"[\s,\[\]{}]")


def _written(text: str, index: int) -> str:
    """The plain value (or key: its ':' left out) written from `index` on, up to 80 characters."""
    written = _STOPS.split(text[index:index + 80], maxsplit=1)[0]
    return written[:-1] if written.endswith(":") and len(written) > 1 else written


def _unclosed(exc: Exception, text: str, mark: Any, problem: str) -> tuple[str, Any] | None:
    """The opening bracket or quote (`'['`, `double quote`) of the construct `exc` says was
    left open, and where it is, else None: a flow list or mapping whose closing bracket the
    parser looked for or whose next entry the end of the file cut (`[a, b,`: the parser names
    only the entry, so the bracket is found by `_open_bracket`), or a quoted scalar the end
    of the file cut (a bad escape in one is another fault)."""
    at_end = mark.index >= len(text)
    context = getattr(exc, "context", None) or ""
    if context == _IN_FLOW_NODE:
        start = _open_bracket(text, mark.index) if at_end else None
        return (f"'{text[start.index]}'", start) if start is not None else None
    start = getattr(exc, "context_mark", None)
    closer = _OPENED_BY.get(context)
    if start is None or closer is None or start.index >= len(text):
        return None
    if closer and f"'{closer}'" not in problem:
        return None
    if not closer and not at_end:
        return None
    opener = text[start.index]
    return _QUOTES.get(opener, f"'{opener}'"), start


def _open_bracket(text: str, end: int) -> Any:
    """The mark of the innermost flow list or mapping (`[`, `{`) still open at index `end`
    of `text`, else None: its tokens scanned up to there (a scan only, after a parse failed)."""
    import yaml

    opened: list[Any] = []
    try:
        for token in yaml.scan(text, Loader=_loader(False)):
            if token.start_mark.index >= end:
                break
            if isinstance(token, (yaml.FlowSequenceStartToken, yaml.FlowMappingStartToken)):
                opened.append(token.start_mark)
            elif isinstance(token, (yaml.FlowSequenceEndToken, yaml.FlowMappingEndToken)) and opened:
                opened.pop()
    except yaml.YAMLError:
        pass  # a fault the scanner sees first: what was opened before it stands
    return opened[-1] if opened else None


def _place(text: str, mark: Any) -> tuple[int, str]:
    """The line of a parse error's `mark` and the words that place it (`line 3, column 7`).
    A mark past the last character (an unclosed `[` or quote: the parser reads to the end
    of the file) is `at the end of the file`, on the file's last line: after a final line
    break PyYAML counts one line more, which no editor shows (`line 5, column 1` of four
    lines), and a GitHub annotation there is on no line of the file."""
    if mark.index < len(text):  # the index counts characters, with libyaml's parser too
        return mark.line + 1, f"line {mark.line + 1}, column {mark.column + 1}"
    last = mark.line if mark.column == 0 and mark.line > 0 else mark.line + 1
    return last, f"line {last}, at the end of the file"


def standard_input_advice(path: str | os.PathLike[str], what: str) -> str | None:
    """What to say of `-` given for a settings file (`--policy -`, `formats check -`) that is
    not there: `-` reads standard input for a deck or a pool only, and "no such file" sent
    the user looking for a file called `-`. None for any other path."""
    if os.fspath(path) != "-":
        return None
    return f"standard input is read for a deck or a pool, never a {what}: give the {what} saved on disk"


def read_yaml_file(path: Path, *, what: str, aliases: bool = True) -> YamlDocument:
    """A YAML file read as every deckcheck file is: a regular file (never a pipe or a
    device), at most MAX_INPUT_BYTES, UTF-8 (a BOM is fine). `what` names the kind of
    file in messages ("format file"); `aliases=False` refuses anchors and aliases. Raises
    YamlError."""
    source = str(path)
    try:
        # A named pipe or a device would block or never end: only regular files are read.
        found = os.stat(path)
        if not stat.S_ISREG(found.st_mode):
            raise YamlError(f"not a regular file; give a {what} saved on disk", source=source)
        with open(path, "rb") as handle:
            raw = handle.read(MAX_INPUT_BYTES + 1)
    except OSError as exc:
        if isinstance(exc, FileNotFoundError) and standard_input_advice(path, what):
            raise YamlError(standard_input_advice(path, what) or "", source=source) from None
        raise YamlError(f"cannot read {what} ({exc.strerror or exc})", source=source) from None
    except ValueError:  # a NUL byte in the name: no file can have it
        raise YamlError(f"cannot read {what} (not a valid file name)", source=source) from None
    if len(raw) > MAX_INPUT_BYTES:
        raise YamlError(f"over the {MAX_INPUT_BYTES:,}-byte limit for a {what}; is this the right file?", source=source)
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise YamlError(
            f"line {line}: not UTF-8 text (byte 0x{raw[exc.start]:02x}); save the file as UTF-8", source=source, line=line
        ) from None
    return replace(load_yaml_document(text, source=source, what=what, aliases=aliases), crc=zlib.crc32(raw),
                   stamp=(found.st_mtime_ns, found.st_size))


def _refuse_aliases(text: str, loader_class: type, source: str, what: str) -> None:
    """Refuse the first anchor or alias, before anything is built from them. A pass over
    the parser's events (libyaml's when present): cheap next to building the data."""
    import yaml

    for event in yaml.parse(text, Loader=loader_class):
        if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None) is not None:
            mark = event.start_mark
            # `exclude: *md` is an alias to YAML, but a glob to whoever wrote it.
            written = _written(text, mark.index) if isinstance(event, yaml.AliasEvent) else ""
            glob = f" (a text that starts with '*', such as a glob, goes in quotes: {one_line(yaml_quoted(written))})" \
                if written.startswith("*") else ""
            raise YamlError(
                f"line {mark.line + 1}, column {mark.column + 1}: anchors and aliases (&name, *name) are not "
                f"allowed in a {what}; write each value out in full{glob}",
                source=source, line=mark.line + 1,
            )


# What one value counts toward the bound of `_bound_aliases` beside its text: a list of
# empty texts stands for something too.
_VALUE_WEIGHT = 1


def _written_out(root: Any) -> int:
    """What the node tree `root` stands for with its aliases written out, counted as
    `_bound_aliases` counts it (each value its text and _VALUE_WEIGHT; a list or mapping
    _VALUE_WEIGHT and its values), each shared node sized once. A node inside its own
    value (a self-referring anchor) counts _VALUE_WEIGHT there, as an alias met before its
    anchor's value ends does."""
    import yaml

    sizes: dict[int, int] = {}
    open_nodes: set[int] = set()
    stack: list[tuple[Any, bool]] = [(root, False)]
    while stack:
        node, children_done = stack.pop()
        if id(node) in sizes:
            continue
        if isinstance(node, yaml.ScalarNode):
            sizes[id(node)] = len(node.value) + _VALUE_WEIGHT
            continue
        children = [part for pair in node.value for part in pair] if isinstance(node, yaml.MappingNode) else node.value
        if children_done:
            open_nodes.discard(id(node))
            sizes[id(node)] = _VALUE_WEIGHT + sum(sizes.get(id(child), _VALUE_WEIGHT) for child in children)
            continue
        open_nodes.add(id(node))
        stack.append((node, True))
        stack.extend((child, False) for child in children if id(child) not in sizes and id(child) not in open_nodes)
    return sizes[id(root)]


def _bound_aliases(text: str, loader_class: type, source: str) -> None:
    """Refuse the alias at which what the document stands for, its aliases written out,
    passes MAX_INPUT_BYTES characters (each value counts its text and one more): a format
    file's lists are checked, merged and cached as written out, so 1.4 MB of one
    megabyte-long name named 90,000 times took 3 GB before the format's disk cache gave up,
    and a few hundred bytes of nested aliases stand for billions of names. A pass over the
    parser's events, each anchored value's size kept by its anchor."""
    import yaml

    sizes: dict[str, int] = {}  # anchor -> what its value stands for, once the value ends
    opened: list[tuple[str | None, int]] = []  # the lists and mappings open: anchor, size so far
    total = 0  # what the document stands for so far: every value counts once, where it is met

    def add(size: int) -> None:
        if opened:
            anchor, so_far = opened[-1]
            opened[-1] = (anchor, so_far + size)

    for event in yaml.parse(text, Loader=loader_class):
        if isinstance(event, yaml.AliasEvent):
            # An alias inside its own anchor's value (a merge of itself) is not yet sized: it
            # stands for nothing more than its parser's own loop.
            size = sizes.get(event.anchor, _VALUE_WEIGHT)
            total += size
            if total > MAX_INPUT_BYTES:
                mark = event.start_mark
                raise YamlError(
                    f"line {mark.line + 1}, column {mark.column + 1}: anchors and aliases (&name, *name) stand for "
                    f"more than {MAX_INPUT_BYTES:,} characters written out (the most a file holds); write fewer "
                    "values, or each out in full",
                    source=source, line=mark.line + 1,
                )
            add(size)
        elif isinstance(event, yaml.ScalarEvent):
            size = len(event.value) + _VALUE_WEIGHT
            total += size
            if event.anchor is not None:
                sizes[event.anchor] = size
            add(size)
        elif isinstance(event, (yaml.SequenceStartEvent, yaml.MappingStartEvent)):
            total += _VALUE_WEIGHT
            opened.append((event.anchor, _VALUE_WEIGHT))
        elif isinstance(event, (yaml.SequenceEndEvent, yaml.MappingEndEvent)):
            anchor, size = opened.pop()
            if anchor is not None:
                sizes[anchor] = size
            add(size)


# The implicit types PyYAML's SafeLoader gives plain scalars that deckcheck keeps as text:
# always dates; with `scalars_as_text`, booleans and numbers as well.
_TEXT_TAGS = frozenset({"tag:yaml.org,2002:timestamp"})
_TYPED_TAGS = frozenset({"tag:yaml.org,2002:bool", "tag:yaml.org,2002:int", "tag:yaml.org,2002:float"})
_INT_TAG = "tag:yaml.org,2002:int"
# PyYAML's integers, with `0[0-7_]+` (YAML 1.1's octal) widened to any digits after a 0:
# read as decimal (`_leading_zeros`), so `05318639` is a number too.
_INT = re.compile(r"""^(?:[-+]?0b[0-1_]+
    |[-+]?0[0-9_]+
    |[-+]?(?:0|[1-9][0-9_]*)
    |[-+]?0x[0-9a-fA-F_]+
    |[-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+)$""", re.X)
# What YAML 1.1 read as octal and YAML 1.2 (and deckcheck) reads as decimal.
_LEADING_ZEROS = re.compile(r"[-+]?0[0-9]+")


@lru_cache(maxsize=2)
def _loader(scalars_as_text: bool) -> type:
    """PyYAML's SafeLoader with dates (and, when asked, booleans and numbers) kept as text
    and duplicate keys refused."""
    import yaml

    # libyaml's parser when PyYAML has it (same safe constructors, overridden below):
    # several times faster on the long dated ban lists every batch worker loads.
    class DeckcheckLoader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):  # type: ignore[misc]
        pass

    as_text = _TEXT_TAGS | _TYPED_TAGS if scalars_as_text else _TEXT_TAGS
    DeckcheckLoader.yaml_implicit_resolvers = {
        first: [(tag, _INT if tag == _INT_TAG else regexp) for tag, regexp in resolvers if tag not in as_text]
        for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
    }

    def construct_mapping(loader: yaml.SafeLoader, node: yaml.MappingNode, deep: bool = False) -> dict:
        first_line: dict[Any, int] = {}
        for key_node, _value in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                continue  # `<<:` merges may override; that is what they are for
            key = loader.construct_object(key_node, deep=True)
            try:
                earlier = first_line.get(key)
            except TypeError:
                continue  # unhashable key: SafeLoader reports it below
            if earlier is not None:
                raise yaml.constructor.ConstructorError(
                    None, None, f"duplicate key {key!r}, first given on line {earlier}", key_node.start_mark
                )
            first_line[key] = key_node.start_mark.line + 1
        return yaml.SafeLoader.construct_mapping(loader, node, deep=deep)

    def construct_int(loader: yaml.SafeLoader, node: yaml.ScalarNode) -> int:
        try:
            digits = node.value.replace("_", "")
            if _LEADING_ZEROS.fullmatch(digits):
                return int(digits, 10)
            return yaml.SafeLoader.construct_yaml_int(loader, node)
        except ValueError:  # the resolver matched digits: only Python's int() limit is left
            too_long = NumberTooLong(sum(char.isdigit() for char in node.value))
            raise yaml.constructor.ConstructorError(
                None, None, str(too_long), node.start_mark) from None

    DeckcheckLoader.add_constructor("tag:yaml.org,2002:map", construct_mapping)
    DeckcheckLoader.add_constructor("tag:yaml.org,2002:int", construct_int)
    return DeckcheckLoader
