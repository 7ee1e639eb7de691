/**
 * The app's sign-in page at /login, given to react-admin (`loginPage`): the sign-in form (src/auth/LoginForm.tsx)
 * signing in through react-admin's useLogin, which then opens the page asked for or the dashboard. A user already
 * signed in is sent to /. Signed out, /login is first shown by the sign-in entry without react-admin
 * (src/auth/PublicApp.tsx); this page shows when the app itself leads to /login (sign-out, an expired session).
 */
import { useEffect } from 'react';
import { useCheckAuth, useLogin, useNavigate } from 'react-admin';
import { LoginForm } from './LoginForm';
import { RouterAuthNavigation } from './RouterAuthNavigation';

/** The login page given to <Admin loginPage> (no props). */
const LoginPage = () => {
  const login = useLogin();
  const checkAuth = useCheckAuth();
  const navigate = useNavigate();

  useEffect(() => {
    checkAuth({}, false)
      .then(() => navigate('/', { replace: true }))
      .catch(() => undefined);
  }, [checkAuth, navigate]);

  return (
    <RouterAuthNavigation>
      <LoginForm login={(credentials) => login(credentials)} />
    </RouterAuthNavigation>
  );
};

export default LoginPage;
