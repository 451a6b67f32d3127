"""The HTML map in a real browser: Playwright driving the system Chromium, with no network.

Every page is loaded from a file with all other requests refused (and recorded);
each test saves a screenshot in its tmp_path.
"""

import pytest

from kgraph.export import write_html, write_path_html

sync_api = pytest.importorskip("playwright.sync_api")

ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--no-first-run", "--disable-sync", "--disable-quic"]


@pytest.fixture(scope="module")
def browser(chromium):
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium, args=ARGS)
        yield b
        b.close()


class Page:
    """A page of the map, opened offline; ``requests`` lists what it tried to fetch besides itself."""

    def __init__(self, browser, path):
        self.page = browser.new_page(viewport={"width": 1280, "height": 800})
        self.errors = []
        self.requests = []
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))

        def route(r):
            if r.request.url.startswith("file:"):
                r.continue_()
            else:
                self.requests.append(r.request.url)
                r.abort()

        self.page.route("**/*", route)
        self.page.goto(path.as_uri())
        self.page.wait_for_selector("body[data-kg-drawn]", timeout=60_000)

    def js(self, code, arg=None):
        return self.page.evaluate(code, arg)

    def positions(self):
        return self.js("() => window.kgraph.network.getPositions()")

    def status(self):
        return self.page.inner_text("#status")

    def find(self, text):
        self.page.fill("#find", text)
        return self.page.locator("#suggest li").all_inner_texts()

    def close(self):
        assert not self.errors, self.errors
        assert not self.requests, self.requests
        self.page.close()


def test_browser_map_opens_as_a_labelled_concept_map(browser, corpus_out, tmp_path):
    page = Page(browser, corpus_out / "graph.html")
    page.page.screenshot(path=str(tmp_path / "map.png"))
    data = page.js("() => window.kgraph.data")
    shown = [n for n in data["nodes"] if not n["hidden"]]
    assert shown and all(n["kind"] != "paper" for n in shown)  # papers are a layer, off at first
    assert all(n["layer"] == "map" for n in shown)
    scale = page.js("() => window.kgraph.network.getScale()")
    labelled = [n for n in shown if n["z"] <= scale]
    assert len(labelled) >= 10  # the largest labels are readable at the opening zoom
    biggest = max(shown, key=lambda n: n["size"])
    assert biggest["z"] == 0
    assert f"shown: {len(shown)} concepts, 0 papers" in page.status()
    for width in (1024, 1440):  # the status line sits above the canvas, never under it
        page.page.set_viewport_size({"width": width, "height": 700})
        status, canvas = page.js("""() => [document.getElementById('status').getBoundingClientRect().bottom,
                                           document.querySelector('#graph canvas').getBoundingClientRect().top]""")
        assert status <= canvas
    page.close()


def test_browser_find_suggests_opens_panel_and_says_no_match(browser, corpus_out, tmp_path):
    page = Page(browser, corpus_out / "graph.html")
    suggestions = page.find("GNNs")
    assert suggestions and suggestions[0].startswith("graph neural networks")
    page.page.keyboard.press("Enter")
    panel = page.page.inner_text("#panel")
    assert "graph neural networks" in panel and "method" in panel and "PAPERS" in panel.upper()
    page.page.screenshot(path=str(tmp_path / "panel.png"))
    selected = page.js("() => window.kgraph.network.getSelectedNodes()")
    assert len(selected) == 1 and selected[0].startswith("concept:graph_neural_network")
    # a paper in the panel opens the paper, with its abstract and concepts by relation
    page.page.locator("#panel button.item[data-id^='paper:']").first.click()
    panel = page.page.inner_text("#panel")
    assert "ABSTRACT" in panel.upper() and "graph neural networks" in panel.lower()
    assert page.page.get_attribute("body", "data-kg-panel").startswith("paper:")
    assert page.find("zzqx nothing like this") == []
    assert "no concept or paper matches" in page.page.inner_text("#findmsg")
    page.close()


