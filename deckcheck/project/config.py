"""`deckcheck.yaml`: how a repository of decklists is checked (`deckcheck check`).

    format: mtg/modern                 # default format of every deck
    date: 2024-06-01                   # default event date (default: today)
    platform: mtgo                     # where the events are played: paper (default), mtgo, arena
    output: auto                       # default -o (an output of `deckcheck check --help`)
    decks: ["decks/**"]                # which files are decklists (default: every file with
                                       # a decklist extension outside hidden folders)
    exclude: ["decks/archive/**"]      # never these
    formats:                           # glob -> format; the first matching glob wins
      "decks/legacy/**": mtg/legacy
      "cube/*.txt": formats/my-cube.yaml   # a format file, relative to deckcheck.yaml
    simulate:                          # glob -> opening-hand assertions for those decks
      "decks/modern/burn.txt":
        keep: "2 <= lands <= 5"
        assert: ["keep7 >= 0.85", "p_by_turn(\\"Lightning Bolt\\", 1) >= 0.5"]

The file is read and checked like a format file (the YAML loader of yamlload.py, the
schema checker of schema.py): an unknown key, a wrong type, a key given twice, a format
that does not exist or an assertion that does not parse is an error naming the file and
the key (exit 2). Format and policy files it names stay inside the repository (its
folder): a pull request cannot point them at `/etc/...` or `../..` (docs/security.md).
"""
from __future__ import annotations

import datetime as dt
import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .. import tree
from ..engine.arguments import SIDE_WORDS, items
from ..errors import DeckcheckError, FormatError
from ..games.mtg.cards import PLATFORMS
from ..limits import MAX_GLOB_CHARS, MAX_GLOBS, MAX_HANDS, MAX_SEED, MAX_TURNS, one_line, too_few_to_assert
from ..schema import AnyOf, Bool, Date, Int, Keys, ListOf, MapOf, SchemaError, Spec, Str, Struct, dotted, validate
from ..workdir import from_working_directory
from ..yamlload import YamlError, read_yaml_file
from . import REPORT_SUBJECTS

if TYPE_CHECKING:
    from ..engine.policy import Rule
    from ..formats import FormatRef

CONFIG_NAMES = ("deckcheck.yaml", "deckcheck.yml")


class OutputName(Spec):
    """An output that can report what `deckcheck check` reports, as the reporter registry
    says (only the named reporter is imported; all of them only to word an error)."""

    @property
    def expected(self) -> str:  # type: ignore[override]
        from ..report import choices

        return "one of " + ", ".join(repr(name) for name in choices(*REPORT_SUBJECTS))

    def check(self, value: Any, path: str) -> None:
        from ..report import choices, renders

        if not isinstance(value, str) or not renders(value, *REPORT_SUBJECTS):
            self.fail(value, path, among=choices(*REPORT_SUBJECTS))


_TEXT_OR_LIST = AnyOf((Str(), ListOf(Str())))
SIMULATE_SCHEMA = Struct(
    fields={
        "assert": _TEXT_OR_LIST,
        # A rule is text, or true / false as in a policy file (`keep5: true`: keep any five).
        **{key: AnyOf((Str(), Bool())) for key in ("keep", "keep6", "keep5")},
        "policy": Str(),
        "on": Str(choices=tuple(SIDE_WORDS)),
        "turns": Int(minimum=1, maximum=MAX_TURNS),
        "hands": Int(minimum=1, maximum=MAX_HANDS, thousands=True),
        "seed": Int(minimum=0, maximum=MAX_SEED),
        "exact": Bool(),
        "cards": ListOf(Str()),
    },
    required=("assert",),
)
CONFIG_SCHEMA = Struct(fields={
    "format": Str(),
    "date": Date(),
    "platform": Str(choices=PLATFORMS),
    "output": OutputName(),
    "decks": _TEXT_OR_LIST,
    "exclude": _TEXT_OR_LIST,
    "formats": MapOf(Str()),
    "simulate": MapOf(SIMULATE_SCHEMA),
    "strict": Bool(),
})


