"""The ``kgraph_mentions`` spaCy component: rules on top of the tagger.

The rules

* resolve abbreviations defined in the text (:mod:`kgraph.abbrev`): a
  definition the tagger took whole ("convolutional neural networks (CNNs)")
  keeps its boundaries and carries its long and short forms; otherwise the
  long form becomes one mention and its short form another; every later use
  of the short form is a mention that stands for the long form;
* mark what the paper proposes ("we propose X", "a method called X (Y)");
* give each mention the paper's role for it (:data:`kgraph.types.ROLES`);
* drop mentions that name nothing (generic words such as "approach",
  "results"), math between ``$`` signs, links, numbers, lone characters and
  malformed spans, and trim determiners and trailing function words.
"""

from __future__ import annotations

import re
from bisect import bisect_right

from spacy.language import Language
from spacy.tokens import Doc, Span

from .abbrev import find_abbreviations
from .canon import GENERIC_HEADS, concept_key, is_generic
from .names import DATASET_HEADS, METRIC_HEADS, METRIC_IN_TEXT, named_spans
from .types import MIN_CONFIDENCE, SPANS_KEY, Mention

__all__ = ["MentionRules"]

if not Doc.has_extension("kgraph_mentions"):
    Doc.set_extension("kgraph_mentions", default=None)

_TRAILING = {"of", "for", "and", "or", "the", "a", "an", "to", "in", "on", "with", "by", "from", "via", "as", "at"}
_DETERMINERS = {"the", "a", "an", "our", "their", "its", "this", "these", "those", "such", "his", "her", "my",
                "your", "each", "any", "some"}
_PROPOSE = re.compile(
    r"\b(?:(?P<verb>(?:we|(?:this|our|the present)\s+(?:paper|work|study|article))\s+"
    r"(?:(?:\w+ly|also|then|further|first|here|now|thus|therefore|hence|instead),?\s+){0,2}"
    r"(?:propose|introduce|present|develop|design|devise|formulate)\w*"
    r"|by\s+(?:proposing|introducing|presenting|developing|designing))"
    r"|(?P<name>called|named|dubbed|termed|coined))\b",
    re.I,
)
_PROPOSE_REACH = 6  # tokens between "we propose" and the name
_PROPOSE_STOP = {",", ";", ":", "that", "which", "whether", "how", "why", "when", "where", "if"}
#: A name after these in the gap is a tool the proposal is built with, not the proposal:
#: "we introduce a framework driven by large language models (LLMs)".
_PROPOSE_TOOL = {"by", "using", "with", "via", "based", "from", "on", "upon", "leveraging", "through", "of"}
#: Words after a name that keep its kind: "CIFAR-10 dataset", "BLEU scores", "the Gemini 2.5 Flash model".
_NAME_HEADS = {"dataset": DATASET_HEADS, "metric": METRIC_HEADS, "method": frozenset({"model", "models"})}
_NOT_CONCEPTS = re.compile(r"\$[^$]*\$|https?://\S+|www\.\S+|\S+@\S+\.\w+")

#: Characters before a mention searched for its role's trigger ("we address", "we use"):
#: about a clause, so a verb from an earlier clause does not reach it.
_ROLE_REACH = 80
_ADDRESS = re.compile(r"\b(?:address|tackl|solv|stud(?:y|ies)|investigat|focus(?:es)? on)\w*\b", re.I)
_EVALUATE = re.compile(r"\b(?:experiment|evaluat|benchmark|empirical|achiev|outperform|results? on|tested on"
                       r"|validat|demonstrat|accuracy|score)\w*\b", re.I)
_USE = re.compile(r"\b(?:use|using|employ|leverag|adopt|build(?:s|ing)? (?:on|upon)|based on|utiliz|incorporat"
                  r"|combin|rel(?:y|ies|ying) on|appl(?:y|ies|ying))\w*\b", re.I)
#: The field's use of a method, not the paper's: "the widespread use of diffusion models has led to ..."
_FIELD_USE = re.compile(r"\b(?:widespread|increasing|growing|common|popular|extensive|wide|wider|ubiquitous)\s+"
                        r"(?:use|usage|adoption|application)s?\b", re.I)


def _trim(span: Span) -> Span | None:
    start, end = span.start, span.end
    doc = span.doc
    while start < end and (doc[start].lower_ in _DETERMINERS or doc[start].is_punct and doc[start].text not in "([$"):
        start += 1
    while end > start and (doc[end - 1].is_punct and doc[end - 1].text not in ")]$" or doc[end - 1].is_space
                           or doc[end - 1].lower_ in _TRAILING):
        end -= 1
    if start >= end:
        return None
    return Span(doc, start, end, label=span.label)


