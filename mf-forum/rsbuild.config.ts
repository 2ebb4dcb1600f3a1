/// <reference types="node" />
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';

const PORT = 3001;
const gateway = process.env.GATEWAY_URL ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [
    pluginReact(),
    pluginModuleFederation({
      name: 'forum',
      filename: 'remoteEntry.js',
      exposes: { './App': './src/App.tsx' },
      shared: {
        react: { singleton: true, requiredVersion: '^19.0.0' },
        'react-dom': { singleton: true, requiredVersion: '^19.0.0' },
        'react-router-dom': { singleton: true, requiredVersion: '^7.0.0' },
        '@tanstack/react-query': { singleton: true, requiredVersion: '^5.0.0' },
        '@forum/sdk': { singleton: true, requiredVersion: false },
      },
      dts: false,
      // Smaller remote entry: this remote loads no remotes itself and runs only in browsers, so
      // the runtime's snapshot plugin, remote-loading code and Node paths are left out.
      experiments: { optimization: { disableSnapshot: true, disableRemote: true, target: 'web' } },
    }),
  ],
  source: { entry: { index: './src/index.ts' } },
  // Workspace packages publish TypeScript under the `source` export condition.
  resolve: { conditionNames: ['source', '...'] },
  html: { title: 'Forum — mf-forum (standalone)' },
  output: {
    // Runtime public path: chunks load from wherever remoteEntry.js was loaded
    // (/remotes/forum/<version>/ behind the gateway, its own dev server in dev).
    assetPrefix: 'auto',
    // Inline nothing: the gateway's CSP forbids inline scripts.
    inlineScripts: false,
  },
  dev: {
    assetPrefix: `http://localhost:${PORT}/`,
    // Lazy compilation (on by default in Rsbuild 2) races with chunks requested cross-origin by
    // the shell; these apps are small enough to compile eagerly.
    lazyCompilation: false,
  },
  server: {
    port: PORT,
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
});
