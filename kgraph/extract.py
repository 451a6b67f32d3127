"""Extract stage: typed mentions of methods, tasks, datasets, metrics and concepts.

The spaCy pipeline is ``spacy.blank("en")`` (tokenizer) + ``sentencizer`` +
``kgraph_tagger`` (the shipped MiniLM model run by onnxruntime,
:mod:`kgraph.tagger`) + ``kgraph_mentions`` (rules on top of the model,
:mod:`kgraph.rules`). This module is the stage's public face; its records
(:class:`kgraph.types.Mention`) live in :mod:`kgraph.types`. spaCy and
onnxruntime are imported only when a pipeline is first needed, so work that
only reads cached results never loads them.
"""

from __future__ import annotations

import json
import logging
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Iterable, Iterator

from .errors import ModelNotFound
from .types import MODEL_DIR, Mention

if TYPE_CHECKING:
    from spacy.language import Language

__all__ = ["extract", "extract_many", "extractor_version", "pipeline", "tokenizer_pipeline", "RULES_VERSION"]

log = logging.getLogger("kgraph")

#: Bump when the rules or the tagger settings change what extraction returns (it keys the cache).
RULES_VERSION = "49"


#: spaCy's arithmetic infix ("3-1", "2+2"), but no hyphen after a word's letters and digits ("Qwen3-1.7B").
_NAME_DIGIT_HYPHEN = (r"(?<=[0-9])[+\*^](?=[0-9-])"
                      r"|(?<![A-Za-z][0-9])(?<![A-Za-z][0-9]{2})(?<![A-Za-z][0-9]\.[0-9])(?<=[0-9])-(?=[0-9-])")


def tokenizer_pipeline() -> Language:
    """kgraph's tokenizer and sentencizer: the text units the tagger is trained and run on."""
    import spacy

    nlp = spacy.blank("en")
    # spaCy keeps a full stop after one capital that follows a digit or a hyphen ("ImageNet-1K.", "LLaMA-7B.",
    # "ViT-L."), as it would an initial's: the name then keeps the stop and the sentence does not end there
    suffixes = [*nlp.Defaults.suffixes, r"(?<=[0-9\-][A-Z])\."]
    nlp.tokenizer.suffix_search = spacy.util.compile_suffix_regex(suffixes).search
    # and it splits a hyphen between digits as arithmetic, also inside a model's name ("Qwen3-1.7B",
    # "Llama3.2-3B" became "Qwen3", "-", "1.7B"): not after a word's letters and digits ("pages 1-10" still splits)
    infixes = [_NAME_DIGIT_HYPHEN if p == r"(?<=[0-9])[+\-\*^](?=[0-9-])" else p for p in nlp.Defaults.infixes]
    nlp.tokenizer.infix_finditer = spacy.util.compile_infix_regex(infixes).finditer
    nlp.add_pipe("sentencizer")
    return nlp


def pipeline(model_dir: str | None = None, threads: int = 0, relations: bool = False,
             generic: bool = False) -> Language:
    """The full extraction pipeline (loaded once per model folder, on first use).

    ``threads`` caps onnxruntime's threads (0: its default, one per core).
    With ``relations``, the relation classifier (:mod:`kgraph.relations`)
    runs last and sets ``doc._.kgraph_relations``; with ``generic`` too, its
    arguments may also be SciERC's generic entities ("our method", "it").
    """
    return _pipeline(str(model_dir or MODEL_DIR), threads, relations, generic)


def extractor_version(model_dir: str | None = None, relations: bool = False) -> str:
    """Identifies what extraction produces: the model's version and the rules' version.

    With ``relations``, the relation classifier's version too.
    """
    config = Path(model_dir or MODEL_DIR) / "config.json"
    try:
        version = json.loads(config.read_text(encoding="utf-8"))["version"]
    except (OSError, ValueError, KeyError) as err:
        raise ModelNotFound(f"no tagger model in {config.parent}: run `kgraph train` to build it") from err
    version = f"{version}+rules{RULES_VERSION}"
    if relations:
        from .relations import relations_version

        version += f"+{relations_version(model_dir)}"
    return version


@lru_cache(maxsize=4)
def _pipeline(model_dir: str, threads: int, relations: bool = False, generic: bool = False) -> Language:
    # registers the kgraph_tagger and kgraph_mentions factories; imported here, not at the top, so that
    # `import kgraph` and `kgraph query` never load spaCy (about a second)
    from . import rules, tagger  # noqa: F401

    nlp = tokenizer_pipeline()
    nlp.add_pipe("kgraph_tagger", config={"model_dir": model_dir, "threads": threads, "keep_states": relations})
    nlp.add_pipe("kgraph_mentions")
    if relations:
        from . import relation_classifier  # noqa: F401  (registers kgraph_relations)

        nlp.add_pipe("kgraph_relations", config={"model_dir": model_dir, "threads": threads, "generic": generic})
    return nlp


def extract_many(texts: Iterable[str], *, batch_size: int = 64, model_dir: str | None = None,
                 threads: int = 0, relations: bool = False, generic: bool = False) -> Iterator:
    """Mentions for each text, in order; texts longer than spaCy's ``max_length`` are cut with a warning.

    With ``relations``, each item is a pair: the mentions and the
    :class:`~kgraph.relations.Relation` objects among them (with ``generic``,
    also those with a generic argument, of kind ``generic``).
    """
    nlp = pipeline(model_dir, threads, relations, generic)

    def clipped():
        for text in texts:
            if len(text) > nlp.max_length:
                cut = text.rfind(" ", 0, nlp.max_length)
                cut = cut if cut > 0 else nlp.max_length
                log.warning("a text of %d characters was cut to %d (spaCy's max_length)", len(text), cut)
                text = text[:cut]
            yield text

    for doc in nlp.pipe(clipped(), batch_size=batch_size):
        yield (doc._.kgraph_mentions, doc._.kgraph_relations) if relations else doc._.kgraph_mentions


def extract(text: str) -> list[Mention]:
    """Typed mentions in ``text``, with character offsets into it.

    ``text`` is read as given, so that the offsets point into it: LaTeX and
    Markdown are not rendered here, and long runs of symbols are not
    shortened. Text from papers should go through :func:`kgraph.normalize_text`
    first, as :func:`kgraph.build` does (a text longer than spaCy's
    ``max_length`` is cut, with a warning).

    Examples
    --------
    >>> text = "Graph neural networks (GNNs) predict molecule properties. GNNs are fast."
    >>> [(m.text, m.kind, m.long_form) for m in extract(text) if m.text == "GNNs"]
    [('GNNs', 'method', 'Graph neural networks')]
    """
    if not isinstance(text, str):
        raise TypeError(f"extract() takes a str, not {type(text).__name__}")
    return next(extract_many([text]))
