import { Link } from 'react-router-dom';
import { PlaceholderPage } from './PlaceholderPage';

export default function ForgotPasswordPage() {
  return (
    <PlaceholderPage title="Forgot password" testId="page-forgot-password">
      <p>Password recovery is coming soon.</p>
      <p>
        <Link to="/login">Back to sign in</Link>
      </p>
    </PlaceholderPage>
  );
}
