"""A tree of files deckcheck reads (a batch folder, a repository, an extracted zip, a
manifest's folder, the current folder), and what it never reads through it.

Files are judged by their own path inside the tree: globs, hidden names and extensions
look at the name a link has, never at what it points to. A symbolic link (or a path
through a linked folder) is followed only when its target is a regular file inside the
tree and outside hidden folders (`.git`, `.ssh`): `decks/evil.txt -> ../.git/config`
is never read, whatever its name. Linked folders are not walked into; named pipes,
devices and sockets are never opened (textio.read_bounded refuses them too). See
docs/security.md.
"""
from __future__ import annotations

import errno
import os
import stat
from collections.abc import Callable
from pathlib import Path

from .record import Record
from .textio import not_regular

HIDDEN_PREFIXES = (".", "__MACOSX")
# Where `/` is the one separator: a path's last part is what follows its last `/`.
_POSIX = os.sep == "/" and os.altsep is None
# Last parts that normalising a path changes or removes: such a path takes the long way.
_NOT_A_NAME = ("", os.curdir, os.pardir)


def is_hidden(name: str) -> bool:
    return name.startswith(HIDDEN_PREFIXES)


def is_file(path: Path) -> bool:
    """`Path.is_file`, false for names the OS refuses outright (too long, NUL bytes), which
    `Path.is_file` raises for: a name from a file or an archive is no file then."""
    try:
        return path.is_file()
    except (OSError, ValueError):
        return False


# A file as an `lstat` that found no link saw it: (device, inode, size).
FileSeen = tuple[int, int, int]


class RealFolders:
    """The real path (links resolved) of each folder asked about, resolved once: a
    manifest names thousands of files in a handful of folders, and resolving every path
    component of every file was a quarter of a batch's time. Keep one for one reading of a
    tree (a manifest), not longer: a folder may become a link later.

    `files`, when given, gets what the link check's one `lstat` saw of each file named
    through `named_inside_text` that is no link: (device, inode, size) by the path as
    named, the `os.stat` a batch would otherwise ask again for the same file
    (batch/shared_decks.py)."""

    def __init__(self, files: dict[str, FileSeen] | None = None) -> None:
        self._known: dict[str, str] = {}
        self._cwd: str | None = None
        self._roots: dict[str, str] = {}
        self._heads: dict[tuple[str, str], tuple[str, str]] = {}
        self._folders: dict[tuple[str, str, str], tuple[str, str, bool]] = {}
        self.files = files

    def cwd(self) -> str:
        """The working directory, asked once per reading (a system call per row was
        a measurable part of reading a big manifest)."""
        if self._cwd is None:
            self._cwd = os.getcwd()
        return self._cwd

    def absolute(self, root: Path | str) -> str:
        """`root` made absolute and normalised from `cwd()`, once per root."""
        key = os.fspath(root)
        found = self._roots.get(key)
        if found is None:
            found = self._roots[key] = os.path.normpath(os.path.join(self.cwd(), key))
        return found

    def head(self, base: Path | str, head: str) -> tuple[str, str]:
        """(`os.path.normpath(os.path.join(base, head))`, that made absolute from `cwd()`)
        for the folder part `head` of a relative path, once per (base, head): a manifest's
        rows name files in a few folders, and joining and normalising each row's whole path
        twice was most of judging it."""
        key = (os.fspath(base), head)
        found = self._heads.get(key)
        if found is None:
            target = os.path.normpath(os.path.join(base, head))
            found = self._heads[key] = (target, os.path.normpath(os.path.join(self.cwd(), target)))
        return found

    def folder(self, base: str, head: str, root: str) -> tuple[str, str, bool]:
        """`head(base, head)` and whether that folder is `root` or lies under it
        (`is_within` its absolute path), once per (base, head, root): a file named in it by
        a plain name lies inside the root then, whatever the name. (Outside it, a file may
        still be the root itself, `../event` from inside `event`: `is_within` judges those.)"""
        key = (base, head, root)
        found = self._folders.get(key)
        if found is None:
            target, absolute = self.head(base, head)
            found = self._folders[key] = (target, absolute, is_within(absolute, self.absolute(root)))
        return found

    def real(self, folder: str) -> str:
        """`os.path.realpath(folder, strict=True)`, and its errors, for an absolute `folder`."""
        found = self._known.get(folder)
        if found is None:
            found = self._known[folder] = os.path.realpath(folder, strict=True)
        return found


