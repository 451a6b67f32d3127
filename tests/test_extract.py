import pytest

import kgraph
from kgraph.extract import KINDS, extract_many, pipeline


def test_extract_offsets_point_into_the_text(corpus_kg):
    abstracts = [d["abstract"] for _, d in corpus_kg.graph.nodes(data=True) if d["kind"] == "paper"][:10]
    for text, mentions in zip(abstracts, extract_many(abstracts)):
        assert mentions, text[:80]
        for m in mentions:
            assert text[m.start_char:m.end_char] == m.text
            assert m.kind in KINDS


def test_extract_resolves_abbreviations():
    text = ("We propose graph neural networks (GNNs) for molecular property prediction. "
            "Our GNNs outperform transformers on three benchmarks.")
    mentions = kgraph.extract(text)
    shorts = [m for m in mentions if m.text == "GNNs"]
    assert len(shorts) == 2
    assert all(m.long_form == "graph neural networks" for m in shorts)
    long = [m for m in mentions if m.text == "graph neural networks"]
    assert long and long[0].short_form == "GNNs"
    assert len({m.kind for m in shorts + long}) == 1


def test_extract_drops_generic_words_and_math():
    text = (r"Our approach improves the results of this framework on the task. "
            "We prove a bound of $O(log^2 d)$ for the problem of domain generalization.")
    texts = {m.text.lower() for m in kgraph.extract(text)}
    for generic in ("approach", "our approach", "results", "the results", "framework", "task", "problem"):
        assert generic not in texts
    assert not any("log" in t for t in texts)


def test_extract_handles_text_longer_than_max_length(caplog):
    nlp = pipeline()
    old = nlp.max_length
    nlp.max_length = 400
    try:
        text = "Diffusion models generate images with score matching. " * 20
        mentions = kgraph.extract(text)
    finally:
        nlp.max_length = old
    assert all(m.end_char <= 400 for m in mentions)
    assert "cut" in caplog.text


def test_extract_rejects_non_text():
    with pytest.raises(TypeError):
        kgraph.extract(None)
