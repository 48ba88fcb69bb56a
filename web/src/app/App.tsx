import { Suspense } from 'react';
import { AppRoutes } from './routes';
import { UnauthorizedRedirect } from './UnauthorizedRedirect';
import { PageSkeleton } from '../components/PageSkeleton';
import { NavigationProgress } from './NavigationProgress';
import { PageBoundary } from './PageBoundary';

/** The whole app below the router; the same tree is rendered at build time and in the browser. */
export function App() {
  return (
    <PageBoundary>
      <Suspense fallback={<PageSkeleton />}>
        <NavigationProgress />
        <UnauthorizedRedirect />
        <AppRoutes />
      </Suspense>
    </PageBoundary>
  );
}
