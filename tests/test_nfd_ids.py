"""Entries whose file names a device stored decomposed (NFD: macOS HFS+, some sync tools, Hangul
as jamo): an id is the name composed (NFC), finds the file in any spelling, and every writer
writes that file, never a twin beside it (memsync.names)."""
from __future__ import annotations

import json
import os
import subprocess
import unicodedata
from pathlib import Path

import pytest
from memtree import entry_text, snapshot, write_entry

from memsync import service
from memsync.build import check_root, compile_root, init_root
from memsync.entry import parse_entry
from memsync.roots import Root


def nfc(text: str) -> str:
    return unicodedata.normalize("NFC", text)


def nfd(text: str) -> str:
    return unicodedata.normalize("NFD", text)


# (id as typed, NFC) -- its file is stored decomposed. The category of the last is decomposed too.
CASES = [
    pytest.param("pitfalls/café-緩存", id="latin-accent"),
    pytest.param("facts/한글-메모", id="hangul"),
    pytest.param("메모/정리-노트", id="hangul-category"),
]
OTHER = "decisions/pnpm-for-deploy"  # an ASCII entry to link with


def listing(root: Path) -> dict[bytes, list[bytes]]:
    """Every category folder's names, as bytes: a twin spelled differently shows here."""
    out = {}
    for d in sorted(os.listdir(root)):
        if not d.startswith(".") and (root / d).is_dir():
            out[os.fsencode(d)] = sorted(os.fsencode(n) for n in os.listdir(root / d))
    return out


def stored(root: Path, entry_id: str, summary: str = "stored decomposed", **kw: object) -> Path:
    """An entry as a decomposing file system holds it: NFD name, the id inside composed."""
    path = root / f"{nfd(entry_id)}.md"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(entry_text(nfc(entry_id), summary, **kw), encoding="utf-8")
    return path


def shown_path(mem: Path, path: Path) -> str:
    return str(path.relative_to(mem.parent))  # as the commands print it, from the test's folder


def meta_of(path: Path) -> dict:
    entry = parse_entry(path.read_bytes(), "x/y.md")
    assert entry.meta is not None
    return entry.meta


def is_clean(root: Path) -> bool:
    report = check_root(Root.at(root))
    return not report.changed and not report.errors


@pytest.fixture
def mem(tmp_path: Path) -> Path:
    root = tmp_path / "mem"
    init_root(Root.at(root), ["rules", "preferences", "decisions", "pitfalls", "facts"])
    write_entry(root, OTHER, "Deploy with pnpm, not npm.", kind="decision", created=1791600000000,
                updated=1791600000000)
    return root


def prepared(mem: Path, entry_id: str) -> Path:
    path = stored(mem, entry_id, created=1791600000000, updated=1791600000000)
    compile_root(Root.at(mem))
    assert is_clean(mem)
    assert os.fsencode(path.name) == nfd(path.name).encode() != nfc(path.name).encode()
    return path


# -- the names module ----------------------------------------------------------------------------

def test_the_ascii_targets_are_every_ascii_character_something_else_composes_to() -> None:
    from memsync import names

    found = {unicodedata.normalize("NFC", chr(c)) for c in range(0x80, 0x110000)}
    assert {t for t in found if t.isascii()} == set(names._ASCII_TARGETS)


@pytest.mark.parametrize("name, one", [("pnpm-for-deploy", True), ("Kafka", False), ("café", False),
                                       ("kelvin", True)])
def test_only_a_name_with_one_spelling_is_found_without_a_listing(name: str, one: bool) -> None:
    from memsync.names import one_spelling

    assert one_spelling(name) is one


def test_an_id_with_the_kelvin_sign_finds_the_file_spelled_with_k(mem: Path) -> None:
    write_entry(mem, "facts/Kube-notes", "about K8s")
    assert service.show("facts/\u212aube-notes", root=mem).path.endswith("facts/Kube-notes.md")


# -- reading and writing by the composed id --------------------------------------------------

@pytest.mark.parametrize("entry_id", CASES)
@pytest.mark.parametrize("spelled", [nfc, nfd], ids=["typed-nfc", "typed-nfd"])
def test_show_finds_the_decomposed_file(cli, mem: Path, entry_id: str, spelled) -> None:  # type: ignore[no-untyped-def]
    path = prepared(mem, entry_id)
    code, out, err = cli("show", spelled(entry_id), "--json", "--root", str(mem))
    assert code == 0, err
    shown = json.loads(out)
    assert shown["id"] == nfc(entry_id) and shown["meta"]["id"] == nfc(entry_id)
    assert shown["path"] == shown_path(mem, path)  # the file as stored
    assert shown["text"] == path.read_text(encoding="utf-8")


