import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keptInstallPrompt, type InstallPromptEvent } from '../../../lib/install-prompt';
import { storageKeys } from '../../../lib/storage';

/** The browser's install event to show on "Add", or the steps in words on an iPhone. */
type Offer = InstallPromptEvent | 'ios';

/** Safari on an iPhone or iPad: no install event there, the worker adds the page from the share menu. */
function iosSafari(): boolean {
  const { userAgent, maxTouchPoints, platform } = navigator;
  const ios = /iPhone|iPad|iPod/.test(userAgent) || (platform === 'MacIntel' && maxTouchPoints > 1);
  return ios && /Safari/.test(userAgent) && !/CriOS|FxiOS|EdgiOS/.test(userAgent);
}

const standalone = () =>
  matchMedia('(display-mode: standalone)').matches ||
  (navigator as { standalone?: boolean }).standalone === true;

/** Which offer this phone gets: none once made, none when installed or when the browser cannot. */
function offerHere(): Offer | null {
  if (localStorage.getItem(storageKeys.installOffered) || standalone()) return null;
  return keptInstallPrompt() ?? (iosSafari() ? 'ios' : null);
}

/**
 * After a successful application: "add Moba to the home screen", once per phone. Where the browser
 * offers an install it is one tap; on an iPhone the steps in words. Dismissed, it is not made again.
 */
export default function InstallOffer() {
  const { t } = useTranslation('install');
  const [offer] = useState(offerHere);
  const [open, setOpen] = useState(offer !== null);
  useEffect(() => {
    if (offer) localStorage.setItem(storageKeys.installOffered, new Date().toISOString());
  }, [offer]);
  if (!offer || !open) return null;
  const ios = offer === 'ios';
  const install = () => {
    setOpen(false);
    if (!ios) void offer.prompt();
  };
  return (
    <aside className="install-offer alert" aria-labelledby="install-title" data-testid="install-offer">
      <p>
        <strong id="install-title">{t('title')}</strong>
        <br />
        {t(ios ? 'ios' : 'text')}
      </p>
      <div className="form-actions">
        <button type="button" onClick={() => setOpen(false)} data-testid="install-dismiss">
          {t(ios ? 'understood' : 'notNow')}
        </button>
        {!ios && (
          <button type="button" className="primary" onClick={install} data-testid="install-add">
            {t('add')}
          </button>
        )}
      </div>
    </aside>
  );
}
