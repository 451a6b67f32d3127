"""Graph stage: terms the tagger missed, found by reading each abstract, and its title, again. The
corpus's terms written elsewhere, named datasets and metrics, lists of names, thesaurus topics written as one-word
names ("LoRA"), and settings a sentence describes ("trained on synthetic data").
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from sys import intern
from typing import Container, Iterator, NamedTuple, Sequence

from .canon import _FUNCTION_WORDS, GENERIC_WORDS, _americanize, _singular, concept_key, strip_parentheticals
from .concept import _Concept
from .kinds import _metric_named
from .mentions import _compact
from .names import DATASET_IN_TEXT, METRIC_IN_TEXT, listed_data_sets
from .terms import _NOMINAL, EVALUATIVE, FIELD_GENERIC, LONE_GENERIC, _pos, is_common_word, is_junk, is_name
from .thesaurus import Thesaurus

_TOKEN = re.compile(r"[\w+#]+(?:\.[\w+#]+)*")


#: A word right after a possessive ("the model's attention", "MLLMs' attention").
_OWNED = re.compile(r"\w(?:['\u2019]s|s['\u2019])\s+(\w+)")
_MATH_SPAN = re.compile(r"\$[^$]*\$")


#: Terms of the field that are also everyday idioms: the words that make the idiom right before the term
#: (``amounts``), or before it with only determiners and amounts between (``verbs``). "Has attracted considerable
#: attention", "special attention is given to" and "received little attention" say how much a topic is studied,
#: never the mechanism.
_AMOUNTS = frozenset("""special particular considerable significant growing increasing increased much little great
    greater renewed wide widespread substantial close closer careful extensive more less tremendous enormous broad
    intense scant limited surging lot lots least most large larger big huge clear notable remarkable""".split())
_IDIOMS = {
    "attention": (_AMOUNTS, frozenset("""attract attracts attracted attracting garner garners garnered garnering
        receive receives received receiving draw draws drew drawn drawing gain gains gained gaining pay pays paid
        paying devote devotes devoted devoting deserve deserves deserved warrant warrants warranted bring brings
        brought call calls called calling give gives given gave giving turn turns turned shift shifts
        shifted""".split())),
}
_IDIOM_FILLERS = _AMOUNTS | frozenset("a an the some of".split())


def _idiom(words: Sequence[str], j: int) -> bool:
    """True when the word at ``j`` is an everyday idiom, not the field's term ("attracted growing attention")."""
    idiom = _IDIOMS.get(_singular(words[j]))
    if idiom is None:
        return False
    amounts, verbs = idiom
    if j and words[j - 1] in amounts:
        return True
    i = j - 1
    while i >= 0 and j - i <= 3 and words[i] in _IDIOM_FILLERS:
        i -= 1
    return i >= 0 and j - i <= 4 and words[i] in verbs


#: Heads that say what a lone term is used for, not a new term: a "disentanglement loss" is about disentanglement.
_ABOUT_HEADS = GENERIC_WORDS | frozenset("loss objective regularizer regularization penalty criterion".split())


#: Longest term, in words, looked for in the text by :func:`_find_missed`.
MAX_TERM_WORDS = 8


class _Text(NamedTuple):
    """An abstract as the text passes read it: math left out, its words as written and as key words."""

    plain: str
    written: tuple[str, ...]
    words: tuple[str, ...]
    #: positions in ``words`` of words glued by a hyphen to a word before them ("convex" of "non-convex")
    joined: frozenset = frozenset()


def _read_text(abstract: str) -> _Text:
    """The words are interned: a corpus's abstracts share their words, and 100,000 of them are held at once."""
    plain = _MATH_SPAN.sub(" ", abstract)
    lowered = re.sub(r"[\-_/]", " ", plain.lower())
    tokens = list(_TOKEN.finditer(lowered))
    words = tuple(intern(_americanize(t.group(0))) for t in tokens)
    joined = frozenset()
    if len(lowered) == len(plain):  # (lower() keeps the length but for a few letters, such as dotted I)
        # a number before the hyphen only parameterises the word: "2-Wasserstein distance" is one
        joined = frozenset(i for i, t in enumerate(tokens) if _glued(plain, t.start()))
    return _Text(plain, tuple(map(intern, _TOKEN.findall(plain))), words, joined)


def _glued(plain: str, start: int) -> bool:
    """True when the word at ``start`` is glued by a hyphen, slash or underscore to a word that is no bare number."""
    if start < 2 or plain[start - 1] not in "-_/" or not plain[start - 2].isalnum():
        return False
    before = re.search(r"[\w.]+$", plain[max(0, start - 41) : start - 1])
    return before is None or not before.group(0).replace(".", "").isdigit()


def _first_words(keys) -> dict[str, int]:
    """For :func:`_phrases`: each first word of ``keys`` and the most words a key starting with it has."""
    longest: dict[str, int] = {}
    for key in keys:
        words = key.split()
        longest[words[0]] = max(longest.get(words[0], 0), len(words))
    return longest


def _phrases(text: _Text, longest: dict[str, int], match) -> Iterator[tuple[int, int, object]]:
    """``(start, words, match(key))`` for the phrases of ``text`` that ``match`` knows, longest first, left to right.

    A candidate is the key of a run of two or more words (the last one
    singular), at most ``longest[first word]`` long; a run never starts inside
    a hyphenated word ("convex" of "non-convex"), and a match is not searched
    again inside itself.
    """
    norm = text.words
    i = 0
    while i < len(norm):
        step = 1
        for n in range(min(longest.get(norm[i], 0) if i not in text.joined else 0, len(norm) - i), 1, -1):
            found = match(" ".join((*norm[i : i + n - 1], _singular(norm[i + n - 1]))))
            if found is not None:
                yield i, n, found
                step = n
                break
        i += step


