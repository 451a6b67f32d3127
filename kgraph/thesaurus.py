"""kgraph's thesaurus of machine-learning topics: what spelling cannot tell.

``thesaurus.txt`` (shipped in the package) lists topics, their synonyms and
the broader topics they belong to: conformal prediction is a way of
uncertainty quantification, CLIP a vision-language model, "uncertainty
estimation" another name for uncertainty quantification. The graph stage
(:mod:`kgraph.graph`) merges synonyms into one concept and adds ``broader``
edges from the corpus's terms to the topics above them.

Examples
--------
>>> t = thesaurus()
>>> t.topic("Uncertainty estimation"), t.topic("CLIP"), t.topic("graph neural net") is None
('uncertainty quantification', 'contrastive language image pre training', True)
>>> [t.topics[k].label for k in t.ancestors("conformal prediction")]
['uncertainty quantification']
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from functools import lru_cache
from importlib.resources import files
from pathlib import Path

from .canon import concept_key
from .errors import InputError

__all__ = ["Topic", "Thesaurus", "thesaurus", "parse_thesaurus", "load_thesaurus"]

#: Kinds a topic line may give; ``area`` is a heading, never a node.
TOPIC_KINDS = ("method", "task", "dataset", "metric", "concept", "area")
#: Longest topic line read (names and kind); a longer line is an error.
MAX_LINE = 1000
#: Most words in one name of a topic ("non-negative Positive and Unlabeled learning" has six); a longer one is an error.
MAX_NAME_WORDS = 12
_LINE = re.compile(r"^(?P<indent> *)(?P<names>[^\[\]<]+?)\s*(?:\[(?P<kind>\w+)(?P<part>,\s*part)?\])?\s*"
                   r"(?:<(?P<also>[^\[\]<]*))?$")


@dataclass(frozen=True)
class Topic:
    """One topic: its key, label (first name), kind, broader topic's key, all its names, other broader topics' keys."""

    key: str
    label: str
    kind: str
    parent: str | None
    names: tuple[str, ...]
    #: broader topics besides ``parent``, named after ``<`` ("continual model merging [method] < continual learning")
    also: tuple[str, ...] = ()
    #: a part or aspect of ``parent`` rather than a kind of it ("attention [method, part]" under transformers)
    part: bool = False


@dataclass(frozen=True)
class Thesaurus:
    topics: dict[str, Topic]
    #: the key of any name -> the key of its topic
    names: dict[str, str]
    #: a head word a term of the topic ends with ("... experts": "adaptive spectrum experts") -> the topic's key
    heads: dict[str, str] = field(default_factory=dict)
    #: a word any term of the topic contains, wherever ("Lipschitz ...": "non-stationary Lipschitz bandits",
    #: "Cross Lipschitz Extreme Value") -> the topic's key
    marks: dict[str, str] = field(default_factory=dict)

    def topic(self, text: str) -> str | None:
        """The key of the topic ``text`` names (a concept key or any spelling of a name), or None."""
        return self.names.get(concept_key(text)) if text else None

    def parents(self, key: str) -> tuple[str, ...]:
        """The keys of the topics right above ``key``'s topic: its place in the tree, then the others it names."""
        topic = self.topics.get(self.names.get(key, key))
        if topic is None:
            return ()
        return ((topic.parent,) if topic.parent else ()) + topic.also

    def is_area(self, key: str) -> bool:
        """True when ``key`` is the key of an area ("optimization"), a topic too wide to join papers."""
        topic = self.topics.get(key)
        return topic is not None and topic.kind == "area"

    def above(self, key: str, levels: int, *, past_areas: bool = True) -> list[str]:
        """The keys of the topics at most ``levels`` levels above ``key``'s topic, nearest first (areas included).

        With ``past_areas=False`` the walk stops at an area: nothing above it is listed.
        """
        out: list[str] = []
        frontier = [self.names.get(key, key)]
        for _ in range(levels):
            frontier = list(dict.fromkeys(p for k in frontier if past_areas or not self.is_area(k)
                                          for p in self.parents(k) if p not in out))
            if not frontier:
                break
            out.extend(frontier)
        return out

    def ancestors(self, key: str) -> list[str]:
        """The keys of the topics above ``key``'s topic in the tree, nearest first (areas included)."""
        out: list[str] = []
        topic = self.topics.get(self.names.get(key, key))
        while topic is not None and topic.parent is not None:
            out.append(topic.parent)
            topic = self.topics[topic.parent]
        return out


