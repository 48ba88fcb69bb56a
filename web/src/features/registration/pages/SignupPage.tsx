import { useCallback, useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths';
import { chooseUserType, type UserType } from '../draft';
import { StepHeader } from '../components/parts';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { Icon } from '../../../components/Icon';

const chosenBy: Record<string, UserType> = { worker: 'Worker', estate: 'Estate' };

/**
 * /signup: worker or estate. Choosing (again) drops the draft and starts over; /signup?as=worker
 * (or estate), where the home page's two buttons lead, makes the choice at once.
 */
export default function SignupPage() {
  const { t } = useTranslation('registration');
  useDocumentTitle(t('signup.title'));
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const preset = chosenBy[search.get('as') ?? ''];
  const choose = useCallback(
    (type: UserType, replace = false) => {
      chooseUserType(type);
      navigate(type === 'Worker' ? paths.monthAvailability : paths.estateRegistration, { replace });
    },
    [navigate],
  );
  useEffect(() => {
    if (preset) choose(preset, true);
  }, [preset, choose]);
  return (
    <section className="page narrow">
      <StepHeader current={1} />
      <h1>{t('signup.title')}</h1>
      <p className="lead">{t('signup.lead')}</p>
      <div className="choice-cards">
        <button
          type="button"
          className="choice-card"
          data-testid="choose-worker"
          onClick={() => choose('Worker')}
        >
          <Icon name="worker" size={32} />
          <strong>{t('signup.worker')}</strong>
          <span>{t('signup.workerText')}</span>
        </button>
        <button
          type="button"
          className="choice-card"
          data-testid="choose-estate"
          onClick={() => choose('Estate')}
        >
          <Icon name="tractor" size={32} />
          <strong>{t('signup.estate')}</strong>
          <span>{t('signup.estateText')}</span>
        </button>
      </div>
      <p className="tap-links">
        {t('signup.haveAccount')} <Link to={paths.login}>{t('signup.login')}</Link>
      </p>
    </section>
  );
}
