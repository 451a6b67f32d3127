"""Read stage: abstracts from text, JSON lines, JSON and CSV files, normalised and de-duplicated.

Every reader yields :class:`Paper` records. Text is normalised once, here
(:func:`normalize_text`), and a paper's id is a hash of its normalised
abstract, so the same abstract read from two files becomes one paper that
lists both sources.
"""

from __future__ import annotations

import csv
import io
import json
import re
import unicodedata
from pathlib import Path
from typing import Callable, Iterable

from pylatexenc.latex2text import LatexNodes2Text

from .errors import InputError
from .types import Paper

__all__ = ["normalize_text", "read_inputs", "SUFFIXES"]

SUFFIXES = (".txt", ".jsonl", ".json", ".csv")
META_FIELDS = ("id", "title", "authors", "year", "venue", "url")

Warn = Callable[[str], None]

#: An abstract needs this many words; fewer is a heading, a stray line or a placeholder.
MIN_ABSTRACT_WORDS = 3
#: A block of at most this many words, on one line and not ending a sentence, is a heading in a .txt file.
HEADER_MAX_WORDS = 12
#: How much of a skipped text a warning quotes.
QUOTE_CHARS = 60


# --- normalisation -----------------------------------------------------------

_latex = LatexNodes2Text(math_mode="verbatim", strict_latex_spaces=True)
_MATH = re.compile(r"\$\$(.+?)\$\$|\$(.+?)\$|\\\((.+?)\\\)", re.S)
_TEXT_CMD = re.compile(r"\\[A-Za-z]+\*?(?:\s*\{[^{}$]*\})*")
_ACCENT = re.compile(r"\\['`^\"~=.][A-Za-z{]|\\[cvuHk]\{")
_MD_EMPH = re.compile(r"(?<![\w*\\])(\*\*|\*|__|_)(?=[^\s*_])(.+?)(?<=[^\s*_\\])\1(?![\w*])")
_NAME = re.compile(r"[A-Za-z][A-Za-z0-9\-]*[A-Za-z0-9]")
_TRANSLATE = {
    **{ord(c): "'" for c in "\u2018\u2019\u201a\u201b\u2032\u00b4`"},
    **{ord(c): '"' for c in "\u201c\u201d\u201e\u201f\u2033\u00ab\u00bb"},
    **{ord(c): "-" for c in "\u2010\u2011\u2012\u2013\u2212\ufe63\uff0d"},
    ord("\u2014"): " - ", ord("\u2015"): " - ",
    ord("\u00a0"): " ", ord("\u2009"): " ", ord("\u202f"): " ", ord("\u200b"): "",
    ord("\ufeff"): "", ord("\u00ad"): "",
}


def _latex_to_text(s: str) -> str:
    try:
        return _latex.latex_to_text(s.replace("%", r"\%"))
    except Exception:  # pylatexenc is lenient; a parser bug must not lose the abstract
        return s


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
_BREAKS = re.compile("[\n\t\r\x0b\x0c]")


def _clean_chars(text: str) -> str:
    """Line breaks and tabs become spaces; other control, surrogate and private-use characters go."""
    return _CONTROL.sub("", _BREAKS.sub(" ", text))


def normalize_text(text: str) -> str:
    """Normalise an abstract to plain running text.

    LaTeX text commands are rendered (``\\textbf{D}ual`` reads ``Dual``), inline
    math is rendered and kept between ``$`` signs so that extraction can leave
    it out (a name set in math, such as ``$\\mathrm{DC-PU}$``, becomes plain
    text), Markdown emphasis is removed, Unicode quotes and dashes become ASCII,
    control characters are dropped and white space runs are folded.

    Examples
    --------
    >>> normalize_text(r"a \\textbf{D}ual \\emph{Orthogonal}  method in $\\mathcal{O}(\\log^2 d)$")
    'a Dual Orthogonal method in $𝒪(log^2 d)$'
    >>> normalize_text("_Length generalization_, the \u201cability\u201d \u2013 *retrieval*")
    'Length generalization, the "ability" - retrieval'
    """
    text = unicodedata.normalize("NFC", _clean_chars(text))
    text = text.translate(_TRANSLATE)
    pieces = []
    pos = 0
    for m in _MATH.finditer(text):
        pieces.append(_text_segment(text[pos : m.start()]))
        pieces.append(_math(m))
        pos = m.end()
    pieces.append(_text_segment(text[pos:]))
    text = "".join(pieces)
    text = re.sub(r"(?<=\S)\s*--+\s*(?=\S)", " - ", text)
    return re.sub(r"\s+", " ", text).strip()


_HREF = re.compile(r"\\href\s*\{([^{}]*)\}\s*\{([^{}]*)\}")
_URL = re.compile(r"\\url\s*\{([^{}]*)\}")
_MD_LINK = re.compile(r"\[([^\[\]]+)\]\((https?://[^()\s]+)\)")


def _text_segment(s: str) -> str:
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
        s = _MD_EMPH.sub(r"\2", s)
    return s


# --- readers -----------------------------------------------------------------


def _read_text(path: Path, warn: Warn) -> str:
    try:
        data = path.read_bytes()
    except OSError as err:
        raise InputError(f"{path}: cannot read ({err.strerror or err})") from err
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        warn(f"{path}: not valid UTF-8 (byte {err.start}); undecodable bytes replaced")
        return data.decode("utf-8", errors="replace")


