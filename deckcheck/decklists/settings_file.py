"""A YAML file of settings given where a decklist goes.

`deckcheck validate deckcheck.yaml`, a keep policy or a format file in the deck's place: the
text parser read each `key: value` line as a `parse-error` and each `- item` as a card,
and nothing said the file is no decklist. A batch skips `.yaml`/`.yml` files by their
extension (batch/sources.py); a file given by name is told apart by its content too, so a
list that someone saved as `.yml` (which YAML reads as text, not as a mapping) is read as
a list as before.
"""
from __future__ import annotations

from ..errors import DeckcheckError
from ..limits import MAX_SETTINGS_SNIFF_CHARS

SUFFIXES = (".yaml", ".yml")
# Keys named in the message: enough to recognise the file by.
_KEYS_SHOWN = 3


def settings_reason(source: str, content: str) -> str | None:
    """Why the YAML file `source` (its decoded `content`) is no decklist, naming its first
    keys and where such a file goes; None when it is no YAML mapping."""
    from ..schema import shown_key
    from ..yamlload import load_yaml

    if len(content) > MAX_SETTINGS_SNIFF_CHARS:
        # Its first lines only, whole: the keys the message names stand there, and a YAML
        # block cut at a line's end still reads (a line longer than the bound: no settings).
        content = content[:content.rfind("\n", 0, MAX_SETTINGS_SNIFF_CHARS) + 1]
    try:  # the one loader: aliases refused, as in a policy or deckcheck.yaml, so no bomb
        data = load_yaml(content, source=source, aliases=False)
    except DeckcheckError:
        return None  # not YAML (or broken YAML): read it as the list it may be
    if not isinstance(data, dict) or not data:
        return None
    # Shown as a format file's keys are (quoted and cut short): the file may be a stranger's,
    # and a `? key` may be megabytes long.
    keys = ", ".join(shown_key(str(key)) for key in list(data)[:_KEYS_SHOWN])
    return (f"{source}: not a decklist: a YAML file of settings ({keys}); a format file goes after -f, "
            "a keep policy after --policy, and deckcheck.yaml is read by `deckcheck check`")
