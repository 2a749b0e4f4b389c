"""Writing test file trees."""
from __future__ import annotations

from pathlib import Path


def write(root: Path, files: dict[str, str | bytes]) -> Path:
    """Write `files` (relative name -> text or bytes) under `root`, making folders."""
    for name, content in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
    return root
