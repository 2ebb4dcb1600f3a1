/**
 * Prints (JSON on stdout) what index.html carries for a visitor's first paint: the landing
 * (@forum/landing, the component the forum's home page renders) as static markup, and the CSS it
 * needs before the app's stylesheets arrive. Run by rsbuild.config.ts at build time with
 * `node --import tsx`; React escapes every text, and the landing holds no user content.
 */
import { readFileSync } from 'node:fs';
import { register } from 'node:module';
import { fileURLToPath } from 'node:url';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';

// Before the landing's modules load: @forum/ui's index imports its stylesheets.
register('./css-hooks.mjs', import.meta.url);
const { VisitorLanding } = await import('@forum/landing');

/** In cascade order: the theme tokens and base, the components, the landing, its frame. */
const STYLESHEETS = [
  import.meta.resolve('@forum/ui/tokens.css'),
  import.meta.resolve('@forum/ui/components.css'),
  import.meta.resolve('@forum/landing/landing.css'),
  new URL('../src/first-paint.css', import.meta.url).href,
];

/** Comments and indentation out: the rules as written, smaller. */
function compact(css: string): string {
  return css
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s*\n\s*/g, '\n')
    .trim();
}

const html = renderToStaticMarkup(
  <MemoryRouter>
    <VisitorLanding />
  </MemoryRouter>,
);
const css = STYLESHEETS.map((url) => compact(readFileSync(fileURLToPath(url), 'utf8'))).join('\n');
process.stdout.write(JSON.stringify({ html, css }));
