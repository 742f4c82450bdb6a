// The side panel of an annotated document: click a highlighted span (or open the page
// at #CLAIM-ID) to see its verdict, justification and cited facts. Every string from the
// report goes into the DOM with textContent or setAttribute, never innerHTML.
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("document-data").textContent);
  var claims = {};
  data.claims.forEach(function (c) { claims[c.id] = c; });
  var panel = document.getElementById("panel-body");
  var empty = document.getElementById("panel-empty");
  var CSS = {"SUPPORTED": "supported", "REFUTED": "refuted", "NOT ENOUGH INFO": "nei"};

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  }

  function show(id) {
    var c = claims[id];
    if (!c) return;
    Array.prototype.forEach.call(document.querySelectorAll("mark.fc.selected"), function (m) {
      m.classList.remove("selected");
    });
    Array.prototype.forEach.call(document.querySelectorAll("mark.fc"), function (m) {
      if ((m.getAttribute("data-claims") || "").split(" ").indexOf(id) >= 0) m.classList.add("selected");
    });
    while (panel.firstChild) panel.removeChild(panel.firstChild);
    empty.hidden = true;
    panel.setAttribute("data-claim", id);
    var head = el("p");
    var label = c.checkable ? c.verdict : "NOT CHECKABLE";
    head.appendChild(el("span", "verdict " + (c.checkable ? CSS[c.verdict] : "unchecked"), label));
    if (c.checkable) head.appendChild(el("span", "conf", "confidence " + Number(c.confidence).toFixed(2)));
    panel.appendChild(head);
    panel.appendChild(el("p", "quoted", "“" + data.text.slice(c.start, c.end) + "”"));
    var as = el("p");
    as.appendChild(el("b", null, "Checked as: "));
    as.appendChild(el("span", "checked-as", c.text));
    panel.appendChild(as);
    panel.appendChild(el("h3", null, "Justification"));
    panel.appendChild(el("p", "why", c.justification));
    if (c.evidence && c.evidence.length) {
      panel.appendChild(el("h3", null, "Cited facts"));
      var ul = el("ul", "facts");
      c.evidence.forEach(function (e) {
        var li = el("li", "fact");
        li.appendChild(el("span", "eid", e.id));
        li.appendChild(document.createTextNode(" " + e.text));
        li.appendChild(el("div", "meta", "source: " + (e.source || "")));
        ul.appendChild(li);
      });
      panel.appendChild(ul);
    }
    panel.appendChild(el("p", "meta", "claim " + c.id + (c.claim_iri ? " · recorded as " + c.claim_iri : "")));
  }

  function innermost(m) {
    return m.getAttribute("data-claim");
  }

  Array.prototype.forEach.call(document.querySelectorAll("mark.fc"), function (m) {
    m.addEventListener("click", function () { show(innermost(m)); });
    m.addEventListener("keydown", function (ev) {
      if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); show(innermost(m)); }
    });
  });
  Array.prototype.forEach.call(document.querySelectorAll("[data-goto]"), function (li) {
    li.addEventListener("click", function () { show(li.getAttribute("data-goto")); });
  });
  var hash = decodeURIComponent((location.hash || "").slice(1));
  if (hash && claims[hash]) show(hash);
  document.body.setAttribute("data-ready", "1");
})();