def test_browser_find_knows_the_thesaurus_names_and_near_spellings_the_command_line_knows(browser, corpus_out):
    # a new user: the find box found nothing for "lifelong learning", "gausian processes" or "domain
    # generalisation", which kgraph query and kg.find_concept all resolve
    import kgraph
    kg = kgraph.load(corpus_out)
    page = Page(browser, corpus_out / "graph.html")
    for text in ("lifelong learning", "gausian processes", "domain generalisation"):
        suggestions = page.find(text)
        assert suggestions and suggestions[0].startswith(kg.label(kg.find_concept(text))), (text, suggestions)
    assert page.find("zzqx nothing like this") == []
    page.close()


def test_browser_switches_hide_and_show_without_moving(browser, corpus_out, tmp_path):
    page = Page(browser, corpus_out / "graph.html")
    before = page.positions()
    status = page.status()
    page.page.uncheck("input[data-kind='method']")
    hidden = page.status()
    assert hidden != status
    page.page.check("input[data-layer='paper']")
    assert " 0 papers" not in page.status()
    page.page.uncheck("input[data-layer='paper']")
    page.page.check("input[data-kind='method']")
    assert page.status() == status
    page.page.select_option("#colourby", "kind")
    assert page.positions() == before
    page.page.screenshot(path=str(tmp_path / "by-kind.png"))
    page.close()


def test_browser_finding_a_hidden_node_shows_it(browser, corpus_out):
    page = Page(browser, corpus_out / "graph.html")
    page.page.uncheck("input[data-kind='method']")
    page.find("graph neural networks")
    page.page.keyboard.press("Enter")
    node = page.js("() => window.kgraph.data.nodes.find(n => n.id === window.kgraph.network.getSelectedNodes()[0])")
    assert node["kind"] == "method" and not node["hidden"]
    # shown alone: the other methods stay off, as the switch says
    assert not page.page.is_checked("input[data-kind='method']")
    methods = page.js("() => window.kgraph.data.nodes.filter(n => n.kind === 'method' && !n.hidden).length")
    assert methods == 1
    # a paper, while the paper layer is off: it alone, not the layer
    title = page.js("() => Object.values(window.kgraph.data.records).find(r => r.k === 'paper').l")
    page.find(title[:30])
    page.page.keyboard.press("Enter")
    assert not page.page.is_checked("input[data-layer='paper']")
    assert page.js("() => window.kgraph.data.nodes.filter(n => n.kind === 'paper' && !n.hidden).length") == 1
    assert page.page.get_attribute("body", "data-kg-panel").startswith("paper:")
    # a switch says what is shown again
    page.page.check("input[data-kind='method']")
    page.page.uncheck("input[data-kind='method']")
    assert page.js("() => window.kgraph.data.nodes.filter(n => n.kind === 'method' && !n.hidden).length") == 0
    page.close()


def test_browser_focused_pages(browser, corpus_out, corpus_kg, tmp_path):
    from kgraph.cli import main

    near = tmp_path / "near.html"
    assert main(["query", "neighbours", "GNNs", "--graph", str(corpus_out), "--html", str(near)]) == 0
    page = Page(browser, near)
    assert "graph neural networks" in page.page.inner_text("#panel h2")  # opens on the concept
    lines = page.page.locator("#panel ul.relations .relline").all_inner_texts()
    assert [t.split(" ▸")[0] for t in lines] == [r["text"] for r in corpus_kg.relations("GNNs")][:10]
    assert page.find("GNN")
    page.page.screenshot(path=str(tmp_path / "near.png"))
    page.close()

    paths = corpus_kg.paths("graph neural networks", "domain generalization", limit=3)
    page_path = tmp_path / "path.html"
    write_path_html(corpus_kg.graph, paths, page_path)
    page = Page(browser, page_path)
    items = page.page.locator("#panel ol li").all_inner_texts()
    assert len(items) == len(paths) and all("→" in t for t in items)
    drawn = page.js("() => window.kgraph.network.body.data.edges.length")
    assert drawn == len({frozenset(s) for p in paths for s in zip(p, p[1:])})
    # each step's relation reads at the page's text size, however far the fit zoomed out
    shown = page.js("() => { const n = window.kgraph.network, e = Object.values(n.body.edges)[0];"
                    " return e.options.font.size * n.getScale(); }")
    assert 10 <= shown <= 12, shown
    page.page.screenshot(path=str(tmp_path / "path.png"))
    page.close()