def link_reason(
    path: Path | str, root: Path, *, tree: str = "the folder", folders: RealFolders | None = None,
) -> str | None:
    """Why `path` must not be read as a file of the tree at `root`, or None when it may:
    it is a link (or lies under a linked folder) whose target is outside `root` or inside
    a hidden folder. A path with no link on the way is always fine here (it may still be
    missing or not a regular file: reading it says so). `folders` remembers the real
    paths of the folders on the way across calls."""
    return _link_reason(os.path.abspath(path), root, tree=tree, folders=folders)


def _link_reason(
    lexical: str, root: Path | str, *, tree: str, folders: RealFolders | None, split: tuple[str, str] | None = None,
    named: str | None = None,
) -> str | None:
    """`link_reason` of the absolute, normalised path `lexical`; `split`: its
    `os.path.split`, when the caller has it; `named`: the path as named, under which
    `folders.files` keeps what the check saw of a file that is no link."""
    try:
        real = _real_path(lexical, folders, split, named)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            return "a loop of symbolic links; not followed"
        # Missing, a name too long, ...: reading it says so, unless a link on the way leads
        # out of the tree. The links are followed as far as they go and judged as an
        # existing file's would be, so a missing file there and an existing one look
        # alike: a pull request's `decks/x.txt -> ~/.ssh/id_rsa` (or a path through a
        # linked folder) was 'no such file' only when that file did not exist.
        try:
            real = os.path.realpath(lexical)
        except ValueError:  # a NUL in the name: reading it says so
            return None
    except ValueError:  # a NUL in the name: reading it says so
        return None
    if real == lexical:
        return None
    real_root = os.path.realpath(root)
    if not is_within(real, real_root):
        return f"a symbolic link to a file outside {tree}; not followed"
    if any(is_hidden(part) for part in Path(os.path.relpath(real, real_root)).parts):
        return "a symbolic link into a hidden folder; not followed"
    return None


def _real_path(
    lexical: str, folders: RealFolders | None, split: tuple[str, str] | None = None, named: str | None = None,
) -> str:
    """`os.path.realpath(lexical, strict=True)` (errors included), from the folder's
    remembered real path when the file itself is no link (one lstat); `split` and `named`
    as for `_link_reason`."""
    folder, name = split or os.path.split(lexical)
    if folders is None or not name:
        return os.path.realpath(lexical, strict=True)
    real_folder = folders.real(folder)
    seen = os.lstat(lexical)
    if stat.S_ISLNK(seen.st_mode):
        return os.path.realpath(lexical, strict=True)
    if named is not None and folders.files is not None:
        folders.files[named] = (seen.st_dev, seen.st_ino, seen.st_size)
    return _joined(real_folder, name) if _POSIX else os.path.join(real_folder, name)


def named_inside(
    text: str, *, base: Path, root: Path, where: str, folders: RealFolders | None = None,
) -> tuple[Path, str | None]:
    """The file that `text` (a path written in a file of the tree: a manifest's deck, an
    `extends:`) names relative to `base`, and why it must not be read (None when it may):
    an absolute path, a `..` that leaves `root`, or a link out of it (`link_reason`).
    Judged before anything is opened, so an outside file and a missing one look alike."""
    target, why = named_inside_text(text, base=base, root=root, where=where, folders=folders)
    return Path(target), why


def named_inside_text(
    text: str, *, base: Path | str, root: Path | str, where: str, folders: RealFolders | None = None,
) -> tuple[str, str | None]:
    """`named_inside` with the file as a string: a batch judges every manifest row's path
    and keeps it as text (batch/registration.py), where a `pathlib.Path` per row cost
    about 1.5 us to build and was turned back into its text. Plain strings, not pathlib,
    for the checks too."""
    if (text.startswith("/") if _POSIX else os.path.isabs(text)):  # posixpath.isabs, without its two calls
        return text, f"an absolute path, which points outside {where}"
    if folders is not None and _POSIX:
        head, _, name = text.rpartition("/")
        if name not in _NOT_A_NAME:
            return _named_in_folder(head, name, base=base, root=root, where=where, folders=folders)
    target = os.path.normpath(os.path.join(base, text))
    # The working directory and the root's absolute path: once per reading with `folders`
    # (a manifest's thousands of rows share them), else once here (os.path.abspath would
    # ask for the working directory twice).
    if folders is not None:
        cwd, absolute_root = folders.cwd(), folders.absolute(root)
    else:
        cwd = os.getcwd()
        absolute_root = os.path.normpath(os.path.join(cwd, root))
    absolute = os.path.normpath(os.path.join(cwd, target))  # = os.path.abspath(target)
    return target, _outside_or_link(absolute, absolute_root, root, where=where, folders=folders)


