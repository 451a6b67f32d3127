/* kgraph map: draws the precomputed layout with vis-network, labels without overlap,
   a details panel, a find box with suggestions, and switches that never move a node.
   Text from the data is only ever set with textContent. */
(function () {
  "use strict";
  var T = { start: performance.now() };
  var D = JSON.parse(document.getElementById("kg-data").textContent);
  T.parsed = performance.now();
  var R = D.records;
  var container = document.getElementById("graph");
  var byId = {};
  var shown = {};
  var kindOn = {};
  var colourBy = "community";
  var focusSet = {};
  var selected = null;
  var RELATIONS = ["proposes", "addresses", "evaluates_on", "uses", "mentions"];
  var BULK_FROM = 200;  // shown nodes from which the view fits their bulk, not every outlier
  var SPARE_LABELS = 300;  // labels past their precomputed zoom, placed where they still fit, per frame
  D.show.forEach(function (l) { shown[l] = true; });

  // " (1 paper)", " (3 papers)": how relation lines and edge tips count their papers
  function paperCount(n) { return " (" + n + (n === 1 ? " paper)" : " papers)"); }
  function el(tag, text, cls) {
    var e = document.createElement(tag);
    if (text !== undefined && text !== null) e.textContent = text;
    if (cls) e.className = cls;
    return e;
  }
  // mean year: viridis stops from the oldest year on the page (dark blue) to the newest (yellow)
  var YEAR_STOPS = [[68, 1, 84], [59, 82, 139], [33, 145, 140], [94, 201, 98], [253, 231, 37]];
  function yearColour(y) {
    var lo = D.years[0], hi = D.years[1];
    var t = hi > lo ? Math.min(1, Math.max(0, (y - lo) / (hi - lo))) : 1;
    var x = t * (YEAR_STOPS.length - 1), i = Math.min(YEAR_STOPS.length - 2, Math.floor(x)), f = x - i;
    var c = YEAR_STOPS[i].map(function (v, k) { return Math.round(v + f * (YEAR_STOPS[i + 1][k] - v)); });
    return "#" + c.map(function (v) { return (v < 16 ? "0" : "") + v.toString(16); }).join("");
  }
  function colourOf(n) {
    if (colourBy === "year") return typeof n.yr === "number" ? yearColour(n.yr) : "#d9d9d9";
    if (colourBy === "kind") return D.kinds[n.kind] || "#888888";
    return n.community >= 0 && n.community < D.palette.length ? D.palette[n.community] : "#9a9a9a";
  }
  // nodes found while their layer or kind is off: shown alone, with their lines to what is shown
  var forced = {};
  function on(n) { return !!forced[n.id] || !!shown[n.layer]; }
  function visible(n) { return !!forced[n.id] || (!!shown[n.layer] && kindOn[n.kind] !== false); }
  function weightOf(id) {
    var r = R[id];
    return r ? (r.nt || r.n || 0) : 0;
  }
  function tip(n) {
    var r = R[n.id] || {};
    var d = document.createElement("div");
    d.textContent = (r.l || n.lb) + "\n" + (n.kind === "paper" ? "paper" : n.kind + " · " + (r.nt || r.n || 0) + " papers" +
                                               (r.rn ? " · " + r.rn + (r.rn === 1 ? " relation" : " relations") : ""));
    d.style.whiteSpace = "pre-wrap";
    d.style.maxWidth = "420px";
    return d;
  }

  D.nodes.forEach(function (n) {
    byId[n.id] = n;
    n.hidden = !visible(n);
    n.color = colourOf(n);
    n.title = tip(n);
  });
  var nodes = new vis.DataSet(D.nodes);
  // an edge says in words what it is on hover: "A --used_for--> B (2 papers)", "A is narrower than B"
  function edgeTip(e) {
    var a = byId[e.from], b = byId[e.to];
    var la = (R[a.id] || {}).l || a.lb, lb = (R[b.id] || {}).l || b.lb;
    var head = e.arrows === "from" ? lb : la, tail = e.arrows === "from" ? la : lb;
    var text;
    if (e.kind === "relation") text = head + " --" + e.y + "--> " + tail + paperCount(e.n || 1);
    else if (e.kind === "broader") text = head + (e.y === "within" ? " is within " : " is narrower than ") + tail;
    else if (e.kind === "cooccurrence") text = la + " and " + lb + " appear together" + paperCount(e.n || 1);
    else if (e.kind === "via") text = la + " and " + lb + " are joined through " + e.t + ", not on this page";
    else if (e.kind === "mention" && e.dashes) {  // drawn dashed: the paper is not about it
      text = (a.kind === "paper" ? lb : la) + ": named only in passing (a test bed or a yardstick)";
    } else return undefined;
    var d = document.createElement("div");
    d.textContent = text;
    d.style.maxWidth = "420px";
    return d;
  }
  D.edges.forEach(function (e) { var t = edgeTip(e); if (t) e.title = t; });
  // an edge joins the drawing once both its ends' layers are on: vis-network builds and revisits every
  // edge it holds, shown or not, and paper links are most of them (holding them all from the start made
  // the first draw slower and every switch about 1.6 times slower at 1,000 abstracts)
  var pending = [];
  var initial = D.edges.filter(function (e) {
    var ok = on(byId[e.from]) && on(byId[e.to]);
    if (!ok) pending.push(e);
    return ok;
  });
  var edges = new vis.DataSet(initial);
  function addPending() {
    var add = [], rest = [];
    pending.forEach(function (e) { (on(byId[e.from]) && on(byId[e.to]) ? add : rest).push(e); });
    pending = rest;
    if (add.length) edges.add(add);
  }
  T.prepared = performance.now();
  var big = D.edges.length > 3000;
  var network = new vis.Network(container, { nodes: nodes, edges: edges }, {
    autoResize: true,
    physics: false,
    layout: { improvedLayout: false },
    interaction: { hover: !big, tooltipDelay: 250, dragNodes: false, hideEdgesOnDrag: big, hideEdgesOnZoom: big,
                   zoomSpeed: 0.8 },
    nodes: { borderWidth: 1, borderWidthSelected: 3, font: { size: 0 } },
    edges: { smooth: false, width: 1, selectionWidth: 1.5,
             arrows: { to: { enabled: false, scaleFactor: 0.45 }, from: { enabled: false, scaleFactor: 0.45 } },
             color: { color: "#b5b5b5", highlight: "#444444", hover: "#777777", opacity: 0.6 },
             font: { size: 11, align: "middle", strokeWidth: 3, color: "#555555" } }
  });

  T.network = performance.now();
  // labels: drawn here, each from its precomputed zoom on, so they never overlap
  var drawn = [];  // the nodes labelled in the last frame
  network.on("afterDrawing", function (ctx) {
    var s = network.getScale();
    var a = network.DOMtoCanvas({ x: 0, y: 0 });
    var b = network.DOMtoCanvas({ x: container.clientWidth, y: container.clientHeight });
    var mx = 160 / s, my = 30 / s;
    ctx.save();
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.lineJoin = "round";
    ctx.strokeStyle = "rgba(255,255,255,0.92)";
    ctx.fillStyle = "#1a1a1a";
    ctx.lineWidth = 3 / s;
    var boxes = [];
    drawn = [];
    function place(n, check) {  // draw n's label; with check, only where it overlaps no label drawn so far
      var size = n.f / s;
      var side = n.lo || 1;  // under the node (path pages alternate)
      var w = 0.28 * size * n.lb.length + 2 / s, h = 0.65 * size;
      function at(sd) { return n.y + sd * (n.size + 0.65 * size + 1 / s); }
      function free(x, y) {
        for (var k = 0; k < boxes.length; k++) {
          var q = boxes[k];
          if (Math.abs(q[0] - x) < w + q[2] && Math.abs(q[1] - y) < h + q[3]) return false;
        }
        return true;
      }
      var x = n.x, y = at(side);
      if (check && !free(x, y)) {  // no room on its side: the other side of the node, then beside it, else none
        var beside = n.size + w + 3 / s;
        var spots = [[n.x, at(-side)], [n.x + beside, n.y], [n.x - beside, n.y]], k = 0;
        while (k < spots.length && !free(spots[k][0], spots[k][1])) k++;
        if (k === spots.length) return;
        x = spots[k][0]; y = spots[k][1];
      }
      boxes.push([x, y, w, h]);
      drawn.push(n.id);
      ctx.font = (n.id === selected ? "bold " : "") + size + "px system-ui, sans-serif";
      ctx.strokeText(n.lb, x, y);
      ctx.fillText(n.lb, x, y);
    }
    function inView(n) { return !(n.x < a.x - mx || n.x > b.x + mx || n.y < a.y - my || n.y > b.y + my); }
    if (selected && byId[selected] && !byId[selected].hidden) place(byId[selected], false);
    var near = [], rest = [];
    for (var i = 0; i < D.nodes.length; i++) {
      var n = D.nodes[i];
      if (n.hidden || n.id === selected || !inView(n)) continue;
      if (D.allLabels || n.z <= s) place(n, false);
      else if (focusSet[n.id]) near.push(n);
      else if (rest.length < SPARE_LABELS) rest.push(n);
    }
    // then the selected node's neighbours and, most important first, any label in view that still has room (a
    // small map labels every node); both after all labels due at this zoom, which are placed unchecked
    for (var k = 0; k < near.length; k++) place(near[k], true);
    for (var j = 0; j < rest.length; j++) place(rest[j], true);
    ctx.restore();
  });

  // --- status line ----------------------------------------------------
  var status = document.getElementById("status");
  function updateStatus() {
    var c = 0, p = 0, e = 0;
    D.nodes.forEach(function (n) { if (!n.hidden) { if (n.kind === "paper") p++; else c++; } });
    D.edges.forEach(function (x) { if (!byId[x.from].hidden && !byId[x.to].hidden) e++; });
    status.textContent = "";
    var parts = [];
    if (D.note) parts.push(D.note);
    parts.push("shown: " + c.toLocaleString("en") + " concepts, " + p.toLocaleString("en") + " papers, " +
               e.toLocaleString("en") + " links");
    parts.push("graph: " + D.totals.concepts.toLocaleString("en") + " concepts, " +
               D.totals.papers.toLocaleString("en") + " papers");
    status.appendChild(el("span", parts.join(" · ")));
    if (D.omitted) { status.appendChild(document.createTextNode(" · ")); status.appendChild(el("span", D.omitted, "omitted")); }
    document.body.setAttribute("data-kg-shown", String(c + p));
  }

  // the view on what is shown: all of a small map; of a large one, the bulk (a few outlying nodes, such as
  // broader terms placed between far parts, would leave the rest a blob in the middle)
  function fitShown() {
    var ids = [], xs = [], ys = [];
    D.nodes.forEach(function (n) { if (!n.hidden) { ids.push(n.id); xs.push(n.x); ys.push(n.y); } });
    if (ids.length < BULK_FROM) { network.fit({ animation: false }); return; }
    function cut(v, q) { var s = v.slice().sort(function (a, b) { return a - b; }); return s[Math.floor(q * (s.length - 1))]; }
    var x0 = cut(xs, 0.02), x1 = cut(xs, 0.98), y0 = cut(ys, 0.02), y1 = cut(ys, 0.98);
    network.fit({ animation: false, nodes: ids.filter(function (id, i) {
      return xs[i] >= x0 && xs[i] <= x1 && ys[i] >= y0 && ys[i] <= y1; }) });
  }

  // --- switches --------------------------------------------------------
  var boxes = { layer: {}, kind: {} };
  function applyVisibility() {
    var changes = [];
    D.nodes.forEach(function (n) {
      var h = !visible(n);
      if (h !== n.hidden) { n.hidden = h; changes.push({ id: n.id, hidden: h }); }
    });
    if (changes.length) nodes.update(changes);
    addPending();
    updateStatus();
  }
  function addSwitch(where, group, key, text, on, colour) {
    var label = el("label");
    var box = el("input");
    box.type = "checkbox";
    box.checked = on;
    box.setAttribute("data-" + group, key);
    box.addEventListener("change", function () {
      if (group === "layer") shown[key] = box.checked; else kindOn[key] = box.checked;
      forced = {};  // a switch says what is shown: nodes found while off go with it
      applyVisibility();
      if (!selected) fitShown();  // what is shown now in view
    });
    label.appendChild(box);
    if (colour) { var sw = el("span", null, "swatch"); sw.style.background = colour; label.appendChild(sw); }
    label.appendChild(document.createTextNode(text));
    where.appendChild(label);
    boxes[group][key] = box;
  }
  var present = { layer: {}, kind: {} };
  D.nodes.forEach(function (n) { present.layer[n.layer] = true; if (n.kind !== "paper") present.kind[n.kind] = true; });
  ["map", "paper", "rare"].forEach(function (l) {
    if (present.layer[l]) addSwitch(document.getElementById("layers"), "layer", l, D.layers[l], !!shown[l]);
  });
  Object.keys(D.kinds).sort().forEach(function (k) {
    if (present.kind[k]) addSwitch(document.getElementById("kinds"), "kind", k, k, true, D.kinds[k]);
  });
  var colourSelect = document.getElementById("colourby");
  var legend = el("span", null, "legend");
  legend.id = "yearlegend";
  legend.hidden = true;
  if (D.years) {  // papers with years: the overlay of a term map, coloured by mean publication year
    var opt = el("option", "mean year");
    opt.value = "year";
    colourSelect.appendChild(opt);
    var fmt = function (y) { return String(Math.round(y * 10) / 10); };
    var bar = el("span", null, "ramp");
    bar.style.background = "linear-gradient(to right, " + YEAR_STOPS.map(function (c) {
      return "rgb(" + c.join(",") + ")"; }).join(", ") + ")";
    legend.appendChild(el("span", fmt(D.years[0])));
    legend.appendChild(bar);
    legend.appendChild(el("span", fmt(D.years[1])));
    legend.appendChild(el("span", " (grey: no year)", "muted"));
    colourSelect.parentNode.parentNode.insertBefore(legend, colourSelect.parentNode.nextSibling);
  }
  // which community a colour is: its three most-mentioned concepts, opened from the bar
  var comms = el("details", null, "legend");
  comms.id = "commlegend";
  if (D.communities && D.communities.length) {
    comms.appendChild(el("summary", D.communities.length + " communities"));
    var list = el("ul");
    D.communities.forEach(function (c) {
      var li = el("li");
      var sw = el("span", null, "swatch");
      sw.style.background = D.palette[c[0]];
      li.appendChild(sw);
      li.appendChild(el("span", " " + c[1]));
      li.appendChild(el("span", " (" + c[2] + " nodes)", "muted"));
      list.appendChild(li);
    });
    comms.appendChild(list);
    colourSelect.parentNode.parentNode.insertBefore(comms, colourSelect.parentNode.nextSibling);
  } else {
    comms.hidden = true;
  }
  colourSelect.addEventListener("change", function (e) {
    colourBy = e.target.value;
    legend.hidden = colourBy !== "year";
    comms.hidden = colourBy !== "community" || !(D.communities && D.communities.length);
    document.body.classList.toggle("by-kind", colourBy === "kind");  // the kind swatches say a colour only then
    nodes.update(D.nodes.map(function (n) { n.color = colourOf(n); return { id: n.id, color: n.color }; }));
  });

  // --- panel -----------------------------------------------------------
  var panel = document.getElementById("panel");
  var body = document.getElementById("panelbody");
  document.getElementById("close").addEventListener("click", function () {
    panel.hidden = true; selected = null; focusSet = {}; network.unselectAll(); network.redraw();
  });
  function item(id, text) {
    if (id && (R[id] || byId[id])) {
      var b = el("button", text, "item");
      b.type = "button";
      b.setAttribute("data-id", id);
      b.addEventListener("click", function () { go(id); });
      return b;
    }
    return el("span", text);
  }
  function section(title) { body.appendChild(el("h3", title)); var ul = el("ul"); body.appendChild(ul); return ul; }
  // a relation in words, as the CLI writes it ("Mamba --used_for--> language modeling (2 papers)"): the concept
  // itself in bold, the other end clickable; its sentences on hover (title) and behind a button (keyboard, touch)
  var nEvidence = 0;
  function relationItem(self, x) {
    var li = el("li", null, "rel");
    var line = el("div", null, "relline");
    function end(ref, label) { return ref && ref === self ? el("strong", R[ref].l) : item(ref, ref && R[ref] ? R[ref].l : label); }
    line.appendChild(end(x.h, x.hl));
    line.appendChild(el("span", " --" + x.y + "--> ", "reltype"));
    line.appendChild(end(x.t, x.tl));
    if (x.n) line.appendChild(el("span", paperCount(x.n), "muted"));
    li.appendChild(line);
    if (x.e && x.e.length) {
      var paperOf = function (v) { return v[0] && R[v[0]] ? R[v[0]].l : v[1]; };
      li.title = x.e.map(function (v) {
        var paper = paperOf(v);
        return "“" + v[2] + "”" + (paper ? " (" + paper + ")" : "") + (v[3] ? " [read as " + v[3] + "]" : "");
      }).join("\n");
      var box = null, toggle = el("button", "▸ evidence", "toggle");
      toggle.type = "button";
      toggle.setAttribute("aria-expanded", "false");
      toggle.addEventListener("click", function () {
        if (!box) {  // built on first use: a panel of a hub stays quick to fill
          box = el("div", null, "evidence");
          box.id = "kg-evidence-" + (++nEvidence);
          toggle.setAttribute("aria-controls", box.id);
          x.e.forEach(function (v) {
            var paper = paperOf(v), d = el("div", null, "sentence");
            d.appendChild(el("q", v[2]));
            if (paper) { d.appendChild(document.createTextNode(" — ")); d.appendChild(item(v[0], paper)); }
            if (v[3]) d.appendChild(el("span", " (read as " + v[3] + ")", "muted"));
            box.appendChild(d);
          });
          box.hidden = true;
          li.appendChild(box);
        }
        box.hidden = !box.hidden;
        toggle.setAttribute("aria-expanded", box.hidden ? "false" : "true");
        toggle.textContent = (box.hidden ? "▸" : "▾") + " evidence";
      });
      line.appendChild(document.createTextNode(" "));
      line.appendChild(toggle);
    }
    return li;
  }
  function showConcept(id, r) {
    body.appendChild(el("h2", r.l));
    var line = el("div", null, "meta");
    line.appendChild(el("span", r.k, "tag"));
    if (r.s) line.appendChild(el("span", "short form: " + r.s, "tag"));
    var count = r.n + (r.n === 1 ? " paper" : " papers");
    if (r.nt && r.nt > r.n) count += " (" + r.nt + " with narrower terms)";
    line.appendChild(document.createTextNode(count));
    body.appendChild(line);
    if (r.y) {
      body.appendChild(el("div", "first " + r.y.first + " · mean year " + r.y.mean, "meta"));
      body.appendChild(el("div", "papers per year: " + r.y.per.split("|").join("  "), "meta"));
    }
    if (r.a && r.a.length) { body.appendChild(el("h3", "also written")); body.appendChild(el("div", r.a.join(", "), "meta")); }
    if (r.r && r.r.length) {
      var rl = section("relations (" + r.rn + ")");
      rl.classList.add("relations");
      r.r.forEach(function (k) { rl.appendChild(relationItem(id, D.rels[k])); });
      if (r.rn > r.r.length) {
        rl.appendChild(el("li", "+ " + (r.rn - r.r.length) + " more (kgraph query relations \"" + r.l + "\" lists them all)",
                          "muted"));
      }
    }
    var groups = {};
    r.nb.forEach(function (x) {
      var g = x[1] === "broader" ? "broader terms" : x[1] === "narrower" ? "narrower terms" : "related concepts";
      (groups[g] = groups[g] || []).push(x);
    });
    ["broader terms", "narrower terms", "related concepts"].forEach(function (g) {
      if (!groups[g]) return;
      var ul = section(g);
      groups[g].forEach(function (x) {
        var li = el("li");
        li.appendChild(item(x[0], x[0] ? R[x[0]].l : x[2]));
        if (g === "related concepts") li.appendChild(el("span", " " + x[1], "muted"));
        ul.appendChild(li);
      });
    });
    // a paper ("through" the narrower term it mentions); one not on the page (a focused page) by its title
    function paperItem(ul, pid, tag, viaId, viaLabel, title) {
      var pr = R[pid] || {};
      var li = el("li");
      if (viaLabel === undefined) li.appendChild(el("span", tag, "tag"));
      else {
        li.appendChild(el("span", "through", "tag"));
        li.appendChild(viaId ? item(viaId, viaLabel) : el("span", viaLabel));
        li.appendChild(document.createTextNode(": "));
      }
      li.appendChild(item(pid, pr.l || title || pid));
      if (pr.ab) li.appendChild(el("div", pr.ab.slice(0, 220) + (pr.ab.length > 220 ? "…" : ""), "abstract"));
      ul.appendChild(li);
    }
    if (r.pn) {
      var ul = section("papers");
      r.p.forEach(function (x) { paperItem(ul, x[0], x[1], null, undefined, x[2]); });
      if (r.pn > r.p.length) ul.appendChild(el("li", "+ " + (r.pn - r.p.length) + " more papers (not on this page; see graph.json)", "muted"));
    }
    if (r.ptn) {  // papers that mention only a narrower term, and which
      var below = section("papers through narrower terms");
      r.pt.forEach(function (x) { paperItem(below, x[0], null, x[1], x[1] ? R[x[1]].l : x[2], x[3]); });
      if (r.ptn > r.pt.length) below.appendChild(el("li", "+ " + (r.ptn - r.pt.length) + " more (not on this page; kgraph query papers \"" + r.l + "\" lists them all)", "muted"));
    }
  }
  function showPaper(id, r) {
    body.appendChild(el("h2", r.l));
    var m = r.m || {};
    var bits = [m.year, m.venue, m.authors].filter(Boolean);
    if (bits.length) body.appendChild(el("div", bits.join(" · "), "meta"));
    var links = [];  // DOI, arXiv and the record's own address, each once
    var path = function (t) { return t.split("/").map(encodeURIComponent).join("/"); };
    if (m.doi) links.push(["DOI " + m.doi, "https://doi.org/" + path(m.doi)]);
    if (m.arxiv_id) links.push(["arXiv:" + m.arxiv_id, "https://arxiv.org/abs/" + path(m.arxiv_id)]);
    if (m.url && links.every(function (l) { return l[1] !== m.url; })) links.push([m.url, m.url]);
    links.forEach(function (l) {
      if (!/^https?:\/\//.test(l[1])) return;
      var a = el("a", l[0]);
      a.href = l[1]; a.target = "_blank"; a.rel = "noopener noreferrer";
      var d = el("div", null, "meta"); d.appendChild(a); body.appendChild(d);
    });
    if (m.record_id) body.appendChild(el("div", "record: " + m.record_id, "meta"));
    body.appendChild(el("h3", "abstract"));
    body.appendChild(el("div", r.ab, "abstract"));
    var groups = {};
    r.cs.forEach(function (x) { (groups[x[0]] = groups[x[0]] || []).push(x); });
    RELATIONS.concat(Object.keys(groups).filter(function (g) { return RELATIONS.indexOf(g) < 0; })).forEach(function (g) {
      if (!groups[g]) return;
      var ul = section(g.replace("_", " ") + " (" + groups[g].length + ")");
      groups[g].forEach(function (x) { var li = el("li"); li.appendChild(item(x[1], x[1] ? R[x[1]].l : x[2])); ul.appendChild(li); });
    });
    if (r.cn > r.cs.length) body.appendChild(el("div", "+ " + (r.cn - r.cs.length) + " more concepts", "muted"));
    if (r.rs) {  // what the abstract states, in words; the abstract above is the evidence
      var rl = section("relations it states (" + r.rsn + ")");
      rl.classList.add("relations");
      r.rs.forEach(function (x) { rl.appendChild(relationItem(null, x)); });
      if (r.rsn > r.rs.length) rl.appendChild(el("li", "+ " + (r.rsn - r.rs.length) + " more", "muted"));
    }
    if (m.sources) body.appendChild(el("div", "source: " + m.sources.split("|").join(", "), "meta"));
  }
  function showPaths() {
    body.textContent = "";
    body.appendChild(el("h2", D.paths.length + (D.paths.length === 1 ? " path" : " paths")));
    var ol = el("ol");
    D.paths.forEach(function (p) {
      var li = el("li");
      p.forEach(function (id, i) {
        if (i) li.appendChild(el("span", " → ", "muted"));
        li.appendChild(item(id, (R[id] || {}).l || id));
      });
      ol.appendChild(li);
    });
    body.appendChild(ol);
    panel.hidden = false;
  }
  function showPanel(id) {
    var r = R[id];
    if (!r) return;
    body.textContent = "";
    if (r.k === "paper") showPaper(id, r); else showConcept(id, r);
    if (D.paths) {
      var back = item("", "");
      back = el("button", "← back to the paths", "item");
      back.type = "button";
      back.addEventListener("click", showPaths);
      body.appendChild(el("p")).appendChild(back);
    }
    panel.hidden = false;
    panel.scrollTop = 0;
    document.body.setAttribute("data-kg-panel", id);
  }

  // --- selecting and finding --------------------------------------------
  var findmsg = document.getElementById("findmsg");
  function go(id, opts) {
    opts = opts || {};
    var n = byId[id];
    findmsg.textContent = "";
    var wasHidden = panel.hidden;
    showPanel(id);
    if (wasHidden && !panel.hidden) network.setSize("100%", "100%");  // the canvas is narrower now: centre on that
    if (n) {
      if (n.hidden) {  // finding a node switched off shows it alone: its layer and kind stay as they are
        forced[id] = true;
        applyVisibility();
      }
      selected = id;
      focusSet = {};
      focusSet[id] = true;
      network.getConnectedNodes(id).forEach(function (m) { focusSet[m] = true; });
      network.selectNodes([id]);
      if (!opts.stay) {
        var s = Math.max(network.getScale(), Math.min(8, n.z * 1.2 || 0));
        network.moveTo({ position: { x: n.x, y: n.y }, scale: s, animation: false });
      } else {
        network.redraw();
      }
    } else if (R[id]) {
      findmsg.textContent = "not drawn on this page";
    }
  }
  network.on("click", function (p) {
    if (p.nodes.length) go(p.nodes[0], { stay: true });
  });

  function norm(s) { return String(s).toLowerCase().replace(/[-_]+/g, " ").replace(/\s+/g, " ").trim(); }
  var index = [];
  Object.keys(R).forEach(function (id) {
    var r = R[id];
    index.push({ id: id, key: norm(r.l), via: null });
    if (r.s) index.push({ id: id, key: norm(r.s), via: r.s });
    (r.a || []).forEach(function (a) { index.push({ id: id, key: norm(a), via: a }); });
    (r.o || []).forEach(function (a) { index.push({ id: id, key: norm(a), via: a }); });  // the thesaurus's names
  });
  // edits between two names, up to a bound (a near spelling: "gausian processes", "domain generalisation")
  function near(a, b, most) {
    if (Math.abs(a.length - b.length) > most) return most + 1;
    var prev = [], i, j;
    for (j = 0; j <= b.length; j++) prev.push(j);
    for (i = 1; i <= a.length; i++) {
      var row = [i], low = i;
      for (j = 1; j <= b.length; j++) {
        row.push(Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a.charAt(i - 1) === b.charAt(j - 1) ? 0 : 1)));
        low = Math.min(low, row[j]);
      }
      if (low > most) return most + 1;
      prev = row;
    }
    return prev[b.length];
  }
  function matches(q, limit) {
    q = norm(q);
    if (!q) return [];
    var best = {};
    for (var i = 0; i < index.length; i++) {
      var e = index[i];
      var at = e.key.indexOf(q);
      if (at < 0) continue;
      var score = e.key === q ? 0 : at === 0 ? 1 : e.key.charAt(at - 1) === " " ? 2 : 3;
      if (e.via) score += 0.5;
      var old = best[e.id];
      if (!old || score < old.score) best[e.id] = { id: e.id, score: score, via: e.via };
    }
    if (!Object.keys(best).length && q.length >= 6) {  // no name holds it: a whole name spelt nearly so
      var most = q.length >= 12 ? 2 : 1;
      for (var k = 0; k < index.length; k++) {
        var d = near(q, index[k].key, most);
        if (d <= most && (!best[index[k].id] || 4 + d < best[index[k].id].score))
          best[index[k].id] = { id: index[k].id, score: 4 + d, via: index[k].via || null };
      }
    }
    return Object.keys(best).map(function (k) { return best[k]; }).sort(function (a, b) {
      return a.score - b.score || weightOf(b.id) - weightOf(a.id) || (R[a.id].l < R[b.id].l ? -1 : 1);
    }).slice(0, limit || 8);
  }
  var find = document.getElementById("find");
  var suggest = document.getElementById("suggest");
  var hits = [], active = -1;
  function renderSuggestions() {
    suggest.textContent = "";
    hits.forEach(function (h, i) {
      var r = R[h.id];
      var li = el("li", r.l);
      li.setAttribute("role", "option");
      li.setAttribute("data-id", h.id);
      li.setAttribute("aria-selected", i === active ? "true" : "false");
      var why = r.k === "paper" ? "paper" : r.k + (h.via ? " · " + h.via : "");
      li.appendChild(el("span", why, "why"));
      li.addEventListener("mousedown", function (ev) { ev.preventDefault(); choose(h.id); });
      suggest.appendChild(li);
    });
    suggest.hidden = hits.length === 0;
  }
  function choose(id) {
    find.value = R[id].l;
    hits = []; active = -1; renderSuggestions();
    go(id);
  }
  find.addEventListener("input", function () {
    hits = matches(find.value);
    active = hits.length ? 0 : -1;
    findmsg.textContent = find.value.trim() && !hits.length ? "no concept or paper matches “" + find.value.trim() + "”" : "";
    renderSuggestions();
  });
  find.addEventListener("keydown", function (ev) {
    if (ev.key === "ArrowDown" || ev.key === "ArrowUp") {
      if (!hits.length) return;
      active = (active + (ev.key === "ArrowDown" ? 1 : hits.length - 1)) % hits.length;
      renderSuggestions();
      ev.preventDefault();
    } else if (ev.key === "Enter") {
      var q = find.value.trim();
      if (!q) return;
      var list = hits.length ? hits : matches(q);
      if (list.length) choose(list[Math.max(0, active)].id);
      else findmsg.textContent = "no concept or paper matches “" + q + "”";
      ev.preventDefault();
    } else if (ev.key === "Escape") {
      hits = []; renderSuggestions();
    }
  });
  find.addEventListener("blur", function () { hits = []; renderSuggestions(); });

  updateStatus();
  network.once("afterDrawing", function () {
    window.kgraph.firstDraw = performance.now();
    document.body.setAttribute("data-kg-drawn", String(D.nodes.length));
    if (D.focus) {  // a focused page opens on its concept, the panel open, the whole neighbourhood in view
      go(D.focus, { stay: true });
      network.fit();
      network.moveTo({ scale: network.getScale() * 0.85 });
    }
    else if (!D.paths) fitShown();
    else {  // the panel narrows the canvas; fit again, with room for the end labels
      showPaths();
      network.setSize("100%", "100%");
      network.fit();
      network.moveTo({ scale: network.getScale() * 0.8 });
      // each step's relation reads at the page's text size, however far the fit zoomed out
      network.setOptions({ edges: { font: { size: Math.min(24, 11 / network.getScale()) } } });
    }
  });
  window.kgraph = { timings: T, network: network, go: go, matches: matches, nodes: nodes, data: D,
                    labelled: function () { return drawn.slice(); } };
})();
