"""The relation classifier: a small network over the tagger's hidden states (run by onnxruntime).

The relation classifier is a small network over the tagger's own features:
the tagger's ONNX model has a second output, its last hidden states
(:func:`kgraph.train.add_hidden_output`), so relations cost no second
encoder pass. The candidate arguments of a sentence are its mentions, the
tagger's own spans that the rules changed or dropped (:func:`tagger_spans`:
SciERC's arguments often keep the tagger's boundaries) and, when asked,
SciERC's generic entities; a pair needs at least one mention. For every
ordered pair, the head (``kgraph/model/relations.onnx``, trained by
``kgraph train-relations``, :mod:`kgraph.train_relations`) reads

* each argument's first-token, last-token and mean hidden state,
* the mean, first and last hidden states of the words between the two
  (optionally their maximum and the words just outside, :func:`pair_features`),
* both arguments' kinds and their distance in tokens (and which comes first),

and returns the probability of each of SciERC's seven relation types and of
none. A pair gets at most one relation: the most probable type over both
directions, when its probability reaches that type's threshold chosen on
SciERC dev (``relations.json``), and none when a likelier relation joins
overlapping spans of the same two phrases.
"""

from __future__ import annotations

import json
from functools import cached_property
from pathlib import Path
from typing import Sequence

import numpy as np
from spacy.language import Language
from spacy.tokens import Doc

from .types import KINDS, MODEL_DIR, SPANS_KEY, Mention
from .relations import GENERIC_FILE, RELATIONS_CONFIG, RELATIONS_FILE, Relation, relations_version
from .tagger import STATES_KEY

__all__ = ["RelationClassifier", "span_features", "pair_features", "distance_bucket", "generic_spans", "tagger_spans",
           "ARG_KINDS"]

#: Entity kinds the network knows: kgraph's five and SciERC's ``Generic`` (only ever seen in training).
ARG_KINDS = (*KINDS, "generic")

#: The farthest apart, in tokens from start to start, two mentions of a candidate pair may be. SciERC's farthest
#: related pair is 52 tokens apart (its longest sentence 101); a sentence that never ends (a keyword list, text
#: pasted without full stops) would otherwise make every pair of its mentions a candidate, and memory grow with
#: their square (10 GB for 20,000 characters).
MAX_PAIR_TOKENS = 64

#: Pairs classified at once: their features (up to 64 tokens of states each, max-pooled) stay under 100 MB.
PAIR_BATCH = 1024

#: Upper bounds of the token-distance buckets (the last bucket is open).
_DISTANCE_BOUNDS = (0, 1, 2, 3, 4, 6, 8, 12, 16, 24, 32)

if not Doc.has_extension("kgraph_relations"):
    Doc.set_extension("kgraph_relations", default=None)


def distance_bucket(gap: np.ndarray, head_first: np.ndarray) -> np.ndarray:
    """Distance feature ids: the token gap's bucket, times two, plus one when the head comes first.

    Examples
    --------
    >>> distance_bucket(np.array([0, 5, 100]), np.array([True, False, True])).tolist()
    [1, 10, 23]
    """
    bucket = np.searchsorted(np.asarray(_DISTANCE_BOUNDS), gap, side="left")
    return (bucket * 2 + head_first.astype(np.int64)).astype(np.int64)


N_DISTANCE = (len(_DISTANCE_BOUNDS) + 1) * 2


def _prefix(states: np.ndarray) -> np.ndarray:
    """Row prefix sums of ``states`` (float64), with a leading zero row: means of any token run in O(1)."""
    prefix = np.zeros((len(states) + 1, states.shape[1]), dtype=np.float64)
    np.cumsum(states, axis=0, dtype=np.float64, out=prefix[1:])
    return prefix


def span_features(states: np.ndarray, spans: np.ndarray, prefix: np.ndarray | None = None) -> np.ndarray:
    """Each token span's first, last and mean hidden state, concatenated: ``(len(spans), 3 * dim)``.

    ``spans`` holds ``[start, end)`` token indices into ``states`` (rows of tokens).
    """
    spans = np.asarray(spans, dtype=np.int64).reshape(-1, 2)
    prefix = _prefix(states) if prefix is None else prefix
    s, e = spans[:, 0], spans[:, 1]
    mean = (prefix[e] - prefix[s]) / np.maximum(e - s, 1)[:, None]
    return np.concatenate([states[s], states[e - 1], mean.astype(np.float32)], axis=1)


