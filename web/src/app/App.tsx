import { Suspense } from 'react';
import { AppRoutes } from './routes';
import { UnauthorizedRedirect } from './UnauthorizedRedirect';
import { Spinner } from '../components/Spinner';

/** The whole app below the router; the same tree is rendered at build time and in the browser. */
export function App() {
  return (
    <Suspense fallback={<Spinner />}>
      <UnauthorizedRedirect />
      <AppRoutes />
    </Suspense>
  );
}
