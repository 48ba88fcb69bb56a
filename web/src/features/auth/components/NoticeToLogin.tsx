import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths';
import { BigIcon, type IconName } from '../../../components/Icon';

/** A notice that ends an account step: an icon, a title and what happened, then the way to log in. */
export function NoticeToLogin({
  icon,
  tone,
  title,
  lead,
  testId,
  children,
}: {
  icon: IconName;
  tone?: 'ok' | 'warn';
  title: string;
  lead: string;
  testId?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation('common');
  return (
    <section className="page narrow notice-page" data-testid={testId}>
      <BigIcon name={icon} tone={tone} />
      <h1>{title}</h1>
      <p className="lead">{lead}</p>
      {children}
      <Link to={paths.login} className="button primary">
        {t('actions.toLogin')}
      </Link>
    </section>
  );
}
