// The alias react-query.ts imports the package by (shared.ts: REACT_QUERY_PACKAGE).
declare module '@forum/react-query-package' {
  export * from '@tanstack/react-query';
}
