import pytest

import kgraph
from conftest import DATA
from kgraph.cache import MentionCache
from kgraph.extract import extractor_version
from kgraph.parallel import extract_corpus
from kgraph.read import read_inputs


@pytest.fixture(scope="module")
def texts():
    return [p.abstract for p in read_inputs([DATA])][:12]


def _same(a, b):
    return sorted(a.nodes(data=True)) == sorted(b.nodes(data=True)) and \
        sorted((tuple(sorted((u, v))), d) for u, v, d in a.edges(data=True)) == \
        sorted((tuple(sorted((u, v))), d) for u, v, d in b.edges(data=True))


def test_parallel_cache_reuses_results(texts, tmp_path, monkeypatch):
    path = tmp_path / "cache.sqlite"
    with MentionCache(path, version=extractor_version()) as cache:
        cold = extract_corpus(texts, cache=cache)
    calls = []
    monkeypatch.setattr("kgraph.parallel._extract_chunk", lambda payload: calls.append(payload) or [])
    with MentionCache(path, version=extractor_version()) as cache:
        warm = extract_corpus(texts, cache=cache)
    assert warm == cold and calls == []


def test_parallel_cache_only_extracts_new_abstracts(texts, tmp_path, monkeypatch):
    path = tmp_path / "cache.sqlite"
    with MentionCache(path, version=extractor_version()) as cache:
        extract_corpus(texts[:10], cache=cache)
    seen = []
    real = __import__("kgraph.parallel", fromlist=["_extract_chunk"])._extract_chunk
    monkeypatch.setattr("kgraph.parallel._extract_chunk", lambda payload: seen.extend(payload[0]) or real(payload))
    with MentionCache(path, version=extractor_version()) as cache:
        extract_corpus(texts, cache=cache)
    assert seen == texts[10:]


@pytest.mark.parametrize("content", [b"this is not a database at all" * 100, b""])
def test_parallel_corrupt_cache_is_rebuilt(texts, tmp_path, content, caplog):
    path = tmp_path / "cache.sqlite"
    path.write_bytes(content)
    with MentionCache(path, version=extractor_version()) as cache:
        result = extract_corpus(texts[:2], cache=cache)
    assert result == extract_corpus(texts[:2])
    if content:
        assert "unusable" in caplog.text


def test_parallel_jobs_give_the_same_graph(tmp_path, monkeypatch):
    monkeypatch.setattr("kgraph.parallel.CHUNK", 20)
    one = kgraph.build(DATA)
    two = kgraph.build(DATA, jobs=2)
    assert _same(one.graph, two.graph)


def test_parallel_dask_local_cluster_gives_the_same_graph(corpus_kg, monkeypatch):
    distributed = pytest.importorskip("dask.distributed")
    monkeypatch.setattr("kgraph.parallel.CHUNK", 25)
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False, protocol="tcp",
                                  host="127.0.0.1", dashboard_address=None) as cluster:
        assert cluster.scheduler_address.startswith("tcp://127.0.0.1:")
        kg = kgraph.build(DATA, scheduler=cluster.scheduler_address)
    assert _same(kg.graph, corpus_kg.graph)


def test_parallel_unreachable_scheduler_is_one_error(tmp_path):
    pytest.importorskip("dask.distributed")
    from kgraph.cli import main

    code = main(["build", str(DATA), "--out", str(tmp_path / "o"), "--no-cache", "--quiet",
                 "--scheduler", "tcp://127.0.0.1:9"])
    assert code == 2 and not (tmp_path / "o" / "graph.graphml").exists()


def test_parallel_cli_rebuild_reads_the_cache(tmp_path, monkeypatch):
    from kgraph.cli import main

    src = tmp_path / "in.jsonl"
    src.write_text('{"abstract": "We propose graph neural networks (GNNs) for molecules."}\n'
                   '{"abstract": "Diffusion models generate images from noise."}\n', encoding="utf-8")
    cache = tmp_path / "c.sqlite"
    assert main(["build", str(src), "--out", str(tmp_path / "a"), "--cache", str(cache), "--quiet"]) == 0
    first = (tmp_path / "a" / "graph.graphml").read_bytes()

    def no_extraction(payload):
        raise AssertionError("a warm rebuild extracted again")

    monkeypatch.setattr("kgraph.parallel._extract_chunk", no_extraction)
    assert main(["build", str(src), "--out", str(tmp_path / "b"), "--cache", str(cache), "--quiet"]) == 0
    assert (tmp_path / "b" / "graph.graphml").read_bytes() == first
    with pytest.raises(AssertionError):
        main(["build", str(src), "--out", str(tmp_path / "c"), "--cache", str(cache), "--no-cache", "--quiet"])
