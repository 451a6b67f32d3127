"""The records and constants every stage shares; imports nothing from kgraph.

A :class:`Paper` is what the read stage yields, a :class:`Mention` what the
extract stage yields; the graph, the cache and the rules all take them from
here, so no stage has to import another stage to name its data.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path

__all__ = ["Mention", "Paper", "KINDS", "ROLES", "SPANS_KEY", "MIN_CONFIDENCE", "MODEL_DIR", "text_hash"]

#: Concept kinds, in the order used to break ties (SciERC's Method, Task, Material, Metric,
#: OtherScientificTerm; see :data:`kgraph.scierc.LABEL_MAP`).
KINDS = ("method", "task", "dataset", "metric", "concept")

#: What a paper does with a concept, strongest first: it ``proposes`` what it introduces,
#: ``addresses`` a task it names after "address/tackle/solve/study/investigate", ``evaluates_on``
#: datasets and metrics named in a sentence about experiments or results, ``uses`` methods named
#: after "we use/employ/build on", else ``mentions``.
ROLES = ("proposes", "addresses", "evaluates_on", "uses", "mentions")

#: The ``doc.spans`` group where the tagger leaves its spans for the rules.
SPANS_KEY = "kgraph_model"

#: Tagger spans less sure than this are dropped unless the text defines or proposes them:
#: on SciERC dev, 0.5 raised typed precision from 59.9 to about 63 for a point of recall.
MIN_CONFIDENCE = 0.5

#: The shipped tagger (``kgraph train`` writes it).
MODEL_DIR = Path(__file__).parent / "model"


def text_hash(text: str) -> str:
    """SHA-1 of a text (hex): it keys a paper's id and the extraction cache.

    Examples
    --------
    >>> text_hash("abc")[:12]
    'a9993e364706'
    """
    return hashlib.sha1(text.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class Mention:
    """A typed mention: ``text`` is ``source[start_char:end_char]``.

    ``kind`` is one of :data:`KINDS`, ``role`` one of :data:`ROLES`.
    ``long_form`` is set on an abbreviation defined in the same text (it
    stands for that long form); ``short_form`` on a long form defined with an
    abbreviation. A mention that spans a whole definition ("convolutional
    neural networks (CNNs)") has both: it stands for ``long_form``.

    Examples
    --------
    >>> m = Mention("DOP", 30, 33, "method", role="proposes")
    >>> m.proposed, Mention("DOP", 30, 33, "method").proposed
    (True, False)
    """

    text: str
    start_char: int
    end_char: int
    kind: str
    long_form: str | None = None
    short_form: str | None = None
    role: str = "mentions"

    @property
    def proposed(self) -> bool:
        """True when the text introduces it ("we propose X"): the role is ``proposes``."""
        return self.role == "proposes"


@dataclass
class Paper:
    """One distinct abstract with the metadata it came with.

    ``sources`` are ``file:line`` places it was read from; ``meta`` holds the
    record's id, title, authors, year, venue, doi, arxiv_id and url when given.
    """

    abstract: str
    sources: list[str] = field(default_factory=list)
    meta: dict[str, str | int] = field(default_factory=dict)

    @property
    def id(self) -> str:
        """``paper:`` and the first 12 hex digits of :func:`text_hash` of the abstract."""
        return "paper:" + text_hash(self.abstract)[:12]
