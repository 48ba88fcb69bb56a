import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths';
import { chooseUserType, type UserType } from '../draft';
import { StepHeader } from '../components/parts';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { Icon } from '../../../components/Icon';

/** /signup: worker or estate. Choosing (again) drops the draft and starts over. */
export default function SignupPage() {
  const { t } = useTranslation('registration');
  useDocumentTitle(t('signup.title'));
  const navigate = useNavigate();
  const choose = (type: UserType) => {
    chooseUserType(type);
    navigate(type === 'Worker' ? paths.monthAvailability : paths.estateRegistration);
  };
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