def _named_in_folder(
    head: str, name: str, *, base: Path | str, root: Path | str, where: str, folders: RealFolders,
) -> tuple[str, str | None]:
    """`named_inside_text` of the path `head/name` (`name` alone when `head` is empty), whose
    last part `name` is a plain name: normalising the whole path is normalising `head` (once
    per folder, `RealFolders.folder`) and adding `name`, as `os.path.join` would. Whether
    the file is inside the root by name is the folder's answer, asked once; a file that is
    no link, in a folder reached through none, needs only its one `lstat` (the other cases
    take `_outside_or_link`, as every path once did: tests/test_security_files.py)."""
    base, root = os.fspath(base), os.fspath(root)
    target_head, absolute_head, inside = folders.folder(base, head, root)
    target = name if target_head == os.curdir else _joined(target_head, name)
    absolute = _joined(absolute_head, name)
    if inside:
        try:
            real_folder = folders.real(absolute_head)
            seen = os.lstat(absolute)
        except (OSError, ValueError):
            seen = None  # missing, a loop, a name too long: `_link_reason` says which
        if seen is not None and real_folder == absolute_head and not stat.S_ISLNK(seen.st_mode):
            # The one case of nearly every row: `_real_path` would give `absolute` itself.
            if folders.files is not None:
                folders.files[target] = (seen.st_dev, seen.st_ino, seen.st_size)
            return target, None
    return target, _outside_or_link(absolute, folders.absolute(root), root, where=where, folders=folders,
                                    split=(absolute_head, name), named=target)


def _outside_or_link(
    absolute: str, absolute_root: str, root: Path | str, *, where: str, folders: RealFolders | None,
    split: tuple[str, str] | None = None, named: str | None = None,
) -> str | None:
    """Why the file at the absolute, normalised path `absolute` must not be read as a file
    of the tree at `root` (`absolute_root` its absolute path): outside it by name, or a
    link out of it (`_link_reason`, with `split` and `named`); None when it may be."""
    if not is_within(absolute, absolute_root):
        return f"it points outside {where}"
    return _link_reason(absolute, root, tree=where, folders=folders, split=split, named=named)


def _joined(folder: str, name: str) -> str:
    """`os.path.join(folder, name)` of a normalised `folder` and a plain `name`, on POSIX."""
    return folder + name if folder.endswith("/") else folder + "/" + name


def is_within(path: str, folder: str) -> bool:
    """Whether the absolute, normalised `path` is `folder` or lies under it, by name alone
    (`/a/bc` is not under `/a/b`; resolve links first where they are followed). The one
    judge of "inside" for deckcheck's trees (docs/security.md): a path named inside one,
    a link's target, the folder a format file's `extends:` chain stays in. Names are
    compared exactly: a folder spelled in another case, or on another drive, is outside."""
    return path == folder or path.startswith(folder.rstrip(os.sep) + os.sep)


class Walked(Record):
    """What a walk found: (path relative to the root, `/`-separated; the path) of every
    file deckcheck may read, and (relative path, reason) of everything passed over; of
    those, `by_choice` holds the relative paths passed over for what they are (hidden
    files and folders, folders `skip_folder` turns away), not because they cannot be read
    safely (links, pipes, devices, unreadable folders); `unreadable_folders` holds the
    relative paths of the folders that could not be listed (whose files nobody saw);
    `links_out` the links out of the tree, which may stand for anything (a folder of
    decks too: what they lead to is never said)."""

    # A Record, not a dataclass: imported at every start-up (deckcheck/record.py).
    __slots__ = ("files", "passed_over", "by_choice", "unreadable_folders", "links_out")
    __hash__ = None  # type: ignore[assignment]  # mutable: the walk fills it in

    def __init__(
        self, files: list[tuple[str, Path]] | None = None, passed_over: list[tuple[str, str]] | None = None,
        by_choice: set[str] | None = None, unreadable_folders: set[str] | None = None,
        links_out: set[str] | None = None,
    ) -> None:
        self.files = [] if files is None else files
        self.passed_over = [] if passed_over is None else passed_over
        self.by_choice = set() if by_choice is None else by_choice
        self.unreadable_folders = set() if unreadable_folders is None else unreadable_folders
        self.links_out = set() if links_out is None else links_out