def _find_missed(papers, texts, nodes, concepts, paper_terms, *, lone_words: bool = False,
                 shorts: dict[str, str] | None = None, synonyms: dict[str, str] | None = None,
                 written_names: Container[str] = frozenset()) -> None:
    """Link papers to the corpus's terms where their text names them but no mention did.

    The tagger misses some uses of a term that it finds elsewhere
    ("Rademacher complexity" inside "a sharper Rademacher complexity bound");
    once the corpus's terms are known, each abstract is read for them, as
    written or as a spelling variant (the concept key of a run of words).
    Multi-word terms are matched in any case; one-word terms when they are
    names (acronyms, "Mamba"), as written, and, with ``lone_words``, when
    they head their phrase ("transformers fail", "a disentanglement loss",
    not "transformer models"). With ``shorts``, a short form the corpus
    defines one way names its term wherever a paper writes it ("LLM
    attention layers"), unless that paper brackets it, defining it its own
    way. With ``synonyms`` (a thesaurus name's key -> its topic's key), a
    multi-word synonym of a term names it ("uncertainty estimation"), and a
    one-word one where it heads its phrase, unless it is in ``written_names``
    (the keys of names the thesaurus writes as names: "CLIP", "Adam"). Matches
    inside a longer match do not count, and a paper already linked to the
    term is left as it is.
    """
    alias = {name: key for name, key in (synonyms or {}).items() if key in nodes and " " in name}
    # a one-word synonym of a term is that term where it heads its phrase ("a disentanglement loss")
    # (not a name the thesaurus writes as one: "CLIP" is no "video clips")
    lone_alias = {name: key for name, key in (synonyms or {}).items()
                  if key in nodes and " " not in name and name not in LONE_GENERIC and len(name) > 2
                  and "NOUN" in _pos(name) and not is_junk(name) and name not in written_names} if lone_words else {}
    phrases = [name for name in alias if len(name.split()) <= MAX_TERM_WORDS]
    names: dict[str, str] = {}
    lone: dict[str, str] = dict(lone_alias)
    for key in sorted(nodes):  # (in order: a form two terms share goes to the same one every build)
        c = concepts[key]
        words = key.split()
        if 2 <= len(words) <= MAX_TERM_WORDS and not is_junk(key):
            phrases.append(key)
        elif len(words) == 1:
            if lone_words and key not in LONE_GENERIC and not any(is_name(f) for f in list(c.surfaces) + list(c.shorts)):
                lone[key] = key  # a lone term ("transformers", "disentanglement"): found as a noun below
            for form in list(c.surfaces) + list(c.shorts):
                if len(form) >= 3 and " " not in form and is_name(form) and not is_junk(form):
                    names.setdefault(form, key)
                    names.setdefault(form + "s", key)
    multi = _first_words(phrases)
    # a short form the corpus defines one way only names its term wherever it is written ("LLM attention
    # layers"), except in a paper that brackets it, defining it its own way ("deep reinforcement learning (DRL)")
    acronyms: dict[str, str] = {}
    for short_key, long_key in (shorts or {}).items():
        if long_key in nodes and long_key in concepts:
            for form in concepts[long_key].shorts:
                if concept_key(form) == short_key and len(form) >= 3 and " " not in form and is_name(form):
                    singular = form[:-1] if form.endswith("s") and form[:-1].isupper() else form
                    for written in (singular, singular + "s"):
                        if written not in names:
                            acronyms.setdefault(written, long_key)
    for paper, text, terms in zip(papers, texts, paper_terms):
        found: Counter = Counter()
        consumed: set[int] = set()  # word positions inside a multi-word term found
        norm = text.words

        def term(cand: str) -> str | None:
            cand = alias.get(cand, cand)
            return cand if cand in nodes and cand in concepts else None

        for i, n, key in _phrases(text, multi, term):
            found[key] += 1
            consumed.update(range(i, i + n))
        for token in text.written:
            key = names.get(token)
            if key is not None:
                found[key] += 1
            key = acronyms.get(token)
            if key is not None and key not in terms and "(" + token not in text.plain:
                found[key] += 1
        if lone:
            # someone's property is not the term: "MLLMs' attention to visual inputs"
            owned = {_singular(w.lower()) for w in _OWNED.findall(text.plain)}
            for j, word in enumerate(norm):
                key = lone.get(_singular(word)) if _singular(word) not in owned and not _idiom(norm, j) else None
                # the word is the term when it heads its phrase: "transformers fail", not "transformer
                # models" or "GP bandits" (the longer term links its paper there through ``broader``)
                if key is not None and j not in consumed and (j + 1 == len(norm) or "NOUN" not in _pos(norm[j + 1])
                                                             or norm[j + 1] in _FUNCTION_WORDS
                                                             or _singular(norm[j + 1]) in _ABOUT_HEADS):
                    found[key] += 1
        for key, count in found.items():
            if key not in terms:
                terms[key] = [count, "mentions", ()]
                concepts[key].papers.add(paper.id)


