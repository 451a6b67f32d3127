"""Typed relations between concepts, with the sentence that states them.

:func:`extract_relations` returns, for a text, the relations between its
mentions (:func:`kgraph.extract`) that the relation classifier finds
(:mod:`kgraph.relation_classifier`: a small network over the tagger's own
hidden states, so no second encoder pass). Types follow SciERC.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from .errors import ModelNotFound
from .types import MODEL_DIR, Mention

__all__ = ["Relation", "RELATION_TYPES", "extract_relations", "relations_version", "has_relation_model"]

#: The seven SciERC relation types, as kgraph names them.
RELATION_TYPES = ("used_for", "feature_of", "hyponym_of", "part_of", "compare", "conjunction", "evaluate_for")

RELATIONS_FILE = "relations.onnx"
RELATIONS_CONFIG = "relations.json"
GENERIC_FILE = "generic.onnx"


@dataclass(frozen=True, slots=True)
class Relation:
    """``head --type--> tail``, as the sentence ``evidence`` states it.

    ``head`` and ``tail`` are :class:`~kgraph.extract.Mention` objects with
    character offsets into the text; ``type`` is one of
    :data:`RELATION_TYPES` (SciERC's sense: "A used_for B" means A is used
    for B, "A hyponym_of B" that A is a kind of B, "A evaluate_for B" that
    A is used to evaluate B); ``confidence`` is the network's probability.
    """

    head: Mention
    tail: Mention
    type: str
    confidence: float
    evidence: str

    def __str__(self) -> str:
        return f"{self.head.text} --{self.type}--> {self.tail.text}"


def has_relation_model(model_dir: str | Path | None = None) -> bool:
    """Whether ``model_dir`` (default: the shipped models) holds a relation classifier."""
    folder = Path(model_dir or MODEL_DIR)
    return (folder / RELATIONS_FILE).exists() and (folder / RELATIONS_CONFIG).exists()


def relations_version(model_dir: str | Path | None = None) -> str:
    """The relation classifier's version (a digest of its network and threshold)."""
    config = Path(model_dir or MODEL_DIR) / RELATIONS_CONFIG
    try:
        return json.loads(config.read_text(encoding="utf-8"))["version"]
    except (OSError, ValueError, KeyError) as err:
        raise ModelNotFound(
            f"no relation classifier in {config.parent}: run `kgraph train-relations` to build it") from err



def extract_relations(text: str, *, generic: bool = False, model_dir: str | Path | None = None) -> list[Relation]:
    """Typed relations between the concepts of ``text``, each with the sentence that states it.

    A relation joins two arguments within one sentence: at least one is a
    mention of :func:`kgraph.extract`, the other a mention too or one of the
    tagger's spans that the rules reshaped ("pronoun resolution" inside the
    mention "pronoun resolution in dialogue"), with the same kinds; the
    latter are :class:`Mention` objects that ``extract`` does not return.
    With ``generic``, an argument may also
    be one of SciERC's generic entities ("our approach", "it"), as a mention
    of kind ``generic``: SciERC's gold counts those, so ``kgraph evaluate``
    scores with them, but they name no concept.

    Examples
    --------
    >>> from kgraph import extract_relations
    >>> rels = extract_relations("We use a convolutional neural network for image classification.")
    >>> [(r.head.text, r.type, r.tail.text) for r in rels]
    [('convolutional neural network', 'used_for', 'image classification')]
    """
    from .extract import extract_many

    if not isinstance(text, str):
        raise TypeError(f"extract_relations() takes a str, not {type(text).__name__}")
    _, relations = next(extract_many([text], model_dir=model_dir, relations=True, generic=generic))
    return relations
