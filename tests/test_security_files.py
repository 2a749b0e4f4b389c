"""Issue #18 (and #14 items 10, 13): what deckcheck reads and writes when the files are
hostile, through the installed command and the library. A secret planted outside the tree
must never appear in any output; nothing is read through a link out of the tree, nothing
written through one; pipes and devices never block a run (docs/security.md)."""
from __future__ import annotations

import json
import os
import stat
import time
import zipfile
from pathlib import Path

import pytest
from files import write

from deckcheck import validate
from deckcheck.errors import FormatError, InputError, OptionError
from deckcheck.formats import load

SECRET = "SECRET-5a1d2c"
LEGAL = "4 Lightning Bolt\n56 Mountain\n"
FORMAT = "mtg/constructed"
posix_only = pytest.mark.skipif(os.name != "posix", reason="symbolic links, pipes and file modes are POSIX")


@pytest.fixture
def outside(tmp_path) -> Path:
    """A folder outside every tree a test checks, holding secrets."""
    return write(tmp_path / "outside", {
        "secret.txt": f"token = {SECRET}\n",
        "secret.yaml": f"{SECRET}: 1\n",
        "victim.txt": "precious\n",
    })


def _no_secret(done) -> None:
    assert SECRET not in done.stdout + done.stderr
    assert "Traceback" not in done.stderr


# ---------------------------------------------------------------- links (#18 item 1)


@posix_only
def test_check_in_ci_never_reads_a_link_into_git_or_out_of_the_repository(cli, tmp_path, outside):
    repo = write(tmp_path / "repo", {
        ".git/config": f"[http]\n\textraheader = AUTHORIZATION: basic {SECRET}\n",
        "deckcheck.yaml": f'format: {FORMAT}\ndecks: ["decks/**"]\n',
        "decks/ok.txt": LEGAL,
    })
    os.symlink("../.git/config", repo / "decks" / "evil.txt")
    os.symlink(outside / "secret.txt", repo / "decks" / "far.txt")
    os.symlink(outside, repo / "decks" / "far-folder")
    done = cli("check", "-o", "json", cwd=repo)
    _no_secret(done)
    assert done.returncode == 0, done.stderr
    assert [result["deck"] for result in json.loads(done.stdout)["results"]] == ["decks/ok.txt"]
    assert "decks/evil.txt: a symbolic link into a hidden folder; not followed" in done.stderr
    assert "decks/far.txt: a symbolic link to a file outside the repository; not followed" in done.stderr


@posix_only
def test_check_follows_a_link_that_stays_in_the_repository_judged_by_its_own_name(cli, tmp_path):
    repo = write(tmp_path / "repo", {
        "deckcheck.yaml": f'format: {FORMAT}\ndecks: ["decks/**"]\n', "archive/old.txt": LEGAL,
    })
    (repo / "decks").mkdir()
    os.symlink("../archive/old.txt", repo / "decks" / "current.txt")
    done = cli("check", "-o", "json", cwd=repo)
    assert done.returncode == 0, done.stderr
    assert [result["deck"] for result in json.loads(done.stdout)["results"]] == ["decks/current.txt"]


@posix_only
def test_validate_under_actions_does_not_follow_a_link_out_of_the_folder(cli, tmp_path, outside):
    repo = write(tmp_path / "repo", {".git/config": f"token {SECRET}\n", "decks/ok.txt": LEGAL})
    os.symlink("../.git/config", repo / "decks" / "evil.txt")
    done = cli("validate", "decks/evil.txt", "decks/ok.txt", "-f", FORMAT, cwd=repo, env={"GITHUB_ACTIONS": "true"})
    _no_secret(done)
    assert done.returncode == 2  # an input that cannot be read
    assert "a symbolic link into a hidden folder; not followed" in done.stdout
    assert "decks/ok.txt" in done.stdout


@posix_only
def test_batch_folder_skips_links_out_of_it_and_linked_folders(cli, tmp_path, outside):
    regs = write(tmp_path / "regs", {"ok.txt": LEGAL})
    os.symlink(outside / "secret.txt", regs / "evil.txt")
    os.symlink(outside, regs / "linked")
    done = cli("batch", str(regs), "-f", FORMAT, "-o", "json", "-q")
    _no_secret(done)
    assert done.returncode == 1  # what may be a registration but was not read is never a pass (#14)
    report = json.loads(done.stdout)
    results = {result["deck"]: result for result in report["results"]}
    assert results["ok.txt"]["legal"]
    assert [problem["message"] for problem in results["evil.txt"]["problems"]] == [
        "evil.txt could not be checked: a symbolic link to a file outside the registration folder; not followed"
    ]
    # A linked folder out of the tree is said as a linked file is: its kind is the target's.
    assert results["linked"]["problems"][0]["message"] == (
        "linked could not be checked: a symbolic link to a file outside the registration folder; not followed")
    assert {item["file"] for item in report["skipped"] if item["unchecked"]} == {"evil.txt", "linked"}


@posix_only
def test_a_walked_folders_links_out_of_it_say_nothing_of_what_they_lead_to(cli, tmp_path, outside):
    """A pull request's links in a walked folder asked the runner what exists: a link out
    of the tree to a missing path was 'a symbolic link to nothing (broken link)', to a
    folder 'a symbolic link to a folder', to a device 'to a device', to a file 'to a file
    outside'. Out of the tree they are all one; inside it they still say what they are."""
    regs = write(tmp_path / "regs", {"ok.txt": LEGAL, "sub/in.txt": LEGAL})
    targets = {"file.txt": outside / "secret.txt", "missing.txt": outside / "no-such-file.txt",
               "folder.txt": outside, "device.txt": Path("/dev/zero"), "home.txt": Path.home() / ".ssh" / "id_rsa"}
    for name, target in targets.items():
        os.symlink(target, regs / name)
    os.symlink(regs / "sub", regs / "inside")
    os.symlink(regs / "gone.txt", regs / "dangling.txt")
    done = cli("batch", str(regs), "-f", FORMAT, "-o", "json", "-q")
    reasons = {item["file"]: item["reason"] for item in json.loads(done.stdout)["skipped"]}
    outside_words = "a symbolic link to a file outside the registration folder; not followed"
    assert {name: reasons[name] for name in targets} == {name: outside_words for name in targets}
    assert reasons["inside/"] == "a symbolic link to a folder; not followed"
    assert reasons["dangling.txt"] == "a symbolic link to nothing (broken link)"


