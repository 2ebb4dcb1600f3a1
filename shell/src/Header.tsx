import { Link, NavLink } from 'react-router-dom';
import { buttonClassName } from '@forum/ui';

/** Minimal header; the full one (theme toggle, user menu, notifications) comes later. */
export function Header() {
  const navClass = ({ isActive }: { isActive: boolean }) =>
    isActive ? 'shell-nav__link shell-nav__link--active' : 'shell-nav__link';
  return (
    <header className="shell-header" data-testid="app-header">
      <div className="shell-header__inner">
        <Link to="/" className="shell-logo" data-testid="header-logo">
          Forum
        </Link>
        <nav className="shell-nav" aria-label="Main">
          <NavLink to="/" end className={navClass} data-testid="nav-home">
            Home
          </NavLink>
          <NavLink to="/communities" className={navClass} data-testid="nav-communities">
            Communities
          </NavLink>
        </nav>
        <div className="shell-header__actions">
          <Link to="/login" className={buttonClassName('secondary', 'sm')} data-testid="nav-signin">
            Sign in
          </Link>
          <Link
            to="/register"
            className={buttonClassName('primary', 'sm')}
            data-testid="nav-signup"
          >
            Sign up
          </Link>
        </div>
      </div>
    </header>
  );
}
