// Document control: a set without it is one finding; a document without it in a set that has it
// is one finding; control blocks written in many layouts are recognised (the decoys).
import { analyzeCorpus } from '../../analyst/corpus-analysis';
import { snapshotOf } from '../../../test/helpers/synthetic-corpus';
import type { CandidateContext } from '../check';
import { documentControlCheck } from '.';
import { controlFieldsOf } from './fields';

async function candidates(files: Record<string, string>) {
  const analysis = analyzeCorpus(await snapshotOf(files), null);
  const context: CandidateContext = {
    analysis,
    intake: {
      domain: '',
      audit_purpose: '',
      frameworks: [],
      focus_areas: [],
      materiality: null,
      doc_hierarchy: null,
      known_concerns: [],
    },
    focusBoost: () => 0,
  };
  return { analysis, found: documentControlCheck.candidates(context) };
}

const controlled = {
  'Fleet-Maintenance-Policy.md':
    '# Fleet Maintenance Policy\n\n| Field | Value |\n|---|---|\n| Version | 2.1 |\n| Owner | Head of Fleet |\n| Approved | 3 March 2026 |\n| Next review | March 2027 |\n\n1. Vehicles are inspected before each shift.\n',
  'Depot-Security-Procedure.txt':
    'DEPOT SECURITY PROCEDURE                                   DSP-04\nRevision: F          Release date: 07/22/2025       Next review: 07/22/2027 (biennial)\nOwner: Depot Manager\n\n1. Gates are locked at night.\n',
  'Driver-Standard.md':
    '# Driver Standard\n\n```\nVersion ........... 1.3\nOwner ............. Transport Manager\nApproved by ....... Operations Director\nReview frequency .. Annually\n```\n\n1. Drivers rest 45 minutes every 4.5 hours.\n',
};

describe('document control', () => {
  test('control blocks in tables, title blocks and dot-leader blocks are recognised (decoys)', async () => {
    const { analysis, found } = await candidates(controlled);
    for (const doc of analysis.documents)
      expect({ doc: doc.name, ...controlFieldsOf(doc) }).toEqual({
        doc: doc.name,
        version: true,
        owner: true,
        approval: true,
        review: true,
      });
    expect(found).toEqual([]);
  });

  test('a set of clinic policies without any document control is one finding for the set', async () => {
    const { found, analysis } = await candidates({
      'Patient-Privacy-Policy.md': '# Patient Privacy Policy\n\nStaff access records only for care.\n',
      'Infection-Control-Procedure.md':
        '# Infection Control Procedure\n\nHands are washed between patients.\n',
      'Medicines-Standard.md': '# Medicines Standard\n\nFridges are logged twice daily.\n',
    });
    expect(found.map((c) => c.key)).toEqual(['document-control:set']);
    const [issue] = documentControlCheck.verdict(found[0]!.params, {
      analysis,
      chunks: [],
      segments: [],
      visible: new Set(),
      facts: [],
      citations: [],
      frameworks: [],
      documents: [],
    }).issues;
    expect(issue!.title).toMatch(/version.*owner.*approval.*review/);
  });

  test('one uncontrolled document in a controlled set is a finding of its own', async () => {
    const { found } = await candidates({
      ...controlled,
      'Tachograph-Procedure.md': '# Tachograph Procedure\n\nCards are downloaded every 28 days.\n',
    });
    expect(found.map((c) => c.key)).toEqual(['document-control:Tachograph-Procedure.md']);
  });
});
