"""The scientific entity tagger: a MiniLM token classifier run by onnxruntime.

The model (``kgraph/model/``) is MiniLM-L6 fine-tuned on SciERC with BIO labels
over spaCy tokens (see :mod:`kgraph.train`). At run time no torch is needed:
word pieces come from the ``tokenizers`` library, the network from onnxruntime.

A document's sentences are packed into windows of at most ``max_pieces`` word
pieces, so every token is classified with its neighbouring sentences as
context. Word pieces map to spaCy tokens through the tokenizer's word ids (the
words are the spaCy tokens), and each token takes the prediction of its first
piece. Windows are sorted by length and run in batches to cut padding. Labels
are decoded with a constrained Viterbi pass that never emits ``I-X`` unless a
``B-X`` or ``I-X`` precedes it.

Training and inference share :func:`encode_docs`,
so the model is trained on exactly what it sees at run time.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Iterable, Sequence

import numpy as np
from spacy.language import Language
from spacy.tokens import Doc, Span

from .errors import ModelNotFound
from .types import MODEL_DIR, SPANS_KEY

__all__ = ["Window", "encode_docs", "window_logprobs", "viterbi_bio", "bio_spans", "OnnxTagger"]


@dataclass
class Window:
    """A run of whole sentences of one doc, encoded as word pieces.

    ``tokens`` are spaCy token indices; ``ids`` the piece ids with ``[CLS]``
    and ``[SEP]``; ``first[j]`` the position in ``ids`` of the first piece of
    ``tokens[j]`` (``-1`` when the token produced no piece).
    """

    doc_index: int
    tokens: list[int]
    ids: list[int]
    first: list[int]


def encode_docs(docs: Sequence[Doc], tokenizer, max_pieces: int) -> list[Window]:
    """Pack each doc's sentences into windows of at most ``max_pieces`` word pieces.

    Each doc is encoded once (its non-space tokens as pre-tokenized words); a
    sentence that does not fit in the current window starts a new one, and a
    sentence longer than a window is split between words.
    """
    budget = max_pieces - 2
    cls_id = tokenizer.token_to_id("[CLS]")
    sep_id = tokenizer.token_to_id("[SEP]")
    words_per_doc = [[t for t in doc if not t.is_space] for doc in docs]
    encs = tokenizer.encode_batch(
        [[t.text for t in words] for words in words_per_doc], is_pretokenized=True, add_special_tokens=False
    ) if docs else []
    windows: list[Window] = []
    for di, (doc, words, enc) in enumerate(zip(docs, words_per_doc, encs)):
        pieces: list[list[int]] = [[] for _ in words]
        for pid, wid in zip(enc.ids, enc.word_ids):
            if wid is not None:
                pieces[wid].append(pid)
        cur_tokens: list[int] = []
        cur_pieces: list[list[int]] = []
        used = 0

        def flush():
            nonlocal cur_tokens, cur_pieces, used
            if cur_tokens:
                ids, first = [cls_id], []
                for p in cur_pieces:
                    first.append(len(ids) if p else -1)
                    ids.extend(p)
                ids.append(sep_id)
                windows.append(Window(di, cur_tokens, ids, first))
            cur_tokens, cur_pieces, used = [], [], 0

        j = 0
        while j < len(words):
            # one sentence: words[j:k]
            k = j + 1
            while k < len(words) and not words[k].is_sent_start:
                k += 1
            sent_len = sum(len(pieces[x][:budget]) for x in range(j, k))
            if used + sent_len > budget:
                flush()
            for x in range(j, k):
                p = pieces[x][:budget]
                if used + len(p) > budget:
                    flush()
                cur_tokens.append(words[x].i)
                cur_pieces.append(p)
                used += len(p)
            j = k
        flush()
    return windows


def window_logprobs(docs: Sequence[Doc], windows: Sequence[Window], n_labels: int, run, batch_size: int):
    """Per-token label log-probabilities for each doc, from a network run over ``windows``.

    ``run(ids, mask)`` takes padded ``(batch, width)`` int64 arrays and returns
    log-probabilities of shape ``(batch, width, n_labels)``; windows go to it
    in order of length, ``batch_size`` at a time. Each token takes the row of
    its first piece; tokens without a piece (and whitespace) stay ``O``.
    Shared by the ONNX tagger and by training's dev scoring (torch).
    """
    out = [np.full((len(d), n_labels), -1e4, dtype=np.float32) for d in docs]
    for lp in out:
        lp[:, 0] = 0.0
    order = sorted(range(len(windows)), key=lambda i: len(windows[i].ids))
    for b in range(0, len(order), batch_size):
        batch = order[b : b + batch_size]
        width = max(len(windows[i].ids) for i in batch)
        ids = np.zeros((len(batch), width), dtype=np.int64)
        mask = np.zeros_like(ids)
        for r, i in enumerate(batch):
            seq = windows[i].ids
            ids[r, : len(seq)] = seq
            mask[r, : len(seq)] = 1
        logp = run(ids, mask)
        for r, i in enumerate(batch):
            win = windows[i]
            tokens = np.asarray(win.tokens)
            first = np.asarray(win.first)
            ok = first >= 0
            out[win.doc_index][tokens[ok]] = logp[r, first[ok]]
    return out


def viterbi_bio(logprobs: np.ndarray, labels: Sequence[str]) -> list[int]:
    """Best label sequence under BIO constraints (no ``I-X`` after anything but ``B-X``/``I-X``).

    Examples
    --------
    >>> import numpy as np
    >>> labels = ["O", "B-task", "I-task"]
    >>> lp = np.log(np.array([[0.2, 0.3, 0.5], [0.1, 0.1, 0.8]]))
    >>> [labels[i] for i in viterbi_bio(lp, labels)]
    ['B-task', 'I-task']
    """
    n, k = logprobs.shape
    if n == 0:
        return []
    allowed = np.ones((k, k), dtype=bool)  # allowed[prev, cur]
    start_ok = np.ones(k, dtype=bool)
    for j, lab in enumerate(labels):
        if lab.startswith("I-"):
            start_ok[j] = False
            for i, prev in enumerate(labels):
                allowed[i, j] = prev[2:] == lab[2:] and prev[:2] in ("B-", "I-")
    penalty = np.where(allowed, 0.0, -1e9)
    score = logprobs[0] + np.where(start_ok, 0.0, -1e9)
    back = np.zeros((n, k), dtype=np.int64)
    for t in range(1, n):
        cand = score[:, None] + penalty
        back[t] = cand.argmax(axis=0)
        score = cand[back[t], np.arange(k)] + logprobs[t]
    best = [int(score.argmax())]
    for t in range(n - 1, 0, -1):
        best.append(int(back[t, best[-1]]))
    return best[::-1]


def bio_spans(tags: Sequence[str]) -> list[tuple[int, int, str]]:
    """Turn a BIO tag sequence into ``(start, end_exclusive, kind)`` spans."""
    spans = []
    start = kind = None
    for i, tag in enumerate(list(tags) + ["O"]):
        if start is not None and not (tag.startswith("I-") and tag[2:] == kind):
            spans.append((start, i, kind))
            start = kind = None
        if tag.startswith("B-") or (tag.startswith("I-") and start is None):
            start, kind = i, tag[2:]
    return spans


class OnnxTagger:
    """Run the shipped token classifier over spaCy docs.

    Parameters
    ----------
    model_dir : path
        Folder with ``model.onnx``, ``tokenizer.json`` and ``config.json``
        (labels and window size).
    batch_size : int
        Windows per onnxruntime call. The default, 1, keeps every result
        independent of the other texts in the run (dynamic int8 quantisation
        scales activations per call, so a window's output would otherwise
        depend on what it was batched with); measured here it is also the
        fastest, as no padding is computed.
    threads : int
        onnxruntime intra-op threads (0: onnxruntime's default).

    Each span's confidence (the geometric mean of its tokens' label
    probabilities) is kept in ``doc.spans[SPANS_KEY].attrs["confidence"]``
