"""Score :func:`kgraph.extract` against SciERC-format gold (``kgraph evaluate``).

Scores are computed over natural text (see :mod:`kgraph.scierc`), on what
``extract`` returns, rules included:

* typed exact match: same start, end and kind (``Generic`` is not a kind);
* untyped exact match: same start and end;
* untyped overlap: a prediction and a gold span overlap (each used once);
* per-kind typed exact match.
"""

from __future__ import annotations

import time
from pathlib import Path

from .extract import extract_many
from .scierc import read_scierc
from .types import KINDS

__all__ = ["evaluate", "prf"]


def prf(tp: int, n_pred: int, n_gold: int) -> dict:
    """Precision, recall and F1 in percent."""
    p = 100 * tp / n_pred if n_pred else 0.0
    r = 100 * tp / n_gold if n_gold else 0.0
    f = 2 * p * r / (p + r) if p + r else 0.0
    return {"p": round(p, 2), "r": round(r, 2), "f1": round(f, 2), "tp": tp, "pred": n_pred, "gold": n_gold}


def _overlap_tp(pred: list[tuple[int, int]], gold: list[tuple[int, int]]) -> int:
    used = set()
    tp = 0
    for ps, pe in pred:
        for j, (gs, ge) in enumerate(gold):
            if j not in used and ps < ge and gs < pe:
                used.add(j)
                tp += 1
                break
    return tp


def evaluate(gold_path: str | Path, *, model_dir: str | None = None) -> dict:
    """Score extraction on a SciERC-format file; returns a dict of scores and speed."""
    docs = read_scierc(gold_path)
    next(extract_many(["Warm-up: load the model before the clock starts."], model_dir=model_dir))
    start = time.perf_counter()
    predicted = list(extract_many([d.text for d in docs], model_dir=model_dir))
    seconds = time.perf_counter() - start
    typed_tp = untyped_tp = overlap_tp = n_pred = n_gold = 0
    per_kind = {k: [0, 0, 0] for k in KINDS}
    for doc, mentions in zip(docs, predicted):
        pred = {(m.start_char, m.end_char, m.kind) for m in mentions}
        gold = set(doc.spans)
        n_pred += len(pred)
        n_gold += len(gold)
        typed_tp += len(pred & gold)
        untyped_tp += len({p[:2] for p in pred} & {g[:2] for g in gold})
        overlap_tp += _overlap_tp(sorted({p[:2] for p in pred}), sorted({g[:2] for g in gold}))
        for k in KINDS:
            pk = {p for p in pred if p[2] == k}
            gk = {g for g in gold if g[2] == k}
            per_kind[k][0] += len(pk & gk)
            per_kind[k][1] += len(pk)
            per_kind[k][2] += len(gk)
    return {
        "file": str(gold_path),
        "abstracts": len(docs),
        "typed": prf(typed_tp, n_pred, n_gold),
        "untyped_exact": prf(untyped_tp, n_pred, n_gold),
        "untyped_overlap": prf(overlap_tp, n_pred, n_gold),
        "per_kind": {k: prf(*v) for k, v in per_kind.items()},
        "seconds": round(seconds, 2),
        "abstracts_per_second": round(len(docs) / seconds, 1) if seconds else None,
    }
