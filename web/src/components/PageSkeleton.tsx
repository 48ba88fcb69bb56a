import { useTranslation } from 'react-i18next';

/** Grey shapes of cards where a list is coming: the layout stands still when the data arrives. */
export function CardSkeletons({ count = 3 }: { count?: number }) {
  const { t } = useTranslation('common');
  return (
    <div className="skeletons" role="status" data-testid="skeleton">
      <span className="sr-only">{t('loading')}</span>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="skeleton-card" aria-hidden="true">
          <span className="skeleton-line wide" />
          <span className="skeleton-line" />
          <span className="skeleton-line short" />
          <span className="skeleton-block" />
        </div>
      ))}
    </div>
  );
}

/** A page whose code is still on its way: a title's place and a few cards. */
export function PageSkeleton() {
  return (
    <div className="page page-skeleton">
      <span className="skeleton-title" aria-hidden="true" />
      <CardSkeletons count={2} />
    </div>
  );
}