def test_browser_a_neighbourhood_of_methods_lists_papers_and_says_what_joins(browser, corpus_out, corpus_kg, tmp_path):
    # with --kind method no paper is on the page: the panel lists the concept's papers by title (it showed no
    # papers and "+ 6 more" through narrower terms), and a dotted link says what it stands for on hover
    from kgraph.cli import main

    path = tmp_path / "gnn.html"
    assert main(["query", "neighbours", "graph neural networks", "--depth", "2", "--kind", "method",
                 "--graph", str(corpus_out), "--html", str(path)]) == 0
    page = Page(browser, path)
    panel = page.page.inner_text("#panel").upper()
    papers, below = panel.split("\nPAPERS\n", 1)[1].split("PAPERS THROUGH NARROWER TERMS", 1)
    G = corpus_kg.graph
    for p, _, _, term in corpus_kg.papers_about("graph neural networks"):
        assert G.nodes[p]["label"][:40].upper() in (papers if term == "concept:graph_neural_network" else below)
    assert "MORE" not in below
    tips = page.js("() => window.kgraph.data.edges.filter(e => e.kind === 'via').map(e => e.title.textContent)")
    assert tips and all(" are joined through " in t and t.endswith(", not on this page") for t in tips)
    assert "graph neural networks and transfer learning are joined through 1 paper, not on this page" in tips
    page.page.screenshot(path=str(tmp_path / "gnn.png"))
    page.close()


EVIL = 'Mamba "beats" </script><script>window.__pwned = 1</script> <b>RWKV</b> & co. on long sequences.'


def _relation_corpus():
    """Three built papers on Mamba, RWKV and WikiText-103 with typed relations, one stated in a hostile sentence."""
    from kgraph.graph import build_graph
    from kgraph.relations import Relation
    from kgraph.types import Mention, Paper

    texts = ["We train Mamba on WikiText-103 and compare it with RWKV.", "Mamba beats RWKV on WikiText-103 perplexity.",
             "RWKV is evaluated on WikiText-103."]
    kinds = {"Mamba": "method", "RWKV": "method", "WikiText-103": "dataset"}
    papers = [Paper(t, sources=[f"f.txt:{i}"], meta={"title": f"Paper {i} on sequence models"}) for i, t in enumerate(texts)]
    mentions = [{n: Mention(n, t.index(n), t.index(n) + len(n), k) for n, k in kinds.items() if n in t} for t in texts]
    relations = [[Relation(mentions[0]["WikiText-103"], mentions[0]["Mamba"], "evaluate_for", 0.9, texts[0])],
                 [Relation(mentions[1]["Mamba"], mentions[1]["RWKV"], "compare", 0.8, EVIL),
                  Relation(mentions[1]["WikiText-103"], mentions[1]["Mamba"], "evaluate_for", 0.7, texts[1])],
                 [Relation(mentions[2]["WikiText-103"], mentions[2]["RWKV"], "evaluate_for", 0.9, texts[2])]]
    return build_graph(papers, [list(m.values()) for m in mentions], relations=relations)


