"""Read stage: reference-manager exports and scholarly API results.

File formats, each read by a well-kept parser:

========================  =====================  ==============================
format                    files                  parser
========================  =====================  ==============================
BibTeX / BibLaTeX         ``.bib``               bibtexparser 2
RIS                       ``.ris``               rispy, one record at a time
arXiv API (Atom)          ``.xml``, ``.atom``    defusedxml (standard ElementTree)
========================  =====================  ==============================

Record shapes found inside ``.json`` / ``.jsonl`` files (recognised per record
by :func:`standard_record`): the arXiv metadata snapshot (``versions``,
``categories``), OpenAlex works (``abstract_inverted_index``,
``publication_year``), Semantic Scholar Graph API papers (``paperId``,
``externalIds``). Every reader yields plain records with the keys the read
stage knows: ``abstract``, ``id``, ``title``, ``authors``, ``year``,
``venue``, ``doi``, ``arxiv_id`` and ``url``.

A BibTeX or RIS file with a ``.txt`` name is recognised by its content, and
so is a ``.bib`` that holds RIS or the other way round.
"""

from __future__ import annotations

import hashlib
import logging
import re
from email.utils import parsedate_to_datetime
from pathlib import Path
from typing import Callable, Iterable, Iterator

from .errors import InputError

__all__ = ["SUFFIXES", "reader_for", "standard_record", "identity_keys", "norm_doi", "norm_arxiv_id", "paper_url"]

#: File name endings read here (besides the JSON shapes, which come in .json / .jsonl files).
SUFFIXES = (".bib", ".ris", ".xml", ".atom")

Warn = Callable[[str], None]
Records = Iterator[tuple[int, dict]]


# --- identifiers ---------------------------------------------------------------

_DOI = re.compile(r"10\.\d{4,9}/\S+")
_DOI_PREFIX = re.compile(r"^(?:https?://(?:dx\.)?doi\.org/|doi:\s*)", re.I)
_ARXIV_NEW = re.compile(r"((?:0[7-9]|1[0-4])\d{2}\.\d{4}|(?:1[5-9]|[2-9]\d)\d{2}\.\d{5})(?:v\d+)?")
_ARXIV_OLD = re.compile(r"([a-z][a-z\-]*(?:\.[A-Z]{2})?/\d{7})(?:v\d+)?")
_ARXIV_URL = re.compile(r"arxiv\.org/(?:abs|pdf)/([^\s?#]+?)(?:\.pdf)?/?(?:[?#].*)?$", re.I)


def norm_doi(value) -> str | None:
    """A DOI in lower case without resolver prefix, or None when ``value`` holds none.

    Examples
    --------
    >>> norm_doi("https://doi.org/10.48550/arXiv.1706.03762")
    '10.48550/arxiv.1706.03762'
    >>> norm_doi("not a doi") is None
    True
    """
    if not isinstance(value, str):
        return None
    text = _DOI_PREFIX.sub("", value.strip())
    m = _DOI.match(text)
    return m.group(0).rstrip(".,;").lower() if m else None


def norm_arxiv_id(value) -> str | None:
    """An arXiv identifier without version, from an id, an ``arXiv:`` reference or an arXiv URL.

    Examples
    --------
    >>> norm_arxiv_id("http://arxiv.org/abs/2106.09685v2")
    '2106.09685'
    >>> norm_arxiv_id("arXiv:hep-th/9901001v1")
    'hep-th/9901001'
    >>> norm_arxiv_id("10.48550/arXiv.2106.09685")
    '2106.09685'
    """
    if not isinstance(value, str):
        return None
    text = value.strip()
    m = _ARXIV_URL.search(text)
    if m:
        text = m.group(1)
    text = re.sub(r"^(?:arxiv:|10\.48550/arxiv\.)", "", text, flags=re.I)
    for pattern in (_ARXIV_NEW, _ARXIV_OLD):
        m = pattern.fullmatch(text)
        if m:
            return m.group(1)
    return None


