"""The SQLite FTS5 cache of one root, kept outside the tree (SPEC §4).

One database per root under ``<cache_dir>/search/``, named by a hash of the
root's real path. The files are the truth: ``sync`` brings the database in
line with a ``fresh.Snapshot`` and everything else only reads. The FTS table
stores our own tokens (``tokenize.index_text``) in five weighted columns, and
SQLite's ``unicode61`` tokenizer merely splits them on spaces.

A database with another schema version, tokenizer version or root is dropped
and rebuilt; the engine deals with corrupt and locked files.
"""
from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import time
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from memsync.entry import EntryInfo
from memsync.fsutil import NotRegularFile, temp_path
from memsync.recall import fresh
from memsync.recall.layout import NATIVE, Layout
from memsync.recall.tokenize import index_text
from memsync.roots import cache_dir
from memsync.tree import Tree

# Bump on any change to the tables or to what tokenize produces.
SCHEMA = 1
COLUMNS = ("id", "summary", "load_when", "highlight", "body")
BUSY_TIMEOUT_S = 1.5

_SCHEMA_SQL = f"""
CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE docs(
    rowid INTEGER PRIMARY KEY,
    path TEXT NOT NULL UNIQUE,
    category TEXT NOT NULL,
    size INTEGER, mtime INTEGER, ctime INTEGER, ino INTEGER, sha BLOB,
    valid INTEGER NOT NULL,
    kind TEXT NOT NULL DEFAULT '',
    updated INTEGER,
    pinned INTEGER NOT NULL DEFAULT 0,
    superseded_by TEXT,
    supersedes TEXT NOT NULL DEFAULT '[]',
    superseded INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX docs_category ON docs(category);
CREATE TABLE cats(name TEXT PRIMARY KEY, ino INTEGER, mtime INTEGER, count INTEGER,
                  digest INTEGER, checked INTEGER);
CREATE VIRTUAL TABLE fts USING fts5({", ".join(COLUMNS)}, tokenize='unicode61 remove_diacritics 2');
PRAGMA user_version = {SCHEMA};
"""


class Busy(Exception):
    """Another process holds the write lock for longer than we wait."""


class Stale(Exception):
    """The database was written by another schema or for another root: rebuild it."""


def db_path(root: Path, layout: Layout = NATIVE) -> Path:
    key = hashlib.sha256(os.fsencode(str(root)) + layout.key.encode()).hexdigest()[:24]
    return cache_dir() / layout.cache_folder / f"{key}.sqlite"


def remove_db(path: Path) -> None:
    for suffix in ("", "-wal", "-shm", "-journal", ".stamp"):
        try:
            os.unlink(f"{path}{suffix}")
        except OSError:
            pass


@dataclass(frozen=True)
class Doc:
    """What ranking needs of an indexed entry (display data is read from the file)."""

    rowid: int
    path: str
    category: str
    kind: str
    updated: int | None
    pinned: bool
    superseded: bool

    @property
    def id(self) -> str:
        return self.path[:-3]


def is_busy(exc: sqlite3.Error) -> bool:
    code = getattr(exc, "sqlite_errorcode", None)
    if code is not None:
        return code & 0xFF in (5, 6)  # SQLITE_BUSY, SQLITE_LOCKED
    return "locked" in str(exc) or "busy" in str(exc)