class ConfigError(DeckcheckError):
    """An invalid deckcheck.yaml: names the file, the key at fault and, when known, the
    line that gives it (exit 2). `keys` locate the key in the file (mapping keys, list
    indexes; the message shows them dotted, schema.dotted); `load_config` finds `line`
    from them for a `check -o github` annotation (cli/check.py), and `detail` is the
    message without the file's name, as the annotation on the file says it. `output` is
    the file's own `output:` when the file gives a usable one, None otherwise: the output
    of the report that carries the error when `-o` gives none (cli/check.py). `located`:
    the file a report places the error on when the message names it otherwise (a deck
    deckcheck.yaml gives no format: named as selected, placed on the file as found)."""

    def __init__(self, message: str, *, path: str, keys: Keys = (), line: int | None = None, located: str | None = None):
        self.path, self.keys, self.line = located or path, keys, line
        self.output: str | None = None
        self._said = (message, path, located)
        key = dotted(keys)
        self.detail = (f"{key}: " if key else "") + message + (f" (line {line})" if line is not None and key else "")
        super().__init__(f"{path}: {self.detail}")

    def at_line(self, line: int | None) -> ConfigError:
        """This error placed on `line` of deckcheck.yaml, its message ending `(line N)` as a
        schema error's does: a fault found once the keys were known to be valid (an unknown
        format id, an assertion that does not parse) said no line on stderr."""
        message, path, located = self._said
        placed = ConfigError(message, path=path, keys=self.keys, line=line, located=located)
        placed.output = self.output
        return placed


# The key of a `simulate` entry that gives each setting the engine's messages name (its
# notes, keep rules and OptionErrors; engine/simulation.py): what the user wrote here.
KEY_OF_SETTING = {
    "keep": "keep", "keep_by_size[6]": "keep6", "keep_by_size[5]": "keep5", "policy_file": "policy",
    'mode="exact"': "exact: true", "hands": "hands", "seed": "seed", "turns": "turns", "on": "on",
    "card": "cards", "assertion": "assert",
}


@dataclass(frozen=True)
class SimulateSpec:
    """Opening-hand assertions for the decks one glob matches (keys as `deckcheck simulate`)."""

    glob: str
    assertions: tuple[str, ...]
    keep: str | None = None
    keep_by_size: Mapping[int, str] = field(default_factory=dict)
    policy: str | None = None
    on: str = "play"
    turns: int = 3
    hands: int | None = None
    seed: int | None = None
    exact: bool = False
    cards: tuple[str, ...] = ()


@dataclass(frozen=True)
class ProjectConfig:
    root: Path
    path: Path | None = None            # None: no file, defaults only (`check -f FORMAT`)
    format: FormatRef | None = None
    date: dt.date | None = None
    platform: str | None = None         # None: paper, unless --platform says
    output: str | None = None
    decks: tuple[str, ...] = ()         # empty: every file with a decklist extension
    exclude: tuple[str, ...] = ()
    formats: tuple[tuple[str, FormatRef], ...] = ()
    simulate: tuple[SimulateSpec, ...] = ()
    strict: bool = False                # the run's own warnings fail the check (`check --strict`)
    # The line of each `decks`, `exclude`, `formats` and `simulate` glob, by (key, glob):
    # where `check` points its warning that a glob matches no deck.
    lines: Mapping[tuple[str, str], int] = field(default_factory=dict)
    # deckcheck.yaml and the format and policy files it names (with the format files those
    # extend), relative to `root`: never decks.
    own_files: frozenset[str] = frozenset()

    @property
    def shown(self) -> str:
        return config_shown(self.path) if self.path else "deckcheck.yaml"


def config_shown(path: Path) -> str:
    """deckcheck.yaml as messages name it: from the working directory when it lies in it
    (`deckcheck.yaml`, `ci/deckcheck.yaml`), as decks are named, though it was found as
    an absolute path; else as found or given (above the working directory: absolute)."""
    shown = from_working_directory(path)
    return str(path) if os.path.isabs(shown) else shown


def find_config(start: Path) -> Path | None:
    """deckcheck.yaml in `start` or the nearest folder above it."""
    for folder in (start, *start.parents):
        for name in CONFIG_NAMES:
            candidate = folder / name
            if candidate.is_file():
                return candidate
    return None


def _format_ref(value: str, root: Path, shown: str, keys: tuple[str, ...]) -> FormatRef:
    """A format named in deckcheck.yaml: an id, or a file relative to it (wherever `check`
    runs) inside its folder; the file as reports show it, from the working directory
    (`formats/cube.yaml`)."""
    from ..formats import confined

    try:
        ref = confined(value, base=root, root=root)
    except FormatError as exc:
        raise ConfigError(str(exc), path=shown, keys=keys) from None
    return Path(from_working_directory(ref)) if isinstance(ref, Path) else ref


def _policy_path(value: str, root: Path, shown: str, keys: tuple[str, ...]) -> str:
    """A policy file named in deckcheck.yaml: relative to it, inside its folder; as its
    messages show it, from the working directory (`policies/burn.yaml`), as format files are;
    a `\\` separates folders as `/` does (formats.confined)."""
    path, why = tree.named_inside(value.replace("\\", "/"), base=root, root=root, where=str(root))
    if why:
        raise ConfigError(f"{value[:200]!r}: {why}; name a policy file inside it", path=shown, keys=keys)
    return from_working_directory(path)