def paper_url(rec: dict) -> str | None:
    """The record's own http(s) address, else its DOI or arXiv page."""
    url = rec.get("url")
    if isinstance(url, str) and re.match(r"https?://\S+$", url.strip()):
        return url.strip()
    if rec.get("doi"):
        return f"https://doi.org/{rec['doi']}"
    if rec.get("arxiv_id"):
        return f"https://arxiv.org/abs/{rec['arxiv_id']}"
    return None


def identity_keys(meta: dict, abstract: str) -> list[str]:
    """Keys under which two records are the same paper: DOI, arXiv id, and the abstract's words.

    The abstract key ignores case, punctuation and spacing, so an abstract
    rebuilt from OpenAlex's word index matches the same abstract from arXiv.
    """
    keys = []
    if meta.get("doi"):
        keys.append(f"doi:{meta['doi']}")
    if meta.get("arxiv_id"):
        keys.append(f"arxiv:{meta['arxiv_id']}")
    words = " ".join(re.findall(r"\w+", abstract.casefold()))
    keys.append("text:" + hashlib.sha1(words.encode("utf-8")).hexdigest())
    return keys


# --- sniffing ------------------------------------------------------------------

_RIS_START = re.compile(r"^TY  - ", re.M)
_BIB_START = re.compile(r"^\s*@\s*[A-Za-z]+\s*[{(]", re.M)


def reader_for(suffix: str, text: str) -> Callable[[Path, str, Warn], Iterable[tuple[int, dict]]] | None:
    """The record reader for a file with this ending and content, or None for the plain readers.

    ``.xml`` and ``.atom`` files are Atom feeds; ``.bib``, ``.ris`` and
    ``.txt`` files are told apart by their first records.
    """
    if suffix in (".xml", ".atom"):
        return records_atom
    if suffix not in (".bib", ".ris", ".txt"):
        return None
    head = text[:20000]
    ris, bib = _RIS_START.search(head), _BIB_START.search(head)
    if ris and (not bib or ris.start() < bib.start()):
        return records_ris
    if bib:
        return records_bib
    return {".bib": records_bib, ".ris": records_ris}.get(suffix)


# --- BibTeX --------------------------------------------------------------------

_BIB_VENUE = ("journal", "journaltitle", "booktitle", "series", "publisher", "howpublished", "school", "institution")


def records_bib(path: Path, text: str, warn: Warn) -> Records:
    """Entries of a BibTeX/BibLaTeX file; each located by the line its ``@`` is on.

    Blocks bibtexparser cannot parse are skipped with a warning; an entry
    with a repeated field or citation key is kept (first value wins).
    """
    import bibtexparser
    from bibtexparser import middlewares as mw
    from bibtexparser.model import DuplicateBlockKeyBlock, DuplicateFieldKeyBlock, Entry

    # bibtexparser logs why a block failed; those messages become the reasons in kgraph's warnings
    said = _Collect()
    logger = logging.getLogger("bibtexparser")
    saved = logger.propagate
    logger.addHandler(said)
    logger.propagate = False
    try:
        library = bibtexparser.parse_string(text, append_middleware=[
            mw.SeparateCoAuthors(), mw.SplitNameParts(), mw.MergeNameParts("first")])
    finally:
        logger.removeHandler(said)
        logger.propagate = saved
    entries = list(library.entries)
    for block in library.failed_blocks:
        line = block.start_line + 1
        kept = getattr(block, "ignore_error_block", None)
        if isinstance(block, DuplicateFieldKeyBlock) and isinstance(kept, Entry):
            warn(f"{path}:{line}: entry {kept.key!r} repeats a field; kept the first value")
            entries.append(kept)
        elif isinstance(block, DuplicateBlockKeyBlock) and isinstance(kept, Entry):
            warn(f"{path}:{line}: entry {kept.key!r} repeats the citation key of an earlier entry; read as a record of its own")
            entries.append(kept)
        else:
            reason = next((m.split("\n", 1)[-1].strip() for m in said.messages if f"(line {block.start_line})" in m),
                          "syntax error")
            warn(f"{path}:{line}: skipped a BibTeX block that does not parse ({reason[:160]})")
    if not entries and not library.failed_blocks:
        raise InputError(f"{path}: no BibTeX entries (an entry starts with @article{{key, ...)")
    for entry in sorted(entries, key=lambda e: e.start_line):
        fields: dict = {}
        for f in entry.fields:
            fields.setdefault(f.key.lower(), f.value)
        rec: dict = {"id": entry.key}
        for key in ("abstract", "title", "url", "doi"):
            if isinstance(fields.get(key), str):
                rec[key] = fields[key]
        authors = fields.get("author") or fields.get("editor")
        if isinstance(authors, str):
            authors = re.split(r"\s+and\s+", authors)
        if isinstance(authors, list):
            rec["authors"] = [_latex_name(a) for a in authors if isinstance(a, str) and a.strip()]
        rec["year"] = fields.get("year") or fields.get("date")
        rec["venue"] = next((fields[k] for k in _BIB_VENUE if isinstance(fields.get(k), str) and fields[k].strip()), None)
        prefix = str(fields.get("archiveprefix") or fields.get("eprinttype") or "").lower()
        eprint = fields.get("eprint")
        if isinstance(eprint, str) and (prefix == "arxiv" or not prefix and norm_arxiv_id(eprint)):
            rec["arxiv_id"] = eprint
        yield entry.start_line + 1, rec