@pytest.mark.parametrize("entry_id", CASES)
def test_remember_by_id_updates_the_decomposed_file_and_makes_no_twin(cli, mem: Path, entry_id: str) -> None:
    path = prepared(mem, entry_id)
    before = listing(mem)
    code, out, err = cli("remember", "--id", nfc(entry_id), "--summary", "rewritten on an NFC device",
                         "--force", "--json", "--root", str(mem))
    assert code == 0, err
    written = json.loads(out)
    assert written["action"] == "updated" and written["id"] == nfc(entry_id) and written["path"] == shown_path(mem, path)
    assert listing(mem) == before  # byte for byte: the same names, nothing beside the old file
    meta = meta_of(path)
    assert meta["summary"] == "rewritten on an NFC device" and meta["id"] == nfc(entry_id)
    assert meta["updated"] > 1791600000000
    index = (path.parent / "index.md").read_text(encoding="utf-8")
    assert f"[{nfc(entry_id).split('/')[1]}]({nfc(entry_id).split('/')[1]}.md) — rewritten" in index
    assert is_clean(mem)


@pytest.mark.parametrize("entry_id", CASES)
def test_forget_deletes_the_decomposed_file(cli, mem: Path, entry_id: str) -> None:
    path = prepared(mem, entry_id)
    before = listing(mem)
    code, out, err = cli("forget", nfc(entry_id), "--root", str(mem))
    assert code == 0, err
    assert f"Forgot {nfc(entry_id)}" in out
    after = listing(mem)
    folder = os.fsencode(path.parent.name)
    assert after[folder] == [n for n in before[folder] if n != os.fsencode(path.name)]
    assert {k: v for k, v in after.items() if k != folder} == {k: v for k, v in before.items() if k != folder}
    assert is_clean(mem)


@pytest.mark.parametrize("entry_id", CASES)
@pytest.mark.parametrize("decomposed_is", ["old", "new"])
def test_supersede_links_both_ends_in_place(cli, mem: Path, entry_id: str, decomposed_is: str) -> None:
    path = prepared(mem, entry_id)
    other = mem / f"{OTHER}.md"
    old, new = (nfc(entry_id), OTHER) if decomposed_is == "old" else (OTHER, nfc(entry_id))
    before = listing(mem)
    code, out, err = cli("supersede", old, new, "--json", "--root", str(mem))
    assert code == 0, err
    assert json.loads(out)["old"] == old and json.loads(out)["new"] == new
    assert listing(mem) == before
    old_path, new_path = (path, other) if decomposed_is == "old" else (other, path)
    assert meta_of(old_path)["superseded_by"] == new and meta_of(new_path)["supersedes"] == [old]
    assert is_clean(mem)
    # ... and the link comes undone through the decomposed file too
    code, _, err = cli("forget", new, "--root", str(mem))
    assert code == 0, err
    assert "superseded_by" not in meta_of(old_path)
    assert is_clean(mem)


def test_remember_supersedes_a_decomposed_entry_by_its_composed_id(mem: Path) -> None:
    path = prepared(mem, "pitfalls/café-緩存")
    before = listing(mem)
    w = service.remember("The cache of cafés is flushed on deploy", category="pitfalls", force=True,
                         supersedes=[nfc("pitfalls/café-緩存")], root=mem)
    assert w.superseded == [nfc("pitfalls/café-緩存")]
    assert meta_of(path)["superseded_by"] == w.id
    after = listing(mem)
    assert after[b"pitfalls"] == sorted([*before[b"pitfalls"], os.fsencode(w.id.split("/")[1] + ".md")])
    assert is_clean(mem)


