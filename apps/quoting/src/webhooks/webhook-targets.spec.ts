import { LOOP_API_MESSAGES, LOOP_MESSAGES } from '@quotebook/domain';
import { checkedLookup, isPrivateAddress, parseWebhookUrl, PrivateTargetError, webhookUrlProblem } from './webhook-targets';

describe(isPrivateAddress.name, () => {
  it.each([
    '127.0.0.1',
    '127.255.255.254',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.10',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    'fe80::1',
    'fe80::1%eth0',
    'febf::1',
    'fc00::1',
    'fd12:3456:789a::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '::127.0.0.1',
    '64:ff9b::10.0.0.1',
    'not-an-address',
  ])('refuses %s', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '172.15.255.255', '192.169.0.1', '100.128.0.1', '2606:4700:4700::1111', '2a00:1450:4001:80b::200e', '::ffff:8.8.8.8', '64:ff9b::8.8.8.8'])(
    'lets %s through',
    (address) => {
      expect(isPrivateAddress(address)).toBe(false);
    },
  );
});

describe(parseWebhookUrl.name, () => {
  it.each(['https://hooks.example.com/quotebook', 'http://example.com:8080/a?b=c', 'https://[2606:4700::1111]/x'])('reads %s', (url) => {
    expect(parseWebhookUrl(url)?.href).toBeTruthy();
  });

  it.each(['', 'example.com/hook', 'ftp://example.com/hook', 'javascript:alert(1)', 'file:///etc/passwd', 'https://user:pass@example.com/', 'http://'])(
    'refuses %j',
    (url) => {
      expect(parseWebhookUrl(url)).toBeNull();
    },
  );
});

describe(webhookUrlProblem.name, () => {
  it.each([
    ['https://hooks.example.com/q', null],
    ['https://8.8.8.8/q', null],
    ['mailto:someone@example.com', LOOP_API_MESSAGES.webhookUrl],
    ['http://127.0.0.1:9000/hook', LOOP_MESSAGES.webhookPrivateTarget],
    ['http://[::1]/hook', LOOP_MESSAGES.webhookPrivateTarget],
    ['http://[::ffff:192.168.0.1]/hook', LOOP_MESSAGES.webhookPrivateTarget],
    ['http://169.254.169.254/latest/meta-data', LOOP_MESSAGES.webhookPrivateTarget],
    ['http://localhost:3000/hook', LOOP_MESSAGES.webhookPrivateTarget],
    ['http://api.localhost/hook', LOOP_MESSAGES.webhookPrivateTarget],
    // a decimal or hexadecimal host is read as the address it means
    ['http://2130706433/hook', LOOP_MESSAGES.webhookPrivateTarget],
    ['http://0x7f.1/hook', LOOP_MESSAGES.webhookPrivateTarget],
  ])('%s → %s', (url, problem) => {
    expect(webhookUrlProblem(url, false)).toBe(problem);
  });

  it('lets a private target through when the setting allows it, but never a URL that is not http(s)', () => {
    expect(webhookUrlProblem('http://127.0.0.1:9000/hook', true)).toBeNull();
    expect(webhookUrlProblem('ftp://127.0.0.1/hook', true)).toBe(LOOP_API_MESSAGES.webhookUrl);
  });
});

describe(checkedLookup.name, () => {
  const resolve = (host: string, allow: boolean, all = false) =>
    new Promise<{ error: Error | null; address: unknown }>((done) => checkedLookup(allow)(host, { all }, (error, address) => done({ error, address })));

  it('refuses a name that resolves to a loopback address', async () => {
    const { error } = await resolve('localhost', false);
    expect(error).toBeInstanceOf(PrivateTargetError);
  });

  it('answers the checked address when private targets are allowed', async () => {
    const { error, address } = await resolve('localhost', true);
    expect(error).toBeNull();
    expect(['127.0.0.1', '::1']).toContain(address);
    expect((await resolve('localhost', true, true)).address).toEqual(expect.arrayContaining([expect.objectContaining({ address: expect.any(String) })]));
  });
});