# ---------------------------------------------------------------- pipes and devices (#14 item 13)


@posix_only
def test_named_pipes_and_devices_never_block_a_run(cli, tmp_path):
    regs = write(tmp_path / "regs", {"ok.txt": LEGAL})
    os.mkfifo(regs / "wait.txt")
    os.symlink("/dev/zero", regs / "zero.txt")
    os.mkfifo(tmp_path / "pipe.txt")
    started = time.monotonic()
    batch = cli("batch", str(regs), "-f", FORMAT, "-o", "json", "-q")
    validated = cli("validate", str(tmp_path / "pipe.txt"), "-f", FORMAT, "-o", "json")
    assert time.monotonic() - started < 60
    skipped = {item["file"]: item["reason"] for item in json.loads(batch.stdout)["skipped"]}
    assert skipped["wait.txt"] == "a named pipe, not a file; not read"
    # /dev/zero is out of the folder: said so, as any link out of it is, whatever it leads to.
    assert skipped["zero.txt"] == "a symbolic link to a file outside the registration folder; not followed"
    assert validated.returncode == 2
    (problem,) = json.loads(validated.stdout)["results"][0]["problems"]
    assert problem["message"].endswith("not a regular file (a named pipe); give a decklist saved on disk")


# ---------------------------------------------------------------- manifests (#18 items 3, 4, 12)


ALIAS_BOMB = "a: &a [x, x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join([f'*{chr(97 + i)}'] * 10)}]\n" for i in range(8)
) + "registrations:\n- {player: ann, deck: a.txt, team: *i}\n"


