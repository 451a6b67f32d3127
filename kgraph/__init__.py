"""kgraph: a knowledge graph of machine-learning literature, built from paper abstracts.

>>> import kgraph
>>> kg = kgraph.build("data")                     # doctest: +SKIP
>>> kg.save("outputs")                             # doctest: +SKIP
"""

from .build import KnowledgeGraph, build, load
from .extract import KINDS, Mention, extract
from .read import InputError, normalize_text
from .relations import RELATION_TYPES, Relation, extract_relations

__all__ = ["KnowledgeGraph", "build", "load", "extract", "Mention", "KINDS", "InputError", "normalize_text",
           "extract_relations", "Relation", "RELATION_TYPES"]
__version__ = "0.1.0"
