import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  EsmFederationRuntimePlugin,
  esmEntryOf,
  federationCommonJsFiles,
} from '@forum/build-config/federation-runtime';

type Alias = Record<string, string>;

/** Applies the plugin to a stand-in compiler and runs its afterPlugins hook on `alias`. */
function aliasesAfterPlugins(alias: Alias): Alias {
  const compiler = {
    options: { resolve: { alias } },
    hooks: {
      afterPlugins: { tap: (_: unknown, fn: () => void) => fn() },
      compilation: { tap: () => undefined },
    },
  };
  new EsmFederationRuntimePlugin().apply(compiler as never);
  return compiler.options.resolve.alias;
}

describe("Module Federation's runtime from its ES modules (build-config/federation-runtime)", () => {
  it('finds the CommonJS files the federation plugin wires in, and their ES module builds', () => {
    const files = federationCommonJsFiles();
    expect(files.map((file) => /webpack-bundler-runtime|inject-external/.exec(file)?.[0])).toEqual([
      'webpack-bundler-runtime',
      'inject-external',
    ]);
    for (const file of files) {
      expect(file).toMatch(/\.cjs$/);
      expect(existsSync(file)).toBe(true);
      const esm = esmEntryOf(file);
      expect(esm).not.toBe(file);
      expect(readFileSync(esm, 'utf8')).toMatch(/^export /m);
    }
  });

  it("refuses a file that is not a package's CommonJS entry", () => {
    const [bundlerRuntime] = federationCommonJsFiles();
    expect(() => esmEntryOf(esmEntryOf(bundlerRuntime!))).toThrow(/not the CommonJS entry/);
  });

  it('replaces the CommonJS aliases of the federation plugin and keeps the app aliases', () => {
    const alias = aliasesAfterPlugins({
      '@module-federation/runtime-tools': '/x/runtime-tools/dist/bundler.js',
      '@module-federation/runtime': '/x/runtime/dist/index.cjs',
      '@module-federation/runtime$': '/x/runtime/dist/bundler.js',
      '@forum/react-query-package$': '/x/react-query/build/modern/index.js',
    });
    const [bundlerRuntime, injectPlugin] = federationCommonJsFiles();
    expect(alias).toEqual({
      [`${bundlerRuntime}$`]: esmEntryOf(bundlerRuntime!),
      [`${injectPlugin}$`]: esmEntryOf(injectPlugin!),
      '@forum/react-query-package$': '/x/react-query/build/modern/index.js',
    });
  });
});
