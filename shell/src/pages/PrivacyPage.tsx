import { Link } from 'react-router-dom';
import { LegalPage } from './LegalPage';

export default function PrivacyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      testId="page-privacy"
      other={{ to: '/terms', label: 'Terms of Service' }}
    >
      <p>
        This Privacy Policy explains what information Forum collects when you use the Service, why
        we collect it, how long we keep it and the choices you have. The Service is for adults aged
        18 and over; we do not knowingly collect information from anyone younger.
      </p>

      <h2>1. Information we collect</h2>
      <h3>Account information</h3>
      <ul data-testid="privacy-account">
        <li>
          <strong>Username</strong>: public, shown on your profile and next to everything you post.
        </li>
        <li>
          <strong>Email address</strong>: private; used to sign in and to send password reset links.
        </li>
        <li>
          <strong>Password</strong>: we never store it in readable form. It is hashed with bcrypt
          using 12 rounds, and only the hash is kept.
        </li>
        <li>
          Optional <strong>avatar</strong> image, your sign-up date and your activity points.
        </li>
      </ul>
      <h3>Reputation</h3>
      <p data-testid="privacy-reputation">
        We keep <strong>reputation scores</strong> that summarise how the community rates your
        contributions: how <strong>helpful</strong>, <strong>constructive</strong> and{' '}
        <strong>knowledgeable</strong> they are. Scores are calculated from votes and reactions on
        your content.
      </p>
      <h3>Content and activity</h3>
      <ul data-testid="privacy-activity">
        <li>
          <strong>Posts</strong> and <strong>comments</strong> you publish, including images and
          links;
        </li>
        <li>
          <strong>Votes</strong> and reactions you give, and the posts and comments you{' '}
          <strong>save</strong>;
        </li>
        <li>
          Your community <strong>memberships</strong> and the communities you create;
        </li>
        <li>Post subscriptions, notifications and your private messages;</li>
        <li>Referrals: the friends who joined with your link, and the badges you earned.</li>
      </ul>
      <h3>Moderation</h3>
      <p data-testid="privacy-moderation">
        When content is moderated we keep a record of the <strong>moderation actions</strong> taken
        (what was done, by whom and why) and of any <strong>appeals</strong> you file, so that
        moderation stays transparent and decisions can be reviewed.
      </p>
      <h3>Technical information</h3>
      <p data-testid="privacy-rate-limit">
        To protect sign-in, registration and password reset from abuse we count requests per IP
        address. This rate-limit data is kept for about 15 minutes and then deleted automatically.
      </p>

      <h2>2. How we use information</h2>
      <ul>
        <li>to run your account and show your content and profile to others;</li>
        <li>to deliver notifications and private messages;</li>
        <li>to keep the Service secure, prevent spam and abuse, and enforce the Terms;</li>
        <li>to compute rankings, scores and badges;</li>
        <li>to answer password reset requests.</li>
      </ul>
      <p>We do not sell your information and we do not show advertising.</p>

      <h2>3. Local storage, not cookies</h2>
      <p data-testid="privacy-storage">
        The Service does not use cookies. Your sign-in tokens and your preferences (such as the
        theme and the sorting you choose for lists) are kept in your browser&apos;s local storage on
        your own device. Signing out removes the tokens. You can also clear them at any time in your
        browser settings.
      </p>

      <h2>4. Images</h2>
      <p data-testid="privacy-images">
        Images you upload (avatars, community logos and post images) are processed to remove
        embedded metadata and are hosted by a third-party image host that serves them to viewers.
        That provider receives the image and the technical data any web request carries, such as the
        viewer&apos;s IP address.
      </p>

      <h2>5. Who can see what</h2>
      <p>
        Your username, profile, posts, comments, badges and community memberships are public. Your
        email address, votes, saved items and private messages are not shown to other users.
        Community moderators and administrators can see what is needed to moderate.
      </p>

      <h2>6. How long we keep information</h2>
      <p>
        Account information is kept while your account exists. Content you delete is removed from
        the Service. Sign-in sessions expire on their own (after one day, or thirty days when you
        choose &ldquo;Remember me&rdquo;), password reset links after one hour, and rate-limit data
        after about 15 minutes.
      </p>

      <h2>7. Security</h2>
      <p>
        Passwords are hashed, connections are encrypted, sign-in tokens are short-lived and rotated,
        and access to personal data is limited to what each part of the Service needs. No system is
        perfectly secure, so please use a strong, unique password.
      </p>

      <h2>8. Your choices and rights</h2>
      <p>
        You can edit or delete your posts and comments, change or remove your avatar, leave
        communities and sign out of any device. Depending on where you live you may have the right
        to access, correct or delete your personal information; contact us to use these rights.
      </p>

      <h2>9. Changes</h2>
      <p>
        We will post any change to this policy on this page with a new effective date and tell you
        in the Service about material changes.
      </p>

      <h2>10. Contact</h2>
      <p>
        Questions about your privacy? Send a private message to the site administrator. The rules
        for using the Service are in our <Link to="/terms">Terms of Service</Link>.
      </p>
    </LegalPage>
  );
}
