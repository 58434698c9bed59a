// A small router on history.pushState: paths map to page functions; links with the class or
// attribute `data-link` (and every same-origin <a> without `download` or a target) navigate
// without reloading.
export interface Page {
  /** Called when the page is left: stop timers, unsubscribe. */
  dispose?: () => void;
}

export type PageFactory = (root: HTMLElement, params: Record<string, string>, query: URLSearchParams) => Page | void;

interface Route {
  pattern: RegExp;
  keys: string[];
  page: PageFactory;
}

const routes: Route[] = [];
let current: Page | void = undefined;
let rootEl: HTMLElement;
let notFound: PageFactory = () => undefined;
const afterNavigate: Array<() => void> = [];

export function route(path: string, page: PageFactory): void {
  const keys: string[] = [];
  const pattern = new RegExp('^' + path.replace(/:(\w+)/g, (_, k: string) => (keys.push(k), '([^/]+)')) + '/?$');
  routes.push({ pattern, keys, page });
}

export function setNotFound(page: PageFactory): void {
  notFound = page;
}

export function onNavigate(f: () => void): void {
  afterNavigate.push(f);
}

export function navigate(url: string, replace = false): void {
  if (replace) history.replaceState(null, '', url);
  else history.pushState(null, '', url);
  render();
}

function render(): void {
  current?.dispose?.();
  current = undefined;
  rootEl.replaceChildren();
  const path = location.pathname;
  const query = new URLSearchParams(location.search);
  let page = notFound;
  let params: Record<string, string> = {};
  for (const r of routes) {
    const m = r.pattern.exec(path);
    if (!m) continue;
    params = Object.fromEntries(r.keys.map((k, i) => [k, decodeURIComponent(m[i + 1]!)]));
    page = r.page;
    break;
  }
  current = page(rootEl, params, query);
  window.scrollTo(0, 0);
  afterNavigate.forEach((f) => f());
}

export function startRouter(root: HTMLElement): void {
  rootEl = root;
  window.addEventListener('popstate', render);
  document.addEventListener('click', (e) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const a = (e.target as Element).closest('a');
    if (!a || a.target || a.hasAttribute('download') || a.origin !== location.origin) return;
    const href = a.getAttribute('href');
    if (!href || href.startsWith('/api/') || /\.\w+($|\?)/.test(a.pathname)) return;
    e.preventDefault();
    navigate(a.pathname + a.search);
  });
  render();
}
