import { createTranslator } from '@msp/shared/browser';
import { BUILT_IN_CATALOGUES, EN_MESSAGES } from '@msp/shared/catalogues';
import { describe, expect, it } from 'vitest';
import { assessmentProgress, progressValueText } from './progress.js';

const en = createTranslator('en', EN_MESSAGES);
const de = createTranslator('de', BUILT_IN_CATALOGUES.de!, EN_MESSAGES);
const thirty = Array.from({ length: 30 }, (_, index) => index + 1);

describe('assessment progress', () => {
  it('reads 0% on question 1 of 30 before anything is answered', () => {
    expect(assessmentProgress(thirty, {})).toEqual({ answered: 0, total: 30, percent: 0 });
  });

  it('counts one answered question of 30 as 3%, not the 22% that counted the demographic fields', () => {
    expect(assessmentProgress(thirty, { 1: 11 })).toEqual({ answered: 1, total: 30, percent: 3 });
  });

  it('counts answers wherever they are, not the position', () => {
    // Answers to questions 1, 2 and 30 (a resumed draft may hold any of them).
    expect(assessmentProgress(thirty, { 1: 11, 2: 21, 30: 301 }).answered).toBe(3);
  });

  it('ignores answers to questions that are not in the assessment', () => {
    expect(assessmentProgress([1, 2, 3, 4], { 1: 11, 99: 991 })).toEqual({
      answered: 1,
      total: 4,
      percent: 25,
    });
  });

  it('rounds down, so 100% means every question is answered', () => {
    const all = Object.fromEntries(thirty.map((id) => [id, id * 10]));
    const allButOne = { ...all };
    delete allButOne[30];
    expect(assessmentProgress(thirty, allButOne).percent).toBe(96);
    const many = Array.from({ length: 400 }, (_, index) => index);
    const manyButOne = Object.fromEntries(many.slice(1).map((id) => [id, 1]));
    expect(assessmentProgress(many, manyButOne).percent).toBe(99);
    expect(assessmentProgress(thirty, all).percent).toBe(100);
  });

  it('reads 0% with no questions rather than dividing by zero', () => {
    expect(assessmentProgress([], {})).toEqual({ answered: 0, total: 0, percent: 0 });
  });

  it('speaks the count and the share', () => {
    expect(progressValueText(en, assessmentProgress(thirty, { 1: 11 }))).toBe(
      '1 of 30 questions answered, 3% Complete',
    );
    expect(progressValueText(en, assessmentProgress([7], {}))).toBe('0 of 1 question answered, 0% Complete');
  });

  it('speaks them in German with German percentages', () => {
    // German writes a space (a no-break one) between the number and the percent sign.
    expect(progressValueText(de, assessmentProgress(thirty, { 1: 11, 2: 21 }))).toBe(
      '2 von 30 Fragen beantwortet, 6\u00a0% abgeschlossen',
    );
    expect(de('assessment.question.complete', { percent: 0.42 })).toBe('42\u00a0% abgeschlossen');
    expect(en('assessment.question.complete', { percent: 0.42 })).toBe('42% Complete');
  });
});
