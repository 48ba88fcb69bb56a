import { foldForMatch } from './script';

/**
 * Scam-proof listings: does a moba's text ask workers for money? Estates pay workers, never the other
 * way round, so an advert that asks for a payment, deposit or fee, or gives an account or card number,
 * is refused (issue code `money_request`, naming the field).
 *
 * Each sentence is read folded (script.ts: Latin, lower case, no diacritics), so Cyrillic and Latin
 * with or without diacritics read the same; English is read alongside Serbian. A request is one of a
 * few rule families below: a fee that is always the worker's (depozit, kotizacija, fee), the worker as
 * the one who pays ("plaćate", "workers pay"), a payment word near a prerequisite ("unapred", "pre
 * dolaska", "za rezervaciju", "to reserve") or an obligation ("mora biti uplaćeno", "must be paid"), a
 * price on a place or a registration, money sent, an account or card. Wages paid by the estate
 * ("dnevnica se isplaćuje", "plata se uplaćuje na račun", "we pay in advance", "wages are paid before
 * you leave") and saying there is nothing to pay ("bez depozita", "depozit nije potreban", "you don't
 * pay anything") are ordinary: denials are dropped first, and a payment word right after the estate or
 * the wage, or with a wage word between it and its prerequisite, is the wage.
 *
 * Returns the matched phrase (for logs and tests), or null when the text asks for no money.
 * The corpus in test/money-request-corpus.ts measures it.
 */
export function findMoneyRequest(text: string): string | null {
  for (const sentence of sentencesOf(text)) {
    const words = withoutDenials(` ${readAsWords(sentence)} `);
    for (const rule of REQUESTS) {
      const match = rule.exec(words);
      if (match) return match[0].trim();
    }
  }
  const digits = ACCOUNT_OR_CARD.exec(` ${readAsWords(text)} `);
  return digits ? digits[0].trim() : null;
}

/** Sentences, so that a rule never joins words across a full stop ("1.000" is a number, not a stop). */
const sentencesOf = (text: string) => text.split(/(?<!\d)[.!?;\n]|[.!?;\n](?!\d)/);