def walk(
    root: Path,
    *,
    skip_folder: Callable[[str, Path], str | None] = lambda relative, path: None,
    tree: str = "the folder",
) -> Walked:
    """Every file under `root` deckcheck may read, sorted by relative path.

    Passed over, each with its reason: hidden files and folders, folders `skip_folder`
    names a reason for, linked folders, links that leave the tree or enter a hidden
    folder, named pipes, devices and sockets, and folders that cannot be read."""
    found = Walked()
    pending = [root]
    while pending:
        folder = pending.pop()
        try:
            with os.scandir(folder) as listing:
                entries = list(listing)
        except OSError as exc:
            where = _relative(folder, root) if folder != root else "."
            found.passed_over.append((where, f"cannot read folder ({exc.strerror or exc})"))
            found.unreadable_folders.add(where)
            continue
        for entry in entries:
            path = Path(entry.path)
            relative = _relative(path, root)
            reason, is_folder, chosen, link_out = _entry_reason(entry, path, relative, root, skip_folder, tree)
            if reason is None:
                (pending.append(path) if is_folder else found.files.append((relative, path)))
            else:
                shown = relative + ("/" if is_folder else "")
                found.passed_over.append((shown, reason))
                if chosen:
                    found.by_choice.add(shown)
                if link_out:
                    found.links_out.add(shown)
    found.files.sort()
    found.passed_over.sort()
    return found


def _entry_reason(
    entry: os.DirEntry[str], path: Path, relative: str, root: Path,
    skip_folder: Callable[[str, Path], str | None], tree: str,
) -> tuple[str | None, bool, bool, bool]:
    """(why the entry is passed over, or None to take it; whether it is a folder; whether
    it is passed over by choice, see Walked.by_choice; whether it is a link out of the
    tree, see Walked.links_out)."""
    try:
        is_link = entry.is_symlink()
        is_dir = entry.is_dir(follow_symlinks=False)
        # DirEntry knows links, folders and files without a system call on most file
        # systems; only something else (a pipe, a device) costs an lstat.
        special = not (is_link or is_dir or entry.is_file(follow_symlinks=False))
        mode = entry.stat(follow_symlinks=False).st_mode if special else 0
    except OSError as exc:
        return f"cannot read ({exc.strerror or exc})", False, False, False
    if is_dir:
        return ("hidden folder" if is_hidden(entry.name) else skip_folder(relative, path)), True, True, False
    if is_hidden(entry.name):
        return "hidden file", False, True, False
    if is_link:
        # A link out of the tree is said to be one whatever it leads to, as a path named in a
        # manifest is (_link_reason): naming its target's kind (nothing, a folder, a device)
        # told a pull request's links which paths exist on the runner.
        if _out_of_tree(path, root):
            return f"a symbolic link to a file outside {tree}; not followed", False, False, True
        try:
            target_mode = os.stat(path).st_mode
        except OSError:
            return "a symbolic link to nothing (broken link)", False, False, False
        if stat.S_ISDIR(target_mode):
            return "a symbolic link to a folder; not followed", True, False, False
        kind = not_regular(target_mode)
        if kind is not None:
            return f"a symbolic link to {kind}; not read", False, False, False
        return link_reason(path, root, tree=tree), False, False, False
    kind = not_regular(mode) if mode else None
    return (f"{kind}, not a file; not read" if kind else None), False, False, False


def _out_of_tree(link: Path, root: Path) -> bool:
    """Whether `link`'s target, followed as far as it goes, lies outside `root`."""
    try:
        real = os.path.realpath(link)
    except (OSError, ValueError):
        return False
    return not is_within(real, os.path.realpath(root))


def _relative(path: Path, root: Path) -> str:
    return path.relative_to(root).as_posix()


def link_on_the_way(path: Path) -> Path | None:
    """The first symbolic link a write to `path` would go through, or None: `path` itself,
    and for a relative path every folder on the way that exists (a repository's own
    `reports -> /home/runner/.ssh`). The folders of an absolute path are the user's choice
    (on some systems `/tmp` itself is a link)."""
    candidates = [path]
    if not path.is_absolute():
        candidates += [parent for parent in path.parents if parent != Path(".")]
    for candidate in candidates:
        if candidate.is_symlink():
            return candidate
    return None