#: Words a name's capitals skip ("Cross Lipschitz Extreme Value for nEtwork Robustness")
_NAME_GLUE = frozenset("a an and as at by for from in of on or the to via with".split())


def _spelt_as_a_name(long: str) -> bool:
    """A long form of three or more words, each a capitalised word or glue: the name a definition spells out.

    >>> _spelt_as_a_name("Cross Lipschitz Extreme Value for nEtwork Robustness")
    True
    >>> [_spelt_as_a_name(t) for t in ("see Table 2", "Graph Neural Networks", "graph neural networks")]
    [False, True, False]
    """
    words = long.split()
    content = [w for w in words if w.lower() not in _NAME_GLUE]
    return len(content) >= 3 and all(any(ch.isupper() for ch in w) and w[0].isalpha() for w in content)


#: Heads after a definition's bracket that name no new thing: "Sparse mixture-of-experts (MoE) models"
_MODEL_HEADS = frozenset("model network architecture".split())


def _initials(short: str, long: str) -> bool:
    """The capitals of a short form are, in order, the initials of its long form's words: an acronym spelt out.

    >>> [_initials(s, l) for s, l in (("ViTs", "Vision transformers"), ("MoE", "mixture-of-experts"),
    ...                                ("GNNs", "graph neural networks"), ("Table", "see the results"))]
    [True, True, True, False]
    """
    capitals = [ch.lower() for ch in short if ch.isupper()]
    words = [w for w in re.split(r"[\s\-]+", long) if w and w.lower() not in _NAME_GLUE]
    return len(words) >= 2 and len(capitals) >= 2 and capitals == [w[0].lower() for w in words]