def test_browser_panel_lists_relations_with_evidence(browser, tmp_path):
    write_html(_relation_corpus(), tmp_path / "rel.html")
    page = Page(browser, tmp_path / "rel.html")
    page.find("Mamba")
    page.page.keyboard.press("Enter")
    rels = page.page.locator("#panel ul.relations li.rel")
    lines = rels.locator(".relline").all_inner_texts()
    assert [t.split(" ▸")[0] for t in lines] == ["WikiText-103 --evaluate_for--> Mamba (2 papers)",
                                                   "Mamba --compare--> RWKV (1 paper)"]
    assert "RELATIONS (2)" in page.page.inner_text("#panel").upper()
    # the sentences on hover, as text: the hostile one shows literally and runs nothing
    assert rels.nth(0).get_attribute("title") == ("“We train Mamba on WikiText-103 and compare it with RWKV.” (Paper 0 on sequence models)\n"
                                                  "“Mamba beats RWKV on WikiText-103 perplexity.” (Paper 1 on sequence models)")
    assert rels.nth(1).get_attribute("title") == f"“{EVIL}” (Paper 1 on sequence models)"
    # and with the keyboard: the toggle opens the evidence, whose paper is a link
    toggle = rels.nth(1).locator("button.toggle")
    assert not rels.nth(1).locator(".evidence").is_visible()
    toggle.focus()
    page.page.keyboard.press("Enter")
    assert toggle.get_attribute("aria-expanded") == "true"
    evidence = rels.nth(1).locator(".evidence")
    assert evidence.is_visible() and evidence.locator("q").inner_text() == EVIL
    assert evidence.inner_text().endswith(" — Paper 1 on sequence models")
    assert page.js("() => window.__pwned") is None and page.js("() => document.querySelectorAll('#panel b').length") == 0
    page.page.screenshot(path=str(tmp_path / "relations.png"))
    # the other end opens its own panel, where the relation reads the same way
    rels.nth(1).locator("button.item[data-id='concept:rwkv']").click()
    assert page.page.inner_text("#panel h2") == "RWKV"
    lines = page.page.locator("#panel ul.relations .relline").all_inner_texts()
    assert "Mamba --compare--> RWKV (1 paper)" in [t.split(" ▸")[0] for t in lines]
    page.page.locator("#panel li.rel button.toggle").first.click()
    page.page.locator("#panel .evidence button.item[data-id^='paper:']").first.click()
    assert page.page.get_attribute("body", "data-kg-panel").startswith("paper:")
    # the paper's panel: the relations its abstract states, each end a link
    assert page.page.inner_text("#panel h2") == "Paper 1 on sequence models"
    assert page.page.locator("#panel ul.relations .relline").all_inner_texts() == [
        "Mamba --compare--> RWKV", "WikiText-103 --evaluate_for--> Mamba"]
    assert page.page.locator("#panel ul.relations button.item").count() == 4
    page.close()


def test_browser_edges_say_what_they_are_on_hover(browser, tmp_path):
    write_html(_relation_corpus(), tmp_path / "rel.html")
    page = Page(browser, tmp_path / "rel.html")
    tips = page.js("""() => window.kgraph.data.edges.filter(e => e.title).map(e => [e.kind, e.title.textContent])""")
    relations = sorted(t for k, t in tips if k == "relation")
    assert relations == ["Mamba --compare--> RWKV (1 paper)", "WikiText-103 --evaluate_for--> Mamba (2 papers)",
                         "WikiText-103 --evaluate_for--> RWKV (1 paper)"]
    assert all(t.endswith(" papers)") and " and " in t for k, t in tips if k == "cooccurrence")
    # vis-network shows the title when the pointer rests on the edge: hover the middle of the relation edge
    mid = page.js("""() => { const n = window.kgraph.network, p = n.getPositions(['concept:mamba', 'concept:rwkv']);
                             const a = n.canvasToDOM(p['concept:mamba']), b = n.canvasToDOM(p['concept:rwkv']);
                             return [(a.x + b.x) / 2, (a.y + b.y) / 2]; }""")
    box = page.page.locator("#graph").bounding_box()
    page.page.mouse.move(box["x"] + mid[0], box["y"] + mid[1])
    page.page.wait_for_selector("div.vis-tooltip", state="visible", timeout=5_000)
    assert "--compare-->" in page.page.inner_text("div.vis-tooltip")
    page.close()


def test_browser_no_panel_runs_past_its_width(browser, corpus_out):
    page = Page(browser, corpus_out / "graph.html")
    wide = page.js("""() => { const out = [], p = document.getElementById("panel");
        for (const n of window.kgraph.data.nodes) { window.kgraph.go(n.id, { stay: true });
          if (p.scrollWidth > p.clientWidth + 1) out.push(p.querySelector("h2").innerText); }
        return out; }""")
    assert wide == []  # (16 of the corpus's panels ran past it: long names beside a relation)
    page.close()


