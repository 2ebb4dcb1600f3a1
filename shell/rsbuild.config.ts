/// <reference types="node" />
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { EsmFederationRuntimePlugin } from '@forum/build-config/federation-runtime';
import { sharedAliases, sharedModules } from '@forum/build-config/shared';

const PORT = 3000;

/**
 * The visitor landing and its CSS for index.html (scripts/first-paint.tsx), rendered once per
 * build with tsx: React's JSX and the workspace's TypeScript under the web tsconfig.
 */
function renderFirstPaint(): { html: string; css: string } {
  const dir = fileURLToPath(new URL('.', import.meta.url));
  const out = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/first-paint.tsx'], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'production', TSX_TSCONFIG_PATH: '../tsconfig.web.json' },
  });
  return JSON.parse(out) as { html: string; css: string };
}

/** An async chunk of its own for the modules `test` matches, whatever their size. */
const libraryChunk = (name: string, test: RegExp) =>
  ({ name, test, chunks: 'async', priority: 10, enforce: true }) as const;

/**
 * One chunk per shared library, its Module Federation re-export module included: a visitor's /
 * loaded react, react-dom, react-dom/client, the router subset's re-exports and react-query's
 * as 3 + 2 + 2 files, each with ~470 bytes of headers and its own compression window (143.2 ->
 * 137.1 KB on the wire, 17 -> 12 files). The shell provides these to every remote; every page
 * runs them. (The federation plugin deletes rsbuild's own `react`/`router` groups for shared
 * modules; these have other keys.) Other packages stay in async vendor chunks: the entry keeps
 * what it imports (no 165-byte chunk for the federation runtime's re-exports).
 */
const cacheGroups = {
  defaultVendors: {
    test: /[\\/]node_modules[\\/]/,
    chunks: 'async',
    priority: -10,
    reuseExistingChunk: true,
  },
  libReact: libraryChunk('lib-react', /node_modules[\\/](?:react|react-dom|scheduler)[\\/]/),
  libQuery: libraryChunk(
    'lib-query',
    /node_modules[\\/]@tanstack[\\/]|build-config[\\/]react-query\.ts$/,
  ),
  libRouter: libraryChunk(
    'lib-router',
    /node_modules[\\/]react-router(?:-dom)?[\\/]|build-config[\\/]react-router\.ts$/,
  ),
} as const;

const gateway = process.env.GATEWAY_URL ?? 'http://localhost:8080';

/**
 * REMOTES_DEV=1: the shell's own server answers /remotes.json with the remotes' dev servers
 * (override each with REMOTE_FORUM_URL, REMOTE_INBOX_URL, REMOTE_ADMIN_URL), so `npm run dev`
 * works without a gateway change. Otherwise /remotes.json is proxied to the gateway.
 */
const devRemotes = process.env.REMOTES_DEV === '1';
const devRemotesMap = {
  forum: {
    version: 'dev',
    entry: process.env.REMOTE_FORUM_URL ?? 'http://localhost:3001/remoteEntry.js',
  },
  inbox: {
    version: 'dev',
    entry: process.env.REMOTE_INBOX_URL ?? 'http://localhost:3002/remoteEntry.js',
  },
  admin: {
    version: 'dev',
    entry: process.env.REMOTE_ADMIN_URL ?? 'http://localhost:3003/remoteEntry.js',
  },
};

export default defineConfig({
  plugins: [
    pluginReact(),
    pluginModuleFederation({
      name: 'shell',
      // Remotes are registered at run time from /remotes.json (src/remotes.ts).
      remotes: {},
      shared: sharedModules,
      dts: false,
      // The remotes' production builds leave the MF runtime out and use this one.
      experiments: {
        provideExternalRuntime: true,
        // The remotes are registered with their remoteEntry.js (never an mf-manifest.json), so the
        // runtime's snapshot plugin has nothing to do; browsers only: no Node loading paths.
        optimization: { disableSnapshot: true, target: 'web' },
      },
    }),
  ],
  source: { entry: { index: './src/index.ts' } },
  // Workspace packages publish TypeScript under the `source` export condition; the aliases
  // serve the shared subsets (@forum/build-config/shared).
  resolve: { conditionNames: ['source', '...'], alias: sharedAliases },
  html: {
    // lang attribute, color-scheme, the blocking before-paint script, the visitor landing and
    // the CSS it paints with.
    template: './index.html',
    templateParameters: { firstPaint: renderFirstPaint() },
    title: 'Forum',
    meta: { description: 'Community discussion forum' },
    favicon: './src/favicon.svg',
  },
  output: {
    // The shell is served at the gateway root; deep links (/c/x) need absolute asset URLs.
    assetPrefix: '/',
    // The gateway's CSP forbids inline scripts.
    inlineScripts: false,
  },
  // Lazy compilation (on by default in Rsbuild 2) is off for predictable dev loads of remotes.
  dev: { lazyCompilation: false },
  server: {
    port: PORT,
    strictPort: true,
    historyApiFallback: true,
    proxy: {
      '/api': { target: gateway, changeOrigin: true },
      '/media': { target: gateway, changeOrigin: true },
      '/remotes': { target: gateway, changeOrigin: true },
      ...(devRemotes ? {} : { '/remotes.json': { target: gateway, changeOrigin: true } }),
    },
    setup: ({ server }) => {
      if (!devRemotes) return;
      server.middlewares.use((req, res, next) => {
        if ((req.url ?? '').split('?')[0] !== '/remotes.json') return next();
        res.setHeader('Content-Type', 'application/json');
        res.setHeader('Cache-Control', 'no-store');
        res.end(JSON.stringify(devRemotesMap));
      });
    },
  },
  performance: { chunkSplit: { strategy: 'split-by-experience', override: { cacheGroups } } },
  // Module Federation's runtime from its ES modules, tree-shaken (build-config/federation-runtime).
  tools: { rspack: { plugins: [new EsmFederationRuntimePlugin()] } },
});
