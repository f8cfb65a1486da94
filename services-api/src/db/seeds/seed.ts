import type { Knex } from 'knex';
import { seedContent, type PillarKey, type SeedContent } from './content.js';

/**
 * Writes the shipped questionnaire, matrix, demographic fields and email template into an empty
 * database, in one transaction. A database that already has pillars is left alone, so restarts
 * never overwrite what administrators changed. Returns whether it seeded.
 */
export async function seedContentIfEmpty(db: Knex, content: SeedContent = seedContent): Promise<boolean> {
  return db.transaction(async (trx) => {
    // Serialises concurrent first starts of several instances on one PostgreSQL database.
    await trx.raw('LOCK TABLE pillars IN EXCLUSIVE MODE');
    const existing = await trx('pillars').count<{ count: string | number }[]>({ count: '*' });
    if (Number(existing[0]?.count ?? 0) > 0) return false;

    const pillarIds = new Map<PillarKey, number>();
    for (const pillar of content.pillars) {
      const [row] = await trx('pillars')
        .insert({ name: pillar.name, description: pillar.description, order: pillar.order, is_active: true })
        .returning<{ id: number }[]>('id');
      pillarIds.set(pillar.key, row!.id);
    }
    const idOf = (key: PillarKey): number => {
      const id = pillarIds.get(key);
      if (id === undefined) throw new Error(`Seed content names unknown pillar "${key}"`);
      return id;
    };

    let questionOrder = 0;
    for (const question of content.questions) {
      const [q] = await trx('questions')
        .insert({
          text: question.text,
          pillar_id: idOf(question.pillar),
          order: ++questionOrder,
          is_active: true,
        })
        .returning<{ id: number }[]>('id');
      for (const [index, answer] of question.answers.entries()) {
        const [a] = await trx('answers')
          .insert({
            question_id: q!.id,
            text: answer.text,
            description: answer.description,
            order: index + 1,
          })
          .returning<{ id: number }[]>('id');
        const allocations = Object.entries(answer.points)
          .filter(([, points]) => (points ?? 0) > 0)
          .map(([key, points]) => ({ answer_id: a!.id, pillar_id: idOf(key as PillarKey), points }));
        if (allocations.length > 0) await trx('point_allocations').insert(allocations);
      }
    }

    await trx('demographic_fields').insert(
      content.demographicFields.map((field, index) => ({
        identifier: field.identifier,
        label: field.label,
        field_type: field.fieldType,
        options: field.options === null ? null : JSON.stringify(field.options),
        order: index + 1,
        is_required: field.isRequired,
        is_active: true,
      })),
    );

    await trx('matrix_cells').insert(
      content.matrixCells.map((cell) => ({
        pillar_id: idOf(cell.pillar),
        level: cell.level,
        short_description: cell.shortDescription,
        detailed_content: cell.detailedContent,
        requirements: cell.requirements,
        examples: cell.examples,
        metrics: cell.metrics,
        next_steps: cell.nextSteps,
      })),
    );

    await trx('email_templates').insert(
      content.emailTemplates.map((template) => ({
        name: template.name,
        subject: template.subject,
        html_body: template.htmlBody,
        is_active: template.isActive,
      })),
    );
    return true;
  });
}
