import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  subject: string;
  text: string;
  html: string;
}

const decodeQuotedPrintable = (s: string) =>
  Buffer.from(
    s
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

function decodeBody(headers: string, body: string) {
  const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

const decodeHeader = (value: string) =>
  value.replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_m, kind: string, text: string) =>
    kind.toLowerCase() === 'b'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );

/** Splits a (multipart/alternative) message into its subject, text and HTML parts. */
export function parseMail(raw: string): Pick<ReceivedMail, 'subject' | 'text' | 'html'> {
  const [head] = raw.split(/\r?\n\r?\n/);
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const subject = decodeHeader(/^subject:\s*(.*)$/im.exec(unfolded)?.[1] ?? '');
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(unfolded)?.[1];
  const parts = boundary ? raw.split(`--${boundary}`).slice(1, -1) : [raw];
  let text = '';
  let html = '';
  for (const part of parts) {
    const split = part.search(/\r?\n\r?\n/);
    const headers = part.slice(0, split);
    const body = part
      .slice(split)
      .replace(/^\r?\n\r?\n/, '')
      .replace(/\r?\n$/, '');
    if (/content-type:\s*text\/html/i.test(headers)) html = decodeBody(headers, body);
    else if (/content-type:\s*text\/plain/i.test(headers)) text = decodeBody(headers, body);
  }
  return { subject, text, html };
}

/** A real SMTP server (the smtp-server package) on a free port that keeps what it receives. */
export async function startSmtpTestServer(options: { failRecipients?: boolean } = {}) {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (options.failRecipients) return callback(new Error('mailbox unavailable'));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          ...parseMail(raw),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
