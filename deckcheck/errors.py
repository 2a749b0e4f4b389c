"""Errors that stop a command: each carries a one-line message for the user (exit 2)."""
from __future__ import annotations

from collections.abc import Mapping
from .lazy_pattern import lazy

# Every line break `str.splitlines` knows: inside a message each is shown as `\n`.
LINE_BREAKS = lazy(r"\r\n|[\r\n\x0b\x0c\x1c-\x1e\x85\u2028\u2029]")


def one_line_message(message: str) -> str:
    """`message` on one line, its line breaks shown as `\n`: an error names files and
    settings a caller chose (`Path("a\nb")`), and every message is one line
    (docs/contracts.md), in the library as on the command line."""
    return LINE_BREAKS.sub("\\\\n", message) if LINE_BREAKS.search(message) else message


def bounded(message: str) -> str:
    """`message` as an error may carry it: at most MAX_MESSAGE_CHARS of it, its start and
    its end (where the advice is), the middle cut with a note of how much. A message quotes
    a bounded piece of the input (docs/security.md); most cut what they quote themselves,
    and this holds for the rest (a library caller's megabyte setting quoted whole)."""
    from .limits import MAX_MESSAGE_CHARS  # here: limits imports this module

    if len(message) <= MAX_MESSAGE_CHARS:
        return message
    tail = MAX_MESSAGE_CHARS // 4
    head = MAX_MESSAGE_CHARS - tail
    return f"{message[:head]}…({len(message) - head - tail:,} characters cut)…{message[-tail:]}"


class DeckcheckError(Exception):
    """A failure the user must fix (bad option, unreadable input); the CLI exits 2."""

    exit_code = 2
    # The keyword of the library's call whose value is at fault, for an error about one
    # setting (an OptionError's; simulate's own settings: `cards`, `keep`, `assertions`,
    # ...): a website marks that field of its form. None for any other error.
    setting: str | None = None

    def __init__(self, *args: object) -> None:
        super().__init__(*(one_line_message(bounded(arg)) if isinstance(arg, str) else arg for arg in args))

    def named(self, names: Mapping[str, str]) -> str:
        """The message, with each setting it names called as `names` says (a front end's
        word for each of the library's settings: `{"date": "--date"}`); see OptionError."""
        return str(self)

    def __reduce__(self):  # type: ignore[no-untyped-def]
        # Pickled (a library caller's worker pool or task queue, deckcheck's batch workers)
        # as its args and fields, and read back without calling `__init__`: pickle's own
        # way calls the class with the args, the message alone, which a class whose
        # constructor takes more (ExpressionError's column) cannot be built from.
        return _rebuilt, (type(self), self.args), self.__dict__


def _rebuilt(klass: type[DeckcheckError], args: tuple[object, ...]) -> DeckcheckError:
    """An error of `klass` holding `args`, its fields set by pickle from its state."""
    return klass.__new__(klass, *args)


def temporary_folder_full(failed: str, error: OSError) -> DeckcheckError:
    """The one-line error for a write into the temporary folder that failed (its disk full,
    a file size limit reached): `failed` says what could not be done there, up to the
    folder (`cannot keep the report in`). The folder's fault, not the input's nor
    deckcheck's: it names the folder and what to do (exit 2)."""
    import tempfile  # only for the error

    why = error.strerror or type(error).__name__
    return DeckcheckError(f"{failed} the temporary folder {tempfile.gettempdir()} ({why}): "
                          "free space there, or set TMPDIR to a folder on a disk with room")


