// The playground, as you type: calls the JSON endpoint (/play.json) with
// the form's fields and puts the result it renders in place. Without this
// script the form still works: it reloads /play with the same fields.
(function () {
  "use strict";
  var form = document.getElementById("play-form");
  var result = document.getElementById("result");
  if (!form || !result) return;
  var api = form.getAttribute("data-api");
  var wasmURL = form.getAttribute("data-wasm");
  var timer = null, seq = 0, ready = false;
  // What the static playground took, in milliseconds (performance.now(),
  // from the navigation start): when the module was compiled and
  // instantiated, when it was ready, when the first answer and the first
  // with the verdict under every standard and profile were shown; the last
  // keystroke's time to its answer laid out, the parts of the last answer,
  // and the module's memory in bytes. The browser tests read it; nothing
  // else does.
  var timing = window.rfc2396Timing = {};
  var memory = null; // the module's linear memory, which only grows
  // The browser's own measure of each keystroke (the Event Timing API, as
  // for Interaction to Next Paint): from the key event to the next frame
  // painted, in steps of 8 ms; a browser reports only those of 16 ms or
  // more: timing.paints is the durations of the input events reported.
  timing.paints = [];
  try {
    new PerformanceObserver(function (list) {
      list.getEntries().forEach(function (e) {
        if (e.name === "input") timing.paints.push(e.duration);
      });
    }).observe({ type: "event", durationThreshold: 16, buffered: true });
  } catch (e) { timing.paints = null; /* no Event Timing here */ }

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
    if (wasmURL) { updateHere(); return; }
    var p = params();
    var n = ++seq;
    fetch(api + "?" + p.toString(), { headers: { Accept: "application/json" } })
      .then(function (r) { return r.json().then(function (j) { return { ok: r.ok, j: j }; }); })
      .then(function (x) {
        if (n !== seq) return; // an older answer arriving late
        if (!x.ok) { showError(x.j.error || "The server could not answer."); return; }
        result.innerHTML = x.j.html; // rendered by the server's templates, escaped there
        fillWhatwg();
        history.replaceState(null, "", "?" + p.toString());
        result.setAttribute("data-updated", String(n));
      })
      .catch(function (e) { if (n === seq) showError("The server could not be reached: " + e); });
  }

  // The static copy: the library runs here, compiled to WebAssembly, and
  // renders with the server's templates (rfc2396Play answers as
  // /play.json does).
  function updateHere() {
    if (!ready) return;
    var p = params();
    var n = ++seq;
    keepAddress(p);
    // The verdict under every standard and profile comes with the first
    // answer: each profile's automaton is built lazily, as inputs reach its
    // states, which costs a few milliseconds here (docs/site.md).
    render(n, p.toString());
  }

  // The address follows the form, so that it is a permalink. A browser
  // may refuse replaceState when it is called on every keystroke (Safari
  // throws after 100 calls in 30 seconds): the answer is still shown.
  function keepAddress(p) {
    try { history.replaceState(null, "", "?" + p.toString()); } catch (e) { /* the address lags until the next answer */ }
  }

  // The parse tree of a long reference is most of an answer's markup and
  // of its layout (a 1 KB reference: about 100 KB and 20 ms here). Above
  // treeLater bytes of markup it is drawn in the frame after the rest, so
  // that a keystroke's verdict, components or error are on screen in the
  // frame that follows it; until then the tree of the answer before stays
  // (or, if there was none, an empty section). A later keystroke drops a
  // tree not drawn yet.
  var treeLater = 16384, treeOpen = '<section id="tree-section">', treeClose = "</section>";

  function render(n, query) {
    var t0 = performance.now();
    var answer = window.rfc2396Play(query);
    var t1 = performance.now();
    var j;
    try { j = JSON.parse(answer.body); } catch (e) { showError("The module's answer does not read: " + e); return; }
    if (answer.status !== 200) { showError(j.error || "The module could not answer."); return; }
    var t2 = performance.now();
    var html = j.html, tree = "";
    var i = html.indexOf(treeOpen), k = i < 0 ? -1 : html.indexOf(treeClose, i);
    if (k - i > treeLater) { // the markup escapes "<" in every reference, so the first "</section>" closes it
      tree = html.slice(i, k + treeClose.length);
      var before = html.slice(0, i), after = html.slice(k + treeClose.length);
      var old = document.getElementById("tree-section");
      if (old && old.parentNode === result) {
        // The tree on screen stays, untouched, until the new one replaces
        // it: only what is around it is replaced now.
        while (result.firstChild !== old) result.removeChild(result.firstChild);
        while (old.nextSibling) result.removeChild(old.nextSibling);
        old.insertAdjacentHTML("beforebegin", before);
        old.insertAdjacentHTML("afterend", after);
        old.setAttribute("data-pending", String(n));
      } else {
        result.innerHTML = before + '<section id="tree-section" data-pending="' + n + '"></section>' + after;
      }
    } else {
      result.innerHTML = html; // rendered by the templates, escaped there
    }
    var t3 = performance.now();
    fillWhatwg();
    var t4 = performance.now();
    void result.offsetHeight;
    timing.last = { module: t1 - t0, parse: t2 - t1, html: t3 - t2, others: t4 - t3, layout: performance.now() - t4 };
    if (memory) timing.memory = memory.buffer.byteLength;
    if (timing.firstAnswer === undefined) timing.firstAnswer = performance.now();
    if (j.verdicts && timing.firstVerdicts === undefined) timing.firstVerdicts = performance.now();
    var done = function () {
      result.setAttribute("data-updated", String(n));
      if (j.verdicts) result.setAttribute("data-verdicts", String(n));
    };
    if (!tree) { done(); return; }
    // After this frame is painted: a task queued from the next animation
    // frame runs once that frame is drawn.
    requestAnimationFrame(function () {
      setTimeout(function () {
        var pending = document.querySelector('#tree-section[data-pending="' + n + '"]');
        if (n !== seq || !pending) return; // a later answer replaced this one
        var t5 = performance.now();
        pending.outerHTML = tree;
        void result.offsetHeight;
        timing.last.tree = performance.now() - t5;
        done();
      }, 0);
    });
  }

  // What the WHATWG URL parser (this browser's) makes of the reference,
  // component by component, in the comparison the answer carries (ours and
  // Go's net/url's are rendered with it, by the server or the module).
  function fillWhatwg() {
    var table = document.getElementById("others-table");
    if (!table) return;
    var ref = form.elements.ref.value, base = form.elements.base.value;
    var w = {}, wErr = "";
    try {
      var u = base ? new URL(ref, base) : new URL(ref);
      w = { scheme: u.protocol.replace(/:$/, ""), userinfo: u.username + (u.password ? ":" + u.password : ""),
        host: u.hostname, port: u.port, path: u.pathname, query: u.search.replace(/^\?/, ""),
        fragment: u.hash.replace(/^#/, ""), resolved: u.href };
    } catch (e) { wErr = String(e.message || e); }
    table.querySelectorAll("tbody tr").forEach(function (tr) {
      var name = tr.getAttribute("data-component");
      var ours = tr.querySelector('td[data-who="ours"]'), td = tr.querySelector('td[data-who="whatwg"]');
      if (!ours || !td) return;
      td.textContent = "";
      td.className = "";
      var c = document.createElement("code");
      if (wErr) {
        c.textContent = name === "scheme" ? "error: " + wErr : "";
      } else {
        c.textContent = w[name] === undefined ? "" : w[name];
      }
      // The other parsers have no "undefined": an empty string is what
      // they give for a component that is absent or empty. The stylesheet
      // shows it in words, and the cell's text stays "".
      if (c.textContent === "") c.className = "empty-string";
      td.appendChild(c);
      if (!wErr && !ours.hasAttribute("data-none") && c.textContent !== (ours.hasAttribute("data-undefined") ? "" : ours.textContent)) {
        td.className = "differs";
        td.appendChild(document.createTextNode(" \u2260"));
      }
    });
  }
  fillWhatwg();
  // The static page opens on an example answered when the site was
  // written: that is its first answer, before the module has loaded.
  // A permalink's answer is the module's: the example's is taken away.
  if (wasmURL && document.getElementById("verdict")) {
    if (window.location.search) result.textContent = "";
    else timing.prerendered = performance.now();
  }

  // The permalink's state (ref, base, rule, standard, profile, all) into
  // the form, then load the module.
  function startHere() {
    var q = new URLSearchParams(window.location.search);
    ["ref", "base", "rule", "standard", "profile", "allow"].forEach(function (k) {
      var el = form.elements[k];
      if (el && q.has(k)) el.value = q.get(k);
    });
    if (form.elements.all) form.elements.all.checked = q.get("all") === "1";
    syncControls();
    var status = document.getElementById("wasm-status");
    window.rfc2396Ready = function () {
      timing.ready = performance.now();
      ready = true;
      if (status) status.textContent = "";
      if (status) status.hidden = true;
      result.setAttribute("data-ready", "1");
      // As on the server: nothing to show before a reference is given
      // (by the address, or typed while the module loaded).
      if (q.has("ref") || form.elements.ref.value !== "") update();
    };
    if (typeof Go === "undefined") { if (status) status.textContent = "wasm_exec.js did not load: the playground cannot run."; return; }
    var go = new Go();
    var plain = function () {
      return WebAssembly.instantiateStreaming
        ? WebAssembly.instantiateStreaming(fetch(wasmURL), go.importObject)
            .catch(function () { return fetch(wasmURL).then(function (r) { return r.arrayBuffer(); }).then(function (b) { return WebAssembly.instantiate(b, go.importObject); }); })
        : fetch(wasmURL).then(function (r) { return r.arrayBuffer(); }).then(function (b) { return WebAssembly.instantiate(b, go.importObject); });
    };
    // The module gzip-compressed (a quarter of its size), decompressed as
    // it arrives and compiled as it is decompressed; where a server has
    // already decoded it (Content-Encoding: gzip), as it is. Without
    // DecompressionStream, or if that fails, the module itself.
    var gzURL = form.getAttribute("data-wasm-gz");
    var load = gzURL && window.DecompressionStream && window.Response && WebAssembly.instantiateStreaming
      ? fetch(gzURL).then(function (r) {
          if (!r.ok || !r.body) throw new Error(r.status);
          var body = r.headers.get("Content-Encoding") === "gzip" ? r.body : r.body.pipeThrough(new DecompressionStream("gzip"));
          return WebAssembly.instantiateStreaming(new Response(body, { headers: { "Content-Type": "application/wasm" } }), go.importObject);
        }).then(function (m) { timing.gzip = true; return m; }, plain)
      : plain();
    load.then(function (m) {
      timing.instantiated = performance.now();
      memory = m.instance.exports.mem;
      go.run(m.instance);
    })
      .catch(function (e) { if (status) status.textContent = "The parser could not be loaded: " + e; });
  }
  if (wasmURL) startHere();

  // On the server each answer is a request: wait until the typing pauses.
  // Here an answer is a call into the module: answer a keystroke at once,
  // before the next frame is drawn, and at most once a frame (keystrokes
  // that follow within the same frame share an answer, given on the next).
  var frame = 0, typed = 0;
  function answerKey(since) {
    update();
    // From the keystroke to the answer laid out on the page.
    if (ready) { void result.offsetHeight; timing.keystroke = performance.now() - since; }
    frame = requestAnimationFrame(function () {
      frame = 0;
      if (typed) { var t = typed; typed = 0; answerKey(t); }
    });
  }
  // The choices of profile and of rule offer those of the standard chosen
  // (a group of options each), and fall back on the first of its group
  // (strict, the start rule) when the one chosen is not one; the edits
  // field suggests the standard's edits, and is disabled (and so not
  // sent) under a standard that has none.
  function syncGroup(select, standard) {
    if (!select || !select.querySelectorAll) return;
    var groups = select.querySelectorAll("optgroup"), mine = null;
    for (var i = 0; i < groups.length; i++) {
      var here = groups[i].getAttribute("data-standard") === standard;
      groups[i].hidden = !here;
      groups[i].disabled = !here;
      if (here) mine = groups[i];
    }
    var chosen = select.options[select.selectedIndex];
    if (mine && (!chosen || chosen.parentNode !== mine)) {
      var name = chosen ? chosen.value : "";
      var pick = mine.querySelector("option");
      for (var j = 0; j < mine.children.length; j++) {
        if (mine.children[j].value === name) pick = mine.children[j];
      }
      if (pick) pick.selected = true;
    }
  }
  // When the standard changes, the edits typed keep those the new one has.
  var syncedStandard = null;
  function syncControls() {
    var std = form.elements.standard;
    if (!std || std.disabled) return;
    syncGroup(form.elements.profile, std.value);
    syncGroup(form.elements.rule, std.value);
    var allow = form.elements.allow, edits = document.getElementById("edit-names-" + std.value);
    if (allow) {
      allow.disabled = !edits || !edits.querySelector("option");
      allow.setAttribute("list", "edit-names-" + std.value);
      allow.placeholder = edits && edits.getAttribute("data-example") ? "e.g. " + edits.getAttribute("data-example") : "";
      if (syncedStandard !== null && syncedStandard !== std.value && allow.value) {
        var known = {};
        if (edits) edits.querySelectorAll("option").forEach(function (o) { known[o.value] = true; });
        allow.value = allow.value.split(",").filter(function (c) { return known[c.trim()]; }).join(",");
      }
    }
    syncedStandard = std.value;
  }
  syncControls();
  form.addEventListener("change", syncControls);
  form.addEventListener("input", function (e) {
    syncControls();
    if (!wasmURL) {
      clearTimeout(timer);
      timer = setTimeout(update, 150);
      return;
    }
    var at = e.timeStamp || performance.now();
    if (frame) { if (!typed) typed = at; return; }
    answerKey(at);
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