def test_a_new_entry_is_named_composed_and_never_takes_a_decomposed_name(mem: Path) -> None:
    prepared(mem, "pitfalls/café-緩存")
    # The summary typed decomposed: the same slug as the file already there.
    w = service.remember(nfd("café 緩存 is warmed at start"), category="pitfalls", force=True, root=mem)
    assert w.id == nfc("pitfalls/café-緩存-is-warmed-at-start")
    w2 = service.remember(nfd("café 緩存"), category="pitfalls", force=True, root=mem)
    assert w2.id == nfc("pitfalls/café-緩存-2")  # taken, whatever its spelling
    names = os.listdir(mem / "pitfalls")
    assert len({nfc(n) for n in names}) == len(names)  # no two names one under NFC
    assert nfc("café-緩存-2.md") in names and is_clean(mem)


# -- what is refused ------------------------------------------------------------------------------

@pytest.mark.parametrize("entry_id", CASES)
@pytest.mark.parametrize("command", ["show", "forget", "remember", "supersede-old", "supersede-new"])
def test_two_spellings_of_one_id_are_ambiguous(cli, mem: Path, entry_id: str, command: str) -> None:
    stored(mem, entry_id, "decomposed one")
    twin = mem / f"{nfc(entry_id)}.md"
    twin.parent.mkdir(parents=True, exist_ok=True)
    twin.write_text(entry_text(nfc(entry_id), "composed one"), encoding="utf-8")
    compile_root(Root.at(mem))
    before = snapshot(mem)
    argv = {"show": ["show", entry_id], "forget": ["forget", entry_id, "--force"],
            "remember": ["remember", "--id", entry_id, "--summary", "which one?", "--force"],
            "supersede-old": ["supersede", entry_id, OTHER], "supersede-new": ["supersede", OTHER, entry_id]}[command]
    code, out, err = cli(*argv, "--root", str(mem))
    assert code == 2 and out == ""
    assert f"{nfc(entry_id)} names 2 files whose names differ only by Unicode normalization" in err
    assert "(NFC: " in err and "(NFD: " in err and ascii(nfd(entry_id))[1:-1] in err
    assert snapshot(mem) == before


def test_ambiguous_is_a_typed_error(mem: Path) -> None:
    stored(mem, "pitfalls/café-緩存")
    write_entry(mem, nfc("pitfalls/café-緩存"), "composed")
    with pytest.raises(service.AmbiguousEntry) as caught:
        service.show("pitfalls/café-緩存", root=mem)
    assert sorted(caught.value.paths) == sorted([nfc("pitfalls/café-緩存.md"), nfd("pitfalls/café-緩存.md")])


@pytest.mark.parametrize("entry_id", CASES)
@pytest.mark.parametrize("command", ["show", "forget", "remember"])
def test_a_symlinked_decomposed_entry_is_still_refused(cli, mem: Path, tmp_path: Path, entry_id: str,
                                                        command: str) -> None:
    outside = tmp_path / "outside.md"
    outside.write_text(entry_text(nfc(entry_id), "outside the root"), encoding="utf-8")
    link = mem / f"{nfd(entry_id)}.md"
    link.parent.mkdir(parents=True, exist_ok=True)
    link.symlink_to(outside)
    before, target = snapshot(mem), outside.read_bytes()
    argv = {"show": ["show", nfc(entry_id)], "forget": ["forget", nfc(entry_id), "--force"],
            "remember": ["remember", "--id", nfc(entry_id), "--summary", "through the link", "--force"]}[command]
    code, out, err = cli(*argv, "--root", str(mem))
    assert code == 2 and f"no entry {nfc(entry_id)}" in err and "outside the root" not in out + err
    assert snapshot(mem) == before and outside.read_bytes() == target


# -- printed ids and compiled files ------------------------------------------------------------

def test_compiled_files_are_the_same_bytes_whichever_spelling_the_disk_holds(tmp_path: Path) -> None:
    roots = {}
    for form, spell in (("nfc", nfc), ("nfd", nfd)):
        root = tmp_path / form
        init_root(Root.at(root), ["pitfalls", "facts"])
        for entry_id in ("pitfalls/café-緩存", "pitfalls/cafe-plain", "facts/한글-메모", "메모/정리-노트"):
            path = root / f"{spell(entry_id)}.md"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(entry_text(nfc(entry_id), f"about {entry_id}", load_when=[entry_id.split("/")[1]]),
                            encoding="utf-8")
        (root / f"{spell('pitfalls/cafe-plain')}.md").write_text(
            entry_text("pitfalls/cafe-plain", "older", superseded_by=nfc("pitfalls/café-緩存")), encoding="utf-8")
        compile_root(Root.at(root))
        assert is_clean(root)
        roots[form] = root
    for rel in ("ROOT.md", "pitfalls/index.md", "facts/index.md"):
        assert (roots["nfc"] / rel).read_bytes() == (roots["nfd"] / rel).read_bytes(), rel
    assert (roots["nfc"] / nfc("메모/index.md")).read_bytes() == (roots["nfd"] / nfd("메모/index.md")).read_bytes()
    assert nfc("[pitfalls/café-緩存](pitfalls/café-緩存.md)") in (roots["nfd"] / "ROOT.md").read_text("utf-8")
    assert nfc("| 메모 | 1 |") in (roots["nfd"] / "ROOT.md").read_text("utf-8")