def pair_features(states: np.ndarray, spans: np.ndarray, pairs: np.ndarray, *, max_pool: bool = False,
                  outside: int = 0) -> dict[str, np.ndarray]:
    """Inputs of the relation network for ordered ``pairs`` (rows of ``[head, tail]`` indices into ``spans``).

    Returns the arrays ``spans`` (:func:`span_features`; the network
    projects each span once), ``head_index`` and ``tail_index`` (rows of
    ``spans``), ``between`` (the mean, first and last states of the tokens
    between the two spans, zeros when they touch or overlap; with
    ``max_pool`` their elementwise maximum too; with ``outside`` > 0 the
    mean of the ``outside`` tokens before the first span and after the
    second) and ``distance`` (:func:`distance_bucket`). Training and
    extraction both build the network's inputs here.
    """
    spans = np.asarray(spans, dtype=np.int64).reshape(-1, 2)
    pairs = np.asarray(pairs, dtype=np.int64).reshape(-1, 2)
    prefix = _prefix(states)
    feats = span_features(states, spans, prefix)
    h, t = spans[pairs[:, 0]], spans[pairs[:, 1]]
    head_first = h[:, 0] <= t[:, 0]
    lo = np.where(head_first, h[:, 1], t[:, 1])
    hi = np.where(head_first, t[:, 0], h[:, 0])
    gap = np.maximum(hi - lo, 0)
    dim = states.shape[1]
    parts = 3 + int(max_pool) + (2 if outside > 0 else 0)
    between = np.zeros((len(pairs), parts * dim), dtype=np.float32)
    rows = np.flatnonzero(gap > 0)
    if len(rows):
        a, b = lo[rows], hi[rows]
        between[rows, :dim] = (prefix[b] - prefix[a]) / (b - a)[:, None]
        between[rows, dim : 2 * dim] = states[a]
        between[rows, 2 * dim : 3 * dim] = states[b - 1]
        if max_pool:
            width = int((b - a).max())
            index = a[:, None] + np.arange(width)[None, :]
            inside = index < b[:, None]
            gathered = states[np.minimum(index, len(states) - 1)]
            gathered[~inside] = -np.inf
            between[rows, 3 * dim : 4 * dim] = gathered.max(axis=1)
    if outside > 0:
        col = (3 + int(max_pool)) * dim
        first = np.minimum(h[:, 0], t[:, 0])
        last = np.maximum(h[:, 1], t[:, 1])
        for offset, (x, y) in enumerate(((np.maximum(first - outside, 0), first),
                                         (last, np.minimum(last + outside, len(states))))):
            n = np.maximum(y - x, 0)
            some = n > 0
            between[some, col + offset * dim : col + (offset + 1) * dim] = (
                (prefix[y[some]] - prefix[x[some]]) / n[some][:, None])
    return {
        "spans": feats,
        "head_index": pairs[:, 0].copy(),
        "tail_index": pairs[:, 1].copy(),
        "between": between,
        "distance": distance_bucket(gap, head_first),
    }