def test_zip_with_an_alias_bomb_manifest_is_refused_at_once(cli, tmp_path):
    """Already refused on main (#18 item 3): the regression test of the zip the issue names."""
    with zipfile.ZipFile(tmp_path / "bomb.zip", "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("manifest.yaml", ALIAS_BOMB)
        archive.writestr("a.txt", LEGAL)
    assert (tmp_path / "bomb.zip").stat().st_size < 600
    started = time.monotonic()
    done = cli("batch", str(tmp_path / "bomb.zip"), "-f", FORMAT, "-q")
    assert time.monotonic() - started < 30
    assert done.returncode == 2
    assert "anchors and aliases (&name, *name) are not allowed in a manifest" in done.stderr


def test_zip_manifest_format_column_stays_in_the_archive(cli, tmp_path, outside):
    secret = outside / "secret.yaml"
    with zipfile.ZipFile(tmp_path / "regs.zip", "w") as archive:
        archive.writestr("manifest.csv", f"player,deck,format\nann,a.txt,{secret}\nbob,a.txt,../outside/secret.yaml\n"
                                         f"cy,a.txt,{FORMAT}\ndee,a.txt,cube.yaml\n")
        archive.writestr("a.txt", LEGAL)
        archive.writestr("cube.yaml", "name: Cube\ngame: mtg\nextends: mtg/constructed\n")
    done = cli("batch", str(tmp_path / "regs.zip"), "-f", FORMAT, "-o", "json", "-q")
    _no_secret(done)
    results = {result["player"]: result for result in json.loads(done.stdout)["results"]}
    assert "an absolute path, which points outside the archive" in results["ann"]["problems"][0]["message"]
    assert "': it points outside the archive" in results["bob"]["problems"][0]["message"]
    assert results["cy"]["legal"] and results["dee"]["legal"]
    assert results["dee"]["format"].endswith("cube.yaml")


def test_plain_manifest_paths_stay_in_its_folder_unless_trusted(cli, tmp_path, outside):
    event = write(tmp_path / "event", {
        "a.txt": LEGAL, "sub/b.txt": LEGAL,
        "m.csv": f"player,deck\nann,a.txt\nbob,{outside / 'secret.txt'}\ncy,../outside/secret.txt\n"
                 f"dee,sub/../a.txt\neve,a.txt\n",
    })
    write(tmp_path, {"outside/deck.txt": LEGAL})
    done = cli("batch", str(event / "m.csv"), "-f", FORMAT, "-o", "json", "-q")
    _no_secret(done)
    results = {result["player"]: result for result in json.loads(done.stdout)["results"]}
    assert results["ann"]["legal"] and results["dee"]["legal"] and results["eve"]["legal"]
    for player in ("bob", "cy"):
        (problem,) = results[player]["problems"]
        assert problem["rule"] == "registration"
        assert "points outside the manifest's folder (batch --allow-outside-paths accepts it" in problem["message"]
    (event / "m.csv").write_text("player,deck\nann,../outside/deck.txt\n", encoding="utf-8")
    trusted = cli("batch", str(event / "m.csv"), "-f", FORMAT, "-o", "json", "-q", "--allow-outside-paths")
    assert trusted.returncode == 0, trusted.stdout


def test_manifest_paths_never_name_a_hidden_file_or_folder(cli, tmp_path):
    """A pull request's manifest at the top of the checkout (`args: batch reg.csv -f ...`)
    named `.git/config` as a deck: its lines, the checkout's token among them, were each an
    unreadable line quoted in the report and the log (and a SARIF report uploaded)."""
    token = "AUTHORIZATION: basic eC1hY2Nlc3MtdG9rZW46c2VjcmV0"
    repo = write(tmp_path / "repo", {
        ".git/config": f'[http "https://github.com/"]\n\textraheader = {token}\n', ".env": f"TOKEN={token}\n",
        "a.txt": LEGAL, "decks/.x/b.txt": LEGAL,
        "reg.csv": "player,deck,pool\nann,.git/config,\nbob,./.git/config,\ncy,decks/../.git/config,\n"
                   "dee,.env,\neve,a.txt,.git/config\nfay,decks/.x/b.txt,\ngus,a.txt,\n",
    })
    done = cli("batch", "reg.csv", "-f", FORMAT, "-o", "json", cwd=repo, env={"GITHUB_ACTIONS": "true"})
    assert "c2VjcmV0" not in done.stdout + done.stderr
    results = {result["player"]: result for result in json.loads(done.stdout)["results"]}
    assert results["gus"]["legal"]
    for player in ("ann", "bob", "cy", "dee", "eve", "fay"):  # eve's deck a.txt is gus's too: a warning besides
        assert any(problem["rule"] == "registration" and problem["severity"] == "error"
                   and "a hidden file or folder, which no registration is (batch --allow-outside-paths" in problem["message"]
                   for problem in results[player]["problems"]), results[player]["problems"]
    trusted = cli("batch", "reg.csv", "-f", FORMAT, "-o", "json", "--allow-outside-paths", cwd=repo)
    assert json.loads(trusted.stdout)["results"][5]["legal"]  # an organiser's own manifest may


@posix_only
def test_manifest_row_through_a_link_out_of_its_folder_is_a_problem(cli, tmp_path, outside):
    event = write(tmp_path / "event", {"m.csv": "player,deck\nann,decks/evil.txt\n"})
    (event / "decks").mkdir()
    os.symlink(outside / "secret.txt", event / "decks" / "evil.txt")
    done = cli("batch", str(event / "m.csv"), "-f", FORMAT, "-o", "json", "-q")
    _no_secret(done)
    (problem,) = json.loads(done.stdout)["results"][0]["problems"]
    assert "a symbolic link to a file outside the manifest's folder; not followed" in problem["message"]


@posix_only
def test_a_link_out_of_the_folder_is_refused_whether_its_target_exists_or_not(cli, tmp_path, outside):
    """A link out of the manifest's folder (or a path through a linked folder) was refused
    only when its target existed; one to a missing file was 'no such file', so a manifest
    could ask whether any file exists outside its folder. Both are the link's problem now."""
    event = write(tmp_path / "event", {
        "m.csv": "player,deck\nann,decks/evil.txt\nbob,decks/gone.txt\ncy,far/secret.txt\ndee,far/nothing.txt\n",
    })
    (event / "decks").mkdir()
    os.symlink(outside / "secret.txt", event / "decks" / "evil.txt")
    os.symlink(outside / "nothing.txt", event / "decks" / "gone.txt")
    os.symlink(outside, event / "far")
    done = cli("batch", str(event / "m.csv"), "-f", FORMAT, "-o", "json", "-q")
    _no_secret(done)
    messages = {row["player"]: [problem["message"] for problem in row["problems"]] for row in json.loads(done.stdout)["results"]}
    assert messages == {
        player: [f"manifest line {line}: deck path '{path}': a symbolic link to a file outside the manifest's folder; not followed"]
        for player, line, path in (("ann", 2, "decks/evil.txt"), ("bob", 3, "decks/gone.txt"),
                                   ("cy", 4, "far/secret.txt"), ("dee", 5, "far/nothing.txt"))
    }


@posix_only
def test_a_deckcheck_yaml_format_linked_out_reads_alike_whether_its_target_exists_or_not(cli, tmp_path, outside):
    """docs/security.md: a format file linked out of the repository is refused before anything
    is opened, so a missing outside file and an existing one give the same error; a link to a
    missing one was 'format file ... not found'."""
    repo = write(tmp_path / "repo", {"decks/a.txt": LEGAL})
    os.symlink(outside / "secret.yaml", repo / "there.yaml")
    os.symlink(outside / "nothing.yaml", repo / "gone.yaml")
    errors = []
    for name in ("there", "gone"):
        (repo / "deckcheck.yaml").write_text(f'format: {name}.yaml\ndecks: ["decks/*.txt"]\n', encoding="utf-8")
        done = cli("check", cwd=repo)
        _no_secret(done)
        assert done.returncode == 2
        errors.append(done.stderr.replace(name, "NAME"))
    assert errors[0] == errors[1]
    assert "a symbolic link to a file outside" in errors[0]


@posix_only
def test_a_missing_files_hint_never_names_a_file_through_a_link(cli, tmp_path, outside):
    """A missing deck's hint (the file in another case, without its quotes or its dots,
    with its extension) looked through links the row's path did not name: `Far/secret.txt`
    beside a link `far` out of the folder said "a file differs only in case:
    far/secret.txt", and `Far/nothing.txt` only "no such file", so a manifest could ask
    whether any file exists outside its folder. No hint names a file through a link."""
    event = write(tmp_path / "event", {
        "m.csv": "player,deck\nann,Far/secret.txt\nbob,Far/nothing.txt\ncy,'evil.txt'\ndee,evil.txt.\neve,evil\n",
    })
    os.symlink(outside, event / "far")
    os.symlink(outside / "secret.txt", event / "evil.txt")
    done = cli("batch", str(event / "m.csv"), "-f", FORMAT, "-o", "json", "-q")
    _no_secret(done)
    messages = {row["player"]: [problem["message"] for problem in row["problems"]] for row in json.loads(done.stdout)["results"]}
    assert messages == {
        "ann": ["Far/secret.txt: no such file"],
        "bob": ["Far/nothing.txt: no such file"],
        "cy": ["'evil.txt': no such file"],
        "dee": ["evil.txt.: no such file"],
        "eve": ["evil: no such file"],
    }


def test_a_path_no_file_can_have_is_a_problem_of_its_row(cli, tmp_path):
    """A NUL in a deck or pool path crashed the whole batch (ValueError); now that row gets
    a `registration` problem and the others their verdicts."""
    write(tmp_path, {"a.txt": LEGAL, "m.yaml": '- {player: ann, deck: a.txt}\n- {player: bob, deck: "b\\0.txt"}\n'
                                               '- {player: cy, deck: a.txt, pool: "p\\0.txt"}\n'})
    done = cli("batch", str(tmp_path / "m.yaml"), "-f", FORMAT, "-o", "json", "-q")
    assert done.returncode == 1 and "Traceback" not in done.stderr
    results = {result["player"]: result for result in json.loads(done.stdout)["results"]}
    assert results["ann"]["legal"]
    assert results["bob"]["problems"][0]["message"] == (
        "manifest line 2: deck path 'b\\x00.txt': has a NUL character, which no file name can hold"
    )
    assert "pool path 'p\\x00.txt': has a NUL character" in results["cy"]["problems"][0]["message"]


def test_a_lone_surrogate_in_a_path_is_a_problem_of_its_row(tmp_path):
    """PyYAML without libyaml reads `"\\ud800"` into a path that no file system can encode
    (UnicodeEncodeError crashed the batch)."""
    from deckcheck.batch.manifest_paths import Place, file_path

    place = Place(base=tmp_path, root=tmp_path, confine=True, archive=False)
    path, why = file_path("b\ud800.txt", place)
    assert path is None and why == "deck path 'b\\ud800.txt': has a character no file name can hold"


# ---------------------------------------------------------------- format files (#18 item 4)


@pytest.mark.parametrize("files, args, quoted", [
    ({"deckcheck.yaml": "format: ..\\outside.yaml\n"}, ["check"], "deckcheck.yaml: format: '..\\\\outside.yaml': it points outside"),
    ({"cube.yaml": "name: Cube\ngame: mtg\nextends: ..\\common\\base.yaml\n"}, ["validate", "a.txt", "-f", "./cube.yaml"],
     "cube.yaml: extends: '..\\\\common\\\\base.yaml': it points outside"),
])
def test_a_refused_format_path_is_quoted_as_written(cli, tmp_path, files, args, quoted):
    """A format file refused for leaving the tree is quoted as the file wrote it: a path
    written the Windows way (`..\\outside.yaml`, read as `../outside.yaml`) was quoted as
    read, `'../outside.yaml'`, a path the user never wrote."""
    work = write(tmp_path / "work", {"a.txt": LEGAL, **files})
    done = cli(*args, cwd=work)
    assert done.returncode == 2, done.stdout + done.stderr
    assert quoted in done.stderr, done.stderr


def test_extends_may_not_leave_the_tree_and_errors_never_echo_an_outside_file(cli, tmp_path, outside):
    work = write(tmp_path / "work", {"a.txt": LEGAL})
    cases = {
        "absolute.yaml": f"extends: {outside / 'secret.yaml'}",
        "missing-absolute.yaml": f"extends: {outside / 'nothing.yaml'}",
        "dotdot.yaml": "extends: ../outside/secret.yaml",
        "missing-dotdot.yaml": "extends: ../outside/nothing.yaml",
    }
    messages = {}
    for name, line in cases.items():
        (work / name).write_text(f"name: Evil\ngame: mtg\n{line}\n", encoding="utf-8")
        done = cli("validate", "a.txt", "-f", f"./{name}", cwd=work)
        _no_secret(done)
        assert done.returncode == 2
        messages[name] = done.stderr.split(": extends: ", 1)[1].split(":", 1)[-1]
    # An outside file that exists and one that does not give the same answer.
    assert messages["absolute.yaml"] == messages["missing-absolute.yaml"] == (
        f" an absolute path, which points outside {work}; name a format id or a format file inside it (line 3)\n"
    )  # the line of the format file's `extends`
    assert messages["dotdot.yaml"] == messages["missing-dotdot.yaml"]
    assert f"it points outside {work}" in messages["dotdot.yaml"]


def test_a_yaml_file_that_is_not_a_format_file_is_said_so_without_its_keys(cli, tmp_path):
    write(tmp_path, {"notes.yaml": f"{SECRET}: 1\nother: 2\n", "a.txt": LEGAL})
    done = cli("validate", "a.txt", "-f", "./notes.yaml", cwd=tmp_path)
    _no_secret(done)
    assert done.stderr == "deckcheck: error: notes.yaml: not a format file (it states neither `game` nor `extends`)\n"


def test_keys_in_messages_are_quoted_and_cut(cli, tmp_path):
    key = "x" * 30 + SECRET + "y" * 100
    write(tmp_path, {"f.yaml": f"name: F\ngame: mtg\n{key}: 1\n"})
    done = cli("formats", "check", "f.yaml", cwd=tmp_path)
    assert done.returncode == 2 and "y" * 100 not in done.stderr
    assert done.stderr.startswith(f"deckcheck: error: f.yaml: {key[:40]!r}…: unknown key")


def test_deckcheck_yaml_names_only_format_and_policy_files_in_the_repository(cli, tmp_path, outside):
    repo = write(tmp_path / "repo", {"decks/a.txt": LEGAL})
    for body, fragment in (
        (f"format: {outside / 'secret.yaml'}\n", "format: "),
        ("format: ../outside/secret.yaml\n", "format: "),
        (f"format: {FORMAT}\nsimulate:\n  'decks/a.txt':\n    policy: {outside / 'secret.yaml'}\n    assert: ['keep7 >= 0']\n",
         "simulate.decks/a.txt.policy: "),
    ):
        (repo / "deckcheck.yaml").write_text(body, encoding="utf-8")
        done = cli("check", cwd=repo)
        _no_secret(done)
        assert done.returncode == 2 and fragment in done.stderr


@posix_only
def test_a_deckcheck_yaml_that_links_out_of_its_folder_is_not_read(cli, tmp_path, outside):
    repo = write(tmp_path / "repo", {"decks/a.txt": LEGAL})
    write(outside, {"config.yaml": f"format: {FORMAT}\n{SECRET}: 1\n"})
    os.symlink(outside / "config.yaml", repo / "deckcheck.yaml")
    done = cli("check", cwd=repo)
    _no_secret(done)
    assert done.returncode == 2
    assert done.stderr.endswith("deckcheck.yaml: a symbolic link to a file outside its folder; not followed\n")


def test_library_format_id_str_is_an_id_never_a_file(outside):
    with pytest.raises(FormatError) as caught:
        validate(LEGAL, str(outside / "secret.yaml"))
    assert SECRET not in str(caught.value)
    assert "is not a format id (like mtg/modern); a format file is given as a pathlib.Path" in str(caught.value)
    with pytest.raises(FormatError, match="unknown format"):
        load("/etc/passwd")
    cube = outside.parent / "cube.yaml"
    cube.write_text("name: Cube\ngame: mtg\nextends: mtg/constructed\n", encoding="utf-8")
    assert validate(LEGAL, cube).legal


# ---------------------------------------------------------------- the library's strings (#18 item 6)


def test_library_str_is_decklist_text_never_a_file_name(outside):
    secret = str(outside / "secret.txt")
    result = validate(secret, FORMAT)
    assert result.deck == "<text>"
    assert SECRET not in json.dumps(result.to_dict())
    with pytest.raises(InputError) as caught:
        validate(LEGAL, "mtg/limited", pool=secret)
    assert SECRET not in str(caught.value)


def test_library_files_are_paths_or_named_by_validate_file(tmp_path):
    from deckcheck import read_pool_file, validate_file

    deck = write(tmp_path, {"deck.txt": LEGAL, "pool.txt": "4 Lightning Bolt\n"}) / "deck.txt"
    assert validate(deck, FORMAT).deck == str(deck)
    assert validate_file(str(deck), FORMAT).legal
    assert read_pool_file(str(tmp_path / "pool.txt")).holds("lightning bolt") == 4
    with pytest.raises(OptionError):
        validate(b"4 Island", FORMAT)  # type: ignore[arg-type]


# ---------------------------------------------------------------- --report (#18 items 8, 12; #14 item 10)


@posix_only
def test_report_is_never_written_through_a_link(cli, tmp_path, outside):
    write(tmp_path, {"regs/ok.txt": LEGAL})
    os.symlink(outside / "victim.txt", tmp_path / "out.json")
    os.symlink(outside, tmp_path / "linked")
    first = cli("batch", "regs", "-f", FORMAT, "-o", "json", "-q", "--report", "out.json", cwd=tmp_path)
    second = cli("batch", "regs", "-f", FORMAT, "-o", "json", "-q", "--report", "linked/new/r.json", cwd=tmp_path)
    assert first.returncode == second.returncode == 2
    assert first.stderr == ("deckcheck: error: --report out.json: cannot write (it is a symbolic link, and deckcheck "
                            "never writes through links; remove the link or name another file)\n")
    assert "cannot write (linked is a symbolic link, and deckcheck never writes through links" in second.stderr
    assert (outside / "victim.txt").read_text(encoding="utf-8") == "precious\n"
    assert not (outside / "new").exists()


@pytest.mark.parametrize("target", ["m.csv", "decks/a.txt", "pools/p.txt"])
def test_report_onto_a_file_the_batch_reads_is_refused(cli, tmp_path, target):
    write(tmp_path, {"decks/a.txt": LEGAL, "pools/p.txt": "4 Lightning Bolt\n56 Mountain\n",
                     "m.csv": "player,deck,pool\nann,decks/a.txt,pools/p.txt\n"})
    before = (tmp_path / target).read_bytes()
    done = cli("batch", "m.csv", "-f", "mtg/limited", "-o", "csv", "-q", "--report", target, cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr == f"deckcheck: error: --report {target}: cannot write (this run reads that file; name another file)\n"
    assert (tmp_path / target).read_bytes() == before


@pytest.mark.parametrize("option, target", [
    ("--report", "regs/summary.txt"), ("--report", "regs/day1/report.dek"), ("--sheets", "regs/sheets.txt"),
    ("--report", "./regs/../regs/r.ydk"),
])
def test_an_output_the_next_batch_of_the_folder_would_check_as_a_deck_is_refused(cli, tmp_path, option, target):
    write(tmp_path, {"regs/ok.txt": LEGAL})
    done = cli("batch", "regs", "-f", FORMAT, "-q", option, target, cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr == (
        f"deckcheck: error: {option} {Path(target)}: cannot write (it lies in the folder regs this batch checks and is named "
        "as a decklist, so the next batch of regs would check it as a deck; name a file outside regs, or with another "
        "extension)\n"
    )
    assert done.stdout == ""  # refused before any deck was checked
    assert sorted(path.name for path in (tmp_path / "regs").rglob("*")) == ["ok.txt"]


@pytest.mark.parametrize("option, target", [
    ("--report", "regs/report.json"), ("--sheets", "regs/sheets.pdf"), ("--report", "regs/.out/summary.txt"),
    ("--report", "regs/NOTES.txt"), ("--report", "summary.txt"),
])
def test_an_output_the_next_batch_skips_may_lie_in_the_folder(cli, tmp_path, option, target):
    write(tmp_path, {"regs/ok.txt": LEGAL})
    done = cli("batch", "regs", "-f", FORMAT, "-q", option, target, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / target).is_file()
    again = cli("batch", "regs", "-f", FORMAT, "-q", "-o", "json", cwd=tmp_path)
    assert again.returncode == 0, again.stdout
    assert [result["deck"] for result in json.loads(again.stdout)["results"]] == ["ok.txt"]


def _special_file(path: Path, kind: str) -> None:
    """A named pipe, or (as root) a character device like /dev/null, at `path`."""
    if kind == "fifo":
        os.mkfifo(path)
        return
    try:
        os.mknod(path, stat.S_IFCHR | 0o600, os.makedev(1, 3))
    except PermissionError:
        pytest.skip("making a character device needs root (CAP_MKNOD)")


@posix_only
@pytest.mark.parametrize("kind", ["fifo", "device"])
@pytest.mark.parametrize("command", [
    ["batch", "regs", "-f", FORMAT, "-q", "-o", "json", "--report", "target"],
    ["batch", "regs", "-f", FORMAT, "-q", "--sheets", "target"],
    ["sheet", "regs/ok.txt", "-f", FORMAT, "--player", "ann", "--event", "fnm", "--out", "target"],
])
def test_outputs_never_replace_a_pipe_or_a_device(cli, tmp_path, kind, command):
    write(tmp_path, {"regs/ok.txt": LEGAL})
    _special_file(tmp_path / "target", kind)
    option = command[-2]
    done = cli(*command, cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr == f"deckcheck: error: {option} target: cannot write (it is not a regular file; name another file)\n"
    mode = os.lstat(tmp_path / "target").st_mode
    assert (stat.S_ISFIFO if kind == "fifo" else stat.S_ISCHR)(mode)
    assert done.stdout == ""  # refused before any deck was checked


CUBE = "game: mtg\nextends: mtg/constructed\n"


@pytest.mark.parametrize("command, target", [
    (["batch", "regs", "-f", "./cube.yaml", "-q", "--report", "cube.yaml"], "cube.yaml"),
    (["batch", "regs", "-f", "cube.yaml", "-q", "--sheets", "./cube.yaml"], "cube.yaml"),
    (["batch", "m.csv", "-q", "-o", "json", "--report", "formats/row.yaml"], "formats/row.yaml"),
    # A row's format file is known once the manifest is read; sheets, a PDF, are refused a
    # name of another kind before that (cli/common.py pdf_named).
    (["batch", "m.csv", "-q", "--sheets", "formats/row.yaml"], "formats/row.yaml"),
    (["sheet", "regs/ok.txt", "-f", "./cube.yaml", "--player", "ann", "--event", "fnm", "--out", "cube.yaml"], "cube.yaml"),
])
def test_outputs_never_replace_a_format_file_the_run_reads(cli, tmp_path, command, target):
    write(tmp_path, {"regs/ok.txt": LEGAL, "cube.yaml": CUBE, "formats/row.yaml": CUBE,
                     "m.csv": "player,deck,format\nann,regs/ok.txt,formats/row.yaml\n"})
    done = cli(*command, cwd=tmp_path)
    assert done.returncode == 2, done.stderr
    reason = ("the sheets are a PDF, which a name ending in .pdf says; name the file formats/row.pdf"
              if command[-2:] == ["--sheets", "formats/row.yaml"] else "this run reads that file; name another file")
    assert done.stderr.endswith(f"cannot write ({reason})\n")
    assert (tmp_path / target).read_text(encoding="utf-8") == CUBE


@posix_only
@pytest.mark.parametrize("option, target", [("--report", "out/report.json"), ("--sheets", "out/sheets.pdf")])
def test_report_and_sheets_are_private_whatever_the_umask(cli, tmp_path, option, target):
    # Both name the event's players (the sheets their IDs too, from a manifest's `id`).
    write(tmp_path, {"regs/ok.txt": LEGAL})
    umask = os.umask(0)
    try:
        done = cli("batch", "regs", "-f", FORMAT, "-o", "json", "-q", option, target, cwd=tmp_path)
    finally:
        os.umask(umask)
    assert done.returncode == 0, done.stderr
    assert stat.S_IMODE((tmp_path / target).stat().st_mode) == 0o600
    if option == "--report":
        assert json.loads((tmp_path / target).read_text(encoding="utf-8"))["results"][0]["legal"]
    else:
        assert (tmp_path / target).read_bytes().startswith(b"%PDF-")


# ---------------------------------------------------------------- policy files (#18 item 11)


@posix_only
def test_policy_files_are_bounded_regular_files(cli, tmp_path):
    """Done on main with the one YAML reader (#18 item 11, the policy half): the regression test."""
    write(tmp_path, {"a.txt": LEGAL})
    os.mkfifo(tmp_path / "policy.yaml")
    started = time.monotonic()
    for policy in ("/dev/zero", "policy.yaml"):
        done = cli("simulate", "a.txt", "-f", FORMAT, "--policy", policy, cwd=tmp_path)
        assert done.returncode == 2
        assert done.stderr == f"deckcheck: error: {policy}: not a regular file; give a policy file saved on disk\n"
    assert time.monotonic() - started < 60



def _event_with_links(tmp_path: Path, outside: Path) -> Path:
    """An event folder whose decks/ holds a plain file and links to it, into a hidden
    folder, out of the event and to themselves, beside links to a far folder and to decks/."""
    root = tmp_path / "event"
    (root / "decks" / "sub").mkdir(parents=True)
    (root / ".git").mkdir()
    (root / ".git" / "config").write_text("secret", encoding="utf-8")
    (root / "decks" / "plain.txt").write_text("4 Island\n", encoding="utf-8")
    os.symlink("plain.txt", root / "decks" / "inside.txt")
    os.symlink("../.git/config", root / "decks" / "hidden.txt")
    os.symlink(outside / "secret.txt", root / "decks" / "out.txt")
    os.symlink("loop.txt", root / "decks" / "loop.txt")
    os.symlink(outside, root / "far")
    os.symlink("decks", root / "alias")
    return root


def test_manifest_link_checks_with_remembered_folders_judge_as_without(tmp_path, outside):
    """tree.RealFolders (each folder's real path resolved once per manifest) gives every
    path the verdict a full `realpath` gives: links out, into hidden folders, loops,
    linked folders, missing files and plain files alike."""
    from deckcheck import tree

    root = _event_with_links(tmp_path, outside)
    names = ["decks/plain.txt", "decks/inside.txt", "decks/hidden.txt", "decks/out.txt", "decks/loop.txt",
             "decks/missing.txt", "far/secret.txt", "alias/plain.txt", "alias/out.txt", "decks/sub/../plain.txt",
             "decks/sub", "../event/decks/plain.txt", "decks/plain.txt/x"]
    folders = tree.RealFolders()
    verdicts = []
    for _ in range(2):  # the second round reads the remembered folders
        for name in names:
            alone = tree.named_inside(name, base=root, root=root, where="the folder")
            remembered = tree.named_inside(name, base=root, root=root, where="the folder", folders=folders)
            assert remembered == alone, name
            verdicts.append(alone[1])
    assert {verdict.split(";")[0] if verdict else None for verdict in verdicts} == {
        None, "a symbolic link into a hidden folder", "a symbolic link to a file outside the folder",
        "a loop of symbolic links",
    }


# Paths whose last part or folders normalising changes, and names beside and above the root.
AWKWARD_NAMES = [
    "decks//plain.txt", "./decks/plain.txt", "decks/./plain.txt", "decks/sub/../../decks/plain.txt", "decks/",
    "decks/.", "decks/..", "..", ".", "plain.txt", "../event", "../event/", "../event/.", "../event-2/x.txt", "../eventx",
    "decks/plain.txt/", "decks/plain.txt/.", ".//decks//sub//..//plain.txt", "decks/sub/./../../../event/decks/out.txt",
    "../../", "far/../decks/plain.txt", "alias/../alias/inside.txt", "decks/\x00.txt", "decks/ plain.txt ",
    "decks/..plain.txt", "decks/.hidden.txt", "sub/..", "decks/sub/",
]


@pytest.mark.parametrize("where_base", ["root", "decks", "relative root", "relative decks", "working folder", "file system root"])
def test_manifest_paths_with_remembered_folders_judge_as_without(tmp_path, outside, monkeypatch, where_base):
    """The remembered folders' shortcut (each folder part joined and normalised once,
    tree.RealFolders.head) names the file and judges it as the whole path's own
    normalising does, for awkward paths and any base: relative to the working folder too."""
    from deckcheck import tree

    root = tmp_path / "event"
    (root / "decks" / "sub").mkdir(parents=True)
    (root / ".git").mkdir()
    (root / "decks" / "plain.txt").write_text("4 Island\n", encoding="utf-8")
    os.symlink("plain.txt", root / "decks" / "inside.txt")
    os.symlink("../.git/config", root / "decks" / "hidden.txt")
    os.symlink(outside / "secret.txt", root / "decks" / "out.txt")
    os.symlink(outside, root / "far")
    os.symlink("decks", root / "alias")
    monkeypatch.chdir(root if where_base == "working folder" else tmp_path)
    base, top = {
        "root": (root, root), "decks": (root / "decks", root), "relative root": (Path("event"), Path("event")),
        "relative decks": (Path("event/decks"), Path("event")), "working folder": (Path("."), Path(".")),
        "file system root": (Path("/"), Path("/")),
    }[where_base]
    folders = tree.RealFolders()
    for _ in range(2):  # the second round reads the remembered folders
        for name in AWKWARD_NAMES:
            alone = tree.named_inside_text(name, base=base, root=top, where="the folder")
            assert tree.named_inside_text(name, base=base, root=top, where="the folder", folders=folders) == alone, name


# Names through links (the file, or a folder on the way), beside names of plain files.
LINKED_NAMES = [
    "decks/plain.txt", "decks/inside.txt", "decks/hidden.txt", "decks/out.txt", "decks/loop.txt", "decks/missing.txt",
    "far/secret.txt", "far/missing.txt", "alias/plain.txt", "alias/inside.txt", "alias/out.txt", "alias/hidden.txt",
    "nowhere/plain.txt", "decks/sub", "decks/plain.txt/x", "../event", "../event/decks/plain.txt", "../outside/secret.txt",
]


@pytest.mark.parametrize("where_base", ["root", "decks", "relative root", "relative decks", "working folder"])
def test_files_through_links_with_remembered_folders_judge_as_without(tmp_path, outside, monkeypatch, where_base):
    """A file named by a plain name in a folder inside the root takes a shortcut (the
    folder's answer, the file's one `lstat`: tree._named_in_folder): links to files and
    folders, loops, missing files and folders, the root itself are judged as the whole
    path's own check judges them, and what the check saw of a file (tree.RealFolders.files)
    is the `lstat` of each file that is no link, and of nothing else."""
    from deckcheck import tree

    root = _event_with_links(tmp_path, outside)
    monkeypatch.chdir(root if where_base == "working folder" else tmp_path)
    base, top = {
        "root": (root, root), "decks": (root / "decks", root), "relative root": (Path("event"), Path("event")),
        "relative decks": (Path("event/decks"), Path("event")), "working folder": (Path("."), Path(".")),
    }[where_base]
    files: dict[str, tree.FileSeen] = {}
    folders = tree.RealFolders(files)
    expected: dict[str, tree.FileSeen] = {}
    for _ in range(2):  # the second round reads the remembered folders
        for name in LINKED_NAMES + [f"../{name}" for name in LINKED_NAMES if where_base.endswith("decks")]:
            alone = tree.named_inside_text(name, base=base, root=top, where="the folder")
            assert tree.named_inside_text(name, base=base, root=top, where="the folder", folders=folders) == alone, name
            target, why = alone
            if why is None and os.path.lexists(target) and not os.path.islink(target):
                expected[target] = _seen(target)
    assert expected and {key: files.get(key) for key in expected} == expected
    assert all(os.path.lexists(key) and not os.path.islink(key) and files[key] == _seen(key) for key in files)


def _seen(path: str) -> tuple[int, int, int]:
    seen = os.lstat(path)
    return seen.st_dev, seen.st_ino, seen.st_size


# ---------------------------------------------------------------- "inside" judged one way (tree.is_within)


@pytest.mark.parametrize("path, folder, inside", [
    ("/event/regs", "/event/regs", True),
    ("/event/regs/decks/a.txt", "/event/regs", True),
    ("/event/regs/a.txt", "/event/regs/", True),
    ("/event/regs-2/a.txt", "/event/regs", False),  # a sibling whose name starts like the folder's
    ("/event/regsa.txt", "/event/regs", False),
    ("/event", "/event/regs", False),
    ("/event/Regs/a.txt", "/event/regs", False),  # names compared exactly: another case is outside
    ("/anything", "/", True),
])
def test_is_within_judges_by_whole_names(path, folder, inside):
    from deckcheck import tree

    sep = os.sep
    assert tree.is_within(path.replace("/", sep), folder.replace("/", sep)) is inside


@posix_only
def test_a_link_to_a_sibling_folder_named_like_the_registration_folder_is_outside_it(cli, tmp_path):
    regs = write(tmp_path / "regs", {"ok.txt": LEGAL})
    write(tmp_path / "regs-old", {"secret.txt": f"4 {SECRET}\n56 Mountain\n"})
    os.symlink(tmp_path / "regs-old" / "secret.txt", regs / "evil.txt")
    done = cli("batch", str(regs), "-f", FORMAT, "-o", "json", "-q")
    _no_secret(done)
    results = {result["deck"]: result for result in json.loads(done.stdout)["results"]}
    assert [problem["message"] for problem in results["evil.txt"]["problems"]] == [
        "evil.txt could not be checked: a symbolic link to a file outside the registration folder; not followed"
    ]


def test_a_format_file_beside_the_working_folder_keeps_its_chain_in_its_own_folder(cli, tmp_path):
    # `repo2` starts like `repo`, the working folder, but is not inside it: the chain of
    # `../repo2/cube.yaml` stays in repo2, so `../repo/base.yaml` is outside its tree.
    write(tmp_path / "repo", {"base.yaml": "name: Base\ngame: mtg\nextends: mtg/constructed\n", "deck.txt": LEGAL})
    write(tmp_path / "repo2", {"cube.yaml": "name: Cube\nextends: ../repo/base.yaml\n"})
    done = cli("validate", "deck.txt", "-f", "../repo2/cube.yaml", cwd=tmp_path / "repo")
    assert done.returncode == 2, done.stdout + done.stderr
    assert "extends: '../repo/base.yaml': it points outside" in done.stderr


@pytest.mark.parametrize("template", [
    '<?xml version="1.0"?><Deck><Cards CatID="1" Quantity="4" Sideboard="false" Name="Lightning Bolt"/>'
    '<Cards CatID="2" Quantity="1" Sideboard="false" Name="{name}"/></Deck>',
    '<?xml version="1.0"?><cockatrice_deck version="1"><zone name="main"><card number="4" name="Lightning Bolt"/>'
    '<card number="1" name="{name}"/></zone></cockatrice_deck>',
    '<?xml version="1.0"?><deck game="a6c8d2e8-7cd8-11dd-8f94-e62b56d89593"><section name="Main">'
    '<card qty="4" id="x">Lightning Bolt</card><card qty="1" id="y">{name}</card></section></deck>',
], ids=["dek", "cod", "o8d"])
def test_a_card_name_longer_than_any_line_is_refused_in_deck_xml_too(template):
    """A text decklist refuses a line past MAX_LINE_CHARS, but an XML attribute or element
    had no bound: a name of a million characters became an unknown card whose problem
    quoted all of it (a megabyte a problem, twice in JSON: 2,000,745 bytes of report for
    one such .dek, now 1,080)."""
    from deckcheck.limits import MAX_LINE_CHARS

    from deckcheck.decklists import parse_text

    text = template.format(name="Mox " * 250_000)
    assert [entry.name for entry in parse_text(text).entries] == ["Lightning Bolt"]
    result = validate(text, FORMAT)
    (problem,) = [p for p in result.problems if p.rule == "parse-error"]
    # (an element's text is kept to MAX_XML_TEXT_CHARS: the .o8d name is read cut already)
    length = "65,535" if template.startswith('<?xml version="1.0"?><deck ') else "999,999"
    assert problem.message.startswith(f"card name of {length} characters; no card name is longer than {MAX_LINE_CHARS:,}")
    assert all(len(p.message) < 400 for p in result.problems)


def test_a_library_callers_format_file_keeps_its_chain_in_its_own_folder(cli, tmp_path, monkeypatch):
    """A deck site loads an uploaded format file with the library from a server whose
    working folder holds the uploads folder (Docker's default is `/`): confined to the
    working folder, `extends: ../app/secret.yaml` opened the site's own YAML files and told
    their `game:` value. The library keeps the chain in the file's own folder; the command
    line, whose user named the file, still lets it extend files of the working folder."""
    from deckcheck import validate
    from deckcheck.errors import FormatError

    write(tmp_path, {
        "app/secret.yaml": f"name: S\ngame: {SECRET}\n",
        "app/base.yaml": "name: Base\ngame: mtg\nextends: mtg/constructed\n",
        "up/evil.yaml": "name: Evil\ngame: mtg\nextends: ../app/secret.yaml\n",
        "up/cube.yaml": "name: Cube\nextends: ../app/base.yaml\n",
        "deck.txt": LEGAL,
    })
    monkeypatch.chdir(tmp_path)
    with pytest.raises(FormatError) as caught:
        validate(LEGAL, Path("up/evil.yaml"))
    assert SECRET not in str(caught.value)
    assert "extends: '../app/secret.yaml': it points outside" in str(caught.value)
    # The command line: the working folder is the user's tree, as before.
    done = cli("validate", "deck.txt", "-f", "up/cube.yaml", cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr


def test_a_format_loaded_with_the_working_folder_trusted_is_not_reused_without_it(tmp_path, monkeypatch):
    """The loaded-format cache was keyed by the caller's `root` alone: a chain let out to
    the working folder while it was trusted (the command line's rule) came back from the
    cache once the library's own-folder rule was restored."""
    from deckcheck import formats
    from deckcheck.errors import FormatError

    write(tmp_path, {"base.yaml": "name: Base\ngame: mtg\nextends: mtg/constructed\n",
                     "sub/child.yaml": "name: Child\nextends: ../base.yaml\n"})
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(formats, "_working_folder_trees", True)
    assert formats.load(Path("sub/child.yaml")).name == "Child"
    formats.trust_working_folder(False)
    with pytest.raises(FormatError, match="it points outside"):
        formats.load(Path("sub/child.yaml"))
