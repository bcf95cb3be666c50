import { BaseModel } from './base-model';

/** A member's saved search (its parameters as GET /api/search takes them) and the state of its daily alert. */
export class SavedSearch extends BaseModel {
  static tableName = 'saved_searches';
  static booleanColumns = ['emailAlerts', 'pushAlerts'];
  static bigintColumns = ['lastAlertAt', 'alertDueAt', 'createdAt', 'updatedAt'];
  static jsonAttributes = ['filters'];

  id!: number;
  userId!: number;
  name!: string;
  filters!: Record<string, string>;
  emailAlerts!: boolean;
  pushAlerts!: boolean;
  /** the members the member already knows from this search, packed (services/saved-searches/seen.ts) */
  seen!: string;
  lastAlertAt!: number | null;
  /** the member's next alert hour (the same on all their searches); null: to be worked out */
  alertDueAt!: number | null;
  createdAt!: number;
  updatedAt!: number;
}
