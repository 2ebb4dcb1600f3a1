// Node module hooks for scripts/first-paint.tsx: a stylesheet import (`import './x.css'`, as
// @forum/ui's index has) loads as an empty module. The build inlines the CSS it needs itself.
export async function load(url, context, nextLoad) {
  if (new URL(url).pathname.endsWith('.css')) {
    return { format: 'module', source: 'export {};', shortCircuit: true };
  }
  return nextLoad(url, context);
}
