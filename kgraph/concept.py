"""Graph stage, bottom: one concept's evidence as papers are read (:class:`_Concept`), its node id, and
whether its key is junk.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from .canon import concept_key
from .terms import is_junk


@dataclass
class _Concept:
    kinds: Counter = field(default_factory=Counter)
    surfaces: Counter = field(default_factory=Counter)
    shorts: Counter = field(default_factory=Counter)
    papers: set = field(default_factory=set)
    named: bool = False  # an abbreviation's long form, a proposed name, or a written name
    heads: Counter = field(default_factory=Counter)  # last words as written ("models" of "Mamba models")
    spelt: dict = field(default_factory=dict)  # surface with a short form spelt out -> as written ("mini-batch SGD")
    label: str | None = None  # a thesaurus topic's own label, when the topic became a node through its terms
    text_only: bool = False  # a thesaurus topic found only by reading the text, never by the tagger
    introduced: Counter = field(default_factory=Counter)  # the kinds its definitions introduce it as ("a ... model")
    defined: Counter = field(default_factory=Counter)  # its long forms as definitions write them ("Branch-and-Cut")
    #: what an appositive calls a name, short forms spelt out ("CLIPTTA, a new gradient-based TTA method")
    called: Counter = field(default_factory=Counter)
    proposed: bool = False  # a paper proposes it


def _junk(key: str, c: _Concept) -> bool:
    """:func:`kgraph.terms.is_junk` of a key, unless the paper wrote it as one hyphenated term: the key of
    "over-smoothing" or "in-context learning" starts with a preposition ("over smoothing"), as a sentence piece's
    would (a key junk for another reason, "greedy" of "greedy techniques", stays junk)."""
    first = key.split(" ", 1)[0]
    return is_junk(key) and not any(concept_key(f) == key and f.lower().startswith(first + "-") and not is_junk(f)
                                    for f in c.surfaces)


def concept_id(key: str) -> str:
    """The node id of a concept key, a valid XML NMTOKEN: ``concept:domain_generalization``.

    Examples
    --------
    >>> concept_id("domain generalization"), concept_id("koala++"), concept_id("c#")
    ('concept:domain_generalization', 'concept:koala_x2b_x2b', 'concept:c_x23')
    """
    out = []
    for ch in key.replace(" ", "_"):
        out.append(ch if ch.isalnum() or ch in "_.-" else f"_x{ord(ch):x}")
    return "concept:" + "".join(out)
