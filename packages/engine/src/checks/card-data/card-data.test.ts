// Card data kept in records a policy forbids it in: a car-rental firm's scanned correction form
// with a full card number and its security code, and a hotel's incident e-mail with a guest's card
// number (Luhn-valid, unlabelled). Decoys: masked numbers, a Luhn-valid handset IMEI, a policy's own
// example number, and card data with no rule against keeping it.
import { candidateIssues } from '../../../test/helpers/check-harness';
import { cardNumbersIn, luhnValid } from './card-data';
import { cardDataCheck } from '.';

const issues = (files: Record<string, string>) => candidateIssues(cardDataCheck, files);

const rentalPolicy =
  '# Payment Card Data Protection Policy\n\n5.2 Sensitive authentication data (card verification codes CVV2, CVC2, CID and PINs) must never be stored after authorization, in any form, including on paper.\n\n5.3 Full PAN must never be written on paper forms. Where a form needs to identify a card, only the last four digits are recorded.\n';

test('card numbers: Luhn-valid, or introduced by a card label; masked ones are not', () => {
  expect(luhnValid('4111111111111111')).toBe(true);
  expect(luhnValid('4111111111111112')).toBe(false);
  expect(cardNumbersIn('Card number: 5412 7534 0921 6648').map((n) => n.value)).toEqual([
    '5412 7534 0921 6648',
  ]);
  expect(cardNumbersIn('guest paid with 4111 1111 1111 1111 at check-in').map((n) => n.value)).toEqual([
    '4111 1111 1111 1111',
  ]);
  expect(cardNumbersIn('Visa ending 8806; card **** **** **** 6648')).toEqual([]);
  expect(cardNumbersIn('Handset IMEI 356938035643809')).toEqual([]);
});

test('a car-rental firm: a scanned form holding a full card number and its security code', async () => {
  const found = await issues({
    'Payment-Card-Data-Protection-Policy.md': rentalPolicy,
    'Customer-Data-Correction-Request-scan.txt':
      'CUSTOMER DATA CORRECTION REQUEST\n\nSECTION D - PAYMENT CARD ON FILE\n\nCard type: Mastercard\n\nCard number: 5412 7534 0921 6648\n\nCard security code (3 digits on back): 417\n',
  });
  expect(found.map((i) => i.title)).toEqual([
    'Customer-Data-Correction-Request-scan.txt records a full card number (ending 6648) and a card security code, which Payment-Card-Data-Protection-Policy.md forbids',
  ]);
  expect(found[0]!.description).not.toContain('5412 7534');
});

test('a hotel: a guest\'s card number in an incident e-mail, against "card numbers shall not be recorded in e-mail"', async () => {
  const found = await issues({
    'Guest-Data-Policy.md':
      '# Guest Data Policy\n\n4.1 Full card numbers shall not be recorded in e-mail, notes or spreadsheets.\n',
    'Chargeback-Query.eml':
      'From: frontdesk@hotel.example\nTo: finance@hotel.example\nSubject: Chargeback room 412\n\nThe guest paid with 4111 1111 1111 1111 at check-in; please look at the chargeback.\n',
  });
  expect(found.map((i) => i.title)).toEqual([
    expect.stringMatching(/^Chargeback-Query\.eml records a full card number \(ending 1111\)/),
  ]);
});

test("decoys: masked numbers, an IMEI, the policy's own example, and no rule against keeping card data", async () => {
  expect(
    await issues({
      'Payment-Card-Data-Protection-Policy.md': `${rentalPolicy}\nTest cards such as 4111 1111 1111 1111 are used in the test environment only.\n`,
      'Device-Register.csv': 'Device,IMEI,Card on file\nPhone 1,356938035643809,Visa ending 8806\n',
    }),
  ).toEqual([]);
  expect(
    await issues({
      'Records-Policy.md': '# Records Policy\n\nForms are kept for two years.\n',
      'Correction-Form.txt': 'Card number: 5412 7534 0921 6648\n',
    }),
  ).toEqual([]);
});
