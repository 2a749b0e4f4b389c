"""deckcheck/frequent_hanzi.py is what scripts/build_frequent_hanzi.py writes. A fresh build
needs jieba and hanziconv, which are not deckcheck's dependencies (`--check` with them in a
scratch environment compares it whole); what is checked here needs neither: the file is the
script's rendering of its own characters (so it was written by the script, not edited by
hand), and holds the surnames and given-name characters the script types by hand."""
from __future__ import annotations

import importlib.util
from pathlib import Path

from deckcheck.frequent_hanzi import FREQUENT_HANZI

ROOT = Path(__file__).resolve().parent.parent


def _script():
    spec = importlib.util.spec_from_file_location("build_frequent_hanzi", ROOT / "scripts" / "build_frequent_hanzi.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # imports neither jieba nor hanziconv: build() does
    return module


def test_the_committed_file_is_the_scripts_rendering_of_its_characters():
    script = _script()
    assert script.OUT == ROOT / "deckcheck" / "frequent_hanzi.py"
    assert script.OUT.read_text(encoding="utf-8") == script.written(FREQUENT_HANZI)


def test_the_hand_typed_name_characters_are_in_the_set():
    script = _script()
    assert len(script.SURNAMES) == 100 and len(set(script.SURNAMES)) == 100
    missing = (set(script.SURNAMES) | set(script.GIVEN)) - FREQUENT_HANZI
    assert not missing, f"not in deckcheck/frequent_hanzi.py: {''.join(sorted(missing))}; run the script"


def test_the_set_is_chinese_characters_only():
    assert all("\u4e00" <= char <= "\u9fff" for char in FREQUENT_HANZI)