class _Collect(logging.Handler):
    def __init__(self):
        super().__init__(logging.DEBUG)
        self.messages: list[str] = []

    def emit(self, record):
        self.messages.append(record.getMessage())


def _latex_name(name: str) -> str:
    """A BibTeX name with its LaTeX accents rendered: ``Sof{\\'\\i}a`` reads ``Sofía``."""
    if "\\" not in name and "{" not in name:
        return name
    from pylatexenc.latex2text import LatexNodes2Text

    return LatexNodes2Text().latex_to_text(name)


# --- RIS -----------------------------------------------------------------------


def records_ris(path: Path, text: str, warn: Warn) -> Records:
    """Records of a RIS file, each from its ``TY`` line to its ``ER`` line, parsed by rispy."""
    from rispy import RisParser

    parser = RisParser(skip_unknown_tags=True, enforce_list_tags=False)
    found = 0
    for start, lines, closed in _ris_blocks(path, text, warn):
        found += 1
        if not closed:
            warn(f"{path}:{start}: record has no closing 'ER  -' line; read up to the end of the file")
            lines = [*lines, "ER  - "]
        try:
            parsed = parser.parse_lines(iter(lines))
        except (KeyError, AttributeError, TypeError, ValueError) as err:  # rispy's own errors on odd tag use
            warn(f"{path}:{start}: skipped a RIS record that does not parse ({err})")
            continue
        if not parsed:
            warn(f"{path}:{start}: skipped an empty RIS record")
            continue
        r = parsed[0]
        rec: dict = {}
        rec["id"] = _first(r.get("id"))
        rec["abstract"] = _first(r.get("abstract")) or _first(r.get("notes_abstract"))
        rec["title"] = _first(r.get("title")) or _first(r.get("primary_title"))
        rec["authors"] = [_ris_name(a) for a in _list(r.get("authors")) or _list(r.get("first_authors"))]
        rec["year"] = _first(r.get("year")) or _first(r.get("publication_year")) or _first(r.get("date"))
        rec["venue"] = next((v for v in (_first(r.get(k)) for k in (
            "journal_name", "alternate_title3", "secondary_title", "alternate_title2", "alternate_title1",
            "tertiary_title", "publisher")) if v), None)
        rec["doi"] = _first(r.get("doi"))
        urls = [u for u in _list(r.get("urls")) if u]
        rec["url"] = urls[0] if urls else None
        rec["arxiv_id"] = next((a for a in map(norm_arxiv_id, [rec["doi"] or "", *urls]) if a), None)
        yield start, {k: v for k, v in rec.items() if v}
    if not found:
        raise InputError(f"{path}: no RIS records (a record starts with a line 'TY  - JOUR')")


