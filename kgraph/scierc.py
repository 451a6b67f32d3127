"""Read SciERC-format gold (DyGIE++ JSON lines) as natural text with character spans.

SciERC (Luan et al., 2018) stores each abstract as PTB tokens (``-LRB-`` for
"(") with document-level inclusive token spans. kgraph never sees PTB tokens:
it reads running text. So each document is turned back into the text a reader
would see, and every gold span is carried over as character offsets into that
text. Training and evaluation then both work on text exactly as
:func:`kgraph.extract` sees it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from .errors import InputError

__all__ = ["GoldDoc", "LABEL_MAP", "read_scierc", "detokenize"]

#: SciERC labels to kgraph kinds. ``Generic`` ("our approach", "it") is never a concept.
LABEL_MAP = {
    "Method": "method",
    "Task": "task",
    "Metric": "metric",
    "Material": "dataset",
    "OtherScientificTerm": "concept",
}

_PTB = {
    "-LRB-": "(", "-RRB-": ")", "-LSB-": "[", "-RSB-": "]",
    "-LCB-": "{", "-RCB-": "}", "``": '"', "''": '"',
}
_NO_SPACE_BEFORE = {",", ".", ")", "]", "}", ":", ";", "?", "!", "%", "'s", "'", "n't", "'re", "'ve", "'ll", "'d", "'m"}
_NO_SPACE_AFTER = {"(", "[", "{", "$"}


@dataclass
class GoldDoc:
    """One gold abstract: its natural ``text`` and ``spans`` as ``(start, end, kind)``."""

    doc_key: str
    text: str
    spans: list[tuple[int, int, str]] = field(default_factory=list)


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
            except (json.JSONDecodeError, KeyError, TypeError) as err:
                raise InputError(f"{path}:{lineno}: not a SciERC document ({err})") from err
            text, offsets = detokenize(tokens)
            spans = []
            for start, end, label in ner:
                kind = LABEL_MAP.get(label)
                if kind is None:
                    continue
                spans.append((offsets[start][0], offsets[end][1], kind))
            docs.append(GoldDoc(str(rec.get("doc_key", f"{path.name}:{lineno}")), text, sorted(set(spans))))
    return docs
