import { gifOf, pngOf } from '@quotebook/testing';
import { signatureExtensionOf } from './signature-images';

describe(signatureExtensionOf.name, () => {
  it.each([
    ['a PNG', pngOf(2, 2), 'png'],
    ['a GIF', gifOf(2, 2), 'gif'],
    ['a JPEG', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46]), 'jpg'],
    ['a WebP', Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 ')]), 'webp'],
    ['text', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), null],
    ['a RIFF that is no WebP', Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WAVEfmt ')]), null],
    ['nothing', Buffer.alloc(0), null],
  ])('tells %s', (_what, bytes, expected) => {
    expect(signatureExtensionOf(bytes)).toBe(expected);
  });
});
