"""The SQLite FTS5 cache of one root, kept outside the tree (SPEC §4).

One database per root under ``<cache_dir>/search/``, named by a hash of the
root's real path. The files are the truth: ``sync`` brings the database in
line with a ``fresh.Snapshot`` and everything else only reads. The FTS table
stores our own tokens (``tokenize.index_text``) in five weighted columns, and
SQLite's ``unicode61`` tokenizer merely splits them on spaces.

Concurrency. Every write happens under the write lock (a lock file beside the
database), and so does everything that creates, repairs or replaces the file:
a database with another schema version or root, one altered by anything but
memsync, or one that is not a database at all is thrown away and rebuilt only
while holding that lock, so no memsync process ever loses a file, or a
journal, it is writing. Waiting for that lock means waiting for another
memsync process doing the same work, so it is waited for (``WRITER_WAIT_S``);
only SQLite locks held by something else give up after ``BUSY_TIMEOUT_S``.

Everything a parsed entry puts in a row goes through ``_int64``/``_text``: any
value lint accepts (or not) is stored, never an SQLite error.
"""
from __future__ import annotations

import hashlib
import json
import os
import re
import sqlite3
import time
import unicodedata
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from memsync.entry import EntryInfo
from memsync.fsutil import NotRegularFile, temp_path
from memsync.names import nfc
from memsync.recall import fresh
from memsync.recall.layout import NATIVE, Layout
from memsync.recall.tokenize import index_text, join_items, length, mark_blocks
from memsync.roots import cache_dir
from memsync.tree import Tree

# Bump on any change to the tables or to what tokenize produces.
SCHEMA = 4  # 3: secrets masked before indexing (a cache of 2 holds their tokens); 4: links composed (NFC)
COLUMNS = ("id", "summary", "load_when", "highlight", "body")
BUSY_TIMEOUT_S = 1.5  # an SQLite lock held by something that is not memsync
WRITER_WAIT_S = 30.0  # another memsync process updating the index: it is doing our work
INT64 = (-(1 << 63), (1 << 63) - 1)

_SCHEMA_SQL = f"""
CREATE TABLE meta(key TEXT PRIMARY KEY, value NOT NULL);
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
    superseded INTEGER NOT NULL DEFAULT 0,
    {", ".join(f"len_{c} INTEGER NOT NULL DEFAULT 0" for c in COLUMNS)}
);
CREATE INDEX docs_category ON docs(category);
CREATE TABLE cats(name TEXT PRIMARY KEY, ino INTEGER, mtime INTEGER, count INTEGER,
                  digest INTEGER, checked INTEGER);
CREATE VIRTUAL TABLE fts USING fts5({", ".join(COLUMNS)}, tokenize='unicode61 remove_diacritics 2');
PRAGMA user_version = {SCHEMA};
"""


class Busy(Exception):
    """Another process holds a lock for longer than we wait."""


class WriterBusy(Busy):
    """Another memsync process kept the write lock for longer than ``WRITER_WAIT_S``."""


class Stale(Exception):
    """This connection's file was replaced by another process (which repaired it): open it again."""


def db_path(root: Path, layout: Layout = NATIVE) -> Path:
    key = hashlib.sha256(os.fsencode(str(root)) + layout.key.encode()).hexdigest()[:24]
    return cache_dir() / layout.cache_folder / f"{key}.sqlite"


def remove_db(path: Path) -> None:
    for suffix in ("", "-wal", "-shm", "-journal", ".stamp"):
        try:
            os.unlink(f"{path}{suffix}")
        except OSError:
            pass


def _int64(value: object) -> int | None:
    """An integer SQLite can store, or None: a bool, a float that is not a whole number,
    text, or an integer beyond 64 bits (``updated: 9223372036854775808``) is no time stamp."""
    if isinstance(value, bool):
        return None
    if isinstance(value, float):
        if value != value or value in (float("inf"), float("-inf")) or not value.is_integer():
            return None
        value = int(value)
    if not isinstance(value, int):
        return None
    return value if INT64[0] <= value <= INT64[1] else None


