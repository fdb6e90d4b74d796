import { SvgRejectedError, sanitizeSvg, sniffImage } from '../src';

describe('sniffImage', () => {
  it.each([
    [Buffer.from('89504e470d0a1a0a00', 'hex'), 'image/png'],
    [Buffer.from('ffd8ffdb00', 'hex'), 'image/jpeg'],
    [Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBP')]), 'image/webp'],
    [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/svg+xml'],
    [
      Buffer.from(
        '\uFEFF<?xml version="1.0"?>\n<!-- logo -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x">\n<svg>',
      ),
      'image/svg+xml',
    ],
    [Buffer.from('GIF89a'), null],
    [Buffer.from('<html><svg></svg></html>'), null],
    [Buffer.from([0x3c, 0x73, 0x76, 0x67, 0x00]), null],
  ])('recognises %s', (bytes, expected) => {
    expect(sniffImage(bytes)).toBe(expected);
  });
});

describe('sanitizeSvg', () => {
  it('keeps drawing elements and local references', () => {
    const out = sanitizeSvg(
      '<svg xmlns="http://www.w3.org/2000/svg"><defs><linearGradient id="g"/></defs><rect fill="url(#g)" width="2"/></svg>',
    );
    expect(out).toContain('fill="url(#g)"');
    expect(out).toContain('<linearGradient id="g"/>');
  });

  it('drops style elements, data URLs of SVG and javascript in any attribute', () => {
    const out = sanitizeSvg(
      '<svg xmlns="http://www.w3.org/2000/svg"><style>*{}</style><rect style="fill:url(http://x)" filter="url( \'https://x\' )"/><use href="data:image/svg+xml;base64,AAAA"/><path d="M0" data-x="java&#10;script:alert(1)"/></svg>',
    );
    const withoutNamespace = out.replace('xmlns="http://www.w3.org/2000/svg"', '');
    expect(withoutNamespace).not.toMatch(/style|http|data:image\/svg|script/i);
    expect(out).toContain('<path d="M0"/>');
  });

  it('rejects entities and documents whose root is not svg', () => {
    expect(() => sanitizeSvg('<!DOCTYPE svg [<!ENTITY x "y">]><svg>&x;</svg>')).toThrow(SvgRejectedError);
    expect(() => sanitizeSvg('<html xmlns="http://www.w3.org/1999/xhtml"/>')).toThrow(SvgRejectedError);
    expect(() => sanitizeSvg('<svg><g></svg>')).toThrow(SvgRejectedError);
  });
});
