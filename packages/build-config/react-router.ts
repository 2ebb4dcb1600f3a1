/**
 * What the shell provides as the shared `react-router-dom` singleton (and each remote's fallback):
 * the declarative-mode client API of React Router 7 re-exported from `react-router`, so the
 * shared module is tree-shaken (the whole package is ~60 KB gzip, this is a fraction of it).
 * Data routers, framework mode, RSC and server rendering are left out. Host and remotes get
 * one instance of it, so the remotes' <Routes> see the shell's BrowserRouter context.
 *
 * A remote that starts using another React Router export must have it added here and the shell
 * rebuilt first (the shell's copy is the one the remotes get). tsconfig.web.json maps
 * `react-router-dom` to this file, so using an export that is missing here fails the typecheck.
 */
export {
  BrowserRouter,
  HashRouter,
  MemoryRouter,
  Router,
  Routes,
  Route,
  Navigate,
  Outlet,
  Link,
  NavLink,
  createSearchParams,
  createPath,
  generatePath,
  matchPath,
  matchRoutes,
  parsePath,
  resolvePath,
  useHref,
  useInRouterContext,
  useLinkClickHandler,
  useLocation,
  useMatch,
  useNavigate,
  useNavigationType,
  useOutlet,
  useOutletContext,
  useParams,
  useResolvedPath,
  useRoutes,
  useSearchParams,
} from 'react-router';
