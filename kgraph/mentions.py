"""Graph stage: the term(s) a mention is about.

A mention holding a definition ("Contrastive Language-Image Pre-training (CLIP) models") is split into
its long form and short form; a short form resolves to the long form its paper (or the corpus, where its
definitions agree) gives it; a coordination becomes its terms; evaluative words and generic heads go
(:func:`kgraph.terms.clean_term`); a system named by its task is the task.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from dataclasses import replace
from functools import lru_cache
from typing import Container, Sequence

from .abbrev import _SMALL_WORDS, best_long_form
from .canon import _FUNCTION_WORDS, GENERIC_HEADS, _singular, concept_key, strip_parentheticals
from .kinds import _TASK_HEADS
from .names import is_language
from .terms import (
    _HYPHEN_ADJ,
    _NOMINAL,
    EVALUATIVE,
    QUOTES,
    _pos,
    clean_term,
    is_common_word,
    is_institution,
    is_junk,
    is_name,
    split_coordination,
)
from .thesaurus import Thesaurus
from .types import Mention, Paper

#: Two plural short forms joined by a slash: "LLMs/VLMs", "CNNs/RNNs" (not a name's: "CNN/DM").
_ACRONYM_PAIR = re.compile(r"[A-Z][A-Za-z]*[A-Z][A-Za-z]*s/[A-Z][A-Za-z]*[A-Z][A-Za-z]*s")


#: A mention holding a definition the extractor left whole: "Contrastive Language-Image Pre-training (CLIP) models".
_INNER_DEFINITION = re.compile(r"^(?P<long>[^()]+?)\s*\((?P<short>[A-Za-z][\w\-+]*[A-Z][\w\-+]*)\)(?P<tail>[^()]*)$")


#: A definition written short form first: "MGRPO (Multi-layer GRPO)".
_SHORT_FIRST = re.compile(r"^(?P<short>[A-Za-z][\w\-+]*[A-Z][\w\-+]*)\s*\((?P<long>[^()]+)\)$")

#: A definition joined by "or": "DEtection TRansformer or DETR", "Low-Rank Adaptation, or LoRA".
_OR_SHORT = re.compile(r"^(?P<long>[^()]+?),?\s+or\s+(?P<short>[A-Za-z][\w\-+]*[A-Z][\w\-+]*)$")


def _whole_words(m: Mention, text: str) -> Mention:
    """``m`` widened to whole words where it starts or ends inside a hyphenated word of ``text``.

    "Follow-the-Perturbed-Leader (FTPL) policy": the tagger may start at
    "Perturbed"; "Dirichlet-distributed class probabilities": it may stop at
    "Dirichlet" (widened, "Dirichlet-distributed" is an adjective, no term).

    Examples
    --------
    >>> t = "the Follow-the-Perturbed-Leader (FTPL) policy"
    >>> _whole_words(Mention("Perturbed-Leader (FTPL) policy", 15, len(t), "method"), t).text
    'Follow-the-Perturbed-Leader (FTPL) policy'
    >>> t = "the Dirichlet-distributed class probabilities"
    >>> _whole_words(Mention("Dirichlet", 4, 13, "concept"), t).text
    'Dirichlet-distributed'
    >>> t = "the widely-used Vietoris-Rips complex imposes limits"
    >>> _whole_words(Mention("Vietoris-Rips", 16, 29, "concept"), t).text
    'Vietoris-Rips complex'
    >>> t = "convexity or the Polyak–Łojasiewicz (PL) condition"
    >>> _whole_words(Mention("Polyak–Łojasiewicz (PL)", 17, 40, "concept"), t).text
    'Polyak–Łojasiewicz (PL) condition'
    >>> t = "Selective models such as Mamba process sequences in linear time"
    >>> _whole_words(Mention("Mamba", 28, 33, "method"), t).text
    'Mamba'
    >>> t = "we show that TASTE-S matches TASTE's performance"
    >>> _whole_words(Mention("TASTE-S matches", 13, 28, "concept"), t).text
    'TASTE-S'
    >>> t = "On ImageNet 64x64 the student reaches an FID of 3.1"
    >>> _whole_words(Mention("ImageNet", 3, 11, "dataset"), t).text
    'ImageNet 64x64'
    >>> t = "DiffDock obtains a 38% top-1 success rate (RMSD<2A)"
    >>> _whole_words(Mention("top-1", 23, 28, "metric"), t).text
    'top-1 success rate'
    """
    start, end = m.start_char, m.end_char
    if text[start:end] != m.text:
        return m
    if 1 < start <= len(text) and text[start - 1] == "-" and text[start - 2].isalnum():
        found = re.search(r"[\w\-]+$", text[:start])
        if found is not None:
            start = found.start()
    if end < len(text) and end and text[end - 1].isalnum():
        found = re.match(r"(?:-\w+)+", text[end:])  # "-distributed", "-4"
        end += found.end() if found else 0
    # "the Vietoris-Rips complex", "a flexible Dirichlet distribution": a mention that stops at a person's
    # name leaves the name's object behind (a name alone names nothing here)
    last = text[end - 1 :: -1].split(None, 1)[0][::-1] if end and not text[end - 1].isspace() else ""
    if re.fullmatch(r"\([A-Z][\w\-]*\)", last):  # "the Polyak–Łojasiewicz (PL) condition": the name, defined
        last = text[start:end - len(last)].rstrip().rsplit(None, 1)[-1] if text[start:end - len(last)].strip() else ""
    if last[:1].isupper() and _EPONYM.fullmatch(last):
        found = _EPONYM_OBJECT.match(text, end)
        # (not a verb and its object: "Mamba process sequences in linear time", "Adam bounds updates")
        if found and not _VERB_AND_OBJECT.match(text, found.start()):
            end = found.end()
    # "On ImageNet 64x64 the student ...": a data set's resolution, written after it, is the data set's
    # (kgraph.canon keys it "imagenet 64", as where the tagger took it whole)
    if m.kind == "dataset":
        found = _RESOLUTION.match(text, end)
        end = found.end() if found else end
    # "a 38% top-1 success rate": a cut-off alone is no metric; the metric it qualifies follows it
    if m.kind == "metric" and _TOP_K.fullmatch(text[start:end]):
        found = _TOP_K_METRIC.match(text, end)
        end = found.end() if found else end
    # "LMEB and MTEB exhibit orthogonality", "TASTE-S matches TASTE's performance": the tagger ran a name on into
    # its verb, which the next words show to be one (an object, a "that" clause)
    verb = _VERB_RUN_ON.search(text, start, end) if text[start:end].rsplit(None, 1)[-1] in _RUN_ON_VERBS else None
    if verb is not None and _OBJECT_AFTER.match(text, end):
        end = verb.start()
    if (start, end) == (m.start_char, m.end_char):
        return m
    return replace(m, text=text[start:end], start_char=start, end_char=end)


#: A resolution after a data set's name: " 64x64", " 256 × 256".
_RESOLUTION = re.compile(r"\s+(\d{2,4})\s?[x\u00d7]\s?\1(?![\w\-])")


#: A cut-off of a ranking ("top-1", "Top-5") and the metric words after it ("success rate", "accuracy").
_TOP_K = re.compile(r"[Tt]op-?\d+")
_TOP_K_METRIC = re.compile(r"\s+(?:[a-z]+\s+)?(?:accuracy|error|rate|recall|precision|score|hit rate)\b")


#: A coined name and then a verb, ending a mention: "MTEB exhibit", "TASTE-S matches".
_RUN_ON_VERBS = frozenset("""exhibit exhibits match matches outperform outperforms achieve achieves show shows yield
yields improve improves surpasses reaches attains require requires remain remains perform performs""".split())
_VERB_RUN_ON = re.compile(r"(?<=[A-Z0-9+\-])(?:'s)?\s+(?:" + "|".join(sorted(_RUN_ON_VERBS)) + r")$")


#: What follows a verb and not a noun: an object's determiner, a possessive name, a "that" clause, an adverb.
_OBJECT_AFTER = re.compile(r"\s+(?:the|a|an|its|their|our|this|these|that|comparable|competitive|strong|significant|"
                           r"similar|state-of-the-art|better|up|over|[A-Z][\w\-]*'s)\b|\s+\w+ly\b")


#: A person's name: "Vietoris-Rips", "Polyak–Łojasiewicz" (letters of Latin-1 and Latin Extended-A, whose
#: capitals and small letters alternate; a hyphen or an en dash between names)
_EPONYM = re.compile(r"[A-Z\u00c0-\u00de\u0100-\u017f][a-z\u00df-\u00ff\u0100-\u017f]+"
                     r"(?:[-\u2013][A-Z\u00c0-\u00de\u0100-\u017f][a-z\u00df-\u00ff\u0100-\u017f]+)*")


#: What a person's name written before it names: "Vietoris-Rips complex", "Dirichlet distribution".
_EPONYM_OBJECT = re.compile(r" (?:complex|distribution|process|space|kernel|theorem|lemma|inequality|distance"
                            r"|divergence|chain|transform|operator|equation|dimension|complexity|norm|measure"
                            r"|bound|algorithm|method|game|condition|criterion|mode)(?:es|s)?\b")


#: A verb's present form and a plural noun after a name: "Mamba process sequences", "Adam bounds the updates".
_VERB_AND_OBJECT = re.compile(r" (?:process|transform|measure|bound|condition|chain)s? (?:the |its |their |all )?"
                              r"[a-z]+(?<!s)s\b")


#: A person's name and what it names, alone: "Polyak-Lojasiewicz condition", "Hoeffding's inequality".
_EPONYMOUS = re.compile(_EPONYM.pattern + r"(?:['\u2019]s)?" + _EPONYM_OBJECT.pattern.removesuffix(r"\b"))


#: A tail that opens with a verb: the tagger ran a definition on into its sentence ("Retrieval-augmented
#: generation (RAG) grounds language model").
_VERB_AFTER = re.compile(r"[a-z]+(?<!ss)(?<!ous)(?<!is)s\b(?! of\b)")


def _as_definition(m: Mention, topics: Container[str] = frozenset()) -> Mention:
    """``m`` with its long and short forms set when its text is a definition ("long form (SHORT) head").

    Examples
    --------
    >>> _as_definition(Mention("Contrastive Language-Image Pre-training (CLIP) models", 0, 52, "method")).short_form
    'CLIP'
    >>> _as_definition(Mention("language model (LLM) training", 0, 29, "method")).short_form is None
    True
    >>> _as_definition(Mention("MGRPO (Multi-layer GRPO)", 0, 24, "method")).long_form
    'Multi-layer GRPO'
    >>> _as_definition(Mention("full Gauss-Newton (GN) preconditioning", 0, 38, "method")).long_form
    'Gauss-Newton'
    >>> _as_definition(Mention("Retrieval-augmented generation (RAG) grounds language model", 0, 59, "method")).short_form
    'RAG'
    >>> _as_definition(Mention("Mixture-of-experts (MoE) language models", 0, 40, "method"), {"mixture of expert"}).long_form
    'Mixture-of-experts'
    >>> _as_definition(Mention("DEtection TRansformer or DETR", 0, 29, "method")).short_form
    'DETR'
    >>> _as_definition(Mention("graph neural networks or transformers", 0, 37, "method")).short_form is None
    True
    >>> _as_definition(Mention("Bellman Eluder (BE) dimension", 0, 29, "concept")).long_form
    'Bellman Eluder dimension'
    """
    if m.long_form or m.short_form:
        return m
    found = _INNER_DEFINITION.match(m.text)
    if found is None:
        # "MGRPO (Multi-layer GRPO)", "DEtection TRansformer or DETR": the later uses of the short form stand for
        # the long form, and so does this
        found = _SHORT_FIRST.match(m.text) or _OR_SHORT.match(m.text)
        if found and len(found.group("long").split()) >= 2 and best_long_form(found.group("short"), found.group("long")) \
                == found.group("long").strip():
            return replace(m, long_form=found.group("long").strip(), short_form=found.group("short"))
        return m
    long, short, tail = found.group("long").strip(), found.group("short"), found.group("tail").split()
    best = best_long_form(short, long)
    if best and best != long and long.endswith(" " + best) and long[:-len(best)].islower():
        long = best  # "full Gauss-Newton (GN) preconditioning": GN is Gauss-Newton, "full" is this use's
    # (one hyphenated word is a long form when it is a name, "Follow-the-Perturbed-Leader", or a topic's name,
    # "Mixture-of-experts (MoE) language models"; not "out-of-distribution")
    if (len(long.split()) < 2 and not ("-" in long and (is_name(long) or concept_key(long) in topics)) or best != long
            or len(tail) > 2 and not _VERB_AFTER.match(" ".join(tail))
            or any(w.lower() in _FUNCTION_WORDS for w in tail)):
        return m
    if len(tail) == 1 and _EPONYM_OBJECT.fullmatch(" " + tail[0]) and all(_EPONYM.fullmatch(w) for w in long.split()):
        long += " " + tail[0]  # "Bellman Eluder (BE) dimension": names, and the thing they name; BE dimension
    return replace(m, long_form=long, short_form=short)


def _resolve_shorts(papers: Sequence[Paper], mentions: Sequence[Sequence[Mention]],
                    known: Container[str] = ()) -> tuple[dict[str, str], dict[str, str], dict[str, list[str]]]:
    """Short forms whose definitions agree across the corpus, and long forms that are the same definition.

    Returns ``(short key -> long key, long key -> canonical long key, short
    key -> its canonical long keys)``, the last for the short forms defined
    two or more ways (MAE: masked autoencoders, mean absolute error). Two
    definitions of one short form agree when their keys match once spaces and
    punctuation are ignored, or differ by a typo (rapidfuzz ratio of at least
    :data:`SAME_DEFINITION`): "reproducible" / "reproducing kernel Hilbert
    spaces" is one definition of RKHS; "continual" / "contrastive learning"
    (CL) are two.
    """
    from rapidfuzz import fuzz

    defs: dict[str, Counter] = defaultdict(Counter)
    for paper, ms in zip(papers, mentions):
        seen = set()
        for m in ms:
            if m.long_form:
                pair = (concept_key(m.short_form or m.text), concept_key(_full_long_form(m, paper.abstract)))
                if pair not in seen:  # counted once per paper
                    seen.add(pair)
                    defs[pair[0]][pair[1]] += 1
    shorts: dict[str, str] = {}
    same: dict[str, str] = {}
    several: dict[str, list[str]] = {}
    for short, longs in defs.items():
        groups: list[list[str]] = []
        for long in sorted(longs, key=lambda k: (-longs[k], k)):
            for group in groups:
                if _compact(long) == _compact(group[0]) or fuzz.ratio(long, group[0]) >= SAME_DEFINITION:
                    group.append(long)
                    break
            else:
                groups.append([long])
        for group in groups:
            # a definition the thesaurus writes (``known``) keys the group ("reproducible" / "reproducing
            # kernel Hilbert spaces" is keyed as the second); then one cut before its head ("Generalized
            # Logit-Adjusted") is the one that has it
            group.sort(key=lambda k: (k not in known, -any(k != other and k.startswith(other + " ") for other in group)))
            for long in group[1:]:
                same[long] = group[0]
        if len(groups) == 1:
            shorts[short] = groups[0][0]
        else:
            several[short] = [group[0] for group in groups]
    return shorts, same, several


def _meaning_here(several: dict[str, list[str]], same: dict[str, str], paper: Paper,
                  ms: Sequence[Mention]) -> dict[str, str]:
    """What the short forms the corpus defines several ways stand for in one paper: short key -> long key.

    The paper's own definition decides ("masked autoencoders (MAE)"); else
    the one definition whose words the paper writes ("masked image modeling
    ... extends MAE"); else none does, and its uses join neither.
    """
    out: dict[str, str] = {}
    for m in ms:
        if m.long_form and concept_key(m.short_form or m.text) in several:
            long = concept_key(_full_long_form(m, paper.abstract))
            out.setdefault(concept_key(m.short_form or m.text), same.get(long, long))
    words = None
    written = {concept_key(m.text) for m in ms}
    for short in sorted(written & several.keys()):  # (the paper's own short forms: a corpus defines thousands)
        longs = several[short]
        if short in out:
            continue
        if words is None:
            words = {_singular(w) for w in re.findall(r"[a-z]+", paper.abstract.lower())}
        fits = [long for long in longs
                if {_singular(w) for w in long.split() if len(w) >= 4 and w not in _SMALL_WORDS} & words]
        if len(fits) == 1:
            out[short] = fits[0]
    return out


def _full_long_form(m: Mention, text: str) -> str:
    """The long form a mention stands for, with the head a definition left after the bracket.

    "Generalized Logit-Adjusted (GLA) loss functions" defines GLA as the loss
    functions: a long form whose last word cannot be a noun takes the words
    after the bracket in ``text`` (the abstract).
    """
    short = m.short_form or m.text
    long = _long_text(m.long_form, short)
    words = long.split()
    last = words[-1].lower() if words else ""
    if not words or "NOUN" in _pos(last) or last.endswith("ing") or _NOMINAL.search(last):
        return long  # "uncertainty quantification (UQ) is crucial": the long form is whole
    found = re.search(re.escape(long) + r"\s*\(\s*" + re.escape(short) + r"\s*\)\s*([\w\- ]+?)(?=\s*[,.;:()]|\s+(?:and|or|that|which|to|for|with|in|on)\b|$)",
                      text)
    head: list[str] = []  # "Positive and Unlabeled (PU) learning is a special case": the head is "learning"
    for word in found.group(1).split() if found else ():
        pos = _pos(word.lower())
        if word.lower() in _FUNCTION_WORDS or pos and not pos & {"NOUN", "ADJ"} or len(head) == 3:
            break
        head.append(word)
    if head:
        return _keep_long(long, clean_term(f"{long} {' '.join(head)}")) or long
    return long


def _keep_long(long: str, term: str) -> str:
    """``term`` (``long`` and a head, cleaned) with the words of the defined long form all kept.

    A definition names its term: "large" stays in "large language model (LLM) training".
    """
    if not term or term.startswith(long):
        return term
    words = long.split()
    for i in range(1, len(words)):
        rest = " ".join(words[i:])
        if term.startswith(rest):
            return " ".join(words[:i]) + " " + term
    return term


#: Two definitions of one abbreviation whose keys are this similar (rapidfuzz ratio) are one definition.
SAME_DEFINITION = 85


#: A modifier in "-ional" before another word: "distributional shift" is a distribution shift.
_NOUN_MODIFIER = re.compile(r"(\w{3,})ional(?= )( )")


@lru_cache(maxsize=1 << 18)
def _compact(key: str) -> str:
    return re.sub(r"[\s.]+", "", key)


def _long_text(long_form: str, short_form: str) -> str:
    """A long form without the short form glued to it: "least squares support vector machines, LS-SVMs"."""
    short = short_form.strip()
    text = re.sub(rf"[\s,;:]+{re.escape(short)}s?$", "", long_form.strip()) if short else long_form
    # (a quoted name is the name: 'the "Wide-scale Item Level Dataset" (WILD)', "''camouflage-aware ...''")
    return QUOTES.sub("", text.strip(" ,;:")) or long_form


def _mention_terms(m: Mention, keep: frozenset = frozenset()) -> list[tuple[str, bool]]:
    """The terms one mention is about, as ``(surface, named)``; ``keep``: names whose first word looks evaluative
    but belongs to them ("optimal transport", "large language model"; keys, from :func:`_evaluative_names`)."""
    # (nor is an institution, defined or not: "European Environment Agency (EEA)" collected the data)
    return [t for t in _terms_of(m.text, m.long_form, m.short_form, m.proposed, keep) if not is_institution(t[0])]


def _evaluative_names(th: Thesaurus) -> frozenset:
    """The keys of the thesaurus's names that begin with a word :data:`EVALUATIVE` would strip."""
    return frozenset(k for k in th.names if " " in k and k.split()[0] in EVALUATIVE)


#: A possessive between words: "Adafactor's matrix factorization".
_POSSESSIVE = re.compile(r"(?<=\w)['\u2019]s\s+(?=\w)")


@lru_cache(maxsize=1 << 16)
def _terms_of(text: str, long_form: str | None, short_form: str | None, proposed: bool,
              keep: frozenset = frozenset()) -> tuple:
    m = Mention(text, 0, len(text), "concept", long_form=long_form, short_form=short_form,
                role="proposes" if proposed else "mentions")
    if m.long_form and m.short_form:  # a whole definition: "long form (SHORT) [tail]"
        long = _long_text(m.long_form, m.short_form)
        tail = m.text.split(f"({m.short_form})", 1)[1].strip() if f"({m.short_form})" in m.text else ""
        if tail and long.endswith(" " + tail):
            tail = ""  # the definition took its head in already: "Bellman Eluder (BE) dimension" (:func:`_as_definition`)
        if tail.startswith("-") and _HYPHEN_ADJ.search(tail.split()[0].lower()):
            return ((long, True),)  # "MultiLayer Perceptron (MLP)-based model": built on the MLP, which is the term
        if tail and not is_junk(long + " " + tail):
            term = _keep_long(long, clean_term(f"{long} {tail}"))
            if term and not is_junk(term) and concept_key(term) != concept_key(long):
                last = long.split()[-1].lower()
                words = term.lower().split()
                while len(words) > 1 and words[-1] in GENERIC_HEADS:
                    words.pop()  # ("... bandit problem": the bandit says what it is)
                head = words[-1]
                if (not m.text.startswith(long) and len(words) > len(long.split()) and head == _singular(head)
                        and head not in GENERIC_HEADS):
                    # "full Gauss-Newton (GN) preconditioning", "the noise-free Gaussian Process (GP) bandit
                    # problem": a definition inside a longer term, which is a term too (instances of the
                    # defined thing are not: "fast magnetic resonance imaging (MRI) scans")
                    return ((long, True), (term, True))
                if _EPONYM.fullmatch(long) and _EPONYM_OBJECT.fullmatch(" " + tail):
                    return ((term, True),)  # "the Polyak–Łojasiewicz (PL) condition": a person's condition
                if "NOUN" in _pos(last) or _NOMINAL.search(last):
                    return ((long, True),)  # "large language model (LLM) training": LLM names the model
                # "Generalized Class-Aware weighted (GCA) losses" names the losses
                return ((term, True),)
        return ((long, True),)
    if m.long_form:  # a use of a defined short form: it stands for the long form
        return ((_long_text(m.long_form, m.short_form or m.text), True),)
    text = strip_parentheticals(m.text)
    if m.short_form:
        return ((_long_text(text, m.short_form), True),)
    owned = _POSSESSIVE.split(text)
    if len(owned) == 2 and all(w[:1].isupper() for part in owned for w in part.split()) and len(owned[0].split()) > 1:
        owned = [text]  # a title's possessive: "Oxford Advanced Learner's Dictionary" is one name
    if len(owned) > 1 and owned[-1].strip():
        # "Adafactor's matrix factorization", "CLIPTTA's gradients": the term is what is owned (its owner,
        # when a term, is mentioned in its own right)
        text = owned[-1].strip()
    named = m.proposed and is_name(text)  # "we propose a norm-guided objective" names no term
    # (a name is not split, but names listed are: "Open Images & Conceptual Captions", "non-dissipative, Hamiltonian")
    parts = [text] if named or is_name(text) and not re.search(r"\b(?:and|or)\b|,\s|\s&\s", text) else split_coordination(text)
    if len(parts) == 1 and _ACRONYM_PAIR.fullmatch(text):
        parts = text.split("/")  # "LLMs/VLMs": two kinds of model, either of them (a name's slash stays: "CNN/DM")
    out = []
    for part in parts:
        words = part.split()
        if keep and len(words) > 1 and words[0].lower() in EVALUATIVE and any(
                concept_key(" ".join(words[:n])) in keep for n in range(2, min(len(words), 4) + 1)):
            rest = clean_term(" ".join(words[1:]))  # "optimal transport problem": the name's own first word stays
            term = f"{words[0]} {rest}" if rest else ""
        else:
            term = clean_term(part)
        if term and not (named and is_name(term)):  # ("Czech-English statistical ... system": a name no more)
            term = _task_of_system(term)
        if term and not is_junk(term):
            out.append((term, named))
    return tuple(out)


def _task_of_system(term: str | None) -> str | None:
    """A system named by the task it does, as that task: "machine translation systems" are about machine
    translation, "face recognition systems" about face recognition (two words stay: "recommendation
    systems", "recognition system"; so does a system's own name: "Paramax spoken language understanding
    system").

    >>> _task_of_system("statistical machine translation systems"), _task_of_system("recommendation systems")
    ('statistical machine translation', 'recommendation systems')
    >>> _task_of_system("Paramax spoken language understanding system"), _task_of_system("HMM-based speech synthesis system")
    ('Paramax spoken language understanding system', 'HMM-based speech synthesis')
    """
    words = term.split() if term else []
    if (len(words) >= 3 and words[-1].lower() in ("system", "systems") and not _system_name(words[0])
            and _singular(words[-2].lower()) in _TASK_HEADS):
        return " ".join(words[:-1])
    return term


def _expand(surface: str | None, expand: dict[str, str]) -> str | None:
    """``surface`` with the short forms in it spelt out, when it has more words than the short form."""
    if surface is None or " " not in surface:
        return surface
    words = surface.split()
    if not any(w in expand for w in words):
        return surface
    out: list[str] = []
    i = 0
    while i < len(words):
        w = words[i]
        long = expand.get(w, w)
        if out and w in expand and long[1:] == long[1:].lower():
            long = long[:1].lower() + long[1:]  # "Local SGD": "local stochastic gradient descent", not "local Stochastic"
        out.append(long)
        i += 1
        if w in expand:
            # "GLA losses", "GCA loss functions" when GLA already names the losses: the head is not said twice
            said = set(concept_key(expand[w]).split()) | {"function"}
            while i < len(words) and set(concept_key(words[i]).split() or ["-"]) <= said:
                i += 1  # nor "pre-training" after "Contrastive Language-Image Pre-training"
    return " ".join(out)


def _system_name(word: str) -> bool:
    """A first word that makes a system's own name: "Paramax", "CCLINC" (not "Statistical", "Face", nor a
    modifier built on a name: "HMM-based")."""
    return (is_name(word) and not is_common_word(word) and not re.search(r"-[a-z]", word)
            and not is_language(word))  # ("Czech-English", "Arabic" say what a system reads)


def _uncapitalized(words: str) -> str:
    """Capitalised common words in lower case, names and acronyms as written.

    >>> _uncapitalized("Risk Minimization"), _uncapitalized("Gaussian Process"), _uncapitalized("GNN Message Passing")
    ('risk minimization', 'Gaussian process', 'GNN message passing')
    """
    return " ".join(w.lower() if w[:1].isupper() and w[1:] == w[1:].lower() and is_common_word(w) else w
                    for w in words.split())


def _find_words(surface: str, key: str) -> str | None:
    """The words of ``key`` as written in ``surface`` ("regret bound" in "dynamic regret bounds")."""
    words = key.split()
    pattern = r"[\s\-]+".join(re.escape(w) for w in words[:-1])
    last = re.escape(words[-1])
    pattern = (pattern + r"[\s\-]+" if pattern else "") + rf"{last}(?:e?s)?"
    m = re.search(rf"(?<![\w]){pattern}(?![\w])", surface, re.I)
    if m is None:
        # spelling differs (British forms, plural -ies): fall back to the key
        return None
    return m.group(0)
