import { TEMPLATE_VARIABLES, type TemplateVariable } from '@msp/shared';
import { describe, it, expect } from 'vitest';
import { checkDocument } from '../../plugins/content/content-document.js';
import { seedDocument } from '../../plugins/content/seed.js';

/**
 * The rules the shipped content (content.json) keeps:
 * - every question has four answers, from least to most mature;
 * - the least mature answer scores nothing, the others give 1, 2 and 3 points to the question's
 *   own pillar;
 * - about half of the questions also score one related pillar, at most 2 points, never more than
 *   the own pillar gets for that answer, and never decreasing with maturity.
 */

type PillarKey = 'expertise' | 'processes' | 'alignment' | 'leadership' | 'tooling' | 'kpis';
interface SeedAnswer {
  text: string;
  description: string | null;
  points: Partial<Record<string, number>>;
}

const PILLARS: readonly { key: PillarKey; name: string }[] = [
  { key: 'expertise', name: 'Expertise' },
  { key: 'processes', name: 'Processes' },
  { key: 'alignment', name: 'Alignment' },
  { key: 'leadership', name: 'Leadership' },
  { key: 'tooling', name: 'Tooling' },
  { key: 'kpis', name: 'KPIs' },
];
const PILLAR_KEYS = new Set<string>(PILLARS.map((p) => p.key));
const LIST_FIELDS = ['requirements', 'examples', 'metrics', 'nextSteps'] as const;

// The document read the way its rules are stated: pillars by key, each answer's points by pillar.
const pillars = seedDocument.pillars.map(({ ref, ...pillar }) => ({ key: ref, ...pillar }));
const questions = seedDocument.questions.map((q) => ({
  pillar: q.pillarRef as PillarKey,
  text: q.text,
  answers: q.answers.map((a): SeedAnswer => ({
    text: a.text,
    description: a.description,
    points: Object.fromEntries(a.points.map((p) => [p.pillarRef, p.points])),
  })),
}));
const matrixCells = seedDocument.matrixCells.map(({ pillarRef, ...cell }) => ({
  pillar: pillarRef,
  ...cell,
}));
const { demographicFields, emailTemplates } = seedDocument;

function pointsOf(answer: SeedAnswer, pillar: PillarKey): number {
  return answer.points[pillar] ?? 0;
}

function secondaryEntries(answer: SeedAnswer, own: PillarKey): [string, number][] {
  return Object.entries(answer.points).filter(([key]) => key !== own) as [string, number][];
}

/** Sentences in prose: a full stop, question or exclamation mark followed by a space or the end. */
function sentenceCount(text: string): number {
  return text.split(/[.!?](?:\s+|$)/).filter((part) => part.trim() !== '').length;
}

describe('seed content: document', () => {
  it('is a content document an import would accept, everything active and in order', () => {
    expect(checkDocument(seedDocument)).toEqual([]);
    expect(seedDocument.pillars.every((p) => p.isActive)).toBe(true);
    expect(seedDocument.questions.map((q) => q.order)).toEqual(questions.map((_, i) => i + 1));
    for (const question of seedDocument.questions) {
      expect(question.isActive, question.text).toBe(true);
      expect(
        question.answers.map((a) => a.order),
        question.text,
      ).toEqual([1, 2, 3, 4]);
    }
    expect(demographicFields.map((f) => f.order)).toEqual(demographicFields.map((_, i) => i + 1));
  });
});

