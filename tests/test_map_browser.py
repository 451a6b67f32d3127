"""The HTML map in a real browser: Playwright driving the system Chromium, with no network.

Every page is loaded from a file with all other requests refused (and recorded);
each test saves a screenshot in its tmp_path.
"""

import pytest

from kgraph.export import write_path_html

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
    assert page.page.is_checked("input[data-kind='method']")
    node = page.js("() => window.kgraph.data.nodes.find(n => n.id === window.kgraph.network.getSelectedNodes()[0])")
    assert node["kind"] == "method" and not node["hidden"]
    # a paper, while the paper layer is off
    title = page.js("() => Object.values(window.kgraph.data.records).find(r => r.k === 'paper').l")
    page.find(title[:30])
    page.page.keyboard.press("Enter")
    assert page.page.is_checked("input[data-layer='paper']")
    assert page.page.get_attribute("body", "data-kg-panel").startswith("paper:")
    page.close()


def test_browser_focused_pages(browser, corpus_out, corpus_kg, tmp_path):
    from kgraph.cli import main

    near = tmp_path / "near.html"
    assert main(["query", "neighbours", "GNNs", "--graph", str(corpus_out), "--html", str(near)]) == 0
    page = Page(browser, near)
    assert "graph neural networks" in page.page.inner_text("#panel h2")  # opens on the concept
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
    page.page.screenshot(path=str(tmp_path / "path.png"))
    page.close()
