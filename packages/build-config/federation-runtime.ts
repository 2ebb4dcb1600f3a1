/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Rspack } from '@rsbuild/core';

const require = createRequire(import.meta.url);

/** @module-federation/rspack, as the rsbuild plugin loads it (through @module-federation/enhanced). */
const federationRspack = createRequire(
  createRequire(require.resolve('@module-federation/rsbuild-plugin')).resolve(
    '@module-federation/enhanced/rspack',
  ),
);

interface PackageJson {
  exports?: Record<string, { import?: { default?: string }; require?: { default?: string } }>;
}

/** The package.json of the package a file belongs to, with its directory. */
function packageOf(file: string): { dir: string; json: PackageJson } {
  for (let dir = path.dirname(file); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    try {
      return { dir, json: JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) };
    } catch {
      // Not a package root (or a dist folder without its own package.json): keep walking up.
    }
  }
  throw new Error(`no package.json above ${file}`);
}

/**
 * The ES module build of a package whose CommonJS main entry is `cjsFile` (its `exports["."]`
 * import and require conditions). Throws when the file is not that entry, so an upgrade that
 * changes the layout fails the build rather than silently bundling both builds.
 */
export function esmEntryOf(cjsFile: string): string {
  const { dir, json } = packageOf(cjsFile);
  const main = json.exports?.['.'];
  const esm = main?.import?.default;
  const cjs = main?.require?.default;
  if (!esm || !cjs || path.join(dir, cjs) !== cjsFile) {
    throw new Error(`${cjsFile} is not the CommonJS entry of the package in ${dir}`);
  }
  return path.join(dir, esm);
}

/**
 * The CommonJS entry of the package `request` resolves to from `from` (its `exports["."]`
 * require condition): what Node's require.resolve gives the federation plugins, whatever
 * conditions the caller resolves with.
 */
function commonJsEntry(from: NodeJS.Require, request: string): string {
  const { dir, json } = packageOf(from.resolve(request));
  const cjs = json.exports?.['.']?.require?.default;
  if (!cjs) throw new Error(`${request} publishes no CommonJS entry`);
  return path.join(dir, cjs);
}

/**
 * The CommonJS files rspack's Module Federation plugin puts into a build by absolute path
 * (require.resolve, so always the `require` build): the bundler runtime that every entry and
 * remoteEntry.js imports (resolved by @rspack/core from the plugin's runtime-tools), and the
 * runtime plugin `provideExternalRuntime` adds to the shell.
 */
export function federationCommonJsFiles(): string[] {
  const runtimeTools = federationRspack.resolve('@module-federation/runtime-tools/bundler');
  return [
    commonJsEntry(createRequire(runtimeTools), '@module-federation/webpack-bundler-runtime'),
    commonJsEntry(federationRspack, '@module-federation/inject-external-runtime-core-plugin'),
  ];
}

/** The resolve aliases @rspack/core's ModuleFederationPlugin adds to CommonJS builds. */
const COMMONJS_ALIASES = /^@module-federation\/runtime(?:-tools)?\$?$/;

/** A CommonJS file of a Module Federation package. */
const FEDERATION_COMMONJS = /[\\/]node_modules[\\/]@module-federation[\\/][^\\/]+[\\/].*\.cjs$/;

const NAME = 'EsmFederationRuntimePlugin';

/**
 * Builds Module Federation's runtime (bundler runtime, runtime, runtime-core, sdk, error codes)
 * from the ES modules its packages publish, not from the CommonJS files the plugin wires in.
 * CommonJS is bundled whole; ES modules are tree-shaken and scope-hoisted, and the
 * `experiments.optimization` switches (no remotes in a remote, no snapshot plugin) then drop code
 * too: mf-forum's remoteEntry.js 48.9 -> 25.5 KB, the shell's entry 119.0 -> 89.3 KB (before
 * compression). Every runtime import must resolve to one build: a CommonJS copy of
 * @module-federation/runtime beside the ES one would hold its own federation instance.
 */
export class EsmFederationRuntimePlugin implements Rspack.RspackPluginInstance {
  apply(compiler: Rspack.Compiler): void {
    // After the federation plugins' own afterPlugins hooks, which set the aliases removed here.
    compiler.hooks.afterPlugins.tap({ name: NAME, stage: 100 }, () => {
      const kept = Object.entries(compiler.options.resolve.alias ?? {}).filter(
        ([key]) => !COMMONJS_ALIASES.test(key),
      );
      const toEsm = federationCommonJsFiles().map((file) => [`${file}$`, esmEntryOf(file)]);
      compiler.options.resolve.alias = Object.fromEntries([...toEsm, ...kept]);
    });
    // A CommonJS runtime file left in the build (a new import path after an upgrade) fails it.
    compiler.hooks.compilation.tap(NAME, (compilation) => {
      compilation.hooks.finishModules.tap(NAME, (modules) => {
        const files = [...modules]
          .map((module) => (module as { resource?: string }).resource ?? '')
          .filter((file) => FEDERATION_COMMONJS.test(file));
        if (files.length === 0) return;
        compilation.errors.push(
          new compiler.webpack.WebpackError(
            `${NAME}: ${files.length} CommonJS files of Module Federation's runtime in the ` +
              `build, such as ${files[0]}: alias the import that brings them to the ES module build`,
          ),
        );
      });
    });
  }
}
