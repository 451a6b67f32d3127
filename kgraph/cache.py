"""A crash-safe cache of extraction results (SQLite).

Mentions are stored per (hash of the normalised abstract, extractor version),
so an unchanged abstract is never extracted twice and a new model or new
rules never reuse old results. The database lives in the user's cache folder
(``$KGRAPH_CACHE``, else ``$XDG_CACHE_HOME/kgraph``, else ``~/.cache/kgraph``),
never in the working directory. Writes are committed in batches in WAL mode,
so a build killed halfway keeps what it had extracted. A file that is not a
kgraph cache, or is corrupt, is set aside with a warning and a fresh one
started.

Each row stores its mentions with the names of their fields and is decoded by
name, so a field added to or moved in :class:`kgraph.types.Mention` never
lands in another field; a cache written with an older schema has its rows
dropped (they are extracted again) rather than misread.
"""

from __future__ import annotations

import json
import logging
import os
import sqlite3
from dataclasses import fields
from pathlib import Path
from typing import Iterable, Sequence

from .types import Mention

__all__ = ["MentionCache", "default_cache_path"]

log = logging.getLogger("kgraph")

_APP = "kgraph-mention-cache"
#: Bump when the row format changes: schema 1 stored Mention fields by position, with ``proposed``.
_SCHEMA = "2"
_FIELDS = tuple(f.name for f in fields(Mention))
_REQUIRED = {"text", "start_char", "end_char", "kind"}
#: Hashes per SELECT: under SQLite's old default limit of 999 bound variables.
_QUERY_CHUNK = 500


def default_cache_path() -> Path:
    if os.environ.get("KGRAPH_CACHE"):
        return Path(os.environ["KGRAPH_CACHE"])
    base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "kgraph" / "mentions.sqlite"


def _encode(mentions: Sequence[Mention]) -> str:
    """``{"fields": [names], "rows": [[values]]}``: the names once per row of the table, not per mention."""
    rows = [[getattr(m, f) for f in _FIELDS] for m in mentions]
    return json.dumps({"fields": _FIELDS, "rows": rows}, ensure_ascii=False, separators=(",", ":"))


def _decode(data: str) -> list[Mention]:
    """Mentions from :func:`_encode`'s JSON, by field name; ``ValueError`` when the row is not one."""
    obj = json.loads(data)
    names = obj["fields"] if isinstance(obj, dict) else None
    if not isinstance(names, list) or not _REQUIRED <= set(names) or not set(names) <= set(_FIELDS):
        raise ValueError("not a mention row of this schema")
    return [Mention(**dict(zip(names, row, strict=True))) for row in obj["rows"]]


class MentionCache:
    """Extraction results keyed by abstract hash and extractor ``version``."""

    def __init__(self, path: str | Path | None = None, *, version: str):
        self.path = Path(path) if path else default_cache_path()
        self.version = version
        self.db = self._open()

    def _open(self) -> sqlite3.Connection:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            return self._connect()
        except (sqlite3.DatabaseError, ValueError) as err:
            aside = self.path.with_name(self.path.name + ".broken")
            log.warning("cache %s is unusable (%s); moved to %s and rebuilt", self.path, err, aside.name)
            for suffix in ("", "-wal", "-shm"):
                p = Path(str(self.path) + suffix)
                if p.exists():
                    os.replace(p, str(aside) + suffix)
            return self._connect()

    def _connect(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.path, timeout=30)
        try:
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
            rows = dict(db.execute("SELECT key, value FROM meta"))
            if not rows:
                db.executemany("INSERT INTO meta VALUES (?, ?)", [("app", _APP), ("schema", _SCHEMA)])
            elif rows.get("app") != _APP:
                raise ValueError("not a kgraph cache")
            elif rows.get("schema") != _SCHEMA:
                # another schema's rows would be misread: drop them, keep the file
                log.info("cache %s has schema %s; its results are dropped and extracted again",
                         self.path, rows.get("schema"))
                db.execute("DROP TABLE IF EXISTS mentions")
                db.execute("UPDATE meta SET value = ? WHERE key = 'schema'", (_SCHEMA,))
            db.execute("CREATE TABLE IF NOT EXISTS mentions (hash TEXT NOT NULL, version TEXT NOT NULL, "
                       "data TEXT NOT NULL, PRIMARY KEY (hash, version)) WITHOUT ROWID")
            if db.execute("PRAGMA quick_check").fetchone()[0] != "ok":
                raise ValueError("integrity check failed")
            db.commit()
        except Exception:
            db.close()
            raise
        return db

    def get_many(self, hashes: Sequence[str]) -> dict[str, list[Mention]]:
        found: dict[str, list[Mention]] = {}
        for i in range(0, len(hashes), _QUERY_CHUNK):
            chunk = list(hashes[i : i + _QUERY_CHUNK])
            marks = ",".join("?" * len(chunk))
            try:
                rows = self.db.execute(
                    f"SELECT hash, data FROM mentions WHERE version = ? AND hash IN ({marks})", [self.version, *chunk]
                ).fetchall()
            except sqlite3.DatabaseError as err:
                log.warning("cache %s read failed (%s); extracting again", self.path, err)
                return found
            for h, data in rows:
                try:
                    found[h] = _decode(data)
                except (ValueError, TypeError, KeyError):
                    continue  # a damaged row is extracted again
        return found

    def put_many(self, items: Iterable[tuple[str, Sequence[Mention]]]) -> None:
        rows = [(h, self.version, _encode(ms)) for h, ms in items]
        if not rows:
            return
        try:
            with self.db:
                self.db.executemany("INSERT OR REPLACE INTO mentions VALUES (?, ?, ?)", rows)
        except sqlite3.DatabaseError as err:
            log.warning("cache %s write failed (%s); results not cached", self.path, err)

    def close(self) -> None:
        self.db.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
