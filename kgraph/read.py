"""Read stage: abstracts from text, JSON lines, JSON and CSV files, normalised and de-duplicated.

Every reader yields :class:`Paper` records. Text is normalised once, here
(:func:`normalize_text`), and a paper's id is a hash of its normalised
abstract, so the same abstract read from two files becomes one paper that
lists both sources.
"""

from __future__ import annotations

import codecs
import contextvars
import csv
import io
import itertools
import json
import logging
import os
import re
import time
import unicodedata
from collections import Counter
from pathlib import Path
from typing import Callable, Iterable

from pylatexenc.latex2text import LatexNodes2Text
from pylatexenc.latexwalker import LatexWalkerError

from . import sources
from .errors import InputError
from .lexicon import HYPHEN_PREFIXES, HYPHEN_SUFFIXES, is_word
from .types import Paper

__all__ = ["normalize_text", "read_inputs", "SUFFIXES"]

SUFFIXES = (".txt", ".jsonl", ".json", ".csv", ".tsv", *sources.SUFFIXES)
META_FIELDS = ("id", "title", "authors", "year", "venue", "doi", "arxiv_id", "url")
_IDENTIFIERS = ("doi", "arxiv_id", "url")  # kept as they are: normalising text would break them
#: Records without a usable abstract named one by one per file; the rest are counted in one warning.
SHOWN_SKIPPED = 3

Warn = Callable[[str], None]

#: An abstract needs this many words; fewer is a heading, a stray line or a placeholder.
MIN_ABSTRACT_WORDS = 3
#: A block of at most this many words, on one line and not ending a sentence, is a heading in a .txt file.
HEADER_MAX_WORDS = 12
#: How much of a skipped text a warning quotes.
QUOTE_CHARS = 60

log = logging.getLogger("kgraph")


# --- bounds on hostile text -----------------------------------------------------

#: Longest text normalised, in characters (ten long abstracts). Longer text is cut at
#: a space: that bounds every later stage, some of which are quadratic at worst
#: (Markdown emphasis, spaCy's tokenizer).
MAX_CHARS = 20_000
#: Deepest ``{...}`` nesting handed to pylatexenc: each nested accent doubles its time
#: and memory (30 levels take minutes and 20 GB). Deeper markup is read as plain text.
LATEX_MAX_DEPTH = 8
#: Seconds of pylatexenc per text; past them the rest of its markup is read as plain text.
LATEX_SECONDS = 2.0
#: Longest run without white space kept; spaCy's tokenizer is quadratic in it (20,000
#: ``{`` take 29 s). Real abstracts stay far below (longest in the bundled corpus: 87,
#: a link).
MAX_WORD_CHARS = 200
#: A run of one punctuation or symbol character longer than this ("======") becomes three.
MAX_SYMBOL_RUN = 5

#: What pylatexenc raises on markup it cannot parse (tolerant mode still has bugs, such
#: as IndexError on a trailing ``\verb``); never MemoryError.
_LATEX_ERRORS = (LatexWalkerError, IndexError, KeyError, ValueError, TypeError, AttributeError, RecursionError)
_LATEX_MARKUP = re.compile(r"\\([%$&#_])|\\[A-Za-z@]+\*?|\\.|[{}]", re.S)
_SYMBOL_RUN = re.compile(r"([^\w\s]|_)\1{%d,}" % MAX_SYMBOL_RUN)
_LONG_WORD = re.compile(r"\S{%d,}" % (MAX_WORD_CHARS + 1))
_PYLATEXENC_ARGS = re.compile(r"macro '(.+?)' failed its substitution")


class _Guard:
    """The bounds' state for one text: pylatexenc time spent, and where notes go (each once)."""

    def __init__(self, warn: Warn):
        self.warn = warn
        self.spent = 0.0
        self.complaints = 0  # warnings pylatexenc logged
        self.seen: set[str] = set()

    def note(self, message: str) -> None:
        message = " ".join(message.split())  # one line, whatever a library put in it
        if message not in self.seen:
            self.seen.add(message)
            self.warn(message)

    def allows(self, latex: str) -> bool:
        """Whether pylatexenc may render ``latex`` (within the time and depth bounds)."""
        if self.spent > LATEX_SECONDS:
            self.note(f"LaTeX took over {LATEX_SECONDS:g} s; the rest is read as plain text")
            return False
        depth = _depth(latex)
        if depth > LATEX_MAX_DEPTH:
            self.note(f"LaTeX groups nested {depth} deep (more than {LATEX_MAX_DEPTH}); read as plain text")
            return False
        return True


_GUARD: contextvars.ContextVar[_Guard | None] = contextvars.ContextVar("kgraph_read_guard", default=None)


def _depth(latex: str) -> int:
    """Deepest nesting of unescaped braces."""
    if latex.count("{") <= LATEX_MAX_DEPTH:
        return latex.count("{")
    depth = deepest = 0
    for m in re.finditer(r"\\.|[{}]", latex, re.S):
        c = m.group()
        if c == "{":
            depth += 1
            deepest = max(deepest, depth)
        elif c == "}":
            depth = max(0, depth - 1)
    return deepest


def _flatten_latex(latex: str) -> str:
    """Markup dropped without parsing: commands and braces go, escaped characters stay."""
    return _LATEX_MARKUP.sub(lambda m: m.group(1) or "", latex)


class _PylatexencRelay(logging.Handler):
    """pylatexenc's own warnings, passed on as notes about the text being read."""

    def emit(self, record: logging.LogRecord) -> None:
        message = record.getMessage().removeprefix("WARNING: ")
        args = _PYLATEXENC_ARGS.search(message)
        message = f"LaTeX: {args.group(1)} lacks its arguments; read as plain text" if args else f"LaTeX: {message}"
        guard = _GUARD.get()
        if guard is not None:
            guard.complaints += 1
            guard.note(message)
        else:
            log.warning(message)


def _relay_pylatexenc() -> None:
    logger = logging.getLogger("pylatexenc")
    if not any(isinstance(h, _PylatexencRelay) for h in logger.handlers):
        logger.addHandler(_PylatexencRelay(logging.WARNING))
        logger.propagate = False