def _add_named(papers, texts, concepts, paper_terms, shorts, several=None, meanings=None, synonyms=None) -> None:
    """Named datasets and standard metrics written in an abstract are its concepts, found or not by the tagger.

    "across CIFAR-10, CIFAR-100, and CIFAR-10C": the tagger took the first
    only. Outside math, as written (case matters: "MAE" is a metric, "mae" is
    not). A name the corpus defines several ways is what its paper means by it
    (``meanings``, per paper), or nothing: "masked autoencoders (MAE)" are no metric. A short form the
    thesaurus spells out (``synonyms``) is its topic's: "ECE" is the expected calibration error.
    """
    several, synonyms = several or {}, synonyms or {}
    compact = {_compact(k): k for k in sorted(concepts, reverse=True)}  # "CIFAR10" as the tagger took it, "CIFAR-10"
    for i, (paper, text, terms) in enumerate(zip(papers, texts, paper_terms)):
        meaning = meanings[i] if meanings else {}
        written: Counter = Counter()
        plain = text.plain
        # known names and metrics, then names a list calls data sets ("the ETTh1, Weather and Traffic datasets")
        spans = [(m.start(), m.end(), kind, False) for pattern, kind in ((DATASET_IN_TEXT, "dataset"),
                                                                         (METRIC_IN_TEXT, "metric"))
                 for m in pattern.finditer(plain)]
        spans += [(start, end, "dataset", True) for start, end in listed_data_sets(plain)]
        for start, end, kind, listed in spans:
            surface = plain[start:end]
            if kind == "dataset" and _TITLE_GOES_ON.match(plain, end):
                continue  # the first word of a longer title: "the Waymo Open Dataset"
            key = _metric_named(concept_key(surface))  # ("F1 scores" are F1)
            if not key or key in several and key not in meaning:
                continue
            long_key = meaning.get(key) or shorts.get(key) or synonyms.get(key)
            defined = long_key is not None and (long_key in concepts or long_key == synonyms.get(key))
            if defined:  # "MSE" where the corpus defines it: the mean squared error
                key = long_key
            elif key not in concepts:
                key = compact.get(_compact(key), key)
            c = concepts.setdefault(key, _Concept())
            c.papers.add(paper.id)
            if key not in terms:
                terms[key] = [0, "mentions", ()]
                c.kinds[kind] += 1
                (c.shorts if defined else c.surfaces)[surface] += 1
                c.named = True
            elif listed:  # the tagger's "Weather" is a name, and the list calls it a data set
                c.named = True
                c.introduced["dataset"] += 1
            written[key] += 1
        for key, n in written.items():  # the times the paper writes it: the tagger's spans of it count once
            terms[key][0] = max(terms[key][0], n)


#: A title going on after a known name, to a data set's head: "Waymo[ Open Dataset]".
_TITLE_GOES_ON = re.compile(r"(?:\s+[A-Z][\w\-]*){1,3}\s+(?:Dataset|Corpus|Benchmark|Challenge)s?\b")


#: "problems such as X, Y and Z", "two new broad problems: the X and Y", "concrete problems like X".
_PROBLEM_CUE = re.compile(r"\bproblems\s*(?::\s*|,\s*|\s+)(?:(?:such as|like|including|namely|e\.g\.,?)\s+)?"
                          r"|\bproblem\s*(?::\s*|\s+(?:such as|like|including|namely)\s+)")


#: Where such a list ends: a clause or a preposition after the names.
_LIST_END = re.compile(r"[.;:]\s|\b(?:which|that|where|who|with|to|for|in|on|are|is|was|were|by|from|under|using|"
                       r"we|can|has|have|remain|remains)\b")


def _defined_key(name: str, shorts: dict[str, str], same: dict[str, str]) -> str:
    """The key of the concept a name stands for: a short form the corpus defines is its long form's, and a long
    form defined alike with another is that one's ("NCO model" is NCO)."""
    key = concept_key(name)
    key = shorts.get(key, key)
    return same.get(key, key)


def _problem_names(texts, shorts, same) -> set[str]:
    """Keys of the names a text lists as problems: they are tasks, whatever their head says.

    "we formalize two new broad problems: the Unrestricted Sparsest Submodular
    Set (USSS) and Unrestricted Densest Supermodular Set (UDSS) which allow
    ...": both are problems, though a "set" is otherwise a concept. Only
    items of a few words count, read up to the end of the clause.
    """
    def term(name: str) -> str:
        return _defined_key(name, shorts, same)

    out: set[str] = set()
    for text in texts:
        for cue in _PROBLEM_CUE.finditer(text.plain):
            rest = text.plain[cue.end() : cue.end() + 200]
            end = _LIST_END.search(rest)
            listed = strip_parentheticals(rest[: end.start()] if end else rest)
            for item in re.split(r",|\band\b|\bor\b", re.sub(r"\[[^\]]*\]", " ", listed)):
                words = [w for w in item.split() if w.lower() not in ("the", "a", "an")]
                if not words or len(words) > 6 or not any(w[:1].isupper() for w in words):
                    continue  # names only: "problems like the ones above" lists none
                out.add(term(" ".join(words)))
    # names listed beside two or more of those are problems too (coordinated names are of one type): "DSS,
    # SFM, USSS, UDSS, and MNP are all equivalent under strongly polynomial-time reductions"
    for text in texts:
        for listed in _NAME_LIST.finditer(text.plain):
            keys = [term(w) for w in re.split(r"\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+", listed.group(0))]
            if sum(k in out for k in keys) >= 2:
                out.update(k for k in keys if k)
    return out


#: A list of three or more names: "DSS, SFM, USSS, UDSS, and MNP".
_NAME_LIST = re.compile(r"\b[A-Z][\w\-+&]*(?:\s*,\s*[A-Z][\w\-+&]*)+,?\s+(?:and|or)\s+[A-Z][\w\-+&]*\b")


#: Two or more names: "CQL and IQL", "DSS, SFM, USSS, UDSS, and MNP".
_NAME_PAIR_OR_LIST = re.compile(r"\b[A-Z][\w\-+&]*(?:\s*,\s*[A-Z][\w\-+&]*)*,?\s+(?:and|or)\s+[A-Z][\w\-+&]*\b")


#: A capitalised word right before a list, or right after it: the list's first and last names are parts of longer ones.
_NAME_BEFORE = re.compile(r"(?<![.!?])\s[A-Z0-9][\w\-+&]*\s+$")
_NAME_AFTER = re.compile(r"\s+[A-Z0-9][\w\-+&]*")