class RelationClassifier:
    """The ``kgraph_relations`` spaCy component: relations between the mentions of each sentence.

    Runs after ``kgraph_mentions``; reads the hidden states the tagger left in
    ``doc.user_data`` (and removes them) and sets ``doc._.kgraph_relations``.

    Parameters
    ----------
    model_dir : path
        Folder with ``relations.onnx`` and ``relations.json``.
    threshold : float, optional
        Minimum probability of a relation, whatever its type; default: the
        per-type thresholds chosen on dev (``thresholds`` in
        ``relations.json``; a model without them has one ``threshold``).
    threads : int
        Accepted for symmetry with the tagger's settings; the relation
        networks are small and run on one onnxruntime thread (more only spin).
    """

    def __init__(self, model_dir: str | Path = MODEL_DIR, *, threshold: float | None = None, threads: int = 0,
                 generic: bool = False):
        self.model_dir = Path(model_dir)
        self.version = relations_version(self.model_dir)
        config = json.loads((self.model_dir / RELATIONS_CONFIG).read_text(encoding="utf-8"))
        self.types: list[str] = config["types"]
        self.features: dict = config.get("features", {})
        self.kinds: list[str] = config["kinds"]
        if threshold is not None:
            self.thresholds = {t: float(threshold) for t in self.types}
        else:
            default = float(config["threshold"])
            self.thresholds = {t: float(config.get("thresholds", {}).get(t, default)) for t in self.types}
        self.threads = threads
        self.generic = generic and (self.model_dir / GENERIC_FILE).exists()

    def _session(self, name: str):
        import onnxruntime as ort

        opts = ort.SessionOptions()
        # small matrices: more threads only spin (measured slower); the tagger keeps its threads
        opts.intra_op_num_threads = 1
        opts.inter_op_num_threads = 1
        return ort.InferenceSession(str(self.model_dir / name), opts, providers=["CPUExecutionProvider"])

    @cached_property
    def generic_session(self):
        return self._session(GENERIC_FILE)

    def generic_mentions(self, doc: Doc, states: np.ndarray, mentions: Sequence[Mention]) -> list[Mention]:
        """SciERC's ``Generic`` entities ("our approach", "it") that overlap no mention, as ``generic`` mentions."""
        if not len(doc):
            return []
        probs = self.generic_session.run(None, {"states": states})[0]
        return generic_spans(doc, probs.argmax(-1), mentions)

    @cached_property
    def session(self):
        return self._session(RELATIONS_FILE)

    def probabilities(self, inputs: dict[str, np.ndarray]) -> np.ndarray:
        """Class probabilities (none first, then :attr:`types`) for a batch of pair inputs."""
        return self.session.run(None, inputs)[0]

    def __call__(self, doc: Doc) -> Doc:
        states = doc.user_data.pop(STATES_KEY, None)
        mentions: list[Mention] = doc._.kgraph_mentions or []
        doc._.kgraph_relations = self.relations(doc, mentions, states) if states is not None else []
        return doc

    def candidates(self, doc: Doc, mentions: Sequence[Mention]) -> tuple[np.ndarray, np.ndarray, list[int]]:
        """Token spans of ``mentions``, the ordered pairs to classify, and each span's mention index.

        Pairs join two non-overlapping mentions of one sentence, at least
        one of them among the doc's own mentions (``doc._.kgraph_mentions``,
        when set): a pair of two extra arguments (the tagger's other spans,
        generic entities) was right one time in ten on SciERC dev.
        """
        own = doc._.kgraph_mentions if doc.has_extension("kgraph_mentions") else None
        anchors = None if own is None else {(m.start_char, m.end_char) for m in own}
        spans, owner, sent_of, anchored = [], [], [], []
        for i, m in enumerate(mentions):
            span = doc.char_span(m.start_char, m.end_char, alignment_mode="expand")
            if span is None or len(span) == 0:
                continue
            spans.append((span.start, span.end))
            owner.append(i)
            sent_of.append(span[0].sent.start)
            anchored.append(anchors is None or (m.start_char, m.end_char) in anchors)
        pairs = []
        order = sorted(range(len(spans)), key=lambda i: spans[i][0])
        for x, a in enumerate(order):  # each pair once, nearest first, then both ways round
            for b in order[x + 1:]:
                if spans[b][0] - spans[a][0] > MAX_PAIR_TOKENS:
                    break
                if (sent_of[a] == sent_of[b] and (anchored[a] or anchored[b])
                        and (spans[a][1] <= spans[b][0] or spans[b][1] <= spans[a][0])):
                    pairs += ((a, b), (b, a))
        pairs.sort()
        return np.asarray(spans, dtype=np.int64).reshape(-1, 2), np.asarray(pairs, dtype=np.int64).reshape(-1, 2), owner

    def relations(self, doc: Doc, mentions: Sequence[Mention], states: np.ndarray) -> list[Relation]:
        """Relations among ``mentions`` of ``doc`` from the tagger's hidden ``states``.

        With :attr:`generic`, SciERC's generic entities are candidate arguments too.
        """
        extra = tagger_spans(doc, mentions)
        if self.generic:
            extra += self.generic_mentions(doc, states, [*mentions, *extra])
        mentions = sorted([*mentions, *extra], key=lambda m: (m.start_char, m.end_char))
        spans, pairs, owner = self.candidates(doc, mentions)
        if not len(pairs):
            return []
        kind_id = {k: i for i, k in enumerate(self.kinds)}
        kinds = np.asarray([kind_id[mentions[i].kind] for i in owner], dtype=np.int64)
        probs = []
        for at in range(0, len(pairs), PAIR_BATCH):  # (the features of a batch of pairs, not of all at once)
            batch = pairs[at : at + PAIR_BATCH]
            inputs = pair_features(states, spans, batch, **self.features)
            inputs["head_kind"] = kinds[batch[:, 0]]
            inputs["tail_kind"] = kinds[batch[:, 1]]
            probs.append(self.probabilities(inputs))
        return self.decode(doc, mentions, spans, pairs, owner, np.concatenate(probs))

    def decode(self, doc, mentions, spans, pairs, owner, probs) -> list[Relation]:
        """At most one relation per pair of arguments, likeliest first.

        Each ordered pair's likeliest type counts when its probability
        reaches the threshold; a pair is then kept unless a likelier kept
        relation joins the same two arguments, in either direction, or
        overlapping spans of them (the tagger's span and the rules' span of
        one phrase are both candidates).
        """
        found = []
        for row in range(len(pairs)):
            t = int(probs[row, 1:].argmax()) + 1
            p = float(probs[row, t])
            if p >= self.thresholds[self.types[t - 1]]:
                found.append((p, row, t))
        found.sort(key=lambda x: (-x[0], x[1]))
        kept: list[tuple[float, int, int]] = []
        for p, row, t in found:
            a, b = spans[pairs[row][0]], spans[pairs[row][1]]
            if not any(_pair_overlaps(a, b, spans[pairs[r][0]], spans[pairs[r][1]]) for _, r, _ in kept):
                kept.append((p, row, t))
        out, sentences = [], {}
        for p, row, t in sorted(kept, key=lambda x: (pairs[x[1]][0], pairs[x[1]][1])):
            a, b = pairs[row]
            sent = doc[int(spans[a][0])].sent
            if sent.start not in sentences:  # one string per sentence, however many relations it states
                sentences[sent.start] = sent.text.strip()
            out.append(Relation(mentions[owner[a]], mentions[owner[b]], self.types[t - 1], round(p, 4),
                                sentences[sent.start]))
        return out


