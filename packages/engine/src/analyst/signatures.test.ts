// Who signed a message and whether that post is one a rule names: a lower rank of a post ("Vice
// President", "Deputy Director of Finance") is not the post, and a signature block may close a
// message without a "Regards," above it.
import { samePost, signerPost } from './signatures';

describe('samePost', () => {
  test.each([
    ['Director of Finance', 'Director of Finance'],
    ['Group Director of Finance', 'Director of Finance'],
    ['President & CEO', 'President & CEO'],
    ['Chief Risk Officer', 'CRO'],
    ['CISO', 'Chief Information Security Officer'],
  ])('"%s" is the "%s"', (signer, approver) => {
    expect(samePost(signer, approver)).toBe(true);
  });

  test.each([
    ['Vice President, Operations', 'President & CEO'],
    ['Vice President, Operations', 'President'],
    ['Deputy Director of Finance', 'Director of Finance'],
    ['Assistant Director, Finance', 'Director, Finance'],
    ['Head of IT', 'Chief Risk Officer'],
  ])('"%s" is not the "%s"', (signer, approver) => {
    expect(samePost(signer, approver)).toBe(false);
  });
});

describe('signerPost', () => {
  test('the line under the name after the closing', () => {
    expect(
      signerPost(
        'Please log it in the exception register.\n\nKind regards,\n\nFatima Qadri\nHead of Compliance\nEastbrook Building Society\n',
      ),
    ).toBe('Head of Compliance');
  });

  test('a signature block with no closing word: first name, full name, post, company, town', () => {
    expect(
      signerPost(
        [
          'We cannot stop weighing trucks at harvest, so the two scale house PCs stay on Windows 10 until March.',
          '',
          'Gordon',
          '',
          'Gordon Achterberg',
          'Vice President, Operations',
          'Prairie Gateway Grain Co-operative',
          'Lethbridge, Alberta',
        ].join('\n'),
      ),
    ).toBe('Vice President, Operations');
    expect(signerPost('Go ahead with the waiver.\n\nPriya Raman\nDeputy Director of Finance\n')).toBe(
      'Deputy Director of Finance',
    );
  });

  test('decoys: no closing and no name above the line that names a post', () => {
    expect(
      signerPost(
        'I approve the exception for the night shift.\nThe Operations Manager will update the register.\n',
      ),
    ).toBeNull();
    expect(signerPost('Can you confirm the dates?\n\nSent from my phone\n')).toBeNull();
  });
});