def load_config(path: Path) -> ProjectConfig:
    """The deckcheck.yaml at `path`, checked whole before any deck is read (ConfigError)."""
    shown = config_shown(path)
    # The file of a pull request may be a link to a secret: never read one out of its folder.
    why = tree.link_reason(path, path.parent, tree="its folder")
    if why:
        raise ConfigError(why, path=shown)
    try:
        # No aliases: the file comes with a pull request, and one list of assertions named
        # under each of 256 globs stood for 512,000 of them (docs/security.md).
        document = read_yaml_file(path, what="deckcheck.yaml", aliases=False)
    except YamlError as exc:
        raise ConfigError(exc.detail, path=shown, line=exc.line) from None
    data = document.data
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise ConfigError("expected a mapping of settings (format, formats, decks, simulate, ...)", path=shown)
    for glob, spec in (data.get("simulate") or {}).items() if isinstance(data.get("simulate"), dict) else ():
        if isinstance(spec, dict) and True in spec:
            _key_read_as_true(spec, document.boolean_keys(("simulate", glob)), shown, glob)
    try:
        validate(data, CONFIG_SCHEMA, line_of=document.line_of)
    except SchemaError as exc:
        error = ConfigError(str(exc), path=shown, keys=exc.keys, line=exc.line)
        error.output = _usable_output(data)
        raise error from None
    try:
        return _settings(path, data, shown, document.line_of)
    except ConfigError as exc:
        # A fault on another file (a format file's own line) keeps that file's place.
        error = exc.at_line(document.line_of(exc.keys)) if exc.line is None and exc.keys else exc
        error.output = _usable_output(data)
        raise error from None


def _usable_output(data: Mapping[str, Any]) -> str | None:
    """The `output:` of a file that is broken elsewhere, when it names an output `check`
    has: a CI job that redirects stdout to the SARIF or JUnit file it uploads still gets
    that report, carrying the error, not an annotation or nothing."""
    from ..report import renders

    value = data.get("output")
    return value if isinstance(value, str) and renders(value, *REPORT_SUBJECTS) else None


# The words YAML 1.1 reads as the boolean true (PyYAML's resolver): one key of them at most
# per mapping, as a key given twice is refused.
_TRUE_WORDS = frozenset({"yes", "Yes", "YES", "true", "True", "TRUE", "on", "On", "ON"})


def _key_read_as_true(spec: dict[Any, Any], booleans: Sequence[str], shown: str, glob: str) -> None:
    """A simulate entry's key that YAML read as true, named as written: `on: draw` is the
    setting `on` (YAML 1.1 reads the word as true), any other word (`yes: draw`) an unknown
    key under its own name, never the setting `on` in disguise."""
    written = next((text for text in booleans if text in _TRUE_WORDS), "True")
    if written.lower() != "on":
        spec[written] = spec.pop(True)
    elif "on" in spec:
        raise ConfigError("given twice (as on and as 'on'); give it once", path=shown, keys=("simulate", glob, "on"))
    else:
        spec["on"] = spec.pop(True)


def _named_file_error(exc: DeckcheckError, shown: str, keys: Keys) -> ConfigError:
    """The ConfigError of a format or policy file deckcheck.yaml names that does not load,
    said under the key that names it. A fault at a line of that file (its YAML, a key of its
    own, of a format it extends: FormatError's or PolicyError's `path` and `line`) is placed
    there, not on deckcheck.yaml: the pull request that broke the file shows the annotation
    on the line it changed."""
    error = ConfigError(str(exc), path=shown, keys=keys)
    path, line = getattr(exc, "path", None), getattr(exc, "line", None)
    if path is not None and line is not None:
        error.path, error.line = from_working_directory(Path(path)), line  # the message stays as it was
    return error


