"""Errors that stop a command: each carries a one-line message for the user (exit 2)."""
from __future__ import annotations


class DeckcheckError(Exception):
    """A failure the user must fix (bad option, unreadable input); the CLI exits 2."""

    exit_code = 2


class InputError(DeckcheckError):
    """A file or string that cannot be read as a decklist at all; `line` when known."""

    def __init__(self, message: str, *, line: int | None = None):
        self.line = line
        super().__init__(message)


class FormatError(DeckcheckError):
    """An unknown format id or an invalid format file: `path` and `key` name the file and
    the key at fault, `line` where the file gives that key (when known)."""

    def __init__(self, message: str, *, path: str | None = None, key: str | None = None, line: int | None = None):
        self.path = path
        self.key = key
        self.line = line
        where = ""
        if path:
            where = f"{path}: "
        if key:
            where += f"{key}: "
        super().__init__(f"{where}{message}" + (f" (line {line})" if line is not None and key else ""))


class CardDataError(DeckcheckError):
    """The card database or a card file cannot be used (missing, old schema, bad shape)."""


class NetworkError(CardDataError):
    """Scryfall could not be reached or answered with an error."""


class MissingGameData(CardDataError):
    """The card database holds no cards of the game asked for (the built-in data stands in)."""


class OutdatedCardData(CardDataError):
    """The card database was built by another deckcheck version (schema); rebuilding it fixes it."""
