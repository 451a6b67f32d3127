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

from . import sources
from .errors import InputError
from .types import Paper

__all__ = ["normalize_text", "read_inputs", "SUFFIXES"]

SUFFIXES = (".txt", ".jsonl", ".json", ".csv", *sources.SUFFIXES)
META_FIELDS = ("id", "title", "authors", "year", "venue", "doi", "arxiv_id", "url")
_IDENTIFIERS = ("doi", "arxiv_id", "url")  # kept as they are: normalising text would break them

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
    >>> normalize_text("UFO-RL (**U**ncertainty-**F**ocused **O**ptimization) and $M$emory-enhanced MI$S$tar")
    'UFO-RL (Uncertainty-Focused Optimization) and Memory-enhanced MIStar'
    """
    text = unicodedata.normalize("NFC", _clean_chars(text))
    text = text.translate(_TRANSLATE)
    pieces = []
    pos = 0
    for m in _MATH.finditer(text):
        pieces.append(_text_segment(text[pos : m.start()]))
        initial = _math_initial(text, m)
        pieces.append(initial if initial is not None else _math(m))
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
        s = _MD_INWORD.sub(lambda m: m.group(2) or m.group(4), s)
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
        for key in ("papers", "records", "data", "items", "results"):
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
            value = value.strip() if key in _IDENTIFIERS else normalize_text(value)
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

    Returns one :class:`Paper` per distinct paper, in reading order: records
    with the same DOI or arXiv id, or the same abstract (ignoring case,
    punctuation and spacing), are one paper that lists all its sources and
    keeps the first abstract and the first value of each metadata field.
    Broken records are skipped with a warning naming file and line (records
    without an abstract with one warning per file that counts them);
    ``InputError`` is raised when an input cannot be used at all or nothing
    usable is left.
    """
    warn = warn or (lambda msg: None)
    papers: dict[str, Paper] = {}
    known: dict[str, str] = {}  # identity key (sources.identity_keys) -> paper id
    inputs = [Path(i) for i in inputs]
    files = _files(inputs)
    for path in files:
        text = _read_text(path, warn)
        suffix = path.suffix.lower()
        reader = sources.reader_for(suffix, text) or _READERS[suffix]
        plain_text = reader is _records_txt
        missing: list[str] = []
        records = reader(path, text, warn)
        if path not in inputs:  # found in a folder: an unusable file there (a pom.xml) is skipped, not fatal
            records = _skip_unusable(records, warn)
        for where, rec in records:
            rec = sources.standard_record(rec, warn=warn, where=f"{path}:{where}")
            if rec is None:
                continue
            raw = rec.get("abstract")
            if not isinstance(raw, str) or not raw.strip():
                if not plain_text:
                    missing.append(f"{path}:{where}" + (f" ({rec['id']})" if rec.get("id") else ""))
                continue
            abstract = normalize_text(raw)
            if len(abstract.split()) < MIN_ABSTRACT_WORDS:
                warn(f"{path}:{where}: skipped, abstract too short: {abstract[:QUOTE_CHARS]!r}")
                continue
            meta = _meta(rec, path, where, warn)
            _add_paper(papers, known, Paper(abstract, [f"{path.as_posix()}:{where}"], meta))
        if missing:
            shown = ", ".join(missing[:5]) + (", …" if len(missing) > 5 else "")
            warn(f"{path}: skipped {len(missing)} record{'s' if len(missing) > 1 else ''} "
                 f"with empty or missing abstract: {shown}")
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
