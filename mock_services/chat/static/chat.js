// Mention suggestions for the composer, as Slack offers them: typing "@" and the start of a
// name lists the matching members (from the page's <datalist>); Up/Down choose, Enter or Tab
// or a click puts "@username " in the text. The page works without this: a typed @username
// is read by the server either way.
(function () {
  "use strict";
  function setup(area) {
    var source = document.getElementById(area.dataset.mentions);
    if (!source) return;
    var people = Array.prototype.map.call(source.options, function (o) {
      return { username: o.value, name: o.textContent };
    });
    var list = document.createElement("ul");
    list.className = "mention-list";
    list.id = area.id + "-suggestions";
    list.setAttribute("role", "listbox");
    list.setAttribute("aria-label", "People to mention");
    list.hidden = true;
    area.after(list);
    area.setAttribute("aria-controls", list.id);
    area.setAttribute("aria-autocomplete", "list");
    var chosen = 0, matches = [];

    function word() {
      var before = area.value.slice(0, area.selectionStart);
      var m = /(^|[^\w.@])@([\w.-]*)$/.exec(before);
      return m ? { start: before.length - m[2].length - 1, text: m[2].toLowerCase() } : null;
    }
    function close() { list.hidden = true; matches = []; area.removeAttribute("aria-activedescendant"); }
    function draw() {
      list.textContent = "";
      matches.forEach(function (p, i) {
        var item = document.createElement("li");
        item.id = list.id + "-" + i;
        item.setAttribute("role", "option");
        item.setAttribute("aria-selected", i === chosen ? "true" : "false");
        item.textContent = p.name + " (@" + p.username + ")";
        item.addEventListener("mousedown", function (e) { e.preventDefault(); pick(i); });
        list.appendChild(item);
      });
      list.hidden = matches.length === 0;
      if (matches.length) area.setAttribute("aria-activedescendant", list.id + "-" + chosen);
    }
    function pick(i) {
      var at = word();
      if (!at || !matches[i]) return close();
      var end = area.selectionStart;
      var insert = "@" + matches[i].username + " ";
      area.value = area.value.slice(0, at.start) + insert + area.value.slice(end);
      area.selectionStart = area.selectionEnd = at.start + insert.length;
      close();
      area.focus();
    }
    area.addEventListener("input", function () {
      var at = word();
      if (!at) return close();
      matches = people.filter(function (p) {
        return p.username.indexOf(at.text) === 0 || p.name.toLowerCase().indexOf(at.text) === 0;
      }).slice(0, 8);
      chosen = 0;
      draw();
    });
    area.addEventListener("keydown", function (e) {
      if (list.hidden) return;
      if (e.key === "ArrowDown") { chosen = (chosen + 1) % matches.length; draw(); e.preventDefault(); }
      else if (e.key === "ArrowUp") { chosen = (chosen + matches.length - 1) % matches.length; draw(); e.preventDefault(); }
      else if (e.key === "Enter" || e.key === "Tab") { pick(chosen); e.preventDefault(); }
      else if (e.key === "Escape") { close(); }
    });
    area.addEventListener("blur", function () { setTimeout(close, 150); });
  }
  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("textarea[data-mentions]").forEach(setup);
  });
})();