def _settings(
    path: Path, data: dict[str, Any], shown: str, line_of: Callable[[Sequence[str | int]], int | None],
) -> ProjectConfig:
    """The settings of a deckcheck.yaml whose keys and types are valid: every format,
    policy file, keep rule and assertion it names checked (ConfigError)."""
    from ..formats import chain_files, load

    _check_globs(data, shown)
    root = Path(os.path.abspath(path.parent))
    # Every format the file names must load now: a typo fails the run before any deck is read.
    default = _format_ref(data["format"], root, shown, ("format",)) if "format" in data else None
    formats = tuple(
        (glob, _format_ref(value, root, shown, ("formats", glob))) for glob, value in (data.get("formats") or {}).items()
    )
    for keys, ref in [(("format",), default), *((("formats", glob), ref) for glob, ref in formats)]:
        if ref is None:
            continue
        try:
            load(ref, root=root)
        except FormatError as exc:
            raise _named_file_error(exc, shown, keys) from None
    simulate = tuple(_simulate_spec(glob, spec, root, shown) for glob, spec in (data.get("simulate") or {}).items())
    date = data.get("date")
    lines = {(key, glob): line for key in ("formats", "simulate") for glob in data.get(key) or {}
             if (line := line_of((key, glob))) is not None}
    for key in ("decks", "exclude"):
        listed = isinstance(data.get(key), list)
        for index, glob in enumerate(items(data.get(key), key)):
            line = line_of((key, index) if listed else (key,))
            if line is not None:
                lines.setdefault((key, glob), line)
    # A format file with the files it extends (`extends: base.yaml`; not a bundled id's,
    # which lie outside, on Windows perhaps on another drive, where relpath fails): never
    # decks, and a hook run given one checks every deck again, as for the file itself.
    named = [path, *(file for ref in (default, *(ref for _, ref in formats)) if isinstance(ref, Path)
                     for file in chain_files(ref, root=root) if tree.is_within(os.path.abspath(file), str(root))),
             *(Path(spec.policy) for spec in simulate if spec.policy)]
    own_files = frozenset(os.path.relpath(os.path.abspath(file), root).replace(os.sep, "/") for file in named)
    return ProjectConfig(
        root=root,
        path=path,
        format=default,
        date=dt.date.fromisoformat(date) if isinstance(date, str) else date,
        platform=data.get("platform"),
        output=data.get("output"),
        decks=items(data.get("decks"), "decks"),
        exclude=items(data.get("exclude"), "exclude"),
        formats=formats,
        simulate=simulate,
        strict=data.get("strict", False),
        lines=lines,
        own_files=own_files,
    )


# The control characters YAML's double-quoted escapes make of a backslash and a letter
# (`\0`, `\a`, `\b`, `\t`, `\v`, `\f`, `\e`), which no file name of a repository holds. Not
# the line breaks `\n` and `\r`: a glob with one is a stranger's name, matched and shown
# quoted (docs/security.md).
_ESCAPED_CONTROLS = frozenset("\x00\x07\x08\t\x0b\x0c\x1b")


def _check_globs(data: Mapping[str, Any], shown: str) -> None:
    """ConfigError past MAX_GLOBS globs or a glob past MAX_GLOB_CHARS (docs/security.md)."""
    globs: list[tuple[Keys, str]] = [
        ((key, index) if isinstance(data.get(key), list) else (key,), glob)
        for key in ("decks", "exclude") for index, glob in enumerate(items(data.get(key), key))
    ] + [((key, glob), glob) for key in ("formats", "simulate") for glob in data.get(key) or {}]
    if len(globs) > MAX_GLOBS:
        raise ConfigError(f"{len(globs):,} globs; give at most {MAX_GLOBS} in all", path=shown)
    for keys, glob in globs:
        if len(glob) > MAX_GLOB_CHARS:
            raise ConfigError(f"a glob of {len(glob):,} characters; at most {MAX_GLOB_CHARS}", path=shown, keys=keys)
        if not glob.isprintable() and not _ESCAPED_CONTROLS.isdisjoint(glob):
            # `"decks\archive"` in double quotes: YAML reads `\a` as the bell character (and
            # `\t`, `\b`, `\e` so), and the glob, Windows' way of writing a folder, matched nothing.
            raise ConfigError(f"glob {one_line(glob)} holds a control character: in double quotes YAML reads a "
                              "backslash and the letter after it as one (`\\a`, `\\t`); separate folders with "
                              "`/`, or put the glob in single quotes", path=shown, keys=keys)


def _refuse_exact(rule: Rule, shown: str, keys: tuple[str, ...]) -> None:
    """A ConfigError when exact odds cannot judge hands by `rule`: known from the file alone,
    as `simulate --exact --keep 'distinct(...)'` is a usage error (exit 2), not a failed
    assertion of each deck the entry applies to."""
    why = rule.why_not_count_based()
    if why:
        raise ConfigError(f"exact: true needs a count-based keep policy: {why}; leave out exact: true to use Monte Carlo",
                          path=shown, keys=keys)


