import { randomUUID } from 'node:crypto';
import { notificationKeys, topics, type Notification } from '@moba/contracts';
import { eventually, testToken } from '@moba/platform/testing';
import * as events from '../src/messaging/consumed-events';
import { startNotification, type StartedNotification } from './helpers';

let svc: StartedNotification;
beforeAll(async () => {
  svc = await startNotification();
});
afterAll(() => svc.stop());

const listOf = async (userId: string): Promise<Notification[]> => {
  const { auth } = await testToken('Estate', { id: userId });
  return (await svc.client.get('/notifications/all', auth)).body;
};

test('the estate is told when its moba is held, hidden by reports, approved or rejected (with the note), once per event', async () => {
  const [vacancyId, estateId] = [randomUUID(), randomUUID()];
  const change = (state: 'held' | 'hidden' | 'approved' | 'rejected', note?: string) =>
    events.VacancyReviewChanged.create(vacancyId, {
      vacancyId,
      estateId,
      title: 'Berba kupina',
      state,
      ...(note ? { note } : {}),
    });
  const held = change('held');
  await svc.publish(topics.vacancy, held);
  await svc.publish(topics.vacancy, held); // redelivered
  await svc.publish(topics.vacancy, change('approved', 'dnevnica ispravljena'));
  const list = await eventually(async () => {
    const items = await listOf(estateId);
    return items.length === 2 ? items : undefined;
  }, 'two notifications');
  expect(list.map((n) => n.content.key).sort()).toEqual(
    [notificationKeys.listingApproved, notificationKeys.listingHeld].sort(),
  );
  expect(list.find((n) => n.content.key === notificationKeys.listingApproved)!.content.params).toMatchObject({
    vacancyId,
    vacancyTitle: 'Berba kupina',
    note: 'dnevnica ispravljena',
  });
});
