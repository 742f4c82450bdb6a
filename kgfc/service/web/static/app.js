// kgfc web app: the little script every page loads (no inline script anywhere; see the CSP).
// Untrusted text only ever reaches the page through textContent or server-escaped HTML.
"use strict";

(function () {
  const TOKEN_KEY = "kgfc-token";
  const $ = (sel, root) => (root || document).querySelector(sel);
  const $$ = (sel, root) => Array.from((root || document).querySelectorAll(sel));

  // -- the token: asked once per browser session, kept in sessionStorage, sent as a header --
  function token() {
    return sessionStorage.getItem(TOKEN_KEY) || "";
  }

  function showTokenState() {
    const btn = $("#token-button");
    if (!btn) return;
    const need = document.body.dataset.tokenRequired === "yes";
    btn.textContent = token() ? "Token set" : need ? "Enter token" : "Token";
    btn.classList.toggle("warn", need && !token());
  }

  let tokenWaiter = null;
  function askToken() {
    const dlg = $("#token-dialog");
    $("#token-input").value = token();
    dlg.showModal();
    $("#token-input").focus();
    return new Promise((resolve) => (tokenWaiter = resolve));
  }

  function setupToken() {
    const dlg = $("#token-dialog");
    if (!dlg) return;
    $("#token-button").addEventListener("click", () => askToken());
    dlg.addEventListener("close", () => {
      if (dlg.returnValue === "save") {
        const value = $("#token-input").value.trim();
        if (value) sessionStorage.setItem(TOKEN_KEY, value);
      } else if (dlg.returnValue === "clear") {
        sessionStorage.removeItem(TOKEN_KEY);
      }
      $("#token-input").value = "";
      showTokenState();
      if (tokenWaiter) {
        tokenWaiter(dlg.returnValue === "save" && !!token());
        tokenWaiter = null;
      }
    });
    showTokenState();
  }

  // A write: a JSON body (or, with `type`, the body as it is), the token as a bearer header;
  // a 401 asks for the token and tries again.
  async function write(url, body, type) {
    if (document.body.dataset.tokenRequired === "yes" && !token()) {
      if (!(await askToken())) throw new Error("A token is needed for this.");
    }
    for (let attempt = 0; attempt < 2; attempt++) {
      const headers = { "Content-Type": type || "application/json", Accept: "text/html, application/json" };
      if (token()) headers.Authorization = "Bearer " + token();
      const resp = await fetch(url, {
        method: "POST",
        headers,
        body: type ? body : JSON.stringify(body || {}),
        credentials: "omit",
      });
      if (resp.status === 401 && attempt === 0) {
        sessionStorage.removeItem(TOKEN_KEY);
        if (await askToken()) continue;
      }
      if (!resp.ok) throw new Error(await errorText(resp));
      return resp;
    }
    throw new Error("The server refused the token.");
  }

  async function errorText(resp) {
    try {
      const data = await resp.json();
      const e = data.error || {};
      return (e.message || resp.statusText) + (e.hint ? " " + e.hint : "");
    } catch (_) {
      return resp.status + " " + resp.statusText;
    }
  }

  function status(el, text, kind) {
    if (!el) return;
    el.textContent = text;
    el.dataset.kind = kind || "";
  }

  // -- the evidence graph (cytoscape.js) --
  function drawGraphs(root) {
    $$("[data-graph]", root).forEach((box) => {
      const data = JSON.parse(document.getElementById(box.dataset.graph).textContent);
      drawGraph(box, data);
    });
  }

  function drawGraph(box, data) {
    if (typeof window.cytoscape !== "function") {
      box.textContent = "The graph library did not load; the facts are listed beside.";
      return;
    }
    const info = $("#graph-info");
    const cy = window.cytoscape({
      container: box,
      elements: data.elements,
      wheelSensitivity: 0.3,
      style: [
        {
          selector: "node",
          style: {
            label: "data(label)",
            "background-color": "#34495e",
            color: "#1b2631",
            "font-size": 11,
            "text-wrap": "wrap",
            "text-max-width": 110,
            "text-valign": "bottom",
            "text-margin-y": 4,
            width: 22,
            height: 22,
          },
        },
        { selector: "node[?literal]", style: { "background-color": "#aab7b8", shape: "round-rectangle" } },
        {
          selector: "edge",
          style: {
            label: "data(label)",
            width: 2,
            "line-color": "data(colour)",
            "target-arrow-color": "data(colour)",
            "target-arrow-shape": "triangle",
            "curve-style": "bezier",
            "font-size": 9,
            color: "#424949",
            "text-rotation": "autorotate",
            "text-background-color": "#ffffff",
            "text-background-opacity": 0.8,
          },
        },
        { selector: "edge[?cited]", style: { width: 5 } },
        { selector: "edge[stance = 'refutes']", style: { "line-style": "dashed" } },
        { selector: ".focus", style: { "overlay-color": "#f1c40f", "overlay-opacity": 0.35, "overlay-padding": 6 } },
      ],
      layout: { name: "cose", animate: false, randomize: false, padding: 24, nodeRepulsion: 9000 },
    });
    window.kgfcGraph = cy;
    const done = () => {
      box.dataset.drawnNodes = String(cy.nodes().length);
      box.dataset.drawnEdges = String(cy.edges().length);
    };
    cy.ready(done);
    cy.on("layoutstop", done);
    let refit = null;
    window.addEventListener("resize", () => {
      clearTimeout(refit);
      refit = setTimeout(() => {
        cy.resize();
        cy.fit(undefined, 24);
      }, 150);
    });

    function describe(edge) {
      const d = edge.data();
      info.replaceChildren();
      const h = document.createElement("p");
      const b = document.createElement("b");
      b.textContent = d.evidence + ": ";
      h.append(b, edge.source().data("label") + " " + d.label + " " + edge.target().data("label"));
      const dl = document.createElement("dl");
      for (const [k, v] of [
        ["source", d.kind],
        ["graph", d.sourceIri],
        ["retrieved", d.retrieved || "unknown (retracted?)"],
        ["method", d.method || "unknown"],
        ["stance", d.stance + (d.cited ? ", cited" : "")],
      ]) {
        const dt = document.createElement("dt");
        dt.textContent = k;
        const dd = document.createElement("dd");
        dd.textContent = v;
        dl.append(dt, dd);
      }
      info.append(h, dl);
      info.dataset.evidence = d.evidence;
    }

    function focusEvidence(id, scroll) {
      cy.elements().removeClass("focus");
      const edge = cy.edges().filter((e) => e.data("evidence") === id);
      edge.addClass("focus");
      if (edge.length) describe(edge[0]);
      $$(".evidence-table tr.focus").forEach((tr) => tr.classList.remove("focus"));
      const row = document.getElementById("ev-" + id);
      if (row) {
        row.classList.add("focus");
        if (scroll) row.scrollIntoView({ block: "nearest" });
      }
    }

    cy.on("mouseover", "edge", (ev) => describe(ev.target));
    cy.on("tap", "edge", (ev) => focusEvidence(ev.target.data("evidence"), true));
    cy.on("tap", "node", (ev) => {
      const d = ev.target.data();
      if (!d.literal) window.location.href = "/entity?iri=" + encodeURIComponent(d.id);
    });
    $$(".evidence-table tr[data-evidence], a.cite").forEach((el) => {
      const id = el.dataset.evidence;
      el.addEventListener("mouseenter", () => focusEvidence(id, false));
      el.addEventListener("focusin", () => focusEvidence(id, false));
      if (el.matches("a.cite")) el.addEventListener("click", () => focusEvidence(id, true));
    });
  }

  // -- the check form --
  function setupCheck() {
    const form = $("#check-form");
    if (!form) return;
    const showKind = () => {
      const kind = form.elements.kind.value;
      $$("[data-kind]", form).forEach((el) => (el.hidden = el.dataset.kind !== kind));
    };
    $$("input[name=kind]", form).forEach((r) => r.addEventListener("change", showKind));
    showKind();
    setupAutocomplete(form);
    form.addEventListener("submit", async (ev) => {
      ev.preventDefault();
      const f = form.elements;
      const body = { record: f.record.checked, web: f.web.checked, pubmed: f.pubmed.checked };
      if (f.kind.value === "triple") {
        const t = [f.subject.value.trim(), f.relation.value.trim(), f.object.value.trim()];
        if (t.some((x) => !x)) return status($("#check-status"), "Give a subject, a relation and an object.", "error");
        body.triple = t;
      } else {
        const text = f.claim.value.trim();
        if (!text) return status($("#check-status"), "Write the claim to check.", "error");
        body.claim = text;
      }
      if (f.reasoner.value) body.reasoner = f.reasoner.value;
      if (f.beam.value) body.beam = Number(f.beam.value);
      if (f.hops.value) body.hops = Number(f.hops.value);
      const button = $("#check-button");
      button.disabled = true;
      status($("#check-status"), "Checking…", "busy");
      try {
        const resp = await write("/ui/check", body);
        showResult(await resp.text());
        status($("#check-status"), "Done.", "ok");
      } catch (err) {
        status($("#check-status"), err.message, "error");
      } finally {
        button.disabled = false;
      }
    });
  }

  function showResult(html) {
    const box = $("#result");
    box.innerHTML = html; // the server's template, every untrusted string escaped
    drawGraphs(box);
    setupRecheck(box);
    const title = $("#result-title", box);
    if (title) {
      title.tabIndex = -1;
      title.focus();
    }
  }

  function setupAutocomplete(form) {
    $$("input[data-autocomplete]", form).forEach((input) => {
      const list = document.getElementById(input.getAttribute("list"));
      let timer = null;
      input.addEventListener("input", () => {
        clearTimeout(timer);
        const q = input.value.trim();
        if (q.length < 2 || /^[PQ]\d+$/.test(q)) return;
        timer = setTimeout(async () => {
          const resp = await fetch("/ui/labels?q=" + encodeURIComponent(q));
          if (!resp.ok) return;
          const hits = await resp.json();
          list.replaceChildren(
            ...hits.map((h) => {
              const opt = document.createElement("option");
              opt.value = h.id.replace(/^http:\/\/www\.wikidata\.org\/(entity|prop\/direct)\//, "");
              opt.label = h.label + (h.description ? " — " + h.description : "");
              return opt;
            })
          );
        }, 200);
      });
    });
  }

  // -- re-check one claim, or every stale one (a job) --
  function setupRecheck(root) {
    $$("[data-recheck]", root).forEach((btn) =>
      btn.addEventListener("click", async () => {
        btn.disabled = true;
        status($("#check-status"), "Checking again…", "busy");
        try {
          const resp = await write("/ui/claims/" + encodeURIComponent(btn.dataset.recheck) + "/recheck", {});
          const data = await resp.json();
          window.location.href = data.url;
        } catch (err) {
          status($("#check-status"), err.message, "error");
          btn.disabled = false;
        }
      })
    );
    const all = $("#recheck-stale", root);
    if (all)
      all.addEventListener("click", async () => {
        all.disabled = true;
        try {
          const data = await (await write("/ui/recheck-stale", {})).json();
          window.location.href = data.url;
        } catch (err) {
          status($("#check-status"), err.message, "error");
          all.disabled = false;
        }
      });
  }

  // -- a source's action behind a confirmation that lists the verdicts it touches:
  // #NAME-button opens #NAME-dialog, #NAME-confirm runs `act` (which says what it did and
  // where to go next) and #NAME-status shows how it went --
  function setupConfirmed(name, busy, act) {
    const dlg = $("#" + name + "-dialog");
    if (!dlg) return;
    $("#" + name + "-button").addEventListener("click", () => dlg.showModal());
    const confirm = $("#" + name + "-confirm");
    const st = $("#" + name + "-status");
    confirm.addEventListener("click", async () => {
      confirm.disabled = true;
      status(st, busy, "busy");
      try {
        const done = await act(dlg.dataset.source);
        status(st, done.text, "ok");
        setTimeout(() => (window.location.href = done.next), 600);
      } catch (err) {
        status(st, err.message, "error");
        confirm.disabled = false;
      }
    });
  }

  // retract a source (its verdicts go stale)
  function setupRetract() {
    setupConfirmed("retract", "Retracting…", async (source) => {
      const data = await (await write("/ui/retract", { source })).json();
      const n = data.stale_claims.length;
      return {
        text: "Retracted (" + data.quads_removed + " quads). " + (n ? n + " claim(s) now stale." : ""),
        next: n ? "/claims?stale=yes" : "/sources",
      };
    });
  }

  // refresh a source (POST /v1/sources/{id}/refresh): the verdicts whose facts went go stale
  function setupRefresh() {
    setupConfirmed("refresh", "Refreshing…", async (source) => {
      const url = "/v1/sources/" + encodeURIComponent(source) + "/refresh";
      const data = await (await write(url, {})).json();
      const n = data.stale_claims.length;
      return {
        text:
          "Refreshed (" + data.facts_before + " → " + data.facts_after + " facts). " +
          (n ? n + " claim(s) now stale." : "No verdict affected."),
        next: n ? "/claims?stale=yes&source=" + encodeURIComponent(source) : window.location.href,
      };
    });
  }

  // -- the SPARQL editor: the /sparql endpoint, its rules, timeout and row cap --
  function setupQuery() {
    const form = $("#query-form");
    if (!form) return;
    const named = JSON.parse($("#named-queries").textContent);
    const text = $("#query-text");
    const cypherBox = $("#language-cypher");
    const isCypher = () => !!(cypherBox && cypherBox.checked);
    const showParams = () => {
      const field = $("#cypher-params-field");
      if (field) field.hidden = !isCypher();
    };
    $$("input[name=language]", form).forEach((r) => r.addEventListener("change", showParams));
    $("#example").addEventListener("change", (ev) => {
      const [lang, name] = ev.target.value.startsWith("cypher:")
        ? ["cypher", ev.target.value.slice(7)]
        : ["sparql", ev.target.value];
      const q = named.find((x) => x.name === name && x.language === lang);
      if (!q) return;
      text.value = q.text;
      const radio = $("input[name=language][value=" + lang + "]", form);
      if (radio) radio.checked = true;
      showParams();
    });
    const run = (accept) =>
      fetch("/sparql", {
        method: "POST",
        headers: { "Content-Type": "application/sparql-query", Accept: accept },
        body: text.value,
        credentials: "omit",
      });
    // Cypher goes to /v1/cypher; its {columns, rows} answer is shaped as SPARQL JSON results
    // so one table (and one CSV writer) serves both languages.
    const runCypher = async () => {
      let params;
      try {
        params = JSON.parse($("#cypher-params").value || "{}");
      } catch (_) {
        throw new Error("The parameters are not JSON: write them as {\"name\": value}.");
      }
      const resp = await fetch("/v1/cypher", {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ query: text.value, params }),
        credentials: "omit",
      });
      if (!resp.ok) throw new Error(await errorText(resp));
      const data = await resp.json();
      const term = (v) =>
        typeof v === "string" && /^https?:\/\//.test(v)
          ? { type: "uri", value: v }
          : { type: "literal", value: typeof v === "string" ? v : JSON.stringify(v) };
      return {
        raw: data,
        results: {
          head: { vars: data.columns },
          results: {
            bindings: data.rows.map((r) => {
              const b = {};
              data.columns.forEach((c) => {
                if (r[c] !== null && r[c] !== undefined) b[c] = term(r[c]);
              });
              return b;
            }),
          },
        },
      };
    };
    form.addEventListener("submit", async (ev) => {
      ev.preventDefault();
      const st = $("#query-status");
      status(st, "Running…", "busy");
      const t0 = performance.now();
      const table = $("#query-results");
      try {
        if (isCypher()) {
          const { raw, results } = await runCypher();
          const ms = Math.round(performance.now() - t0);
          table.replaceChildren(...resultRows(results));
          table.hidden = false;
          const cut = raw.truncated ? "; cut at the server's row limit." : ".";
          status(st, raw.rows.length + " row(s) in " + ms + " ms" + cut, "ok");
          return;
        }
        const resp = await run("application/sparql-results+json, text/turtle;q=0.5");
        if (!resp.ok) throw new Error(await errorText(resp));
        const ms = Math.round(performance.now() - t0);
        const cut = resp.headers.get("X-SPARQL-MaxRows");
        const type = resp.headers.get("Content-Type") || "";
        if (type.includes("json")) {
          const data = await resp.json();
          table.replaceChildren(...resultRows(data));
          table.hidden = false;
          const n = data.results ? data.results.bindings.length : 1;
          status(st, n + " row(s) in " + ms + " ms" + (cut ? "; cut at the server's limit of " + cut + " rows." : "."), "ok");
        } else {
          const pre = document.createElement("pre");
          pre.textContent = await resp.text();
          const row = table.insertRow();
          row.insertCell().append(pre);
          table.replaceChildren(row);
          table.hidden = false;
          status(st, "Graph result in " + ms + " ms.", "ok");
        }
      } catch (err) {
        table.hidden = true;
        status(st, err.message, "error");
      }
    });
    const download = (blob, kind) => {
      const a = document.createElement("a");
      a.href = URL.createObjectURL(blob);
      a.download = "results." + kind;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(a.href), 1000);
    };
    const csvCell = (v) => (/[",\n\r]/.test(v) ? '"' + v.replace(/"/g, '""') + '"' : v);
    $$("[data-download]", form).forEach((btn) =>
      btn.addEventListener("click", async () => {
        const kind = btn.dataset.download;
        if (isCypher()) {
          try {
            const { raw, results } = await runCypher();
            if (kind === "json") return download(new Blob([JSON.stringify(raw)], { type: "application/json" }), kind);
            const vars = results.head.vars;
            const lines = [vars.map(csvCell).join(",")].concat(
              results.results.bindings.map((b) => vars.map((v) => csvCell(b[v] ? b[v].value : "")).join(","))
            );
            return download(new Blob([lines.join("\r\n") + "\r\n"], { type: "text/csv" }), kind);
          } catch (err) {
            return status($("#query-status"), err.message, "error");
          }
        }
        const resp = await run(kind === "csv" ? "text/csv" : "application/sparql-results+json");
        if (!resp.ok) return status($("#query-status"), await errorText(resp), "error");
        download(await resp.blob(), kind);
      })
    );
  }

  function resultRows(data) {
    const rows = [];
    if (data.boolean !== undefined) {
      const tr = document.createElement("tr");
      const td = document.createElement("td");
      td.textContent = String(data.boolean);
      tr.append(td);
      return [tr];
    }
    const vars = data.head.vars;
    const head = document.createElement("tr");
    vars.forEach((v) => {
      const th = document.createElement("th");
      th.scope = "col";
      th.textContent = v;
      head.append(th);
    });
    const thead = document.createElement("thead");
    thead.append(head);
    rows.push(thead);
    const body = document.createElement("tbody");
    data.results.bindings.forEach((b) => {
      const tr = document.createElement("tr");
      vars.forEach((v) => {
        const td = document.createElement("td");
        const term = b[v];
        if (term && term.type === "uri") {
          const a = document.createElement("a");
          a.href = "/entity?iri=" + encodeURIComponent(term.value);
          a.textContent = term.value;
          td.append(a);
        } else if (term) {
          td.textContent = term.value;
        }
        tr.append(td);
      });
      body.append(tr);
    });
    rows.push(body);
    return rows;
  }

  // -- a batch: pasted lines or a file, queued as a job; its page follows the progress --
  function setupJobForm() {
    const form = $("#job-form");
    if (!form) return;
    form.addEventListener("submit", async (ev) => {
      ev.preventDefault();
      const button = $("#submit-job");
      const file = $("#job-file").files[0];
      button.disabled = true;
      status($("#job-status"), "Queuing…", "busy");
      try {
        const lines = file ? await file.text() : $("#job-lines").value;
        const resp = await write("/ui/jobs", { lines, record: $("#job-record").checked });
        window.location.href = (await resp.json()).url;
      } catch (err) {
        status($("#job-status"), err.message, "error");
        button.disabled = false;
      }
    });
  }

  // -- a document: pasted or from a file, checked, then shown annotated on its own page --
  function setupDocumentForm() {
    const form = $("#document-form");
    if (!form) return;
    form.addEventListener("submit", async (ev) => {
      ev.preventDefault();
      const button = $("#check-document");
      const file = $("#doc-file").files[0];
      button.disabled = true;
      status($("#document-status"), "Checking the document…", "busy");
      try {
        const body = { text: file ? await file.text() : $("#doc-text").value, record: $("#doc-record").checked };
        if (file) body.source = file.name;
        const resp = await write("/ui/documents", body);
        window.location.href = (await resp.json()).url;
      } catch (err) {
        status($("#document-status"), err.message, "error");
        button.disabled = false;
      }
    });
  }

  // -- sources: load an RDF file, or enrich from Wikidata (a task whose progress is polled) --
  const RDF_TYPES = {
    ttl: "text/turtle",
    nt: "application/n-triples",
    nq: "application/n-quads",
    trig: "application/trig",
    jsonld: "application/ld+json",
  };

  function setupSourceForms() {
    const load = $("#load-form");
    if (load)
      load.addEventListener("submit", async (ev) => {
        ev.preventDefault();
        const file = $("#load-file").files[0];
        const st = $("#load-status");
        const type = file && RDF_TYPES[file.name.split(".").pop().toLowerCase()];
        if (!type) return status(st, "Choose a Turtle, N-Triples, N-Quads, TriG or JSON-LD file.", "error");
        status(st, "Loading…", "busy");
        try {
          const resp = await write("/v1/sources?name=" + encodeURIComponent(file.name), await file.text(), type);
          const r = await resp.json();
          status(st, r.status === "loaded" ? "Loaded " + r.quads + " quads." : "Already loaded: nothing changed.", "ok");
          setTimeout(() => window.location.reload(), 800);
        } catch (err) {
          status(st, err.message, "error");
        }
      });
    const enrich = $("#enrich-form");
    if (enrich)
      enrich.addEventListener("submit", async (ev) => {
        ev.preventDefault();
        const st = $("#enrich-status");
        const entities = $("#enrich-entities").value.split(/[\s,]+/).filter(Boolean);
        if (!entities.length) return status(st, "Give one or more Wikidata ids, such as Q76.", "error");
        status(st, "Starting…", "busy");
        try {
          let task = await (await write("/v1/enrich", { entities, hops: Number($("#enrich-hops").value) })).json();
          while (task.state === "running") {
            status(st, "Fetching: " + task.done + " of " + task.total + " entities…", "busy");
            await new Promise((r) => setTimeout(r, 500));
            task = await (await fetch("/v1/enrich/" + encodeURIComponent(task.id))).json();
          }
          if (task.state !== "done") throw new Error(task.error ? task.error.message : "The enrichment failed.");
          const rep = task.report;
          status(st, rep.entities_fetched + " fetched, " + rep.entities_cached + " already here, " + rep.facts_written + " facts in " + rep.sources_written + " new sources.", "ok");
          setTimeout(() => window.location.reload(), 800);
        } catch (err) {
          status(st, err.message, "error");
        }
      });
  }

  // -- a job: poll its progress until it is done --
  function setupJob() {
    const box = $("#job-progress");
    if (!box || box.dataset.state === "done") return;
    const tick = async () => {
      const resp = await fetch("/v1/jobs/" + encodeURIComponent(box.dataset.job) + "?results=false");
      if (!resp.ok) return;
      const s = await resp.json();
      $("progress", box).value = s.done + s.failed;
      $("#job-counts").textContent = s.done + " done, " + s.failed + " failed, " + s.pending + " pending of " + s.total;
      $("#job-state").textContent = s.state;
      if (s.state === "done") window.location.reload();
      else setTimeout(tick, 1000);
    };
    setTimeout(tick, 1000);
  }

  document.addEventListener("DOMContentLoaded", () => {
    setupToken();
    setupCheck();
    drawGraphs(document);
    setupRecheck(document);
    setupRetract();
    setupRefresh();
    setupQuery();
    setupJobForm();
    setupSourceForms();
    setupDocumentForm();
    setupJob();
  });
})();