class OptionError(DeckcheckError):
    """A value of one setting that cannot be used. The message names the setting as the
    library's keyword does (`date '2024-13-01' is not a date`); the command line names
    its option there instead (`--date ...`, cli/common.py) and deckcheck.yaml its key, so
    none reads another's terms. `before` is the text before the name, `detail` the text
    after it; a message that names other settings too lists them in `also`, and `detail`
    names them as the fields {0}, {1}, ... (its other braces doubled). `word` is how the
    message names the setting when that is not the keyword (`card 'Lightnig Bolt'` of the
    keyword `cards`, `mode="exact"` of `mode`), and the key `named` looks up: `setting` is
    always the keyword, which a form marks."""

    def __init__(self, setting: str, detail: str, before: str = "", also: tuple[str, ...] = (), word: str | None = None):
        self.setting = setting
        self.detail = detail
        self.before = before
        self.also = also
        self.word = setting if word is None else word
        super().__init__(self.named({}))

    def named(self, names: Mapping[str, str]) -> str:
        detail = self.detail.format(*(names.get(setting, setting) for setting in self.also)) if self.also else self.detail
        return one_line_message(bounded(f"{self.before}{names.get(self.word, self.word)} {detail}"))

    def __reduce__(self):  # type: ignore[no-untyped-def]  # a batch worker's error crosses processes
        return type(self), (self.setting, self.detail, self.before, self.also, self.word)


class DeckError(DeckcheckError):
    """A deck that cannot be used as asked (simulated: too few cards, an empty main deck,
    a file that cannot be read). The message names the deck first (`deck.txt: the main deck
    has 7 cards ...`); `reason` is the rest, for a report that names the deck itself
    (`check`'s assertion outcomes)."""

    def __init__(self, deck: str, reason: str):
        from .limits import one_line  # here: limits imports this module

        self.deck = deck
        self.reason = reason
        super().__init__(f"{one_line(deck)}: {reason}")  # a name holding a line break quoted, as textio names it


def of_setting(error: DeckcheckError, setting: str | None) -> DeckcheckError:
    """`error` marked as about the call's keyword `setting` (a form marks that field),
    unless it names one already (an OptionError's) or is about the deck (a DeckError)."""
    if setting is not None and error.setting is None and not isinstance(error, DeckError):
        error.setting = setting
    return error


class InputError(DeckcheckError):
    """A file or string that cannot be read as a decklist at all; `line` when known;
    `reason` the message without the file and line it starts with (an XML reader's
    `deck.dek: line 4: not well-formed XML (...)`), when it starts so."""

    def __init__(self, message: str, *, line: int | None = None, reason: str | None = None):
        self.line = line
        self.reason = reason
        super().__init__(message)


class FormatError(DeckcheckError):
    """An unknown format id or an invalid format file: `path` and `key` name the file and
    the key at fault, `line` where the file gives that key (when known)."""

    def __init__(self, message: str, *, path: str | None = None, key: str | None = None, line: int | None = None):
        self.path = path
        self.key = key
        self.line = line
        self.reason = message  # without the file and key: the error said again at a line found later
        where = ""
        if path:
            from .limits import one_line  # here: limits imports this module

            where = f"{one_line(path)}: "
        if key:
            where += f"{key}: "
        super().__init__(f"{where}{message}" + (f" (line {line})" if line is not None and key else ""))


class CardDataError(DeckcheckError):
    """The card database or a card file cannot be used (missing, old schema, bad shape)."""


class NoUserFolder(CardDataError, OSError):
    """No user data or cache folder can be worked out (cards/paths.user_dir: no HOME and no
    password entry); an OSError too, so the caches that pass over a folder they cannot
    make pass over this one."""

    def __reduce__(self):  # type: ignore[no-untyped-def]
        # OSError's __new__ leaves a subclass's args to __init__, which DeckcheckError's
        # way (__new__ alone) never calls: the message came back empty.
        return type(self), self.args


class NetworkError(CardDataError):
    """Scryfall could not be reached or answered with an error."""


class MissingGameData(CardDataError):
    """The card database holds no cards of the game asked for (the built-in data stands in)."""


class OutdatedCardData(CardDataError):
    """The card database was built by another deckcheck version (schema); rebuilding it fixes it."""
