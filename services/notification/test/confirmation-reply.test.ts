import { parseConfirmationReply } from '../src/domain/confirmation-reply';

describe('an SMS reply to a confirmation request (DA / NE, any script)', () => {
  test.each([
    ['DA', { answer: 'yes' }],
    ['da', { answer: 'yes' }],
    ['Da.', { answer: 'yes' }],
    ['Да!', { answer: 'yes' }],
    ['ДА', { answer: 'yes' }],
    ['  da  ', { answer: 'yes' }],
    ['DA 4', { answer: 'yes', heads: 4 }],
    ['da, 3 osobe', { answer: 'yes', heads: 3 }],
    ['Да 12', { answer: 'yes', heads: 12 }],
    ['dolazim', { answer: 'yes' }],
    ['Dolazim!', { answer: 'yes' }],
    ['долазим', { answer: 'yes' }],
    ['Dolazimo 5', { answer: 'yes', heads: 5 }],
    ['stižem', { answer: 'yes' }],
    ['стижем', { answer: 'yes' }],
    ['yes', { answer: 'yes' }],
    ['NE', { answer: 'no' }],
    ['ne.', { answer: 'no' }],
    ['Не', { answer: 'no' }],
    ['ne mogu', { answer: 'no' }],
    ['не могу', { answer: 'no' }],
    ['Ne mogu, bolestan sam', { answer: 'no' }],
    ['NE dolazim', { answer: 'no' }],
    ['не долазим', { answer: 'no' }],
    ['neću', { answer: 'no' }],
    ['нећу', { answer: 'no' }],
    ['nemogu', { answer: 'no' }],
    ['ne, hvala', { answer: 'no' }],
    ['NE 4', { answer: 'no' }],
  ])('%j is %j', (text, expected) => {
    expect(parseConfirmationReply(text)).toEqual(expected);
  });

  test.each([
    [''],
    ['   '],
    ['?'],
    ['možda'],
    ['можда'],
    ['ne znam'],
    ['не знам'],
    ['da ne'],
    ['DA 0'],
    ['dane'],
    ['hvala'],
    ['STOP'],
    ['4'],
    ['ok'],
  ])('%j is not an answer', (text) => {
    expect(parseConfirmationReply(text)).toBeNull();
  });
});
