import { PlaceholderPage } from './PlaceholderPage';

export default function TermsPage() {
  return (
    <PlaceholderPage title="Terms of Service" testId="page-terms">
      <p>Effective May 20, 2025.</p>
      <p>You must be at least 18 years old to use this service.</p>
      <p>These terms are governed by the laws of Wyoming, United States.</p>
    </PlaceholderPage>
  );
}