def _ris_blocks(path: Path, text: str, warn: Warn) -> Iterator[tuple[int, list[str], bool]]:
    start, lines = 0, []
    stray = 0
    for lineno, line in enumerate(text.splitlines(), 1):
        tag = line[:2] if line[2:5] == "  -" else None
        if tag == "TY":
            if lines:
                yield start, lines, False
            start, lines = lineno, [line]
        elif lines:
            lines.append(line)
            if tag == "ER":
                yield start, lines, True
                lines = []
        elif line.strip() and not stray:
            stray = lineno
    if lines:
        yield start, lines, False
    if stray and _RIS_START.search(text):
        warn(f"{path}:{stray}: text outside a RIS record (before 'TY  -' or after 'ER  -') ignored")


def _ris_name(name: str) -> str:
    """RIS writes ``Last, First[, Suffix]``; kgraph shows ``First Last[ Suffix]`` as for other sources."""
    parts = [p.strip() for p in name.split(",")]
    if len(parts) in (2, 3) and all(parts[:2]):
        return " ".join([parts[1], parts[0], *parts[2:]]).strip()
    return name


def _first(value):
    if isinstance(value, list):
        value = next((v for v in value if isinstance(v, str) and v.strip()), None)
    return value.strip() if isinstance(value, str) and value.strip() else None


def _list(value) -> list[str]:
    if isinstance(value, str):
        value = [value]
    return [v.strip() for v in value or [] if isinstance(v, str) and v.strip()]


# --- Atom (arXiv API) -------------------------------------------------------------

_ATOM = "{http://www.w3.org/2005/Atom}"
_ARXIV = "{http://arxiv.org/schemas/atom}"


def records_atom(path: Path, text: str, warn: Warn) -> Records:
    """Entries of an Atom feed such as an arXiv API answer, each located by its ``<entry>`` line.

    The XML is parsed by defusedxml, which refuses entity declarations (so a
    hostile file cannot expand into gigabytes). An arXiv error answer is one
    error naming what the API said.
    """
    import xml.etree.ElementTree as ET

    from defusedxml import DefusedXmlException
    from defusedxml.ElementTree import DefusedXMLParser

    lines: dict[int, int] = {}

    class Builder(ET.TreeBuilder):
        def start(self, tag, attrs):
            element = super().start(tag, attrs)
            if tag == _ATOM + "entry":
                lines[id(element)] = parser.parser.CurrentLineNumber
            return element

    parser = DefusedXMLParser(target=Builder(), forbid_dtd=False, forbid_entities=True, forbid_external=True)
    try:
        parser.feed(text)
        root = parser.close()
    except ET.ParseError as err:
        line = err.position[0] if getattr(err, "position", None) else "?"
        raise InputError(f"{path}:{line}: not well-formed XML ({str(err).split(':')[0]})") from err
    except DefusedXmlException as err:
        raise InputError(f"{path}: XML with entity declarations is not read ({type(err).__name__})") from err
    if root.tag != _ATOM + "feed":
        raise InputError(f"{path}: not an Atom feed (root element <{root.tag.split('}')[-1]}>); "
                           "an arXiv API answer starts with <feed xmlns=\"http://www.w3.org/2005/Atom\">")
    entries = root.findall(_ATOM + "entry")
    for entry in entries:
        entry_id = _text(entry, _ATOM + "id")
        if entry_id and "arxiv.org/api/errors" in entry_id:
            said = _text(entry, _ATOM + "summary") or _text(entry, _ATOM + "title") or "error"
            raise InputError(f"{path}: the arXiv API answered with an error: {said}")
    for entry in entries:
        where = lines.get(id(entry), 0)
        entry_id = _text(entry, _ATOM + "id")
        links = {(link.get("title") or link.get("rel") or ""): link.get("href") for link in entry.findall(_ATOM + "link")}
        arxiv_id = norm_arxiv_id(entry_id or "") or norm_arxiv_id(links.get("alternate") or "")
        published = _text(entry, _ATOM + "published") or _text(entry, _ATOM + "updated")
        rec = {
            "id": arxiv_id or entry_id,
            "abstract": _text(entry, _ATOM + "summary") or _text(entry, _ATOM + "content"),
            "title": _text(entry, _ATOM + "title"),
            "authors": [n for n in (_text(a, _ATOM + "name") for a in entry.findall(_ATOM + "author")) if n],
            "year": published[:4] if published else None,
            "venue": _text(entry, _ARXIV + "journal_ref") or ("arXiv" if arxiv_id else None),
            "doi": _text(entry, _ARXIV + "doi") or links.get("doi"),
            "arxiv_id": arxiv_id,
            "url": f"https://arxiv.org/abs/{arxiv_id}" if arxiv_id else links.get("alternate") or entry_id,
        }
        yield where, {k: v for k, v in rec.items() if v}
    if not entries:
        total = root.find("{http://a9.com/-/spec/opensearch/1.1/}totalResults")
        hint = " (the query found 0 results)" if total is not None and (total.text or "").strip() == "0" else ""
        warn(f"{path}: Atom feed without entries{hint}")


