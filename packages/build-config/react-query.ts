/**
 * What the shell provides as the shared `@tanstack/react-query` singleton (and each remote's
 * fallback): the hooks and classes the apps use, so the shared module is tree-shaken (as a whole
 * package it is not: hydration, useQueries and its observer, the suspense and prefetch hooks went
 * to every visitor; ~2.6 KB brotli). One instance for host and remotes, so every app's hooks see
 * the shell's QueryClientProvider.
 *
 * It imports the package under another name (REACT_QUERY_PACKAGE, an alias of its ES module in
 * every app's build): under its own, this module would consume the very shared module it
 * provides, and Module Federation's start-up would wait for itself forever.
 *
 * An app that starts using another value export must have it added here and the shell rebuilt
 * first (the shell's copy is the one the remotes get); react-query.test.ts fails until it is.
 */
export {
  QueryClient,
  QueryClientProvider,
  keepPreviousData,
  useInfiniteQuery,
  useIsFetching,
  useMutation,
  useQuery,
  useQueryClient,
} from '@forum/react-query-package';