/** Folded words separated by single spaces; "2.000" and "2,000" read "2000". */
const readAsWords = (text: string) =>
  foldForMatch(text)
    .replace(/(\d)[.,](?=\d{3})/g, '$1')
    .replace(/[.,;:!?()"'’„“”«»/]+/g, ' ')
    .replace(/\s+/g, ' ');

const words = (...alternatives: string[]) => `(?:${alternatives.join('|')})`;

// ── Vocabulary (folded) ──────────────────────────────────────────────────────────────────────────

/** Fees that only a worker would pay: a deposit, a registration fee, a membership, a bail. */
const FEE = words(
  String.raw`depozit\w*`,
  String.raw`kotizacij\w*`,
  String.raw`kaucij\w*`,
  String.raw`clanarin\w*`,
  String.raw`upisnin\w*`,
  String.raw`participacij\w*`,
  String.raw`kapar\w*`,
  'fees?',
  'deposits?',
  'down payment',
  'advance payment',
  'upfront payment',
);

/**
 * Paying, as a verb (not the first person plural: "plaćamo" is the estate) or as a payment noun; not
 * the wage nouns "plata" and "isplata".
 */
const PAY = words(
  String.raw`(?:u|na)?plac(?:a|as|ate|aju|ati|anj[aeu]?|anjem|en\w*|uje|ujes|ujete|uju)`,
  '(?:u|na)?plat(?:i|is|ite|iti|ice|io|ila|ili)',
  'uplat(?:a|e|u|om|ama)',
  String.raw`(?:na)?doknad\w*`,
  String.raw`naknad\w*`,
  String.raw`garancij\w*`,
  'guarantee',
  'taks(?:a|e|u|om)',
  String.raw`provizij\w*`,
  'pay(?:s|ing|ment|ments|able)?(?! (?:is|rate|will))',
  'paid',
);
/** Money itself: asked for only with a prerequisite ("novac unapred"), never for a purpose alone. */
const MONEY = words(
  'novac',
  'novca',
  'novcem',
  'pare',
  'para',
  String.raw`iznos\w*`,
  String.raw`akontacij\w*`,
  String.raw`avans\w*`,
  'money',
  'amount',
);
/** Sending or moving money. */
const SEND = words(
  String.raw`posalj\w*`,
  String.raw`salj\w*`,
  'poslati',
  String.raw`prebac\w*`,
  'send',
  'wire',
  'transfer',
);
/** Someone who pays a worker, or is the worker: before a payment word they make it ordinary. */
const PAYER_OR_PAYEE = words(
  'mi',
  'cemo',
  'cu',
  'gazda',
  'poslodavac',
  'vlasnik',
  'domacin',
  'we',
  'we ll',
  'we will',
  'farm',
  'employer',
  'owner',
  'you',
  'you re',
  'workers are',
  String.raw`plat[aeu]`,
  'platom',
  String.raw`zarad\w*`,
  String.raw`dnevnic\w*`,
  String.raw`honorar\w*`,
  String.raw`isplat\w*`,
  'wages?',
  'salary',
  'overtime',
);
/** After a payment word: paid to the worker or by the estate ("plaća se radnicima", "plaća gazda"). */
const PAID_TO_WORKER_OR_BY_ESTATE = String.raw`(?!(?: se)? (?:radnicima|radniku|beracima|beracu|vam|gazda|poslodavac|vlasnik|domacin|mi|zarad\w*|plat[aeu]|dnevnic\w*|honorar\w*|na racun radnik\w*|to workers|to you|by the farm|by us))`;

/** Words that make a payment or a price the wage ("plaćanje po učinku, isplata unapred", "plata 4.000 dinara"). */
const WAGE_WORD = String.raw`(?:plat[aeu]|platom|zarad\w*|dnevnic\w*|isplat\w*|norm\w*|wages?|salary|pay)`;
/** A few words in between, none of them a wage word. */
const NEAR = String.raw`(?: (?!${WAGE_WORD} )\w+){0,4}`;

/** Not right after the estate as the payer or the wage as the thing paid ("we pay", "plata se uplaćuje"). */
const NOT_THE_ESTATES = String.raw`(?<! ${PAYER_OR_PAYEE}(?: \w+){0,3})`;
/** A payment word said by someone else than the worker's side of the deal. */
const PAYMENT = String.raw`${NOT_THE_ESTATES} ${PAY}${PAID_TO_WORKER_OR_BY_ESTATE}`;

/** What turns a payment into a prerequisite: in advance, before arriving, to reserve a place, on arrival. */
const PREREQUISITE = words(
  'unapred',
  'avansno',
  String.raw`akontacij\w*`,
  'pre (?:dolaska|polaska|pocetka|useljenja|puta|putovanja)',
  '(?:pri|po|na|prilikom) dolasku',
  String.raw`za (?:rezervacij\w*|prijav\w*|registracij\w*|upis\w*|mesto|posredovanj\w*|zaposlenj\w*|posao)`,
  String.raw`rezervis\w*`,
  'in advance',
  'up ?front',
  'before (?:arrival|you arrive|you come|you start|starting|departure|the season|the start)',
  'on arrival',
  'due',
  'to (?:reserve|register|book|secure|confirm|hold|get the job)',
  'reserve',
  'secured?',
);

/** A price: an amount with its currency. */
const PRICE = String.raw`\d+ ?(?:din\w*|rsd|eur\w*|evr\w*|€)`;
/** A place, a registration or an agent's service: things a worker must never be charged for. */
const PLACE_OR_REGISTRATION = words(
  String.raw`rezervacij\w*`,
  String.raw`rezervisanj\w*`,
  String.raw`registracij\w*`,
  String.raw`prijav\w*`,
  String.raw`upis\w*`,
  String.raw`posredovanj\w*`,
  'reservation',
  'registration',
  'booking',
  'application',
  'placement',
);

/** Words that make the next payment word an obligation: "mora biti", "potrebno je", "treba", "must be", "need to". */
const OBLIGATION = String.raw`(?:mora|moraju|morate|treba|trebalo|potrebn\w*|obavezn\w*|neophodn\w*|duzn\w*|must|has to|have to|needs? to|should|required to)(?: (?:biti|bude|budu|je|se|da|ste|vam|be|to))*`;
/** After a payment word: it is a must ("uplata je obavezna", "payment required"). */
const OBLIGED = String.raw`(?:obavez\w*|potreb\w*|neophod\w*|required|mandatory|needed)`;

/** The worker as the payer: "plaćate", "uplatite", "radnici plaćaju", "workers pay", "you need to pay". */
const WORKER = words(
  String.raw`radnic\w*`,
  'radnik',
  String.raw`berac\w*`,
  'svaki (?:radnik|berac)',
  'workers?',
  'pickers?',
  '(?:each|every) (?:worker|picker)',
  'applicants?',
  'you',
);

// ── Rule families ────────────────────────────────────────────────────────────────────────────────

const REQUESTS: RegExp[] = [
  // a fee that is always the worker's
  new RegExp(` ${FEE}(?= )`),
  // the worker pays: second person, or the worker as the subject
  new RegExp(
    String.raw` (?:u|na)?(?:placate|placas|platite|platis|placajte|uplatite|uplatiti|uplatice|uplacujete|uplacujes|snosite)(?= )${PAID_TO_WORKER_OR_BY_ESTATE}`,
  ),
  new RegExp(
    String.raw` ${WORKER}(?: (?!se )\w+){0,3} (?:placaju|placa|uplacuju|uplacuje|snose|pay|pays|cover)(?= )`,
  ),
  new RegExp(
    String.raw` (?:placaju|placa|uplacuju|uplacuje)(?: sami| sam| svaki)? (?:radnik|radnici|berac|beraci|kandidat|kandidati)(?= )`,
  ),
  new RegExp(
    String.raw` (?:${WORKER}(?: (?!se )\w+){0,3} (?:daje|daju|donosi|donose|ostavlja|ostavljaju)|dajete|donosite|ostavljate)(?: \w+){0,2} ${PRICE}(?= )`,
  ),
  new RegExp(String.raw`${NOT_THE_ESTATES} pay (?:the \w+ |us |our \w+ )${PRICE}(?= )`),
  // a payment with a prerequisite, either order, within a few words
  new RegExp(String.raw`${PAYMENT}${NEAR} ${PREREQUISITE}(?= )`),
  new RegExp(String.raw` ${PREREQUISITE}${NEAR}${PAYMENT}(?= )`),
  new RegExp(
    String.raw`${NOT_THE_ESTATES} ${MONEY}${NEAR} (?:unapred|pre (?:dolaska|polaska)|in advance|up ?front)(?= )`,
  ),
  // a payment that must be made: "mora biti plaćeno", "potrebno je uplatiti", "uplata je obavezna", "must be paid"
  new RegExp(String.raw` ${OBLIGATION}${PAYMENT}(?= )`),
  new RegExp(String.raw`${PAYMENT} (?:je |su |is |are )?${OBLIGED}(?= )`),
  // a payment that comes first: "uz uplatu", "prvo uplata", "tek posle uplate"
  new RegExp(
    String.raw` (?:uz|prvo|najpre|minimaln\w*|posle|nakon) (?:${PAY}|avans\w*)${PAID_TO_WORKER_OR_BY_ESTATE}(?= )`,
  ),
  // money taken from the worker: "20 EUR from you", "1.000 din od svakog berača"
  new RegExp(
    String.raw` ${PRICE}${NEAR} (?:from (?:you|each|every|workers?|pickers?)|od (?:vas|svakog|radnik\w*|berac\w*))(?= )`,
  ),
  // a payment of an amount, or for board, transport or equipment: "uplata 2000 din za smeštaj"
  new RegExp(String.raw` (?:uplat\w*|provizij\w*|payment) (?:od |of |u iznosu )?\d+(?= )`),
  // an advance asked of the worker ("uz avans od 2.000 dinara", "avans za prevoz 1.000 din"), not the estate's wage advance
  new RegExp(
    String.raw` (?:avans\w*|akontacij\w*) (?:za \w+ |od )?${PRICE}(?!(?: \w+){0,3} (?:isplac\w*|placamo|dajemo|dobijate))(?= )`,
  ),
  new RegExp(
    String.raw` uplat\w* (?:za|na ime) (?:smestaj\w*|prevoz\w*|hran\w*|krevet\w*|oprem\w*|osiguranj\w*)(?= )`,
  ),
  // a price on a place or a registration: "rezervacija mesta 1.000 din", "registration costs 15 EUR"
  new RegExp(String.raw` ${PLACE_OR_REGISTRATION}${NEAR} ${PRICE}(?= )`),
  // money sent: "pošaljite novac", "prebacite 1.500 din", "wire the money"
  new RegExp(
    String.raw` ${SEND}(?: \w+){0,2} (?:${MONEY}|\d+|uplat\w*|akontacij\w*|na racun|na broj|payment)(?= )`,
  ),
  // charging the worker ("we charge", "charged to every applicant"), not "in charge" or "free of charge"
  / (?<!(?: in| of| no) )charg(?:e|es|ed|ing)(?= )/,
  // account and card words: "broj računa", "tekući račun", "na naš račun", "broj kartice", "western union"
  // (not the worker's own account for the wage: "plata se uplaćuje na tekući račun")
  new RegExp(
    String.raw`${NOT_THE_ESTATES} (?:broj (?:tekuceg |ziro )?racuna|tekuc\w* racun\w*|ziro racun\w*|na (?:moj|nas) racun\w*|broj kartic\w*|platn\w* kartic\w*|western union|moneygram|paysafe|paypal|revolut|skrill|iban)(?= )(?! (?:radnik\w*|berac\w*|zaposlen\w*))`,
  ),
];

// ── Saying there is nothing to pay ───────────────────────────────────────────────────────────────

const NOTHING_TO_PAY = words(FEE, PAY, MONEY, String.raw`troskov\w*`, 'costs?', 'charge');
/** "bez kotizacije nema mesta", "no deposit, no job": a condition, not a denial. */
const NO_PLACE_WITHOUT_IT = String.raw`(?! (?:nema|nemate|no) (?:posla|mesta|mesto|rezervacij\w*|smestaj\w*|prijav\w*|dolask\w*|job|place|spot|bed|work|booking))`;
/** "bez depozita i kotizacije", "ne tražimo nikakvu uplatu", "no deposit or fee", "never ask for a deposit". */
const DENIED_BEFORE = String.raw` (?:bez|nema|ne trazimo|ne uzimamo|ne naplacujemo|nikakv\w*|ni|no|without|free of|never ask for|never charge)(?: (?:ikakv\w*|nikakv\w*|a|an|any))? ${NOTHING_TO_PAY}(?: (?:i|ili|ni|or|and|nor)(?: (?:bez|ni|no|a|an|any))? ${NOTHING_TO_PAY})*(?= )${NO_PLACE_WITHOUT_IT}`;
/** "depozit nije potreban", "deposit is not required". */
const DENIED_AFTER = String.raw` ${NOTHING_TO_PAY}(?: \w+)? (?:nije|nisu|ne|is not|are not|isn t|aren t) (?:potreb\w*|obavez\w*|postoj\w*|trazi\w*|naplacuje|required|needed|charged)(?= )`;
/** "ne plaćate ništa", "prevoz se ne plaća", "ne košta", "you don't pay anything", "nothing to pay". */
const NEGATED_PAYING = String.raw` (?:ne|nista ne|ne treba(?: nista)?(?: da)?|don t|do not|never|won t|will not) (?:${PAY}|kosta|kostaju|cost|costs)(?= )| (?:pay nothing|nothing to pay|nothing (?:is |was |will be )?charged|(?:is |are )?not charged)(?= )`;

const DENIALS = new RegExp(`${DENIED_BEFORE}|${DENIED_AFTER}|${NEGATED_PAYING}`, 'g');

/** The sentence without its denials, so that "bez depozita" does not read as "depozit". */
const withoutDenials = (sentence: string) => sentence.replace(DENIALS, ' ');

/**
 * A Serbian account number (3-13-2 digits, with or without dashes or spaces: 18 digits), an IBAN, or
 * a card number (16 digits, grouped by four or not).
 */
const ACCOUNT_OR_CARD =
  / (?:\d{3}[- ]?\d{13}[- ]?\d{2}|\d{3}-\d{1,13}-\d{2}|rs\d{2}(?: ?\d{4}){4} ?\d{2}|\d{4}(?:[- ]?\d{4}){3})(?= )/;
