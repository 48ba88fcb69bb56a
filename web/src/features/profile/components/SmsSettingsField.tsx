import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SMS_REPLY_NUMBER, type Language } from '@moba/contracts';
import { useSmsSettingsQuery, useUpdateSmsSettingsMutation } from '../api';

const scripts: { language: Language; key: 'latin' | 'cyrillic' | 'english' }[] = [
  { language: 'sr', key: 'latin' },
  { language: 'sr-Cyrl', key: 'cyrillic' },
  { language: 'en', key: 'english' },
];

/**
 * The worker's SMS opt-in on their profile: a switch, and the script with what it costs (Cyrillic
 * takes 70 characters a part, so a notice may arrive as two SMS). Saved at once on each change. SMS
 * go only to a phone that texted START (lifting a STOP takes a START too): the notes say so.
 */
export function SmsSettingsField() {
  const { t } = useTranslation('profile');
  const { data } = useSmsSettingsQuery();
  const [update, { isError, isSuccess }] = useUpdateSmsSettingsMutation();
  // The choice shows at once; the server's answer follows (a failure says so below).
  const [chosen, setChosen] = useState<{ enabled?: boolean; language?: Language }>({});
  if (!data) return null;
  const enabled = chosen.enabled ?? data.enabled;
  const language = chosen.language ?? data.language;
  const change = (next: { enabled?: boolean; language?: Language }) => {
    setChosen((c) => ({ ...c, ...next }));
    void update(next);
  };
  return (
    <fieldset className="card form" data-testid="sms-settings">
      <legend>{t('sms.title')}</legend>
      <p className="hint">{t('sms.intro')}</p>
      {data.phone && data.stoppedByReply && (
        <p className="alert" role="status">
          {t('sms.stopped', { phone: data.phone, number: SMS_REPLY_NUMBER })}
        </p>
      )}
      {data.phone && !data.stoppedByReply && !data.phoneProven && enabled && (
        <p className="alert" role="status" data-testid="sms-not-proven">
          {t('sms.notProven', { phone: data.phone, number: SMS_REPLY_NUMBER })}
        </p>
      )}
      <label className="check">
        <input type="checkbox" checked={enabled} onChange={(e) => change({ enabled: e.target.checked })} />
        {data.phone ? t('sms.enabled', { phone: data.phone }) : t('sms.noPhone')}
      </label>
      {enabled && (
        <fieldset>
          <legend>{t('sms.language')}</legend>
          <div className="choices">
            {scripts.map((script) => (
              <label key={script.language} className="check">
                <input
                  type="radio"
                  name="sms-language"
                  checked={language === script.language}
                  onChange={() => change({ language: script.language })}
                />
                {t(`sms.${script.key}`)}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      {isError && (
        <p className="alert error" role="alert">
          {t('sms.error')}
        </p>
      )}
      {isSuccess && (
        <p className="hint" role="status">
          {t('sms.saved')}
        </p>
      )}
    </fieldset>
  );
}