#: A coined name as a list writes it: two capitals, or a capital and a digit ("IQL", "TD3+BC", "GPT-4").
_CODED_ITEM = re.compile(r"[A-Z](?=[\w\-+&]*[A-Z0-9])[\w\-+&]*")


def _add_listed_names(papers, texts, concepts, paper_terms, shorts=None, same=None, synonyms=None) -> None:
    """Coined names listed beside one the paper's terms hold are its terms too, of that one's kind.

    "CVR outperforms CQL, IQL and TD3+BC": the tagger took CQL only; names
    coordinated in one list are of one type ("outperforms CQL and IQL"). Only
    lists of coined names (two capitals, or a capital and a digit), every one of them;
    a short form the corpus defines is its long form's ("conservative
    Q-learning (CQL)": CQL, IQL and TD3+BC are methods), and one the
    thesaurus spells out is left to it ("MNP", the minimum-norm point
    algorithm).
    """
    shorts, same, synonyms = shorts or {}, same or {}, synonyms or {}

    def term(name: str) -> str:
        return _defined_key(name, shorts, same)

    for paper, text, terms in zip(papers, texts, paper_terms):
        for listed in _NAME_PAIR_OR_LIST.finditer(text.plain):
            if (_NAME_BEFORE.search(text.plain, max(0, listed.start() - 80), listed.start())
                    or _NAME_AFTER.match(text.plain, listed.end()) or text.plain[listed.start() - 1:listed.start()] == "/"):
                continue  # the ends of longer names: "WMT14 English-German and CoNLL-2003 English", "CNN/DM"
            items = [w for w in re.split(r"\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+", listed.group(0)) if w]
            if not all(_CODED_ITEM.fullmatch(w) and not any(part.islower() and is_common_word(part)
                                                            for part in w.split("-")[1:]) for w in items):
                continue  # (nor a name glued to the next word: "RISBench-demonstrate that")
            keys = [term(w) for w in items]
            kinds = Counter(kind for k in keys if k in terms and k in concepts for kind in concepts[k].kinds.elements())
            if not kinds:
                continue
            kind = kinds.most_common(1)[0][0]
            held = {f for k in terms if k in concepts for f in concepts[k].shorts}  # "MNP" of "minimum norm point"
            for item, key in zip(items, keys):
                if key and key not in terms and key == concept_key(item) and item not in held and key not in synonyms:
                    c = concepts.setdefault(key, _Concept())
                    c.papers.add(paper.id)
                    c.kinds[kind] += 1
                    c.surfaces[item] += 1
                    c.named = True
                    terms[key] = [1, "mentions", ()]


def _add_topic_names(papers, texts, concepts, paper_terms, th: Thesaurus) -> dict[tuple[str, str], str]:
    """Thesaurus topics written in an abstract are its terms, found or not by the tagger.

    Returns the words a phrase pattern found a topic by, for each (paper id, topic key) it found
    ("strong zero-shot capabilities"), for the link to say.

    "binary classification with weak supervision": the tagger took the task,
    not its setting. Names of two or more words only (as written or as a
    spelling variant, the longest first); never an area or a field-wide term.
    A topic only one paper writes, and the tagger never found, is no node of
    its own: it becomes one where other terms meet there (:func:`_add_topics`).
    """
    names: dict[str, tuple[str, str]] = {}  # a name's key -> (its topic's key, the name as the thesaurus writes it)
    for topic in th.topics.values():
        if topic.kind == "area" or topic.key in FIELD_GENERIC or topic.key in LONE_GENERIC:
            continue
        for name in topic.names:
            k = concept_key(name)
            if " " in k:  # (an adjective names its topic too: "information-theoretic", "minimax-optimal")
                names.setdefault(k, (topic.key, name))
    longest = _first_words(names)
    variants = _Variants(names)
    written_names = _written_names(th)
    # the kinds an optimization problem is said to be ("non-convex"): an abstract with none skips the pattern
    kinds_of_problem = frozenset(k.split()[-2] for k in names if k.endswith(" optimization") and " " in k)
    settings = _settings(th, names)
    found_by: dict[tuple[str, str], str] = {}
    for paper, text, terms in zip(papers, texts, paper_terms):
        found_names = [found for _, _, found in _phrases(text, longest, names.get)]
        literal = set(found_names)  # (written as the thesaurus writes them, not found by a pattern)
        written_as = variants.find_written(text.plain)  # (a link through one says the words: "generate images")
        found_by.update(((paper.id, found[0]), words) for found, words in reversed(written_as)
                        if found[0] not in terms and found not in found_names)  # (not where the name is written too)
        found_names += [found for found, _ in written_as]
        found_names += [settings[w] for w in (m.group(1).lower().replace("-", "") for m in _SETTING.finditer(
            text.plain)) if w in settings]  # (not keyed: "multi-task" would lose its "task")
        # topics written as a phrase of their own: "limitations in modeling certain tasks" (what a model can
        # express), "replaying on such synthetic data", "the number of observations required for recovery"
        # (a link through one of these says the words the pattern found: "unbiased loss functions")
        phrased = [(names[k], m) for pattern, k in _PHRASED if k in names for m in [pattern.search(text.plain)] if m]
        if "$" in paper.abstract:  # and those written with mathematics: "requires more sensitive $\lambda$ tuning"
            phrased += [(names[k], m) for pattern, k in _PHRASED_IN_MATH if k in names
                        for m in [pattern.search(paper.abstract)] if m]
        found_names += [found for found, _ in phrased]
        found_by.update(((paper.id, found[0]), " ".join(m.group(0).split())) for found, m in reversed(phrased)
                        if found[0] not in terms)
        for m in _OPTIMIZING.finditer(text.plain):
            found_names += [found for found in (names.get(concept_key(f"{m.group(2)} {goal}"))
                                                for goal in _GOALS[m.group(1).lower().replace("is", "iz")])
                            if found][:1]
        if not kinds_of_problem.isdisjoint(text.words):
            found_names += _problems_said_to_be(text.plain, names)
        if written_names.pattern is not None:
            found_names += _names_written(text.plain, written_names, terms)
        if _BY_A_MARGIN.search(text.plain) and "large margin" not in _BY_A_MARGIN.sub("", text.plain).lower():
            # "boosts Transformers by a large margin": how much better, no margin of a classifier
            found_names = [(key, name) for key, name in found_names if concept_key(name) != "large margin"]
        written = Counter(key for key, _ in found_names)
        # a topic written inside a longer term the tagger took ("self-supervised contrastive learning") was found by
        # the tagger too: it may be a node of its one paper, as a topic the tagger took alone is
        tagged = [f" {k} " for k in terms]
        for key, name in found_names:
            c = concepts.get(key)
            if c is None:  # labelled as the thesaurus does: papers write "gradient-free methods", "zeroth-order ..."
                c = concepts[key] = _Concept(text_only=True, label=th.topics[key].label)
            if c.text_only and (key, name) in literal and any(f" {key} " in t for t in tagged):
                c.text_only = False
            if key not in terms:
                terms[key] = [0, "mentions", (name,)]  # (the words a link through it says it came by)
                c.papers.add(paper.id)
                c.kinds[th.topics[key].kind] += 1
                if not c.surfaces:
                    c.surfaces[name] += 1
        for key, n in written.items():  # the times the paper writes it: the same words the tagger took count once
            terms[key][0] = max(terms[key][0], n)
    return found_by