def _overlap(x, y) -> bool:
    return x[0] < y[1] and y[0] < x[1]


def _pair_overlaps(a, b, c, d) -> bool:
    """Whether argument spans ``(a, b)`` and ``(c, d)`` overlap pairwise, in either order."""
    return (_overlap(a, c) and _overlap(b, d)) or (_overlap(a, d) and _overlap(b, c))


def tagger_spans(doc: Doc, mentions: Sequence[Mention]) -> list[Mention]:
    """The tagger's own spans (before the rules) that no mention has exactly, as extra relation arguments.

    The rules trim, extend and drop the tagger's spans for the concept
    layer; SciERC's relation arguments often keep the tagger's boundaries
    ("pronoun resolution" where the rules keep "pronoun resolution in" out,
    "illumination conditions" against a longer mention), so both are
    candidates and the network picks between them.
    """
    taken = {(m.start_char, m.end_char) for m in mentions}
    out, text = [], doc.text  # doc.text joins every token: once per doc
    for span in doc.spans.get(SPANS_KEY, []):
        s, e = span.start_char, span.end_char
        if (s, e) not in taken and span.label_ in KINDS:
            taken.add((s, e))
            out.append(Mention(text[s:e], s, e, span.label_))
    return out


def generic_spans(doc: Doc, tags: np.ndarray, mentions: Sequence[Mention]) -> list[Mention]:
    """Mentions of kind ``generic`` from per-token tags (0 outside, 1 begin, 2 inside), overlapping no mention."""
    taken = [(m.start_char, m.end_char) for m in mentions]
    out, start, text = [], None, doc.text
    for i, tag in enumerate([*tags.tolist(), 0]):
        if start is not None and tag != 2:
            s, e = doc[start].idx, doc[i - 1].idx + len(doc[i - 1])
            if not any(s < te and ts < e for ts, te in taken):
                out.append(Mention(text[s:e], s, e, "generic"))
            start = None
        if tag == 1 or (tag == 2 and start is None):
            start = i
    return out


@Language.factory("kgraph_relations", assigns=["doc._.kgraph_relations"],
                  default_config={"model_dir": None, "threads": 0, "generic": False})
def make_relation_classifier(nlp: Language, name: str, model_dir: str | None, threads: int,
                             generic: bool) -> RelationClassifier:
    """spaCy factory: ``nlp.add_pipe("kgraph_relations")`` after ``kgraph_mentions``."""
    return RelationClassifier(model_dir or MODEL_DIR, threads=threads, generic=generic)


