// The graph view is hand-written, not a library: the page must be one file that
// works offline (no CDN), and a small force layout is shorter than any graph
// library we could inline. Every string from the report goes into the DOM with
// textContent or setAttribute, never innerHTML.
(function () {
  "use strict";
  var NS = "http://www.w3.org/2000/svg";
  var W = 800, H = 560, PAD = 50, RIGHT = 130;
  var data = JSON.parse(document.getElementById("report-data").textContent);
  var svg = document.getElementById("graph");
  var index = {};
  var nodes = data.nodes.map(function (n, i) {
    index[n.id] = i;
    var a = 2 * Math.PI * i / Math.max(1, data.nodes.length);
    return {id: n.id, label: n.label, x: W / 2 + 200 * Math.cos(a), y: H / 2 + 160 * Math.sin(a), dx: 0, dy: 0, cited: false};
  });
  var edges = data.edges.filter(function (e) { return e.source in index && e.target in index; });
  edges.forEach(function (e) {
    e.s = nodes[index[e.source]]; e.t = nodes[index[e.target]];
    e.cited = !!(e.provenance && (e.provenance.cited || e.provenance.stance === "supports" || e.provenance.stance === "refutes"));
    if (e.cited) { e.s.cited = true; e.t.cited = true; }
  });
  // Parallel edges between one pair of nodes bend apart so each stays clickable.
  var pairs = {};
  edges.forEach(function (e) {
    var key = [e.source, e.target].sort().join("\u0000");
    (pairs[key] = pairs[key] || []).push(e);
  });
  Object.keys(pairs).forEach(function (k) {
    var group = pairs[k];
    group.forEach(function (e, i) { e.bend = (i - (group.length - 1) / 2) * 34 * (e.source < e.target ? 1 : -1); });
  });

  // Fruchterman-Reingold: repulsion between all nodes, springs along edges, cooling.
  function layout() {
    var n = nodes.length;
    if (n === 0) return;
    var k = 0.8 * Math.sqrt((W - 2 * PAD) * (H - 2 * PAD) / n), temp = W / 8;
    for (var it = 0; it < 300; it++) {
      var i, j, a, b, ddx, ddy, d, f;
      for (i = 0; i < n; i++) { nodes[i].dx = 0; nodes[i].dy = 0; }
      for (i = 0; i < n; i++) {
        for (j = i + 1; j < n; j++) {
          a = nodes[i]; b = nodes[j];
          ddx = a.x - b.x; ddy = a.y - b.y; d = Math.sqrt(ddx * ddx + ddy * ddy) || 0.01;
          f = k * k / d;
          a.dx += ddx / d * f; a.dy += ddy / d * f; b.dx -= ddx / d * f; b.dy -= ddy / d * f;
        }
      }
      edges.forEach(function (e) {
        if (e.s === e.t) return;
        ddx = e.s.x - e.t.x; ddy = e.s.y - e.t.y; d = Math.sqrt(ddx * ddx + ddy * ddy) || 0.01;
        f = d * d / k;
        e.s.dx -= ddx / d * f; e.s.dy -= ddy / d * f; e.t.dx += ddx / d * f; e.t.dy += ddy / d * f;
      });
      for (i = 0; i < n; i++) {
        a = nodes[i];
        a.dx += (W / 2 - a.x) * 0.02 * k / 10; a.dy += (H / 2 - a.y) * 0.02 * k / 10;
        d = Math.sqrt(a.dx * a.dx + a.dy * a.dy) || 0.01;
        a.x += a.dx / d * Math.min(d, temp); a.y += a.dy / d * Math.min(d, temp);
      }
      temp = Math.max(1, temp * 0.97);
    }
    // Fit the drawing into the view box.
    var xs = nodes.map(function (p) { return p.x; }), ys = nodes.map(function (p) { return p.y; });
    var x0 = Math.min.apply(null, xs), x1 = Math.max.apply(null, xs), y0 = Math.min.apply(null, ys), y1 = Math.max.apply(null, ys);
    // Labels sit right of their node: leave more room on the right.
    var sx = (W - PAD - RIGHT) / Math.max(1, x1 - x0), sy = (H - 2 * PAD) / Math.max(1, y1 - y0);
    nodes.forEach(function (p) {
      p.x = n === 1 ? W / 2 : PAD + (p.x - x0) * sx;
      p.y = n === 1 ? H / 2 : PAD + (p.y - y0) * sy;
    });
  }

  function el(name, attrs, parent) {
    var x = document.createElementNS(NS, name);
    Object.keys(attrs || {}).forEach(function (k) { x.setAttribute(k, attrs[k]); });
    if (parent) parent.appendChild(x);
    return x;
  }
  function short(text, max) { text = String(text); return text.length > max ? text.slice(0, max - 1) + "\u2026" : text; }
  function colour(kind) { return data.colours[kind] || "#777777"; }

  function edgePath(e) {
    var sx = e.s.x, sy = e.s.y, tx = e.t.x, ty = e.t.y;
    if (e.s === e.t) return "M" + sx + "," + (sy - 12) + " c -40,-50 40,-50 0,0";
    var mx = (sx + tx) / 2, my = (sy + ty) / 2, dx = tx - sx, dy = ty - sy, d = Math.sqrt(dx * dx + dy * dy) || 1;
    var cx = mx - dy / d * e.bend, cy = my + dx / d * e.bend;
    // Stop the line at the target circle's rim so the arrow head stays visible.
    var ex = tx - (tx - cx) / (Math.sqrt((tx - cx) * (tx - cx) + (ty - cy) * (ty - cy)) || 1) * 13;
    var ey = ty - (ty - cy) / (Math.sqrt((tx - cx) * (tx - cx) + (ty - cy) * (ty - cy)) || 1) * 13;
    e.lx = (mx + cx) / 2; e.ly = (my + cy) / 2;
    return "M" + sx + "," + sy + " Q" + cx + "," + cy + " " + ex + "," + ey;
  }

  var edgeEls = [], nodeEls = [], markers = {};
  function place() {
    edgeEls.forEach(function (g) {
      var e = g.edge, d = edgePath(e);
      g.hit.setAttribute("d", d); g.line.setAttribute("d", d);
      if (e.s === e.t) { e.lx = e.s.x; e.ly = e.s.y - 52; }
      g.text.setAttribute("x", e.lx); g.text.setAttribute("y", e.ly);
    });
    nodeEls.forEach(function (g) { g.setAttribute("transform", "translate(" + g.node.x + "," + g.node.y + ")"); });
  }

  function select(e) {
    edgeEls.forEach(function (g) { g.classList.toggle("selected", g.edge === e); });
    document.querySelectorAll("li.evidence").forEach(function (li) {
      li.classList.toggle("selected", !!e && li.getAttribute("data-evidence") === e.evidence_id);
    });
    var dl = document.getElementById("prov-fields");
    while (dl.firstChild) dl.removeChild(dl.firstChild);
    document.getElementById("prov-empty").hidden = !!e;
    if (!e) return;
    var p = e.provenance || {};
    var rows = [["evidence", e.evidence_id], ["fact", p.sentence || e.label], ["source kind", data.kindLabels[e.kind] || e.kind],
      ["source IRI", p.source_iri], ["cited as", p.source_id], ["hop", p.hop], ["score", p.score],
      ["stance", p.stance], ["cited", p.cited ? "yes" : "no"], ["predicate", p.predicate]];
    rows.forEach(function (r) {
      if (r[1] === undefined || r[1] === null || r[1] === "") return;
      var dt = document.createElement("dt"), dd = document.createElement("dd");
      dt.textContent = r[0];
      var v = String(r[1]);
      if (/^https?:\/\/\S+$/i.test(v)) {
        var a = document.createElement("a"); a.href = v; a.rel = "noopener noreferrer"; a.textContent = v; dd.appendChild(a);
      } else { dd.textContent = v; }
      dl.appendChild(dt); dl.appendChild(dd);
    });
  }

  function draw() {
    var defs = el("defs", {}, svg);
    Object.keys(data.colours).forEach(function (kind, i) {
      // userSpaceOnUse: thick (cited) edges keep normal-sized arrow heads.
      var m = el("marker", {id: "arrow-" + i, viewBox: "0 0 10 10", refX: "9", refY: "5", markerUnits: "userSpaceOnUse",
        markerWidth: "10", markerHeight: "10", orient: "auto-start-reverse"}, defs);
      el("path", {d: "M0,0 L10,5 L0,10 z", fill: data.colours[kind]}, m);
      markers[kind] = "url(#arrow-" + i + ")";
    });
    if (nodes.length === 0) {
      var t = el("text", {x: W / 2, y: H / 2, "text-anchor": "middle", "class": "empty"}, svg);
      t.textContent = "No knowledge-graph facts were retrieved for this claim.";
    }
    var eg = el("g", {"class": "edges"}, svg), ng = el("g", {"class": "nodes"}, svg);
    edges.forEach(function (e) {
      var g = el("g", {"class": "edge" + (e.cited ? " cited" : ""), "data-evidence": e.evidence_id, tabindex: "0"}, eg);
      el("title", {}, g).textContent = e.evidence_id + ": " + ((e.provenance || {}).sentence || e.label);
      g.edge = e;
      g.hit = el("path", {"class": "hit"}, g);
      var attrs = {"class": "line", stroke: colour(e.kind), "marker-end": markers[e.kind] || ""};
      if ((e.provenance || {}).stance === "refutes") attrs["stroke-dasharray"] = "7 4";
      g.line = el("path", attrs, g);
      g.text = el("text", {"text-anchor": "middle"}, g);
      g.text.textContent = short(e.label, 26);
      g.addEventListener("click", function (ev) { ev.stopPropagation(); select(e); });
      g.addEventListener("keydown", function (ev) { if (ev.key === "Enter" || ev.key === " ") select(e); });
      edgeEls.push(g);
    });
    nodes.forEach(function (n) {
      var g = el("g", {"class": "node" + (n.cited ? " cited" : ""), "data-id": n.id}, ng);
      g.node = n;
      el("title", {}, g).textContent = n.label + "\n" + n.id;
      el("circle", {r: n.cited ? 11 : 8, fill: n.id.indexOf("literal:") === 0 ? "#95a5a6" : "#34495e"}, g);
      var t = el("text", {x: 13, y: 4}, g);
      t.textContent = short(n.label, 28);
      g.addEventListener("pointerdown", function (ev) { drag = n; svg.setPointerCapture(ev.pointerId); ev.preventDefault(); });
      nodeEls.push(g);
    });
    svg.setAttribute("data-node-count", String(nodeEls.length));
    svg.setAttribute("data-edge-count", String(edgeEls.length));
  }

  var drag = null;
  function toSvg(ev) {
    var pt = svg.createSVGPoint(); pt.x = ev.clientX; pt.y = ev.clientY;
    return pt.matrixTransform(svg.getScreenCTM().inverse());
  }
  svg.addEventListener("pointermove", function (ev) {
    if (!drag) return;
    var p = toSvg(ev);
    drag.x = Math.max(10, Math.min(W - 10, p.x)); drag.y = Math.max(10, Math.min(H - 10, p.y));
    place();
  });
  svg.addEventListener("pointerup", function () { drag = null; });
  svg.addEventListener("click", function () { select(null); });
  document.querySelectorAll("li.evidence").forEach(function (li) {
    li.addEventListener("click", function () {
      var id = li.getAttribute("data-evidence");
      var hit = edges.filter(function (e) { return e.evidence_id === id; })[0];
      if (hit) select(hit);
    });
  });

  layout();
  draw();
  place();
  // report.html#E3 opens with fact E3 selected: links to one fact can be shared.
  var wanted = decodeURIComponent(location.hash.slice(1));
  if (wanted) select(edges.filter(function (e) { return e.evidence_id === wanted; })[0] || null);
})();
