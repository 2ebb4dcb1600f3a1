import { Link } from 'react-router-dom';
import { buttonClassName } from '@forum/ui';
import { LANDING_TEXTS } from './texts';

/**
 * The top of a visitor's home page: the hero and the three feature cards. One source for two
 * renderings: the forum's home page, and the shell's build, which renders it to static markup
 * into index.html so a visitor's / paints it before any script has run (shell/scripts/).
 */
export function VisitorLanding() {
  return (
    <>
      <section className="forum-hero" data-testid="home-hero" aria-labelledby="home-hero-title">
        <h1 id="home-hero-title">{LANDING_TEXTS.heroTitle}</h1>
        <p>{LANDING_TEXTS.heroText}</p>
        <div className="forum-hero__actions">
          <Link to="/communities" className={buttonClassName('primary')} data-testid="hero-browse">
            {LANDING_TEXTS.browseCommunities}
          </Link>
          <Link to="/register" className={buttonClassName('secondary')} data-testid="hero-join">
            {LANDING_TEXTS.joinTheDiscussion}
          </Link>
        </div>
      </section>
      <ul className="forum-features" data-testid="home-features">
        {LANDING_TEXTS.features.map((f) => (
          <li key={f.title} className="forum-feature ui-card" data-testid="home-feature">
            <h2 className="forum-feature__title">{f.title}</h2>
            <p>{f.text}</p>
          </li>
        ))}
      </ul>
    </>
  );
}