class MentionRules:
    """spaCy component: turns the tagger's spans into final :class:`Mention` objects."""

    def __init__(self, nlp: Language, name: str, *, min_confidence: float = MIN_CONFIDENCE):
        self.name = name
        self.min_confidence = min_confidence

    def __call__(self, doc: Doc) -> Doc:
        kinds, confidence = self._model_spans(doc)
        self._named(doc, kinds, confidence, self.min_confidence)
        long_of, short_of = self._abbreviations(doc, kinds)
        proposed = self._proposed(doc, kinds, short_of)
        # unsure spans go, unless the text itself vouches for them (a definition, a proposal)
        for key in [k for k, c in confidence.items() if c < self.min_confidence and k in kinds
                    and k not in long_of and k not in short_of and k not in proposed]:
            del kinds[key]
        # later uses of SHORT take the kind of its definition
        # (a definition whose span a later one overlapped is gone from ``kinds``)
        defined_kind = {long_of[k]: kinds[k] for k in short_of if k in long_of and k in kinds}
        defined_kind.update({doc[k[0]:k[1]].text: kinds[k] for k in short_of if k not in long_of and k in kinds})
        for key, long in long_of.items():
            if key not in short_of and long in defined_kind and key in kinds:
                kinds[key] = defined_kind[long]
        doc._.kgraph_mentions = self._mentions(doc, kinds, long_of, short_of, proposed)
        return doc

    @staticmethod
    def _model_spans(doc: Doc) -> tuple[dict[tuple[int, int], str], dict[tuple[int, int], float]]:
        """The tagger's spans, trimmed: ``(start, end) -> kind`` and ``(start, end) -> confidence``."""
        kinds: dict[tuple[int, int], str] = {}
        confidence: dict[tuple[int, int], float] = {}
        group = doc.spans.get(SPANS_KEY, [])
        scores = getattr(group, "attrs", {}).get("confidence") or [1.0] * len(group)
        for span, score in zip(group, scores):
            trimmed = _trim(span)
            if trimmed is not None:
                kinds[(trimmed.start, trimmed.end)] = span.label_
                confidence[(trimmed.start, trimmed.end)] = score
        return kinds, confidence

    @staticmethod
    def _named(doc: Doc, kinds, confidence, min_confidence: float) -> None:
        """Named datasets and standard metrics (:func:`kgraph.names.named_spans`), in place.

        A name the tagger missed becomes a mention; so does one it cut ("CIFAR"
        of "CIFAR-10"). A mention that is the name, or the name and a head
        ("CIFAR-10 dataset", "BLEU scores"), takes the name's kind. A longer
        mention around a name ("ImageNet classification") is left alone, unless
        the tagger was unsure of it: then the name replaces it.
        """
        for s_char, e_char, kind in named_spans(doc.text):
            span = doc.char_span(s_char, e_char, alignment_mode="expand")
            if span is None:
                continue
            key = (span.start, span.end)
            clash = [k for k in kinds if _overlaps(k, key)]
            headed = [k for k in clash if k[0] <= key[0] and k[1] >= key[1] and all(
                t.lower_ in _NAME_HEADS[kind] or t.lower_ in _DETERMINERS for t in (*doc[k[0] : key[0]], *doc[key[1] : k[1]]))]
            for k in headed:
                kinds[k] = kind
                confidence[k] = 1.0
            if not headed and all(k[0] >= key[0] and k[1] <= key[1] or confidence.get(k, 1.0) < min_confidence
                                  for k in clash):
                for k in clash:
                    del kinds[k]
                kinds[key] = kind
                confidence[key] = 1.0

    def _abbreviations(self, doc: Doc, kinds) -> tuple[dict, dict]:
        """Apply abbreviation definitions to ``kinds`` (in place).

        Returns ``long_of`` (span -> the long form it stands for) and
        ``short_of`` (span -> the short form it defines).
        """
        long_of: dict[tuple[int, int], str] = {}
        short_of: dict[tuple[int, int], str] = {}
        shorts: dict[str, tuple[str, str]] = {}
        for ab in find_abbreviations(doc):
            long_key = (ab.long.start, ab.long.end)
            short_key = (ab.short.start, ab.short.end)
            kind = self._kind_for(kinds, long_key) or self._kind_for(kinds, short_key)
            if kind is None and (_spelt_as_a_name(ab.long.text) or _initials(ab.short.text, ab.long.text)):
                kind = "method"  # "CLEVER (Cross Lipschitz Extreme Value for nEtwork Robustness)": a name, spelt out
            if kind is None:
                continue  # the model saw nothing there: "(see Table 2)", "(ii)"
            shorts.setdefault(ab.short.text, (ab.long.text, kind))
            # (a span that ends inside the long form after the short one is cut at the bracket, no whole:
            # "[CLEVER (Cross Lipschitz Extreme Value] for [nEtwork Robustness) framework]")
            whole = [k for k in kinds if k[0] <= short_key[0] and k[1] >= short_key[1] and _overlaps(k, long_key)
                     and not (long_key[0] > short_key[0] and k[1] < long_key[1])]
            if whole:
                # the model took "long form (SHORT) [head]" as one mention, as SciERC annotates it;
                # widen it when it missed the start of the long form ("[Zone of] Proximal Development
                # (ZPD) theory"). A tail that names more than a generic head ("vector-quantized (VQ)
                # VAEs", "ZPD theory") makes it another name: no definition is recorded.
                key = whole[0]
                if key[0] > long_key[0]:
                    key = (long_key[0], key[1])
                    for k in [k for k in kinds if _overlaps(k, key)]:
                        del kinds[k]
                    kinds[key] = kind
                if key[1] == short_key[1] and key[1] < len(doc) and doc[key[1]].text == ")":
                    del kinds[key]  # the tagger stopped before the bracket closes: "[Vision transformers (ViTs])"
                    key = (key[0], key[1] + 1)
                    kinds[key] = kind
                tail = [t.lower_ for t in doc[short_key[1] : key[1]] if not t.is_punct]
                if any(concept_key(w) not in ("", *GENERIC_HEADS, *_MODEL_HEADS) for w in tail):
                    continue
                short_of[key] = ab.short.text
                long_of[key] = ab.long.text
                continue
            for key in [k for k in kinds if _overlaps(k, long_key) or _overlaps(k, short_key)]:
                del kinds[key]
            kinds[long_key] = kinds[short_key] = kind
            short_of[long_key] = ab.short.text
            long_of[short_key] = ab.long.text

        # every later use of a defined short form (and its plural) is a mention of the long form
        for short, (long, kind) in shorts.items():
            for m in re.finditer(rf"(?<![\w\-]){re.escape(short)}s?(?![\w])", doc.text):
                span = doc.char_span(m.start(), m.end(), alignment_mode="strict")
                if span is None:
                    continue
                key = (span.start, span.end)
                clash = [k for k in kinds if _overlaps(k, key)]
                if all(k[0] >= key[0] and k[1] <= key[1] for k in clash):
                    for k in clash:
                        del kinds[k]
                    kinds[key] = kind
                    long_of.setdefault(key, long)
        return long_of, short_of

    @staticmethod
    def _mentions(doc: Doc, kinds, long_of, short_of, proposed) -> list[Mention]:
        """Filtered :class:`Mention` objects in text order."""
        excluded = [(m.start(), m.end()) for m in _NOT_CONCEPTS.finditer(doc.text)]
        sents = list(doc.sents) if doc.has_annotation("SENT_START") else []
        starts = [s.start for s in sents]
        mentions = []
        for (start, end), kind in sorted(kinds.items()):
            span = doc[start:end]
            s_char, e_char = span.start_char, span.end_char
            surface = span.text
            if any(s_char < xe and e_char > xs for xs, xe in excluded):
                continue
            if (sum(c.isalpha() for c in surface) < 2 and not METRIC_IN_TEXT.fullmatch(surface)  # "F1" is a name
                    or is_generic(surface) or _malformed(surface)):
                continue
            sent = sents[bisect_right(starts, start) - 1] if sents else None
            mentions.append(Mention(
                surface, s_char, e_char, kind,
                long_form=long_of.get((start, end)),
                short_form=short_of.get((start, end)),
                role=_role(kind, (start, end) in proposed, sent, s_char),
            ))
        return mentions

    @staticmethod
    def _kind_for(kinds, key) -> str | None:
        best, best_overlap = None, 0
        for (s, e), kind in kinds.items():
            overlap = min(e, key[1]) - max(s, key[0])
            if overlap > best_overlap:
                best, best_overlap = kind, overlap
        return best

    @staticmethod
    def _proposed(doc: Doc, kinds, short_of) -> set[tuple[int, int]]:
        """Spans a paper introduces, favouring precision.

        After "we propose/introduce/present/develop…" (or "this paper
        proposes…", "by introducing…"): the first method, dataset or metric
        starting within a few tokens, or an abbreviation defined a little
        further on. After "called/named/dubbed X": X, when it is capitalised.
        The short form of a proposed definition is proposed too.
        """
        out: set[tuple[int, int]] = set()
        starts = sorted(kinds)
        for sent in doc.sents if doc.has_annotation("SENT_START") else [doc[:]]:
            if sent.text.rstrip().endswith("?"):
                continue
            for m in _PROPOSE.finditer(sent.text):
                trigger_end = sent.start_char + m.end()
                after = [k for k in starts if doc[k[0]].idx >= trigger_end and k[0] < sent.end]
                if not after:
                    continue

                def gap(k):
                    return [t for t in doc[sent.start : k[0]] if t.idx >= trigger_end]

                pick = None
                if m.group("name"):
                    first = after[0]
                    if not gap(first) and doc[first[0]].text[:1].isupper():
                        pick = first
                else:
                    defined = [k for k in after if k in short_of and len(gap(k)) <= 2 * _PROPOSE_REACH
                               and not any(t.text in ",;:" or t.lower_ in _PROPOSE_TOOL for t in gap(k))]
                    first = after[0]
                    between = gap(first)
                    if defined:
                        pick = defined[0]
                    elif (len(between) <= _PROPOSE_REACH and not any(t.lower_ in _PROPOSE_STOP for t in between)
                          and kinds[first] in ("method", "dataset", "metric")):
                        pick = first
                if pick is None or kinds[pick] == "task" and pick not in short_of:
                    continue
                if kinds[pick] == "task":  # "we propose X for domain generalization (X-DG)": a method
                    kinds[pick] = "method"
                out.add(pick)
                short = short_of.get(pick)
                if short is not None:
                    for k in kinds:
                        if doc[k[0]:k[1]].text == short and pick[1] <= k[0] <= pick[1] + 3:
                            out.add(k)
                            kinds[k] = kinds[pick]
        return out


