"""Every DeckcheckError survives pickling with its type, message and fields: a library
caller's multiprocessing pool or task queue (celery) sends the error raised in a worker
back by pickle, and so do deckcheck's own batch workers. Pickle rebuilds an exception by
calling its class with `args` (the message alone), which failed for a class whose
constructor takes more: a bad keep rule's ExpressionError could be raised but not read
back ("missing 1 required keyword-only argument: 'column'")."""
from __future__ import annotations

import importlib
import pickle
import pkgutil

import pytest

import deckcheck
from deckcheck.errors import DeckcheckError


def every_error_class() -> set[type[DeckcheckError]]:
    for module in pkgutil.walk_packages(deckcheck.__path__, "deckcheck."):
        if not module.name.endswith("__main__"):  # that one runs the command line
            importlib.import_module(module.name)
    found: set[type[DeckcheckError]] = set()
    todo = [DeckcheckError]
    while todo:
        klass = todo.pop()
        found.add(klass)
        todo += klass.__subclasses__()
    return {klass for klass in found if klass.__module__.startswith("deckcheck.")}


def examples() -> list[DeckcheckError]:
    """One error of each class, every field given."""
    from deckcheck.cards.http import NoWebAddress, Refused, ResponseTooBig
    from deckcheck.decklists.convert import NoPasscodes
    from deckcheck.engine.exact import ExactNotPossible
    from deckcheck.engine.simulation import HandSizeError
    from deckcheck.engine.keep import PolicyError
    from deckcheck.engine.mana import ManaError
    from deckcheck.engine.tokens import ExpressionError
    from deckcheck.errors import (
        CardDataError, DeckError, FormatError, InputError, MissingGameData, NetworkError, NoUserFolder, OptionError,
        OutdatedCardData,
    )
    from deckcheck.project.config import ConfigError
    from deckcheck.yamlload import YamlError

    config = ConfigError("unknown key", path="deckcheck.yaml", keys=("decks", 0, "formt"), line=4, located="a/deckcheck.yaml")
    config.output = "json"
    return [
        DeckcheckError("a failure"),
        OptionError("hands", "{0} 0: simulate from 1 game", before="with ", also=("seed",)),
        InputError("deck.txt: no such file", line=3),
        DeckError("deck.txt", "the main deck has 7 cards: fewer than an opening hand of 8"),
        FormatError("unknown key", path="cube.yaml", key="banend", line=2),
        CardDataError("cards.sqlite is damaged"),
        NetworkError("Scryfall could not be reached"),
        ResponseTooBig("too big"),
        Refused("refused"),
        NoWebAddress("no address"),
        MissingGameData("no Yu-Gi-Oh! cards"),
        OutdatedCardData("built by another version"),
        NoUserFolder("no user cache folder: could not determine the home directory"),
        NoPasscodes("2 cards have no passcode", ["Lightning Bolt", "Mountain"]),
        ExpressionError("expected a number", column=14, text="2 <= lands <=", origin="keep"),
        YamlError("line 1: invalid YAML", source="policy.yaml", line=1),
        ManaError("cannot read the cost"),
        PolicyError("keep: expected a mapping", path="policy.yaml", line=2),
        ExactNotPossible("too many cards"),
        HandSizeError("keep7 asks of 7 cards, and the format deals 5", hand_size=5, asked=7),
        config,
    ]


def test_the_examples_cover_every_error_class():
    assert {type(error) for error in examples()} == every_error_class()


@pytest.mark.parametrize("error", examples(), ids=lambda error: type(error).__name__)
def test_an_error_pickles_with_its_type_message_and_fields(error):
    copy = pickle.loads(pickle.dumps(error))
    assert type(copy) is type(error)
    assert str(copy) == str(error) and copy.args == error.args
    assert vars(copy) == vars(error)


def test_a_bad_keep_rule_raised_in_a_worker_is_read_back():
    from deckcheck.engine import simulate

    with pytest.raises(DeckcheckError) as raised:
        simulate("4 Lightning Bolt\n56 Mountain\n", "mtg/modern", keep="2 <= lands <=")
    copy = pickle.loads(pickle.dumps(raised.value))
    assert str(copy) == "keep: column 14 in '2 <= lands <=': expected a number, a name or '(', found the end of the expression"
    assert copy.column == 14