def _text(element, tag: str) -> str | None:
    child = element.find(tag)
    if child is None:
        return None
    text = " ".join("".join(child.itertext()).split())
    return text or None


# --- JSON record shapes ------------------------------------------------------------


#: What arXiv's API and its daily listings call the abstract: read as one where a record has no "abstract".
ABSTRACT_ALIAS = "summary"


def standard_record(rec: dict, *, warn: Warn, where: str) -> dict | None:
    """A record in the read stage's keys, whatever the source; None (with a warning) when it is broken.

    Recognises arXiv snapshot, OpenAlex and Semantic Scholar records (a
    Semantic Scholar citation answer's ``citingPaper`` / ``citedPaper`` is
    unwrapped); other records keep their keys. DOIs and arXiv ids are
    normalised, and ``url`` falls back to the DOI or arXiv page.
    """
    for wrapper in ("citingPaper", "citedPaper"):
        if isinstance(rec.get(wrapper), dict) and "abstract" not in rec:
            rec = rec[wrapper]
    try:
        if "abstract_inverted_index" in rec or str(rec.get("id", "")).startswith("https://openalex.org/"):
            rec = _openalex(rec, warn, where)
        elif "paperId" in rec or "externalIds" in rec:
            rec = _semantic_scholar(rec)
        elif isinstance(rec.get("versions"), list) and "categories" in rec or "authors_parsed" in rec:
            rec = _arxiv_snapshot(rec)
        else:  # keys in any case, as a CSV header's are ("Abstract", "Title"); a key written in lower case wins
            rec = {**{k.lower() if isinstance(k, str) else k: v for k, v in rec.items()}, **rec}
            if "abstract" not in rec and isinstance(rec.get(ABSTRACT_ALIAS), str):
                rec["abstract"] = rec[ABSTRACT_ALIAS]
    except _BadRecord as err:
        warn(f"{where}: skipped, {err}")
        return None
    for key, norm in (("doi", norm_doi), ("arxiv_id", norm_arxiv_id)):
        value = rec.get(key)
        if value in (None, ""):
            rec.pop(key, None)
            continue
        rec[key] = norm(value) if isinstance(value, str) else None
        if rec[key] is None:
            warn(f"{where}: {key} {value!r} is not a{'n arXiv id' if key == 'arxiv_id' else ' DOI'}; left out")
            del rec[key]
    if rec.get("doi") and not rec.get("arxiv_id") and rec["doi"].startswith("10.48550/arxiv."):
        rec["arxiv_id"] = norm_arxiv_id(rec["doi"])
    url = rec.get("url")
    if url not in (None, "") and not (isinstance(url, str) and re.match(r"https?://\S+$", url.strip())):
        warn(f"{where}: url {str(url)[:80]!r} is not an http(s) address; left out")
    url = paper_url(rec)
    if url:
        rec["url"] = url
    else:
        rec.pop("url", None)
    return rec


class _BadRecord(ValueError):
    pass


def _get(rec, *path):
    for key in path:
        if not isinstance(rec, dict):
            return None
        rec = rec.get(key)
    return rec