def parse_thesaurus(text: str, source: str = "thesaurus", base: Thesaurus | None = None) -> Thesaurus:
    """Read a thesaurus (the format of ``thesaurus.txt``); a malformed line raises ValueError naming it.

    With ``base``, the text adds to that thesaurus: its topics are new
    topics, and its lines may not rename a topic of ``base``.
    """
    topics: dict[str, Topic] = dict(base.topics) if base else {}
    names: dict[str, str] = dict(base.names) if base else {}
    heads: dict[str, str] = dict(base.heads) if base else {}
    marks: dict[str, str] = dict(base.marks) if base else {}
    stack: list[tuple[int, str]] = []  # (indent, key) of the open topics
    also: list[tuple[int, str, list[str]]] = []  # (line, key, the other broader topics it names)
    for number, raw in enumerate(text.splitlines(), 1):
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        if len(raw) > MAX_LINE:  # (and the pattern below stays linear)
            raise ValueError(f"{source}, line {number}: a topic line of over {MAX_LINE} characters")
        if "\t" in raw[: len(raw) - len(raw.lstrip())]:
            raise ValueError(f"{source}, line {number}: indented with a tab; indent by two spaces a level")
        m = _LINE.match(raw)
        if m is None or len(m.group("indent")) % 2:
            raise ValueError(f"{source}, line {number}: not a topic line "
                             "(names | ... [kind] < broader; ..., indented by two)")
        indent = len(m.group("indent")) // 2
        if indent > (stack[-1][0] + 1 if stack else 0):
            raise ValueError(f"{source}, line {number}: indented more than one level below the topic above")
        kind = m.group("kind") or "concept"
        if kind not in TOPIC_KINDS:
            raise ValueError(f"{source}, line {number}: kind {kind!r} is not one of {', '.join(TOPIC_KINDS)}")
        labels = [n.strip() for n in m.group("names").split("|") if n.strip()]
        head_words = [n[3:].strip() for n in labels if n.startswith("...")]  # "... experts": a head word
        mark_words = [n[:-3].strip() for n in labels if n.endswith("...") and not n.startswith("...")]  # "Lipschitz ..."
        labels = [n for n in labels if not n.startswith("...") and not n.endswith("...")]
        for name in labels:  # (a file of abstracts or a binary file given as a thesaurus names no topic)
            if not name.isprintable() or len(name.split()) > MAX_NAME_WORDS:
                raise ValueError(f"{source}, line {number}: {name[:60]!r} is no topic's name "
                                 f"(at most {MAX_NAME_WORDS} words, printable characters only)")
        key = concept_key(labels[0]) if labels else ""
        if not key:
            raise ValueError(f"{source}, line {number}: a topic needs a name")
        while stack and stack[-1][0] >= indent:
            stack.pop()
        for name in labels:
            k = concept_key(name)
            if names.get(k, key) != key:
                raise ValueError(f"{source}, line {number}: {name!r} already names {topics[names[k]].label!r}")
            names[k] = key
        for words, table, written, what, verb in ((head_words, heads, "'... {}'", "a head word", "heads"),
                                                  (mark_words, marks, "'{} ...'", "a word of the topic's terms", "marks")):
            for word in words:  # one word each, of one topic
                k = concept_key(word)
                if " " in k or not k:
                    raise ValueError(f"{source}, line {number}: {written.format(word)} names {what}: one word")
                if table.get(k, key) != key:
                    raise ValueError(f"{source}, line {number}: {written.format(word)} already {verb} "
                                     f"{topics[table[k]].label!r}")
                table[k] = key
        if key in topics:
            where = "kgraph's thesaurus already has it" if base and key in base.topics else "it is listed twice"
            raise ValueError(f"{source}, line {number}: {labels[0]!r}: {where}")
        topics[key] = Topic(key, labels[0], kind, stack[-1][1] if stack else None, tuple(labels),
                            part=bool(m.group("part")))
        stack.append((indent, key))
        if m.group("also") is not None:
            also.append((number, key, [n.strip() for n in m.group("also").split(";")]))
    for number, key, wider in also:  # (a topic may be named before or after the line that names it)
        keys = []
        for name in wider:
            k = names.get(concept_key(name))
            if k is None:
                raise ValueError(f"{source}, line {number}: {name!r} after '<' is no topic of the thesaurus")
            if k == key or key in Thesaurus(topics, names).above(k, len(topics)):
                raise ValueError(f"{source}, line {number}: {name!r} is narrower than {topics[key].label!r}, not broader")
            keys.append(k)
        topics[key] = replace(topics[key], also=tuple(k for k in dict.fromkeys(keys) if k != topics[key].parent))
    return Thesaurus(topics, names, heads, marks)


@lru_cache(maxsize=1)
def thesaurus() -> Thesaurus:
    """The thesaurus shipped with kgraph (``kgraph/thesaurus.txt``), read once."""
    return parse_thesaurus(files("kgraph").joinpath("thesaurus.txt").read_text(encoding="utf-8"),
                           "kgraph/thesaurus.txt")


def load_thesaurus(paths=()) -> Thesaurus:
    """The shipped thesaurus with the topics of the user's files added (same format, one or more files).

    A file that cannot be read, or a malformed line, raises
    :class:`kgraph.InputError` naming the file and line.
    """
    th = thesaurus()
    for path in [paths] if isinstance(paths, (str, Path)) else paths:
        try:
            text = Path(path).read_text(encoding="utf-8-sig")
        except (OSError, UnicodeDecodeError) as err:
            raise InputError(f"{path}: cannot read the thesaurus ({getattr(err, 'strerror', None) or err})") from None
        try:
            th = parse_thesaurus(text, str(path), base=th)
        except ValueError as err:
            raise InputError(str(err)) from None
    return th
