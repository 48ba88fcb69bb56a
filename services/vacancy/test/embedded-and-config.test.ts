import { ConfigError } from '@moba/platform';
import { startForTest, testToken } from '@moba/platform/testing';
import { embeddedTestContext } from '../../../libs/platform/test/fixtures/embedded-context';
import { createEmbedded } from '../src/embedded';
import { loadVacancyConfig } from '../src/config';
import { validVacancy } from './helpers';
import { calendarDay } from '@moba/contracts';

describe('configuration', () => {
  it('defaults the promo to 2025-03-01..2026-12-31, the job to every 5 s and the payment timeout to 30 min', () => {
    const config = loadVacancyConfig({});
    expect([
      config.PROMO_START,
      config.PROMO_END,
      config.SCHEDULER_INTERVAL_MS,
      config.PENDING_TIMEOUT_MS,
    ]).toEqual(['2025-03-01', '2026-12-31', 5000, 1_800_000]);
  });

  it('stops at start naming a bad variable', () => {
    expect(() => loadVacancyConfig({ PROMO_START: 'soon' })).toThrow(ConfigError);
    expect(() => loadVacancyConfig({ PROMO_START: '2026-05-01', PROMO_END: '2026-01-01' })).toThrow(
      /PROMO_END/,
    );
    expect(() => loadVacancyConfig({ SCHEDULER_INTERVAL_MS: '0' })).toThrow(/SCHEDULER_INTERVAL_MS/);
  });
});

test('the embedded runtime builds the service from its context and environment', async () => {
  const deps = embeddedTestContext({
    NODE_ENV: 'development',
    LOG_LEVEL: 'silent',
    PROMO_START: '2020-01-01',
    PROMO_END: '2020-01-02',
  });
  const service = await createEmbedded(deps);
  const { client, stop } = await startForTest(service);
  try {
    const estate = await testToken('Estate');
    const res = await client.post(
      '/estates/vacancies/create',
      validVacancy(calendarDay(deps.clock.now()), { sponsored: true }),
      estate.auth,
    );
    expect(res.status).toBe(201);
    // outside the configured promo: a sponsored vacancy is paid, so Pending
    expect((await client.get('/estates/vacancies/all', estate.auth)).body[0]).toMatchObject({
      status: 'Pending',
      featuring: 'paid',
    });
    expect((await client.get('/readyz')).status).toBe(200);
  } finally {
    await stop();
  }
});