#: A result's lead, said as a margin: "by a large margin", "by large margins", "by a wide margin".
_BY_A_MARGIN = re.compile(r"\bby (?:an? )?(?:large|wide|significant|substantial|clear|considerable|huge|big|notable)"
                          r" margins?\b", re.I)


class _NameWords(NamedTuple):
    """One-word thesaurus names written as names, as :func:`_names_written` finds them."""

    pattern: re.Pattern | None
    topics: dict[str, tuple[str, str]]  # a name as written -> (its topic's key, the name)


def _name_word(name: str) -> bool:
    """A one-word name no ordinary word is written as: "LoRA", "ImageNet", "CIFAR-10", "MNIST" (not "SAM" or
    "GP", three letters or fewer in capitals, which abstracts define as their own things)."""
    if " " in name or not is_name(name):
        return False
    letters = [c for c in name if c.isalpha()]
    if any(c.isdigit() for c in name) or any(c.islower() for c in letters[1:]) and sum(c.isupper() for c in letters) >= 2:
        return True  # "CIFAR-10", "LoRA", "InfoNCE", "ResNets"
    return len(letters) >= 4 and all(c.isupper() for c in letters)  # "MNIST", "LSTM" (not "SAM", "GAT", "OT")


def _written_names(th: Thesaurus) -> _NameWords:
    """The thesaurus's one-word names written as names, with the topics they name (areas and field-wide topics
    left out), and one pattern that finds any of them as a whole word, case and all."""
    topics: dict[str, tuple[str, str]] = {}
    for topic in th.topics.values():
        if topic.kind == "area" or topic.key in FIELD_GENERIC or topic.key in LONE_GENERIC:
            continue
        for name in topic.names:  # (a name of two key words, "CIFAR-10", is found as a phrase already)
            if _name_word(name) and " " not in concept_key(name):
                topics.setdefault(name, (topic.key, name))
    if not topics:
        return _NameWords(None, topics)
    alternatives = "|".join(re.escape(n) for n in sorted(topics, key=len, reverse=True))
    return _NameWords(re.compile(rf"(?<![\w\-])(?:{alternatives})(?![\w\-])"), topics)


def _names_written(plain: str, names: _NameWords, terms: Container[str] = frozenset()) -> list[tuple[str, str]]:
    """The topics an abstract names by a one-word name the tagger may have missed ("For linear models using
    LoRA"): each name written as a whole word, unless the abstract defines it in brackets ("(LoRA)"), where
    the definition says what it means here, or the name begins one of the paper's ``terms`` there ("the CLIP
    score" is a metric, no mention of CLIP)."""
    found = []
    for m in names.pattern.finditer(plain):
        name = m.group(0)
        after = plain[m.end():m.end() + 80].split()[:3]
        if any(concept_key(" ".join([name, *after[:n]])) in terms for n in range(1, len(after) + 1)):
            continue
        if not re.search(rf"\(\s*{re.escape(name)}\s*[),;]", plain):
            found.append(names.topics[name])
    return found


#: Training on data a model generated: "repeated training on synthetic data", "replaying on such synthetic
#: data", "trained on generated images" (data that only evaluates a method, "experiments on synthetic data", is not)
_ON_SYNTHETIC = re.compile(r"\b(?:train|training|trained|retrain\w*|replay\w*|fine-?tun\w*)\s+on\s+(?:(?:such|the|"
                           r"these|this|its|their|purely|only|model-generated)\s+)?(?:synthetic|generated|synthesi[sz]ed)"
                           r"\s+(?:data|samples|images|examples|text)\b", re.I)


#: A sample complexity written out: "the number of observations required for successful recovery" (of data
#: points, not of iterations: "the number of iterations required for convergence" is none)
_SAMPLES_NEEDED = re.compile(r"\bnumber\s+of\s+(?:(?:labell?ed|training|noisy)\s+)?(?:samples|observations|examples|"
                             r"labels|measurements|comparisons|data\s+points)\s+(?:required|needed|necessary)\b", re.I)


#: "the multiclass setting", "the active setting": a setting named by the modifier of its topic.
_SETTING = re.compile(r"\b(?:the|a|an|this|our)\s+([A-Za-z][\w\-]*)\s+(?:setting|regime|scenario|"
                      r"(?:[\w\-]+\s+){0,3}problem)s?\b", re.I)  # (and "the online multi-class selection problem")


