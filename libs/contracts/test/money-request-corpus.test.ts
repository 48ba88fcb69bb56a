import { findMoneyRequest } from '../src/money-request';
import { asking, innocent, type Form } from './money-request-corpus';

/**
 * The detector measured on a labelled corpus of farm-job ad sentences (money-request-corpus.ts):
 * recall (requests caught) at least 95 % in every form of writing, and not one innocent sentence
 * refused (an estate refused for "plata unapred" would be wronged, so precision must be 100 %).
 */
const forms = Object.keys(asking) as Form[];
const isRequest = (text: string) => findMoneyRequest(text) !== null;

function measure(askingTexts: string[], innocentTexts: string[]) {
  const caught = askingTexts.filter(isRequest).length;
  const falsePositives = innocentTexts.filter(isRequest);
  return {
    recall: caught / askingTexts.length,
    precision: caught / Math.max(1, caught + falsePositives.length),
    missed: askingTexts.filter((text) => !isRequest(text)),
    falsePositives,
  };
}

const percent = (ratio: number) => `${(ratio * 100).toFixed(1)} %`;

describe('the money-request detector on the labelled corpus', () => {
  test('has at least 80 asking and 80 innocent sentences, in every form of writing', () => {
    expect(forms.flatMap((form) => asking[form]).length).toBeGreaterThanOrEqual(80);
    expect(forms.flatMap((form) => innocent[form]).length).toBeGreaterThanOrEqual(80);
    for (const form of forms) {
      expect(asking[form].length).toBeGreaterThanOrEqual(10);
      expect(innocent[form].length).toBeGreaterThanOrEqual(10);
    }
  });

  test('catches at least 95 % of the requests in every form and refuses no innocent sentence', () => {
    const total = measure(
      forms.flatMap((form) => asking[form]),
      forms.flatMap((form) => innocent[form]),
    );
    const byForm = forms.map((form) => ({ form, ...measure(asking[form], innocent[form]) }));
    console.log(
      [
        `money-request corpus: recall ${percent(total.recall)}, precision ${percent(total.precision)}`,
        ...byForm.map(
          ({ form, recall, precision, missed }) =>
            `  ${form}: recall ${percent(recall)}, precision ${percent(precision)}` +
            (missed.length ? `; missed: ${missed.join(' | ')}` : ''),
        ),
      ].join('\n'),
    );
    expect(total.falsePositives.map((text) => `${text} → ${findMoneyRequest(text)}`)).toEqual([]);
    const belowRecall = byForm.filter(({ recall }) => recall < 0.95);
    expect(belowRecall.map(({ form, missed }) => ({ form, missed }))).toEqual([]);
  });
});
