import { Model, snakeCaseMappers } from 'objection';

/** Columns are snake_case in the database and camelCase in code. */
export class BaseModel extends Model {
  static override get columnNameMappers() {
    return snakeCaseMappers();
  }
}
