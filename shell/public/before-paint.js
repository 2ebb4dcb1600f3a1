/* global window, document */
// Runs before the first paint (a blocking external script: the gateway's Content-Security-Policy
// forbids inline scripts):
// - applies the theme remembered by @forum/ui (localStorage "theme": "light" | "dark"; absent =
//   follow the system);
// - marks a visitor's / with data-first-paint, which shows the landing built into index.html
//   (#first-paint, @forum/landing) until the app replaces it. A stored session token (the SDK's
//   "token" key) means a signed-in user, whose / is the feed: nothing to show then.
(function () {
  const root = document.documentElement;
  let theme = null;
  let token = null;
  try {
    theme = window.localStorage.getItem('theme');
    token = window.localStorage.getItem('token');
  } catch {
    /* storage unavailable: the system theme applies, and the session cannot have a token */
  }
  if (theme === 'light' || theme === 'dark') root.setAttribute('data-theme', theme);
  if (window.location.pathname === '/' && !token) root.setAttribute('data-first-paint', '');
})();
