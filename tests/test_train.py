"""Training's data preparation (kgraph.train), without torch: gold spans become BIO tags on spaCy tokens."""

from kgraph.extract import tokenizer_pipeline
from kgraph.scierc import GoldDoc
from kgraph.relation_classifier import ARG_KINDS
from kgraph.relations import RELATION_TYPES
from kgraph.tagger import OnnxTagger
from kgraph.train import LABELS, _examples, gold_tags
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


def _pairs(text, spans, generic=(), relations=(), max_pieces=256):
    gold = GoldDoc("d", text, list(spans), list(generic), list(relations))
    docs, tags, _ = gold_tags(tokenizer_pipeline(), [gold])
    tokenizer = OnnxTagger().tokenizer
    return docs[0], _examples(docs, tags, tokenizer, max_pieces, [gold])


def test_train_relation_pairs_are_gold_arguments_of_one_sentence_labelled_with_their_relation():
    text = "We use graph neural networks for molecule generation. It is evaluated on QM9."
    gnn, gen, qm9 = (_at(text, p, k) for p, k in (("graph neural networks", "method"),
                                                  ("molecule generation", "task"), ("QM9", "dataset")))
    it = _at(text, "It", "generic")[:2]
    doc, examples = _pairs(text, [gnn, gen, qm9], [it], [(*gnn[:2], *gen[:2], "used_for"),
                                                         (*qm9[:2], *it, "evaluate_for")])
    (ids, _, item), = examples
    words = [t.text for t in doc if not t.is_space]
    assert {" ".join(words[s:e]) for s, e in item["pairs"][:, :2]} == {"graph neural networks", "molecule generation",
                                                                        "It", "QM9"}
    # ordered pairs within a sentence only: 2 in the first, 2 in the second
    assert len(item["labels"]) == 4
    named = {(" ".join(words[a:b]), " ".join(words[c:d])): int(label)
             for (a, b, c, d), label in zip(item["pairs"], item["labels"])}
    assert named[("graph neural networks", "molecule generation")] == RELATION_TYPES.index("used_for") + 1
    assert named[("molecule generation", "graph neural networks")] == 0
    assert named[("QM9", "It")] == RELATION_TYPES.index("evaluate_for") + 1
    kinds = {" ".join(words[a:b]): ARG_KINDS[k] for (a, b, _, _), (k, _) in zip(item["pairs"], item["kinds"])}
    assert kinds == {"graph neural networks": "method", "molecule generation": "task", "QM9": "dataset",
                     "It": "generic"}
    # each token's state is read at its first word piece
    assert len(item["positions"]) == len(words) and item["positions"][0] == 1
    assert all(ids[p] != 0 for p in item["positions"])


def test_train_relation_pairs_none_without_two_arguments_in_a_sentence():
    text = "Graph neural networks are popular. Transformers are too."
    _, examples = _pairs(text, [_at(text, "Graph neural networks", "method"), _at(text, "Transformers", "method")])
    assert [item for _, _, item in examples] == [None]


def test_train_relation_pairs_index_tokens_without_a_word_piece_too():
    # a zero-width space is a spaCy token with no word piece: the pairs' token indices still line up
    text = "We use graph neural networks \u200b for molecule generation."
    gnn, gen = _at(text, "graph neural networks", "method"), _at(text, "molecule generation", "task")
    doc, examples = _pairs(text, [gnn, gen], relations=[(*gnn[:2], *gen[:2], "used_for")])
    (ids, _, item), = examples
    tokens = [t for t in doc if not t.is_space]
    assert len(item["positions"]) == len(tokens)
    for (a, b, c, d), label in zip(item["pairs"], item["labels"]):
        if label:
            assert (" ".join(t.text for t in tokens[a:b]), " ".join(t.text for t in tokens[c:d])) == (
                "graph neural networks", "molecule generation")
            assert all(item["positions"][j] > 0 for j in range(c, d))  # read at their own pieces


# --- TDMSci beside SciERC: partial gold ---------------------------------------------------------

_CONLL = (
    "We\t0\tO\nreport\t3\tO\nBLEU\t10\tB-METRIC\non\t15\tO\nWMT\t18\tB-DATASET\n2014\t22\tI-DATASET\n.\t26\tO\n\n"
    "Machine\t28\tB-TASK\ntranslation\t36\tI-TASK\nis\t48\tO\nhard\t51\tO\n.\t55\tO\n\n"
    "Domain\t57\tO\n-\t63\tO\nspecific\t64\tO\nF1\t73\tB-METRIC\nrises\t76\tO\n.\t81\tO\n\n"
)


