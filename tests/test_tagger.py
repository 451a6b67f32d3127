"""The tagger (kgraph.tagger) around its network: windows, scattering, decoding, spans. A fake network
stands in for the ONNX model; the word-piece tokenizer is the shipped one."""

import json
import shutil

import numpy as np
import pytest
from tokenizers import Tokenizer

from kgraph.extract import tokenizer_pipeline
from kgraph.tagger import OnnxTagger, bio_spans, encode_docs, viterbi_bio, window_logprobs
from kgraph.types import MODEL_DIR, SPANS_KEY

LABELS = ["O", "B-method", "I-method", "B-task", "I-task"]


@pytest.fixture(scope="module")
def nlp():
    return tokenizer_pipeline()


@pytest.fixture(scope="module")
def tokenizer():
    tok = Tokenizer.from_file(str(MODEL_DIR / "tokenizer.json"))
    tok.no_padding()
    tok.no_truncation()
    return tok


def _docs(nlp):
    return list(nlp.pipe([
        "Graph neural networks predict molecules. They scale well.  Transformers attend to every token.",
        "Short one.",
        "A " + "very " * 60 + "long sentence about hyperparameterization.",
    ]))


@pytest.mark.parametrize("max_pieces", [12, 24, 256])
def test_tagger_windows_cover_every_token_once_and_fit(nlp, tokenizer, max_pieces):
    docs = _docs(nlp)
    windows = encode_docs(docs, tokenizer, max_pieces)
    cls, sep = tokenizer.token_to_id("[CLS]"), tokenizer.token_to_id("[SEP]")
    for di, doc in enumerate(docs):
        mine = [w for w in windows if w.doc_index == di]
        assert [t for w in mine for t in w.tokens] == [t.i for t in doc if not t.is_space]
        for w in mine:
            assert len(w.ids) <= max_pieces and w.ids[0] == cls and w.ids[-1] == sep
            assert len(w.first) == len(w.tokens)
            for tok, pos in zip(w.tokens, w.first):
                pieces = tokenizer.encode([doc[tok].text], is_pretokenized=True, add_special_tokens=False).ids
                assert w.ids[pos] == pieces[0]  # each token points at its first piece
            # a window starts mid-sentence only when that sentence is longer than a window
            if not doc[w.tokens[0]].is_sent_start:
                sent = doc[w.tokens[0]].sent
                whole = tokenizer.encode([t.text for t in sent if not t.is_space], is_pretokenized=True,
                                         add_special_tokens=False)
                assert len(whole.ids) > max_pieces - 2
    if max_pieces == 256:  # everything fits: one window per doc
        assert [w.doc_index for w in windows] == [0, 1, 2]


def test_tagger_sentences_stay_whole_when_they_fit(nlp, tokenizer):
    doc = nlp("Graph neural networks predict molecules. They scale well. Transformers attend to every token.")
    windows = encode_docs([doc], tokenizer, 16)
    starts = {s.start for s in doc.sents}
    assert len(windows) > 1 and all(w.tokens[0] in starts for w in windows)


def _fake_run(n_labels):
    calls = []

    def run(ids, mask):
        calls.append(ids.shape)
        assert ids.dtype == np.int64 and mask.shape == ids.shape
        logp = np.full((*ids.shape, n_labels), np.log(0.1 / (n_labels - 1)), dtype=np.float32)
        b, p = np.indices(ids.shape)
        logp[b, p, ids % n_labels] = np.log(0.9)  # the label is the piece id mod n_labels
        return logp

    return run, calls