describe('seed content: pillars', () => {
  it('has the six pillars with the exact keys, names and orders 1..6', () => {
    expect(pillars.map((p) => ({ key: p.key, name: p.name }))).toEqual(PILLARS);
    expect(pillars.map((p) => p.order)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('describes every pillar in one or two sentences', () => {
    for (const pillar of pillars) {
      expect(pillar.description.trim(), pillar.name).not.toBe('');
      expect(sentenceCount(pillar.description), pillar.name).toBeGreaterThanOrEqual(1);
      expect(sentenceCount(pillar.description), pillar.name).toBeLessThanOrEqual(2);
      expect(pillar.name.length).toBeLessThanOrEqual(100);
    }
  });
});

describe('seed content: questions', () => {
  it('has exactly 5 questions per pillar, 30 in all, grouped in pillar order', () => {
    expect(questions).toHaveLength(30);
    for (const { key } of PILLARS) {
      expect(
        questions.filter((q) => q.pillar === key),
        key,
      ).toHaveLength(5);
    }
    const expectedOrder = PILLARS.flatMap((p) => Array<PillarKey>(5).fill(p.key));
    expect(questions.map((q) => q.pillar)).toEqual(expectedOrder);
  });

  it('has no duplicate question texts and no empty texts', () => {
    const texts = questions.map((q) => q.text.trim());
    expect(new Set(texts).size).toBe(texts.length);
    for (const question of questions) {
      expect(question.text.trim()).not.toBe('');
      for (const answer of question.answers) {
        expect(answer.text.trim(), question.text).not.toBe('');
        if (answer.description !== null) expect(answer.description.trim(), answer.text).not.toBe('');
      }
    }
  });

  it('gives every question exactly 4 distinct answers', () => {
    for (const question of questions) {
      expect(question.answers, question.text).toHaveLength(4);
      expect(new Set(question.answers.map((a) => a.text)).size, question.text).toBe(4);
    }
  });

  it('uses descriptions on some answers but not all', () => {
    const answers = questions.flatMap((q) => q.answers);
    const described = answers.filter((a) => a.description !== null).length;
    expect(described / answers.length).toBeGreaterThanOrEqual(0.2);
    expect(described / answers.length).toBeLessThanOrEqual(0.5);
  });

  it('only allocates integer points 1-3 to known pillars (0 only by leaving the pillar out)', () => {
    for (const question of questions) {
      for (const answer of question.answers) {
        for (const [key, points] of Object.entries(answer.points)) {
          expect(PILLAR_KEYS.has(key), `${question.text}: ${key}`).toBe(true);
          expect(Number.isInteger(points), `${question.text}: ${key}`).toBe(true);
          expect(points, `${question.text}: ${key}`).toBeGreaterThanOrEqual(1);
          expect(points, `${question.text}: ${key}`).toBeLessThanOrEqual(3);
        }
      }
    }
  });

  it('scores the least mature answer with no points', () => {
    for (const question of questions) {
      expect(question.answers[0]!.points, question.text).toEqual({});
    }
  });

  it('gives the own pillar 0, 1, 2, 3 across the answers, ending with 3', () => {
    for (const question of questions) {
      const own = question.answers.map((a) => pointsOf(a, question.pillar));
      expect(own, question.text).toEqual([0, 1, 2, 3]);
      for (let i = 1; i < own.length; i++) {
        expect(own[i]!, question.text).toBeGreaterThan(own[i - 1]!);
      }
    }
  });

  it('keeps secondary points to at most one pillar, <= 2, <= own points, never decreasing', () => {
    for (const question of questions) {
      const secondaryKeys = new Set(
        question.answers.flatMap((a) => secondaryEntries(a, question.pillar)).map(([k]) => k),
      );
      expect(secondaryKeys.size, question.text).toBeLessThanOrEqual(1);
      const [secondary] = [...secondaryKeys] as PillarKey[];
      if (!secondary) continue;
      let previous = 0;
      for (const answer of question.answers) {
        const points = pointsOf(answer, secondary);
        expect(points, question.text).toBeLessThanOrEqual(2);
        expect(points, question.text).toBeLessThanOrEqual(pointsOf(answer, question.pillar));
        expect(points, question.text).toBeGreaterThanOrEqual(previous);
        previous = points;
      }
      expect(previous, `${question.text}: most mature answer scores the secondary pillar`).toBeGreaterThan(0);
    }
  });

  it('gives a secondary pillar on about half of the questions', () => {
    const withSecondary = questions.filter((q) =>
      q.answers.some((a) => secondaryEntries(a, q.pillar).length > 0),
    ).length;
    expect(withSecondary).toBeGreaterThanOrEqual(10);
    expect(withSecondary).toBeLessThanOrEqual(20);
  });

  it('lets each pillar earn at most 15 points from its own five questions', () => {
    for (const { key } of PILLARS) {
      const ownMaximum = questions
        .filter((q) => q.pillar === key)
        .reduce((sum, q) => sum + Math.max(...q.answers.map((a) => pointsOf(a, key))), 0);
      expect(ownMaximum, key).toBe(15);
    }
  });
});

describe('seed content: maturity matrix', () => {
  it('has 24 unique cells covering every pillar at every level 0-3', () => {
    expect(matrixCells).toHaveLength(24);
    const keys = matrixCells.map((c) => `${c.pillar}:${c.level}`);
    expect(new Set(keys).size).toBe(24);
    for (const { key } of PILLARS) {
      for (const level of [0, 1, 2, 3]) {
        expect(keys, `${key} level ${level}`).toContain(`${key}:${level}`);
      }
    }
  });

  it('keeps short descriptions to one sentence of at most 200 characters', () => {
    for (const cell of matrixCells) {
      const label = `${cell.pillar} level ${cell.level}`;
      expect(cell.shortDescription.trim(), label).not.toBe('');
      expect(cell.shortDescription.length, label).toBeLessThanOrEqual(200);
      expect(sentenceCount(cell.shortDescription), label).toBe(1);
    }
  });

  it('writes detailed content as 2-4 sentences of prose', () => {
    for (const cell of matrixCells) {
      const label = `${cell.pillar} level ${cell.level}`;
      expect(cell.detailedContent.trim(), label).not.toBe('');
      expect(cell.detailedContent, label).not.toContain('\n');
      const sentences = sentenceCount(cell.detailedContent);
      expect(sentences, label).toBeGreaterThanOrEqual(2);
      expect(sentences, label).toBeLessThanOrEqual(4);
    }
  });

  it('writes requirements, examples, metrics and next steps as 3-5 "- " lines', () => {
    for (const cell of matrixCells) {
      for (const field of LIST_FIELDS) {
        const label = `${cell.pillar} level ${cell.level} ${field}`;
        const lines = (cell[field] ?? '').split('\n');
        expect(lines.length, label).toBeGreaterThanOrEqual(3);
        expect(lines.length, label).toBeLessThanOrEqual(5);
        for (const line of lines) {
          expect(line.startsWith('- '), `${label}: "${line}"`).toBe(true);
          expect(line.slice(2).trim(), label).not.toBe('');
        }
      }
    }
  });

  it('does not repeat a short description across cells', () => {
    const descriptions = matrixCells.map((c) => c.shortDescription);
    expect(new Set(descriptions).size).toBe(descriptions.length);
  });
});

describe('seed content: demographic fields', () => {
  it('has the required fields in order', () => {
    expect(demographicFields.map((f) => f.identifier)).toEqual([
      'first_name',
      'last_name',
      'email_address',
      'company',
      'employee_count',
      'managed_companies',
      'role',
    ]);
    expect(demographicFields.map((f) => f.isRequired)).toEqual([true, true, true, true, true, true, false]);
    expect(demographicFields.find((f) => f.identifier === 'email_address')?.fieldType).toBe('email');
  });

  it('uses unique snake_case identifiers and non-empty labels', () => {
    const identifiers = demographicFields.map((f) => f.identifier);
    expect(new Set(identifiers).size).toBe(identifiers.length);
    for (const field of demographicFields) {
      expect(field.identifier).toMatch(/^[a-z0-9_]+$/);
      expect(field.identifier.length).toBeLessThanOrEqual(64);
      expect(field.label.trim(), field.identifier).not.toBe('');
      expect(field.label.length, field.identifier).toBeLessThanOrEqual(200);
    }
  });

  it('gives select and radio fields unique, non-empty options and other fields none', () => {
    for (const field of demographicFields) {
      if (field.fieldType === 'select' || field.fieldType === 'radio') {
        expect(field.options, field.identifier).not.toBeNull();
        expect(field.options!.length, field.identifier).toBeGreaterThan(1);
        expect(new Set(field.options).size, field.identifier).toBe(field.options!.length);
        for (const option of field.options!) expect(option.trim(), field.identifier).not.toBe('');
      } else {
        expect(field.options, field.identifier).toBeNull();
      }
    }
  });

  it('uses the size bands the peer comparison groups by', () => {
    const options = (id: string) => demographicFields.find((f) => f.identifier === id)?.options;
    expect(options('employee_count')).toEqual(['1-5', '6-10', '11-25', '26-50', '51-100', '101+']);
    expect(options('managed_companies')).toEqual(['1-10', '11-25', '26-50', '51-100', '101-250', '251+']);
  });

  it('bands each size so that every count falls in exactly one: no gap, no overlap, open at the top', () => {
    for (const identifier of ['employee_count', 'managed_companies']) {
      const bands = demographicFields
        .find((f) => f.identifier === identifier)!
        .options!.map((option) => {
          const match = /^(\d+)(?:-(\d+)|\+)$/.exec(option);
          expect(match, `${identifier}: ${option}`).not.toBeNull();
          return { option, from: Number(match![1]), to: match![2] ? Number(match![2]) : Infinity };
        });
      expect(bands[0]!.from, identifier).toBe(1);
      expect(bands.at(-1)!.to, identifier).toBe(Infinity);
      for (const [previous, band] of bands.slice(1).map((band, i) => [bands[i]!, band] as const)) {
        expect(band.from, `${identifier}: ${previous.option} then ${band.option}`).toBe(previous.to + 1);
        expect(band.to, band.option).toBeGreaterThanOrEqual(band.from);
      }
    }
  });
});

describe('seed content: email template', () => {
  it('has one active results template', () => {
    expect(emailTemplates).toHaveLength(1);
    const [template] = emailTemplates;
    expect(template!.name).toBe('Assessment results');
    expect(template!.isActive).toBe(true);
    expect(template!.subject.length).toBeLessThanOrEqual(300);
    expect(template!.subject).toContain('{{companyName}}');
  });

  for (const template of emailTemplates) {
    const text = `${template.subject}\n${template.htmlBody}`;
    const placeholders = [...text.matchAll(/\{\{([^}]*)\}\}/g)];

    it(`"${template.name}" writes every variable exactly as {{name}}`, () => {
      expect(placeholders.length).toBeGreaterThan(0);
      for (const [whole, name] of placeholders) expect(whole, whole).toBe(`{{${name!.trim()}}}`);
      // No stray or half-open braces that a renderer would leave in the email.
      const withoutVariables = text.replace(/\{\{[A-Za-z_]+\}\}/g, '');
      expect(withoutVariables).not.toMatch(/\{\{|\}\}/);
    });

    it(`"${template.name}" uses only the allowed variables, and all of them`, () => {
      const used = new Set(placeholders.map(([, name]) => name!.trim()));
      for (const name of used) expect(TEMPLATE_VARIABLES, name).toContain(name as TemplateVariable);
      for (const name of TEMPLATE_VARIABLES) expect([...used], name).toContain(name);
    });

    it(`"${template.name}" is table-based HTML no wider than 600px`, () => {
      expect(template.htmlBody).toContain('<table');
      expect(template.htmlBody).toContain('max-width:600px');
      expect(template.htmlBody).not.toMatch(/<script|<style|<link/i);
      const widths = [...template.htmlBody.matchAll(/width="(\d+)"/g)].map(([, w]) => Number(w));
      for (const width of widths) expect(width).toBeLessThanOrEqual(600);
    });
  }
});

describe('seed content: wording', () => {
  it('contains no placeholder or filler text', () => {
    const all = JSON.stringify(seedDocument).toLowerCase();
    for (const filler of ['lorem', 'ipsum', 'todo', 'tbd', 'xxx', 'placeholder']) {
      expect(all, filler).not.toContain(filler);
    }
  });
});
