import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface TestSmtpServer {
  /** `smtp://127.0.0.1:<port>` */
  url: string;
  /** Messages received so far, parsed, in order. */
  messages: ParsedMail[];
  /** How many messages were refused. */
  refused: number;
  /** Refuse every message with a 550 (a mailbox the server will not deliver to) while true. */
  reject: boolean;
  close(): Promise<void>;
}

/**
 * A real SMTP server (the `smtp-server` package) in this process on a free loopback port: no TLS, no
 * authentication, every message parsed and kept. `reject` makes it refuse messages at DATA with a 550.
 */
export async function startTestSmtpServer(): Promise<TestSmtpServer> {
  const state: TestSmtpServer = {
    url: '',
    messages: [],
    refused: 0,
    reject: false,
    close: async () => {},
  };
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          if (state.reject) {
            state.refused += 1;
            const err = Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
            return callback(err);
          }
          state.messages.push(mail);
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  state.url = `smtp://127.0.0.1:${port}`;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}