def _looks_like_header(block: str) -> bool:
    words = block.split()
    return "\n" not in block.strip() and len(words) <= HEADER_MAX_WORDS and not re.search(r"[.!?]\s*$", block.strip())


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
    for start, lines in blocks:
        block = "\n".join(lines)
        if _looks_like_header(block):
            if not first:
                warn(f"{path}:{start}: skipped a short line that is not an abstract: {block.strip()[:QUOTE_CHARS]!r}")
            first = False
            continue
        first = False
        yield start, {"abstract": block}


def _records_jsonl(path: Path, text: str, warn: Warn) -> Iterable[tuple[int, dict]]:
    for lineno, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            rec = json.loads(line)
        except json.JSONDecodeError as err:
            warn(f"{path}:{lineno}: skipped, not JSON ({err.msg})")
            continue
        if not isinstance(rec, dict):
            warn(f"{path}:{lineno}: skipped, not a JSON object")
            continue
        yield lineno, rec


def _records_json(path: Path, text: str, warn: Warn) -> Iterable[tuple[int, dict]]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise InputError(f"{path}:{err.lineno}: not valid JSON ({err.msg})") from err
    if isinstance(data, dict):
        for key in ("papers", "records", "data", "items"):
            if isinstance(data.get(key), list):
                data = data[key]
                break
        else:
            data = [data]
    if not isinstance(data, list):
        raise InputError(f"{path}: expected a JSON list of records")
    for i, rec in enumerate(data, 1):
        if not isinstance(rec, dict):
            warn(f"{path}: record {i}: skipped, not a JSON object")
            continue
        yield i, rec


def _records_csv(path: Path, text: str, warn: Warn) -> Iterable[tuple[int, dict]]:
    csv.field_size_limit(1 << 26)
    reader = csv.DictReader(io.StringIO(text, newline=""))
    fields = [f.strip().lower() for f in (reader.fieldnames or [])]
    if "abstract" not in fields:
        raise InputError(f"{path}: no 'abstract' column (columns: {', '.join(fields) or 'none'})")
    reader.fieldnames = fields
    try:
        for row in reader:
            yield reader.line_num, {k: v for k, v in row.items() if k is not None}
    except csv.Error as err:
        warn(f"{path}:{reader.line_num}: stopped reading, broken CSV ({err})")


_READERS = {".txt": _records_txt, ".jsonl": _records_jsonl, ".json": _records_json, ".csv": _records_csv}


def _meta(rec: dict, path: Path, where: int, warn: Warn) -> dict[str, str | int]:
    meta: dict[str, str | int] = {}
    for key in META_FIELDS:
        value = rec.get(key)
        if value is None or value == "":
            continue
        if key == "authors" and isinstance(value, list):
            value = "; ".join(str(v.get("name", v)) if isinstance(v, dict) else str(v) for v in value)
        if key == "year":
            try:
                value = int(str(value).strip()[:4])
            except ValueError:
                warn(f"{path}:{where}: year {value!r} is not a year; left out")
                continue
        elif isinstance(value, (dict, list)):
            value = json.dumps(value, ensure_ascii=False)
        if isinstance(value, str):
            value = normalize_text(value)
        else:
            value = value if isinstance(value, int) else str(value)
        meta[key] = value
    return meta


def _files(inputs: Iterable[str | Path]) -> list[Path]:
    files: list[Path] = []
    for item in inputs:
        path = Path(item)
        if path.is_dir():
            found = sorted(
                p for p in path.rglob("*")
                if p.is_file() and p.suffix.lower() in SUFFIXES and not any(part.startswith(".") for part in p.relative_to(path).parts)
            )
            if not found:
                raise InputError(f"{path}: no {', '.join(SUFFIXES)} files in this folder")
            files.extend(found)
        elif path.is_file():
            if path.suffix.lower() not in SUFFIXES:
                raise InputError(f"{path}: unsupported file type {path.suffix or '(none)'!r}; use {', '.join(SUFFIXES)}")
            files.append(path)
        else:
            raise InputError(f"{path}: no such file or folder")
    return files


def read_inputs(inputs: Iterable[str | Path], *, warn: Warn | None = None) -> list[Paper]:
    """Read every abstract under ``inputs`` (files or folders, recursively).

    Returns one :class:`Paper` per distinct normalised abstract, in reading
    order. Broken records are skipped with a warning naming file and line;
    ``InputError`` is raised when an input cannot be used at all or nothing
    usable is left.
    """
    warn = warn or (lambda msg: None)
    papers: dict[str, Paper] = {}
    files = _files(inputs)
    for path in files:
        text = _read_text(path, warn)
        reader = _READERS[path.suffix.lower()]
        for where, rec in reader(path, text, warn):
            raw = rec.get("abstract")
            if not isinstance(raw, str) or not raw.strip():
                if path.suffix.lower() != ".txt":
                    warn(f"{path}:{where}: skipped, empty or missing abstract")
                continue
            abstract = normalize_text(raw)
            if len(abstract.split()) < MIN_ABSTRACT_WORDS:
                warn(f"{path}:{where}: skipped, abstract too short: {abstract[:QUOTE_CHARS]!r}")
                continue
            paper = Paper(abstract)
            source = f"{path.as_posix()}:{where}"
            known = papers.get(paper.id)
            if known is None:
                paper.meta = _meta(rec, path, where, warn)
                paper.sources.append(source)
                papers[paper.id] = paper
            else:
                known.sources.append(source)
                for key, value in _meta(rec, path, where, warn).items():
                    known.meta.setdefault(key, value)
    if not papers:
        names = ", ".join(str(f) for f in files[:3])
        raise InputError(f"no usable abstracts in {names}{' …' if len(files) > 3 else ''}")
    return list(papers.values())
