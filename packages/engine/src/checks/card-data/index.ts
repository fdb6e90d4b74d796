// flow_down_check: a record that holds a full card number or a card security code a policy forbids.
import { defineCheck, quoteRequests } from '../check';
import { cardDataSubject, storedCardData, storedCardDataIssue } from './card-data';

interface CardDataParams {
  record: string;
}

export const cardDataCheck = defineCheck<CardDataParams>({
  id: 'card_data',
  primitives: ['flow_down_check'],
  list: 'elements',
  candidates({ analysis, focusBoost }) {
    return storedCardData(analysis).map((found) => ({
      key: cardDataSubject(found.record.name),
      primitive: 'flow_down_check',
      label: `card data in ${found.record.name}`,
      documents: [found.record.name, found.rule.document],
      params: { record: found.record.name },
      signal: 0.8 + focusBoost(['card', 'payment', 'pci']),
      severity: 'high',
    }));
  },
  question(params) {
    return {
      text: `Does ${params.record} hold card numbers or security codes that policy forbids keeping?`,
      query: 'card number security code CVV PAN must never be written stored',
    };
  },
  verdict(params, { analysis, visible }) {
    const found = storedCardData(analysis).find((f) => f.record.name === params.record);
    if (!found) return { issues: [] };
    const needed = [found.rule, found.numbers[0]!.segment];
    if (needed.some((s) => !visible.has(s))) return { issues: [], hints: quoteRequests(needed, 2) };
    return { issues: [storedCardDataIssue(found)] };
  },
});
