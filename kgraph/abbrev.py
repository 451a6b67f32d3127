"""Abbreviation definitions in running text (Schwartz and Hearst, 2003).

Schwartz, A. S. and Hearst, M. A. (2003). "A simple algorithm for identifying
abbreviation definitions in biomedical text." Pacific Symposium on
Biocomputing 8:451-462.

Two patterns define an abbreviation inside one sentence:

* ``long form (SHORT)``: "graph neural networks (GNNs)";
* ``SHORT (long form)``: "GNNs (graph neural networks)".

The long form is the shortest run of words, ending right before the
parenthesis, in which every letter and digit of the short form can be matched
in order from the end, the short form's first character starting a word.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the graph stage uses best_long_form without loading spaCy
    from spacy.tokens import Doc, Span

__all__ = ["Abbreviation", "find_abbreviations", "best_long_form"]

_ROMAN = re.compile(r"[ivxlcdm]+")  # "(ii)", "(iv)": enumerations; "(CL)" is not


@dataclass(frozen=True)
class Abbreviation:
    """``short`` abbreviates ``long``; both are spans of the same doc."""

    long: Span
    short: Span


def best_long_form(short: str, candidate: str) -> str | None:
    """The shortest suffix of ``candidate`` that ``short`` abbreviates (Schwartz and Hearst's algorithm).

    Examples
    --------
    >>> best_long_form("GNNs", "we train graph neural networks")
    'graph neural networks'
    >>> best_long_form("LEAR", "approach called Learning Expandable and Adaptable Representations")
    'Learning Expandable and Adaptable Representations'
    >>> best_long_form("XYZ", "graph neural networks") is None
    True

    Where the short form's capitals are the initials of the last words
    (small words skipped), those words are the long form, though a shorter
    run matches letter by letter: "oriented object proposals (OOPs)", not
    "object proposals", whose "o" and "p" would stand in for the first O and P.

    >>> best_long_form("OOPs", "we propose oriented object proposals")
    'oriented object proposals'
    >>> best_long_form("OP", "the surgeon filling out a post-operation")
    'post-operation'
    >>> best_long_form("TTS", "a language modeling approach for text to speech synthesis")
    'text to speech synthesis'
    """
    found = _best_long_form(short, candidate)
    if found is None and _NUMERAL_WORD.search(short):  # "T2I": text-to-image; "Seq2Seq", "P4P": pay-for-performance
        found = _best_long_form(_NUMERAL_WORD.sub(lambda m: _NUMERALS[m.group(0)], short), candidate)
    return found


#: A digit between letters that stands for a word: "T2I" (text-to-image), "P4P" (pay-for-performance).
_NUMERAL_WORD = re.compile(r"(?<=[A-Za-z])[24](?=[A-Za-z])")
_NUMERALS = {"2": "t", "4": "f"}


def _best_long_form(short: str, candidate: str) -> str | None:
    by_initials = _initials_form(short, candidate) or _small_word_initials(short, candidate)
    if by_initials is not None:
        return by_initials
    s_idx = len(short) - 1
    l_idx = len(candidate) - 1
    while s_idx >= 0:
        c = short[s_idx].lower()
        if not c.isalnum():
            s_idx -= 1
            continue
        # (the first letter starts a word, and no small word: "text to speech synthesis (TTS)", not "to ...")
        while l_idx >= 0 and (
            candidate[l_idx].lower() != c or (s_idx == 0 and (l_idx > 0 and candidate[l_idx - 1].isalnum()
                                                              or _word_from(candidate, l_idx) in _SMALL_WORDS))
        ):
            l_idx -= 1
        if l_idx < 0:
            return None
        l_idx -= 1
        s_idx -= 1
    start = candidate.rfind(" ", 0, l_idx + 1) + 1
    return candidate[start:]


def _word_from(text: str, i: int) -> str:
    """The word of ``text`` that starts at ``i``, in lower case."""
    m = re.match(r"\w+", text[i:])
    return m.group(0).lower() if m else ""


#: Words a long form's initials skip ("Learning Expandable and Adaptable Representations").
_SMALL_WORDS = frozenset("and or of the for in on with to a an via by".split())


def _initials_form(short: str, candidate: str) -> str | None:
    """The last words of ``candidate`` whose initials are the capitals of ``short``, if any ("OOPs")."""
    capitals = [c.lower() for c in short if c.isupper()]
    if len(capitals) < 2 or len(capitals) != sum(c.isalpha() for c in short.rstrip("s")):
        return None  # (only all-capital short forms, a plural's "s" aside: "OOPs", "GNNs"; not "MIStar")
    words = candidate.split()
    i, need = len(words), list(capitals)
    while need and i > 0:
        i -= 1
        if words[i].lower() in _SMALL_WORDS and len(need) < len(capitals):
            continue
        if not words[i][:1].isalpha() or words[i][0].lower() != need[-1]:
            return None
        need.pop()
    if need or words[i].lower() in _PARTICLES:
        return None  # ("filling out a post-operation (OP) report": no term starts with "out")
    return " ".join(words[i:])


def _small_word_initials(short: str, candidate: str) -> str | None:
    """The last words of ``candidate``, one per letter of ``short``, where its small letters are the initials of
    small words and its capitals of the others: "Tree of Thoughts (ToT)", which letter by letter would be
    "Thoughts" alone (its T, o and t).

    >>> _small_word_initials("ToT", "a new framework, Tree of Thoughts"), _small_word_initials("ToT", "Thoughts")
    ('Tree of Thoughts', None)
    """
    letters = short[:-1] if short.endswith("s") and len(short) > 3 else short
    if not letters.isalpha() or sum(c.isupper() for c in letters) < 2 or letters.isupper():
        return None
    words = candidate.split()
    if len(words) < len(letters):
        return None
    run = words[len(words) - len(letters):]
    for letter, word in zip(letters, run):
        small = word.lower() in _SMALL_WORDS
        if word[:1].lower() != letter.lower() or small != letter.islower():
            return None
    return " ".join(run)


#: Words that begin no long form: a verb's particle or a preposition left of the term.
_PARTICLES = frozenset("out up off down about into onto upon over under through across along around".split())


def _is_short_form(text: str) -> bool:
    words = text.split()
    if not (1 <= len(words) <= 2 and 2 <= len(text) <= 12):
        return False
    if not text[0].isalnum() or not any(c.isalpha() for c in text):
        return False
    if _ROMAN.fullmatch(text) or text.isdigit():
        return False
    upper = sum(c.isupper() for c in text)
    return upper >= 1 and (upper >= 2 or len(text) <= 5)


def _span_for(doc: Doc, start: int, end: int) -> Span | None:
    return doc.char_span(start, end, alignment_mode="contract")


def find_abbreviations(doc: Doc) -> list[Abbreviation]:
    """All abbreviation definitions in ``doc``, in order of appearance."""
    text = doc.text
    found: list[Abbreviation] = []
    sents = list(doc.sents) if doc.has_annotation("SENT_START") else [doc[:]]
    for sent in sents:
        s_start = sent.start_char
        s_text = sent.text
        for m in re.finditer(r"\(([^()]{1,80})\)", s_text):
            inner = m.group(1)
            # "(GNNs; Kipf 2017)", "(GNNs, e.g.)": the part before ; or , is the candidate
            inner_main = re.split(r"[;,]", inner)[0].strip()
            before = s_text[: m.start()].rstrip()
            if _is_short_form(inner_main):
                # the long form stands right before the bracket: it never reaches past another bracket
                cut = max(before.rfind(ch) for ch in "();:")
                words = before[cut + 1 :].split()
                limit = min(len(inner_main) + 5, 2 * len(inner_main))
                candidate = " ".join(words[-limit:])
                long = best_long_form(inner_main, candidate)
                if not long or len(long) <= len(inner_main) or long.split()[0].lower() in _STOP_START:
                    continue
                long = long.strip(" ,;:")
                l_end = s_start + len(before)
                l_start = l_end - len(long)
                if text[l_start:l_end] != long:
                    continue
                sh_start = s_start + m.start(1) + inner.index(inner_main)
                long_span = _span_for(doc, l_start, l_end)
                short_span = _span_for(doc, sh_start, sh_start + len(inner_main))
            else:
                # SHORT (long form)
                prev = re.search(r"(\S+)\s*$", before)
                if not prev or len(inner_main.split()) < 2 or not _is_short_form(prev.group(1)):
                    continue
                if sum(c.isupper() or c.isdigit() for c in prev.group(1)) < 2:
                    continue  # a word before its own explanation: "an NLP-system for Dutch (Dutch Medical ...)"
                short = prev.group(1)
                long = best_long_form(short, inner_main)
                if not long or long != inner_main and len(long.split()) < len(inner_main.split()) - 1:
                    continue
                l_start = s_start + m.start(1) + inner.index(long)
                sh_start = s_start + prev.start(1)
                long_span = _span_for(doc, l_start, l_start + len(long))
                short_span = _span_for(doc, sh_start, sh_start + len(short))
            if long_span is not None and short_span is not None and len(long_span) and len(short_span):
                found.append(Abbreviation(long_span, short_span))
        # "... Improvement Search framework with heterogeneous graph representation—MIStar.": a dash names it too
        for m in _DASHED.finditer(s_text):
            short = m.group(1)
            before = s_text[: m.start()].rstrip()
            if not _is_short_form(short) or not before:
                continue
            cut = max(before.rfind(ch) for ch in "();:,")
            words = before[cut + 1 :].split()
            long = best_long_form(short, " ".join(words[-min(len(short) + 5, 2 * len(short)):]))
            if not long or len(long.split()) < 2 or long.split()[0].lower() in _STOP_START:
                continue
            l_end = s_start + len(before)
            long_span = _span_for(doc, l_end - len(long), l_end)
            short_span = _span_for(doc, s_start + m.start(1), s_start + m.end(1))
            if (long_span is not None and short_span is not None and len(long_span) and len(short_span)
                    and text[l_end - len(long):l_end] == long):
                found.append(Abbreviation(long_span, short_span))
    found.sort(key=lambda a: a.short.start_char)
    return found


#: A name set off by a dash at the end of its clause: "... graph representation—MIStar."
_DASHED = re.compile(r"(?:[\u2013\u2014]|\s-{1,3})\s*([A-Za-z][\w\-+]*[A-Z][\w\-+]*)(?=\s*(?:[.,;:)]|$))")


_STOP_START = {"and", "or", "of", "the", "a", "an", "in", "on", "for", "to", "with", "by", "we", "is", "are"}
