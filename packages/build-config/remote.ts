/// <reference types="node" />
import { defineConfig, type RsbuildConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { EsmFederationRuntimePlugin } from './federation-runtime';
import { sharedAliases, sharedModules } from './shared';

export interface RemoteOptions {
  /** Module Federation name: forum, inbox or admin. */
  name: string;
  /** Port of the standalone dev server. */
  port: number;
  /** Title of the standalone page. */
  title: string;
}

/**
 * The Rsbuild config of a remote (mf-forum, mf-inbox, mf-admin): exposes ./App from
 * remoteEntry.js, shares the singletons with the shell and also runs standalone on its dev server.
 */
export function defineRemoteConfig({ name, port, title }: RemoteOptions): RsbuildConfig {
  const gateway = process.env.GATEWAY_URL ?? 'http://localhost:8080';
  // Production builds are loaded by the shell, which provides the Module Federation runtime
  // (`provideExternalRuntime` in shell/rsbuild.config.ts): remoteEntry.js then carries no copy of
  // it (~32 KB -> ~14 KB gzip). The shell must be deployed with that setting before such a
  // remote. The dev server keeps a bundled runtime, since the standalone page has no shell to take
  // it from; the standalone page of a production build (`rsbuild preview`) does not start.
  const production = process.env.NODE_ENV === 'production';
  return defineConfig({
    plugins: [
      pluginReact(),
      pluginModuleFederation({
        name,
        filename: 'remoteEntry.js',
        exposes: { './App': './src/App.tsx' },
        shared: sharedModules,
        dts: false,
        experiments: {
          externalRuntime: production,
          // Smaller remote entry: a remote loads no remotes itself and runs only in browsers, so
          // the runtime's snapshot plugin, remote-loading code and Node paths are left out.
          optimization: { disableSnapshot: true, disableRemote: true, target: 'web' },
        },
      }),
    ],
    source: { entry: { index: './src/index.ts' } },
    // Workspace packages publish TypeScript under the `source` export condition; the aliases
    // serve the shared subsets (@forum/build-config/shared).
    resolve: { conditionNames: ['source', '...'], alias: sharedAliases },
    html: { title },
    output: {
      // Runtime public path: chunks load from wherever remoteEntry.js was loaded
      // (/remotes/<name>/<version>/ behind the gateway, its own dev server in dev).
      assetPrefix: 'auto',
      // Inline nothing: the gateway's CSP forbids inline scripts.
      inlineScripts: false,
    },
    dev: {
      assetPrefix: `http://localhost:${port}/`,
      // Lazy compilation (on by default in Rsbuild 2) races with chunks requested cross-origin by
      // the shell; these apps are small enough to compile eagerly.
      lazyCompilation: false,
    },
    server: {
      port,
      strictPort: true,
      // The shell on :3000 loads this remote's entry and chunks in dev (production is same-origin).
      cors: { origin: '*' },
      proxy: {
        '/api': { target: gateway, changeOrigin: true },
        '/media': { target: gateway, changeOrigin: true },
        '/remotes.json': { target: gateway, changeOrigin: true },
      },
      historyApiFallback: true,
    },
    performance: { chunkSplit: { strategy: 'split-by-experience' } },
    // Module Federation's runtime from its ES modules, tree-shaken (./federation-runtime.ts).
    tools: { rspack: { plugins: [new EsmFederationRuntimePlugin()] } },
  });
}