#: "Transformers have theoretical limitations in modeling certain tasks": the limits of what a model can
#: express, its expressivity (a verb phrase for the topic, as FASTR reads them)
_LIMITED = re.compile(r"\blimitations?\s+(?:in|of|on)\s+"
                      r"(?:modell?ing|representing|expressing|approximating|simulating)\b", re.I)


#: Models combined into one predictor: "an ensemble of distilled policies", "ensembles of neural networks" (a
#: physicist's "canonical ensemble" is none)
_ENSEMBLE_OF = re.compile(r"\bensembles?\s+of\s+(?:[\w\-]+\s+){0,2}(?:models|networks|policies|classifiers|"
                          r"predictors|learners|regressors|trees|agents)\b", re.I)


#: A symbol that is tuned is a hyperparameter: "Adam requires more sensitive $\lambda$ tuning", "tuning of $\eta$"
_TUNED_SYMBOL = re.compile(r"\$[^$\s]{1,12}\$\s+(?:tuning|selection)\b|\btuning\s+(?:of\s+)?(?:the\s+)?\$[^$\s]{1,12}\$")


#: An estimator said to be unbiased and consistent is statistically consistent: "non-negative PU (nnPU), which are
#: unbiased and consistent with the expected risk" (a method that "consistently outperforms" is none)
_UNBIASED_CONSISTENT = re.compile(r"\b(?:un)?biased\s+and\s+consistent\b|\bconsistent\s+and\s+(?:un)?biased\b", re.I)


#: Losses studied as a family, the design of a loss or risk estimator: "loss functions that decay to zero",
#: "unbiased loss functions", "risk estimators of PU learning", "the geometry of the loss template" (the plural,
#: or an estimator of the risk; a model's one objective, "the Hessian of the loss function", is none)
_LOSS_FAMILY = re.compile(r"\bloss\s+(?:functions|templates?)\b|\brisk\s+estimators?\b", re.I)


#: Working on what no example was seen of: "strong zero-shot capabilities", "a zero-shot training setup", "the
#: zero-shot policy transfer setting" (a setting or ability, never another word after "zero-shot")
_ZERO_SHOT = re.compile(r"\bzero-shot\s+(?:[\w\-]+\s+)?(?:settings?|setups?|capabilit(?:y|ies)|abilit(?:y|ies)|transfer|"
                        r"performance|generali[sz]ation|classification|learning|inference|prediction|recognition)\b",
                        re.I)


#: A sequence model trained on text models language: "large-scale text experiments with LSTMs", "LSTMs trained on
#: text" (a model of a text's images, or text-to-image generation, is none)
_MODELS_TEXT = re.compile(r"\btext\s+experiments\s+(?:with|on|using)\s+(?:LSTMs?|RNNs?|GRUs?|recurrent\s+(?:neural\s+)?"
                          r"networks?)\b|\b(?:LSTMs?|RNNs?|GRUs?|recurrent\s+(?:neural\s+)?networks?)\s+(?:trained\s+)?on\s+"
                          r"(?:(?:natural|large-scale)\s+)?(?:text|language)(?:\s+(?:data|corpora|corpus))?\b", re.I)


class _All(NamedTuple):
    """Patterns a text must all hold, searched in order (the first a cheap, rare one)."""

    patterns: tuple

    def search(self, text: str) -> re.Match | None:
        """None unless every pattern holds; else the longest of their matches, the words that say most."""
        found = []
        for p in self.patterns:
            m = p.search(text)
            if m is None:
                return None
            found.append(m)
        return max(found, key=lambda m: m.end() - m.start())


#: A vision network on images, judged by its test error or accuracy, classifies them: "two-layer CNNs on image data
#: ... converge to poor test error solutions" (a generator on images, judged by no error, is none)
_CLASSIFIES_IMAGES = _All((
    re.compile(r"on\s+(?:natural\s+)?image"),
    re.compile(r"\b(?:CNNs?|ConvNets?|convolutional\s+(?:neural\s+)?networks?|ResNets?|vision\s+transformers?|ViTs?)"
               r"\s+(?:(?:trained|evaluated)\s+)?on\s+(?:natural\s+)?(?:image\s+data(?:sets?)?|images)\b", re.I),
    re.compile(r"\b(?:test|classification|validation)\s+(?:error|accuracy)|\bclassif", re.I)))


#: Each pattern, and the key of the thesaurus name it writes out: read in the plain text, and (the second
#: table) in an abstract with mathematics, as written (the plain text has none)
_PHRASED = ((_ZERO_SHOT, "zero shot learning"), (_LOSS_FAMILY, "loss function design"),
            (_ON_SYNTHETIC, "training on synthetic data"), (_SAMPLES_NEEDED, "sample complexity"),
            (_LIMITED, "expressive power"), (_ENSEMBLE_OF, "ensemble learning"),
            (_CLASSIFIES_IMAGES, "image classification"), (_UNBIASED_CONSISTENT, "statistical consistency"),
            (_MODELS_TEXT, "language modeling"))
_PHRASED_IN_MATH = ((_TUNED_SYMBOL, "hyperparameter tuning"),)


#: "minimizing non-convex functionals" is nonconvex optimization: the verb, and the kind of function it acts on.
_OPTIMIZING = re.compile(r"\b(minimi[sz]|maximi[sz]|optimi[sz])\w*\s+(?:the\s+|a\s+|an\s+)?([\w\-]+)\s+"
                         r"(?:functions?|functionals?|objectives?)\b", re.I)
_GOALS = {"minimiz": ("minimization", "optimization"), "maximiz": ("maximization", "optimization"),
          "optimiz": ("optimization",)}


