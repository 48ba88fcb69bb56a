import { chooseUserType, dropDraft, readDraft, updateDraft } from '../../src/features/registration/draft';

beforeEach(() => sessionStorage.clear());

describe('registration draft', () => {
  test('choosing a user type starts a draft kept in sessionStorage', () => {
    chooseUserType('Worker');
    expect(readDraft()).toEqual({ userType: 'Worker' });
    expect(JSON.parse(sessionStorage.getItem('registrationDraft')!)).toEqual({ userType: 'Worker' });
  });

  test('steps merge their values into the draft', () => {
    chooseUserType('Estate');
    updateDraft({ estateName: 'Zlatna dolina', bpg: '123456789012' });
    updateDraft({ firstName: 'Ana' });
    expect(readDraft()).toEqual({
      userType: 'Estate',
      estateName: 'Zlatna dolina',
      bpg: '123456789012',
      firstName: 'Ana',
    });
  });

  test('choosing the user type again drops everything entered before, also for the same type', () => {
    chooseUserType('Worker');
    updateDraft({ availabilityMonths: [3, 4], firstName: 'Ana', email: 'ana@example.com' });
    chooseUserType('Worker');
    expect(readDraft()).toEqual({ userType: 'Worker' });
    updateDraft({ firstName: 'Ana' });
    chooseUserType('Estate');
    expect(readDraft()).toEqual({ userType: 'Estate' });
  });

  test('a step cannot change the user type; only choosing again can', () => {
    chooseUserType('Worker');
    updateDraft({ userType: 'Estate' } as never);
    expect(readDraft()?.userType).toBe('Worker');
  });

  test('passwords are never written to storage', () => {
    chooseUserType('Worker');
    updateDraft({ email: 'a@b.rs', password: 'tajna-lozinka', confirmPassword: 'tajna-lozinka' });
    expect(sessionStorage.getItem('registrationDraft')).not.toContain('tajna');
  });

  test('without a choice there is no draft to update, and a dropped or broken draft reads as none', () => {
    expect(updateDraft({ firstName: 'Ana' })).toBeNull();
    chooseUserType('Worker');
    dropDraft();
    expect(readDraft()).toBeNull();
    sessionStorage.setItem('registrationDraft', '{not json');
    expect(readDraft()).toBeNull();
    sessionStorage.setItem('registrationDraft', JSON.stringify({ userType: 'Admin' }));
    expect(readDraft()).toBeNull();
  });
});
