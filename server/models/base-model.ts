import { Model, type Pojo } from 'objection';

/**
 * Base for every model: SQLite hands booleans back as 0/1 and PostgreSQL hands bigints back as strings;
 * both are normalised here so the rest of the code sees booleans and numbers on either database.
 */
export class BaseModel extends Model {
  static booleanColumns: string[] = [];
  static bigintColumns: string[] = [];

  $parseDatabaseJson(json: Pojo): Pojo {
    const parsed = super.$parseDatabaseJson(json);
    const ctor = this.constructor as typeof BaseModel;
    for (const key of ctor.booleanColumns) {
      if (key in parsed && parsed[key] !== null && typeof parsed[key] !== 'boolean') parsed[key] = Boolean(Number(parsed[key]));
    }
    for (const key of ctor.bigintColumns) {
      if (key in parsed && parsed[key] !== null && typeof parsed[key] !== 'number') parsed[key] = Number(parsed[key]);
    }
    return parsed;
  }
}