def _bound_text(text: str, warn: Warn | None) -> str:
    """Start the bounds for one text (notes go to ``warn``): long runs cut, then the text to :data:`MAX_CHARS`."""
    guard = _Guard(warn or log.warning)
    _GUARD.set(guard)
    _relay_pylatexenc()
    if len(text) > MAX_WORD_CHARS and _LONG_WORD.search(text):
        text = _LONG_WORD.sub(lambda m: _cut_word(m.group(), guard), text)
    if len(text) > MAX_CHARS:
        cut = text.rfind(" ", MAX_CHARS // 2, MAX_CHARS)
        cut = cut if cut > 0 else MAX_CHARS
        dollars = [m.start() for m in re.finditer(r"(?<!\\)\$", text[:cut])]
        if len(dollars) % 2:  # the cut fell inside a formula: its opened half goes too
            cut = dollars[-1]
        guard.note(f"a text of {len(text):,} characters was cut to {cut:,} (the limit is {MAX_CHARS:,})")
        text = text[:cut]
    return text


def _collapse_runs(text: str, guard: _Guard) -> str:
    """Runs of one symbol longer than :data:`MAX_SYMBOL_RUN` become three, with a note of how many and the longest."""
    runs = [m.group() for m in _SYMBOL_RUN.finditer(text)]
    if not runs:
        return text
    longest = max(runs, key=len)
    guard.note(f"{len(runs)} run{'s' if len(runs) > 1 else ''} of one symbol shortened to three "
               f"(the longest: {len(longest):,} {longest[0]!r})")
    return _SYMBOL_RUN.sub(lambda m: m.group(1) * 3, text)


def _cut_word(word: str, guard: _Guard) -> str:
    word = _collapse_runs(word, guard)
    if len(word) > MAX_WORD_CHARS:
        guard.note(f"a run of {len(word):,} characters without a space was cut to {MAX_WORD_CHARS}")
        word = word[:MAX_WORD_CHARS]
    return word


def _bound_words(text: str) -> str:
    """Runs of one symbol become three; runs without a space are cut to :data:`MAX_WORD_CHARS`. Each warns."""
    guard = _GUARD.get() or _Guard(log.warning)
    text = _collapse_runs(text, guard)
    if len(text) > MAX_WORD_CHARS and _LONG_WORD.search(text):
        text = _LONG_WORD.sub(lambda m: _cut_word(m.group(), guard), text)
    return text


# --- normalisation -----------------------------------------------------------

_latex = LatexNodes2Text(math_mode="verbatim", strict_latex_spaces=True)
_MATH = re.compile(r"\$\$(.+?)\$\$|\$(.+?)\$|\\\((.+?)\\\)|\\\[(.+?)\\\]", re.S)
_TEXT_CMD = re.compile(r"\\[A-Za-z]+\*?(?:\s*\{[^{}$]*\})*")
_ACCENT = re.compile(r"\\['`^\"~=.][A-Za-z{]|\\[cvuHk]\{")
_MD_EMPH = re.compile(r"(?<![\w*\\])(\*\*|\*|__|_)(?=[^\s*_])(.{1,300}?)(?<=[^\s*_\\])\1(?![\w*])")
_NAME = re.compile(r"[A-Za-z][A-Za-z0-9\-]*[A-Za-z0-9]")
_TRANSLATE = {
    **{ord(c): "'" for c in "\u2018\u2019\u201a\u201b\u2032\u00b4`"},
    **{ord(c): '"' for c in "\u201c\u201d\u201e\u201f\u2033\u00ab\u00bb"},
    **{ord(c): "-" for c in "\u2010\u2011\u2012\u2013\u2212\ufe63\uff0d"},
    ord("\u2014"): " - ", ord("\u2015"): " - ",
    ord("\u00a0"): " ", ord("\u2009"): " ", ord("\u202f"): " ", ord("\u200b"): "",
    ord("\ufeff"): "", ord("\u00ad"): "",
}


#: An accent a PDF copied as a character of its own, before the vowel it sits on: "Na ¨ ıve", "G¨odel", "Poincar´e".
_SPACING_ACCENT = re.compile(r"(?:(?<=[A-Za-z])\s?|(?<![\w'])(?=[\u00a8\u00b4]\s?[aeiouAEIOU\u0131][a-z]))"
                             r"([\u00a8\u00b4])\s?([aeiouAEIOU\u0131])")


def _accented(m: re.Match) -> str:
    """The vowel with its accent: "¨ ı" is ï, "´e" é."""
    letter = "i" if m.group(2) == "\u0131" else m.group(2)
    return unicodedata.normalize("NFC", letter + ("\u0308" if m.group(1) == "\u00a8" else "\u0301"))


def _latex_to_text(s: str) -> str:
    guard = _GUARD.get() or _Guard(log.warning)
    if not guard.allows(s):
        return _flatten_latex(s)
    start, complaints = time.perf_counter(), guard.complaints
    try:
        text = _latex.latex_to_text(s.replace("%", r"\%"))
    except _LATEX_ERRORS as err:  # pylatexenc has bugs on broken markup; they must not lose the abstract
        guard.note(f"LaTeX not understood ({type(err).__name__}: {err}); read as plain text")
        return _flatten_latex(s)
    finally:
        guard.spent += time.perf_counter() - start
    # pylatexenc logs a macro it could not fill and leaves its template ("%s/%s") in the text
    return text if guard.complaints == complaints else _flatten_latex(s)


def _math(m: re.Match) -> str:
    inner = next(g for g in m.groups() if g is not None)
    text = re.sub(r"\s+", " ", _latex_to_text(inner)).strip()
    squeezed = text.replace(" ", "")
    if re.fullmatch(r"[0-9.,]+", squeezed):
        return squeezed
    if _NAME.fullmatch(squeezed) and sum(c.isalpha() for c in squeezed) >= 2 and not squeezed.islower():
        return squeezed  # a name set in math, such as $\mathrm{D{\small C-PU}}$
    return f"${text}$" if text else ""


_CONTROL = re.compile("[\x00-\x08\x0e-\x1f\x7f-\x9f\ud800-\udfff\ue000-\uf8ff\ufffe\uffff]")
_BREAKS = re.compile("[\n\t\r\x0b\x0c\x85\u2028\u2029]")


def _clean_chars(text: str) -> str:
    """Line breaks and tabs become spaces; other control, surrogate and private-use characters go."""
    return _CONTROL.sub("", _BREAKS.sub(" ", text))


_INITIAL = re.compile(r"\\(?:math|text)(?:bf|rm|it|sf|tt|cal|bb)\s*\{\s*([A-Za-z])\s*\}|([A-Za-z])")


def _math_initial(text: str, m: re.Match) -> str | None:
    """A single letter set in math that starts or ends a word is text: "$M$emory-enhanced" reads "Memory"."""
    inner = next(g for g in m.groups() if g is not None).strip()
    letter = _INITIAL.fullmatch(inner)
    if letter is None:
        return None
    after = text[m.end() : m.end() + 2]
    glued = (after[:1].isalpha() or after[:1] == "-" and after[1:2].isupper()  # "$M$emory", "$\mathcal{F}$-EDL"
             or m.start() > 0 and text[m.start() - 1].isalpha())
    return (letter.group(1) or letter.group(2)) if glued else None


#: Markdown emphasis inside a word ("**U**ncertainty-**F**ocused"): the letters are text.
_MD_INWORD = re.compile(r"(\*\*|\*|__)([A-Za-z0-9]{1,4})\1(?=[A-Za-z0-9])|(?<=[A-Za-z0-9])(\*\*|\*|__)([A-Za-z0-9]+)\3")


#: Commands that only mathematics uses: text holding them outside ``$...$`` is a formula written bare.
_MATH_MACRO = re.compile(
    r"\\(?:[dt]?frac|sqrt|partial|nabla|sum|prod|int|oint|lim|sup|inf|max|min|arg(?:max|min)|log|ln|exp|det|"
    r"leq?|geq?|neq?|ll|gg|approx|sim|simeq|equiv|propto|in|notin|subset|subseteq|supset|cup|cap|c?dots|ldots|"
    r"times|div|pm|mp|infty|to|[lr]?[Rr]ightarrow|leftarrow|mapsto|mid|top|perp|forall|exists|"
    r"math(?:bb|cal|bf|rm|sf|frak|it)|boldsymbol|bm|hat|tilde|bar|vec|dot|ddot|wide(?:hat|tilde)|overline|"
    r"left|right|[bB]ig[gl]?|operatorname|ell|langle|rangle|[lr]?Vert|[lr]floor|[lr]ceil|"
    r"(?:var)?(?:epsilon|theta|phi|pi|rho|sigma)|alpha|beta|gamma|delta|zeta|eta|iota|kappa|lambda|mu|nu|xi|"
    r"tau|upsilon|chi|psi|omega|Gamma|Delta|Theta|Lambda|Xi|Pi|Sigma|Upsilon|Phi|Psi|Omega)(?![A-Za-z])")
#: A token of a bare formula: one with a math command, a sub- or superscript or a brace; an operator; an operand.
_MATH_TOKEN = re.compile(r"\\[A-Za-z]|\w[_^]|[{}]")
_MATH_OPERATOR = re.compile(r"[=<>+\-*/|\u2264\u2265]{1,3}")
_MATH_OPERAND = re.compile(r"\(?(?![aAI]\b)[A-Za-z]\)?|[0-9][0-9.]*|[A-Za-z]\([A-Za-z0-9,]{1,5}\)")


def _tokens(s: str) -> list[tuple[int, int]]:
    """Spans of white-space separated tokens, a brace group holding spaces counted as one token."""
    spans, start, depth = [], None, 0
    for i, c in enumerate(s):
        if c.isspace() and depth == 0:
            if start is not None:
                spans.append((start, i))
                start = None
            continue
        if start is None:
            start = i
        if c == "{" and (i == 0 or s[i - 1] != "\\"):
            depth += 1
        elif c == "}" and depth and s[i - 1] != "\\":
            depth -= 1
    if start is not None and depth:  # an unclosed brace: the rest splits at spaces
        spans += [(start + m.start(), start + m.end()) for m in re.finditer(r"\S+", s[start:])]
    elif start is not None:
        spans.append((start, len(s)))
    return spans


#: Punctuation that ends a clause: a formula stops before it.
_CLAUSE_END = ".,;:"


def _math_kind(token: str) -> str | None:
    """What a token is to a bare formula: "macro" (holds a math command), "math", "operand", or None (a word)."""
    token = token.rstrip(_CLAUSE_END)
    if re.search(r"-[A-Za-z]{3,}$", token):  # "\\epsilon-greedy", "\\alpha-stable": a word
        return None
    if _MATH_TOKEN.search(token):
        return "macro" if _MATH_MACRO.search(token) else "math"
    if _MATH_OPERATOR.fullmatch(token):
        return "math"
    return "operand" if _MATH_OPERAND.fullmatch(token) else None


def _bare_math(s: str) -> str:
    """A formula written without ``$`` ("we prove \\frac{a}{b} \\le \\theta_k holds") set between ``$`` signs.

    A run of formula tokens within a clause that holds a command only mathematics uses is the formula;
    its trailing punctuation stays text. Anything else is left as it was.
    """
    spans = _tokens(s)
    kinds = [_math_kind(s[a:b]) for a, b in spans]
    out, pos, i = [], 0, 0
    while i < len(spans):
        if kinds[i] is None:
            i += 1
            continue
        j = i  # the run goes on to the next word or the end of the clause
        while j + 1 < len(spans) and kinds[j + 1] is not None and s[spans[j][1] - 1] not in _CLAUSE_END:
            j += 1
        if "macro" in kinds[i : j + 1]:
            a, b = spans[i][0], spans[j][0] + len(s[spans[j][0] : spans[j][1]].rstrip(_CLAUSE_END))
            out += [s[pos:a], "$", s[a:b], "$"]
            pos = b
        i = j + 1
    return "".join(out) + s[pos:] if out else s


def _wrap_bare_math(text: str) -> str:
    """:func:`_bare_math` on the text between the formulas already set in ``$...$``."""
    if "\\" not in text:
        return text
    pieces, pos = [], 0
    for m in _MATH.finditer(text):
        pieces += [_bare_math(text[pos : m.start()]), m.group(0)]
        pos = m.end()
    return "".join(pieces) + _bare_math(text[pos:])


def normalize_text(text: str, *, warn: Warn | None = None) -> str:
    """Normalise an abstract to plain running text.

    LaTeX text commands are rendered (``\\textbf{D}ual`` reads ``Dual``), inline
    math is rendered and kept between ``$`` signs so that extraction can leave
    it out (a name set in math, such as ``$\\mathrm{DC-PU}$``, becomes plain
    text), Markdown emphasis is removed, Unicode quotes and dashes become ASCII,
    control characters are dropped and white space runs are folded.

    Hostile text is bounded: text past :data:`MAX_CHARS` is cut at a space,
    LaTeX nested deeper than :data:`LATEX_MAX_DEPTH` or past
    :data:`LATEX_SECONDS` of conversion is read as plain text, runs of one
    symbol become three and runs without a space are cut to
    :data:`MAX_WORD_CHARS`.

    Parameters
    ----------
    text : str
        The raw abstract (or title).
    warn : callable, optional
        Receives one line for each bound that applied and each warning of
        pylatexenc (default: kgraph's log).

    Examples
    --------
    >>> normalize_text(r"a \\textbf{D}ual \\emph{Orthogonal}  method in $\\mathcal{O}(\\log^2 d)$")
    'a Dual Orthogonal method in $𝒪(log^2 d)$'
    >>> normalize_text("_Length generalization_, the \u201cability\u201d \u2013 *retrieval*")
    'Length generalization, the "ability" - retrieval'
    >>> normalize_text("UFO-RL (**U**ncertainty-**F**ocused **O**ptimization) and $M$emory-enhanced MI$S$tar")
    'UFO-RL (Uncertainty-Focused Optimization) and Memory-enhanced MIStar'
    >>> normalize_text("on AG~News (Fig.~3), ~76% fewer steps; see github.com/~user")
    'on AG News (Fig. 3), ~76% fewer steps; see github.com/~user'
    """
    text = _bound_text(text, warn)
    text = unicodedata.normalize("NFC", _clean_chars(text))
    if "\u00a8" in text or "\u00b4" in text:
        text = _SPACING_ACCENT.sub(_accented, text)
    text = _wrap_bare_math(text.translate(_TRANSLATE))
    pieces = []
    pos = 0
    for m in _MATH.finditer(text):
        pieces.append(_text_segment(text[pos : m.start()]))
        initial = _math_initial(text, m)
        pieces.append(initial if initial is not None else _math(m))
        pos = m.end()
    pieces.append(_text_segment(text[pos:]))
    text = "".join(pieces)
    if "--" in text:
        # TeX's en dash between two names or numbers joins them ("the Convex--Concave Procedure", "pages 1--10");
        # any other run of dashes sets off a clause
        text = _EN_DASH.sub(lambda m: m.group(1)[:-1], text)
        text = re.sub(r"(?<=\S)\s*--+\s*(?=\S)", " - ", text)
    return _bound_words(re.sub(r"\s+", " ", text).strip())


#: TeX's en dash ("--") between two capitalised words or two numbers: a hyphen of one name or range (not before
#: a sentence's first word: "Methods--We show")
_EN_DASH = re.compile(r"(?<!\w)([A-Z][A-Za-z]*--(?=[A-Z])(?!(?:We|Our|The|This|These|In|To|It|An?)\b)|[0-9]+--(?=[0-9]))")

_HREF = re.compile(r"\\href\s*\{([^{}]*)\}\s*\{([^{}]*)\}")
_URL = re.compile(r"\\url\s*\{([^{}]*)\}")
_MD_LINK = re.compile(r"\[([^\[\]]+)\]\((https?://[^()\s]+)\)")


#: TeX's tie (a space no line breaks at) between two words or a word and a number: "AG~News", "Fig.~3"
#: (not "~76%", "github.com/~user")
_TIE = re.compile(r"(?<=[A-Za-z0-9.])~(?=[A-Za-z0-9])")


def _text_segment(s: str) -> str:
    if "~" in s:
        s = _TIE.sub(" ", s)
    if "](" in s:
        s = _MD_LINK.sub(r"\1", s)
    if "\\" in s:
        s = _HREF.sub(r"\2", s)
        s = _URL.sub(r"\1", s)
        s = _TEXT_CMD.sub(lambda m: _latex_to_text(m.group(0)), s)
        if _ACCENT.search(s):
            s = _latex_to_text(s)
        s = s.replace("\\", "")
    if "{" in s or "}" in s:
        s = re.sub(r"\{([^{}]*)\}", r"\1", s)
    if "*" in s or "_" in s:
        s = _MD_INWORD.sub(lambda m: m.group(2) or m.group(4), s)
        s = _MD_EMPH.sub(r"\2", s)
    if "-" in s:
        s = _BROKEN.sub(_rejoined, s)
        if "- " in s:
            s = _BROKEN_SPACED.sub(_rejoined_spaced, s)
    return s


#: A word broken at a line end, its hyphen kept when the text was copied from a PDF ("segmen-tation", "neu-ral").
_BROKEN = re.compile(r"\b([A-Za-z][a-z]+)-([a-z]{2,})\b")
#: The same break where the line end became a space ("En- glish", "Deriva- tion", "er- rors").
_BROKEN_SPACED = re.compile(r"\b([A-Za-z][a-z]+)- ([a-z]{2,})\b")
#: The endings of a word the lexicon may not know whole ("summa-rization"; "de-noising").
_WORD_ENDING = re.compile(r"(?:i[sz]ation|ation|tion|sion|ment|ness|ity|ing|ally|ism|ical|ics?)$")
#: A bare ending no compound puts after a hyphen: "Convolution-al" was broken at a line end after a whole word.
_SUFFIX_PIECE = frozenset("al ally ary ic ical ive ively ized ize ise ised izes ities ity ness ional ionally".split())




def _rejoined(m: re.Match) -> str:
    """The word a PDF's line-end hyphen broke, when neither piece is a word and the whole is one.

    "Co-training", "pre-trained", "tf-idf" and "non-iid" stay as they are (a
    piece is a word, or the whole is none); "neu-ral" and "proba-bilistic"
    are rejoined, and a whole word before a bare ending ("Convolution-al") or
    before a piece that makes a word with it ("man-ifold").
    """
    first, second = m.groups()
    whole = first + second
    if second in _SUFFIX_PIECE and len(first) >= 4:
        return whole  # "Convolution-al": no compound ends in a bare suffix
    if (len(whole) >= 6 and first.lower() not in HYPHEN_PREFIXES and second not in HYPHEN_SUFFIXES and not is_word(second)
            and (is_word(whole) or whole.endswith("s") and is_word(whole[:-1]))):
        return whole  # "man-ifold", "initial-ization": a word and a piece that is none make one word
    if (len(whole) < 6 or first.lower() in HYPHEN_PREFIXES or second in HYPHEN_SUFFIXES or is_word(first)
            or is_word(second)):
        return m.group(0)
    # (a capital starts a name as often as a sentence: "English-centric" needs the whole to be a word)
    return whole if is_word(whole) or first.islower() and _WORD_ENDING.search(whole) else m.group(0)


def _rejoined_spaced(m: re.Match) -> str:
    """A word broken at a line end and copied with a space after its hyphen, when only the whole is a word.

    "En- glish" and "Deriva- tion" are rejoined; "pre- and post-training" and
    "first- or second-order" stay (a piece is a word), as does "low- rank".
    """
    first, second = m.groups()
    whole = first + second
    if (len(whole) >= 6 and first.lower() not in HYPHEN_PREFIXES and not is_word(first) and not is_word(second)
            and any(is_word(w) or w.endswith("s") and is_word(w[:-1]) for w in (whole, whole.lower()))):
        return whole
    return m.group(0)


# --- readers -----------------------------------------------------------------

#: Byte-order marks, longest first (a UTF-32 LE mark starts like a UTF-16 LE one).
_BOMS = ((codecs.BOM_UTF32_LE, "utf-32-le"), (codecs.BOM_UTF32_BE, "utf-32-be"), (codecs.BOM_UTF8, "utf-8"),
         (codecs.BOM_UTF16_LE, "utf-16-le"), (codecs.BOM_UTF16_BE, "utf-16-be"))
#: Share of a file's characters that may be undecodable or control characters before
#: it is taken for a binary file (random bytes: about 60%; a text with a few bad bytes: far below 1%).
BINARY_SHARE = 0.1
#: A line this long that ends a sentence is an abstract of its own when every line of
#: its block is one (a file of one abstract per line with no blank lines).
LINE_ABSTRACT_CHARS = 250
#: Largest CSV field read, in characters (the csv module's default is 131,072).
CSV_FIELD_CHARS = 1 << 26

_NOT_TEXT = re.compile("[\ufffd\x00-\x08\x0e-\x1f\x7f]")
_SENTENCE_END = re.compile(r"[.!?][\"')\]]*\s*$")


def _sniff_encoding(data: bytes) -> tuple[str, int]:
    """The encoding of ``data`` and the length of its byte-order mark.

    Without a mark, UTF-16 and UTF-32 show as zero bytes beside each ASCII
    character (UTF-16 as Windows tools write it); anything else is read as UTF-8.
    """
    for bom, name in _BOMS:
        if data.startswith(bom):
            return name, len(bom)
    sample = data[:4096]
    if len(sample) >= 16 and sample.count(0) >= len(sample) // 4:
        zeros = [sample[i::4].count(0) / len(sample[i::4]) for i in range(4)]
        patterns = {"utf-32-le": (0, 1, 1, 1), "utf-32-be": (1, 1, 1, 0),
                    "utf-16-le": (0, 1, 0, 1), "utf-16-be": (1, 0, 1, 0)}
        for name, pattern in patterns.items():
            if all(z > 0.7 if p else z < 0.3 for z, p in zip(zeros, pattern)):
                return name, 0
    return "utf-8", 0


def _read_text(path: Path, warn: Warn, *, named: bool = False) -> str | None:
    """The decoded text of ``path``, or None (with a warning) for a file that is not text; a file the user
    ``named`` that is not text is an error (one line), not a warning before "no usable abstracts"."""
    try:
        data = path.read_bytes()
    except OSError as err:
        raise InputError(f"{path}: cannot read ({err.strerror or err})") from err
    encoding, skip = _sniff_encoding(data)
    name = encoding.upper().replace("-LE", " LE").replace("-BE", " BE")
    try:
        text = data[skip:].decode(encoding)
    except UnicodeDecodeError as err:
        line = data[: err.start + skip].count(b"\n") + 1
        text = _as_cp1252(data[skip:]) if encoding == "utf-8" else None
        if text is not None:  # a file saved as Windows-1252 / Latin-1 ("R\xe9seau") reads whole as that, losing nothing
            how = "read as Windows-1252 (Latin-1)"
        else:
            text, how = data[skip:].decode(encoding, errors="replace"), "undecodable bytes replaced"
        bad, seen = _not_text(text)
        if bad <= BINARY_SHARE * seen:
            warn(f"{path}:{line}: not valid {name} (byte {err.start + skip}); {how}")
    bad, seen = _not_text(text)
    if text and bad > BINARY_SHARE * seen:
        packed = next((what for magic, what in _PACKED if data.startswith(magic)), None)
        why = (f"{packed}, not text: unpack it first" if packed else f"not a text file ({bad * 100 // seen}% of "
               "its first characters are control characters or undecodable bytes)")
        if named:
            raise InputError(f"{path}: {why}")
        warn(f"{path}: skipped, {why}")
        return None
    return text


#: File signatures of the packed and binary formats an export may come in, for a message that says which.
_PACKED = ((b"\x1f\x8b", "gzip-compressed"), (b"PK\x03\x04", "a zip archive"), (b"%PDF", "a PDF"),
           (b"BZh", "bzip2-compressed"), (b"\xfd7zXZ", "xz-compressed"))


def _as_cp1252(data: bytes) -> str | None:
    """``data`` read as Windows-1252, or None where it holds a byte that code page leaves undefined."""
    try:
        return data.decode("cp1252")
    except UnicodeDecodeError:
        return None


def _not_text(text: str) -> tuple[int, int]:
    """How many of the first 65,536 characters are control characters or undecodable bytes, and of how many."""
    return len(_NOT_TEXT.findall(text[:65536])), min(len(text), 65536)


#: Longest line read as a heading by its length; a longer one with few words is no abstract either (a run of
#: characters with no spaces), and its warning says how long it is.
HEADING_MAX_CHARS = 300


def _looks_like_header(block: str) -> bool:
    words = block.split()
    return "\n" not in block.strip() and len(words) <= HEADER_MAX_WORDS and not re.search(r"[.!?]\s*$", block.strip())


#: Most words a title line above its abstract has.
TITLE_MAX_WORDS = 25


def _title_line(lines: list[str]) -> str | None:
    """The first line of a block when it is a title above the abstract, else None.

    A title ends no sentence and is much shorter than the line after it; the first line of an abstract
    wrapped at a fixed width is about as long as the next (or longer, when the next ends the abstract).
    """
    if len(lines) < 2:
        return None
    first, second = lines[0].strip(), lines[1].strip()
    if (len(first.split()) <= TITLE_MAX_WORDS and not _SENTENCE_END.search(first) and first[-1:] not in ",;:-"
            and len(first) < 0.75 * len(second) and second[:1].isupper()):
        return first
    return None


def _abstract_lines(lines: list[str]) -> bool:
    """Whether every line of a block is long and ends a sentence: one abstract per line."""
    return len(lines) >= 2 and all(len(line) >= LINE_ABSTRACT_CHARS and _SENTENCE_END.search(line) for line in lines)


def _records_txt(path: Path, text: str, warn: Warn) -> Iterable[tuple[int, dict]]:
    blocks: list[tuple[int, list[str]]] = []
    current: list[str] | None = None
    for lineno, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            current = None
        elif current is None:
            current = [line]
            blocks.append((lineno, current))
        else:
            current.append(line)
    first = True
    warned: set[str] = set()  # each kind of layout warning once per file
    for start, lines in blocks:
        if first and len(lines) > 2 and _looks_like_header(lines[0]) and _abstract_lines(lines[1:]):
            start, lines = start + 1, lines[1:]  # a header line right above one abstract per line
        first_block, first = first, False
        if _abstract_lines(lines):
            if "long lines" not in warned:
                warned.add("long lines")
                warn(f"{path}:{start}: {len(lines)} long lines with no blank line between them; "
                     "read as one abstract per line")
            for i, line in enumerate(lines):
                yield start + i, {"abstract": line}
            continue
        if len(lines) >= 3 and "sentence lines" not in warned and all(_SENTENCE_END.search(line) for line in lines):
            warned.add("sentence lines")
            warn(f"{path}:{start}: {len(lines)} lines that each end a sentence read as one abstract; "
                 "if each is an abstract, put a blank line between them")
        title = _title_line(lines)
        if title is not None:  # "Graph networks for molecules" above its abstract: the title, not the first words
            yield start, {"title": title, "abstract": "\n".join(lines[1:])}
            continue
        block = "\n".join(lines)
        if _looks_like_header(block):
            # (a file's first short line is its heading, skipped without a word, unless it is all the file has)
            if not first_block or len(blocks) == 1:
                words = len(block.split())
                what = ("a short line" if len(block) <= HEADING_MAX_CHARS else
                        f"a line of {len(block):,} characters and {words:,} word{'s' * (words != 1)}")
                warn(f"{path}:{start}: skipped {what} that is not an abstract: {_clip(block.strip(), QUOTE_CHARS)!r}")
            continue
        yield start, {"abstract": block}


def _kind(value) -> str:
    """What a JSON value is, in words."""
    if isinstance(value, bool):
        return "true/false"
    for types, name in (((int, float), "a number"), (str, "a string"), (list, "a list"), (dict, "an object")):
        if isinstance(value, types):
            return name
    return "null"


def _json_error(err: json.JSONDecodeError) -> str:
    """json's message, whole: its ``msg`` alone can end mid-phrase ("Unterminated string starting at")."""
    return f"{err.msg.removesuffix(' at')} at column {err.colno}"


def _unreadable(err: Exception) -> str:
    """Why json could not read a value that is valid JSON (too deep, or a number too long)."""
    if isinstance(err, RecursionError):
        return "nested too deeply to read"
    digits = re.search(r"limit \((\d+) digits\).*?has (\d+) digits", str(err))
    if digits:
        return f"holds a number of {int(digits.group(2)):,} digits (the limit is {int(digits.group(1)):,})"
    return f"not readable ({err})"


class _Skipped:
    """Lines or rows skipped, by fault: each fault's first :data:`SHOWN_SKIPPED` named, the rest counted at the end
    (a file of 100,000 broken lines is one count, not 100,000 warnings)."""

    def __init__(self, path: Path, warn: Warn, unit: str):
        self.path, self.warn, self.unit, self.seen = path, warn, unit, Counter()

    def __call__(self, where: int, why: str, fault: str) -> None:
        self.seen[fault] += 1
        if self.seen[fault] <= SHOWN_SKIPPED:
            self.warn(f"{self.path}:{where}: skipped, {why}")

    def counts(self) -> None:
        for fault, n in self.seen.items():
            if n > SHOWN_SKIPPED:
                self.warn(f"{self.path}: {n:,} {self.unit} skipped, {fault}; {n - SHOWN_SKIPPED:,} not named above")


def _records_jsonl(path: Path, text: str, warn: Warn) -> Iterable[tuple[int, dict]]:
    skipped = _Skipped(path, warn, "lines")  # lines that are no JSON object, by what is wrong
    # "\n" only: str.splitlines() also breaks at U+2028, U+2029 and U+0085, which JSON strings may hold
    for lineno, line in enumerate(text.split("\n"), 1):
        if not line.strip():
            continue
        try:
            # (strict=False: a raw tab or line feed inside a string, as many exports write them, is the text's)
            rec = json.loads(line, strict=False)
        except json.JSONDecodeError as err:
            skipped(lineno, f"not JSON ({_json_error(err)})", "not JSON")
            continue
        except (RecursionError, ValueError) as err:
            skipped(lineno, _unreadable(err), "JSON too deep or too long to read")
            continue
        if not isinstance(rec, dict):
            skipped(lineno, f"{_kind(rec)} where a JSON object was expected", "no JSON object")
            continue
        yield lineno, rec
    skipped.counts()


def _json_in_text(text: str) -> bool:
    """Whether a .txt file holds JSON records: its first line that is not blank is a JSON object or opens a list of
    them (an export saved under the wrong name, read as the JSON it is, not as one abstract of JSON text)."""
    first = next((line.strip() for line in text.split("\n", 200) if line.strip()), "")
    if first.startswith("["):
        return first[1:].lstrip()[:1] in ("{", "")
    if not (first.startswith("{") and first.endswith("}")):
        return False
    try:
        return isinstance(json.loads(first, strict=False), dict)
    except (ValueError, RecursionError):
        return False


_JSON_SPACE = re.compile(r"[ \t\n\r]*")
_JSON_NUMBER = re.compile(r"-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?")
_JSON_TOKEN = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|[\[\]{}]', re.S)


def _json_value_end(path: Path, text: str, pos: int) -> int:
    """Where the JSON value at ``pos`` ends, found without decoding it."""
    number = _JSON_NUMBER.match(text, pos)
    if number:
        return number.end()
    depth = 0
    for m in _JSON_TOKEN.finditer(text, pos):
        c = m.group()[0]
        if c in "[{":
            depth += 1
        elif c in "]}":
            depth -= 1
        if depth <= 0:
            return m.end()
    raise InputError(f"{path}:{text.count(chr(10), 0, pos) + 1}: not valid JSON (a value that never ends)")


def _json_list_items(path: Path, text: str, warn: Warn) -> Iterable[tuple[int, object]]:
    """The items of a top-level JSON list one by one; items json cannot read are skipped with a warning."""
    decoder = json.JSONDecoder(strict=False)
    pos = _JSON_SPACE.match(text, text.index("[") + 1).end()
    i = 0
    while not text.startswith("]", pos):
        i += 1
        line = text.count("\n", 0, pos) + 1
        try:
            item, end = decoder.raw_decode(text, pos)
        except json.JSONDecodeError as err:
            raise InputError(f"{path}:{err.lineno}: not valid JSON ({_json_error(err)})") from err
        except (RecursionError, ValueError) as err:
            warn(f"{path}:{line}: record {i} skipped, {_unreadable(err)}")
            item, end = None, _json_value_end(path, text, pos)
        if item is not None:
            yield i, item
        pos = _JSON_SPACE.match(text, end).end()
        if text.startswith(",", pos):
            pos = _JSON_SPACE.match(text, pos + 1).end()
        elif not text.startswith("]", pos):
            raise InputError(f"{path}:{text.count(chr(10), 0, pos) + 1}: not valid JSON (expected ',' or ']')")


def _records_json(path: Path, text: str, warn: Warn) -> Iterable[tuple[int, dict]]:
    items: Iterable[tuple[int, object]]
    try:
        data = json.loads(text, strict=False)
    except json.JSONDecodeError as err:
        raise InputError(f"{path}:{err.lineno}: not valid JSON ({_json_error(err)})") from err
    except (RecursionError, ValueError) as err:
        if not text.lstrip().startswith("["):
            raise InputError(f"{path}: {_unreadable(err)}; a list of records (or JSON lines) "
                             "would let kgraph skip just that record") from err
        items = _json_list_items(path, text, warn)
    else:
        if isinstance(data, dict):
            key = next((k for k in ("papers", "records", "data", "items", "results") if k in data), None)
            if key is not None and not isinstance(data[key], list):
                raise InputError(f'{path}: "{key}" holds {_kind(data[key])}; expected a list of records')
            if key is None and "abstract" not in data and "abstract_inverted_index" not in data:
                keys = ", ".join(f'"{_clip(k, 30)}"' for k in list(data)[:8]) or "none"
                raise InputError(f'{path}: expected a list of records, {{"papers": [...]}} or one record '
                                 f'with an "abstract" (keys found: {keys})')
            data = data[key] if key is not None else [data]
        if not isinstance(data, list):
            raise InputError(f"{path}: expected a JSON list of records, found {_kind(data)}")
        items = enumerate(data, 1)
    for i, rec in items:
        if not isinstance(rec, dict):
            warn(f"{path}: record {i}: skipped, {_kind(rec)} where a JSON object was expected")
            continue
        yield i, rec


def _delimiter(path: Path, text: str) -> str:
    """The CSV's delimiter: a tab for .tsv; for .csv a comma, or the tab or semicolon of a header without one."""
    if path.suffix.lower() == ".tsv":
        return "\t"
    header = text.split("\n", 1)[0]
    if "," not in header:
        return max("\t;", key=header.count) if ("\t" in header or ";" in header) else ","
    return ","


def _records_csv(path: Path, text: str, warn: Warn) -> Iterable[tuple[int, dict]]:
    """Rows of a CSV (or tab- or semicolon-separated) file.

    A row with more fields than the header (an abstract with unquoted
    commas) is never cut silently: when the abstract is the last column,
    its extra fields are its own text, commas put back; otherwise the row
    is skipped with a warning naming its line.
    """
    if csv.field_size_limit() < CSV_FIELD_CHARS:
        csv.field_size_limit(CSV_FIELD_CHARS)
    delimiter = _delimiter(path, text)
    reader = csv.DictReader(io.StringIO(text, newline=""), delimiter=delimiter)
    try:
        header = reader.fieldnames
    except csv.Error as err:
        raise InputError(f"{path}:1: broken CSV header ({err})") from err
    fields = [f.strip().lower() for f in (header or [])]
    if "abstract" not in fields and sources.ABSTRACT_ALIAS in fields:  # arXiv's name for it
        fields[fields.index(sources.ABSTRACT_ALIAS)] = "abstract"
    if not fields and not text.strip():
        raise InputError(f"{path}: the file is empty (a CSV needs a header line with an 'abstract' column)")
    if "abstract" not in fields:
        raise InputError(f"{path}: no 'abstract' column (columns: {', '.join(_clip(f, 40) for f in fields) or 'none'})")
    reader.fieldnames = fields
    abstract_last = fields[-1] == "abstract"
    sep = "tab" if delimiter == "\t" else repr(delimiter)
    start = last = 0
    rejoined: list[int] = []
    short = _Skipped(path, warn, "rows")  # rows that end before the abstract's column
    lines: list[str] | None = None  # the file's lines, once a row spans several
    while True:
        start = reader.line_num + 1
        try:
            row = next(reader)
        except StopIteration:
            break
        except csv.Error as err:  # a field over the limit: skip it, the reader goes on at the next line
            warn(f"{path}:{start}: skipped, broken CSV row ({err})")
            continue
        last = start
        if reader.line_num > start and lines is None:  # (split once, as the csv reader splits: not at "\u2028")
            lines = io.StringIO(text, newline="").readlines()
        if reader.line_num > start and _run_together(lines[start - 1:reader.line_num], delimiter):
            warn(f"{path}:{start}: a quoted field opened on this line is closed on line {reader.line_num} with "
                 f"text after the quote, so lines {start}-{reader.line_num} were read as one row; close the quote")
        elif reader.line_num > start and (inside := _row_inside(lines, start, reader.line_num, delimiter, len(fields))):
            warn(f"{path}:{start}: a quoted field opened on this line holds line {inside}, which reads as a row of "
                 f"its own ({len(fields)} fields), so lines {start}-{reader.line_num} were read as one row; "
                 "check the quotes")
        extra = row.pop(None, None)
        if extra:
            if not abstract_last:
                warn(f"{path}:{start}: skipped, {len(fields) + len(extra)} fields where the header has "
                     f"{len(fields)}; quote the fields that hold a {sep}")
                continue
            row["abstract"] = delimiter.join([row["abstract"] or "", *extra])
            rejoined.append(start)
        elif row.get("abstract") is None and None in row.values():  # the row ends before the abstract's column
            have = sum(v is not None for v in row.values())
            short(start, f"{have} field{'s' * (have != 1)} where the header has {len(fields)}: no abstract",
                  "fewer fields than the header: no abstract")
            continue
        yield start, row  # (where the row starts: a quoted field may span lines)
    short.counts()
    if rejoined:
        warn(f"{path}:{rejoined[0]}: {len(rejoined)} row{'s' if len(rejoined) > 1 else ''} had more fields than the "
             f"header: the abstract is the last column, so the text after its unquoted {sep} was kept in it")
    if last and _open_quote(text, last, delimiter):
        raise InputError(f"{path}:{last}: a quoted field opened on this line is never closed, so every line after "
                         "it would be read into this row; close the quote")


def _run_together(row_lines: list[str], delimiter: str) -> bool:
    """Whether a row read from several lines closes a quoted field with text after the quote.

    A quote left open ('1,"We propose ...') is closed by the next row's opening quote ('2,"Graph ...'); the
    lenient csv module reads both rows as one field, a paper lost. Read strictly, the row stops at the text
    after that quote. (A field that spans lines on purpose closes its quote before a delimiter.)
    """
    try:
        for _ in csv.reader(row_lines, strict=True, delimiter=delimiter):
            pass
    except csv.Error as err:
        return "expected after" in str(err)
    return False


def _row_inside(lines: list[str], first: int, last: int, delimiter: str, fields: int) -> int | None:
    """The first line after ``first`` of a row read from lines ``first`` to ``last`` (of the file's ``lines``)
    that reads as a row of its own.

    A quote left open on line 2 and closed at the end of line 3 ('2,Diffusion,We study ... CIFAR-10."') makes
    both one row. A line inside a field that spans lines on purpose is text: it does not start with a short
    first field and have the header's number of fields.
    """
    for number, line in enumerate(lines[first:last], first + 1):
        cells = next(csv.reader([line], delimiter=delimiter), [])
        if len(cells) == fields and re.fullmatch(r"\S{1,40}", cells[0].strip()):
            return number
    return None


def _open_quote(text: str, line: int, delimiter: str = ",") -> bool:
    """Whether the CSV row starting at ``line`` (the last one read) ends inside a quoted field.

    The csv module, lenient, reads such a field to the end of the file and
    returns it as if closed: the rows after the stray quote become part of one
    abstract. Read strictly, the same row stops with "unexpected end of data".
    """
    lines = io.StringIO(text, newline="")  # (split as the csv reader splits: "\u2028" ends no CSV line)
    try:
        for _ in csv.reader(itertools.islice(lines, line - 1, None), strict=True, delimiter=delimiter):
            pass
    except csv.Error as err:
        return "unexpected end of data" in str(err)
    return False


_READERS = {".txt": _records_txt, ".jsonl": _records_jsonl, ".json": _records_json, ".csv": _records_csv,
            ".tsv": _records_csv}


def _clip(s: str, n: int) -> str:
    """``s`` on one line, cut to ``n`` characters, the cut marked with an ellipsis."""
    s = " ".join(s.split())
    return s if len(s) <= n else s[: n - 1].rstrip() + "…"


def _no_abstract(rec: dict) -> str:
    """Why a record has no usable abstract, in words."""
    if "abstract" not in rec:
        fields = ", ".join(f'"{_clip(str(k), 30)}"' for k in list(rec)[:8])
        return f'no "abstract" field (fields: {fields or "none"})'
    value = rec["abstract"]
    if isinstance(value, str) or value is None:
        return "empty abstract"
    return f'"abstract" is {_kind(value)}, not text'


#: A year as records write it: four digits alone or opening a date ("2023-05-01", RIS's "2019///").
_YEAR = re.compile(r"^\s*(\d{4})(?!\d)")
#: The earliest year a paper may have; the latest is next year (a preprint dated ahead).
FIRST_YEAR = 1900


def _last_year() -> int:
    return time.localtime().tm_year + 1


def _meta(rec: dict, path: Path, where: int, warn: Warn) -> dict[str, str | int]:
    meta: dict[str, str | int] = {}
    for key in META_FIELDS:
        value = rec.get(key)
        if value is None or value == "":
            continue
        if key == "authors" and isinstance(value, list):
            value = "; ".join(str(v.get("name", v)) if isinstance(v, dict) else str(v) for v in value)
        if key == "year":
            # "2023", 2023, "2023-05-01", "2023/5"; not a fraction of one: 2023.7
            found = None if re.fullmatch(r"\s*\d{4}\.\d+\s*", str(value)) else _YEAR.match(str(value))
            year = int(found.group(1)) if found else None
            if year is None or not FIRST_YEAR <= year <= _last_year():
                why = "is not a year" if year is None else f"is not a year of a paper ({FIRST_YEAR}-{_last_year()})"
                warn(f"{path}:{where}: year {_clip(repr(value), QUOTE_CHARS)} {why}; left out")
                continue
            value = year
        elif isinstance(value, (dict, list)):
            value = json.dumps(value, ensure_ascii=False)
        if isinstance(value, str):
            if key in _IDENTIFIERS:  # kept as they are: normalising text would break them
                value = value.strip()
            else:
                value = normalize_text(value, warn=lambda msg: warn(f"{path}:{where}: {key}: {msg}"))
        else:
            value = value if isinstance(value, int) else str(value)
        meta[key] = value
    return meta


def _files(inputs: Iterable[str | Path], warn: Warn = lambda msg: None) -> list[Path]:
    """The files to read: each input file, and the readable files of each input folder, recursively.

    In a folder, hidden entries and other suffixes are passed over; a
    subfolder that cannot be opened, a link to nothing and anything that is
    not a regular file (a named pipe) are skipped with a warning.
    """
    files: list[Path] = []
    for item in inputs:
        path = Path(item)
        if path.is_dir():
            found = []

            def refused(err: OSError) -> None:
                warn(f"{err.filename}: cannot open this folder ({err.strerror or err}); skipped")

            for root, dirs, names in os.walk(path, onerror=refused):
                dirs[:] = sorted(d for d in dirs if not d.startswith("."))
                for name in names:
                    p = Path(root) / name
                    if name.startswith(".") or p.suffix.lower() not in SUFFIXES:
                        continue
                    if p.is_file():
                        found.append(p)
                    elif p.is_symlink() and not p.exists():
                        warn(f"{p}: a link to nothing; skipped")
                    else:
                        warn(f"{p}: not a regular file; skipped")
            if not found:
                raise InputError(f"{path}: no {', '.join(SUFFIXES)} files in this folder")
            files.extend(sorted(found))
        elif path.is_file():
            if path.suffix.lower() not in SUFFIXES:
                raise InputError(f"{path}: unsupported file type {path.suffix or '(none)'!r}; use {', '.join(SUFFIXES)}")
            files.append(path)
        elif path.is_symlink() and not path.exists():
            raise InputError(f"{path}: a link to nothing")
        elif path.exists():
            raise InputError(f"{path}: not a regular file or folder")
        else:
            raise InputError(f"{path}: no such file or folder")
    return files


def read_inputs(inputs: Iterable[str | Path], *, warn: Warn | None = None) -> list[Paper]:
    """Read every abstract under ``inputs`` (files or folders, recursively).

    Parameters
    ----------
    inputs : iterable of paths
        Files (.txt, .jsonl, .json, .csv, .tsv, .bib, .ris, .xml, .atom) and folders of them.
    warn : callable, optional
        Receives one line per skipped record, bound applied or odd layout,
        each starting with ``file:line`` (default: no warnings).

    Returns
    -------
    list of Paper
        One per distinct paper, in reading order: records with the same DOI
        or arXiv id, or the same abstract (ignoring case, punctuation and
        spacing), are one paper that lists all its sources and keeps the
        first abstract and the first value of each metadata field.

    Raises
    ------
    InputError
        An input cannot be used at all (missing, unsupported, a JSON file that
        is not a list of records, a CSV without an ``abstract`` column, XML
        that is not an Atom feed), or nothing usable is left. Files that are
        not text are skipped with a warning; so are broken records, and
        reading goes on. A file found in a folder that cannot be used at all
        is skipped with a warning too. Records without a usable abstract are
        named one by one up to :data:`SHOWN_SKIPPED` per file, then counted.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> _ = (folder / "a.jsonl").write_text('{"abstract": "We study graph networks."}\\n{"abstract": 5}\\n')
    >>> notes = []
    >>> [p.abstract for p in read_inputs([folder], warn=notes.append)]
    ['We study graph networks.']
    >>> notes[0].endswith('a.jsonl:2: skipped, "abstract" is a number, not text')
    True
    """
    warn = warn or (lambda msg: None)
    papers: dict[str, Paper] = {}
    known: dict[str, str] = {}  # identity key (sources.identity_keys) -> paper id
    inputs = [Path(i) for i in inputs]
    if not inputs:
        raise InputError("no inputs given: name the files or folders of abstracts to read")
    files = _files(inputs, warn)
    for path in files:
        try:
            text = _read_text(path, warn, named=path in inputs)
        except InputError as err:
            if path in inputs:
                raise
            warn(f"{err}; skipped")  # found in a folder: one unreadable file does not stop the others
            continue
        if text is None:
            continue
        suffix = path.suffix.lower()
        reader = sources.reader_for(suffix, text) or _READERS[suffix]
        if reader is _records_txt and _json_in_text(text):
            reader = _records_json if text.lstrip().startswith("[") else _records_jsonl
            warn(f"{path}: holds JSON records, not plain text; read as {'JSON' if reader is _records_json else 'JSON lines'}")
        records = reader(path, text, warn)
        if path not in inputs:  # found in a folder: an unusable file there (a pom.xml) is skipped, not fatal
            records = _skip_unusable(records, warn)
        skipped = 0
        for where, rec in records:
            at = f"{path}: record {where}" if reader is _records_json else f"{path}:{where}"
            rec = sources.standard_record(rec, warn=warn, where=at)
            if rec is None:
                continue
            raw = rec.get("abstract")
            if not isinstance(raw, str) or not raw.strip():
                if reader is not _records_txt:
                    skipped += 1
                    if skipped <= SHOWN_SKIPPED:
                        plain = reader in _READERS.values() and not ("abstract" in rec and rec["abstract"] is None)
                        why = _no_abstract(rec) if plain else "no abstract"
                        warn(f"{at}: skipped, {why}" + (f" (id {_clip(str(rec['id']), 60)})" if rec.get("id") else ""))
                continue
            abstract = normalize_text(raw, warn=lambda msg: warn(f"{at}: {msg}"))
            if len(abstract.split()) < MIN_ABSTRACT_WORDS:
                warn(f"{at}: skipped, abstract too short: {_clip(abstract, QUOTE_CHARS)!r}")
                continue
            meta = _meta(rec, path, where, warn)
            _add_paper(papers, known, Paper(abstract, [f"{path.as_posix()}:{where}"], meta))
        if skipped > SHOWN_SKIPPED:  # (those named one by one above need no count)
            warn(f"{path}: {skipped:,} records without a usable abstract skipped; "
                 f"{skipped - SHOWN_SKIPPED:,} not named above")
    if not papers:
        names = ", ".join(str(f) for f in files[:3])
        raise InputError(f"no usable abstracts in {names}{' …' if len(files) > 3 else ''}")
    return list(papers.values())


def _skip_unusable(records: Iterable[tuple[int, dict]], warn: Warn) -> Iterable[tuple[int, dict]]:
    try:
        yield from records
    except InputError as err:
        warn(f"{err}; file skipped")


def _add_paper(papers: dict[str, Paper], known: dict[str, str], paper: Paper) -> None:
    """Add ``paper``, or merge it into the papers it shares a DOI, arXiv id or abstract with."""
    keys = [paper.id, *sources.identity_keys(paper.meta, paper.abstract)]
    same = list(dict.fromkeys(known[k] for k in keys if k in known))
    if not same:
        papers[paper.id] = paper
        target = paper
    else:
        if len(same) > 1:  # rare: put the earliest read first
            order = {pid: i for i, pid in enumerate(papers)}
            same.sort(key=order.__getitem__)
        target = papers[same[0]]
        merged = [papers.pop(pid) for pid in same[1:]]  # this record joins two papers read apart
        for other in [*merged, paper]:
            target.sources.extend(s for s in other.sources if s not in target.sources)
            for key, value in other.meta.items():
                target.meta.setdefault(key, value)
        if merged:
            gone = {p.id for p in merged}
            known.update((k, target.id) for k, pid in known.items() if pid in gone)
    for k in keys:
        known[k] = target.id
