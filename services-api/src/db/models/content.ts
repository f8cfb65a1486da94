import type { DemographicFieldType, EmailTemplatePurpose } from '@msp/shared';
import { BaseModel, TimestampedModel } from './base-model.js';

export class PillarModel extends TimestampedModel {
  static override tableName = 'pillars';
  declare id: number;
  /** The pillar's lasting identity, kept through renames and content imports. */
  declare key: string;
  declare name: string;
  declare description: string;
  declare order: number;
  declare isActive: boolean;
}

export class PointAllocationModel extends BaseModel {
  static override tableName = 'point_allocations';
  declare id: number;
  declare answerId: number;
  declare pillarId: number;
  declare points: number;
  declare pillar?: PillarModel;

  static override relationMappings = () => ({
    pillar: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: PillarModel,
      join: { from: 'point_allocations.pillar_id', to: 'pillars.id' },
    },
  });
}

export class AnswerModel extends BaseModel {
  static override tableName = 'answers';
  declare id: number;
  declare questionId: number;
  declare text: string;
  declare description: string | null;
  declare order: number;
  declare pointAllocations?: PointAllocationModel[];

  static override relationMappings = () => ({
    pointAllocations: {
      relation: BaseModel.HasManyRelation,
      modelClass: PointAllocationModel,
      join: { from: 'answers.id', to: 'point_allocations.answer_id' },
    },
  });
}

export class QuestionModel extends TimestampedModel {
  static override tableName = 'questions';
  declare id: number;
  /** The question's lasting identity, kept through edits and content imports. */
  declare key: string;
  declare text: string;
  declare pillarId: number | null;
  declare order: number;
  declare isActive: boolean;
  declare pillar?: PillarModel | null;
  declare answers?: AnswerModel[];

  static override relationMappings = () => ({
    pillar: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: PillarModel,
      join: { from: 'questions.pillar_id', to: 'pillars.id' },
    },
    answers: {
      relation: BaseModel.HasManyRelation,
      modelClass: AnswerModel,
      join: { from: 'questions.id', to: 'answers.question_id' },
    },
  });
}

export class DemographicFieldModel extends TimestampedModel {
  static override tableName = 'demographic_fields';
  static override jsonAttributes = ['options'];
  declare id: number;
  declare identifier: string;
  declare label: string;
  declare fieldType: DemographicFieldType;
  declare options: string[] | null;
  declare order: number;
  declare isRequired: boolean;
  declare isActive: boolean;
}

export class MatrixCellModel extends TimestampedModel {
  static override tableName = 'matrix_cells';
  declare id: number;
  declare pillarId: number;
  declare level: number;
  declare shortDescription: string;
  declare detailedContent: string;
  declare requirements: string | null;
  declare examples: string | null;
  declare metrics: string | null;
  declare nextSteps: string | null;
  declare pillar?: PillarModel;

  static override relationMappings = () => ({
    pillar: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: PillarModel,
      join: { from: 'matrix_cells.pillar_id', to: 'pillars.id' },
    },
  });
}

export class EmailTemplateModel extends TimestampedModel {
  static override tableName = 'email_templates';
  declare id: number;
  declare name: string;
  declare subject: string;
  declare htmlBody: string;
  declare purpose: EmailTemplatePurpose;
  declare isActive: boolean;
}
