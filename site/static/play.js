// The playground, as you type: calls the JSON endpoint (/api/parse) with
// the form's fields and puts the result it renders in place. Without this
// script the form still works: it reloads /play with the same fields.
(function () {
  "use strict";
  var form = document.getElementById("play-form");
  var result = document.getElementById("result");
  if (!form || !result) return;
  var api = form.getAttribute("data-api");
  var timer = null, seq = 0;

  function params() {
    var p = new URLSearchParams();
    var data = new FormData(form);
    data.forEach(function (v, k) {
      if (v !== "" || k === "ref") p.append(k, v);
    });
    return p;
  }

  function showError(msg) {
    result.textContent = "";
    var p = document.createElement("p");
    p.className = "notice";
    p.id = "api-error";
    p.textContent = msg;
    result.appendChild(p);
  }

  function update() {
    var p = params();
    var n = ++seq;
    fetch(api + "?" + p.toString(), { headers: { Accept: "application/json" } })
      .then(function (r) { return r.json().then(function (j) { return { ok: r.ok, j: j }; }); })
      .then(function (x) {
        if (n !== seq) return; // an older answer arriving late
        if (!x.ok) { showError(x.j.error || "The server could not answer."); return; }
        result.innerHTML = x.j.html; // rendered by the server's templates, escaped there
        history.replaceState(null, "", "?" + p.toString());
        result.setAttribute("data-updated", String(n));
      })
      .catch(function (e) { if (n === seq) showError("The server could not be reached: " + e); });
  }

  form.addEventListener("input", function () {
    clearTimeout(timer);
    timer = setTimeout(update, 150);
  });
  form.addEventListener("submit", function (e) {
    e.preventDefault();
    clearTimeout(timer);
    update();
  });

  // Hovering a span of the tree names its rule, its bytes and links to the
  // rule's page; clicking a span opens it.
  var current = null;
  result.addEventListener("mouseover", function (e) {
    var span = e.target.closest ? e.target.closest(".n") : null;
    if (!span || span === current) return;
    if (current) current.classList.remove("hl");
    current = span;
    span.classList.add("hl");
    var info = document.getElementById("hover-info");
    if (!info) return;
    info.textContent = "";
    var a = document.createElement("a");
    a.href = span.getAttribute("data-href");
    a.className = "rule";
    a.textContent = span.getAttribute("data-rule");
    info.appendChild(a);
    var b = span.getAttribute("data-begin"), en = span.getAttribute("data-end");
    info.appendChild(document.createTextNode(" took bytes [" + b + ", " + en + "): "));
    var code = document.createElement("code");
    var copy = span.cloneNode(true);
    copy.querySelectorAll(".l, .empty-match").forEach(function (l) { l.remove(); });
    code.textContent = copy.textContent || "(nothing)";
    info.appendChild(code);
  });
  result.addEventListener("click", function (e) {
    var span = e.target.closest ? e.target.closest(".n") : null;
    if (span && !e.target.closest("a")) window.location.href = span.getAttribute("data-href");
  });
})();