def _openalex(rec: dict, warn: Warn, where: str) -> dict:
    index = rec.get("abstract_inverted_index")
    abstract = _rebuild_abstract(index) if index is not None else None
    ids = rec.get("ids") if isinstance(rec.get("ids"), dict) else {}
    locations = [loc for loc in [rec.get("primary_location"), *(rec.get("locations") or [])] if isinstance(loc, dict)]
    arxiv_id = next((a for loc in locations for a in (norm_arxiv_id(str(loc.get("landing_page_url") or "")),
                                                      norm_arxiv_id(str(loc.get("pdf_url") or ""))) if a), None)
    authors = [_get(a, "author", "display_name") or _get(a, "raw_author_name")
               for a in rec.get("authorships") or [] if isinstance(a, dict)]
    venue = _get(rec, "primary_location", "source", "display_name") or _get(rec, "host_venue", "display_name")
    work_id = str(rec.get("id") or ids.get("openalex") or "")
    return {
        "id": work_id.rsplit("/", 1)[-1] or None,
        "abstract": abstract,
        "title": rec.get("title") or rec.get("display_name"),
        "authors": [a for a in authors if isinstance(a, str)],
        "year": rec.get("publication_year") or str(rec.get("publication_date") or "")[:4] or None,
        "venue": venue,
        "doi": rec.get("doi") or ids.get("doi"),
        "arxiv_id": arxiv_id,
        "url": _get(rec, "primary_location", "landing_page_url"),
    }


def _rebuild_abstract(index) -> str:
    """Text from OpenAlex's ``abstract_inverted_index`` (word -> positions).

    Examples
    --------
    >>> _rebuild_abstract({"Graphs": [0], "are": [1, 4], "everywhere,": [2], "and": [3], "hard.": [5]})
    'Graphs are everywhere, and are hard.'
    """
    if not isinstance(index, dict):
        raise _BadRecord(f"abstract_inverted_index is a {type(index).__name__}, not a word -> positions map")
    words: dict[int, str] = {}
    for word, positions in index.items():
        if type(positions) is not list:
            raise _BadRecord(f"abstract_inverted_index entry {str(word)[:40]!r} has positions {str(positions)[:40]}, "
                             "not a list of word positions")
        for p in positions:
            if type(p) is not int or p < 0:
                raise _BadRecord(f"abstract_inverted_index entry {str(word)[:40]!r} has position {str(p)[:40]}, "
                                 "not a word position")
            words[p] = word
    return " ".join(words[p] for p in sorted(words))


def _semantic_scholar(rec: dict) -> dict:
    ext = rec.get("externalIds") if isinstance(rec.get("externalIds"), dict) else {}
    authors = [a.get("name") for a in rec.get("authors") or [] if isinstance(a, dict)]
    venue = rec.get("venue") or _get(rec, "publicationVenue", "name") or _get(rec, "journal", "name")
    return {
        "id": rec.get("paperId"),
        "abstract": rec.get("abstract"),
        "title": rec.get("title"),
        "authors": [a for a in authors if isinstance(a, str)],
        "year": rec.get("year") or str(rec.get("publicationDate") or "")[:4] or None,
        "venue": venue,
        "doi": ext.get("DOI"),
        "arxiv_id": ext.get("ArXiv"),
        "url": rec.get("url"),
    }


def _arxiv_snapshot(rec: dict) -> dict:
    arxiv_id = str(rec.get("id") or "")
    year = None
    versions = rec.get("versions") or []
    created = _get(versions[0], "created") if versions else None
    if isinstance(created, str):
        try:
            year = parsedate_to_datetime(created).year
        except (TypeError, ValueError):
            year = None
    if year is None:
        year = str(rec.get("update_date") or "")[:4] or None
    parsed = rec.get("authors_parsed")
    if isinstance(parsed, list) and all(isinstance(p, list) for p in parsed):
        authors = [" ".join(str(x) for x in (p[1:2] + p[:1]) if x) for p in parsed]
    else:
        authors = [a for a in re.split(r",\s*|\s+and\s+", str(rec.get("authors") or "")) if a.strip()]
    doi = str(rec.get("doi") or "").split()
    return {
        "id": arxiv_id or None,
        "abstract": rec.get("abstract"),
        "title": rec.get("title"),
        "authors": authors,
        "year": year,
        "venue": rec.get("journal-ref") or "arXiv",
        "doi": doi[0] if doi else None,
        "arxiv_id": arxiv_id or None,
        "url": f"https://arxiv.org/abs/{arxiv_id}" if arxiv_id else None,
    }
