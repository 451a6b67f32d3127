"""kgraph: a knowledge graph of machine-learning literature, built from paper abstracts.

>>> import kgraph
>>> kg = kgraph.build("data")                     # doctest: +SKIP
>>> kg.save("outputs")                             # doctest: +SKIP
"""

from .build import KnowledgeGraph, build, load
from .extract import KINDS, Mention, extract
from .read import InputError, normalize_text

__all__ = ["KnowledgeGraph", "build", "load", "extract", "Mention", "KINDS", "InputError", "normalize_text"]
__version__ = "0.1.0"
