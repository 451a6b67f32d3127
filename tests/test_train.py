"""Training's data preparation (kgraph.train), without torch: gold spans become BIO tags on spaCy tokens."""

from kgraph.extract import tokenizer_pipeline
from kgraph.scierc import GoldDoc
from kgraph.train import LABELS, gold_tags
from kgraph.types import KINDS


def _tags(text, spans):
    docs, tags, misaligned = gold_tags(tokenizer_pipeline(), [GoldDoc("d", text, spans)])
    return [t.text for t in docs[0]], tags[0], misaligned


def _at(text, phrase, kind):
    start = text.index(phrase)
    return (start, start + len(phrase), kind)


def test_train_labels_cover_every_kind():
    assert LABELS[0] == "O" and set(LABELS[1:]) == {f"{p}-{k}" for k in KINDS for p in "BI"}


def test_train_gold_tags_are_bio_on_spacy_tokens():
    text = "We train graph neural networks on QM9 ."
    words, tags, misaligned = _tags(text, [_at(text, "graph neural networks", "method"), _at(text, "QM9", "dataset")])
    assert list(zip(words, tags)) == [("We", "O"), ("train", "O"), ("graph", "B-method"), ("neural", "I-method"),
                                      ("networks", "I-method"), ("on", "O"), ("QM9", "B-dataset"), (".", "O")]
    assert misaligned == 0


def test_train_gold_tags_keep_the_outer_of_nested_spans():
    text = "Graph neural network training is slow."
    outer = _at(text, "Graph neural network training", "task")
    inner = _at(text, "Graph neural network", "method")
    _, tags, _ = _tags(text, [inner, outer])
    assert tags[:4] == ["B-task", "I-task", "I-task", "I-task"]


def test_train_gold_tags_widen_spans_that_cut_a_token():
    text = "We use transformer encoders today."
    start = text.index("encoders")
    words, tags, misaligned = _tags(text, [(start, start + len("encoder"), "method")])  # "encoder|s"
    assert misaligned == 1
    assert tags[words.index("encoders")] == "B-method" and tags.count("O") == len(words) - 1
