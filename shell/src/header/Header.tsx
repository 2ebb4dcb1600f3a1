import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { useSession } from '@forum/sdk';
import { Button, buttonClassName } from '@forum/ui';
import { openInvite } from '../invite/inviteStore';
import { CloseIcon, MenuIcon } from './icons';
import { SearchBox } from './SearchBox';
import { useSearchShortcut } from './useSearchShortcut';
import { ThemeToggle } from './ThemeToggle';
import { TEXTS } from '../texts';

// The bell and the user menu (Radix) load after the first paint, only for signed-in users.
const SignedInControls = lazy(() => import('./SignedInControls'));

const navClass = ({ isActive }: { isActive: boolean }) =>
  isActive ? 'shell-nav__link shell-nav__link--active' : 'shell-nav__link';

function ControlsPlaceholder() {
  return (
    <span className="shell-header__placeholder" aria-hidden="true">
      <span className="shell-header__placeholder-dot" />
      <span className="shell-header__placeholder-pill" />
    </span>
  );
}

export function Header() {
  const { status, user } = useSession();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuPath, setMenuPath] = useState(pathname);
  const mobileNavId = useId();
  const searchRef = useRef<HTMLInputElement>(null);
  const mobileSearchRef = useRef<HTMLInputElement>(null);

  // "/" focuses the search: the header's on wide screens, the phone menu's (opened) on narrow ones.
  useSearchShortcut(() => {
    const wide = searchRef.current;
    if (wide && wide.offsetParent !== null) {
      wide.focus();
      return;
    }
    flushSync(() => setMenuOpen(true));
    mobileSearchRef.current?.focus();
  });

  // The phone menu closes when the route changes.
  if (menuPath !== pathname) {
    setMenuPath(pathname);
    if (menuOpen) setMenuOpen(false);
  }

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setMenuOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  const signedIn = status === 'signed-in' && user !== null;

  return (
    <header className="shell-header" data-testid="app-header">
      <div className="shell-header__inner">
        <button
          type="button"
          className="shell-icon-button shell-menu-button"
          aria-expanded={menuOpen}
          aria-controls={mobileNavId}
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          onClick={() => setMenuOpen((o) => !o)}
          data-testid="nav-menu-toggle"
        >
          {menuOpen ? <CloseIcon /> : <MenuIcon />}
        </button>
        <Link to="/" className="shell-logo" data-testid="header-logo">
          Forum
        </Link>
        <nav className="shell-nav" aria-label="Main">
          <NavLink to="/" end className={navClass} data-testid="nav-home">
            {TEXTS.home}
          </NavLink>
          <NavLink to="/communities" className={navClass} data-testid="nav-communities">
            {TEXTS.communities}
          </NavLink>
        </nav>
        <SearchBox inputRef={searchRef} className="shell-search--header" testId="header-search" />
        <div className="shell-header__actions">
          {signedIn ? (
            <Button
              variant="secondary"
              size="sm"
              className="shell-invite-button"
              onClick={(e) => openInvite(e.currentTarget)}
              data-testid="header-invite"
            >
              {TEXTS.invite}
            </Button>
          ) : null}
          <ThemeToggle />
          {signedIn ? (
            <Suspense fallback={<ControlsPlaceholder />}>
              <SignedInControls user={user} />
            </Suspense>
          ) : status === 'loading' ? (
            <ControlsPlaceholder />
          ) : (
            <span className="shell-auth-links">
              <Link
                to="/login"
                className={buttonClassName('secondary', 'sm')}
                data-testid="nav-signin"
              >
                {TEXTS.signIn}
              </Link>
              <Link
                to="/register"
                className={buttonClassName('primary', 'sm')}
                data-testid="nav-signup"
              >
                {TEXTS.signUp}
              </Link>
            </span>
          )}
        </div>
      </div>
      <nav
        id={mobileNavId}
        className="shell-mobile-nav"
        aria-label="Mobile"
        hidden={!menuOpen}
        data-testid="mobile-nav"
      >
        <SearchBox
          inputRef={mobileSearchRef}
          className="shell-search--mobile"
          testId="mobile-search"
        />
        <NavLink to="/" end className={navClass} data-testid="mobile-nav-home">
          {TEXTS.home}
        </NavLink>
        <NavLink to="/communities" className={navClass} data-testid="mobile-nav-communities">
          {TEXTS.communities}
        </NavLink>
        {signedIn ? (
          <button
            type="button"
            className="shell-nav__link shell-mobile-nav__button"
            onClick={() => {
              setMenuOpen(false);
              openInvite(document.querySelector<HTMLElement>('[data-testid="nav-menu-toggle"]'));
            }}
            data-testid="mobile-nav-invite"
          >
            {TEXTS.inviteFriends}
          </button>
        ) : status === 'signed-out' ? (
          <>
            <NavLink to="/login" className={navClass} data-testid="mobile-nav-signin">
              {TEXTS.signIn}
            </NavLink>
            <NavLink to="/register" className={navClass} data-testid="mobile-nav-signup">
              {TEXTS.signUp}
            </NavLink>
          </>
        ) : null}
      </nav>
    </header>
  );
}
