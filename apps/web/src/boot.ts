/**
 * The only script a page rendered on the server (ADR 041) names in its HTML. It starts the app's scripts once the page
 * has been painted: their ~140 KB would otherwise share the network with the page's stylesheets and hold up the first
 * paint on a slow connection, for a page that can already be read. The app's entry and the route scripts the server
 * found for the page are listed in a data block (no inline script, so the Content-Security-Policy stays as it is).
 *
 * Kept free of imports: it is its own small file, and does not wait for the app's.
 */

/** The data block's id; the server writes it (platform/page-render.ts). */
const SCRIPTS_ID = 'server-render-scripts';

interface PageScripts {
  /** The app's entry script. */
  main: string;
  /** Scripts it will need at once (its runtime, the page's routes), fetched alongside it. */
  preload: string[];
}

function startApp(): void {
  const block = document.getElementById(SCRIPTS_ID);
  if (!block?.textContent) return;
  const { main, preload } = JSON.parse(block.textContent) as PageScripts;
  for (const href of preload) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  const script = document.createElement('script');
  script.type = 'module';
  script.crossOrigin = '';
  script.src = main;
  document.head.append(script);
}

// requestAnimationFrame runs just before the next paint, and a task queued from it just after. A page opened in a
// background tab is not painted until shown; its scripts start at once there.
if (document.visibilityState === 'hidden') startApp();
else requestAnimationFrame(() => setTimeout(startApp, 0));
