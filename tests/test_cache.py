"""The extraction cache (kgraph.cache) on its own: rows round-trip by field name, schemas never mix."""

import json
import sqlite3

from kgraph.cache import MentionCache
from kgraph.types import Mention

MENTIONS = [
    Mention("graph neural networks (GNNs)", 10, 38, "method", long_form="graph neural networks", short_form="GNNs",
            role="proposes"),
    Mention("GNNs", 50, 54, "method", long_form="graph neural networks"),
    Mention("ImageNet", 60, 68, "dataset", role="evaluates_on"),
    Mention("entropie réduite", 70, 86, "concept"),
]


def test_cache_round_trip(tmp_path):
    path = tmp_path / "c.sqlite"
    with MentionCache(path, version="v1") as cache:
        cache.put_many([("a", MENTIONS), ("b", [])])
    with MentionCache(path, version="v1") as cache:
        got = cache.get_many(["a", "b", "missing"])
    assert got == {"a": MENTIONS, "b": []}
    assert got["a"][0].proposed and not got["a"][1].proposed


def test_cache_version_separates_results(tmp_path):
    path = tmp_path / "c.sqlite"
    with MentionCache(path, version="v1") as cache:
        cache.put_many([("h", MENTIONS)])
    with MentionCache(path, version="v2") as cache:
        assert cache.get_many(["h"]) == {}


def _put_raw(path, data, schema=None):
    db = sqlite3.connect(path)
    if schema:
        db.execute("UPDATE meta SET value = ? WHERE key = 'schema'", (schema,))
    db.execute("INSERT OR REPLACE INTO mentions VALUES (?, ?, ?)", ("h", "v", data))
    db.commit()
    db.close()


def test_cache_decodes_rows_by_field_name(tmp_path):
    path = tmp_path / "c.sqlite"
    MentionCache(path, version="v").close()
    fields = ["role", "kind", "end_char", "start_char", "text"]  # another order, defaults left out
    _put_raw(path, json.dumps({"fields": fields, "rows": [["uses", "method", 4, 0, "Adam"]]}))
    with MentionCache(path, version="v") as cache:
        assert cache.get_many(["h"]) == {"h": [Mention("Adam", 0, 4, "method", role="uses")]}


def test_cache_damaged_or_foreign_rows_are_extracted_again(tmp_path):
    path = tmp_path / "c.sqlite"
    MentionCache(path, version="v").close()
    for data in ['[["Adam", 0, 4, "method", null, null, false, "uses"]]',  # schema 1: by position
                 '{"fields": ["text", "start_char", "end_char", "kind", "colour"], "rows": [["Adam", 0, 4, "method", 1]]}',
                 '{"fields": ["text", "start_char"], "rows": [["Adam", 0]]}',
                 '{"fields": ["text", "start_char", "end_char", "kind"], "rows": [["Adam", 0, 4]]}',
                 "{not json"]:
        _put_raw(path, data)
        with MentionCache(path, version="v") as cache:
            assert cache.get_many(["h"]) == {}, data


def test_cache_of_an_older_schema_is_emptied_not_misread(tmp_path, caplog):
    path = tmp_path / "c.sqlite"
    MentionCache(path, version="v").close()
    _put_raw(path, '[["Adam", 0, 4, "method", null, null, true, "uses"]]', schema="1")
    caplog.set_level("INFO", logger="kgraph")
    with MentionCache(path, version="v") as cache:
        assert cache.get_many(["h"]) == {}
        cache.put_many([("h", MENTIONS)])
    assert "schema 1" in caplog.text
    assert not (tmp_path / "c.sqlite.broken").exists()  # the file is kept, only its rows go
    with MentionCache(path, version="v") as cache:
        assert cache.get_many(["h"]) == {"h": MENTIONS}


def test_cache_foreign_sqlite_is_set_aside(tmp_path, caplog):
    path = tmp_path / "other.sqlite"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
    db.execute("INSERT INTO meta VALUES ('app', 'somebody else')")
    db.commit()
    db.close()
    with MentionCache(path, version="v") as cache:
        cache.put_many([("h", [])])
        assert cache.get_many(["h"]) == {"h": []}
    assert "not a kgraph cache" in caplog.text
    assert (tmp_path / "other.sqlite.broken").exists()
