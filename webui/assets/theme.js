// Applies the saved theme before the first paint, so a dark page never
// flashes light. Without a saved choice the CSS follows the system's
// prefers-color-scheme.
(function () {
  try {
    var t = localStorage.getItem("codeseek-theme");
    if (t === "light" || t === "dark") document.documentElement.dataset.theme = t;
  } catch (e) { /* storage off: follow the system */ }
})();
