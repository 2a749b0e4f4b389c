"""Every rule id deckcheck reports, with its documentation, for reports that carry rule
metadata (SARIF `rules`, the help of CI annotations).

The text of a rule is the docstring of its module (the user documentation, see
`rules/__init__.py`). Ids produced outside the rule modules are documented where they are
produced: a paragraph starting `id:` in that module's docstring (team checks), or the
short texts below. The order is stable (rule modules in registry order, then the other
ids), so an index into `all_docs()` means the same rule from one run to the next.
"""
from __future__ import annotations

import importlib
import sys
from dataclasses import dataclass

from ..limits import MAX_PROBLEMS_PER_DECK, MAX_PROBLEMS_PER_REPORT, MAX_UNREADABLE_LINES
from . import OTHER_IDS, RULES

ASSERTION = "assertion"  # a simulate assertion that failed (`--assert`, deckcheck.yaml)
CONFIG = "config"  # a deckcheck.yaml that `check` cannot use (project/check.py, broken_config_report)

# Modules whose docstrings document ids in `id: text` paragraphs.
_DOCUMENTING_MODULES = ("deckcheck.batch.teams",)

_TEXTS = {
    "parse-error": (
        "parse-error: a line or a file that cannot be read as a decklist.\n\n"
        "The line is quoted with its number and the rest of the deck is still checked. A file "
        "that cannot be read at all (missing, over the size limit, not valid text) makes the "
        "run exit 2; malformed XML, a DTD or entities in .dek/.cod files are refused here too."
    ),
    "unknown-card": (
        "unknown-card: a card name (or Yu-Gi-Oh! passcode) no card of the card data has (with \"did you mean\" "
        "suggestions). Uses the card data (built in, or a synced or imported database: `deckcheck cards sync`, "
        "`cards import`), as not-in-pool does; `--no-cards` turns it off."
    ),
    "registration": (
        "registration: a row of a batch registration set the organiser must fix: no player, no "
        "deck, an unknown format, the same player twice."
    ),
    "problems-not-listed": (
        "problems-not-listed: the problems a deck or a report did not list, past its limit "
        f"({MAX_PROBLEMS_PER_DECK:,} a deck, {MAX_PROBLEMS_PER_REPORT:,} a report; see docs/security.md).\n\n"
        "Its count says how many were left out and its severity is the worst of theirs, so a "
        "deck with an error left out is still illegal. The unreadable lines of a file past the "
        f"first {MAX_UNREADABLE_LINES} are counted in one `parse-error` instead."
    ),
    ASSERTION: (
        "assertion: a simulate assertion (`keep7 >= 0.85`, from --assert or deckcheck.yaml) "
        "that does not hold for the deck, or a simulation that could not run.\n\n"
        "In Monte Carlo mode a bound fails only when it is missed by more than 3 standard errors."
    ),
}


# Ids documented here but left out of `known_ids`: listed in a SARIF log only when met, so
# the rule indexes of every other log stay as they were.
_MET_ONLY_TEXTS = {
    CONFIG: (
        "config: a deckcheck.yaml that `deckcheck check` cannot use: an unknown key, a wrong type, "
        "a format or policy file that does not exist or is broken, a keep rule or an assertion that "
        "does not parse.\n\n"
        "The run stops there (exit 2): the file is read before any deck, and a policy file without a "
        "keep rule for a deck's opening hand is found at that deck. The message names the key, placed "
        "on the line that gives it (docs/ci.md)."
    ),
}


@dataclass(frozen=True)
class RuleDoc:
    id: str
    summary: str  # one sentence, for one-line displays
    text: str     # the whole documentation


def _summary(text: str, rule_id: str) -> str:
    first = text.strip().split("\n\n")[0].replace("\n", " ")
    if first.startswith(f"{rule_id}:"):
        first = first[len(rule_id) + 1 :].strip()
    sentence = first.split(". ")[0].rstrip(".")
    return (sentence[:1].upper() + sentence[1:]) if sentence else rule_id


def _paragraphs(module_name: str) -> dict[str, str]:
    """`id: text` paragraphs of a module's docstring, by id (only modules already imported
    or importable without cost: they are small)."""
    module = sys.modules.get(module_name) or importlib.import_module(module_name)
    found: dict[str, str] = {}
    for paragraph in (module.__doc__ or "").split("\n\n"):
        head = paragraph.split(":", 1)[0].strip()
        if head and " " not in head and ":" in paragraph:
            found[head] = paragraph.strip()
    return found


def describe(rule_id: str) -> RuleDoc:
    """The documentation of a rule id; an id nobody documented still gets a plain entry."""
    module = RULES.get(rule_id)
    text = (module.__doc__ or "").strip() if module is not None else ""
    if not text:
        for name in _DOCUMENTING_MODULES:
            text = _paragraphs(name).get(rule_id, "")
            if text:
                break
    text = text or _TEXTS.get(rule_id, "") or _MET_ONLY_TEXTS.get(rule_id, "")
    if not text:
        text = f"{rule_id}: a problem reported by deckcheck (see docs/rules.md)."
    return RuleDoc(id=rule_id, summary=_summary(text, rule_id), text=text)


def known_ids() -> list[str]:
    return list(dict.fromkeys([*RULES, *OTHER_IDS, *_TEXTS]))


def all_docs() -> list[RuleDoc]:
    return [describe(rule_id) for rule_id in known_ids()]