def test_browser_corpus_panel_relations_read_as_the_query(browser, corpus_out, corpus_kg):
    from kgraph.page import HTML_EVIDENCE_CHARS, HTML_PANEL_RELATIONS

    G = corpus_kg.graph
    counts = {c: sum(1 for e in G[c].values() if e.get("kind") == "relation") for c in G if not c.startswith("paper:")}
    concept = max(counts, key=lambda c: (counts[c], G.nodes[c].get("papers", 0), c))
    if not counts[concept]:
        pytest.skip("no relations in the bundled corpus's graph")
    expected = corpus_kg.relations(concept)
    page = Page(browser, corpus_out / "graph.html")
    page.js("id => window.kgraph.go(id)", concept)
    lines = page.page.locator("#panel ul.relations .relline").all_inner_texts()
    assert [t.split(" ▸")[0] for t in lines] == [r["text"] for r in expected[:HTML_PANEL_RELATIONS]]
    tips = page.page.locator("#panel ul.relations li.rel").evaluate_all("els => els.map(e => e.title)")
    for r, tip in zip(expected, tips):
        sentence = " ".join(r["evidence"][0]["sentence"].split())
        if len(sentence) <= HTML_EVIDENCE_CHARS:
            assert tip.startswith(f"“{sentence}”")
    page.close()


def test_browser_panel_lists_papers_through_narrower_terms_and_swatches_mean_kinds(browser, corpus_out, tmp_path):
    page = Page(browser, corpus_out / "graph.html")
    # the kind swatches say a colour only when the map is coloured by kind
    assert not page.page.locator("#kinds .swatch").first.is_visible()
    page.page.select_option("#colourby", "kind")
    assert page.page.locator("#kinds .swatch").first.is_visible()
    page.find("bandits")
    page.page.keyboard.press("Enter")
    panel = page.page.inner_text("#panel")
    # "2 papers (3 with narrower terms)": the third is listed, with the narrower term it mentions
    below = panel.upper().split("PAPERS THROUGH NARROWER TERMS", 1)
    assert len(below) == 2 and "NON-STATIONARY LIPSCHITZ BANDITS" in below[1]
    page.page.screenshot(path=str(tmp_path / "bandits.png"))
    page.close()


SMALL = ["We propose GraphNet, a graph neural network for molecule property prediction, evaluated on QM9 with MAE.",
         "Graph neural networks suffer from oversmoothing; we study message passing on molecule graphs from QM9.",
         "We study regret bounds for Lipschitz bandits and prove a dynamic regret bound for non-stationary bandits.",
         "Linear bandits with regret bounds: we give an algorithm based on Thompson sampling.",
         "Diffusion models generate images; we train a diffusion model on CIFAR-10 and report FID.",
         "Score-based diffusion models for image generation on CIFAR-10 with lower FID than GANs.",
         "Domain generalization methods for image classification learn invariant features under distribution shift.",
         "Out-of-distribution generalization under distribution shift for graph neural networks on molecule data."]


def test_browser_small_map_labels_every_node_and_fits_what_is_shown(browser, tmp_path):
    import kgraph

    src = tmp_path / "papers.txt"
    src.write_text("\n\n".join(SMALL) + "\n", encoding="utf-8")
    kg = kgraph.build(src)
    kg.save(tmp_path / "out")
    page = Page(browser, tmp_path / "out" / "graph.html")
    # a small graph opens whole: its papers and one-paper concepts are shown, not only its few shared concepts
    assert page.page.is_checked("input[data-layer='paper']") and page.page.is_checked("input[data-layer='rare']")
    page.page.uncheck("input[data-layer='paper']")
    page.page.uncheck("input[data-layer='rare']")
    page.page.wait_for_timeout(300)
    shown = page.js("() => window.kgraph.data.nodes.filter(n => !n.hidden).map(n => n.id)")
    assert 3 <= len(shown) <= 20
    # a small map has room for every label at the opening zoom, beyond those placed for the whole map
    assert sorted(page.js("() => window.kgraph.labelled()")) == sorted(shown)
    page.page.check("input[data-layer='paper']")
    page.page.check("input[data-layer='rare']")
    page.page.wait_for_timeout(300)
    shown = page.js("() => window.kgraph.data.nodes.filter(n => !n.hidden).map(n => n.id)")
    assert len(shown) > 20
    # the view fits what is shown now: every node inside the canvas
    inside = page.js("""(ids) => {
        const net = window.kgraph.network, c = document.querySelector('#graph canvas').getBoundingClientRect();
        const pos = net.getPositions(ids);
        return ids.filter(id => { const p = net.canvasToDOM(pos[id]);
                                  return p.x >= 0 && p.y >= 0 && p.x <= c.width && p.y <= c.height; }).length; }""", shown)
    assert inside == len(shown)
    labelled = page.js("() => window.kgraph.labelled()")
    assert len(labelled) >= 0.7 * len(shown), (len(labelled), len(shown))
    page.page.screenshot(path=str(tmp_path / "small.png"))
    page.close()


