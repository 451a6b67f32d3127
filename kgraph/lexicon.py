"""The lemminflect lexicon: which parts of speech an English word can have, offline.

At the bottom of the package beside :mod:`kgraph.types`: reading text
(:mod:`kgraph.read`, words broken at a line end) and the graph stage
(:mod:`kgraph.terms`) both ask it.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from .errors import MissingExtra


@lru_cache(maxsize=1)
def _lexicon() -> dict[str, frozenset[str]]:
    """lemminflect's English lexicon: word -> the parts of speech it can have (NOUN, VERB, ADJ, ADV).

    Read from the package's data file rather than through ``import lemminflect``,
    which imports spaCy (2-3 s): warm rebuilds and queries never need spaCy.
    """
    import csv
    import gzip
    from importlib.util import find_spec

    spec = find_spec("lemminflect")
    if spec is None or not spec.submodule_search_locations:
        raise MissingExtra("lemminflect is not installed: pip install lemminflect")
    path = Path(spec.submodule_search_locations[0]) / "resources" / "lemma_lu.csv.gz"
    upos = {"noun": "NOUN", "verb": "VERB", "aux": "VERB", "adj": "ADJ", "adv": "ADV"}
    table: dict[str, set[str]] = {}
    with gzip.open(path, "rt", encoding="utf-8") as f:
        for row in csv.reader(f):
            if len(row) >= 2 and row[1] in upos:
                table.setdefault(row[0], set()).add(upos[row[1]])
    return {word: frozenset(tags) for word, tags in table.items()}


def getAllLemmas(word: str) -> frozenset[str]:
    """The parts of speech the lexicon knows for ``word`` (lower-cased), empty when it does not know it."""
    return _lexicon().get(word.lower(), frozenset())


#: Words after a hyphen that make the compound an adjective ("model-agnostic", "English-centric", "layer-wise"):
#: reading keeps their hyphen, and the graph stage takes such a compound alone for no term.
#: Prefixes written with a hyphen on purpose ("non-stationarity", "semi-supervised", "multi-modal").
HYPHEN_PREFIXES = frozenset("""non un semi multi pre post anti sub super inter intra over under self meta co re de bi tri
    quasi pseudo hyper hypo cross counter mid mis micro macro mono poly auto neo proto ultra extra""".split())

HYPHEN_SUFFIXES = frozenset("""based free aware driven guided inspired specific agnostic dependent independent oriented
    like style wise enabled powered centric friendly level scale trained tuned ready weighted enhanced assisted elicited induced
    type generated augmented initialized only adapted""".split())


def is_word(word: str) -> bool:
    """True when the lexicon knows ``word`` (in any case) as a noun, verb, adjective or adverb."""
    return bool(getAllLemmas(word))
