/// <reference types="node" />
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { pluginModuleFederation } from '@module-federation/rsbuild-plugin';

type Shared = NonNullable<Parameters<typeof pluginModuleFederation>[0]['shared']>;

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const routerVersion = (require('react-router/package.json') as { version: string }).version;
const queryPackage = path.dirname(require.resolve('@tanstack/react-query/package.json'));
const queryVersion = (require('@tanstack/react-query/package.json') as { version: string }).version;

/** The name react-query.ts imports the package by, so it does not consume its own shared key. */
export const REACT_QUERY_PACKAGE = '@forum/react-query-package';

/** Aliases every app's build needs for the shared subsets (resolve.alias). */
export const sharedAliases: Record<string, string> = {
  // The package's ES module build (its "import" export), which rspack tree-shakes.
  [`${REACT_QUERY_PACKAGE}$`]: path.join(queryPackage, 'build/modern/index.js'),
};

/**
 * Singletons shared by the shell and every remote (one React, one router context, one query
 * cache, one session). Host and remotes must agree on this list.
 */
export const sharedModules: Shared = {
  react: { singleton: true, requiredVersion: '^19.0.0' },
  'react-dom': { singleton: true, requiredVersion: '^19.0.0' },
  // Shared under the key the apps import, but provided from a tree-shaken subset of the router
  // (see react-router.ts): the full package as a shared module is not tree-shaken.
  'react-router-dom': {
    singleton: true,
    requiredVersion: '^7.0.0',
    version: routerVersion,
    import: path.join(here, 'react-router.ts'),
  },
  // Likewise a subset of the package (see react-query.ts).
  '@tanstack/react-query': {
    singleton: true,
    requiredVersion: '^5.0.0',
    version: queryVersion,
    import: path.join(here, 'react-query.ts'),
  },
  '@forum/sdk': { singleton: true, requiredVersion: false },
};
