"""Read SciERC-format gold (DyGIE++ JSON lines) as natural text with character spans.

SciERC (Luan et al., 2018) stores each abstract as PTB tokens (``-LRB-`` for
"(") with document-level inclusive token spans. kgraph never sees PTB tokens:
it reads running text. So each document is turned back into the text a reader
would see, and every gold span is carried over as character offsets into that
text. Training and evaluation then both work on text exactly as
:func:`kgraph.extract` sees it.

TDMSci (Hou et al., 2021; CoNLL lines of word, offset and tag) is read the
same way: :func:`read_conll` for the held-out check, :func:`read_tdmsci`
for training beside SciERC (partial gold: three kinds, no relations).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from .errors import InputError

__all__ = ["GoldDoc", "LABEL_MAP", "RELATION_MAP", "TDMSCI_MAP", "read_scierc", "read_conll", "read_tdmsci", "detokenize"]

#: SciERC labels to kgraph kinds. ``Generic`` ("our approach", "it") is never a concept.
LABEL_MAP = {
    "Method": "method",
    "Task": "task",
    "Metric": "metric",
    "Material": "dataset",
    "OtherScientificTerm": "concept",
}

#: SciERC relation labels to kgraph relation types.
RELATION_MAP = {
    "USED-FOR": "used_for",
    "FEATURE-OF": "feature_of",
    "HYPONYM-OF": "hyponym_of",
    "PART-OF": "part_of",
    "COMPARE": "compare",
    "CONJUNCTION": "conjunction",
    "EVALUATE-FOR": "evaluate_for",
}

_PTB = {
    "-LRB-": "(", "-RRB-": ")", "-LSB-": "[", "-RSB-": "]",
    "-LCB-": "{", "-RCB-": "}", "``": '"', "''": '"',
}
_NO_SPACE_BEFORE = {",", ".", ")", "]", "}", ":", ";", "?", "!", "%", "'s", "'", "n't", "'re", "'ve", "'ll", "'d", "'m"}
_NO_SPACE_AFTER = {"(", "[", "{", "$"}


@dataclass
class GoldDoc:
    """One gold abstract: its natural ``text`` and ``spans`` as ``(start, end, kind)``.

    ``generic`` holds the character spans of SciERC's ``Generic`` entities
    ("our approach", "it"), which are not kgraph kinds but can be relation
    arguments; ``relations`` holds ``(head_start, head_end, tail_start,
    tail_end, type)`` with ``type`` one of :data:`RELATION_MAP`'s values.
    """

    doc_key: str
    text: str
    spans: list[tuple[int, int, str]] = field(default_factory=list)
    generic: list[tuple[int, int]] = field(default_factory=list)
    relations: list[tuple[int, int, int, int, str]] = field(default_factory=list)
    #: True when ``spans`` cover some kinds only (TDMSci's tasks, datasets and metrics): a word outside
    #: them is unannotated, not "no mention" (:func:`read_tdmsci`).
    partial: bool = False
    #: False when the source annotates no relations (TDMSci): its pairs of spans are unknown, not unrelated.
    relations_annotated: bool = True


def detokenize(tokens: list[str]) -> tuple[str, list[tuple[int, int]]]:
    """Join PTB tokens into natural text; return it and each token's character offsets.

    Examples
    --------
    >>> text, offsets = detokenize(["graph", "networks", "-LRB-", "GNNs", "-RRB-", "."])
    >>> text
    'graph networks (GNNs).'
    >>> text[offsets[3][0]:offsets[3][1]]
    'GNNs'
    """
    parts: list[str] = []
    offsets: list[tuple[int, int]] = []
    pos = 0
    prev = None
    for raw in tokens:
        tok = _PTB.get(raw, raw)
        if prev is not None and tok not in _NO_SPACE_BEFORE and prev not in _NO_SPACE_AFTER:
            parts.append(" ")
            pos += 1
        offsets.append((pos, pos + len(tok)))
        parts.append(tok)
        pos += len(tok)
        prev = tok
    return "".join(parts), offsets


def read_scierc(path: str | Path) -> list[GoldDoc]:
    """Read a SciERC JSON-lines file into :class:`GoldDoc` objects.

    Raises :class:`kgraph.InputError` naming the file and line for a line
    that is not a SciERC document.
    """
    path = Path(path)
    docs = []
    with path.open(encoding="utf-8") as fh:
        for lineno, line in enumerate(fh, 1):
            if not line.strip():
                continue
            try:
                rec = json.loads(line)
                tokens = [t for sent in rec["sentences"] for t in sent]
                ner = [span for sent in rec["ner"] for span in sent]
                rels = [r for sent in rec.get("relations", []) for r in sent]
            except (json.JSONDecodeError, KeyError, TypeError) as err:
                raise InputError(f"{path}:{lineno}: not a SciERC document ({err})") from err
            text, offsets = detokenize(tokens)
            spans, generic, relations = [], [], []
            try:
                for start, end, label in ner:
                    kind = LABEL_MAP.get(label)
                    if kind is not None:
                        spans.append((offsets[start][0], offsets[end][1], kind))
                    elif label == "Generic":
                        generic.append((offsets[start][0], offsets[end][1]))
                for hs, he, ts, te, label in rels:
                    if label in RELATION_MAP:
                        relations.append((offsets[hs][0], offsets[he][1], offsets[ts][0], offsets[te][1],
                                          RELATION_MAP[label]))
            except (IndexError, TypeError, ValueError) as err:
                raise InputError(f"{path}:{lineno}: a span of this SciERC document is malformed ({err})") from err
            docs.append(GoldDoc(str(rec.get("doc_key", f"{path.name}:{lineno}")), text, sorted(set(spans)),
                                sorted(set(generic)), sorted(set(relations))))
    return docs


#: TDMSci tags to kgraph kinds.
TDMSCI_MAP = {"TASK": "task", "DATASET": "dataset", "METRIC": "metric"}


def read_conll(path: str | Path) -> list[tuple[str, list[tuple[int, int, str]]]]:
    """TDMSci's CoNLL file (word, offset, BIO tag per line) as ``(sentence text, [(start, end, TAG)])``.

    Words are laid out at their offsets, so the text keeps the source's
    spacing. Raises :class:`kgraph.InputError` naming the file and line
    for a line that is not ``word<TAB>offset<TAB>tag``.
    """
    path = Path(path)
    sents: list[list[tuple[str, int, str]]] = []
    tokens: list[tuple[str, int, str]] = []
    with path.open(encoding="utf-8") as fh:
        for lineno, line in enumerate(fh, 1):
            line = line.rstrip("\n")
            if not line.strip():
                if tokens:
                    sents.append(tokens)
                tokens = []
                continue
            try:
                word, offset, tag = line.split("\t")
                tokens.append((word, int(offset), tag))
            except ValueError as err:
                raise InputError(f"{path}:{lineno}: not a CoNLL line 'word<TAB>offset<TAB>tag' ({err})") from err
    if tokens:
        sents.append(tokens)
    out = []
    for toks in sents:
        base = toks[0][1]
        text = ""
        spans, cur = [], None
        for word, offset, tag in toks:
            pos = max(offset - base, len(text))
            text += " " * (pos - len(text)) + word
            if tag.startswith("B-") or tag == "O" or (tag.startswith("I-") and (cur is None or cur[2] != tag[2:])):
                if cur:
                    spans.append(tuple(cur))
                cur = [pos, pos + len(word), tag[2:]] if tag != "O" else None
            else:
                cur[1] = pos + len(word)
        if cur:
            spans.append(tuple(cur))
        out.append((text, spans))
    return out


def read_tdmsci(path: str | Path, *, half: str | None = "even", per_doc: int = 8) -> list[GoldDoc]:
    """TDMSci sentences as partial :class:`GoldDoc` objects for training beside SciERC.

    ``half="even"`` keeps the even-numbered sentences (the odd half is the
    held-out check, ``benchmarks/tdmsci.py --half odd``); ``None`` keeps all.
    Consecutive sentences are joined, ``per_doc`` at a time, into one
    document, so the tagger sees them with neighbours as it sees an
    abstract. TDMSci tags tasks, datasets and metrics only: the documents
    are ``partial``, their other words unannotated.
    """
    sents = read_conll(path)
    if half is not None:
        sents = sents[half == "odd" :: 2]
    docs = []
    for first in range(0, len(sents), per_doc):
        text, spans = "", []
        for sent, sent_spans in sents[first : first + per_doc]:
            base = len(text) + (1 if text else 0)
            text += (" " if text else "") + sent
            spans += [(base + s, base + e, TDMSCI_MAP[t]) for s, e, t in sent_spans if t in TDMSCI_MAP]
        docs.append(GoldDoc(f"{Path(path).name}:{first}", text, sorted(set(spans)), partial=True,
                            relations_annotated=False))
    return docs
