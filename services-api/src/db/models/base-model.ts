import { Model, snakeCaseMappers } from 'objection';

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