(:data:`kgraph.types.SPANS_KEY`).
    """

    def __init__(self, model_dir: str | Path = MODEL_DIR, *, batch_size: int = 1, threads: int = 0):
        self.model_dir = Path(model_dir)
        config_path = self.model_dir / "config.json"
        if not config_path.exists():
            raise ModelNotFound(f"no tagger model in {self.model_dir}: run `kgraph train` to build it")
        config = json.loads(config_path.read_text(encoding="utf-8"))
        self.labels: list[str] = config["labels"]
        self.max_pieces: int = int(config["max_pieces"])
        self.version: str = config.get("version", "unknown")
        self.batch_size = batch_size
        self.threads = threads

    @cached_property
    def tokenizer(self):
        from tokenizers import Tokenizer

        tok = Tokenizer.from_file(str(self.model_dir / "tokenizer.json"))
        tok.no_padding()
        tok.no_truncation()
        return tok

    @cached_property
    def session(self):
        import onnxruntime as ort

        opts = ort.SessionOptions()
        opts.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
        if self.threads:
            opts.intra_op_num_threads = self.threads
        opts.inter_op_num_threads = 1
        return ort.InferenceSession(
            str(self.model_dir / "model.onnx"), opts, providers=["CPUExecutionProvider"]
        )

    def token_logprobs(self, docs: Sequence[Doc]) -> list[np.ndarray]:
        """Per-token label log-probabilities for each doc (rows for whitespace tokens are ``O``)."""
        windows = encode_docs(docs, self.tokenizer, self.max_pieces)
        return window_logprobs(docs, windows, len(self.labels), self._run, self.batch_size)

    def _run(self, ids: np.ndarray, mask: np.ndarray) -> np.ndarray:
        feeds = {"input_ids": ids, "attention_mask": mask}
        if "token_type_ids" in self._input_names:
            feeds["token_type_ids"] = np.zeros_like(ids)
        logits = self.session.run(None, feeds)[0]
        logits = logits - logits.max(axis=-1, keepdims=True)
        return logits - np.log(np.exp(logits).sum(axis=-1, keepdims=True))

    @cached_property
    def _input_names(self) -> set[str]:
        return {i.name for i in self.session.get_inputs()}

    def __call__(self, doc: Doc) -> Doc:
        return next(iter(self.pipe([doc])))

    def pipe(self, docs: Iterable[Doc], batch_size: int = 64) -> Iterable[Doc]:
        buf: list[Doc] = []
        for doc in docs:
            buf.append(doc)
            if len(buf) >= batch_size:
                yield from self._tag(buf)
                buf = []
        if buf:
            yield from self._tag(buf)

    def _tag(self, docs: list[Doc]) -> list[Doc]:
        for doc, lp in zip(docs, self.token_logprobs(docs)):
            path = np.asarray(viterbi_bio(lp, self.labels), dtype=np.int64)
            tags = [self.labels[i] for i in path]
            spans, confidence = [], []
            for s, e, k in bio_spans(tags):
                spans.append(Span(doc, s, e, label=k))
                # geometric mean of the chosen labels' probabilities over the span
                confidence.append(round(float(np.exp(lp[np.arange(s, e), path[s:e]].mean())), 4))
            doc.spans[SPANS_KEY] = spans
            doc.spans[SPANS_KEY].attrs["confidence"] = confidence
        return docs


@Language.factory(
    "kgraph_tagger",
    assigns=["doc.spans"],
    default_config={"model_dir": None, "batch_size": 1, "threads": 0},
)
def make_tagger(nlp: Language, name: str, model_dir: str | None, batch_size: int, threads: int):
    """spaCy factory: ``nlp.add_pipe("kgraph_tagger")`` adds the shipped tagger."""
    return OnnxTagger(model_dir or MODEL_DIR, batch_size=batch_size, threads=threads)
