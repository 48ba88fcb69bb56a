import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { rememberReturnTo } from './return-to';

/** A visitor who wants to apply: sign in or sign up, then come back to this page. */
export function VisitorApply({ returnTo }: { returnTo: string }) {
  const { t } = useTranslation('day-of-work');
  const remember = () => rememberReturnTo(returnTo);
  return (
    <div className="stack" data-testid="visitor-apply">
      <p>{t('page.apply.visitor')}</p>
      <div className="form-actions">
        <Link
          to={paths.login}
          state={{ from: returnTo }}
          className="button primary"
          onClick={remember}
          data-testid="apply-login"
        >
          {t('page.apply.login')}
        </Link>
        <Link to={paths.signupAs('worker')} className="button" onClick={remember} data-testid="apply-signup">
          {t('page.apply.signup')}
        </Link>
      </div>
    </div>
  );
}
