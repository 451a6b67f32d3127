"""Train the relation classifier on SciERC-format data (``kgraph train-relations``).

Needs the ``train`` extra (torch, onnx); the run-time package needs neither.
The encoder is not trained again: the recipe reads the features the shipped
tagger computes anyway (its ``hidden`` output), so relations cost one small
network per document at run time.

1. Each gold abstract runs through the shipped extraction pipeline (natural
   text, kgraph's tokenizer, tagger and rules), which yields its predicted
   mentions, the tagger's own spans and every token's hidden states.
2. Candidate arguments are the predicted mentions and the tagger's spans
   that the rules changed (as at run time), together with the gold
   entities (``Generic`` ones included), so the network learns both from clean
   arguments and from what the pipeline will hand it at run time; a candidate
   pair is labelled with the gold relation joining exactly those two spans,
   else ``none``.
3. A small network (:class:`RelationNet`) is trained on the pairs' features
   (:func:`kgraph.relation_classifier.pair_features`) with a fixed seed on one thread.
4. On dev, relations are predicted through the shipped pipeline (predicted
   mentions only) after each epoch; the epoch count is fixed; the decision
   threshold is the one that maximises dev F1 (boundaries), then each
   relation type's threshold moves from it while that raises dev F1.
5. The network is exported to ONNX with int8 weights (``relations.onnx``;
   onnxruntime dynamic quantisation, per channel) with its settings
   (``relations.json``) beside the tagger.
"""

from __future__ import annotations

import copy
import hashlib
import json
import logging
import random
import tempfile
import time
from pathlib import Path

import numpy as np

from .extract import MODEL_DIR, tokenizer_pipeline
from .relation_classifier import ARG_KINDS, N_DISTANCE, RelationClassifier, generic_spans, pair_features, tagger_spans
from .relations import GENERIC_FILE, RELATION_TYPES, RELATIONS_CONFIG, RELATIONS_FILE
from .evaluate import relation_scores
from .scierc import GoldDoc, read_scierc
from .tagger import STATES_KEY

__all__ = ["train_relations"]

log = logging.getLogger(__name__)


def _pipeline(model_dir: Path):
    from . import rules, tagger  # noqa: F401  (register the factories)

    nlp = tokenizer_pipeline()
    nlp.add_pipe("kgraph_tagger", config={"model_dir": str(model_dir), "keep_states": True})
    nlp.add_pipe("kgraph_mentions")
    return nlp


def _run(nlp, golds: list[GoldDoc]):
    """(doc, candidate arguments, per-token states) for each gold abstract.

    The candidates are what the run-time classifier starts from: the
    predicted mentions and the tagger's own spans the rules changed.
    """
    out = []
    for doc in nlp.pipe([g.text for g in golds], batch_size=32):
        states = doc.user_data.pop(STATES_KEY)
        mentions = list(doc._.kgraph_mentions)
        cands = sorted([*mentions, *tagger_spans(doc, mentions)], key=lambda m: (m.start_char, m.end_char))
        out.append((doc, cands, states))
    return out


def _training_pairs(doc, gold: GoldDoc, mentions, states, use_gold: bool, features: dict):
    """Span table, pair features and labels of one training document."""
    kind_id = {k: i for i, k in enumerate(ARG_KINDS)}
    cands: dict[tuple[int, int], int] = {}
    for m in mentions:
        cands[(m.start_char, m.end_char)] = kind_id[m.kind]
    if use_gold:
        for s, e, k in gold.spans:
            cands.setdefault((s, e), kind_id[k])
        for s, e in gold.generic:
            cands.setdefault((s, e), kind_id["generic"])
    label = {(hs, he, ts, te): RELATION_TYPES.index(t) + 1 for hs, he, ts, te, t in gold.relations}
    spans, kinds, chars, sents = [], [], [], []
    for (s, e), k in sorted(cands.items()):
        span = doc.char_span(s, e, alignment_mode="expand")
        if span is None or len(span) == 0:
            continue
        spans.append((span.start, span.end))
        kinds.append(k)
        chars.append((s, e))
        sents.append(span[0].sent.start)
    pairs, labels = [], []
    for a in range(len(spans)):
        for b in range(len(spans)):
            if a != b and sents[a] == sents[b] and (spans[a][1] <= spans[b][0] or spans[b][1] <= spans[a][0]):
                pairs.append((a, b))
                labels.append(label.get((*chars[a], *chars[b]), 0))
    if not pairs:
        return None
    pairs_arr = np.asarray(pairs, dtype=np.int64)
    feats = _per_pair(pair_features(states, np.asarray(spans), pairs_arr, **features))
    kinds_arr = np.asarray(kinds, dtype=np.int64)
    feats["head_kind"] = kinds_arr[pairs_arr[:, 0]]
    feats["tail_kind"] = kinds_arr[pairs_arr[:, 1]]
    found = sum(1 for l in labels if l)
    return feats, np.asarray(labels, dtype=np.int64), found


