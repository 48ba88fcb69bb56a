import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { setUnauthorizedNavigation } from '../lib/unauthorized';
import { paths } from './paths';

/** Lets the API layer's 401 handling navigate inside the SPA instead of reloading the page. */
export function UnauthorizedRedirect() {
  const navigate = useNavigate();
  useEffect(() => {
    setUnauthorizedNavigation(() => navigate(paths.login, { replace: true }));
  }, [navigate]);
  return null;
}