#: An optimization problem said to be of a kind: "the maximization problem in the latter is non-convex",
#: "objectives are smooth but potentially nonconvex" (the adjective predicated, FASTR's variant of "non-convex
#: optimization"; within the clause)
_PROBLEM_IS = re.compile(r"\b(?:problems?|objectives?|objective\s+functions?|loss(?:es)?)\s+(?:[^.;:,]{0,40}?\s)?"
                         r"(?:is|are|becomes?|remains?)\s+((?:[\w\-]+\s+){0,3}[\w\-]+)", re.I)


def _problems_said_to_be(plain: str, names: dict[str, tuple[str, str]]) -> list[tuple[str, str]]:
    """The kinds of optimization the problems of a text are said to be, as found names.

    Past adjectives, adverbs and "but" ("smooth but potentially nonconvex"), no further ("the problem is that
    convex methods fail" is none).
    """
    out = []
    for m in _PROBLEM_IS.finditer(plain):
        for word in m.group(1).lower().split():
            found = names.get(concept_key(f"{word} optimization"))
            if found:
                out.append(found)
                break
            if word not in ("but", "and", "or") and not _pos(word) & {"ADJ", "ADV"}:
                break
    return out


def _settings(th: Thesaurus, names: dict[str, tuple[str, str]]) -> dict[str, tuple[str, str]]:
    """The modifiers that name one topic alone in "the W setting": W -> (topic key, the name as written).

    "the multiclass setting" is multiclass classification and "the active
    setting" active learning: W is the modifier of a two-word learning
    setting ("W classification", "W learning"). A modifier of two such topics
    neither under the other names none.
    """
    by_word: dict[str, dict[str, str]] = defaultdict(dict)
    for key, (topic, name) in names.items():
        words = key.split()
        if words[-1] not in ("learning", "classification"):
            continue  # (a learning setting: "the natural setting" is no natural gradient)
        if len(words) == 2 and words[0].isalpha() or len(words) == 3 and "-" in name.split()[0]:
            by_word["".join(words[:-1])].setdefault(topic, name)  # ("multi-class classification": "multiclass")
    out = {}
    for word, topics in by_word.items():
        roots = [t for t in topics if not any(u in topics for u in th.above(t, 99))]
        if len(roots) == 1 and word not in LONE_GENERIC and word not in EVALUATIVE:
            out[word] = (roots[0], topics[roots[0]])
    return out


