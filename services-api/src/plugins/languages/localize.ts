import {
  MATRIX_TEXT_FIELDS,
  unitIds,
  type ConsentStatement,
  type DemographicField,
  type PublicDemographicField,
  type PublicMatrixCell,
  type PublicPillar,
  type PublicQuestion,
} from '@msp/shared';
import type { LanguageTexts } from './languages-service.js';

/**
 * The content as visitors read it in one language: each text its translation, or the default
 * language's where it has none. Ids, keys, order and option values do not change, so a page in any
 * language submits what scoring and the statistics know.
 */
export type ContentTexts = Pick<LanguageTexts, 'content'>;

/** Pillar id → key, for the texts named by their pillar. */
export type PillarKeys = ReadonlyMap<number, string>;

const pillarName = (texts: ContentTexts, keys: PillarKeys, pillar: { id: number; name: string }) => {
  const key = keys.get(pillar.id);
  return key === undefined ? pillar.name : texts.content(unitIds.pillarName(key), pillar.name);
};

export function localizePillars(pillars: readonly PublicPillar[], texts: ContentTexts): PublicPillar[] {
  return pillars.map((pillar) => ({
    ...pillar,
    name: texts.content(unitIds.pillarName(pillar.key), pillar.name),
    description: texts.content(unitIds.pillarDescription(pillar.key), pillar.description),
  }));
}

export function localizeQuestions(
  questions: readonly PublicQuestion[],
  texts: ContentTexts,
  keys: PillarKeys,
): PublicQuestion[] {
  return questions.map((question) => ({
    ...question,
    text: texts.content(unitIds.question(question.key), question.text),
    pillar: { ...question.pillar, name: pillarName(texts, keys, question.pillar) },
    answers: question.answers.map((answer, index) => ({
      ...answer,
      text: texts.content(unitIds.answer(question.key, index + 1), answer.text),
      description:
        answer.description === null
          ? null
          : texts.content(unitIds.answerDescription(question.key, index + 1), answer.description),
    })),
  }));
}

export function localizeMatrixCells(
  cells: readonly PublicMatrixCell[],
  texts: ContentTexts,
  keys: PillarKeys,
): PublicMatrixCell[] {
  return cells.map((cell) => {
    const key = keys.get(cell.pillarId);
    if (key === undefined) return cell;
    const localized = { ...cell, pillar: { ...cell.pillar, name: pillarName(texts, keys, cell.pillar) } };
    for (const field of MATRIX_TEXT_FIELDS) {
      const source = cell[field];
      if (source) localized[field] = texts.content(unitIds.matrix(key, cell.level, field), source);
    }
    return localized;
  });
}

export function localizeFields(
  fields: readonly DemographicField[],
  texts: ContentTexts,
): PublicDemographicField[] {
  return fields.map((field) => ({
    ...field,
    label: texts.content(unitIds.fieldLabel(field.identifier), field.label),
    optionLabels:
      field.options?.map((option, index) =>
        texts.content(unitIds.fieldOption(field.identifier, index + 1), option),
      ) ?? null,
  }));
}

export function localizeConsent(
  statement: ConsentStatement | null,
  texts: ContentTexts,
): ConsentStatement | null {
  return statement && { ...statement, text: texts.content(unitIds.consentStatement(), statement.text) };
}

/**
 * A submission with its pillars named in a language: the frozen names are the default language's,
 * the translation is found by the pillar's key. Scores and keys stay as they were.
 */
export function withPillarNamesIn<
  S extends { pillarScores: readonly { pillarKey: string; pillarName: string }[] },
>(submission: S, texts: ContentTexts): S {
  return {
    ...submission,
    pillarScores: submission.pillarScores.map((score) => ({
      ...score,
      pillarName: texts.content(unitIds.pillarName(score.pillarKey), score.pillarName),
    })),
  };
}