_SURROGATE = re.compile("[\ud800-\udfff]")


def _text(value: str | None) -> str | None:
    """Text SQLite can store: a lone surrogate (from a ``"\\ud800"`` escape in YAML) cannot be UTF-8."""
    if value is None or not _SURROGATE.search(value):
        return value
    return _SURROGATE.sub("\ufffd", value)


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
    lengths: tuple[int, ...] = (0, 0, 0, 0, 0)  # tokens per column, COLUMNS order

    @property
    def id(self) -> str:
        return nfc(self.path[:-3])  # composed, whatever the file name's bytes (memsync.names)


@dataclass(frozen=True)
class Stats:
    """Corpus figures BM25 needs: valid entries and the average tokens per column."""

    count: int
    averages: tuple[float, ...]


def is_busy(exc: BaseException) -> bool:
    if isinstance(exc, Busy):
        return True
    if not isinstance(exc, sqlite3.Error):
        return False
    code = getattr(exc, "sqlite_errorcode", None)
    if code is not None:
        return code & 0xFF in (5, 6)  # SQLITE_BUSY, SQLITE_LOCKED
    return "locked" in str(exc) or "busy" in str(exc)


class Index:
    """An open index database (a file in the cache, or ``:memory:``)."""

    def __init__(self, root: Path, path: Path | None, layout: Layout = NATIVE,
                 timeout: float = BUSY_TIMEOUT_S) -> None:
        self.root = root
        self.path = path
        self.layout = layout
        self.timeout = timeout  # SQLite's busy timeout, seconds
        self.opened: tuple[int, int] | None = None  # (dev, ino) of the file this connection opened
        # Per write transaction (see _apply): may a change move an entry in or out of "superseded"?
        self._links_touched = True
        self._stores = 0
        if path is None:
            self.conn = self._connect(":memory:")
            self._create()
            return
        path.parent.mkdir(parents=True, exist_ok=True)
        if self.stamp_ok() and self._open_existing():
            return
        with self.write_lock(check=False):  # creating or repairing: nobody else may be writing meanwhile
            if self.stamp_ok() and self._open_existing():
                return
            self._rebuild()

    def _connect(self, where: str) -> sqlite3.Connection:
        conn = sqlite3.connect(where, timeout=self.timeout, isolation_level=None, check_same_thread=False)
        try:
            conn.execute("PRAGMA synchronous=NORMAL")  # a cache: losing the last commit is harmless
        except BaseException:
            conn.close()
            raise
        return conn

    def _identity(self) -> tuple[int, int] | None:
        assert self.path is not None
        try:
            st = os.stat(self.path)
        except FileNotFoundError:
            return None
        return st.st_dev, st.st_ino

    def _open_existing(self) -> bool:
        """Open the file as it is; False (and closed) unless it is a complete index of this root."""
        before = self._identity()
        if before is None:
            return False
        try:
            conn = self._connect(str(self.path))
        except sqlite3.DatabaseError as exc:
            if is_busy(exc):
                raise  # locked, not damaged: the caller decides whether to wait
            return False
        try:
            ok = self._identity() == before and _schema_ok(conn, self.root)
        except sqlite3.DatabaseError as exc:
            if is_busy(exc):
                conn.close()
                raise
            ok = False  # not a database, or damaged
        except BaseException:
            conn.close()
            raise
        if not ok:
            conn.close()
            return False
        self.conn, self.opened = conn, before
        return True

    def _rebuild(self) -> None:
        """Replace whatever is at the path by an empty index. Caller holds the write lock."""
        assert self.path is not None
        remove_db(self.path)  # under the lock no memsync process is in a transaction: the journal is no one's
        self.conn = self._connect(str(self.path))
        try:
            self.opened = self._identity()
            self._create()
        except BaseException:
            self.conn.close()
            raise

    def _create(self) -> None:
        c = self.conn
        with self._transaction():
            for stmt in _SCHEMA_SQL.strip().split(";\n"):
                c.execute(stmt)
            c.execute("INSERT INTO meta VALUES ('root', ?)", (_root_key(self.root),))
            c.execute("INSERT INTO meta VALUES ('stats', ?)", (json.dumps([0, [0.0] * len(COLUMNS)]),))

    def repair(self) -> None:
        """After an error that is not a lock: reopen if another process replaced the file,
        else throw the damaged file away and start an empty index (the next sync fills it)."""
        if self.path is None:
            raise Stale("a damaged temporary index")
        with self.write_lock(check=False):
            self.conn.close()
            if self.stamp_ok() and self._identity() != self.opened and self._open_existing():
                return
            self._rebuild()

    def close(self) -> None:
        self.conn.close()

    def replaced(self) -> bool:
        """Is the file at the path no longer the one this connection opened?"""
        return self.path is not None and self._identity() != self.opened

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
            with self.write_lock(wait=0), self._transaction():
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
        # Set by _store/_delete when a change can move an entry in or out of "superseded":
        # most changes (a new note, an edited body) cannot, and then the flags stay as they are.
        self._links_touched = False
        self._stores = 0
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
                n += self._sync_category(cat.name, prev[4] if prev else 0, snap.files_of(cat.name))
                c.execute(
                    "INSERT OR REPLACE INTO cats VALUES (?, ?, ?, ?, ?, ?)",
                    (cat.name, cat.ino, cat.mtime_ns, cat.count, cat.digest, snap.started_ns),
                )
            if n:
                if self._links_touched:
                    self._mark_superseded()
                self._store_stats()
        return n

    def sync_files(self, names: dict[str, set[str]]) -> int:
        """Bring just these files (``{category: entry file names}``) in line: what a watcher's
        events named, so an own write costs one file, not a walk of its folder. Each category's
        stored stat is set aside (a digest no folder gives), so a later stat walk of another
        process checks that folder in full again. Raises Busy like ``sync``."""
        c = self.conn
        with self.write_lock(), self._transaction():
            self._links_touched = False
            self._stores = 0
            n = 0
            for category, files in names.items():
                for name in sorted(files):
                    rel = f"{category}/{name}"
                    if not _storable(rel) or not fresh.is_entry_name(name):
                        continue  # no entry (bytes that are not UTF-8: lint's E020); a walk skips it too
                    row = c.execute("SELECT rowid, path, size, mtime, ctime, ino, sha FROM docs WHERE path = ?",
                                    (rel,)).fetchone()
                    st = fresh.entry_file(self.root, category, name)
                    if st is None:
                        if row is not None:
                            self._delete([row[0]])
                            n += 1
                        continue
                    n += self._sync_file(rel, category, st, row)
                c.execute("UPDATE cats SET digest = -1 WHERE name = ?", (category,))
            if n:
                if self._links_touched:
                    self._mark_superseded()
                self._store_stats()
        return n

    def _sync_file(self, rel: str, category: str, st: Any, row: Any, trusted_before: int = 0) -> int:
        """Store one file when its bytes changed; 1 if the index changed."""
        fp = fresh.fingerprint(st)
        if row is not None and tuple(row[2:6]) == fp and st.st_ctime_ns < trusted_before:
            return 0
        try:
            data = self.layout.read(self.root, rel)
        except (NotRegularFile, OSError):
            if row is not None:
                self._delete([row[0]])
                return 1
            return 0
        sha = hashlib.blake2b(data, digest_size=16).digest()
        if row is not None and row[6] == sha:
            if tuple(row[2:6]) != fp:  # touched, same bytes
                self.conn.execute("UPDATE docs SET size=?, mtime=?, ctime=?, ino=? WHERE rowid=?", (*fp, row[0]))
            return 0
        self._store(rel, category, fp, sha, data, row[0] if row is not None else None)
        return 1

    def _is_named(self, doc_id: str) -> bool:
        """Does some entry list ``doc_id`` in ``supersedes``? (Few entries have any: the scan
        reads their lists only; the id is matched as the JSON string it is stored as.)"""
        row = self.conn.execute("SELECT 1 FROM docs WHERE supersedes != '[]' AND instr(supersedes, ?) LIMIT 1",
                                (json.dumps(doc_id),)).fetchone()
        return row is not None

    def _store_stats(self) -> None:
        # Averaged over the entries that have the field (as Lucene does): most entries
        # leave highlight and load_when empty, which must not make a present one look long.
        sums = ", ".join(f"total(len_{col}), count(nullif(len_{col}, 0))" for col in COLUMNS)
        row = self.conn.execute(f"SELECT count(*), {sums} FROM docs WHERE valid = 1").fetchone()
        count = row[0]
        averages = [(row[i] / row[i + 1] if row[i + 1] else 0.0) for i in range(1, len(row), 2)]
        self.conn.execute("INSERT OR REPLACE INTO meta VALUES ('stats', ?)", (json.dumps([count, averages]),))

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
    def write_lock(self, wait: float = WRITER_WAIT_S, check: bool = True) -> Iterator[None]:
        """Exclusive among memsync processes; Busy after ``wait`` seconds.

        With ``check``, Stale if the file was replaced since this connection
        opened it (another process repaired it): writing to the old one would be lost.
        """
        if self.path is None:
            yield
            return
        fd = self._lock_fd()
        try:
            if fd is not None and not _flock(fd, wait):
                raise WriterBusy("another memsync process is updating the index")
            if check and self.replaced():
                raise Stale("the index file was replaced by another process")
            yield
        finally:
            if fd is not None:
                os.close(fd)  # releases the lock

    def _lock_fd(self) -> int | None:
        assert self.path is not None
        return _lock_fd(self.path)

    @staticmethod
    def writer_done(path: Path) -> bool:
        """After SQLITE_BUSY: if a memsync process holds the write lock of ``path``, wait until
        it is done (True: try again); False if none does, so the SQLite lock is someone else's."""
        try:
            fd = _lock_fd(path)
        except OSError:  # no lock file can be made: nobody of ours writes there
            return False
        if fd is None:
            return False
        try:
            if _flock(fd, 0):
                return False
            return _flock(fd, WRITER_WAIT_S)
        finally:
            os.close(fd)

    def set_timeout(self, seconds: float) -> None:
        """SQLite's busy timeout from now on (a last, short try; then back)."""
        self.timeout = seconds
        self.conn.execute(f"PRAGMA busy_timeout = {int(seconds * 1000)}")

    def _drop_category(self, name: str) -> int:
        rowids = [r[0] for r in self.conn.execute("SELECT rowid FROM docs WHERE category = ?", (name,))]
        self._delete(rowids)
        self.conn.execute("DELETE FROM cats WHERE name = ?", (name,))
        return len(rowids)

    def _delete(self, rowids: Sequence[int]) -> None:
        if not rowids:
            return
        params = [(r,) for r in rowids]
        if not self._links_touched:
            self._links_touched = any(
                row[0] is not None or row[1] != "[]"
                for chunk in _chunks(list(rowids), 500)
                for row in self.conn.execute(
                    f"SELECT superseded_by, supersedes FROM docs WHERE rowid IN ({','.join('?' * len(chunk))})", chunk))
        self.conn.executemany("DELETE FROM fts WHERE rowid = ?", params)
        self.conn.executemany("DELETE FROM docs WHERE rowid = ?", params)

    def _sync_category(self, name: str, checked_ns: int, files: dict[str, Any] | None = None) -> int:
        if files is None:
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
            n += self._sync_file(rel, name, files[rel], rows.get(rel), trusted_before)
        return n

    def _store(self, rel: str, category: str, fp: tuple[int, int, int, int], sha: bytes, data: bytes,
               rowid: int | None) -> None:
        from memsync.secrets.gate import redact

        doc_id, info, body = self.layout.parse(rel, data)
        # Secrets masked before they are tokens: a query word also matches as the start of a longer
        # one, so an indexed token could be confirmed one character at a time by anyone who searches.
        texts = (index_text(doc_id.replace("/", " ")), index_text(redact(info.summary)),
                 index_text(redact(join_items(info.load_when))), index_text(redact(info.highlight)),
                 index_text(mark_blocks(redact(body)))) if info.valid else ("",) * 5
        updated = _int64(info.updated)
        values = (
            rel, category, *fp, sha, int(info.valid), _text(info.kind),
            updated if updated is not None else _int64(info.created), int(info.pinned), _text(info.superseded_by),
            json.dumps(list(info.supersedes)),  # ASCII escapes: valid whatever the strings hold
            *(length(t) for t in texts),
        )
        lens = ", ".join(f"len_{col}" for col in COLUMNS)
        c = self.conn
        self._stores += 1
        if self._stores > 16:  # a big sync (a first build): recompute the flags once rather than check each
            self._links_touched = True
        if not self._links_touched:
            old = c.execute("SELECT superseded_by, supersedes, pinned FROM docs WHERE rowid = ?",
                            (rowid,)).fetchone() if rowid is not None else None
            self._links_touched = bool(
                info.superseded_by or info.supersedes or (old is not None and (old[0] is not None or old[1] != "[]"))
                or self._is_named(doc_id))
        if rowid is None:
            cur = c.execute(
                "INSERT INTO docs (path, category, size, mtime, ctime, ino, sha, valid, kind, updated, pinned,"
                f" superseded_by, supersedes, {lens}) VALUES ({', '.join('?' * len(values))})",
                values,
            )
            rowid = cur.lastrowid
        else:
            sets = ", ".join(f"len_{col}=?" for col in COLUMNS)
            c.execute(
                "UPDATE docs SET path=?, category=?, size=?, mtime=?, ctime=?, ino=?, sha=?, valid=?, kind=?,"
                f" updated=?, pinned=?, superseded_by=?, supersedes=?, {sets} WHERE rowid=?",
                (*values, rowid),
            )
            c.execute("DELETE FROM fts WHERE rowid = ?", (rowid,))
        if info.valid:
            # Entries whose frontmatter cannot be read are left out, as compile does; lint names them.
            c.execute("INSERT INTO fts (rowid, id, summary, load_when, highlight, body) VALUES (?, ?, ?, ?, ?, ?)",
                      (rowid, *texts))

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
        # A link names an id (NFC); its file may be stored decomposed: both spellings are looked up.
        paths = {p for i in named for p in (f"{i}.md", unicodedata.normalize("NFD", f"{i}.md"))}
        for chunk in _chunks(sorted(paths), 500):
            marks = ",".join("?" * len(chunk))
            extra += c.execute(
                f"SELECT path, pinned, superseded_by, supersedes FROM docs WHERE valid = 1 AND path IN ({marks})",
                chunk,
            ).fetchall()
        everything = sorted({r[0]: r for r in [*extra, *rows]}.values())
        tree = Tree(entries=[_lite(*r) for r in everything])
        gone = tree.superseded()
        now = {e.path for e in tree.entries if e.id in gone}
        was = {r[0] for r in c.execute("SELECT path FROM docs WHERE superseded = 1")}
        c.executemany("UPDATE docs SET superseded = 0 WHERE path = ?", [(p,) for p in sorted(was - now)])
        c.executemany("UPDATE docs SET superseded = 1 WHERE path = ?", [(p,) for p in sorted(now - was)])

    # -- reading ------------------------------------------------------------

    def match(self, expr: str, limit: int, weights: Sequence[float] | None, *, categories: Sequence[str] = (),
              kinds: Sequence[str] = (), include_superseded: bool = False) -> list[int]:
        """Rowids of the best ``limit`` matches by FTS5's weighted bm25, best first; any ``limit``
        matches without ``weights``."""
        sql = ["SELECT fts.rowid FROM fts"]
        args: list[object] = [expr]
        where = ["fts MATCH ?"]
        if weights is not None:
            args.append("bm25(" + ", ".join(f"{float(w)!r}" for w in weights) + ")")
            where.append("fts.rank MATCH ?")
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
        sql.append("WHERE " + " AND ".join(where) + (" ORDER BY fts.rank" if weights is not None else "") + " LIMIT ?")
        args.append(limit)
        return [r[0] for r in self.conn.execute(" ".join(sql), args)]

    def docs(self, rowids: Iterable[int]) -> dict[int, Doc]:
        out: dict[int, Doc] = {}
        lens = ", ".join(f"len_{col}" for col in COLUMNS)
        for chunk in _chunks(list(rowids), 500):
            marks = ",".join("?" * len(chunk))
            for r in self.conn.execute(
                f"SELECT rowid, path, category, kind, updated, pinned, superseded, {lens} FROM docs"
                f" WHERE rowid IN ({marks})",
                chunk,
            ):
                out[r[0]] = Doc(r[0], r[1], r[2], r[3], r[4], bool(r[5]), bool(r[6]), tuple(r[7:]))
        return out

    def fields(self, rowids: Iterable[int]) -> dict[int, tuple[str, ...]]:
        """Each entry's index tokens per column, each padded with a space at both ends (for Word.counts)."""
        out: dict[int, tuple[str, ...]] = {}
        for chunk in _chunks(list(rowids), 500):
            marks = ",".join("?" * len(chunk))
            for r in self.conn.execute(
                f"SELECT rowid, id, summary, load_when, highlight, body FROM fts WHERE rowid IN ({marks})", chunk
            ):
                out[r[0]] = tuple(f" {t} " for t in r[1:])
        return out

    def stats(self) -> Stats:
        row = self.conn.execute("SELECT value FROM meta WHERE key = 'stats'").fetchone()
        try:
            count, averages = json.loads(row[0])
            return Stats(int(count), tuple(float(a) for a in averages))
        except (TypeError, ValueError):  # written by something else: the averages only shape scores
            return Stats(0, (0.0,) * len(COLUMNS))

    def df(self, expr: str) -> int:
        """How many entries match ``expr`` (one word's phrase)."""
        return int(self.conn.execute("SELECT count(*) FROM fts WHERE fts MATCH ?", (expr,)).fetchone()[0])

    def has_paths(self, paths: Iterable[str]) -> set[str]:
        """Which of these entry paths exist (valid) in this root."""
        out: set[str] = set()
        for chunk in _chunks(list(paths), 500):
            marks = ",".join("?" * len(chunk))
            out.update(r[0] for r in self.conn.execute(
                f"SELECT path FROM docs WHERE valid = 1 AND path IN ({marks})", chunk))
        return out