def test_browser_a_large_map_fits_its_bulk_not_every_outlier(browser, corpus_out):
    page = Page(browser, corpus_out / "graph.html")
    page.page.check("input[data-layer='paper']")
    page.page.check("input[data-layer='rare']")
    page.page.wait_for_timeout(300)
    shown = page.js("() => window.kgraph.data.nodes.filter(n => !n.hidden).map(n => n.id)")
    assert len(shown) >= 200
    inside = page.js("""(ids) => {
        const net = window.kgraph.network, c = document.querySelector('#graph canvas').getBoundingClientRect();
        const pos = net.getPositions(ids);
        return ids.filter(id => { const p = net.canvasToDOM(pos[id]);
                                  return p.x >= 0 && p.y >= 0 && p.x <= c.width && p.y <= c.height; }).length; }""", shown)
    bulk = page.js("() => window.kgraph.network.getScale()")
    page.js("() => window.kgraph.network.fit({animation: false})")
    everything = page.js("() => window.kgraph.network.getScale()")
    assert 0.9 * len(shown) <= inside and bulk >= everything  # (closer in, or the same when nothing lies far out)
    page.close()


def test_browser_links_named_in_passing_are_dashed_and_listed_last(browser, corpus_out, corpus_kg):
    page = Page(browser, corpus_out / "graph.html")
    G = corpus_kg.graph
    passing = {frozenset((u, v)) for u, v, d in G.edges(data=True) if d.get("passing")}
    dashed = page.js("() => window.kgraph.data.edges.filter(e => e.dashes).map(e => [e.from, e.to])")
    assert passing and {frozenset(e) for e in dashed} == passing
    # a paper's panel lists what it names in passing in a section of its own, after its roles
    koala = corpus_kg.find_paper("KOALA++, a scalable Kalman-based")
    page.find("KOALA++")
    page.page.keyboard.press("Enter")
    page.page.click("#panel >> text=" + G.nodes[koala]["label"])
    sections = page.js("""() => [...document.querySelectorAll('#panel h3')].map(h => [h.textContent,
                           [...(h.nextElementSibling || {children: []}).children].map(li => li.textContent)])""")
    titles = [t for t, _ in sections]
    mentions = sum(1 for c in G[koala] if G.edges[koala, c].get("relation") == "mentions" and not G.edges[koala, c].get("passing"))
    assert titles.index("in passing (3)") == titles.index(f"mentions ({mentions})") + 1, titles
    # (its test beds, and accuracy, the metric it is scored by)
    assert sorted(dict(sections)["in passing (3)"]) == ["accuracy", "image classification", "language models"]
    page.close()


def test_browser_the_community_colours_have_a_legend(browser, corpus_out, corpus_kg, tmp_path):
    page = Page(browser, corpus_out / "graph.html")
    page.page.click("#commlegend summary")
    rows = page.page.locator("#commlegend li").all_inner_texts()
    labels = corpus_kg.community_labels()
    assert len(rows) >= 10 and all(any(labels[c] in r for c in labels) for r in rows)
    colours = page.js("() => Array.from(document.querySelectorAll('#commlegend .swatch'), s => s.style.background)")
    assert len(set(colours)) == len(colours)  # one colour per community
    page.page.screenshot(path=str(tmp_path / "communities.png"))
    page.page.select_option("#colourby", "kind")  # a legend of the colours shown only
    assert page.js("() => document.getElementById('commlegend').hidden")
    page.close()
