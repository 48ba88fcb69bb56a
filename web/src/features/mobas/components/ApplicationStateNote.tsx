import { useTranslation } from 'react-i18next';
import type { ApplicationStatus } from '@moba/contracts';
import { Icon, type IconName } from '../../../components/Icon';

const look: Record<ApplicationStatus, { icon: IconName; tone: string }> = {
  Pending: { icon: 'hourglass', tone: 'pending' },
  Accepted: { icon: 'check', tone: 'accepted' },
  Rejected: { icon: 'close', tone: 'declined' },
  Closed: { icon: 'close', tone: 'declined' },
  Cancelled: { icon: 'close', tone: 'declined' },
};

/** Where the worker's own application to a moba stands: applied, accepted or not accepted. */
export function ApplicationStateNote({ status }: { status: ApplicationStatus }) {
  const { t } = useTranslation('mobas');
  const { icon, tone } = look[status];
  return (
    <p className={`application-state ${tone}`} data-testid="application-state" data-status={status}>
      <Icon name={icon} /> {t(`applicationState.${status}`)}
    </p>
  );
}