def test_search_prints_the_composed_id_and_the_stored_path(cli, mem: Path) -> None:
    path = prepared(mem, "pitfalls/café-緩存")
    code, out, err = cli("search", "stored decomposed", "--json", "--root", str(mem))
    assert code == 0, err
    hits = json.loads(out)["hits"]
    assert [h["id"] for h in hits] == [nfc("pitfalls/café-緩存")] and hits[0]["path"] == shown_path(mem, path)


def test_a_long_lived_memory_writes_the_decomposed_file(mem: Path) -> None:
    """The MCP server's Memory (watch=True) goes through the same lookup."""
    path = prepared(mem, "facts/한글-메모")
    before = listing(mem)
    with service.Memory(root=mem, watch=True) as memory:
        assert memory.recall("stored decomposed").hits[0].id == nfc("facts/한글-메모")
        memory.remember(id=nfc("facts/한글-메모"), highlight="kept in place")
        assert memory.show(nfc("facts/한글-메모")).meta["highlight"] == "kept in place"
    assert listing(mem) == before and meta_of(path)["highlight"] == "kept in place" and is_clean(mem)


def test_a_link_written_decomposed_still_links(mem: Path) -> None:
    """supersedes and superseded_by are ids: compared composed, however the file spells them."""
    stored(mem, "pitfalls/café-緩存", superseded_by=nfd("decisions/pnpm-for-deploy"))
    write_entry(mem, OTHER, "Deploy with pnpm, not npm.", supersedes=nfd("pitfalls/café-緩存"))
    compile_root(Root.at(mem))
    assert is_clean(mem)
    assert service.Memory(root=mem).recall("stored decomposed").hits == []  # superseded: out of search
    assert "## Superseded" in (mem / "pitfalls" / "index.md").read_text(encoding="utf-8")


# -- a category folder the disk holds decomposed ------------------------------------------------

@pytest.mark.parametrize("spelled", [nfc, nfd], ids=["typed-nfc", "typed-nfd"])
def test_search_category_finds_the_decomposed_folder(cli, mem: Path, spelled) -> None:  # type: ignore[no-untyped-def]
    prepared(mem, "메모/정리-노트")
    write_entry(mem, "facts/other-notes", "stored decomposed elsewhere")
    code, out, err = cli("search", "stored decomposed", "--category", spelled("메모"), "--json", "--root", str(mem))
    assert code == 0, err
    assert [h["id"] for h in json.loads(out)["hits"]] == [nfc("메모/정리-노트")]  # and not facts/


@pytest.mark.parametrize("spelled", [nfc, nfd], ids=["typed-nfc", "typed-nfd"])
def test_remember_files_a_new_entry_in_the_decomposed_folder(cli, mem: Path, spelled) -> None:  # type: ignore[no-untyped-def]
    prepared(mem, "메모/정리-노트")
    code, out, err = cli("remember", "--category", spelled("메모"), "--summary", "new note in a decomposed folder",
                         "--json", "--root", str(mem))
    assert code == 0, err
    written = json.loads(out)
    assert written["id"] == nfc("메모/new-note-in-a-decomposed-folder")
    folders = [n for n in os.listdir(mem) if nfc(n) == nfc("메모")]
    assert folders == [nfd("메모")]  # no composed twin folder beside it
    assert sorted(os.listdir(mem / nfd("메모"))) == ["index.md", "new-note-in-a-decomposed-folder.md",
                                                      nfd("정리-노트.md")]
    assert is_clean(mem)