def _split_by_yaml(assertions: Sequence[str], index: int) -> str:
    """Why the assertion at `index` is cut short, when YAML cut it: an unquoted flow list
    (`[p_by_turn("Lightning Bolt", 3) >= 0.4]`) ends an item at each comma, so an item opens
    a parenthesis that the next one closes. "" otherwise."""
    text = assertions[index]
    after = assertions[index + 1] if index + 1 < len(assertions) else ""
    if text.count("(") > text.count(")") and after.count(")") > after.count("("):
        return '; YAML split the list at a comma: put each assertion in quotes, ["keep7 >= 0.8", ...]'
    return ""


def default_hands() -> int:
    """The engine's default number of hands, the engine imported only by a run that simulates."""
    from ..engine.simulation import DEFAULT_HANDS

    return DEFAULT_HANDS


def _simulate_spec(glob: str, spec: Mapping[str, Any], root: Path, shown: str) -> SimulateSpec:
    from ..engine.assertions import parse_assertion
    from ..engine.keep import check_policy_file
    from ..engine.policy import parse_rule, rule_text

    policy = spec.get("policy")
    if policy is not None and not policy.strip():
        # `policy: ""` (a template's blank) ran the default keep rule without a word.
        raise ConfigError("empty; name a policy file (relative to deckcheck.yaml), or leave policy out for the default "
                          "keep rule", path=shown, keys=("simulate", glob, "policy"))
    policy_path = _policy_path(policy, root, shown, ("simulate", glob, "policy")) if policy else None
    tags: tuple[str, ...] = ()
    file_rules: dict[int, Rule] = {}
    if policy_path is not None:
        # Read now, not when a deck it applies to comes up: a pre-commit run that stages
        # no such deck still hears of a missing or broken policy file, and the rules and
        # assertions below may count its tags.
        try:
            tags, file_rules = check_policy_file(policy_path)
        except DeckcheckError as exc:
            raise _named_file_error(exc, shown, ("simulate", glob, "policy")) from None
    rules = {
        key: rule_text(spec[key]) for key in ("keep", "keep6", "keep5") if spec.get(key) is not None
    }
    for key, text in rules.items():
        try:
            rule = parse_rule(text, origin="", tags=tags)  # the error names the key already
        except DeckcheckError as exc:
            raise ConfigError(str(exc), path=shown, keys=("simulate", glob, key)) from None
        if spec.get("exact"):
            _refuse_exact(replace(rule, origin=key), shown, ("simulate", glob, key))
    if spec.get("exact"):
        # The file's rules the entry does not replace (`keep` replaces the opening hand's,
        # the largest the file gives): the engine would refuse them for every deck.
        replaced = {size for size, key in ((6, "keep6"), (5, "keep5")) if key in rules}
        if "keep" in rules and file_rules:
            replaced.add(max(file_rules))
        for size, rule in file_rules.items():
            if size not in replaced:
                _refuse_exact(rule, shown, ("simulate", glob, "policy"))
    assertions = items(spec["assert"], "assert")
    if not assertions:
        raise ConfigError("give at least one assertion", path=shown, keys=("simulate", glob, "assert"))
    for index, text in enumerate(assertions):
        try:
            parse_assertion(text, tags=tags, origin="")
        except DeckcheckError as exc:
            # `assert[0]` for one text too; its line is the key's (yamlload.line_of).
            raise ConfigError(str(exc) + _split_by_yaml(assertions, index), path=shown,
                              keys=("simulate", glob, "assert", index)) from None
    sampling = [key for key in ("hands", "seed") if key in spec]
    if spec.get("exact") and sampling:
        # As `simulate --exact --hands`: refused, never a silent exact run (docs/ci.md).
        raise ConfigError(
            f"exact: true computes exact odds and simulates no games: leave out {' and '.join(sampling)}, "
            "or exact to sample", path=shown, keys=("simulate", glob, sampling[0]),
        )
    # Every entry asserts, and a few hands cannot judge an assertion (limits.MIN_HANDS_TO_ASSERT).
    few = too_few_to_assert(spec.get("hands"))
    if few:
        raise ConfigError(f"{few}, or leave hands out ({default_hands():,})", path=shown, keys=("simulate", glob, "hands"))
    return SimulateSpec(
        glob=glob,
        assertions=assertions,
        keep=rules.get("keep"),
        keep_by_size={size: rules[f"keep{size}"] for size in (6, 5) if f"keep{size}" in rules},
        policy=policy_path,
        on=spec.get("on", "play"),
        turns=spec.get("turns", 3),
        hands=spec.get("hands"),
        seed=spec.get("seed"),
        exact=spec.get("exact", False),
        cards=tuple(spec.get("cards", ())),
    )
