// Recall testing and emergency exercises are activities the frameworks want a set interval for
// (ISO 22000 8.9.5, ISO 45001 8.2): a policy that has them done "regularly" or "periodically", or
// names them with no word of how often, where no document gives the interval, is a gap. Fixtures: a
// bakery, a medical-device distributor and a dairy (recall), a quarry and a care home (emergency
// drills); decoys: the interval set beside the obligation or in another document.
import { runCheck } from '../../../test/helpers/check-harness';
import { RECURRING_ACTIVITIES } from './activities';
import { unsetCadenceCheck } from '.';

/** The issue titles the family's local verdict gives on every candidate. */
async function titles(files: Record<string, string>): Promise<string[]> {
  const { candidates, verdict } = await runCheck(unsetCadenceCheck, files);
  return candidates.flatMap((c) => verdict(c.params, c.documents).issues.map((i) => i.title));
}

const BAKERY_POLICY =
  '# Food Safety Policy\n\n4.2 Product withdrawal and recall capability shall be tested regularly.\n\n4.3 Allergens are stored on the bottom shelves.\n';
const DEVICE_POLICY =
  '# Quality Policy\n\n6.1 The product recall procedure shall be tested periodically by the Quality Manager.\n';

describe('recall testing with no interval set', () => {
  test.each([
    [
      'a bakery',
      'Food-Safety-Policy.md',
      BAKERY_POLICY,
      'No frequency is set for the product withdrawal testing',
    ],
    [
      'a medical-device distributor',
      'Quality-Policy.md',
      DEVICE_POLICY,
      'No frequency is set for the product testing',
    ],
    [
      'a dairy (named as the schemes name it)',
      'Quality-Manual.md',
      '# Quality Manual\n\n2.3 Each product line is subject to recall testing.\n',
      'No frequency is set for the recall testing',
    ],
  ])('%s: one coverage finding', async (_industry, name, text, title) => {
    expect(
      await titles({
        [name]: text,
        'Goods-In-Procedure.md': '# Goods In Procedure\n\n1. Check the delivery note against the order.\n',
      }),
    ).toEqual([title]);
  });

  test('decoys: a mock recall every twelve months beside the rule; a yearly recall test in a procedure', async () => {
    expect(
      await titles({
        'Food-Safety-Policy.md':
          '# Food Safety Policy\n\n4.2 Product withdrawal and recall capability shall be tested regularly. A mock recall is carried out every twelve months.\n',
      }),
    ).toEqual([]);
    expect(
      await titles({
        'Quality-Policy.md': DEVICE_POLICY,
        'Recall-Procedure.md':
          '# Recall Procedure\n\n3. The product recall procedure is tested once a year with a mock recall.\n',
      }),
    ).toEqual([]);
  });
});

describe('emergency exercises with no interval set', () => {
  test.each([
    [
      'a quarry',
      'Health-and-Safety-Policy.md',
      '# Health and Safety Policy\n\n3.4 Fire evacuation drills are held periodically at each site.\n',
      'No frequency is set for the emergency exercise',
    ],
    [
      'a care home',
      'Resident-Safety-Policy.md',
      '# Resident Safety Policy\n\n2.3 The emergency arrangements for residents shall be tested regularly with night staff.\n',
      'No frequency is set for the emergency arrangement testing',
    ],
  ])('%s: one coverage finding', async (_industry, name, text, title) => {
    expect(await titles({ [name]: text })).toEqual([title]);
  });

  test('decoys: the drill interval set in another document; the test interval of the arrangements set in a procedure', async () => {
    expect(
      await titles({
        'Health-and-Safety-Policy.md':
          '# Health and Safety Policy\n\n3.4 Fire evacuation drills are held periodically at each site.\n',
        'Site-Emergency-Procedure.md':
          '# Site Emergency Procedure\n\n5. A fire evacuation drill is held every six months at each site.\n',
      }),
    ).toEqual([]);
    expect(
      await titles({
        'Resident-Safety-Policy.md':
          '# Resident Safety Policy\n\n2.3 The emergency arrangements for residents shall be tested regularly with night staff.\n',
        'Night-Shift-Procedure.md':
          '# Night Shift Procedure\n\n4. The emergency arrangements for residents are tested with the night staff every six months.\n',
      }),
    ).toEqual([]);
  });
});

test('the recurring activities data lists recall testing and emergency exercises as test activities', () => {
  const byId = new Map(RECURRING_ACTIVITIES.map((a) => [a.id, a]));
  expect(byId.get('recall-testing')?.action).toBe('test');
  expect(byId.get('emergency-exercise')?.action).toBe('test');
});
