import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROOT } from './lib/paths.js';

/**
 * `npm run check` type-checks the workspaces in two combined programs (tsconfig.apps.json,
 * tsconfig.suites.json) rather than one program per workspace. These tests keep that honest: every
 * workspace with a `typecheck` script has all its files in one combined program, checked with the
 * same compiler options as its own tsconfig.json.
 */

const COMBINED = ['tsconfig.apps.json', 'tsconfig.suites.json'];

function parse(configPath: string): ts.ParsedCommandLine {
  const read = ts.readConfigFile(configPath, (p) => ts.sys.readFile(p));
  if (read.error) throw new Error(ts.flattenDiagnosticMessageText(read.error.messageText, '\n'));
  return ts.parseJsonConfigFileContent(read.config, ts.sys, path.dirname(configPath));
}

/** The options that decide what a program accepts (paths and file lists are not among them). */
function checkingOptions(options: ts.CompilerOptions): Record<string, unknown> {
  const { configFilePath: _c, pathsBasePath: _p, ...rest } = options as Record<string, unknown>;
  return rest;
}

const rootPackage = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  workspaces: string[];
};
const typechecked = rootPackage.workspaces.filter((dir) => {
  const pkg = JSON.parse(readFileSync(path.join(ROOT, dir, 'package.json'), 'utf8')) as {
    scripts?: Record<string, string>;
  };
  return pkg.scripts?.typecheck !== undefined;
});
const combined = COMBINED.map((name) => ({ name, parsed: parse(path.join(ROOT, name)) }));

describe('combined type-check programs', () => {
  it('find the browser workspaces and the suites', () => {
    expect(typechecked).toEqual(expect.arrayContaining(['shell', 'packages/sdk', 'e2e', 'system']));
    for (const { name, parsed } of combined) {
      expect(parsed.errors, name).toEqual([]);
      expect(parsed.fileNames.length, name).toBeGreaterThan(50);
    }
  });

  it.each(typechecked)('%s: every file is in one combined program, with its options', (dir) => {
    const own = parse(path.join(ROOT, dir, 'tsconfig.json'));
    expect(own.fileNames.length).toBeGreaterThan(0);
    const home = combined.find(({ parsed }) => parsed.fileNames.includes(own.fileNames[0]!));
    expect(home, `${dir}'s files are in no combined program`).toBeDefined();
    const missing = own.fileNames.filter((f) => !home!.parsed.fileNames.includes(f));
    expect(missing, `${dir}'s files missing from ${home!.name}`).toEqual([]);
    expect(checkingOptions(home!.parsed.options)).toEqual(checkingOptions(own.options));
  });
});