def _malformed(surface: str) -> bool:
    """Not a name: unbalanced brackets, or an adverb ("asymptotically", "computationally efficient")."""
    for o, c in ("()", "[]", "{}"):
        if surface.count(o) != surface.count(c):
            return True
    words = surface.split()
    return words[-1].endswith("ly") and words[-1].islower() or len(words) <= 2 and words[0].endswith("ly") and words[0].islower()


def _role(kind: str, proposed: bool, sent: Span | None, start_char: int) -> str:
    if proposed:
        return "proposes"
    if sent is None:
        return "mentions"
    before = sent.text[: start_char - sent.start_char]
    if kind == "task" and _ADDRESS.search(before[-_ROLE_REACH:]):
        return "addresses"
    if kind in ("dataset", "metric") and _EVALUATE.search(sent.text):
        return "evaluates_on"
    if kind == "method" and _USE.search(_FIELD_USE.sub(" ", before[-_ROLE_REACH:])):
        return "uses"
    return "mentions"


def _overlaps(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return a[0] < b[1] and b[0] < a[1]


@Language.factory("kgraph_mentions", assigns=["doc._.kgraph_mentions"],
                  default_config={"min_confidence": MIN_CONFIDENCE})
def make_mention_rules(nlp: Language, name: str, min_confidence: float) -> MentionRules:
    """spaCy factory. Tagger spans below ``min_confidence`` are dropped unless the text defines or
    proposes them (see :data:`kgraph.types.MIN_CONFIDENCE`)."""
    return MentionRules(nlp, name, min_confidence=min_confidence)


