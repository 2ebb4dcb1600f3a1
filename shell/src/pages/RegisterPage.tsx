import { Link } from 'react-router-dom';
import { PlaceholderPage } from './PlaceholderPage';

export default function RegisterPage() {
  return (
    <PlaceholderPage title="Sign up" testId="page-register">
      <p>Registration is coming soon.</p>
      <p>
        Already have an account? <Link to="/login">Sign in</Link>
      </p>
    </PlaceholderPage>
  );
}
