import { Link } from 'react-router-dom';
import { LegalPage } from './LegalPage';

export default function TermsPage() {
  return (
    <LegalPage
      title="Terms of Service"
      testId="page-terms"
      other={{ to: '/privacy', label: 'Privacy Policy' }}
    >
      <p>
        These Terms of Service (the &ldquo;Terms&rdquo;) govern your use of Forum, a community
        discussion platform where people create communities, publish posts, comment, vote, react,
        save content, send private messages and invite friends (the &ldquo;Service&rdquo;). By
        creating an account or using the Service you agree to these Terms. If you do not agree, do
        not use the Service.
      </p>

      <h2>1. Who may use the Service</h2>
      <p data-testid="terms-age">
        You must be at least 18 years old to create an account or use the Service. By registering
        you confirm that you are 18 or older and that you are able to enter into a binding
        agreement. We may close any account that we reasonably believe belongs to someone under 18.
      </p>

      <h2>2. Your account</h2>
      <ul>
        <li>
          Choose a username made of letters and numbers. Usernames are permanent and cannot be
          changed later.
        </li>
        <li>
          Keep your password secret. You are responsible for everything done with your account. Sign
          out on shared devices, and tell us at once if you think someone else has access to it.
        </li>
        <li>Give us a working email address; we use it to let you reset a forgotten password.</li>
        <li>
          One person, one account. Do not create accounts to evade a ban or to manipulate votes.
        </li>
      </ul>

      <h2>3. Your content</h2>
      <p>
        You keep ownership of the posts, comments, messages, images and other material you submit
        (&ldquo;your content&rdquo;). You grant us a worldwide, non-exclusive, royalty-free licence
        to host, store, display, reproduce and distribute your content as needed to operate and
        improve the Service. The licence ends when you delete your content, except where it has been
        shared by others or must be kept for legal reasons or to enforce these Terms.
      </p>
      <p>
        You are responsible for your content. Only post material you have the right to share, and
        remember that posts, comments and your profile are public.
      </p>

      <h2>4. Rules of conduct</h2>
      <p>You agree not to:</p>
      <ul>
        <li>harass, threaten, bully or incite violence against anyone;</li>
        <li>post illegal content, or sexual content involving minors in any form;</li>
        <li>post explicit adult material outside communities marked NSFW (18+);</li>
        <li>share other people&apos;s private information without their consent;</li>
        <li>impersonate another person or misrepresent your affiliation;</li>
        <li>send spam, manipulate votes or reputation, or run automated accounts;</li>
        <li>
          upload malware, probe or overload the Service, or get around its rate limits and security
          measures.
        </li>
      </ul>

      <h2>5. Communities and moderation</h2>
      <p>
        Anyone who is signed in can create a community and set its rules. Community creators act as
        its first moderators and may remove content that breaks their rules. We may remove content,
        restrict features or suspend accounts that break these Terms or the law. We aim for
        transparent moderation: moderation actions are logged publicly and can be appealed.
      </p>

      <h2>6. Private messages and notifications</h2>
      <p>
        Private messages are visible only to the people in the conversation and to us where needed
        to investigate reports of abuse or to comply with the law. Do not use messages to send spam
        or unwanted content.
      </p>

      <h2>7. Referrals and badges</h2>
      <p>
        You can invite friends with your personal referral link. Badges such as Community Builder
        (earned after three friends join with your link) are recognition only; they have no monetary
        value and cannot be transferred or exchanged. Referrals obtained through spam or fake
        accounts do not count.
      </p>

      <h2>8. No advertising</h2>
      <p>The Service shows no advertising, and we do not sell your personal information.</p>

      <h2>9. Ending your use</h2>
      <p>
        You may stop using the Service at any time. We may suspend or close accounts that break
        these Terms. Sections that by their nature should survive (such as ownership, disclaimers,
        limitation of liability and governing law) continue to apply.
      </p>

      <h2>10. Disclaimers and limitation of liability</h2>
      <p>
        The Service is provided &ldquo;as is&rdquo; and &ldquo;as available&rdquo;, without
        warranties of any kind. Content is written by users and does not reflect our views. To the
        fullest extent permitted by law we are not liable for indirect, incidental or consequential
        damages, or for any loss of data, arising from your use of the Service.
      </p>

      <h2>11. Changes to these Terms</h2>
      <p>
        We may update these Terms. We will post the new version here with a new effective date and,
        for material changes, tell you in the Service before they take effect. Continuing to use the
        Service after that means you accept the updated Terms.
      </p>

      <h2>12. Governing law</h2>
      <p data-testid="terms-law">
        These Terms are governed by the laws of the State of Wyoming, United States, without regard
        to its conflict-of-law rules. Any dispute will be brought in the state or federal courts
        located in Wyoming, United States, and you consent to their jurisdiction.
      </p>

      <h2>13. Contact</h2>
      <p>
        Questions about these Terms? Send a private message to the site administrator. How we handle
        your data is explained in our <Link to="/privacy">Privacy Policy</Link>.
      </p>
    </LegalPage>
  );
}
