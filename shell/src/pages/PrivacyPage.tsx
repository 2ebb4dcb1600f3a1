import { PlaceholderPage } from './PlaceholderPage';

export default function PrivacyPage() {
  return (
    <PlaceholderPage title="Privacy Policy" testId="page-privacy">
      <p>Effective May 20, 2025.</p>
      <p>
        Tokens and preferences (theme, sorting) live in your browser&apos;s local storage. No
        cookies are used.
      </p>
    </PlaceholderPage>
  );
}
