import { SMTPServer } from 'smtp-server';

export interface LoopbackSmtp {
  /** SMTP_URL for the app. */
  url: string;
  /** Every DATA the server was sent, refused ones included. */
  attempts: number;
  /** The messages it accepted, raw. */
  received: string[];
  close(): Promise<void>;
}

/**
 * A real SMTP server on a free loopback port that answers the first `refuse` messages with a
 * temporary failure (451), as a busy or greylisting server does, then accepts.
 */
export async function startLoopbackSmtp(refuse = 0): Promise<LoopbackSmtp> {
  const state: LoopbackSmtp = {
    url: '',
    attempts: 0,
    received: [],
    close: async () => undefined,
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        state.attempts += 1;
        if (state.attempts <= refuse) {
          const error = Object.assign(new Error('Try again later'), { responseCode: 451 });
          callback(error);
          return;
        }
        state.received.push(Buffer.concat(chunks).toString('utf8'));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  state.url = `smtp://127.0.0.1:${port}`;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}

/** A received message's recipient, subject and text, unfolded and quoted-printable decoded. */
export function readable(raw: string): { to: string; subject: string; text: string } {
  const unfolded = raw.replace(/\r?\n[ \t]+/g, ' ');
  const text = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return {
    to: /^To: (.+)$/m.exec(unfolded)![1]!.trim(),
    subject: /^Subject: (.+)$/m.exec(unfolded)![1]!.trim(),
    text,
  };
}