class Index:
    """An open index database (a file in the cache, or ``:memory:``)."""

    def __init__(self, root: Path, path: Path | None, layout: Layout = NATIVE) -> None:
        self.root = root
        self.path = path
        self.layout = layout
        if path is not None:
            path.parent.mkdir(parents=True, exist_ok=True)
            if path.exists() and not self.stamp_ok():
                with self.write_lock():  # a writer between commit and stamp holds this lock
                    if not self.stamp_ok():
                        raise Stale("the index file was changed by something other than memsync")
        self.conn = sqlite3.connect(
            str(path) if path is not None else ":memory:",
            timeout=BUSY_TIMEOUT_S,
            isolation_level=None,
            check_same_thread=False,
        )
        try:
            self.conn.execute("PRAGMA synchronous=NORMAL")  # a cache: losing the last commit is harmless
            self._prepare()
        except BaseException:
            self.conn.close()
            raise

    def close(self) -> None:
        self.conn.close()

    def _prepare(self) -> None:
        c = self.conn
        version = c.execute("PRAGMA user_version").fetchone()[0]
        if version == SCHEMA and self._meta_ok():
            return
        if version != 0:
            raise Stale(f"index schema {version}, expected {SCHEMA}, or another root")
        with self.write_lock(), self._transaction():
            # Someone may have built it while we waited for the lock.
            if c.execute("PRAGMA user_version").fetchone()[0] == 0:
                for stmt in _SCHEMA_SQL.strip().split(";\n"):
                    c.execute(stmt)
                c.execute("INSERT INTO meta VALUES ('root', ?)", (str(self.root),))
        if not self._meta_ok():
            raise Stale("index belongs to another root")

    @contextmanager
    def _transaction(self) -> Iterator[None]:
        """A write transaction, committed and stamped, or rolled back."""
        try:
            self.conn.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as exc:
            if is_busy(exc):
                raise Busy(str(exc)) from None
            raise
        try:
            yield
            self.conn.execute("COMMIT")
        except BaseException:
            if self.conn.in_transaction:
                self.conn.execute("ROLLBACK")
            raise
        self.write_stamp()

    def _meta_ok(self) -> bool:
        try:
            row = self.conn.execute("SELECT value FROM meta WHERE key = 'root'").fetchone()
        except sqlite3.OperationalError:
            return False
        return row is not None and row[0] == str(self.root)

    # -- bringing the index in line with the files --------------------------

    def stored(self) -> dict[str, tuple[int, int, int, int, int]]:
        return {r[0]: tuple(r[1:]) for r in self.conn.execute("SELECT name, ino, mtime, count, digest, checked FROM cats")}

    def dirty(self, snap: fresh.Snapshot, stored: dict[str, tuple[int, int, int, int, int]],
              only: set[str] | None = None) -> tuple[list[fresh.CategoryStat], list[str]]:
        changed = [c for c in snap.categories.values() if not fresh.is_clean(c, stored.get(c.name))]
        gone = [n for n in stored if n not in snap.categories and (only is None or n in only)]
        return changed, gone

    def sync(self, snap: fresh.Snapshot, only: set[str] | None = None,
             stored: dict[str, tuple[int, int, int, int, int]] | None = None, token: str | None = None) -> int:
        """Apply every change ``snap`` reveals; return how many entries changed.

        ``only`` limits which stored categories may be found gone (a partial
        snapshot). ``token`` is the change monitor's token taken before the
        snapshot; it is stored in the same transaction (see ``token``).
        Raises Busy if another process keeps the write lock.
        """
        changed, gone = self.dirty(snap, self.stored() if stored is None else stored, only)
        if not changed and not gone:
            if token is not None and token != self.token():
                self._store_token(token)
            return 0
        with self.write_lock():
            return self._apply(snap, only, token)

    def _store_token(self, token: str) -> None:
        """Best effort: a busy index only costs the next search a walk."""
        try:
            with self.write_lock(), self._transaction():
                self.conn.execute("INSERT OR REPLACE INTO meta VALUES ('monitor', ?)", (token,))
        except Busy:
            pass

    def token(self) -> str | None:
        """The monitor token stored by the last sync that had one.

        It vouches that the index holds every change made before the daemon
        issued it: the sync that stored it walked the files after that moment,
        and no later commit can take the index back to an older state, whoever
        commits last: files are read under the write lock, and a category is
        dropped only if it is gone at that moment too (``_apply``), not merely
        absent from an older snapshot. So a search that gets the same token
        again may skip its walk.
        """
        row = self.conn.execute("SELECT value FROM meta WHERE key = 'monitor'").fetchone()
        return None if row is None else str(row[0])

    def _apply(self, snap: fresh.Snapshot, only: set[str] | None, token: str | None = None) -> int:
        c = self.conn
        with self._transaction():
            if token is not None:
                c.execute("INSERT OR REPLACE INTO meta VALUES ('monitor', ?)", (token,))
            stored = self.stored()  # again, under the lock: another process may have done it
            changed, gone = self.dirty(snap, stored, only)
            n = 0
            for name in gone:
                if not self.layout.is_group(self.root, name):  # a snapshot older than a commit may have missed it
                    n += self._drop_category(name)
            for cat in changed:
                prev = stored.get(cat.name)
                n += self._sync_category(cat.name, prev[4] if prev else 0)
                c.execute(
                    "INSERT OR REPLACE INTO cats VALUES (?, ?, ?, ?, ?, ?)",
                    (cat.name, cat.ino, cat.mtime_ns, cat.count, cat.digest, snap.started_ns),
                )
            if n:
                self._mark_superseded()
        return n

    # -- noticing changes made by anything but memsync ------------------------
    #
    # SQLite does not checksum its pages, so bytes changed inside the file may
    # go unnoticed and silently drop hits. memsync therefore records the
    # file's stat after each of its own commits (under a lock file, so that a
    # reader never sees the gap between commit and stamp) and throws the file
    # away when the stat says someone else wrote it.

    def _stamp_path(self) -> Path:
        assert self.path is not None
        return self.path.with_name(self.path.name + ".stamp")

    def _file_stat(self) -> str:
        assert self.path is not None
        try:
            st = os.stat(self.path)
        except FileNotFoundError:
            return "absent"
        return f"{st.st_size} {st.st_mtime_ns} {st.st_ctime_ns} {st.st_ino} {st.st_dev}"

    def stamp_ok(self) -> bool:
        if self.path is None:
            return True
        try:
            return self._stamp_path().read_text(encoding="ascii") == self._file_stat()
        except (OSError, UnicodeDecodeError):
            return False

    def write_stamp(self) -> None:
        if self.path is None:
            return
        target = self._stamp_path()
        tmp = temp_path(target)
        tmp.write_text(self._file_stat(), encoding="ascii")
        os.replace(tmp, target)

    @contextmanager
    def write_lock(self) -> Iterator[None]:
        """Exclusive among memsync processes; Busy after BUSY_TIMEOUT_S."""
        if self.path is None:
            yield
            return
        try:
            import fcntl
        except ImportError:  # no advisory locks here: SQLite's own locking still applies
            yield
            return
        fd = os.open(self.path.with_name(self.path.name + ".lock"), os.O_RDWR | os.O_CREAT, 0o600)
        try:
            deadline = time.monotonic() + BUSY_TIMEOUT_S
            while True:
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    break
                except BlockingIOError:
                    if time.monotonic() > deadline:
                        raise Busy("another memsync process is updating the index") from None
                    time.sleep(0.01)
            yield
        finally:
            os.close(fd)  # releases the lock

    def _drop_category(self, name: str) -> int:
        rowids = [r[0] for r in self.conn.execute("SELECT rowid FROM docs WHERE category = ?", (name,))]
        self._delete(rowids)
        self.conn.execute("DELETE FROM cats WHERE name = ?", (name,))
        return len(rowids)

    def _delete(self, rowids: Sequence[int]) -> None:
        params = [(r,) for r in rowids]
        self.conn.executemany("DELETE FROM fts WHERE rowid = ?", params)
        self.conn.executemany("DELETE FROM docs WHERE rowid = ?", params)

    def _sync_category(self, name: str, checked_ns: int) -> int:
        files = self.layout.files(self.root, name)
        rows = {
            r[1]: r
            for r in self.conn.execute(
                "SELECT rowid, path, size, mtime, ctime, ino, sha FROM docs WHERE category = ?", (name,)
            )
        }
        gone = [row[0] for path, row in rows.items() if path not in files]
        self._delete(gone)
        n = len(gone)
        trusted_before = checked_ns - fresh.RACY_NS
        for rel in sorted(files):
            st = files[rel]
            fp = (st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino)
            row = rows.get(rel)
            if row is not None and tuple(row[2:6]) == fp and st.st_ctime_ns < trusted_before:
                continue
            try:
                data = self.layout.read(self.root, rel)
            except (NotRegularFile, OSError):
                if row is not None:
                    self._delete([row[0]])
                    n += 1
                continue
            sha = hashlib.blake2b(data, digest_size=16).digest()
            if row is not None and row[6] == sha:
                if tuple(row[2:6]) != fp:  # touched, same bytes
                    self.conn.execute(
                        "UPDATE docs SET size=?, mtime=?, ctime=?, ino=? WHERE rowid=?", (*fp, row[0])
                    )
                continue
            self._store(rel, name, fp, sha, data, row[0] if row is not None else None)
            n += 1
        return n

    def _store(self, rel: str, category: str, fp: tuple[int, int, int, int], sha: bytes, data: bytes,
               rowid: int | None) -> None:
        doc_id, info, body = self.layout.parse(rel, data)
        values = (
            rel, category, *fp, sha, int(info.valid), info.kind, info.updated if info.updated is not None
            else info.created, int(info.pinned), info.superseded_by,
            json.dumps(list(info.supersedes), ensure_ascii=False),
        )
        c = self.conn
        if rowid is None:
            cur = c.execute(
                "INSERT INTO docs (path, category, size, mtime, ctime, ino, sha, valid, kind, updated, pinned,"
                " superseded_by, supersedes) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                values,
            )
            rowid = cur.lastrowid
        else:
            c.execute(
                "UPDATE docs SET path=?, category=?, size=?, mtime=?, ctime=?, ino=?, sha=?, valid=?, kind=?,"
                " updated=?, pinned=?, superseded_by=?, supersedes=? WHERE rowid=?",
                (*values, rowid),
            )
            c.execute("DELETE FROM fts WHERE rowid = ?", (rowid,))
        if info.valid:
            # Entries whose frontmatter cannot be read are left out, as compile does; lint names them.
            c.execute(
                "INSERT INTO fts (rowid, id, summary, load_when, highlight, body) VALUES (?, ?, ?, ?, ?, ?)",
                (
                    rowid,
                    index_text(doc_id.replace("/", " ")),
                    index_text(info.summary),
                    index_text("\n".join(info.load_when)),
                    index_text(info.highlight),
                    index_text(body),
                ),
            )

    def _mark_superseded(self) -> None:
        """Recompute the superseded flag with tree.Tree's own rule.

        Only entries that supersede, are marked superseded_by, or are named by
        a ``supersedes`` take part, in path order, which gives Tree.superseded
        the same answer as the whole tree would.
        """
        c = self.conn
        rows = c.execute(
            "SELECT path, pinned, superseded_by, supersedes FROM docs"
            " WHERE valid = 1 AND (superseded_by IS NOT NULL OR supersedes != '[]')"
        ).fetchall()
        named = {old for r in rows for old in json.loads(r[3])}
        extra = []
        for chunk in _chunks(sorted(f"{i}.md" for i in named), 500):
            marks = ",".join("?" * len(chunk))
            extra += c.execute(
                f"SELECT path, pinned, superseded_by, supersedes FROM docs WHERE valid = 1 AND path IN ({marks})",
                chunk,
            ).fetchall()
        everything = sorted({r[0]: r for r in [*extra, *rows]}.values())
        tree = Tree(entries=[_lite(*r) for r in everything])
        out = tree.superseded()
        c.execute("UPDATE docs SET superseded = 0 WHERE superseded = 1")
        c.executemany("UPDATE docs SET superseded = 1 WHERE path = ?", [(f"{i}.md",) for i in out])

    # -- reading ------------------------------------------------------------

    def match(self, expr: str, limit: int, weights: Sequence[float], *, categories: Sequence[str] = (),
              kinds: Sequence[str] = (), include_superseded: bool = False) -> list[tuple[int, float]]:
        """``(rowid, relevance)`` of the best ``limit`` matches, best first (relevance > 0)."""
        sql = ["SELECT fts.rowid, fts.rank FROM fts"]
        args: list[object] = [expr, "bm25(" + ", ".join(f"{float(w)!r}" for w in weights) + ")"]
        where = ["fts MATCH ?", "fts.rank MATCH ?"]
        if categories or kinds or not include_superseded:
            sql.append("JOIN docs ON docs.rowid = fts.rowid")
            if not include_superseded:
                where.append("docs.superseded = 0")
            if categories:
                where.append(f"docs.category IN ({','.join('?' * len(categories))})")
                args += categories
            if kinds:
                where.append(f"docs.kind IN ({','.join('?' * len(kinds))})")
                args += kinds
        sql.append("WHERE " + " AND ".join(where) + " ORDER BY fts.rank LIMIT ?")
        args.append(limit)
        return [(r[0], -r[1]) for r in self.conn.execute(" ".join(sql), args)]

    def docs(self, rowids: Iterable[int]) -> dict[int, Doc]:
        out: dict[int, Doc] = {}
        for chunk in _chunks(list(rowids), 500):
            marks = ",".join("?" * len(chunk))
            for r in self.conn.execute(
                f"SELECT rowid, path, category, kind, updated, pinned, superseded FROM docs WHERE rowid IN ({marks})",
                chunk,
            ):
                out[r[0]] = Doc(r[0], r[1], r[2], r[3], r[4], bool(r[5]), bool(r[6]))
        return out

    def token_text(self, rowids: Iterable[int]) -> dict[int, str]:
        """Each entry's index tokens, all columns, padded with spaces (for Word.in_tokens)."""
        out: dict[int, str] = {}
        for chunk in _chunks(list(rowids), 500):
            marks = ",".join("?" * len(chunk))
            for r in self.conn.execute(
                f"SELECT rowid, id, summary, load_when, highlight, body FROM fts WHERE rowid IN ({marks})", chunk
            ):
                out[r[0]] = " " + " \n ".join(r[1:]) + " "
        return out

    def has_paths(self, paths: Iterable[str]) -> set[str]:
        """Which of these entry paths exist (valid) in this root."""
        out: set[str] = set()
        for chunk in _chunks(list(paths), 500):
            marks = ",".join("?" * len(chunk))
            out.update(r[0] for r in self.conn.execute(
                f"SELECT path FROM docs WHERE valid = 1 AND path IN ({marks})", chunk))
        return out


def _chunks(items: list, size: int) -> Iterable[list]:
    for i in range(0, len(items), size):
        yield items[i : i + size]


def _lite(path: str, pinned: int, superseded_by: str | None, supersedes: str) -> EntryInfo:
    return EntryInfo(path, True, path[:-3], "", "", "", None, None, (), bool(pinned),
                     tuple(json.loads(supersedes)), superseded_by, None, ())