def test_tagger_window_logprobs_scatter_first_pieces(nlp, tokenizer):
    docs = _docs(nlp)
    windows = encode_docs(docs, tokenizer, 24)
    run, calls = _fake_run(len(LABELS))
    one = window_logprobs(docs, windows, len(LABELS), run, batch_size=1)
    assert len(calls) == len(windows)
    run4, calls4 = _fake_run(len(LABELS))
    four = window_logprobs(docs, windows, len(LABELS), run4, batch_size=4)
    assert len(calls4) == -(-len(windows) // 4)
    for a, b, doc in zip(one, four, docs):
        assert np.array_equal(a, b)  # padding changes nothing
        assert a.shape == (len(doc), len(LABELS))
    for w in windows:
        for tok, pos in zip(w.tokens, w.first):
            assert one[w.doc_index][tok].argmax() == w.ids[pos] % len(LABELS)
    space = [t.i for t in docs[0] if t.is_space]
    assert space and all(one[0][i].argmax() == 0 for i in space)  # whitespace stays O


def _legal(path):
    return all(not cur.startswith("I-") or prev[2:] == cur[2:] and prev != "O" for prev, cur in zip(["O", *path], path))


def test_tagger_viterbi_is_the_best_legal_path():
    from itertools import product

    rng = np.random.default_rng(7)
    for _ in range(20):
        lp = np.log(rng.dirichlet(np.ones(len(LABELS)) * 0.5, size=4))
        best = max((p for p in product(range(len(LABELS)), repeat=4) if _legal([LABELS[i] for i in p])),
                   key=lambda p: sum(lp[t, i] for t, i in enumerate(p)))
        assert viterbi_bio(lp, LABELS) == list(best)
    lp = np.log(np.array([[0.3, 0.1, 0.6, 0.0, 0.0]]) + 1e-9)  # I-method likeliest, but nothing opens it
    assert LABELS[viterbi_bio(lp, LABELS)[0]] == "O"
    assert viterbi_bio(np.zeros((0, len(LABELS))), LABELS) == []


@pytest.mark.parametrize("tags, spans", [
    (["O", "B-method", "I-method", "O"], [(1, 3, "method")]),
    (["B-task", "B-task", "I-task"], [(0, 1, "task"), (1, 3, "task")]),
    (["I-method", "I-method", "O"], [(0, 2, "method")]),              # a stray I- opens a span
    (["B-method", "I-task", "I-task"], [(0, 1, "method"), (1, 3, "task")]),
    (["O", "O"], []),
    (["B-method", "I-method"], [(0, 2, "method")]),                   # a span running to the end
])
def test_tagger_bio_spans(tags, spans):
    assert bio_spans(tags) == spans


def test_tagger_spans_and_confidence_from_a_fake_network(nlp, tmp_path):
    model = tmp_path / "model"
    model.mkdir()
    shutil.copy(MODEL_DIR / "tokenizer.json", model / "tokenizer.json")
    (model / "config.json").write_text(json.dumps({"labels": LABELS, "max_pieces": 32, "version": "fake"}))
    tagger = OnnxTagger(model)
    ids = {w: tagger.tokenizer.token_to_id(w) for w in ("graph", "neural", "networks")}
    want = {ids["graph"]: (1, 0.9), ids["neural"]: (2, 0.8), ids["networks"]: (2, 0.8)}

    def run(batch, mask):
        logp = np.full((*batch.shape, len(LABELS)), np.log(0.01 / (len(LABELS) - 1)), dtype=np.float32)
        logp[..., 0] = np.log(0.99)
        for (b, p), piece in np.ndenumerate(batch):
            if piece in want:
                label, prob = want[piece]
                logp[b, p] = np.log((1 - prob) / (len(LABELS) - 1))
                logp[b, p, label] = np.log(prob)
        return logp

    tagger._run = run  # no onnxruntime session is ever made
    doc = tagger(nlp("We train graph neural networks on molecules."))
    group = doc.spans[SPANS_KEY]
    assert [(s.text, s.label_) for s in group] == [("graph neural networks", "method")]
    assert group.attrs["confidence"] == [pytest.approx((0.9 * 0.8 * 0.8) ** (1 / 3), abs=1e-4)]
    assert "session" not in vars(tagger)


def test_tagger_without_a_model_says_how_to_make_one(tmp_path):
    import kgraph

    with pytest.raises(kgraph.ModelNotFound, match="kgraph train"):
        OnnxTagger(tmp_path)
