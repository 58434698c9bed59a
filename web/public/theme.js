// The theme chosen on the settings page, applied before the first paint (a blocking classic
// script: the page's CSP allows scripts from this site only, not inline ones). "system" leaves
// <html> without data-theme, and the stylesheet follows the system's setting.
try {
  var theme = JSON.parse(localStorage.getItem('kirin.display') || '{}').theme;
  if (theme === 'light' || theme === 'dark') document.documentElement.dataset.theme = theme;
} catch (e) {
  /* the system's theme */
}