class _Variants:
    """Topic names written as a verb and its object: "quantifies the uncertainty of online SGD" is
    uncertainty quantification, "generalize to unseen domains" domain generalization.

    The syntactic term variants of FASTR (Jacquemin): a name "X Ns" whose head
    is the noun of a verb ("quantification", "selection", "adaptation") is
    found as that verb followed, within its clause, by X (after at most a
    determiner or "to" and two more words); any name "X N" as N, a
    preposition (of, between, among, across) and X ("an imbalance between
    positive and negative classes"). ``names``: a name's key -> (topic key,
    the name as written).

    >>> v = _Variants({"uncertainty quantification": ("uq", "uncertainty quantification")})
    >>> v.find("We quantify the predictive uncertainty of SGD."), v.find("We quantify the error; uncertainty is high.")
    ([('uq', 'uncertainty quantification')], [])
    """

    # (and a gerund: "learning expandable representations", "merge models", "models gradient uncertainty")
    _NOUN_OF_VERB = (("ification", "if"), ("ization", "iz"), ("ation", ""), ("ition", ""), ("ction", "ct"),
                     ("ption", "pt"), ("ssion", "ss"), ("ment", ""), ("ing", ""))
    _BETWEEN = frozenset("the a an its their our this these those to of".split())
    _OF = frozenset("of between among across on".split())
    #: Field-wide heads that still name their topic after a preposition: "a bound on the regret" is a regret bound
    _HEADS_TOO = frozenset({"bound"})

    def __init__(self, names: dict[str, tuple[str, str]]):
        self.objects: dict[str, dict[str, tuple[str, str]]] = defaultdict(dict)  # verb stem -> object -> found
        self.terms = frozenset(names)
        self.heads: dict[str, dict[str, tuple[str, str]]] = defaultdict(dict)  # head noun -> modifier -> found
        for key, found in names.items():
            words = key.split()
            if len(words) != 2 or not words[0].isalpha() or "NOUN" not in _pos(words[0]) or "ADJ" in _pos(words[0]):
                continue  # ("convex optimization": "optimize convex functions" is no variant of it)
            if found[1][:1].isupper():
                continue  # a name ("Bayesian optimization") is no object of the verb
            stem = next((words[1][: -len(suffix)] + verb for suffix, verb in self._NOUN_OF_VERB
                         if words[1].endswith(suffix) and len(words[1]) - len(suffix) >= 3), None)
            if stem:
                self.objects[stem].setdefault(words[0], found)
            if words[1] not in LONE_GENERIC or words[1] in self._HEADS_TOO:
                self.heads[words[1]].setdefault(words[0], found)  # "imbalance between classes", "merging of models"
        # every written form of each verb: "quantify", "quantifies", "estimate", "generalized", ...
        self.forms = {stem + ending: stem for stem in self.objects for ending in self._ENDINGS}

    # (no past participles: "calibrated confidence margins", "generalized losses" modify a noun)
    _ENDINGS = ("", "e", "es", "ing", "s", "y", "ies", "ying", "ate", "ates", "ating", "ize", "izes", "izing")

    _DETERMINERS = frozenset("the a an its their our these those such all both many most some two of".split())

    _ARTICLES = frozenset("a an the this that each every".split())

    def _noun(self, before: str, word: str) -> bool:
        """A noun, not a verb: "Diffusion models exhibit uncertainty", "our models", "large models", and a
        singular after an article ("train a model to a sequence of tasks" models no sequence)."""
        before = before.strip("(").lower()
        if before in self._ARTICLES and "NOUN" in _pos(word.strip("(").lower()):
            return True
        if not word.endswith("s") or "NOUN" not in _pos(word.lower()):
            return False
        return (before in self._DETERMINERS or "ADJ" in _pos(before) and not before.endswith("ly")
                or concept_key(f"{before} {word}") in self.terms)

    _ABLE = frozenset("capacity capacities ability abilities capability capabilities power potential able".split())

    def _able(self, words: list[str], i: int) -> bool:
        """A verb after "capacity to": what something can do ("the power of foundation models lies in their
        capacity to learn highly expressive representations"), not what the paper does."""
        return i >= 2 and words[i - 1].lower() == "to" and words[i - 2].lower() in self._ABLE

    def _objects_at(self, words: list[str], i: int) -> tuple[dict[str, tuple[str, str]], int] | None:
        """The objects the word at ``i`` takes, and the position they follow; None for no verb or head noun."""
        word = words[i]
        if word[-1] in ",;:.!?)":
            return None
        stem = self.forms.get(word.strip("(").lower())
        if stem is not None and not (i and self._noun(words[i - 1], word)) and not self._able(words, i):
            return self.objects[stem], i
        objects = self.heads.get(word.strip("(")[:-1].lower()) if word.endswith("ed") else None
        if objects:
            # the head noun's adjective, a word or two, then the preposition (FASTR's modifier insertion):
            # "imbalanced error rates between positive and negative classes" is class imbalance
            for j in range(i + 1, min(i + 4, len(words))):
                if words[j - 1][-1] in ",;:.!?)":
                    return None
                if words[j] in self._OF:
                    return objects, j
            return None
        # the head noun, then a preposition and the modifier: FASTR's permutation variant ("the merging of
        # independently trained models" is model merging)
        if i + 1 == len(words) or words[i + 1] not in self._OF:  # (the preposition first: a set look-up per word)
            return None
        objects = self.heads.get(_singular(word.strip("(").lower()))
        return (objects, i + 1) if objects else None

    def find(self, text: str) -> list[tuple[str, str]]:
        """The topics found: (topic key, name as the thesaurus writes it)."""
        return [found for found, _ in self.find_written(text)]

    def find_written(self, text: str) -> list[tuple[tuple[str, str], str]]:
        """The topics found, each with the words that wrote it ("generate images" for image generation)."""
        out: list[tuple[tuple[str, str], str]] = []
        words = text.split()  # (a split and a dict look-up per word: read in every abstract of a corpus)
        for at_word in range(len(words)):
            at = self._objects_at(words, at_word)
            if at is None:
                continue
            objects, i = at
            after: list[tuple[int, str]] = []  # (position, the word bare)
            for n, w in enumerate(words[i + 1 : i + 6], i + 1):  # the verb's clause only: up to a comma, a full stop
                after.append((n, w.strip("(),;:.!?\"'").lower()))
                if w[-1] in ",;:.!?)":
                    break
            while after and after[0][1] in self._BETWEEN:
                after.pop(0)
            for n, w in [(n, w) for n, w in after if w not in ("and", "or")][:3]:  # ("expandable and adaptable ...")
                found = objects.get(_singular(_americanize(w)))
                if found and found not in (f for f, _ in out) and not self._modifier(words, n):
                    out.append((found, " ".join(words[min(at_word, n): max(at_word, n) + 1]).strip("(),;:.!?\"'")))
                    break
        return out

    @staticmethod
    def _modifier(words: list[str], n: int) -> bool:
        """The word at ``n`` modifies the noun after it, which heads the object: "match the teacher's probability
        flow ODE trajectories" matches trajectories, no flow (an acronym or a word that is only a noun follows)."""
        if n + 1 >= len(words) or words[n][-1] in ",;:.!?)" or words[n + 1].startswith("("):
            return False  # (a short form after it is its own: "Adaptable Representations (LEAR)")
        after = words[n + 1].strip("(),;:.!?\"'")
        if after.lower() in _FUNCTION_WORDS:
            return False  # "adapt to a desired domain or genre"
        pos = _pos(after.lower())
        return bool(re.fullmatch(r"[A-Z]{2,}s?", after)) or "NOUN" in pos and "VERB" not in pos


#: Longest thesaurus name, in words, looked for in a title.
TITLE_NAME_WORDS = 5


def _add_title_topics(papers, concepts, paper_terms, th: Thesaurus, areas) -> None:
    """A thesaurus topic a paper's title names is a term of the paper, though its abstract does not write it
    or the tagger missed it there: "Scaling Laws for Sparse Mixture-of-Experts Language Models",
    "Oversmoothing in Deep Graph Neural Networks" (a field's area, a field-wide word or an ordinary word alone
    names no topic of a paper: "Deep Learning for ...", "Learning to ...").
    """
    for paper, terms in zip(papers, paper_terms):
        words = re.findall(r"[\w\-+]+", str(paper.meta.get("title") or ""))[:200]
        taken: set[int] = set()  # words of a longer name found ("regret" of "Regret Bounds")
        for size in range(min(TITLE_NAME_WORDS, len(words)), 0, -1):
            for i in range(len(words) - size + 1):
                if taken.intersection(range(i, i + size)):
                    continue
                written = " ".join(words[i:i + size])
                key = th.names.get(concept_key(written))
                if (key is None or key in areas or key in FIELD_GENERIC or key in LONE_GENERIC
                        or size == 1 and (is_common_word(written.lower()) and "-" not in written
                                          and not _NOMINAL.search(written.lower()))):
                    continue
                taken.update(range(i, i + size))
                if key in terms:
                    continue
                c = concepts.setdefault(key, _Concept())
                c.papers.add(paper.id)
                c.kinds[th.topics[key].kind or "concept"] += 1
                c.surfaces[written] += 1
                terms[key] = [1, "mentions", (written,)]
