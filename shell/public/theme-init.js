/* global window, document */
// Runs before the first paint: applies the theme remembered by @forum/ui (localStorage "theme":
// "light" | "dark"; absent = follow the system). A blocking external script because the gateway's
// Content-Security-Policy forbids inline scripts.
(function () {
  try {
    const theme = window.localStorage.getItem('theme');
    if (theme === 'light' || theme === 'dark') {
      document.documentElement.setAttribute('data-theme', theme);
    }
  } catch {
    /* storage unavailable: the system theme applies */
  }
})();