def test_train_tdmsci_sentences_keep_their_spacing_and_spans(tmp_path):
    from kgraph.scierc import read_conll

    path = tmp_path / "t.conll"
    path.write_text(_CONLL, encoding="utf-8")
    sents = read_conll(path)
    assert [t for t, _ in sents] == ["We report BLEU on WMT 2014.", "Machine translation is hard.",
                                     "Domain-specific F1 rises."]
    assert [[t[s:e] + "/" + k for s, e, k in spans] for t, spans in sents] == [
        ["BLEU/METRIC", "WMT 2014/DATASET"], ["Machine translation/TASK"], ["F1/METRIC"]]


def test_train_tdmsci_halves_are_packed_into_partial_documents(tmp_path):
    from kgraph.scierc import read_tdmsci

    path = tmp_path / "t.conll"
    path.write_text(_CONLL, encoding="utf-8")
    even = read_tdmsci(path)  # sentences 0 and 2: sentence 1 is the held-out half's
    assert len(even) == 1 and even[0].partial and not even[0].relations_annotated
    assert even[0].text == "We report BLEU on WMT 2014. Domain-specific F1 rises."
    assert [(even[0].text[s:e], k) for s, e, k in even[0].spans] == [("BLEU", "metric"), ("WMT 2014", "dataset"),
                                                                       ("F1", "metric")]
    odd = read_tdmsci(path, half="odd")
    assert [(odd[0].text[s:e], k) for s, e, k in odd[0].spans] == [("Machine translation", "task")]
    assert [d.text for d in read_tdmsci(path, half=None, per_doc=2)] == [
        "We report BLEU on WMT 2014. Machine translation is hard.", "Domain-specific F1 rises."]


def test_train_tdmsci_bad_line_names_file_and_line(tmp_path):
    import pytest

    from kgraph import InputError
    from kgraph.scierc import read_conll

    path = tmp_path / "t.conll"
    path.write_text("We\t0\tO\nreport 3 O\n", encoding="utf-8")
    with pytest.raises(InputError, match=r"t\.conll:2: not a CoNLL line"):
        read_conll(path)


def test_train_tdmsci_gold_teaches_no_relations_and_needs_a_teacher(tmp_path):
    import pytest

    from kgraph import KGraphError
    from kgraph.train import train

    text = "We report BLEU on WMT 2014 with a strong transformer baseline."
    spans = [_at(text, "BLEU", "metric"), _at(text, "WMT 2014", "dataset")]
    gold = GoldDoc("t", text, spans, partial=True, relations_annotated=False)
    with pytest.raises(ValueError, match="partial gold needs a teacher"):
        gold_tags(tokenizer_pipeline(), [gold])
    taught = GoldDoc("t", text, spans, relations_annotated=False)  # as a teacher leaves it: full, no relations
    docs, tags, _ = gold_tags(tokenizer_pipeline(), [taught])
    (_, _, item), = _examples(docs, tags, OnnxTagger().tokenizer, 256, [taught])
    assert item is None  # two arguments in one sentence, but nothing is known of their relation
    (_, _, item), = _examples(docs, tags, OnnxTagger().tokenizer, 256, [GoldDoc("s", text, spans)])
    assert list(item["labels"]) == [0, 0]  # SciERC's annotation: no relation between them
    with pytest.raises(KGraphError, match="needs a teacher"):
        train([], tdmsci=tmp_path / "t.conll")


def test_train_teacher_completes_partial_gold_but_adds_no_metric():
    from kgraph.train import teacher_labels
    from kgraph.types import MODEL_DIR

    text = "We train an LSTM language model and report BLEU and accuracy on WMT 2014 ."
    gold = GoldDoc("t", text, [_at(text, "BLEU", "metric"), _at(text, "WMT 2014", "dataset")], partial=True,
                   relations_annotated=False)
    full = GoldDoc("s", "Graph neural networks are popular.", [(0, 21, "method")])
    taught, same = teacher_labels(tokenizer_pipeline(), [gold, full], MODEL_DIR)
    assert same is full and not taught.partial and not taught.relations_annotated
    spans = {(text[s:e], k) for s, e, k in taught.spans}
    assert {("BLEU", "metric"), ("WMT 2014", "dataset")} <= spans  # the gold stays as written
    assert any("LSTM" in t and k == "method" for t, k in spans)  # the teacher's method, which TDMSci leaves untagged
    assert not any("accuracy" in t for t, _ in spans)  # TDMSci tags every metric: the teacher adds none