def test_remember_refuses_a_category_spelled_by_two_folders(cli, mem: Path) -> None:
    prepared(mem, "메모/정리-노트")
    write_entry(mem, nfc("메모/composed-one"), "in the composed folder")
    before = snapshot(mem)
    code, out, err = cli("remember", "--category", "메모", "--summary", "which folder?", "--root", str(mem))
    assert code == 2 and out == ""
    assert f"category {nfc('메모')!r} names 2 folders whose names differ only by Unicode normalization" in err
    assert "nothing was written" in err
    assert snapshot(mem) == before


def test_recall_counts_kept_under_a_decomposed_id_carry_over(mem: Path) -> None:
    """An earlier version counted hits under the id as the file spelled it: they are not lost."""
    prepared(mem, "pitfalls/café-緩存")
    (mem / ".state.json").write_text(json.dumps({"version": 1, "recall": {
        nfd("pitfalls/café-緩存"): {"hits": 5, "last": 1791600000000, "earlier": 5},
        nfc("pitfalls/café-緩存"): {"hits": 2, "last": 1791700000000, "earlier": 1},
        OTHER: {"hits": 1, "last": 1791600000000, "earlier": 1}}}, ensure_ascii=False), encoding="utf-8")
    from memsync.recall import state

    assert state.hits(mem) == {nfc("pitfalls/café-緩存"): 7, OTHER: 1}
    state.record(mem, [nfc("pitfalls/café-緩存")], now_ms=1791800000000)
    kept = json.loads((mem / ".state.json").read_text(encoding="utf-8"))["recall"]
    assert sorted(kept) == sorted([nfc("pitfalls/café-緩存"), OTHER])  # the decomposed key folded in
    assert kept[nfc("pitfalls/café-緩存")]["hits"] == 8 and kept[nfc("pitfalls/café-緩存")]["last"] == 1791800000000


# -- sync between a device that stores names decomposed and one that does not ------------------

def test_sync_carries_the_decomposed_file_and_an_update_by_the_composed_id(tmp_path: Path) -> None:
    from remotes import Device, make_hub, synced
    from remotes import entry_text as synced_text

    from memsync.cli import main

    hub = make_hub(tmp_path / "hub.git")
    a, b = Device(tmp_path / "a"), Device(tmp_path / "b")
    assert main(["init", "--root", str(a.path)]) == 0
    entry_id = nfc("pitfalls/café-緩存")
    a.write(f"{nfd(entry_id)}.md", synced_text(entry_id, "written where names decompose", "body\n"))
    assert main(["compile", "--root", str(a.path)]) == 0
    assert a.init(str(hub)) == 0 and b.init(str(hub)) == 0
    # b updates it by the id as typed; the file it has is the decomposed one
    w = service.remember(id=entry_id, summary="updated by its composed id", force=True, root=b.path)
    assert w.action == "updated"
    assert synced(b.sync()) and synced(a.sync())
    for d in (a, b):
        assert main(["check", "--root", str(d.path)]) == 0
        assert listing(d.path)[b"pitfalls"] == sorted([b"index.md", os.fsencode(nfd("café-緩存.md"))])
        assert meta_of(d.path / f"{nfd(entry_id)}.md")["summary"] == "updated by its composed id"
    assert a.files() == b.files()
    for d in (a, b):  # never a composed twin in any commit, on either device
        out = subprocess.run(["git", "-C", str(d.path), "log", "--all", "--format=", "--name-only", "-z"],
                             capture_output=True, check=True).stdout
        paths = {p for p in out.replace(b"\n", b"\0").split(b"\0") if p.startswith(b"pitfalls/")}
        assert paths == {b"pitfalls/index.md", nfd("pitfalls/café-緩存.md").encode()}


def test_an_extracted_candidate_is_filed_in_the_decomposed_folder(mem: Path) -> None:
    from memsync.extract.fates import decide

    prepared(mem, "메모/정리-노트")
    with service.Memory(root=mem) as memory:
        fates = decide([{"category": "메모", "kind": "fact", "summary": "the staging database is rebuilt every Sunday"}],
                       memory, dry_run=False)
    assert [f.fate for f in fates] == ["written"], [f.reason for f in fates]
    assert fates[0].id == nfc("메모/the-staging-database-is-rebuilt-every-sunday")
    assert [n for n in os.listdir(mem) if nfc(n) == nfc("메모")] == [nfd("메모")]
    assert len(os.listdir(mem / nfd("메모"))) == 3 and is_clean(mem)
