import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SUBSET = path.join(root, 'packages/build-config/react-query.ts');
/** Everything the browser runs: the shell, the remotes and the packages they bundle. */
const SOURCES = ['shell/src', 'mf-forum/src', 'mf-inbox/src', 'mf-admin/src', 'packages'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      return ['node_modules', 'dist', 'build-config'].includes(entry.name) ? [] : sourceFiles(full);
    }
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The value names a file imports from a module (type-only imports and specifiers left out). */
function valueImports(text: string, from: string): string[] {
  const names: string[] = [];
  const pattern = new RegExp(`import\\s+(type\\s+)?\\{([^}]*)\\}\\s+from\\s+'${from}'`, 'g');
  for (const [, typeOnly, list] of text.matchAll(pattern)) {
    if (typeOnly) continue;
    for (const spec of list!.split(',')) {
      const name = spec.trim().split(/\s+as\s+/)[0]!;
      if (name && !name.startsWith('type ')) names.push(name);
    }
  }
  return names;
}

describe('the shared @tanstack/react-query subset (packages/build-config/react-query.ts)', () => {
  const subsetText = readFileSync(SUBSET, 'utf8');
  const provided = new Set(
    (/export\s*\{([^}]*)\}\s*from/.exec(subsetText)?.[1] ?? '')
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean),
  );

  it('provides every value an app imports (the shell’s copy is the one every remote gets)', () => {
    const used = new Map<string, string>();
    for (const dir of SOURCES) {
      for (const file of sourceFiles(path.join(root, dir))) {
        for (const name of valueImports(readFileSync(file, 'utf8'), '@tanstack/react-query')) {
          used.set(name, path.relative(root, file));
        }
      }
    }
    expect(used.size, 'the scan finds the apps’ imports').toBeGreaterThan(3);
    const missing = [...used].filter(([name]) => !provided.has(name));
    expect(missing, 'imported but not in the shared subset: [name, a file using it]').toEqual([]);
  });

  it('imports the package under its alias, never under the shared key it provides', () => {
    expect(subsetText).not.toMatch(/from '@tanstack\/react-query'/);
    expect(subsetText).toMatch(/from '@forum\/react-query-package'/);
  });
});
