import { loadEnv } from '@quotebook/server-core';
import { randomBytes } from 'node:crypto';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { IdentityEnv } from '../env';
import { ResetMailer } from './reset-mailer';

const SECRETS = { JWT_SECRET: randomBytes(32).toString('hex'), SUPERADMIN_PASSWORD: randomBytes(12).toString('hex') };

interface ReceivedMail {
  from: string;
  to: string[];
  data: string;
}

/** Just enough SMTP (no TLS, no auth) to receive what nodemailer sends. */
function startSmtpSink(): Promise<{ server: Server; port: number; mails: ReceivedMail[] }> {
  const mails: ReceivedMail[] = [];
  const server = createServer((socket: Socket) => {
    let buffer = '';
    let inData = false;
    let mail: ReceivedMail = { from: '', to: [], data: '' };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 sink ESMTP');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let end: number;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            mails.push(mail);
            mail = { from: '', to: [], data: '' };
            reply('250 queued');
          } else {
            mail.data += `${line.startsWith('..') ? line.slice(1) : line}\r\n`;
          }
          continue;
        }
        switch (line.slice(0, 4).toUpperCase()) {
          case 'MAIL':
            mail.from = line.slice('MAIL FROM:'.length);
            reply('250 ok');
            break;
          case 'RCPT':
            mail.to.push(line.slice('RCPT TO:'.length));
            reply('250 ok');
            break;
          case 'DATA':
            inData = true;
            reply('354 go ahead');
            break;
          case 'QUIT':
            reply('221 bye');
            socket.end();
            break;
          default:
            reply('250 sink');
        }
      }
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, port: (server.address() as AddressInfo).port, mails })),
  );
}

describe(ResetMailer.name, () => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;

  beforeAll(async () => {
    sink = await startSmtpSink();
  });

  afterAll(async () => {
    await new Promise((resolve) => sink?.server.close(resolve));
  });

  it('sends the Italian reset e-mail through the SMTP server of SMTP_URL', async () => {
    const env = loadEnv(IdentityEnv, { ...SECRETS, SMTP_URL: `smtp://127.0.0.1:${sink.port}`, MAIL_FROM: 'Quotebook <no-reply@quotebook.test>' });
    const sut = new ResetMailer(env);
    const link = 'http://localhost:3000/reset-password?token=abc_DEF-123';

    await sut.sendResetLink({ email: 'mario@sole.test', name: 'Mario Rossi' }, link);

    expect(sink.mails).toHaveLength(1);
    const [mail] = sink.mails;
    expect(mail.from).toContain('no-reply@quotebook.test');
    expect(mail.to).toEqual(['<mario@sole.test>']);
    const body = mail.data.replace(/=\r\n/g, '').replace(/=3D/g, '=');
    expect(body).toContain('Subject: Reimposta la tua password Quotebook');
    expect(body).toContain(link);
  });

  it('fails (for the caller to log) when the SMTP server cannot be reached', async () => {
    const env = loadEnv(IdentityEnv, { ...SECRETS, SMTP_URL: 'smtp://127.0.0.1:1' });
    await expect(new ResetMailer(env).sendResetLink({ email: 'a@b.test', name: 'A' }, 'http://x/reset-password?token=t')).rejects.toThrow();
  });
});
