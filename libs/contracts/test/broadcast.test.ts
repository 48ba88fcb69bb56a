import { BROADCAST_BRING_MAX, BroadcastSent, broadcastRequestSchema, detailsFromIssues } from '../src';

const fieldsOf = (body: unknown) => {
  const parsed = broadcastRequestSchema.safeParse(body);
  return parsed.success ? [] : detailsFromIssues(parsed.error.issues, body).map((d) => [d.field, d.code]);
};

describe('an estate broadcast request', () => {
  it('takes a start moved to a time, for all days or one day', () => {
    expect(broadcastRequestSchema.parse({ template: 'start-moved', value: '09:00' })).toEqual({
      template: 'start-moved',
      value: '09:00',
      day: null,
    });
    expect(
      broadcastRequestSchema.parse({ template: 'start-moved', value: '07:30', day: '2027-07-02' }).day,
    ).toBe('2027-07-02');
  });

  it('refuses a start moved without a time or with a time that is not HH:MM, naming value', () => {
    expect(fieldsOf({ template: 'start-moved' })).toEqual([['value', 'required']]);
    expect(fieldsOf({ template: 'start-moved', value: '9h' })).toEqual([['value', 'invalid_time']]);
  });

  it('checks what to bring like descriptions and keeps it short', () => {
    expect(broadcastRequestSchema.parse({ template: 'bring', value: '  čizme i rukavice ' }).value).toBe(
      'čizme i rukavice',
    );
    expect(fieldsOf({ template: 'bring', value: 'pozovite 064 123 4567' })).toEqual([
      ['value', 'phone_in_text'],
    ]);
    expect(fieldsOf({ template: 'bring', value: 'x'.repeat(BROADCAST_BRING_MAX + 1) })[0]).toEqual([
      'value',
      'too_long',
    ]);
  });

  it('checks free text: required, no phone numbers, no money requests', () => {
    expect(fieldsOf({ template: 'free' })).toEqual([['text', 'required']]);
    expect(fieldsOf({ template: 'free', text: 'Javite se na 0641234567' })).toEqual([
      ['text', 'phone_in_text'],
    ]);
    expect(fieldsOf({ template: 'free', text: 'Uplatite 500 dinara za smeštaj' })).toEqual([
      ['text', 'money_request'],
    ]);
    expect(
      broadcastRequestSchema.parse({ template: 'free', text: 'Sutra beremo na donjoj parceli.' }).text,
    ).toBe('Sutra beremo na donjoj parceli.');
  });

  it('needs the day for "no work" and takes no value or text with it', () => {
    expect(fieldsOf({ template: 'no-work' })).toEqual([['day', 'required']]);
    expect(fieldsOf({ template: 'no-work', day: '2027-07-02', value: '09:00', text: 'x' })).toEqual([
      ['value', 'unknown_field'],
      ['text', 'unknown_field'],
    ]);
    expect(fieldsOf({ template: 'no-work', day: '2.7.2027.' })).toEqual([['day', 'invalid_date']]);
  });

  it('takes the client broadcastId only as a UUID v4 and refuses unknown fields', () => {
    expect(fieldsOf({ template: 'no-work', day: '2027-07-02', broadcastId: 'abc' })).toEqual([
      ['broadcastId', 'invalid_id'],
    ]);
    expect(fieldsOf({ template: 'no-work', day: '2027-07-02', to: 'all' })[0]?.[1]).toBe('unknown_field');
  });
});

describe('BroadcastSent', () => {
  it('carries each recipient’s name and, for no work, the day it moved to (both optional)', () => {
    const ids = { vacancyId: crypto.randomUUID(), estateId: crypto.randomUUID() };
    const base = {
      broadcastId: crypto.randomUUID(),
      ...ids,
      estateName: 'Imanje Sunce',
      title: 'Berba malina',
      day: '2027-07-02',
      template: 'no-work' as const,
      sentAt: '2027-07-01T10:00:00.000Z',
    };
    const recipient = { workerId: crypto.randomUUID(), applicationId: crypto.randomUUID() };
    expect(BroadcastSent.data.parse({ ...base, recipients: [recipient] }).recipients).toEqual([recipient]);
    const full = { ...base, movedTo: '2027-07-21', recipients: [{ ...recipient, name: 'Ana' }] };
    expect(BroadcastSent.data.parse(full)).toEqual(full);
    expect(BroadcastSent.data.safeParse({ ...full, movedTo: '21.7.' }).success).toBe(false);
  });
});
