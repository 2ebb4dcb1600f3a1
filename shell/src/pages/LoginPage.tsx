import { Link } from 'react-router-dom';
import { PlaceholderPage } from './PlaceholderPage';

export default function LoginPage() {
  return (
    <PlaceholderPage title="Sign in" testId="page-login">
      <p>Sign in is coming soon.</p>
      <p>
        <Link to="/forgot-password">Forgot your password?</Link> · New here?{' '}
        <Link to="/register">Sign up</Link>
      </p>
    </PlaceholderPage>
  );
}
