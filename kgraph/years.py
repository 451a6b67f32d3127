"""Years on concepts, and which concepts rise or fade.

A concept's years are the publication years of the papers that mention it
or any of its narrower terms, the papers counted in ``papers_total`` (papers
without a year are left out), so that a broader term such as "neural
networks" that few abstracts name on its own is dated by its family. :func:`add_years` stores them
on the concept nodes as ``first_year``, ``mean_year`` (what an overlay map is
coloured by) and ``years``, papers per year written ``"2023:2|2024:5"``.

:func:`trends` ranks concepts by how their share of each year's papers
changes. The measure is stated once, here: for every year ``y`` in the
window, ``share(y) = papers mentioning the concept in y / papers of y``; the
trend is the least-squares slope of ``share`` over the years, each year
weighted by its number of papers (so a year with two papers moves the line
less than a year with two hundred), in percentage points per year. A concept
needs ``min_papers`` dated papers in the window to be ranked.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

import networkx as nx

from .errors import InputError

__all__ = ["add_years", "paper_years", "concept_papers", "concept_years", "format_years", "parse_years", "trends", "Trend", "Trends",
           "MEASURE"]

#: The trend measure, in words (printed by ``kgraph query trends``).
MEASURE = ("slope of the concept's share of each year's papers, least squares with years weighted by their "
           "paper counts, in percentage points per year")


def paper_years(G: nx.Graph) -> dict[str, int]:
    """Paper node -> publication year, for the papers that have one."""
    out = {}
    for n, d in G.nodes(data=True):
        if d.get("kind") == "paper":
            year = _year(d.get("year"))
            if year is not None:
                out[n] = year
    return out


def _year(value) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)) and float(value).is_integer():
        return int(value)
    if isinstance(value, str) and value.strip().isdigit():
        return int(value.strip())
    return None


def concept_papers(G: nx.Graph) -> dict[str, set[str]]:
    """Concept node -> the papers mentioning it or any narrower term (through ``broader`` edges, transitively)."""
    narrower: dict[str, list[str]] = {}
    for _, _, d in G.edges(data=True):
        if "narrower" in d and "broader" in d:  # the edge may carry a stronger kind; these attributes stay
            narrower.setdefault(d["broader"], []).append(d["narrower"])
    direct = {n: {nb for nb in G[n] if G.nodes[nb].get("kind") == "paper"}
              for n, kind in G.nodes(data="kind") if kind != "paper"}
    out = {}
    for concept in direct:
        seen, stack, papers = set(), [concept], set()
        while stack:
            c = stack.pop()
            if c in seen or c not in direct:
                continue
            seen.add(c)
            papers |= direct[c]
            stack.extend(narrower.get(c, ()))
        out[concept] = papers
    return out


def concept_years(G: nx.Graph, years: dict[str, int] | None = None) -> dict[str, Counter]:
    """Concept node -> Counter of the years of its papers (:func:`concept_papers`); undated concepts left out."""
    years = paper_years(G) if years is None else years
    out: dict[str, Counter] = {}
    for concept, papers in concept_papers(G).items():
        counts = Counter(years[p] for p in papers if p in years)
        if counts:
            out[concept] = counts
    return out


def format_years(counts: Counter | dict[int, int]) -> str:
    """Papers per year as ``"2023:2|2024:5"``.

    Examples
    --------
    >>> format_years({2024: 5, 2023: 2})
    '2023:2|2024:5'
    """
    return "|".join(f"{y}:{counts[y]}" for y in sorted(counts))


def parse_years(text: str) -> dict[int, int]:
    """The inverse of :func:`format_years`.

    Examples
    --------
    >>> parse_years("2023:2|2024:5")
    {2023: 2, 2024: 5}
    """
    out = {}
    for item in filter(None, str(text).split("|")):
        year, _, count = item.partition(":")
        try:
            out[int(year)] = int(count)
        except ValueError as err:
            raise ValueError(f"years = {text!r} is invalid; expected 'YEAR:COUNT|YEAR:COUNT'") from err
    return out


def add_years(G: nx.Graph) -> None:
    """Set ``first_year``, ``mean_year`` and ``years`` on every concept with dated papers, in place.

    The graph attribute ``years`` holds the corpus's papers per year.
    """
    years = paper_years(G)
    for node, counts in concept_years(G, years).items():
        total = sum(counts.values())
        G.nodes[node]["first_year"] = min(counts)
        G.nodes[node]["mean_year"] = round(sum(y * c for y, c in counts.items()) / total, 2)
        G.nodes[node]["years"] = format_years(counts)
    if years:
        G.graph["years"] = format_years(Counter(years.values()))


@dataclass
class Trend:
    """One concept's trend: ``slope`` in percentage points of each year's papers per year."""

    concept: str
    label: str
    kind: str
    slope: float
    papers: int
    first_year: int
    mean_year: float
    years: dict[int, int] = field(default_factory=dict)


@dataclass
class Trends:
    """Rising and fading concepts, strongest first; ``years`` holds the papers per year of the window."""

    rising: list[Trend]
    fading: list[Trend]
    years: dict[int, int]
    measure: str = MEASURE


def trends(G: nx.Graph, *, kind: str | None = None, since: int | None = None, limit: int = 10,
           min_papers: int = 3) -> Trends:
    """Concepts whose share of papers rises or falls over the years (see the module docstring for the measure).

    Parameters
    ----------
    G : networkx.Graph
        A kgraph graph whose paper nodes carry ``year``.
    kind : str, optional
        Only concepts of this kind (method, task, dataset, metric, concept).
    since : int, optional
        Only papers from this year on.
    limit : int
        At most this many rising and this many fading concepts.
    min_papers : int
        Concepts mentioned by fewer dated papers in the window are not ranked.

    Raises
    ------
    kgraph.InputError
        When the graph, or the window, holds dated papers from fewer than two years.
    ValueError
        When ``limit`` or ``min_papers`` is below 1.

    Examples
    --------
    >>> G = nx.Graph()
    >>> for i, year in enumerate([2020, 2020, 2021, 2021, 2022, 2022]):
    ...     G.add_node(f"paper:{i}", kind="paper", year=year)
    ...     G.add_edge(f"paper:{i}", "concept:rnn" if i < 3 else "concept:llm", kind="mention")
    >>> nx.set_node_attributes(G, {"concept:rnn": "method", "concept:llm": "method"}, "kind")
    >>> t = trends(G, min_papers=2)
    >>> [(x.concept, x.slope) for x in t.rising], [(x.concept, x.slope) for x in t.fading]
    ([('concept:llm', 50.0)], [('concept:rnn', -50.0)])
    """
    if limit < 1:
        raise ValueError(f"limit = {limit} is invalid; it must be at least 1")
    if min_papers < 1:
        raise ValueError(f"min_papers = {min_papers} is invalid; it must be at least 1")
    years = {p: y for p, y in paper_years(G).items() if since is None or y >= since}
    per_year = Counter(years.values())
    if len(per_year) < 2:
        if not paper_years(G):
            raise InputError("no paper in this graph has a year; build it from sources with years "
                             "(BibTeX, RIS, arXiv, OpenAlex, Semantic Scholar, or a 'year' field)")
        seen = ", ".join(map(str, sorted(per_year))) or "none"
        raise InputError(f"trends need papers from at least two years{f' since {since}' if since else ''}; "
                         f"years with papers: {seen}")
    span = sorted(per_year)
    total = sum(per_year.values())
    mean_t = sum(y * per_year[y] for y in span) / total
    var_t = sum(per_year[y] * (y - mean_t) ** 2 for y in span)
    ranked = []
    for node, counts in concept_years(G, years).items():
        d = G.nodes[node]
        if kind is not None and d.get("kind") != kind:
            continue
        papers = sum(counts.values())
        if papers < min_papers:
            continue
        share = {y: counts.get(y, 0) / per_year[y] for y in span}
        mean_s = sum(per_year[y] * share[y] for y in span) / total
        slope = sum(per_year[y] * (y - mean_t) * (share[y] - mean_s) for y in span) / var_t
        ranked.append(Trend(concept=node, label=str(d.get("label", node)), kind=str(d.get("kind", "")),
                            slope=round(100 * slope, 2), papers=papers, first_year=min(counts),
                            mean_year=round(sum(y * c for y, c in counts.items()) / papers, 2),
                            years=dict(sorted(counts.items()))))
    rising = sorted((t for t in ranked if t.slope > 0), key=lambda t: (-t.slope, -t.papers, t.concept))[:limit]
    fading = sorted((t for t in ranked if t.slope < 0), key=lambda t: (t.slope, -t.papers, t.concept))[:limit]
    return Trends(rising=rising, fading=fading, years=dict(sorted(per_year.items())))