def _root_key(root: Path) -> bytes:
    # Bytes, not text: a root's path may hold bytes that are not UTF-8.
    return os.fsencode(str(root))


def _schema_ok(conn: sqlite3.Connection, root: Path) -> bool:
    if conn.execute("PRAGMA user_version").fetchone()[0] != SCHEMA:
        return False
    try:
        row = conn.execute("SELECT value FROM meta WHERE key = 'root'").fetchone()
    except sqlite3.OperationalError:
        return False
    return row is not None and row[0] == _root_key(root)


def _lock_fd(path: Path) -> int | None:
    try:
        import fcntl  # noqa: F401
    except ImportError:  # no advisory locks here: SQLite's own locking still applies
        return None
    return os.open(path.with_name(path.name + ".lock"), os.O_RDWR | os.O_CREAT, 0o600)


def _flock(fd: int, wait: float) -> bool:
    """Take an exclusive flock on ``fd`` within ``wait`` seconds."""
    import fcntl

    deadline = time.monotonic() + wait
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return True
        except BlockingIOError:
            if time.monotonic() >= deadline:
                return False
            time.sleep(0.01)


def _chunks(items: list, size: int) -> Iterable[list]:
    for i in range(0, len(items), size):
        yield items[i : i + size]


def _lite(path: str, pinned: int, superseded_by: str | None, supersedes: str) -> EntryInfo:
    return EntryInfo(path, True, nfc(path[:-3]), "", "", "", None, None, (), bool(pinned),
                     tuple(json.loads(supersedes)), superseded_by, None, ())


def _storable(text: str) -> bool:
    """Can SQLite take ``text``? A file name's undecodable bytes arrive as lone surrogates."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True
