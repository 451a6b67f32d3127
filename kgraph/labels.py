"""Graph stage: labels. A paper's label (the name it proposes, else its opening words) and a concept's
label in the case the field writes it ("sentiment classification", not "Sentiment Classification").
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Container, Sequence

from .canon import _singular
from .kinds import _TASK_HEADS
from .mentions import _full_long_form, _long_text
from .names import MODEL_NAME
from .terms import _HYPHEN_ADJ, EVALUATIVE, _pos, is_common_word
from .thesaurus import Thesaurus, thesaurus  # (thesaurus: the doctests)
from .types import Mention, Paper


def paper_label(paper: Paper, mentions: Sequence[Mention], max_len: int = 80) -> str:
    """A short label: the title, else the name of what the paper proposes, else its opening words."""
    title = paper.meta.get("title")
    if isinstance(title, str) and title.strip():
        return title.strip()
    name = proposed_name(paper.abstract, mentions)
    if name:
        return name if len(name) <= max_len else name[: max_len - 1].rstrip() + "…"
    words = paper.abstract.split()
    opening = " ".join(words[:10])
    return opening + ("…" if len(words) > 10 else "")


#: A name as papers coin them: UFO-RL, MIStar, F-EDL, L2C-Insert, IMPACT, KOALA++, CLIPTTA.
_COINED = re.compile(r"(?<![\w\-])(?=[\w\-+]*[A-Z][\w\-+]*[A-Z0-9])[A-Z][\w]*(?:[\-+][\w+]*)*\+*(?![\w\-])")
_INTRO = re.compile(r"\b(?:we|this (?:paper|work)|our (?:method|approach|framework|model))\s+(?:\w+\s+){0,2}?"
                    r"(?:propose|introduce|present|develop|design|devise)\w*\b|\b(?:called|named|dubbed|termed)\b",
                    re.I)


def proposed_name(abstract: str, mentions: Sequence[Mention] = ()) -> str | None:
    """The name of what a paper introduces, when it names it ("UFO-RL", "DOP: Dual Orthogonal Projection").

    Examples
    --------
    >>> proposed_name("We introduce MIStar, a memory-enhanced framework for routing.")
    'MIStar, a memory-enhanced framework for routing'
    >>> proposed_name("We study the convergence of gradient descent.") is None
    True
    >>> proposed_name("We propose a matching algorithm that aligns MoEs, facilitating the discovery of LMC.") is None
    True
    """
    for m in mentions:
        if m.proposed and m.short_form:
            return f"{m.short_form}: {_long_text(m.long_form or m.text, m.short_form)}"
    evaluated = {w for m in mentions if m.kind in ("dataset", "metric") or m.role == "evaluates_on"
                 for w in _COINED.findall(m.text)}
    for sentence in re.split(r"(?<=[.!?])\s+(?=[A-Z])", abstract):
        if sentence.rstrip().endswith("?"):
            continue
        for cue in _INTRO.finditer(sentence):
            for name in _COINED.finditer(sentence, cue.end()):
                word = name.group(0)
                if name.start() - cue.end() > 120 or _CLAUSE_END.search(sentence, cue.end(), name.start()):
                    break  # past what the verb introduces: "a matching algorithm that ... the discovery of LMC"
                if len(word) < 3 or word.isdigit() or word in _NOT_COINED or _HYPHEN_ADJ.search(word.lower()):
                    continue  # "LLMs", "PEFT-based"
                if word in evaluated:
                    continue  # "... and evaluate it on QM9": the data it is tested on, not what it proposes
                if re.fullmatch(r"[A-Z][A-Za-z\-]*[A-Z]+s", word) or re.fullmatch(r"(?:[A-Z][a-z]+-)+[A-Z][a-z]+", word):
                    continue  # a class of existing things ("MoEs", "LS-SVMs"), a compound of words ("Logit-Adjusted")
                what = _what_it_is(sentence[name.end():]) or (
                    _what_it_is_before(sentence[max(0, cue.start() - 200):cue.start()])
                    if cue.group(0).lower() in ("called", "named", "dubbed", "termed") else None)
                if what:
                    return f"{word}, {what}"  # (the paper, beside the node of the method it names)
                # a short form the abstract defines is labelled with what it stands for: "GLA: Generalized
                # Logit-Adjusted loss functions", not "GLA" alone
                defined = next((m for m in mentions if m.short_form == word and m.long_form), None)
                return f"{word}: {_full_long_form(defined, abstract)}" if defined else word
    for m in mentions:
        if (m.proposed and (m.text[:1].isupper() or any(ch.isdigit() for ch in m.text)) and len(m.text) <= 60
                and not re.search(r"\b(?:a|an)\s+$", abstract[max(0, m.start_char - 4) : m.start_char], re.I)):
            return m.text  # (not "a Frank-Wolfe algorithm": one of a kind, no name)
    return None


#: What a name is said to be, right after it: "CLIPTTA, a new gradient-based TTA method for vision-language models
#: that ...", "HeroFilter, a simple yet powerful GNN, which ..." (up to the clause's end, and its "for" phrase)
_WHAT_IT_IS = re.compile(r"^\s*(?:\([^()]{1,20}\))?\s*,\s+(an?\s+(?:[\w\-+]+(?:,\d{3})*\s+){0,5}?[\w\-+]+?(?:,\d{3})*)"
                         r"(\s+for\s+(?:[\w\-+]+\s+){0,3}?[\w\-+]+)?(?=\s*(?:,(?!\d{3})|[.;:]|$)|\s+(?:that|which|where|whose|"
                         r"with|to|by|in|on|based|requiring)\b)")
_PRAISE = frozenset("yet fully highly very truly".split())


def _what_it_is(after: str) -> str | None:
    """The appositive right after a coined name, without its praise: "a gradient-based TTA method for
    vision-language models" for CLIPTTA; None when no appositive follows.

    >>> _what_it_is(", a simple yet powerful GNN, which extracts information across the spectrum.")
    'a GNN'
    >>> _what_it_is(" that beats everything.") is None
    True
    >>> _what_it_is(", a benchmark of 1,200 tasks requiring API calls, and evaluate GPT-4o.")
    'a benchmark of 1,200 tasks'
    """
    m = _WHAT_IT_IS.match(after[:160])
    return _unpraised(m.group(1) + (m.group(2) or "")) if m else None


def _unpraised(phrase: str) -> str | None:
    """An appositive without its evaluative words and praise, the article chosen again ("a GNN" of "a simple yet
    powerful GNN"); None when nothing is left."""
    _, *words = phrase.split()
    words = [w for w in words if w.lower() not in EVALUATIVE and w.lower() not in _PRAISE]
    while words and words[0].lower() in ("and", "but", "or"):
        words = words[1:]
    if not words:
        return None
    return ("an" if words[0][0].lower() in "aeiou" else "a") + " " + " ".join(words)


#: What a name is said to be before "named": "we suggest a risk estimator of PU learning that balances positive and
#: negative classification error rates, named DC-PU"
_WHAT_IT_IS_BEFORE = re.compile(r"(?:^|\s)(an?\s+(?:[\w\-+]+\s+){0,5}?[\w\-+]+)"
                                r"(?:\s+(?:that|which|where|whose)\s[^;,]*)?,?\s*$")


def _what_it_is_before(before: str) -> str | None:
    """The noun phrase a "named" cue closes, without its relative clause or praise; None when there is none.

    >>> _what_it_is_before("we suggest a risk estimator of PU learning that balances error rates, ")
    'a risk estimator of PU learning'
    """
    m = _WHAT_IT_IS_BEFORE.search(before)
    return _unpraised(m.group(1)) if m else None


#: Where what an introducing verb names has ended: a relative clause, a comma, a semicolon (a colon lists it):
#: "we propose a matching algorithm that enables alignment ..., thereby facilitating the discovery of LMC"
_CLAUSE_END = re.compile(r"\b(?:that|which|where|whereby|thereby|while|whereas)\b|[,;]")
_NOT_COINED = frozenset({"LLM", "LLMs", "GNN", "GNNs", "DNN", "DNNs", "CNN", "CNNs", "RL", "ML", "AI", "NLP", "GPU",
                         "GPUs", "API", "SGD", "MLP", "MLPs", "PDE", "PDEs", "ODE", "ODEs", "VAE", "VAEs", "GAN",
                         "GANs", "MDP", "MDPs", "KL", "RKHS", "PAC", "ReLU", "OOD", "IID", "I.I.D."})


def _lower_case_words(th: Thesaurus) -> frozenset[str]:
    """The words the thesaurus writes in lower case ("autoregressive", "contrastive"): the field's own words."""
    return frozenset(w for t in th.topics.values() for w in re.split(r"[\s\-]+", t.label) if w.isalpha() and w.islower())


def _untitled(label: str, key: str, th: Thesaurus, vocabulary: Container[str] = frozenset()) -> str:
    """A kind of a thesaurus topic written in title case, in lower case: "Conditional Generative Adversarial
    Networks" are conditional generative adversarial networks; a name stays ("Hedgehog Attention": a noun names it).

    >>> _untitled("Conditional Generative Adversarial Networks", "conditional generative adversarial network", thesaurus())
    'conditional generative adversarial networks'
    >>> _untitled("Hedgehog Attention", "hedgehog attention", thesaurus())
    'Hedgehog Attention'
    """
    words = label.split()
    if len(words) < 2 or not all(re.fullmatch(r"[A-Z][a-z]+(?:-[A-Za-z][a-z]+)*", w) for w in words):
        return label
    parts = key.split()
    topic = next((t for t in (" ".join(parts[i:]) for i in range(1, len(parts))) if t in th.names), None)
    if topic is None or th.is_area(th.names[topic]):
        return label
    label_words = th.topics[th.names[topic]].label.split()
    if len(label_words) < 2 or not all(w.islower() for w in label_words):
        return label  # ("Gaussian Processes": the topic is a name; "Simple Attention Modules", SimAM, may be one)
    modifiers = words[: len(words) - len(label_words)]
    if not modifiers or not all(("-" in w or "ADJ" in _pos(w.lower()) or w.lower() in vocabulary)
                                and w.lower() not in EVALUATIVE for w in modifiers):
        return label
    return label.lower()


def _tail_untitled(label: str, th: Thesaurus) -> str:
    """A thesaurus topic written in title case after a modifier in lower case, as the topic is written:
    "homophilic Graph Neural Networks" are homophilic graph neural networks (a topic the field writes as a
    name stays: "non-stationary Lipschitz bandits").

    >>> _tail_untitled("homophilic Graph Neural Networks", thesaurus()), _tail_untitled("non-stationary Lipschitz bandits", thesaurus())
    ('homophilic graph neural networks', 'non-stationary Lipschitz bandits')
    """
    words = label.split()
    for i in range(1, len(words) - 1):
        tail = words[i:]
        if not (all(w.islower() for w in words[:i]) and all(re.fullmatch(r"[A-Z][a-z]+(?:-[A-Za-z][a-z]+)*", w)
                                                            or w in ("and", "of") for w in tail)):
            continue
        topic = th.topic(" ".join(tail))
        if topic is not None and th.topics[topic].label.islower():
            return " ".join(words[:i] + [w.lower() for w in tail])
    return label


def _task_untitled(label: str) -> str:
    """A task of ordinary words written in title case, in lower case: "Sentiment Classification (SC)" is
    sentiment classification, as the field writes tasks; a name stays ("Chinese Word Segmentation": "Chinese"
    is no ordinary word; "Densest Supermodular Set": no task).

    >>> _task_untitled("Sentiment Classification"), _task_untitled("Chinese Word Segmentation")
    ('sentiment classification', 'Chinese Word Segmentation')
    """
    words = label.split()
    if (len(words) < 2 or not all(re.fullmatch(r"[A-Z][a-z]+(?:-[A-Za-z][a-z]+)*", w) for w in words)
            or not all(is_common_word(w) for w in words)):
        return label
    return label.lower() if _singular(words[-1].lower()) in _TASK_HEADS else label


def _unsentence(forms: Counter, vocabulary: Container[str] = frozenset()) -> Counter:
    """Forms capitalised only because they open a sentence read in lower case ("Continual learning").

    A first word the lexicon knows in lower case is lowered, or one the thesaurus writes in lower case
    ("Autoregressive diffusion models"); names stay ("Bayesian optimization", "Lipschitz bandits", "Adam").
    """
    out: Counter = Counter()
    for form, count in forms.items():
        words = form.split()
        if (words and words[0][:1].isupper() and words[0][1:].islower()
                and not any(ch.isupper() for ch in " ".join(words[1:]))
                and (is_common_word(words[0]) or words[0].lower() in vocabulary)
                and not (len(words) == 1 and MODEL_NAME.fullmatch(form))):  # ("Whisper", a model)
            form = words[0].lower() + form[len(words[0]):]
        out[form] += count
    return out
