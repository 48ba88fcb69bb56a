import { foldForMatch } from './script';

/**
 * Scam-proof listings: does a moba's text ask workers for money? Estates pay workers, never the other
 * way round, so an advert that asks for a payment, deposit or fee, or gives an account or card number,
 * is refused (issue code `money_request`, naming the field).
 *
 * Works on the folded text (script.ts: Latin, lower case, no diacritics), so Cyrillic, Latin with or
 * without diacritics all read the same. An employer paying wages ("isplata", "uplata zarade isti dan",
 * "plata") is ordinary, and so is saying there is nothing to pay ("bez depozita", "ne tražimo uplatu").
 *
 * Returns the matched phrase (for logs and tests), or null when the text asks for no money.
 */
export function findMoneyRequest(text: string): string | null {
  const folded = ` ${foldForMatch(text)
    .replace(/[.,;:!?()"'„“”«»/]+/g, ' ')
    .replace(/\s+/g, ' ')} `;
  const withoutDenials = folded.replace(DENIAL, ' ');
  for (const pattern of REQUESTS) {
    const match = pattern.exec(withoutDenials);
    if (match) return match[0].trim();
  }
  const digits = ACCOUNT_OR_CARD.exec(folded);
  return digits ? digits[0].trim() : null;
}

/** What workers would pay: a payment, deposit, fee, money, in advance. */
const PAYMENT_WORDS = String.raw`(?:uplat\w*|depozit\w*|kotizacij\w*|novac|novca|novcem|pare|para|kaucij\w*|naknad\w*|clanarin\w*|taks\w*)`;

/** "without a deposit", "we do not ask for a payment", "no fee": the listing says there is nothing to pay. */
const DENIAL = new RegExp(
  String.raw` (?:bez(?: ikakve| ikakvog| ikakvih)?|nema(?: nikakve| nikakvog)?|ne trazimo|ne naplacujemo|ne placate|ne placa se|nikakv\w*|no|without|free of) (?:${PAYMENT_WORDS}|placanj\w*|troskov\w*|fee|fees|deposit|payment)(?= )`,
  'g',
);

/** Wages paid by the estate: "uplata zarade", "uplata plate", "uplata dnevnice", "uplata na račun radnika". */
const WAGE_AFTER = String.raw`(?! (?:zarad\w*|plat[aeiu]\b|platu|dnevnic\w*|honorar\w*|na racun radnik\w*|radnicima|radniku|isti dan|svakog dana|nedeljno|na kraju))`;

const REQUESTS: RegExp[] = [
  // a deposit, a registration fee, a membership, a bail: always asked of the worker
  / (?:depozit\w*|kotizacij\w*|kaucij\w*|clanarin\w*)(?= )/,
  // a fee for applying or for the job: "naknada za prijavu", "taksa za posredovanje"
  / (?:naknad\w*|taks\w*|provizij\w*) (?:za |od )?(?:prijav\w*|posredovanj\w*|oglas\w*|zaposlenj\w*|posao|rezervacij\w*|mesto)(?= )/,
  // "pay / send money", in every person and form
  / (?:posalj\w*|posalji\w*|poslati|saljite|salji|uplat(?:ite|iti|i|ice|ite)|platite|platiti|prebacite|prebaciti) (?:\w+ ){0,2}?(?:novac|novca|pare|iznos\w*|uplat\w*|na racun|na broj|unapred|akontacij\w*|\d+)(?= )/,
  / (?:uplat(?:ite|iti|ice))(?= )/,
  // paying in advance
  / (?:placa(?:te|s|ju|mo)?|placanje|plati(?:te)?|uplat\w*|novac|pare) (?:\w+ )?unapred(?= )/,
  / unapred (?:placa\w*|placanj\w*|uplat\w*|plati\w*)(?= )/,
  // a payment asked for something: "uplata 2000 din za smeštaj", "potrebna uplata", "uz uplatu"
  new RegExp(
    String.raw` (?:potrebn\w* |obavezn\w* |uz |prvo |najpre |pre dolaska |minimalna )uplat\w*${WAGE_AFTER}(?= )`,
  ),
  new RegExp(String.raw` uplat\w* (?:od |u iznosu )?\d+(?: ?(?:din\w*|rsd|eur\w*|€))?(?= )`),
  new RegExp(
    String.raw` uplat\w* (?:za|na ime) (?:smestaj\w*|prevoz\w*|hran\w*|prijav\w*|rezervacij\w*|mesto|oprem\w*|obezbedjenj\w*|osiguranj\w*)(?= )`,
  ),
  // account and card words: "broj računa", "tekući račun", "na račun", "broj kartice", "western union"
  / (?:broj (?:tekuceg |ziro )?racuna|tekuc\w* racun\w*|ziro racun\w*|na (?:moj |nas )?racun\w*|broj kartic\w*|platn\w* kartic\w*|western union|moneygram|paysafe|iban)(?= )(?! (?:radnik\w*|berac\w*|zaposlen\w*))/,
  // English
  / (?:send (?:us )?money|pay (?:a |the )?(?:fee|deposit)|deposit|registration fee|pay in advance|advance payment)(?= )/,
];

/**
 * A Serbian account number (3-13-2 digits, with or without dashes or spaces: 18 digits), an IBAN, or
 * a card number (16 digits, grouped by four or not).
 */
const ACCOUNT_OR_CARD =
  / (?:\d{3}[- ]?\d{13}[- ]?\d{2}|\d{3}-\d{1,13}-\d{2}|rs\d{2}(?: ?\d{4}){4} ?\d{2}|\d{4}(?:[- ]?\d{4}){3})(?= )/;
