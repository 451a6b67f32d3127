import pytest

import kgraph
from kgraph.extract import extract_many, pipeline
from kgraph.types import KINDS


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
    definition = [m for m in mentions if m.short_form == "GNNs"]
    assert len(definition) == 1 and "graph neural networks" in definition[0].text
    assert definition[0].long_form in (None, "graph neural networks")
    later = [m for m in mentions if m.text == "GNNs" and m.start_char > text.index("Our")]
    assert len(later) == 1 and later[0].long_form == "graph neural networks"
    assert later[0].kind == definition[0].kind


def test_extract_defined_short_forms_resolve_everywhere_in_the_text():
    text = ("Continual learning (CL) trains a model on a sequence of tasks. "
            "CL suffers from catastrophic forgetting, and CL benchmarks are small.")
    uses = [m for m in kgraph.extract(text) if m.text == "CL"]
    assert uses and all(m.long_form == "Continual learning" for m in uses)


def test_extract_marks_what_a_paper_proposes():
    text = ("Model merging combines expert models. We propose a data-free Dual Orthogonal Projection (DOP) "
            "method, which eliminates data dependence. Experiments show that DOP outperforms baselines.")
    proposed = [m for m in kgraph.extract(text) if m.proposed]
    assert proposed and proposed[0].short_form == "DOP" and proposed[0].role == "proposes"
    assert "Dual Orthogonal Projection" in proposed[0].text


def test_extract_drops_generic_words_and_math():
    text = (r"Our approach improves the results of this framework on the task. "
            "We prove a bound of $O(log^2 d)$ for the problem of domain generalization.")
    texts = {m.text.lower() for m in kgraph.extract(text)}
    for generic in ("approach", "our approach", "results", "the results", "framework", "task", "problem"):
        assert generic not in texts
    assert not any("log" in t for t in texts)


def test_extract_handles_text_longer_than_max_length(caplog):
    caplog.set_level("WARNING", logger="kgraph")
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


@pytest.mark.parametrize("text, name", [
    ("To overcome this, we introduce a novel learning framework driven by Large Language Models (LLMs).",
     "Large Language Models"),
    ("Finally, we provide design principles for designing new transferable models.", "transferable models"),
])
def test_extract_tools_and_advice_are_not_proposals(text, name):
    assert not any(m.proposed and name in m.text for m in kgraph.extract(text))


def test_extract_never_raises_on_abbreviation_lists():
    text = ("We show that adding these context vectors (CoVe) improves performance on sentiment analysis (SST, IMDb), "
            "question classification (TREC), entailment (SNLI), and question answering (SQuAD).")
    mentions = kgraph.extract(text)   # raised KeyError in the rules before
    assert all(text[m.start_char:m.end_char] == m.text for m in mentions)
    assert not any(m.long_form and "(" in m.long_form for m in mentions)   # no long form reaches past a bracket


def test_extract_never_raises_on_generated_text():
    import random

    rng = random.Random(2025)
    words = ["graph", "neural", "networks", "(GNNs)", "(SST,", "IMDb)", "(TREC)", "(i)", "(see", "Table", "2)",
             "we", "propose", "a", "novel", "method", "called", "X-Net", "(XN)", "on", "CIFAR-10", "and", "ImageNet",
             ",", ";", "(", ")", "LLMs", "large", "language", "models", "(LLMs", "$x$", "--", "RL", "reinforcement",
             "learning", "(RL)", "F1", "accuracy", "É", "ß", "e.g.", "i.e.,", "(CL)", "continual"]
    texts = [" ".join(rng.choice(words) for _ in range(rng.randint(1, 60))) + "." for _ in range(80)]
    for text, mentions in zip(texts, extract_many(texts)):
        for m in mentions:
            assert text[m.start_char:m.end_char] == m.text and m.kind in KINDS


def test_a_hyphen_between_digits_splits_a_range_but_not_a_models_name():
    from kgraph.extract import tokenizer_pipeline

    doc = tokenizer_pipeline()("Gains in Llama3.2-3B and Qwen3-1.7B over pages 1-10 and 2+2.")
    assert [t.text for t in doc] == ["Gains", "in", "Llama3.2-3B", "and", "Qwen3-1.7B", "over", "pages", "1", "-", "10",
                                     "and", "2", "+", "2", "."]
    # (the name had been cut into "Qwen3", "-", "1.7B", and the tagger took "Qwen3-1" for a model)
    assert not any(m.text == "Qwen3-1" for m in kgraph.extract("Priming helps Llama3.2-3B and Qwen3-1.7B agents."))


def test_a_full_stop_after_a_names_last_capital_ends_the_sentence():
    from kgraph.extract import tokenizer_pipeline

    doc = tokenizer_pipeline()("We pretrain on ImageNet-1K. We fine-tune LLaMA-7B. We use ViT-L. J. Smith and the U.S. agree.")
    assert [s.text for s in doc.sents] == ["We pretrain on ImageNet-1K.", "We fine-tune LLaMA-7B.", "We use ViT-L.",
                                           "J. Smith and the U.S. agree."]
    assert [t.text for t in doc if t.text.endswith(".")] == [".", ".", ".", "J.", "U.S.", "."]
    assert [m.text for m in kgraph.extract("Linear probing improves accuracy on ImageNet-1K.") if m.kind == "dataset"] \
        == ["ImageNet-1K"]