def _net(torch, dim: int, between_dim: int, hidden: int, dropout: float):
    nn = torch.nn

    class RelationNet(nn.Module):
        """Span-pair classifier over frozen encoder states: none + the seven relation types."""

        def __init__(self):
            super().__init__()
            self.drop_in = nn.Dropout(dropout)
            self.span = nn.Sequential(nn.Linear(3 * dim, hidden), nn.GELU())
            self.between = nn.Sequential(nn.Linear(between_dim, hidden // 2), nn.GELU())
            self.kind = nn.Embedding(len(ARG_KINDS), 32)
            self.distance = nn.Embedding(N_DISTANCE, 32)
            self.out = nn.Sequential(
                nn.Dropout(dropout), nn.Linear(3 * hidden + hidden // 2 + 96, hidden), nn.GELU(),
                nn.Dropout(dropout), nn.Linear(hidden, len(RELATION_TYPES) + 1),
            )

        def logits(self, head, tail, between, head_kind, tail_kind, distance):
            h = self.span(self.drop_in(head))
            t = self.span(self.drop_in(tail))
            b = self.between(self.drop_in(between))
            x = torch.cat([h, t, h * t, b, self.kind(head_kind), self.kind(tail_kind), self.distance(distance)], -1)
            return self.out(x)

        def pair_probs(self, *inputs):
            return torch.softmax(self.logits(*inputs), -1)

        def forward(self, spans, head_index, tail_index, between, head_kind, tail_kind, distance):
            # each span is projected once, then gathered per pair (same values as logits() on per-pair rows)
            s = self.span(spans)
            h, t = s[head_index], s[tail_index]
            b = self.between(between)
            x = torch.cat([h, t, h * t, b, self.kind(head_kind), self.kind(tail_kind), self.distance(distance)], -1)
            return torch.softmax(self.out(x), -1)

    return RelationNet()


def _mean_net(torch, nets):
    """The members' mean class probabilities, as one network."""

    class MeanNet(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.members = torch.nn.ModuleList(nets)

        def pair_probs(self, *inputs):
            return torch.stack([m.pair_probs(*inputs) for m in self.members]).mean(0)

        def forward(self, *inputs):
            return torch.stack([m(*inputs) for m in self.members]).mean(0)

    return MeanNet().eval()


_INPUTS = ("head", "tail", "between", "head_kind", "tail_kind", "distance")
#: The exported network's inputs (what :meth:`RelationClassifier.relations` feeds it).
_ONNX_INPUTS = ("spans", "head_index", "tail_index", "between", "head_kind", "tail_kind", "distance")


def _per_pair(inputs: dict) -> dict:
    """Run-time inputs (span table and indices) as one row of features per pair (training batches)."""
    out = dict(inputs)
    spans = out.pop("spans")
    out["head"] = spans[out.pop("head_index")]
    out["tail"] = spans[out.pop("tail_index")]
    return out


def _generic_labels(doc, gold: GoldDoc) -> np.ndarray:
    labels = np.zeros(len(doc), dtype=np.int64)
    for s, e in gold.generic:
        span = doc.char_span(s, e, alignment_mode="expand")
        if span is not None and len(span):
            labels[span.start] = 1
            labels[span.start + 1 : span.end] = 2
    return labels


def _train_generic(torch, train_runs, golds, dev_runs, dev, dim: int, seed: int, epochs: int = 4):
    """A token tagger for SciERC's Generic entities over the same states; returns it and its dev scores."""
    from .evaluate import prf

    nn = torch.nn
    x = torch.from_numpy(np.concatenate([st for _, _, st in train_runs]))
    y = torch.from_numpy(np.concatenate([_generic_labels(doc, g) for (doc, _, _), g in zip(train_runs, golds)]))
    net = nn.Sequential(nn.Dropout(0.2), nn.Linear(dim, 128), nn.GELU(), nn.Linear(128, 3), nn.Softmax(-1))
    optim = torch.optim.AdamW(net.parameters(), lr=1e-3, weight_decay=0.01)
    gen = torch.Generator().manual_seed(seed)
    loss_fn = torch.nn.NLLLoss()
    for _ in range(epochs):
        net.train()
        for idx in torch.randperm(len(y), generator=gen).split(128):
            loss = loss_fn(torch.log(net(x[idx]) + 1e-9), y[idx])
            loss.backward()
            optim.step()
            optim.zero_grad()
    net.eval()
    found = []
    tp = n_pred = n_gold = 0
    for (doc, mentions, states), gold in zip(dev_runs, dev):
        with torch.no_grad():
            tags = net(torch.from_numpy(states)).numpy().argmax(-1)
        spans = generic_spans(doc, tags, mentions)
        found.append(spans)
        pred = {(m.start_char, m.end_char) for m in spans}
        tp += len(pred & set(gold.generic))
        n_pred += len(pred)
        n_gold += len(gold.generic)
    return net, found, prf(tp, n_pred, n_gold)


class _TorchClassifier(RelationClassifier):
    """The run-time classifier with the torch network in place of the ONNX session (dev scoring)."""

    def __init__(self, net, torch, threshold: float, features: dict):  # noqa: D107  (no config file yet)
        self.net, self.torch = net, torch
        self.features = features
        self.types = list(RELATION_TYPES)
        self.kinds = list(ARG_KINDS)
        self.thresholds = {t: threshold for t in self.types}

    def probabilities(self, inputs):
        with self.torch.no_grad():
            inputs = _per_pair(inputs)
            return self.net.pair_probs(*(self.torch.from_numpy(np.ascontiguousarray(inputs[k])) for k in _INPUTS)).numpy()


def _dev_probs(classifier, dev_runs):
    """Per dev doc: (doc, mentions, spans, pairs, owner, probs)."""
    out = []
    kind_id = {k: i for i, k in enumerate(ARG_KINDS)}
    for doc, mentions, states in dev_runs:
        spans, pairs, owner = classifier.candidates(doc, mentions)
        if len(pairs):
            kinds = np.asarray([kind_id[mentions[i].kind] for i in owner], dtype=np.int64)
            inputs = pair_features(states, spans, pairs, **classifier.features)
            inputs["head_kind"] = kinds[pairs[:, 0]]
            inputs["tail_kind"] = kinds[pairs[:, 1]]
            probs = classifier.probabilities(inputs)
        else:
            probs = np.zeros((0, len(RELATION_TYPES) + 1), dtype=np.float32)
        out.append((doc, mentions, spans, pairs, owner, probs))
    return out


def _decode_all(classifier, dev_probs, threshold):
    """Relations of each dev doc at ``threshold`` (one for all types, or a dict by type)."""
    classifier.thresholds = dict(threshold) if isinstance(threshold, dict) else {t: threshold for t in classifier.types}
    return [classifier.decode(doc, ms, spans, pairs, owner, probs) if len(pairs) else []
            for doc, ms, spans, pairs, owner, probs in dev_probs]


def train_relations(
    train_files: list[str | Path],
    dev_file: str | Path,
    *,
    model_dir: str | Path = MODEL_DIR,
    out_dir: str | Path | None = None,
    epochs: int = 10,
    lr: float = 2e-3,
    batch_size: int = 64,
    hidden: int = 256,
    dropout: float = 0.2,
    none_weight: float = 1.0,
    ema_decay: float = 0.995,
    members: int = 3,
    use_gold: bool = True,
    seed: int = 13,
    threads: int = 1,
    type_thresholds: bool = False,
    max_pool: bool = False,
    outside: int = 0,
) -> dict:
    """Train the relation classifier on the shipped tagger's features; write it into ``out_dir``.

    Parameters
    ----------
    train_files, dev_file : paths
        SciERC-format files; dev chooses the decision threshold.
    model_dir : path
        The tagger whose ``hidden`` output provides the features.
    out_dir : path, optional
        Where ``relations.onnx`` and ``relations.json`` go (default: ``model_dir``).

    Returns a summary: dev scores after each epoch, the chosen threshold and
    its dev scores, pair counts and the time taken.
    """
    try:
        import torch
    except ImportError as err:
        raise RuntimeError("training needs the train extra: pip install -e '.[train]'") from err
    t0 = time.time()
    features = {"max_pool": max_pool, "outside": outside}
    model_dir = Path(model_dir)
    out_dir = Path(out_dir or model_dir)
    random.seed(seed)
    np.random.seed(seed)
    torch.manual_seed(seed)
    torch.set_num_threads(threads)
    torch.use_deterministic_algorithms(True, warn_only=True)

    nlp = _pipeline(model_dir)
    golds = [g for f in train_files for g in read_scierc(f)]
    dev = read_scierc(dev_file)
    train_runs = _run(nlp, golds)
    dev_runs = _run(nlp, dev)
    log.info("features of %d train and %d dev abstracts in %.0f s", len(golds), len(dev), time.time() - t0)

    parts, found = [], 0
    for (doc, mentions, states), gold in zip(train_runs, golds):
        item = _training_pairs(doc, gold, mentions, states, use_gold, features)
        if item:
            parts.append(item)
            found += item[2]
    data = {k: torch.from_numpy(np.concatenate([p[0][k] for p in parts])) for k in _INPUTS}
    labels = torch.from_numpy(np.concatenate([p[1] for p in parts]))
    n_gold = sum(len(g.relations) for g in golds)
    log.info("%d training pairs, %d of the %d gold relations among them", len(labels), found, n_gold)

    dim = data["head"].shape[1] // 3
    generic_net, dev_generic, generic_scores = _train_generic(torch, train_runs, golds, dev_runs, dev, dim, seed)
    log.info("generic entities on dev: %s", generic_scores)
    dev_runs_all = [(doc, sorted([*ms, *gm], key=lambda m: (m.start_char, m.end_char)), st)
                    for (doc, ms, st), gm in zip(dev_runs, dev_generic)]
    weight = torch.ones(len(RELATION_TYPES) + 1)
    weight[0] = none_weight
    loss_fn = torch.nn.CrossEntropyLoss(weight=weight)
    steps = epochs * ((len(labels) + batch_size - 1) // batch_size)
    history, emas = [], []
    for member in range(members):
        torch.manual_seed(seed + member)
        net = _net(torch, dim, data["between"].shape[1], hidden, dropout)
        optim = torch.optim.AdamW(net.parameters(), lr=lr, weight_decay=0.01)
        sched = torch.optim.lr_scheduler.LambdaLR(optim, lambda s: max(0.0, 1 - s / steps))
        gen = torch.Generator().manual_seed(seed + member)
        # each member exported is an exponential moving average of the trained weights:
        # dev F1 moves by several points from epoch to epoch without it
        ema = copy.deepcopy(net)
        ema.eval()
        classifier = _TorchClassifier(ema, torch, 0.5, features)
        for epoch in range(1, epochs + 1):
            net.train()
            total = 0.0
            for idx in torch.randperm(len(labels), generator=gen).split(batch_size):
                logits = net.logits(*(data[k][idx] for k in _INPUTS))
                loss = loss_fn(logits, labels[idx])
                loss.backward()
                optim.step()
                sched.step()
                optim.zero_grad()
                total += float(loss.detach()) * len(idx)
                with torch.no_grad():
                    for avg, cur in zip(ema.parameters(), net.parameters()):
                        avg.mul_(ema_decay).add_(cur, alpha=1 - ema_decay)
            entry = {"member": member + 1, "epoch": epoch, "loss": round(total / len(labels), 4),
                     "seconds": round(time.time() - t0)}
            if epoch == epochs or epoch % 4 == 0:
                scores = relation_scores(_decode_all(classifier, _dev_probs(classifier, dev_runs_all), 0.5), dev)
                entry["dev_f1_at_0.5"] = scores["boundaries"]["f1"]
            history.append(entry)
            log.info("epoch %s", entry)
        emas.append(ema)

    ensemble = _mean_net(torch, emas)
    classifier = _TorchClassifier(ensemble, torch, 0.5, features)
    probs = _dev_probs(classifier, dev_runs_all)
    grid = [round(float(x), 3) for x in np.arange(0.1, 0.9, 0.025)]
    by_threshold = {th: relation_scores(_decode_all(classifier, probs, th), dev) for th in grid}
    threshold = max(grid, key=lambda th: (by_threshold[th]["boundaries"]["f1"], th))
    thresholds = _type_thresholds(classifier, probs, dev, threshold, grid) if type_thresholds else {}
    chosen = thresholds or threshold
    all_args = relation_scores(_decode_all(classifier, probs, chosen), dev)
    concepts_only = relation_scores(_decode_all(classifier, _dev_probs(classifier, dev_runs), chosen), dev)
    recipe = {"epochs": epochs, "lr": lr, "batch_size": batch_size, "hidden": hidden, "dropout": dropout,
              "none_weight": none_weight, "ema_decay": ema_decay, "members": members, "use_gold": use_gold, "seed": seed,
              "type_thresholds": type_thresholds,
              "train_files": [Path(f).name for f in train_files], "dev_file": Path(dev_file).name}
    dev_scores = {"all arguments": all_args, "one threshold": by_threshold[threshold]["boundaries"],
                  "concept arguments": concepts_only,
                  "generic entities": generic_scores}
    log.info("threshold %s: %s", threshold, dev_scores)
    _export(ensemble, generic_net, torch, dim, data["between"].shape[1], out_dir, threshold, thresholds, features,
            recipe, dev_scores)
    return {"history": history, "threshold": threshold, "thresholds": thresholds, "dev": dev_scores,
            "pairs": int(len(labels)), "gold_relations_in_pairs": found, "gold_relations": n_gold,
            "seconds": round(time.time() - t0)}


def _type_thresholds(classifier, probs, dev, threshold: float, grid, rounds: int = 2) -> dict[str, float]:
    """Per-type thresholds by coordinate ascent on dev F1 (boundaries), from the single best ``threshold``.

    Each type's threshold moves only when that raises dev F1 (ties keep it),
    type after type, ``rounds`` times.
    """
    chosen = {t: threshold for t in classifier.types}
    best = relation_scores(_decode_all(classifier, probs, chosen), dev)["boundaries"]["f1"]
    for _ in range(rounds):
        for t in classifier.types:
            for th in grid:
                trial = {**chosen, t: th}
                f1 = relation_scores(_decode_all(classifier, probs, trial), dev)["boundaries"]["f1"]
                if f1 > best:
                    best, chosen = f1, trial
    return chosen


def _export(net, generic_net, torch, dim, between_dim, out_dir: Path, threshold, thresholds, features, recipe,
            dev_scores):
    index = torch.tensor([0, 1, 0], dtype=torch.long)
    args = (torch.zeros(2, 3 * dim), index, index.flip(0), torch.zeros(3, between_dim),
            torch.zeros(3, dtype=torch.long), torch.zeros(3, dtype=torch.long), torch.zeros(3, dtype=torch.long))
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / RELATIONS_FILE
        axes = {k: {0: "pairs"} for k in _ONNX_INPUTS}
        axes["spans"] = {0: "spans"}
        torch.onnx.export(net, args, str(path), input_names=list(_ONNX_INPUTS), output_names=["probs"],
                          opset_version=17, dynamo=False, dynamic_axes={**axes, "probs": {0: "pairs"}})
        # int8 weights, as the tagger's: a third of the relation step's time on the bundled corpus and
        # a quarter of the size, with the same SciERC dev figures (36.9 boundaries F1 either way)
        from onnxruntime.quantization import QuantType, quantize_dynamic

        quantized = Path(tmp) / ("int8-" + RELATIONS_FILE)
        quantize_dynamic(str(path), str(quantized), per_channel=True, weight_type=QuantType.QInt8)
        blob = quantized.read_bytes()
        path = Path(tmp) / GENERIC_FILE
        torch.onnx.export(generic_net, (torch.zeros(3, dim),), str(path), input_names=["states"],
                          output_names=["probs"], opset_version=17, dynamo=False,
                          dynamic_axes={"states": {0: "tokens"}, "probs": {0: "tokens"}})
        generic_blob = path.read_bytes()
    digest = hashlib.sha256(blob + generic_blob + repr((threshold, sorted(thresholds.items()))).encode()).hexdigest()[:12]
    config = {"version": f"relations-{digest}", "types": list(RELATION_TYPES), "kinds": list(ARG_KINDS),
              "threshold": threshold, "thresholds": thresholds, "features": features, "recipe": recipe,
              "dev": dev_scores}
    out_dir.mkdir(parents=True, exist_ok=True)
    for name, data in ((RELATIONS_FILE, blob), (GENERIC_FILE, generic_blob)):
        tmp_model = out_dir / (name + ".tmp")
        tmp_model.write_bytes(data)
        tmp_model.replace(out_dir / name)
    (out_dir / RELATIONS_CONFIG).write_text(json.dumps(config, indent=2) + "\n", encoding="utf-8")
