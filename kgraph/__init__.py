"""kgraph: a knowledge graph of machine-learning literature, built from paper abstracts.

>>> import kgraph
>>> kg = kgraph.build("data")                     # doctest: +SKIP
>>> kg.save("outputs")                             # doctest: +SKIP
"""

from .build import build, from_texts, load
from .errors import (ConceptNotFound, InputError, KGraphError, MissingExtra, ModelNotFound, OutputError, PaperNotFound,
                     SettingError)
from .extract import extract
from .knowledge_graph import KnowledgeGraph
from .read import normalize_text
from .relations import RELATION_TYPES, Relation, extract_relations
from .types import KINDS, ROLES, Mention, Paper

__all__ = [
    "KnowledgeGraph", "build", "from_texts", "load", "extract", "normalize_text",
    "Mention", "Paper", "KINDS", "ROLES", "extract_relations", "Relation", "RELATION_TYPES",
    "KGraphError", "InputError", "OutputError", "SettingError", "ConceptNotFound", "PaperNotFound", "ModelNotFound",
    "MissingExtra",
]
__version__ = "0.1.0"
