import { Model, snakeCaseMappers, type ModelClass, type PartialModelObject } from 'objection';

/** Columns are snake_case in the database and camelCase in code. */
export class BaseModel extends Model {
  static override get columnNameMappers() {
    return snakeCaseMappers();
  }
}

/** A table with created_at and updated_at: every update through the model stamps updated_at. */
export class TimestampedModel extends BaseModel {
  declare createdAt?: Date;
  declare updatedAt?: Date;

  override $beforeUpdate(): void {
    this.updatedAt = new Date();
  }
}

/**
 * A model's values as the database row they are stored as (snake_case columns, JSON columns
 * serialized), for the rare write that has to be plain Knex, such as one multi-table statement.
 */
export function toRow<M extends Model>(
  model: ModelClass<M>,
  values: PartialModelObject<M>,
): Record<string, unknown> {
  return model.fromJson(values, { skipValidation: true }).$toDatabaseJson();
}
